//! `arbiter pairing generate`: a random tournament, every round paired by our Dutch engine.

use std::path::PathBuf;

use clap::Args;

use crate::cli::{Exit, Failure};
use crate::pairing::generate::{GenerateError, GeneratorConfig, generate};
use crate::trf::Trf;

#[derive(Args)]
pub struct GenerateArgs {
    #[arg(long)]
    players: usize,
    #[arg(long)]
    rounds: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Percentage of games drawn.
    #[arg(long, default_value_t = 30)]
    draws: u32,
    /// Share of games forfeited (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    forfeits: f64,
    /// Share of players asking for a bye in a round (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    byes: f64,
    /// Share of players withdrawing in a round (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    withdrawals: f64,
    /// Share of players entering late (0 to 1).
    #[arg(long = "late-entries", default_value_t = 0.0)]
    late_entries: f64,
    /// Baku acceleration (C.04.7), written as XXA lines.
    #[arg(long)]
    baku: bool,
    #[arg(short = 'o')]
    output: PathBuf,
}

pub(super) fn generate_event(args: &GenerateArgs) -> Result<Exit, Failure> {
    let config = GeneratorConfig {
        players: args.players,
        rounds: args.rounds,
        seed: args.seed,
        draw_percent: args.draws,
        forfeit_rate: args.forfeits,
        bye_rate: args.byes,
        withdrawal_rate: args.withdrawals,
        late_entry_rate: args.late_entries,
        baku: args.baku,
    };
    let mut pair = crate::pairing::generate::pair_dutch;
    let write = |trf: &Trf| {
        std::fs::write(&args.output, crate::trf::write(trf))
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", args.output.display())))
    };
    let trf = match generate(&config, &mut pair) {
        Ok(trf) => trf,
        // The rounds made are a report of their own: written, and the answer is "no".
        Err(GenerateError::Pairer {
            round,
            message,
            partial,
        }) => {
            write(&partial)?;
            let made = match round {
                1 => "no round".to_owned(),
                2 => "round 1".to_owned(),
                _ => format!("rounds 1-{}", round - 1),
            };
            eprintln!(
                "round {round} could not be paired: {message}; {} written with {made}",
                args.output.display()
            );
            return Ok(Exit::No);
        }
        Err(e) => return Err(Failure::invalid_input(e.to_string())),
    };
    write(&trf)?;
    println!(
        "{}, {}, seed {}: {}",
        crate::render::count(args.players, "player", "players"),
        crate::render::count(args.rounds as usize, "round", "rounds"),
        args.seed,
        args.output.display()
    );
    Ok(Exit::Ok)
}
