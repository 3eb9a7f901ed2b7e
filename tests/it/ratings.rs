//! The FIDE rating list through the command line: `ratings import` (TXT, XML, zip), `player
//! add --fide-id`, `ratings check [--update]`, `player list`, and imports that fill rows by
//! FIDE ID, with `ARBITER_RATINGS` pointed at a file of the test's own. The expected values
//! are the fixtures' lines (fixtures/ratings/players_list_foa.txt), read by eye.

use std::process::{Command, Output};

use crate::util::{TempDir, fixture, succeeded};

/// Runs `arbiter --db DB ARGS` with the test's rating-list file.
fn run(dir: &TempDir, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--db")
        .arg(dir.db())
        .args(args)
        .env("ARBITER_RATINGS", dir.path("ratings.db"))
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("run arbiter")
}

fn ok(dir: &TempDir, args: &[&str]) -> String {
    succeeded(&run(dir, args), args)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn list_txt() -> String {
    fixture("ratings", "players_list_foa.txt")
}

fn event(dir: &TempDir) {
    ok(
        dir,
        &[
            "new",
            "Summer Open",
            "--start",
            "2026-07-04",
            "--rounds",
            "5",
        ],
    );
}

fn players_json(dir: &TempDir) -> Vec<serde_json::Value> {
    let text = ok(dir, &["player", "list", "--format", "json"]);
    serde_json::from_str::<serde_json::Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn import_register_check_update_and_list() {
    let dir = TempDir::new("ratings-walk");
    event(&dir);
    let out = ok(&dir, &["ratings", "import", &list_txt()]);
    assert!(
        out.starts_with("imported 32 players for rating period 2026-07 from "),
        "{out}"
    );
    assert!(out.contains("the event uses the 2026-07 list"), "{out}");

    // Everything from the list: Carlsen's line is GM NOR 2833, K 10, 0 games, born 1990.
    let out = ok(&dir, &["player", "add", "--fide-id", "1503014"]);
    assert_eq!(
        out,
        "player 1: Carlsen, Magnus\nfrom the 2026-07 rating list: GM NOR 2833 K 10 (0 games) born 1990\n"
    );
    // What is given wins: Hou's list rating is 2633, typed here as 2600.
    let out = ok(
        &dir,
        &["player", "add", "--fide-id", "8602980", "--rating", "2600"],
    );
    assert!(out.contains("GM CHN 2600 K 10"), "{out}");
    // An ID the list does not have: refused without a name, registered as given with one.
    let out = run(&dir, &["player", "add", "--fide-id", "998"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("error: FIDE ID 998 is not on the 2026-07 rating list"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &dir,
        &["player", "add", "Newcomer, Nina", "--fide-id", "999"],
    );
    assert!(out.status.success());
    assert!(
        stderr(&out).contains("FIDE ID 999 is not on the 2026-07 rating list"),
        "{}",
        stderr(&out)
    );
    // A player registered with details that differ from the list (Müller: FM GER 2301, K 20,
    // 9 games, born 1971); what is not given (the title, the games) comes from the list.
    ok(
        &dir,
        &[
            "player",
            "add",
            "Mueller, J",
            "--fide-id",
            "4100018",
            "--rating",
            "2290",
            "--fed",
            "AUT",
            "--k",
            "40",
            "--birth",
            "1971/03/02",
        ],
    );

    let out = run(&dir, &["ratings", "check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("  no  name"), "{text}");
    assert!(lines[0].ends_with("list"), "{text}");
    let rows: Vec<Vec<&str>> = lines[1..]
        .iter()
        .take_while(|l| !l.starts_with("player ") && !l.contains("checked"))
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            vec!["2", "Hou, Yifan", "8602980", "rating", "2600", "2633"],
            vec![
                "3",
                "Mueller, J",
                "4100018",
                "name",
                "Mueller, J",
                "Müller, Jürgen"
            ],
            vec!["3", "Mueller, J", "4100018", "federation", "AUT", "GER"],
            vec!["3", "Mueller, J", "4100018", "rating", "2290", "2301"],
            vec!["3", "Mueller, J", "4100018", "k", "40", "20"],
        ],
        "{text}"
    );
    assert!(
        text.contains("player 4 (Newcomer, Nina): FIDE ID 999 is not on the list"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "4 players with a FIDE ID checked against the 2026-07 list: 5 differences\n"
        ),
        "{text}"
    );
    let json = stdout(&run(&dir, &["ratings", "check", "--format", "json"]));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["period"], "2026-07");
    assert_eq!(json["differences"].as_array().unwrap().len(), 5);
    assert_eq!(json["differences"][0]["field"], "rating");
    assert_eq!(json["not_on_list"][0]["fide_id"], 999);

    let out = ok(&dir, &["ratings", "check", "--update"]);
    assert!(
        out.contains("took the list's values for 2 players (logged)"),
        "{out}"
    );
    let out = run(&dir, &["ratings", "check"]);
    assert!(
        stdout(&out).ends_with("checked against the 2026-07 list: no differences\n"),
        "{}",
        stdout(&out)
    );
    // Only the ID not on the list is left to say.
    assert_eq!(out.status.code(), Some(1));

    let players = players_json(&dir);
    let muller = players
        .iter()
        .find(|p| p["fide_id"] == 4100018)
        .expect("Müller");
    assert_eq!(muller["name"], "Müller, Jürgen");
    assert_eq!(muller["federation"], "GER");
    assert_eq!(muller["title"], "FM");
    assert_eq!(muller["rating"], 2301);
    assert_eq!(muller["k"], 20);
    assert_eq!(muller["list_games"], 9);
    // The birth date given keeps its month and day: the list has only the year, the same.
    assert_eq!(muller["birth"], "1971/03/02");
    let hou = players.iter().find(|p| p["fide_id"] == 8602980).unwrap();
    assert_eq!(hou["rating"], 2633);
    // Sorted by rating, Hou now leads Müller; Carlsen stays first.
    assert_eq!(players[0]["fide_id"], 1503014);

    let log = ok(&dir, &["log"]);
    assert!(
        log.lines().any(|l| l.contains("ratings check --update")
            && l.ends_with("player 2 rating: 2600 -> 2633")),
        "{log}"
    );
    assert!(
        log.lines()
            .any(|l| l.contains("ratings import")
                && l.ends_with("setting rating-period:  -> 2026-07")),
        "{log}"
    );
    assert_eq!(ok(&dir, &["config", "rating-period"]).trim(), "2026-07");
}

#[test]
fn a_refused_import_changes_nothing() {
    let dir = TempDir::new("ratings-refused");
    event(&dir);
    ok(
        &dir,
        &["ratings", "import", &list_txt(), "--period", "2026-07"],
    );
    let broken =
        std::fs::read_to_string(list_txt())
            .unwrap()
            .replacen("2833  0   10", "28X3  0   10", 1);
    let path = dir.path("broken.txt");
    std::fs::write(&path, broken).unwrap();
    let out = run(&dir, &["ratings", "import", &path, "--period", "2026-07"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stderr(&out),
        format!(
            "error: {path}: line 2, column 114: SRtng: expected a number, found `28X3`; nothing was imported\n"
        )
    );
    let listed = ok(&dir, &["ratings", "list"]);
    assert!(listed.contains("2026-07         32"), "{listed}");
    assert!(listed.contains("players_list_foa.txt"), "{listed}");
    // The list of the period is the one imported before.
    let out = ok(&dir, &["player", "add", "--fide-id", "1503014"]);
    assert!(out.contains("2833"), "{out}");

    // A truncated line and broken XML are refused the same way.
    let truncated = dir.path("short.txt");
    let text = std::fs::read_to_string(list_txt()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = "1000500        Gijssen, Geu";
    std::fs::write(&truncated, lines.join("\n")).unwrap();
    let out = run(&dir, &["ratings", "import", &truncated]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("short.txt: line 4, column 28: the line ends here"),
        "{}",
        stderr(&out)
    );
    let xml = std::fs::read_to_string(fixture("ratings", "players_list_xml_foa.xml"))
        .unwrap()
        .replacen("<country>CHN</country>", "<country>CHN</countyr>", 1);
    let bad_xml = dir.path("bad.xml");
    std::fs::write(&bad_xml, xml).unwrap();
    let out = run(&dir, &["ratings", "import", &bad_xml]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("bad.xml: line 27, column"),
        "{}",
        stderr(&out)
    );
    assert!(ok(&dir, &["ratings", "list"]).contains("2026-07         32"));
}

#[test]
fn xml_and_zips_import_like_the_txt() {
    let dir = TempDir::new("ratings-forms");
    let xml = fixture("ratings", "players_list_xml_foa.xml");
    // No event and no period in the name: the period must be given.
    let out = run(&dir, &["ratings", "import", &xml]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("--period YYYY-MM"),
        "{}",
        stderr(&out)
    );
    assert!(
        !std::path::Path::new(&dir.db()).exists(),
        "no event is made"
    );
    let out = ok(&dir, &["ratings", "import", &xml, "--period", "2026-06"]);
    assert!(
        out.starts_with("imported 32 players for rating period 2026-06"),
        "{out}"
    );
    // A zip of each, its period taken from FIDE's archive name.
    for (member, source) in [
        ("players_list_foa.txt", "players_list_foa.zip"),
        ("players_list_xml_foa.xml", "players_list_xml_foa.zip"),
    ] {
        let zip = dir.path("players_list_foa_jul26.zip");
        std::fs::copy(fixture("ratings", source), &zip).unwrap();
        let out = ok(&dir, &["ratings", "import", &zip]);
        assert!(
            out.starts_with(&format!(
                "imported 32 players for rating period 2026-07 from {zip} ({member})"
            )),
            "{out}"
        );
    }
    let listed = ok(&dir, &["ratings", "list"]);
    assert!(listed.contains("2026-06         32"), "{listed}");
    assert!(listed.contains("2026-07         32"), "{listed}");
    // An event starting in August uses the July list, the latest before its start.
    ok(&dir, &["new", "August Open", "--start", "2026-08-10"]);
    let out = ok(&dir, &["player", "add", "--fide-id", "4100026"]);
    // Łukasiewicz: the list's `WH` is no title the event records.
    assert_eq!(
        out,
        "player 1: Łukasiewicz, Józefina\nfrom the 2026-07 rating list: POL 1840 K 40 (5 games) born 2011\n"
    );
}

#[test]
fn imported_rows_are_filled_by_fide_id() {
    let dir = TempDir::new("ratings-fill");
    event(&dir);
    ok(&dir, &["ratings", "import", &list_txt()]);
    let csv = dir.path("entries.csv");
    std::fs::write(
        &csv,
        "name,rating,fide_id,federation\nCarlsen M.,,1503014,\nKovac I.,2000,4100050,CRO\n\"Local, Lad\",1500,,ENG\n",
    )
    .unwrap();
    let out = ok(&dir, &["import", "players", &csv]);
    assert!(
        out.contains("filled 2 players' empty fields from the 2026-07 rating list (by FIDE ID)"),
        "{out}"
    );
    let players = players_json(&dir);
    let carlsen = players.iter().find(|p| p["fide_id"] == 1503014).unwrap();
    // The name given stays; the empty rating and federation come from the list.
    assert_eq!(carlsen["name"], "Carlsen M.");
    assert_eq!(carlsen["rating"], 2833);
    assert_eq!(carlsen["federation"], "NOR");
    assert_eq!(carlsen["k"], 10);
    let kovac = players.iter().find(|p| p["fide_id"] == 4100050).unwrap();
    assert_eq!(kovac["rating"], 2000);
    assert_eq!(kovac["title"], "WFM");
    let local = players.iter().find(|p| p["name"] == "Local, Lad").unwrap();
    assert_eq!(local["k"], serde_json::Value::Null);
}

#[test]
fn a_player_unrated_on_the_list_loses_the_rating_typed_for_them() {
    // Young, Unrated (4100042) has no title and no rating of any rate in the fixture list,
    // so K and games are blank too: what was typed at registration is not FIDE's.
    let dir = TempDir::new("ratings-unrated");
    event(&dir);
    ok(
        &dir,
        &["ratings", "import", &list_txt(), "--period", "2026-07"],
    );
    let out = run(
        &dir,
        &[
            "player",
            "add",
            "Young, Unrated",
            "--fide-id",
            "4100042",
            "--rating",
            "1650",
            "--title",
            "CM",
            "--k",
            "40",
            "--list-games",
            "3",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "warning: registered as given where the list differs: title CM (list: none), \
             rating 1650 (list: unrated), k 40 (list: none), games 3 (list: none)"
        ),
        "{}",
        stderr(&out)
    );
    let out = run(&dir, &["ratings", "check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let found: Vec<(String, String, String)> = json["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["field"].as_str().unwrap().to_owned(),
                d["event"].as_str().unwrap().to_owned(),
                d["list"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("title", "CM", "none"),
        ("rating", "1650", "unrated"),
        ("k", "40", "none"),
        ("games", "3", "none"),
    ];
    assert_eq!(
        found,
        expected.map(|(f, e, l)| (f.to_owned(), e.to_owned(), l.to_owned()))
    );
    let out = ok(&dir, &["ratings", "check", "--update"]);
    assert!(
        out.contains("took the list's values for 1 player (logged)"),
        "{out}"
    );
    let players = players_json(&dir);
    assert_eq!(
        [
            &players[0]["rating"],
            &players[0]["title"],
            &players[0]["k"],
            &players[0]["list_games"]
        ],
        [&serde_json::Value::Null; 4]
    );
    let log = ok(&dir, &["log"]);
    assert!(
        log.lines()
            .any(|l| l.contains("ratings check --update")
                && l.ends_with("player 1 rating: was 1650")),
        "{log}"
    );
    let out = run(&dir, &["ratings", "check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn player_edit_clears_details() {
    let dir = TempDir::new("player-clear");
    event(&dir);
    ok(
        &dir,
        &[
            "player", "add", "Smith, A", "--rating", "1800", "--fed", "ENG", "--club", "Hastings",
        ],
    );
    ok(&dir, &["player", "add", "Jones, B", "--rating", "1700"]);
    let out = ok(&dir, &["player", "edit", "1", "--clear", "rating,club"]);
    // Unrated now, Smith follows Jones in the starting order (C.04.2 2.3).
    assert!(out.contains("2->1 1->2; player 1 is now number 2"), "{out}");
    let players = players_json(&dir);
    assert_eq!(players[1]["name"], "Smith, A");
    assert_eq!(players[1]["rating"], serde_json::Value::Null);
    assert_eq!(players[1]["club"], serde_json::Value::Null);
    assert_eq!(players[1]["federation"], "ENG");
    let out = run(
        &dir,
        &[
            "player", "edit", "2", "--clear", "rating", "--rating", "1900",
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("--clear rating and --rating in one command"),
        "{}",
        stderr(&out)
    );
    assert_eq!(players_json(&dir)[1]["rating"], serde_json::Value::Null);
}

#[test]
fn an_imported_report_is_filled_and_notes_its_period_in_one_command() {
    // A report written before the list was imported: Carlsen's rating left out.
    let source = TempDir::new("ratings-trf-source");
    event(&source);
    ok(
        &source,
        &["player", "add", "Carlsen M.", "--fide-id", "1503014"],
    );
    ok(
        &source,
        &["player", "add", "Local, Lad", "--rating", "1500"],
    );
    let report = source.path("report.trf");
    ok(&source, &["export", "trf", "-o", &report]);

    let dir = TempDir::new("ratings-trf");
    ok(
        &dir,
        &["ratings", "import", &list_txt(), "--period", "2026-07"],
    );
    let out = ok(&dir, &["import", "trf", &report]);
    assert!(out.contains("2026-07 rating list"), "{out}");
    let players = players_json(&dir);
    let carlsen = players.iter().find(|p| p["fide_id"] == 1503014).unwrap();
    assert_eq!(carlsen["rating"], 2833);
    assert_eq!(carlsen["k"], 10);
    assert_eq!(ok(&dir, &["config", "rating-period"]).trim(), "2026-07");
    // The period is noted by the import itself, in its own transaction and log entry.
    let log = ok(&dir, &["log"]);
    assert!(
        log.lines()
            .any(|l| l.contains("import trf") && l.ends_with("setting rating-period:  -> 2026-07")),
        "{log}"
    );
}
