//! `arbiter perft`: counts the leaf nodes of the legal move tree, the standard proof of a
//! move generator against published figures.

use std::io::Write;
use std::time::Instant;

use clap::Args;

use super::{Exit, Failure};
use crate::chess::{Position, STARTING_FEN, Uci};

#[derive(Args)]
#[command(
    about = "Count the positions DEPTH plies deep (move generator check); the count is the last line",
    after_help = "Examples:\n  arbiter perft 6\n  arbiter perft 4 --divide --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'"
)]
pub struct PerftArgs {
    /// Plies to search (0 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// First list each legal move (UCI) with its own count.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<Exit, Failure> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|err| {
            Failure::invalid_input(format!("--fen: {err}")).with_hint(format!(
                "give all six fields of a position that can arise, such as --fen '{STARTING_FEN}'"
            ))
        })?,
        None => Position::new(),
    };
    let started = Instant::now();
    let mut stdout = std::io::stdout().lock();
    let total = if args.divide && args.depth > 0 {
        let mut rows: Vec<(String, u64)> = pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut next = pos;
                next.play_unchecked(mv);
                (Uci::from_move(mv).to_string(), next.perft(args.depth - 1))
            })
            .collect();
        rows.sort();
        for (uci, nodes) in &rows {
            let _ = writeln!(stdout, "{uci}: {nodes}");
        }
        rows.iter().map(|(_, nodes)| nodes).sum()
    } else {
        pos.perft(args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    if args.divide {
        let _ = writeln!(stdout);
    }
    let _ = writeln!(stdout, "{total}");
    // Timing goes to stderr so that the last line of stdout stays the bare count for scripts.
    eprintln!(
        "perft {}: {total} nodes in {seconds:.3} s ({:.0} million nodes/s)",
        args.depth,
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(Exit::Ok)
}
