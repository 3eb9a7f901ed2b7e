//! `arbiter pair`: pairs the next round of the event (Dutch or Berger, as the event says),
//! stores it in one transaction and only then prints the board list and who is not paired
//! and why; `--manual` takes the arbiter's own pairing (in a Swiss possibly only some boards,
//! the engine pairing the others around them), checks it and shows the engine's beside it.
//! The decisions are `event::pair` (shared with `demo`); this file parses and prints.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use clap::Args;

use super::clock_seed;
use super::{Exit, Failure};
use crate::event::pair::{
    Absence, ColourDraw, ManualInput, PairError, PairNote, PairRequest, pair_next_round,
};
use crate::pairing::Pairing;
use crate::render::explain::explain_text;
use crate::store::Store;
use crate::tournament::PlayerId;

#[derive(Args)]
#[command(
    about = "Pair the next round (Dutch or Berger, as the event says) and store it",
    after_help = "Examples:\n  arbiter pair --dry-run --explain\n  arbiter pair\n  arbiter pair --manual \"1-5,6-2,3-7,8-4,9-0\"   (9-0: the pairing-allocated bye)\n  arbiter pair --manual \"1-5\"                   (board 1 fixed; the engine pairs the rest)"
)]
pub struct PairArgs {
    /// Show the pairing without storing it.
    #[arg(long = "dry-run")]
    dry_run: bool,
    /// Say why (Dutch): brackets, moved-down players, downfloaters, the first criterion not
    /// met perfectly, the colour rule of each board.
    #[arg(long)]
    explain: bool,
    /// The arbiter's own pairing: `WHITE-BLACK` per board, comma-separated; `N-0` is the
    /// pairing-allocated bye. In a Swiss the boards may be only some of the round's: the
    /// engine pairs the other players around them.
    #[arg(long, conflicts_with = "manual_file")]
    manual: Option<String>,
    /// The same, from a file (commas or new lines between boards).
    #[arg(long = "manual-file")]
    manual_file: Option<PathBuf>,
    /// Store a manual pairing that breaks an absolute criterion (logged as a manual
    /// intervention).
    #[arg(long)]
    force: bool,
    /// The seed for what round 1 draws by lot (initial colour, round-robin numbers); logged.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(db: &Path, args: &PairArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let request = PairRequest {
        dry_run: args.dry_run,
        manual: match (&args.manual, &args.manual_file) {
            (Some(text), _) => Some(ManualInput::Text(text.clone())),
            (None, Some(file)) => Some(ManualInput::File(file.clone())),
            (None, None) => None,
        },
        force: args.force,
        seed: args.seed,
        default_seed: clock_seed(),
    };
    let outcome = match pair_next_round(&mut store, &request) {
        Ok(outcome) => outcome,
        Err(PairError { notes, error }) => {
            print_notes(&notes);
            return Err(error.into());
        }
    };
    print_notes(&outcome.notes);
    let Some(paired) = outcome.paired else {
        return Ok(Exit::No);
    };
    let round = outcome.round;
    // Printed only now: a pairing the store refused is never shown as if it were the round.
    match paired.colour {
        ColourDraw::WouldDraw { seed, colour } => {
            println!("initial colour as seed {seed} would draw it: {colour} (dry run: not drawn)")
        }
        ColourDraw::Undrawn => println!(
            "the initial colour is drawn by lot when round 1 is paired, so the colours shown may be reversed; `--seed S` shows what a seed draws"
        ),
        ColourDraw::Drawn { seed, colour } => {
            println!("initial colour drawn by lot (seed {seed}): {colour}")
        }
        ColourDraw::None => {}
    }
    if args.explain
        && let Some(explanation) = &paired.explanation
    {
        print!("{}", explain_text(round, explanation));
    }
    println!(
        "round {round}{}",
        if paired.dry_run {
            " (dry run: not stored)"
        } else {
            ""
        }
    );
    print_boards(&paired.names, &paired.pairing, paired.bye_label);
    if let Some(kept) = paired.kept {
        let total = paired.pairing.boards.len();
        println!(
            "kept as given: {}; paired by the engine around them: {}{}",
            board_range(1, kept),
            board_range(kept + 1, total),
            if paired.pairing.bye.is_some() {
                " and the bye"
            } else {
                ""
            }
        );
    }
    print_absentees(&paired.names, &paired.absentees);
    if paired.manual && !paired.engine.boards.is_empty() && paired.engine != paired.pairing {
        println!("the engine would have paired:");
        print_boards(&paired.names, &paired.engine, paired.bye_label);
    }
    Ok(Exit::Ok)
}

/// What was said on the way: the numbers drawn on stdout, the engine's failure and a manual
/// pairing's departures from the rules on stderr.
fn print_notes(notes: &[PairNote]) {
    for note in notes {
        match note {
            PairNote::NumbersDrawn { seed } => {
                println!("pairing numbers drawn by lot (seed {seed})")
            }
            PairNote::NoPairing { round, reason } => {
                eprintln!("round {round}: {reason}");
                eprintln!(
                    "the Chief Arbiter decides (C.04.3 1.9.3): `arbiter pair --manual` stores a pairing of your own"
                );
            }
            PairNote::Violation(v) => {
                eprintln!("{}: {v}", if v.is_absolute() { "refused" } else { "note" })
            }
        }
    }
}

/// `board 1`, `boards 1-3`, or `no board`.
fn board_range(first: usize, last: usize) -> String {
    match last.cmp(&first) {
        std::cmp::Ordering::Less => "no board".to_owned(),
        std::cmp::Ordering::Equal => format!("board {first}"),
        std::cmp::Ordering::Greater => format!("boards {first}-{last}"),
    }
}

fn print_absentees(names: &HashMap<PlayerId, String>, absent: &[(PlayerId, Absence)]) {
    if absent.is_empty() {
        return;
    }
    println!("not paired:");
    for (id, why) in absent {
        let why = match why {
            Absence::Requested('H') => "half-point bye (requested)".to_owned(),
            Absence::Requested('F') => "full-point bye (requested)".to_owned(),
            Absence::Requested(_) => "zero-point bye (known absence)".to_owned(),
            Absence::Withdrawn(from) => format!("withdrawn from round {from}"),
            Absence::NotPaired => "absent: not on any board".to_owned(),
        };
        println!(
            "{:>5}  {:>4} {:<28}   {why}",
            "",
            id,
            names.get(id).map_or("", String::as_str)
        );
    }
}

fn print_boards(names: &HashMap<PlayerId, String>, pairing: &Pairing, bye_label: &str) {
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    let shown: Vec<String> = pairing
        .boards
        .iter()
        .map(|b| name(b.white))
        .chain(pairing.bye.map(name))
        .collect();
    let width = crate::render::text::name_width(shown.iter().map(String::as_str), 28);
    let fit = crate::render::text::fit;
    for (i, board) in pairing.boards.iter().enumerate() {
        println!(
            "{:>5}  {:>4} {} - {:>4} {}",
            i + 1,
            board.white,
            fit(&name(board.white), width),
            board.black,
            name(board.black)
        );
    }
    if let Some(bye) = pairing.bye {
        println!(
            "{:>5}  {:>4} {}   {bye_label}",
            "",
            bye,
            fit(&name(bye), width)
        );
    }
}
