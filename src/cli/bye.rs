//! `arbiter bye`: a requested bye or a known absence for a round not yet paired.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::Store;

#[derive(Args)]
#[command(
    about = "Record a requested bye or a known absence for a round not yet paired",
    after_help = "Examples:\n  arbiter bye 12 --round 3 --half\n  arbiter bye 7 --round 5 --zero\n  arbiter bye 12 --round 3 --cancel"
)]
pub struct ByeArgs {
    player: u16,
    #[arg(long)]
    round: u32,
    /// Half a point (FIDE mode warns from the second one).
    #[arg(long, group = "kind")]
    half: bool,
    /// No points: a known absence.
    #[arg(long, group = "kind")]
    zero: bool,
    /// A full point (FIDE mode warns: rated events rarely allow it).
    #[arg(long, group = "kind")]
    full: bool,
    /// Take back the bye requested for the round (before the round is paired; logged).
    #[arg(long, group = "kind")]
    cancel: bool,
}

pub fn run(db: &Path, args: &ByeArgs) -> Result<Exit, Failure> {
    if args.cancel {
        let mut store = Store::open(db)?;
        let code = store.cancel_bye(args.player, args.round)?;
        println!(
            "player {}: {} in round {} cancelled; the player is paired in that round",
            args.player,
            match code {
                'H' => "half-point bye",
                'F' => "full-point bye",
                _ => "zero-point bye",
            },
            args.round
        );
        return Ok(Exit::Ok);
    }
    let code = match (args.half, args.zero, args.full) {
        (true, _, _) => 'H',
        (_, true, _) => 'Z',
        (_, _, true) => 'F',
        _ => {
            return Err(Failure {
                exit: Exit::Usage,
                message: "say which bye: --half, --zero or --full (or --cancel)".into(),
                hint: None,
            });
        }
    };
    let mut store = Store::open(db)?;
    let fide = store.setting("fide-mode")? == "on";
    if fide && code == 'F' {
        eprintln!("warning: full-point byes are unusual in rated events (FIDE mode)");
    }
    let others = if fide && code == 'H' {
        store.half_point_byes(args.player, args.round)?
    } else {
        Vec::new()
    };
    if !others.is_empty() {
        let rounds: Vec<String> = others.iter().map(u32::to_string).collect();
        eprintln!(
            "warning: player {} already has a half-point bye in {} {}",
            args.player,
            if others.len() == 1 { "round" } else { "rounds" },
            rounds.join(", ")
        );
    }
    store.request_bye(args.player, args.round, code)?;
    println!(
        "player {}: {} in round {}",
        args.player,
        match code {
            'H' => "half-point bye",
            'Z' => "zero-point bye",
            _ => "full-point bye",
        },
        args.round
    );
    Ok(Exit::Ok)
}
