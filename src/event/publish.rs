//! Publishing an event (`arbiter publish DIR`): the static site written into a folder, and what
//! it is made from ([`gather`]), which `crosstable` reads too. The pages' shared views are in
//! [`super::pages`]; the report and the games offered for download come from
//! [`super::export`].
//!
//! Notes (what the standings assume) go to the caller's `note` as they arise, before anything
//! that may still fail; the files written and those replaced are returned for the command to
//! report.
//!
//! Publishing a large event is mostly rendering: the database is read once for every round's
//! standings and the download's rating report (`Store::tournament_and_rating_reports`), those
//! standings are made without the workings (`Options::explain` off), the final ones give the
//! report its ranks, what every page shares (state, games without a result, navigation) is
//! made once, and the player cards, nearly all the pages, are rendered on every core
//! (`render::site`). `benches/standings.rs` measures it.

use std::path::{Path, PathBuf};

use super::EventError;
use super::pages::{event_info, generated_now, site_round};
use super::standings::StandingsSource;
use crate::render::site::{self, EventInfo, SiteInput, SiteRound};
use crate::store::Store;
use crate::tournament::Player;
use crate::tournament::settings::EventSettings;

/// What the site is made from, read from the store.
pub struct Gathered {
    /// The rating report that the site offers for download (`export trf`'s report), when
    /// asked for; the ranks are not in it yet.
    report: Option<crate::trf::Trf>,
    pub event: EventInfo,
    players: Vec<Player>,
    pub rounds: Vec<SiteRound>,
    standings: Vec<crate::standings::Standings>,
    pub planned: Option<u32>,
    round_robin: bool,
    /// Every player's rating figures after the last round, for the cards and the JSON.
    pub ratings:
        std::collections::HashMap<crate::tournament::PlayerId, crate::rating::PlayerRating>,
}

/// Reads what the site is made from; `with_report` also builds the rating report for the
/// download, from the same read as the standings; `rules` as `--tiebreak-rules` gives it.
/// What the standings assume goes to `note`, once.
pub fn gather(
    store: &Store,
    with_report: bool,
    rules: Option<&str>,
    note: &mut dyn FnMut(String),
) -> Result<Gathered, EventError> {
    gather_with(store, &store.event_settings()?, with_report, rules, note)
}

/// [`gather`] with the event's settings already read.
fn gather_with(
    store: &Store,
    settings: &EventSettings,
    with_report: bool,
    rules: Option<&str>,
    note: &mut dyn FnMut(String),
) -> Result<Gathered, EventError> {
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
    let mut source = StandingsSource::from_read(store, settings, &trf, &views, None, rules, None)?;
    source.options.explain = false;
    for line in source.notes(true) {
        note(line);
    }
    let tiebreak_note = source.page_note();
    let standings = (0..=played)
        .map(|r| source.after(r).map(|computed| computed.table))
        .collect::<Result<Vec<_>, _>>()?;
    let event = event_info(settings, tiebreak_note);
    // The figures come from the rating report, where a result corrected for rating only
    // counts as corrected.
    let ratings = match &report {
        Some(report) => super::rating::rate_report(report, settings, None),
        None => super::rating::rate_report(&store.rating_report()?, settings, None),
    }
    .by_player();
    Ok(Gathered {
        report,
        event,
        players: store.players()?,
        rounds,
        standings,
        planned: settings.rounds,
        round_robin: settings.system.is_round_robin(),
        ratings,
    })
}

/// The site's input from what was gathered, with the files offered for download beside the
/// pages: (file name, what it holds).
pub fn input(gathered: &Gathered, downloads: Vec<(String, String)>) -> SiteInput<'_> {
    SiteInput {
        event: gathered.event.clone(),
        players: &gathered.players,
        rounds: &gathered.rounds,
        standings: &gathered.standings,
        planned: gathered.planned,
        round_robin: gathered.round_robin,
        generated: generated_now(),
        downloads,
        ratings: &gathered.ratings,
    }
}

/// A site written into its folder.
#[derive(Debug, Clone, Default)]
pub struct Published {
    /// Every file written, pages first.
    pub written: Vec<PathBuf>,
    /// What was replaced that is worth saying, one sentence each: a symbolic link, or a file
    /// the last `publish` did not write.
    pub replaced: Vec<String>,
}

/// Writes the site into `dir` (made if missing) and returns the files written, pages first,
/// and those replaced that are worth saying. What the standings assume goes to `note`.
pub fn publish_site(
    store: &Store,
    dir: &Path,
    rules: Option<&str>,
    note: &mut dyn FnMut(String),
) -> Result<Published, EventError> {
    let settings = store.event_settings()?;
    let mut gathered = gather_with(store, &settings, true, rules, note)?;
    std::fs::create_dir_all(dir)
        .map_err(|err| EventError::Io(format!("cannot make {}: {err}", dir.display())))?;
    let last = gathered
        .standings
        .last()
        .expect("standings after round 0 at least");
    let pgn = super::export::games_pgn_with(store, &settings)?;
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
            crate::render::standings::standings_csv(last).map_err(EventError::Io)?,
        ),
        (
            "standings.json".to_owned(),
            "the standings (JSON)".to_owned(),
            crate::render::standings::standings_json(last, Some(&gathered.ratings), None) + "\n",
        ),
    ];
    let input = input(
        &gathered,
        downloads
            .iter()
            .map(|(file, what, _)| (file.clone(), what.clone()))
            .collect(),
    );
    let pages = site::site_pages(&input)
        .map_err(|e| EventError::Io(format!("cannot render the site: {e}")))?;
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
    Ok(Published { written, replaced })
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
fn replace_in_site(path: &Path, text: &str, ours: bool) -> Result<Option<String>, EventError> {
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
        return Err(EventError::Io(format!("cannot write {shown}: {err}")));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_is_written_and_a_stranger_file_is_said_to_be_replaced() {
        let store = Store::create_in_memory("Spring Open", &[]).expect("a store");
        let dir = std::env::temp_dir().join(format!(
            "arbiter-event-publish-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join("index.html"), "someone else's").expect("written");
        let mut notes = Vec::new();
        let published =
            publish_site(&store, &dir, None, &mut |n| notes.push(n)).expect("published");
        assert!(
            published
                .written
                .iter()
                .any(|p| p.ends_with("tournament.trf"))
        );
        assert_eq!(published.replaced.len(), 1, "{:?}", published.replaced);
        assert!(published.replaced[0].contains("index.html"));
        // The second time every file is the site's own.
        let again = publish_site(&store, &dir, None, &mut |_| {}).expect("published again");
        assert!(again.replaced.is_empty(), "{:?}", again.replaced);
        assert_eq!(again.written, published.written);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
