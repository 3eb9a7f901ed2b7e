//! Field repairs to results and the past (issue 12, items 6, 14 and 16): corrections by when
//! they are reported (C.04.2 Art. 4.3), adjourned games (Art. 3.1), published pairings
//! (Art. 4.4), withdrawals, rating corrections after round 4 (Art. 2.3), results written as
//! a director writes them, and rounds that are not paired yet. One test per defect.

use std::collections::HashMap;

use crate::util::{TempDir, ok_on as ok, run_on as run};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A new Swiss event with `players` players of distinct ratings (so that the numbers are
/// 1..=players in registration order) and White for the top player in round 1.
fn event(name: &str, players: usize, rounds: u32) -> (TempDir, String) {
    let dir = TempDir::new(name);
    let db = dir.db();
    ok(
        &db,
        &[
            "new",
            "Field Open",
            "--rounds",
            &rounds.to_string(),
            "--initial-colour",
            "white",
        ],
    );
    for i in 0..players {
        let rating = (2400 - 10 * i).to_string();
        ok(
            &db,
            &[
                "player",
                "add",
                &format!("Player, {i:02}"),
                "--rating",
                &rating,
            ],
        );
    }
    (dir, db)
}

/// The boards of a round: (board, White, Black, result as shown).
fn boards(db: &str, round: u32) -> Vec<(u32, u16, u16, String)> {
    ok(
        db,
        &["round", "show", &round.to_string(), "--format", "csv"],
    )
    .lines()
    .skip(1)
    .filter_map(|line| {
        // round,board,white,"white name",black,"black name",result,white_code,black_code
        // Every name here holds one comma ("Player, 03"), so a name is two fields.
        let fields: Vec<&str> = line.split(',').collect();
        Some((
            fields[1].parse().ok()?,
            fields[2].parse().ok()?,
            fields[5].parse().ok()?,
            fields[8].to_owned(),
        ))
    })
    .collect()
}

/// Each player's points in the standings, by number, as printed.
fn points(db: &str) -> HashMap<u16, String> {
    let text = ok(db, &["standings", "--format", "csv"]);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let column = header.iter().position(|h| *h == "points").unwrap();
    lines
        .map(|line| {
            // Names are quoted and hold one comma ("Player, 03"); the columns before the
            // name are rank and number.
            let fields: Vec<&str> = line.split(',').collect();
            (fields[1].parse().unwrap(), fields[column + 1].to_owned())
        })
        .collect()
}

/// Enters `1-0` on every board of a round.
fn white_wins(db: &str, round: u32) {
    for (board, ..) in boards(db, round) {
        ok(
            db,
            &["result", &round.to_string(), &board.to_string(), "1-0"],
        );
    }
}

/// A correction reported before the next round is paired counts for the standings and the
/// next pairing (C.04.2 4.3). Before the fix `result --correct` said nothing of the kind of
/// correction or what it affects.
#[test]
fn correction_before_the_next_pairing_counts_for_standings_and_says_so() {
    let (_dir, db) = event("correct-before", 4, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    let (_, white, black, _) = boards(&db, 1)[0].clone();
    let out = ok(&db, &["result", "1", "1", "0-1", "--correct"]);
    assert!(out.contains("correction before the next pairing"), "{out}");
    assert!(out.contains("counts for the standings and the pairing of round 2"));
    let pts = points(&db);
    assert_eq!(pts[&white], "0.0");
    assert_eq!(pts[&black], "1.0");
}

/// A correction reported after the next round is paired but before that round ends leaves
/// the published pairing as it is (C.04.2 4.3, 4.4) and counts for the standings and the
/// pairing after it. Before the fix nothing said that the pairing stands.
#[test]
fn correction_after_the_next_pairing_keeps_that_pairing() {
    let (_dir, db) = event("correct-after-pairing", 6, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    ok(&db, &["pair"]);
    let round2 = boards(&db, 2);
    let (_, white, black, _) = boards(&db, 1)[0].clone();
    let out = ok(&db, &["result", "1", "1", "0-1", "--correct"]);
    assert!(
        out.contains("the published pairing of round 2 stands"),
        "{out}"
    );
    assert!(out.contains("the pairing of round 3"), "{out}");
    assert_eq!(boards(&db, 2), round2, "round 2's pairing must not change");
    let pts = points(&db);
    assert_eq!(pts[&white], "0.0");
    assert_eq!(pts[&black], "1.0");
}

/// A correction reported after the following round has ended is for rating evaluation only
/// (C.04.2 4.3): the standings keep the tournament's result and the exported TRF carries the
/// corrected one, with a 299 adjustment so that its points still add up. Before the fix the
/// correction silently rewrote the tournament score.
#[test]
fn late_correction_goes_to_the_rating_report_only() {
    let (dir, db) = event("correct-late", 6, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    ok(&db, &["pair"]);
    white_wins(&db, 2);
    let before = points(&db);
    let (_, white, black, _) = boards(&db, 1)[0].clone();
    let out = ok(&db, &["result", "1", "1", "0-1", "--correct"]);
    assert!(out.contains("for rating evaluation only"), "{out}");
    assert_eq!(points(&db), before, "the standings must not change");
    // `round show` is the tournament's record too.
    assert_eq!(boards(&db, 1)[0].3, "1-0");

    let trf_path = dir.path("report.trf");
    ok(&db, &["export", "trf", "-o", &trf_path]);
    let text = std::fs::read_to_string(&trf_path).unwrap();
    let (trf, warnings) = arbiter::trf::parse(&text).unwrap();
    assert!(
        warnings.iter().all(|w| !w.message.contains("points")),
        "{warnings:?}"
    );
    let find = |id: u16| {
        trf.players
            .iter()
            .find(|p| p.player.id.0 == id)
            .unwrap()
            .clone()
    };
    // The rating report carries the corrected game; each player's points are still the
    // tournament's (1.0 for the winner of two games who lost one on paper, and so on).
    assert_eq!(find(white).rounds[0].code, '0');
    assert_eq!(find(black).rounds[0].code, '1');
    assert_eq!(find(white).points.to_string(), before[&white]);
    assert_eq!(find(black).points.to_string(), before[&black]);
    assert!(text.contains("for rating evaluation only"));
}

/// An adjourned game finished after the next pairing is no correction (C.04.2 3.1): it
/// counted as a draw for that pairing and its real result counts in full, even once the
/// following round has ended. Before the fix `--correct` on it was logged as a correction.
#[test]
fn adjourned_game_finished_later_counts_in_full() {
    let (_dir, db) = event("adjourned", 6, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    ok(&db, &["result", "1", "1", "*", "--correct"]);
    let (_, white, _, _) = boards(&db, 1)[0].clone();
    ok(&db, &["pair"]);
    white_wins(&db, 2);
    let before = points(&db);
    let out = ok(&db, &["result", "1", "1", "1-0", "--correct"]);
    assert!(out.contains("adjourned game is finished"), "{out}");
    let after = points(&db);
    let gained: f64 =
        after[&white].parse::<f64>().unwrap() - before[&white].parse::<f64>().unwrap();
    // Pending in the standings before, a full point now.
    assert_eq!(gained, 1.0);
    let log = ok(&db, &["log"]);
    assert!(log.contains("adjourned game finished"), "{log}");
}

/// A published pairing is changed only on a ground of C.04.2 4.4, stated and logged. Before
/// the fix `unpair` took back a published round without any ground.
#[test]
fn published_pairing_is_unpaired_only_on_a_stated_ground() {
    let (dir, db) = event("unpair-published", 6, 5);
    ok(&db, &["pair"]);
    // Not yet published: the director may take it back.
    ok(&db, &["unpair"]);
    ok(&db, &["pair"]);
    ok(&db, &["publish", &dir.path("site")]);
    let out = run(&db, &["unpair"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(stderr(&out).contains("--ground"), "{}", stderr(&out));
    assert!(
        !boards(&db, 1).is_empty(),
        "a refused unpair changes nothing"
    );
    // The last-round ground holds only in the last round.
    assert_eq!(
        run(&db, &["unpair", "--ground", "last-round"])
            .status
            .code(),
        Some(4)
    );
    let out = ok(&db, &["unpair", "--ground", "rematch"]);
    assert!(out.contains("C.04.2 4.4"), "{out}");
    assert!(ok(&db, &["log"]).contains("4.4: two players who have already met"));
}

/// `player withdraw N --from-round R` was accepted for a round the player had played, and
/// `--from-round 0` too; both are refused, and nothing changes.
#[test]
fn withdrawal_cannot_reach_back_into_a_played_round() {
    let (_dir, db) = event("withdraw", 4, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    let zero = run(&db, &["player", "withdraw", "2", "--from-round", "0"]);
    assert_eq!(zero.status.code(), Some(3));
    assert!(stderr(&zero).contains("numbered from 1"));
    let played = run(&db, &["player", "withdraw", "2", "--from-round", "1"]);
    assert_eq!(played.status.code(), Some(4));
    assert!(
        stderr(&played).contains("paired in round 1"),
        "{}",
        stderr(&played)
    );
    assert!(ok(&db, &["player", "list"]).contains("active"));
    ok(&db, &["player", "withdraw", "2", "--from-round", "2"]);
    // Paired but not played: the message says to enter the forfeit first.
    ok(&db, &["pair"]);
    let paired = run(&db, &["player", "withdraw", "1", "--from-round", "2"]);
    assert!(stderr(&paired).contains("forfeit"), "{}", stderr(&paired));
}

/// `player edit --rating` after round 4 is paired changes the rating and not the pairing
/// numbers (C.04.2 2.3), and says so; before round 4 the numbers follow. Before the fix the
/// command said only "changed" either way.
#[test]
fn rating_edit_after_round_four_keeps_numbers_and_says_so() {
    let (_dir, db) = event("rating-edit", 12, 7);
    // Before round 1: the corrected rating moves player 6 to the top.
    let out = ok(&db, &["player", "edit", "6", "--rating", "2500"]);
    assert!(out.contains("player 6 is now number 1"), "{out}");
    // Back to where it was, so that number 6 is that player again.
    ok(&db, &["player", "edit", "1", "--rating", "2350"]);
    for round in 1..=4 {
        ok(&db, &["pair"]);
        if round < 4 {
            white_wins(&db, round);
        }
    }
    let out = ok(&db, &["player", "edit", "6", "--rating", "2600"]);
    assert!(out.contains("pairing numbers are not"), "{out}");
    let list = ok(&db, &["player", "list"]);
    let line = list.lines().find(|l| l.contains("2600")).unwrap();
    assert!(line.trim_start().starts_with("6 "), "{line}");
}

/// `result 2 5 -+` and `result 2 6 --` failed as unknown command-line flags: results are
/// values, and flags still work after them.
#[test]
fn forfeit_results_are_values_not_flags() {
    let (_dir, db) = event("forfeit-values", 6, 5);
    ok(&db, &["pair"]);
    ok(&db, &["result", "1", "1", "-+"]);
    ok(&db, &["result", "1", "2", "--"]);
    ok(&db, &["result", "1", "3", "+-"]);
    let shown = boards(&db, 1);
    assert_eq!(shown[0].3, "-+");
    assert_eq!(shown[1].3, "--");
    assert_eq!(shown[2].3, "+-");
    let out = ok(&db, &["result", "1", "2", "--", "--correct"]);
    assert!(out.contains("correction"), "{out}");
}

/// `result ROUND --player N RESULT` was read from White's side even when N had Black; it is
/// read from N's side and echoed from it, with names.
#[test]
fn result_by_player_is_read_from_that_players_side() {
    let (_dir, db) = event("by-player", 4, 5);
    ok(&db, &["pair"]);
    let (_, white, black, _) = boards(&db, 1)[0].clone();
    let out = ok(&db, &["result", "1", "--player", &black.to_string(), "1-0"]);
    assert!(out.contains("(Black) 1 - 0 against"), "{out}");
    assert!(out.contains("Player, "), "{out}");
    assert_eq!(boards(&db, 1)[0].3, "0-1");
    let pts = points(&db);
    assert_eq!(pts[&black], "1.0");
    assert_eq!(pts[&white], "0.0");
}

/// `round show 2` before round 2 was paired printed an empty table with exit 0, and
/// `result 2 1 1-0` said "no board 1": both say the round is not paired.
#[test]
fn unpaired_round_is_named_as_such() {
    let (_dir, db) = event("unpaired-round", 4, 5);
    ok(&db, &["pair"]);
    let show = run(&db, &["round", "show", "2"]);
    assert_eq!(show.status.code(), Some(3));
    assert!(stdout(&show).is_empty());
    assert!(
        stderr(&show).contains("round 2 is not paired yet"),
        "{}",
        stderr(&show)
    );
    let result = run(&db, &["result", "2", "1", "1-0"]);
    assert_eq!(result.status.code(), Some(3));
    assert!(stderr(&result).contains("round 2 is not paired yet"));
    let by_player = run(&db, &["result", "2", "--player", "1", "1-0"]);
    assert!(stderr(&by_player).contains("round 2 is not paired yet"));
}

/// A new event of ten players, exported as a report (no rounds yet).
fn ten_player_report(name: &str) -> (TempDir, String, String) {
    let (dir, db) = event(name, 10, 9);
    let path = dir.path("start.trf");
    ok(&db, &["export", "trf", "-o", &path]);
    let text = std::fs::read_to_string(&path).unwrap();
    (dir, db, text)
}

/// On import the store dropped a prohibited pairing's round range: `260   7   8    4   10`
/// came back as `260   1   9 ...`, so the pair could not meet in any round. The range
/// is kept, exported as read, and the pairing input of round 1 does not apply it.
#[test]
fn prohibited_pairing_keeps_its_rounds_through_import_and_export() {
    let (dir, _, text) = ten_player_report("trf-260");
    let source = dir.path("with-260.trf");
    std::fs::write(&source, format!("{text}260   7   8    4   10\n")).unwrap();
    let db = dir.path("imported.db");
    ok(&db, &["import", "trf", &source]);
    let exported = ok(&db, &["export", "trf"]);
    assert!(
        exported.lines().any(|l| l == "260   7   8    4   10"),
        "{exported}"
    );
    let store = arbiter::store::Store::open(std::path::Path::new(&db)).unwrap();
    let trf = store.to_trf().unwrap();
    let round1 = arbiter::pairing::PairingInput::from_trf(&trf, 1).unwrap();
    assert!(round1.prohibited.is_empty(), "{:?}", round1.prohibited);
    let round7 = arbiter::pairing::PairingInput::from_trf(&trf, 7).unwrap();
    assert_eq!(
        round7.prohibited,
        vec![(
            arbiter::tournament::PlayerId(4),
            arbiter::tournament::PlayerId(10)
        )]
    );
}

/// The store and the pairing input read the player numbers of a record in different ways
/// (fixed five-column slots and blank-separated numbers), so a `260` whose numbers are not
/// aligned was a prohibition for one and not for the other. Both read it through one reader.
#[test]
fn store_and_pairing_read_a_prohibition_alike() {
    let (dir, _, text) = ten_player_report("trf-260-unaligned");
    let source = dir.path("unaligned.trf");
    std::fs::write(&source, format!("{text}260   1   9  3 7\n")).unwrap();
    let db = dir.path("imported.db");
    ok(&db, &["import", "trf", &source]);
    let store = arbiter::store::Store::open(std::path::Path::new(&db)).unwrap();
    let input = arbiter::pairing::PairingInput::from_trf(&store.to_trf().unwrap(), 1).unwrap();
    assert_eq!(
        input.prohibited,
        vec![(
            arbiter::tournament::PlayerId(3),
            arbiter::tournament::PlayerId(7)
        )]
    );
    let (report, _) = arbiter::trf::parse(&text).unwrap();
    let mut direct = report.clone();
    direct.other.push(("260".into(), "260   1   9  3 7".into()));
    let from_file = arbiter::pairing::PairingInput::from_trf(&direct, 1).unwrap();
    assert_eq!(from_file.prohibited, input.prohibited);
}

/// The exported `001` lines left the rank (columns 86-89) blank; it is the rank in the
/// standings after the last round paired.
#[test]
fn exported_player_records_carry_the_rank() {
    let (_dir, db) = event("trf-rank", 4, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    let standings = ok(&db, &["standings", "--format", "csv"]);
    let exported = ok(&db, &["export", "trf"]);
    let (trf, _) = arbiter::trf::parse(&exported).unwrap();
    for line in standings.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (rank, number): (u16, u16) = (fields[0].parse().unwrap(), fields[1].parse().unwrap());
        let player = trf
            .players
            .iter()
            .find(|p| p.player.id.0 == number)
            .unwrap();
        assert_eq!(player.rank, Some(rank), "player {number}");
    }
    // In the fixed columns themselves.
    let line = exported.lines().find(|l| l.starts_with("001")).unwrap();
    assert!(!line.get(85..89).unwrap().trim().is_empty(), "{line}");
}

/// A name with a newline was accepted and split the `001` record, so the export could not
/// be read back. Control characters are refused in every text field, whichever way it
/// comes in, and what is stored still reads back.
#[test]
fn control_characters_are_refused_in_text_fields() {
    let (dir, db) = event("control-characters", 2, 5);
    let add = run(
        &db,
        &["player", "add", "Evil\n001 9999 Name", "--rating", "2000"],
    );
    assert_eq!(add.status.code(), Some(3));
    assert!(stderr(&add).contains("U+000A"), "{}", stderr(&add));
    let edit = run(&db, &["player", "edit", "1", "--club", "Tab\tClub"]);
    assert_eq!(edit.status.code(), Some(3));
    let config = run(&db, &["config", "city", "Oslo\r\n012 Other"]);
    assert_eq!(config.status.code(), Some(3));
    let new = run(&dir.path("other.db"), &["new", "Bell\u{7}Open"]);
    assert_eq!(new.status.code(), Some(3));
    assert!(!std::path::Path::new(&dir.path("other.db")).exists());
    // A CSV may quote a line break into a field: refused with its line and column.
    let csv = dir.path("players.csv");
    std::fs::write(&csv, "name,rating\n\"Split,\nName\",2100\n").unwrap();
    let import = run(&db, &["import", "players", &csv]);
    assert_eq!(import.status.code(), Some(3));
    assert!(stderr(&import).contains("U+000A"), "{}", stderr(&import));
    // A report with a control character inside a record: refused with line and column.
    let exported = ok(&db, &["export", "trf"]);
    let hostile = exported.replacen("Player, 00", "Player,\u{1b}00", 1);
    let trf = dir.path("hostile.trf");
    std::fs::write(&trf, hostile).unwrap();
    let imported = run(&dir.path("third.db"), &["import", "trf", &trf]);
    assert_eq!(imported.status.code(), Some(3));
    assert!(
        stderr(&imported).contains("U+001B"),
        "{}",
        stderr(&imported)
    );
    // Nothing reached the event: its report reads back with its two players.
    let (back, _) = arbiter::trf::parse(&ok(&db, &["export", "trf"])).unwrap();
    assert_eq!(back.players.len(), 2);
}

/// `import results --correct` applied the same rules without a word: a late correction left
/// the standings as they were and nothing said why; and a row for a round not yet paired
/// said "no board". Each correction's kind is printed, and the unpaired round is named.
#[test]
fn imported_corrections_say_their_kind() {
    let (dir, db) = event("import-corrections", 6, 5);
    ok(&db, &["pair"]);
    white_wins(&db, 1);
    ok(&db, &["pair"]);
    white_wins(&db, 2);
    let csv = dir.path("late.csv");
    std::fs::write(&csv, "board,result\n1,0-1\n").unwrap();
    let out = ok(
        &db,
        &["import", "results", &csv, "--round", "1", "--correct"],
    );
    assert!(out.contains("for rating evaluation only"), "{out}");
    let early = run(&db, &["import", "results", &csv, "--round", "3"]);
    assert_eq!(early.status.code(), Some(3));
    assert!(
        stderr(&early).contains("line 2: round 3 is not paired yet"),
        "{}",
        stderr(&early)
    );
}
