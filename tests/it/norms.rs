//! `arbiter norms` on a real database: a ten-player round robin in which player 1 makes a GM
//! norm with 7 of 9 against an average of exactly 2380 (B.01 1.4.8: 78 %, dp 220, Rp 2600),
//! the result needed before the last round, and the IT1 certificate with its refusals.

use crate::util::{TempDir, ok_on, run_on};

/// Rating, title, federation of players 2 to 10: the average is 21420 / 9 = 2380.
const FIELD: [(&str, Option<&str>, &str); 9] = [
    ("2500", Some("GM"), "GER"),
    ("2480", Some("GM"), "FRA"),
    ("2460", Some("GM"), "ESP"),
    ("2420", Some("IM"), "GER"),
    ("2400", Some("IM"), "FRA"),
    ("2340", None, "ESP"),
    ("2300", None, "GER"),
    ("2280", None, "FRA"),
    ("2240", None, "NOR"),
];

fn event(dir: &TempDir) -> String {
    let db = dir.db();
    ok_on(
        &db,
        &[
            "new",
            "Norm Round Robin",
            "--system",
            "berger",
            "--rounds",
            "9",
            "--start",
            "2026-07-01",
            "--federation",
            "NOR",
            "--arbiter",
            "Arbiter, A",
            "--time-control",
            "90+30",
        ],
    );
    ok_on(&db, &["config", "pairing-numbers", "given"]);
    ok_on(&db, &["config", "end", "2026-07-09"]);
    let dates: Vec<String> = (1..=9).map(|d| format!("2026-07-{d:02}")).collect();
    ok_on(&db, &["config", "round-dates", &dates.join(",")]);
    ok_on(&db, &["config", "arbiter-title", "IA"]);
    ok_on(&db, &["config", "arbiter-fide-id", "1234567"]);
    ok_on(
        &db,
        &[
            "player",
            "add",
            "Seeker, S",
            "--rating",
            "2450",
            "--fed",
            "NOR",
            "--fide-id",
            "9000001",
        ],
    );
    for (i, (rating, title, fed)) in FIELD.iter().enumerate() {
        let name = format!("Opponent, O{}", i + 2);
        let id = (9000002 + i).to_string();
        let mut args = vec![
            "player",
            "add",
            &name,
            "--rating",
            rating,
            "--fed",
            fed,
            "--fide-id",
            &id,
        ];
        if let Some(t) = title {
            args.extend(["--title", t]);
        }
        ok_on(&db, &args);
    }
    db
}

/// Enters round `r`'s results: player 1 beats players 2 to 8 and loses to 9 and 10; every
/// other game is drawn.
fn play_round(db: &str, r: u32) {
    let round: serde_json::Value = serde_json::from_str(&ok_on(
        db,
        &["round", "show", &r.to_string(), "--format", "json"],
    ))
    .unwrap();
    for game in round["boards"].as_array().unwrap() {
        let (board, white, black) = (
            game["board"].as_u64().unwrap(),
            game["white"].as_u64().unwrap(),
            game["black"].as_u64().unwrap(),
        );
        let result = match (white, black) {
            (1, o) | (o, 1) => {
                let seeker_wins = o <= 8;
                if (white == 1) == seeker_wins {
                    "1-0"
                } else {
                    "0-1"
                }
            }
            _ => "1/2",
        };
        ok_on(db, &["result", &r.to_string(), &board.to_string(), result]);
    }
}

fn seeker_gm(db: &str) -> serde_json::Value {
    let all: Vec<serde_json::Value> =
        serde_json::from_str(&ok_on(db, &["norms", "--player", "1", "--format", "json"])).unwrap();
    all.into_iter()
        .find(|n| n["norm"] == "GM")
        .expect("a GM norm")
}

#[test]
fn a_gm_norm_in_a_round_robin_with_its_certificate() {
    let dir = TempDir::new("norms-rr");
    let db = event(&dir);
    for r in 1..=8 {
        ok_on(&db, &["pair"]);
        play_round(&db, r);
    }
    ok_on(&db, &["pair"]);
    // Before the last round: the result against the last opponent that makes the norm, which
    // must make it when entered.
    let before = seeker_gm(&db);
    assert_eq!(before["met"], false);
    assert_eq!(before["next"]["round"], 9);
    let needed = before["next"]["result_needed"]
        .as_str()
        .expect("a result makes the norm")
        .to_owned();
    play_round(&db, 9);
    let after = seeker_gm(&db);
    // 7 of 9 against 2380 exactly.
    assert_eq!(after["met"], true, "{after:#}");
    assert_eq!(
        (after["ra"].as_i64(), after["rp"].as_i64()),
        (Some(2380), Some(2600))
    );
    assert_eq!(after["score"].as_f64(), Some(7.0));
    assert_eq!(after["games"], 9);
    // The last opponent was beaten or not per `play_round`; the seeker's score before it and
    // the result needed agree: the norm needs 7, so a win was needed exactly when the seeker
    // had 6 before the round.
    let before_score = before["score"].as_f64().unwrap();
    let expected_need = match before_score {
        6.0 => "win",
        7.0 => "loss",
        other => panic!("unexpected score {other} before the last round"),
    };
    assert_eq!(needed, expected_need);
    let articles: Vec<&str> = after["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["article"].as_str().unwrap())
        .collect();
    for article in [
        "1.1.3", "1.1.2", "1.1.5", "1.4.1a", "1.4.3", "1.4.4a", "1.4.4b", "1.4.5a", "1.4.5b",
        "1.4.8a", "1.4.8", "1.4.8b",
    ] {
        assert!(articles.contains(&article), "{article} in {articles:?}");
    }
    let text = ok_on(&db, &["norms"]);
    assert!(
        text.lines()
            .any(|l| l.contains("Seeker, S") && l.contains("GM") && l.ends_with("met")),
        "{text}"
    );
    // The certificate (IT1) as JSON and CSV.
    let form: serde_json::Value = serde_json::from_str(&ok_on(
        &db,
        &[
            "norms",
            "--player",
            "1",
            "--certificate",
            "GM",
            "--format",
            "json",
        ],
    ))
    .unwrap();
    assert_eq!(form["title_result"], "GM");
    assert_eq!(form["player"]["fide_id"], 9000001);
    assert_eq!(form["event"]["chief_arbiter_fide_id"], "1234567");
    assert_eq!(form["opposition"]["gm"], 3);
    assert_eq!(form["opposition"]["federations"], 4);
    assert_eq!(form["opponents"].as_array().unwrap().len(), 9);
    assert_eq!(form["rating_average"], 2380);
    assert_eq!(form["score_required"], "7");
    let csv = ok_on(
        &db,
        &[
            "norms",
            "--player",
            "1",
            "--certificate",
            "gm",
            "--format",
            "csv",
        ],
    );
    assert!(csv.starts_with("field,value\n"));
    assert!(csv.contains("chief arbiter FIDE ID,1234567"));
    assert!(csv.contains("rating average (Ra),2380"));
    assert!(csv.contains("kind of event (1.4.1b),standard"));
    // A team championship needs 7 games (B.01 1.4.1b): the rule cited changes, the verdict
    // does not; an unknown kind is refused.
    ok_on(&db, &["config", "norm-event", "team-championship"]);
    let team = seeker_gm(&db);
    assert_eq!(team["met"], true);
    let games_rule = team["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["article"] == "1.4.1b")
        .expect("1.4.1b");
    assert_eq!(games_rule["what"], "at least 7 games", "{games_rule:#}");
    assert!(
        !run_on(&db, &["config", "norm-event", "olympiad"])
            .status
            .success()
    );
    ok_on(&db, &["config", "norm-event", "standard"]);
    // Without the chief arbiter's FIDE ID the form is refused, saying what is missing.
    ok_on(&db, &["config", "arbiter-fide-id", ""]);
    let out = run_on(&db, &["norms", "--player", "1", "--certificate", "GM"]);
    assert_eq!(out.status.code(), Some(4));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the chief arbiter's FIDE ID (`arbiter config arbiter-fide-id ID`) is not given"
        ),
        "{err}"
    );
    // A norm not met is refused with the requirements that fail.
    let out = run_on(&db, &["norms", "--player", "2", "--certificate", "GM"]);
    assert!(!out.status.success());
}
