//! What the pairing engines read for the round to pair, and who is left out of it: the
//! event as the Dutch engine reads it (the store's report with withdrawals and requested
//! byes applied), a round of the Berger table with the results it already knows, and the
//! registered players without a board, each with the reason.

use std::collections::{HashMap, HashSet};

use super::EventError;
use crate::pairing::berger::RoundRobin;
use crate::pairing::{Board, Pairing, PairingInput};
use crate::store::Store;
use crate::tournament::PlayerId;
use crate::tournament::settings::{PairingSystem, WithdrawalMode};

/// Results known when a round is paired: (board index, (White's code, Black's code)).
pub type KnownResults = Vec<(usize, (char, char))>;

/// Why a player has no board in the round being paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Absence {
    /// A bye the player asked for (`H`, `Z` or `F`).
    Requested(char),
    /// Withdrawn from this round on.
    Withdrawn(u32),
    /// Not on any board and not the bye.
    NotPaired,
}

/// The event as the Dutch engine reads it: the report before `round`, with withdrawn players
/// marked absent in the round to pair.
pub fn dutch_input(store: &Store, round: u32) -> Result<PairingInput, EventError> {
    let mut trf = store.to_trf()?;
    let withdrawn = store.withdrawals()?;
    for player in &mut trf.players {
        let gone = withdrawn
            .get(&player.player.id.0)
            .is_some_and(|&from| from <= round);
        // A bye requested for a later round belongs to that round only: its column must not
        // make the rounds between read as absences (blank) in the round being paired.
        player.rounds.truncate(round as usize);
        while player.rounds.len() < round as usize {
            player.rounds.push(crate::trf::TrfRound {
                opponent: None,
                colour: '-',
                code: ' ',
            });
        }
        let slot = &mut player.rounds[round as usize - 1];
        if gone && slot.opponent.is_none() {
            slot.code = 'Z';
        }
    }
    // Only requested byes may stand in the round to pair; a blank there is "present".
    for player in &mut trf.players {
        if player.rounds.len() == round as usize && player.rounds[round as usize - 1].code == ' ' {
            player.rounds.pop();
        }
    }
    PairingInput::from_trf(&trf, round).map_err(|e| EventError::invalid(e.to_string()))
}

/// A round of the Berger table, with the number of rounds of the whole table. A withdrawn
/// player's games stand as forfeits when the event lets results stand; when they are
/// annulled, the opponent has no game that round. In an odd field the table's free round is
/// returned as the pairing's `bye` and stored with the TRF code `U` ("player unpaired by the
/// system"; TRF16 lists the "odd-number bye" among the byes): in a round robin it is never a
/// pairing-allocated bye, and it is worth `points-free-round` (none by default).
pub(super) fn berger_round(
    store: &Store,
    system: PairingSystem,
    withdrawal_games: WithdrawalMode,
    round: u32,
    players: usize,
) -> Result<(Pairing, KnownResults, u32), EventError> {
    let cycles = if system == PairingSystem::DoubleBerger {
        2
    } else {
        1
    };
    let table = RoundRobin::new(players, cycles).map_err(|e| EventError::refused(e.to_string()))?;
    if round > table.rounds() {
        return Err(EventError::refused(format!(
            "all {} paired",
            crate::render::count(table.rounds() as usize, "round is", "rounds are")
        )));
    }
    let scheduled = table
        .round(round)
        .map_err(|e| EventError::refused(e.to_string()))?;
    let withdrawn = store.withdrawals()?;
    let gone = |n: usize| {
        withdrawn
            .get(&(n as u16))
            .is_some_and(|&from| from <= round)
    };
    let annul = withdrawal_games == WithdrawalMode::Annul;
    let mut pairing = Pairing {
        bye: scheduled
            .free
            .filter(|&n| !gone(n))
            .map(|n| PlayerId(n as u16)),
        ..Pairing::default()
    };
    let mut known = Vec::new();
    for board in &scheduled.boards {
        let (w, b) = (board.white, board.black);
        if annul && (gone(w) || gone(b)) {
            continue;
        }
        let codes = match (gone(w), gone(b)) {
            (true, true) => Some(('-', '-')),
            (true, false) => Some(('-', '+')),
            (false, true) => Some(('+', '-')),
            (false, false) => None,
        };
        if let Some(codes) = codes {
            known.push((pairing.boards.len(), codes));
        }
        pairing.boards.push(Board {
            white: PlayerId(w as u16),
            black: PlayerId(b as u16),
        });
    }
    Ok((pairing, known, table.rounds()))
}

/// The registered players without a board or the pairing-allocated bye in `round`, with the
/// reason the store gives for each.
pub(super) fn absentees(
    store: &Store,
    round: u32,
    pairing: &Pairing,
) -> Result<Vec<(PlayerId, Absence)>, EventError> {
    let paired: HashSet<PlayerId> = pairing
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(pairing.bye)
        .collect();
    let requested: HashMap<PlayerId, char> = store.round(round)?.unpaired.into_iter().collect();
    let withdrawn = store.withdrawals()?;
    let mut absent = Vec::new();
    for player in store.players()? {
        if paired.contains(&player.id) {
            continue;
        }
        let why = match (requested.get(&player.id), withdrawn.get(&player.id.0)) {
            (Some(&code), _) if code != ' ' => Absence::Requested(code),
            (_, Some(&from)) if from <= round => Absence::Withdrawn(from),
            _ => Absence::NotPaired,
        };
        absent.push((player.id, why));
    }
    Ok(absent)
}
