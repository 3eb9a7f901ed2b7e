//! Standings and tie-breaks: the FIDE Play-off and Tie-Break Regulations (Handbook C.07) as a
//! pure function from results to a ranked table, exact for each edition of the rules.
//!
//! - [`EventResults`]: the input, from a [`Trf`](crate::trf::Trf) or from plain data.
//! - [`Edition`]: which text applies (2026, 2024, or the pre-2023 "virtual opponent" rules),
//!   chosen from the start date in `auto` mode.
//! - [`TieBreak`]: one entry of the ordered list, in the descriptor grammar of Art. 14
//!   (`BH/C1`, `SB/C1/P`, `KS/L-1`, `TPN/R`).
//! - [`standings`]: points, then the list, then a seeded drawing of lots (or shared places);
//!   every value with its working, for [`Standings::explain`].
//! - [`side_by_side`]: the same event under two editions, and the players whose rank differs.
//!
//! Values are exact rationals ([`Value`]); the only roundings are FIDE's: ARO, APRO, APPO
//! and the TPR score half-up to integers (hundredths for the score), AOB half-up to
//! hundredths. The B.02 conversion tables are data in `rating::tables`, shared with the rating
//! arithmetic.
//!
//! Readings of the rules worth knowing (each checked against FIDE's reference tool on random
//! events where the tool can say, see `tests/it/standings.rs`):
//! - Unplayed rounds (Art. 16): a blank round, an absence and every round after a withdrawal
//!   are zero-point byes (16.1.1). 2024: the dummy is worth the own final score; 2026: capped
//!   by 16.4.1/16.4.2, the cap's "rounds in the tournament" being the scheduled rounds
//!   ([`CapRounds::Scheduled`], the text) or the rounds counted ([`CapRounds::Counted`], the
//!   tool's part-way figure). Legacy: the virtual opponent, opponents' unplayed games drawn.
//! - The 16.5 cut exception follows the text: the VUR with the lowest *contribution* is
//!   compared with the least significant value (the tool takes the VUR with the lowest dummy
//!   score, which differs for SB with two VURs under the 2026 caps). Legacy has no exception.
//! - Round robins (15.2): forfeits are games for SB, KS and DE, never for ARO/TPR/PTP/APRO/
//!   APPO; WON, BPG and BWG count games "over the board" only, so a forfeit win never counts
//!   there. Buchholz, FB and AOB are refused.
//! - KS counts points against opponents whose *final* score (not the 16.3 adjusted score)
//!   reaches the limit, forfeits included; `/L1` (= `/L+1`) raises the limit by half a point.
//! - STD: a double forfeit is an equal score, ½ (the text); the tool gives 0.
//! - W/D/L games (shorter than one move) are games over the board for every tie-break.
//! - DE's value is the place within the tied group (1 is first; ascending); the 6.3 test
//!   credits every missing game of the group to the rival, and is applied in round robins
//!   too when some members have not met yet.
//! - A pending (adjourned) game counts nowhere, for either player, until finished.
//!
//! **Invariant:** this module depends on `tournament`, `trf`, the `SplitMix64` of
//! `pairing::generate` (the lots), the B.02 tables of `rating` and `std` only; it never prints or reads files.

mod compute;
mod direct;
mod event;
mod tiebreak;
mod value;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::pairing::generate::SplitMix64;
use crate::tournament::{Player, PlayerId, Points, RoundResult};

pub use crate::rating::tables::{dp, pd};
pub use event::{Cell, Entry, EventResults, WithdrawalMode};
pub use tiebreak::{
    Code, Descriptor, LeftOut, ModifierKind, ParseTieBreakError, RecordedList, TieBreak, Trim,
    parse_list,
};
pub use value::Value;

use compute::Engine;

/// The edition of C.07 whose rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// From 1 March 2026: the dummy opponent with its caps (16.4.1, 16.4.2), STD, TPN, RTNG.
    Y2026,
    /// From 1 July 2023 (the 2023/2024 texts): the dummy opponent worth the participant's own
    /// score, the VUR cut exception.
    Y2024,
    /// Before 1 July 2023: the virtual opponent; an opponent's unplayed games count as draws.
    Legacy,
}

impl Edition {
    /// The edition in force now, the newest FIDE text: what an event without a start date is
    /// ranked by in `auto` mode, said aloud by the command that does it.
    pub const CURRENT: Edition = Edition::Y2026;

    pub const fn as_str(self) -> &'static str {
        match self {
            Edition::Y2026 => "2026",
            Edition::Y2024 => "2024",
            Edition::Legacy => "legacy",
        }
    }

    /// The edition in force on a start date (`YYYY-MM-DD` or `YYYY/MM/DD`): on or after
    /// 2026-03-01 the 2026 rules, on or after 2023-07-01 the 2024 rules, earlier the legacy.
    pub fn for_start_date(date: &str) -> Result<Edition, StandingsError> {
        let bad = || StandingsError::BadStartDate(date.to_owned());
        let parts: Vec<&str> = date.trim().split(['-', '/', '.']).collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let num = |s: &str, len: usize| -> Result<u32, StandingsError> {
            if s.len() == len && s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().map_err(|_| bad())
            } else {
                Err(bad())
            }
        };
        let (y, m, d) = (num(y, 4)?, num(m, 2)?, num(d, 2)?);
        if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
            return Err(bad());
        }
        Ok(if (y, m, d) >= (2026, 3, 1) {
            Edition::Y2026
        } else if (y, m, d) >= (2023, 7, 1) {
            Edition::Y2024
        } else {
            Edition::Legacy
        })
    }

    /// The `tiebreak-rules` setting: `2026`, `2024`, `legacy`, or `auto` (from the start date,
    /// which must then be given: the edition is never guessed).
    pub fn resolve(setting: &str, start_date: Option<&str>) -> Result<Edition, StandingsError> {
        match setting.trim() {
            "auto" => match start_date {
                Some(date) if !date.trim().is_empty() => Edition::for_start_date(date),
                _ => Err(StandingsError::MissingStartDate),
            },
            other => other.parse(),
        }
    }
}

impl FromStr for Edition {
    type Err = StandingsError;

    fn from_str(text: &str) -> Result<Edition, StandingsError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "2026" => Ok(Edition::Y2026),
            "2024" | "2023" => Ok(Edition::Y2024),
            "legacy" => Ok(Edition::Legacy),
            _ => Err(StandingsError::UnknownEdition(text.to_owned())),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// Which "number of rounds in the tournament" caps a 2026 dummy (16.4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CapRounds {
    /// The rounds the tournament is to have (the text), the rounds counted if unknown.
    #[default]
    Scheduled,
    /// The rounds counted so far (FIDE's tool, part-way standings).
    Counted,
}

/// Rating-based tie-breaks with unrated players present (Art. 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnratedRule {
    /// Drop them (the values are undefined and the standings say why).
    #[default]
    Drop,
    /// The regulations give unrated players this rating.
    Rating(u16),
}

/// Everything besides the list that decides the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub edition: Edition,
    /// Seed of the drawing of lots when the list is exhausted (Art. 4.2); `None`: such ties
    /// stay, as shared places.
    pub lots: Option<u64>,
    pub unrated: UnratedRule,
    pub cap_rounds: CapRounds,
    /// Keep each player's working for [`Standings::explain`] (the default). Where only the
    /// table is wanted, as on the published site's standings after every round, it can be
    /// left out: for a large field the workings cost more to build than the ranking.
    pub explain: bool,
}

impl Options {
    pub fn new(edition: Edition) -> Options {
        Options {
            edition,
            lots: None,
            unrated: UnratedRule::Drop,
            cap_rounds: CapRounds::Scheduled,
            explain: true,
        }
    }
}

/// The categories of unplayed rounds (Art. 16.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// 16.2.1: pairing-allocated or full-point bye.
    Bye,
    /// 16.2.2: forfeit win.
    ForfeitWin,
    /// 16.2.3: requested bye followed by at least one round that is not a VUR.
    RequestedByeThenPlayed,
    /// 16.2.4: forfeit loss.
    ForfeitLoss,
    /// 16.2.5: requested bye followed only by VURs, or in the last round.
    RequestedByeToEnd,
}

impl Category {
    pub const fn article(self) -> &'static str {
        match self {
            Category::Bye => "16.2.1",
            Category::ForfeitWin => "16.2.2",
            Category::RequestedByeThenPlayed => "16.2.3",
            Category::ForfeitLoss => "16.2.4",
            Category::RequestedByeToEnd => "16.2.5",
        }
    }

    /// A voluntarily unplayed round (16.1.2).
    pub const fn vur(self) -> bool {
        matches!(
            self,
            Category::RequestedByeThenPlayed | Category::ForfeitLoss | Category::RequestedByeToEnd
        )
    }
}

/// Where a value in a working comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// An opponent met over the board: their (adjusted) score, or their BH, TPR, PTP.
    Opponent,
    /// A forfeit counted as a game (round robin, Art. 15.2, or `/P`): the scheduled opponent.
    ScheduledOpponent,
    /// The 2023+ dummy opponent of an own unplayed round (16.4).
    Dummy,
    /// The pre-2023 virtual opponent of an own unplayed round.
    VirtualOpponent,
    /// An opponent's rating (ARO).
    Rating,
    /// The score after a round (PS).
    Progressive,
}

/// Why a value was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CutReason {
    /// The least significant value (14.1).
    LeastSignificant,
    /// A VUR cut instead of the least significant value (16.5).
    VurException,
    /// The most significant value (Median, 14.3, 14.4).
    MostSignificant,
    /// Koya: the opponent scored less than the limit.
    BelowLimit,
}

/// One value that goes into a tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub round: u32,
    pub opponent: Option<PlayerId>,
    pub source: Source,
    /// The score (or rating) that decides what is cut.
    pub score: Value,
    /// What it adds (for SB the score times the points; for BH the score).
    pub contribution: Value,
    pub vur: bool,
    pub cut: Option<CutReason>,
}

/// A tie-break's value for one player and how it was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Working {
    /// `None`: undefined (nothing left after a cut, no game over the board, dropped).
    pub value: Option<Value>,
    pub items: Vec<Item>,
    pub note: Option<String>,
}

/// One round of a player, as the explanation shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundLine {
    pub round: u32,
    /// `None`: nothing recorded (an absence).
    pub result: Option<RoundResult>,
    pub points: Points,
    pub pending: bool,
    /// The game was against a round robin player whose games are annulled.
    pub annulled: bool,
    pub category: Option<Category>,
    pub opponent: Option<PlayerId>,
    /// The opponent's final score, and the score used for tie-breaks (16.3 adjusted; legacy:
    /// unplayed games as draws).
    pub opponent_score: Option<Value>,
    pub opponent_adjusted: Option<Value>,
    /// For an own unplayed round in a Swiss: the dummy (or virtual opponent) and its score.
    pub own_side: Option<(Source, Value)>,
}

/// Everything behind one player's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub player: PlayerId,
    pub edition: Edition,
    pub points: Points,
    pub rank: u32,
    pub decided_by: Decider,
    pub rounds: Vec<RoundLine>,
    /// One per tie-break of the list, in order.
    pub tiebreaks: Vec<(TieBreak, Working)>,
}

/// What separated a player from the players above and below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decider {
    /// The points alone.
    Points,
    /// The tie-break at this index of the list.
    TieBreak(usize),
    /// The drawing of lots.
    Lots,
    /// Nothing: the place is shared.
    Shared,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based; shared places repeat the number (1, 2, 2, 4).
    pub rank: u32,
    pub player: Player,
    pub points: Points,
    /// One per tie-break of the list; `None` is undefined (an empty CSV field).
    pub values: Vec<Option<Value>>,
    pub decided_by: Decider,
}

/// The ranked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub edition: Edition,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<Row>,
    /// Rounds counted.
    pub rounds: u32,
    /// What a round robin withdrawal did (`None` in a Swiss or without withdrawals).
    pub withdrawals: Option<WithdrawalMode>,
    /// Withdrawn round robin players whose games are annulled: not ranked.
    pub annulled: Vec<PlayerId>,
    /// Tie-breaks of the list whose values are all undefined, with the reason.
    pub dropped: Vec<(TieBreak, String)>,
    pub lots: Option<u64>,
    explanations: HashMap<PlayerId, Explanation>,
    /// Each ranked player's index in `rows`: pages that look up every player after every
    /// round (pairings, player cards) would otherwise search the rows each time.
    positions: HashMap<PlayerId, usize>,
}

impl Standings {
    /// The working behind a player's line; `None` for a player not in the event, or when
    /// the standings were made without workings ([`Options::explain`] off).
    pub fn explain(&self, player: PlayerId) -> Option<&Explanation> {
        self.explanations.get(&player)
    }

    /// The row of a player.
    pub fn row(&self, player: PlayerId) -> Option<&Row> {
        // The index is checked against the row, since `rows` is public and may have been
        // reordered since.
        match self.positions.get(&player).and_then(|&i| self.rows.get(i)) {
            Some(row) if row.player.id == player => Some(row),
            _ => self.rows.iter().find(|r| r.player.id == player),
        }
    }

    /// A value as the CSV writes it: the tie-break's usual decimals (BH 12.5, SB 9.25, ARO
    /// 1888), more if needed to be exact; empty when undefined.
    pub fn format_value(tiebreak: TieBreak, value: Option<Value>) -> String {
        value.map_or_else(String::new, |v| v.format(decimals(tiebreak.code)))
    }

    /// A row's tie-break values, each as `format_value` writes it.
    pub fn formatted_values(&self, row: &Row) -> Vec<String> {
        self.tiebreaks
            .iter()
            .zip(&row.values)
            .map(|(t, v)| Standings::format_value(*t, *v))
            .collect()
    }
}

/// The decimals a tie-break is usually written with.
pub const fn decimals(code: Code) -> usize {
    match code {
        Code::Sb | Code::Aob => 2,
        Code::Bh | Code::Fb | Code::Ps | Code::Ks | Code::Std => 1,
        _ => 0,
    }
}

/// Why no standings came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandingsError {
    /// Buchholz and its relatives are not for round robins (Art. 8 note).
    NotForRoundRobin(TieBreak),
    DuplicatePlayer(PlayerId),
    UnknownOpponent {
        player: PlayerId,
        round: u32,
        opponent: PlayerId,
    },
    MissingStartDate,
    BadStartDate(String),
    UnknownEdition(String),
    TieBreak(ParseTieBreakError),
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::NotForRoundRobin(tb) => write!(
                f,
                "{tb} is not for round robins (c.07 art. 8): everyone meets everyone, so each player's buchholz is only the total of all points minus their own; use sb, ks or de"
            ),
            StandingsError::DuplicatePlayer(id) => write!(f, "player {id} is listed twice"),
            StandingsError::UnknownOpponent {
                player,
                round,
                opponent,
            } => write!(
                f,
                "player {player} has opponent {opponent} in round {round}, who is not a player of the event (or is the player)"
            ),
            StandingsError::MissingStartDate => write!(
                f,
                "the tie-break rules are `auto` but the event has no start date: set the start date or choose 2026, 2024 or legacy"
            ),
            StandingsError::BadStartDate(d) => {
                write!(f, "start date `{d}` is not a date YYYY-MM-DD")
            }
            StandingsError::UnknownEdition(e) => write!(
                f,
                "unknown tie-break rules `{e}`: expected auto, 2026, 2024 or legacy"
            ),
            StandingsError::TieBreak(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StandingsError {}

impl From<ParseTieBreakError> for StandingsError {
    fn from(e: ParseTieBreakError) -> StandingsError {
        StandingsError::TieBreak(e)
    }
}

/// Ranks the event: points, then each tie-break of `tiebreaks` in order for the players
/// still tied (Art. 4.2), then lots with `options.lots`, or shared places.
pub fn standings(
    event: &EventResults,
    tiebreaks: &[TieBreak],
    options: &Options,
) -> Result<Standings, StandingsError> {
    event.check()?;
    if event.round_robin
        && let Some(tb) = tiebreaks.iter().find(|tb| tb.code.buchholz_family())
    {
        return Err(StandingsError::NotForRoundRobin(*tb));
    }
    let index: HashMap<PlayerId, usize> = event
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.player.id, i))
        .collect();
    let index_of = |id: PlayerId| index[&id];
    let annulled = compute::annulled_players(event);
    let edition = options.edition;
    let engine = Engine::new(event, edition, options, &index_of, &annulled, false);
    let fore = Engine::new(event, edition, options, &index_of, &annulled, true);
    let count = event.entries.len();

    // Values of every tie-break but DE.
    let mut workings: Vec<Vec<Working>> = vec![Vec::with_capacity(tiebreaks.len()); count];
    for (p, slot) in workings.iter_mut().enumerate() {
        for &tb in tiebreaks {
            let working = engine.evaluate(p, tb, &fore);
            slot.push(working);
        }
    }

    // Rank: groups of equal points, split by each tie-break in turn.
    let ranked: Vec<usize> = (0..count).filter(|&p| !annulled[p]).collect();
    let mut sorted = ranked.clone();
    sorted.sort_by(|&a, &b| {
        engine.score[b]
            .cmp(&engine.score[a])
            .then(event.entries[a].player.id.cmp(&event.entries[b].player.id))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for p in sorted {
        match groups.last_mut() {
            Some(g) if engine.score[g[0]] == engine.score[p] => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut decided: Vec<Decider> = vec![Decider::Points; count];
    for (t, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for group in groups {
            if group.len() == 1 {
                next.push(group);
                continue;
            }
            let parts = if tb.code == Code::De {
                let parts = direct::order(&engine, &group, tb.forfeits_played);
                let mut place = 1;
                for part in &parts {
                    for &p in part {
                        workings[p][t].value = Some(Value::int(place));
                        workings[p][t].note = Some(format!(
                            "place {place} of {} tied players by direct encounter",
                            group.len()
                        ));
                    }
                    place += part.len() as i64;
                }
                parts
            } else {
                split_by(&group, |p| workings[p][t].value, tb.ascending())
            };
            if parts.len() > 1 {
                for part in &parts {
                    if part.len() == 1 {
                        decided[part[0]] = Decider::TieBreak(t);
                    }
                }
            }
            next.extend(parts);
        }
        groups = next;
    }
    let lot_keys: Option<HashMap<usize, u64>> = options.lots.map(|seed| {
        let mut by_id: Vec<usize> = (0..count).collect();
        by_id.sort_by_key(|&p| event.entries[p].player.id);
        let mut rng = SplitMix64::new(seed);
        by_id.into_iter().map(|p| (p, rng.next_u64())).collect()
    });
    let mut order: Vec<(u32, usize)> = Vec::new();
    for group in groups {
        let start = order.len() as u32 + 1;
        if group.len() == 1 {
            order.push((start, group[0]));
            continue;
        }
        match &lot_keys {
            Some(keys) => {
                let mut g = group.clone();
                g.sort_by_key(|p| keys[p]);
                for (k, p) in g.into_iter().enumerate() {
                    decided[p] = Decider::Lots;
                    order.push((start + k as u32, p));
                }
            }
            None => {
                let mut g = group.clone();
                g.sort_by_key(|&p| event.entries[p].player.id);
                for p in g {
                    decided[p] = Decider::Shared;
                    order.push((start, p));
                }
            }
        }
    }

    let rows: Vec<Row> = order
        .iter()
        .map(|&(rank, p)| Row {
            rank,
            player: event.entries[p].player.clone(),
            points: Points(engine.rounds[p].iter().map(|r| r.points.0).sum()),
            values: workings[p].iter().map(|w| w.value).collect(),
            decided_by: decided[p],
        })
        .collect();
    let positions: HashMap<PlayerId, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (row.player.id, i))
        .collect();
    let rank_of: HashMap<usize, u32> = order.iter().map(|&(r, p)| (p, r)).collect();
    let mut explanations = HashMap::new();
    for p in (0..count).filter(|_| options.explain) {
        let lines = (0..engine.n)
            .map(|r| {
                let cell = event.entries[p].rounds.get(r);
                let round = engine.rounds[p][r];
                let opponent = cell.and_then(|c| c.result.opponent());
                let opp = opponent.map(index_of);
                let own_side = match round.slot {
                    compute::Slot::Game { .. } | compute::Slot::Void => None,
                    compute::Slot::Forfeit { .. } if engine.rr => None,
                    _ if engine.rr => None,
                    _ => Some(engine.own_side(p, r)),
                };
                RoundLine {
                    round: r as u32 + 1,
                    result: cell.map(|c| c.result),
                    points: round.points,
                    pending: cell.is_some_and(|c| c.pending),
                    annulled: opp.is_some_and(|o| annulled[o]),
                    category: if engine.rr || edition == Edition::Legacy {
                        None
                    } else {
                        engine.category[p][r]
                    },
                    opponent,
                    opponent_score: opp.map(|o| engine.score[o]),
                    opponent_adjusted: opp.map(|o| engine.adjusted[o]),
                    own_side,
                }
            })
            .collect();
        explanations.insert(
            event.entries[p].player.id,
            Explanation {
                player: event.entries[p].player.id,
                edition,
                points: Points(engine.rounds[p].iter().map(|r| r.points.0).sum()),
                rank: rank_of.get(&p).copied().unwrap_or(0),
                decided_by: decided[p],
                rounds: lines,
                tiebreaks: tiebreaks
                    .iter()
                    .copied()
                    .zip(std::mem::take(&mut workings[p]))
                    .collect(),
            },
        );
    }
    let dropped = tiebreaks
        .iter()
        .filter(|tb| tb.code.rating_based() && engine.ratings_dropped())
        .map(|&tb| {
            (
                tb,
                "unrated players are present and no rule for them was given (c.07 art. 10)"
                    .to_owned(),
            )
        })
        .collect();
    let any_withdrawn = event.entries.iter().any(|e| e.withdrawn_from.is_some());
    Ok(Standings {
        edition,
        tiebreaks: tiebreaks.to_vec(),
        rows,
        rounds: event.rounds,
        withdrawals: (event.round_robin && any_withdrawn).then_some(event.withdrawals),
        annulled: (0..count)
            .filter(|&p| annulled[p])
            .map(|p| event.entries[p].player.id)
            .collect(),
        dropped,
        lots: options.lots,
        explanations,
        positions,
    })
}

/// Splits a group by a value: best first (highest, or lowest when `ascending`), undefined
/// values after every defined one.
fn split_by(
    group: &[usize],
    value: impl Fn(usize) -> Option<Value>,
    ascending: bool,
) -> Vec<Vec<usize>> {
    let key = |p: usize| -> (bool, Option<Value>) { (value(p).is_none(), value(p)) };
    let mut g = group.to_vec();
    g.sort_by(|&a, &b| {
        let (ua, va) = key(a);
        let (ub, vb) = key(b);
        ua.cmp(&ub)
            .then_with(|| if ascending { va.cmp(&vb) } else { vb.cmp(&va) })
    });
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for p in g {
        match parts.last_mut() {
            Some(part) if value(part[0]) == value(p) => part.push(p),
            _ => parts.push(vec![p]),
        }
    }
    parts
}

/// One player ranked differently by two editions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankDifference {
    pub player: PlayerId,
    pub first: u32,
    pub second: u32,
}

/// The event ranked under two editions, and the players whose rank differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideBySide {
    pub first: Standings,
    pub second: Standings,
    pub differences: Vec<RankDifference>,
}

/// Ranks `event` under `first` and `second` (everything else from `options`) and lists the
/// players whose rank differs, in the order of the first standings.
pub fn side_by_side(
    event: &EventResults,
    tiebreaks: &[TieBreak],
    options: &Options,
    first: Edition,
    second: Edition,
) -> Result<SideBySide, StandingsError> {
    let a = standings(
        event,
        tiebreaks,
        &Options {
            edition: first,
            ..*options
        },
    )?;
    let b = standings(
        event,
        tiebreaks,
        &Options {
            edition: second,
            ..*options
        },
    )?;
    let differences = a
        .rows
        .iter()
        .filter_map(|row| {
            let other = b.row(row.player.id)?;
            (other.rank != row.rank).then_some(RankDifference {
                player: row.player.id,
                first: row.rank,
                second: other.rank,
            })
        })
        .collect();
    Ok(SideBySide {
        first: a,
        second: b,
        differences,
    })
}
