//! `arbiter round show`: a round's boards (found by `event::round`), as text, CSV or JSON.

use std::path::Path;

use clap::{Subcommand, ValueEnum};

use super::{Exit, Failure};
use crate::render::text::{fit, name_width};
use crate::store::Store;
use crate::tournament::PlayerId;
use crate::tournament::result_code::shown_codes;

/// What `round show` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RoundFormat {
    Text,
    Csv,
    Json,
}

#[derive(Subcommand)]
pub enum RoundCommand {
    /// The boards of a round with their results, and who has a bye.
    #[command(after_help = "Example:\n  arbiter round show 3")]
    Show {
        /// The round (default: the last one paired).
        round: Option<u32>,
        /// text, csv or json.
        #[arg(long, default_value = "text")]
        format: String,
    },
}

pub fn run(db: &Path, command: &RoundCommand) -> Result<Exit, Failure> {
    let RoundCommand::Show { round, format } = command;
    let store = Store::open(db)?;
    let shown = crate::event::round::show(&store, *round)?;
    let (round, view) = (shown.round, &shown.view);
    let name = |id: PlayerId| shown.name(id);
    match super::format_value::<RoundFormat>(format)? {
        RoundFormat::Text => {}
        RoundFormat::Json => {
            println!("{}", crate::render::event::round_json(round, view));
            return Ok(Exit::Ok);
        }
        RoundFormat::Csv => {
            let text = crate::render::event::round_csv(round, view, &|n| name(PlayerId(n)))
                .map_err(Failure::io)?;
            print!("{text}");
            return Ok(Exit::Ok);
        }
    }
    println!("round {round}");
    let names_shown: Vec<String> = view
        .games
        .iter()
        .map(|g| name(g.white))
        .chain(view.unpaired.iter().map(|(p, _)| name(*p)))
        .collect();
    let width = name_width(names_shown.iter().map(String::as_str), 28);
    println!(
        "{:>5}  {:>4} {}  {:<14}  {:>4} black",
        "board",
        "no",
        fit("white", width),
        "result",
        "no"
    );
    for game in &view.games {
        let line = format!(
            "{:>5}  {:>4} {}  {:<14}  {:>4} {}",
            game.board.map_or("-".to_owned(), |b| b.to_string()),
            game.white,
            fit(&name(game.white), width),
            shown_codes(game.white_code, game.black_code),
            game.black,
            // The last column: nothing to align after it, so the whole name.
            name(game.black)
        );
        println!("{}", line.trim_end());
    }
    for (player, code) in &view.unpaired {
        let what = shown.unpaired_label(*code);
        println!(
            "{:>5}  {:>4} {}  {what}",
            "",
            player,
            fit(&name(*player), width)
        );
    }
    Ok(Exit::Ok)
}
