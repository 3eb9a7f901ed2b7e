//! `arbiter unpair`: removes the last round's pairing while it has no results.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::{Store, UnpairGround};

#[derive(Args)]
#[command(
    about = "Remove the last round's pairing while it has no results (requested byes stay)",
    after_help = "Once the pairing is published (`arbiter publish`), it is changed only on a ground of\nC.04.2 4.4, stated with --ground and logged.\n\nExamples:\n  arbiter unpair\n  arbiter unpair --ground rematch"
)]
pub struct UnpairArgs {
    /// The ground of C.04.2 4.4 for changing a published pairing: rematch, rules,
    /// players-agree, late-entry or last-round.
    #[arg(long, value_parser = parse_ground)]
    ground: Option<UnpairGround>,
}

fn parse_ground(text: &str) -> Result<UnpairGround, String> {
    text.parse()
}

pub fn run(db: &Path, args: &UnpairArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let round = store.unpair_on(args.ground)?;
    match args.ground {
        Some(ground) => println!(
            "round {round} unpaired (C.04.2 4.4: {}); pair it again with `arbiter pair`",
            ground.reason()
        ),
        None => println!("round {round} unpaired"),
    }
    Ok(Exit::Ok)
}
