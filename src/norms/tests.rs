//! Norms against hand-worked cases. The thresholds are B.01 (2024) 0.5 and 1.4.8 (GM: Rp 2600
//! against Ra 2380), the floors 1.4.6b, table 1.4.9 (= B.02 table 8.1.1); each expected value
//! is worked out in the comment beside it. The best-known case: 7 of 9 is 78 %, dp 220, so a
//! GM norm at Ra 2380 exactly (2380 + 220 = 2600).

use super::*;
use crate::chess::Color;

struct Opponent {
    rating: Option<u16>,
    title: Option<Title>,
    fed: &'static str,
}

fn opp(rating: u16, title: Option<Title>, fed: &'static str) -> Opponent {
    Opponent {
        rating: Some(rating),
        title,
        fed,
    }
}

/// Player 1 (NOR, rated 2450) meets opponents 2, 3, ... in rounds 1, 2, ... with `results`;
/// a result `None` is the pairing-allocated bye in that round.
fn event(
    opponents: &[Opponent],
    results: &[Option<Outcome>],
) -> (Vec<Player>, Vec<Vec<RoundResult>>) {
    let mut me = Player::new(PlayerId(1), "Seeker, S");
    me.rating = Some(2450);
    me.federation = Some("NOR".into());
    let mut players = vec![me];
    let mut rounds = vec![Vec::new()];
    let mut next = 0;
    for (round, result) in results.iter().enumerate() {
        match result {
            None => rounds[0].push(RoundResult::PairingAllocatedBye),
            Some(outcome) => {
                let o = &opponents[next];
                next += 1;
                let id = PlayerId(players.len() as u16 + 1);
                let mut p = Player::new(id, format!("Opponent {}", id.0));
                p.rating = o.rating;
                p.title = o.title;
                p.federation = Some(o.fed.into());
                players.push(p);
                rounds[0].push(RoundResult::Played {
                    opponent: id,
                    color: Color::White,
                    outcome: *outcome,
                    rated: true,
                });
                let mut theirs = vec![RoundResult::Absent; round];
                theirs.push(RoundResult::Played {
                    opponent: PlayerId(1),
                    color: Color::Black,
                    outcome: match outcome {
                        Outcome::Win => Outcome::Loss,
                        Outcome::Loss => Outcome::Win,
                        Outcome::Draw => Outcome::Draw,
                    },
                    rated: true,
                });
                rounds.push(theirs);
            }
        }
    }
    (players, rounds)
}

/// A Swiss hosted by NOR with the rounds played as scheduled, no exemption claimed and no
/// conditions of its own judged.
fn swiss<'a>(players: &'a [Player], rounds: &'a [Vec<RoundResult>]) -> NormEvent<'a> {
    NormEvent {
        players,
        rounds,
        round_robin: false,
        double_round_robin: false,
        kind: EventKind::Standard,
        scheduled_rounds: Some(rounds[0].len() as u32),
        host_federation: Some("NOR"),
        exemption: Exemption::None,
        eligibility: Vec::new(),
    }
}

fn check(
    players: &[Player],
    rounds: &[Vec<RoundResult>],
    kind: NormKind,
    exemption: Exemption,
) -> NormCheck {
    let event = NormEvent {
        exemption,
        ..swiss(players, rounds)
    };
    let field = field(&event);
    best_norm(&event, &field, &players[0], &rounds[0], kind)
}

fn requirement<'a>(check: &'a NormCheck, article: &str) -> &'a Requirement {
    check
        .requirements
        .iter()
        .find(|r| r.article == article)
        .unwrap_or_else(|| panic!("no {article} in {:?}", check.requirements))
}

/// Nine opponents averaging 2380: three GMs, two IMs, four untitled; federations GER x3,
/// FRA x3, ESP x2, NOR x1.
fn gm_field() -> Vec<Opponent> {
    use Title::{Gm, Im};
    vec![
        opp(2500, Some(Gm), "GER"),
        opp(2480, Some(Gm), "FRA"),
        opp(2460, Some(Gm), "ESP"),
        opp(2420, Some(Im), "GER"),
        opp(2400, Some(Im), "FRA"),
        opp(2340, None, "ESP"),
        opp(2300, None, "GER"),
        opp(2280, None, "FRA"),
        opp(2240, None, "NOR"),
    ]
}

const W: Option<Outcome> = Some(Outcome::Win);
const D: Option<Outcome> = Some(Outcome::Draw);
const L: Option<Outcome> = Some(Outcome::Loss);

#[test]
fn seven_of_nine_against_2380_is_a_gm_norm_exactly() {
    // Ra = 21420 / 9 = 2380. 7 of 9 = 77.8 %, 78 %, dp 220: Rp 2600.
    let (players, rounds) = event(&gm_field(), &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!((c.ra, c.rp, c.score), (Some(2380), Some(2600), 14));
    assert!(c.met(), "{:#?}", c.requirements);
    assert_eq!(requirement(&c, "1.4.5a").detail, "5 of 9 (at least 5)");
    assert_eq!(requirement(&c, "1.4.5b").detail, "3 of 9 (at least 3)");
    assert_eq!(
        requirement(&c, "1.4.4a").detail,
        "1 of 9 from NOR (at most 5)"
    );
    // 7 of 9 is exactly the score needed: no game credited beyond the nine.
    assert_eq!((c.needed, c.credited), (Some(14), 9));
    // 6.5 of 9: 72 %, dp 166: Rp 2546, short.
    let (players, rounds) = event(&gm_field(), &[W, W, W, W, W, W, D, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(c.rp, Some(2546));
    assert_eq!(requirement(&c, "1.4.8").met, Some(false));
    assert!(!c.met());
    // The same 6.5 is an IM norm: Ra 2380 >= 2230, Rp 2546 >= 2450, five GMs or IMs.
    let c = check(&players, &rounds, NormKind::Im, Exemption::None);
    assert!(c.met(), "{:#?}", c.requirements);
}

#[test]
fn a_full_point_above_the_score_needed_counts_as_a_game() {
    // 8 of 9 at Ra 2380 needs 7 (1.4.1d): one point over, credited as 10 games.
    let (players, rounds) = event(&gm_field(), &[W, W, W, W, W, W, W, W, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert!(c.met());
    assert_eq!(c.credited, 10);
}

#[test]
fn the_lowest_opponent_below_the_floor_is_raised_and_only_that_one() {
    // The last two opponents rated 2000 and 2100 instead of 2280 and 2240: only the lowest
    // (2000) is raised to the GM floor 2200 (1.4.6c): (21420 - 2280 - 2240 + 2200 + 2100) / 9
    // = 21200 / 9 = 2355.6, Ra 2356.
    let mut field = gm_field();
    field[7] = opp(2100, None, "FRA");
    field[8] = opp(2000, None, "NOR");
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(c.ra, Some(2356));
    assert!(
        requirement(&c, "1.4.8a")
            .detail
            .contains("opponent 10 raised to the floor 2200")
    );
    assert_eq!(requirement(&c, "1.4.8a").met, Some(false));
    // An unrated opponent counts 1400 and, as the lowest, is raised to the IM floor 2050:
    // (21420 - 2240 + 2050) / 9 = 21230 / 9 = 2358.9, Ra 2359.
    let mut field = gm_field();
    field[8] = Opponent {
        rating: None,
        title: None,
        fed: "NOR",
    };
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Im, Exemption::None);
    assert_eq!(c.ra, Some(2359));
    assert!(
        requirement(&c, "1.4.8a")
            .detail
            .contains("opponent 10 raised to the floor 2050")
    );
    // Not the lowest, it stays at 1400: with an opponent rated 1300 as well, that one is
    // raised instead: (21420 - 2240 - 2280 + 1400 + 2050) / 9 = 20350 / 9 = 2261.1.
    field[7] = opp(1300, None, "FRA");
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Im, Exemption::None);
    assert_eq!(c.ra, Some(2261));
    assert!(
        requirement(&c, "1.4.8a")
            .detail
            .contains("1 unrated counted as 1400")
    );
}

#[test]
fn federations_limit_the_players_own_and_any_one() {
    // Six opponents of NOR: more than 3/5 of 9 (5); the others from two federations.
    let mut field = gm_field();
    for o in field.iter_mut().skip(3) {
        o.fed = "NOR";
    }
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(requirement(&c, "1.4.4a").met, Some(false));
    assert_eq!(
        requirement(&c, "1.4.4a").detail,
        "6 of 9 from NOR (at most 5)"
    );
    assert_eq!(requirement(&c, "1.4.4b").met, Some(true));
    assert!(!c.met());
    // A national championship is exempt (1.4.3a).
    let c = check(
        &players,
        &rounds,
        NormKind::Gm,
        Exemption::NationalChampionship,
    );
    assert!(c.met(), "{:#?}", c.requirements);
    // Seven from GER, two from NOR: more than 2/3 of 9 (6) from one federation, and only one
    // foreign federation.
    let mut field = gm_field();
    for o in field.iter_mut().take(7) {
        o.fed = "GER";
    }
    field[7].fed = "NOR";
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(requirement(&c, "1.4.4b").met, Some(false));
    assert_eq!(requirement(&c, "1.4.3").met, Some(false));
    // A federation missing leaves the rule undecided, never met.
    let (mut players, rounds) = event(&gm_field(), &[W, W, W, W, W, W, W, L, L]);
    players[3].federation = None;
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(requirement(&c, "1.4.3").met, None);
    assert!(c.undecided());
}

#[test]
fn a_swiss_norm_stands_at_the_round_it_was_made() {
    // The norm is made after round 9; two losses follow in rounds 10 and 11. All eleven: 7 of
    // 11 = 64 %, dp 102, Ra (21420 + 2400 + 2400) / 11 = 2383.6 -> 2384: Rp 2486, no GM norm.
    // The first nine rounds make it (1.4.1e).
    let mut field = gm_field();
    field.push(opp(2400, Some(Title::Gm), "ESP"));
    field.push(opp(2400, Some(Title::Gm), "SWE"));
    let (players, rounds) = event(&field, &[W, W, W, W, W, W, W, L, L, L, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert!(c.met(), "{:#?}", c.requirements);
    assert_eq!(c.left_out, [10, 11]);
    assert_eq!(c.games.len(), 9);
}

#[test]
fn eight_games_and_the_bye_of_a_nine_round_event_count_as_nine() {
    // 1.4.1c: round 5 is the pairing-allocated bye; eight games remain. Eight opponents
    // averaging (21420 - 2240) / 8 = 2397.5 -> 2398 (three GMs, two IMs: five titled of 8, at
    // least 4; three GMs, at least 3). 6.5 of 8 = 81 %, dp 251: Rp 2649.
    let field: Vec<Opponent> = gm_field().into_iter().take(8).collect();
    let (players, rounds) = event(&field, &[W, W, W, W, None, W, W, D, L]);
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(requirement(&c, "1.4.1c").met, Some(true));
    assert_eq!((c.ra, c.rp), (Some(2398), Some(2649)));
    assert!(c.met(), "{:#?}", c.requirements);
    // A zero-point bye instead is not the pairing-allocated bye: 8 games, too few.
    let (players, mut rounds) = event(&field, &[W, W, W, W, None, W, W, D, L]);
    rounds[0][4] = RoundResult::ZeroPointBye;
    let c = check(&players, &rounds, NormKind::Gm, Exemption::None);
    assert_eq!(requirement(&c, "1.4.1a").met, Some(false));
}

#[test]
fn the_result_needed_in_the_next_round() {
    // After eight rounds with 6 of 8 against the first eight opponents, the ninth opponent
    // (2240, NOR): a win gives 7 of 9 at Ra 2380, the GM norm; a draw gives 6.5, short.
    let (players, rounds) = event(&gm_field(), &[W, W, W, W, W, W, L, L, W]);
    let mut so_far = rounds[0].clone();
    so_far.pop();
    let event = swiss(&players, &rounds);
    let field = field(&event);
    let needed = result_needed(
        &event,
        &field,
        &players[0],
        &so_far,
        NormKind::Gm,
        PlayerId(10),
        Color::White,
    );
    assert_eq!(needed, Some(Outcome::Win));
    let needed = result_needed(
        &event,
        &field,
        &players[0],
        &so_far,
        NormKind::Im,
        PlayerId(10),
        Color::White,
    );
    // IM: a loss leaves 6 of 9 = 67 %, dp 125, Rp 2505 >= 2450.
    assert_eq!(needed, Some(Outcome::Loss));
}

#[test]
fn who_seeks_which_norm() {
    let mut p = Player::new(PlayerId(1), "X");
    assert!(NormKind::Gm.sought_by(&p) && NormKind::Im.sought_by(&p));
    assert!(
        !NormKind::Wgm.sought_by(&p),
        "the women's norms are for women"
    );
    p.sex = Some(Sex::Female);
    p.title = Some(Title::Wgm);
    assert!(NormKind::Gm.sought_by(&p) && NormKind::Im.sought_by(&p));
    assert!(!NormKind::Wgm.sought_by(&p) && !NormKind::Wim.sought_by(&p));
    p.title = Some(Title::Im);
    assert!(NormKind::Wgm.sought_by(&p) && !NormKind::Wim.sought_by(&p));
    // 1.4.5c: a WGM does not count for an IM norm's third, but counts as titled.
    assert!(!NormKind::Im.counts_title(Title::Wgm));
    assert!(NormKind::Wgm.counts_title(Title::Im));
    assert!(titled(Some(Title::Wfm)) && !titled(Some(Title::Cm)));
}

#[test]
fn the_events_own_conditions() {
    assert_eq!(minutes_for_60_moves("90+30"), Some(120));
    assert_eq!(minutes_for_60_moves("90'+30\""), Some(120));
    assert_eq!(minutes_for_60_moves("120"), Some(120));
    assert_eq!(minutes_for_60_moves("90/40+30+30"), Some(150));
    assert_eq!(minutes_for_60_moves("120/40+60"), Some(180));
    assert_eq!(minutes_for_60_moves("60+30"), Some(90));
    assert_eq!(minutes_for_60_moves("G/90"), None);
    let dates: Vec<String> = ["2026-07-01", "2026-07-02", "2026-07-02", "2026-07-03"]
        .map(String::from)
        .to_vec();
    let judged = eligibility(&Conditions {
        time_control: "90+30",
        round_dates: &dates,
        rounds: Some(4),
        arbiter_title: "IA",
        start: "",
        end: "",
    });
    assert!(judged.iter().all(|r| r.met == Some(true)), "{judged:#?}");
    // 60+30 is 90 minutes: too little; three rounds a day; an NA: not allowed. Three games of
    // up to 3 hours are 9 hours: within the 12.
    let busy: Vec<String> = ["2026-07-01"; 3].map(String::from).to_vec();
    let judged = eligibility(&Conditions {
        time_control: "60+30",
        round_dates: &busy,
        rounds: Some(3),
        arbiter_title: "NA",
        start: "",
        end: "",
    });
    let met: Vec<Option<bool>> = judged.iter().map(|r| r.met).collect();
    assert_eq!(met, [Some(false), Some(false), Some(true), Some(false)]);
    // Three rounds of 90+30 (up to 4 hours each) are 12 hours: still allowed; four are not.
    let busy: Vec<String> = ["2026-07-01"; 4].map(String::from).to_vec();
    let judged = eligibility(&Conditions {
        time_control: "90+30",
        round_dates: &busy,
        rounds: Some(4),
        arbiter_title: "FA",
        start: "",
        end: "",
    });
    assert_eq!(judged[2].met, Some(false), "{judged:#?}");
    // Nothing given: nothing decided, nothing met.
    let judged = eligibility(&Conditions {
        time_control: "",
        round_dates: &[],
        rounds: Some(9),
        arbiter_title: "",
        start: "",
        end: "",
    });
    assert!(judged.iter().all(|r| r.met.is_none()), "{judged:#?}");
}

#[test]
fn a_forfeit_win_in_the_last_round_counts_as_a_game_lost() {
    // A 10-round Swiss: the pairing-allocated bye in round 5, eight games (7 wins, a loss to
    // opponent 9), and opponent 10 does not appear in round 10. Eight games are too few, and
    // 1.4.1c is for 9-round events only. 1.4.2c counts the forfeit as a game lost to opponent
    // 10: 7 of 9 against all nine, Ra 2380, 78 %, dp 220, Rp 2600: the GM norm.
    let (players, mut rounds) = event(&gm_field(), &[W, W, W, W, None, W, W, W, L, L]);
    rounds[0][9] = RoundResult::Forfeit {
        opponent: PlayerId(10),
        color: None,
        won: true,
    };
    let event = swiss(&players, &rounds);
    let c = best_norm(
        &event,
        &field(&event),
        &players[0],
        &rounds[0],
        NormKind::Gm,
    );
    assert!(c.met(), "{:#?}", c.requirements);
    assert_eq!(
        (c.games.len(), c.score, c.ra, c.rp),
        (9, 14, Some(2380), Some(2600))
    );
    assert_eq!(requirement(&c, "1.4.2c").met, Some(true));
    // When round 10 is not the last, there is no such rule: eight games, no norm.
    let event = NormEvent {
        scheduled_rounds: Some(11),
        ..event
    };
    let c = best_norm(
        &event,
        &field(&event),
        &players[0],
        &rounds[0],
        NormKind::Gm,
    );
    assert!(!c.met());
    assert!(c.requirements.iter().all(|r| r.article != "1.4.2c"));
}
