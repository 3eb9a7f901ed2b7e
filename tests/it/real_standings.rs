//! Standings of files from other programs (issue 13, items 7 and 8): reports without a start
//! date (chess-results rebuilds, pairing engines' test files) and TRF-2026 tie-break records
//! naming tie-breaks not computed here (team codes), each on a small file written by hand in
//! the form observed in real files (`fixtures/trf/real-forms/st-*.trf`).
//!
//! Every file holds the same six-player, three-round Swiss, worked out here by hand per C.07:
//!
//! ```text
//!  #  pts  R1       R2       R3
//!  1  2.5  +W4      HPB      +W3
//!  2  2.0  =W5      =B3      +W4
//!  3  1.5  +W6      =W2      -B1
//!  4  0.0  -B1      -W5      -B2
//!  5  2.0  =B2      +B4      =W6
//!  6  1.5  -B3      PAB      =B5
//! ```
//!
//! Both byes are followed by a played round, so no round is of category 16.2.5 and every
//! adjusted score (16.3) is the player's points. The dummies (16.4): #1's half-point bye
//! is worth #1's own 2.5 under the 2024 rules and min(2.5, 0.5 x 3 rounds) = 1.5 under the
//! 2026 rules; #6's bye min(1.5, 1.5) = 1.5 under both.
//!
//! - BH (8.1): #1 0 + dummy + 1.5 = 3.0 (2026) or 4.0 (2024); #2 2.0 + 1.5 + 0 = 3.5;
//!   #3 1.5 + 2.0 + 2.5 = 6.0; #4 2.5 + 2.0 + 2.0 = 6.5; #5 2.0 + 0 + 1.5 = 3.5;
//!   #6 1.5 + 1.5 + 2.0 = 5.0.
//! - BH/C1 (2026, 16.5): #1's half-point bye is a VUR; its contribution 1.5 is larger than
//!   the least significant value 0 (#4), so the bye is cut: 1.5. #2 and #5 cut #4's 0: 3.5;
//!   #3 cuts 1.5: 4.5; #4 cuts 2.0: 4.5; #6's bye is no VUR, one 1.5 goes: 3.5.
//! - SB (9.1, 2026): #1 1 x 0 + 0.5 x 1.5 + 1 x 1.5 = 2.25; #2 0.5 x 2 + 0.5 x 1.5 + 1 x 0 =
//!   1.75; #3 1 x 1.5 + 0.5 x 2 + 0 = 2.50; #5 0.5 x 2 + 1 x 0 + 0.5 x 1.5 = 1.75;
//!   #6 0 + 1 x 1.5 + 0.5 x 2 = 2.50; #4 0.
//! - WIN (7.1): #1 2 (the half-point bye is no win). AOB (8.2, 2026): #1 met #4 (BH 6.5) and
//!   #3 (BH 6.0) over the board: 6.25.

use crate::util::{TempDir, import_real_form, ok_on, run_on};

/// Runs a command that must succeed; returns standard output and standard error.
fn both(db: &str, args: &[&str]) -> (String, String) {
    let out = run_on(db, args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

/// The value of one column for one player in `standings --format csv`.
fn csv_cell(csv: &str, start_no: u16, column: &str) -> String {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let at = header
        .iter()
        .position(|h| *h == column)
        .unwrap_or_else(|| panic!("no column {column} in {header:?}"));
    // The name (the third field) is quoted and holds a comma: the fields after it are
    // counted from the end.
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|cells| cells[1] == start_no.to_string())
        .map(|cells| {
            let index = if at < 2 {
                at
            } else {
                cells.len() - (header.len() - at)
            };
            cells[index].to_owned()
        })
        .unwrap_or_else(|| panic!("no row for {start_no}"))
}

const NO_DATE: &str = "the event has no start date: tie-breaks by the 2026 rules";

/// A chess-results rebuild (`XXR`, `XXS`, `XXC`, no `012`, no `042`): standings by the
/// current edition, said once on standard error; `--tiebreak-rules` chooses another.
#[test]
fn chess_results_form_without_start_date_shows_standings_by_the_current_rules() {
    let dir = TempDir::new("st-no-date-cr");
    let (db, _) = import_real_form(&dir, "st-no-date-chess-results.trf");
    let (csv, stderr) = both(&db, &["standings", "--tiebreaks", "BH", "--format", "csv"]);
    assert_eq!(stderr.matches(NO_DATE).count(), 1, "{stderr}");
    assert!(stderr.contains("--tiebreak-rules 2024"), "{stderr}");
    // #1's capped half-point-bye dummy (2026, 16.4.2): 3.0, not 4.0.
    assert_eq!(csv_cell(&csv, 1, "BH"), "3.0");
    assert_eq!(csv_cell(&csv, 4, "BH"), "6.5");
    let (csv, stderr) = both(
        &db,
        &[
            "standings",
            "--tiebreaks",
            "BH",
            "--tiebreak-rules",
            "2024",
            "--format",
            "csv",
        ],
    );
    assert!(!stderr.contains("no start date"), "{stderr}");
    assert_eq!(csv_cell(&csv, 1, "BH"), "4.0");
}

/// The same file's default list, in JSON: the note stays on standard error, so the output
/// is still one JSON document.
#[test]
fn json_standings_without_start_date_stay_valid() {
    let dir = TempDir::new("st-no-date-json");
    let (db, _) = import_real_form(&dir, "st-no-date-chess-results.trf");
    let (json, stderr) = both(&db, &["standings", "--format", "json"]);
    assert!(stderr.contains(NO_DATE), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&json).expect("one JSON document");
    assert_eq!(value["edition"], "2026");
    let first = &value["rows"][0];
    assert_eq!(first["start_no"], 1);
    // BH/C1 (2026): #1's half-point bye, a VUR, is cut (16.5): 1.5.
    assert_eq!(first["tiebreaks"][0], serde_json::json!(["BH/C1", "1.5"]));
}

/// `crosstable` on a pairing engine's test file (`012`, `XXR`, no `042`) shows the table, says
/// which rules rank it, and takes `--tiebreak-rules`.
#[test]
fn crosstable_without_start_date_and_its_tiebreak_rules_flag() {
    let dir = TempDir::new("st-no-date-ct");
    let (db, _) = import_real_form(&dir, "st-no-date-engine.trf");
    let (text, stderr) = both(&db, &["crosstable"]);
    assert_eq!(stderr.matches(NO_DATE).count(), 1, "{stderr}");
    assert!(text.contains("Aalto, Ari"), "{text}");
    let (csv, stderr) = both(
        &db,
        &["crosstable", "--tiebreak-rules", "2024", "--format", "csv"],
    );
    assert!(!stderr.contains("no start date"), "{stderr}");
    assert!(csv.contains("Egan, Eve"), "{csv}");
    let out = run_on(&db, &["crosstable", "--tiebreak-rules", "2019"]);
    assert_eq!(out.status.code(), Some(3), "an unknown edition is refused");
}

/// `publish` too: the site's event page says which rules rank it; the flag is taken.
#[test]
fn publish_without_start_date_says_the_rules_on_the_page() {
    let dir = TempDir::new("st-no-date-site");
    let (db, _) = import_real_form(&dir, "st-no-date-engine.trf");
    let site = dir.path("site");
    let (_, stderr) = both(&db, &["publish", &site]);
    assert_eq!(stderr.matches(NO_DATE).count(), 1, "{stderr}");
    let pages: String = std::fs::read_dir(&site)
        .expect("site")
        .filter_map(|e| std::fs::read_to_string(e.expect("entry").path()).ok())
        .collect();
    assert!(pages.contains(NO_DATE), "the site says it");
    let (_, stderr) = both(&db, &["publish", &site, "--tiebreak-rules", "2024"]);
    assert!(!stderr.contains("no start date"), "{stderr}");
}

/// The TRF-2026 form of Sharly-Chess's and the TEC's sample (`202
/// EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP`): one warning at import naming the four, the record
/// written back as read, and standings by points with the ties shared, said once.
#[test]
fn team_codes_in_202_warn_once_and_leave_standings_by_points() {
    let dir = TempDir::new("st-202-team");
    let (db, stderr) = import_real_form(&dir, "st-202-team-codes.trf");
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("not computed"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(warnings[0].contains("line 13: 202"), "{}", warnings[0]);
    for code in ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"] {
        assert!(warnings[0].contains(code), "{code}: {}", warnings[0]);
    }
    let report = ok_on(&db, &["export", "trf"]);
    assert!(
        report
            .lines()
            .any(|l| l == "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"),
        "{report}"
    );
    let (csv, stderr) = both(&db, &["standings", "--format", "csv"]);
    assert_eq!(stderr.matches("not computed").count(), 1, "{stderr}");
    assert!(
        !stderr.contains("--tiebreaks: "),
        "no flag was given: {stderr}"
    );
    assert_eq!(
        csv.lines().next(),
        Some("rank,start_no,name,title,rating,federation,points")
    );
    // Ties on points are shared places: #2 and #5 (2.0) second, #3 and #6 (1.5) fourth.
    for (player, rank) in [(1, "1"), (2, "2"), (5, "2"), (3, "4"), (6, "4"), (4, "6")] {
        assert_eq!(csv_cell(&csv, player, "rank"), rank, "#{player}");
    }
}

/// A list mixing team codes with individual ones: the individual ones are computed, with
/// their modifiers, in the list's order.
#[test]
fn mixed_202_computes_the_individual_tiebreaks() {
    let dir = TempDir::new("st-202-mixed");
    let (db, stderr) = import_real_form(&dir, "st-202-mixed.trf");
    assert!(
        stderr.contains("BH:MP/C1/P (on the team score MP), MPvGP (a team tie-break)"),
        "{stderr}"
    );
    assert!(stderr.contains("the standings use BH/C1, SB"), "{stderr}");
    let (csv, stderr) = both(&db, &["standings", "--format", "csv"]);
    assert!(stderr.contains("ranked by BH/C1, SB"), "{stderr}");
    assert_eq!(
        csv.lines().next(),
        Some("rank,start_no,name,title,rating,federation,points,BH/C1,SB")
    );
    for (player, bh_c1, sb, rank) in [
        (1, "1.5", "2.25", "1"),
        (2, "3.5", "1.75", "2"),
        (5, "3.5", "1.75", "2"),
        (3, "4.5", "2.50", "4"),
        (6, "3.5", "2.50", "5"),
        (4, "4.5", "0.00", "6"),
    ] {
        assert_eq!(csv_cell(&csv, player, "BH/C1"), bh_c1, "#{player} BH/C1");
        assert_eq!(csv_cell(&csv, player, "SB"), sb, "#{player} SB");
        assert_eq!(csv_cell(&csv, player, "rank"), rank, "#{player} rank");
    }
}

/// Sharly-Chess's form with a `212` (the standings' order, `PTS` first) and no `202`: the
/// list is read from it, and the record is written back as read.
#[test]
fn a_212_without_202_gives_the_list() {
    let dir = TempDir::new("st-212");
    let (db, stderr) = import_real_form(&dir, "st-212-only.trf");
    assert!(!stderr.contains("not computed"), "{stderr}");
    let (csv, stderr) = both(&db, &["standings", "--format", "csv"]);
    assert!(!stderr.contains("no tie-break list"), "{stderr}");
    assert_eq!(
        csv.lines().next(),
        Some("rank,start_no,name,title,rating,federation,points,WIN,BH,AOB")
    );
    assert_eq!(csv_cell(&csv, 1, "WIN"), "2");
    assert_eq!(csv_cell(&csv, 1, "BH"), "3.0");
    assert_eq!(csv_cell(&csv, 1, "AOB"), "6.25");
    let report = ok_on(&db, &["export", "trf"]);
    assert!(
        report.lines().any(|l| l == "212 PTS,WIN,BH,AOB"),
        "{report}"
    );
}

/// What the user types is still checked to the letter: a team code in `--tiebreaks` or
/// `config tiebreaks` is refused, naming the flag or the setting.
#[test]
fn typed_lists_stay_strict() {
    let dir = TempDir::new("st-strict");
    let (db, _) = import_real_form(&dir, "st-202-mixed.trf");
    let out = run_on(&db, &["standings", "--tiebreaks", "EDET/P"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tiebreaks: unknown tie-break `EDET`"));
    let out = run_on(&db, &["config", "tiebreaks", "MPvGP"]);
    assert_ne!(out.status.code(), Some(0));
}

/// A `212` written with blanks between its entries (`PTS  WIN  BH`) is read by the same
/// reader as a `202`: the import stored `PTS  WIN  BH` as one entry (split on commas only)
/// and exported it as a `202` that began with the points.
#[test]
fn a_212_with_blanks_between_entries_is_read_as_the_202_reader_reads_it() {
    let dir = TempDir::new("st-212-blanks");
    let text = std::fs::read_to_string(crate::util::real_form("st-212-only.trf"))
        .unwrap()
        .replace("212 PTS,WIN,BH,AOB", "212 PTS  WIN  BH  AOB");
    assert!(text.contains("212 PTS  WIN"), "the fixture's 212 changed");
    let file = dir.0.join("blanks.trf");
    std::fs::write(&file, text).unwrap();
    let db = dir.db();
    ok_on(&db, &["import", "trf", file.to_str().unwrap()]);
    assert_eq!(ok_on(&db, &["config", "tiebreaks"]).trim(), "WIN,BH,AOB");
}
