//! Perft: node counts of the legal move tree against the published figures in the fixture
//! suite (chessprogramming.org, Sedlak's special cases, the ROCE suite; re-verified with two
//! independent generators, see the fixture's header).

use arbiter::chess::{Fen, Position};

use crate::util::{perft_cases, slow_tests};

/// Counts above this many nodes run only with RUN_SLOW_TESTS=1.
const DEFAULT_NODE_LIMIT: u64 = 5_000_000;

/// Reads a suite position. One suite position has an impossible double check (two bishops
/// giving check at once, which no last move can produce); perft must count it anyway, and our
/// reader accepts it because it does not judge how checks arose.
fn suite_position(fen: &str) -> Position {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    fen.into_position()
        .unwrap_or_else(|e| panic!("suite position rejected: {e}"))
}

fn run_suite(limit: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in perft_cases() {
        let pos = suite_position(&case.fen);
        for &(depth, expected) in &case.counts {
            if expected > limit {
                continue;
            }
            let got = pos.perft(depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} ({}) depth {depth}: expected {expected}, got {got}",
                    case.id, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn perft_suite_up_to_five_million_nodes() {
    let checked = run_suite(DEFAULT_NODE_LIMIT);
    // The suite has 813 counts; most are within the default limit.
    assert!(checked > 600, "only {checked} counts checked");
}

#[test]
fn perft_suite_every_count_when_slow_tests_are_on() {
    if !slow_tests() {
        return;
    }
    assert_eq!(run_suite(u64::MAX), 813);
}

#[test]
fn suite_has_the_impossible_double_check_case() {
    let pos = suite_position("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    assert_eq!(pos.checkers().count(), 2);
    assert_eq!(pos.perft(3), 1829);
}

#[test]
fn divide_adds_up_to_the_total() {
    // Kiwipete (chessprogramming.org position 2): 97,862 nodes at depth 3.
    let pos =
        suite_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let sum: u64 = pos
        .legal_moves()
        .iter()
        .map(|&mv| pos.play(mv).expect("legal").perft(2))
        .sum();
    assert_eq!(sum, 97_862);
}

/// The early-exit test for "any legal move" agrees with the full count on every position
/// two plies deep from every suite position (mates and stalemates included).
#[test]
fn has_legal_moves_agrees_with_the_count() {
    fn walk(pos: &Position, depth: u32, checked: &mut usize) {
        assert_eq!(
            pos.has_legal_moves(),
            pos.count_legal_moves() > 0,
            "{}",
            pos.to_fen()
        );
        *checked += 1;
        if depth > 0 {
            for &mv in &pos.legal_moves() {
                let mut next = *pos;
                next.play_unchecked(mv);
                walk(&next, depth - 1, checked);
            }
        }
    }
    let mut checked = 0;
    for case in perft_cases() {
        walk(&suite_position(&case.fen), 2, &mut checked);
    }
    assert!(checked > 30_000, "{checked}");
    // Positions without legal moves, for the other answer.
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ] {
        let pos = suite_position(fen);
        assert!(!pos.has_legal_moves(), "{fen}");
    }
}
