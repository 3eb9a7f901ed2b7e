//! The event's players and their byes: editing a player (and what the pairing numbers do
//! then), withdrawing from the next round by default, the list in the order asked for, and a
//! requested bye with the warnings FIDE mode gives for it.

use std::collections::HashMap;
use std::fmt;

use crate::store::{PlayerChanges, PlayerField, Store};
use crate::tournament::Player;

use super::EventError;

/// What `player edit` did to the pairing numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Renumbered {
    /// Nothing to say: the numbers did not move, and the rating did not change after they
    /// became final.
    Nothing,
    /// The numbers follow the starting order until round 4 is paired (C.04.2 2.3): these
    /// moved (old, new), and the edited player's number is now `now`.
    Moved { moved: Vec<(u16, u16)>, now: u16 },
    /// The rating changed after round 4 was paired: the numbers stay as they are.
    RatingOnly,
}

/// Changes a player's details (logged). `changes` holds at least one change.
pub fn edit(
    store: &mut Store,
    number: u16,
    changes: &PlayerChanges,
) -> Result<Renumbered, EventError> {
    let fixed = store.numbers_final_by_rating()?;
    let moved = store.edit_player(number, changes)?;
    Ok(if !moved.is_empty() {
        let now = moved
            .iter()
            .find(|(old, _)| *old == number)
            .map_or(number, |&(_, new)| new);
        Renumbered::Moved { moved, now }
    } else if (changes.rating.is_some() || changes.cleared.contains(&PlayerField::Rating)) && fixed
    {
        Renumbered::RatingOnly
    } else {
        Renumbered::Nothing
    })
}

/// Withdraws a player from round `from` on, by default the next round to be paired; returns
/// that round.
pub fn withdraw(store: &mut Store, number: u16, from: Option<u32>) -> Result<u32, EventError> {
    let round = match from {
        Some(r) => r,
        None => store.rounds_started()? + 1,
    };
    store.set_withdrawn(number, Some(round))?;
    Ok(round)
}

/// The order of the player list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerOrder {
    /// By pairing number.
    Number,
    /// Highest rating first (unrated last); equal ratings by number.
    Rating,
    Name,
}

/// The players in the order asked for, with each one's status (withdrawn, late entry), by
/// number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerList {
    pub players: Vec<Player>,
    pub statuses: HashMap<u16, String>,
}

impl PlayerList {
    /// A player's status, empty when there is nothing to say.
    pub fn status(&self, number: u16) -> &str {
        self.statuses.get(&number).map_or("", String::as_str)
    }
}

/// The players, sorted.
pub fn list(store: &Store, order: PlayerOrder) -> Result<PlayerList, EventError> {
    let mut players = store.players()?;
    match order {
        PlayerOrder::Number => {}
        PlayerOrder::Rating => players.sort_by_key(|p| std::cmp::Reverse(p.rating.unwrap_or(0))),
        PlayerOrder::Name => players.sort_by(|a, b| a.name.cmp(&b.name)),
    }
    let statuses = store.statuses()?;
    Ok(PlayerList { players, statuses })
}

/// A requested bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeKind {
    /// Half a point (TRF `H`).
    Half,
    /// No points: a known absence (TRF `Z`).
    Zero,
    /// A full point (TRF `F`).
    Full,
}

impl ByeKind {
    /// The TRF code the store keeps.
    pub const fn code(self) -> char {
        match self {
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
            ByeKind::Full => 'F',
        }
    }

    /// The kind a stored code is (`H`, `F`; anything else a zero-point bye).
    pub const fn of_code(code: char) -> ByeKind {
        match code {
            'H' => ByeKind::Half,
            'F' => ByeKind::Full,
            _ => ByeKind::Zero,
        }
    }
}

impl fmt::Display for ByeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ByeKind::Half => "half-point bye",
            ByeKind::Zero => "zero-point bye",
            ByeKind::Full => "full-point bye",
        })
    }
}

/// What FIDE mode warns about a requested bye (it is recorded all the same).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ByeWarning {
    /// Rated events rarely allow full-point byes.
    FullPoint,
    /// The player has half-point byes in these other rounds already.
    HalfPointAgain { player: u16, rounds: Vec<u32> },
}

impl fmt::Display for ByeWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ByeWarning::FullPoint => {
                f.write_str("full-point byes are unusual in rated events (FIDE mode)")
            }
            ByeWarning::HalfPointAgain { player, rounds } => {
                let listed: Vec<String> = rounds.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "player {player} already has a half-point bye in {} {}",
                    if rounds.len() == 1 { "round" } else { "rounds" },
                    listed.join(", ")
                )
            }
        }
    }
}

/// The warnings for a bye before it is requested (FIDE mode only).
pub fn bye_warnings(
    store: &Store,
    player: u16,
    round: u32,
    kind: ByeKind,
) -> Result<Vec<ByeWarning>, EventError> {
    let fide = store.event_settings()?.fide_mode;
    let mut warnings = Vec::new();
    if fide && kind == ByeKind::Full {
        warnings.push(ByeWarning::FullPoint);
    }
    if fide && kind == ByeKind::Half {
        let rounds = store.half_point_byes(player, round)?;
        if !rounds.is_empty() {
            warnings.push(ByeWarning::HalfPointAgain { player, rounds });
        }
    }
    Ok(warnings)
}

/// Records a requested bye for a round not yet paired (logged).
pub fn request_bye(
    store: &mut Store,
    player: u16,
    round: u32,
    kind: ByeKind,
) -> Result<(), EventError> {
    store.request_bye(player, round, kind.code())?;
    Ok(())
}

/// Takes back the bye requested for a round not yet paired (logged); returns its kind.
pub fn cancel_bye(store: &mut Store, player: u16, round: u32) -> Result<ByeKind, EventError> {
    Ok(ByeKind::of_code(store.cancel_bye(player, round)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::PlayerId;

    fn add(store: &mut Store, name: &str, rating: u16) {
        store
            .add_player(&Player {
                rating: Some(rating),
                ..Player::new(PlayerId(0), name)
            })
            .unwrap();
    }

    #[test]
    fn a_second_half_point_bye_is_warned_about_in_fide_mode() {
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        add(&mut store, "A", 2000);
        assert_eq!(bye_warnings(&store, 1, 1, ByeKind::Half), Ok(vec![]));
        request_bye(&mut store, 1, 1, ByeKind::Half).unwrap();
        let warnings = bye_warnings(&store, 1, 2, ByeKind::Half).unwrap();
        assert_eq!(
            warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["player 1 already has a half-point bye in round 1"]
        );
        assert_eq!(
            bye_warnings(&store, 1, 2, ByeKind::Full),
            Ok(vec![ByeWarning::FullPoint])
        );
        assert_eq!(cancel_bye(&mut store, 1, 1), Ok(ByeKind::Half));
    }

    #[test]
    fn the_list_sorts_by_rating_and_a_withdrawal_starts_with_the_next_round() {
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        add(&mut store, "Low", 1500);
        add(&mut store, "High", 2500);
        let by_name = list(&store, PlayerOrder::Name).unwrap();
        assert_eq!(by_name.players[0].name, "High");
        let by_rating = list(&store, PlayerOrder::Rating).unwrap();
        assert_eq!(by_rating.players[0].rating, Some(2500));
        assert_eq!(withdraw(&mut store, 1, None), Ok(1));
    }
}
