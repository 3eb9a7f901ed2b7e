//! Tournaments made by the reference engine, re-paired by `pairing check` (issue 13).
//!
//! `fixtures/pairing/reference-generated/` holds tournaments written by bbpPairings v6.0.0
//! (commit 16a000f of its repository), each by its random tournament generator
//! (`bbpPairings.exe --dutch -g CONFIG -o FILE -s SEED`; the README there names config and
//! seed of each), and the reference's own 16-player Baku file from the shared data. They are
//! generated data: the engine's output, not its code. The files are as it writes them: CR line
//! ends, no `XXR`/`142` (the number of rounds) and no `XXC`/`152` (the initial colour), so they
//! exercise the reference's conventions for both as well as its pairings.

use std::path::PathBuf;

use crate::util::arbiter;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/pairing/reference-generated")
}

fn file(name: &str) -> String {
    dir().join(name).display().to_string()
}

fn check(args: &[&str]) -> (bool, String, String) {
    let mut all = vec!["pairing", "check"];
    all.extend_from_slice(args);
    let out = arbiter(&all);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every round of every file pairs as the reference engine paired it.
#[test]
fn every_reference_generated_tournament_re_pairs_as_recorded() {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("fixture directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".trf"))
        .collect();
    names.sort();
    assert!(
        names.len() >= 20,
        "the fixture directory holds {} files",
        names.len()
    );
    let mut failures = Vec::new();
    for name in &names {
        let (ok, stdout, _) = check(&[&file(name)]);
        if !ok || !stdout.contains("re-paired: no difference") {
            failures.push(format!("{name}:\n{stdout}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The reference's 16-player Baku file, round 11: the bracket must float three players and
/// pair three pairs (C6). Pairing all three moved-down players floats 13, 3 and 1 (6.5, 5.0 and
/// 4.0 points); pairing two of them floats 4, 10 and 3 (5.5, 5.5 and 5.0), lower on C7. The
/// 2026 text lets C7 decide (3.1.3: "M1 is the number of MDP(s) that are paired in the
/// bracket"; 4.4: S1 is the first set of M1 MDPs whose limbo complies with C7), and the
/// reference paired round 11 that way: 4-15, 7-1, 13-12 and 14-10 are among its boards.
#[test]
fn c7_decides_how_many_moved_down_players_are_paired() {
    let (ok, stdout, stderr) = check(&[&file("reference_16p_baku_round11.trf")]);
    assert!(ok, "{stdout}{stderr}");
    assert!(
        stdout.contains("11 rounds re-paired: no difference"),
        "{stdout}"
    );
}

/// Without `XXR`/`142` the recorded rounds are taken as all the rounds, and a note says so;
/// `--rounds` overrides that, so the last recorded round is then paired as an ordinary round
/// (no topscorers) and differs from the reference's last-round pairing.
#[test]
fn check_takes_the_rounds_recorded_as_all_unless_told() {
    let name = file(LAST_ROUND_CASE.0);
    let (ok, stdout, stderr) = check(&[&name]);
    assert!(ok, "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "gives no number of rounds (XXR or 142): taking the {} rounds recorded as all",
            LAST_ROUND_CASE.1
        )),
        "{stderr}"
    );
    let planned = (LAST_ROUND_CASE.1 + 1).to_string();
    let (ok, stdout, stderr) = check(&[&name, "--rounds", &planned]);
    assert!(!ok, "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("round {}: differs", LAST_ROUND_CASE.1)),
        "{stdout}"
    );
    assert!(!stderr.contains("taking the"), "{stderr}");
}

/// A file whose last round the reference paired with the last-round rules (topscorers), and
/// its number of rounds: paired as an ordinary round, that round comes out differently.
const LAST_ROUND_CASE: (&str, u32) = ("t0076.trf", 13);

/// Fewer rounds than the file holds cannot be: invalid input (exit 3), naming the file.
#[test]
fn check_refuses_fewer_rounds_than_recorded() {
    let name = file(LAST_ROUND_CASE.0);
    let out = arbiter(&["pairing", "check", &name, "--rounds", "2"]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(LAST_ROUND_CASE.0) && stderr.contains("fewer than the"),
        "{stderr}"
    );
}

/// `pairing dutch` on a file without the number of rounds warns that the last-round rules
/// cannot be known (C.04.1 wants the number declared), and pairs all the same; with
/// `--rounds` it does not warn.
#[test]
fn dutch_warns_when_the_number_of_rounds_is_unknown() {
    let name = file(LAST_ROUND_CASE.0);
    let out = arbiter(&["pairing", "dutch", &name, "-p"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("gives no number of rounds") && stderr.contains("cannot be known"),
        "{stderr}"
    );
    let next = (LAST_ROUND_CASE.1 + 1).to_string();
    let out = arbiter(&["pairing", "dutch", &name, "-p", "--rounds", &next]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("cannot be known"), "{stderr}");
}

/// `--rounds` overrides the number a file declares, and says so: the same file with `XXR 13`
/// added re-pairs without a difference, and with `--rounds 14` its round 13 is no longer the
/// last.
#[test]
fn rounds_on_the_command_line_override_the_file() {
    let dir = crate::util::TempDir::new("reference-xxr");
    let mut text = std::fs::read(dir_file(LAST_ROUND_CASE.0)).expect("fixture");
    text.extend_from_slice(format!("XXR {}\r", LAST_ROUND_CASE.1).as_bytes());
    let name = dir.path("declared.trf");
    std::fs::write(&name, text).expect("write");
    let (ok, stdout, stderr) = check(&[&name]);
    assert!(ok && !stderr.contains("taking the"), "{stdout}{stderr}");
    let planned = (LAST_ROUND_CASE.1 + 1).to_string();
    let (ok, stdout, stderr) = check(&[&name, "--rounds", &planned]);
    assert!(!ok, "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "--rounds {planned} overrides the {} rounds the file declares",
            LAST_ROUND_CASE.1
        )),
        "{stderr}"
    );
}

fn dir_file(name: &str) -> PathBuf {
    dir().join(name)
}
