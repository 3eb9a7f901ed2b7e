//! The Dutch engine against the reference pairings (fixtures/pairing/dutch-2026).
//!
//! Each `NAME_roundK.trf` is an event cut before round K and `NAME_roundK.pairs` the
//! reference engine's pairing of round K (the number of pairs, then `WHITE BLACK` per board
//! in board order, a bye as `ID 0`). Each full event `NAME.trf` is paired again round by round
//! and compared with the rounds it records.

use std::path::PathBuf;

use arbiter::pairing::{Pairing, PairingInput, dutch};
use arbiter::tournament::RoundResult;
use arbiter::trf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/pairing/dutch-2026")
}

/// The `.pairs` lines of a pairing: boards in order, the bye last.
fn lines(pairing: &Pairing) -> Vec<String> {
    let mut out: Vec<String> = pairing
        .boards
        .iter()
        .map(|b| format!("{} {}", b.white.0, b.black.0))
        .collect();
    if let Some(bye) = pairing.bye {
        out.push(format!("{} 0", bye.0));
    }
    out
}

fn read(path: &PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn names(suffix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("fixtures/pairing/dutch-2026")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(suffix))
        .collect();
    names.sort();
    names
}

/// The first difference between two pairings, as a message; None when identical.
fn first_difference(name: &str, got: &[String], want: &[String]) -> Option<String> {
    for i in 0..got.len().max(want.len()) {
        let (g, w) = (got.get(i), want.get(i));
        if g != w {
            return Some(format!(
                "{name}: line {} differs: got `{}`, expected `{}`",
                i + 1,
                g.map_or("(nothing)", |s| s.as_str()),
                w.map_or("(nothing)", |s| s.as_str())
            ));
        }
    }
    None
}

#[test]
fn every_cut_round_is_paired_as_the_reference_engine_pairs_it() {
    let cases = names(".pairs");
    assert!(cases.len() >= 300, "fixtures missing: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let stem = case.trim_end_matches(".pairs");
        let round: u32 = stem.rsplit("_round").next().unwrap().parse().unwrap();
        let text = read(&dir().join(format!("{stem}.trf")));
        let (report, _) = trf::parse(&text).expect(stem);
        let input = PairingInput::from_trf(&report, round).expect(stem);
        let want: Vec<String> = read(&dir().join(case))
            .lines()
            .skip(1)
            .map(|l| l.trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        let got = match dutch::pair(&input) {
            Ok(p) => lines(&p),
            Err(e) => vec![format!("error: {e}")],
        };
        if let Some(message) = first_difference(stem, &got, &want) {
            failures.push(message);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A recorded round as `.pairs` lines in the reference order: the pairs are compared as a
/// set with their colours, since a TRF holds no board numbers.
fn recorded(report: &trf::Trf, round: usize) -> Option<Vec<String>> {
    let mut pairs = Vec::new();
    let mut any = false;
    for p in &report.players {
        let Some(result) = p.rounds.get(round - 1).and_then(|c| c.result()) else {
            continue;
        };
        any = true;
        match result {
            RoundResult::Played {
                opponent, color, ..
            }
            | RoundResult::Forfeit {
                opponent,
                color: Some(color),
                ..
            } if color.is_white() => pairs.push(format!("{} {}", p.player.id.0, opponent.0)),
            RoundResult::PairingAllocatedBye => pairs.push(format!("{} 0", p.player.id.0)),
            _ => {}
        }
    }
    any.then(|| {
        pairs.sort();
        pairs
    })
}

#[test]
fn every_round_of_every_full_event_is_paired_again_identically() {
    let events: Vec<String> = names(".trf")
        .into_iter()
        .filter(|n| !n.contains("_round"))
        .collect();
    assert!(events.len() >= 40, "fixtures missing: {}", events.len());
    let mut failures = Vec::new();
    for event in &events {
        let text = read(&dir().join(event));
        let (report, _) = trf::parse(&text).expect(event);
        let rounds = report
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        for round in 1..=rounds {
            let Some(want) = recorded(&report, round) else {
                continue;
            };
            let mut input = PairingInput::from_trf(&report, round as u32).expect(event);
            // A full event without `XXR` played all its planned rounds: its last round is
            // the final one (topscorers, C10/C11), as in its cut files.
            input.planned_rounds.get_or_insert(rounds as u32);
            let mut got = match dutch::pair(&input) {
                Ok(p) => lines(&p),
                Err(e) => vec![format!("error: {e}")],
            };
            got.sort();
            if let Some(message) = first_difference(&format!("{event} round {round}"), &got, &want)
            {
                failures.push(message);
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} events differ:\n{}",
        failures.len(),
        events.len(),
        failures.join("\n")
    );
}

#[test]
fn pairing_twice_gives_the_same_result() {
    let text = read(&dir().join("t101_21_p30_r10_round6.trf"));
    let (report, _) = trf::parse(&text).unwrap();
    let input = PairingInput::from_trf(&report, 6).unwrap();
    assert_eq!(dutch::pair(&input), dutch::pair(&input));
}
