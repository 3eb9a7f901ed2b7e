//! The recorded result judged against the board: whether it fits the final position, the
//! automatic ending reached and the first illegal move, and, for a win not by checkmate,
//! whether the winner could still checkmate (the winnability decision) in the way the game
//! ended under the edition applied.

use crate::chess::{Color, Laws, Position, Rate, Verdict};

use super::winnable::{Decisions, proof};
use super::{EndingFinding, KnownTags};
use crate::scoresheet::pgn::RawGame;

/// Where the valid record stops, as the result judgement needs it.
pub(super) struct RecordEnd<'a> {
    pub(super) final_pos: Position,
    pub(super) ended: Option<EndingFinding>,
    pub(super) illegal: bool,
    /// The last move of the valid record, as `23... Kf7`.
    pub(super) last_move: Option<&'a str>,
}

/// The judgement of the recorded result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Judgement {
    pub(super) consistent: bool,
    pub(super) note: Option<String>,
    /// The result does not fit because the recorded winner could not checkmate by any series
    /// of legal moves (6.9, 5.1.2, 7.5.5).
    pub(super) against_winnability: bool,
}

impl Judgement {
    fn fits(note: Option<String>) -> Judgement {
        Judgement {
            consistent: true,
            note,
            against_winnability: false,
        }
    }

    fn not(note: String) -> Judgement {
        Judgement {
            consistent: false,
            note: Some(note),
            against_winnability: false,
        }
    }

    fn unwinnable(note: String) -> Judgement {
        Judgement {
            consistent: false,
            note: Some(note),
            against_winnability: true,
        }
    }
}

/// How the game ended, by the PGN `Termination` tag (the standard's values, matched without
/// regard to case, as lichess writes `Time forfeit` and `Normal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Termination {
    /// A flag fell (6.9; 6.10 in 2001).
    TimeForfeit,
    /// The game ended normally: for a win not by checkmate, a resignation.
    Normal,
    /// A player broke the rules: for a win, a loss by illegal moves (7.5.5).
    RulesInfraction,
    /// Abandoned, adjudicated, a player's death, an emergency, unterminated: no rule about
    /// checkmating chances decides these.
    Other,
    /// No tag, or a value the standard does not have.
    Unknown,
}

impl Termination {
    fn of(tag: Option<&str>) -> Termination {
        let Some(value) = tag else {
            return Termination::Unknown;
        };
        // The value is compared without regard to case in place: a lower-case copy was a
        // string allocated and freed for every game with the tag.
        let value = value.trim();
        let is = |name: &str| value.eq_ignore_ascii_case(name);
        if is("normal") {
            Termination::Normal
        } else if is("rules infraction") {
            Termination::RulesInfraction
        } else if [
            "abandoned",
            "adjudication",
            "death",
            "emergency",
            "unterminated",
        ]
        .into_iter()
        .any(is)
        {
            Termination::Other
        } else if value
            .as_bytes()
            .windows(4)
            .any(|word| word.eq_ignore_ascii_case(b"time"))
        {
            // The standard says `time forfeit`; other programs write `lost on time` and the
            // like, which the checker has always read as a loss on time.
            Termination::TimeForfeit
        } else {
            Termination::Unknown
        }
    }
}

/// Compares the recorded result with the board.
pub(super) fn judge_result(
    raw: &RawGame,
    tags: &KnownTags,
    recorded: Option<&str>,
    end: &RecordEnd,
    laws: Laws,
    rate: Rate,
    decisions: &mut Decisions,
) -> Judgement {
    let tag = tags.result;
    if let (Some((movetext, _)), Some(tag)) = (&raw.result, tag)
        && movetext != tag
        && tag != "*"
    {
        return Judgement::not(format!(
            "the Result tag says {tag} but the moves end with {movetext}"
        ));
    }
    let Some(result) = recorded.filter(|r| *r != "*") else {
        // A record may stop before the game does: a player with under five minutes need not
        // record (8.4), and in rapid and blitz nobody must. Say where it stops.
        let note = match (end.ended, end.illegal, end.last_move) {
            (None, false, Some(last)) => format!(
                "no result recorded; the record stops after {last} with the game not over on the board (8.4 lets a player with under five minutes stop recording; in rapid and blitz nobody must record)"
            ),
            _ => "no result recorded".to_owned(),
        };
        return Judgement {
            consistent: false,
            note: Some(note),
            against_winnability: false,
        };
    };
    let winner = match result {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    };
    if let Some(finding) = end.ended {
        let expected = match finding.ending.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        if result != expected {
            return Judgement::not(format!(
                "{result} recorded, but the game ended by {} ({}) after half-move {}: the result is {expected}",
                finding.ending, finding.article, finding.ply
            ));
        }
        return Judgement::fits(None);
    }
    let termination = Termination::of(tags.termination);
    if end.illegal && termination != Termination::RulesInfraction {
        return Judgement::fits(Some(
            "not judged against the board: the record stops at an illegal move".into(),
        ));
    }
    let Some(winner) = winner else {
        return Judgement::fits(None);
    };
    // A win not by checkmate: the Laws make it a draw, in some ways of ending, when the winner
    // could not checkmate by any series of legal moves. The question is asked of the position
    // where the valid record stops (before an illegal move, the position reinstated).
    let verdict = decisions.at_final(winner);
    let proof = proof(&verdict, &end.final_pos, winner);
    let flag = laws.flag_fall_article();
    match termination {
        Termination::TimeForfeit => match verdict {
            Verdict::Unwinnable => Judgement::unwinnable(format!(
                "{result} on time, but {proof}: the game is drawn ({flag})"
            )),
            // The common notes are written around the proof, in its room: the formatting
            // machinery costs more than the rest of judging a result, and a note of its own
            // is one more string allocated, copied and freed.
            Verdict::Winnable(_) => Judgement::fits(Some(around(
                proof,
                &["won on time, and the win stands (", flag, "): "],
                &[],
            ))),
            Verdict::Undetermined => Judgement::fits(Some(format!(
                "won on time; {proof}: the arbiter decides whether the game is drawn ({flag})"
            ))),
        },
        Termination::Normal if laws.resignation_needs_mating_chance() => match verdict {
            Verdict::Unwinnable => Judgement::unwinnable(format!(
                "{result} by resignation, but {proof}: a resignation here is a draw (5.1.2)"
            )),
            Verdict::Winnable(_) => Judgement::fits(Some(around(
                proof,
                &["the resignation stands (5.1.2): "],
                &[],
            ))),
            Verdict::Undetermined => Judgement::fits(Some(format!(
                "{proof}: the arbiter decides whether the resignation stands (5.1.2)"
            ))),
        },
        Termination::Normal => match verdict {
            Verdict::Unwinnable => Judgement::fits(Some(format!(
                "{proof}; under the {laws} Laws a resignation still stands (the draw of 5.1.2 came with the 2023 Laws)"
            ))),
            _ => Judgement::fits(None),
        },
        Termination::RulesInfraction => match (laws.illegal_move_loss_article(rate), verdict) {
            (None, Verdict::Unwinnable) => Judgement::fits(Some(format!(
                "{proof}; under the {laws} Laws a loss by illegal moves still stands (7.4 has no exception)"
            ))),
            (None, _) => Judgement::fits(None),
            (Some(article), Verdict::Unwinnable) => Judgement::unwinnable(format!(
                "{result} by illegal moves, but {proof}: the game is drawn ({article})"
            )),
            (Some(article), Verdict::Winnable(_)) => Judgement::fits(Some(format!(
                "lost by illegal moves, and the loss stands ({article}): {proof}"
            ))),
            (Some(article), Verdict::Undetermined) => Judgement::fits(Some(format!(
                "lost by illegal moves; {proof}: the arbiter decides whether the game is drawn ({article})"
            ))),
        },
        Termination::Other => match verdict {
            Verdict::Unwinnable => Judgement::fits(Some(format!(
                "{proof}; the game did not end on time, by resignation or by illegal moves, so no rule about checkmating chances decides the result"
            ))),
            _ => Judgement::fits(None),
        },
        Termination::Unknown => unknown_termination(result, &verdict, proof, laws, rate),
    }
}

/// The note made of `proof` with the parts `before` it and `after` it, written in the room
/// of the proof's string when it has enough (a helpmate's has room for a sentence around
/// it), else into a string of its own: growing the proof's cost more than that.
fn around(mut proof: String, before: &[&str], after: &[&str]) -> String {
    let added: usize = before.iter().chain(after).map(|part| part.len()).sum();
    if proof.capacity() - proof.len() < added {
        let mut note = String::with_capacity(proof.len() + added);
        before.iter().for_each(|part| note.push_str(part));
        note.push_str(&proof);
        after.iter().for_each(|part| note.push_str(part));
        return note;
    }
    for part in before.iter().rev() {
        proof.insert_str(0, part);
    }
    for part in after {
        proof.push_str(part);
    }
    proof
}

/// A win with no `Termination` tag: what each way of ending would mean under this edition.
/// As the material test always did, the result does not fit when the winner cannot checkmate
/// and every way the 2023 Laws know makes that a draw; up to 2018 a resignation still stood.
fn unknown_termination(
    result: &str,
    verdict: &Verdict,
    proof: String,
    laws: Laws,
    rate: Rate,
) -> Judgement {
    let flag = laws.flag_fall_article();
    let illegal = laws.illegal_move_loss_article(rate);
    match verdict {
        Verdict::Unwinnable => {
            let illegal_moves = match illegal {
                Some(article) => format!("by illegal moves a draw ({article})"),
                None => "by illegal moves the loss stands (7.4)".to_owned(),
            };
            if laws.resignation_needs_mating_chance() {
                Judgement::unwinnable(format!(
                    "{result} recorded, but {proof}: on time this is a draw ({flag}), by resignation a draw (5.1.2), {illegal_moves}"
                ))
            } else {
                Judgement::fits(Some(format!(
                    "{proof}: had the game ended on time it would be a draw ({flag}), {illegal_moves}; a resignation still stands under the {laws} Laws"
                )))
            }
        }
        // The note of most wins recorded without a way of ending, joined from its parts
        // rather than through the formatting machinery, which cost about as much again, and
        // in the room of the proof's string.
        Verdict::Winnable(_) => Judgement::fits(Some(around(
            proof,
            &[],
            &[
                ": the win stands whether the game ended on time (",
                flag,
                "), by resignation or by illegal moves",
            ],
        ))),
        Verdict::Undetermined => Judgement::fits(Some(format!(
            "{proof}: if the game ended on time ({flag}){}{}, the arbiter decides whether it is drawn",
            if laws.resignation_needs_mating_chance() {
                ", by resignation (5.1.2)"
            } else {
                ""
            },
            match illegal {
                Some(article) => format!(" or by illegal moves ({article})"),
                None => String::new(),
            }
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::Termination;

    /// The tag's values are read without regard to case or the spaces around them, and any
    /// value that speaks of time is a loss on time.
    #[test]
    fn termination_values_are_read_without_regard_to_case() {
        let cases = [
            (None, Termination::Unknown),
            (Some("Normal"), Termination::Normal),
            (Some("  NORMAL "), Termination::Normal),
            (Some("rules Infraction"), Termination::RulesInfraction),
            (Some("Abandoned"), Termination::Other),
            (Some("adjudication"), Termination::Other),
            (Some("Death"), Termination::Other),
            (Some("emergency"), Termination::Other),
            (Some("Unterminated"), Termination::Other),
            (Some("Time forfeit"), Termination::TimeForfeit),
            (Some("lost on TIME"), Termination::TimeForfeit),
            (Some("tim"), Termination::Unknown),
            (Some("normal play"), Termination::Unknown),
            (Some("Zeitüberschreitung"), Termination::Unknown),
            (Some(""), Termination::Unknown),
        ];
        for (tag, expected) in cases {
            assert_eq!(Termination::of(tag), expected, "{tag:?}");
        }
    }
}
