//! `arbiter publish DIR`: the static site. [`crate::event::publish`] gathers the event and
//! writes the site's files; this file parses the flags, records the publication and prints.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{Exit, Failure};
use crate::event::publish::publish_site;
use crate::store::Store;

#[derive(Args)]
#[command(
    about = "Write the event as a static web site: event, players, pairings, standings, crosstable, player cards, downloads",
    after_help = "Examples:\n  arbiter publish site/\n  arbiter --db open2026.db publish /var/www/open2026\n  arbiter publish site/ --tiebreak-rules 2024"
)]
pub struct PublishArgs {
    /// The folder to write into (made if missing; the site's files in it are replaced).
    dir: PathBuf,
    /// auto, 2026, 2024 or legacy (default: the event's setting).
    #[arg(long = "tiebreak-rules")]
    tiebreak_rules: Option<String>,
}

pub fn run(db: &Path, args: &PublishArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let published = publish_site(
        &store,
        &args.dir,
        args.tiebreak_rules.as_deref(),
        &mut |note| eprintln!("note: {note}"),
    )?;
    for note in &published.replaced {
        eprintln!("note: {note}");
    }
    let written = published.written;
    // From now on the round's pairing is public: C.04.2 4.4 limits changing it.
    store.record_publication(&args.dir.display().to_string())?;
    println!(
        "wrote {} files to {} (open {})",
        written.len(),
        args.dir.display(),
        args.dir.join("index.html").display()
    );
    Ok(Exit::Ok)
}
