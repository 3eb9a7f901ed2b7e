//! The pairing engine's output as text: the Dutch engine's explanation as an arbiter reads
//! it (`pairing dutch --explain` and `arbiter pair --explain` print it), and a pairing in the
//! engines' exchange format (`pairing dutch -p`), one wording for both commands.

use crate::pairing::{Pairing, dutch};
use crate::tournament::PlayerId;

/// The explanation as an arbiter reads it.
pub fn explain_text(round: u32, explanation: &dutch::Explanation) -> String {
    let score = |tenths: i32| crate::tournament::Points(tenths).to_string();
    let list = |ids: &[PlayerId]| {
        if ids.is_empty() {
            "-".to_owned()
        } else {
            ids.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    let mut text = format!("round {round}: brackets in pairing order\n");
    for bracket in &explanation.brackets {
        text.push_str(&format!(
            "bracket {}: residents {}; moved down {}\n",
            score(bracket.score),
            list(&bracket.residents),
            list(&bracket.moved_down)
        ));
        let pairs: Vec<String> = bracket
            .pairs
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        text.push_str(&format!(
            "  pairs {}; downfloaters {}\n",
            if pairs.is_empty() {
                "-".into()
            } else {
                pairs.join(" ")
            },
            list(&bracket.downfloaters)
        ));
        match &bracket.first_imperfect {
            Some(shortfall) => text.push_str(&format!(
                "  first criterion not met perfectly: {}{} ({} candidate{} examined)\n",
                shortfall_text(shortfall),
                if bracket.search_cut_short {
                    ""
                } else {
                    "; no candidate does better"
                },
                bracket.candidates,
                if bracket.candidates == 1 { "" } else { "s" }
            )),
            None => text.push_str("  every quality criterion met perfectly\n"),
        }
        if bracket.search_cut_short {
            text.push_str("  warning: the search stopped at its budget; this bracket may not be the rule text's answer\n");
        }
    }
    if let Some(bye) = explanation.bye_score {
        text.push_str(&format!(
            "pairing-allocated bye to a player with {} (C5: the lowest score possible)\n",
            score(bye)
        ));
    }
    for (i, board) in explanation.boards.iter().enumerate() {
        text.push_str(&format!(
            "board {}: {} - {}: colours by {}\n",
            i + 1,
            board.board.white,
            board.board.black,
            rule_text(board.rule)
        ));
    }
    text
}

/// The colour rule of C.04.3 5.2 that decided a board, as an arbiter says it.
fn rule_text(rule: dutch::ColourRule) -> &'static str {
    match rule {
        dutch::ColourRule::BothPreferences => "5.2.1 (both preferences granted)",
        dutch::ColourRule::StrongerPreference => "5.2.2 (the stronger preference)",
        dutch::ColourRule::Alternation => "5.2.3 (alternation from the last different colours)",
        dutch::ColourRule::HigherRankedPreference => {
            "5.2.4 (the higher-ranked player's preference)"
        }
        dutch::ColourRule::InitialColour => "5.2.5 (pairing number and the initial colour)",
    }
}

/// A shortfall in words: what the criterion measures, the chosen candidate's value and the
/// value a perfect candidate would have.
fn shortfall_text(s: &dutch::Shortfall) -> String {
    let score = |tenths: i32| crate::tournament::Points(tenths).to_string();
    let scores = |v: &[i32]| -> String {
        let shown: Vec<String> = v.iter().map(|&x| score(x)).collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(", ")
        }
    };
    let diffs = |v: &[i32]| -> String {
        let shown: Vec<String> = v
            .iter()
            .filter(|&&x| x != i32::MIN)
            .map(|&x| {
                if x >= dutch::UNPAIRED {
                    "unpaired".to_owned()
                } else {
                    score(x)
                }
            })
            .collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(", ")
        }
    };
    let first = |v: &[i32]| v.first().copied().unwrap_or(0);
    let count = |what: &str| {
        format!(
            "{what}: {} (perfect: {})",
            first(&s.chosen),
            first(&s.ideal)
        )
    };
    let detail = match s.criterion {
        "C7" => format!(
            "downfloaters' scores {} (perfect: {})",
            scores(&s.chosen),
            scores(&s.ideal)
        ),
        "C8" => {
            // The pairs (negated), then the downfloaters' scores padded to the places
            // there are: as many as the players not paired.
            let next = |v: &[i32]| {
                let pairs = -first(v);
                let floating =
                    (v.len().saturating_sub(1)).saturating_sub(2 * pairs.max(0) as usize);
                let shown: Vec<i32> = v.iter().skip(1).take(floating).copied().collect();
                format!(
                    "{} {pairs}, downfloaters {}",
                    if pairs == 1 { "pair" } else { "pairs" },
                    scores(&shown)
                )
            };
            format!(
                "the next bracket gets {} (perfect: {})",
                next(&s.chosen),
                next(&s.ideal)
            )
        }
        "C9" => count("unplayed games of the bye's recipient"),
        "C10" => count("topscorers or opponents with a colour difference beyond 2"),
        "C11" => count("topscorers or opponents with one colour three times running"),
        "C12" => count("players without their colour preference"),
        "C13" => count("players without their strong colour preference"),
        "C14" => count("resident downfloaters who floated down last round"),
        "C15" => count("MDP opponents who floated up last round"),
        "C16" => count("resident downfloaters who floated down two rounds ago"),
        "C17" => count("MDP opponents who floated up two rounds ago"),
        "C18" | "C19" | "C20" | "C21" => {
            let who = match s.criterion {
                "C18" => "MDPs who floated down last round",
                "C19" => "MDP opponents who floated up last round",
                "C20" => "MDPs who floated down two rounds ago",
                _ => "MDP opponents who floated up two rounds ago",
            };
            format!(
                "score differences of {who}: {} (perfect: {})",
                diffs(&s.chosen),
                diffs(&s.ideal)
            )
        }
        _ => String::new(),
    };
    format!("{} ({detail})", s.criterion)
}

/// The pairing as the engines print it: the number of pairs, then `WHITE BLACK` per board in
/// board order, a pairing-allocated bye as `ID 0`.
pub fn engine_text(pairing: &Pairing) -> String {
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut text = format!("{count}\n");
    for board in &pairing.boards {
        text.push_str(&format!("{} {}\n", board.white, board.black));
    }
    if let Some(bye) = pairing.bye {
        text.push_str(&format!("{bye} 0\n"));
    }
    text
}
