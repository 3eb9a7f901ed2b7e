//! `arbiter standings`: points, the event's tie-breaks per rules edition, and the working
//! for one player. The table and what it assumes come from [`crate::event::standings`]; this
//! file parses the flags and prints.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{Exit, Failure};
use crate::event::standings::{StandingsReport, StandingsRequest, event_standings};
use crate::render::site::{StandingsPage, standings_html};
use crate::store::Store;
use crate::tournament::PlayerId;

/// The forms `--format` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum StandingsFormat {
    Text,
    Csv,
    Json,
    /// A page of its own, as the published site shows standings.
    Html,
}

#[derive(Args)]
#[command(
    about = "The standings: points, then the tie-breaks, per rules edition",
    after_help = "Examples:\n  arbiter standings\n  arbiter standings --round 5 --tiebreaks BH/C1,BH,SB --format csv\n  arbiter standings --tiebreak-rules 2024 --compare 2026\n  arbiter standings --explain 12\n  arbiter standings --format html -o standings.html"
)]
pub struct StandingsArgs {
    /// After this round (default: the last one paired).
    #[arg(long)]
    round: Option<u32>,
    /// The tie-break list (default: the event's), e.g. `BH/C1,BH,SB,DE`.
    #[arg(long)]
    tiebreaks: Option<String>,
    /// auto, 2026, 2024 or legacy (default: the event's setting).
    #[arg(long = "tiebreak-rules")]
    tiebreak_rules: Option<String>,
    /// Rank under a second edition as well and list the players whose rank differs.
    #[arg(long)]
    compare: Option<String>,
    /// The working for one player, round by round.
    #[arg(long)]
    explain: Option<u16>,
    /// Break ties left after the list by a drawing of lots with this seed (C.07 Art. 4.2).
    #[arg(long)]
    lots: Option<u64>,
    /// text, csv, json or html (a page of its own, as the published site shows standings).
    #[arg(long, default_value = "text")]
    format: String,
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

pub fn run(db: &Path, args: &StandingsArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    // An unknown format is refused once the standings are made, after their notes, as it
    // always was.
    let format = super::format_value::<StandingsFormat>(&args.format);
    let request = StandingsRequest {
        round: args.round,
        tiebreaks: args.tiebreaks.clone(),
        rules: args.tiebreak_rules.clone(),
        compare: args.compare.clone(),
        explain: args.explain.map(PlayerId),
        lots: args.lots,
        page: matches!(format, Ok(StandingsFormat::Html)),
    };
    let StandingsReport {
        table,
        round,
        planned,
        state,
        name,
        explanation: explain,
        mut comparison,
        page,
    } = event_standings(&store, &request, &mut |note| eprintln!("note: {note}"))?;
    let title = format!(
        "{name} - standings after round {round}{} ({state}; {} tie-break rules)",
        planned.map(|p| format!(" of {p}")).unwrap_or_default(),
        table.edition
    );
    let format = format?;
    let mut text = match format {
        StandingsFormat::Text => {
            let mut text = crate::render::standings::standings_text(&table, &title);
            if let Some(e) = &explain {
                text.push('\n');
                text.push_str(e);
            }
            text
        }
        StandingsFormat::Csv => {
            crate::render::standings::standings_csv(&table).map_err(Failure::io)?
        }
        StandingsFormat::Json => {
            let ratings = crate::event::rating::event_rating(&store, Some(round))?.by_player();
            crate::render::standings::standings_json(&table, Some(&ratings), explain.clone()) + "\n"
        }
        StandingsFormat::Html => {
            let page = page.expect("asked for with the page");
            let mut sections = Vec::new();
            if let (Some(n), Some(e)) = (args.explain, &explain) {
                sections.push((format!("The working for player {n}"), e.clone()));
            }
            if let Some(c) = comparison.take() {
                sections.push(c);
            }
            let page = StandingsPage {
                event: &page.event,
                table: &table,
                round,
                state: format!(
                    "after round {round}{} ({state}; {} tie-break rules)",
                    planned.map(|p| format!(" of {p}")).unwrap_or_default(),
                    table.edition
                ),
                generated: &page.generated,
                sections,
                missing: page.missing,
                last_round: planned == Some(round),
            };
            standings_html(&page)
                .map_err(|e| Failure::io(format!("cannot render the page: {e}")))?
        }
    };
    // CSV and JSON are read by programs: what does not belong to their contract goes to
    // standard error, so the file stays well-formed.
    if let Some((heading, lines)) = comparison {
        if format == StandingsFormat::Text {
            text.push_str(&format!("\n{heading}:\n{lines}"));
        } else {
            eprint!("{heading}:\n{lines}");
        }
    }
    if format == StandingsFormat::Csv
        && let Some(e) = &explain
    {
        eprint!("{e}");
    }
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Exit::Ok)
}
