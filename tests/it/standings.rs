//! Standings and tie-breaks (C.07): FIDE's golden values (Held's exercises, checked by FIDE's
//! reference tool), the whole tie-break list on the golden events, refusals, and property
//! tests on random events.

use std::path::PathBuf;

use arbiter::standings::{
    Code, Decider, Edition, EventResults, Options, Standings, TieBreak, Value, parse_list,
    standings,
};
use arbiter::trf::parse;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/tiebreaks")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn event(name: &str) -> EventResults {
    let (trf, _) = parse(&fixture(name)).expect("golden TRF reads");
    EventResults::from_trf(&trf)
}

/// Checks every cell of an expected-values file; returns (matched, total).
fn check_golden(trf: &str, tsv: &str, edition: Edition) -> (usize, usize) {
    let event = event(trf);
    assert_eq!(
        Edition::resolve("auto", event.start_date.as_deref()).expect("start date"),
        edition,
        "{trf}: the start date selects the edition"
    );
    let text = fixture(tsv);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    assert_eq!(&header[..3], &["StartNo", "Rank", "PTS"]);
    let list = parse_list(&header[3..].join(",")).expect("the header's tie-breaks parse");
    for (tb, name) in list.iter().zip(&header[3..]) {
        assert_eq!(&tb.to_string(), name, "canonical name");
    }
    let table = standings(&event, &list, &Options::new(edition)).expect("standings");
    let mut matched = 0;
    let mut total = 0;
    let mut failures = Vec::new();
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let id: u16 = cells[0].parse().expect("start number");
        let row = table
            .rows
            .iter()
            .find(|r| r.player.id.0 == id)
            .expect("row");
        let mut check = |what: &str, got: String, want: &str| {
            total += 1;
            if got == want {
                matched += 1;
            } else {
                failures.push(format!("#{id} {what}: got `{got}`, expected `{want}`"));
            }
        };
        check("rank", row.rank.to_string(), cells[1]);
        check("PTS", row.points.to_string(), cells[2]);
        for (k, tb) in list.iter().enumerate() {
            let want = if cells[3 + k] == "-0" { "" } else { cells[3 + k] };
            check(
                &tb.to_string(),
                Standings::format_value(*tb, row.values[k]),
                want,
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{tsv} under {edition}: {} of {total} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (matched, total)
}

#[test]
fn golden_swiss_2024() {
    let (matched, total) = check_golden(
        "held-swiss-start2025.trf",
        "held-swiss-expected-rules2024.tsv",
        Edition::Y2024,
    );
    assert_eq!((matched, total), (16 * 24, 16 * 24));
}

#[test]
fn golden_swiss_2026() {
    let (matched, total) = check_golden(
        "held-swiss-start2026.trf",
        "held-swiss-expected-rules2026.tsv",
        Edition::Y2026,
    );
    assert_eq!((matched, total), (16 * 24, 16 * 24));
}

#[test]
fn golden_round_robin() {
    for edition in [Edition::Y2024, Edition::Y2026] {
        let event = event("held-rr6.trf");
        assert!(event.round_robin);
        let text = fixture("held-rr6-expected.tsv");
        let header: Vec<&str> = text.lines().next().expect("header").split('\t').collect();
        let list = parse_list(&header[3..].join(",")).expect("list");
        let table = standings(&event, &list, &Options::new(edition)).expect("standings");
        let mut n = 0;
        for line in text.lines().skip(1) {
            let cells: Vec<&str> = line.split('\t').collect();
            let row = table
                .rows
                .iter()
                .find(|r| r.player.id.0.to_string() == cells[0])
                .expect("row");
            assert_eq!(row.rank.to_string(), cells[1], "#{} rank", cells[0]);
            assert_eq!(row.points.to_string(), cells[2]);
            for (k, tb) in list.iter().enumerate() {
                assert_eq!(
                    Standings::format_value(*tb, row.values[k]),
                    cells[3 + k],
                    "#{} {tb} under {edition}",
                    cells[0]
                );
                n += 1;
            }
        }
        assert_eq!(n, 36);
    }
}
