//! The arbiter's own pairing (`pair --manual`, `--manual-file`): read from `WHITE-BLACK`
//! boards, and in a Swiss completed by the Dutch engine when it names only some boards.

use std::collections::HashSet;
use std::path::PathBuf;

use super::EventError;
use crate::pairing::{Board, Pairing, PairingInput, dutch};
use crate::tournament::PlayerId;

/// Where the manual pairing is: `WHITE-BLACK` per board, `N-0` for the pairing-allocated
/// bye, commas or new lines between boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManualInput {
    /// As typed (`--manual`).
    Text(String),
    /// In a file (`--manual-file`), read when the round is paired.
    File(PathBuf),
}

/// Reads the boards of a manual pairing, in the order given.
pub(super) fn read(given: &ManualInput) -> Result<Pairing, EventError> {
    let text = match given {
        ManualInput::Text(text) => text.clone(),
        ManualInput::File(file) => std::fs::read_to_string(file)
            .map_err(|err| EventError::Io(format!("cannot read {}: {err}", file.display())))?,
    };
    let mut pairing = Pairing::default();
    for (i, item) in text
        .split([',', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
    {
        let bad = || {
            EventError::invalid(format!(
                "--manual board {}: `{item}` is not WHITE-BLACK (e.g. 12-7, or 9-0 for the bye)",
                i + 1
            ))
        };
        let (w, b) = item.split_once('-').ok_or_else(bad)?;
        let w: u16 = w.trim().parse().map_err(|_| bad())?;
        let b: u16 = b.trim().parse().map_err(|_| bad())?;
        match (w, b) {
            (0, _) => return Err(bad()),
            (w, 0) => {
                if pairing.bye.replace(PlayerId(w)).is_some() {
                    return Err(EventError::invalid(
                        "--manual gives more than one pairing-allocated bye",
                    ));
                }
            }
            (w, b) => pairing.boards.push(Board {
                white: PlayerId(w),
                black: PlayerId(b),
            }),
        }
    }
    Ok(pairing)
}

/// Completes a manual pairing that leaves available players without a board: the given
/// boards (and bye) are kept as they are, and the Dutch engine pairs the players left, with
/// every absolute criterion, as if the kept players were not in the round. Returns the whole
/// pairing (the kept boards first, in the order given) and, when the engine added boards or
/// the bye, how many boards were kept.
pub(super) fn complete(
    input: &PairingInput,
    manual: Pairing,
) -> Result<(Pairing, Option<usize>), EventError> {
    let named: HashSet<PlayerId> = manual
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(manual.bye)
        .collect();
    let left = input
        .players
        .iter()
        .filter(|p| p.available && !named.contains(&p.id))
        .count();
    if left == 0 {
        return Ok((manual, None));
    }
    let mut rest = input.clone();
    for player in &mut rest.players {
        if named.contains(&player.id) {
            player.available = false;
        }
    }
    if manual.bye.is_some() && left % 2 == 1 {
        return Err(EventError::refused(format!(
            "the bye is given (N-0) but {left} players are left without a board, an odd number: one of them would need a second bye"
        ))
        .with_hint("give one more board, or leave the bye out and let the engine choose it"));
    }
    let engine = dutch::pair(&rest).map_err(|none| {
        EventError::refused(format!(
            "the engine cannot pair the {left} players left around the given boards: {none}"
        ))
        .with_hint("give more boards, or the whole pairing, with --manual")
    })?;
    let kept = manual.boards.len();
    let mut whole = manual;
    whole.boards.extend(engine.boards);
    whole.bye = whole.bye.or(engine.bye);
    Ok((whole, Some(kept)))
}
