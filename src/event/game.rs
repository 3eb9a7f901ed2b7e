//! `game attach`: a score sheet (PGN, one game) read from a file, matched with a board of a
//! paired round, checked with the scoresheet checker under the event's Laws and rate, compared
//! with the result entered, and stored for the board.
//!
//! Three steps, so that the command can show the report before the score is stored: read the
//! file ([`read_sheet`], before the database is opened), [`check`] it against the board, then
//! [`attach`] it.

use std::path::Path;

use crate::chess::Ending;
use crate::scoresheet::pgn::RawGame;
use crate::scoresheet::verify::{self, Report};
use crate::store::{GameRow, Store};

use super::EventError;

/// A score sheet read from a file: one game.
#[derive(Debug, Clone)]
pub struct ScoreSheet {
    /// The file as named to the user.
    pub shown: String,
    /// The file's text, stored as it is.
    pub text: String,
    raw: RawGame,
}

/// Reads a PGN file that holds exactly one game.
pub fn read_sheet(file: &Path) -> Result<ScoreSheet, EventError> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| EventError::Io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut games = crate::scoresheet::pgn::read_games(&text);
    match games.len() {
        1 => {}
        0 => return Err(EventError::invalid(format!("{shown} holds no game"))),
        more => {
            return Err(EventError::invalid(format!(
                "{shown} holds {more} games; attach one game per board"
            )));
        }
    }
    let raw = games.remove(0);
    Ok(ScoreSheet { shown, text, raw })
}

/// A sheet checked against its board.
#[derive(Debug, Clone)]
pub struct CheckedSheet {
    pub round: u32,
    pub board: u32,
    /// The board's game as stored.
    pub game: GameRow,
    /// The checker's report.
    pub report: Report,
    /// The sheet's result when it differs from the one entered.
    pub mismatch: Option<ResultMismatch>,
}

/// The result on the sheet is not the one entered for the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultMismatch {
    /// As the sheet gives it (`1-0`, `0-1`, `1/2-1/2`).
    pub recorded: String,
    /// The entered result, as PGN writes it.
    pub entered: &'static str,
}

impl CheckedSheet {
    /// The warning for a result that differs from the one entered, with what to do.
    pub fn mismatch_warning(&self) -> Option<String> {
        let (round, board) = (self.round, self.board);
        self.mismatch.as_ref().map(|m| {
            format!(
                "the score sheet says {} but {} is entered for round {round} board {board}; `arbiter result {round} {board} RESULT --correct` changes it",
                m.recorded, m.entered
            )
        })
    }
}

impl CheckedSheet {
    /// The warning for a recorded result that the winnability of the position contradicts: the
    /// position became dead before the record ends (5.2.2: the game was over, drawn, and the
    /// moves after it are void), or the recorded winner could not checkmate by any series of
    /// legal moves in the way the game ended (6.9, 5.1.2, 7.5.5). The checker does not change
    /// the result (8.7); the director decides.
    pub fn winnability_warning(&self) -> Option<String> {
        let (round, board) = (self.round, self.board);
        let report = &self.report;
        let decisive = matches!(report.result.as_deref(), Some("1-0" | "0-1"));
        if let Some((ended, reason)) = report.ended.and_then(|e| match e.ending {
            Ending::DeadPosition { reason } => Some((e, reason)),
            _ => None,
        }) && (decisive || report.moves_after_end > 0)
        {
            let mut text = format!(
                "round {round} board {board}: the position was dead after half-move {} ({reason}, Art. {}), so the game had already ended in a draw",
                ended.ply, ended.article
            );
            if report.moves_after_end > 0 {
                text.push_str(&match report.moves_after_end {
                    1 => "; the half-move recorded after it is void".to_owned(),
                    n => format!("; the {n} half-moves recorded after it are void"),
                });
            }
            if let Some(result) = report.result.as_deref().filter(|_| decisive) {
                text.push_str(&format!("; the score sheet says {result}"));
            }
            return Some(text);
        }
        if report.result_against_winnability {
            let note = report.result_note.as_deref().unwrap_or_default();
            return Some(format!(
                "round {round} board {board}: the result contradicts the position: {note}"
            ));
        }
        None
    }
}

/// Finds the board's game and checks the sheet with the event's Laws and rate. Only the games
/// whose moves decide the result (rated games and forfeits) are compared with the sheet.
pub fn check(
    store: &Store,
    round: u32,
    board: u32,
    sheet: &ScoreSheet,
) -> Result<CheckedSheet, EventError> {
    let white = store.white_on_board(round, board)?;
    let view = store.round(round)?;
    let game = view
        .games
        .iter()
        .find(|g| g.white.0 == white)
        .copied()
        .ok_or_else(|| EventError::invalid(format!("round {round} has no board {board}")))?;
    let settings = store.event_settings()?;
    let report = verify::verify(
        &sheet.raw,
        verify::Options {
            laws: settings.laws,
            rate: settings.rate,
            claims: false,
            ..Default::default()
        },
    );
    let entered = game.result().and_then(|r| r.sheet_result());
    let mismatch = match (entered, report.result.as_deref()) {
        (Some(entered), Some(recorded)) if entered != recorded => Some(ResultMismatch {
            recorded: recorded.to_owned(),
            entered,
        }),
        _ => None,
    };
    Ok(CheckedSheet {
        round,
        board,
        game,
        report,
        mismatch,
    })
}

/// Stores the checked sheet for its board (replacing an earlier one, logged).
pub fn attach(
    store: &mut Store,
    sheet: &ScoreSheet,
    checked: &CheckedSheet,
) -> Result<(), EventError> {
    store.attach_game(
        checked.round,
        checked.game.white.0,
        checked.game.black.0,
        &sheet.text,
        &sheet.shown,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_a_game_is_refused() {
        let dir = std::env::temp_dir().join(format!("arbiter-game-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("empty.pgn");
        std::fs::write(&file, "").unwrap();
        let err = read_sheet(&file).unwrap_err();
        assert!(err.to_string().ends_with("holds no game"), "{err}");
        assert!(matches!(
            read_sheet(&dir.join("missing.pgn")),
            Err(EventError::Io(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
