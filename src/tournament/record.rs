//! What the event database gives back to read, as plain data: a round's games and byes, and
//! a line of the event log. They live here, below both `store` (which fills them) and `render`
//! (which writes them), so that neither of those two modules knows the other.

use super::{PlayerId, ResultCode};

/// One game of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRow {
    pub board: Option<u32>,
    pub white: PlayerId,
    pub black: PlayerId,
    pub white_code: char,
    pub black_code: char,
}

impl GameRow {
    /// The game's result, if its codes make one (none while it has no result).
    pub fn result(&self) -> Option<ResultCode> {
        ResultCode::from_codes(self.white_code, self.black_code)
    }
}

/// A round: its games by board, and the players without a game (byes, absences).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundView {
    pub games: Vec<GameRow>,
    pub unpaired: Vec<(PlayerId, char)>,
}

/// One line of the event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub at: String,
    pub command: String,
    pub what: String,
    pub old: Option<String>,
    pub new: Option<String>,
}
