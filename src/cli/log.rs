//! `arbiter log`: every change to the event, oldest first.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::Store;

#[derive(Args)]
#[command(about = "Every change to the event, oldest first")]
pub struct LogArgs {
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn run(db: &Path, args: &LogArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    match args.format.as_str() {
        "text" => {}
        "json" => {
            println!("{}", crate::render::event::log_json(&store.log()?));
            return Ok(Exit::Ok);
        }
        other => {
            return Err(Failure::invalid_input(format!(
                "--format `{other}`: expected text or json"
            )));
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
