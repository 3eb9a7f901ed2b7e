//! Helpers shared by the integration tests.

use std::process::{Command, Output};

/// The perft suite (`fixtures/perft/perft.epd`, copied from the project's shared data): lines
/// `FEN ;D1 n ;D2 n ...`, `#` comments, the case name in a `# id` comment above each line.
pub const PERFT_EPD: &str = include_str!("../../fixtures/perft/perft.epd");

/// 300 random legal games from python-chess (`fixtures/pgn/random-legal-300.pgn`, the first 300
/// of the shared `random-legal.pgn`), each played until an automatic ending that its
/// Termination tag names.
pub const RANDOM_GAMES: &str = include_str!("../../fixtures/pgn/random-legal-300.pgn");

pub struct PerftCase {
    pub id: String,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

pub fn perft_cases() -> Vec<PerftCase> {
    let mut cases = Vec::new();
    let mut id = String::new();
    for line in PERFT_EPD.lines() {
        if let Some(rest) = line.strip_prefix("# id ") {
            id = rest.trim().to_owned();
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().expect("fen").trim().to_owned();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (depth, nodes) = p[1..].split_once(' ').expect("`Dn count`");
                (depth.parse().expect("depth"), nodes.parse().expect("count"))
            })
            .collect();
        cases.push(PerftCase {
            id: id.clone(),
            fen,
            counts,
        });
    }
    cases
}

/// One game of a PGN file as the tests need it: tags and SAN tokens.
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub sans: Vec<String>,
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A minimal reader for the generated fixture (tags, move numbers, SAN, a result; no comments
/// or variations). The real PGN reader belongs to the scoresheet module.
pub fn read_simple_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut sans = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            let (name, value) = tag.split_once(' ').expect("tag pair");
            let value = value.trim_end_matches(']').trim_matches('"');
            tags.push((name.to_owned(), value.to_owned()));
            continue;
        }
        for token in line.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                games.push(PgnGame {
                    tags: std::mem::take(&mut tags),
                    sans: std::mem::take(&mut sans),
                    result: token.to_owned(),
                });
            } else if !token.ends_with('.') {
                sans.push(token.to_owned());
            }
        }
    }
    games
}

/// Runs the `arbiter` binary built for this test run.
pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter")
}

/// Runs `arbiter --db DB ARGS...`.
pub fn run_on(db: &str, args: &[&str]) -> Output {
    let mut all = vec!["--db", db];
    all.extend_from_slice(args);
    arbiter(&all)
}

/// Runs `arbiter --db DB ARGS...`, which must succeed, and returns its standard output.
pub fn ok_on(db: &str, args: &[&str]) -> String {
    succeeded(&run_on(db, args), args)
}

/// The standard output of a run of `arbiter ARGS...` that must have succeeded; a failure
/// shows both outputs.
pub fn succeeded(out: &Output, args: &[&str]) -> String {
    assert!(
        out.status.success(),
        "arbiter {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The path of fixture `name` in folder `folder` of `fixtures/`, for the command line.
pub fn fixture(folder: &str, name: &str) -> String {
    format!("{}/fixtures/{folder}/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The path of a hand-made file in a real program's form (`fixtures/trf/real-forms/`).
pub fn real_form(name: &str) -> String {
    fixture("trf/real-forms", name)
}

/// A new event imported from a real-form fixture; returns the database and what the import
/// said on standard error.
pub fn import_real_form(dir: &TempDir, name: &str) -> (String, String) {
    let db = dir.db();
    let out = run_on(&db, &["import", "trf", &real_form(name)]);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "import {name}: {stderr}");
    (db, stderr)
}

/// A Swiss event in `dir` with `players` players rated 2000, 1990, ... (so numbered in
/// registration order) and `rounds` rounds planned; returns the database path.
pub fn swiss_event(dir: &TempDir, name: &str, players: u16, rounds: u16) -> String {
    let db = dir.db();
    ok_on(&db, &["new", name, "--rounds", &rounds.to_string()]);
    for i in 1..=players {
        let rating = (2000 - 10 * i).to_string();
        ok_on(
            &db,
            &[
                "player",
                "add",
                &format!("Player, P{i:02}"),
                "--rating",
                &rating,
            ],
        );
    }
    db
}

/// The JSON Lines a command wrote on standard output.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Whether the long tests were asked for (`RUN_SLOW_TESTS=1`).
pub fn slow_tests() -> bool {
    std::env::var_os("RUN_SLOW_TESTS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// A fresh directory under the system's temporary directory, removed at the end.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("arbiter-it-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// A file in the directory, as a string for the command line.
    pub fn path(&self, file: &str) -> String {
        self.0.join(file).display().to_string()
    }

    /// The event database of a test.
    pub fn db(&self) -> String {
        self.path("event.db")
    }

    /// The folder `publish` writes to in a test.
    pub fn site(&self) -> std::path::PathBuf {
        self.0.join("site")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A pairing as the lines of a pairs file after its count: `WHITE BLACK` per board in board
/// order, then the bye as `ID 0`.
pub fn pairing_lines(pairing: &arbiter::pairing::Pairing) -> Vec<String> {
    let mut lines: Vec<String> = pairing
        .boards
        .iter()
        .map(|b| format!("{} {}", b.white, b.black))
        .collect();
    lines.extend(pairing.bye.map(|bye| format!("{bye} 0")));
    lines
}

/// The board lines of a pairs file (the reference engine's output): the count skipped,
/// blank lines dropped.
pub fn pairs_file_lines(text: &str) -> Vec<String> {
    text.lines()
        .skip(1)
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}
