//! `arbiter pairing check`: re-pairs every round of a TRF and lists the rounds that differ.

use std::path::PathBuf;

use clap::Args;

use super::{apply_rounds, read_trf, warn_baku_rounds};
use crate::cli::{Exit, Failure};
use crate::event::engine::{engine_input, rounds_played};
use crate::pairing::{Pairing, dutch};
use crate::tournament::PlayerId;
use crate::trf::Trf;

#[derive(Args)]
pub struct CheckArgs {
    file: PathBuf,
    /// The number of rounds of the event; it overrides the number the file declares. Without
    /// it, a file without `XXR` or `142` is taken to hold all its rounds (the reference
    /// engine's convention), and a note says so.
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
}

/// The pairing a report records for `round`.
fn recorded(trf: &Trf, round: u32) -> Pairing {
    let index = round as usize - 1;
    let mut pairing = Pairing::default();
    for p in &trf.players {
        let Some(r) = p.rounds.get(index) else {
            continue;
        };
        match (r.opponent, r.colour.to_ascii_lowercase()) {
            (Some(opponent), 'w') => pairing.boards.push(crate::pairing::Board {
                white: p.player.id,
                black: opponent,
            }),
            // A forfeit written without colours: count the pair once.
            (Some(opponent), c) if c != 'b' && p.player.id < opponent => {
                pairing.boards.push(crate::pairing::Board {
                    white: p.player.id,
                    black: opponent,
                })
            }
            (None, _) if r.code.eq_ignore_ascii_case(&'U') => pairing.bye = Some(p.player.id),
            _ => {}
        }
    }
    pairing
}

/// What differs between two pairings of a round, as lines.
fn differences(ours: &Pairing, theirs: &Pairing) -> Vec<String> {
    let mut lines = Vec::new();
    let key = |b: &crate::pairing::Board| (b.white.min(b.black), b.white.max(b.black));
    for b in &theirs.boards {
        match ours.boards.iter().find(|o| key(o) == key(b)) {
            None => lines.push(format!(
                "recorded {}-{} is not in our pairing",
                b.white, b.black
            )),
            Some(o) if o.white != b.white => lines.push(format!(
                "recorded {}-{} has the colours the other way round ({}-{} here)",
                b.white, b.black, o.white, o.black
            )),
            _ => {}
        }
    }
    for o in &ours.boards {
        if !theirs.boards.iter().any(|b| key(b) == key(o)) {
            lines.push(format!(
                "we pair {}-{}, which is not recorded",
                o.white, o.black
            ));
        }
    }
    if ours.bye != theirs.bye {
        let shown = |b: Option<PlayerId>| b.map_or("nobody".to_owned(), |p| p.to_string());
        lines.push(format!(
            "pairing-allocated bye: recorded {}, ours {}",
            shown(theirs.bye),
            shown(ours.bye)
        ));
    }
    lines
}

pub(super) fn check(args: &CheckArgs) -> Result<Exit, Failure> {
    let mut trf = read_trf(&args.file)?;
    let played = rounds_played(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, played)?;
    warn_baku_rounds(&trf, &args.file, played);
    if trf.rounds.is_none() && played > 0 {
        // The reference engine's convention: a report without the number of rounds holds
        // them all, so its last round is paired with the last-round rules.
        eprintln!(
            "note: {}: the file gives no number of rounds (XXR or 142): taking the {} \
             recorded as all; say --rounds N otherwise",
            args.file.display(),
            crate::render::count(played as usize, "round", "rounds")
        );
        trf.rounds = Some(played);
    }
    let mut differing = 0;
    for round in 1..=played {
        let input = engine_input(&trf, round)?;
        let theirs = recorded(&trf, round);
        match dutch::pair(&input) {
            Ok(ours) => {
                let lines = differences(&ours, &theirs);
                if lines.is_empty() {
                    continue;
                }
                differing += 1;
                println!("round {round}: differs");
                for line in lines {
                    println!("  {line}");
                }
            }
            Err(none) => {
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
