//! Field repairs of issue 12 in the seams between commands: requested byes and their rounds,
//! what a refused `pair` prints, round robins with a free round, prohibited pairings, removing
//! a registration and partial manual pairings. One regression test per defect, each saying
//! how the defect showed itself.

use crate::util::{TempDir, arbiter, ok_on as ok, run_on as run, swiss_event};

fn json(db: &str, args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(db, args)).unwrap()
}

/// A Swiss event with `players` players rated 2000, 1990, ... (so numbered in that order).
fn swiss(dir: &TempDir, players: u16, rounds: u16) -> String {
    swiss_event(dir, "Rounds Open", players, rounds)
}

/// The players on a board in a stored round, and the round's unpaired players with codes.
/// A round not paired yet has no boards and no unpaired players (`round show` refuses it).
fn round(db: &str, round: u32) -> (Vec<u64>, Vec<(u64, String)>) {
    let out = run(
        db,
        &["round", "show", &round.to_string(), "--format", "json"],
    );
    if String::from_utf8_lossy(&out.stderr).contains("is not paired yet") {
        return (Vec::new(), Vec::new());
    }
    let view = json(
        db,
        &["round", "show", &round.to_string(), "--format", "json"],
    );
    let mut on_board: Vec<u64> = view["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()])
        .collect();
    on_board.sort();
    let unpaired = view["unpaired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["player"].as_u64().unwrap(),
                u["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (on_board, unpaired)
}

/// Enters White wins on every board of `round`.
fn white_wins(db: &str, round: u32) {
    let view = json(
        db,
        &["round", "show", &round.to_string(), "--format", "json"],
    );
    for b in view["boards"].as_array().unwrap() {
        let board = b["board"].to_string();
        ok(db, &["result", &round.to_string(), &board, "1-0"]);
    }
}

/// A player's points in the standings.
fn points(db: &str, player: u64) -> String {
    let table = json(db, &["standings", "--format", "json"]);
    table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["start_no"] == player)
        .map(|r| r["points"].as_str().unwrap().to_owned())
        .unwrap()
}

/// Issue 12 item 1: with 6 players, `bye 2 --round 3 --half` then `pair` left player 2
/// "absent" in round 1 (0 points, unpaired) and gave a pairing-allocated bye to someone else,
/// because the bye's column made the rounds before it read as absences.
#[test]
fn a_bye_for_a_later_round_leaves_the_earlier_rounds_alone() {
    let dir = TempDir::new("rounds-later-bye");
    let db = swiss(&dir, 6, 5);
    ok(&db, &["bye", "2", "--round", "3", "--half"]);
    ok(&db, &["pair", "--seed", "1"]);
    // Six players and no bye in round 1: everyone has a board.
    assert_eq!(round(&db, 1), ((1..=6).collect(), vec![]));
    white_wins(&db, 1);
    ok(&db, &["pair"]);
    assert_eq!(round(&db, 2), ((1..=6).collect(), vec![]));
    white_wins(&db, 2);
    // Round 3 is the bye's own round: player 2 has it, the other five are paired, one of
    // them with the pairing-allocated bye.
    let before = points(&db, 2);
    ok(&db, &["pair"]);
    let (on_board, unpaired) = round(&db, 3);
    assert_eq!(on_board.len(), 4, "{on_board:?}");
    assert!(!on_board.contains(&2));
    assert!(unpaired.contains(&(2, "H".to_owned())), "{unpaired:?}");
    assert_eq!(unpaired.iter().filter(|(_, c)| c == "U").count(), 1);
    // The half point counts once the round is paired: 0.5 more than before it.
    let gained = points(&db, 2).parse::<f64>().unwrap() - before.parse::<f64>().unwrap();
    assert_eq!(gained, 0.5);
}

/// Issue 12 item 1, in the report: the exported TRF wrote a bye requested for round 3 as a
/// round-3 column, so round 2 read as a blank (an absence) and engine mode left the player
/// out of round 2. The bye is in the 240 record only; the report pairs everyone.
#[test]
fn a_bye_for_a_later_round_is_no_absence_in_the_report() {
    let dir = TempDir::new("rounds-later-bye-trf");
    let db = swiss(&dir, 6, 5);
    ok(&db, &["bye", "2", "--round", "3", "--half"]);
    ok(&db, &["pair", "--seed", "1"]);
    white_wins(&db, 1);
    let report = dir.path("before2.trf");
    ok(&db, &["export", "trf", "-o", &report]);
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(
        text.lines().any(|l| l.starts_with("240 H 003    2")),
        "{text}"
    );
    let line = text.lines().find(|l| l.starts_with("001    2")).unwrap();
    assert_eq!(line.trim_end().len(), 99, "one round column only: {line}");
    // Engine mode pairs all six: three boards, no bye.
    let out = arbiter(&["pairing", "dutch", &report, "-p"]);
    assert!(out.status.success());
    let pairs = String::from_utf8_lossy(&out.stdout);
    assert_eq!(pairs.lines().next(), Some("3"), "{pairs}");
    assert!(!pairs.lines().skip(1).any(|l| l.ends_with(" 0")), "{pairs}");
}

/// Issue 12 item 1: a requested bye could not be taken back; the only way out was to edit
/// the database. `bye N --round R --cancel` removes it before the round is paired (logged),
/// and is refused, with the reason, once the round is paired or when there is no bye.
#[test]
fn a_requested_bye_is_cancelled_before_its_round_is_paired() {
    let dir = TempDir::new("rounds-cancel-bye");
    let db = swiss(&dir, 5, 5);
    ok(&db, &["bye", "4", "--round", "1", "--zero"]);
    let out = ok(&db, &["bye", "4", "--round", "1", "--cancel"]);
    assert!(out.contains("cancelled"), "{out}");
    let log = ok(&db, &["log"]);
    assert!(
        log.contains("bye --cancel") && log.contains("player 4 round 1"),
        "{log}"
    );
    // Nothing left to cancel: refused (exit 4) with the reason.
    let again = run(&db, &["bye", "4", "--round", "1", "--cancel"]);
    assert_eq!(again.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&again.stderr).contains("no requested bye"));
    // Player 4 is paired in round 1 like everyone else (five players: four on boards and
    // the pairing-allocated bye).
    ok(&db, &["pair", "--seed", "2"]);
    let (on_board, unpaired) = round(&db, 1);
    assert_eq!(on_board.len(), 4);
    assert_eq!(unpaired.len(), 1);
    assert_eq!(unpaired[0].1, "U");
    // A bye in a paired round is part of that round: refused, and the round is unchanged.
    ok(&db, &["bye", "3", "--round", "2", "--half"]);
    white_wins(&db, 1);
    ok(&db, &["pair"]);
    let before = round(&db, 2);
    let paired = run(&db, &["bye", "3", "--round", "2", "--cancel"]);
    assert_eq!(paired.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&paired.stderr).contains("already paired"));
    assert_eq!(round(&db, 2), before);
}

/// Issue 12 item 1: `pair --dry-run` showed the boards only, so a player left out by a
/// requested bye or a withdrawal was found missing only after the round was published.
#[test]
fn a_dry_run_lists_who_is_not_paired_and_why() {
    let dir = TempDir::new("rounds-dry-run-absent");
    let db = swiss(&dir, 7, 5);
    ok(&db, &["bye", "3", "--round", "1", "--half"]);
    ok(&db, &["bye", "5", "--round", "1", "--zero"]);
    ok(&db, &["player", "withdraw", "6", "--from-round", "1"]);
    let dry = ok(&db, &["pair", "--dry-run"]);
    let line = |n: &str| {
        dry.lines()
            .find(|l| l.contains(&format!("Player, P{n}")) && !l.contains(" - "))
            .unwrap_or_else(|| panic!("player {n} not listed:\n{dry}"))
            .to_owned()
    };
    assert!(dry.contains("not paired:"), "{dry}");
    assert!(line("03").contains("half-point bye"), "{dry}");
    assert!(line("05").contains("zero-point bye"), "{dry}");
    assert!(line("06").contains("withdrawn from round 1"), "{dry}");
    // Nothing was stored: round 1 is still not paired, and pairing it for real gives the
    // byes the dry run announced.
    assert_eq!(round(&db, 1), (vec![], vec![]));
    ok(&db, &["pair"]);
    let (_, unpaired) = round(&db, 1);
    assert!(unpaired.contains(&(3, "H".into())), "{unpaired:?}");
    assert!(unpaired.contains(&(5, "Z".into())), "{unpaired:?}");
}

/// Issue 12 item 2: a refused `pair` (results missing in the last round) printed the whole
/// next-round pairing on stdout before the error, as if it had been stored.
#[test]
fn a_refused_pair_prints_only_the_error() {
    let dir = TempDir::new("rounds-refused-pair");
    let db = swiss(&dir, 6, 5);
    ok(&db, &["pair", "--seed", "4"]);
    ok(&db, &["result", "1", "1", "1-0"]);
    let log_before = ok(&db, &["log"]);
    for args in [&["pair"][..], &["pair", "--manual", "1-2,3-4,5-6"][..]] {
        let out = run(&db, args);
        assert_eq!(out.status.code(), Some(4), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("round 1 still has 2 games without a result"),
            "{err}"
        );
    }
    assert_eq!(ok(&db, &["log"]), log_before);
    assert_eq!(round(&db, 2), (vec![], vec![]));
}

/// Issue 12 item 18: in a round robin with an odd field the free round showed as "absent"
/// (stored as an absence, written blank in the TRF), `pair` printed "initial colour drawn by
/// lot" although the Berger table fixes the colours, and `config rounds` stayed blank.
///
/// The free round is now TRF's `U` (TRF16/TRF-2026 list the "odd-number bye" among the byes:
/// "U for player unpaired by the system"), worth `points-free-round` (none by default, as in
/// C.05's tables: a rest, not a point), and in the tie-breaks it is a round without an
/// opponent: C.07 Art. 15 (pre-determined pairings) uses no dummy opponent, so it adds
/// nothing to SB, and Koya's limit (Art. 9.2) counts the games a player can have, n-1.
#[test]
fn a_round_robin_free_round_is_its_own_thing() {
    let dir = TempDir::new("rounds-free-round");
    let db = dir.db();
    ok(&db, &["new", "Club Closed", "--system", "berger"]);
    for name in ["A, A", "B, B", "C, C", "D, D", "E, E"] {
        ok(&db, &["player", "add", name]);
    }
    ok(&db, &["config", "tiebreaks", "KS,SB"]);
    ok(&db, &["player", "draw-lots", "--seed", "9"]);
    let out = ok(&db, &["pair"]);
    assert!(!out.contains("initial colour"), "{out}");
    assert!(out.contains("free round"), "{out}");
    // Five players: the table for six, five rounds (C.05 Annex 1).
    assert_eq!(ok(&db, &["config", "rounds"]).trim(), "5");
    // Every round: two games and one free round, stored as `U`, shown as a free round.
    let mut free = Vec::new();
    let mut games: Vec<(u64, u64)> = Vec::new();
    for r in 1..=5u32 {
        if r > 1 {
            ok(&db, &["pair"]);
        }
        let (on_board, unpaired) = round(&db, r);
        assert_eq!(on_board.len(), 4);
        assert_eq!(unpaired.len(), 1);
        assert_eq!(unpaired[0].1, "U");
        free.push(unpaired[0].0);
        let text = ok(&db, &["round", "show", &r.to_string()]);
        assert!(
            text.contains("free round") && !text.contains("absent"),
            "{text}"
        );
        let view = json(&db, &["round", "show", &r.to_string(), "--format", "json"]);
        for b in view["boards"].as_array().unwrap() {
            games.push((b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()));
        }
        white_wins(&db, r);
    }
    // Each player rests exactly once.
    let mut rested = free.clone();
    rested.sort();
    assert_eq!(rested, [1, 2, 3, 4, 5]);
    // Points: a win per game won, nothing for the free round. Computed here from the stored
    // games (White won every game).
    let mut score = [0.0f64; 6];
    for &(w, _) in &games {
        score[w as usize] += 1.0;
    }
    // Koya (C.07 9.2): points against opponents with at least half the maximum score; the
    // maximum counts the four games a player can have, not the five rounds, so the limit is
    // 2.0 points.
    let koya = |p: u64| -> f64 {
        games
            .iter()
            .filter(|&&(w, b)| {
                (w == p || b == p) && score[if w == p { b } else { w } as usize] >= 2.0
            })
            .map(|&(w, _)| if w == p { 1.0 } else { 0.0 })
            .sum()
    };
    let table = json(&db, &["standings", "--format", "json"]);
    for row in table["rows"].as_array().unwrap() {
        let p = row["start_no"].as_u64().unwrap();
        let points: f64 = row["points"].as_str().unwrap().parse().unwrap();
        assert_eq!(points, score[p as usize], "player {p}");
        let ks: f64 = row["tiebreaks"][0][1].as_str().unwrap().parse().unwrap();
        assert_eq!(ks, koya(p), "KS of player {p}");
    }
    // The report writes the free round as `0000 - U` and scores it 0 in the 162 record, so
    // the points add up for any reader; it reads back to the same standings.
    let report = dir.path("rr.trf");
    ok(&db, &["export", "trf", "-o", &report]);
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("162") && l.contains("P 0.0")),
        "{text}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("001 {:>4}", free[0])))
        .unwrap();
    assert_eq!(&line[91..99], "0000 - U", "{line}");
    let copy = dir.path("copy.db");
    ok(&copy, &["import", "trf", &report]);
    assert_eq!(
        json(&copy, &["standings", "--format", "json"])["rows"],
        table["rows"]
    );
    // The site's player card says "free round", not a pairing-allocated bye.
    let site = dir.path("site");
    ok(&db, &["publish", &site]);
    let card = std::fs::read_to_string(format!("{site}/player-{}.html", free[0])).unwrap();
    assert!(card.contains("free round"), "{card}");
    assert!(!card.contains("pairing-allocated"), "{card}");
}

/// Issue 12 item 19: prohibited pairings could be added but neither listed nor removed; a
/// wrong `forbid 4 17` stayed for the whole event.
#[test]
fn prohibited_pairings_are_listed_and_removed() {
    let dir = TempDir::new("rounds-forbid");
    let db = swiss(&dir, 6, 5);
    assert_eq!(
        ok(&db, &["forbid", "--list"]).trim(),
        "no prohibited pairings"
    );
    ok(&db, &["forbid", "2", "5", "6"]);
    let list = ok(&db, &["forbid", "--list"]);
    let pairs: Vec<(String, String)> = list
        .lines()
        .map(|l| {
            let (a, b) = l.split_once(" - ").unwrap();
            (
                a.split_whitespace().next().unwrap().to_owned(),
                b.split_whitespace().next().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [("2", "5"), ("2", "6"), ("5", "6")];
    assert_eq!(
        pairs,
        expected.map(|(a, b)| (a.to_owned(), b.to_owned())),
        "{list}"
    );
    assert!(list.contains("Player, P02"), "{list}");
    // Removing 6 and 5 lifts only that pair (in either order), logged.
    assert!(ok(&db, &["forbid", "--remove", "6", "5"]).contains("1 prohibited"));
    let after = ok(&db, &["forbid", "--list"]);
    assert_eq!(after.lines().count(), 2, "{after}");
    assert!(
        !after
            .lines()
            .any(|l| l.contains("P05") && l.contains("P06"))
    );
    assert!(ok(&db, &["log"]).contains("forbid --remove"));
    // Nothing to remove: refused, nothing changed.
    let none = run(&db, &["forbid", "--remove", "1", "3"]);
    assert_eq!(none.status.code(), Some(4));
    assert_eq!(ok(&db, &["forbid", "--list"]), after);
    // The export carries only the prohibitions that remain (TRF 260/XXP), so the engine
    // reads the same list.
    let trf = ok(&db, &["export", "trf"]);
    let records: Vec<&str> = trf
        .lines()
        .filter(|l| l.starts_with("260") || l.starts_with("XXP"))
        .collect();
    assert!(!records.is_empty(), "{trf}");
    assert!(
        !records.iter().any(|l| {
            let ids: Vec<&str> = l.split_whitespace().collect();
            ids.contains(&"5") && ids.contains(&"6") && !ids.contains(&"2")
        }),
        "{records:?}"
    );
}

/// Issue 12 item 19: a registration made by mistake could not be deleted; before round 1
/// the only way was a new event. `player remove N` deletes it (logged) and closes up the
/// numbers; after round 1 it is refused and points to `player withdraw`.
#[test]
fn a_registration_is_removed_before_round_one_only() {
    let dir = TempDir::new("rounds-remove");
    let db = swiss(&dir, 6, 5);
    ok(&db, &["bye", "3", "--round", "2", "--half"]);
    ok(&db, &["forbid", "3", "4"]);
    let out = ok(&db, &["player", "remove", "3"]);
    assert!(
        out.contains("Player, P03") && out.contains("removed"),
        "{out}"
    );
    let players = json(&db, &["player", "list", "--format", "json"]);
    let names: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Player, P01",
            "Player, P02",
            "Player, P04",
            "Player, P05",
            "Player, P06"
        ]
    );
    let numbers: Vec<u64> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
    // Their bye and prohibition went with them.
    assert_eq!(
        ok(&db, &["forbid", "--list"]).trim(),
        "no prohibited pairings"
    );
    let log = ok(&db, &["log"]);
    assert!(log.contains("player remove"), "{log}");
    // Five players are paired: four on boards, one bye; nobody absent.
    ok(&db, &["pair", "--seed", "5"]);
    let (on_board, unpaired) = round(&db, 1);
    assert_eq!(on_board.len(), 4);
    assert_eq!(unpaired.len(), 1);
    assert_eq!(unpaired[0].1, "U");
    // After round 1 the player is on record: refused, with the way out.
    let refused = run(&db, &["player", "remove", "2"]);
    assert_eq!(refused.status.code(), Some(4));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("player withdraw 2"), "{err}");
    assert_eq!(json(&db, &["player", "list", "--format", "json"]), players);
}

/// Issue 12 item 19: `pair --manual` with only some boards printed one "refused" line per
/// player not given (57 of them in a 64-player field) instead of pairing the rest. Now the
/// engine pairs the others around the given boards and says which boards it kept.
#[test]
fn a_partial_manual_pairing_is_completed_by_the_engine() {
    let dir = TempDir::new("rounds-partial-manual");
    let db = swiss(&dir, 9, 5);
    // A prohibited pairing among the players left must hold in the engine's part.
    ok(&db, &["forbid", "2", "7"]);
    let out = run(&db, &["pair", "--manual", "1-6", "--seed", "8"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("refused"), "{stderr}");
    assert!(
        stdout.contains(
            "kept as given: board 1; paired by the engine around them: boards 2-4 and the bye"
        ),
        "{stdout}"
    );
    let view = json(&db, &["round", "show", "1", "--format", "json"]);
    let boards = view["boards"].as_array().unwrap();
    assert_eq!(
        (&boards[0]["white"], &boards[0]["black"]),
        (&1.into(), &6.into())
    );
    let (on_board, unpaired) = round(&db, 1);
    assert_eq!(on_board.len(), 8);
    assert_eq!(unpaired.len(), 1);
    assert_eq!(unpaired[0].1, "U");
    let mut everyone = on_board.clone();
    everyone.push(unpaired[0].0);
    everyone.sort();
    assert_eq!(everyone, (1..=9).collect::<Vec<u64>>());
    assert!(!boards.iter().any(|b| {
        let pair = [b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap()];
        pair.contains(&2) && pair.contains(&7)
    }));
    // A given board that breaks an absolute criterion is checked like any manual pairing:
    // in round 2, 1-6 again is a repeat (C1) and refused.
    white_wins(&db, 1);
    let repeat = run(&db, &["pair", "--manual", "6-1"]);
    assert_eq!(repeat.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&repeat.stderr).contains("C1"));
    assert_eq!(round(&db, 2), (vec![], vec![]));
    // With eight players to pair, a bye given by hand leaves an odd number for the engine,
    // which would need a second bye: refused.
    ok(&db, &["bye", "9", "--round", "2", "--zero"]);
    let two_byes = run(&db, &["pair", "--manual", "1-2,3-0"]);
    assert_eq!(two_byes.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&two_byes.stderr).contains("second bye"));
}

/// Issue 12 item 2, round 1: a refused `pair` (here a manual pairing that breaks an absolute
/// criterion) had already drawn and stored the initial colour, so the event was not left as
/// it was. The colour is now drawn with the pairing and stored in its transaction.
#[test]
fn a_refused_first_round_leaves_the_colour_undrawn() {
    let dir = TempDir::new("rounds-refused-first");
    let db = swiss(&dir, 4, 3);
    ok(&db, &["forbid", "1", "3"]);
    let log_before = ok(&db, &["log"]);
    let out = run(&db, &["pair", "--manual", "1-3,2-4", "--seed", "6"]);
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(ok(&db, &["config", "initial-colour"]).trim(), "lots");
    assert_eq!(ok(&db, &["log"]), log_before);
    // Accepted, the draw is stored and logged with the pairing.
    let out = ok(&db, &["pair", "--manual", "1-2,3-4", "--seed", "6"]);
    assert!(
        out.contains("initial colour drawn by lot (seed 6)"),
        "{out}"
    );
    assert_ne!(ok(&db, &["config", "initial-colour"]).trim(), "lots");
    assert!(ok(&db, &["log"]).contains("initial colour (seed 6)"));
}
