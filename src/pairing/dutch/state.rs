//! What the Dutch rules need to know about each player before a round: pairing score, colour
//! history and preference, floats, bye eligibility, topscorer status.

use crate::chess::Color;
use crate::tournament::{PlayerId, RoundResult};

use super::super::PairingInput;

/// The strength of a colour preference (C.04.3 1.6.2), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// A colour preference: the colour wanted, and how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    pub colour: Color,
    pub strength: Strength,
}

/// A float received in an earlier round (C.04.3 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Float {
    #[default]
    None,
    Down,
    Up,
}

/// One player to pair, with everything the criteria read.
#[derive(Debug, Clone)]
pub struct Entrant {
    pub id: PlayerId,
    /// The number whose parity colour rule 5.2.5 reads (1-based): the pairing number
    /// counted without the absent players who have not met an opponent yet, as the reference
    /// engine counts (in round 1, the present players).
    pub number: u32,
    /// The pairing score in tenths: points so far plus this round's acceleration.
    pub score: i32,
    /// The real score in tenths, for the board order.
    pub real: i32,
    /// Colours of the games actually played, oldest first. Unplayed rounds are left out,
    /// which is C.04.2 3.4's "moved to the front" for every use the rules make of it.
    pub colours: Vec<Color>,
    pub preference: Option<Preference>,
    /// Floats of the previous round and of the round before it (tournament rounds).
    pub float1: Float,
    pub float2: Float,
    /// C2: already had a pairing-allocated bye or a win's points without playing.
    pub bye_barred: bool,
    /// C9: rounds in which the player did not play a game.
    pub unplayed: u32,
    /// C.04.3 1.7: only when pairing the last round.
    pub topscorer: bool,
    /// Opponents met over the board (C1: forfeits and byes are no meeting), sorted.
    pub met: Vec<PlayerId>,
}

impl Entrant {
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if c.is_white() { 1 } else { -1 })
            .sum()
    }
}

/// The colour preference of C.04.3 1.6.2 from the played colours (oldest first).
pub fn preference(colours: &[Color]) -> Option<Preference> {
    let last = *colours.last()?;
    let cd: i32 = colours
        .iter()
        .map(|c| if c.is_white() { 1 } else { -1 })
        .sum();
    let pref = |colour, strength| Some(Preference { colour, strength });
    // 1.6.2.1: absolute when the difference is beyond one, or the last two games had the
    // same colour; the difference decides the colour first.
    if cd > 1 {
        return pref(Color::Black, Strength::Absolute);
    }
    if cd < -1 {
        return pref(Color::White, Strength::Absolute);
    }
    let n = colours.len();
    if n >= 2 && colours[n - 2] == last {
        return pref(!last, Strength::Absolute);
    }
    // 1.6.2.2: strong towards balance; 1.6.2.3: mild, alternating from the last game.
    match cd {
        1 => pref(Color::Black, Strength::Strong),
        -1 => pref(Color::White, Strength::Strong),
        _ => pref(!last, Strength::Mild),
    }
}

/// The pairing score of every player of `input` before round `round` (1-based), indexed like
/// `input.players`, including that round's acceleration.
fn scores_before(input: &PairingInput, round: usize) -> Vec<i32> {
    input
        .players
        .iter()
        .map(|p| {
            let played: i32 = p
                .history
                .iter()
                .take(round - 1)
                .map(|&r| input.values.points(r).0)
                .sum();
            let virtual_points = p.acceleration.get(round - 1).map_or(0, |v| v.0);
            played + virtual_points
        })
        .collect()
}

/// Builds the entrants (available players only) of `input`, in pairing number order.
pub fn entrants(input: &PairingInput) -> Vec<Entrant> {
    let round = input.round as usize;
    let index_of = |id: PlayerId| input.players.iter().position(|p| p.id == id);
    // Scores before each earlier round, for the floats of those rounds (1.4.2).
    let before: Vec<Vec<i32>> = (1..=round).map(|r| scores_before(input, r)).collect();
    let final_round = input.planned_rounds == Some(input.round);
    let values = input.values;
    let mut out: Vec<Entrant> = input
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.available)
        .map(|(i, p)| {
            let history = &p.history[..p.history.len().min(round - 1)];
            let float_of = |q: usize| -> Float {
                // Round q (1-based) of the history.
                let Some(&result) = history.get(q - 1) else {
                    return Float::None;
                };
                match result {
                    RoundResult::Played { opponent, .. } => {
                        let Some(j) = index_of(opponent) else {
                            return Float::None;
                        };
                        let (mine, theirs) = (before[q - 1][i], before[q - 1][j]);
                        match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => Float::Down,
                            std::cmp::Ordering::Less => Float::Up,
                            std::cmp::Ordering::Equal => Float::None,
                        }
                    }
                    // 1.4.3: scoring more than a loss without playing is a downfloat; the
                    // pairing-allocated bye is one of those.
                    RoundResult::PairingAllocatedBye => Float::Down,
                    other if values.points(other) > values.loss => Float::Down,
                    _ => Float::None,
                }
            };
            let colours: Vec<Color> = history
                .iter()
                .filter_map(|r| match r {
                    RoundResult::Played { color, .. } => Some(*color),
                    _ => None,
                })
                .collect();
            let mut met: Vec<PlayerId> = history
                .iter()
                .filter_map(|r| match r {
                    RoundResult::Played { opponent, .. } => Some(*opponent),
                    _ => None,
                })
                .collect();
            met.sort();
            let bye_barred = history.iter().any(|&r| match r {
                RoundResult::PairingAllocatedBye => true,
                RoundResult::Played { .. } => false,
                other => values.points(other) >= values.win && values.win > values.loss,
            });
            let unplayed = history
                .iter()
                .filter(|r| !matches!(r, RoundResult::Played { .. }))
                .count() as u32;
            let real: i32 = history.iter().map(|&r| values.points(r).0).sum();
            let score = before[round - 1][i];
            let completed = (round - 1) as i32;
            // 1.7: more than half the maximum possible score, only before the last round.
            let topscorer = final_round && 2 * score > completed * values.win.0;
            let q = round;
            Entrant {
                id: p.id,
                number: 0,
                score,
                real,
                preference: preference(&colours),
                colours,
                float1: if q >= 2 { float_of(q - 1) } else { Float::None },
                float2: if q >= 3 { float_of(q - 2) } else { Float::None },
                bye_barred,
                unplayed,
                topscorer,
                met,
            }
        })
        .collect();
    out.sort_by_key(|e| e.id);
    // Rule 5.2.5's numbers, as the reference engine counts them: players absent from this
    // round who have not met an opponent yet (over the board or by forfeit) are left out.
    let mut counted: Vec<PlayerId> = input
        .players
        .iter()
        .filter(|p| {
            p.available
                || p.history
                    .iter()
                    .take(round - 1)
                    .any(|r| r.opponent().is_some())
        })
        .map(|p| p.id)
        .collect();
    counted.sort();
    for e in out.iter_mut() {
        e.number = counted.partition_point(|&id| id < e.id) as u32 + 1;
    }
    out
}
