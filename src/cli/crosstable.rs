//! `arbiter crosstable`: the crosstable after the last round paired, as text, CSV or HTML.
//! The event is read and ranked by [`crate::event::publish::gather`], as the site is; this
//! file parses the flags and prints.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::{Exit, Failure};
use crate::event::publish::{gather, input};
use crate::render::crosstable::crosstable_report_text;
use crate::render::site::{self, crosstable, crosstable_csv};
use crate::store::Store;

#[derive(Args)]
#[command(
    about = "The crosstable after the last round paired, in rank order",
    after_help = "Examples:\n  arbiter crosstable\n  arbiter crosstable --format csv -o crosstable.csv\n  arbiter crosstable --format html -o crosstable.html\n  arbiter crosstable --tiebreak-rules 2024"
)]
pub struct CrosstableArgs {
    /// auto, 2026, 2024 or legacy (default: the event's setting): the rules the rank order
    /// is decided by.
    #[arg(long = "tiebreak-rules")]
    tiebreak_rules: Option<String>,
    /// text, html or csv.
    #[arg(long, default_value = "text")]
    format: String,
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

/// The forms `--format` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CrosstableFormat {
    Text,
    Html,
    Csv,
}

pub fn run(db: &Path, args: &CrosstableArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let gathered = gather(&store, false, args.tiebreak_rules.as_deref(), &mut |note| {
        eprintln!("note: {note}")
    })?;
    let input = input(&gathered, Vec::new());
    // Checked here, after the notes, as it always was.
    let format: CrosstableFormat = super::format_value(&args.format)?;
    let text = match format {
        CrosstableFormat::Text => crosstable_report_text(&input),
        CrosstableFormat::Csv => crosstable_csv(&crosstable(&input)).map_err(Failure::io)?,
        CrosstableFormat::Html => site::crosstable_html(&input).map_err(Failure::io)?,
    };
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Exit::Ok)
}
