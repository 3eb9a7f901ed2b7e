//! `arbiter rating` as text, CSV and JSON (the contract in cli.md), and the figures as short
//! phrases for the player cards.

use serde::Serialize;

use crate::rating::{Initial, KSource, PlayerRating};
use crate::tournament::Player;

use super::text::{fit, name_width};

/// Hundredths as `4.20`, with a sign when asked.
fn hundredths(value: i64, signed: bool) -> String {
    let sign = if value < 0 {
        "-"
    } else if signed {
        "+"
    } else {
        ""
    };
    format!("{sign}{}.{:02}", value.abs() / 100, value.abs() % 100)
}

/// Tenths as `+3.0`.
fn tenths(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "+" };
    format!("{sign}{}.{}", value.abs() / 10, value.abs() % 10)
}

/// Half points as `4.5` or `4`.
fn halves(value: i64) -> String {
    if value % 2 == 0 {
        (value / 2).to_string()
    } else {
        format!("{}.5", value / 2)
    }
}

/// What the Ru column shows: the estimate, or why there is none.
fn initial_text(initial: Initial) -> String {
    match initial {
        Initial::Estimate(ru) => ru.to_string(),
        Initial::TooFewGames(games) => format!("{games}/5 games"),
        Initial::ZeroScore => "zero score".to_owned(),
        Initial::BelowFloor(ru) => format!("{ru} < 1400"),
    }
}

/// The table `arbiter rating` prints: one line per player in start-number order.
pub fn rating_text(players: &[Player], figures: &[PlayerRating]) -> String {
    let width = name_width(players.iter().map(|p| p.name.as_str()), 20);
    let mut out = format!(
        "{:>4}  {}  {:>4}  {:>2}  {:>5}  {:>5}  {:>4}  {:>5}  {:>6}  {:>4}  {}\n",
        "no",
        fit("name", width),
        "rtg",
        "K",
        "games",
        "We",
        "W",
        "W-We",
        "change",
        "Rp",
        "Ru"
    );
    for (player, f) in players.iter().zip(figures) {
        let rated = f.rating.is_some();
        let k = match (f.k, f.k_capped()) {
            (Some(k), false) => k.to_string(),
            (Some(k), true) => format!("{k}*"),
            (None, _) => "-".to_owned(),
        };
        let line = format!(
            "{:>4}  {}  {:>4}  {:>2}  {:>5}  {:>5}  {:>4}  {:>5}  {:>6}  {:>4}  {}",
            player.id,
            fit(&player.name, width),
            f.rating.map_or("-".to_owned(), |r| r.to_string()),
            k,
            f.games.len(),
            if rated && !f.games.is_empty() {
                hundredths(f.we, false)
            } else {
                "-".to_owned()
            },
            halves(f.w),
            if rated && !f.games.is_empty() {
                hundredths(f.w_minus_we(), true)
            } else {
                "-".to_owned()
            },
            f.change.map_or("-".to_owned(), tenths),
            f.rp.map_or("-".to_owned(), |rp| rp.to_string()),
            f.initial.map_or(String::new(), initial_text),
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One player's rated games, as `rating --player N` shows them for checking by hand.
pub fn games_text(player: &Player, f: &PlayerRating, opponents: &dyn Fn(u16) -> String) -> String {
    let mut out = format!("{} {}", player.id, player.name);
    match f.rating {
        Some(r) => out.push_str(&format!(", rated {r}")),
        None => out.push_str(", unrated"),
    }
    if let Some(k) = f.k {
        let source = match f.k_source {
            Some(KSource::Given) => "given",
            _ => "by the rules of 8.3.3",
        };
        out.push_str(&format!(", K {k} ({source}"));
        if f.k_capped() {
            out.push_str(&format!(
                "; {} before the 700 cap over {} games",
                f.k_before_cap.unwrap_or(k),
                f.games.len()
            ));
        }
        out.push(')');
    }
    out.push('\n');
    if f.games.is_empty() {
        out.push_str("  no rated game\n");
        return out;
    }
    let names: Vec<String> = f.games.iter().map(|g| opponents(g.opponent.0)).collect();
    let width = name_width(names.iter().map(String::as_str), 16);
    if f.rating.is_some() {
        out.push_str(&format!(
            "  {:>5}  {:>4}  {}  {:>4}  {:>4}  {:>4}  {:>5}\n",
            "round",
            "no",
            fit("opponent", width),
            "rtg",
            "D",
            "PD",
            "score"
        ));
    } else {
        out.push_str(&format!(
            "  {:>5}  {:>4}  {}  {:>4}  {:>5}\n",
            "round",
            "no",
            fit("opponent", width),
            "rtg",
            "score"
        ));
    }
    for (g, name) in f.games.iter().zip(&names) {
        let score = match g.score {
            2 => "1",
            1 => "½",
            _ => "0",
        };
        let line = if f.rating.is_some() {
            format!(
                "  {:>5}  {:>4}  {}  {:>4}  {:>4}  {:>4}  {:>5}",
                g.round,
                g.opponent,
                fit(name, width),
                g.opponent_rating,
                g.difference,
                hundredths(g.expected, false),
                score
            )
        } else {
            format!(
                "  {:>5}  {:>4}  {}  {:>4}  {:>5}",
                g.round,
                g.opponent,
                fit(name, width),
                g.opponent_rating,
                score
            )
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// One line of `rating --format json` (cli.md), with what an arbiter needs to check it.
#[derive(Serialize)]
pub struct RatingJson {
    pub start_no: u16,
    pub fide_id: Option<u64>,
    pub rating: Option<u16>,
    pub k: Option<u8>,
    pub games: usize,
    pub we: serde_json::Number,
    pub w: serde_json::Number,
    pub change: Option<serde_json::Number>,
    pub rp: Option<i64>,
    pub ru: Option<i64>,
    /// `given` (the list's or typed) or `rules` (8.3.3).
    pub k_source: Option<&'static str>,
    pub k_before_cap: Option<u8>,
    /// Unrated players: `estimate`, `too_few_games`, `zero_score` or `below_floor`.
    pub initial: Option<&'static str>,
}

/// A decimal written as a JSON number with exactly `places` decimals (`4.20`), from an integer
/// count of `10^-places`.
fn decimal(value: i64, places: u32) -> serde_json::Number {
    let scale = 10_i64.pow(places);
    let sign = if value < 0 { "-" } else { "" };
    let text = format!(
        "{sign}{}.{:0width$}",
        value.abs() / scale,
        value.abs() % scale,
        width = places as usize
    );
    text.parse()
        .unwrap_or_else(|_| serde_json::Number::from(value / scale))
}

impl RatingJson {
    pub fn new(f: &PlayerRating) -> RatingJson {
        RatingJson {
            start_no: f.player.0,
            fide_id: f.fide_id,
            rating: f.rating,
            k: f.k,
            games: f.games.len(),
            we: decimal(f.we, 2),
            w: decimal(f.w * 5, 1),
            change: f.change.map(|c| decimal(c, 1)),
            rp: f.rp,
            ru: f.ru(),
            k_source: f.k_source.map(|s| match s {
                KSource::Given => "given",
                KSource::Rules => "rules",
            }),
            k_before_cap: f.k_before_cap,
            initial: f.initial.map(|i| match i {
                Initial::Estimate(_) => "estimate",
                Initial::TooFewGames(_) => "too_few_games",
                Initial::ZeroScore => "zero_score",
                Initial::BelowFloor(_) => "below_floor",
            }),
        }
    }
}

/// `rating --format json`: a list in start-number order.
pub fn rating_json(figures: &[PlayerRating]) -> String {
    let rows: Vec<RatingJson> = figures.iter().map(RatingJson::new).collect();
    serde_json::to_string_pretty(&rows).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// `rating --format csv`: the JSON's columns with the name, numbers with `.` as the decimal
/// point, an undefined value as an empty field.
pub fn rating_csv(players: &[Player], figures: &[PlayerRating]) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| e.to_string();
    writer
        .write_record([
            "start_no", "name", "fide_id", "rating", "k", "games", "we", "w", "w_we", "change",
            "rp", "ru",
        ])
        .map_err(err)?;
    for (player, f) in players.iter().zip(figures) {
        let rated = f.rating.is_some() && !f.games.is_empty();
        writer
            .write_record([
                player.id.to_string(),
                player.name.clone(),
                f.fide_id.map_or(String::new(), |id| id.to_string()),
                f.rating.map_or(String::new(), |r| r.to_string()),
                f.k.map_or(String::new(), |k| k.to_string()),
                f.games.len().to_string(),
                if rated {
                    hundredths(f.we, false)
                } else {
                    String::new()
                },
                halves(f.w),
                if rated {
                    hundredths(f.w_minus_we(), false)
                } else {
                    String::new()
                },
                f.change.map_or(String::new(), |c| {
                    tenths(c).trim_start_matches('+').to_owned()
                }),
                f.rp.map_or(String::new(), |rp| rp.to_string()),
                f.ru().map_or(String::new(), |ru| ru.to_string()),
            ])
            .map_err(err)?;
    }
    String::from_utf8(writer.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

/// The figures as facts on a player card: (label, value) pairs, only those that say
/// something.
pub fn card_facts(f: &PlayerRating) -> Vec<(String, String)> {
    let mut facts = Vec::new();
    if f.rating.is_some() && !f.games.is_empty() {
        let k = match f.k {
            Some(k) if f.k_capped() => format!("K {k} after the 700 cap"),
            Some(k) => format!("K {k}"),
            None => String::new(),
        };
        facts.push((
            "Rating change (estimate)".to_owned(),
            format!(
                "{} ({k}, {} rated games, W {}, We {})",
                f.change.map_or("-".to_owned(), tenths),
                f.games.len(),
                halves(f.w),
                hundredths(f.we, false)
            ),
        ));
    }
    if let Some(rp) = f.rp {
        facts.push(("Performance (Rp)".to_owned(), rp.to_string()));
    }
    if let Some(initial) = f.initial {
        let text = match initial {
            Initial::Estimate(ru) => format!("{ru} (estimate)"),
            Initial::TooFewGames(n) => {
                format!("none yet: {n} of the 5 games against rated opponents it needs")
            }
            Initial::ZeroScore => "none: a zero score in a first event is disregarded".to_owned(),
            Initial::BelowFloor(ru) => format!("none: {ru} is below the rating floor of 1400"),
        };
        facts.push(("Initial rating (Ru)".to_owned(), text));
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_written_exactly() {
        assert_eq!(hundredths(420, false), "4.20");
        assert_eq!(hundredths(-43, true), "-0.43");
        assert_eq!(hundredths(5, true), "+0.05");
        assert_eq!(tenths(-65), "-6.5");
        assert_eq!(tenths(0), "+0.0");
        assert_eq!(halves(9), "4.5");
        assert_eq!(halves(8), "4");
        // JSON numbers carry no trailing zeros: 4.20 is written 4.2.
        assert_eq!(decimal(420, 2).to_string(), "4.2");
        assert_eq!(decimal(1234, 2).to_string(), "12.34");
        assert_eq!(decimal(-16, 1).to_string(), "-1.6");
        assert_eq!(decimal(45, 1).to_string(), "4.5");
    }
}
