//! The FIDE TRF reader and writer: every report in `fixtures/trf` (random tournaments paired by
//! an endorsed engine, with cuts before rounds, and the FIDE tie-break exercises, copied from
//! the project's shared data) reads without error, its points add up, and writing it and
//! reading it again gives back the same tournament.

use std::path::PathBuf;

use arbiter::trf::{ParseTrfError, TrfErrorKind, parse, write};

fn fixtures() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/trf");
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .expect("fixtures/trf")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read");
            (p, text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_fixture_reads_and_round_trips() {
    let files = fixtures();
    assert!(files.len() >= 60, "{} files", files.len());
    for (path, text) in files {
        let (trf, warnings) = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        assert!(!trf.players.is_empty(), "{}", path.display());
        let written = write(&trf);
        let (again, _) = parse(&written)
            .unwrap_or_else(|e| panic!("{} rewritten: {e}\n{written}", path.display()));
        assert_eq!(again, trf, "{}", path.display());
    }
}

#[test]
fn crlf_and_cr_line_ends_read_the_same() {
    let (_, text) = &fixtures()[0];
    let (lf, _) = parse(text).unwrap();
    let (crlf, _) = parse(&text.replace('\n', "\r\n")).unwrap();
    let (cr, _) = parse(&text.replace('\n', "\r")).unwrap();
    assert_eq!(lf, crlf);
    assert_eq!(lf, cr);
}

fn error(text: &str) -> ParseTrfError {
    parse(text).expect_err("an error")
}

const TWO: &str = "\
001    1 m    One, A                            2000 XXX                         1.0    1     2 w 1
001    2 m    Two, B                            1900 XXX                         0.0    2     1 b 0
";

#[test]
fn errors_name_line_and_column() {
    assert!(parse(TWO).is_ok());
    // Each case: a change to TWO, and the line, the column (where checked) and the kind.
    for (why, from, to, line, column, kind) in [
        (
            "Player 2 does not list the result back: 1 against 1",
            "1 b 0",
            "1 b 1",
            Some(1),
            Some(92),
            TrfErrorKind::Unreciprocated {
                round: 1,
                opponent: 2,
            },
        ),
        (
            "Same colour on both sides",
            "1 b 0",
            "1 w 0",
            None,
            None,
            TrfErrorKind::Unreciprocated {
                round: 1,
                opponent: 2,
            },
        ),
        (
            "An opponent without a record",
            "    2 w 1",
            "    3 w 1",
            None,
            None,
            TrfErrorKind::UnknownOpponent {
                round: 1,
                opponent: 3,
            },
        ),
        (
            "A result code outside the table",
            "2 w 1",
            "2 w 7",
            Some(1),
            Some(99),
            TrfErrorKind::BadResultCode('7'),
        ),
        (
            "Two players with one starting rank",
            "001    2",
            "001    1",
            Some(2),
            None,
            TrfErrorKind::DuplicateStartingRank(1),
        ),
    ] {
        let e = error(&TWO.replace(from, to));
        if let Some(line) = line {
            assert_eq!(e.line, line, "{why}");
        }
        if let Some(column) = column {
            assert_eq!(e.column, column, "{why}");
        }
        assert_eq!(e.kind, kind, "{why}");
    }
    // A date that is not a date.
    let e = error(&format!("042 2025/13/01\n{TWO}"));
    assert_eq!((e.line, e.column), (1, 5));
    assert!(
        e.to_string()
            .starts_with("line 1, column 5: expected a date")
    );
}

#[test]
fn points_that_do_not_add_up_are_a_warning() {
    let (_, warnings) = parse(&TWO.replace("   1.0    1", "   2.0    1")).unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 1);
}

#[test]
fn points_read_and_write_exactly() {
    use arbiter::tournament::Points;
    for (text, tenths) in [
        ("4", 40),
        ("4.5", 45),
        (".5", 5),
        ("-1.0", -10),
        ("10.50", 105),
    ] {
        assert_eq!(text.parse::<Points>(), Ok(Points(tenths)), "{text}");
    }
    for bad in ["", "x", "4.55", "4,5", "--1"] {
        assert!(bad.parse::<Points>().is_err(), "{bad}");
    }
    assert_eq!(format!("{:>5}", Points(45)), "  4.5");
    assert_eq!(Points(-5).to_string(), "-0.5");
}

#[test]
fn points_follow_the_declared_values() {
    // Three points for a win (162: code W at column 6, points at 7-10).
    let three = format!(
        "162  W 3.0    D 1.0\n{}",
        TWO.replace("   1.0    1", "   3.0    1")
    );
    let (_, warnings) = parse(&three).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    // The same written points without the 162 line do not add up.
    let (_, warnings) = parse(&TWO.replace("   1.0    1", "   3.0    1")).unwrap();
    assert_eq!(warnings.len(), 1);
    // bbpPairings' lines say the same.
    let (_, warnings) = parse(&format!(
        "BBW  3.0\n{}",
        TWO.replace("   1.0    1", "   3.0    1")
    ))
    .unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
}
