//! The records of a report beside the players, read into types once: round dates (`132`),
//! point values (`162`, `BBx`), requested byes (`240`), acceleration (`250`, `XXA`),
//! prohibited pairings with their rounds (`260`, `XXP`), abnormal points (`299`), national
//! ratings, team records, the system (`192`), the tie-break lists (`202`, `212`), the time
//! control (`222`) and the event's type (`092`); every other record is kept as written.
//!
//! [`RecordKind::read`] is the one reader of a record's columns: the store's import, the
//! pairing input, the standings and the points check of [`super::parse`] all read the
//! records through it, so that they cannot disagree on a column. [`EventRecords::of`] reads
//! every record of a report in the order written, which is the order in which the store
//! keeps the ones no setting holds and in which a reader names the first record at fault.

mod kinds;
mod points;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

pub use kinds::{AbnormalPoints, ByeRequest, EventType, NationalRating, Prohibition};
pub use points::{PointKind, PointValues};

use super::read::field;
use super::{Acceleration, AccelerationError, PlayerAcceleration, Trf};
use crate::chess::Color;
use crate::tournament::Points;

/// Columns `from..=to` (1-based, inclusive, counted in characters) of a record, trimmed: the
/// one column reader for the records kept as written (`240`, `250`, `260`, `299`, `XXA`...),
/// under every typed record, so that every reader of a record reads it alike.
pub fn columns(line: &str, from: usize, to: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    field(&chars, from, to)
}

/// The player numbers of a record from column `from` on. TRF-2026 writes them every five
/// columns; they are read as numbers separated by blanks, which is the same for a record
/// written to the letter and also reads one whose numbers are not aligned. `None` when
/// something there is not a number from 1 to 9999.
pub fn player_numbers(line: &str, from: usize) -> Option<Vec<u16>> {
    line.chars()
        .skip(from.saturating_sub(1))
        .collect::<String>()
        .split_whitespace()
        .map(|t| t.parse::<u16>().ok().filter(|n| (1..=9999).contains(n)))
        .collect()
}

/// TRF-2026 team records (and TRF16's `013` team composition): a team event, whose games we
/// read as an individual event's.
pub(super) const TEAM_RECORDS: [&str; 9] = [
    "013", "300", "310", "320", "330", "352", "362", "801", "802",
];

/// The codes of the records that declare point values: FIDE's `162` and the engines' `BBx`
/// lines (`BBZ`, the zero-point bye's value, is one of them but changes nothing here).
fn is_point_values_code(code: &str) -> bool {
    matches!(code, "162" | "BBW" | "BBD" | "BBL" | "BBF" | "BBU" | "BBZ")
}

/// What one record says, read by its columns. A record of a kind we read that cannot be read
/// is `None` (or the acceleration reader's error, which names the column): each reader
/// decides what that means for it (the store refuses it or keeps it as written, the pairing
/// input refuses it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordKind {
    /// `062` and `072`, the numbers of players and of rated players: the export writes them
    /// afresh.
    Counts,
    /// `092`, the type of tournament.
    EventType(EventType),
    /// `132`, the round dates as `YYYY-MM-DD`, in round order; a round without a readable
    /// date is left out. [`super::parse`] has already written them in the standard's columns.
    RoundDates(Vec<String>),
    /// `162` or a `BBx` line: the values it gives, in the order written.
    PointValues(Vec<(PointKind, Points)>),
    /// `192`, the pairing system's code (`FIDE_DUTCH_BAKU`...).
    System(String),
    /// `202`, the event's tie-break list as written.
    Tiebreaks(String),
    /// `212`, the standings' order (the points, then the tie-breaks) as written.
    StandingsOrder(String),
    /// `222`, the time control encoded in seconds.
    TimeControl(String),
    /// `240`, requested byes.
    Bye(Option<ByeRequest>),
    /// `250`, virtual points for a range of players and rounds.
    Acceleration(Result<Acceleration, AccelerationError>),
    /// `XXA`, one player's virtual points round by round.
    PlayerAcceleration(Result<PlayerAcceleration, AccelerationError>),
    /// `260` or `XXP`, a prohibited pairing with its rounds.
    Prohibition(Option<Prohibition>),
    /// `299`, abnormal points.
    AbnormalPoints(Option<AbnormalPoints>),
    /// A national rating record (a federation's code, then a player's number).
    NationalRating(Option<NationalRating>),
    /// A team record (`013`, `300`-`362`, `801`, `802`): a team event's, not read, kept as written.
    Team,
    /// Anything else: kept as written.
    Other,
}

impl RecordKind {
    /// Reads a record (`code`: its first three characters; `line`: the whole record).
    pub fn read(code: &str, line: &str) -> RecordKind {
        let chars: Vec<char> = line.chars().collect();
        let column = |from: usize, to: usize| field(&chars, from, to);
        let rest = || column(5, chars.len());
        match code {
            "062" | "072" => RecordKind::Counts,
            "092" => RecordKind::EventType(EventType {
                line: line.to_owned(),
            }),
            "132" => RecordKind::RoundDates(round_dates(&chars)),
            _ if is_point_values_code(code) => RecordKind::PointValues(point_values(code, &chars)),
            "192" => RecordKind::System(rest()),
            "202" => RecordKind::Tiebreaks(rest()),
            "212" => RecordKind::StandingsOrder(rest()),
            "222" => RecordKind::TimeControl(rest()),
            "240" => RecordKind::Bye(ByeRequest::read(line)),
            "250" => RecordKind::Acceleration(Acceleration::read(line)),
            "XXA" => RecordKind::PlayerAcceleration(PlayerAcceleration::read(line)),
            "260" | "XXP" => RecordKind::Prohibition(Prohibition::read(code, line)),
            "299" => RecordKind::AbnormalPoints(AbnormalPoints::read(line)),
            _ if TEAM_RECORDS.contains(&code) => RecordKind::Team,
            _ if NationalRating::is_one(code, line) => {
                RecordKind::NationalRating(NationalRating::read(code, line))
            }
            _ => RecordKind::Other,
        }
    }
}

/// The dates of a `132` record, from column 92 every ten columns, `YY/MM/DD` as the reader
/// writes them whatever form the file had, with the century as the reader takes a two-digit
/// year.
fn round_dates(chars: &[char]) -> Vec<String> {
    let mut dates = Vec::new();
    let mut start = 92;
    while chars.len() >= start {
        let date = field(chars, start, start + 7);
        if let Some((year, rest)) = date.split_once('/')
            && let Ok(year) = year.parse::<i32>()
        {
            let year = super::date::full_year(year);
            dates.push(format!("{year}-{}", rest.replace('/', "-")));
        }
        start += 10;
    }
    dates
}

/// The values of a `162` record (a code at column 6, its points at 7-10, then every nine
/// columns) or of a `BBx` line (the points from column 5).
fn point_values(code: &str, chars: &[char]) -> Vec<(PointKind, Points)> {
    let column = |from: usize, to: usize| field(chars, from, to);
    let mut values = Vec::new();
    if code == "162" {
        let mut start = 6;
        while chars.len() >= start {
            if let Ok(points) = column(start + 1, start + 4).parse::<Points>() {
                let kind = match column(start, start).as_str() {
                    "W" => Some(PointKind::Win),
                    "D" => Some(PointKind::Draw),
                    "L" => Some(PointKind::Loss),
                    "A" => Some(PointKind::Absence),
                    "P" => Some(PointKind::Bye),
                    _ => None,
                };
                values.extend(kind.map(|kind| (kind, points)));
            }
            start += 9;
        }
    } else if let Ok(points) = column(5, chars.len()).parse::<Points>() {
        let kind = match code {
            "BBW" => Some(PointKind::Win),
            "BBD" => Some(PointKind::Draw),
            "BBL" => Some(PointKind::Loss),
            "BBF" => Some(PointKind::Absence),
            "BBU" => Some(PointKind::Bye),
            _ => None,
        };
        values.extend(kind.map(|kind| (kind, points)));
    }
    values
}

/// One record of a report: its code, the line as written, and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRecord {
    pub code: String,
    pub line: String,
    pub kind: RecordKind,
}

/// Every record of a report beside the players, read once, in the order written, with what
/// the report's own fields say of the rounds and the initial colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRecords {
    /// One for each of [`Trf::other`], in its order.
    pub records: Vec<EventRecord>,
    /// The points of each kind of result: the `162`/`BBx` values, the standard ones where
    /// the report declares none.
    pub point_values: PointValues,
    /// The planned number of rounds (`142`, `XXR`).
    pub rounds: Option<u32>,
    /// The initial colour (`152`, `XXC`).
    pub initial_colour: Option<Color>,
}

impl EventRecords {
    /// Reads every record of a report.
    pub fn of(trf: &Trf) -> EventRecords {
        let records: Vec<EventRecord> = trf
            .other
            .iter()
            .map(|(code, line)| EventRecord {
                code: code.clone(),
                line: line.clone(),
                kind: RecordKind::read(code, line),
            })
            .collect();
        let mut point_values = PointValues::default();
        for record in &records {
            if let RecordKind::PointValues(given) = &record.kind {
                point_values.set(given);
            }
        }
        EventRecords {
            records,
            point_values,
            rounds: trf.rounds,
            initial_colour: trf.initial_colour,
        }
    }

    /// The system codes of the `192` records.
    pub fn systems(&self) -> impl Iterator<Item = &str> {
        self.records.iter().filter_map(|r| match &r.kind {
            RecordKind::System(code) => Some(code.as_str()),
            _ => None,
        })
    }

    /// The `092` record that decides whether the standings count a round robin, if any says
    /// so.
    pub fn is_round_robin(&self) -> bool {
        self.records
            .iter()
            .any(|r| matches!(&r.kind, RecordKind::EventType(t) if t.is_round_robin()))
    }

    /// The `299` records as points by (player, round) that replace the `162` value of that
    /// round's result, and points added to players' totals. A record whose points cannot be
    /// read gives nothing.
    pub fn abnormal_points(&self) -> (HashMap<(u16, u32), Points>, HashMap<u16, Points>) {
        let mut assigned = HashMap::new();
        let mut bonuses: HashMap<u16, Points> = HashMap::new();
        for record in &self.records {
            let RecordKind::AbnormalPoints(Some(abnormal)) = &record.kind else {
                continue;
            };
            for &id in &abnormal.players {
                match abnormal.round {
                    Some(round) if !abnormal.adds_to_total() => {
                        assigned.insert((id, round), abnormal.points);
                    }
                    _ => {
                        *bonuses.entry(id).or_default() =
                            bonuses.get(&id).copied().unwrap_or_default() + abnormal.points;
                    }
                }
            }
        }
        (assigned, bonuses)
    }
}
