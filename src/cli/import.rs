//! `arbiter import players|results|trf`: players, results or a whole event read from a file
//! (the use cases are `event::import`); prints the warnings, problems and what was stored.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::event::import::{self, PlayersImport, ResultsImportError};
use crate::render::text::{fit, name_width};
use crate::store::Store;

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Read a FIDE TRF (TRF-2026, TRF16, engine extensions) into a new event.
    Trf { file: PathBuf },
    /// Register the players of a CSV file with a header row (name, rating, fide_id,
    /// federation, title, birth, sex, club, in any order and the usual spellings): every row
    /// is checked first, and nothing is registered if one is bad.
    #[command(after_help = "Example:\n  arbiter import players entries.csv --dry-run")]
    Players {
        file: PathBuf,
        /// Check and show what would be registered, without registering.
        #[arg(long = "dry-run")]
        dry_run: bool,
    },
    /// Enter a round's results from a CSV file with a header row: `board,result` (with
    /// --round or a `round` column) or `white,black,result`; results as `arbiter result`
    /// takes them. Every row is checked, and nothing is entered if one is bad.
    #[command(
        after_help = "Example (results.csv):\n  board,white,black,result\n  1,4,17,1-0\n  2,9,2,1/2\n\n  arbiter import results results.csv --round 3"
    )]
    Results {
        file: PathBuf,
        /// The round, when the file has no round column.
        #[arg(long)]
        round: Option<u32>,
        /// Allow changing results already entered (each change logged).
        #[arg(long)]
        correct: bool,
    },
}

pub fn run(db: &Path, command: &ImportCommand) -> Result<Exit, Failure> {
    match command {
        ImportCommand::Trf { file } => {
            let read = import::read_trf(file)?;
            let shown = &read.shown;
            for warning in &read.warnings {
                eprintln!("warning: {shown}: {warning}");
            }
            if let Some(warning) = import::recorded_list_warning(&read.text, &read.trf) {
                eprintln!("warning: {shown}: {warning}");
            }
            if let Some(warning) = import::acceleration_warning(&read.trf) {
                eprintln!("warning: {shown}: {warning}");
            }
            let list = super::ratings::existing_list()?;
            let (players, filled) = import::import_trf(db, &read, list.as_ref())?;
            println!(
                "imported {} from {shown}",
                crate::render::count(players, "player", "players")
            );
            if let Some(filled) = filled {
                println!("{}", filled_line(&filled));
            }
            Ok(Exit::Ok)
        }
        ImportCommand::Results {
            file,
            round,
            correct,
        } => import_results(db, file, *round, *correct),
        ImportCommand::Players { file, dry_run } => import_players(db, file, *dry_run),
    }
}

/// `import players`: every bad row is listed, with what the store would refuse (a FIDE ID
/// registered already, more players than an event holds), before anything is registered; a
/// dry run finds exactly what the real import would.
fn import_players(db: &Path, file: &Path, dry_run: bool) -> Result<Exit, Failure> {
    let read = import::read_players(file)?;
    let shown = &read.shown;
    for header in &read.read.unused {
        eprintln!("warning: {shown}: column `{header}` is not one we read; ignored");
    }
    let mut store = Store::open(db)?;
    let list = super::ratings::existing_list()?;
    match import::import_players(&mut store, &read, dry_run, list.as_ref())? {
        PlayersImport::Problems { messages, bad_rows } => {
            let (last, rest) = messages.split_last().expect("a problem at least");
            for message in rest {
                eprintln!("error: {message}");
            }
            let count = messages.len();
            // Bad rows are bad input (exit 3); a good file that the event cannot take, as one
            // with a FIDE ID registered already, is refused by the database (exit 4).
            let exit = if bad_rows {
                Exit::InvalidInput
            } else {
                Exit::Database
            };
            Err(Failure {
                exit,
                message: last.clone(),
                hint: None,
            }
            .with_hint(format!(
                "{count} problem{} in {shown}; nothing was registered: fix {} and import again",
                if count == 1 { "" } else { "s" },
                if count == 1 { "it" } else { "them" }
            )))
        }
        PlayersImport::DryRun { players, filled } => {
            let width = name_width(players.iter().map(|p| p.name.as_str()), 33);
            for p in &players {
                println!(
                    "{} {:>4} {:<3} {}",
                    fit(&p.name, width),
                    p.rating.map_or(String::new(), |r| r.to_string()),
                    p.federation.as_deref().unwrap_or(""),
                    p.fide_id.map_or(String::new(), |i| i.to_string())
                );
            }
            if let Some(filled) = filled {
                println!("{}", filled_line(&filled));
            }
            println!(
                "{} would be registered (dry run: nothing changed)",
                crate::render::count(players.len(), "player", "players")
            );
            Ok(Exit::Ok)
        }
        PlayersImport::Registered {
            count,
            last,
            filled,
        } => {
            println!(
                "registered {} (numbers up to {last})",
                crate::render::count(count, "player", "players")
            );
            if let Some(filled) = filled {
                println!("{}", filled_line(&filled));
            }
            Ok(Exit::Ok)
        }
    }
}

/// `filled 12 players' empty fields from the 2026-07 rating list (by FIDE ID)`.
fn filled_line(filled: &import::Filled) -> String {
    format!(
        "filled {} empty fields from the {} rating list (by FIDE ID)",
        match filled.players {
            1 => "1 player's".to_owned(),
            n => format!("{n} players'"),
        },
        filled.period
    )
}

fn import_results(
    db: &Path,
    file: &Path,
    round: Option<u32>,
    correct: bool,
) -> Result<Exit, Failure> {
    let read = import::read_results(file)?;
    let shown = &read.shown;
    let mut store = Store::open(db)?;
    match import::import_results(&mut store, &read, round, correct) {
        Ok(games) => {
            println!(
                "entered {} from {shown}",
                crate::render::count(games.len(), "result", "results")
            );
            // Corrections count by when they are reported (C.04.2 4.3): say which kind each
            // one was, since a late one leaves the standings as they are.
            for (game, entered) in &games {
                if let Some(kind) = import::entered_kind(*entered) {
                    println!("  game {}-{}: {kind}", game.white, game.black);
                }
            }
            Ok(Exit::Ok)
        }
        Err(ResultsImportError::Event(err)) => Err(err.into()),
        Err(ResultsImportError::Refused { line, error }) => {
            let mut failure = Failure::from(error);
            failure.message = format!(
                "{shown}: line {line}: {}; nothing was entered",
                failure.message
            );
            Err(failure)
        }
    }
}
