//! `arbiter crosstable`: the crosstable after the last round paired, as text, CSV or HTML.

use std::path::{Path, PathBuf};

use clap::Args;

use super::publish::{gather, input, write};
use super::{Exit, Failure};
use crate::render::site::{self, crosstable, crosstable_csv, crosstable_text};
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

pub fn run(db: &Path, args: &CrosstableArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let gathered = gather(&store, false, args.tiebreak_rules.as_deref())?;
    let input = input(&gathered, Vec::new());
    let text = match args.format.as_str() {
        "text" => {
            let played = gathered.rounds.len() as u32;
            let missing = input.missing(played);
            let title = format!(
                "{} - crosstable {} ({})",
                gathered.event.name,
                match gathered.planned {
                    Some(total) => format!("after round {played} of {total}"),
                    None => format!("after round {played}"),
                },
                site::status(missing.len(), gathered.planned == Some(played))
            );
            let mut text = crosstable_text(&crosstable(&input), &title);
            // The text says which games the provisional table waits for, as the pages do.
            for m in &missing {
                text.push_str(&format!(
                    "missing: round {}{}: {} ({}) - {} ({}): {}\n",
                    m.round,
                    if m.board.is_empty() {
                        String::new()
                    } else {
                        format!(", board {}", m.board)
                    },
                    m.white,
                    m.white_no,
                    m.black,
                    m.black_no,
                    m.what
                ));
            }
            text
        }
        "csv" => crosstable_csv(&crosstable(&input)).map_err(Failure::io)?,
        "html" => site::crosstable_html(&input).map_err(Failure::io)?,
        other => {
            return Err(Failure::invalid_input(format!(
                "--format `{other}`: expected text, html or csv"
            )));
        }
    };
    match &args.output {
        Some(path) => write(path, &text)?,
        None => print!("{text}"),
    }
    Ok(Exit::Ok)
}
