//! Checks a pairing (the engine's or an arbiter's own) against the rules: the absolute
//! criteria of C.04.3 (C1-C3, prohibited pairings, everyone available paired exactly once)
//! and the quality deviations an arbiter wants to see (colour preferences not granted,
//! players paired across scoregroups). It returns violations; it never refuses anything
//! itself, so the caller decides what a violation means.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::dutch::state::{self, Entrant, Strength};
use super::{Pairing, PairingInput};
use crate::chess::Color;
use crate::tournament::{PlayerId, Points};

/// One way a pairing departs from the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// A number that is not a player of the event.
    UnknownPlayer(PlayerId),
    /// A player who is not to be paired this round (withdrawn, requested bye, absent).
    NotAvailable(PlayerId),
    /// A player on two boards, or on a board and the bye.
    PairedTwice(PlayerId),
    /// A player paired with themselves.
    SelfPairing(PlayerId),
    /// An available player left without a board and without the bye.
    Unpaired(PlayerId),
    /// The pairing-allocated bye in an even field, or none in an odd one.
    ByeCount { players: usize, byes: usize },
    /// C1: the two have already played each other.
    Repeat(PlayerId, PlayerId),
    /// C2: the bye to a player who had one, or a win's points without playing.
    ByeNotAllowed(PlayerId),
    /// C3: two non-topscorers with the same absolute colour preference.
    SameAbsolutePreference(PlayerId, PlayerId, Color),
    /// A prohibited pairing (TRF 260, XXP).
    Prohibited(PlayerId, PlayerId),
    /// Quality: a player does not get their colour preference.
    PreferenceNotGranted {
        player: PlayerId,
        wanted: Color,
        strength: &'static str,
    },
    /// Quality: two players with different (pairing) scores meet: a float.
    ScoreDifference {
        higher: PlayerId,
        lower: PlayerId,
        difference: Points,
    },
}

impl Violation {
    /// Absolute violations make a pairing illegal; the others are quality deviations.
    pub fn is_absolute(&self) -> bool {
        !matches!(
            self,
            Violation::PreferenceNotGranted { .. } | Violation::ScoreDifference { .. }
        )
    }

    /// The criterion or rule the violation is measured against.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Repeat(..) => "C1",
            Violation::ByeNotAllowed(_) => "C2",
            Violation::SameAbsolutePreference(..) => "C3",
            Violation::Prohibited(..) => "prohibited pairing",
            Violation::PreferenceNotGranted { .. } => "C12/C13",
            Violation::ScoreDifference { .. } => "C6/C7",
            _ => "C.04.1 (every player paired once)",
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.rule())?;
        match self {
            Violation::UnknownPlayer(p) => write!(f, "there is no player {p}"),
            Violation::NotAvailable(p) => {
                write!(f, "player {p} is not to be paired this round (withdrawn or a bye)")
            }
            Violation::PairedTwice(p) => write!(f, "player {p} is paired twice"),
            Violation::SelfPairing(p) => write!(f, "player {p} is paired with themselves"),
            Violation::Unpaired(p) => write!(f, "player {p} has neither a board nor the bye"),
            Violation::ByeCount { players, byes } => write!(
                f,
                "{players} players to pair need {} pairing-allocated bye, not {byes}",
                players % 2
            ),
            Violation::Repeat(a, b) => write!(f, "players {a} and {b} have already played"),
            Violation::ByeNotAllowed(p) => write!(
                f,
                "player {p} already had a pairing-allocated bye or a win without playing"
            ),
            Violation::SameAbsolutePreference(a, b, c) => write!(
                f,
                "players {a} and {b} both must have {}",
                c.name()
            ),
            Violation::Prohibited(a, b) => write!(f, "players {a} and {b} may not meet"),
            Violation::PreferenceNotGranted {
                player,
                wanted,
                strength,
            } => write!(
                f,
                "player {player} does not get {} ({strength} preference)",
                wanted.name()
            ),
            Violation::ScoreDifference {
                higher,
                lower,
                difference,
            } => write!(f, "player {higher} meets player {lower}, {difference} points lower"),
        }
    }
}

/// Every violation of `pairing` for the round `input` describes, absolute ones first.
pub fn check(input: &PairingInput, pairing: &Pairing) -> Vec<Violation> {
    let mut out = Vec::new();
    let entrants = state::entrants(input);
    let by_id: HashMap<PlayerId, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let known: HashSet<PlayerId> = input.players.iter().map(|p| p.id).collect();
    let mut seen = HashSet::new();
    let mut place = |p: PlayerId, out: &mut Vec<Violation>| {
        if !known.contains(&p) {
            out.push(Violation::UnknownPlayer(p));
        } else if !by_id.contains_key(&p) {
            out.push(Violation::NotAvailable(p));
        }
        if !seen.insert(p) {
            out.push(Violation::PairedTwice(p));
        }
    };
    for board in &pairing.boards {
        place(board.white, &mut out);
        place(board.black, &mut out);
        if board.white == board.black {
            out.push(Violation::SelfPairing(board.white));
        }
    }
    if let Some(bye) = pairing.bye {
        place(bye, &mut out);
        if by_id.get(&bye).is_some_and(|e| e.bye_barred) {
            out.push(Violation::ByeNotAllowed(bye));
        }
    }
    for e in &entrants {
        if !seen.contains(&e.id) {
            out.push(Violation::Unpaired(e.id));
        }
    }
    let byes = usize::from(pairing.bye.is_some());
    if byes != entrants.len() % 2 {
        out.push(Violation::ByeCount {
            players: entrants.len(),
            byes,
        });
    }
    let prohibited: HashSet<(PlayerId, PlayerId)> = input
        .prohibited
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut quality = Vec::new();
    for board in &pairing.boards {
        let (Some(w), Some(b)) = (by_id.get(&board.white), by_id.get(&board.black)) else {
            continue;
        };
        let (lo, hi) = (board.white.min(board.black), board.white.max(board.black));
        if w.met.binary_search(&b.id).is_ok() {
            out.push(Violation::Repeat(lo, hi));
        }
        if prohibited.contains(&(lo, hi)) {
            out.push(Violation::Prohibited(lo, hi));
        }
        if let (Some(pw), Some(pb)) = (w.preference, b.preference)
            && pw.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pw.colour == pb.colour
            && !(w.topscorer || b.topscorer)
        {
            out.push(Violation::SameAbsolutePreference(lo, hi, pw.colour));
        }
        for (e, got) in [(w, Color::White), (b, Color::Black)] {
            if let Some(p) = e.preference
                && p.colour != got
            {
                quality.push(Violation::PreferenceNotGranted {
                    player: e.id,
                    wanted: p.colour,
                    strength: match p.strength {
                        Strength::Absolute => "absolute",
                        Strength::Strong => "strong",
                        Strength::Mild => "mild",
                    },
                });
            }
        }
        if w.score != b.score {
            let (higher, lower) = if w.score > b.score { (w, b) } else { (b, w) };
            quality.push(Violation::ScoreDifference {
                higher: higher.id,
                lower: lower.id,
                difference: Points(higher.score - lower.score),
            });
        }
    }
    out.extend(quality);
    out
}
