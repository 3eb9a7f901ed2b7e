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
use crate::trf::{Acceleration, AccelerationError, PlayerAcceleration, PointValues, Trf};

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
        for (code, line) in &trf.other {
            match code.as_str() {
                "240" => {
                    let request = crate::trf::ByeRequest::read(line).ok_or_else(|| bad(line))?;
                    if request.round == round {
                        for id in request.players {
                            let i = index(&players, id, line)?;
                            players[i].available = false;
                        }
                    }
                }
                "260" | "XXP" => {
                    let prohibition =
                        crate::trf::Prohibition::read(code, line).ok_or_else(|| bad(line))?;
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
                "XXA" => {
                    let read = PlayerAcceleration::read(line).map_err(|error| {
                        InputError::Acceleration {
                            record: line.to_owned(),
                            error,
                        }
                    })?;
                    let i = index(&players, read.player, line)?;
                    players[i].acceleration = read.points;
                    explicit = true;
                }
                "250" => {
                    let read =
                        Acceleration::read(line).map_err(|error| InputError::Acceleration {
                            record: line.to_owned(),
                            error,
                        })?;
                    // A record with match points only accelerates teams (TRF-2026: match
                    // points are blank for individuals); the games of individuals have
                    // nothing to add it to.
                    if read.game_points.is_some() {
                        explicit = true;
                        accelerations.push(read);
                    }
                }
                _ => {}
            }
        }
        let values = PointValues::of(trf);
        if !explicit && baku::named_by(trf) {
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
        let initial_colour = trf
            .initial_colour
            .unwrap_or_else(|| initial_colour_from_round_one(trf));
        Ok(PairingInput {
            round,
            planned_rounds: trf.rounds,
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
/// (`XXR`, `142`), as [`baku_rounds`] decides it; `None` when there is nothing to say.
pub fn baku_rounds_unknown(trf: &Trf) -> Option<String> {
    let explicit = trf
        .other
        .iter()
        .any(|(code, _)| code == "250" || code == "XXA");
    if trf.rounds.is_some() || explicit || !baku::named_by(trf) {
        return None;
    }
    Some(
        "record 192 names the Baku method (C.04.7), which accelerates the first half of the planned rounds, but the report does not give their number (XXR or 142): the rounds it holds, with the round to pair, are taken as all of them; add XXR or 142 if the event has more"
            .to_owned(),
    )
}

/// Without `152`/`XXC`, the initial colour is the one the top player paired in round 1 had
/// (he is number 1 of the players present, and 5.2.5 gives the initial colour to odd
/// numbers): read back from the round-1 column, White when there is none.
fn initial_colour_from_round_one(trf: &Trf) -> Color {
    trf.players
        .iter()
        .filter_map(|p| {
            let colour = p.rounds.first().and_then(|c| c.result())?.color()?;
            Some((p.player.id, colour))
        })
        .min_by_key(|(id, _)| *id)
        .map_or(Color::White, |(_, colour)| colour)
}

#[cfg(test)]
mod tests {
    use super::*;

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
