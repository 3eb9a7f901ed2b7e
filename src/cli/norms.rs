//! `arbiter norms`: title norms per player (B.01), judged by [`crate::event::norms`]: a
//! summary, one player's requirements article by article, JSON, and the certificate's data
//! (form IT1) as JSON or CSV.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::event::norms::{PlayerNorm, certificate, event_norms};
use crate::norms::NormKind;
use crate::render::norms::{
    certificate_csv, certificate_json, norms_json, norms_text, player_text,
};
use crate::store::Store;
use crate::tournament::PlayerId;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum NormsFormat {
    Text,
    Json,
    Csv,
}

#[derive(Args)]
#[command(
    about = "Title norms (B.01): each requirement with its article, met or not, and the result needed next round",
    long_about = "Title norms per player (FIDE Title Regulations B.01, applied from 1 January 2024): for each GM, IM, WGM or WIM norm a player can seek, the games counted (1.4.1, 1.4.2), the federations (1.4.3, 1.4.4, with the event's exemption), the titled opponents (1.4.5, and half the opponents in a double round robin, 1.4.5f), the ratings with the floor and unrated at 1400 (1.4.6), Ra, Rp and the 35 % minimum (1.4.7 to 1.4.9), and the event's own conditions (1.1: rate of play, rounds and hours a day, the chief arbiter). Titles and ratings are the registered ones, as at the event's start (an event of more than 30 days is flagged, 1.1.4). The games needed follow the kind of event (`arbiter config norm-event standard|team-championship|world-cup`, 1.4.1b); an opponent registered with the federation NON belongs to no FIDE federation and is left out (1.4.2a), and FID (the FIDE flag) is no federation for the mix. Once the next round is paired, the result against that opponent that makes the norm.\n\nThe summary lists norms met, undecided for want of data, or within reach of the next round; --all lists every norm sought.",
    after_help = "Examples:\n  arbiter norms\n  arbiter norms --player 7\n  arbiter norms --format json\n  arbiter norms --player 7 --certificate GM --format csv"
)]
pub struct NormsArgs {
    /// One player's norms, requirement by requirement.
    #[arg(long)]
    player: Option<u16>,
    /// Every norm sought, not only those met or within reach.
    #[arg(long)]
    all: bool,
    /// The certificate's data (FIDE form IT1) for this norm (GM, IM, WGM or WIM) of --player.
    #[arg(long, requires = "player")]
    certificate: Option<String>,
    /// text or json (and csv for --certificate).
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn run(db: &Path, args: &NormsArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let event = event_norms(&store)?;
    let format = super::format_value::<NormsFormat>(&args.format)?;
    let player = match args.player {
        Some(n) => Some(event.player(PlayerId(n)).cloned().ok_or_else(|| {
            Failure::invalid_input(format!(
                "--player {n}: no player has that number; `arbiter player list` lists them"
            ))
        })?),
        None => None,
    };
    if let (Some(kind), Some(player)) = (&args.certificate, &player) {
        let kind = NormKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(kind.trim()))
            .ok_or_else(|| {
                Failure::invalid_input(format!(
                    "--certificate `{kind}`: expected GM, IM, WGM or WIM"
                ))
            })?;
        let form = certificate(&event, player.id, kind)?;
        match format {
            NormsFormat::Csv => print!("{}", certificate_csv(&form).map_err(Failure::io)?),
            _ => println!("{}", certificate_json(&form)),
        }
        return Ok(Exit::Ok);
    }
    if format == NormsFormat::Csv {
        return Err(Failure::invalid_input(
            "--format csv: only the certificate (--certificate) is written as CSV; expected text or json",
        ));
    }
    let shown: Vec<&PlayerNorm> = event
        .norms
        .iter()
        .filter(|n| player.as_ref().is_none_or(|p| n.check.player == p.id))
        .collect();
    match (format, &player) {
        (NormsFormat::Json, _) => println!("{}", norms_json(&shown)),
        (_, Some(player)) => print!("{}", player_text(&event, player)),
        (_, None) => {
            println!(
                "title norms after round {} (B.01 as applied from 1 January 2024; titles and ratings as registered)",
                event.complete_rounds
            );
            print!("{}", norms_text(&event, args.all));
        }
    }
    Ok(Exit::Ok)
}
