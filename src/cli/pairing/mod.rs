//! Engine mode: TRF in, pairing out, the interface other tournament programs already use
//! (`pairing dutch FILE.trf -p OUT`), plus `pairing check` and `pairing generate`. This file
//! holds the subcommands and what they share: reading a report and its rounds.

mod check;
mod dutch;
mod explain;
mod generate;

use std::path::Path;

use clap::Subcommand;

use super::{Exit, Failure};
use crate::pairing::{Pairing, PairingInput};
use crate::trf::Trf;
use check::{CheckArgs, check};
use dutch::{DutchArgs, pair_file};
pub(crate) use explain::explain_text;
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

pub(super) fn read_trf(file: &Path) -> Result<Trf, Failure> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let (trf, warnings) = crate::trf::parse(&text)
        .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
    for warning in &warnings {
        eprintln!("warning: {shown}: {warning}");
    }
    Ok(trf)
}

/// The rounds a report holds games or byes of: the last round with a pairing in it.
pub(super) fn rounds_played(trf: &Trf) -> u32 {
    trf.players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, r)| r.opponent.is_some() || r.code.eq_ignore_ascii_case(&'U'))
                .map(|(i, _)| i as u32 + 1)
        })
        .max()
        .unwrap_or(0)
}

/// The round to pair: the one after the last paired.
pub(super) fn next_round(trf: &Trf) -> u32 {
    rounds_played(trf) + 1
}

/// Applies `--rounds N` to the report: it overrides the file's `XXR`/`142`, and fewer rounds
/// than the report already holds (`at_least`) cannot be.
pub(super) fn apply_rounds(
    trf: &mut Trf,
    file: &Path,
    rounds: Option<u32>,
    at_least: u32,
) -> Result<(), Failure> {
    let Some(n) = rounds else {
        return Ok(());
    };
    if n == 0 {
        return Err(Failure::invalid_input(format!(
            "{}: --rounds 0: an event has at least one round",
            file.display()
        )));
    }
    if n < at_least {
        return Err(Failure::invalid_input(format!(
            "{}: --rounds {n} is fewer than the {} the file holds",
            file.display(),
            crate::render::count(at_least as usize, "round", "rounds")
        )));
    }
    if let Some(declared) = trf.rounds
        && declared != n
    {
        eprintln!(
            "note: {}: --rounds {n} overrides the {declared} rounds the file declares",
            file.display()
        );
    }
    trf.rounds = Some(n);
    Ok(())
}

/// The Baku method needs the number of rounds; said once `--rounds` has had its say.
pub(super) fn warn_baku_rounds(trf: &Trf, file: &Path, round: u32) {
    if let Some(warning) = crate::pairing::baku_rounds_unknown(trf, round) {
        eprintln!("warning: {}: {warning}", file.display());
    }
}

pub(super) fn engine_input(trf: &Trf, round: u32) -> Result<PairingInput, Failure> {
    PairingInput::from_trf(trf, round).map_err(|err| Failure::invalid_input(err.to_string()))
}

/// The pairing as the engines print it.
pub fn engine_text(pairing: &Pairing) -> String {
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut text = format!("{count}\n");
    for board in &pairing.boards {
        text.push_str(&format!("{} {}\n", board.white, board.black));
    }
    if let Some(bye) = pairing.bye {
        text.push_str(&format!("{bye} 0\n"));
    }
    text
}
