//! `arbiter publish DIR`: the static site, and what it is made from (which `crosstable` and
//! `standings` read too).

use std::path::{Path, PathBuf};

use clap::Args;

use super::standings::StandingsSource;
use super::{Exit, Failure};
use crate::render::site::{self, EventInfo, SiteGame, SiteInput, SiteRound};
use crate::store::{RoundView, Store};
use crate::tournament::Player;

#[derive(Args)]
#[command(
    about = "Write the event as a static web site: event, players, pairings, standings, crosstable, player cards, downloads",
    after_help = "Examples:\n  arbiter publish site/\n  arbiter --db open2026.db publish /var/www/open2026\n  arbiter publish site/ --tiebreak-rules 2024"
)]
pub struct PublishArgs {
    /// The folder to write into (made if missing; the site's files in it are replaced).
    dir: PathBuf,
    /// auto, 2026, 2024 or legacy (default: the event's setting).
    #[arg(long = "tiebreak-rules")]
    tiebreak_rules: Option<String>,
}

/// What the site is made from, read from the store.
pub(super) struct Gathered {
    /// The rating report that the site offers for download (`export trf`'s report), when
    /// asked for; the ranks are not in it yet.
    report: Option<crate::trf::Trf>,
    pub(super) event: EventInfo,
    players: Vec<Player>,
    pub(super) rounds: Vec<SiteRound>,
    standings: Vec<crate::standings::Standings>,
    pub(super) planned: Option<u32>,
    round_robin: bool,
}

/// The event's data as the pages show it; `tiebreak_note` says what the standings assume
/// ([`StandingsSource::page_note`]).
pub(crate) fn event_info(store: &Store, tiebreak_note: String) -> Result<EventInfo, Failure> {
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
        tiebreak_note,
    })
}

/// When a page was made, as the pages show it.
pub(crate) fn generated_now() -> String {
    chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Every round paired, as the pages show it.
pub(crate) fn site_rounds(store: &Store) -> Result<Vec<SiteRound>, Failure> {
    let played = store.rounds_started()?;
    let mut rounds = Vec::new();
    for r in 1..=played {
        rounds.push(site_round(&store.round(r)?));
    }
    Ok(rounds)
}

/// One round as the pages show it.
fn site_round(view: &RoundView) -> SiteRound {
    SiteRound {
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
        unpaired: view.unpaired.clone(),
    }
}

/// Reads what the site is made from; `with_report` also builds the rating report for the
/// download, from the same read as the standings; `rules` as `--tiebreak-rules` gives it.
/// What the standings assume is said on standard error, once.
pub(super) fn gather(
    store: &Store,
    with_report: bool,
    rules: Option<&str>,
) -> Result<Gathered, Failure> {
    let played = store.rounds_started()?;
    // The database is read once: the rounds serve both the pages and the standings, and the
    // players and entries both reports. The standings after each round come from that one
    // read. The pages show the tables, not the workings behind them.
    let views = (1..=played)
        .map(|r| store.round(r))
        .collect::<Result<Vec<_>, _>>()?;
    let rounds = views.iter().map(site_round).collect();
    let (trf, report) = if with_report {
        let (trf, report) = store.tournament_and_rating_reports()?;
        (trf, Some(report))
    } else {
        (store.to_trf()?, None)
    };
    let mut source = StandingsSource::from_read(store, &trf, &views, None, rules, None)?;
    source.options.explain = false;
    for note in source.notes(true) {
        eprintln!("note: {note}");
    }
    let tiebreak_note = source.page_note();
    let standings = (0..=played)
        .map(|r| source.after(r).map(|computed| computed.table))
        .collect::<Result<Vec<_>, _>>()?;
    let system = store.setting("system")?;
    let event = event_info(store, tiebreak_note)?;
    Ok(Gathered {
        report,
        event,
        players: store.players()?,
        rounds,
        standings,
        planned: store.setting("rounds")?.parse().ok(),
        round_robin: system != "dutch",
    })
}

pub(super) fn input<'a>(gathered: &'a Gathered, downloads: Vec<(String, String)>) -> SiteInput<'a> {
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

/// Every attached score as one PGN text (`export pgn` and the site's `games.pgn`): tags from
/// the event and the pairing, the entered result in the Result tag (see
/// [`crate::render::pgn`]).
pub(crate) fn games_pgn(store: &Store) -> Result<String, Failure> {
    let records = store.game_records()?;
    if records.is_empty() {
        return Ok(String::new());
    }
    let event = crate::render::pgn::PgnEvent {
        name: store.setting("name")?,
        city: store.setting("city")?,
        federation: store.setting("federation")?,
        start: store.setting("start")?,
        end: store.setting("end")?,
        round_dates: store
            .setting("round-dates")?
            .split(',')
            .map(|d| d.trim().to_owned())
            .collect(),
        time_control: store.setting("time-control")?,
        laws: store.setting("laws")?.parse().unwrap_or_default(),
        rate: store.setting("rate")?.parse().unwrap_or_default(),
    };
    let players = store.players()?;
    let player = |n: u16| {
        players.iter().find(|p| p.id.0 == n).ok_or_else(|| {
            Failure::invalid_input(format!(
                "a stored game names player {n}, who is not registered"
            ))
        })
    };
    let mut rounds: std::collections::HashMap<u32, crate::store::RoundView> = Default::default();
    let mut games = Vec::with_capacity(records.len());
    for (round, white, black, score) in &records {
        if !rounds.contains_key(round) {
            rounds.insert(*round, store.round(*round)?);
        }
        // The pairing as it stands: board and the result entered, if any.
        let pairing = rounds[round]
            .games
            .iter()
            .find(|g| g.white.0 == *white && g.black.0 == *black)
            .copied();
        let board = pairing.and_then(|g| g.board);
        games.push((
            (*round, board.unwrap_or(u32::MAX)),
            crate::render::pgn::game_pgn(
                &event,
                &crate::render::pgn::PgnGame {
                    round: *round,
                    board,
                    white: player(*white)?,
                    black: player(*black)?,
                    white_code: pairing.map_or(' ', |g| g.white_code),
                    black_code: pairing.map_or(' ', |g| g.black_code),
                    text: score,
                },
            ),
        ));
    }
    // By round and board, as the pairings list them.
    games.sort_by_key(|(order, _)| *order);
    Ok(games.into_iter().map(|(_, game)| game).collect())
}

pub(super) fn write(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display())))
}

/// Writes the site into `dir` (made if missing) and returns the files written, pages first.
pub(crate) fn publish_site(
    store: &Store,
    dir: &Path,
    rules: Option<&str>,
) -> Result<Vec<PathBuf>, Failure> {
    let mut gathered = gather(store, true, rules)?;
    std::fs::create_dir_all(dir)
        .map_err(|err| Failure::io(format!("cannot make {}: {err}", dir.display())))?;
    let last = gathered
        .standings
        .last()
        .expect("standings after round 0 at least");
    let pgn = games_pgn(store)?;
    let downloads: Vec<(String, String, String)> = vec![
        (
            "tournament.trf".to_owned(),
            "the FIDE tournament report (TRF)".to_owned(),
            {
                // The report `export trf` writes: rating-only corrections and ranks in it,
                // the ranks those of the final standings already computed for the pages.
                let mut report = gathered
                    .report
                    .take()
                    .expect("gathered with the rating report");
                super::export::with_ranks(&mut report, last);
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
    let recorded = recorded_files(dir);
    let mut written = Vec::new();
    let mut names = Vec::new();
    let mut replaced = Vec::new();
    for (name, text) in pages
        .iter()
        .map(|(n, t)| (n, t))
        .chain(downloads.iter().map(|(n, _, t)| (n, t)))
    {
        let path = dir.join(name);
        if let Some(note) = replace_in_site(&path, text, recorded.contains(name.as_str()))? {
            replaced.push(note);
        }
        written.push(path);
        names.push(name.as_str());
    }
    let mut list = names.join("\n");
    list.push('\n');
    replace_in_site(&dir.join(SITE_FILES), &list, true)?;
    for note in &replaced {
        eprintln!("note: {note}");
    }
    Ok(written)
}

/// The file in a site's folder that lists the files the last `publish` wrote there, so that
/// the next one can tell its own files from those of someone else.
const SITE_FILES: &str = ".arbiter-site";

fn recorded_files(dir: &Path) -> std::collections::HashSet<String> {
    let listed = dir.join(SITE_FILES);
    // The list is only read when it is a plain file: a link there could point anywhere.
    let plain = std::fs::symlink_metadata(&listed).is_ok_and(|m| m.file_type().is_file());
    let text = if plain {
        std::fs::read_to_string(&listed).unwrap_or_default()
    } else {
        String::new()
    };
    text.lines().map(str::to_owned).collect()
}

/// Writes one file of the site without ever following a link: the text goes to a new file
/// beside it (created exclusively, so not through a link placed under that name either) that
/// is then renamed over the old name. A rename replaces the directory entry itself, so a
/// symbolic link planted in the folder is replaced by the page and whatever it pointed to is
/// left alone; refusing instead would let anyone who can write the folder stop the site from
/// being published. Readers of the site never see a half-written page. Returns what was
/// replaced, when it is worth saying: a link, or a file the last `publish` did not write.
fn replace_in_site(path: &Path, text: &str, ours: bool) -> Result<Option<String>, Failure> {
    use std::io::Write;
    let shown = path.display();
    let before = std::fs::symlink_metadata(path).ok();
    let link_target = std::fs::read_link(path).ok();
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_owned());
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(&name);
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if let Err(err) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(Failure::io(format!("cannot write {shown}: {err}")));
    }
    Ok(match before {
        Some(meta) if meta.file_type().is_symlink() => {
            let target =
                link_target.map_or_else(|| "somewhere".to_owned(), |t| t.display().to_string());
            Some(format!(
                "{shown} was a symbolic link; the link was replaced by the page and its target {target} was left as it was"
            ))
        }
        Some(_) if !ours => Some(format!(
            "replaced {shown}, which an earlier `arbiter publish` did not write"
        )),
        _ => None,
    })
}

pub fn run(db: &Path, args: &PublishArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let written = publish_site(&store, &args.dir, args.tiebreak_rules.as_deref())?;
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
