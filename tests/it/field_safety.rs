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
    assert_quiet(
        &run_into_closed_pipe(&dir, &["player", "list"]),
        "player list",
    );
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
    assert_quiet(
        &run_into_closed_pipe(&dir, &["round", "show", "1"]),
        "round show",
    );
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
    assert_quiet(
        &run_into_closed_pipe(&dir, &["pair", "--seed", "1"]),
        "pair",
    );
    let shown = ok(&dir, &["round", "show", "1"]);
    // Six players make three boards.
    assert_eq!(
        shown.lines().filter(|l| l.contains("Player")).count(),
        3,
        "{shown}"
    );
}

/// Item 9: while one process held the write lock, `result` in another failed after 0.02 s
/// with "the database is busy": transactions began deferred, and SQLite cannot wait to
/// upgrade a stale read to a write, whatever the busy timeout. Of 1,000 results entered by 8
/// concurrent processes, 912 failed. Now all of them are entered and none is lost; nothing
/// here depends on how fast the machine is.
#[test]
fn eight_concurrent_writers_enter_a_thousand_results() {
    let dir = TempDir::new("safety-busy");
    ok(&dir, &["new", "Busy Open", "--rounds", "3"]);
    let mut csv = String::from("name,rating\n");
    for i in 1..=2000 {
        csv.push_str(&format!("\"Player{i}, Test\",{}\n", 1000 + i));
    }
    std::fs::write(dir.path("players.csv"), csv).expect("write players");
    ok(&dir, &["import", "players", &dir.path("players.csv")]);
    ok(&dir, &["pair", "--seed", "1"]);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..8u32)
            .map(|writer| {
                let dir = &dir;
                scope.spawn(move || {
                    let mut failed = Vec::new();
                    for board in (writer + 1..=1000).step_by(8) {
                        let out = run(dir, &["result", "1", &board.to_string(), "1-0"]);
                        if !out.status.success() {
                            failed.push(format!(
                                "board {board}: {}",
                                String::from_utf8_lossy(&out.stderr).trim()
                            ));
                        }
                    }
                    failed
                })
            })
            .collect();
        writers
            .into_iter()
            .flat_map(|w| w.join().expect("writer thread"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of 1,000 failed, first: {}",
        failures.len(),
        failures[0]
    );
    let shown = ok(&dir, &["round", "show", "1"]);
    assert_eq!(shown.matches("1 - 0").count(), 1000, "every result stored");
    // One log line per result: none was entered twice or lost on the way.
    let log = ok(&dir, &["log"]);
    assert_eq!(log.lines().filter(|l| l.contains(" result ")).count(), 1000);
}

/// The user id this test runs as, from `/proc/self/status` (Linux).
fn uid() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs the binary as a user who may not write `dir`: this user when it is not root (the
/// test makes the folder read-only), else `nobody` through `setpriv`, because root writes
/// wherever it likes.
fn run_without_write_access(dir: &TempDir, args: &[&str]) -> Output {
    let db = dir.db();
    let mut command = if uid() == Some(0) {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_arbiter"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
    };
    command
        .arg("--db")
        .arg(&db)
        .args(args)
        .output()
        .expect("run arbiter (as root this test needs `setpriv`, from util-linux)")
}

/// Item 13: a valid database in a folder the user may not write gave "is not a tournament
/// database" for every command, even `log`, because SQLite could not make the `-shm` file
/// beside it. Reading commands now work; writing ones say the database is read-only.
#[test]
fn a_database_in_a_read_only_folder_is_read_and_refuses_writes_with_the_reason() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("safety-read-only");
    event(&dir, 4);
    ok(&dir, &["pair", "--seed", "1"]);
    let readable = |mode| std::fs::Permissions::from_mode(mode);
    std::fs::set_permissions(&dir.0, readable(0o555)).expect("chmod folder");
    std::fs::set_permissions(dir.db(), readable(0o444)).expect("chmod file");
    let log = run_without_write_access(&dir, &["log"]);
    let list = run_without_write_access(&dir, &["player", "list"]);
    let result = run_without_write_access(&dir, &["result", "1", "1", "1-0"]);
    std::fs::set_permissions(&dir.0, readable(0o755)).expect("chmod folder back");
    let text = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let error = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        log.status.success() && text(&log).contains("event created"),
        "log: {}",
        error(&log)
    );
    assert!(
        list.status.success() && text(&list).contains("Player04"),
        "player list: {}",
        error(&list)
    );
    assert_eq!(result.status.code(), Some(4), "{}", error(&result));
    assert!(
        error(&result).contains("read-only") && !error(&result).contains("not a tournament"),
        "{}",
        error(&result)
    );
}

/// The hostile name of item 10, as the issue registered it.
const FORMULA_NAME: &str = "=HYPERLINK(\"http://x\",\"y\"), A";

/// The cells of a CSV text, row by row.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            // Our writers quote a field with a comma or a quote; the tests' names have both.
            let mut cells = Vec::new();
            let mut cell = String::new();
            let mut quoted = false;
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '"' if quoted && chars.peek() == Some(&'"') => {
                        cell.push('"');
                        chars.next();
                    }
                    '"' => quoted = !quoted,
                    ',' if !quoted => cells.push(std::mem::take(&mut cell)),
                    c => cell.push(c),
                }
            }
            cells.push(cell);
            cells
        })
        .collect()
}

/// Whether any cell of any row starts as a spreadsheet formula (OWASP's trigger characters;
/// a sign before a plain number is a number).
fn formula_cell(rows: &[Vec<String>]) -> Option<String> {
    rows.iter().flatten().find_map(|cell| {
        let mut chars = cell.chars();
        let formula = match chars.next() {
            Some('=' | '@' | '\t' | '\r') => true,
            Some('+' | '-') => !chars.all(|c| c.is_ascii_digit() || ".,½+-/ ".contains(c)),
            _ => false,
        };
        formula.then(|| cell.clone())
    })
}

/// Item 10: `player add '=HYPERLINK("http://x","y"), A'` came out of every CSV unchanged,
/// and a spreadsheet opening the standings ran it as a formula.
#[test]
fn csv_outputs_neutralise_formula_cells() {
    let dir = TempDir::new("safety-csv-formula");
    ok(&dir, &["new", "Formula Open", "--rounds", "3"]);
    ok(&dir, &["player", "add", FORMULA_NAME, "--rating", "2100"]);
    ok(&dir, &["player", "add", "@SUM(A1), B", "--rating", "2000"]);
    ok(&dir, &["player", "add", "Plain, C", "--rating", "1900"]);
    ok(&dir, &["player", "add", "Plain, D", "--rating", "1800"]);
    ok(&dir, &["pair", "--seed", "1"]);
    let outputs = [
        ok(&dir, &["standings", "--format", "csv"]),
        ok(&dir, &["crosstable", "--format", "csv"]),
        ok(&dir, &["round", "show", "1", "--format", "csv"]),
        ok(&dir, &["player", "list", "--format", "csv"]),
        ok(&dir, &["export", "players"]),
    ];
    for text in &outputs {
        let rows = csv_rows(text);
        assert_eq!(formula_cell(&rows), None, "{text}");
        assert!(
            rows.iter()
                .flatten()
                .any(|c| c == &format!("'{FORMULA_NAME}")),
            "the name is kept behind a quote: {text}"
        );
    }
}

/// Item 10: what `export players` writes, `import players` reads back as it was, hostile
/// names included (the quote added against spreadsheets is dropped again).
#[test]
fn exported_players_with_formula_names_import_unchanged() {
    let dir = TempDir::new("safety-csv-roundtrip");
    ok(&dir, &["new", "Formula Open"]);
    ok(&dir, &["player", "add", FORMULA_NAME, "--rating", "2100"]);
    ok(
        &dir,
        &["player", "add", "--club=-cmd|' /C calc'!A0", "Minus, M"],
    );
    ok(&dir, &["player", "add", "'t Hart, Jan", "--rating", "2000"]);
    let exported = dir.path("players.csv");
    ok(&dir, &["export", "players", "-o", &exported]);
    let other = TempDir::new("safety-csv-roundtrip-2");
    ok(&other, &["new", "Copy"]);
    ok(&other, &["import", "players", &exported]);
    assert_eq!(
        ok(&other, &["player", "list", "--format", "json"]),
        ok(&dir, &["player", "list", "--format", "json"])
    );
}

/// Item 13: a 20,000-row `import players` failed with "player 10000 conflicts with a
/// registered player"; the real cause is the 9,999-player limit of a TRF's four-digit
/// starting rank, which is now named, with the line of the first player past it.
#[test]
fn too_many_players_name_the_limit() {
    let dir = TempDir::new("safety-limit");
    ok(&dir, &["new", "Huge Open"]);
    ok(&dir, &["player", "add", "First, Early"]);
    let mut csv = String::from("name\n");
    for i in 1..=20_000 {
        csv.push_str(&format!("Player{i}\n"));
    }
    std::fs::write(dir.path("huge.csv"), csv).expect("write");
    for dry in [true, false] {
        let file = dir.path("huge.csv");
        let mut args = vec!["import", "players", file.as_str()];
        if dry {
            args.push("--dry-run");
        }
        let out = run(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        // The file is good; the event refuses it (exit 4, as for a FIDE ID registered already).
        assert_eq!(out.status.code(), Some(4), "{stderr}");
        // One player is registered, so the 9,999th of the file (line 10,000) is one too many.
        assert!(
            stderr.contains("line 10000: an event holds at most 9999 players"),
            "{stderr}"
        );
        assert!(!stderr.contains("conflicts"), "{stderr}");
    }
    assert_eq!(ok(&dir, &["player", "list"]).lines().count(), 2);
}

/// Item 15: `config tiebreaks foo` and `config tiebreaks AROC/C1` were stored, and every later
/// `standings` failed naming `--tiebreaks`, a flag never given.
#[test]
fn config_refuses_a_tiebreak_list_the_standings_cannot_read() {
    let dir = TempDir::new("safety-config-tb");
    event(&dir, 4);
    for bad in ["foo", "AROC/C1", "BH/C1,SB/X"] {
        let out = run(&dir, &["config", "tiebreaks", bad]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{bad}: {stderr}");
        assert!(stderr.contains("tiebreaks"), "{stderr}");
    }
    let other = dir.path("other.db");
    let refused = arbiter(&["--db", &other, "new", "Other", "--tiebreaks", "foo"]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(!std::path::Path::new(&other).exists());
    ok(&dir, &["config", "tiebreaks", "BH/C1,BH,SB"]);
    ok(&dir, &["pair", "--seed", "1"]);
    let standings = ok(&dir, &["standings"]);
    assert!(standings.contains("BH/C1"), "{standings}");
    assert!(ok(&dir, &["log"]).lines().all(|l| !l.contains("foo")));
}

/// Item 15: `import players --dry-run` said all was well for rows the real import refused
/// (a FIDE ID registered already, one twice in the file), and both stopped at the first bad
/// row; with CRLF line ends every line number was one too low.
#[test]
fn import_dry_run_lists_every_problem_the_import_finds_with_crlf_lines() {
    let dir = TempDir::new("safety-dry-run");
    ok(&dir, &["new", "Entries"]);
    ok(
        &dir,
        &["player", "add", "Early, Bird", "--fide-id", "1503014"],
    );
    let csv = "name,rating,fide_id\r\n\
               \"Good, One\",2000,100\r\n\
               \"Bad, Rating\",20x0,101\r\n\
               \"Already, Here\",2100,1503014\r\n\
               \"Twin, A\",1900,555\r\n\
               \"Twin, B\",1800,555\r\n\
               ,1700,102\r\n";
    std::fs::write(dir.path("entries.csv"), csv).expect("write");
    let file = dir.path("entries.csv");
    let dry = run(&dir, &["import", "players", &file, "--dry-run"]);
    let real = run(&dir, &["import", "players", &file]);
    let errors = |o: &Output| -> Vec<String> {
        String::from_utf8_lossy(&o.stderr)
            .lines()
            .filter(|l| l.starts_with("error:"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(dry.status.code(), Some(3));
    assert_eq!(real.status.code(), Some(3));
    assert_eq!(
        errors(&dry),
        errors(&real),
        "the dry run finds what the import finds"
    );
    // The lines as an editor numbers them, the header being line 1.
    let lines: Vec<String> = errors(&dry)
        .iter()
        .map(|e| {
            let at = e.find("line ").expect("a line") + 5;
            let digits = e[at..].find(|c: char| !c.is_ascii_digit()).expect("digits");
            e[at..at + digits].to_owned()
        })
        .collect();
    assert_eq!(lines, ["3", "4", "6", "7"], "{:?}", errors(&dry));
    assert_eq!(
        ok(&dir, &["player", "list"]).lines().count(),
        2,
        "nothing registered"
    );
}

/// Item 11: `publish DIR` wrote through a symbolic link placed in DIR, overwriting the file
/// it pointed to. The link itself is now replaced by the page; its target stays as it was.
#[test]
fn publish_replaces_a_planted_link_and_leaves_its_target() {
    let dir = TempDir::new("safety-publish-link");
    event(&dir, 4);
    ok(&dir, &["pair", "--seed", "1"]);
    let site = dir.0.join("site");
    std::fs::create_dir(&site).expect("site folder");
    let victim = dir.0.join("victim.txt");
    std::fs::write(&victim, "not yours\n").expect("victim");
    std::os::unix::fs::symlink(&victim, site.join("crosstable.html")).expect("link");
    let out = run(&dir, &["publish", &site.display().to_string()]);
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not yours\n");
    let page = std::fs::symlink_metadata(site.join("crosstable.html")).unwrap();
    assert!(page.file_type().is_file(), "the link became the page");
    assert!(
        std::fs::read_to_string(site.join("crosstable.html"))
            .unwrap()
            .contains("Player01")
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("crosstable.html was a symbolic link"),
        "{stderr}"
    );
}

/// Item 11: `publish DIR` overwrote an `index.html` it had not made without a word. It now
/// says which files it replaced that an earlier publish did not write, and only those.
#[test]
fn publish_names_the_files_it_replaces_that_it_did_not_make() {
    let dir = TempDir::new("safety-publish-foreign");
    event(&dir, 4);
    let site = dir.0.join("site");
    std::fs::create_dir(&site).expect("site folder");
    std::fs::write(site.join("index.html"), "<p>the club's own page</p>\n").expect("index");
    let site = site.display().to_string();
    let first = run(&dir, &["publish", &site]);
    assert!(first.status.success());
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("note: replaced"))
            .count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("index.html"), "{stderr}");
    let again = run(&dir, &["publish", &site]);
    assert!(again.status.success());
    assert_eq!(String::from_utf8_lossy(&again.stderr), "", "its own files");
}

/// Item 13: a 100,000-player TRF failed with "unknown title `m`": the fifth digit of starting
/// rank 10000 pushed every field one column right. The starting rank's column and the limit
/// it sets (9999 players, TRF-2026 columns 5-8) are now named, with the file and line. A
/// 10,000-player report written as a naive program writes it shows the same as 100,000.
#[test]
fn a_report_past_9999_players_names_the_starting_rank_column() {
    let dir = TempDir::new("safety-trf-wide");
    let mut trf = String::from("012 Too Big Open\n");
    for rank in 1..=10_000u32 {
        // Columns as TRF-2026 sets them, the rank right-aligned in four (or more) places.
        trf.push_str(&format!(
            "001 {rank:>4} m    {:<33} {:>4} NOR {:>11} {:<10} {:>4} {rank:>4}\n",
            format!("Player{rank}, Test"),
            1000 + rank % 2000,
            rank,
            "2000/01/01",
            "0.0"
        ));
    }
    let file = dir.path("big.trf");
    std::fs::write(&file, trf).expect("write");
    let out = run(&dir, &["import", "trf", &file]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    // Line 1 is the 012 record, so player 10000 is on line 10001.
    assert!(
        stderr.contains("big.trf: line 10001, column 5: expected a starting rank from 1 to 9999")
            && stderr.contains("at most 9999 players")
            && stderr.contains("`10000`"),
        "{stderr}"
    );
    assert!(!stderr.contains("title"), "{stderr}");
}
