//! Entering a board's result (`arbiter result`): finding the game by its board or by one of its
//! players (the result then read from that player's side), storing it through the store, which
//! judges a correction by when it is reported (C.04.2 4.3), and what the command echoes.

use crate::chess::Color;
use crate::store::{Entered, GameRow, Store};
use crate::tournament::{PlayerId, ResultCode};

use super::EventError;

/// How the game is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameBy {
    /// Its board; the result is from White's side.
    Board(u32),
    /// One of its players; the result is from that player's side.
    Player(u16),
}

/// A result to enter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultEntry {
    pub round: u32,
    pub game: GameBy,
    pub result: ResultCode,
    /// Change a result already entered (logged).
    pub correct: bool,
}

/// What was entered, with what the command echoes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnteredResult {
    pub round: u32,
    /// The game as stored now.
    pub game: GameRow,
    pub white_name: String,
    pub black_name: String,
    /// When the game was named by a player: that player's colour.
    pub side: Option<Color>,
    pub entered: Entered,
}

impl EnteredResult {
    /// What the entry was, in a sentence, unless it was the game's first result.
    pub fn note(&self) -> Option<String> {
        entered_note(self.entered, self.round)
    }
}

/// Enters (or corrects) one result. As Black, `1-0` from the player's side is a win for
/// Black, so the result is turned round before it is stored White first.
pub fn enter(store: &mut Store, entry: &ResultEntry) -> Result<EnteredResult, EventError> {
    let round = entry.round;
    store.require_paired(round)?;
    let (player, side) = match entry.game {
        GameBy::Player(p) => {
            let view = store.round(round)?;
            let as_black = view.games.iter().any(|g| g.black.0 == p);
            (p, Some(if as_black { Color::Black } else { Color::White }))
        }
        GameBy::Board(b) => (store.white_on_board(round, b)?, None),
    };
    let stored = if side == Some(Color::Black) {
        entry.result.reversed()
    } else {
        entry.result
    };
    let (game, entered) = store.record_result(round, player, stored.codes(), entry.correct)?;
    let names = store.player_names()?;
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    Ok(EnteredResult {
        round,
        white_name: name(game.white),
        black_name: name(game.black),
        game,
        side,
        entered,
    })
}

/// What entering a result of `round` was, in a sentence, unless it was the game's first
/// result: a finished adjourned game, or a correction of one of the three kinds of C.04.2 4.3.
pub fn entered_note(entered: Entered, round: u32) -> Option<String> {
    Some(match entered {
        Entered::Result => return None,
        Entered::AdjournedFinished => "the adjourned game is finished: it counted as a draw for any pairing made meanwhile (C.04.2 3.1); this result counts in full".to_owned(),
        Entered::BeforeNextPairing => format!(
            "correction before the next pairing (C.04.2 4.3): it counts for the standings and the pairing of round {}",
            round + 1
        ),
        Entered::AfterNextPairing { paired } => format!(
            "correction after round {paired} was paired (C.04.2 4.3): the published pairing of round {paired} stands; the correction counts for the standings and the pairing of round {}",
            paired + 1
        ),
        Entered::RatingOnly => format!(
            "correction after round {} ended (C.04.2 4.3): for rating evaluation only; the tournament score and the standings stay, `export trf` carries it",
            round + 1
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::test_support::player;

    #[test]
    fn a_result_by_player_is_read_from_that_players_side() {
        let mut store = Store::create_in_memory("Test", &[]).unwrap();
        for (name, rating) in [("A", 2000), ("B", 1900)] {
            store.add_player(&player(name, rating)).unwrap();
        }
        store
            .save_pairing(1, &[(PlayerId(1), PlayerId(2))], None, "test")
            .unwrap();
        let black = store.round(1).unwrap().games[0].black.0;
        let entered = enter(
            &mut store,
            &ResultEntry {
                round: 1,
                game: GameBy::Player(black),
                result: ResultCode::WhiteWins,
                correct: false,
            },
        )
        .unwrap();
        assert_eq!(entered.side, Some(Color::Black));
        assert_eq!(entered.game.result(), Some(ResultCode::BlackWins));
        assert_eq!(entered.note(), None);
        let again = enter(
            &mut store,
            &ResultEntry {
                round: 1,
                game: GameBy::Board(1),
                result: ResultCode::Draw,
                correct: false,
            },
        );
        assert!(again.is_err(), "a second result needs --correct");
    }
}
