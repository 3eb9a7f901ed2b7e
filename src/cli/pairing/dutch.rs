//! `arbiter pairing dutch`: pairs the next round of a TRF file.

use std::path::PathBuf;

use clap::Args;

use super::{apply_rounds, read_trf, warn_baku_rounds};
use crate::cli::{Exit, Failure};
use crate::event::engine::{
    engine_input, next_round, require_initial_colour, require_round_to_pair, rounds_unknown_warning,
};
use crate::pairing::dutch;
use crate::render::explain::{engine_text, explain_text};

#[derive(Args)]
pub struct DutchArgs {
    file: PathBuf,
    /// Write the pairing (to OUT, or to standard output without a file name).
    #[arg(short = 'p', num_args = 0..=1, default_missing_value = "-")]
    output: Option<String>,
    /// Say why: brackets, moved-down players, downfloaters, the first criterion not met
    /// perfectly, and the colour rule of each board.
    #[arg(long)]
    explain: bool,
    /// The number of rounds of the event, for a file without `XXR` or `142` (C.04.1: the last
    /// round has its own rules); it overrides the number a file declares.
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
}

pub(super) fn pair_file(args: &DutchArgs) -> Result<Exit, Failure> {
    let mut trf = read_trf(&args.file)?;
    require_initial_colour(&trf, &args.file)?;
    let round = next_round(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, round - 1)?;
    warn_baku_rounds(&trf, &args.file, round);
    if let Some(warning) = rounds_unknown_warning(&trf, &args.file, round) {
        eprintln!("warning: {warning}");
    }
    require_round_to_pair(&trf, &args.file, round)?;
    let input = engine_input(&trf, round)?;
    let (pairing, explanation) = match dutch::pair_explained(&input) {
        Ok(done) => done,
        Err(none) => {
            eprintln!("round {round}: {none}");
            return Ok(Exit::No);
        }
    };
    if args.explain {
        eprint!("{}", explain_text(round, &explanation));
    }
    let text = engine_text(&pairing);
    match args.output.as_deref() {
        Some("-") | None => print!("{text}"),
        Some(path) => std::fs::write(path, &text)
            .map_err(|err| Failure::io(format!("cannot write {path}: {err}")))?,
    }
    Ok(Exit::Ok)
}
