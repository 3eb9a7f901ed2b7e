//! The points of each kind of result a report declares (`162`, the engines' `BBx` lines).

use super::{RecordKind, is_point_values_code};
use crate::tournament::{Outcome, Points, RoundResult};
use crate::trf::Trf;

/// A kind of result that a `162` record (`W`, `D`, `L`, `A`, `P`) or a `BBx` line scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointKind {
    /// Win, forfeit win, full-point bye (`W`, `BBW`).
    Win,
    /// Draw, half-point bye (`D`, `BBD`).
    Draw,
    /// Loss over the board (`L`, `BBL`).
    Loss,
    /// Forfeit loss, zero-point bye, absence (`A`, `BBF`).
    Absence,
    /// Pairing-allocated bye (`P`, `BBU`).
    Bye,
}

/// The points each kind of round result is worth in a report: the standard values, or those
/// of a `162` record (FIDE) or of the `BBx` lines (bbpPairings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointValues {
    /// Win, forfeit win, full-point bye.
    pub win: Points,
    /// Draw, half-point bye.
    pub draw: Points,
    /// Loss over the board.
    pub loss: Points,
    /// Forfeit loss, zero-point bye, absence.
    pub absence: Points,
    /// Pairing-allocated bye.
    pub bye: Points,
}

impl Default for PointValues {
    fn default() -> PointValues {
        PointValues {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            absence: Points::ZERO,
            bye: Points::ONE,
        }
    }
}

impl PointValues {
    /// The values a report declares, the standard ones where it declares none: its `162`
    /// and `BBx` records, read as [`RecordKind::PointValues`], in the order written.
    pub fn of(trf: &Trf) -> PointValues {
        let mut values = PointValues::default();
        for (code, line) in &trf.other {
            if is_point_values_code(code)
                && let RecordKind::PointValues(given) = RecordKind::read(code, line)
            {
                values.set(&given);
            }
        }
        values
    }

    /// The values with those of one `162` or `BBx` record in place.
    pub(super) fn set(&mut self, given: &[(PointKind, Points)]) {
        for &(kind, points) in given {
            match kind {
                PointKind::Win => self.win = points,
                PointKind::Draw => self.draw = points,
                PointKind::Loss => self.loss = points,
                PointKind::Absence => self.absence = points,
                PointKind::Bye => self.bye = points,
            }
        }
    }

    /// What one round result is worth.
    pub fn points(&self, result: RoundResult) -> Points {
        match result {
            RoundResult::Played {
                outcome: Outcome::Win,
                ..
            }
            | RoundResult::Forfeit { won: true, .. }
            | RoundResult::FullPointBye => self.win,
            RoundResult::Played {
                outcome: Outcome::Draw,
                ..
            }
            | RoundResult::HalfPointBye => self.draw,
            RoundResult::Played {
                outcome: Outcome::Loss,
                ..
            } => self.loss,
            RoundResult::PairingAllocatedBye => self.bye,
            RoundResult::Forfeit { won: false, .. }
            | RoundResult::ZeroPointBye
            | RoundResult::Absent => self.absence,
        }
    }
}
