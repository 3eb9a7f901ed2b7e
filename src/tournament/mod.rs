//! The vocabulary of a tournament: players and what happened to each of them in each round.
//!
//! Every round result is exactly one kind (the tie-break regulations, C.07, tell them apart):
//! a game played over the board (rated or, if shorter than one move, unrated), a forfeit, a
//! bye of one of the kinds, or an absence. Points are kept apart from the kind, in tenths, so
//! that scoring other than 1, ½ and 0 adds up exactly.

pub mod csv_players;
pub mod csv_results;
pub mod record;
pub mod result_code;
pub mod settings;

pub use result_code::ResultCode;

use std::fmt;
use std::str::FromStr;

use crate::chess::Color;

/// A player's starting rank (pairing number), 1 to 9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u16);

/// The most players an event holds: a TRF writes the starting rank in four digits.
pub const MAX_PLAYERS: u16 = 9999;

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0.to_string())
    }
}

/// A FIDE title as the TRF writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Title {
    Gm,
    Im,
    Wgm,
    Fm,
    Wim,
    Cm,
    Wfm,
    Wcm,
}

impl Title {
    pub const ALL: [Title; 8] = [
        Title::Gm,
        Title::Im,
        Title::Wgm,
        Title::Fm,
        Title::Wim,
        Title::Cm,
        Title::Wfm,
        Title::Wcm,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Title {
    type Err = String;

    fn from_str(text: &str) -> Result<Title, String> {
        let upper = text.trim().to_ascii_uppercase();
        Title::ALL
            .into_iter()
            .find(|t| t.as_str() == upper)
            .ok_or_else(|| {
                format!("unknown title `{text}`: expected GM, IM, WGM, FM, WIM, CM, WFM or WCM")
            })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    /// `Lastname, Firstname`, as FIDE writes names.
    pub name: String,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub rating: Option<u16>,
    /// The national federation's rating, for lists and national rating reports.
    pub national_rating: Option<u16>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    /// As given: `YYYY/MM/DD`, or often only the year.
    pub birth: Option<String>,
    /// Not part of the TRF; kept for lists and the published site.
    pub club: Option<String>,
    /// The K factor for the event's rate (B.02 8.3.3) as the FIDE rating list gives it, so
    /// that the event keeps it when the list moves on.
    pub k_factor: Option<u8>,
    /// The player's rated games for the event's rate on that list: the 30-game rule for K 40
    /// needs it.
    pub list_games: Option<u16>,
    /// Arbiter, trainer and organiser titles as the list writes them (`IA,FI`): a chief
    /// arbiter's title is part of a norm's data.
    pub other_titles: Option<String>,
}

impl Player {
    /// A player known only by number and name; every other detail is unknown until given.
    pub fn new(id: PlayerId, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
            sex: None,
            title: None,
            rating: None,
            national_rating: None,
            federation: None,
            fide_id: None,
            birth: None,
            club: None,
            k_factor: None,
            list_games: None,
            other_titles: None,
        }
    }
}

/// The initial order of a Swiss tournament (C.04.2 Art. 2.2): rating, highest first; then
/// FIDE title in the order GM, IM, WGM, FM, WIM, CM, WFM, WCM, untitled; then name,
/// alphabetically. Players equal in all three keep the order they are given in, so that the
/// result never depends on the sort algorithm. Returns the players' ids, best first.
pub fn starting_order(players: &[Player]) -> Vec<PlayerId> {
    let title_rank = |p: &Player| {
        p.title
            .and_then(|t| Title::ALL.iter().position(|&x| x == t))
            .unwrap_or(Title::ALL.len())
    };
    let mut order: Vec<&Player> = players.iter().collect();
    order.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then_with(|| title_rank(a).cmp(&title_rank(b)))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    order.into_iter().map(|p| p.id).collect()
}

/// Points in tenths, so that any scoring the regulations allow adds up without rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Points(pub i32);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(5);
    pub const ONE: Points = Points(10);
}

impl std::ops::Add for Points {
    type Output = Points;

    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// `6.5`, `10`, `0.5`: at most one decimal, as results tables write points.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        // Through `pad`, so that widths and alignment (`{:>4}`) apply as to a string.
        f.pad(&format!("{sign}{}.{}", abs / 10, abs % 10))
    }
}

impl FromStr for Points {
    type Err = String;

    /// Reads `4`, `4.5`, `-1.0`, `0.5`, `.5`.
    fn from_str(text: &str) -> Result<Points, String> {
        let error = || format!("`{text}` is not a number of points such as 4 or 4.5");
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, tenths) = match digits.split_once('.') {
            Some((w, t)) => (w, t),
            None => (digits, ""),
        };
        if whole.is_empty() && tenths.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !tenths.bytes().all(|b| b.is_ascii_digit())
            || tenths.len() > 1 && tenths[1..].bytes().any(|b| b != b'0')
        {
            return Err(error());
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| error())?
        };
        let tenth: i32 = tenths
            .get(..1)
            .map_or(Ok(0), |t| t.parse())
            .map_err(|_| error())?;
        let value = whole
            .checked_mul(10)
            .and_then(|v| v.checked_add(tenth))
            .ok_or_else(error)?;
        Ok(Points(if negative { -value } else { value }))
    }
}

/// The result of a game over the board, from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// What happened to one player in one round: exactly one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundResult {
    /// A game over the board. `rated` is false for a game that lasted less than one move
    /// (TRF `W`, `D`, `L`): it counts for points but not for rating.
    Played {
        opponent: PlayerId,
        color: Color,
        outcome: Outcome,
        rated: bool,
    },
    /// A game not played because one side (or both) did not appear: `won` for the side that
    /// did. Both sides lost: a double forfeit.
    Forfeit {
        opponent: PlayerId,
        color: Option<Color>,
        won: bool,
    },
    /// The pairing-allocated bye of an odd field (TRF `U`).
    PairingAllocatedBye,
    /// A requested bye worth a full point (TRF `F`).
    FullPointBye,
    /// A requested bye worth half a point (TRF `H`).
    HalfPointBye,
    /// A requested bye worth nothing, a known absence (TRF `Z`).
    ZeroPointBye,
    /// Not paired and nothing recorded (a blank TRF result, read as `Z`).
    Absent,
}

impl RoundResult {
    /// The opponent met or scheduled, if any.
    pub fn opponent(self) -> Option<PlayerId> {
        match self {
            RoundResult::Played { opponent, .. } | RoundResult::Forfeit { opponent, .. } => {
                Some(opponent)
            }
            _ => None,
        }
    }

    pub fn color(self) -> Option<Color> {
        match self {
            RoundResult::Played { color, .. } => Some(color),
            RoundResult::Forfeit { color, .. } => color,
            _ => None,
        }
    }

    /// The points under the standard scoring (win 1, draw ½, loss 0; forfeit win, full-point
    /// and pairing-allocated byes 1; half-point bye ½).
    pub fn standard_points(self) -> Points {
        match self {
            RoundResult::Played {
                outcome: Outcome::Win,
                ..
            }
            | RoundResult::Forfeit { won: true, .. }
            | RoundResult::PairingAllocatedBye
            | RoundResult::FullPointBye => Points::ONE,
            RoundResult::Played {
                outcome: Outcome::Draw,
                ..
            }
            | RoundResult::HalfPointBye => Points::HALF,
            _ => Points::ZERO,
        }
    }
}

/// The result code an adjourned game holds until it is finished: a draw for pairing
/// (C.04.1), pending in the standings. It never reaches a report (there it is a draw, with a
/// comment).
pub const ADJOURNED: char = '*';

/// The first control character in a text field, with its 1-based position in characters.
/// Names, clubs, places and every other text field are one line of printable text: a line
/// break or another control character would split a fixed-column TRF record or a CSV row,
/// and the report could not be read back.
pub fn control_character(text: &str) -> Option<(usize, char)> {
    text.chars()
        .enumerate()
        .find(|(_, c)| c.is_control())
        .map(|(i, c)| (i + 1, c))
}

/// The message for a text field holding a control character (see [`control_character`]).
pub fn control_character_message(field: &str, text: &str) -> Option<String> {
    control_character(text).map(|(position, c)| {
        format!(
            "the {field} {text:?} holds a control character (U+{:04X}) at character {position}: expected one line of printable text",
            c as u32
        )
    })
}
