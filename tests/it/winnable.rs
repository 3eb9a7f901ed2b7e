//! Winnability (issue 15) against the published test sets: CHA's public test vector and
//! CHA-Solver's own test files (community positions and a Lichess sample), plus positions of
//! our own with CHA-Solver's verdicts recorded as a black-box oracle. Every verdict must equal
//! the expected one for both colours, and every helpmate is replayed by the rules engine and
//! must end in checkmate by the intended winner.

use std::path::PathBuf;
use std::thread;

use arbiter::chess::{Color, Position, Verdict, winnability};

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/unwinnability")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One line of a vector: `XY FEN` where X is `W` when White can mate and `-` when not, and Y
/// likewise `B` or `-` for Black.
fn parse_line(line: &str) -> Option<(bool, bool, &str)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (label, fen) = line.split_at(2);
    let label = label.as_bytes();
    Some((label[0] == b'W', label[1] == b'B', fen.trim()))
}

/// Checks that `line` is a helpmate for `winner` from `pos`: legal moves ending in checkmate
/// of the other side.
fn replay(pos: &Position, line: &[arbiter::chess::Move], winner: Color) -> Result<(), String> {
    let mut current = *pos;
    for &mv in line {
        current = current
            .play(mv)
            .map_err(|e| format!("illegal helpmate move {mv}: {e}"))?;
    }
    if current.is_checkmate() && current.turn() == !winner {
        Ok(())
    } else {
        Err("the helpmate does not end in checkmate by the winner".into())
    }
}

/// Decides every position of `text` for both colours (on all cores) and returns the
/// disagreements, one line each.
fn disagreements(text: &str) -> (usize, Vec<String>) {
    let cases: Vec<(bool, bool, &str)> = text.lines().filter_map(parse_line).collect();
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = cases.len().div_ceil(threads).max(1);
    let failures: Vec<String> = thread::scope(|scope| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for &(white, black, fen) in part {
                        let pos = match Position::from_fen_with_extra_material(fen) {
                            Ok(pos) => pos,
                            Err(e) => {
                                failures.push(format!("{fen}: refused: {e}"));
                                continue;
                            }
                        };
                        let started = std::time::Instant::now();
                        for (winner, expected) in [(Color::White, white), (Color::Black, black)] {
                            let verdict = winnability(&pos, winner);
                            let ok = match &verdict {
                                Verdict::Winnable(line) => match replay(&pos, line, winner) {
                                    Ok(()) => expected,
                                    Err(e) => {
                                        failures.push(format!("{fen} {winner}: {e}"));
                                        continue;
                                    }
                                },
                                Verdict::Unwinnable => !expected,
                                Verdict::Undetermined => false,
                            };
                            if std::env::var_os("WINNABLE_SLOW").is_some()
                                && started.elapsed().as_millis() > 50
                            {
                                eprintln!(
                                    "slow {} ms: {fen} {winner}",
                                    started.elapsed().as_millis()
                                );
                            }
                            if !ok {
                                failures.push(format!(
                                    "{fen} for {winner}: expected {}, got {}",
                                    if expected { "winnable" } else { "unwinnable" },
                                    verdict.name()
                                ));
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    });
    (cases.len(), failures)
}

/// Decides a vector and checks it: no verdict may contradict the expected one (a wrong
/// `winnable` or `unwinnable`, or a helpmate that does not replay to mate), the lines our
/// engine refuses are exactly `refused`, and at most `undetermined`
/// answers ran out of budget. Prints the agreement figures.
fn check_vector(name: &str, refused: usize, undetermined: usize) {
    let (count, failures) = disagreements(&fixture(name));
    assert!(count > 0, "{name}: no positions");
    let refusals = failures
        .iter()
        .filter(|f| f.contains(": refused: "))
        .count();
    let open = failures
        .iter()
        .filter(|f| f.ends_with("got undetermined"))
        .count();
    let wrong: Vec<&String> = failures
        .iter()
        .filter(|f| !f.contains(": refused: ") && !f.ends_with("got undetermined"))
        .collect();
    let decided = 2 * (count - refusals);
    println!(
        "{name}: {count} positions, {refusals} refused; {} of {decided} verdicts \
         equal, {open} undetermined, {} wrong",
        decided - open - wrong.len(),
        wrong.len()
    );
    if let Some(path) = std::env::var_os("WINNABLE_REPORT") {
        let mut path = std::path::PathBuf::from(path);
        path.push(name);
        std::fs::write(path, failures.join("\n")).expect("report");
    }
    assert!(
        wrong.is_empty(),
        "{name}: {} wrong verdicts:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(30)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(refusals, refused, "{name}: lines our FEN reader refuses");
    assert!(
        open <= undetermined,
        "{name}: {open} undetermined verdicts (at most {undetermined} expected)"
    );
}

#[test]
fn cha_public_test_vector() {
    // One line of the vector has only two FEN fields (`Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8
    // b`): read with no castling right and no en passant square.
    check_vector("cha_test_vector.txt", 0, 0);
}

#[test]
fn cha_solver_community_positions() {
    // About 6 minutes on two cores for the three slow sets: run with RUN_SLOW_TESTS=1, as deep perft.
    if !crate::util::slow_tests() {
        return;
    }
    check_vector("cha_solver_positions.txt", 0, 0);
}

#[test]
fn cha_solver_lichess_sample() {
    // About 6 minutes on two cores for the three slow sets: run with RUN_SLOW_TESTS=1, as deep perft.
    if !crate::util::slow_tests() {
        return;
    }
    check_vector("cha_solver_lichess.txt", 0, 0);
}

#[test]
fn cha_solver_oracle_on_our_positions() {
    // About 6 minutes on two cores for the three slow sets: run with RUN_SLOW_TESTS=1, as deep perft.
    if !crate::util::slow_tests() {
        return;
    }
    check_vector("oracle_cases.txt", 0, 0);
}
