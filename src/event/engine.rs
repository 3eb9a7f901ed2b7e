//! Engine mode's decisions (`arbiter pairing dutch|check|generate` on TRF files, no
//! database): reading a report, which rounds it holds and which one to pair next, what
//! `--rounds N` does to it, the report as the Dutch engine reads it, and a recorded round
//! compared with our engine's. The command line prints the notes and warnings these return,
//! in the order it calls them; nothing here prints.

use std::path::Path;

use super::EventError;
use crate::pairing::{Pairing, PairingInput, dutch};
use crate::tournament::PlayerId;
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

/// Refuses a report whose initial colour (`XXC`, `152`) is neither given nor to be inferred
/// from its rounds: the Dutch rules need it (C.04.3 5.2.5).
pub fn require_initial_colour(trf: &Trf, file: &Path) -> Result<(), EventError> {
    if trf.initial_colour.is_none() && crate::pairing::inferred_initial_colour(trf).is_none() {
        return Err(EventError::invalid(format!(
            "{}: the initial colour is not given: add `XXC white1` (or black1) or a 152 record",
            file.display()
        )));
    }
    Ok(())
}

/// The warning (`FILE: what`) for a report without its number of rounds, paired as if
/// `round` were not the last.
pub fn rounds_unknown_warning(trf: &Trf, file: &Path, round: u32) -> Option<String> {
    trf.rounds.is_none().then(|| {
        format!(
            "{}: the file gives no number of rounds (XXR or 142), which C.04.1 \
             requires: the last-round rules cannot be known, so round {round} is paired as if \
             it were not the last; say --rounds N otherwise",
            file.display()
        )
    })
}

/// Refuses to pair beyond the report's last round.
pub fn require_round_to_pair(trf: &Trf, file: &Path, round: u32) -> Result<(), EventError> {
    if let Some(rounds) = trf.rounds
        && round > rounds
    {
        return Err(EventError::invalid(format!(
            "{}: all {} paired",
            file.display(),
            crate::render::count(rounds as usize, "round is", "rounds are")
        )));
    }
    Ok(())
}

/// `pairing check` on a report without its number of rounds: the reference engine's
/// convention, that it holds them all (so its last round is paired with the last-round
/// rules). Returns the note (`FILE: what`) when it applies.
pub fn assume_all_rounds(trf: &mut Trf, file: &Path, played: u32) -> Option<String> {
    if trf.rounds.is_some() || played == 0 {
        return None;
    }
    trf.rounds = Some(played);
    Some(format!(
        "{}: the file gives no number of rounds (XXR or 142): taking the {} \
         recorded as all; say --rounds N otherwise",
        file.display(),
        crate::render::count(played as usize, "round", "rounds")
    ))
}

/// A recorded round re-paired by our engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundCheck {
    /// Our pairing is the recorded one.
    Same,
    /// What differs, as lines.
    Differs(Vec<String>),
    /// Our engine finds no pairing: why.
    NoPairing(String),
}

/// Re-pairs `round` of the report and compares it with the pairing recorded.
pub fn check_round(trf: &Trf, round: u32) -> Result<RoundCheck, EventError> {
    let input = engine_input(trf, round)?;
    let theirs = recorded(trf, round);
    Ok(match dutch::pair(&input) {
        Ok(ours) => {
            let lines = differences(&ours, &theirs);
            if lines.is_empty() {
                RoundCheck::Same
            } else {
                RoundCheck::Differs(lines)
            }
        }
        Err(none) => RoundCheck::NoPairing(none.to_string()),
    })
}

/// The pairing a report records for `round`.
fn recorded(trf: &Trf, round: u32) -> Pairing {
    let index = round as usize - 1;
    let mut pairing = Pairing::default();
    for p in &trf.players {
        let Some(r) = p.rounds.get(index) else {
            continue;
        };
        match (r.opponent, r.colour.to_ascii_lowercase()) {
            (Some(opponent), 'w') => pairing.boards.push(crate::pairing::Board {
                white: p.player.id,
                black: opponent,
            }),
            // A forfeit written without colours: count the pair once.
            (Some(opponent), c) if c != 'b' && p.player.id < opponent => {
                pairing.boards.push(crate::pairing::Board {
                    white: p.player.id,
                    black: opponent,
                })
            }
            (None, _) if r.code.eq_ignore_ascii_case(&'U') => pairing.bye = Some(p.player.id),
            _ => {}
        }
    }
    pairing
}

/// What differs between two pairings of a round, as lines.
fn differences(ours: &Pairing, theirs: &Pairing) -> Vec<String> {
    let mut lines = Vec::new();
    let key = |b: &crate::pairing::Board| (b.white.min(b.black), b.white.max(b.black));
    for b in &theirs.boards {
        match ours.boards.iter().find(|o| key(o) == key(b)) {
            None => lines.push(format!(
                "recorded {}-{} is not in our pairing",
                b.white, b.black
            )),
            Some(o) if o.white != b.white => lines.push(format!(
                "recorded {}-{} has the colours the other way round ({}-{} here)",
                b.white, b.black, o.white, o.black
            )),
            _ => {}
        }
    }
    for o in &ours.boards {
        if !theirs.boards.iter().any(|b| key(b) == key(o)) {
            lines.push(format!(
                "we pair {}-{}, which is not recorded",
                o.white, o.black
            ));
        }
    }
    if ours.bye != theirs.bye {
        let shown = |b: Option<PlayerId>| b.map_or("nobody".to_owned(), |p| p.to_string());
        lines.push(format!(
            "pairing-allocated bye: recorded {}, ours {}",
            shown(theirs.bye),
            shown(ours.bye)
        ));
    }
    lines
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

    #[test]
    fn a_report_without_its_rounds_is_taken_whole_and_each_round_re_paired() {
        let (mut trf, _) = crate::trf::parse(AFTER).unwrap();
        let file = Path::new("t.trf");
        assert!(rounds_unknown_warning(&trf, file, 6).is_some());
        assert_eq!(
            assume_all_rounds(&mut trf, file, 5).as_deref(),
            Some(
                "t.trf: the file gives no number of rounds (XXR or 142): taking the 5 rounds recorded as all; say --rounds N otherwise"
            )
        );
        assert_eq!(trf.rounds, Some(5));
        assert!(assume_all_rounds(&mut trf, file, 5).is_none());
        assert_eq!(
            require_round_to_pair(&trf, file, 6)
                .unwrap_err()
                .to_string(),
            "t.trf: all 5 rounds are paired"
        );
        for round in 1..=5 {
            let recorded = recorded(&trf, round);
            assert_eq!(recorded.boards.len(), 2, "round {round}");
            assert!(recorded.bye.is_some(), "round {round}");
            assert!(check_round(&trf, round).is_ok(), "round {round}");
        }
        assert!(differences(&recorded(&trf, 1), &recorded(&trf, 1)).is_empty());
    }
}
