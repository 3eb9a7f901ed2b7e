//! The command line as a user runs it.

use crate::util::arbiter;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

#[test]
fn perft_prints_the_count_on_its_last_line() {
    // 4 plies from the initial position: 197,281 (chessprogramming.org, Perft Results).
    let out = arbiter(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("197281"));
}

#[test]
fn perft_divide_lists_each_root_move() {
    // Position 3 of chessprogramming.org's Perft Results: 14 moves, 191 nodes at depth 2.
    let out = arbiter(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(rows.len(), 14);
    let sum: u64 = rows
        .iter()
        .map(|r| r.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 191);
    assert_eq!(text.lines().last(), Some("191"));
}

#[test]
fn perft_with_a_bad_fen_says_why_and_exits_3() {
    let out = arbiter(&[
        "perft",
        "1",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("side to move"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn perft_refuses_an_impossible_position() {
    let out = arbiter(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K2R w Kk - 0 1"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("castle"));
}

#[test]
fn unknown_command_is_a_usage_error() {
    let out = arbiter(&["perfect"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_shows_an_example() {
    let out = arbiter(&["perft", "--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("arbiter perft 6"));
}
