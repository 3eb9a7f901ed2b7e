//! `arbiter game attach`: a game score stored for a board, checked with the scoresheet checker
//! (the use case is `event::game`); prints the checker's report and the result warning.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::store::Store;

#[derive(Subcommand)]
pub enum GameCommand {
    /// Store a game's score (PGN) for a board, checked with the scoresheet checker; warns when
    /// the result on the sheet differs from the one entered, and when the position became dead
    /// before the record ends or the winner could not checkmate (5.2.2, 6.9, 5.1.2, 7.5.5).
    #[command(after_help = "Example:\n  arbiter game attach 3 12 board12.pgn")]
    Attach {
        round: u32,
        board: u32,
        file: PathBuf,
    },
}

pub fn run(db: &Path, command: &GameCommand) -> Result<Exit, Failure> {
    let GameCommand::Attach { round, board, file } = command;
    let sheet = crate::event::game::read_sheet(file)?;
    let mut store = Store::open(db)?;
    let checked = crate::event::game::check(&store, *round, *board, &sheet)?;
    print!(
        "{}",
        crate::render::scoresheet::report_text(&sheet.shown, &checked.report)
    );
    if let Some(warning) = checked.mismatch_warning() {
        eprintln!("warning: {warning}");
    }
    if let Some(warning) = checked.winnability_warning() {
        eprintln!("warning: {warning}");
    }
    crate::event::game::attach(&mut store, &sheet, &checked)?;
    println!("attached to round {round} board {board}");
    Ok(Exit::Ok)
}
