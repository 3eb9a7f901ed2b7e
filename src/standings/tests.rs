//! Unit tests on small hand-made events; every expected value is worked out by hand from the
//! article named beside it.

use super::*;
use crate::chess::Color;
use crate::tournament::{Outcome, Player, PlayerId, RoundResult};
use crate::trf::PointValues;

fn player(id: u16, rating: u16) -> Player {
    Player {
        rating: Some(rating),
        ..Player::new(PlayerId(id), format!("Player, {id}"))
    }
}

fn game(opponent: u16, color: Color, outcome: Outcome) -> RoundResult {
    RoundResult::Played {
        opponent: PlayerId(opponent),
        color,
        outcome,
        rated: true,
    }
}

fn forfeit(opponent: u16, won: bool) -> RoundResult {
    RoundResult::Forfeit {
        opponent: PlayerId(opponent),
        color: None,
        won,
    }
}

use Color::{Black as B, White as W};
use Outcome::{Draw as D, Loss as L, Win as Wn};

/// Four players, three rounds:
/// R1: 1-2 1-0, 3 PAB, 4 ZPB; R2: 2-3 1-0, 1 HPB, 4 PAB; R3: 1-3 1-0, 2-4 forfeit (+/-).
/// Scores 2.5, 2.0, 1.0, 1.0. Categories (16.2): #1 R2 HPB then a game: 16.2.3; #4 R1 ZPB
/// then a PAB: 16.2.3, R3 forfeit loss: 16.2.4. No 16.2.5, so the adjusted scores (16.3)
/// are the scores.
fn small() -> EventResults {
    EventResults::new(
        vec![
            player(1, 2000),
            player(2, 1900),
            player(3, 1800),
            player(4, 1700),
        ],
        vec![
            vec![game(2, W, Wn), RoundResult::HalfPointBye, game(3, B, Wn)],
            vec![game(1, B, L), game(3, W, Wn), forfeit(4, true)],
            vec![
                RoundResult::PairingAllocatedBye,
                game(2, B, L),
                game(1, W, L),
            ],
            vec![
                RoundResult::ZeroPointBye,
                RoundResult::PairingAllocatedBye,
                forfeit(2, false),
            ],
        ],
        PointValues::default(),
    )
}

fn value(event: &EventResults, edition: Edition, tb: &str, id: u16) -> Option<Value> {
    let tb: TieBreak = tb.parse().expect("descriptor");
    let table = standings(event, &[tb], &Options::new(edition)).expect("standings");
    table.row(PlayerId(id)).expect("row").values[0]
}

fn v(text: &str) -> Option<Value> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let scale = 10_i64.pow(frac.len() as u32);
    let n: i64 = format!("{whole}{frac}").parse().expect("number");
    Some(Value::new(n, scale))
}

#[test]
fn dummy_2024_is_the_own_score() {
    // 16.4 (2023/2024): each own unplayed round is a game against a dummy with the
    // participant's own final score.
    let e = small();
    // #1: #2 (2.0) + HPB dummy 2.5 + #3 (1.0).
    assert_eq!(value(&e, Edition::Y2024, "BH", 1), v("5.5"));
    // #2: #1 (2.5) + #3 (1.0) + forfeit-win dummy 2.0.
    assert_eq!(value(&e, Edition::Y2024, "BH", 2), v("5.5"));
    // SB #1: 1 × 2.0 + ½ × 2.5 + 1 × 1.0.
    assert_eq!(value(&e, Edition::Y2024, "SB", 1), v("4.25"));
    // #4: three dummies of 1.0.
    assert_eq!(value(&e, Edition::Y2024, "BH", 4), v("3.0"));
}

#[test]
fn dummy_2026_is_capped() {
    // 16.4.2: the HPB dummy is capped at draw × rounds = 1.5; 16.4.1: a forfeit's dummy at
    // the scheduled opponent's adjusted score (#4: 1.0).
    let e = small();
    assert_eq!(value(&e, Edition::Y2026, "BH", 1), v("4.5"));
    assert_eq!(value(&e, Edition::Y2026, "BH", 2), v("4.5"));
    // SB #1: 2.0 + ½ × 1.5 + 1.0.
    assert_eq!(value(&e, Edition::Y2026, "SB", 1), v("3.75"));
    // #4: ZPB min(1.0, 1.5), PAB min(1.0, 1.5), forfeit loss min(1.0, AS #2 = 2.0).
    assert_eq!(value(&e, Edition::Y2026, "BH", 4), v("3.0"));
}

#[test]
fn vur_cut_exception() {
    // 16.5: cut the VUR's contribution unless it is lower than the least significant value.
    let e = small();
    // BH/C1 #1: the HPB dummy (2.5 in 2024, 1.5 in 2026) is cut, not #3's 1.0.
    assert_eq!(value(&e, Edition::Y2024, "BH/C1", 1), v("3.0"));
    assert_eq!(value(&e, Edition::Y2026, "BH/C1", 1), v("3.0"));
    // SB/C1 #1, 2024: VUR 1.25 >= least significant 1.0 (#3): the VUR goes, 4.25 - 1.25.
    assert_eq!(value(&e, Edition::Y2024, "SB/C1", 1), v("3.0"));
    // 2026: VUR 0.75 < 1.0: the least significant value goes, 3.75 - 1.0.
    assert_eq!(value(&e, Edition::Y2026, "SB/C1", 1), v("2.75"));
    // Legacy has no exception: BH/C1 #1 cuts the lowest value, #3's 0.5 (see below).
    assert_eq!(value(&e, Edition::Legacy, "BH/C1", 1), v("3.5"));
    // #4 (2024): both VURs are worth 1.0; one of them is cut.
    assert_eq!(value(&e, Edition::Y2024, "BH/C1", 4), v("2.0"));
}

#[test]
fn legacy_virtual_opponent() {
    // Pre-2023 rules: an opponent's unplayed games count as draws; an own unplayed round R is a
    // game against a virtual opponent with the participant's score before R, the reverse of
    // the participant's result in R, and draws afterwards.
    let e = small();
    // Opponents as seen: #1 = 1 + 1 + ½ (HPB) = 2.5, #2 = 0 + 1 + ½ (forfeit) = 1.5,
    // #3 = ½ (PAB) + 0 + 0 = 0.5, #4 = ½ × 3 = 1.5.
    // #1 R2 (HPB): 1.0 before + ½ reversed + ½ × 1 later round = 2.0.
    // BH #1 = 1.5 + 2.0 + 0.5.
    assert_eq!(value(&e, Edition::Legacy, "BH", 1), v("4.0"));
    // SB #1 = 1 × 1.5 + ½ × 2.0 + 1 × 0.5.
    assert_eq!(value(&e, Edition::Legacy, "SB", 1), v("3.0"));
    // #2 R3 (forfeit win): 1.0 before + 0 reversed = 1.0; BH = 2.5 + 0.5 + 1.0.
    assert_eq!(value(&e, Edition::Legacy, "BH", 2), v("4.0"));
    // #4: R1 ZPB 0 + 1 + ½ × 2 = 2.0; R2 PAB 0 + 0 + ½ = 0.5; R3 forfeit loss 1 + 1 = 2.0.
    assert_eq!(value(&e, Edition::Legacy, "BH", 4), v("4.5"));
    let table = standings(
        &e,
        &["BH".parse().expect("bh")],
        &Options::new(Edition::Legacy),
    )
    .expect("standings");
    let x = table.explain(PlayerId(4)).expect("explanation");
    assert_eq!(
        x.rounds[0].own_side,
        Some((Source::VirtualOpponent, Value::int(2)))
    );
}

#[test]
fn type_b_counts() {
    let e = small();
    for (tb, id, expected) in [
        // 7.1 WIN counts the forfeit win and the PAB; 7.2 WON only games won over the board.
        ("WIN", 2, "2"),
        ("WON", 2, "1"),
        ("WIN", 4, "1"),
        // 7.6 REP: 3 rounds minus the HPB (#1), minus the ZPB and the forfeit loss (#4).
        ("REP", 1, "2"),
        ("GE", 4, "1"),
        // 7.7 STD: #4 gets 0 (ZPB < draw), 1 (PAB > draw), 0 (forfeit loss < #2's 1).
        ("STD", 4, "1"),
        // #1: 1 + ½ (HPB = draw) + 1.
        ("STD", 1, "2.5"),
        // 7.5 PS #1: 1 + 1.5 + 2.5; /C1 drops the round-1 addend.
        ("PS", 1, "5.0"),
        ("PS/C1", 1, "4.0"),
        // 7.3, 7.4: #1 played one game with Black and won it.
        ("BPG", 1, "1"),
        ("BWG", 1, "1"),
    ] {
        assert_eq!(
            value(&e, Edition::Y2026, tb, id),
            v(expected),
            "{tb} of #{id}"
        );
    }
}

#[test]
fn rating_based() {
    let e = small();
    // 10.1: #1 met 1900 and 1800: 1850. #4 met nobody over the board: undefined.
    assert_eq!(value(&e, Edition::Y2026, "ARO", 1), v("1850"));
    assert_eq!(value(&e, Edition::Y2026, "ARO", 4), None);
    // 10.2: p = 1.00, dp = +800.
    assert_eq!(value(&e, Edition::Y2026, "TPR", 1), v("2650"));
    // 10.3: zero score: lowest opponent - 800 (#3 lost to 1900 and 2000).
    assert_eq!(value(&e, Edition::Y2026, "PTP", 3), v("1100"));
    // 10.3: full score: the lowest R with PD(R - 1900) + PD(R - 1800) >= 2: 1900 + 736.
    assert_eq!(value(&e, Edition::Y2026, "PTP", 1), v("2636"));
    // 10.3, one win and one loss against 2000 and 1800 (#2): the lowest R with expected
    // score >= 1: R = 1900 gives PD(-100) + PD(100) = .36 + .64 = 1.00; R = 1899 gives
    // PD(-101) + PD(99) = .36 + .64 as well; the first R below the table's steps is lower.
    let ptp2 = value(&e, Edition::Y2026, "PTP", 2).expect("defined");
    let r = ptp2.to_integer().expect("integer");
    let expected = |r: i64| pd(r - 2000) + pd(r - 1800);
    assert!(expected(r) >= 100 && expected(r - 1) < 100, "PTP {r}");
    // RTNG and its reverse.
    assert_eq!(value(&e, Edition::Y2026, "RTNG", 3), v("1800"));
}

#[test]
fn unrated_players_drop_rating_tiebreaks() {
    // Art. 10: dropped when unrated players are present, unless a rule is given.
    let mut e = small();
    e.entries[3].player.rating = None;
    let list = parse_list("ARO, TPR, BH").expect("list");
    let table = standings(&e, &list, &Options::new(Edition::Y2026)).expect("standings");
    assert_eq!(table.dropped.len(), 2);
    assert!(
        table
            .rows
            .iter()
            .all(|r| r.values[0].is_none() && r.values[1].is_none())
    );
    let mut options = Options::new(Edition::Y2026);
    options.unrated = UnratedRule::Rating(1000);
    let table = standings(&e, &list, &options).expect("standings");
    assert!(table.dropped.is_empty());
    assert_eq!(table.row(PlayerId(1)).expect("row").values[0], v("1850"));
}

#[test]
fn pending_game_counts_nowhere() {
    // An adjourned game counts in the standings only when finished: #1-#3 in round 3.
    let mut e = small();
    e.set_pending(PlayerId(1), 3, true);
    e.set_pending(PlayerId(3), 3, true);
    let table = standings(
        &e,
        &parse_list("BH").expect("list"),
        &Options::new(Edition::Y2024),
    )
    .expect("standings");
    let row = table.row(PlayerId(1)).expect("row");
    assert_eq!(row.points, crate::tournament::Points(15));
    // #2 (2.0) + HPB dummy worth the own score 1.5; round 3 is left out.
    assert_eq!(row.values[0], v("3.5"));
    assert!(table.explain(PlayerId(1)).expect("x").rounds[2].pending);
}

#[test]
fn editions_by_start_date() {
    assert_eq!(Edition::for_start_date("2026-03-01"), Ok(Edition::Y2026));
    assert_eq!(Edition::for_start_date("2026/02/28"), Ok(Edition::Y2024));
    assert_eq!(Edition::for_start_date("2023-07-01"), Ok(Edition::Y2024));
    assert_eq!(Edition::for_start_date("2023-06-30"), Ok(Edition::Legacy));
    assert!(Edition::for_start_date("2023-13-01").is_err());
    assert_eq!(
        Edition::resolve("auto", None),
        Err(StandingsError::MissingStartDate)
    );
    assert_eq!(Edition::resolve("legacy", None), Ok(Edition::Legacy));
    assert!(Edition::resolve("2019", None).is_err());
}

#[test]
fn descriptors_read_and_print() {
    for (text, canonical) in [
        ("BH-C1", "BH/C1"),
        ("bh/c1/p", "BH/C1/P"),
        ("SB-M2", "SB/M2"),
        ("KS/L-1", "KS/L-1"),
        ("KS-L-2", "KS/L-2"),
        ("KS/L+1", "KS/L1"),
        ("KS/L1", "KS/L1"),
        ("GE", "REP"),
        ("TPN/R", "TPN/R"),
        ("AOB/F", "AOB/F"),
        ("DE/P", "DE/P"),
    ] {
        let tb: TieBreak = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(tb.to_string(), canonical);
        assert_eq!(canonical.parse::<TieBreak>(), Ok(tb));
    }
    for (text, wanted) in [
        ("XYZ", "unknown tie-break `XYZ`: expected one of"),
        ("AOB/C1", "modifier `/C1` is not allowed for AOB"),
        ("WIN/P", "modifier `/P` is not allowed for WIN"),
        ("BH/F", "allowed modifiers: /C1, /C2, /M1, /M2, /P"),
        ("BH/C1/M1", "given twice or with another cut or median"),
        ("BH/Q", "unknown modifier `/Q` for BH"),
        ("TPR/C1", "allowed modifiers: none"),
        ("", "empty tie-break"),
    ] {
        let e = text.parse::<TieBreak>().expect_err(text).to_string();
        assert!(e.contains(wanted), "{text}: {e}");
        assert!(
            e.starts_with(|c: char| c.is_ascii_lowercase()),
            "{text}: {e}"
        );
    }
}

#[test]
fn sb_cut_with_two_vurs_follows_the_text() {
    // 16.5.1: "the lowest contribution coming from such rounds shall be cut, as long as such
    // contribution is not lower than the least significant value". #1: 3.0 points in 5
    // rounds: HPB (2026 dummy min(3.0, 2.5) = 2.5, contribution 1.25), forfeit loss to #2
    // (4.5; contribution 0), draw with #3 (1.0; 0.5), wins over #4 (3.0) and #5 (3.5).
    // SB = 1.25 + 0 + 0.5 + 3.0 + 3.5 = 8.25. The lowest VUR contribution (0) is lower than
    // the least significant value (#3's 0.5), so #3 is cut: 7.75. (FIDE's tool picks the VUR
    // with the lowest dummy score, the HPB, and gives 7.00: tiebreaks.md §3.5.)
    let g = game;
    let e = EventResults::new(
        (1..=6).map(|i| player(i, 2000)).collect(),
        vec![
            vec![
                RoundResult::HalfPointBye,
                forfeit(2, false),
                g(3, W, D),
                g(4, B, Wn),
                g(5, W, Wn),
            ],
            vec![
                RoundResult::FullPointBye,
                forfeit(1, true),
                RoundResult::FullPointBye,
                RoundResult::FullPointBye,
                RoundResult::HalfPointBye,
            ],
            vec![
                g(6, W, L),
                g(6, B, L),
                g(1, B, D),
                RoundResult::HalfPointBye,
                g(6, W, L),
            ],
            vec![
                RoundResult::FullPointBye,
                RoundResult::FullPointBye,
                RoundResult::FullPointBye,
                g(1, W, L),
                g(6, B, L),
            ],
            vec![
                RoundResult::FullPointBye,
                RoundResult::FullPointBye,
                RoundResult::FullPointBye,
                RoundResult::HalfPointBye,
                g(1, B, L),
            ],
            vec![
                g(3, B, Wn),
                g(3, W, Wn),
                RoundResult::ZeroPointBye,
                g(4, B, Wn),
                g(3, B, Wn),
            ],
        ],
        PointValues::default(),
    );
    assert_eq!(value(&e, Edition::Y2026, "SB", 1), v("8.25"));
    assert_eq!(value(&e, Edition::Y2026, "SB/C1", 1), v("7.75"));
    // 2024: the HPB dummy is the own 3.0 (contribution 1.5): SB 8.5; the cut is the same.
    assert_eq!(value(&e, Edition::Y2024, "SB", 1), v("8.5"));
    assert_eq!(value(&e, Edition::Y2024, "SB/C1", 1), v("8.0"));
    // SB/C2, second cut (16.5.1 applies again): the least significant value is now the HPB
    // dummy (score 2.5, contribution 1.25); the lowest VUR contribution, the forfeit loss's 0,
    // is lower, so the HPB goes: 7.75 - 1.25.
    assert_eq!(value(&e, Edition::Y2026, "SB/C2", 1), v("6.5"));
}

#[test]
fn cap_rounds_setting() {
    // 16.4.2 caps a 2026 dummy at draw points × "the number of rounds in the tournament".
    // After round 3 of Held's 5-round Swiss, David (#4: W, HPB, W = 2.5) has his HPB dummy
    // at min(2.5, 2.5) with the scheduled rounds (the text) and min(2.5, 1.5) with the rounds
    // counted (FIDE's tool). Opponents: #12 2.0 (L, PAB, forfeit win), #13 1.5 (W, D, L).
    let (trf, _) = crate::trf::parse(include_str!(
        "../../fixtures/tiebreaks/held-swiss-start2026.trf"
    ))
    .expect("trf");
    let e = EventResults::from_trf(&trf).up_to_round(3);
    let bh: TieBreak = "BH".parse().expect("bh");
    let mut options = Options::new(Edition::Y2026);
    let table = standings(&e, &[bh], &options).expect("standings");
    assert_eq!(table.row(PlayerId(4)).expect("row").values[0], v("6.0"));
    options.cap_rounds = CapRounds::Counted;
    let table = standings(&e, &[bh], &options).expect("standings");
    assert_eq!(table.row(PlayerId(4)).expect("row").values[0], v("5.0"));
}

/// TRF-2026 records 202/212 split by the MTB26 grammar: acronym, `:` score, `/` modifiers.
#[test]
fn recorded_descriptors_split_by_the_2026_grammar() {
    let d = Descriptor::read(" BH:MP/C1/P ");
    assert_eq!(d.text, "BH:MP/C1/P");
    assert_eq!(d.acronym, "BH");
    assert_eq!(d.score.as_deref(), Some("MP"));
    assert_eq!(d.modifiers, ["C1", "P"]);
    let d = Descriptor::read("KS/L-2");
    assert_eq!(
        (d.acronym.as_str(), d.score, d.modifiers),
        ("KS", None, vec!["L-2".to_owned()])
    );
    assert!(Descriptor::read("PTS").is_points());
    assert!(!Descriptor::read("PTS:GP").is_points());
}

/// What is computed of a recorded list and what is left out, with the reason; the points
/// (`PTS`, first in a 212) are not a tie-break.
#[test]
fn recorded_lists_keep_what_is_computed() {
    let list =
        RecordedList::read("PTS,WIN,BH/C1,EDET/P,KS/L-2,OTHER_X,ARO/U1400,bh-c1,MPvGP,SB:GP");
    let computed: Vec<String> = list.computed().iter().map(ToString::to_string).collect();
    assert_eq!(computed, ["WIN", "BH/C1", "KS/L-2", "BH/C1"]);
    assert_eq!(
        list.left_out(),
        [
            "EDET/P (a team tie-break)",
            "OTHER_X (self-defined)",
            "ARO/U1400 (unknown modifier `/U1400` for ARO: allowed modifiers: /C1, /C2, /M1, /M2)",
            "MPvGP (a team tie-break)",
            "SB:GP (on the team score GP)",
        ]
    );
    assert!(RecordedList::read("").entries.is_empty());
    assert_eq!(
        RecordedList::read("XYZ").left_out(),
        ["XYZ (not a c.07 tie-break)"]
    );
}
