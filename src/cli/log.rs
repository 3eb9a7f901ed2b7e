//! `arbiter log`: every change to the event, oldest first.

use std::path::Path;

use clap::{Args, ValueEnum};

use super::{Exit, Failure};
use crate::store::Store;

/// What `log` writes (read by [`super::format_value`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Args)]
#[command(about = "Every change to the event, oldest first")]
pub struct LogArgs {
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn run(db: &Path, args: &LogArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let format: LogFormat = super::format_value(&args.format)?;
    match format {
        LogFormat::Text => {}
        LogFormat::Json => {
            println!("{}", crate::render::event::log_json(&store.log()?));
            return Ok(Exit::Ok);
        }
    }
    for entry in store.log()? {
        let change = match (&entry.old, &entry.new) {
            (Some(old), Some(new)) => format!(": {old} -> {new}"),
            (None, Some(new)) => format!(": {new}"),
            (Some(old), None) => format!(": was {old}"),
            (None, None) => String::new(),
        };
        println!(
            "{}  {:<14}  {}{change}",
            entry.at, entry.command, entry.what
        );
    }
    Ok(Exit::Ok)
}
