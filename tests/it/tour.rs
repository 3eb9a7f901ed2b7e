//! The README's tour, run as written: every `arbiter` line of "A director's session",
//! "Checking scoresheets" and "Judging a draw claim" runs in order, on a fresh database, in a
//! folder holding the files the tour names (fixtures/tour, written out from `include_str!`).
//! Each line must end with the exit code the README promises (0 unless its comment says
//! otherwise), and afterwards the test looks at what a director or an arbiter would look at:
//! who was paired, with what points, what the site says.
//!
//! The bugs of issue 12 lived between commands, where no test walked; this test walks there.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::util::TempDir;

const README: &str = include_str!("../../README.md");

/// The files the tour names, as a director would have them beside the database.
const FILES: &[(&str, &str)] = &[
    ("entries.csv", include_str!("../../fixtures/tour/entries.csv")),
    ("round1.csv", include_str!("../../fixtures/tour/round1.csv")),
    ("round2.csv", include_str!("../../fixtures/tour/round2.csv")),
    ("board4.pgn", include_str!("../../fixtures/tour/board4.pgn")),
    ("round5.pgn", include_str!("../../fixtures/tour/round5.pgn")),
    ("sheet.txt", include_str!("../../fixtures/tour/sheet.txt")),
    ("game.pgn", include_str!("../../fixtures/tour/game.pgn")),
    ("round3.pgn", include_str!("../../fixtures/tour/round3.pgn")),
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
    ] {
        assert!(steps(heading).len() >= 3, "{heading}");
    }
}
