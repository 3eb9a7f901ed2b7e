//! Pairing engines: pure functions from a tournament's history to the next round's boards.
//!
//! - [`dutch`]: the FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.
//! - [`berger`]: round robins by the Berger tables of C.05 Annex 1.
//!
//! [`PairingInput`] is the state before a round, as plain data: the engines read nothing else.
//! [`Pairing`] is what they give back.

pub mod berger;
pub mod checker;
pub mod dutch;
pub mod generate;

use std::fmt;

use crate::chess::Color;
use crate::tournament::{PlayerId, Points, RoundResult};
use crate::trf::{PointValues, Trf};

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
    /// A `240`, `250`, `260`, `XXA` or `XXP` record whose numbers cannot be read.
    BadRecord { record: String },
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
        }
    }
}

impl std::error::Error for InputError {}

/// Columns `from..=to` (1-based) of a record, trimmed: the TRF module's reader, so that the
/// pairing input and the store read every record alike.
fn columns(line: &str, from: usize, to: usize) -> String {
    crate::trf::columns(line, from, to)
}

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
                    // A player at 5-8, then virtual points for rounds 1, 2, ... every 5 columns.
                    let id: u16 = columns(line, 5, 8).parse().map_err(|_| bad(line))?;
                    let i = index(&players, id, line)?;
                    let points = line
                        .get(9..)
                        .unwrap_or("")
                        .split_whitespace()
                        .map(|t| t.parse::<Points>().map_err(|_| bad(line)))
                        .collect::<Result<Vec<_>, _>>()?;
                    players[i].acceleration = points;
                }
                "250" => {
                    // Game points at 10-13 for rounds 15-17..19-21 and players 23-26..28-31.
                    let points: Points = columns(line, 10, 13).parse().map_err(|_| bad(line))?;
                    let number = |from, to| columns(line, from, to).parse::<u32>();
                    let (Ok(r1), Ok(r2), Ok(p1), Ok(p2)) = (
                        number(15, 17),
                        number(19, 21),
                        number(23, 26),
                        number(28, 31),
                    ) else {
                        return Err(bad(line));
                    };
                    for p in players.iter_mut() {
                        let id = u32::from(p.id.0);
                        if p1 <= id && id <= p2 {
                            for rr in r1..=r2 {
                                let k = rr as usize - 1;
                                if p.acceleration.len() <= k {
                                    p.acceleration.resize(k + 1, Points::ZERO);
                                }
                                p.acceleration[k] = p.acceleration[k] + points;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        // White when nothing tells: round 1 to pair without a drawn colour (the command line
        // refuses that case before it gets here).
        let initial_colour = trf
            .initial_colour
            .or_else(|| inferred_initial_colour(trf))
            .unwrap_or(Color::White);
        Ok(PairingInput {
            round,
            planned_rounds: trf.rounds,
            initial_colour,
            values: PointValues::of(trf),
            players,
            prohibited,
        })
    }
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
                || p.rounds.get(first).is_some_and(|r| {
                    matches!(
                        r.result(),
                        Some(
                            RoundResult::Played { .. }
                                | RoundResult::Forfeit { .. }
                                | RoundResult::PairingAllocatedBye
                        )
                    )
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

    #[test]
    fn no_colour_recorded_infers_nothing() {
        let trf = round_one(3, &[], &[1, 2, 3]);
        assert_eq!(inferred_initial_colour(&trf), None);
    }
}
