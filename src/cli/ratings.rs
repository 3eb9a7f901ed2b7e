//! `arbiter ratings import|check|list`: the FIDE rating lists a user's events share (one
//! SQLite file: `$ARBITER_RATINGS`, else the user's data directory), and the event's players
//! checked against the list it uses (the use cases are `event::ratings`).

use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};

use super::{Exit, Failure};
use crate::event::ratings;
use crate::render::text::{fit, name_width};
use crate::store::{RatingList, Store};

#[derive(Subcommand)]
pub enum RatingsCommand {
    /// Read FIDE's rating list into the rating lists your events share.
    ///
    /// The combined players_list_foa.txt, players_list_xml_foa.xml, or the zip holding either,
    /// as one rating period: all of it, or nothing if the list is malformed anywhere. The period is
    /// --period, else the one in an archive's file name (`..._jul26.zip`), else the event's
    /// start month. The file is $ARBITER_RATINGS, else $XDG_DATA_HOME/arbiter/ratings.db,
    /// else ~/.local/share/arbiter/ratings.db.
    #[command(
        after_help = "Example:\n  arbiter ratings import players_list_foa.zip --period 2026-07"
    )]
    Import {
        file: PathBuf,
        /// The rating period YYYY-MM the list is valid for.
        #[arg(long)]
        period: Option<String>,
    },
    /// Compare the registered players with the rating list valid at the event's start.
    ///
    /// For the players with a FIDE ID: name, federation, title, rating, K, games, birth year and other titles
    /// that differ. Exit 1 when something differs. With --update the list's values are taken,
    /// each change logged, in one transaction.
    #[command(after_help = "Example:\n  arbiter ratings check\n  arbiter ratings check --update")]
    Check {
        /// Take the list's values.
        #[arg(long)]
        update: bool,
        /// text or json.
        #[arg(long, default_value = "text")]
        format: String,
    },
    /// The imported rating periods: source file, when, how many players.
    #[command(after_help = "Example:\n  arbiter ratings list")]
    List,
}

/// What `ratings check` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}

/// The rating-list file: `$ARBITER_RATINGS`, else `$XDG_DATA_HOME/arbiter/ratings.db`, else
/// `$HOME/.local/share/arbiter/ratings.db` (the XDG base directories' default).
pub fn ratings_path() -> Result<PathBuf, Failure> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(path) = set("ARBITER_RATINGS") {
        return Ok(PathBuf::from(path));
    }
    if let Some(data) = set("XDG_DATA_HOME") {
        return Ok(PathBuf::from(data).join("arbiter").join("ratings.db"));
    }
    if let Some(home) = set("HOME") {
        return Ok(PathBuf::from(home)
            .join(".local")
            .join("share")
            .join("arbiter")
            .join("ratings.db"));
    }
    Err(Failure::io(
        "no place for the rating lists: set ARBITER_RATINGS to a file such as ~/ratings.db",
    ))
}

/// The rating lists if any were imported (reading never makes the file).
pub fn existing_list() -> Result<Option<RatingList>, Failure> {
    Ok(RatingList::open_existing(&ratings_path()?)?)
}

pub fn run(db: &Path, command: &RatingsCommand) -> Result<Exit, Failure> {
    match command {
        RatingsCommand::Import { file, period } => import(db, file, period.as_deref()),
        RatingsCommand::Check { update, format } => check(db, *update, format),
        RatingsCommand::List => list(),
    }
}

fn import(db: &Path, file: &Path, period: Option<&str>) -> Result<Exit, Failure> {
    // The event, if there is one, gives the default period and notes the list; without one
    // nothing is created.
    let mut event = if db.exists() {
        Some(Store::open(db)?)
    } else {
        None
    };
    let start = match &event {
        Some(store) => Some(store.setting("start")?),
        None => None,
    };
    let period = match period {
        Some(p) => p.to_owned(),
        None => ratings::default_period(file, start.as_deref().filter(|s| !s.is_empty()))
            .ok_or_else(|| {
                Failure::invalid_input(format!(
                    "which rating period is {}? FIDE's current list does not say",
                    file.display()
                ))
                .with_hint("give it with --period YYYY-MM (the month the list is valid for)")
            })?,
    };
    let path = ratings_path()?;
    let mut list = RatingList::open_or_create(&path)?;
    let done = ratings::import_list(&mut list, file, &period)?;
    let from = match &done.member {
        Some(member) => format!("{} ({member})", file.display()),
        None => file.display().to_string(),
    };
    println!(
        "imported {} for rating period {} from {from} into {}",
        crate::render::count(done.players as usize, "player", "players"),
        done.period,
        path.display()
    );
    if done.replaced > 0 {
        println!(
            "the {} list of {} players it replaces is gone",
            done.period, done.replaced
        );
    }
    if let Some(store) = &mut event
        && store.setting("rating-period")?.is_empty()
    {
        store.note_rating_period(&done.period, "ratings import")?;
        println!("the event uses the {} list", done.period);
    }
    Ok(Exit::Ok)
}

fn check(db: &Path, update: bool, format: &str) -> Result<Exit, Failure> {
    let format: CheckFormat = super::format_value(format)?;
    let mut store = Store::open(db)?;
    let Some(list) = existing_list()? else {
        return Err(Failure {
            exit: Exit::Database,
            message: "no rating list is imported".into(),
            hint: Some(
                "download FIDE's players_list_foa.zip and import it with `arbiter ratings import FILE`"
                    .into(),
            ),
        });
    };
    let found = ratings::check(&store, &list)?;
    match format {
        CheckFormat::Json => {
            let differences: Vec<serde_json::Value> = found
                .differences
                .iter()
                .map(|d| {
                    serde_json::json!({
                        "start_no": d.number, "fide_id": d.fide_id, "name": d.name,
                        "field": d.field, "event": d.event, "list": d.list,
                    })
                })
                .collect();
            let missing: Vec<serde_json::Value> = found
                .not_on_list
                .iter()
                .map(
                    |(n, name, id)| serde_json::json!({"start_no": n, "fide_id": id, "name": name}),
                )
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({
                    "period": found.period,
                    "checked": found.checked,
                    "differences": differences,
                    "not_on_list": missing,
                    "updated": update,
                }))
                .map_err(Failure::io)?
            );
        }
        CheckFormat::Text => {
            let width = name_width(found.differences.iter().map(|d| d.name.as_str()), 33);
            if !found.differences.is_empty() {
                println!(
                    "{:>4}  {}  {:>10}  {:<12}  {:<20}  list",
                    "no",
                    fit("name", width),
                    "FIDE ID",
                    "field",
                    "event"
                );
                for d in &found.differences {
                    println!(
                        "{:>4}  {}  {:>10}  {:<12}  {:<20}  {}",
                        d.number,
                        fit(&d.name, width),
                        d.fide_id,
                        d.field,
                        d.event,
                        d.list
                    );
                }
            }
            for (number, name, id) in &found.not_on_list {
                println!("player {number} ({name}): FIDE ID {id} is not on the list");
            }
            println!(
                "{} with a FIDE ID checked against the {} list: {}",
                crate::render::count(found.checked, "player", "players"),
                found.period,
                match found.differences.len() {
                    0 => "no differences".to_owned(),
                    n => crate::render::count(n, "difference", "differences"),
                }
            );
        }
    }
    if update && found.players_to_change() > 0 {
        let moved = ratings::update(&mut store, &found)?;
        if format == CheckFormat::Text {
            println!(
                "took the list's values for {} (logged)",
                crate::render::count(found.players_to_change(), "player", "players")
            );
            if !moved.is_empty() {
                let list: Vec<String> = moved.iter().map(|(o, n)| format!("{o}->{n}")).collect();
                println!(
                    "pairing numbers follow the starting order until round 4 is paired (C.04.2 2.3): {}",
                    list.join(" ")
                );
            }
        }
        return Ok(Exit::Ok);
    }
    Ok(
        if found.differences.is_empty() && found.not_on_list.is_empty() {
            Exit::Ok
        } else {
            Exit::No
        },
    )
}

fn list() -> Result<Exit, Failure> {
    let path = ratings_path()?;
    let periods = match RatingList::open_existing(&path)? {
        Some(list) => list.periods()?,
        None => Vec::new(),
    };
    if periods.is_empty() {
        println!("no rating list is imported in {}", path.display());
        return Ok(Exit::Ok);
    }
    println!(
        "{:<7}  {:>9}  {:<24}  source",
        "period", "players", "imported"
    );
    for p in &periods {
        println!(
            "{:<7}  {:>9}  {:<24}  {}",
            p.period, p.players, p.imported_at, p.source
        );
    }
    Ok(Exit::Ok)
}
