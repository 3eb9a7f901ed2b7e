//! Issue 12, the publishing items: what the site, the PGN export and the text tables say
//! when a director follows the tour with real names and a result still missing. One test per
//! defect, each saying how the defect showed itself.

use std::path::Path;

use crate::util::{TempDir, arbiter};

fn run(db: &str, args: &[&str]) -> String {
    let mut all = vec!["--db", db];
    all.extend_from_slice(args);
    let out = arbiter(&all);
    assert!(
        out.status.success(),
        "arbiter {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A one-round Swiss of four players, paired: the starting order by rating (C.04.2 Art. 2.2)
/// gives numbers 1 to 4 from Adams (2400) down, and round 1 pairs 1-3 and 4-2 or the other
/// colours; which board is which is read back from `round show`.
fn four_players(dir: &TempDir) -> String {
    let db = dir.db();
    run(
        &db,
        &[
            "new",
            "Field Open",
            "--rounds",
            "1",
            "--start",
            "2026-07-01",
            "--end",
            "2026-07-01",
            "--city",
            "Oslo",
            "--federation",
            "NOR",
            "--time-control",
            "90+30",
        ],
    );
    for (name, rating) in [
        ("Adams, Anna", "2400"),
        ("Berg, Bo", "2300"),
        ("Carlsen, Cy", "2200"),
        ("Dahl, Di", "2100"),
    ] {
        run(&db, &["player", "add", name, "--rating", rating]);
    }
    run(&db, &["pair"]);
    db
}

/// The names on a board of round 1, White first, from `round show 1 --format json`; the
/// numbers are the starting order by rating (C.04.2 Art. 2.2).
fn board(db: &str, board: u32) -> (String, String) {
    const NAMES: [&str; 4] = ["Adams, Anna", "Berg, Bo", "Carlsen, Cy", "Dahl, Di"];
    let json: serde_json::Value =
        serde_json::from_str(&run(db, &["round", "show", "1", "--format", "json"])).expect("json");
    let game = json["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|g| g["board"] == board)
        .unwrap_or_else(|| panic!("board {board} in {json}"))
        .clone();
    let name = |side: &str| NAMES[game[side].as_u64().expect("number") as usize - 1].to_owned();
    (name("white"), name("black"))
}

/// Every `.html` file of a folder.
fn pages(dir: &Path) -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("site")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                read(&p),
            )
        })
        .collect();
    pages.sort();
    pages
}

/// Issue 12 item 4: with one result of the last round missing, the command line said
/// "provisional: 1 result missing" but the published site said "1 of 1 played" and nothing
/// else, so the table read as final. Every page now says provisional and names the game.
#[test]
fn site_says_provisional_and_names_the_missing_game() {
    let dir = TempDir::new("field-publish-missing");
    let db = four_players(&dir);
    run(&db, &["result", "1", "1", "1-0"]);
    let (white, black) = board(&db, 2);
    let site = dir.0.join("site");
    run(&db, &["publish", &site.display().to_string()]);
    // Names go through HTML escaping; these have nothing to escape.
    let line = format!("Round 1, board 2: {white} (");
    let all = pages(&site);
    assert!(all.len() >= 4 + 5, "{} pages", all.len());
    for (name, html) in &all {
        assert!(
            html.contains("Provisional: 1 result missing"),
            "{name} does not say provisional"
        );
        assert!(html.contains(&line), "{name} does not name the game");
        assert!(html.contains(&format!(") - {black} (")), "{name}");
        assert!(html.contains("no result entered"), "{name}");
        assert!(
            html.contains("after round 1 of 1 (provisional: 1 result missing)"),
            "{name}"
        );
    }
    let index = read(&site.join("index.html"));
    assert!(index.contains("1 of 1 paired; 1 result missing"));
    assert!(!index.contains("played"), "the round is not played yet");
    let standings = read(&site.join("standings-r1.html"));
    assert!(standings.contains("Standings after round 1 (provisional: 1 result missing)"));

    // With the result in, the same pages are final and list nothing.
    run(&db, &["result", "1", "2", "1/2"]);
    run(&db, &["publish", &site.display().to_string()]);
    for (name, html) in pages(&site) {
        // The style sheet names the notice's class on every page; the notice itself is gone.
        assert!(!html.contains("<section class=\"provisional\""), "{name}");
        assert!(
            !html.contains("Provisional") && !html.contains("(provisional"),
            "{name}"
        );
        assert!(html.contains("after round 1 of 1 (final)"), "{name}");
    }
    assert!(read(&site.join("index.html")).contains("1 of 1 played"));
}

/// Issue 12 item 4: an adjourned game (`*`) counts as missing too: the site listed it
/// nowhere while the standings left both players' points pending.
#[test]
fn site_lists_an_adjourned_game_as_missing() {
    let dir = TempDir::new("field-publish-adjourned");
    let db = four_players(&dir);
    run(&db, &["result", "1", "1", "*"]);
    run(&db, &["result", "1", "2", "0-1"]);
    let (white, black) = board(&db, 1);
    let site = dir.0.join("site");
    run(&db, &["publish", &site.display().to_string()]);
    let html = read(&site.join("pairings-r1.html"));
    assert!(html.contains("Provisional: 1 result missing"));
    assert!(html.contains(&format!("Round 1, board 1: {white} (")));
    assert!(html.contains(&format!(") - {black} (")));
    assert!(html.contains("adjourned"));
}

/// Issue 12 item 4: `standings --format html` called the table provisional in its header but
/// did not say which games were missing; `crosstable` (text) did not say provisional at all.
#[test]
fn standings_html_and_crosstable_name_the_missing_game() {
    let dir = TempDir::new("field-publish-standings-html");
    let db = four_players(&dir);
    run(&db, &["result", "1", "2", "1-0"]);
    let (white, black) = board(&db, 1);
    let html = run(&db, &["standings", "--format", "html"]);
    assert!(html.contains("Standings after round 1 (provisional: 1 result missing)"));
    assert!(html.contains(&format!("Round 1, board 1: {white} (")));
    assert!(html.contains(&format!(") - {black} (")));
    let html = run(&db, &["crosstable", "--format", "html"]);
    assert!(html.contains("Provisional: 1 result missing"));
    assert!(html.contains(&format!("Round 1, board 1: {white} (")));
    let text = run(&db, &["crosstable"]);
    assert!(
        text.lines()
            .next()
            .expect("title")
            .ends_with("after round 1 of 1 (provisional: 1 result missing)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("missing: round 1, board 1: {white} (")),
        "{text}"
    );
}
