//! `arbiter forbid`: prohibited pairings among the listed players.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::Store;

#[derive(Args)]
#[command(
    about = "Prohibit pairings among the listed players (e.g. family members)",
    after_help = "Examples:\n  arbiter forbid 4 17 23\n  arbiter forbid --list\n  arbiter forbid --remove 4 17"
)]
pub struct ForbidArgs {
    /// Two or more pairing numbers: every pairing among them is prohibited (or, with
    /// --remove, allowed again).
    #[arg(num_args = 2.., required_unless_present = "list")]
    players: Vec<u16>,
    /// List the prohibited pairings with the players' names.
    #[arg(long, conflicts_with_all = ["players", "remove"])]
    list: bool,
    /// Lift the prohibition among the listed players (logged).
    #[arg(long)]
    remove: bool,
}

pub fn run(db: &Path, args: &ForbidArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    if args.list {
        let names: std::collections::HashMap<u16, String> = store
            .players()?
            .into_iter()
            .map(|p| (p.id.0, p.name))
            .collect();
        let name = |n: u16| names.get(&n).map_or("", String::as_str);
        let pairs = store.forbidden()?;
        if pairs.is_empty() {
            println!("no prohibited pairings");
        }
        for (a, b) in pairs {
            println!("{a:>4} {:<28} - {b:>4} {}", name(a), name(b));
        }
        return Ok(Exit::Ok);
    }
    if args.remove {
        let removed = store.unforbid(&args.players)?;
        println!(
            "{} removed",
            crate::render::count(removed, "prohibited pairing", "prohibited pairings")
        );
        return Ok(Exit::Ok);
    }
    let added = store.forbid(&args.players)?;
    println!(
        "{} added",
        crate::render::count(added, "prohibited pairing", "prohibited pairings")
    );
    Ok(Exit::Ok)
}
