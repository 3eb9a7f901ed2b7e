//! `arbiter bye`: a requested bye or a known absence for a round not yet paired (the use
//! case, with FIDE mode's warnings, is in `event::players`).

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::event::players::{self, ByeKind};
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
        let kind = players::cancel_bye(&mut store, args.player, args.round)?;
        println!(
            "player {}: {kind} in round {} cancelled; the player is paired in that round",
            args.player, args.round
        );
        return Ok(Exit::Ok);
    }
    let kind = match (args.half, args.zero, args.full) {
        (true, _, _) => ByeKind::Half,
        (_, true, _) => ByeKind::Zero,
        (_, _, true) => ByeKind::Full,
        _ => {
            return Err(Failure {
                exit: Exit::Usage,
                message: "say which bye: --half, --zero or --full (or --cancel)".into(),
                hint: None,
            });
        }
    };
    let mut store = Store::open(db)?;
    for warning in players::bye_warnings(&store, args.player, args.round, kind)? {
        eprintln!("warning: {warning}");
    }
    players::request_bye(&mut store, args.player, args.round, kind)?;
    println!("player {}: {kind} in round {}", args.player, args.round);
    Ok(Exit::Ok)
}
