//! The record types of a report that say something about players or rounds, each with its
//! one reader by columns: prohibited pairings (`260`, `XXP`), requested byes (`240`),
//! abnormal points (`299`), national ratings (a federation's code) and the event's type
//! (`092`). [`super::RecordKind::read`] sorts a record to its reader.

use super::{columns, player_numbers};
use crate::tournament::Points;
use crate::tournament::settings::PairingSystem;

/// A prohibited pairing: every pair among `players` must not meet in rounds `first` to
/// `last` (`260`: rounds at columns 5-7 and 9-11, players from 13; the engines' `XXP`: every
/// round, players from 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prohibition {
    pub first: u32,
    /// `None`: to the end of the event.
    pub last: Option<u32>,
    pub players: Vec<u16>,
}

impl Prohibition {
    /// Reads a `260` or `XXP` record; `None` when it cannot be read.
    pub fn read(code: &str, line: &str) -> Option<Prohibition> {
        match code {
            "260" => {
                let first = columns(line, 5, 7)
                    .parse::<u32>()
                    .ok()
                    .filter(|&r| r >= 1)?;
                let last = columns(line, 9, 11).parse::<u32>().ok()?;
                if last < first {
                    return None;
                }
                Some(Prohibition {
                    first,
                    last: Some(last),
                    players: player_numbers(line, 13)?,
                })
            }
            "XXP" => Some(Prohibition {
                first: 1,
                last: None,
                players: player_numbers(line, 5)?,
            }),
            _ => None,
        }
    }

    /// Whether it holds in `round`.
    pub fn applies(&self, round: u32) -> bool {
        self.first <= round && self.last.is_none_or(|last| round <= last)
    }

    /// The `260` record, with `rounds` for a prohibition to the end of the event.
    pub fn record(&self, rounds: u32) -> String {
        let mut line = format!(
            "260 {:>3} {:>3}",
            self.first,
            self.last.unwrap_or(rounds.max(self.first))
        );
        for id in &self.players {
            line.push_str(&format!(" {id:>4}"));
        }
        line
    }
}

/// Requested byes (`240`): the kind at column 5 (`F`, `H`, `Z`), the round at 7-9, the
/// players from 11.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeRequest {
    pub kind: char,
    pub round: u32,
    pub players: Vec<u16>,
}

impl ByeRequest {
    /// Reads a `240` record; `None` when it cannot be read.
    pub fn read(line: &str) -> Option<ByeRequest> {
        let kind = match columns(line, 5, 5).as_str() {
            "F" => 'F',
            "H" => 'H',
            "Z" => 'Z',
            _ => return None,
        };
        Some(ByeRequest {
            kind,
            round: columns(line, 7, 9).parse().ok().filter(|&r| r >= 1)?,
            players: player_numbers(line, 11)?,
        })
    }
}
/// An abnormal points assignment (`299`): points given for a kind of result in a round
/// instead of the `162` value, or, with a blank kind or no round, points added to a player's
/// total (a penalty, a bonus, or the tournament's score beside a rating-only correction).
/// Kind at column 5, points at 14-17, round at 20-22, players from column 24 every five
/// columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// The result code the points are for (`+`, `H`, ...), or empty.
    pub kind: String,
    pub points: Points,
    /// `None` when blank, zero or not a number: the points go to the total.
    pub round: Option<u32>,
    /// Empty when the numbers cannot be read (the record then gives nobody anything).
    pub players: Vec<u16>,
}

impl AbnormalPoints {
    /// Reads a `299` record; `None` when its points are not a number.
    pub fn read(line: &str) -> Option<AbnormalPoints> {
        let points = columns(line, 14, 17).parse::<Points>().ok()?;
        Some(AbnormalPoints {
            kind: columns(line, 5, 5),
            points,
            round: columns(line, 20, 22)
                .parse::<u32>()
                .ok()
                .filter(|&r| r != 0),
            players: player_numbers(line, 24).unwrap_or_default(),
        })
    }

    /// Whether the points add to the players' totals rather than stand for one round's
    /// result.
    pub fn adds_to_total(&self) -> bool {
        self.kind.is_empty() || self.round.is_none()
    }
}

/// A national rating record (TRF-2026 NRS): a federation's code in columns 1-3, the player's
/// number at 5-8 and the national rating at 49-52, in the columns of a `001` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NationalRating {
    /// The federation's code, the record's own code.
    pub federation: String,
    pub player: u16,
    pub rating: u16,
}

impl NationalRating {
    /// Whether a record has the shape of one: three capital letters that are not the
    /// engines' `XX`/`BB` codes, and a line as long as a `001` record up to the rating.
    pub fn is_one(code: &str, line: &str) -> bool {
        code.len() == 3
            && code.bytes().all(|b| b.is_ascii_uppercase())
            && !code.starts_with("XX")
            && !code.starts_with("BB")
            && line.chars().count() >= 52
    }

    /// Reads a record of that shape; `None` when the number or the rating is not a number.
    pub fn read(code: &str, line: &str) -> Option<NationalRating> {
        Some(NationalRating {
            federation: code.to_owned(),
            player: columns(line, 5, 8).parse().ok()?,
            rating: columns(line, 49, 52).parse().ok()?,
        })
    }
}

/// The type of tournament (`092`), free text such as `Individual: Swiss-System` or
/// `Individual: Round-Robin`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventType {
    /// The whole record as written.
    pub line: String,
}

impl EventType {
    /// The pairing system an imported event takes from it: a double round robin, a round
    /// robin, or none named (the event's own setting stands).
    pub fn pairing_system(&self) -> Option<PairingSystem> {
        let kind = columns(&self.line, 5, self.line.chars().count()).to_ascii_lowercase();
        if kind.contains("double") && kind.contains("round") {
            Some(PairingSystem::DoubleBerger)
        } else if kind.contains("round") {
            Some(PairingSystem::Berger)
        } else {
            None
        }
    }

    /// Whether the standings count the event as a round robin (C.07 Art. 15): the text names
    /// a round robin or Berger. Note that this and [`EventType::pairing_system`] are two
    /// readings of the same text, kept as they were (a `Berger` alone is a round robin
    /// here and names no system there).
    pub fn is_round_robin(&self) -> bool {
        let text = self.line.to_ascii_lowercase();
        text.contains("round-robin") || text.contains("round robin") || text.contains("berger")
    }
}
