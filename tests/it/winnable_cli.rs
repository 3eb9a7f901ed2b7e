//! `arbiter winnable` as a user runs it (issue 15): a FEN argument in text and JSON, `--for`,
//! files and standard input with comments, blank lines and bad lines, and every helpmate the
//! command prints replayed by our rules engine on a sample of CHA's public test vector.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use arbiter::chess::{Color, Position};
use serde_json::{Value, json};

use crate::util::{TempDir, arbiter, fixture, json_lines};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8")
}

/// Runs `arbiter ARGS...` with `input` on its standard input.
fn arbiter_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    // Written from a thread so that a long answer cannot fill the pipe while we still write.
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer").expect("write stdin");
    out
}

/// White: Kb6, Qh2; Black: Ka8; White to move. Worked out by hand: the queen reaches the
/// eighth rank only at h8 (the h-file) and b8 (the diagonal h2-b8). Qb8+ is not mate (the
/// king takes it: b8 is not next to b6), while after Qh8+ the king has a7 and b7 (the white
/// king's) and b8 (the queen's rank): the one helpmate of one move is 1. Qh8#. Black has a
/// lone king and can never mate.
const QUEEN_MATE_IN_ONE: &str = "k7/8/1K6/8/8/8/7Q/8 w - - 0 1";

/// White: Kc7, Rb1; Black: Ka8; Black to move, move 12. Worked out by hand: b7 and b8 are
/// the white king's and the rook's, so 12... Ka7 is Black's only move; then the king on a7
/// has a8 and a6 on the a-file and b6, b7, b8 next to the white king, so 13. Ra1# mates, and
/// no other rook move does (Rb7+ leaves a8 and a6, Rb6 gives no check). The one shortest
/// helpmate, written from the FEN's move number 12 with Black to move first.
const ROOK_MATE_BLACK_FIRST: &str = "k7/2K5/8/8/8/8/8/1R6 b - - 0 12";

#[test]
fn a_fen_argument_in_text_shows_each_verdict_and_the_helpmate_with_move_numbers() {
    let out = arbiter(&["winnable", QUEEN_MATE_IN_ONE]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1\n  \
         White  winnable      helpmate 1. Qh8#\n  \
         Black  unwinnable\n"
    );
    let out = arbiter(&["winnable", ROOK_MATE_BLACK_FIRST]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "k7/2K5/8/8/8/8/8/1R6 b - - 0 12\n  \
         White  winnable      helpmate 12... Ka7 13. Ra1#\n  \
         Black  unwinnable\n"
    );
}

#[test]
fn a_fen_argument_in_json_follows_the_contract() {
    // The same hand-worked positions: the helpmates in UCI, `null` for the lone king.
    let out = arbiter(&["winnable", QUEEN_MATE_IN_ONE, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        json_lines(&out),
        [json!({
            "fen": QUEEN_MATE_IN_ONE,
            "white": {"verdict": "winnable", "helpmate": ["h2h8"]},
            "black": {"verdict": "unwinnable", "helpmate": null},
        })]
    );
    let out = arbiter(&["winnable", ROOK_MATE_BLACK_FIRST, "--json"]);
    assert_eq!(
        json_lines(&out),
        [json!({
            "fen": ROOK_MATE_BLACK_FIRST,
            "white": {"verdict": "winnable", "helpmate": ["a8a7", "b1a1"]},
            "black": {"verdict": "unwinnable", "helpmate": null},
        })]
    );
}

#[test]
fn for_asks_about_one_colour_only() {
    let cases = [
        (
            "white",
            json!({"fen": QUEEN_MATE_IN_ONE,
                   "white": {"verdict": "winnable", "helpmate": ["h2h8"]}}),
        ),
        (
            "black",
            json!({"fen": QUEEN_MATE_IN_ONE,
                   "black": {"verdict": "unwinnable", "helpmate": null}}),
        ),
    ];
    for (side, expected) in cases {
        let out = arbiter(&["winnable", QUEEN_MATE_IN_ONE, "--for", side, "--json"]);
        assert_eq!(out.status.code(), Some(0), "--for {side}");
        assert_eq!(json_lines(&out), [expected], "--for {side}");
    }
    let out = arbiter(&["winnable", QUEEN_MATE_IN_ONE, "--for", "black"]);
    assert_eq!(
        stdout(&out),
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1\n  Black  unwinnable\n"
    );
}

#[test]
fn text_says_when_a_position_is_dead_stalemate_or_already_mate() {
    // K v K: neither side has mating material (Art. 5.2.2's plainest dead position). Kb6 and
    // Qc7 against Ka8, Black to move: the king's three squares are covered and it is not in
    // check, a stalemate (5.2.1). Kb6 and Qa7 against Ka8, Black to move: checkmate, so
    // White's helpmate is the empty line.
    let cases = [
        (
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
            "k7/8/8/8/8/8/8/K7 w - - 0 1\n  White  unwinnable\n  Black  unwinnable\n  \
             neither side can checkmate: the position is dead and the game drawn (Art. 5.2.2)\n",
        ),
        (
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1\n  White  unwinnable\n  Black  unwinnable\n  \
             stalemate: the game is drawn (Art. 5.2.1)\n",
        ),
        (
            "k7/Q7/1K6/8/8/8/8/8 b - - 0 1",
            "k7/Q7/1K6/8/8/8/8/8 b - - 0 1\n  White  winnable      White has already checkmated\n  \
             Black  unwinnable\n",
        ),
    ];
    for (fen, expected) in cases {
        let out = arbiter(&["winnable", fen]);
        assert_eq!(out.status.code(), Some(0), "{fen}");
        assert_eq!(stdout(&out), expected, "{fen}");
    }
    let out = arbiter(&["winnable", "k7/Q7/1K6/8/8/8/8/8 b - - 0 1", "--json"]);
    assert_eq!(
        json_lines(&out)[0]["white"],
        json!({"verdict": "winnable", "helpmate": []})
    );
}

#[test]
fn a_bad_fen_argument_is_invalid_input_with_the_fen_readers_message() {
    // Each message is ParseFenError's, lowercase, saying what was expected.
    let cases = [
        ("k7/8/8/8/8/8/8/K7", "fen has no side to move field"),
        (
            "k7/8/8/8 w - - 0 1",
            "invalid fen placement: expected 8 ranks separated by `/`, found 4",
        ),
        (
            "k7/8/8/8/8/8/8/K7 x - - 0 1",
            "invalid side to move `x` in fen: expected `w` or `b`",
        ),
    ];
    for (fen, message) in cases {
        let out = arbiter(&["winnable", fen]);
        assert_eq!(out.status.code(), Some(3), "{fen}");
        assert_eq!(stdout(&out), "", "{fen}");
        let err = stderr(&out);
        assert!(err.starts_with("error: "), "{fen}: {err}");
        assert!(err.contains(message), "{fen}: {err}");
        assert!(err.contains("hint: "), "{fen}: {err}");
    }
    // No position at all is a usage error.
    let out = arbiter(&["winnable"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--file"), "{}", stderr(&out));
}

#[test]
fn the_fields_of_a_fen_given_as_separate_words_read_as_one_fen() {
    let words: Vec<&str> = QUEEN_MATE_IN_ONE.split(' ').collect();
    let mut args = vec!["winnable", "--json", "--for", "white"];
    args.extend(&words);
    let out = arbiter(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["fen"], QUEEN_MATE_IN_ONE);
}

/// A file as a user writes one: comments, blank lines, a CRLF line end, a comment after a
/// FEN, and an impossible position on line 6 between two good ones.
const FILE: &str = "# timeouts of round 3\n\
                    \n\
                    k7/8/1K6/8/8/8/7Q/8 w - - 0 1\n\
                    \x20  # board 2 was fine\r\n\
                    \n\
                    8/8/8/8/8/1K6/8/k6Q w - - 0 1\n\
                    k7/2K5/8/8/8/8/8/1R6 b - - 0 12  # board 5\n";

#[test]
fn a_file_skips_comments_and_blanks_and_a_bad_line_is_an_error_object_and_exit_3() {
    let dir = TempDir::new("winnable-file");
    let path = dir.path("positions.txt");
    std::fs::write(&path, FILE).expect("write");
    let out = arbiter(&["winnable", "--file", &path, "--json", "--for", "white"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    // Line 6: the white queen on h1 gives check along the first rank to the king on a1 while
    // White is to move, which no game can reach.
    let error = "impossible position in fen: the side not to move is in check, which no legal \
                 move can leave";
    assert_eq!(
        json_lines(&out),
        [
            json!({"fen": QUEEN_MATE_IN_ONE,
                   "white": {"verdict": "winnable", "helpmate": ["h2h8"]}}),
            json!({"line": 6, "error": error}),
            json!({"fen": ROOK_MATE_BLACK_FIRST,
                   "white": {"verdict": "winnable", "helpmate": ["a8a7", "b1a1"]}}),
        ]
    );
    let err = stderr(&out);
    assert!(err.contains(&format!("error: {path}:6: {error}")), "{err}");
    assert!(err.contains("1 line of"), "{err}");
    // The text form answers the same two positions, a blank line between their blocks, and
    // says the same on standard error.
    let out = arbiter(&["winnable", "--file", &path, "--for", "white"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stdout(&out),
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1\n  \
         White  winnable      helpmate 1. Qh8#\n\
         \n\
         k7/2K5/8/8/8/8/8/1R6 b - - 0 12\n  \
         White  winnable      helpmate 12... Ka7 13. Ra1#\n"
    );
    assert!(stderr(&out).contains(&format!("error: {path}:6: ")));
}

#[test]
fn standard_input_is_read_with_file_dash() {
    let out = arbiter_with_stdin(&["winnable", "--file", "-", "--json"], FILE);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["fen"], QUEEN_MATE_IN_ONE);
    assert_eq!(lines[1]["line"], 6);
    assert_eq!(lines[2]["fen"], ROOK_MATE_BLACK_FIRST);
    assert!(
        stderr(&out).contains("error: stdin:6: "),
        "{}",
        stderr(&out)
    );
    // Without a bad line the run is a success.
    let good = FILE.replace("8/8/8/8/8/1K6/8/k6Q w - - 0 1\n", "");
    let out = arbiter_with_stdin(&["winnable", "--file", "-", "--json"], &good);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out).len(), 2);
}

#[test]
fn a_missing_file_is_an_io_error() {
    let dir = TempDir::new("winnable-missing");
    let path = dir.path("none.txt");
    let out = arbiter(&["winnable", "--file", &path]);
    assert_eq!(out.status.code(), Some(5));
    assert!(stderr(&out).starts_with(&format!("error: cannot read {path}")));
}

#[test]
fn an_overlong_line_is_refused_without_holding_it() {
    // A line of 100,000 bytes and no comment cannot be a FEN: an error object, and the
    // position after it is still answered.
    let input = format!("{}\n{QUEEN_MATE_IN_ONE}\n", "8".repeat(100_000));
    let out = arbiter_with_stdin(
        &["winnable", "--file", "-", "--json", "--for", "black"],
        &input,
    );
    assert_eq!(out.status.code(), Some(3));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    assert!(
        lines[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("longer than")),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["fen"], QUEEN_MATE_IN_ONE);
}

/// Replays `helpmate` (UCI) from `fen` with our rules engine: every move legal, and the last
/// position checkmate by `winner`.
fn replay(fen: &str, helpmate: &[Value], winner: Color) -> Result<(), String> {
    let mut pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    for token in helpmate {
        let token = token
            .as_str()
            .ok_or("a helpmate move that is not a string")?;
        let mv = pos.parse_uci(token).map_err(|e| format!("{token}: {e}"))?;
        pos = pos.play(mv).map_err(|e| format!("{token}: {e}"))?;
    }
    if pos.is_checkmate() && pos.turn() == !winner {
        Ok(())
    } else {
        Err(format!("the line does not end in checkmate by {winner}"))
    }
}

#[test]
fn every_helpmate_printed_replays_to_mate_and_every_verdict_equals_cha_label() {
    // 307 lines of CHA's public test vector (fixtures/unwinnability/cli_sample.txt, how they
    // were chosen is in its header). The label `XY` is the expected answer: X = `W` when
    // White can mate, Y = `B` when Black can.
    let text = std::fs::read_to_string(fixture("unwinnability", "cli_sample.txt")).expect("read");
    let cases: Vec<(bool, bool, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (label, fen) = l.split_at(2);
            let fen = fen.trim();
            // Positions our engine refuses as impossible are not the command's to answer.
            Position::from_fen(fen).ok()?;
            Some((label.starts_with('W'), label.ends_with('B'), fen))
        })
        .collect();
    assert!(cases.len() >= 300, "{} positions", cases.len());
    let input: String = cases.iter().map(|(_, _, fen)| format!("{fen}\n")).collect();
    let out = arbiter_with_stdin(&["winnable", "--file", "-", "--json"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), cases.len());
    let mut failures = Vec::new();
    let mut replayed = 0usize;
    for ((white, black, fen), line) in cases.iter().zip(&lines) {
        assert_eq!(line["fen"], *fen, "answers come in input order");
        for (winner, key, expected) in [
            (Color::White, "white", *white),
            (Color::Black, "black", *black),
        ] {
            let answer = &line[key];
            let verdict = answer["verdict"].as_str().unwrap_or("missing");
            let wanted = if expected { "winnable" } else { "unwinnable" };
            if verdict != wanted {
                failures.push(format!("{fen} {key}: expected {wanted}, got {verdict}"));
            }
            match (verdict, answer["helpmate"].as_array()) {
                ("winnable", Some(helpmate)) => {
                    if let Err(e) = replay(fen, helpmate, winner) {
                        failures.push(format!("{fen} {key}: {e}"));
                    }
                    replayed += 1;
                }
                ("winnable", None) => failures.push(format!("{fen} {key}: no helpmate")),
                (_, None) if answer["helpmate"].is_null() => {}
                _ => failures.push(format!("{fen} {key}: a helpmate with {verdict}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The sample's labels hold 170 `W` and 138 `B`: every one of them was replayed.
    let expected_replays: usize = cases
        .iter()
        .map(|c| usize::from(c.0) + usize::from(c.1))
        .sum();
    assert_eq!(replayed, expected_replays);
}

#[test]
fn help_states_chas_convention_and_the_articles_and_its_examples_run() {
    let out = arbiter(&["winnable", "--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    for words in [
        "Art. 6.9",
        "Art. 5.2.2",
        "any series of legal moves, with the loser cooperating",
        "The fifty- and 75-move rules and the repetition rules are not applied inside the series",
        "undetermined",
    ] {
        assert!(help.contains(words), "`{words}` missing:\n{help}");
    }
    // The examples with a FEN argument run as written, with exit 0.
    let mut examples = 0;
    for line in help.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("arbiter winnable '") else {
            continue;
        };
        let (fen, flags) = rest.split_once('\'').expect("closing quote");
        let mut args = vec!["winnable", fen];
        args.extend(flags.split_whitespace());
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(0), "{line}: {}", stderr(&out));
        examples += 1;
    }
    assert_eq!(examples, 2, "{help}");
}

#[test]
fn each_answer_is_written_before_the_next_line_is_read() {
    // Streaming: the answer to the first FEN comes out while standard input is still open, so
    // a program can feed positions one at a time and read each answer as it comes. The wait
    // is only a guard against hanging for good if it did not stream; it measures nothing.
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["winnable", "--file", "-", "--json", "--for", "white"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run arbiter");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, answers) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.expect("read")).is_err() {
                break;
            }
        }
    });
    let guard = std::time::Duration::from_secs(120);
    let mut received = Vec::new();
    for fen in [QUEEN_MATE_IN_ONE, ROOK_MATE_BLACK_FIRST] {
        writeln!(stdin, "{fen}").expect("write");
        stdin.flush().expect("flush");
        match answers.recv_timeout(guard) {
            Ok(line) => received.push(line),
            Err(_) => {
                let _ = child.kill();
                panic!("no answer to {fen} while the input stayed open");
            }
        }
    }
    drop(stdin);
    assert!(child.wait().expect("wait").success());
    reader.join().expect("reader");
    let fens: Vec<Value> = received
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["fen"].clone())
        .collect();
    assert_eq!(fens, [QUEEN_MATE_IN_ONE, ROOK_MATE_BLACK_FIRST]);
}
