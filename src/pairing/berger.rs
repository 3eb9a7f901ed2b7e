//! Round robins by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! The tables are not stored: every round is computed from the rule that builds them, and the
//! tests check the result against the published tables (3 to 14 players) and against the
//! properties the tables guarantee for every size from 3 to 30.
//!
//! With `N` the table size (the number of players, plus one if odd) and `m = N - 1`, round
//! `r` (1 to `m`) of the table is:
//!
//! ```text
//! a = ((r - 1) * N/2) mod m + 1          the opponent of number N
//! board 1:      a - N if r is odd, N - a if r is even   (White first)
//! board k + 1:  ((a - 1 + k) mod m) + 1  -  ((a - 1 - k) mod m) + 1,   k = 1 .. N/2 - 1
//! ```
//!
//! Three rules of C.05 Annex 1 sit on top of the table (quoted as Chris Fox's "Berger Tables"
//! page reproduces the Annex; the project's spec, `berger.md` section 3, says the same):
//!
//! - "If there is an odd number of players, the highest number counts as a bye": number `N`
//!   is then nobody, and whoever the table pairs with it sits the round out. That is a free
//!   round ([`BergerRound::free`]), not a pairing-allocated bye: no game, no points.
//! - "If it is decided that players shall play each other twice, the fixture list will be
//!   repeated for the second half of the tournament with the black and white players
//!   reversed": round `m + r` is table round `r` with the colours swapped.
//! - "In this case, it is recommended that the last two rounds of the first half of the
//!   schedule be switched, in order to avoid giving a player three consecutive games with the
//!   same colour": in a double round robin, rounds `m - 1` and `m` of the first cycle are
//!   table rounds `m` and `m - 1`. The second cycle repeats the table in its own order (FIDE's
//!   `FIDE_DOUBLEROUNDROBIN`: the first cycle with its last two rounds reversed, then the
//!   table with reversed colours).
//!
//! Pairing numbers come from a drawing of lots before round 1: [`draw_lots`] makes one from a
//! seed, with the project's small portable generator
//! ([`SplitMix64`]), so that a logged seed gives the same draw on
//! every machine.

use std::fmt;

use super::generate::SplitMix64;

/// The smallest field a table is given for.
pub const MIN_PLAYERS: usize = 3;
/// The largest field a table is given for.
pub const MAX_PLAYERS: usize = 30;

/// What a round-robin request cannot be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BergerError {
    /// A field outside 3 to 30 players.
    Players(usize),
    /// A number of cycles other than 1 or 2.
    Cycles(u32),
    /// A round outside 1 to the number of rounds.
    Round { round: u32, rounds: u32 },
}

impl fmt::Display for BergerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BergerError::Players(n) => write!(
                f,
                "a berger table needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}"
            ),
            BergerError::Cycles(c) => {
                write!(f, "a round robin has 1 or 2 cycles, not {c}")
            }
            BergerError::Round { round, rounds } => {
                write!(f, "round {round} is outside 1 to {rounds}")
            }
        }
    }
}

impl std::error::Error for BergerError {}

/// One game of a round: pairing numbers (1-based), White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BergerBoard {
    /// The board number in the table (1-based). In an odd field board 1 is the free round,
    /// so the games are numbered from 2: the table's numbering stays the canonical one.
    pub board: usize,
    pub white: usize,
    pub black: usize,
}

/// One round of a round robin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BergerRound {
    /// The tournament round (1-based, counting through both cycles).
    pub round: u32,
    /// The games, in the table's board order.
    pub boards: Vec<BergerBoard>,
    /// In an odd field, the player the table pairs with the highest number, who does not play
    /// this round. Not a pairing-allocated bye: no game and no points.
    pub free: Option<usize>,
}

/// A round robin of `players` (3 to 30) over one or two cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundRobin {
    players: usize,
    cycles: u32,
}

impl RoundRobin {
    /// A round robin, or why not: 3 to 30 players, 1 or 2 cycles.
    pub fn new(players: usize, cycles: u32) -> Result<RoundRobin, BergerError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(BergerError::Players(players));
        }
        if !(1..=2).contains(&cycles) {
            return Err(BergerError::Cycles(cycles));
        }
        Ok(RoundRobin { players, cycles })
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn cycles(&self) -> u32 {
        self.cycles
    }

    /// The table used: the number of players, plus one for an odd field.
    pub fn table_size(&self) -> usize {
        self.players + self.players % 2
    }

    /// Rounds in one cycle: the table size less one.
    pub fn rounds_per_cycle(&self) -> u32 {
        (self.table_size() - 1) as u32
    }

    /// Rounds in the whole event.
    pub fn rounds(&self) -> u32 {
        self.rounds_per_cycle() * self.cycles
    }

    /// Which table round tournament round `round` plays, and whether with the colours
    /// reversed (second cycle). Rounds `m - 1` and `m` of the first cycle of a double round
    /// robin are switched, as C.05 Annex 1 recommends.
    pub fn table_round(&self, round: u32) -> Result<(u32, bool), BergerError> {
        let rounds = self.rounds();
        if !(1..=rounds).contains(&round) {
            return Err(BergerError::Round { round, rounds });
        }
        let m = self.rounds_per_cycle();
        if round > m {
            return Ok((round - m, true));
        }
        if self.cycles == 2 && m >= 2 {
            if round == m - 1 {
                return Ok((m, false));
            }
            if round == m {
                return Ok((m - 1, false));
            }
        }
        Ok((round, false))
    }

    /// Round `round` (1-based, through both cycles): the games in the table's board order and
    /// the free player of an odd field.
    pub fn round(&self, round: u32) -> Result<BergerRound, BergerError> {
        let (table_round, reversed) = self.table_round(round)?;
        let size = self.table_size();
        let mut boards = Vec::with_capacity(size / 2);
        let mut free = None;
        for (index, (white, black)) in table_pairs(size, table_round).into_iter().enumerate() {
            let (white, black) = if reversed {
                (black, white)
            } else {
                (white, black)
            };
            if white > self.players {
                free = Some(black);
            } else if black > self.players {
                free = Some(white);
            } else {
                boards.push(BergerBoard {
                    board: index + 1,
                    white,
                    black,
                });
            }
        }
        Ok(BergerRound {
            round,
            boards,
            free,
        })
    }

    /// Every round, in order.
    pub fn schedule(&self) -> Vec<BergerRound> {
        (1..=self.rounds())
            .map(|r| self.round(r).expect("rounds in range"))
            .collect()
    }
}

/// Round `r` (1 to `size - 1`) of the Berger table for an even `size`: (White, Black) per
/// board, in board order.
fn table_pairs(size: usize, r: u32) -> Vec<(usize, usize)> {
    debug_assert!(size >= 2 && size.is_multiple_of(2));
    let m = size - 1;
    let r = r as usize;
    let half = size / 2;
    // The opponent of number N: N/2 positions further each round.
    let a = ((r - 1) * half) % m + 1;
    let mut pairs = Vec::with_capacity(half);
    // N alternates: Black in odd rounds, White in even ones.
    pairs.push(if r % 2 == 1 { (a, size) } else { (size, a) });
    for k in 1..half {
        let white = (a - 1 + k) % m + 1;
        let black = (a - 1 + m - k) % m + 1;
        pairs.push((white, black));
    }
    pairs
}

/// A drawing of lots for `count` entrants: element `i` is the pairing number (1 to `count`)
/// drawn by the `i`-th entrant in the list. A Fisher-Yates shuffle of `1..=count` driven by
/// [`SplitMix64`] seeded with `seed`: the same seed gives the same draw on every machine, so
/// the caller logs the seed and the draw can be repeated in public.
pub fn draw_lots(count: usize, seed: u64) -> Vec<usize> {
    let mut numbers: Vec<usize> = (1..=count).collect();
    SplitMix64::new(seed).shuffle(&mut numbers);
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(rr: &RoundRobin, round: u32) -> Vec<(usize, usize)> {
        rr.round(round)
            .unwrap()
            .boards
            .iter()
            .map(|b| (b.white, b.black))
            .collect()
    }

    #[test]
    fn four_players_as_published() {
        // C.05 Annex 1, "3 or 4 players": 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
        let rr = RoundRobin::new(4, 1).unwrap();
        assert_eq!(pairs(&rr, 1), [(1, 4), (2, 3)]);
        assert_eq!(pairs(&rr, 2), [(4, 3), (1, 2)]);
        assert_eq!(pairs(&rr, 3), [(2, 4), (3, 1)]);
    }

    #[test]
    fn odd_field_frees_the_partner_of_the_highest_number() {
        let rr = RoundRobin::new(3, 1).unwrap();
        let round = rr.round(2).unwrap();
        assert_eq!(round.free, Some(3));
        assert_eq!(
            round.boards,
            [BergerBoard {
                board: 2,
                white: 1,
                black: 2
            }]
        );
    }

    #[test]
    fn double_round_robin_switches_the_last_two_rounds_of_the_first_cycle() {
        // Derived by hand from the rule text for 4 players: rounds 2 and 3 of the table are
        // switched in the first cycle; the second cycle is the table with colours reversed.
        let rr = RoundRobin::new(4, 2).unwrap();
        let expected = [
            vec![(1, 4), (2, 3)],
            vec![(2, 4), (3, 1)],
            vec![(4, 3), (1, 2)],
            vec![(4, 1), (3, 2)],
            vec![(3, 4), (2, 1)],
            vec![(4, 2), (1, 3)],
        ];
        for (r, want) in expected.iter().enumerate() {
            assert_eq!(&pairs(&rr, r as u32 + 1), want, "round {}", r + 1);
        }
    }

    #[test]
    fn errors() {
        assert_eq!(RoundRobin::new(2, 1), Err(BergerError::Players(2)));
        assert_eq!(RoundRobin::new(31, 1), Err(BergerError::Players(31)));
        assert_eq!(RoundRobin::new(10, 3), Err(BergerError::Cycles(3)));
        let rr = RoundRobin::new(10, 2).unwrap();
        assert_eq!(
            rr.round(19),
            Err(BergerError::Round {
                round: 19,
                rounds: 18
            })
        );
        assert_eq!(
            rr.round(0).unwrap_err().to_string(),
            "round 0 is outside 1 to 18"
        );
        assert_eq!(
            RoundRobin::new(2, 1).unwrap_err().to_string(),
            "a berger table needs 3 to 30 players, not 2"
        );
    }

    #[test]
    fn draw_lots_is_a_seeded_permutation() {
        let draw = draw_lots(12, 7);
        let mut sorted = draw.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=12).collect::<Vec<_>>());
        assert_eq!(draw, draw_lots(12, 7));
        assert_ne!(draw, draw_lots(12, 8));
        assert!(draw_lots(0, 1).is_empty());
    }
}
