//! The README's tour, run as written: every `arbiter` line of "A director's session",
//! "Checking scoresheets", "Judging a draw claim" and "Can a player still checkmate?" runs in
//! order, on a fresh database, in a folder holding the files the tour names (fixtures/tour,
//! written out from `include_str!`). Each line must end with the exit code the README
//! promises (0 unless its comment says otherwise), and afterwards the test looks at what a
//! director or an arbiter would look at: who was paired, with what points, what the site says.
//!
//! The bugs of issue 12 lived between commands, where no test walked; this test walks there.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::util::TempDir;

const README: &str = include_str!("../../README.md");

/// The files the tour names, as a director would have them beside the database.
const FILES: &[(&str, &str)] = &[
    (
        "entries.csv",
        include_str!("../../fixtures/tour/entries.csv"),
    ),
    ("round1.csv", include_str!("../../fixtures/tour/round1.csv")),
    ("round2.csv", include_str!("../../fixtures/tour/round2.csv")),
    ("board4.pgn", include_str!("../../fixtures/tour/board4.pgn")),
    ("round5.pgn", include_str!("../../fixtures/tour/round5.pgn")),
    ("sheet.txt", include_str!("../../fixtures/tour/sheet.txt")),
    ("game.pgn", include_str!("../../fixtures/tour/game.pgn")),
    (
        "lichess.trf",
        include_str!("../../fixtures/tour/lichess.trf"),
    ),
    ("round3.pgn", include_str!("../../fixtures/tour/round3.pgn")),
    (
        "timeouts.pgn",
        include_str!("../../fixtures/tour/timeouts.pgn"),
    ),
];

/// One command of the README: the line as written and its words as a shell splits them.
#[derive(Debug)]
struct Step {
    line: String,
    words: Vec<String>,
    /// The exit code the line's comment promises (`exit 1`), else 0.
    exit: i32,
}

/// The first `sh` block after the heading `### {heading}`.
fn block(heading: &str) -> &'static str {
    let start = README
        .find(&format!("### {heading}\n"))
        .unwrap_or_else(|| panic!("README has no section {heading:?}"));
    let rest = &README[start..];
    let open = rest.find("```sh\n").expect("a sh block") + "```sh\n".len();
    let close = rest[open..].find("```").expect("the block's end");
    &rest[open..open + close]
}

/// The `arbiter` commands of a block, continuation lines joined, comments kept apart.
fn steps(heading: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut pending = String::new();
    for raw in block(heading).lines() {
        let (words, comment) = split(&format!("{pending}{raw}"));
        if raw.trim_end().ends_with('\\') {
            pending = format!("{pending}{} ", raw.trim_end().trim_end_matches('\\'));
            continue;
        }
        let line = format!("{pending}{raw}");
        pending.clear();
        if words.first().map(String::as_str) != Some("arbiter") {
            continue;
        }
        let exit = if comment.contains("exit 1") { 1 } else { 0 };
        steps.push(Step {
            line: line.trim().to_owned(),
            words: words[1..].to_vec(),
            exit,
        });
    }
    steps
}

/// Words as a POSIX shell splits them (single and double quotes, backslash), and the comment
/// that an unquoted `#` at the start of a word begins.
fn split(line: &str) -> (Vec<String>, String) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' if !in_word => return (words, chars.collect()),
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            word.push(chars.next().expect("peeked"));
                        }
                        _ => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    (words, String::new())
}

/// Runs `arbiter` in the tour's folder with no database named: `tournament.db` there.
fn arbiter(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .env_remove("ARBITER_DB")
        .output()
        .expect("run arbiter")
}

/// Runs a section's steps in order; each must end as the README says.
fn run_section(dir: &Path, heading: &str) -> Vec<(Step, Output)> {
    let mut done = Vec::new();
    for step in steps(heading) {
        let args: Vec<&str> = step.words.iter().map(String::as_str).collect();
        let out = arbiter(dir, &args);
        assert_eq!(
            out.status.code(),
            Some(step.exit),
            "README line `{}` ended with {:?}, not {}\nstdout:\n{}\nstderr:\n{}",
            step.line,
            out.status.code(),
            step.exit,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        done.push((step, out));
    }
    done
}

fn tour_dir(name: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new(name);
    for (file, text) in FILES {
        std::fs::write(dir.0.join(file), text).expect("write a tour file");
    }
    let path = dir.0.clone();
    (dir, path)
}

fn json(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = arbiter(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

#[test]
fn the_shell_splitter_reads_the_readme_as_a_shell_would() {
    // The cases the README uses: double quotes with a comma, single quotes around a FEN,
    // a quoted `*`, a comment after the command.
    let (words, comment) = split(r#"arbiter result 1 7 "*"   # adjourned"#);
    assert_eq!(words, ["arbiter", "result", "1", "7", "*"]);
    assert_eq!(comment.trim(), "adjourned");
    let (words, _) = split("arbiter perft 1 --fen '4k3/8 w Kk - 0 1'");
    assert_eq!(words[3..], ["--fen", "4k3/8 w Kk - 0 1"]);
    let (words, _) = split(r#"arbiter player add "Late, Comer" --rating 2105"#);
    assert_eq!(words[3], "Late, Comer");
    // Every section the tour runs has commands, so a renamed heading cannot empty the test.
    for heading in [
        "A director's session",
        "Checking scoresheets",
        "Judging a draw claim",
        "Files from other programs",
    ] {
        assert!(steps(heading).len() >= 3, "{heading}");
    }
}

/// A player's points in the rounds shown, computed from `round show --format json` alone
/// (the result codes of TRF-2026: a win, a forfeit win, a pairing-allocated or full-point bye
/// is worth 1 under the event's default scoring, a draw or a half-point bye ½), in halves.
fn halves_from_rounds(dir: &Path, rounds: u32) -> std::collections::HashMap<u64, u32> {
    let mut halves = std::collections::HashMap::new();
    let worth = |code: &str| match code {
        "1" | "+" | "U" | "F" | "W" => 2,
        "=" | "H" | "D" => 1,
        _ => 0,
    };
    for round in 1..=rounds {
        let view = json(
            dir,
            &["round", "show", &round.to_string(), "--format", "json"],
        );
        for board in view["boards"].as_array().expect("boards") {
            for (player, code) in [("white", "white_code"), ("black", "black_code")] {
                let id = board[player].as_u64().expect("a player");
                *halves.entry(id).or_default() += worth(board[code].as_str().unwrap_or(""));
            }
        }
        for entry in view["unpaired"].as_array().expect("unpaired") {
            let id = entry["player"].as_u64().expect("a player");
            *halves.entry(id).or_default() += worth(entry["code"].as_str().unwrap_or(""));
        }
    }
    halves
}

/// The player numbered `number` now, found by name so that renumbering cannot hide a mix-up.
fn number_of(dir: &Path, name: &str) -> u64 {
    let players = json(dir, &["player", "list", "--format", "json"]);
    players
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not registered"))["number"]
        .as_u64()
        .expect("a number")
}

/// Where a player was in a round: on a board, or unpaired with a code.
fn place(dir: &Path, round: u32, player: u64) -> String {
    let view = json(
        dir,
        &["round", "show", &round.to_string(), "--format", "json"],
    );
    let on_board = view["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .any(|b| b["white"].as_u64() == Some(player) || b["black"].as_u64() == Some(player));
    if on_board {
        return "board".into();
    }
    view["unpaired"]
        .as_array()
        .expect("unpaired")
        .iter()
        .find(|e| e["player"].as_u64() == Some(player))
        .map_or("missing".into(), |e| {
            format!("unpaired {}", e["code"].as_str().unwrap_or(""))
        })
}

#[test]
fn the_directors_session_runs_as_written() {
    let (_guard, dir) = tour_dir("tour-director");
    let done = run_section(&dir, "A director's session");
    let said = |needle: &str| {
        done.iter()
            .find(|(step, _)| step.line.contains(needle))
            .map(|(_, out)| String::from_utf8_lossy(&out.stdout).into_owned())
            .unwrap_or_else(|| panic!("no README line contains {needle:?}"))
    };

    // The field: 40 entries and Carlsen; the mistaken registration is gone; the late entry
    // took the number the README gives it.
    assert!(said("player add \"Late, Comer\"").contains("player 20: Late, Comer"));
    assert_eq!(number_of(&dir, "Late, Comer"), 20);
    let players = json(&dir, &["player", "list", "--format", "json"]);
    assert_eq!(players.as_array().unwrap().len(), 42);
    assert!(!players.to_string().contains("Costa, Rui"));

    // Issue 12 item 1: the bye asked for round 3 belongs to round 3. Tanaka (number 12 when
    // it was asked, and still) plays rounds 1 and 2 and has the half-point bye in round 3.
    let tanaka = number_of(&dir, "Tanaka, David");
    assert_eq!(tanaka, 12);
    assert_eq!(place(&dir, 1, tanaka), "board");
    assert_eq!(place(&dir, 2, tanaka), "board");
    assert_eq!(place(&dir, 3, tanaka), "unpaired H");
    // The known absence taken back: Lund (number 30 then) plays round 2.
    assert_eq!(place(&dir, 2, number_of(&dir, "Lund, Wim")), "board");
    // The late entry missed round 1 with the half-point bye the director gave.
    assert_eq!(place(&dir, 1, 20), "unpaired H");
    assert_eq!(place(&dir, 2, 20), "board");
    // The withdrawal from round 4 leaves rounds 1-3 alone.
    let olsen = number_of(&dir, "Olsen, Maria");
    for round in 1..=3 {
        assert_eq!(place(&dir, round, olsen), "board", "round {round}");
    }
    assert!(players.to_string().contains("withdrawn from round 4"));

    // The prohibited pairing held in every round (Garcia and Kowalski keep their numbers).
    for round in 1..=3 {
        let view = json(
            &dir,
            &["round", "show", &round.to_string(), "--format", "json"],
        );
        for board in view["boards"].as_array().unwrap() {
            let pair = [board["white"].as_u64(), board["black"].as_u64()];
            assert!(
                pair != [Some(4), Some(17)] && pair != [Some(17), Some(4)],
                "round {round}"
            );
        }
    }

    // The arbiter's own boards were kept as given, then taken back.
    assert!(said("pair --manual").contains("kept as given: boards 1-2"));
    assert!(said("arbiter unpair").contains("round 2 unpaired"));

    // Standings: every player's points are what the boards say (the adjourned game counted
    // once finished, both corrections counted), and the table says it is provisional.
    let standings = json(&dir, &["standings", "--format", "json"]);
    let expected = halves_from_rounds(&dir, 3);
    let rows = standings["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 42);
    for row in rows {
        let id = row["start_no"].as_u64().unwrap();
        let points: f64 = row["points"].as_str().unwrap().parse().unwrap();
        assert_eq!((points * 2.0) as u32, expected[&id], "player {id}: {row}");
    }
    let correction = said("result 2 3 0-1 --correct");
    assert!(
        correction.contains("the published pairing of round 3 stands"),
        "{correction}"
    );
    assert!(said("result 1 3 1/2").contains("adjourned game is finished"));
    let text = said("arbiter standings  ");
    assert!(text.contains("provisional: 20 results missing"), "{text}");

    // Issue 12 item 4: the site says provisional, and names the games still to be played.
    let index = std::fs::read_to_string(dir.join("site/index.html")).expect("index");
    assert!(index.contains("rovisional"), "index.html");
    assert!(
        index.contains("Round 3, board 1"),
        "index.html lists the missing games"
    );
    let standings_page =
        std::fs::read_to_string(dir.join("site/standings-r3.html")).expect("standings page");
    assert!(standings_page.contains("provisional"));

    // The log holds the corrections with their old values.
    let log = said("arbiter log");
    assert!(log.contains("round 1 game 4-24: 1/0 -> 0/1"), "{log}");
    assert!(log.contains("bye --cancel"), "{log}");

    // The rating report reads back as the same event (issue 12: an export made while a round
    // is under way used to be refused by our own reader).
    let other = arbiter(&dir, &["--db", "other.db", "import", "trf", "fide.trf"]);
    assert!(
        other.status.success(),
        "{}",
        String::from_utf8_lossy(&other.stderr)
    );
    let again = json(&dir, &["--db", "other.db", "standings", "--format", "json"]);
    let points = |s: &serde_json::Value| -> Vec<(u64, String)> {
        let mut v: Vec<_> = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["start_no"].as_u64().unwrap(), r["points"].to_string()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(points(&again), points(&standings));

    // Issue 12 item 5: the attached game is exported with the event's tags and the entered
    // (corrected) result.
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).expect("games.pgn");
    for tag in [
        "[Event \"Oslo Open 2026\"]",
        "[Round \"1\"]",
        "[Board \"4\"]",
        "[White \"Garcia, Sven\"]",
        "[Black \"Lindqvist, Wim\"]",
        "[Result \"0-1\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} missing from:\n{pgn}");
    }
    // The exported players read back into a fresh event.
    let fresh = arbiter(&dir, &["--db", "fresh.db", "new", "Again"]);
    assert!(fresh.status.success());
    let back = arbiter(
        &dir,
        &["--db", "fresh.db", "import", "players", "players.csv"],
    );
    assert!(
        String::from_utf8_lossy(&back.stdout).contains("registered 42 players"),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
}

#[test]
fn the_arbiters_session_runs_as_written() {
    let (_guard, dir) = tour_dir("tour-arbiter");
    let checks = run_section(&dir, "Checking scoresheets");
    let first = String::from_utf8_lossy(&checks[0].1.stdout).into_owned();
    // The README shows this block; the run must print it.
    assert!(
        first.contains(
            "round5.pgn: game 2 (A - B), 1-0: 6 half-moves, English\n  illegal move 4. Nd5 (half-move 7, line 13, column 35): the knight on c3 is pinned by the bishop on b4 against its king"
        ),
        "{first}"
    );
    assert!(first.contains("penalty: if this move was made on the board: 7.5.5"));
    let claims = run_section(&dir, "Judging a draw claim");
    let text = |i: usize| String::from_utf8_lossy(&claims[i].1.stdout).into_owned();
    // Black's 29th move is half-move 58, so the claim before it comes after 57 half-moves;
    // the position after 29...Qg4 stood after half-moves 50 and 54 too (checked
    // independently with python-chess 1.11, comparing its transposition keys ply by ply).
    assert!(
        text(0).contains("before 29..., after 29. Kg1 (half-move 57)"),
        "{}",
        text(0)
    );
    assert!(
        text(0).contains("after half-moves 50, 54, 58"),
        "{}",
        text(0)
    );
    let answer: serde_json::Value = serde_json::from_str(&text(1)).expect("claim json");
    assert_eq!(answer["ply"], 57);
    assert_eq!(answer["before"], "29...");
    assert_eq!(answer["threefold"]["valid"], true);
    assert!(text(2).contains("the claim is correct"), "{}", text(2));
    assert!(text(3).contains("the claim is incorrect"), "{}", text(3));
    assert!(text(3).contains("consequence"), "{}", text(3));
    // The wall locked by 40. h5 and the king-and-pawn ending are worked out in
    // fixtures/scoresheets/winnability.pgn's tests (src/scoresheet/tests.rs).
    let timeouts = String::from_utf8_lossy(&checks[3].1.stdout).into_owned();
    assert!(
        timeouts.contains("the game ended by itself after half-move 1: dead position"),
        "{timeouts}"
    );
    assert!(
        timeouts.contains(
            "1-0 on time, but white cannot checkmate by any series of legal moves (proved by exhaustive search): the game is drawn (6.9)"
        ),
        "{timeouts}"
    );
    let winnable = run_section(&dir, "Can a player still checkmate?");
    let text = String::from_utf8_lossy(&winnable[0].1.stdout).into_owned();
    assert!(text.contains("White  unwinnable"), "{text}");
    assert!(
        text.contains("Black  winnable      helpmate 50... Kxh3"),
        "{text}"
    );
    // A lone knight can never mate (the material rule).
    let answer: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&winnable[1].1.stdout).trim())
            .expect("winnable json");
    assert_eq!(answer["white"]["verdict"], "unwinnable");
    assert!(answer.get("black").is_none());
}

/// "Files from other programs": a tournament as lichess exports it (a hand-made file in that
/// form: month-name dates, a half-point bye and an absence written without opponent or colour)
/// imports, ranks, and goes back out in the standard's form.
#[test]
fn the_files_from_other_programs_section_runs_as_written() {
    let (_dir, dir) = tour_dir("tour-files");
    run_section(&dir, "Files from other programs");
    let standings = json(
        &dir,
        &["--db", "lichess.db", "standings", "--format", "json"],
    );
    // The event is dated Oct 13, 2024, so the 2024 rules apply (C.07, the edition in force).
    assert_eq!(standings["edition"], "2024");
    let first = &standings["rows"][0];
    assert_eq!(first["start_no"], 1);
    assert_eq!(first["points"], "2.5");
    // Worked by hand: player 1 met 4 (1.5), 2 (2.0) and 3 (0.5), so BH = 4.0 and BH/C1 = 3.5.
    assert_eq!(first["tiebreaks"][0], serde_json::json!(["BH/C1", "3.5"]));
    assert_eq!(first["tiebreaks"][1], serde_json::json!(["BH", "4.0"]));
    let exported = std::fs::read_to_string(dir.join("fide.trf")).expect("fide.trf written");
    assert!(
        exported.lines().any(|l| l == "042 2024/10/13"),
        "{exported}"
    );
    // The half-point bye and the absence keep their codes.
    let five = exported
        .lines()
        .find(|l| l.contains("fianchetto_fan"))
        .unwrap();
    assert!(five.contains("0000 - H"), "{five}");
}
