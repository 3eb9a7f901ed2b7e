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
    key(
        "arbiter-title",
        "the chief arbiter's FIDE title: IA, FA, NA or none (norms need an IA or FA, B.01 1.1.5)",
        false,
        "",
        arbiter_title,
    ),
    key(
        "arbiter-fide-id",
        "the chief arbiter's FIDE ID (the norm certificate IT1 names it)",
        false,
        "",
        fide_id,
    ),
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
    key(
        "norm-exemption",
        "federation rules for norms (B.01 1.4.3): none, national-championship, national-teams or zonal; a Swiss that qualifies by 1.4.3d is found by itself",
        false,
        "none",
        norm_exemption,
    ),
    key(
        "norm-event",
        "the kind of event for the number of games of a norm (B.01 1.4.1b): standard (9 games), team-championship (a World or Continental Team or Club Championship: 7 games) or world-cup (the World Cup or Women's World Cup: 8 games, counted as 9)",
        false,
        "standard",
        norm_event,
    ),
    key(
        "rating-rules",
        "FIDE rating regulations (B.02) edition: auto (by the start date), 2025-10, 2024-12 or 2024-03",
        false,
        "auto",
        rating_rules,
    ),
    key("fide-mode", "on or off", false, "on", on_off),
    key(
        "rating-period",
        "the FIDE rating list YYYY-MM the players' values come from",
        false,
        "",
        period,
    ),
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

/// A rating period, `YYYY-MM`, or empty for none yet.
fn period(value: &str) -> Result<String, String> {
    let ok = value.is_empty()
        || (value.len() == 7
            && value.as_bytes()[4] == b'-'
            && value[..4].bytes().all(|b| b.is_ascii_digit())
            && matches!(value[5..].parse::<u8>(), Ok(1..=12)));
    if ok {
        Ok(value.to_owned())
    } else {
        Err(format!(
            "expected a rating period YYYY-MM such as 2026-07, found `{value}`"
        ))
    }
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
    stored::<PairingSystem>(value)
}

fn points(value: &str) -> Result<String, String> {
    value.parse::<Points>().map(|p| p.to_string())
}

fn colour(value: &str) -> Result<String, String> {
    stored::<InitialColour>(value)
}

fn acceleration(value: &str) -> Result<String, String> {
    stored::<AccelerationMethod>(value)
}

fn numbering(value: &str) -> Result<String, String> {
    stored::<Numbering>(value)
}

fn withdrawal_games(value: &str) -> Result<String, String> {
    stored::<WithdrawalMode>(value)
}

fn laws(value: &str) -> Result<String, String> {
    value
        .parse::<crate::chess::Laws>()
        .map(|l| l.to_string())
        .map_err(|e| e.to_string())
}

fn tiebreak_rules(value: &str) -> Result<String, String> {
    stored::<TiebreakRules>(value)
}

fn arbiter_title(value: &str) -> Result<String, String> {
    match value.trim().to_ascii_uppercase().as_str() {
        "" => Ok(String::new()),
        "NONE" => Ok("none".to_owned()),
        title @ ("IA" | "FA" | "NA") => Ok(title.to_owned()),
        other => Err(format!("expected IA, FA, NA or none, found `{other}`")),
    }
}

fn fide_id(value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.is_empty() || (value.len() <= 10 && value.bytes().all(|b| b.is_ascii_digit())) {
        Ok(value.to_owned())
    } else {
        Err(format!("expected a FIDE ID (digits), found `{value}`"))
    }
}

fn norm_exemption(value: &str) -> Result<String, String> {
    stored::<NormExemption>(value)
}

fn norm_event(value: &str) -> Result<String, String> {
    stored::<NormEventKind>(value)
}

fn rating_rules(value: &str) -> Result<String, String> {
    stored::<RatingRulesSetting>(value)
}

fn on_off(value: &str) -> Result<String, String> {
    on_off_value(value).map(|on| if on { "on" } else { "off" }.to_owned())
}

fn on_off_value(value: &str) -> Result<bool, String> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, found `{value}`")),
    }
}

/// A keyword setting in its stored form: the name of the value it reads as.
fn stored<T: Keyword>(value: &str) -> Result<String, String> {
    T::read(value).map(|v| v.as_str().to_owned())
}

/// A setting whose value is one of a few words: one table from words to values, used both to
/// check a value when it is set and to read it when the event is loaded.
trait Keyword: Copy + PartialEq + 'static {
    /// Every value with its word, in the order the error message lists them.
    const WORDS: &'static [(&'static str, Self)];

    fn as_str(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(word, _)| word)
    }

    fn read(value: &str) -> Result<Self, String> {
        Self::WORDS
            .iter()
            .find(|(word, _)| *word == value)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                let words: Vec<&str> = Self::WORDS.iter().map(|(w, _)| *w).collect();
                let (last, rest) = words.split_last().expect("a keyword has words");
                let listed = if rest.is_empty() {
                    (*last).to_owned()
                } else if rest.len() == 1 {
                    format!("{} or {last}", rest[0])
                } else {
                    format!("{} or {last}", rest.join(", "))
                };
                format!("expected {listed}, found `{value}`")
            })
    }
}

macro_rules! keyword {
    ($type:ty, $($word:literal => $value:expr),+ $(,)?) => {
        impl Keyword for $type {
            const WORDS: &'static [(&'static str, Self)] = &[$(($word, $value)),+];
        }

        impl $type {
            /// The word the setting stores.
            pub fn as_str(self) -> &'static str {
                <Self as Keyword>::as_str(self)
            }
        }

        impl std::str::FromStr for $type {
            type Err = String;

            fn from_str(value: &str) -> Result<Self, String> {
                <Self as Keyword>::read(value.trim())
            }
        }
    };
}

keyword!(PairingSystem,
    "dutch" => PairingSystem::Dutch,
    "berger" => PairingSystem::Berger,
    "double-berger" => PairingSystem::DoubleBerger,
);

impl PairingSystem {
    /// A round robin (Berger or double Berger): pairings fixed by the tables in advance.
    pub fn is_round_robin(self) -> bool {
        self != PairingSystem::Dutch
    }
}

/// The colour of the first player in round 1 (C.04.3 rule 5.2.5; C.05 for round robins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InitialColour {
    White,
    Black,
    /// Drawn by lot, with a logged seed, when round 1 is paired.
    Lots,
}

keyword!(InitialColour,
    "white" => InitialColour::White,
    "black" => InitialColour::Black,
    "lots" => InitialColour::Lots,
);

/// An acceleration method the event applies to every round it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccelerationMethod {
    None,
    /// C.04.7, the Baku acceleration.
    Baku,
}

keyword!(AccelerationMethod,
    "none" => AccelerationMethod::None,
    "baku" => AccelerationMethod::Baku,
);

/// How pairing numbers are given before round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    /// By rating for a Swiss, by lot for a round robin.
    Auto,
    /// C.04.2: rating, then title, then name.
    Rating,
    /// Drawn by lot before round 1.
    Lots,
    /// The order of registration.
    Given,
}

keyword!(Numbering,
    "auto" => Numbering::Auto,
    "rating" => Numbering::Rating,
    "lots" => Numbering::Lots,
    "given" => Numbering::Given,
);

/// What happens to the games of a player who withdraws from a round robin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WithdrawalMode {
    /// The games played stand; the rounds not played are forfeits as recorded.
    #[default]
    Stand,
    /// The withdrawn player's games are annulled: they count for nobody, and the player is not
    /// ranked.
    Annul,
}

keyword!(WithdrawalMode,
    "stand" => WithdrawalMode::Stand,
    "annul" => WithdrawalMode::Annul,
);

/// Which edition of the tie-break regulations (C.07) the event uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TiebreakRules {
    /// By the start date.
    Auto,
    Y2026,
    Y2024,
    Legacy,
}

keyword!(TiebreakRules,
    "auto" => TiebreakRules::Auto,
    "2026" => TiebreakRules::Y2026,
    "2024" => TiebreakRules::Y2024,
    "legacy" => TiebreakRules::Legacy,
);

/// Which exemption from the federation rules of the norms (B.01 1.4.3) the event claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NormExemption {
    None,
    /// 1.4.3a: the final of a national (or national women's) championship.
    NationalChampionship,
    /// 1.4.3b: a national team championship.
    NationalTeams,
    /// 1.4.3c: a zonal or sub-zonal tournament.
    Zonal,
}

keyword!(NormExemption,
    "none" => NormExemption::None,
    "national-championship" => NormExemption::NationalChampionship,
    "national-teams" => NormExemption::NationalTeams,
    "zonal" => NormExemption::Zonal,
);

/// What kind of event it is for the number of games a norm needs (B.01 1.4.1a and b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NormEventKind {
    /// 1.4.1a: at least 9 games.
    Standard,
    /// 1.4.1b: a World or Continental Team or Club Championship of 7, 8 or 9 rounds, where 7
    /// games are enough.
    TeamChampionship,
    /// 1.4.1b: the World Cup or the Women's World Cup, where 8 games are enough and count as
    /// 9.
    WorldCup,
}

keyword!(NormEventKind,
    "standard" => NormEventKind::Standard,
    "team-championship" => NormEventKind::TeamChampionship,
    "world-cup" => NormEventKind::WorldCup,
);

/// Which edition of the FIDE Rating Regulations (B.02) rates the event: chosen by the start
/// date, or named by the month it came into force (see `rating::RatingRules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingRulesSetting {
    /// By the start date.
    Auto,
    Oct2025,
    Dec2024,
    Mar2024,
}

keyword!(RatingRulesSetting,
    "auto" => RatingRulesSetting::Auto,
    "2025-10" => RatingRulesSetting::Oct2025,
    "2024-12" => RatingRulesSetting::Dec2024,
    "2024-03" => RatingRulesSetting::Mar2024,
);

/// The points of each kind of result, as the event scores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    /// The pairing-allocated bye.
    pub pab: Points,
    /// A round robin's free round in an odd field.
    pub free_round: Points,
    /// A half-point bye.
    pub hpb: Points,
}

/// Every setting of an event, read once and typed. Text fields are empty when not given.
/// Values are checked when they are set ([`SettingKey::check`]); one that does not read here
/// is a damaged database, and loading says which key, never a silent default.
#[derive(Debug, Clone, PartialEq)]
pub struct EventSettings {
    pub name: String,
    pub city: String,
    pub federation: String,
    /// `YYYY-MM-DD`, or empty.
    pub start: String,
    /// `YYYY-MM-DD`, or empty.
    pub end: String,
    /// `YYYY-MM-DD` each, in round order.
    pub round_dates: Vec<String>,
    pub arbiter: String,
    /// The chief arbiter's FIDE title (`IA`, `FA`, `NA`, `none`), or empty when not given.
    pub arbiter_title: String,
    /// The chief arbiter's FIDE ID, or empty.
    pub arbiter_fide_id: String,
    pub time_control: String,
    pub rate: crate::chess::Rate,
    /// The number of rounds, when set.
    pub rounds: Option<u32>,
    pub system: PairingSystem,
    pub scoring: Scoring,
    pub initial_colour: InitialColour,
    pub acceleration: AccelerationMethod,
    pub pairing_numbers: Numbering,
    pub withdrawal_games: WithdrawalMode,
    pub laws: crate::chess::Laws,
    /// The tie-break list as given (`BH/C1,BH,SB`), or empty for the default.
    pub tiebreaks: String,
    pub tiebreak_rules: TiebreakRules,
    pub rating_rules: RatingRulesSetting,
    pub norm_exemption: NormExemption,
    pub norm_event: NormEventKind,
    pub fide_mode: bool,
}

impl EventSettings {
    /// Reads every setting from `value`, which gives the stored text of a key (its default
    /// when none is stored). The error names the key and the value that does not read.
    pub fn read(value: impl Fn(&str) -> String) -> Result<EventSettings, String> {
        fn typed<T>(
            value: &impl Fn(&str) -> String,
            key: &str,
            read: impl Fn(&str) -> Result<T, String>,
        ) -> Result<T, String> {
            let text = value(key);
            read(&text)
                .map_err(|why| format!("the stored setting {key} `{text}` does not read: {why}"))
        }
        let points = |key: &str| typed(&value, key, |t| t.parse::<Points>());
        Ok(EventSettings {
            name: value("name"),
            city: value("city"),
            federation: value("federation"),
            start: value("start"),
            end: value("end"),
            round_dates: value("round-dates")
                .split(',')
                .filter(|d| !d.is_empty())
                .map(str::to_owned)
                .collect(),
            arbiter: value("arbiter"),
            arbiter_title: value("arbiter-title"),
            arbiter_fide_id: value("arbiter-fide-id"),
            time_control: value("time-control"),
            rate: typed(&value, "rate", |t| {
                t.parse()
                    .map_err(|e: crate::chess::ParseRateError| e.to_string())
            })?,
            rounds: typed(&value, "rounds", |t| {
                if t.is_empty() {
                    Ok(None)
                } else {
                    t.parse()
                        .map(Some)
                        .map_err(|_| "expected a number".to_owned())
                }
            })?,
            system: typed(&value, "system", str::parse)?,
            scoring: Scoring {
                win: points("points-win")?,
                draw: points("points-draw")?,
                loss: points("points-loss")?,
                forfeit_win: points("points-forfeit-win")?,
                forfeit_loss: points("points-forfeit-loss")?,
                pab: points("points-pab")?,
                free_round: points("points-free-round")?,
                hpb: points("points-hpb")?,
            },
            initial_colour: typed(&value, "initial-colour", str::parse)?,
            acceleration: typed(&value, "acceleration", str::parse)?,
            pairing_numbers: typed(&value, "pairing-numbers", str::parse)?,
            withdrawal_games: typed(&value, "withdrawal-games", str::parse)?,
            laws: typed(&value, "laws", |t| {
                t.parse()
                    .map_err(|e: crate::chess::ParseLawsError| e.to_string())
            })?,
            tiebreaks: value("tiebreaks"),
            tiebreak_rules: typed(&value, "tiebreak-rules", str::parse)?,
            rating_rules: typed(&value, "rating-rules", str::parse)?,
            norm_exemption: typed(&value, "norm-exemption", str::parse)?,
            norm_event: typed(&value, "norm-event", str::parse)?,
            fide_mode: typed(&value, "fide-mode", on_off_value)?,
        })
    }

    /// The defaults of a new event.
    pub fn defaults() -> EventSettings {
        EventSettings::read(|key| {
            SettingKey::find(key).map_or(String::new(), |k| k.default.to_owned())
        })
        .expect("every default reads")
    }

    /// Whether pairing numbers are drawn by lot before round 1.
    pub fn numbers_by_lot(&self) -> bool {
        match self.pairing_numbers {
            Numbering::Lots => true,
            Numbering::Auto => self.system.is_round_robin(),
            Numbering::Rating | Numbering::Given => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_reads_and_every_keyword_round_trips() {
        let defaults = EventSettings::defaults();
        assert_eq!(defaults.system, PairingSystem::Dutch);
        assert_eq!(defaults.scoring.hpb, Points::HALF);
        assert!(defaults.fide_mode);
        for key in KEYS {
            // A default passes its own check (stored as given: `1` rather than `1.0`).
            assert!(key.check(key.default).is_ok(), "{key}");
        }
        for (word, value) in PairingSystem::WORDS {
            assert_eq!(value.as_str(), *word);
            assert_eq!(word.parse::<PairingSystem>(), Ok(*value));
        }
    }

    #[test]
    fn a_stored_value_that_does_not_read_is_named() {
        let err = EventSettings::read(|key| {
            if key == "system" {
                "swiss".to_owned()
            } else {
                SettingKey::find(key).map_or(String::new(), |k| k.default.to_owned())
            }
        })
        .unwrap_err();
        assert_eq!(
            err,
            "the stored setting system `swiss` does not read: expected dutch, berger or double-berger, found `swiss`"
        );
    }

    #[test]
    fn keyword_errors_list_every_word() {
        assert_eq!(
            "x".parse::<Numbering>(),
            Err("expected auto, rating, lots or given, found `x`".to_owned())
        );
        assert_eq!(
            "x".parse::<WithdrawalMode>(),
            Err("expected stand or annul, found `x`".to_owned())
        );
    }
}
