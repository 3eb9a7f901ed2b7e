//! `arbiter rating` on a real database: the figures a director shows after a round, checked
//! against values worked out by hand from the B.02 tables (8.1.1, 8.1.2) in each comment.

use crate::util::{TempDir, ok_on, run_on};

/// An event starting `start` with four players, numbered by rating: 1 rated 2700, 2 rated
/// 2000 (K 40 by the 18-year rule: born 2010), 3 rated 1800, 4 unrated. Round 1: 1-3 1-0,
/// 2-4 1/2.
fn event(dir: &TempDir, start: &str) -> String {
    let db = dir.db();
    ok_on(
        &db,
        &["new", "Rating Open", "--rounds", "5", "--start", start],
    );
    for (name, rating, birth) in [
        ("Alpha, A", Some("2700"), None),
        ("Bravo, B", Some("2000"), Some("2010")),
        ("Charlie, C", Some("1800"), None),
        ("Delta, D", None, None),
    ] {
        let mut args = vec!["player", "add", name];
        if let Some(r) = rating {
            args.extend(["--rating", r]);
        }
        if let Some(b) = birth {
            args.extend(["--birth", b]);
        }
        ok_on(&db, &args);
    }
    ok_on(&db, &["pair", "--manual", "1-3,2-4"]);
    ok_on(&db, &["result", "1", "1", "1-0"]);
    ok_on(&db, &["result", "1", "2", "1/2"]);
    db
}

fn figures(db: &str) -> Vec<serde_json::Value> {
    let out = ok_on(db, &["rating", "--format", "json"]);
    serde_json::from_str::<Vec<serde_json::Value>>(&out).expect("a JSON list")
}

#[test]
fn a_2700_beating_an_1800_does_not_mirror_from_october_2025() {
    let dir = TempDir::new("rating-2650");
    let db = event(&dir, "2026-02-01");
    let rows = figures(&db);
    assert_eq!(rows.len(), 4);
    let starts: Vec<u64> = rows
        .iter()
        .map(|r| r["start_no"].as_u64().unwrap())
        .collect();
    assert_eq!(starts, [1, 2, 3, 4], "start-number order");
    // 2700 (rated 2650 or more: the actual 900 counts, PD 1.00): a win changes nothing.
    assert_eq!(rows[0]["games"], 1);
    assert_eq!(rows[0]["we"].as_f64(), Some(1.0));
    assert_eq!(rows[0]["change"].as_f64(), Some(0.0));
    assert_eq!(rows[0]["k"], 10);
    // 1800: -900 counts as -400, PD 0.08; K 20: 20 x (0 - 0.08) = -1.6.
    assert_eq!(rows[2]["we"].as_f64(), Some(0.08));
    assert_eq!(rows[2]["change"].as_f64(), Some(-1.6));
    // 2 drew with an unrated player: not a rated game.
    assert_eq!(rows[1]["games"], 0);
    assert!(rows[1]["change"].is_null());
    // 4 is unrated: its draw against a rated opponent counts towards an initial rating, but
    // one game is too few (5 are needed).
    assert_eq!(rows[3]["games"], 1);
    assert!(rows[3]["ru"].is_null());
    assert_eq!(rows[3]["initial"], "too_few_games");

    // The event's edition is a setting: before the amendment, the 2700 player's difference
    // is capped too (PD 0.92) and the win gains 10 x 0.08 = +0.8.
    ok_on(&db, &["config", "rating-rules", "2024-12"]);
    let rows = figures(&db);
    assert_eq!(rows[0]["we"].as_f64(), Some(0.92));
    assert_eq!(rows[0]["change"].as_f64(), Some(0.8));
    // By the start date: an event of 2025-06 is rated under the December 2024 edition.
    ok_on(&db, &["config", "rating-rules", "auto"]);
    ok_on(&db, &["config", "start", "2025-06-01"]);
    assert_eq!(figures(&db)[0]["change"].as_f64(), Some(0.8));
    // An unknown edition is refused, naming the ones there are.
    let out = run_on(&db, &["config", "rating-rules", "2019"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("2025-10"));
}

#[test]
fn k_by_the_rules_the_table_and_one_players_games() {
    let dir = TempDir::new("rating-k");
    let db = event(&dir, "2026-02-01");
    ok_on(&db, &["pair", "--manual", "2-3,4-1"]);
    ok_on(&db, &["result", "2", "1", "1-0"]);
    ok_on(&db, &["result", "2", "2", "0-1"]);
    let rows = figures(&db);
    // 2 (2000, born 2010: 18 or younger in 2026 and below 2300, K 40) beat 3 (1800): D = 200,
    // in 198-206, PD 0.76; 40 x 0.24 = +9.6.
    assert_eq!(rows[1]["k"], 40);
    assert_eq!(rows[1]["k_source"], "rules");
    assert_eq!(rows[1]["we"].as_f64(), Some(0.76));
    assert_eq!(rows[1]["change"].as_f64(), Some(9.6));
    // Rp of 2: one win against 1800: 1800 + dp(1.00) = 1800 + 800.
    assert_eq!(rows[1]["rp"], 2600);
    // 3 lost both: We 0.08 + 0.24 = 0.32, 20 x -0.32 = -6.4.
    assert_eq!(rows[2]["games"], 2);
    assert_eq!(rows[2]["change"].as_f64(), Some(-6.4));
    let text = ok_on(&db, &["rating"]);
    assert!(text.starts_with("standard rating, B.02 as in force from 2025-10-01"));
    let header = text.lines().nth(1).unwrap();
    for column in [
        "no", "name", "rtg", "K", "games", "We", "W", "W-We", "change", "Rp", "Ru",
    ] {
        assert!(
            header.split_whitespace().any(|c| c == column),
            "{column} in {header}"
        );
    }
    assert!(text.contains("-6.4"));
    let one = ok_on(&db, &["rating", "--player", "3"]);
    assert!(
        one.contains("Charlie, C, rated 1800, K 20 (by the rules of 8.3.3)"),
        "{one}"
    );
    // Round 1 against 1: -900 counted -400, PD 0.08; round 2 against 2: -200, PD 0.24.
    assert!(one.lines().any(|l| l.split_whitespace().collect::<Vec<_>>()
        == ["1", "1", "Alpha,", "A", "2700", "-400", "0.08", "0"]));
    assert!(one.lines().any(|l| l.split_whitespace().collect::<Vec<_>>()
        == ["2", "2", "Bravo,", "B", "2000", "-200", "0.24", "0"]));
    let csv = ok_on(&db, &["rating", "--format", "csv"]);
    assert_eq!(
        csv.lines().next(),
        Some("start_no,name,fide_id,rating,k,games,we,w,w_we,change,rp,ru")
    );
    // Rp of 3: nothing of 2 against 2700 and 2000: 2350 + dp(0) = 2350 - 800.
    assert!(
        csv.contains("3,\"Charlie, C\",,1800,20,2,0.32,0,-0.32,-6.4,1550,"),
        "{csv}"
    );
    // The standings JSON carries the same figures.
    let standings: serde_json::Value =
        serde_json::from_str(&ok_on(&db, &["standings", "--format", "json"])).unwrap();
    let charlie = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["start_no"] == 3)
        .unwrap();
    assert_eq!(charlie["rating_change"]["change"].as_f64(), Some(-6.4));
    // After round 1 only, the figures are round 1's.
    let after_one: serde_json::Value = serde_json::from_str(&ok_on(
        &db,
        &["standings", "--round", "1", "--format", "json"],
    ))
    .unwrap();
    let charlie = after_one["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["start_no"] == 3)
        .unwrap();
    assert_eq!(charlie["rating_change"]["change"].as_f64(), Some(-1.6));
    // A K given with the player (the rating list's, or typed) wins over the rules: K 30,
    // 30 x -0.32 = -9.6.
    ok_on(&db, &["player", "edit", "3", "--k", "30"]);
    let given = figures(&db);
    assert_eq!(
        (given[2]["k"].as_u64(), given[2]["k_source"].as_str()),
        (Some(30), Some("given"))
    );
    assert_eq!(given[2]["change"].as_f64(), Some(-9.6));
}

#[test]
fn a_player_number_nobody_has_is_refused() {
    let dir = TempDir::new("rating-none");
    let db = event(&dir, "2026-02-01");
    let out = run_on(&db, &["rating", "--player", "9"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--player 9"));
}
