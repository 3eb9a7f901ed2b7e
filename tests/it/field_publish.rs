//! Issue 12, the publishing items: what the site, the PGN export and the text tables say
//! when a director follows the tour with real names and a result still missing. One test per
//! defect, each saying how the defect showed itself.

use std::path::Path;

use crate::util::{TempDir, arbiter, ok_on as run};

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

/// The tags of the first game of a PGN text, as (name, raw value between the quotes).
fn tags(pgn: &str) -> Vec<(String, String)> {
    pgn.lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| {
            let (name, rest) = l[1..].split_once(' ').expect("tag");
            (name.to_owned(), rest[1..rest.len() - 2].to_owned())
        })
        .collect()
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A four-player event whose top seed has a hostile name (a quote and a backslash, which a
/// PGN tag must escape), a title, a FIDE id and a federation, paired for round 1 with round
/// dates set. Returns the database and the board the hostile player sits at with his
/// opponent's name and colour.
fn tagged_event(dir: &TempDir) -> String {
    let db = dir.db();
    run(
        &db,
        &[
            "new",
            "Field Open \"B\"",
            "--rounds",
            "2",
            "--start",
            "2026-07-01",
            "--end",
            "2026-07-02",
            "--round-dates",
            "2026-07-01,2026-07-02",
            "--city",
            "Oslo",
            "--federation",
            "NOR",
            "--time-control",
            "90+30",
        ],
    );
    run(
        &db,
        &[
            "player",
            "add",
            "O\"Neil \\ Evil, Ed",
            "--rating",
            "2500",
            "--title",
            "GM",
            "--fide-id",
            "1503014",
            "--fed",
            "IRL",
        ],
    );
    for (name, rating) in [
        ("Berg, Bo", "2300"),
        ("Carlsen, Cy", "2200"),
        ("Dahl, Di", "2100"),
    ] {
        run(&db, &["player", "add", name, "--rating", rating]);
    }
    run(&db, &["pair"]);
    db
}

/// The board of round 1 where player 1 (the hostile name) plays, and whether he has White.
fn board_of_player_1(db: &str) -> (u32, bool) {
    let json: serde_json::Value =
        serde_json::from_str(&run(db, &["round", "show", "1", "--format", "json"])).expect("json");
    let game = json["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|g| g["white"] == 1 || g["black"] == 1)
        .expect("player 1 is paired")
        .clone();
    (
        game["board"].as_u64().expect("board") as u32,
        game["white"] == 1,
    )
}

/// Issue 12 item 5: `export pgn` wrote the attached file as it was, so the tags were the
/// sheet's own ("Casual game", no round, no ratings) and its Result tag said 0-1 while the
/// director had entered 1-0. The tags now come from the event and the pairing, escaped as
/// the PGN standard (8.1) says, and the entered result is the official one (Art. 8.7), with
/// the sheet's own result in a comment.
#[test]
fn export_pgn_takes_tags_and_result_from_the_event() {
    let dir = TempDir::new("field-publish-pgn");
    let db = tagged_event(&dir);
    let (board, white) = board_of_player_1(&db);
    // The director enters a win for White; the sheet (the players' own PGN) says 0-1.
    run(&db, &["result", "1", &board.to_string(), "1-0"]);
    let sheet = dir.path("board.pgn");
    std::fs::write(
        &sheet,
        "[Event \"Casual game\"]\n[White \"someone\"]\n[Black \"else\"]\n[Result \"0-1\"]\n\n\
         1. e4 {book} e5 2. Nf3 Nc6 3. Bb5 a6 0-1\n",
    )
    .expect("write");
    let out = arbiter(&[
        "--db",
        &db,
        "game",
        "attach",
        "1",
        &board.to_string(),
        &sheet,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = run(&db, &["export", "pgn"]);
    let t = tags(&pgn);
    // The Seven Tag Roster first, in the standard's order (8.1.1).
    let names: Vec<&str> = t.iter().map(|(n, _)| n.as_str()).take(7).collect();
    assert_eq!(
        names,
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    );
    let (me, opponent) = if white {
        ("White", "Black")
    } else {
        ("Black", "White")
    };
    for (name, value) in [
        ("Event".to_owned(), r#"Field Open \"B\""#.to_owned()),
        ("Site".to_owned(), "Oslo NOR".to_owned()),
        ("Date".to_owned(), "2026.07.01".to_owned()),
        ("Round".to_owned(), "1".to_owned()),
        ("Board".to_owned(), board.to_string()),
        ("Result".to_owned(), "1-0".to_owned()),
        ("EventDate".to_owned(), "2026.07.01".to_owned()),
        // 90 minutes and 30 seconds a move, in seconds as 9.6.1 writes it.
        ("TimeControl".to_owned(), "5400+30".to_owned()),
        (me.to_owned(), r#"O\"Neil \\ Evil, Ed"#.to_owned()),
        (format!("{me}Elo"), "2500".to_owned()),
        (format!("{me}Title"), "GM".to_owned()),
        (format!("{me}FideId"), "1503014".to_owned()),
        // Round 1 pairs the top half against the bottom half in order (C.04.3): 1 meets 3,
        // Carlsen (2200).
        (opponent.to_owned(), "Carlsen, Cy".to_owned()),
        (format!("{opponent}Elo"), "2200".to_owned()),
    ] {
        assert_eq!(tag(&t, &name), Some(value.as_str()), "tag {name}");
    }
    // Movetext lines are wrapped at 80 columns (PGN standard 8.2.3.1): compare words.
    let words = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    // After a comment Black's move repeats its number (8.2.2.2).
    assert!(
        words.contains("1. e4 {book} 1... e5 2. Nf3 Nc6 3. Bb5 a6"),
        "{pgn}"
    );
    assert!(
        words.contains(
            "{the score sheet gives 0-1; the result entered, 1-0, stands (Art. 8.7)} 1-0"
        ),
        "{pgn}"
    );
    assert!(pgn.lines().all(|l| l.chars().count() <= 80), "{pgn}");
    assert!(!pgn.contains("Casual") && !pgn.contains("someone"), "{pgn}");
    // The export reads back as one game with the same moves.
    let check = arbiter(&["check", &{
        let file = dir.path("export.pgn");
        std::fs::write(&file, &pgn).expect("write");
        file
    }]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    // The site's games.pgn is the same export.
    let site = dir.0.join("site");
    run(&db, &["publish", &site.display().to_string()]);
    assert_eq!(read(&site.join("games.pgn")), pgn);
}

/// Issue 12 item 5: a hand-typed sheet attached as text (German piece letters, no tags) was
/// exported as that text, which is not PGN at all. It now gets the same tags and its moves in
/// English SAN.
#[test]
fn hand_typed_sheet_exports_as_tagged_pgn() {
    let dir = TempDir::new("field-publish-pgn-text");
    let db = tagged_event(&dir);
    let (board, _) = board_of_player_1(&db);
    run(&db, &["result", "1", &board.to_string(), "1/2"]);
    let sheet = dir.path("sheet.txt");
    std::fs::write(
        &sheet,
        include_str!("../../fixtures/scoresheets/german.txt"),
    )
    .expect("write");
    run(&db, &["game", "attach", "1", &board.to_string(), &sheet]);
    let pgn = run(&db, &["export", "pgn"]);
    let t = tags(&pgn);
    assert_eq!(tag(&t, "Round"), Some("1"));
    assert_eq!(tag(&t, "Result"), Some("1/2-1/2"));
    assert_eq!(tag(&t, "Site"), Some("Oslo NOR"));
    // The sheet's Springer, Laeufer and Turm as N, B and R (the Laws' Appendix C.1 letters).
    let words = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5"),
        "{pgn}"
    );
    assert!(pgn.trim_end().ends_with("Nbd7 1/2-1/2"), "{pgn}");
    assert!(!pgn.contains("score sheet gives"), "{pgn}");
}

/// Issue 12 item 20: `arbiter new --help` left most options without a word (`--system`
/// said "Settings as in `arbiter config`", `--rounds` and twenty more said nothing), so a
/// director could not learn the valid systems from it. Every option now has a description,
/// and the systems are listed.
#[test]
fn new_help_describes_every_option() {
    let out = arbiter(&["new", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = help.lines().collect();
    let mut options = 0;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with("--") && !trimmed.starts_with("-h") {
            continue;
        }
        options += 1;
        // clap puts the description on the option's line or, in long help, on the next.
        let (flag, rest) = trimmed.split_once("  ").unwrap_or((trimmed, ""));
        let next = lines.get(i + 1).map_or("", |l| l.trim());
        assert!(
            !rest.trim().is_empty() || !(next.is_empty() || next.starts_with('-')),
            "{flag} has no description:\n{help}"
        );
    }
    assert!(options >= 27, "{options} options:\n{help}");
    for system in ["dutch", "berger", "double-berger"] {
        assert!(help.contains(system), "{system} not listed:\n{help}");
    }
    let system = help
        .split("--system")
        .nth(1)
        .expect("--system")
        .split("\n      --")
        .next()
        .expect("its text");
    assert!(
        system.contains("dutch") && system.contains("double-berger"),
        "{system}"
    );
}

/// Issue 12 item 20: the top-level help's examples were an arbiter's file commands only;
/// a director found no round cycle. It now shows one, in the order it is run.
#[test]
fn top_level_help_shows_a_directors_round_cycle() {
    let out = arbiter(&["--help"]);
    let help = String::from_utf8(out.stdout).expect("utf-8");
    let steps = [
        "arbiter new ",
        "arbiter import players ",
        "arbiter pair",
        "arbiter round show 1",
        "arbiter result 1 1 1-0",
        "arbiter standings",
        "arbiter publish site/",
    ];
    let mut from = 0;
    for step in steps {
        let at = help[from..]
            .find(step)
            .unwrap_or_else(|| panic!("`{step}` missing or out of order:\n{help}"));
        from += at + step.len();
    }
    // Every command shown exists: its help runs.
    for command in [
        "new",
        "import",
        "pair",
        "round",
        "result",
        "standings",
        "publish",
    ] {
        assert!(arbiter(&[command, "--help"]).status.success(), "{command}");
    }
}

/// The display columns of a text as a terminal shows it: combining marks take none, the Han
/// characters of these tests two (Unicode East Asian Width "W").
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| match c as u32 {
            0x0300..=0x036F => 0,
            0x4E00..=0x9FFF => 2,
            _ => 1,
        })
        .sum()
}

/// Issue 12 item 20: with a name longer than 30 characters the standings cut it silently
/// ("Wolfeschlegelsteinhausenbergerd" read as a whole name), and a name with a combining
/// accent or Han characters pushed its row's columns out of line. Columns now follow the
/// longest name up to 40 columns, a longer name ends with `…`, and every row lines up.
#[test]
fn text_tables_align_long_names_and_mark_cut_ones() {
    let dir = TempDir::new("field-publish-long-names");
    let db = dir.db();
    run(&db, &["new", "Long Names", "--rounds", "3"]);
    let long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine";
    let medium = "Featherstonehaugh-Cholmondeley, Ann";
    // "Müller" with a combining diaeresis (U+0308), as some systems write it.
    let combining = "Mu\u{308}ller, Jörg";
    let han = "丁立人, Ding";
    for (name, rating) in [
        (long, "2400"),
        (medium, "2300"),
        (combining, "2200"),
        (han, "2100"),
    ] {
        run(&db, &["player", "add", name, "--rating", rating]);
    }
    run(&db, &["pair"]);
    let cut = "Wolfeschlegelsteinhausenbergerdorff, Hu…";
    assert_eq!(columns(cut), 40);
    // In each table the ratings are in one column, right-aligned: each row's rating ends at
    // the same display column as the header's `rating` or `rtg`.
    for (args, heading) in [
        (&["standings"][..], "rating"),
        (&["player", "list"][..], "rating"),
        (&["crosstable"][..], "rtg"),
    ] {
        let text = run(&db, args);
        let lines: Vec<&str> = text.lines().collect();
        let header = lines
            .iter()
            .position(|l| l.contains(heading) && l.contains("name"))
            .unwrap_or_else(|| panic!("{args:?}: no header\n{text}"));
        let end = |line: &str, word: &str| {
            line.find(word)
                .map(|at| columns(&line[..at]) + columns(word))
        };
        let column = end(lines[header], heading).expect("heading");
        for rating in ["2400", "2300", "2200", "2100"] {
            let row = lines
                .iter()
                .find(|l| l.contains(rating))
                .unwrap_or_else(|| panic!("{args:?}: no row with {rating}\n{text}"));
            assert_eq!(end(row, rating), Some(column), "{args:?}: {row}\n{text}");
        }
        assert!(
            text.contains(cut),
            "{args:?}: long name not cut with a mark\n{text}"
        );
        assert!(
            text.contains(medium),
            "{args:?}: a 36-column name is cut\n{text}"
        );
    }
    // The boards: Black's names, the last column, start at the header's `black` and are
    // never cut; White's are fitted like the tables above.
    let text = run(&db, &["round", "show", "1"]);
    let lines: Vec<&str> = text.lines().collect();
    let black_at = columns(&lines[1][..lines[1].find("black").expect("header")]);
    for row in &lines[2..] {
        let black = [long, medium, combining, han]
            .into_iter()
            .find(|name| row.ends_with(name))
            .unwrap_or_else(|| panic!("a board ends without a whole name:\n{text}"));
        assert_eq!(columns(&row[..row.len() - black.len()]), black_at, "{text}");
    }
}

/// Issue 12 item 20: counts of one read "registered 1 players", "1 games: ...", and the
/// site's starting list said "(1 players)".
#[test]
fn counts_of_one_are_singular() {
    let dir = TempDir::new("field-publish-plurals");
    let db = dir.db();
    run(&db, &["new", "Tiny"]);
    let csv = dir.path("one.csv");
    std::fs::write(&csv, "name,rating\n\"Adams, Anna\",2400\n").expect("write");
    let out = run(&db, &["import", "players", &csv]);
    assert!(out.contains("registered 1 player "), "{out}");
    let site = dir.0.join("site");
    run(&db, &["publish", &site.display().to_string()]);
    assert!(read(&site.join("players.html")).contains("Starting rank list (1 player)"));
    let pgn = dir.path("one.pgn");
    std::fs::write(&pgn, "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 1-0\n").expect("write");
    let out = arbiter(&["check", &pgn]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("\n1 game: 1 without findings"), "{text}");
}
