//! The FIDE Tournament Report File (TRF-2026, TRF16 and the pairing engines' extension lines):
//! reading with the checks the format asks for, and writing.
//!
//! A TRF is fixed-column text, one record per line, the record named by its first three
//! characters. Player records (`001`) carry, from column 92, ten columns per round: the
//! opponent's starting rank, the colour and a result code. The reader keeps each round's codes
//! as written, so that writing gives them back, and checks that every opponent exists and
//! lists the player back in the same round with the other colour and the matching result.
//! Nothing here reads or writes files: text in, text out.
//!
//! Real files from other programs are read as they are written, and written back in the
//! standard's form: dates in the forms of [`date`], the one-letter titles of older files, a bye
//! with neither opponent nor colour (lichess), a game in progress (a blank result, or lichess's
//! `Z` with an opponent), a team event's games as individual games. What the reader notices is
//! one warning per kind, not one per line.
//!
//! The records beside the players are kept as written in [`Trf::other`]; [`records`] reads
//! them into types ([`EventRecords`]), the one reading that the store, the pairing input and
//! the standings share.

mod acceleration;
mod check;
pub mod date;
mod read;
pub mod records;
mod write;

use std::fmt;

pub use acceleration::{Acceleration, AccelerationError, PlayerAcceleration};
pub use records::{
    AbnormalPoints, ByeRequest, EventRecord, EventRecords, EventType, NationalRating, PointKind,
    PointValues, Prohibition, RecordKind, columns, player_numbers,
};

pub use read::parse;
pub use write::{player_line, write};

use crate::chess::Color;
use crate::tournament::{Outcome, Player, PlayerId, Points, RoundResult};

/// What was wrong with a TRF, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTrfError {
    pub line: usize,
    pub column: usize,
    pub kind: TrfErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that must be a number is not.
    NotANumber { field: &'static str, text: String },
    /// A starting rank outside 1-9999.
    BadStartingRank(String),
    /// Two player records with one starting rank.
    DuplicateStartingRank(u16),
    /// A round result code outside the table.
    BadResultCode(char),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A game result without an opponent, or a bye with one.
    OpponentMismatch { code: char },
    /// The opponent named in a round has no player record.
    UnknownOpponent { round: usize, opponent: u16 },
    /// The opponent does not list this player back in the same round, with the other colour
    /// and the matching result.
    Unreciprocated { round: usize, opponent: u16 },
    /// A date that no form we read fits.
    BadDate(String),
    /// A control character (other than the line ends) inside a record.
    ControlCharacter(char),
    /// An acceleration record (`250` or `XXA`) that no reading fits.
    Acceleration {
        code: &'static str,
        expected: String,
        found: String,
    },
}

impl fmt::Display for ParseTrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            TrfErrorKind::NotANumber { field, text } => {
                write!(f, "expected a number for the {field}, found `{text}`")
            }
            TrfErrorKind::BadStartingRank(text) => {
                write!(
                    f,
                    "expected a starting rank from 1 to 9999 (columns 5-8: a report holds at most 9999 players), found `{text}`"
                )
            }
            TrfErrorKind::DuplicateStartingRank(rank) => {
                write!(f, "starting rank {rank} is used by two players")
            }
            TrfErrorKind::BadResultCode(c) => write!(
                f,
                "unknown result code `{c}`: expected one of 1 = 0 + - W D L H F U Z or blank"
            ),
            TrfErrorKind::BadColour(c) => {
                write!(f, "unknown colour `{c}`: expected w, b, - or blank")
            }
            TrfErrorKind::OpponentMismatch { code } => write!(
                f,
                "result `{code}` does not fit the opponent column (a game needs an opponent, a bye has none)"
            ),
            TrfErrorKind::UnknownOpponent { round, opponent } => {
                write!(f, "round {round}: opponent {opponent} has no player record")
            }
            TrfErrorKind::Unreciprocated { round, opponent } => write!(
                f,
                "round {round}: player {opponent} does not list this player back with the other colour and the matching result"
            ),
            TrfErrorKind::BadDate(text) => {
                write!(f, "expected a date: {}; found `{text}`", date::FORMS)
            }
            TrfErrorKind::Acceleration {
                code,
                expected,
                found,
            } => {
                let error = AccelerationError {
                    column: self.column,
                    expected: expected.clone(),
                    found: found.clone(),
                };
                write!(f, "acceleration record {code}: {error}")
            }
            TrfErrorKind::ControlCharacter(c) => write!(
                f,
                "control character U+{:04X} inside a record: expected printable text in fixed columns",
                *c as u32
            ),
        }
    }
}

impl std::error::Error for ParseTrfError {}

/// Something suspicious that does not stop the reading, with its line (0: the file as a
/// whole, as a summary of many lines says which lines in its message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        f.write_str(&self.message)
    }
}

/// `line 5`, `lines 5-9`, `lines 5-9, 12 and 3 more`: where a summary's lines are, short.
pub fn line_ranges(lines: &[usize]) -> String {
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for &line in lines {
        match ranges.last_mut() {
            Some((_, last)) if line == *last + 1 => *last = line,
            _ => ranges.push((line, line)),
        }
    }
    let shown: Vec<String> = ranges
        .iter()
        .take(3)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let more: usize = ranges.iter().skip(3).map(|&(a, b)| b - a + 1).sum();
    let word = if lines.len() == 1 { "line" } else { "lines" };
    if more > 0 {
        format!("{word} {} and {more} more", shown.join(", "))
    } else {
        format!("{word} {}", shown.join(", "))
    }
}

/// One round of a player record, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrfRound {
    pub opponent: Option<PlayerId>,
    /// `w`, `b`, `-` or blank, as written.
    pub colour: char,
    /// The result code as written (blank is a space).
    pub code: char,
}

impl TrfRound {
    /// The round's meaning.
    pub fn result(self) -> Option<RoundResult> {
        let color = match self.colour {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        };
        let played = |outcome, rated| {
            Some(RoundResult::Played {
                opponent: self.opponent?,
                color: color?,
                outcome,
                rated,
            })
        };
        match self.code.to_ascii_uppercase() {
            '1' => played(Outcome::Win, true),
            '=' => played(Outcome::Draw, true),
            '0' => played(Outcome::Loss, true),
            'W' => played(Outcome::Win, false),
            'D' => played(Outcome::Draw, false),
            'L' => played(Outcome::Loss, false),
            '+' | '-' => match self.opponent {
                Some(opponent) => Some(RoundResult::Forfeit {
                    opponent,
                    color,
                    won: self.code == '+',
                }),
                // `0000 - +` and `0000 - -` appear in older files for a bye won or lost.
                None if self.code == '+' => Some(RoundResult::FullPointBye),
                None => Some(RoundResult::ZeroPointBye),
            },
            'H' => Some(RoundResult::HalfPointBye),
            'F' => Some(RoundResult::FullPointBye),
            'U' => Some(RoundResult::PairingAllocatedBye),
            'Z' => Some(RoundResult::ZeroPointBye),
            ' ' => Some(RoundResult::Absent),
            _ => None,
        }
    }
}

/// A player record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfPlayer {
    pub player: Player,
    /// The points written in columns 81-84.
    pub points: Points,
    pub rank: Option<u16>,
    pub rounds: Vec<TrfRound>,
}

/// A tournament report: the tournament records, the players, and what else the file holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trf {
    pub name: Option<String>,
    pub city: Option<String>,
    pub federation: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub chief_arbiter: Option<String>,
    pub deputy_arbiters: Vec<String>,
    pub time_control: Option<String>,
    /// Planned number of rounds (`142`, or the engines' `XXR`).
    pub rounds: Option<u32>,
    /// Initial colour of the top-ranked player in round 1 (`152`, or `XXC white1|black1`).
    pub initial_colour: Option<Color>,
    pub players: Vec<TrfPlayer>,
    /// Other records, kept as written (code and whole line) so that nothing is lost.
    pub other: Vec<(String, String)>,
    /// `###` comments: manual interventions.
    pub comments: Vec<String>,
}
