//! Engine mode: TRF in, pairing out, the interface other tournament programs already use
//! (`pairing dutch FILE.trf -p OUT`), plus `pairing check` and `pairing generate`. This file
//! holds the subcommands and what they share: reading a report and applying `--rounds`, with
//! the notes said on the way. The decisions are in `event::engine`; the explanation and the
//! engines' output format in `render::explain`.

mod check;
mod dutch;
mod generate;

use std::path::Path;

use clap::Subcommand;

use super::{Exit, Failure};
use crate::event::engine;
use crate::trf::Trf;
use check::{CheckArgs, check};
use dutch::{DutchArgs, pair_file};
use generate::{GenerateArgs, generate_event};

#[derive(Subcommand)]
pub enum PairingCommand {
    /// Pair the next round of a TRF by the FIDE (Dutch) System: the first line is the number
    /// of pairs, then `WHITE BLACK` per board in board order, a pairing-allocated bye as `ID 0`.
    #[command(
        after_help = "Examples:\n  arbiter pairing dutch event.trf -p\n  arbiter pairing dutch event.trf -p round5.txt\n  arbiter pairing dutch event.trf --explain"
    )]
    Dutch(DutchArgs),
    /// Re-pair every round of a TRF and list the rounds whose recorded pairing differs.
    #[command(after_help = "Example:\n  arbiter pairing check final.trf")]
    Check(CheckArgs),
    /// Generate a random tournament, every round paired by our Dutch engine; the same seed
    /// gives the same file.
    #[command(
        after_help = "Example:\n  arbiter pairing generate --players 120 --rounds 9 --seed 7 --byes 0.02 -o random.trf"
    )]
    Generate(GenerateArgs),
}

pub fn run(command: &PairingCommand) -> Result<Exit, Failure> {
    match command {
        PairingCommand::Dutch(args) => pair_file(args),
        PairingCommand::Check(args) => check(args),
        PairingCommand::Generate(args) => generate_event(args),
    }
}

/// Reads a report, saying the reader's warnings.
pub(super) fn read_trf(file: &Path) -> Result<Trf, Failure> {
    let report = engine::read_report(file)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    Ok(report.trf)
}

/// Applies `--rounds N` to the report, saying when it overrides the file.
pub(super) fn apply_rounds(
    trf: &mut Trf,
    file: &Path,
    rounds: Option<u32>,
    at_least: u32,
) -> Result<(), Failure> {
    if let Some(note) = engine::apply_rounds(trf, file, rounds, at_least)? {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// The Baku method needs the number of rounds; said once `--rounds` has had its say.
pub(super) fn warn_baku_rounds(trf: &Trf, file: &Path, round: u32) {
    if let Some(warning) = engine::baku_rounds_warning(trf, file, round) {
        eprintln!("warning: {warning}");
    }
}
