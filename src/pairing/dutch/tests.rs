//! Unit tests of the Dutch engine. Expected values come from the rule text (article cited
//! beside each) or, where said, from the reference engine's fixtures.

use super::colour::{ColourRule, allocate};
use super::state::{Entrant, Float, Strength, preference};
use super::*;
use crate::chess::Color::{Black, White};
use crate::pairing::PairingPlayer;
use crate::tournament::{Outcome, RoundResult};
use crate::trf::PointValues;

fn entrant(id: u16, score: i32, colours: &[Color]) -> Entrant {
    Entrant {
        id: PlayerId(id),
        number: u32::from(id),
        score,
        real: score,
        colours: colours.to_vec(),
        preference: preference(colours),
        float1: Float::None,
        float2: Float::None,
        bye_barred: false,
        unplayed: 0,
        topscorer: false,
        met: Vec::new(),
    }
}

#[test]
fn colour_preferences_follow_1_6_2() {
    // 1.6.2: none before the first game; mild after a balanced history, alternating.
    assert_eq!(preference(&[]), None);
    let p = preference(&[White, Black]).unwrap();
    assert_eq!((p.colour, p.strength), (White, Strength::Mild));
    // Strong towards balance when the difference is one.
    let p = preference(&[White]).unwrap();
    assert_eq!((p.colour, p.strength), (Black, Strength::Strong));
    // Absolute after the same colour twice, or a difference beyond one.
    let p = preference(&[Black, White, White]).unwrap();
    assert_eq!((p.colour, p.strength), (Black, Strength::Absolute));
    let p = preference(&[Black, Black, White]).unwrap();
    assert_eq!((p.colour, p.strength), (White, Strength::Strong));
}

#[test]
fn unplayed_rounds_move_to_the_front_c_04_2_3_4() {
    // C.04.2 3.4: `B W B u W` reads as `u B W B W`: the last two played games are B, W, so
    // the preference is mild, for Black (difference 0, last White).
    let history = [
        played(2, Black),
        played(3, White),
        played(4, Black),
        RoundResult::ZeroPointBye,
        played(5, White),
    ];
    let input = input_with(vec![player(1, &history, true)], 6);
    let e = &state::entrants(&input)[0];
    assert_eq!(e.colours, vec![Black, White, Black, White]);
    let p = e.preference.unwrap();
    assert_eq!((p.colour, p.strength), (Black, Strength::Mild));
    // A zero-point absence scores no more than a loss: no float (1.4.3).
    assert_eq!(e.float2, Float::None);
}

/// One case of `colour_rules_5_2_1_to_5_2_5`: two entrants (number and colour history), the
/// initial colour, and what `allocate` gives the first of them (`None`: only the rule is
/// checked) by which rule.
struct ColourCase {
    why: &'static str,
    a: (u16, &'static [Color]),
    b: (u16, &'static [Color]),
    initial: Color,
    colour: Option<Color>,
    rule: ColourRule,
}

#[test]
fn colour_rules_5_2_1_to_5_2_5() {
    use ColourRule::*;
    fn case(
        why: &'static str,
        a: (u16, &'static [Color]),
        b: (u16, &'static [Color]),
        colour: Option<Color>,
        rule: ColourRule,
    ) -> ColourCase {
        ColourCase {
            why,
            a,
            b,
            initial: White,
            colour,
            rule,
        }
    }
    let cases = [
        case(
            "5.2.1: different preferences are both granted",
            (1, &[White]),
            (2, &[Black]),
            Some(Black),
            BothPreferences,
        ),
        case(
            "5.2.2: the stronger preference wins (strong Black over mild Black)",
            (1, &[White, Black, White]),
            (2, &[Black, White]),
            Some(Black),
            StrongerPreference,
        ),
        // 5.2.3: equal preferences: alternate from the latest round with different colours.
        case(
            "a: mild Black; b: difference +2, absolute Black: 5.2.2",
            (1, &[Black, White]),
            (2, &[White, White, Black, White]),
            None,
            StrongerPreference,
        ),
        case(
            "a strong Black, b absolute Black (last two White): b gets Black",
            (1, &[White, Black, White]),
            (2, &[Black, White, White]),
            Some(White),
            StrongerPreference,
        ),
        case(
            "Both Black: a mild, b strong (difference +1) — stronger wins",
            (1, &[Black, White]),
            (2, &[White, White, Black, Black, White]),
            Some(White),
            StrongerPreference,
        ),
        case(
            "Both mild Black; latest different round: a had White... both White last; before \
             that a Black, b Black; then b White: a has one game less, so no round differs: 5.2.4",
            (1, &[Black, White]),
            (2, &[White, Black, Black, White]),
            Some(Black),
            HigherRankedPreference,
        ),
        case(
            "a mild Black, b strong Black: b wins (5.2.2)",
            (3, &[Black, White]),
            (4, &[White, Black, White]),
            Some(White),
            StrongerPreference,
        ),
        case(
            "Both mild Black; going back: W/W, B/B, then b Black a ... a has no more: 5.2.4",
            (3, &[Black, White]),
            (4, &[White, White, Black, Black, Black, White]),
            None,
            HigherRankedPreference,
        ),
        case(
            "a absolute? difference +2: absolute Black; b mild Black: a wins (5.2.2)",
            (3, &[White, White, Black, White]),
            (4, &[Black, White, Black, White]),
            Some(Black),
            StrongerPreference,
        ),
        case(
            "a strong White (difference -1), b strong Black: both granted",
            (3, &[Black, Black, White]),
            (4, &[White, Black, White]),
            Some(White),
            BothPreferences,
        ),
        case(
            "Both mild White... a last Black: mild White; b last White: mild Black: both granted",
            (3, &[White, Black]),
            (4, &[Black, Black, White, White]),
            Some(White),
            BothPreferences,
        ),
        case(
            "Both mild White with identical recent history W B: no round differs: 5.2.4, the \
             higher-ranked (3) gets White",
            (3, &[White, Black]),
            (4, &[White, Black, White, Black]),
            Some(White),
            HigherRankedPreference,
        ),
        case(
            "Both mild Black; latest rounds W/W, then B/B: no difference within a's two games",
            (3, &[Black, White]),
            (4, &[White, Black, Black, White]),
            Some(Black),
            HigherRankedPreference,
        ),
        case(
            "Both strong White? a: difference +1: strong Black; b: -1: strong White: both \
             granted",
            (3, &[White, White, Black]),
            (4, &[White, Black, Black]),
            Some(Black),
            BothPreferences,
        ),
        case(
            "a mild Black, b absolute Black: 5.2.2",
            (3, &[Black, White]),
            (4, &[White, White]),
            None,
            StrongerPreference,
        ),
        case(
            "Both mild Black; W/W then B/B then a Black vs (b none): 5.2.4",
            (3, &[White, Black, Black, White]),
            (4, &[Black, White]),
            None,
            HigherRankedPreference,
        ),
        // 5.2.3 proper: both mild Black (last White), the round before: a Black, b White... b
        // then has difference +1 (strong). Equal mild histories that differ further back:
        case(
            "Latest W/W, B/B, then a Black / b White: a had Black there, so a gets White",
            (3, &[White, Black, Black, White]),
            (4, &[Black, White, Black, White]),
            Some(White),
            Alternation,
        ),
        // 5.2.5: no preferences: the higher-ranked player's odd number takes the initial
        // colour.
        ColourCase {
            why: "5.2.5: the higher-ranked player's odd number takes the initial colour",
            a: (3, &[]),
            b: (4, &[]),
            initial: Black,
            colour: Some(Black),
            rule: InitialColour,
        },
        ColourCase {
            why: "5.2.5: the higher-ranked player's even number takes the other colour",
            a: (2, &[]),
            b: (4, &[]),
            initial: Black,
            colour: Some(White),
            rule: InitialColour,
        },
    ];
    for c in cases {
        let a = entrant(c.a.0, 10, c.a.1);
        let b = entrant(c.b.0, 10, c.b.1);
        let got = allocate(&a, &b, c.initial);
        match c.colour {
            Some(colour) => assert_eq!(got, (colour, c.rule), "{}", c.why),
            None => assert_eq!(got.1, c.rule, "{}", c.why),
        }
    }
}

fn played(opponent: u16, color: Color) -> RoundResult {
    RoundResult::Played {
        opponent: PlayerId(opponent),
        color,
        outcome: Outcome::Draw,
        rated: true,
    }
}

fn player(id: u16, history: &[RoundResult], available: bool) -> PairingPlayer {
    PairingPlayer {
        id: PlayerId(id),
        rating: None,
        history: history.to_vec(),
        available,
        acceleration: Vec::new(),
    }
}

fn input_with(players: Vec<PairingPlayer>, round: u32) -> PairingInput {
    PairingInput {
        round,
        planned_rounds: Some(9),
        initial_colour: White,
        values: PointValues::default(),
        players,
        prohibited: Vec::new(),
    }
}

#[test]
fn round_one_pairs_top_half_against_bottom_half() {
    // C.04.3 4.2 with no history: S1 = 1..n/2, S2 = the rest, S1[i] with S2[i]; 5.2.5 gives
    // the initial colour to odd numbers.
    let players = (1..=6).map(|id| player(id, &[], true)).collect();
    let pairing = pair(&input_with(players, 1)).unwrap();
    let boards: Vec<(u16, u16)> = pairing
        .boards
        .iter()
        .map(|b| (b.white.0, b.black.0))
        .collect();
    assert_eq!(boards, vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(pairing.bye, None);
}

#[test]
fn c1_a_game_is_never_repeated_but_a_forfeit_may_be() {
    // Two players who met over the board cannot meet again (C1): with four players where
    // 1-2 and 3-4 played, the natural 1-2 / 3-4 pairing is out.
    let mk = |id, opp, colour| player(id, &[played(opp, colour)], true);
    let players = vec![
        mk(1, 2, White),
        mk(2, 1, Black),
        mk(3, 4, White),
        mk(4, 3, Black),
    ];
    let pairing = pair(&input_with(players, 2)).unwrap();
    for b in &pairing.boards {
        let pair = (b.white.0.min(b.black.0), b.white.0.max(b.black.0));
        assert!(pair != (1, 2) && pair != (3, 4), "{pair:?}");
    }
    // A forfeit is no meeting: 1 and 2 may be paired again (dutch.md, C1).
    let forfeit = |id, opp, won| {
        player(
            id,
            &[RoundResult::Forfeit {
                opponent: PlayerId(opp),
                color: None,
                won,
            }],
            true,
        )
    };
    let players = vec![forfeit(1, 2, true), forfeit(2, 1, false)];
    let pairing = pair(&input_with(players, 2)).unwrap();
    assert_eq!(pairing.boards.len(), 1);
}

#[test]
fn c2_no_second_bye_and_prohibited_pairs_hold() {
    // Three players: 3 had the bye, so C2 sends it to someone else even though 3 has the
    // lowest score.
    let players = vec![
        player(1, &[played(2, White)], true),
        player(2, &[played(1, Black)], true),
        player(3, &[RoundResult::PairingAllocatedBye], true),
    ];
    let pairing = pair(&input_with(players.clone(), 2)).unwrap();
    assert_ne!(pairing.bye, Some(PlayerId(3)));
    // Prohibit 1-3 as well: 1 met 2, so 1 must take the bye.
    let mut input = input_with(players, 2);
    input.prohibited.push((PlayerId(1), PlayerId(3)));
    let pairing = pair(&input).unwrap();
    assert_eq!(pairing.bye, Some(PlayerId(1)));
    // Prohibit 2-3 too: nobody can be paired: a clear error, not a partial pairing.
    input.prohibited.push((PlayerId(2), PlayerId(3)));
    assert!(pair(&input).is_err());
}

#[test]
fn c3_equal_absolute_preferences_never_meet_outside_the_last_round() {
    // 1 and 2 both had White twice: absolute Black for both (1.6.2.1). With 3 and 4 met
    // already, the only other pairing uses 1-2, which C3 forbids: no pairing exists.
    let players = vec![
        player(1, &[played(5, White), played(6, White)], true),
        player(2, &[played(6, White), played(5, White)], true),
        player(5, &[played(1, Black), played(2, Black)], true),
        player(6, &[played(2, Black), played(1, Black)], true),
    ];
    let result = pair(&input_with(players.clone(), 3));
    assert!(result.is_err(), "{result:?}");
}

#[test]
fn pairing_is_deterministic() {
    let players = (1..=9).map(|id| player(id, &[], true)).collect();
    let input = input_with(players, 1);
    assert_eq!(pair(&input), pair(&input));
    // An odd field: the bye goes to the lowest-ranked player (C5, then C.04.3 4.2).
    assert_eq!(pair(&input).unwrap().bye, Some(PlayerId(9)));
}

/// The weighted matching's bracket optimum (bracket/exact.rs) against the exhaustive search:
/// on generated events small enough for the search to settle every bracket by itself, both
/// give the same best cost in every bracket, and both find no candidate where there is none.
#[test]
fn matching_optimum_equals_the_exhaustive_search() {
    use crate::pairing::generate::{GeneratorConfig, generate};
    bracket::exact_cross_check_start();
    for seed in 0..120u64 {
        let mut config = GeneratorConfig::new(6 + (seed % 30) as usize, 7, 1000 + seed);
        config.forfeit_rate = 0.03;
        config.bye_rate = 0.04;
        config.withdrawal_rate = 0.01;
        config.late_entry_rate = 0.05;
        config.baku = seed % 4 == 0;
        let mut pair = crate::pairing::generate::pair_dutch;
        let _ = generate(&config, &mut pair);
    }
    let (compared, problems) = bracket::exact_cross_check_finish();
    assert!(
        problems.is_empty(),
        "{} disagreements: {problems:#?}",
        problems.len()
    );
    assert!(compared > 2000, "only {compared} brackets compared");
}
