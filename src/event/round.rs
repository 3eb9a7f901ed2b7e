//! A round's boards as `round show` lists them: the round (the last one paired when none is
//! named), its games and byes, and the players' names.

use std::collections::HashMap;

use crate::store::{RoundView, Store};
use crate::tournament::PlayerId;
use crate::tournament::settings::PairingSystem;

use super::EventError;

/// A paired round, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundShown {
    pub round: u32,
    pub view: RoundView,
    pub names: HashMap<PlayerId, String>,
    /// The event's pairing system, which says what an unpaired code is (a round robin's `U` is
    /// its free round, a Swiss's the pairing-allocated bye).
    pub system: PairingSystem,
}

impl RoundShown {
    /// What a code without an opponent (`U`, `H`, `Z`...) is, in the words of the pairings.
    pub fn unpaired_label(&self, code: char) -> &'static str {
        super::pair::unpaired_label(self.system, code)
    }

    /// A player's name (empty for a number nobody has).
    pub fn name(&self, id: PlayerId) -> String {
        self.names.get(&id).cloned().unwrap_or_default()
    }
}

/// The boards of `round`, or of the last round paired (round 1 before any). An unpaired round
/// is refused: an empty table would read as a round without games.
pub fn show(store: &Store, round: Option<u32>) -> Result<RoundShown, EventError> {
    let round = match round {
        Some(r) => r,
        None => store.rounds_started()?.max(1),
    };
    store.require_paired(round)?;
    let view = store.round(round)?;
    let names = store.player_names()?;
    let system = store.event_settings()?.system;
    Ok(RoundShown {
        round,
        view,
        names,
        system,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_not_paired_is_refused() {
        let store = Store::create_in_memory("x", &[]).unwrap();
        assert!(show(&store, None).is_err());
        assert!(show(&store, Some(3)).is_err());
    }
}
