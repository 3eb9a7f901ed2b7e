//! Event settings: everything given at `new` and changeable with `config`, each under a key,
//! with its check and its default.

use std::fmt;

use super::Points;

/// How rounds are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairingSystem {
    Dutch,
    Berger,
    DoubleBerger,
}

/// One setting that `config` can show and change.
#[derive(Debug, Clone, Copy)]
pub struct SettingKey {
    pub name: &'static str,
    pub help: &'static str,
    /// In FIDE mode a change after round 1 needs `--force` (it would change results already
    /// published or the order of players).
    pub locked_after_round_one: bool,
    default: &'static str,
    check: fn(&str) -> Result<String, String>,
}

/// Every setting, in the order `config` lists them.
pub const KEYS: &[SettingKey] = &[
    key("name", "event name", false, "", text),
    key("city", "city", false, "", text),
    key(
        "federation",
        "host federation (three letters)",
        false,
        "",
        federation,
    ),
    key("start", "start date YYYY-MM-DD", false, "", date),
    key("end", "end date YYYY-MM-DD", false, "", date),
    key(
        "round-dates",
        "round dates YYYY-MM-DD, comma-separated",
        false,
        "",
        dates,
    ),
    key("arbiter", "chief arbiter", false, "", text),
    key("time-control", "time control, e.g. 90+30", false, "", text),
    key("rate", "standard, rapid or blitz", true, "standard", rate),
    key("rounds", "number of rounds", true, "", positive),
    key(
        "system",
        "dutch, berger or double-berger",
        true,
        "dutch",
        system,
    ),
    key("points-win", "points for a win", true, "1", points),
    key("points-draw", "points for a draw", true, "0.5", points),
    key("points-loss", "points for a loss", true, "0", points),
    key(
        "points-forfeit-win",
        "points for a forfeit win",
        true,
        "1",
        points,
    ),
    key(
        "points-forfeit-loss",
        "points for a forfeit loss",
        true,
        "0",
        points,
    ),
    key(
        "points-pab",
        "points for the pairing-allocated bye",
        true,
        "1",
        points,
    ),
    key(
        "points-free-round",
        "round robin: points for the free round of an odd field (none unless the regulations say so)",
        true,
        "0",
        points,
    ),
    key(
        "points-hpb",
        "points for a half-point bye",
        true,
        "0.5",
        points,
    ),
    key(
        "initial-colour",
        "white, black or lots",
        true,
        "lots",
        colour,
    ),
    key("acceleration", "none or baku", true, "none", acceleration),
    key(
        "pairing-numbers",
        "auto, rating (C.04.2: rating, title, name), lots (drawn before round 1) or given (registration order); auto is rating for Swiss, lots for round robins",
        true,
        "auto",
        numbering,
    ),
    key(
        "withdrawal-games",
        "round robin: a withdrawn player's games stand (the rest are forfeits) or are annulled",
        true,
        "stand",
        withdrawal_games,
    ),
    key(
        "laws",
        "Laws of Chess edition: 2023, 2018, 2017, 2014, 2009, 2001",
        false,
        "2023",
        laws,
    ),
    key(
        "tiebreaks",
        "tie-break list, comma-separated (e.g. BH/C1,BH,SB)",
        true,
        "",
        text,
    ),
    key(
        "tiebreak-rules",
        "auto, 2026, 2024 or legacy",
        true,
        "auto",
        tiebreak_rules,
    ),
    key("fide-mode", "on or off", false, "on", on_off),
];

const fn key(
    name: &'static str,
    help: &'static str,
    locked_after_round_one: bool,
    default: &'static str,
    check: fn(&str) -> Result<String, String>,
) -> SettingKey {
    SettingKey {
        name,
        help,
        locked_after_round_one,
        default,
        check,
    }
}

impl SettingKey {
    pub fn find(name: &str) -> Option<&'static SettingKey> {
        KEYS.iter().find(|k| k.name == name)
    }

    /// The value stored when none was given.
    pub fn default_value(&self) -> &'static str {
        self.default
    }

    /// Checks a value and returns it in its stored form.
    pub fn check(&self, value: &str) -> Result<String, String> {
        (self.check)(value.trim()).map_err(|why| format!("{}: {why}", self.name))
    }
}

impl fmt::Display for SettingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

fn text(value: &str) -> Result<String, String> {
    Ok(value.to_owned())
}

fn federation(value: &str) -> Result<String, String> {
    if value.is_empty() || (value.len() == 3 && value.bytes().all(|b| b.is_ascii_alphabetic())) {
        Ok(value.to_ascii_uppercase())
    } else {
        Err(format!(
            "expected a three-letter federation code such as NOR, found `{value}`"
        ))
    }
}

fn date(value: &str) -> Result<String, String> {
    if value.is_empty() {
        return Ok(String::new());
    }
    chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .map_err(|_| format!("expected a date YYYY-MM-DD, found `{value}`"))
}

fn dates(value: &str) -> Result<String, String> {
    value
        .split(',')
        .filter(|d| !d.trim().is_empty())
        .map(|d| date(d.trim()))
        .collect::<Result<Vec<_>, _>>()
        .map(|d| d.join(","))
}

fn rate(value: &str) -> Result<String, String> {
    value
        .parse::<crate::chess::Rate>()
        .map(|r| r.name().to_owned())
        .map_err(|e| e.to_string())
}

fn positive(value: &str) -> Result<String, String> {
    if value.is_empty() {
        return Ok(String::new());
    }
    match value.parse::<u32>() {
        Ok(n) if (1..=99).contains(&n) => Ok(n.to_string()),
        _ => Err(format!("expected a number from 1 to 99, found `{value}`")),
    }
}

fn system(value: &str) -> Result<String, String> {
    match value {
        "dutch" | "berger" | "double-berger" => Ok(value.to_owned()),
        _ => Err(format!(
            "expected dutch, berger or double-berger, found `{value}`"
        )),
    }
}

fn points(value: &str) -> Result<String, String> {
    value.parse::<Points>().map(|p| p.to_string())
}

fn colour(value: &str) -> Result<String, String> {
    match value {
        "white" | "black" | "lots" => Ok(value.to_owned()),
        _ => Err(format!("expected white, black or lots, found `{value}`")),
    }
}

fn acceleration(value: &str) -> Result<String, String> {
    match value {
        "none" | "baku" => Ok(value.to_owned()),
        _ => Err(format!("expected none or baku, found `{value}`")),
    }
}

fn numbering(value: &str) -> Result<String, String> {
    match value {
        "auto" | "rating" | "lots" | "given" => Ok(value.to_owned()),
        _ => Err(format!(
            "expected auto, rating, lots or given, found `{value}`"
        )),
    }
}

fn withdrawal_games(value: &str) -> Result<String, String> {
    match value {
        "stand" | "annul" => Ok(value.to_owned()),
        _ => Err(format!("expected stand or annul, found `{value}`")),
    }
}

fn laws(value: &str) -> Result<String, String> {
    value
        .parse::<crate::chess::Laws>()
        .map(|l| l.to_string())
        .map_err(|e| e.to_string())
}

fn tiebreak_rules(value: &str) -> Result<String, String> {
    match value {
        "auto" | "2026" | "2024" | "legacy" => Ok(value.to_owned()),
        _ => Err(format!(
            "expected auto, 2026, 2024 or legacy, found `{value}`"
        )),
    }
}

fn on_off(value: &str) -> Result<String, String> {
    match value {
        "on" | "off" => Ok(value.to_owned()),
        _ => Err(format!("expected on or off, found `{value}`")),
    }
}

impl PairingSystem {
    pub fn from_setting(value: &str) -> Option<PairingSystem> {
        match value {
            "dutch" => Some(PairingSystem::Dutch),
            "berger" => Some(PairingSystem::Berger),
            "double-berger" => Some(PairingSystem::DoubleBerger),
            _ => None,
        }
    }
}
