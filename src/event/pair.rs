//! Pair the next round of an event: the one path `arbiter pair` and `arbiter demo` share.
//! It decides which round is next and whether it may be paired now, draws what the rules
//! draw by lot before round 1 (the initial colour of a Swiss, the pairing numbers of a round
//! robin), pairs by the event's system (Dutch, or the Berger table) or takes the arbiter's
//! manual pairing (completed by the engine when it names only some boards), checks it, and
//! stores the round with what round 1 settles in one transaction. It returns what the
//! command shows: the pairing, the engine's own beside a manual one, who is not paired and
//! why, the explanation, and the notes made on the way.
//!
//! `input.rs` holds what the engines read (the Dutch input from the store, a round of the
//! Berger table) and who is left out; `manual.rs` the manual pairing.

mod input;
mod manual;

use std::collections::HashMap;

pub use input::{Absence, KnownResults, dutch_input};
pub use manual::ManualInput;

use super::EventError;
use crate::chess::Color;
use crate::pairing::{Pairing, checker, dutch};
use crate::store::{Store, initial_colour_by_lot};
use crate::tournament::PlayerId;
use crate::tournament::settings::{InitialColour, PairingSystem};

/// What `pair` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct PairRequest {
    /// Pair and show, but store nothing and draw nothing.
    pub dry_run: bool,
    /// The arbiter's own pairing (all boards, or in a Swiss only some).
    pub manual: Option<ManualInput>,
    /// Store a manual pairing that breaks an absolute criterion (logged as such).
    pub force: bool,
    /// The seed given for what round 1 draws by lot.
    pub seed: Option<u64>,
    /// The seed used when none is given (the command line passes the clock's); it is shown
    /// and logged, so the draw can still be repeated.
    pub default_seed: u64,
}

/// Something said on the way, in the order it happened; the pairing stands or falls apart
/// from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairNote {
    /// Round 1 of a round robin: the pairing numbers were drawn by lot with this seed (and
    /// stored at once, before the round).
    NumbersDrawn { seed: u64 },
    /// The Dutch engine found no pairing for the round: the Chief Arbiter decides.
    NoPairing { round: u32, reason: String },
    /// A manual pairing departs from a rule (absolute or not).
    Violation(checker::Violation),
}

/// The initial colour, as the round shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourDraw {
    /// Nothing was drawn for this round.
    None,
    /// Drawn by lot with this seed and stored with the round.
    Drawn { seed: u64, colour: Color },
    /// A dry run of round 1 with a seed: the colour that seed would draw (not drawn).
    WouldDraw { seed: u64, colour: Color },
    /// A dry run of round 1 without a seed: the colours shown may be reversed.
    Undrawn,
}

/// What pairing the next round came to.
#[derive(Debug, Clone)]
pub struct PairOutcome {
    /// The round paired (or that could not be).
    pub round: u32,
    /// What was said on the way, in order.
    pub notes: Vec<PairNote>,
    /// The round, or none when the engine found no pairing and no manual one was given (the
    /// reason is among the notes).
    pub paired: Option<PairedRound>,
}

/// A round paired (and stored unless it was a dry run).
#[derive(Debug, Clone)]
pub struct PairedRound {
    pub dry_run: bool,
    pub colour: ColourDraw,
    /// The Dutch engine's workings, when it paired the round.
    pub explanation: Option<dutch::Explanation>,
    /// The pairing of the round as stored.
    pub pairing: Pairing,
    /// The engine's own pairing (empty when it found none or did not pair).
    pub engine: Pairing,
    /// Whether the pairing is the arbiter's (`--manual`).
    pub manual: bool,
    /// With a partial manual pairing: how many boards the arbiter gave (the engine paired
    /// the rest).
    pub kept: Option<usize>,
    /// The registered players without a board or the bye, with the reason.
    pub absentees: Vec<(PlayerId, Absence)>,
    /// What a `U` (the bye) is in this event: see [`unpaired_label`].
    pub bye_label: &'static str,
    /// Every player's name by number, after any renumbering.
    pub names: HashMap<PlayerId, String>,
}

/// A refusal, with what was said before it (a draw of numbers stays stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairError {
    pub notes: Vec<PairNote>,
    pub error: EventError,
}

/// Pairs the next round (see the module docs). On an error nothing of the round is stored,
/// but a draw of pairing numbers before it stays (it is its own transaction, as before).
pub fn pair_next_round(store: &mut Store, request: &PairRequest) -> Result<PairOutcome, PairError> {
    let mut notes = Vec::new();
    match pair_round(store, request, &mut notes) {
        Ok((round, paired)) => Ok(PairOutcome {
            round,
            notes,
            paired,
        }),
        Err(error) => Err(PairError { notes, error }),
    }
}

fn pair_round(
    store: &mut Store,
    request: &PairRequest,
    notes: &mut Vec<PairNote>,
) -> Result<(u32, Option<PairedRound>), EventError> {
    let round = store.rounds_started()? + 1;
    let settings = store.event_settings()?;
    let system = settings.system;
    let players = store.players()?;
    if players.len() < 2 {
        return Err(
            EventError::refused("an event needs at least two players to pair")
                .with_hint("`arbiter player add NAME` registers a player"),
        );
    }
    let seed = request.seed.unwrap_or(request.default_seed);
    // A malformed manual pairing is invalid input whatever the state of the event.
    let manual = match &request.manual {
        Some(given) => Some(manual::read(given)?),
        None => None,
    };
    // A round is paired on complete results only; refusing here, before anything is drawn or
    // computed, keeps a refused `pair` from printing a pairing that is not stored.
    if round > 1 {
        let missing = store
            .round(round - 1)?
            .games
            .iter()
            .filter(|g| g.white_code == ' ')
            .count();
        if missing > 0 {
            return Err(EventError::refused(format!(
                "round {} still has {} without a result; enter {} before pairing round {round}",
                round - 1,
                crate::render::count(missing, "game", "games"),
                if missing == 1 { "it" } else { "them" }
            ))
            .with_hint(format!(
                "`arbiter round show {}` lists them; `arbiter result {} BOARD RESULT` enters one",
                round - 1,
                round - 1
            )));
        }
    }
    let colour_by_lot =
        system == PairingSystem::Dutch && settings.initial_colour == InitialColour::Lots;
    let mut drawn_colour = None;
    // A dry run of round 1 draws nothing, but with `--seed` it shows the colours that seed
    // would draw, so that the dry run and `pair --seed S` give the same boards; without a
    // seed the colours it shows are only one of the two the lot can give, and it says so.
    let mut colour = ColourDraw::None;
    if round == 1 && request.dry_run && colour_by_lot {
        colour = match request.seed {
            Some(seed) => {
                let drawn = initial_colour_by_lot(seed);
                drawn_colour = Some(drawn);
                ColourDraw::WouldDraw {
                    seed,
                    colour: drawn,
                }
            }
            None => ColourDraw::Undrawn,
        };
    }
    if round == 1 && !request.dry_run {
        // What the rules draw by lot before round 1 is drawn now, seeded and logged, unless
        // the director has drawn it already. A round robin's colours come from the Berger
        // table (C.05 Annex 1), so only a Swiss draws the initial colour.
        // The colour is drawn here and stored with the pairing, in its transaction.
        if colour_by_lot {
            let drawn = initial_colour_by_lot(seed);
            drawn_colour = Some(drawn);
            colour = ColourDraw::Drawn {
                seed,
                colour: drawn,
            };
        }
        if system.is_round_robin() && settings.numbers_by_lot() && !store.lots_drawn()? {
            store.draw_lots(seed)?;
            notes.push(PairNote::NumbersDrawn { seed });
        }
    }
    let mut table_rounds = None;
    let (engine, known, explanation) = match system {
        PairingSystem::Dutch => {
            if let Some(rounds) = settings.rounds
                && round > rounds
            {
                return Err(EventError::refused(format!(
                    "all {} paired",
                    crate::render::count(rounds as usize, "round is", "rounds are")
                )));
            }
            let mut input = dutch_input(store, round)?;
            if let Some(colour) = drawn_colour {
                input.initial_colour = colour;
            }
            match dutch::pair_explained(&input) {
                Ok((pairing, explanation)) => (pairing, Vec::new(), Some(explanation)),
                Err(none) => {
                    notes.push(PairNote::NoPairing {
                        round,
                        reason: none.to_string(),
                    });
                    if manual.is_none() {
                        return Ok((round, None));
                    }
                    (Pairing::default(), Vec::new(), None)
                }
            }
        }
        PairingSystem::Berger | PairingSystem::DoubleBerger => {
            let (pairing, known, rounds) = input::berger_round(
                store,
                system,
                settings.withdrawal_games,
                round,
                players.len(),
            )?;
            table_rounds = Some(rounds);
            (pairing, known, None)
        }
    };
    let mut kept = None;
    let (pairing, how) = match manual {
        None => (engine.clone(), "pair"),
        Some(manual) => {
            let mut input = dutch_input(store, round)?;
            if let Some(colour) = drawn_colour {
                input.initial_colour = colour;
            }
            // In a Swiss the arbiter may fix some boards (a top board, players who must
            // leave early...) and let the engine pair everyone else around them.
            let manual = if system == PairingSystem::Dutch {
                let (manual, completed) = manual::complete(&input, manual)?;
                kept = completed;
                manual
            } else {
                manual
            };
            let violations = checker::check(&input, &manual);
            // A number the event does not have is a typing error, not a pairing to force.
            if let Some(checker::Violation::UnknownPlayer(p)) = violations
                .iter()
                .find(|v| matches!(v, checker::Violation::UnknownPlayer(_)))
            {
                return Err(EventError::invalid(format!(
                    "--manual: there is no player {p}; `arbiter player list` shows the numbers"
                )));
            }
            let breaks_absolute = violations.iter().any(|v| v.is_absolute());
            notes.extend(violations.into_iter().map(PairNote::Violation));
            if breaks_absolute && !request.force {
                return Err(EventError::refused(
                    "the manual pairing breaks an absolute criterion; --force stores it anyway (logged)",
                ));
            }
            (
                manual,
                if request.force {
                    "pair --manual --force"
                } else {
                    "pair --manual"
                },
            )
        }
    };
    // Who is left out, and why, as the store holds it before the round is saved.
    let absentees = input::absentees(store, round, &pairing)?;
    if !request.dry_run {
        let boards: Vec<(PlayerId, PlayerId)> =
            pairing.boards.iter().map(|b| (b.white, b.black)).collect();
        store.save_pairing_and_rounds(
            round,
            &boards,
            pairing.bye,
            &known,
            how,
            table_rounds,
            drawn_colour.map(|c| (seed, c)),
        )?;
    }
    Ok((
        round,
        Some(PairedRound {
            dry_run: request.dry_run,
            colour,
            explanation,
            pairing,
            engine,
            manual: how != "pair",
            kept,
            absentees,
            bye_label: unpaired_label(system, 'U'),
            names: store.player_names()?,
        }),
    ))
}

/// What an unpaired entry's code is in an event of this system: `U` is the
/// pairing-allocated bye of a Swiss, or the free round of a round robin's odd field, which
/// is neither an absence nor a pairing-allocated bye.
pub fn unpaired_label(system: PairingSystem, code: char) -> &'static str {
    let round_robin = system.is_round_robin();
    match code {
        'U' if round_robin => "free round (odd field: no game)",
        'U' => "pairing-allocated bye",
        'H' => "half-point bye",
        'F' => "full-point bye",
        'Z' => "zero-point bye",
        // Without an opponent, older files and lichess write `0000 - +` for a bye won and
        // `     - -` for an absence (TRF: a requested absence), never a forfeit: a forfeit
        // has its scheduled opponent.
        '+' => "full-point bye",
        _ => "absent",
    }
}

#[cfg(test)]
mod tests;
