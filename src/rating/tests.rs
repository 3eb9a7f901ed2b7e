//! The rating arithmetic against hand-worked examples. Every expected value is worked out in
//! the comment beside it from the tables of B.02 (8.1.1 p -> dp, 8.1.2 D -> PD, as
//! transcribed in `tables.rs`) and the rules summarised in the project's `rating.md`.

use super::*;
use crate::chess::Color;

fn player(id: u16, rating: Option<u16>) -> Player {
    let mut p = Player::new(PlayerId(id), format!("Player {id}"));
    p.rating = rating;
    p
}

fn game(opponent: u16, outcome: Outcome) -> RoundResult {
    RoundResult::Played {
        opponent: PlayerId(opponent),
        color: Color::White,
        outcome,
        rated: true,
    }
}

fn options(rules: RatingRules) -> Options {
    Options {
        rules,
        rate: Rate::Standard,
        year: Some(2026),
    }
}

/// Rates player 1 (rating `own`, K `k`) after `results` against players 2, 3, ... rated
/// `opponents` (each opponent played once, in order).
fn rate_one(
    own: Option<u16>,
    k: Option<u8>,
    opponents: &[u16],
    results: &[Outcome],
    options: Options,
) -> PlayerRating {
    let me = player(1, own);
    let others: Vec<Player> = (2..)
        .zip(opponents)
        .map(|(id, &r)| player(id, Some(r)))
        .collect();
    let rounds: Vec<RoundResult> = (2..)
        .zip(results)
        .map(|(id, &outcome)| game(id, outcome))
        .collect();
    let mut entrants = vec![Entrant {
        player: &me,
        k,
        rounds: &rounds,
    }];
    entrants.extend(others.iter().map(|p| Entrant {
        player: p,
        k: None,
        rounds: &[],
    }));
    rate_event(&entrants, options).remove(0)
}

#[test]
fn a_2700_beating_an_1800_under_the_2025_amendment_does_not_mirror() {
    // 2700 v 1800, 1 October 2025 rules. The 2700 player is rated 2650 or more, so the actual
    // difference 900 counts: above 735, PD = 1.00, and a win changes nothing. The 1800
    // player's difference -900 counts as -400: 400 lies in 392-411, PD 0.92 for the higher
    // player, so 0.08 for the lower; a loss with K 20 is 20 x (0 - 0.08) = -1.6.
    let pair = |rules| {
        let strong = player(1, Some(2700));
        let weak = player(2, Some(1800));
        let won = [game(2, Outcome::Win)];
        let lost = [game(1, Outcome::Loss)];
        rate_event(
            &[
                Entrant {
                    player: &strong,
                    k: Some(10),
                    rounds: &won,
                },
                Entrant {
                    player: &weak,
                    k: Some(20),
                    rounds: &lost,
                },
            ],
            options(rules),
        )
    };
    let now = pair(RatingRules::Oct2025);
    assert_eq!((now[0].games[0].difference, now[0].we), (900, 100));
    assert_eq!(now[0].change, Some(0));
    assert_eq!((now[1].games[0].difference, now[1].we), (-400, 8));
    assert_eq!(now[1].change, Some(-16));
    // Before the amendment the 2700 player's difference is capped too: PD 0.92, and the win
    // gains 10 x 0.08 = +0.8.
    let before = pair(RatingRules::Dec2024);
    assert_eq!((before[0].games[0].difference, before[0].we), (400, 92));
    assert_eq!(before[0].change, Some(8));
    assert_eq!(before[1].change, Some(-16));
}

#[test]
fn the_400_point_rule_turns_off_at_2650() {
    // 2649 v 2100: 549 capped to 400, PD 0.92. 2650 v 2100: 550 counts, in 518-559, PD 0.97.
    let below = rate_one(
        Some(2649),
        Some(10),
        &[2100],
        &[Outcome::Draw],
        options(RatingRules::Oct2025),
    );
    assert_eq!((below.games[0].difference, below.we), (400, 92));
    let at = rate_one(
        Some(2650),
        Some(10),
        &[2100],
        &[Outcome::Draw],
        options(RatingRules::Oct2025),
    );
    assert_eq!((at.games[0].difference, at.we), (550, 97));
    // A draw: W - We = 0.50 - 0.97 = -0.47; K 10: -4.7.
    assert_eq!(at.change, Some(-47));
    // Below the other way: 2000 v 2500, -500 capped to -400: PD 1 - 0.92 = 0.08.
    let under = rate_one(
        Some(2000),
        Some(20),
        &[2500],
        &[Outcome::Loss],
        options(RatingRules::Oct2025),
    );
    assert_eq!((under.games[0].difference, under.we), (-400, 8));
}

#[test]
fn the_change_is_rounded_to_tenths_half_away_from_zero() {
    // 1500 v 1553: D = -53, in 47-53 (PD 0.57 for the higher), so 0.43; a loss with K 15:
    // 15 x (0 - 0.43) = -6.45, shown -6.5.
    let r = rate_one(
        Some(1500),
        Some(15),
        &[1553],
        &[Outcome::Loss],
        options(RatingRules::CURRENT),
    );
    assert_eq!(r.we, 43);
    assert_eq!(r.w_minus_we(), -43);
    assert_eq!(r.change, Some(-65));
    // The win: 15 x 0.57 = 8.55, shown 8.6.
    let r = rate_one(
        Some(1500),
        Some(15),
        &[1553],
        &[Outcome::Win],
        options(RatingRules::CURRENT),
    );
    assert_eq!(r.change, Some(86));
}

#[test]
fn k_times_games_is_capped_at_700() {
    // K 40 over 20 games would be 800; the largest K with K x 20 <= 700 is 35. Twenty wins
    // against equals (D = 0, PD 0.50 each): We = 10, W = 20, change 35 x 10 = 350.
    let r = rate_one(
        Some(1500),
        Some(40),
        &[1500; 20],
        &[Outcome::Win; 20],
        options(RatingRules::CURRENT),
    );
    assert_eq!((r.k_before_cap, r.k), (Some(40), Some(35)));
    assert!(r.k_capped());
    assert_eq!((r.we, r.w), (1000, 40));
    assert_eq!(r.change, Some(3500));
    // 17 games at K 40 is 680: no cap.
    let r = rate_one(
        Some(1500),
        Some(40),
        &[1500; 17],
        &[Outcome::Draw; 17],
        options(RatingRules::CURRENT),
    );
    assert_eq!(r.k, Some(40));
}

#[test]
fn k_follows_the_rules_when_no_list_gives_it() {
    // 8.3.3: 40 to the end of the year of the 18th birthday while below 2300; 20 below 2400;
    // 10 from 2400.
    assert_eq!(k_by_rules(2250, Some(2008), Some(2026)), 40);
    assert_eq!(k_by_rules(2300, Some(2008), Some(2026)), 20);
    assert_eq!(k_by_rules(2250, Some(2007), Some(2026)), 20);
    assert_eq!(k_by_rules(2399, None, Some(2026)), 20);
    assert_eq!(k_by_rules(2400, Some(2010), Some(2026)), 10);
    assert_eq!(birth_year(Some("2008/05/17")), Some(2008));
    assert_eq!(birth_year(Some("2008")), Some(2008));
    assert_eq!(birth_year(Some("17.05.2008")), None);
    let mut junior = player(1, Some(2250));
    junior.birth = Some("2008".into());
    let rounds = [game(2, Outcome::Draw)];
    let other = player(2, Some(2250));
    let r = rate_event(
        &[
            Entrant {
                player: &junior,
                k: None,
                rounds: &rounds,
            },
            Entrant {
                player: &other,
                k: None,
                rounds: &[],
            },
        ],
        options(RatingRules::CURRENT),
    );
    assert_eq!((r[0].k, r[0].k_source), (Some(40), Some(KSource::Rules)));
    // The opponent has no game in the rounds given: a K, but no change.
    assert_eq!((r[1].k, r[1].change), (Some(20), None));
}

#[test]
fn only_games_played_against_rated_opponents_count() {
    let me = player(1, Some(1900));
    let rated_opponent = player(2, Some(1900));
    let unrated = player(3, None);
    let rounds = [
        game(2, Outcome::Win),
        // A forfeit, a game shorter than one move, a bye and a game against an unrated
        // player: none is rated (B.02: both players moved; the opponent rated).
        RoundResult::Forfeit {
            opponent: PlayerId(2),
            color: None,
            won: true,
        },
        RoundResult::Played {
            opponent: PlayerId(2),
            color: Color::Black,
            outcome: Outcome::Win,
            rated: false,
        },
        RoundResult::HalfPointBye,
        game(3, Outcome::Win),
    ];
    let r = rate_event(
        &[
            Entrant {
                player: &me,
                k: Some(20),
                rounds: &rounds,
            },
            Entrant {
                player: &rated_opponent,
                k: None,
                rounds: &[],
            },
            Entrant {
                player: &unrated,
                k: None,
                rounds: &[],
            },
        ],
        options(RatingRules::CURRENT),
    );
    assert_eq!(r[0].games.len(), 1);
    assert_eq!(r[0].games[0].round, 1);
    // One win against an equal: 20 x (1 - 0.50) = +10.0.
    assert_eq!(r[0].change, Some(100));
}

#[test]
fn wide_gaps_in_rapid_are_not_rated_from_december_2024() {
    // 2700 v 2050 at rapid: 650 apart and one above 2600.
    let rapid = |rules| Options {
        rules,
        rate: Rate::Rapid,
        year: Some(2025),
    };
    let r = rate_one(
        Some(2700),
        Some(10),
        &[2050],
        &[Outcome::Win],
        rapid(RatingRules::Dec2024),
    );
    assert!(r.games.is_empty());
    assert_eq!(r.change, None);
    let r = rate_one(
        Some(2700),
        Some(10),
        &[2050],
        &[Outcome::Win],
        rapid(RatingRules::Mar2024),
    );
    assert_eq!(r.games.len(), 1);
    // 599 apart is rated.
    let r = rate_one(
        Some(2700),
        Some(10),
        &[2101],
        &[Outcome::Win],
        rapid(RatingRules::Oct2025),
    );
    assert_eq!(r.games.len(), 1);
    // At standard rate the gap does not matter.
    let r = rate_one(
        Some(2700),
        Some(10),
        &[2050],
        &[Outcome::Win],
        options(RatingRules::Oct2025),
    );
    assert_eq!(r.games.len(), 1);
}

#[test]
fn an_unrated_players_initial_rating() {
    let ru = |opponents: &[u16], results: &[Outcome]| {
        rate_one(
            None,
            None,
            opponents,
            results,
            options(RatingRules::CURRENT),
        )
        .initial
    };
    use Outcome::{Draw, Loss, Win};
    // 2.5 of 5 against 1600..2000 (sum 9000): Ra = (9000 + 2 x 1800) / 7 = 1800, p = (2.5 + 1)
    // / 7 = 0.50, dp 0: Ru 1800.
    assert_eq!(
        ru(
            &[1600, 1700, 1800, 1900, 2000],
            &[Win, Win, Draw, Loss, Loss]
        ),
        Some(Initial::Estimate(1800))
    );
    // 4 of 5 against 2000: Ra = 13600 / 7 = 1942.86, p = 5 / 7 = 0.714, 0.71 -> dp 158:
    // 2100.86, Ru 2101.
    assert_eq!(
        ru(&[2000; 5], &[Win, Win, Win, Win, Loss]),
        Some(Initial::Estimate(2101))
    );
    // 5 of 5 against 2400: Ra = 15600 / 7 = 2228.57, p = 6 / 7 = 0.857, 0.86 -> dp 309:
    // 2537.6, capped at 2200.
    assert_eq!(ru(&[2400; 5], &[Win; 5]), Some(Initial::Estimate(2200)));
    // 0.5 of 5 against 1400: Ra = 10600 / 7 = 1514.29, p = 1.5 / 7 = 0.214, 0.21 -> dp -230:
    // 1284.3: below the floor of 1400, not published.
    assert_eq!(
        ru(&[1400; 5], &[Draw, Loss, Loss, Loss, Loss]),
        Some(Initial::BelowFloor(1284))
    );
    assert_eq!(ru(&[1400; 5], &[Loss; 5]), Some(Initial::ZeroScore));
    assert_eq!(ru(&[1400; 4], &[Win; 4]), Some(Initial::TooFewGames(4)));
    // A rated player has no initial rating.
    let rated = rate_one(
        Some(1500),
        None,
        &[1500],
        &[Win],
        options(RatingRules::CURRENT),
    );
    assert_eq!(rated.initial, None);
}

#[test]
fn performance_is_the_average_plus_dp() {
    // 2 of 3 against 1800, 1900, 2001: Ra = 5701 / 3 = 1900.33 -> 1900; p = 0.667 -> 0.67,
    // dp 125: Rp 2025.
    let r = rate_one(
        Some(1900),
        Some(20),
        &[1800, 1900, 2001],
        &[Outcome::Win, Outcome::Win, Outcome::Loss],
        options(RatingRules::CURRENT),
    );
    assert_eq!(r.rp, Some(2025));
}

#[test]
fn the_edition_follows_the_start_date() {
    assert_eq!(
        RatingRules::for_start_date("2025-10-01"),
        Some(RatingRules::Oct2025)
    );
    assert_eq!(
        RatingRules::for_start_date("2025/09/30"),
        Some(RatingRules::Dec2024)
    );
    assert_eq!(
        RatingRules::for_start_date("2024-11-30"),
        Some(RatingRules::Mar2024)
    );
    assert_eq!(
        RatingRules::for_start_date("2023-05-01"),
        Some(RatingRules::Mar2024)
    );
    assert!(RatingRules::predates_editions("2023-05-01"));
    assert!(!RatingRules::predates_editions("2024-03-01"));
    assert_eq!(RatingRules::for_start_date("May 2024"), None);
    let setting = |text: &str| text.parse::<RatingRulesSetting>().unwrap();
    assert_eq!(
        RatingRules::resolve(setting("auto"), None),
        (RatingRules::CURRENT, true)
    );
    assert_eq!(
        RatingRules::resolve(setting("auto"), Some("2025-12-28")),
        (RatingRules::Oct2025, false)
    );
    assert_eq!(
        RatingRules::resolve(setting("2024-12"), Some("2026-01-01")),
        (RatingRules::Dec2024, false)
    );
    // Every edition's setting word is its name.
    for rules in RatingRules::ALL {
        assert_eq!(RatingRules::resolve(setting(rules.name()), None).0, rules);
    }
    assert!("2019".parse::<RatingRulesSetting>().is_err());
}
