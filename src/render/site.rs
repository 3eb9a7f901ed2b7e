//! The published site: chess-results-style pages (event, starting list, standings and
//! pairings per round, crosstable, player cards) as self-contained HTML, and the crosstable as
//! text and CSV.
//!
//! The caller gathers the event from the database into a [`SiteInput`]; this module builds
//! plain view structs from it and the standings, and the tera templates in `templates/` only
//! format them. Every template has an `.html` name, so tera escapes every value: player and
//! event names are untrusted and never pass through `| safe`.
//!
//! Here are the site's input, the games without a result and the pages; the crosstable is in
//! [`super::crosstable`] (re-exported here) and the templates and page frame in `html.rs`.

use std::collections::HashMap;

use serde::Serialize;
use tera::Tera;

use super::crosstable::{Entry, bye_cell, bye_label, crosstable_page, entries, game_result, side};
use super::html::{Frame, Link, engine, link, opt, render_page};
use crate::standings::{Code, Standings, TieBreak};
use crate::tournament::{Player, PlayerId};

pub use super::crosstable::{
    CrossRow, Crosstable, crosstable, crosstable_csv, crosstable_html, crosstable_text,
};

/// The event's data as the home page shows it; empty strings are left out.
#[derive(Debug, Clone, Default, Serialize)]
pub struct EventInfo {
    pub name: String,
    pub city: String,
    pub federation: String,
    pub start: String,
    pub end: String,
    pub arbiter: String,
    pub time_control: String,
    pub rate: String,
    pub system: String,
    /// Said when the tie-breaks are not the event's own.
    pub tiebreak_note: String,
}

/// One game of a round: board, the players, and the TRF result codes of both sides
/// (`1 = 0 + - W D L`, `*` adjourned, blank not yet played).
#[derive(Debug, Clone, Copy)]
pub struct SiteGame {
    pub board: Option<u32>,
    pub white: PlayerId,
    pub black: PlayerId,
    pub white_code: char,
    pub black_code: char,
}

/// A paired round: its games by board, and the players without a game with their code
/// (`U` pairing-allocated bye, `F` full-point bye, `H` half-point bye, `Z`/`-` zero).
#[derive(Debug, Clone, Default)]
pub struct SiteRound {
    pub games: Vec<SiteGame>,
    pub unpaired: Vec<(PlayerId, char)>,
}

/// Everything the site is made from.
pub struct SiteInput<'a> {
    pub event: EventInfo,
    pub players: &'a [Player],
    /// Round n at index n - 1, for every round paired.
    pub rounds: &'a [SiteRound],
    /// The standings after round n at index n, from round 0 (everyone on 0) on.
    pub standings: &'a [Standings],
    /// The number of rounds the event is to have, when set.
    pub planned: Option<u32>,
    pub round_robin: bool,
    /// When the pages were made, as shown on them.
    pub generated: String,
    /// Files written beside the pages: (file name, what it holds).
    pub downloads: Vec<(String, String)>,
    /// Every player's rating figures after the last round (the player cards show them).
    pub ratings: &'a std::collections::HashMap<PlayerId, crate::rating::PlayerRating>,
}

impl SiteInput<'_> {
    pub(super) fn played(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The games of rounds 1..=`up_to` whose result is not in.
    pub fn missing(&self, up_to: u32) -> Vec<MissingGame> {
        missing_games(self.players, self.rounds, up_to)
    }

    pub(super) fn last(&self) -> &Standings {
        self.standings
            .last()
            .expect("standings after round 0 at least")
    }
}

/// A game whose result is not in: none entered yet, or adjourned (`*`). While there is one,
/// the standings are provisional (a director's "1 result missing"), and every page says so
/// and lists it, so that nobody reads a table with a hole in it as final.
#[derive(Debug, Clone, Serialize)]
pub struct MissingGame {
    pub round: u32,
    /// Empty when the round has no board numbers.
    pub board: String,
    pub white_no: u16,
    pub white: String,
    pub black_no: u16,
    pub black: String,
    /// `no result entered` or `adjourned`.
    pub what: String,
}

/// The games of `rounds` 1..=`up_to` without a result, by round and board.
pub fn missing_games(players: &[Player], rounds: &[SiteRound], up_to: u32) -> Vec<MissingGame> {
    let name = |id: PlayerId| {
        players
            .iter()
            .find(|p| p.id == id)
            .map_or(String::new(), |p| p.name.clone())
    };
    let mut missing = Vec::new();
    for (i, round) in rounds.iter().enumerate().take(up_to as usize) {
        for g in &round.games {
            let what = match (g.white_code, g.black_code) {
                ('*', _) | (_, '*') => "adjourned",
                (' ', ' ') => "no result entered",
                _ => continue,
            };
            missing.push(MissingGame {
                round: i as u32 + 1,
                board: opt(g.board),
                white_no: g.white.0,
                white: name(g.white),
                black_no: g.black.0,
                black: name(g.black),
                what: what.to_owned(),
            });
        }
    }
    missing
}

/// How final a table is, as the command line says it: `final` after the last round with
/// every result in, `provisional: 1 result missing` while a result is not in, else
/// `provisional`.
pub fn status(missing: usize, last_round: bool) -> String {
    if missing > 0 {
        format!(
            "provisional: {} missing",
            crate::render::count(missing, "result", "results")
        )
    } else if last_round {
        "final".to_owned()
    } else {
        "provisional".to_owned()
    }
}

/// The full name of a tie-break, for the legend.
pub fn tiebreak_name(tiebreak: TieBreak) -> String {
    let base = match tiebreak.code {
        Code::De => "Direct encounter",
        Code::Win => "Number of wins",
        Code::Won => "Number of games won over the board",
        Code::Bpg => "Number of games played with Black",
        Code::Bwg => "Number of games won with Black",
        Code::Ps => "Sum of progressive scores",
        Code::Rep => "Number of rounds one elected to play",
        Code::Std => "Standard points",
        Code::Tpn => "Tournament pairing number",
        Code::Bh => "Buchholz",
        Code::Aob => "Average of opponents' Buchholz",
        Code::Fb => "Fore Buchholz",
        Code::Sb => "Sonneborn-Berger",
        Code::Ks => "Koya system",
        Code::Aro => "Average rating of opponents",
        Code::Tpr => "Tournament performance rating",
        Code::Ptp => "Perfect tournament performance",
        Code::Apro => "Average performance rating of opponents",
        Code::Appo => "Average perfect performance of opponents",
        Code::Rtng => "Rating",
    };
    let mut name = base.to_owned();
    match tiebreak.trim {
        Some(crate::standings::Trim::Cut(n)) => {
            name.push_str(&format!(", cut the {n} lowest"));
        }
        Some(crate::standings::Trim::Median(n)) => {
            name.push_str(&format!(", median {n}"));
        }
        None => {}
    }
    if tiebreak.forfeits_played {
        name.push_str(", forfeits counted as played");
    }
    if tiebreak.limit != 0 {
        name.push_str(&format!(", limit {:+}", tiebreak.limit));
    }
    if tiebreak.reverse {
        name.push_str(", reversed");
    }
    format!("{name} (C.07 Art. {})", tiebreak.code.article())
}

/// A standings page written on its own (`standings --format html`).
pub struct StandingsPage<'a> {
    pub event: &'a EventInfo,
    pub table: &'a Standings,
    /// The round the standings are after.
    pub round: u32,
    /// The state shown under the title, e.g. `after round 5 of 9 (provisional)`.
    pub state: String,
    pub generated: &'a str,
    /// Further sections in plain text (a player's working, a comparison of editions), each
    /// with its heading; shown preformatted and escaped.
    pub sections: Vec<(String, String)>,
    /// The games up to `round` without a result: listed, and the table called provisional.
    pub missing: Vec<MissingGame>,
    /// Whether `round` is the event's last.
    pub last_round: bool,
}

/// The standings as a page of its own: the site's standings table and legend without the
/// navigation or links to player cards.
pub fn standings_html(page: &StandingsPage<'_>) -> Result<String, String> {
    let tera = engine()?;
    let mut body = standings_body(
        page.table,
        page.round,
        status(page.missing.len(), page.last_round),
        false,
    );
    body.sections = page
        .sections
        .iter()
        .map(|(heading, text)| (heading.clone(), text.clone()))
        .collect();
    render_page(
        &tera,
        "standings.html",
        Frame::alone(
            page.event,
            page.state.clone(),
            page.missing.clone(),
            page.generated,
        ),
        format!("Standings after round {}", page.round),
        body,
    )
}

/// The body of a standings page; `status` says how final the table is (see [`status`]) and
/// `links` makes each name a link to the player's card.
fn standings_body(table: &Standings, round: u32, status: String, links: bool) -> StandingsBody {
    let mut previous_rank = None;
    let rows = table
        .rows
        .iter()
        .map(|row| {
            // A tie left unbroken shows its rank once.
            let rank = if previous_rank == Some(row.rank) {
                String::new()
            } else {
                row.rank.to_string()
            };
            previous_rank = Some(row.rank);
            StandingLine {
                rank,
                no: row.player.id.0,
                title: opt(row.player.title),
                name: row.player.name.clone(),
                href: if links {
                    player_href(row.player.id)
                } else {
                    String::new()
                },
                federation: row.player.federation.clone().unwrap_or_default(),
                rating: opt(row.player.rating),
                points: row.points.to_string(),
                tiebreaks: table.formatted_values(row),
            }
        })
        .collect();
    let mut notes: Vec<String> = table
        .dropped
        .iter()
        .map(|(t, why)| format!("{t} left out: {why}"))
        .collect();
    if let Some(mode) = table.withdrawals {
        notes.push(format!(
            "The games of withdrawn players {}.",
            if mode.as_str() == "annul" {
                "are annulled"
            } else {
                "stand"
            }
        ));
    }
    StandingsBody {
        round,
        status,
        tiebreaks: table.tiebreaks.iter().map(|t| t.to_string()).collect(),
        legend: table
            .tiebreaks
            .iter()
            .map(|t| (t.to_string(), tiebreak_name(*t)))
            .collect(),
        rows,
        notes,
        edition: table.edition.to_string(),
        sections: Vec::new(),
    }
}

// ---- the pages ----

#[derive(Serialize)]
struct IndexBody {
    facts: Vec<(String, String)>,
    rounds: Vec<RoundLinks>,
    downloads: Vec<Link>,
    tiebreaks: Vec<(String, String)>,
}

#[derive(Serialize)]
struct RoundLinks {
    round: u32,
    pairings: String,
    standings: String,
}

#[derive(Serialize)]
struct PlayerLine {
    no: u16,
    title: String,
    name: String,
    fide_id: String,
    federation: String,
    rating: String,
    club: String,
    href: String,
}

#[derive(Serialize)]
struct PlayersBody {
    players: Vec<PlayerLine>,
    alphabetical: Vec<PlayerLine>,
}

#[derive(Serialize)]
struct StandingLine {
    rank: String,
    no: u16,
    title: String,
    name: String,
    href: String,
    federation: String,
    rating: String,
    points: String,
    tiebreaks: Vec<String>,
}

#[derive(Serialize)]
struct StandingsBody {
    round: u32,
    /// `final`, `provisional` or `provisional: 1 result missing`.
    status: String,
    tiebreaks: Vec<String>,
    legend: Vec<(String, String)>,
    rows: Vec<StandingLine>,
    notes: Vec<String>,
    edition: String,
    /// Headed plain-text sections after the legend.
    sections: Vec<(String, String)>,
}

#[derive(Serialize)]
struct BoardLine {
    board: String,
    white_no: u16,
    white: String,
    white_href: String,
    white_rating: String,
    white_points: String,
    result: String,
    black_points: String,
    black: String,
    black_href: String,
    black_rating: String,
    black_no: u16,
}

#[derive(Serialize)]
struct ByeLine {
    no: u16,
    name: String,
    href: String,
    what: String,
}

#[derive(Serialize)]
struct AlphaLine {
    name: String,
    href: String,
    no: u16,
    board: String,
    colour: String,
    opponent: String,
    opponent_no: String,
}

#[derive(Serialize)]
struct PairingsBody {
    round: u32,
    boards: Vec<BoardLine>,
    byes: Vec<ByeLine>,
    alphabetical: Vec<AlphaLine>,
}

#[derive(Serialize)]
struct CardLine {
    round: u32,
    board: String,
    colour: String,
    opponent_no: String,
    opponent: String,
    opponent_href: String,
    opponent_rating: String,
    result: String,
    points: String,
}

#[derive(Serialize)]
struct CardBody {
    facts: Vec<(String, String)>,
    rounds: Vec<CardLine>,
}

fn player_href(id: PlayerId) -> String {
    format!("player-{}.html", id.0)
}

fn points_of(standings: &Standings, player: PlayerId) -> String {
    standings
        .row(player)
        .map_or(String::new(), |row| row.points.to_string())
}

/// Every page of the site: (file name, HTML).
pub fn site_pages(input: &SiteInput<'_>) -> Result<Vec<(String, String)>, String> {
    let tera = engine()?;
    let names: HashMap<PlayerId, &Player> = input.players.iter().map(|p| (p.id, p)).collect();
    let name = |id: PlayerId| names.get(&id).map_or(String::new(), |p| p.name.clone());
    let rating = |id: PlayerId| opt(names.get(&id).and_then(|p| p.rating));
    let played = input.played();
    let last = input.last();
    let frame = Frame::site(input);
    let mut pages = Vec::new();

    // Home.
    let e = &input.event;
    let dates = match (e.start.as_str(), e.end.as_str()) {
        ("", "") => String::new(),
        (s, "") | ("", s) => s.to_owned(),
        (s, t) if s == t => s.to_owned(),
        (s, t) => format!("{s} to {t}"),
    };
    let facts: Vec<(String, String)> = [
        ("City", e.city.clone()),
        ("Federation", e.federation.clone()),
        ("Dates", dates),
        ("Chief arbiter", e.arbiter.clone()),
        ("Time control", e.time_control.clone()),
        ("Rate of play", e.rate.clone()),
        ("Rounds", {
            let rounds = match input.planned {
                Some(total) => format!("{played} of {total}"),
                None => played.to_string(),
            };
            // A round is played when its results are in, not when it is paired.
            match input.missing(played).len() {
                0 => format!("{rounds} played"),
                n => format!(
                    "{rounds} paired; {} missing",
                    crate::render::count(n, "result", "results")
                ),
            }
        }),
        ("System", e.system.clone()),
        ("Players", input.players.len().to_string()),
        (
            "Tie-breaks",
            last.tiebreaks
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("Tie-break rules", format!("{} edition", last.edition)),
        ("Note", e.tiebreak_note.clone()),
    ]
    .into_iter()
    .filter(|(_, v)| !v.is_empty())
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let legend: Vec<(String, String)> = last
        .tiebreaks
        .iter()
        .map(|t| (t.to_string(), tiebreak_name(*t)))
        .collect();
    let index = IndexBody {
        facts,
        rounds: (1..=played)
            .map(|r| RoundLinks {
                round: r,
                pairings: format!("pairings-r{r}.html"),
                standings: format!("standings-r{r}.html"),
            })
            .collect(),
        downloads: input
            .downloads
            .iter()
            .map(|(file, what)| link(file.clone(), what.clone()))
            .collect(),
        tiebreaks: legend.clone(),
    };
    pages.push((
        "index.html".to_owned(),
        render_page(&tera, "index.html", frame.clone(), e.name.clone(), index)?,
    ));

    // Starting list.
    let line = |p: &Player| PlayerLine {
        no: p.id.0,
        title: opt(p.title),
        name: p.name.clone(),
        fide_id: opt(p.fide_id),
        federation: p.federation.clone().unwrap_or_default(),
        rating: opt(p.rating),
        club: p.club.clone().unwrap_or_default(),
        href: player_href(p.id),
    };
    let mut by_number: Vec<&Player> = input.players.iter().collect();
    by_number.sort_by_key(|p| p.id);
    let mut by_name = by_number.clone();
    by_name.sort_by_key(|a| a.name.to_lowercase());
    pages.push((
        "players.html".to_owned(),
        render_page(
            &tera,
            "players.html",
            frame.clone(),
            "Starting rank list".to_owned(),
            PlayersBody {
                players: by_number.iter().map(|p| line(p)).collect(),
                alphabetical: by_name.iter().map(|p| line(p)).collect(),
            },
        )?,
    ));

    // Standings and pairings per round.
    for r in 1..=played {
        let table = &input.standings[r as usize];
        let before = &input.standings[r as usize - 1];
        pages.push((
            format!("standings-r{r}.html"),
            render_page(
                &tera,
                "standings.html",
                frame.clone(),
                format!("Standings after round {r}"),
                standings_body(
                    table,
                    r,
                    status(input.missing(r).len(), input.planned == Some(r)),
                    true,
                ),
            )?,
        ));

        let round = &input.rounds[r as usize - 1];
        let boards = round
            .games
            .iter()
            .map(|g| BoardLine {
                board: opt(g.board),
                white_no: g.white.0,
                white: name(g.white),
                white_href: player_href(g.white),
                white_rating: rating(g.white),
                white_points: points_of(before, g.white),
                result: game_result(g.white_code, g.black_code),
                black_points: points_of(before, g.black),
                black: name(g.black),
                black_href: player_href(g.black),
                black_rating: rating(g.black),
                black_no: g.black.0,
            })
            .collect();
        let byes = round
            .unpaired
            .iter()
            .map(|&(p, code)| ByeLine {
                no: p.0,
                name: name(p),
                href: player_href(p),
                what: bye_label(code, input.round_robin).to_owned(),
            })
            .collect();
        let mut alphabetical: Vec<AlphaLine> = Vec::new();
        for g in &round.games {
            for (me, other, colour) in [(g.white, g.black, "White"), (g.black, g.white, "Black")] {
                alphabetical.push(AlphaLine {
                    name: name(me),
                    href: player_href(me),
                    no: me.0,
                    board: opt(g.board),
                    colour: colour.to_owned(),
                    opponent: name(other),
                    opponent_no: other.0.to_string(),
                });
            }
        }
        for &(p, code) in &round.unpaired {
            alphabetical.push(AlphaLine {
                name: name(p),
                href: player_href(p),
                no: p.0,
                board: String::new(),
                colour: String::new(),
                opponent: bye_label(code, input.round_robin).to_owned(),
                opponent_no: String::new(),
            });
        }
        alphabetical.sort_by_key(|a| a.name.to_lowercase());
        pages.push((
            format!("pairings-r{r}.html"),
            render_page(
                &tera,
                "pairings.html",
                frame.clone(),
                format!("Pairings of round {r}"),
                PairingsBody {
                    round: r,
                    boards,
                    byes,
                    alphabetical,
                },
            )?,
        ));
    }

    pages.push((
        "crosstable.html".to_owned(),
        crosstable_page(&tera, input, frame.clone(), true)?,
    ));

    // Player cards: most of the pages of a large event, rendered on as many threads as the
    // machine offers while this one renders the rest.
    let entries = entries(input.rounds);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let chunk = by_number.len().div_ceil(threads).max(1);
    let cards = std::thread::scope(|scope| {
        let workers: Vec<_> = by_number
            .chunks(chunk)
            .map(|players| {
                let (tera, frame, entries, names) = (&tera, &frame, &entries, &names);
                scope.spawn(move || player_cards(tera, input, frame, players, entries, names))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect::<Result<Vec<_>, String>>()
    })?;
    pages.extend(cards.into_iter().flatten());
    Ok(pages)
}

/// The cards of `players`: each round's opponent, colour, result and points, in the `frame`
/// every page of the site shares.
fn player_cards(
    tera: &Tera,
    input: &SiteInput<'_>,
    frame: &Frame<'_>,
    players: &[&Player],
    entries: &HashMap<(PlayerId, u32), Entry>,
    names: &HashMap<PlayerId, &Player>,
) -> Result<Vec<(String, String)>, String> {
    let name = |id: PlayerId| names.get(&id).map_or(String::new(), |p| p.name.clone());
    let rating = |id: PlayerId| opt(names.get(&id).and_then(|p| p.rating));
    let played = input.played();
    let last = input.last();
    let mut pages = Vec::with_capacity(players.len());
    let tpr = last.tiebreaks.iter().position(|t| t.code == Code::Tpr);
    for p in players {
        let row = last.row(p.id);
        let mut facts: Vec<(String, String)> = [
            ("Starting rank", p.id.0.to_string()),
            ("Title", opt(p.title)),
            ("Rating", opt(p.rating)),
            ("National rating", opt(p.national_rating)),
            ("FIDE ID", opt(p.fide_id)),
            ("Federation", p.federation.clone().unwrap_or_default()),
            ("Club", p.club.clone().unwrap_or_default()),
            (
                "Points",
                row.map_or(String::new(), |r| r.points.to_string()),
            ),
            ("Rank", row.map_or(String::new(), |r| r.rank.to_string())),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        if let (Some(i), Some(row)) = (tpr, row) {
            let value = Standings::format_value(last.tiebreaks[i], row.values[i]);
            if !value.is_empty() {
                facts.push(("Performance (TPR)".to_owned(), value));
            }
        }
        if let Some(figures) = input.ratings.get(&p.id) {
            facts.extend(super::rating::card_facts(figures));
        }
        let rounds = (1..=played)
            .map(|r| {
                let entry = entries.get(&(p.id, r));
                let points = points_of(&input.standings[r as usize], p.id);
                match entry {
                    Some(Entry {
                        opponent: Some(o),
                        colour,
                        code,
                        board,
                    }) => CardLine {
                        round: r,
                        board: opt(*board),
                        colour: match colour {
                            Some('w') => "White".to_owned(),
                            _ => "Black".to_owned(),
                        },
                        opponent_no: o.0.to_string(),
                        opponent: name(*o),
                        opponent_href: player_href(*o),
                        opponent_rating: rating(*o),
                        result: side(*code).to_owned(),
                        points,
                    },
                    Some(e) => CardLine {
                        round: r,
                        board: String::new(),
                        colour: String::new(),
                        opponent_no: String::new(),
                        opponent: bye_label(e.code, input.round_robin).to_owned(),
                        opponent_href: String::new(),
                        opponent_rating: String::new(),
                        result: bye_cell(e.code, input.round_robin)
                            .trim_start_matches('-')
                            .to_owned(),
                        points,
                    },
                    None => CardLine {
                        round: r,
                        board: String::new(),
                        colour: String::new(),
                        opponent_no: String::new(),
                        opponent: "not paired".to_owned(),
                        opponent_href: String::new(),
                        opponent_rating: String::new(),
                        result: String::new(),
                        points,
                    },
                }
            })
            .collect();
        pages.push((
            player_href(p.id),
            render_page(
                tera,
                "player.html",
                frame.clone(),
                p.name.clone(),
                CardBody { facts, rounds },
            )?,
        ));
    }
    Ok(pages)
}
