//! Writing a report in TRF-2026 form: the tournament records, the players with ten columns a
//! round, then the records kept as written and the `###` comments.

use super::{Trf, TrfPlayer};
use crate::tournament::Sex;

/// Writes a TRF-2026 report: tournament records first, then the players, then the records
/// kept as written and the `###` comments.
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    let mut record = |code: &str, value: &Option<String>| {
        if let Some(value) = value {
            out.push_str(&format!("{code} {value}\n"));
        }
    };
    record("012", &trf.name);
    record("022", &trf.city);
    record("032", &trf.federation);
    record("042", &trf.start_date);
    record("052", &trf.end_date);
    record("102", &trf.chief_arbiter);
    for deputy in &trf.deputy_arbiters {
        record("112", &Some(deputy.clone()));
    }
    record("122", &trf.time_control);
    record("142", &trf.rounds.map(|r| r.to_string()));
    record(
        "152",
        &trf.initial_colour.map(|c| c.fold("W", "B").to_owned()),
    );
    for (_, line) in &trf.other {
        out.push_str(line);
        out.push('\n');
    }
    for player in &trf.players {
        out.push_str(&player_line(player));
        out.push('\n');
    }
    for comment in &trf.comments {
        out.push_str(&format!("### {comment}\n"));
    }
    out
}

/// One `001` line in its fixed columns.
pub fn player_line(player: &TrfPlayer) -> String {
    let p = &player.player;
    let sex = match p.sex {
        Some(Sex::Male) => "m",
        Some(Sex::Female) => "w",
        None => " ",
    };
    let title = p.title.map_or("", |t| t.as_str());
    // Title at columns 11-13, left-aligned after the sex at column 10.
    let name: String = p.name.chars().take(33).collect();
    let mut line = format!(
        "001 {:>4} {sex}{title:<3} {name:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id.0,
        p.rating.map_or(String::new(), |r| r.to_string()),
        p.federation.as_deref().unwrap_or(""),
        p.fide_id.map_or(String::new(), |i| i.to_string()),
        p.birth.as_deref().unwrap_or(""),
        player.points.to_string(),
        player.rank.map_or(String::new(), |r| r.to_string()),
    );
    for round in &player.rounds {
        let opponent = round
            .opponent
            .map_or("0000".to_owned(), |o| format!("{:>4}", o.0));
        line.push_str(&format!("  {opponent} {} {}", round.colour, round.code));
    }
    line.trim_end().to_owned()
}
