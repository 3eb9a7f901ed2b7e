//! `arbiter import players|results|trf`: players, results or a whole event read from a file.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::render::text::{fit, name_width};
use crate::store::{Entered, Store};

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
            let shown = file.display().to_string();
            let text = std::fs::read(file)
                .map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
            let text = String::from_utf8_lossy(&text);
            let (trf, warnings) = crate::trf::parse(&text)
                .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
            for warning in &warnings {
                eprintln!("warning: {shown}: {warning}");
            }
            if let Some(warning) = crate::event::standings::recorded_list_warning(&text, &trf) {
                eprintln!("warning: {shown}: {warning}");
            }
            if crate::pairing::baku::named_by(&trf)
                && !crate::pairing::baku::fits(&crate::trf::PointValues::of(&trf))
            {
                eprintln!(
                    "warning: {shown}: record 192 names the Baku method (C.04.7), which needs a win worth two draws and a loss worth nothing: with these point values the event is paired without it"
                );
            } else if let Some(warning) = crate::pairing::baku_rounds_unknown(&trf, 0) {
                eprintln!("warning: {shown}: {warning}");
            }
            // Importing into a file that does not exist yet creates the event from the report.
            let mut store = if db.exists() {
                Store::open(db)?
            } else {
                let name = trf.name.clone().unwrap_or_else(|| shown.clone());
                Store::create(db, &name, &[])?
            };
            store.import_trf(&trf, &shown)?;
            println!(
                "imported {} from {shown}",
                crate::render::count(trf.players.len(), "player", "players")
            );
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
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let read = crate::tournament::csv_players::read_players(&text);
    for header in &read.unused {
        eprintln!("warning: {shown}: column `{header}` is not one we read; ignored");
    }
    let mut store = Store::open(db)?;
    let players: Vec<crate::tournament::Player> =
        read.players.iter().map(|(_, p)| p.clone()).collect();
    let mut problems: Vec<(u64, String)> = read
        .errors
        .iter()
        .map(|e| (e.line, format!("{shown}: {e}")))
        .collect();
    for (index, problem) in store.registration_problems(&players)? {
        let line = read.players.get(index).map_or(0, |(line, _)| *line);
        problems.push((line, format!("{shown}: line {line}: {problem}")));
    }
    problems.sort_by_key(|(line, _)| *line);
    if let Some(((_, last), rest)) = problems.split_last() {
        for (_, message) in rest {
            eprintln!("error: {message}");
        }
        let count = problems.len();
        // Bad rows are bad input (exit 3); a good file that the event cannot take, as one
        // with a FIDE ID registered already, is refused by the database (exit 4).
        let exit = if read.errors.is_empty() {
            Exit::Database
        } else {
            Exit::InvalidInput
        };
        return Err(Failure {
            exit,
            message: last.clone(),
            hint: None,
        }
        .with_hint(format!(
            "{count} problem{} in {shown}; nothing was registered: fix {} and import again",
            if count == 1 { "" } else { "s" },
            if count == 1 { "it" } else { "them" }
        )));
    }
    if dry_run {
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
        println!(
            "{} would be registered (dry run: nothing changed)",
            crate::render::count(players.len(), "player", "players")
        );
        return Ok(Exit::Ok);
    }
    let last = store.add_players(&players, &shown)?;
    println!(
        "registered {} (numbers up to {last})",
        crate::render::count(players.len(), "player", "players")
    );
    Ok(Exit::Ok)
}

fn import_results(
    db: &Path,
    file: &Path,
    round: Option<u32>,
    correct: bool,
) -> Result<Exit, Failure> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let rows = crate::tournament::csv_results::results_from_csv(&text)
        .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
    let mut store = Store::open(db)?;
    let at = |line: u64, message: String| {
        Failure::invalid_input(format!("{shown}: line {line}: {message}"))
    };
    // Every row is placed on its game before anything is entered.
    let mut results = Vec::new();
    for row in &rows {
        let round = row
            .round
            .or(round)
            .ok_or_else(|| at(row.line, "no round: give --round or a round column".into()))?;
        store
            .require_paired(round)
            .map_err(|e| at(row.line, e.to_string()))?;
        let view = store.round(round)?;
        let game = match (row.board, row.white) {
            (Some(board), _) => view.games.iter().find(|g| g.board == Some(board)),
            (None, Some(white)) => view.games.iter().find(|g| g.white.0 == white),
            (None, None) => None,
        }
        .ok_or_else(|| {
            at(
                row.line,
                match (row.board, row.white) {
                    (Some(board), _) => format!("round {round} has no board {board}"),
                    (_, Some(white)) => {
                        format!("player {white} has no game with White in round {round}")
                    }
                    _ => "the row names neither a board nor White".into(),
                },
            )
        })?;
        if row.white.is_some_and(|w| w != game.white.0)
            || row.black.is_some_and(|b| b != game.black.0)
        {
            return Err(at(
                row.line,
                format!(
                    "round {round} board {} is {}-{}, not {}-{}",
                    game.board.map_or("-".into(), |b| b.to_string()),
                    game.white,
                    game.black,
                    row.white.map_or("?".into(), |w| w.to_string()),
                    row.black.map_or("?".into(), |b| b.to_string())
                ),
            ));
        }
        results.push((round, game.white.0, row.codes));
    }
    match store.enter_results(&results, correct, &shown) {
        Ok(games) => {
            println!(
                "entered {} from {shown}",
                crate::render::count(games.len(), "result", "results")
            );
            // Corrections count by when they are reported (C.04.2 4.3): say which kind each
            // one was, since a late one leaves the standings as they are.
            for (game, entered) in &games {
                let kind = match entered {
                    Entered::Result => continue,
                    Entered::AdjournedFinished => "adjourned game finished: counts in full",
                    Entered::BeforeNextPairing => "correction: counts for the standings",
                    Entered::AfterNextPairing { .. } => {
                        "correction: counts for the standings; the published pairing stands"
                    }
                    Entered::RatingOnly => {
                        "correction for rating evaluation only: the tournament score stands"
                    }
                };
                println!("  game {}-{}: {kind}", game.white, game.black);
            }
            Ok(Exit::Ok)
        }
        Err((index, err)) => {
            let line = rows.get(index).map_or(0, |r| r.line);
            let mut failure = Failure::from(err);
            failure.message = format!(
                "{shown}: line {line}: {}; nothing was entered",
                failure.message
            );
            Err(failure)
        }
    }
}
