//! Unit tests of the store's TRF mapping on in-memory databases: the import reads the typed
//! records of `trf::records`, and what no setting holds goes back out in the order written.

use super::*;
use crate::tournament::settings::PairingSystem;

/// A report of three players and no rounds, with the given records above them.
fn report(records: &[&str]) -> Trf {
    let mut text: String = records.iter().map(|r| format!("{r}\n")).collect();
    for id in 1..=3u16 {
        text.push_str(&format!(
            "001 {id:>4} m    Player {id:<26} {:>4}\n",
            2400 - 10 * id
        ));
    }
    crate::trf::parse(&text).expect("a hand-made report").0
}

/// The import takes its settings and tables from the typed records, and keeps the
/// records no setting holds in the order written, which the export gives back.
#[test]
fn the_import_reads_the_typed_records_and_keeps_the_rest_in_order() {
    let mut store = Store::create_in_memory("x", &[]).unwrap();
    let trf = report(&[
        "XYZ kept first",
        "092 Individual: Round-Robin",
        "162  W 3.0    D 1.0",
        "240 H 002    1",
        "299 H       x.x  001    1",
        "260   1   2    1    2",
        "ABC kept last",
    ]);
    store.import_trf(&trf, "hand-made.trf").unwrap();
    let settings = store.event_settings().unwrap();
    assert_eq!(settings.system, PairingSystem::Berger);
    assert_eq!(settings.scoring.win, Points(30));
    assert_eq!(settings.scoring.draw, Points(10));
    let exported = store.to_trf().unwrap();
    let kept: Vec<&str> = exported
        .other
        .iter()
        .filter(|(code, _)| ["XYZ", "299", "ABC"].contains(&code.as_str()))
        .map(|(_, line)| line.as_str())
        .collect();
    assert_eq!(
        kept,
        [
            "XYZ kept first",
            "299 H       x.x  001    1",
            "ABC kept last"
        ]
    );
    let records = EventRecords::of(&exported);
    let prohibitions: Vec<_> = records
        .records
        .iter()
        .filter_map(|r| match &r.kind {
            RecordKind::Prohibition(p) => p.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(prohibitions.len(), 1);
    assert_eq!(prohibitions[0].players, [1, 2]);
    assert_eq!((prohibitions[0].first, prohibitions[0].last), (1, Some(2)));
    let byes: Vec<_> = records
        .records
        .iter()
        .filter_map(|r| match &r.kind {
            RecordKind::Bye(b) => b.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(byes.len(), 1);
    assert_eq!((byes[0].kind, byes[0].round), ('H', 2));
}

/// A requested bye whose columns do not read is refused with the record, as before.
#[test]
fn an_unreadable_bye_request_is_refused() {
    let mut store = Store::create_in_memory("x", &[]).unwrap();
    let err = store
        .import_trf(&report(&["240 X 002    1"]), "bad.trf")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "record `240 X 002    1` cannot be read: expected the columns of TRF-2026"
    );
}
