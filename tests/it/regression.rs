//! One test per bug found, each saying how it showed itself.

use arbiter::chess::Role;
use arbiter::scoresheet::pgn::read_games;
use arbiter::scoresheet::verify::{Options, verify, verify_with_game};

/// A check mark written before the en passant mark (`exd6+ e.p.`, `exd6+e.p.`) or after a
/// separate one (`exd6 e.p.+`) made the move unreadable.
#[test]
fn en_passant_capture_that_gives_check_in_every_order() {
    // After 4. exd6 e.p. the pawn on d6 attacks e7, where the black king stands.
    for written in [
        "exd6+ e.p.",
        "exd6+e.p.",
        "exd6+ (e.p.)",
        "ed6+ ep",
        "exd6 e.p.+",
    ] {
        let text = format!("1. e4 e6 2. e5 Ke7 3. a3 d5 4. {written} *");
        let games = read_games(&text);
        let report = verify(&games[0], Options::default());
        assert_eq!(report.first_illegal, None, "{written}: {report:?}");
        assert!(report.problems.is_empty(), "{written}");
        assert_eq!(report.plies, 7, "{written}");
        // Only `K` moves use a letter, which several languages share: that remark is about
        // the whole sheet (ply 0), and no move has a remark of its own.
        assert!(
            report.remarks.iter().all(|r| r.ply == 0),
            "{written}: {:?}",
            report.remarks
        );
    }
}

/// A figurine in parentheses (`exf8(♘)`) was read as a variation, so the promotion lost its
/// piece and became a queen.
#[test]
fn figurine_promotion_piece_in_parentheses() {
    let text = "1. h4 g5 2. hxg5 Nf6 3. gxf6 Rg8 4. fxe7 a6 5. exf8(♘) *";
    let games = read_games(text);
    let (report, game) = verify_with_game(&games[0], Options::default());
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert_eq!(game.moves()[8].promotion_role(), Some(Role::Knight));
}

/// A promotion written without its piece was read as a queen even when the queen stalemates
/// and the record goes on; the rook keeps the record legal (C.11).
#[test]
fn promotion_without_piece_does_not_choose_a_stalemating_queen() {
    let text = "[FEN \"8/1P6/k7/2K5/1P6/8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. b8 Ka7 2. Kb5 *\n";
    let games = read_games(text);
    let (report, game) = verify_with_game(&games[0], Options::default());
    assert_eq!(report.ended, None, "{report:?}");
    assert_eq!(report.plies, 3);
    assert_eq!(game.moves()[0].promotion_role(), Some(Role::Rook));
}

/// An event made with `arbiter new` and no `--start` had no start date, so `auto` could not
/// choose a tie-break edition: `standings` and `publish` refused until the director set one.
/// The event now starts today unless told otherwise.
#[test]
fn a_new_event_without_a_start_date_has_standings() {
    let dir = crate::util::TempDir::new("regression-start");
    let db = dir.path("t.db");
    let run = |args: &[&str]| crate::util::ok_on(&db, args);
    let created = run(&["new", "Club Open", "--rounds", "5"]);
    assert!(created.contains("(today)"), "{created}");
    for name in ["Alpha, A", "Beta, B", "Gamma, C", "Delta, D"] {
        run(&["player", "add", name, "--rating", "1900"]);
    }
    run(&["pair"]);
    run(&["result", "1", "1", "1-0"]);
    let standings = run(&["standings"]);
    assert!(standings.contains("2026 tie-break rules"), "{standings}");
    run(&["publish", &dir.path("site")]);
}

/// `standings --format csv --compare 2024` appended the side-by-side text after the CSV, so
/// programs reading the file met lines that were not records. The comparison now goes to
/// standard error for CSV and JSON.
#[test]
fn standings_csv_with_a_comparison_stays_csv() {
    let dir = crate::util::TempDir::new("regression-compare");
    let db = dir.path("t.db");
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/tiebreaks/held-swiss-start2026.trf"
    );
    let imported = crate::util::arbiter(&["--db", &db, "import", "trf", source]);
    assert!(imported.status.success(), "{imported:?}");
    let out = crate::util::arbiter(&[
        "--db",
        &db,
        "standings",
        "--format",
        "csv",
        "--compare",
        "2024",
    ]);
    assert!(out.status.success(), "{out:?}");
    let csv = String::from_utf8_lossy(&out.stdout);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let width = reader.headers().unwrap().len();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r.len() == width), "{csv}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("rules against 2024 rules"),
        "{out:?}"
    );
}

/// A report exported while a round was paired and not yet played wrote its games with a blank
/// result on both sides, and `import trf` refused its own export: "player 35 does not list this
/// player back with the other colour and the matching result" (found by the README tour).
#[test]
fn a_paired_round_without_results_reads_back() {
    use arbiter::trf::{TrfErrorKind, parse};
    let pending = "\
001    1 m    One, A                            2000 XXX                         0.0    1     2 w  
001    2 m    Two, B                            1900 XXX                         0.0    2     1 b  
";
    let (trf, _) = parse(pending).expect("a paired game without a result reads");
    assert_eq!(trf.players[0].rounds[0].code, ' ');
    // A blank against a result is still a report that disagrees with itself.
    let e = parse(&pending.replacen("1 b  ", "1 b 0", 1)).expect_err("one side has a result");
    assert!(
        matches!(e.kind, TrfErrorKind::Unreciprocated { .. }),
        "{e:?}"
    );
}

/// `pair --dry-run --explain` before round 1 showed the boards with the colours of one side
/// of the lot, then `pair` drew the other and every board came out reversed (found by the
/// README tour). With `--seed` the dry run shows what that seed draws; without it, it says
/// that the colours may be reversed.
#[test]
fn a_round_one_dry_run_with_a_seed_shows_the_boards_pair_stores() {
    let dir = crate::util::TempDir::new("regression-dry-seed");
    let db = dir.db();
    let run = |args: &[&str]| crate::util::ok_on(&db, args);
    run(&["new", "Seeded"]);
    for i in 1..=6 {
        run(&[
            "player",
            "add",
            &format!("Player, P{i}"),
            "--rating",
            &(2100 - 10 * i).to_string(),
        ]);
    }
    let unseeded = run(&["pair", "--dry-run"]);
    assert!(unseeded.contains("may be reversed"), "{unseeded}");
    // Two seeds that draw different colours (the draw is seeded SplitMix64: one of the first
    // few seeds gives each colour), so the test cannot pass by luck of one colour.
    let boards = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" - "))
            .map(str::to_owned)
            .collect()
    };
    let mut seen = std::collections::HashSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let dry = run(&["pair", "--dry-run", "--seed", seed]);
        seen.insert(boards(&dry));
    }
    assert_eq!(seen.len(), 2, "the seeds drew one colour only");
    let dry = run(&["pair", "--dry-run", "--seed", "5"]);
    let stored = run(&["pair", "--seed", "5"]);
    assert_eq!(boards(&dry), boards(&stored), "{dry}\n{stored}");
}

/// `player withdraw 1 --from-round 12` in a 9-round event said "withdrawn from round 12" and
/// exited 0, changing nothing a director could see (found in the review after issue 12).
#[test]
fn a_withdrawal_past_the_last_round_is_invalid_input() {
    let dir = crate::util::TempDir::new("regression-withdraw-past");
    let db = dir.db();
    let run = |args: &[&str]| crate::util::run_on(&db, args);
    assert!(run(&["new", "Nine", "--rounds", "9"]).status.success());
    assert!(run(&["player", "add", "A, B"]).status.success());
    let out = run(&["player", "withdraw", "1", "--from-round", "12"]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("the event has 9 rounds"));
    // The last round itself is a withdrawal a director can make.
    assert!(
        run(&["player", "withdraw", "1", "--from-round", "9"])
            .status
            .success()
    );
}

/// `arbiter check` on a one-move game said "1 half-moves" (found walking the README's tour
/// after issue 14): the count takes the singular for one.
#[test]
fn a_one_move_game_is_one_half_move() {
    let dir = crate::util::TempDir::new("regression-one-half-move");
    let file = dir.path("one.pgn");
    std::fs::write(&file, "1. e4 *\n\n1. e4 e5 *\n").unwrap();
    let out = crate::util::arbiter(&["check", &file]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("game 1, *: 1 half-move\n"), "{stdout}");
    assert!(stdout.contains("game 2, *: 2 half-moves\n"), "{stdout}");
}
