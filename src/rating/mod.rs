//! FIDE rating arithmetic for one event (Handbook B.02, the Rating Regulations in force from
//! 1 March 2024 with their amendments): what each player's games would do to their rating.
//!
//! FIDE rates a whole rating period from the reports it receives and rounds the period's
//! total; the figures here are the per-event estimates a player card shows ("rtg+/-" on
//! chess-results) and an arbiter checks a report against: rated games, K, We, W, W - We, the
//! change K x (W - We) to one decimal, the performance Rp, and an initial rating Ru estimate
//! for an unrated player.
//!
//! **Invariant:** this module depends on `tournament` (and the `Rate` of `chess`) only; it is
//! pure arithmetic on exact integers (hundredths, halves and tenths), never floating point, so
//! that a value at a table edge or a rounding boundary comes out as the regulations say.

pub mod tables;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::chess::Rate;
use crate::tournament::settings::RatingRulesSetting;
use crate::tournament::{Outcome, Player, PlayerId, RoundResult};

use tables::{dp, pd};

/// The edition of the rating regulations an event is rated under, chosen by its start date
/// (the `rating-rules` setting can name one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RatingRules {
    /// From 1 March 2024: a rating difference above 400 counts as 400 (8.3.1), as often as it
    /// occurs in an event (the old once-per-event limit is gone); the 2024 initial rating
    /// rules.
    Mar2024,
    /// From 1 December 2024, as `Mar2024`, and a rapid or blitz game between players 600 or
    /// more points apart is not rated when either is rated above 2600.
    Dec2024,
    /// From 1 October 2025 (FIDE Council amendment of 8.3.1): the 400-point rule applies
    /// only to a player rated below 2650; a player rated 2650 or more counts the actual
    /// difference, so the two players' changes need not mirror each other.
    Oct2025,
}

impl RatingRules {
    pub const ALL: [RatingRules; 3] = [
        RatingRules::Mar2024,
        RatingRules::Dec2024,
        RatingRules::Oct2025,
    ];

    /// The edition in force today, for an event with no start date.
    pub const CURRENT: RatingRules = RatingRules::Oct2025;

    /// The setting's name for the edition: the month it came into force.
    pub const fn name(self) -> &'static str {
        match self {
            RatingRules::Mar2024 => "2024-03",
            RatingRules::Dec2024 => "2024-12",
            RatingRules::Oct2025 => "2025-10",
        }
    }

    /// The first day the edition applies to, `YYYY-MM-DD`.
    pub const fn in_force_from(self) -> &'static str {
        match self {
            RatingRules::Mar2024 => "2024-03-01",
            RatingRules::Dec2024 => "2024-12-01",
            RatingRules::Oct2025 => "2025-10-01",
        }
    }

    /// The edition in force on `date` (`YYYY-MM-DD`, or the TRF's `YYYY/MM/DD`). A date
    /// before 1 March 2024 gets the 2024 edition, the oldest one computed here; the caller
    /// says so (see [`RatingRules::predates_editions`]).
    pub fn for_start_date(date: &str) -> Option<RatingRules> {
        let date = normalised_date(date)?;
        Some(
            RatingRules::ALL
                .into_iter()
                .rev()
                .find(|rules| date.as_str() >= rules.in_force_from())
                .unwrap_or(RatingRules::Mar2024),
        )
    }

    /// Whether `date` is older than every edition computed here (the rules before March 2024
    /// capped the difference once per event and rated newcomers differently).
    pub fn predates_editions(date: &str) -> bool {
        normalised_date(date).is_some_and(|d| d.as_str() < RatingRules::Mar2024.in_force_from())
    }

    /// The edition the event's `setting` names; `auto` chooses by the `start` date, and the
    /// current edition when there is none (the flag says it was assumed).
    pub fn resolve(setting: RatingRulesSetting, start: Option<&str>) -> (RatingRules, bool) {
        match setting {
            RatingRulesSetting::Auto => match start.and_then(RatingRules::for_start_date) {
                Some(rules) => (rules, false),
                None => (RatingRules::CURRENT, true),
            },
            RatingRulesSetting::Oct2025 => (RatingRules::Oct2025, false),
            RatingRulesSetting::Dec2024 => (RatingRules::Dec2024, false),
            RatingRulesSetting::Mar2024 => (RatingRules::Mar2024, false),
        }
    }

    /// Whether the 400-point rule caps the difference for a player of `rating`.
    pub fn caps_difference(self, rating: u16) -> bool {
        match self {
            RatingRules::Mar2024 | RatingRules::Dec2024 => true,
            RatingRules::Oct2025 => rating < 2650,
        }
    }

    /// Whether a game between players of `a` and `b` is rated at all at `rate`.
    pub fn rates_game(self, rate: Rate, a: u16, b: u16) -> bool {
        let wide_gap = a.abs_diff(b) >= 600 && a.max(b) > 2600;
        !(rate != Rate::Standard && self != RatingRules::Mar2024 && wide_gap)
    }
}

impl fmt::Display for RatingRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `YYYY-MM-DD` from `YYYY-MM-DD` or `YYYY/MM/DD`, when it is a date of that shape.
fn normalised_date(date: &str) -> Option<String> {
    let date = date.trim().replace('/', "-");
    let shaped = date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    shaped.then_some(date)
}

/// What the arithmetic needs to know of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub rules: RatingRules,
    /// The event's rate of play: which rating and K the players carry.
    pub rate: Rate,
    /// The year the event starts, for K's 18-year rule; unknown: the rule is not applied.
    pub year: Option<i32>,
}

/// Where a player's K comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KSource {
    /// Given with the player (the rating list's `SK`/`RK`/`BK`, or typed by the director).
    Given,
    /// Worked out from the rules of 8.3.3 from the rating and the birth year. The 30-game rule
    /// for new players needs the player's career count of rated games, which no list
    /// carries, so it is taken as met.
    Rules,
}

/// One rated game of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedGame {
    pub round: u32,
    pub opponent: PlayerId,
    pub opponent_rating: u16,
    /// The rating difference counted, after the 400-point rule where it applies (rated
    /// players only; zero for an unrated player).
    pub difference: i64,
    /// The expected score PD in hundredths, table 8.1.2 (rated players only).
    pub expected: i64,
    /// The score in half points: 2 a win, 1 a draw, 0 a loss.
    pub score: i64,
}

/// An unrated player's initial rating from this event alone (2024 rules), or why there is
/// none yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Initial {
    /// Ru, to be published if FIDE's pooling over the period agrees.
    Estimate(i64),
    /// Fewer than 5 games against rated opponents: FIDE pools events over up to 26 months.
    TooFewGames(u32),
    /// No point scored: a zero score in a first event is disregarded.
    ZeroScore,
    /// The estimate falls below the rating floor of 1400, so nothing is published.
    BelowFloor(i64),
}

/// The lowest rating FIDE publishes (from 1 March 2024).
pub const RATING_FLOOR: i64 = 1400;
/// The highest initial rating (2024 rules).
pub const INITIAL_RATING_CAP: i64 = 2200;
/// The games against rated opponents an initial rating needs.
pub const INITIAL_RATING_GAMES: u32 = 5;
/// The most K x games may reach in a rating period (8.3.3).
pub const K_CAP: i64 = 700;

/// One player's rating figures for the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRating {
    pub player: PlayerId,
    pub fide_id: Option<u64>,
    /// Ro, the rating the player started the event with (none: unrated).
    pub rating: Option<u16>,
    /// K as used, after the 700 cap (rated players only).
    pub k: Option<u8>,
    /// K before the cap.
    pub k_before_cap: Option<u8>,
    pub k_source: Option<KSource>,
    /// The rated games: played over the board, both players moved, the opponent rated.
    pub games: Vec<RatedGame>,
    /// The expected score We, in hundredths (rated players only; zero otherwise).
    pub we: i64,
    /// The score W in rated games, in half points.
    pub w: i64,
    /// K x (W - We) in tenths, rounded half away from zero (rated players with games).
    pub change: Option<i64>,
    /// The performance Ra + dp(p) (table 8.1.1) against the rated opponents.
    pub rp: Option<i64>,
    /// Unrated players only.
    pub initial: Option<Initial>,
}

impl PlayerRating {
    /// W - We in hundredths.
    pub fn w_minus_we(&self) -> i64 {
        self.w * 50 - self.we
    }

    /// The published initial rating, if this event alone gives one.
    pub fn ru(&self) -> Option<i64> {
        match self.initial {
            Some(Initial::Estimate(ru)) => Some(ru),
            _ => None,
        }
    }

    /// Whether the 700 cap lowered K.
    pub fn k_capped(&self) -> bool {
        self.k != self.k_before_cap
    }
}

/// K by the rules of 8.3.3 for a player of `rating`: 40 until the end of the year of the 18th
/// birthday while rated below 2300, 20 below 2400, else 10. The 30-game rule is not known
/// here (see [`KSource::Rules`]).
pub fn k_by_rules(rating: u16, birth_year: Option<i32>, event_year: Option<i32>) -> u8 {
    let junior = match (birth_year, event_year) {
        (Some(born), Some(year)) => year <= born + 18,
        _ => false,
    };
    if junior && rating < 2300 {
        40
    } else if rating < 2400 {
        20
    } else {
        10
    }
}

/// The birth year of a player's `birth` (`YYYY`, `YYYY/MM/DD` or `YYYY-MM-DD`).
pub fn birth_year(birth: Option<&str>) -> Option<i32> {
    let birth = birth?.trim();
    let year = birth.get(..4)?;
    (year.bytes().all(|b| b.is_ascii_digit()) && birth[4..].chars().all(|c| c != ' '))
        .then(|| year.parse().ok())
        .flatten()
        .filter(|&y: &i32| y > 1800)
}

/// `numerator / denominator` rounded half away from zero (`denominator` > 0).
fn round_half_away(numerator: i64, denominator: i64) -> i64 {
    let half = denominator / 2;
    if numerator >= 0 {
        (numerator + half) / denominator
    } else {
        -((-numerator + half) / denominator)
    }
}

/// A player as the arithmetic sees them, with their rounds.
#[derive(Debug, Clone, Copy)]
pub struct Entrant<'a> {
    pub player: &'a Player,
    /// K given with the player (the list's, or typed), if any.
    pub k: Option<u8>,
    /// The player's rounds as the rating report has them, round 1 first.
    pub rounds: &'a [RoundResult],
}

/// A rating counts when it is there and not zero (a TRF writes 0 for an unrated player).
fn rated(rating: Option<u16>) -> Option<u16> {
    rating.filter(|&r| r > 0)
}

/// Every player's rating figures, in the order given.
pub fn rate_event(entrants: &[Entrant<'_>], options: Options) -> Vec<PlayerRating> {
    let ratings: std::collections::HashMap<PlayerId, Option<u16>> = entrants
        .iter()
        .map(|e| (e.player.id, rated(e.player.rating)))
        .collect();
    entrants
        .iter()
        .map(|entrant| rate_player(entrant, &ratings, options))
        .collect()
}

fn rate_player(
    entrant: &Entrant<'_>,
    ratings: &std::collections::HashMap<PlayerId, Option<u16>>,
    options: Options,
) -> PlayerRating {
    let player = entrant.player;
    let own = rated(player.rating);
    let rules = options.rules;
    let mut games = Vec::new();
    for (round, result) in (1..).zip(entrant.rounds) {
        let RoundResult::Played {
            opponent,
            outcome,
            rated: true,
            ..
        } = *result
        else {
            continue;
        };
        let Some(opponent_rating) = ratings.get(&opponent).copied().flatten() else {
            continue;
        };
        if let Some(own) = own
            && !rules.rates_game(options.rate, own, opponent_rating)
        {
            continue;
        }
        let score = match outcome {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        let (difference, expected) = match own {
            Some(own) => {
                let actual = i64::from(own) - i64::from(opponent_rating);
                let counted = if rules.caps_difference(own) {
                    actual.clamp(-400, 400)
                } else {
                    actual
                };
                (counted, pd(counted))
            }
            None => (0, 0),
        };
        games.push(RatedGame {
            round,
            opponent,
            opponent_rating,
            difference,
            expected,
            score,
        });
    }
    let n = games.len() as i64;
    let w: i64 = games.iter().map(|g| g.score).sum();
    let we: i64 = games.iter().map(|g| g.expected).sum();
    let opponents: i64 = games.iter().map(|g| i64::from(g.opponent_rating)).sum();
    // Rp: the average of the opponents' ratings (rounded half up) plus dp of the fractional
    // score rounded half up to hundredths, table 8.1.1.
    let rp = (n > 0).then(|| {
        let ra = round_half_away(opponents, n);
        ra + dp(round_half_away(w * 50, n))
    });
    let (k_before_cap, k_source) = match own {
        Some(own) => match entrant.k {
            Some(k) => (Some(k), Some(KSource::Given)),
            None => (
                Some(k_by_rules(
                    own,
                    birth_year(player.birth.as_deref()),
                    options.year,
                )),
                Some(KSource::Rules),
            ),
        },
        None => (None, None),
    };
    // 8.3.3: K x n may not pass 700; K becomes the largest whole number within it. Counted on
    // this event's games, where FIDE counts the whole period.
    let k = k_before_cap.map(|k| {
        if n > 0 && i64::from(k) * n > K_CAP {
            (K_CAP / n) as u8
        } else {
            k
        }
    });
    let change = match (k, n) {
        (Some(k), 1..) => Some(round_half_away(i64::from(k) * (w * 50 - we), 10)),
        _ => None,
    };
    let initial = own.is_none().then(|| initial_rating(n, w, opponents));
    PlayerRating {
        player: player.id,
        fide_id: player.fide_id,
        rating: own,
        k,
        k_before_cap,
        k_source,
        games,
        we,
        w,
        change,
        rp,
        initial,
    }
}

/// The 2024 initial rating from `n` games against rated opponents whose ratings add up to
/// `opponents`, scoring `w` half points: two hypothetical opponents rated 1800 with two draws
/// join the games, Ru = Ra + dp(p) (p rounded half up to hundredths, table 8.1.1), rounded
/// half up, at most 2200, unpublished below the floor.
fn initial_rating(n: i64, w: i64, opponents: i64) -> Initial {
    if n < i64::from(INITIAL_RATING_GAMES) {
        return Initial::TooFewGames(n as u32);
    }
    if w == 0 {
        return Initial::ZeroScore;
    }
    let games = n + 2;
    let p = round_half_away((w + 2) * 50, games);
    let ru = round_half_away(opponents + 2 * 1800 + dp(p) * games, games).min(INITIAL_RATING_CAP);
    if ru < RATING_FLOOR {
        Initial::BelowFloor(ru)
    } else {
        Initial::Estimate(ru)
    }
}
