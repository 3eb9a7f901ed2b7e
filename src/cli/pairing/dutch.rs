//! `arbiter pairing dutch`: pairs the next round of a TRF file.

use std::path::PathBuf;

use clap::Args;

use super::{apply_rounds, read_trf, warn_baku_rounds};
use crate::cli::{Exit, Failure};
use crate::event::engine::{engine_input, next_round};
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
    if trf.initial_colour.is_none() && crate::pairing::inferred_initial_colour(&trf).is_none() {
        return Err(Failure::invalid_input(format!(
            "{}: the initial colour is not given: add `XXC white1` (or black1) or a 152 record",
            args.file.display()
        )));
    }
    let round = next_round(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, round - 1)?;
    warn_baku_rounds(&trf, &args.file, round);
    if trf.rounds.is_none() {
        eprintln!(
            "warning: {}: the file gives no number of rounds (XXR or 142), which C.04.1 \
             requires: the last-round rules cannot be known, so round {round} is paired as if \
             it were not the last; say --rounds N otherwise",
            args.file.display()
        );
    }
    if let Some(rounds) = trf.rounds
        && round > rounds
    {
        return Err(Failure::invalid_input(format!(
            "{}: all {} paired",
            args.file.display(),
            crate::render::count(rounds as usize, "round is", "rounds are")
        )));
    }
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
