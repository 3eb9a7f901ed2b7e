//! Pairing engines: pure functions from a tournament's history to the next round's boards.
//!
//! - [`dutch`]: the FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.
//! - [`berger`]: round robins by the Berger tables of C.05 Annex 1.
//!
//! [`PairingInput`] is the state before a round, as plain data: the engines read nothing else.
//! [`Pairing`] is what they give back.

pub mod baku;
pub mod berger;
pub mod checker;
pub mod dutch;
pub mod generate;

use std::fmt;

use crate::chess::Color;
use crate::tournament::{PlayerId, Points, RoundResult};
use crate::trf::{Acceleration, AccelerationError, EventRecords, PointValues, RecordKind, Trf};

/// One player as a pairing engine sees them before a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingPlayer {
    /// The pairing number (starting rank, TPN).
    pub id: PlayerId,
    pub rating: Option<u16>,
    /// What happened in rounds 1, 2, ... before the round to pair; index 0 is round 1.
    pub history: Vec<RoundResult>,
    /// False for a withdrawn player and for one with a requested bye or known absence in the
    /// round to pair.
    pub available: bool,
    /// Virtual points of an accelerated system (C.04.7) per round; index 0 is round 1. They
    /// change the pairing score only, never the standings.
    pub acceleration: Vec<Points>,
}

/// The state of an event before the round to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingInput {
    /// The round to pair, from 1.
    pub round: u32,
    /// The number of rounds the event plans, when known: the last round has topscorers.
    pub planned_rounds: Option<u32>,
    /// The colour drawn by lot for the top player of round 1 (C.04.3 5.2.5, TRF `152`/`XXC`).
    pub initial_colour: Color,
    /// The points each kind of result is worth in this event.
    pub values: PointValues,
    /// Every player of the event, in any order; [`PairingPlayer::available`] says who is paired.
    pub players: Vec<PairingPlayer>,
    /// Pairs that must not meet (TRF `260`, `XXP`), an absolute criterion like C1.
    pub prohibited: Vec<(PlayerId, PlayerId)>,
}

/// One board: who has White and who Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: PlayerId,
    pub black: PlayerId,
}

/// A round's pairing: boards in board order, and the pairing-allocated bye if the field is odd.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    pub boards: Vec<Board>,
    pub bye: Option<PlayerId>,
}

/// Why no pairing was produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoPairing {
    pub reason: String,
}

impl fmt::Display for NoPairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no legal pairing exists: {}", self.reason)
    }
}

impl std::error::Error for NoPairing {}

/// Why a report cannot be read as the state before a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// Rounds are numbered from 1.
    RoundZero,
    /// A record names a player the report does not have.
    UnknownPlayer { record: String, id: u16 },
    /// A `240`, `260` or `XXP` record whose numbers cannot be read.
    BadRecord { record: String },
    /// A `250` or `XXA` record that no reading fits (a report read from text is refused
    /// earlier, with its line).
    Acceleration {
        record: String,
        error: AccelerationError,
    },
    /// `192` names the Baku method, whose virtual points are a win's and a draw's, but the
    /// report's points are not those it asks for (a win worth two draws, a loss nothing).
    BakuPoints { values: PointValues },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::RoundZero => write!(f, "rounds are numbered from 1"),
            InputError::UnknownPlayer { record, id } => {
                write!(
                    f,
                    "record `{record}` names player {id}, who is not in the report"
                )
            }
            InputError::BadRecord { record } => write!(f, "record `{record}` cannot be read"),
            InputError::Acceleration { record, error } => write!(
                f,
                "acceleration record `{record}`, column {}: {error}",
                error.column
            ),
            InputError::BakuPoints { values } => write!(
                f,
                "record 192 names the Baku method (C.04.7), which needs a win worth two draws and a loss worth nothing; this report scores a win {}, a draw {} and a loss {}",
                values.win, values.draw, values.loss
            ),
        }
    }
}

impl std::error::Error for InputError {}

impl PairingInput {
    /// The state before `round` in a report: only rounds before it count, so a complete event
    /// can be cut at any round and paired again. A player whose column for `round` holds a
    /// requested bye (`H`, `F`, `Z`) or an absence (blank, `0000 - -`) is not available, nor is
    /// one named in a `240` record for that round; when the report already holds games of
    /// `round`, a player without a column for it is absent too (a withdrawal).
    pub fn from_trf(trf: &Trf, round: u32) -> Result<PairingInput, InputError> {
        if round == 0 {
            return Err(InputError::RoundZero);
        }
        let r = round as usize;
        // A report that already holds the round's games (a complete event cut for re-pairing)
        // leaves withdrawn players' columns empty; a report made for pairing the round holds
        // requested byes at most.
        let round_written = trf.players.iter().any(|p| {
            matches!(
                p.rounds.get(r - 1).and_then(|c| c.result()),
                Some(
                    RoundResult::Played { .. }
                        | RoundResult::Forfeit { .. }
                        | RoundResult::PairingAllocatedBye
                )
            )
        });
        let mut players: Vec<PairingPlayer> = trf
            .players
            .iter()
            .map(|p| {
                let history = (0..r - 1)
                    .map(|i| {
                        p.rounds
                            .get(i)
                            .and_then(|c| c.result())
                            .unwrap_or(RoundResult::Absent)
                    })
                    .collect();
                let available = match p.rounds.get(r - 1).and_then(|c| c.result()) {
                    Some(
                        RoundResult::Played { .. }
                        | RoundResult::Forfeit { .. }
                        | RoundResult::PairingAllocatedBye,
                    ) => true,
                    Some(_) => false,
                    None => !round_written,
                };
                PairingPlayer {
                    id: p.player.id,
                    rating: p.player.rating,
                    history,
                    available,
                    acceleration: Vec::new(),
                }
            })
            .collect();
        players.sort_by_key(|p| p.id);
        let index = |players: &[PairingPlayer], id: u16, line: &str| {
            players
                .binary_search_by_key(&PlayerId(id), |p| p.id)
                .map_err(|_| InputError::UnknownPlayer {
                    record: line.to_owned(),
                    id,
                })
        };
        let bad = |line: &str| InputError::BadRecord {
            record: line.to_owned(),
        };
        let mut prohibited = Vec::new();
        // `250` and `XXA` records, when present, override an acceleration named in `192`
        // (TRF-2026, record 250).
        let mut explicit = false;
        let mut accelerations: Vec<Acceleration> = Vec::new();
        let records = EventRecords::of(trf);
        for record in &records.records {
            let line = record.line.as_str();
            let accelerated = |error: &AccelerationError| InputError::Acceleration {
                record: line.to_owned(),
                error: error.clone(),
            };
            match &record.kind {
                RecordKind::Bye(request) => {
                    let request = request.as_ref().ok_or_else(|| bad(line))?;
                    if request.round == round {
                        for &id in &request.players {
                            let i = index(&players, id, line)?;
                            players[i].available = false;
                        }
                    }
                }
                RecordKind::Prohibition(prohibition) => {
                    let prohibition = prohibition.as_ref().ok_or_else(|| bad(line))?;
                    if prohibition.applies(round) {
                        let ids = &prohibition.players;
                        for (k, &a) in ids.iter().enumerate() {
                            index(&players, a, line)?;
                            for &b in &ids[k + 1..] {
                                prohibited.push((PlayerId(a), PlayerId(b)));
                            }
                        }
                    }
                }
                RecordKind::PlayerAcceleration(read) => {
                    let read = read.as_ref().map_err(accelerated)?;
                    let i = index(&players, read.player, line)?;
                    players[i].acceleration = read.points.clone();
                    explicit = true;
                }
                RecordKind::Acceleration(read) => {
                    let read = read.as_ref().map_err(accelerated)?;
                    // A record with match points only accelerates teams (TRF-2026: match
                    // points are blank for individuals); the games of individuals have
                    // nothing to add it to.
                    if read.game_points.is_some() {
                        explicit = true;
                        accelerations.push(*read);
                    }
                }
                _ => {}
            }
        }
        let values = records.point_values;
        if !explicit && baku::named_in(&records) {
            if !baku::fits(&values) {
                return Err(InputError::BakuPoints { values });
            }
            let last = u16::try_from(baku::group_size(trf.players.len())).unwrap_or(u16::MAX);
            accelerations = baku::records(last, baku_rounds(trf, round), &values);
        }
        for record in &accelerations {
            let Some(points) = record.game_points else {
                continue;
            };
            for p in players.iter_mut() {
                for rr in record.first_round..=record.last_round {
                    if !record.covers(p.id.0, rr) {
                        continue;
                    }
                    let k = rr as usize - 1;
                    if p.acceleration.len() <= k {
                        p.acceleration.resize(k + 1, Points::ZERO);
                    }
                    p.acceleration[k] = p.acceleration[k] + points;
                }
            }
        }
        // White when nothing tells: no round has a colour yet (`pairing dutch` refuses to pair
        // round 1 so, before it gets here).
        let initial_colour = records
            .initial_colour
            .or_else(|| inferred_initial_colour(trf))
            .unwrap_or(Color::White);
        Ok(PairingInput {
            round,
            planned_rounds: records.rounds,
            initial_colour,
            values,
            players,
            prohibited,
        })
    }
}

/// The number of rounds the Baku method is computed for: the planned rounds (`XXR`, `142`).
/// The method accelerates the first half of the planned rounds, so without their number a
/// report cannot say which rounds it accelerates; the rounds the report holds (and the one
/// to pair, if later) are then taken as all of them, the reference engine's convention for a
/// report without `XXR` ([`baku_rounds_unknown`] says so in words).
pub fn baku_rounds(trf: &Trf, round: u32) -> u32 {
    trf.rounds.unwrap_or_else(|| {
        let held = trf
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        u32::try_from(held).unwrap_or(u32::MAX).max(round)
    })
}

/// The warning for a report whose `192` names the Baku method without a number of rounds
/// (`XXR`, `142`), as [`baku_rounds`] decides it for pairing `round`; `None` when there is
/// nothing to say.
pub fn baku_rounds_unknown(trf: &Trf, round: u32) -> Option<String> {
    // As `PairingInput::from_trf` reads them: a 250 with match points only accelerates
    // teams and leaves the 192 in force.
    let records = EventRecords::of(trf);
    let explicit = records.records.iter().any(|r| match &r.kind {
        RecordKind::PlayerAcceleration(_) => true,
        RecordKind::Acceleration(read) => read.as_ref().is_ok_and(|r| r.game_points.is_some()),
        _ => false,
    });
    if records.rounds.is_some() || explicit || !baku::named_in(&records) {
        return None;
    }
    let assumed = baku_rounds(trf, round);
    Some(format!(
        "record 192 names the Baku method (C.04.7), which accelerates the first half of the planned rounds, but the report does not give their number (XXR or 142): its accelerated rounds are reckoned for {} (the rounds the report holds, with the round to pair); add XXR or 142",
        if assumed == 1 {
            "1 round".to_owned()
        } else {
            format!("{assumed} rounds")
        }
    ))
}

/// The initial colour a report implies when it has no `152`/`XXC` record, read back the way
/// the reference engine (bbpPairings v6) applies it, so that its files re-pair as it paired
/// them: in the first round F in which anybody has a colour, take the players who took part
/// in the pairing of round F or before (paired, or given the pairing-allocated bye, or with an
/// opponent earlier), in pairing number order; the k-th of them (from 0) with a colour in round
/// F had the initial colour if k is even and the other one if k is odd. This is rule 5.2.5
/// read backwards with the numbers the engine gives it ([`dutch`] counts the same players), and
/// it is why the top-ranked player sitting out round 1 does not turn the colour round: the
/// next player is then number 1. None when no round has a colour yet (round 1 still to pair).
pub fn inferred_initial_colour(trf: &Trf) -> Option<Color> {
    let colour_of = |r: &crate::trf::TrfRound| -> Option<Color> {
        r.opponent?;
        match r.colour.to_ascii_lowercase() {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    };
    let first = trf
        .players
        .iter()
        .filter_map(|p| p.rounds.iter().position(|r| colour_of(r).is_some()))
        .min()?;
    let mut took_part: Vec<(PlayerId, Option<Color>)> = trf
        .players
        .iter()
        .filter(|p| {
            p.rounds.iter().take(first).any(|r| r.opponent.is_some())
                // Paired (a game in progress, its result still blank, counts too) or
                // given the pairing-allocated bye.
                || p.rounds.get(first).is_some_and(|r| {
                    r.opponent.is_some()
                        || matches!(r.result(), Some(RoundResult::PairingAllocatedBye))
                })
        })
        .map(|p| (p.player.id, p.rounds.get(first).and_then(colour_of)))
        .collect();
    took_part.sort_by_key(|(id, _)| *id);
    took_part
        .iter()
        .enumerate()
        .find_map(|(k, (_, colour))| colour.map(|c| if k % 2 == 0 { c } else { !c }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report of round 1 only: `games` as (player, opponent, colour, result) from the first
    /// player's side, and the players who sat it out with a half-point bye.
    fn round_one(players: u16, games: &[(u16, u16, char, char)], byes: &[u16]) -> Trf {
        let mut text = String::new();
        for id in 1..=players {
            let column = if let Some(&(_, o, c, r)) = games.iter().find(|g| g.0 == id) {
                format!("{o:>4} {c} {r}")
            } else if let Some(&(p, _, c, r)) = games.iter().find(|g| g.1 == id) {
                let other = |x: char, a: char, b: char| if x == a { b } else { a };
                let r = match r {
                    '1' => '0',
                    '0' => '1',
                    '+' => '-',
                    '-' => '+',
                    x => x,
                };
                let c = if c == '-' { '-' } else { other(c, 'w', 'b') };
                format!("{p:>4} {c} {r}")
            } else if byes.contains(&id) {
                "0000 - H".to_owned()
            } else {
                "0000 - U".to_owned()
            };
            // Columns 1-3 record, 5-8 number, 15-47 name, 49-52 rating, 81-84 points, then
            // round 1 at 92-99.
            let name = format!("Player {id}");
            let rating = 2400 - id;
            text.push_str(&format!(
                "001 {id:>4}      {name:<33} {rating:>4}{:28}{:>4}{:7}{column}\n",
                "", "0.0", ""
            ));
        }
        crate::trf::parse(&text).expect("hand-written report").0
    }

    /// The top-ranked player sat out round 1: player 2 was number 1 of those paired, so his
    /// colour is the initial one. Observed with the reference engine (bbpPairings v6): its
    /// checker accepts such a round 1 (2 Black against 4, 3 White against 5) without `XXC`
    /// and with `XXC black1`, and refuses it with `XXC white1`.
    #[test]
    fn the_initial_colour_skips_a_top_player_who_sat_out_round_one() {
        let trf = round_one(5, &[(2, 4, 'b', '1'), (3, 5, 'w', '=')], &[1]);
        assert_eq!(inferred_initial_colour(&trf), Some(Color::Black));
    }

    /// The first player paired has no colour (a forfeit written without colours): the next
    /// one's colour, reversed, since rule 5.2.5 gave number 2 the other colour. The reference
    /// engine's checker accepted such a round 1 as Black with 3 White (the experiment above,
    /// player 2's game turned into a forfeit).
    #[test]
    fn a_colourless_first_game_reads_the_next_player_reversed() {
        let trf = round_one(5, &[(1, 4, '-', '+'), (2, 5, 'w', '=')], &[3]);
        assert_eq!(inferred_initial_colour(&trf), Some(Color::Black));
        let trf = round_one(4, &[(1, 3, 'b', '1'), (2, 4, 'w', '0')], &[]);
        assert_eq!(inferred_initial_colour(&trf), Some(Color::Black));
    }

    /// A game still in progress (its result blank) is a game of the round: its players count
    /// for 5.2.5 as any others (the reviewer's case: player 1 Black against 3, result not
    /// in yet, and 2 White against 4 gives Black, not White).
    #[test]
    fn a_game_in_progress_counts_for_the_initial_colour() {
        let trf = round_one(4, &[(1, 3, 'b', ' '), (2, 4, 'w', '1')], &[]);
        assert_eq!(inferred_initial_colour(&trf), Some(Color::Black));
    }

    #[test]
    fn no_colour_recorded_infers_nothing() {
        let trf = round_one(3, &[], &[1, 2, 3]);
        assert_eq!(inferred_initial_colour(&trf), None);
    }

    /// A report of `n` players and no rounds, with the given records.
    fn report(n: u16, records: &[&str]) -> Trf {
        let mut text: String = records.iter().map(|r| format!("{r}\n")).collect();
        for id in 1..=n {
            text.push_str(&format!(
                "001 {id:>4} m    Player {id:<26} {:>4}\n",
                2400 - 10 * id
            ));
        }
        crate::trf::parse(&text).unwrap().0
    }

    fn virtual_points(input: &PairingInput) -> Vec<String> {
        input
            .players
            .iter()
            .map(|p| {
                p.acceleration
                    .first()
                    .copied()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn record_192_gives_group_a_by_the_text_and_250_records_override_it() {
        // C.04.7: 10 players, group A = 2 x ceil(10/4) = 6 (the reference engine's built-in
        // Baku: ceil(10/2) = 5); round 1 is worth a win.
        let trf = report(10, &["142 9", "192 FIDE_DUTCH_BAKU"]);
        let input = PairingInput::from_trf(&trf, 1).unwrap();
        let mut expected = vec!["1.0"; 6];
        expected.extend(["0.0"; 4]);
        assert_eq!(virtual_points(&input), expected);
        // Nine rounds: a win in rounds 1-3, a draw in 4-5.
        let rounds: Vec<String> = input.players[0]
            .acceleration
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(rounds, ["1.0", "1.0", "1.0", "0.5", "0.5"]);
        // A 250 record overrides the 192 (TRF-2026, record 250).
        let trf = report(
            10,
            &[
                "142 9",
                "192 FIDE_DUTCH_BAKU",
                "250       1.0   1   1    1    2",
            ],
        );
        let input = PairingInput::from_trf(&trf, 1).unwrap();
        let mut expected = vec!["1.0"; 2];
        expected.extend(["0.0"; 8]);
        assert_eq!(virtual_points(&input), expected);
    }

    #[test]
    fn record_192_baku_needs_a_win_worth_two_draws() {
        // Three points a win, one a draw (162: W 3.0, D 1.0): not the method's scoring.
        let trf = report(8, &["142 5", "192 FIDE_DUTCH_BAKU", "162  W 3.0    D 1.0"]);
        assert!(matches!(
            PairingInput::from_trf(&trf, 1),
            Err(InputError::BakuPoints { .. })
        ));
    }
}
