//! The input of the standings: who played whom with what result, round by round, built from a
//! TRF or from plain data.

use std::collections::HashSet;

use crate::tournament::{Outcome, Player, PlayerId, Points, RoundResult};
use crate::trf::{EventRecords, PointValues, Trf};

use super::StandingsError;

/// One player's round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub result: RoundResult,
    /// The points awarded (usually `PointValues::points(result)`; a TRF 299 record or the
    /// regulations may award others).
    pub points: Points,
    /// The game is not finished (adjourned): it counts nowhere in the standings until it is.
    pub pending: bool,
}

/// One player with their rounds. A round missing at the end of `rounds` is an absence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub player: Player,
    pub rounds: Vec<Cell>,
    /// The first round the player missed after withdrawing, if they withdrew.
    pub withdrawn_from: Option<u32>,
}

pub use crate::tournament::settings::WithdrawalMode;

/// A tournament's results as the standings need them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventResults {
    pub entries: Vec<Entry>,
    /// Points of each kind of result (draw points matter for unplayed rounds, Art. 16).
    pub values: PointValues,
    /// Pre-determined pairings (round robin): Art. 15.2 instead of Art. 16.
    pub round_robin: bool,
    /// The rounds counted: standings after this round.
    pub rounds: u32,
    /// The rounds the tournament is to have, when known (the 16.4.2 cap).
    pub scheduled_rounds: Option<u32>,
    /// The start date as given (`YYYY-MM-DD` or the TRF's `YYYY/MM/DD`): selects the edition
    /// of C.07 in `auto` mode.
    pub start_date: Option<String>,
    /// Round robins only: what a withdrawal does to the withdrawn player's games.
    pub withdrawals: WithdrawalMode,
}

impl EventResults {
    /// Plain data: the players, each one's results round by round (same order), worth the
    /// points of `values`. A Swiss event counting every round given, with no start date.
    pub fn new(
        players: Vec<Player>,
        results: Vec<Vec<RoundResult>>,
        values: PointValues,
    ) -> EventResults {
        let rounds = results.iter().map(Vec::len).max().unwrap_or(0) as u32;
        let entries = players
            .into_iter()
            .zip(results.into_iter().chain(std::iter::repeat(Vec::new())))
            .map(|(player, rs)| Entry {
                player,
                rounds: rs
                    .into_iter()
                    .map(|result| Cell {
                        result,
                        points: values.points(result),
                        pending: false,
                    })
                    .collect(),
                withdrawn_from: None,
            })
            .collect();
        EventResults {
            entries,
            values,
            round_robin: false,
            rounds,
            scheduled_rounds: None,
            start_date: None,
            withdrawals: WithdrawalMode::Stand,
        }
    }

    /// Reads a TRF: players, rounds (`TrfRound::result`), point values (`162`/`BBx`), the
    /// start date (`042`), the scheduled rounds (`142`/`XXR`), and whether it is a round
    /// robin (`092` naming a round robin or Berger). An adjourned game (`*`) is pending. A
    /// result code the reader does not know counts as an absence.
    pub fn from_trf(trf: &Trf) -> EventResults {
        let records = EventRecords::of(trf);
        let values = records.point_values;
        let rounds = trf
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0) as u32;
        let entries = trf
            .players
            .iter()
            .map(|p| Entry {
                player: p.player.clone(),
                rounds: p
                    .rounds
                    .iter()
                    .map(|round| {
                        let colour = match round.colour {
                            'w' | 'W' => Some(crate::chess::Color::White),
                            'b' | 'B' => Some(crate::chess::Color::Black),
                            _ => None,
                        };
                        if round.code == crate::tournament::ADJOURNED
                            && let (Some(opponent), Some(color)) = (round.opponent, colour)
                        {
                            let result = RoundResult::Played {
                                opponent,
                                color,
                                outcome: Outcome::Draw,
                                rated: true,
                            };
                            return Cell {
                                result,
                                points: Points::ZERO,
                                pending: true,
                            };
                        }
                        let result = round.result().unwrap_or(RoundResult::Absent);
                        Cell {
                            result,
                            points: values.points(result),
                            pending: false,
                        }
                    })
                    .collect(),
                withdrawn_from: None,
            })
            .collect();
        let round_robin = records.is_round_robin();
        EventResults {
            entries,
            values,
            round_robin,
            rounds,
            scheduled_rounds: trf.rounds,
            start_date: trf.start_date.clone(),
            withdrawals: WithdrawalMode::Stand,
        }
    }

    /// The same event counted up to round `round` only.
    pub fn up_to_round(mut self, round: u32) -> EventResults {
        self.rounds = round.min(self.rounds);
        self
    }

    /// Marks one player's game in `round` (1-based) as pending, or finished again.
    pub fn set_pending(&mut self, player: PlayerId, round: u32, pending: bool) {
        if let Some(cell) = self
            .entries
            .iter_mut()
            .find(|e| e.player.id == player)
            .and_then(|e| e.rounds.get_mut((round as usize).checked_sub(1)?))
        {
            cell.pending = pending;
        }
    }

    /// Records that `player` withdrew and missed round `from` onwards.
    pub fn set_withdrawn(&mut self, player: PlayerId, from: u32) {
        if let Some(entry) = self.entries.iter_mut().find(|e| e.player.id == player) {
            entry.withdrawn_from = Some(from);
        }
    }

    /// Every player exists once and every opponent named exists and is someone else.
    pub(crate) fn check(&self) -> Result<(), StandingsError> {
        let mut ids = HashSet::new();
        for entry in &self.entries {
            if !ids.insert(entry.player.id) {
                return Err(StandingsError::DuplicatePlayer(entry.player.id));
            }
        }
        for entry in &self.entries {
            for (r, cell) in entry.rounds.iter().enumerate() {
                if let Some(opponent) = cell.result.opponent()
                    && (opponent == entry.player.id || !ids.contains(&opponent))
                {
                    return Err(StandingsError::UnknownOpponent {
                        player: entry.player.id,
                        round: r as u32 + 1,
                        opponent,
                    });
                }
            }
        }
        Ok(())
    }
}
