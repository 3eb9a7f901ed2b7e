//! Field repairs (issue 12), the safety items: closed pipes, concurrent writers, CSV cells a
//! spreadsheet would run, publishing through links, limits named as limits, settings checked
//! when they are set. One test per defect, each saying how the defect showed itself.

use std::process::{Command, Output, Stdio};

use crate::util::{TempDir, arbiter};

/// Runs the binary on the event database of `dir`.
fn run(dir: &TempDir, args: &[&str]) -> Output {
    let db = dir.db();
    let mut all = vec!["--db", db.as_str()];
    all.extend_from_slice(args);
    arbiter(&all)
}

/// Runs the binary and asserts that it succeeded; its standard output.
fn ok(dir: &TempDir, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// An event of `players` rated players in `dir`.
fn event(dir: &TempDir, players: u32) {
    ok(dir, &["new", "Field Open", "--rounds", "5"]);
    for i in 1..=players {
        ok(
            dir,
            &[
                "player",
                "add",
                &format!("Player{i:02}, Test"),
                "--rating",
                &(2000 + i).to_string(),
            ],
        );
    }
}

/// Runs the binary on `dir`'s event with standard output a pipe whose reader is closed before
/// the program starts, so that its first write fails as when `head -1` has gone.
fn run_into_closed_pipe(dir: &TempDir, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let db = dir.db();
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--db")
        .arg(&db)
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run arbiter")
}

/// Asserts that a command whose reader went away ended quietly: exit 0, nothing on stderr.
fn assert_quiet(out: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "{what}: {:?} with stderr {stderr}",
        out.status
    );
}

/// Item 3: `arbiter player list | head -1` panicked with exit 101 ("failed printing to
/// stdout: Broken pipe").
#[test]
fn player_list_into_a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("safety-pipe-list");
    event(&dir, 6);
    assert_quiet(&run_into_closed_pipe(&dir, &["player", "list"]), "player list");
}

/// Item 3: `arbiter log | head -1` panicked with exit 101.
#[test]
fn log_into_a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("safety-pipe-log");
    event(&dir, 6);
    assert_quiet(&run_into_closed_pipe(&dir, &["log"]), "log");
}

/// Item 3: `arbiter round show 1 | head -1` panicked with exit 101.
#[test]
fn round_show_into_a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("safety-pipe-round");
    event(&dir, 6);
    ok(&dir, &["pair", "--seed", "1"]);
    assert_quiet(&run_into_closed_pipe(&dir, &["round", "show", "1"]), "round show");
}

/// Item 3: `arbiter pair --dry-run | head -1` panicked with exit 101.
#[test]
fn pair_dry_run_into_a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("safety-pipe-dry");
    event(&dir, 6);
    assert_quiet(
        &run_into_closed_pipe(&dir, &["pair", "--dry-run"]),
        "pair --dry-run",
    );
    assert!(ok(&dir, &["log"]).lines().all(|l| !l.contains(" pair ")));
}

/// Item 3: `arbiter pair | head -1` panicked while printing the boards, and the round it was
/// about to store was rolled back: the director saw a pairing that did not exist.
#[test]
fn pair_into_a_closed_pipe_still_stores_the_round() {
    let dir = TempDir::new("safety-pipe-pair");
    event(&dir, 6);
    assert_quiet(&run_into_closed_pipe(&dir, &["pair", "--seed", "1"]), "pair");
    let shown = ok(&dir, &["round", "show", "1"]);
    // Six players make three boards.
    assert_eq!(
        shown.lines().filter(|l| l.contains("Player")).count(),
        3,
        "{shown}"
    );
}
