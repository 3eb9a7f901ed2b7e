//! Engine mode's decisions (`arbiter pairing dutch|check|generate` on TRF files, no
//! database): reading a report, which rounds it holds and which one to pair next, what
//! `--rounds N` does to it, and the report as the Dutch engine reads it. The command line
//! prints the notes and warnings these return; nothing here prints.

use std::path::Path;

use super::EventError;
use crate::pairing::PairingInput;
use crate::trf::Trf;

/// A report read from a file, with what the reader noticed on the way.
#[derive(Debug, Clone)]
pub struct Report {
    pub trf: Trf,
    /// The reader's warnings, each naming the file (`FILE: what`).
    pub warnings: Vec<String>,
}

/// Reads a TRF file (bytes that are not UTF-8 are replaced, as the reader is lenient).
pub fn read_report(file: &Path) -> Result<Report, EventError> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| EventError::Io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let (trf, warnings) =
        crate::trf::parse(&text).map_err(|err| EventError::invalid(format!("{shown}: {err}")))?;
    let warnings = warnings
        .iter()
        .map(|warning| format!("{shown}: {warning}"))
        .collect();
    Ok(Report { trf, warnings })
}

/// The rounds a report holds games or byes of: the last round with a pairing in it.
pub fn rounds_played(trf: &Trf) -> u32 {
    trf.players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, r)| r.opponent.is_some() || r.code.eq_ignore_ascii_case(&'U'))
                .map(|(i, _)| i as u32 + 1)
        })
        .max()
        .unwrap_or(0)
}

/// The round to pair: the one after the last paired.
pub fn next_round(trf: &Trf) -> u32 {
    rounds_played(trf) + 1
}

/// Applies `--rounds N` to the report: it overrides the file's `XXR`/`142`, and fewer rounds
/// than the report already holds (`at_least`) cannot be. Returns a note (`FILE: what`) when
/// the number overrides the one the file declares.
pub fn apply_rounds(
    trf: &mut Trf,
    file: &Path,
    rounds: Option<u32>,
    at_least: u32,
) -> Result<Option<String>, EventError> {
    let Some(n) = rounds else {
        return Ok(None);
    };
    if n == 0 {
        return Err(EventError::invalid(format!(
            "{}: --rounds 0: an event has at least one round",
            file.display()
        )));
    }
    if n < at_least {
        return Err(EventError::invalid(format!(
            "{}: --rounds {n} is fewer than the {} the file holds",
            file.display(),
            crate::render::count(at_least as usize, "round", "rounds")
        )));
    }
    let note = trf
        .rounds
        .filter(|&declared| declared != n)
        .map(|declared| {
            format!(
                "{}: --rounds {n} overrides the {declared} rounds the file declares",
                file.display()
            )
        });
    trf.rounds = Some(n);
    Ok(note)
}

/// The Baku method needs the number of rounds: the warning (`FILE: what`) when the report
/// uses it without one, to be said once `--rounds` has had its say.
pub fn baku_rounds_warning(trf: &Trf, file: &Path, round: u32) -> Option<String> {
    crate::pairing::baku_rounds_unknown(trf, round)
        .map(|warning| format!("{}: {warning}", file.display()))
}

/// The report as the Dutch engine reads it for `round`.
pub fn engine_input(trf: &Trf, round: u32) -> Result<PairingInput, EventError> {
    PairingInput::from_trf(trf, round).map_err(|err| EventError::invalid(err.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Five players before round 1, `XXR 5`.
    const BEFORE: &str = include_str!("../../fixtures/trf/t101_00_p5_r5_round1.trf");
    /// The same event after its five rounds, without `XXR`.
    const AFTER: &str = include_str!("../../fixtures/trf/t101_00_p5_r5.trf");

    #[test]
    fn the_next_round_follows_the_last_paired() {
        let (before, _) = crate::trf::parse(BEFORE).unwrap();
        let (after, _) = crate::trf::parse(AFTER).unwrap();
        assert_eq!((rounds_played(&before), next_round(&before)), (0, 1));
        assert_eq!((rounds_played(&after), next_round(&after)), (5, 6));
        assert_eq!(engine_input(&before, 1).unwrap().players.len(), 5);
    }

    #[test]
    fn rounds_given_override_the_file_with_a_note_and_never_fall_short() {
        let (mut trf, _) = crate::trf::parse(BEFORE).unwrap();
        let file = Path::new("t.trf");
        assert_eq!(apply_rounds(&mut trf, file, None, 0), Ok(None));
        assert_eq!(
            apply_rounds(&mut trf, file, Some(0), 0)
                .unwrap_err()
                .to_string(),
            "t.trf: --rounds 0: an event has at least one round"
        );
        assert_eq!(
            apply_rounds(&mut trf, file, Some(1), 2)
                .unwrap_err()
                .to_string(),
            "t.trf: --rounds 1 is fewer than the 2 rounds the file holds"
        );
        assert_eq!(
            apply_rounds(&mut trf, file, Some(7), 0),
            Ok(Some(
                "t.trf: --rounds 7 overrides the 5 rounds the file declares".to_owned()
            ))
        );
        assert_eq!(trf.rounds, Some(7));
        assert_eq!(apply_rounds(&mut trf, file, Some(7), 0), Ok(None));
        assert!(baku_rounds_warning(&trf, file, 1).is_none());
    }
}
