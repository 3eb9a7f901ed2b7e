//! `arbiter publish` and `arbiter crosstable` on real temporary databases: the files of the
//! site, links that resolve, the standings order, crosstable cells, escaping of untrusted
//! names, and the round-robin grid.

use std::collections::HashMap;
use std::path::Path;

use crate::util::TempDir;
use crate::util::ok_on as run;

fn fixture(name: &str) -> String {
    crate::util::fixture("trf", name)
}

/// An imported fixture, published to `site/`.
fn published(name: &str, trf: &str) -> (TempDir, String) {
    let dir = TempDir::new(&format!("publish-{name}"));
    let db = dir.db();
    run(&db, &["import", "trf", &fixture(trf)]);
    run(&db, &["publish", &dir.site().display().to_string()]);
    (dir, db)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `href="..."` of a page, in order.
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').expect("closing quote")].to_owned())
        .collect()
}

/// The start numbers of the rows of a page's tables, in order (each row heads with a link
/// to the player's card).
fn row_players(html: &str) -> Vec<u16> {
    html.split("<th scope=\"row\"><a href=\"player-")
        .skip(1)
        .map(|rest| {
            rest[..rest.find('.').expect("player-N.html")]
                .parse()
                .expect("number")
        })
        .collect()
}

/// `arbiter crosstable --format csv`: the rows as fields.
fn crosstable_csv(db: &str) -> Vec<Vec<String>> {
    let text = run(db, &["crosstable", "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .records()
        .map(|r| r.expect("csv row").iter().map(str::to_owned).collect())
        .collect()
}

#[test]
fn a_finished_swiss_is_published_whole() {
    let (dir, db) = published("swiss", "held-swiss-start2026.trf");
    let site = dir.site();
    let mut expected: Vec<String> = [
        "index.html",
        "players.html",
        "crosstable.html",
        "tournament.trf",
        "games.pgn",
        "standings.csv",
        "standings.json",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for r in 1..=5 {
        expected.push(format!("standings-r{r}.html"));
        expected.push(format!("pairings-r{r}.html"));
    }
    for p in 1..=16 {
        expected.push(format!("player-{p}.html"));
    }
    for file in &expected {
        assert!(site.join(file).is_file(), "{file} is missing");
    }

    // The home page links to everything, and every link of every page resolves.
    let index = read(&site.join("index.html"));
    let links = hrefs(&index);
    for file in [
        "players.html",
        "crosstable.html",
        "standings-r5.html",
        "pairings-r1.html",
    ] {
        assert!(
            links.iter().any(|l| l == file),
            "index does not link {file}"
        );
    }
    for file in [
        "tournament.trf",
        "games.pgn",
        "standings.csv",
        "standings.json",
    ] {
        assert!(
            links.iter().any(|l| l == file),
            "index does not link {file}"
        );
    }
    for entry in std::fs::read_dir(&site).expect("site") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "html") {
            let html = read(&path);
            for href in hrefs(&html) {
                assert!(
                    site.join(&href).is_file(),
                    "{} links {href}, which does not exist",
                    path.display()
                );
            }
            // Every page: the state of the event, when it was made, self-contained.
            assert!(html.contains("after round 5 of 5"), "{}", path.display());
            assert!(html.contains(" UTC"), "{}", path.display());
            assert!(html.contains("<html lang=\"en\">"));
            assert!(html.contains("@media print"));
            assert!(html.contains("<caption>"));
            assert!(!html.contains("src=\"http"), "{}", path.display());
        }
    }
    // The downloads are the command line's own outputs.
    assert_eq!(
        read(&site.join("tournament.trf")),
        run(&db, &["export", "trf"])
    );
    let csv = run(&db, &["standings", "--format", "csv"]);
    assert_eq!(read(&site.join("standings.csv")), csv);

    // The standings after the last round list the players in the command line's order.
    let order: Vec<u16> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_reader(l.as_bytes());
            let record = reader.records().next().expect("row").expect("csv");
            record[1].parse().expect("start number")
        })
        .collect();
    assert_eq!(order.len(), 16);
    let standings = read(&site.join("standings-r5.html"));
    assert_eq!(row_players(&standings), order);
    assert!(standings.contains("Tie Break1: BH/C1"));

    // A crosstable cell for a game of the fixture: opponent's rank, colour, result.
    let trf = read(Path::new(&fixture("held-swiss-start2026.trf")));
    let line = trf
        .lines()
        .find(|l| l.starts_with("001    2 "))
        .expect("player 2");
    let round1: Vec<&str> = line[91..101].split_whitespace().collect();
    let (opponent, colour, result): (u16, &str, &str) =
        (round1[0].parse().expect("opponent"), round1[1], round1[2]);
    let result = match result {
        "=" => "½",
        other => other,
    };
    let rank = order.iter().position(|&p| p == opponent).expect("opponent") + 1;
    let cell = format!("{rank}{colour}{result}");
    let crosstable = read(&site.join("crosstable.html"));
    let row = crosstable
        .split("<tr>")
        .find(|r| r.contains("href=\"player-2.html\""))
        .expect("player 2's row");
    assert!(row.contains(&format!(">{cell}<")), "no {cell} in {row}");
    // The same through `arbiter crosstable`, as CSV and text.
    let rows = crosstable_csv(&db);
    let bruno = rows.iter().find(|r| r[2] == "2").expect("player 2");
    assert_eq!(bruno[7], cell);
    let text = run(&db, &["crosstable"]);
    assert!(
        text.lines()
            .any(|l| l.contains("Bruno, X") && l.contains(&cell))
    );
    // Byes as the conventions write them: player 4's half-point bye in round 2.
    let david = rows.iter().find(|r| r[2] == "4").expect("player 4");
    assert_eq!(david[8], "-½");
    // `-o` writes the file; html is a page of its own.
    let out = dir.0.join("crosstable-alone.html");
    run(
        &db,
        &[
            "crosstable",
            "--format",
            "html",
            "-o",
            &out.display().to_string(),
        ],
    );
    let alone = read(&out);
    assert!(alone.contains(&format!(">{cell}<")));
    // A page alone links nowhere: no player cards and no navigation to pages not written.
    assert!(!alone.contains("href="), "{alone}");
    assert_eq!(alone.matches("<th scope=\"row\">").count(), 16);
}

/// The start numbers of a standings table's rows, in order: the second cell of each row.
fn standings_rows(html: &str) -> Vec<u16> {
    let body = &html[html.find("<tbody>").expect("tbody")..html.find("</tbody>").expect("tbody")];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row.split("<td class=\"num\">").skip(1).collect();
            cells[1][..cells[1].find('<').expect("cell end")]
                .parse()
                .expect("start number")
        })
        .collect()
}

#[test]
fn standings_as_a_page_of_its_own() {
    let dir = TempDir::new("publish-standings-html");
    let db = dir.db();
    let evil = "<script>alert(1)</script>";
    run(
        &db,
        &[
            "new",
            "Open <b>2026</b>",
            "--rounds",
            "5",
            "--start",
            "2026-07-01",
            "--tiebreaks",
            "BH/C1,BH,SB,DE",
        ],
    );
    for (name, rating) in [
        (evil, "2300"),
        ("Alpha, Anna", "2250"),
        ("Bravo, Ben", "2200"),
        ("Charlie, Cleo", "2150"),
        ("Delta, Dan", "2100"),
        ("Echo, Eva", "2050"),
    ] {
        run(&db, &["player", "add", name, "--rating", rating]);
    }
    for round in ["1", "2"] {
        run(&db, &["pair"]);
        for board in ["1", "2", "3"] {
            let result = if board == "2" { "1/2" } else { "1-0" };
            run(&db, &["result", round, board, result]);
        }
    }
    let out = dir.0.join("standings.html");
    run(
        &db,
        &[
            "standings",
            "--format",
            "html",
            "-o",
            &out.display().to_string(),
        ],
    );
    let html = read(&out);
    // One row per player, in the order of the CSV contract.
    let csv = run(&db, &["standings", "--format", "csv"]);
    let order: Vec<u16> = csv
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .nth(1)
                .expect("start_no")
                .parse()
                .expect("number")
        })
        .collect();
    assert_eq!(order.len(), 6);
    assert_eq!(standings_rows(&html), order);
    // The tie-break columns in the event's order, with their legend.
    let headers: Vec<&str> = html
        .split("<br><abbr>")
        .skip(1)
        .map(|rest| &rest[..rest.find("</abbr>").expect("abbr end")])
        .collect();
    assert_eq!(headers, ["BH/C1", "BH", "SB", "DE"]);
    for wanted in [
        "Tie Break1: BH/C1",
        "Buchholz, cut the 1 lowest",
        "after round 2 of 5 (provisional; 2026 tie-break rules)",
        // Untrusted names as text, never as markup; a page alone links nowhere.
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "Open &lt;b&gt;2026&lt;/b&gt;",
    ] {
        assert!(html.contains(wanted), "the page lacks {wanted}");
    }
    for unwanted in ["<script", "<b>", "href="] {
        assert!(!html.contains(unwanted), "the page holds {unwanted}");
    }

    // Printed when no file is given; the working and a comparison come as sections.
    let printed = run(
        &db,
        &[
            "standings",
            "--format",
            "html",
            "--explain",
            "1",
            "--compare",
            "2024",
        ],
    );
    assert_eq!(standings_rows(&printed), order);
    assert!(printed.contains("<h2>The working for player 1</h2>"));
    assert!(printed.contains("player 1 &lt;script&gt;alert(1)&lt;/script&gt;:"));
    assert!(printed.contains("<h2>2026 rules against 2024 rules</h2>"));
    assert!(printed.trim_end().ends_with("</html>"));

    // The crosstable in each of its formats names the same players, the hostile one as
    // text in the page.
    let page = run(&db, &["crosstable", "--format", "html"]);
    assert_eq!(page.matches("<th scope=\"row\">").count(), 6);
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.contains("<script"));
    let text = run(&db, &["crosstable", "--format", "text"]);
    assert!(text.contains(evil));
    assert_eq!(
        text.lines().count(),
        1 + 1 + 6,
        "title, header, a line per player"
    );
    let rows = crosstable_csv(&db);
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().any(|r| r[3] == evil));
}

#[test]
fn untrusted_names_are_escaped_everywhere() {
    let dir = TempDir::new("publish-escape");
    let db = dir.db();
    let evil = "<script>alert(1)</script> & \"Quotes\"";
    run(
        &db,
        &[
            "new",
            "Open <script>x()</script>",
            "--rounds",
            "5",
            "--start",
            "2026-07-01",
        ],
    );
    run(&db, &["player", "add", evil, "--rating", "2100"]);
    run(&db, &["player", "add", "Plain, Name", "--rating", "2000"]);
    run(&db, &["publish", &dir.site().display().to_string()]);
    let escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Quotes&quot;";
    let mut pages = 0;
    for entry in std::fs::read_dir(dir.site()).expect("site") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "html") {
            pages += 1;
            let html = read(&path);
            assert!(
                !html.contains("<script"),
                "{} holds <script",
                path.display()
            );
            assert!(html.contains("Open &lt;script&gt;x()&lt;/script&gt;"));
            assert!(html.contains("after round 0 of 5"));
        }
    }
    assert!(pages >= 4, "index, players, crosstable, player cards");
    for page in ["players.html", "crosstable.html", "player-1.html"] {
        let html = read(&dir.site().join(page));
        assert!(html.contains(escaped), "{page} lacks the escaped name");
    }
}

#[test]
fn a_round_robin_is_a_grid_with_stars_on_the_diagonal() {
    let (dir, db) = published("rr", "held-rr6.trf");
    let html = read(&dir.site().join("crosstable.html"));
    assert!(html.contains("Round-robin crosstable"));
    assert_eq!(html.matches(">*</td>").count(), 6);
    let rows = crosstable_csv(&db);
    assert_eq!(rows.len(), 6);
    let mut by_position = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], (i + 1).to_string());
        by_position.insert(i + 1, row[2].clone());
        // Cells 7..13 are the six opponents' columns.
        for (j, cell) in row[7..13].iter().enumerate() {
            if i == j {
                assert_eq!(cell, "*");
            } else {
                assert!(
                    ["1", "½", "0", "+", "-"].contains(&cell.as_str()),
                    "row {i} column {j}: `{cell}`"
                );
            }
        }
    }
    // Each game appears from both sides: a win against a loss, a draw against a draw.
    for i in 0..6 {
        for j in 0..6 {
            if i != j {
                let (a, b) = (&rows[i][7 + j], &rows[j][7 + i]);
                let pair = (a.as_str(), b.as_str());
                assert!(
                    matches!(
                        pair,
                        ("1", "0") | ("0", "1") | ("½", "½") | ("+", "-") | ("-", "+")
                    ),
                    "{pair:?}"
                );
            }
        }
    }
    // Franck (5) lost to Helene (6) by forfeit in round 4.
    let pos = |sno: &str| {
        by_position
            .iter()
            .find(|(_, s)| *s == sno)
            .map(|(p, _)| *p)
            .expect("player")
    };
    assert_eq!(rows[pos("5") - 1][7 + pos("6") - 1], "-");
    assert_eq!(rows[pos("6") - 1][7 + pos("5") - 1], "+");
}
