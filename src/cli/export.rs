//! `arbiter export trf|players|pgn`: the event written to a file or printed. What is written
//! comes from [`crate::event::export`]; this file parses the flags and writes or prints.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::event::export;
use crate::store::Store;

#[derive(Subcommand)]
pub enum ExportCommand {
    /// Write the FIDE TRF-2026 report.
    Trf {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
    /// Write every attached game score as one PGN file, by round and board: tags from the
    /// event and the pairing, the entered result in the Result tag (Art. 8.7).
    Pgn {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
    /// Write the players as CSV (the columns `import players` reads).
    Players {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
}

fn write_output(output: &Option<PathBuf>, text: &str) -> Result<(), Failure> {
    match output {
        Some(path) => std::fs::write(path, text)
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

pub fn run(db: &Path, command: &ExportCommand) -> Result<Exit, Failure> {
    match command {
        ExportCommand::Trf { output } => {
            let store = Store::open(db)?;
            let report =
                export::report_text(&store, &mut |note| eprintln!("note: the ranks: {note}"))?;
            if let Some(why) = &report.ranks_left_blank {
                eprintln!("warning: the ranks (columns 86-89) are left blank: {why}");
            }
            write_output(output, &report.text)?;
            Ok(Exit::Ok)
        }
        ExportCommand::Players { output } => export_players(db, output),
        ExportCommand::Pgn { output } => {
            let store = Store::open(db)?;
            let text = export::games_pgn(&store)?;
            write_output(output, &text)?;
            if text.trim().is_empty() {
                eprintln!(
                    "note: no game is attached to the event, so there is nothing to export; `arbiter game attach ROUND BOARD FILE` attaches one"
                );
            }
            Ok(Exit::Ok)
        }
    }
}

fn export_players(db: &Path, output: &Option<PathBuf>) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let text = export::players_csv(&store)?;
    write_output(output, &text)?;
    Ok(Exit::Ok)
}
