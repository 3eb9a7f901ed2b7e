//! `arbiter rating`: every player's rating figures for the event (B.02), computed by
//! [`crate::event::rating`], as text, CSV or JSON; `--player N` shows one player's rated games
//! with the difference and expected score of each.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::event::rating::event_rating;
use crate::rating::KSource;
use crate::render::rating::{games_text, rating_csv, rating_json, rating_text};
use crate::store::Store;
use crate::tournament::PlayerId;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RatingFormat {
    Text,
    Csv,
    Json,
}

#[derive(Args)]
#[command(
    about = "Rating figures per player (B.02): rated games, K, We, W, W-We, the change, Rp, Ru",
    long_about = "Rating figures per player for the event's rate of play (FIDE Rating Regulations, B.02): the rated games (played over the board, both players moved, the opponent rated), Ro, K, the expected score We from table 8.1.2 with the 400-point rule of the event's edition, the score W, W - We, the change K x (W - We) to one decimal, the performance Rp (table 8.1.1) and, for an unrated player, an initial rating estimate Ru (2024 rules).\n\nThese are estimates for this event: FIDE rates the whole rating period, applies the 700 cap on K x games over the period and rounds the period's total.",
    after_help = "Examples:\n  arbiter rating\n  arbiter rating --player 12\n  arbiter rating --format json"
)]
pub struct RatingArgs {
    /// One player's rated games, each with its difference D and expected score PD.
    #[arg(long)]
    player: Option<u16>,
    /// text, csv or json.
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn run(db: &Path, args: &RatingArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let rating = event_rating(&store, None)?;
    let format = super::format_value::<RatingFormat>(&args.format)?;
    if let Some(number) = args.player {
        let id = PlayerId(number);
        let (Some(player), Some(figures)) =
            (rating.players.iter().find(|p| p.id == id), rating.of(id))
        else {
            return Err(Failure::invalid_input(format!(
                "--player {number}: no player has that number; `arbiter player list` lists them"
            )));
        };
        match format {
            RatingFormat::Json => {
                println!("{}", rating_json(std::slice::from_ref(figures)));
            }
            RatingFormat::Csv => {
                print!(
                    "{}",
                    rating_csv(std::slice::from_ref(player), std::slice::from_ref(figures))
                        .map_err(Failure::io)?
                );
            }
            RatingFormat::Text => {
                let name = |n: u16| {
                    rating
                        .players
                        .iter()
                        .find(|p| p.id.0 == n)
                        .map_or(String::new(), |p| p.name.clone())
                };
                print!("{}", games_text(player, figures, &name));
            }
        }
        return Ok(Exit::Ok);
    }
    match format {
        RatingFormat::Json => {
            println!("{}", rating_json(&rating.figures));
            return Ok(Exit::Ok);
        }
        RatingFormat::Csv => {
            print!(
                "{}",
                rating_csv(&rating.players, &rating.figures).map_err(Failure::io)?
            );
            return Ok(Exit::Ok);
        }
        RatingFormat::Text => {}
    }
    let rules = rating.rules;
    let cap = if rules.caps_difference(2650) {
        "a difference above 400 counts as 400"
    } else {
        "a difference above 400 counts as 400 for players rated below 2650"
    };
    println!(
        "{} rating, B.02 as in force from {} ({cap}); estimates for this event",
        rating.rate,
        rules.in_force_from()
    );
    print!("{}", rating_text(&rating.players, &rating.figures));
    if rating.assumed_rules {
        eprintln!(
            "note: the event has no start date, so the current rating regulations ({}) are used; `arbiter config start YYYY-MM-DD` sets it",
            rules.name()
        );
    }
    if rating.predates_rules {
        eprintln!(
            "note: the event starts before 1 March 2024; the rules before then (the 400-point rule once per event, other initial ratings) are not computed, and the 2024 edition is used"
        );
    }
    let by_rules: Vec<String> = rating
        .figures
        .iter()
        .filter(|f| f.k_source == Some(KSource::Rules) && !f.games.is_empty())
        .map(|f| f.player.to_string())
        .collect();
    if !by_rules.is_empty() {
        eprintln!(
            "note: K worked out by the rules of 8.3.3 (no K given with the player) for {}: the 30-game rule for new players is taken as met",
            list(&by_rules)
        );
    }
    let capped: Vec<String> = rating
        .figures
        .iter()
        .filter(|f| f.k_capped())
        .map(|f| {
            format!(
                "{} (K {} over {} games, {} before the cap)",
                f.player,
                f.k.unwrap_or(0),
                f.games.len(),
                f.k_before_cap.unwrap_or(0)
            )
        })
        .collect();
    if !capped.is_empty() {
        eprintln!(
            "note: K x games may not pass 700 (8.3.3); K marked * is capped on this event's games: {}",
            list(&capped)
        );
    }
    Ok(Exit::Ok)
}

/// `1, 2 and 3`; a long list is cut after ten with the count of the rest, since a note that
/// names a thousand players names none a reader can find.
fn list(items: &[String]) -> String {
    const SHOWN: usize = 10;
    if items.len() > SHOWN + 1 {
        return format!(
            "{} and {} more ({} players; `--format json` gives each one's k_source)",
            items[..SHOWN].join(", "),
            items.len() - SHOWN,
            items.len()
        );
    }
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::list;

    #[test]
    fn a_long_list_of_players_is_cut_with_its_count() {
        let few: Vec<String> = (1..=3).map(|n| n.to_string()).collect();
        assert_eq!(list(&few), "1, 2 and 3");
        let eleven: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
        assert_eq!(list(&eleven), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 11");
        let many: Vec<String> = (1..=1157).map(|n| n.to_string()).collect();
        assert_eq!(
            list(&many),
            "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 1147 more (1157 players; `--format json` gives each one's k_source)"
        );
    }
}
