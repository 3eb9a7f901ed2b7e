//! Big opens against the reference engine: generated events of 300 to 2,500 players
//! (fixtures/pairing/big, see its README), each round re-paired from the complete event and
//! compared with the reference engine's pairing of that round, line for line.

use std::io::Read;
use std::path::PathBuf;

use arbiter::pairing::{PairingInput, dutch};
use arbiter::trf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(crate::util::fixture("pairing/big", name))
}

fn gunzip(name: &str) -> String {
    let file = std::fs::File::open(fixture(name)).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap();
    text
}

#[test]
fn big_opens_are_paired_as_the_reference_engine_pairs_them() {
    let manifest = std::fs::read_to_string(fixture("MANIFEST.tsv")).unwrap();
    let mut compared = 0;
    let mut differing = Vec::new();
    let mut events = std::collections::HashMap::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (event, round, expected) = (cols[0], cols[1].parse::<u32>().unwrap(), cols[2]);
        let report = events.entry(event.to_owned()).or_insert_with(|| {
            trf::parse(&gunzip(event))
                .unwrap_or_else(|e| panic!("{event}: {e}"))
                .0
        });
        let input = PairingInput::from_trf(report, round).unwrap();
        let ours = dutch::pair(&input).unwrap_or_else(|e| panic!("{event} round {round}: {e}"));
        let got = crate::util::pairing_lines(&ours);
        let want =
            crate::util::pairs_file_lines(&std::fs::read_to_string(fixture(expected)).unwrap());
        compared += 1;
        if got != want {
            differing.push(format!("{event} round {round}"));
        }
    }
    assert!(differing.is_empty(), "differing: {differing:?}");
    assert!(compared >= 10, "only {compared} rounds compared");
}
