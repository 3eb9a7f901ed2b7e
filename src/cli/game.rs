//! `arbiter game attach`: a game score stored for a board, checked with the scoresheet checker.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::store::Store;

#[derive(Subcommand)]
pub enum GameCommand {
    /// Store a game's score (PGN) for a board, checked with the scoresheet checker; warns when
    /// the result on the sheet differs from the one entered.
    #[command(after_help = "Example:\n  arbiter game attach 3 12 board12.pgn")]
    Attach {
        round: u32,
        board: u32,
        file: PathBuf,
    },
}

pub fn run(db: &Path, command: &GameCommand) -> Result<Exit, Failure> {
    let GameCommand::Attach { round, board, file } = command;
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let games = crate::scoresheet::pgn::read_games(&text);
    let raw = match games.as_slice() {
        [one] => one,
        [] => return Err(Failure::invalid_input(format!("{shown} holds no game"))),
        more => {
            return Err(Failure::invalid_input(format!(
                "{shown} holds {} games; attach one game per board",
                more.len()
            )));
        }
    };
    let mut store = Store::open(db)?;
    let white = store.white_on_board(*round, *board)?;
    let view = store.round(*round)?;
    let game = view
        .games
        .iter()
        .find(|g| g.white.0 == white)
        .copied()
        .ok_or_else(|| Failure::invalid_input(format!("round {round} has no board {board}")))?;
    let laws: crate::chess::Laws = store.setting("laws")?.parse().unwrap_or_default();
    let rate: crate::chess::Rate = store.setting("rate")?.parse().unwrap_or_default();
    let report = crate::scoresheet::verify::verify(
        raw,
        crate::scoresheet::verify::Options {
            laws,
            rate,
            claims: false,
        },
    );
    print!(
        "{}",
        crate::render::scoresheet::report_text(&shown, &report)
    );
    let entered = match (game.white_code, game.black_code) {
        ('1', '0') | ('+', '-') => Some("1-0"),
        ('0', '1') | ('-', '+') => Some("0-1"),
        ('=', '=') => Some("1/2-1/2"),
        _ => None,
    };
    if let (Some(entered), Some(recorded)) = (entered, report.result.as_deref())
        && entered != recorded
    {
        eprintln!(
            "warning: the score sheet says {recorded} but {entered} is entered for round {round} board {board}; `arbiter result {round} {board} RESULT --correct` changes it"
        );
    }
    store.attach_game(*round, game.white.0, game.black.0, &text, &shown)?;
    println!("attached to round {round} board {board}");
    Ok(Exit::Ok)
}
