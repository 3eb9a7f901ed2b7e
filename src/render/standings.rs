//! Standings as text, CSV (the contract of the command-line spec) and JSON, and a player's
//! working as text.

use serde::Serialize;

use crate::standings::{CutReason, Explanation, Source, Standings, TieBreak, Value};

fn value(tiebreak: TieBreak, v: Option<Value>) -> String {
    Standings::format_value(tiebreak, v)
}

/// `standings --format csv`: `rank,start_no,name,title,rating,federation,points`, then one
/// column per tie-break named canonically; an undefined value is an empty field.
pub fn standings_csv(standings: &Standings) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "rank",
        "start_no",
        "name",
        "title",
        "rating",
        "federation",
        "points",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(standings.tiebreaks.iter().map(|t| t.to_string()));
    writer.write_record(&header).map_err(|e| e.to_string())?;
    for row in &standings.rows {
        let mut record = vec![
            row.rank.to_string(),
            row.player.id.to_string(),
            row.player.name.clone(),
            row.player.title.map_or(String::new(), |t| t.to_string()),
            row.player.rating.map_or(String::new(), |r| r.to_string()),
            row.player.federation.clone().unwrap_or_default(),
            row.points.to_string(),
        ];
        for (t, v) in standings.tiebreaks.iter().zip(&row.values) {
            record.push(value(*t, *v));
        }
        writer
            .write_record(super::cells::record(&record))
            .map_err(|e| e.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The aligned table people read.
pub fn standings_text(standings: &Standings, title: &str) -> String {
    let mut out = format!("{title}\n");
    let name_width =
        super::text::name_width(standings.rows.iter().map(|r| r.player.name.as_str()), 30);
    let mut header = format!(
        "{:>4}  {:>4}  {:<3}  {}  {:>6}  {:>5}",
        "rank",
        "no",
        "tit",
        super::text::fit("name", name_width),
        "rating",
        "pts"
    );
    for t in &standings.tiebreaks {
        header.push_str(&format!("  {:>7}", t.to_string()));
    }
    out.push_str(&header);
    out.push('\n');
    for row in &standings.rows {
        let name = super::text::fit(&row.player.name, name_width);
        let mut line = format!(
            "{:>4}  {:>4}  {:<3}  {}  {:>6}  {:>5}",
            row.rank,
            row.player.id,
            row.player.title.map_or(String::new(), |t| t.to_string()),
            name,
            row.player.rating.map_or(String::new(), |r| r.to_string()),
            row.points.to_string()
        );
        for (t, v) in standings.tiebreaks.iter().zip(&row.values) {
            line.push_str(&format!("  {:>7}", value(*t, *v)));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for (t, why) in &standings.dropped {
        out.push_str(&format!("{t} left out: {why}\n"));
    }
    if let Some(mode) = standings.withdrawals {
        out.push_str(&format!(
            "withdrawals: the games of withdrawn players {}\n",
            match mode.as_str() {
                "annul" => "are annulled",
                _ => "stand",
            }
        ));
    }
    out
}

#[derive(Serialize)]
struct RowJson {
    rank: u32,
    start_no: u16,
    name: String,
    title: Option<String>,
    rating: Option<u16>,
    federation: Option<String>,
    points: String,
    tiebreaks: Vec<(String, Option<String>)>,
    /// The player's rating figures for the event, as `rating --format json` gives them.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_change: Option<crate::render::rating::RatingJson>,
}

#[derive(Serialize)]
struct StandingsJson {
    edition: String,
    rounds: u32,
    tiebreaks: Vec<String>,
    rows: Vec<RowJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<String>,
}

/// `standings --format json`: the CSV's data, each player's rating figures when given, plus
/// the working when asked.
pub fn standings_json(
    standings: &Standings,
    ratings: Option<
        &std::collections::HashMap<crate::tournament::PlayerId, crate::rating::PlayerRating>,
    >,
    explain: Option<String>,
) -> String {
    let rows = standings
        .rows
        .iter()
        .map(|row| RowJson {
            rank: row.rank,
            start_no: row.player.id.0,
            name: row.player.name.clone(),
            title: row.player.title.map(|t| t.to_string()),
            rating: row.player.rating,
            federation: row.player.federation.clone(),
            points: row.points.to_string(),
            tiebreaks: standings
                .tiebreaks
                .iter()
                .zip(&row.values)
                .map(|(t, v)| (t.to_string(), v.map(|_| value(*t, *v))))
                .collect(),
            rating_change: ratings
                .and_then(|r| r.get(&row.player.id))
                .map(crate::render::rating::RatingJson::new),
        })
        .collect();
    serde_json::to_string_pretty(&StandingsJson {
        edition: standings.edition.to_string(),
        rounds: standings.rounds,
        tiebreaks: standings.tiebreaks.iter().map(|t| t.to_string()).collect(),
        rows,
        explain,
    })
    .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// One player's working, round by round and tie-break by tie-break.
pub fn explanation_text(e: &Explanation, name: &str) -> String {
    let mut out = format!(
        "player {} {name}: {} points, rank {} ({} rules)\n",
        e.player, e.points, e.rank, e.edition
    );
    for r in &e.rounds {
        let mut line = format!("  round {:>2}: {:>4}", r.round, r.points.to_string());
        if let Some(o) = r.opponent {
            line.push_str(&format!("  against {o}"));
        }
        if let Some(s) = r.opponent_score {
            line.push_str(&format!(", opponent's score {s}"));
        }
        if let Some(a) = r.opponent_adjusted
            && Some(a) != r.opponent_score
        {
            line.push_str(&format!(", adjusted {a}"));
        }
        if let Some(c) = r.category {
            line.push_str(&format!("  (unplayed, Art. {})", c.article()));
        }
        if let Some((source, v)) = r.own_side {
            line.push_str(&format!("  {source:?} {v}").to_lowercase());
        }
        if r.pending {
            line.push_str("  pending (adjourned)");
        }
        if r.annulled {
            line.push_str("  annulled");
        }
        out.push_str(&line);
        out.push('\n');
    }
    for (t, w) in &e.tiebreaks {
        out.push_str(&format!(
            "  {t} = {}\n",
            w.value
                .map_or("undefined".to_owned(), |v| value(*t, Some(v)))
        ));
        for item in &w.items {
            let source = match item.source {
                Source::Opponent => "opponent",
                Source::ScheduledOpponent => "scheduled opponent",
                Source::Dummy => "dummy",
                Source::VirtualOpponent => "virtual opponent",
                Source::Rating => "rating",
                Source::Progressive => "progressive",
            };
            let mut line = format!(
                "    round {:>2}: {source} {} -> {}",
                item.round, item.score, item.contribution
            );
            if item.vur {
                line.push_str(" (voluntarily unplayed)");
            }
            if let Some(cut) = item.cut {
                line.push_str(match cut {
                    CutReason::LeastSignificant => " cut: the least significant value",
                    CutReason::VurException => {
                        " cut: a voluntarily unplayed round instead of the least significant value (16.5)"
                    }
                    CutReason::MostSignificant => " cut: the most significant value",
                    CutReason::BelowLimit => " not counted: below the Koya limit",
                });
            }
            out.push_str(&line);
            out.push('\n');
        }
        if let Some(note) = &w.note {
            out.push_str(&format!("    {note}\n"));
        }
    }
    out
}

/// The players whose rank differs between two editions, one line each.
pub fn comparison_text(
    both: &crate::standings::SideBySide,
    names: &std::collections::HashMap<crate::tournament::PlayerId, String>,
) -> String {
    let mut text = String::new();
    if both.differences.is_empty() {
        text.push_str("  every player has the same rank\n");
    }
    let width = super::text::name_width(
        both.differences
            .iter()
            .map(|d| names.get(&d.player).map_or("", String::as_str)),
        30,
    );
    for d in &both.differences {
        text.push_str(&format!(
            "  {:>4} {} {:>3} -> {:>3}\n",
            d.player,
            super::text::fit(names.get(&d.player).map_or("", String::as_str), width),
            d.first,
            d.second
        ));
    }
    text
}
