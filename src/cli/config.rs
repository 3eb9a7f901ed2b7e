//! `arbiter config`: shows or changes the event's settings.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::Store;
use crate::tournament::settings::KEYS;

#[derive(Args)]
#[command(
    about = "Show the settings, or change one (logged; some need --force after round 1)",
    after_help = "Examples:\n  arbiter config\n  arbiter config rounds\n  arbiter config rounds 9"
)]
pub struct ConfigArgs {
    key: Option<String>,
    value: Option<String>,
    /// Change a setting that round 1 already depends on (FIDE mode).
    #[arg(long)]
    force: bool,
}

pub fn run(db: &Path, args: &ConfigArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    match (&args.key, &args.value) {
        (None, _) => {
            let width = KEYS.iter().map(|k| k.name.len()).max().unwrap_or(0);
            for (key, value) in store.settings()? {
                println!("{key:<width$}  {value}");
            }
        }
        (Some(key), None) => {
            if crate::tournament::settings::SettingKey::find(key).is_none() {
                return Err(Failure::invalid_input(format!(
                    "unknown setting `{key}`; `arbiter config` lists them"
                )));
            }
            println!("{}", store.setting(key)?);
        }
        (Some(key), Some(value)) => {
            let started = store.rounds_started()? > 0;
            let stored = store.set_setting(key, value, args.force)?;
            if started {
                eprintln!("warning: {key} changed after round 1 was paired");
            }
            println!("{key} = {stored}");
        }
    }
    Ok(Exit::Ok)
}
