//! The Dutch engine against the reference engine on generated events with every feature
//! (byes, late entries, withdrawals, prohibited pairings, Baku, other scoring): the cases of
//! fixtures/pairing/oracle (see its README for where they come from).

use std::path::PathBuf;

use arbiter::pairing::{PairingInput, dutch};
use arbiter::trf;

#[test]
fn generated_cases_are_paired_as_the_reference_engine_pairs_them() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/pairing/oracle");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut total = 0;
    let mut identical = 0;
    let mut differing = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, round, expected) = (cols[0], cols[2].parse::<u32>().unwrap(), cols[4]);
        total += 1;
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let (report, _) = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let input = PairingInput::from_trf(&report, round).unwrap();
        let ours = dutch::pair(&input);
        let same = if expected.ends_with(".err") {
            ours.is_err()
        } else {
            let want = crate::util::pairs_file_lines(
                &std::fs::read_to_string(dir.join(expected)).unwrap(),
            );
            ours.as_ref()
                .is_ok_and(|p| crate::util::pairing_lines(p) == want)
        };
        if same {
            identical += 1;
        } else {
            differing.push(format!("{name} ({})", cols[3]));
        }
    }
    assert!(
        differing.is_empty(),
        "{identical} of {total} identical; differing: {differing:#?}"
    );
}
