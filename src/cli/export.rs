//! `arbiter export trf|players|pgn`: the event written to a file; also the players' ranks in
//! the FIDE report (`with_ranks`), which the site's downloadable report shares.

use std::path::{Path, PathBuf};

use clap::Subcommand;

use super::{Exit, Failure};
use crate::store::Store;
use crate::tournament::PlayerId;

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
            let text = report_text(&store)?;
            write_output(output, &text)?;
            Ok(Exit::Ok)
        }
        ExportCommand::Players { output } => export_players(db, output),
        ExportCommand::Pgn { output } => {
            let store = Store::open(db)?;
            let text = super::publish::games_pgn(&store)?;
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

/// The FIDE report as `export trf` writes it (and the site offers it): the rating report,
/// with corrections for rating evaluation only, and each player's rank in the standings
/// after the last round paired.
pub(crate) fn report_text(store: &Store) -> Result<String, Failure> {
    // Both reports come from one read of the event: the tournament's record for the
    // standings, the rating report for the file.
    let (tournament, mut trf) = store.tournament_and_rating_reports()?;
    let paired = store.rounds_started()?;
    if paired > 0 {
        // Only the ranks are wanted, so the standings are made without each player's
        // working, which would cost more than the ranking itself and change no rank.
        let ranked = (1..=paired)
            .map(|r| store.round(r))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Failure::from)
            .and_then(|rounds| {
                super::standings::StandingsSource::from_read(
                    store,
                    &tournament,
                    &rounds,
                    None,
                    None,
                    None,
                )
            })
            .and_then(|mut source| {
                source.options.explain = false;
                for note in source.notes(false) {
                    eprintln!("note: the ranks: {note}");
                }
                source.after(paired)
            });
        match ranked {
            Ok(standings) => with_ranks(&mut trf, &standings.table),
            Err(failure) => {
                eprintln!("warning: the ranks (columns 86-89) are left blank: {failure}")
            }
        }
    }
    Ok(crate::trf::write(&trf))
}

/// Columns 86-89 of each `001` record: the player's rank in `table`, as the standings show
/// it (shared places repeat). Nothing before a round is counted.
pub(crate) fn with_ranks(trf: &mut crate::trf::Trf, table: &crate::standings::Standings) {
    if table.rounds == 0 {
        return;
    }
    let ranks: std::collections::HashMap<PlayerId, u32> = table
        .rows
        .iter()
        .map(|row| (row.player.id, row.rank))
        .collect();
    for player in &mut trf.players {
        player.rank = ranks
            .get(&player.player.id)
            .and_then(|&r| u16::try_from(r).ok());
    }
}

fn export_players(db: &Path, output: &Option<PathBuf>) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let text = crate::render::event::players_csv(&store.players()?)
        .map_err(|e| Failure::io(format!("cannot write the players: {e}")))?;
    write_output(output, &text)?;
    Ok(Exit::Ok)
}
