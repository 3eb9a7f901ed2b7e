//! `arbiter publish DIR` (the static site) and `arbiter crosstable`.

use std::path::{Path, PathBuf};

use clap::Args;

use super::standings::StandingsSource;
use super::{Exit, Failure};
use crate::render::site::{
    self, EventInfo, SiteGame, SiteInput, SiteRound, crosstable, crosstable_csv, crosstable_text,
};
use crate::store::Store;
use crate::tournament::Player;

#[derive(Args)]
#[command(
    about = "Write the event as a static web site: event, players, pairings, standings, crosstable, player cards, downloads",
    after_help = "Examples:\n  arbiter publish site/\n  arbiter --db open2026.db publish /var/www/open2026"
)]
pub struct PublishArgs {
    /// The folder to write into (made if missing; the site's files in it are replaced).
    dir: PathBuf,
}

#[derive(Args)]
#[command(
    about = "The crosstable after the last round paired, in rank order",
    after_help = "Examples:\n  arbiter crosstable\n  arbiter crosstable --format csv -o crosstable.csv\n  arbiter crosstable --format html -o crosstable.html"
)]
pub struct CrosstableArgs {
    /// text, html or csv.
    #[arg(long, default_value = "text")]
    format: String,
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

/// What the site is made from, read from the store.
struct Gathered {
    event: EventInfo,
    players: Vec<Player>,
    rounds: Vec<SiteRound>,
    standings: Vec<crate::standings::Standings>,
    planned: Option<u32>,
    round_robin: bool,
}

/// The event's data as the pages show it; `default_list` is the common tie-break list used
/// when the event has none.
pub(crate) fn event_info(
    store: &Store,
    default_list: Option<&'static str>,
) -> Result<EventInfo, Failure> {
    let system = store.setting("system")?;
    Ok(EventInfo {
        name: store.setting("name")?,
        city: store.setting("city")?,
        federation: store.setting("federation")?,
        start: store.setting("start")?,
        end: store.setting("end")?,
        arbiter: store.setting("arbiter")?,
        time_control: store.setting("time-control")?,
        rate: store.setting("rate")?,
        system: match system.as_str() {
            "dutch" => "Swiss system (FIDE Dutch)".to_owned(),
            "berger" => "Round robin (Berger tables)".to_owned(),
            "double-berger" => "Double round robin (Berger tables)".to_owned(),
            other => other.to_owned(),
        },
        tiebreak_note: default_list
            .map(|list| format!("the event has no tie-break list; a common one is used: {list}"))
            .unwrap_or_default(),
    })
}

/// When a page was made, as the pages show it.
pub(crate) fn generated_now() -> String {
    chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string()
}

fn gather(store: &Store) -> Result<Gathered, Failure> {
    let played = store.rounds_started()?;
    let mut rounds = Vec::new();
    for r in 1..=played {
        let view = store.round(r)?;
        rounds.push(SiteRound {
            games: view
                .games
                .iter()
                .map(|g| SiteGame {
                    board: g.board,
                    white: g.white,
                    black: g.black,
                    white_code: g.white_code,
                    black_code: g.black_code,
                })
                .collect(),
            unpaired: view.unpaired,
        });
    }
    // The database is read once; the standings after each round come from that one read.
    // The pages show the tables, not the workings behind them.
    let mut source = StandingsSource::load(store, None, None, None)?;
    source.options.explain = false;
    let default_list = source.default_list;
    let standings = (0..=played)
        .map(|r| source.after(r).map(|computed| computed.table))
        .collect::<Result<Vec<_>, _>>()?;
    let system = store.setting("system")?;
    let event = event_info(store, default_list)?;
    Ok(Gathered {
        event,
        players: store.players()?,
        rounds,
        standings,
        planned: store.setting("rounds")?.parse().ok(),
        round_robin: system != "dutch",
    })
}

fn input<'a>(gathered: &'a Gathered, downloads: Vec<(String, String)>) -> SiteInput<'a> {
    SiteInput {
        event: gathered.event.clone(),
        players: &gathered.players,
        rounds: &gathered.rounds,
        standings: &gathered.standings,
        planned: gathered.planned,
        round_robin: gathered.round_robin,
        generated: generated_now(),
        downloads,
    }
}

fn write(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display())))
}

/// Writes the site into `dir` (made if missing) and returns the files written, pages first.
pub(crate) fn publish_site(store: &Store, dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let gathered = gather(store)?;
    std::fs::create_dir_all(dir)
        .map_err(|err| Failure::io(format!("cannot make {}: {err}", dir.display())))?;
    let last = gathered
        .standings
        .last()
        .expect("standings after round 0 at least");
    let mut pgn = String::new();
    for (_, _, _, game) in store.game_records()? {
        pgn.push_str(game.trim_end());
        pgn.push_str("\n\n");
    }
    let downloads: Vec<(String, String, String)> = vec![
        (
            "tournament.trf".to_owned(),
            "the FIDE tournament report (TRF)".to_owned(),
            {
                // The report `export trf` writes: rating-only corrections and ranks in it.
                let mut report = store.rating_report()?;
                super::event::with_ranks(&mut report, last);
                crate::trf::write(&report)
            },
        ),
        ("games.pgn".to_owned(), "the games (PGN)".to_owned(), pgn),
        (
            "standings.csv".to_owned(),
            "the standings (CSV)".to_owned(),
            crate::render::standings::standings_csv(last).map_err(Failure::io)?,
        ),
        (
            "standings.json".to_owned(),
            "the standings (JSON)".to_owned(),
            crate::render::standings::standings_json(last, None) + "\n",
        ),
    ];
    let input = input(
        &gathered,
        downloads
            .iter()
            .map(|(file, what, _)| (file.clone(), what.clone()))
            .collect(),
    );
    let pages = site::site_pages(&input).map_err(|e| Failure {
        exit: Exit::Io,
        message: format!("cannot render the site: {e}"),
        hint: None,
    })?;
    let mut written = Vec::new();
    for (name, text) in pages
        .iter()
        .map(|(n, t)| (n, t))
        .chain(downloads.iter().map(|(n, _, t)| (n, t)))
    {
        let path = dir.join(name);
        write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

pub fn publish(db: &Path, args: &PublishArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let written = publish_site(&store, &args.dir)?;
    // From now on the round's pairing is public: C.04.2 4.4 limits changing it.
    store.record_publication(&args.dir.display().to_string())?;
    println!(
        "wrote {} files to {} (open {})",
        written.len(),
        args.dir.display(),
        args.dir.join("index.html").display()
    );
    Ok(Exit::Ok)
}

pub fn crosstable_command(db: &Path, args: &CrosstableArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let gathered = gather(&store)?;
    let input = input(&gathered, Vec::new());
    let text = match args.format.as_str() {
        "text" => {
            let title = format!(
                "{} - crosstable {}",
                gathered.event.name,
                match gathered.planned {
                    Some(total) => format!("after round {} of {total}", gathered.rounds.len()),
                    None => format!("after round {}", gathered.rounds.len()),
                }
            );
            crosstable_text(&crosstable(&input), &title)
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
