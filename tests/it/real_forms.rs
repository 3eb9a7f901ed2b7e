//! TRF files as other programs write them (issue 13, items 4, 5, 6 and 9): each file in
//! `fixtures/trf/real-forms/` is written by hand, a few players, in a form observed in real
//! files (lichess exports, a Swiss-Manager-era report of 2005, JaVaFo's sample, Sharly-Chess's
//! test files, FIDE's TRF-2026 team sample); each test imports one and checks what a director
//! sees. The expected dates are the calendar dates the files write; the titles are the
//! FIDE rating list's one-letter codes (g GM, m IM, f FM, c CM, wg WGM, wm WIM, wf WFM, wc WCM).

use crate::util::{TempDir, import_real_form, ok_on, real_form, run_on};
use arbiter::trf::{TrfErrorKind, parse};

fn setting(db: &str, key: &str) -> String {
    ok_on(db, &["config", key]).trim().to_owned()
}

/// lichess writes `Mar 3, 2026` (Java's medium date) and, while the tournament runs, an empty
/// `052` and each game in progress as `Z` with the opponent and colour.
#[test]
fn lichess_dates_and_a_game_in_progress() {
    let dir = TempDir::new("real-lichess");
    let (db, stderr) = import_real_form(&dir, "lichess-in-progress.trf");
    assert_eq!(setting(&db, "start"), "2026-03-03");
    assert_eq!(setting(&db, "end"), "");
    // One warning for the two games, not one per line.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("2 games written `Z` with an opponent"),
        "{stderr}"
    );
    let standings = ok_on(&db, &["standings"]);
    assert!(
        standings.contains("provisional: 2 results missing"),
        "{standings}"
    );
    let round = ok_on(&db, &["round", "show", "2"]);
    assert!(round.contains("alpha_player"), "{round}");
    // Written back as a paired round without a result: a blank code, not `Z`.
    let exported = ok_on(&db, &["export", "trf"]);
    let alpha = exported
        .lines()
        .find(|l| l.starts_with("001    1"))
        .expect("player 1");
    assert!(alpha.ends_with("     2 w"), "{alpha}");
    // A bye written without opponent or colour goes out in the standard's form.
    let charlie = exported
        .lines()
        .find(|l| l.starts_with("001    3"))
        .expect("player 3");
    assert!(charlie.ends_with("  0000 - U     4 w"), "{charlie}");
    // The director then enters the result.
    ok_on(&db, &["result", "2", "1", "1-0"]);
    assert!(ok_on(&db, &["standings"]).contains("provisional: 1 result missing"));
}

/// A Swiss-Manager-era report: `28. 07. 2005`, titles one letter right-aligned in columns
/// 11-13 (`g`, `m`, `f`, `wf`, `wg`, `c`), empty `032` and `132`, CR LF line ends.
#[test]
fn swiss_manager_dotted_dates_and_one_letter_titles() {
    let dir = TempDir::new("real-sm2005");
    let (db, stderr) = import_real_form(&dir, "swiss-manager-2005.trf");
    assert_eq!(stderr, "", "every line reads as meant");
    assert_eq!(setting(&db, "start"), "2005-07-28");
    assert_eq!(setting(&db, "end"), "2005-07-31");
    let players = ok_on(&db, &["player", "list"]);
    for (name, title) in [
        ("Gamma,Georg", "GM"),
        ("Iota,Ivan", "IM"),
        ("Phi,Felix", "FM"),
        ("Wolf,Wanda", "WFM"),
        ("Wang,Wen", "WGM"),
        ("Chi,Carl", "CM"),
    ] {
        let line = players
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {players}"));
        assert!(
            line.split_whitespace().any(|w| w == title),
            "{name}: {line}"
        );
    }
    // A 2005 event ranks under the tie-break rules of its day.
    assert!(ok_on(&db, &["standings"]).contains("legacy tie-break rules"));
    // The export writes the standard's forms.
    let exported = ok_on(&db, &["export", "trf"]);
    assert!(exported.contains("042 2005/07/28\n"), "{exported}");
    assert!(exported.contains("  WFM Wolf,Wanda"), "{exported}");
    assert!(!exported.contains("\n032"), "an empty 032 says nothing");
}

/// JaVaFo's sample writes `24/09/2010`: the year last, and 24 cannot be a month, so the file's
/// dates are day first; the warning says so and why.
#[test]
fn javafo_day_first_dates_are_said() {
    let dir = TempDir::new("real-javafo");
    let (db, stderr) = import_real_form(&dir, "javafo-dates.trf");
    assert_eq!(setting(&db, "start"), "2010-09-24");
    assert_eq!(setting(&db, "end"), "2010-10-02");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("read day first (DD/MM/YYYY)"), "{stderr}");
    assert!(stderr.contains("`24/09/2010` on line 4"), "{stderr}");
    let players = ok_on(&db, &["player", "list"]);
    assert!(players.contains("GM   Garcia"), "{players}");
}

fn header(start: &str, end: &str) -> String {
    format!(
        "012 Dates\n042 {start}\n052 {end}\n001    1      A, A                              2000                             0.0    1\n"
    )
}

/// Day and month in either order: the file decides when one of its dates can only be read one
/// way; else day first, and the warning says which reading was taken and what the other would
/// have been.
#[test]
fn ambiguous_dates_take_the_reading_that_fits_and_say_so() {
    let (trf, warnings) = parse(&header("03/04/2010", "05/04/2010")).unwrap();
    assert_eq!(trf.start_date.as_deref(), Some("2010/04/03"));
    assert_eq!(trf.end_date.as_deref(), Some("2010/04/05"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let message = &warnings[0].message;
    assert!(message.contains("day first"), "{message}");
    assert!(message.contains("not 2010/03/04"), "{message}");

    // An American file: 13 can only be the day, so the start is month first too.
    let (trf, warnings) = parse(&header("04/03/2010", "04/13/2010")).unwrap();
    assert_eq!(trf.start_date.as_deref(), Some("2010/04/03"));
    assert_eq!(trf.end_date.as_deref(), Some("2010/04/13"));
    assert!(warnings[0].message.contains("month first"), "{warnings:?}");
}

/// The other forms in use read without a word: ISO, dots, a month by name, and the standard's
/// own short form.
#[test]
fn other_date_forms_read() {
    for text in [
        "2024/10/13",
        "2024-10-13",
        "13.10.2024",
        "13. 10. 2024",
        "Oct 13, 2024",
        "13 October 2024",
    ] {
        let (trf, warnings) = parse(&header(text, "")).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(trf.start_date.as_deref(), Some("2024/10/13"), "{text}");
        assert_eq!(trf.end_date, None, "an empty 052 is no date");
        assert!(warnings.is_empty(), "{text}: {warnings:?}");
    }
}

/// Two-digit years in `042`/`052`, where the standard writes four: the standard's order
/// (`YY/MM/DD`, as in `132`) is taken, and the other reading is named when it is another date.
/// Round dates in `132` are in the standard's own form and say nothing; spaced forms there
/// stay whole.
#[test]
fn two_digit_years_take_the_standard_order_and_say_so() {
    let (trf, warnings) = parse(&header("24/10/13", "")).unwrap();
    assert_eq!(trf.start_date.as_deref(), Some("2024/10/13"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let said = warnings[0].to_string();
    assert!(said.contains("`24/10/13` is 2024/10/13"), "{said}");
    assert!(said.contains("DD/MM/YY would give 2013/10/24"), "{said}");
    let text = format!(
        "{}{:<91}24/10/13  24/10/14\n",
        header("2024/10/13", ""),
        "132"
    );
    let (_, warnings) = parse(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let text = format!(
        "{}{:<91}13. 10. 2024  14. 10. 2024\n",
        header("2024/10/13", ""),
        "132"
    );
    parse(&text).unwrap_or_else(|e| panic!("spaced round dates: {e}"));
}

/// What no reading fits is refused with the line, the column and the forms accepted.
#[test]
fn a_date_no_form_fits_is_refused_where_it_stands() {
    let err = parse(&header("2024/10/13", "2024/13/45")).unwrap_err();
    assert_eq!((err.line, err.column), (3, 5));
    assert!(matches!(err.kind, TrfErrorKind::BadDate(ref t) if t == "2024/13/45"));
    let message = err.to_string();
    assert!(message.contains("YYYY/MM/DD (the standard)"), "{message}");
    assert!(message.contains("`Oct 13, 2024`"), "{message}");

    // A round date in 132, at its column.
    let text = format!(
        "{}{:<91}24/10/13  24/13/14\n",
        header("2024/10/13", ""),
        "132"
    );
    let err = parse(&text).unwrap_err();
    assert_eq!((err.line, err.column), (5, 102));
}

/// A round paired and not played yet, as Sharly-Chess writes it (the record ends after the
/// colour); its round dates start at column 93, a column off the standard's 92.
#[test]
fn a_paired_round_without_results_is_a_round_in_progress() {
    let dir = TempDir::new("real-inprogress");
    let (db, stderr) = import_real_form(&dir, "round-in-progress.trf");
    assert_eq!(stderr, "");
    assert_eq!(setting(&db, "round-dates"), "2025-09-13,2025-09-14");
    let standings = ok_on(&db, &["standings"]);
    assert!(
        standings.contains("provisional: 2 results missing"),
        "{standings}"
    );
    let round = ok_on(&db, &["round", "show", "2"]);
    assert!(
        round.contains("BRAVO") && round.contains("DELTA"),
        "{round}"
    );
    let exported = ok_on(&db, &["export", "trf"]);
    let lines: Vec<&str> = exported.lines().filter(|l| l.starts_with("001")).collect();
    assert!(lines[0].ends_with("     2 b"), "{exported}");
    assert!(lines[3].ends_with("     3 b"), "{exported}");
}

/// A TRF-2026 team event is read as individual games, and said so once; its team records
/// make one warning, not one per line; column headings written without `###` are left out;
/// a requested bye ending in a tab reads.
#[test]
fn a_team_event_is_said_once_and_read_as_individual_games() {
    let dir = TempDir::new("real-team");
    let (db, stderr) = import_real_form(&dir, "team-event.trf");
    let warnings: Vec<&str> = stderr.lines().collect();
    assert_eq!(warnings.len(), 2, "{stderr}");
    assert!(
        warnings[0].contains("this is a team event: it is read here as individual games"),
        "{stderr}"
    );
    assert!(warnings[0].contains("2 `310`"), "{stderr}");
    assert!(
        warnings[1].contains("3 lines (lines 12-13, 18) read as column headings"),
        "{stderr}"
    );
    assert!(ok_on(&db, &["standings"]).contains("North, Anna"));
    // The bye asked for in the 240 record with a trailing tab.
    let exported = ok_on(&db, &["export", "trf"]);
    let berit = exported
        .lines()
        .find(|l| l.starts_with("001    2"))
        .expect("player 2");
    assert!(berit.ends_with("0000 - H"), "{exported}");
}

/// Many records of a type we do not read (a program's own lines, as Tornelo's `XRS`) are one
/// warning; one is named with its line.
#[test]
fn unread_records_are_one_warning_per_type() {
    let mut text = header("2024/10/13", "");
    for i in 1..=5 {
        text.push_str(&format!("XRS note {i} from another program\n"));
    }
    text.push_str("XYZ something\n");
    let (_, warnings) = parse(&text).unwrap();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(warnings[0].line, 0);
    assert!(
        warnings[0]
            .message
            .starts_with("5 `XRS` records (lines 5-9) are not ones we read"),
        "{warnings:?}"
    );
    assert_eq!(warnings[1].line, 10);
}

/// A title we do not know does not refuse the file: the player reads without it, and the
/// warning names the title and the lines.
#[test]
fn an_unknown_title_is_a_warning() {
    let text = "001    1 mAGM Arena, Andy                        2000                             0.0    1\n001    2 mgm  Lower, Lou                        1990                             0.0    2\n";
    let (trf, warnings) = parse(text).unwrap();
    assert_eq!(trf.players[0].player.title, None);
    assert_eq!(
        trf.players[1].player.title,
        Some(arbiter::tournament::Title::Gm)
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 1);
    assert!(warnings[0].message.contains("title `AGM`"), "{warnings:?}");
}

/// Points that do not add up for many players (a team event's match points) are one warning.
#[test]
fn many_wrong_totals_are_one_warning() {
    let mut text = String::new();
    for i in 1..=4 {
        text.push_str(&format!(
            "001 {i:>4}      P, {i}                              2000                             5.0    1\n"
        ));
    }
    let (_, warnings) = parse(&text).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .message
            .starts_with("4 players' points written do not add up to their rounds (lines 1-4)"),
        "{warnings:?}"
    );
}

/// Every hand-made real form goes into the event database and comes back in the standard's
/// form with the same players and rounds (lichess's `Z` comes back blank, as it was read).
#[test]
fn every_real_form_round_trips_through_the_store() {
    use arbiter::store::Store;
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/trf/real-forms");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let (original, _) = parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        store.import_trf(&original, "fixture").unwrap();
        let written = arbiter::trf::write(&store.to_trf().unwrap());
        let (back, _) = parse(&written).unwrap();
        assert_eq!(back.start_date, original.start_date, "{}", path.display());
        assert_eq!(back.players.len(), original.players.len());
        for (a, b) in original.players.iter().zip(&back.players) {
            assert_eq!(a.player, b.player, "{}", path.display());
            // A requested bye of a 240 record adds the round it asks for.
            assert_eq!(
                a.rounds[..],
                b.rounds[..a.rounds.len()],
                "{}",
                path.display()
            );
        }
        count += 1;
    }
    // Six forms read by the trf tests and five by the standings tests (`st-*`).
    assert_eq!(count, 11);
}

/// Round dates of the last century: `98/07/28` is 1998 (POSIX `%y`: 69-99 are the 1900s), not
/// 2098, in the event database as in the report.
#[test]
fn round_dates_keep_their_century() {
    let dir = TempDir::new("real-century");
    let file = dir.path("1998.trf");
    std::fs::write(
        &file,
        format!(
            "{}{:<91}98/07/28  98/07/29\n",
            header("28.07.1998", ""),
            "132"
        ),
    )
    .unwrap();
    let db = dir.db();
    ok_on(&db, &["import", "trf", &file]);
    assert_eq!(setting(&db, "start"), "1998-07-28");
    assert_eq!(setting(&db, "round-dates"), "1998-07-28,1998-07-29");
}

/// Vega saves a `.trfx` for the engine at the start of each round (its manual, "trfx"):
/// `042 18/12/2009` day first, `XXC white1 rank`, and a player who announced his absence for
/// the coming round as `0000 - =` ("absent with a forfeited draw"), the standard's half-point
/// bye `H`. The file imports, the bye keeps its half point, and the engine leaves him out.
#[test]
fn vega_trfx_reads_its_half_point_bye_and_pairs_without_him() {
    let dir = TempDir::new("real-vega");
    let (db, _) = import_real_form(&dir, "vega-trfx.trf");
    assert_eq!(setting(&db, "start"), "2009-12-18");
    let exported = dir.0.join("out.trf");
    ok_on(&db, &["export", "trf", "-o", exported.to_str().unwrap()]);
    let text = std::fs::read_to_string(&exported).unwrap();
    let rossi = text.lines().find(|l| l.contains("Rossi")).unwrap();
    assert!(rossi.ends_with("0000 - H"), "{rossi}");
    // Round 2 pairs the other three: one game and the pairing-allocated bye, Rossi absent.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["pairing", "dutch", &real_form("vega-trfx.trf"), "-p"])
        .output()
        .unwrap();
    let pairing = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{pairing}");
    assert_eq!(pairing.lines().next(), Some("2"), "{pairing}");
    assert!(
        !pairing
            .lines()
            .skip(1)
            .any(|l| l.split(' ').any(|n| n == "1")),
        "{pairing}"
    );
}

/// A report without `142`/`XXR` (the 2005 Swiss-Manager form) cannot say its table is final;
/// the director is told why once, and how to say the number of rounds, after which the table
/// after the last round is final.
#[test]
fn standings_without_a_number_of_rounds_say_why_they_are_not_final() {
    let dir = TempDir::new("real-no-rounds");
    let (db, _) = import_real_form(&dir, "swiss-manager-2005.trf");
    let out = run_on(&db, &["standings"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.lines().next().unwrap().contains("(provisional"),
        "{stdout}"
    );
    assert_eq!(
        stderr.matches("does not say how many rounds").count(),
        1,
        "{stderr}"
    );
    // The file holds two rounds, every result in.
    ok_on(&db, &["config", "rounds", "2", "--force"]);
    let out = run_on(&db, &["standings"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.lines().next().unwrap().contains("(final"),
        "{stdout}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("how many rounds"));
}

/// lichess writes a player who sat a round out as `     - -` with no opponent (TRF: an
/// absence). `round show` called it a "forfeit loss", which needs a scheduled opponent.
#[test]
fn an_absence_without_an_opponent_is_shown_as_absent() {
    let dir = TempDir::new("real-absent");
    let (db, _) = import_real_form(&dir, "lichess-in-progress.trf");
    let shown = ok_on(&db, &["round", "show", "2"]);
    let echo = shown.lines().find(|l| l.contains("echo_p")).unwrap();
    assert!(echo.trim_end().ends_with("absent"), "{shown}");
    assert!(!shown.contains("forfeit loss"), "{shown}");
}
