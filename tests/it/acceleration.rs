//! Acceleration in files from other programs (issue 13, items 3, 10 and 11): `250` records in
//! every form programs write, read alike by `pairing` and `import trf`; `192` naming the Baku
//! method (C.04.7) with the text's group A; `XXA` read by its columns; and `pairing generate`
//! keeping the rounds it made when a round cannot be paired.
//!
//! The fixtures in `fixtures/acceleration/` are written by hand in the forms observed in
//! real files (Sharly-Chess's and echecsjs's test files, other programs' Baku writers); none
//! is copied. Expected pairings are worked out by hand from C.04.3 (2026) and C.04.7, as the
//! comment beside each says; the reference engine (bbpPairings v6) gives the same pairings
//! when handed the text's group A as explicit `250` records.

use crate::util::{TempDir, arbiter, fixture, ok_on, run_on};

fn text(out: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `pairing dutch FILE -p`: the pairing (must succeed) and the standard error.
fn pair(file: &str) -> (String, String) {
    let out = arbiter(&["pairing", "dutch", file, "-p"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{file}: {stderr}");
    (stdout, stderr)
}

/// The report's player lines cut before round 1 (columns 1-89), everything else as it is.
fn before_round_one(source: &str, dir: &TempDir, name: &str) -> String {
    let cut: String = std::fs::read_to_string(source)
        .unwrap()
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                l.chars().take(80).collect::<String>() + " 0.0"
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let path = dir.path(name);
    std::fs::write(&path, cut).unwrap();
    path
}

#[test]
fn record_192_baku_pairs_round_one_with_the_texts_group_a_of_ten() {
    // 10 players, 5 rounds, `152 B`, `192 FIDE_DUTCH_2026_BAKU`. C.04.7: group A is
    // 2 x ceil(10/4) = 6 players (the reference engine's built-in Baku takes 5), a win's point
    // in rounds 1-2 (the first ceil(ceil(5/2)/2) = 2) and half in round 3. Round 1: bracket
    // 1-6 pairs 1-4 2-5 3-6, bracket 7-10 pairs 7-9 8-10; 5.2.5 gives the initial colour
    // (Black) to the odd pairing numbers 1, 3, 7 and White to 2 and 8.
    let dir = TempDir::new("accel-192-10");
    let file = before_round_one(&fixture("acceleration", "baku-192-10p.trf"), &dir, "r1.trf");
    let (pairing, _) = pair(&file);
    assert_eq!(pairing, "5\n4 1\n2 5\n6 3\n9 7\n8 10\n");
}

#[test]
fn record_192_baku_pairs_round_one_with_the_texts_group_a_of_thirteen() {
    // 13 players, 7 rounds, `152 W`: group A is 2 x ceil(13/4) = 8 (the reference engine's
    // built-in Baku takes 7). Bracket 1-8 pairs 1-5 2-6 3-7 4-8; bracket 9-13 pairs 9-11
    // 10-12 and gives 13 the bye; 5.2.5: odd numbers White.
    let (pairing, _) = pair(&fixture("acceleration", "baku-192-13p.trf"));
    assert_eq!(pairing, "7\n1 5\n6 2\n3 7\n8 4\n9 11\n12 10\n13 0\n");
}

#[test]
fn a_file_marked_baku_but_paired_without_it_differs_in_round_one() {
    // Item 11: Sharly-Chess's 2025 test file is marked `192 FIDE_DUTCH_2026_BAKU`, `152 B`,
    // but its round 1 is the unaccelerated pairing with the top player White (1-6 7-2 3-8
    // 9-4 5-10 here). By C.04.7 the players 1-6 are one scoregroup in round 1, and by C6
    // (fewest downfloaters) they pair among themselves: the file is wrong, not the engine.
    let out = arbiter(&[
        "pairing",
        "check",
        &fixture("acceleration", "baku-192-10p.trf"),
    ]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("round 1: differs"), "{stdout}");
    assert!(stdout.contains("we pair 4-1"), "{stdout}");
}

#[test]
fn record_192_baku_without_a_number_of_rounds_is_said_and_decided() {
    // No XXR/142: the accelerated rounds (the first half of the planned rounds) cannot be
    // known. The rounds the report holds and the one to pair are taken as all, and a warning
    // says so. Round 1 of 1: accelerated by a win, so group A (1-4 of 8) pairs apart.
    let dir = TempDir::new("accel-192-norounds");
    let source = std::fs::read_to_string(fixture("acceleration", "accel-250-8p.trf")).unwrap();
    let text: String = source
        .lines()
        .filter(|l| !l.starts_with("250") && !l.starts_with("142"))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        + "192 FIDE_DUTCH_BAKU\n";
    let file = dir.path("norounds.trf");
    std::fs::write(&file, text).unwrap();
    let (pairing, stderr) = pair(&file);
    assert_eq!(pairing, "4\n1 3\n4 2\n5 7\n8 6\n");
    assert!(
        stderr.contains("does not give their number (XXR or 142)"),
        "{stderr}"
    );
}

#[test]
fn explicit_250_records_in_trf_2026_columns_pair_and_import_as_baku() {
    // 8 players, 5 rounds, `250       1.0   1   2    1    4` and `250       0.5   3   3    1
    // 4`: exactly C.04.7 for this field (group A 2 x ceil(8/4) = 4, rounds 1-2 a win, round
    // 3 a draw). Round 1: 1-3 2-4 in group A, 5-7 6-8 below; 5.2.5 with `152 W`.
    let file = fixture("acceleration", "accel-250-8p.trf");
    let (pairing, _) = pair(&file);
    assert_eq!(pairing, "4\n1 3\n4 2\n5 7\n8 6\n");
    let dir = TempDir::new("accel-250-import");
    let db = dir.db();
    ok_on(&db, &["import", "trf", &file]);
    assert_eq!(ok_on(&db, &["config", "acceleration"]).trim(), "baku");
    let export = ok_on(&db, &["export", "trf"]);
    for expected in [
        "192 FIDE_DUTCH_BAKU",
        "250       1.0 001 002    1    4",
        "250       0.5 003 003    1    4",
    ] {
        assert!(
            export.lines().any(|l| l == expected),
            "{expected}:\n{export}"
        );
    }
}

#[test]
fn record_192_baku_imports_as_the_acceleration_setting_and_exports_back() {
    let dir = TempDir::new("accel-192-import");
    let db = dir.db();
    ok_on(
        &db,
        &[
            "import",
            "trf",
            &fixture("acceleration", "baku-192-13p.trf"),
        ],
    );
    assert_eq!(ok_on(&db, &["config", "acceleration"]).trim(), "baku");
    let export = ok_on(&db, &["export", "trf"]);
    // 13 players, 7 rounds: group A 1-8, rounds 1-2 a win, rounds 3-4 a draw.
    for expected in [
        "192 FIDE_DUTCH_BAKU",
        "250       1.0 001 002    1    8",
        "250       0.5 003 004    1    8",
    ] {
        assert!(
            export.lines().any(|l| l == expected),
            "{expected}:\n{export}"
        );
    }
    assert_eq!(export.lines().filter(|l| l.starts_with("192")).count(), 1);
}

/// The 8-player fixture with its 250 records replaced by `records`.
fn with_250(dir: &TempDir, name: &str, records: &[&str]) -> String {
    let source = std::fs::read_to_string(fixture("acceleration", "accel-250-8p.trf")).unwrap();
    let mut lines: Vec<String> = source
        .lines()
        .filter(|l| !l.starts_with("250"))
        .map(str::to_owned)
        .collect();
    for (i, record) in records.iter().enumerate() {
        lines.insert(3 + i, (*record).to_owned());
    }
    let path = dir.path(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn integer_points_in_250_read_as_the_same_acceleration() {
    // ` 1` for a point, as team files write `2` for two match points.
    let dir = TempDir::new("accel-250-integer");
    let file = with_250(
        &dir,
        "int.trf",
        &[
            "250         1   1   2    1    4",
            "250       0.5   3   3    1    4",
        ],
    );
    assert_eq!(pair(&file).0, "4\n1 3\n4 2\n5 7\n8 6\n");
    let db = dir.db();
    ok_on(&db, &["import", "trf", &file]);
    assert_eq!(ok_on(&db, &["config", "acceleration"]).trim(), "baku");
}

#[test]
fn a_250_record_with_match_points_only_is_read_by_check_and_import_alike() {
    // The team form (Sharly-Chess, echecsjs): match points at 5-8, game points blank. It was
    // refused by `pairing check` and accepted by `import trf`; now both read it. It
    // accelerates teams' match points, so the games of individuals pair unaccelerated:
    // 1-5 2-6 3-7 4-8, odd numbers White (`152 W`).
    let dir = TempDir::new("accel-250-team");
    let file = with_250(
        &dir,
        "team.trf",
        &[
            "250  2.0        1   1    1    2",
            "250  2          2   4    1    4",
        ],
    );
    assert_eq!(pair(&file).0, "4\n1 5\n6 2\n3 7\n8 4\n");
    let check = arbiter(&["pairing", "check", &file]);
    assert!(check.status.success(), "{:?}", text(&check));
    let db = dir.db();
    ok_on(&db, &["import", "trf", &file]);
    assert_eq!(ok_on(&db, &["config", "acceleration"]).trim(), "none");
    // Kept as written, and written back.
    let export = ok_on(&db, &["export", "trf"]);
    assert!(
        export
            .lines()
            .any(|l| l == "250  2.0        1   1    1    2"),
        "{export}"
    );
}

#[test]
fn a_250_record_no_reading_fits_is_refused_by_pairing_and_import_alike() {
    let dir = TempDir::new("accel-250-bad");
    // The last round at 19-21 is not a number: line 4 (the first 250), column 19.
    let file = with_250(&dir, "bad.trf", &["250       1.0   1   x    1    4"]);
    let pairing = arbiter(&["pairing", "dutch", &file, "-p"]);
    let check = arbiter(&["pairing", "check", &file]);
    let import = run_on(&dir.db(), &["import", "trf", &file]);
    for out in [&pairing, &check, &import] {
        let (_, stderr) = text(out);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(stderr.contains("bad.trf"), "{stderr}");
        assert!(
            stderr.contains("line 4, column 19")
                && stderr.contains("expected the last round (columns 19-21), found `x`"),
            "{stderr}"
        );
    }
}

#[test]
fn an_xxa_line_with_a_blank_field_between_values_is_refused_with_its_column() {
    // Round 2's field (columns 15-18) left blank between rounds 1 and 3: read as words, the
    // 0.5 of round 3 would have moved to round 2.
    let dir = TempDir::new("accel-xxa-blank");
    let file = with_250(&dir, "xxa.trf", &["XXA    1  1.0       0.5"]);
    for out in [
        arbiter(&["pairing", "dutch", &file, "-p"]),
        run_on(&dir.db(), &["import", "trf", &file]),
    ] {
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.contains("line 4, column 15") && stderr.contains("round 2's virtual points"),
            "{stderr}"
        );
    }
    // Written in full, the same line reads.
    let file = with_250(&dir, "xxa-ok.trf", &["XXA    1  1.0  0.0  0.5"]);
    pair(&file);
}

#[test]
fn generate_writes_the_rounds_it_made_when_a_round_cannot_be_paired() {
    // Two players, two rounds: round 2 would pair them again (C1), so no pairing exists.
    let dir = TempDir::new("accel-generate-partial");
    let file = dir.path("partial.trf");
    let out = arbiter(&[
        "pairing",
        "generate",
        "--players",
        "2",
        "--rounds",
        "2",
        "--seed",
        "3",
        "-o",
        &file,
    ]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("round 2 could not be paired") && stderr.contains("with round 1"),
        "{stderr}"
    );
    // A valid report of round 1 that reads back and re-pairs as recorded.
    let written = std::fs::read_to_string(&file).unwrap();
    let (report, warnings) = arbiter::trf::parse(&written).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(report.players.iter().all(|p| p.rounds.len() == 1));
    let check = arbiter(&["pairing", "check", &file]);
    assert!(check.status.success(), "{:?}", text(&check));
}

/// A report whose 250 records are exactly the Baku method, under another program's system
/// code (`192 FIDE_DUTCH`): the export wrote that 192 back beside its own
/// `192 FIDE_DUTCH_BAKU`, two system codes in one report.
#[test]
fn baku_by_its_250_records_under_another_system_code_exports_one_192() {
    let dir = TempDir::new("accel-one-192");
    let first = dir.db();
    ok_on(
        &first,
        &[
            "import",
            "trf",
            &fixture("acceleration", "baku-192-13p.trf"),
        ],
    );
    let written =
        ok_on(&first, &["export", "trf"]).replace("192 FIDE_DUTCH_BAKU", "192 FIDE_DUTCH");
    let file = dir.0.join("other.trf");
    std::fs::write(&file, &written).unwrap();
    let second = dir.0.join("second.db").to_string_lossy().into_owned();
    ok_on(&second, &["import", "trf", file.to_str().unwrap()]);
    assert_eq!(ok_on(&second, &["config", "acceleration"]).trim(), "baku");
    let export = ok_on(&second, &["export", "trf"]);
    let codes: Vec<&str> = export.lines().filter(|l| l.starts_with("192")).collect();
    assert_eq!(codes, ["192 FIDE_DUTCH_BAKU"], "{export}");
}

/// C.04.7 applies only when a win is worth two draws and a loss nothing. A report naming the
/// method with three points a win imported as Baku anyway (and exported 250 records of 3.0
/// and 1.0 virtual points); it is now paired without it, said at import, and the pairing of
/// its next round is not refused.
#[test]
fn record_192_baku_with_other_point_values_imports_unaccelerated_and_says_so() {
    let dir = TempDir::new("accel-192-points");
    let text = std::fs::read_to_string(fixture("acceleration", "baku-192-13p.trf"))
        .unwrap()
        .replacen("152 W\n", "152 W\n162  W 3.0    D 1.0\n", 1);
    assert!(text.contains("162  W 3.0"), "the fixture's header changed");
    let file = dir.0.join("three-points.trf");
    std::fs::write(&file, text).unwrap();
    let db = dir.db();
    let out = run_on(&db, &["import", "trf", file.to_str().unwrap()]);
    let (_, stderr) = self::text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("paired without it"), "{stderr}");
    assert_ne!(ok_on(&db, &["config", "acceleration"]).trim(), "baku");
    let export = ok_on(&db, &["export", "trf"]);
    assert!(
        !export.lines().any(|l| l.starts_with("192 FIDE_DUTCH_BAKU")),
        "{export}"
    );
    assert!(!export.lines().any(|l| l.starts_with("250")), "{export}");
    ok_on(&db, &["pair", "--dry-run"]);
}
