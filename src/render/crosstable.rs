//! The crosstable (in rank order, Swiss or round robin) as a view struct, as aligned text, as
//! CSV and as a page; with what one player did in each round, which the crosstable, the
//! pairings pages and the player cards all read. Split from `site.rs`; the public items are
//! re-exported there, so `render::site::crosstable` and the rest still work.

use std::collections::HashMap;

use serde::Serialize;
use tera::Tera;

use super::html::{Frame, engine, opt, render_page, state};
use super::site::{SiteInput, SiteRound};
use crate::tournament::PlayerId;
// ---- the players' rounds ----

/// What one player did in one round.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) board: Option<u32>,
    pub(super) opponent: Option<PlayerId>,
    /// `w` or `b` for a game.
    pub(super) colour: Option<char>,
    pub(super) code: char,
}

pub(super) fn entries(rounds: &[SiteRound]) -> HashMap<(PlayerId, u32), Entry> {
    let mut map = HashMap::new();
    for (i, round) in rounds.iter().enumerate() {
        let r = i as u32 + 1;
        for g in &round.games {
            map.insert(
                (g.white, r),
                Entry {
                    board: g.board,
                    opponent: Some(g.black),
                    colour: Some('w'),
                    code: g.white_code,
                },
            );
            map.insert(
                (g.black, r),
                Entry {
                    board: g.board,
                    opponent: Some(g.white),
                    colour: Some('b'),
                    code: g.black_code,
                },
            );
        }
        for &(p, code) in &round.unpaired {
            map.insert(
                (p, r),
                Entry {
                    board: None,
                    opponent: None,
                    colour: None,
                    code,
                },
            );
        }
    }
    map
}

/// A game's result for one side, as crosstables write it.
pub(super) fn symbol(code: char) -> &'static str {
    match code {
        '1' | 'W' => "1",
        '=' | 'D' => "½",
        '0' | 'L' => "0",
        '+' => "+",
        '-' => "-",
        '*' => "AJ",
        _ => "",
    }
}

/// One side of a pairing list's result: `1`, `½`, `0`, `+`, `-`, unrated with a `U`.
pub(super) fn side(code: char) -> &'static str {
    match code {
        'W' => "1U",
        'D' => "½U",
        'L' => "0U",
        other => symbol(other),
    }
}

pub(super) fn game_result(white: char, black: char) -> String {
    if white == ' ' && black == ' ' {
        String::new()
    } else {
        format!("{} - {}", side(white), side(black))
    }
}

/// A round without a game, as a crosstable cell. In a round robin a `U` is the free round of
/// an odd field: no game and no result (its points, if the regulations give any, are in the
/// score).
pub(super) fn bye_cell(code: char, round_robin: bool) -> &'static str {
    match code {
        'U' if round_robin => "-",
        'U' | 'F' => "-1",
        'H' => "-½",
        _ => "-0",
    }
}

pub(super) fn bye_label(code: char, round_robin: bool) -> &'static str {
    match code {
        'U' if round_robin => "free round",
        'U' => "bye (pairing-allocated)",
        'F' => "full-point bye",
        'H' => "half-point bye",
        'Z' => "zero-point bye",
        _ => "not paired",
    }
}

// ---- the crosstable ----

/// The crosstable in rank order. Opponents are named by their number in this table (the
/// row's position, 1 for the first row), as chess-results does.
#[derive(Debug, Clone, Serialize)]
pub struct Crosstable {
    pub round_robin: bool,
    /// Round numbers (Swiss) or the table numbers of the opponents (round robin).
    pub columns: Vec<String>,
    pub tiebreaks: Vec<String>,
    pub rows: Vec<CrossRow>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CrossRow {
    /// Position in the table, what the cells refer to.
    pub no: usize,
    pub rank: u32,
    pub start_no: u16,
    pub title: String,
    pub name: String,
    pub rating: String,
    pub federation: String,
    pub cells: Vec<String>,
    pub points: String,
    pub tiebreaks: Vec<String>,
}

/// The crosstable of the standings after the last round paired.
pub fn crosstable(input: &SiteInput<'_>) -> Crosstable {
    let table = input.last();
    let entries = entries(input.rounds);
    let position: HashMap<PlayerId, usize> = table
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| (row.player.id, i + 1))
        .collect();
    let played = input.played();
    let columns: Vec<String> = if input.round_robin {
        (1..=table.rows.len()).map(|n| n.to_string()).collect()
    } else {
        (1..=played).map(|n| n.to_string()).collect()
    };
    let rows = table
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let me = row.player.id;
            let cells = if input.round_robin {
                table
                    .rows
                    .iter()
                    .map(|other| {
                        if other.player.id == me {
                            return "*".to_owned();
                        }
                        let results: Vec<&str> = (1..=played)
                            .filter_map(|r| entries.get(&(me, r)))
                            .filter(|e| e.opponent == Some(other.player.id))
                            .map(|e| symbol(e.code))
                            .filter(|s| !s.is_empty())
                            .collect();
                        results.join(" ")
                    })
                    .collect()
            } else {
                (1..=played)
                    .map(|r| match entries.get(&(me, r)) {
                        Some(Entry {
                            opponent: Some(o),
                            colour: Some(c),
                            code,
                            ..
                        }) => format!(
                            "{}{c}{}",
                            position.get(o).map_or(String::new(), |p| p.to_string()),
                            symbol(*code)
                        ),
                        Some(e) => bye_cell(e.code, input.round_robin).to_owned(),
                        None => String::new(),
                    })
                    .collect()
            };
            CrossRow {
                no: i + 1,
                rank: row.rank,
                start_no: me.0,
                title: opt(row.player.title),
                name: row.player.name.clone(),
                rating: opt(row.player.rating),
                federation: row.player.federation.clone().unwrap_or_default(),
                cells,
                points: row.points.to_string(),
                tiebreaks: table.formatted_values(row),
            }
        })
        .collect();
    Crosstable {
        round_robin: input.round_robin,
        columns,
        tiebreaks: table.tiebreaks.iter().map(|t| t.to_string()).collect(),
        rows,
    }
}

/// `arbiter crosstable`'s text: a title with the round and whether the table is final, the
/// table, and the games it still waits for, as the pages list them.
pub fn crosstable_report_text(input: &SiteInput<'_>) -> String {
    let played = input.rounds.len() as u32;
    let missing = input.missing(played);
    let title = format!(
        "{} - crosstable {} ({})",
        input.event.name,
        match input.planned {
            Some(total) => format!("after round {played} of {total}"),
            None => format!("after round {played}"),
        },
        super::site::status(missing.len(), input.planned == Some(played))
    );
    let mut text = crosstable_text(&crosstable(input), &title);
    for m in &missing {
        text.push_str(&format!(
            "missing: round {}{}: {} ({}) - {} ({}): {}\n",
            m.round,
            if m.board.is_empty() {
                String::new()
            } else {
                format!(", board {}", m.board)
            },
            m.white,
            m.white_no,
            m.black,
            m.black_no,
            m.what
        ));
    }
    text
}

/// The crosstable as aligned text.
pub fn crosstable_text(table: &Crosstable, title: &str) -> String {
    let width = table
        .rows
        .iter()
        .flat_map(|r| r.cells.iter())
        .map(|c| c.chars().count())
        .chain(table.columns.iter().map(|c| c.len()))
        .max()
        .unwrap_or(1)
        .max(2);
    let name_width = super::text::name_width(table.rows.iter().map(|r| r.name.as_str()), 30);
    let mut out = format!("{title}\n");
    let mut header = format!(
        "{:>3}  {:>3}  {:>4}  {:<3}  {}  {:>4}  {:<3}",
        "no",
        "rk",
        "sno",
        "tit",
        super::text::fit("name", name_width),
        "rtg",
        "fed"
    );
    for c in &table.columns {
        header.push_str(&format!("  {c:>width$}"));
    }
    header.push_str(&format!("  {:>5}", "pts"));
    for t in &table.tiebreaks {
        header.push_str(&format!("  {t:>7}"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for row in &table.rows {
        let name = super::text::fit(&row.name, name_width);
        let mut line = format!(
            "{:>3}  {:>3}  {:>4}  {:<3}  {}  {:>4}  {:<3}",
            row.no, row.rank, row.start_no, row.title, name, row.rating, row.federation
        );
        for c in &row.cells {
            // `½` is one character but two bytes: pad by characters.
            let pad = width.saturating_sub(c.chars().count());
            line.push_str(&format!("  {}{c}", " ".repeat(pad)));
        }
        line.push_str(&format!("  {:>5}", row.points));
        for t in &row.tiebreaks {
            line.push_str(&format!("  {t:>7}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The crosstable as CSV: `no,rank,start_no,name,title,rating,federation`, one column per
/// round (Swiss: `r1`, `r2`...) or per opponent (round robin: `1`, `2`...), `points`, then
/// the tie-breaks.
pub fn crosstable_csv(table: &Crosstable) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "no",
        "rank",
        "start_no",
        "name",
        "title",
        "rating",
        "federation",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for c in &table.columns {
        header.push(if table.round_robin {
            c.clone()
        } else {
            format!("r{c}")
        });
    }
    header.push("points".to_owned());
    header.extend(table.tiebreaks.iter().cloned());
    writer.write_record(&header).map_err(|e| e.to_string())?;
    for row in &table.rows {
        let mut record = vec![
            row.no.to_string(),
            row.rank.to_string(),
            row.start_no.to_string(),
            row.name.clone(),
            row.title.clone(),
            row.rating.clone(),
            row.federation.clone(),
        ];
        record.extend(row.cells.iter().cloned());
        record.push(row.points.clone());
        record.extend(row.tiebreaks.iter().cloned());
        writer
            .write_record(super::cells::record(&record))
            .map_err(|e| e.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The crosstable page on its own (`crosstable --format html`): no navigation and no links
/// to player cards, since no other page is written beside it.
pub fn crosstable_html(input: &SiteInput<'_>) -> Result<String, String> {
    let tera = engine()?;
    crosstable_page(
        &tera,
        input,
        Frame::alone(
            &input.event,
            state(input),
            input.missing(input.played()),
            &input.generated,
        ),
        false,
    )
}

#[derive(Serialize)]
struct CrossBody {
    table: Crosstable,
    /// Whether the names link to the player cards (not on the page alone).
    links: bool,
}

pub(super) fn crosstable_page(
    tera: &Tera,
    input: &SiteInput<'_>,
    frame: Frame<'_>,
    links: bool,
) -> Result<String, String> {
    render_page(
        tera,
        "crosstable.html",
        frame,
        format!("Crosstable {}", state(input)),
        CrossBody {
            table: crosstable(input),
            links,
        },
    )
}
