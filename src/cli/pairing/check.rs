//! `arbiter pairing check`: re-pairs every round of a TRF and lists the rounds that differ
//! (the comparison is `event::engine::check_round`).

use std::path::PathBuf;

use clap::Args;

use super::{apply_rounds, read_trf, warn_baku_rounds};
use crate::cli::{Exit, Failure};
use crate::event::engine::{RoundCheck, assume_all_rounds, check_round, rounds_played};

#[derive(Args)]
pub struct CheckArgs {
    file: PathBuf,
    /// The number of rounds of the event; it overrides the number the file declares. Without
    /// it, a file without `XXR` or `142` is taken to hold all its rounds (the reference
    /// engine's convention), and a note says so.
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
}

pub(super) fn check(args: &CheckArgs) -> Result<Exit, Failure> {
    let mut trf = read_trf(&args.file)?;
    let played = rounds_played(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, played)?;
    warn_baku_rounds(&trf, &args.file, played);
    if let Some(note) = assume_all_rounds(&mut trf, &args.file, played) {
        // The reference engine's convention: a report without the number of rounds holds
        // them all, so its last round is paired with the last-round rules.
        eprintln!("note: {note}");
    }
    let mut differing = 0;
    for round in 1..=played {
        match check_round(&trf, round)? {
            RoundCheck::Same => {}
            RoundCheck::Differs(lines) => {
                differing += 1;
                println!("round {round}: differs");
                for line in lines {
                    println!("  {line}");
                }
            }
            RoundCheck::NoPairing(none) => {
                differing += 1;
                println!("round {round}: {none}");
            }
        }
    }
    if differing == 0 {
        println!(
            "{} re-paired: no difference",
            crate::render::count(played as usize, "round", "rounds")
        );
        Ok(Exit::Ok)
    } else {
        println!("{differing} of {played} rounds differ");
        Ok(Exit::No)
    }
}
