//! The FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.
//!
//! Brackets are paired from the top scoregroup down (C.04.3 2.1). In each bracket the
//! candidates are generated in the order of the procedure (MDP sets, transpositions,
//! exchanges: C.04.3 4.2-4.4) and compared criterion by criterion (C.04.3 2.2-2.4); a candidate
//! as good as the best conceivable one stops the search, and otherwise the best one, ties to
//! the earliest generated, is taken. The questions the rules ask about whole sets of players
//! (C4 completion, MaxPairs, C8's next bracket) are answered with maximum matchings, so the
//! search never follows a branch that cannot be completed.
//!
//! # How big fields pair fast, and why it is still the rule text's answer
//!
//! Nothing below changes which candidate wins; the speed comes from asking each question
//! cheaply:
//!
//! - *Perfect first.* Each bracket is searched first with only the branches whose lower bound
//!   still equals the best conceivable cost. Pruning a branch that cannot hold a perfect
//!   candidate loses nothing, and DFS keeps the generation order, so the first perfect leaf
//!   found is the first perfect candidate generated — the answer. Only when no perfect
//!   candidate exists does the full branch-and-bound run (and, past its budget, the exact
//!   optimum above).
//! - *Transpositions keep a proof of completion.* Each S1-S2 transposition level carries an
//!   assignment of every remaining S1 player to a distinct compatible S2 player. Giving S1
//!   player i the S2 player j either keeps the assignment (j was already i's) or displaces one
//!   player, who usually takes the partner i gave up and otherwise needs one augmenting path.
//!   The C12/C13 bound is kept as a tally of wishes updated pair by pair. Before, every node
//!   rebuilt a bipartite matching and recounted colours: quadratic per node on brackets of
//!   thousands.
//! - *Matchings read the compatibility table directly.* `matching.rs` builds no adjacency lists
//!   (the square of the field on every C4 or C8 question); its greedy start pairs each vertex
//!   with the next free compatible one, which in the dense graphs of a Swiss round matches
//!   nearly everybody in linear time, and the blossom search only handles the rest.
//! - *C7/C8 stop at the ideal.* The exact C7/C8 value over the possible downfloater sets stops
//!   at the first set that reaches the best conceivable value (the usual case), instead of
//!   trying up to 5,000 sets each with a matching of the next scoregroup.
//! - The exact optimum builds a dense weight matrix over everyone still to pair, and the
//!   matching an edge table twice as wide; it is refused when the two would pass 640 MiB
//!   (about a thousand players still to pair). A bracket that reaches its node budget there
//!   keeps the search's best and `--explain` says the search was cut short. The guided search
//!   solves at most 2,000 matchings a bracket; past that it takes the optimum's own candidate
//!   (best cost, possibly not the first of that cost in generation order) and says so. On the
//!   measured big opens no bracket needs any of this.
//!
//! Measured (criterion, `benches/pairing.rs`): a 1,200-player round in about 10 ms, 2,500 in
//! about 55 ms, 5,000 in about 250 ms.

mod bracket;
pub(crate) mod colour;
mod matching;
pub(crate) mod state;
#[cfg(test)]
mod tests;
mod weight;

use std::collections::HashSet;

use super::{Board, NoPairing, Pairing, PairingInput};
use crate::chess::Color;
use crate::tournament::PlayerId;

pub use colour::ColourRule;

use bracket::{BracketSearch, Global};
pub use bracket::{Shortfall, UNPAIRED};
use state::Entrant;

/// Why a round was paired as it was: plain data for the `explain` output.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Explanation {
    /// The brackets in the order they were paired.
    pub brackets: Vec<BracketReport>,
    /// One entry per board of the pairing, in board order.
    pub boards: Vec<BoardReport>,
    /// The score (tenths) the pairing-allocated bye had to go to (C5), when the field is odd.
    pub bye_score: Option<i32>,
}

/// One bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketReport {
    /// The residents' pairing score, in tenths.
    pub score: i32,
    /// Moved-down players, in bracket order.
    pub moved_down: Vec<PlayerId>,
    pub residents: Vec<PlayerId>,
    /// The pairs made in the bracket (unordered colours).
    pub pairs: Vec<(PlayerId, PlayerId)>,
    /// Players left unpaired and moved to the next bracket (or given the bye).
    pub downfloaters: Vec<PlayerId>,
    /// The first criterion (`"C7"`...`"C21"`) that the chosen candidate does not meet as
    /// well as the best conceivable one, with both values; `None` when it is perfect.
    pub first_imperfect: Option<Shortfall>,
    /// How many candidates were looked at.
    pub candidates: u64,
    /// True when the search stopped at its budget instead of proving its choice best.
    pub search_cut_short: bool,
}

/// One board: which rule of C.04.3 5.2 gave the colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardReport {
    pub board: Board,
    pub rule: ColourRule,
}

/// Pairs the round described by `input` by the Dutch system.
pub fn pair(input: &PairingInput) -> Result<Pairing, NoPairing> {
    pair_explained(input).map(|(pairing, _)| pairing)
}

/// Pairs the round and says why, bracket by bracket and board by board.
pub fn pair_explained(input: &PairingInput) -> Result<(Pairing, Explanation), NoPairing> {
    let entrants = state::entrants(input);
    let n = entrants.len();
    let index: std::collections::HashMap<PlayerId, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    let prohibited: HashSet<(usize, usize)> = input
        .prohibited
        .iter()
        .filter_map(|(a, b)| Some((*index.get(a)?, *index.get(b)?)))
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .collect();
    let compat: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| a != b && compatible(&entrants[a], &entrants[b], &prohibited, a, b))
                .collect()
        })
        .collect();
    let final_round = input.planned_rounds == Some(input.round);
    let mut global = Global {
        entrants: &entrants,
        compat: &compat,
        topscorers: final_round,
        initial: input.initial_colour,
        bye_score: None,
    };
    let everyone: Vec<usize> = (0..n).collect();
    if n % 2 == 1 {
        // C5: the lowest score a legal bye can go to, with everyone else paired (C4).
        let mut scores: Vec<i32> = entrants
            .iter()
            .filter(|e| !e.bye_barred)
            .map(|e| e.score)
            .collect();
        scores.sort();
        scores.dedup();
        global.bye_score = scores
            .into_iter()
            .find(|&s| global.completes_with(&everyone, Some(s)));
        if global.bye_score.is_none() {
            return Err(NoPairing {
                reason: "no player can receive the pairing-allocated bye with everyone else \
                         paired under C1-C3 (C.04.3 1.9.3: the chief arbiter decides)"
                    .to_owned(),
            });
        }
    } else if !global.completes_with(&everyone, None) {
        return Err(NoPairing {
            reason: "the players cannot all be paired without a repeated game, a prohibited \
                     pairing or two equal absolute colour preferences (C.04.3 1.9.3: the chief \
                     arbiter decides)"
                .to_owned(),
        });
    }
    // C.04.3 1.2: score, then pairing number.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(entrants[i].score), entrants[i].id));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if entrants[g[0]].score == entrants[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut explanation = Explanation {
        bye_score: global.bye_score,
        ..Explanation::default()
    };
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    for gi in 0..groups.len() {
        let lower: Vec<usize> = groups[gi + 1..].concat();
        let next: Vec<usize> = groups.get(gi + 1).cloned().unwrap_or_default();
        let mut search = BracketSearch::new(&global, &moved_down, &groups[gi], &lower, &next);
        let outcome = search.run().ok_or_else(|| NoPairing {
            reason: format!(
                "the bracket of score {} cannot be paired so that the rest stays pairable",
                crate::tournament::Points(entrants[groups[gi][0]].score)
            ),
        })?;
        let ids = |v: &[usize]| v.iter().map(|&i| entrants[i].id).collect::<Vec<_>>();
        explanation.brackets.push(BracketReport {
            score: entrants[groups[gi][0]].score,
            moved_down: ids(&moved_down),
            residents: ids(&groups[gi]),
            pairs: outcome
                .pairs
                .iter()
                .map(|&(a, b)| (entrants[a].id, entrants[b].id))
                .collect(),
            downfloaters: ids(&outcome.floaters),
            first_imperfect: outcome.first_imperfect,
            candidates: outcome.candidates,
            search_cut_short: outcome.exhausted,
        });
        pairs.extend(outcome.pairs);
        moved_down = outcome.floaters;
    }
    if moved_down.len() > 1 {
        return Err(NoPairing {
            reason: "players are left over after the last bracket".to_owned(),
        });
    }
    let bye = moved_down.first().map(|&i| entrants[i].id);
    let mut boards: Vec<(Board, ColourRule, (i32, i32, PlayerId))> = pairs
        .iter()
        .map(|&(a, b)| {
            let (ea, eb) = (&entrants[a], &entrants[b]);
            let (colour, rule) = colour::allocate(ea, eb, input.initial_colour);
            let board = if colour == Color::White {
                Board {
                    white: ea.id,
                    black: eb.id,
                }
            } else {
                Board {
                    white: eb.id,
                    black: ea.id,
                }
            };
            (board, rule, board_key(ea, eb))
        })
        .collect();
    boards.sort_by_key(|b| b.2);
    explanation.boards = boards
        .iter()
        .map(|&(board, rule, _)| BoardReport { board, rule })
        .collect();
    Ok((
        Pairing {
            boards: boards.into_iter().map(|b| b.0).collect(),
            bye,
        },
        explanation,
    ))
}

/// C1 (no second game), the event's prohibited pairs, and C3 (two non-topscorers with the
/// same absolute colour preference do not meet).
fn compatible(
    a: &Entrant,
    b: &Entrant,
    prohibited: &HashSet<(usize, usize)>,
    ia: usize,
    ib: usize,
) -> bool {
    if a.met.binary_search(&b.id).is_ok() || prohibited.contains(&(ia, ib)) {
        return false;
    }
    match (a.preference, b.preference) {
        (Some(pa), Some(pb))
            if pa.strength == state::Strength::Absolute
                && pb.strength == state::Strength::Absolute
                && pa.colour == pb.colour =>
        {
            a.topscorer || b.topscorer
        }
        _ => true,
    }
}

/// The board order key: the higher-ranked player's real score (descending), the pair's
/// score sum (descending), that player's pairing number (C.04.2 / the oracle's board order).
fn board_key(a: &Entrant, b: &Entrant) -> (i32, i32, PlayerId) {
    let high = if (a.real, std::cmp::Reverse(a.id)) > (b.real, std::cmp::Reverse(b.id)) {
        a
    } else {
        b
    };
    (-high.real, -(a.real + b.real), high.id)
}
