//! Review of issue 12's merge, as a director walks the commands changed by it. One regression
//! test per defect, each saying how the defect showed itself.

use crate::util::{TempDir, ok_on as ok, run_on as run, swiss_event};

/// A Swiss event with `players` players rated 2000, 1990, ... (so numbered in that order).
fn swiss(dir: &TempDir, players: u16, rounds: u16) -> String {
    swiss_event(dir, "Review Open", players, rounds)
}

/// `bye 5 --round 0 --half` failed with "database error: CHECK constraint failed: round >= 1"
/// and exit 4, and `bye 5 --round 10 --half` in a 9-round event was stored (exit 0) for a
/// round that never comes. Both are invalid input: exit 3, nothing stored.
#[test]
fn bye_for_a_round_the_event_cannot_have_is_invalid_input() {
    let dir = TempDir::new("review-bye-round");
    let db = swiss(&dir, 6, 9);
    for round in ["0", "10"] {
        let out = run(&db, &["bye", "5", "--round", round, "--half"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "round {round}: {stderr}");
        assert!(!stderr.contains("database error"), "{stderr}");
        assert!(stderr.contains(&format!("--round {round}")), "{stderr}");
    }
    assert!(stderr_of(&run(&db, &["bye", "5", "--round", "9", "--half"])).is_empty());
    let log = ok(&db, &["log"]);
    assert!(
        !log.contains("round 10") && !log.contains("round 0"),
        "{log}"
    );
}

fn stderr_of(out: &std::process::Output) -> String {
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// In FIDE mode, `bye 5 --round 4 --full` then `bye 5 --round 4 --half` (changing the kind of
/// the one bye) warned "player 5 already has a half-point bye": the count included the round
/// being set. A second half-point bye in another round warned without saying which round.
#[test]
fn half_point_bye_warning_counts_other_rounds_and_names_them() {
    let dir = TempDir::new("review-bye-warning");
    let db = swiss(&dir, 6, 9);
    ok(&db, &["config", "fide-mode", "on"]);
    assert!(stderr_of(&run(&db, &["bye", "5", "--round", "4", "--half"])).is_empty());
    // The same round again: still the player's only half-point bye.
    assert!(stderr_of(&run(&db, &["bye", "5", "--round", "4", "--half"])).is_empty());
    let second = stderr_of(&run(&db, &["bye", "5", "--round", "6", "--half"]));
    assert_eq!(
        second.trim(),
        "warning: player 5 already has a half-point bye in round 4"
    );
    let third = stderr_of(&run(&db, &["bye", "5", "--round", "7", "--half"]));
    assert_eq!(
        third.trim(),
        "warning: player 5 already has a half-point bye in rounds 4, 6"
    );
}

/// A result corrected for rating evaluation only (after the next round ended, C.04.2 4.3) is
/// written by `export trf` as the corrected code plus a `299` record with the points the
/// tournament still gives. `import trf` of that file kept the 299 record as an unknown line
/// and scored the corrected code: the winner of the round-1 game lost that point in the new
/// database, its opponent gained it, and the standings differed from the event's.
#[test]
fn trf_with_a_rating_only_correction_reads_back_with_equal_standings() {
    let dir = TempDir::new("review-rating-only-trf");
    let db = swiss(&dir, 4, 3);
    ok(&db, &["pair", "--seed", "1"]);
    ok(&db, &["result", "1", "1", "1-0"]);
    ok(&db, &["result", "1", "2", "1-0"]);
    ok(&db, &["pair"]);
    ok(&db, &["result", "2", "1", "1-0"]);
    ok(&db, &["result", "2", "2", "1-0"]);
    ok(&db, &["pair"]);
    ok(&db, &["result", "3", "1", "1-0"]);
    ok(&db, &["result", "3", "2", "1-0"]);
    // Round 2 has ended: this correction is for the rating report only.
    let corrected = ok(&db, &["result", "1", "1", "0-1", "--correct"]);
    assert!(corrected.contains("rating evaluation only"), "{corrected}");
    let standings = ok(&db, &["standings", "--format", "csv"]);
    let trf = dir.path("event.trf");
    ok(&db, &["export", "trf", "-o", &trf]);
    let copy = dir.path("copy.db");
    ok(&copy, &["import", "trf", &trf]);
    assert_eq!(ok(&copy, &["standings", "--format", "csv"]), standings);
    // The round-1 game is still won by White in the tournament, and the new database writes
    // the same report.
    let round1 = ok(&copy, &["round", "show", "1", "--format", "csv"]);
    assert!(round1.lines().nth(1).unwrap().contains(",1-0,"), "{round1}");
    let again = dir.path("again.trf");
    ok(&copy, &["export", "trf", "-o", &again]);
    let players = |path: &str| -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("001") || l.starts_with("299"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(players(&again), players(&trf));
}

/// `pair --manual "1-5,6-2"`, then `unpair` and `pair` (the tour's round 2): `export trf`
/// still reported the taken-back manual pairing as a `###` manual intervention of round 2,
/// though the round's pairing was the engine's. A manual pairing that stands is reported.
#[test]
fn trf_reports_no_manual_pairing_that_was_taken_back() {
    let dir = TempDir::new("review-manual-unpaired");
    let db = swiss(&dir, 6, 3);
    ok(&db, &["pair", "--manual", "1-4"]);
    ok(&db, &["unpair"]);
    ok(&db, &["pair"]);
    let manual = |trf: &str| -> Vec<String> {
        trf.lines()
            .filter(|l| l.starts_with("###") && l.contains("manual"))
            .map(str::to_owned)
            .collect()
    };
    let report = ok(&db, &["export", "trf"]);
    assert_eq!(manual(&report), Vec::<String>::new(), "{report}");
    for board in ["1", "2", "3"] {
        ok(&db, &["result", "1", board, "1/2"]);
    }
    ok(&db, &["pair", "--manual", "1-6"]);
    let report = ok(&db, &["export", "trf"]);
    let kept = manual(&report);
    assert_eq!(kept.len(), 1, "{report}");
    assert!(kept[0].contains("pair --manual: round 2"), "{report}");
}

/// `standings --explain 6` for a player with a requested half-point bye printed the working
/// of BH/C1 as "round  3: dummy 1.5 -> 1.5 (voluntarily unplayed) cut: vurexception": the
/// program's own names, lower-cased and run together, where a director reads which value was
/// cut and why (C.07 16.5: the voluntarily unplayed round is cut before the lowest value).
#[test]
fn explain_says_in_words_what_a_tiebreak_cut() {
    let dir = TempDir::new("review-explain-cut");
    let db = swiss(&dir, 7, 3);
    ok(&db, &["bye", "6", "--round", "3", "--half"]);
    for round in ["1", "2", "3"] {
        ok(&db, &["pair"]);
        for board in ["1", "2", "3"] {
            ok(&db, &["result", round, board, "1-0"]);
        }
    }
    let explained = ok(&db, &["standings", "--explain", "6"]);
    let working = &explained[explained.find("BH/C1 =").expect("BH/C1 working")..];
    let cut: Vec<&str> = working.lines().filter(|l| l.contains("cut")).collect();
    assert_eq!(
        cut,
        vec![
            "    round  3: dummy 1.5 -> 1.5 (voluntarily unplayed) cut: a voluntarily unplayed round instead of the least significant value (16.5)"
        ],
        "{explained}"
    );
}

/// `export pgn -o games.pgn` on an event with results but no attached game wrote an empty
/// file and said nothing (exit 0): a director could not tell an empty export from a failed
/// one, nor learn that games come from `game attach`.
#[test]
fn export_pgn_without_attached_games_says_why_the_file_is_empty() {
    let dir = TempDir::new("review-empty-pgn");
    let db = swiss(&dir, 4, 3);
    ok(&db, &["pair"]);
    ok(&db, &["result", "1", "1", "1-0"]);
    let file = dir.path("games.pgn");
    let out = run(&db, &["export", "pgn", "-o", &file]);
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no game is attached") && stderr.contains("arbiter game attach"),
        "{stderr}"
    );
}

/// `pair --manual "1-99"` (a typing error: the event has no player 99) printed "refused: ...
/// there is no player 99", then "6 players to pair need 0 pairing-allocated bye, not 1", and
/// ended "the manual pairing breaks an absolute criterion; --force stores it anyway" (exit 4);
/// `--force` then failed anyway with exit 3. It is invalid input, said once, with no
/// `--force` offered, and nothing is paired.
#[test]
fn manual_pairing_with_an_unknown_number_is_invalid_input_without_a_force_hint() {
    let dir = TempDir::new("review-manual-unknown");
    let db = swiss(&dir, 6, 3);
    let out = run(&db, &["pair", "--manual", "1-99"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(
        stderr.trim(),
        "error: --manual: there is no player 99; `arbiter player list` shows the numbers"
    );
    let shown = run(&db, &["round", "show", "1"]);
    assert_eq!(shown.status.code(), Some(3));
}

/// `player reinstate 2` for a player who was never withdrawn printed "player 2 reinstated"
/// (exit 0) and logged "active -> active"; `player withdraw 2 --from-round 5` twice logged
/// "withdrawn from round 5 -> withdrawn from round 5". A change that changes nothing is
/// refused (exit 4) with the player's state, and the log keeps only real changes.
#[test]
fn withdraw_and_reinstate_that_change_nothing_are_refused_and_not_logged() {
    let dir = TempDir::new("review-withdraw-twice");
    let db = swiss(&dir, 6, 5);
    let out = run(&db, &["player", "reinstate", "2"]);
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: player 2 (Player, P02) is not withdrawn; nothing to reinstate"
    );
    ok(&db, &["player", "withdraw", "2", "--from-round", "5"]);
    let out = run(&db, &["player", "withdraw", "2", "--from-round", "5"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("already withdrawn from round 5"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Another round is a real change.
    ok(&db, &["player", "withdraw", "2", "--from-round", "4"]);
    ok(&db, &["player", "reinstate", "2"]);
    let log = ok(&db, &["log"]);
    let lines: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("player withdraw") || l.contains("player reinstate"))
        .map(|l| l.split_once("player 2").map_or(l, |(_, rest)| rest))
        .collect();
    assert_eq!(
        lines,
        vec![
            " (Player, P02): active -> withdrawn from round 5",
            " (Player, P02): withdrawn from round 5 -> withdrawn from round 4",
            " (Player, P02): withdrawn from round 4 -> active",
        ]
    );
}
