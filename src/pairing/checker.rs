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
                write!(
                    f,
                    "player {p} is not to be paired this round (withdrawn or a bye)"
                )
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
            Violation::SameAbsolutePreference(a, b, c) => {
                write!(f, "players {a} and {b} both must have {}", c.name())
            }
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
            } => write!(
                f,
                "player {higher} meets player {lower}, {difference} points lower"
            ),
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

#[cfg(test)]
mod tests {
    //! Each absolute criterion on a tiny event where breaking it is the tempting pairing.
    //! Expected values come from the rule text: C.04.3 C1-C3 and C.04.1 (b)-(d).

    use super::*;
    use crate::pairing::{Board, PairingPlayer};
    use crate::tournament::{Outcome, RoundResult};
    use crate::trf::PointValues;

    fn played(opponent: u16, color: Color, outcome: Outcome) -> RoundResult {
        RoundResult::Played {
            opponent: PlayerId(opponent),
            color,
            outcome,
            rated: true,
        }
    }

    fn event(histories: Vec<Vec<RoundResult>>, planned: u32) -> PairingInput {
        let round = histories.first().map_or(0, Vec::len) as u32 + 1;
        PairingInput {
            round,
            planned_rounds: Some(planned),
            initial_colour: Color::White,
            values: PointValues::default(),
            players: histories
                .into_iter()
                .enumerate()
                .map(|(i, history)| PairingPlayer {
                    id: PlayerId(i as u16 + 1),
                    rating: Some(2000 - i as u16),
                    history,
                    available: true,
                    acceleration: Vec::new(),
                })
                .collect(),
            prohibited: Vec::new(),
        }
    }

    fn pairing(boards: &[(u16, u16)], bye: Option<u16>) -> Pairing {
        Pairing {
            boards: boards
                .iter()
                .map(|&(w, b)| Board {
                    white: PlayerId(w),
                    black: PlayerId(b),
                })
                .collect(),
            bye: bye.map(PlayerId),
        }
    }

    fn absolute(input: &PairingInput, p: &Pairing) -> Vec<Violation> {
        check(input, p)
            .into_iter()
            .filter(Violation::is_absolute)
            .collect()
    }

    /// Round 1 was 1-2 (1 won) and 3-4 (draw).
    fn after_one_round() -> PairingInput {
        use Color::{Black, White};
        event(
            vec![
                vec![played(2, White, Outcome::Win)],
                vec![played(1, Black, Outcome::Loss)],
                vec![played(4, White, Outcome::Draw)],
                vec![played(3, Black, Outcome::Draw)],
            ],
            5,
        )
    }

    #[test]
    fn a_legal_pairing_has_no_absolute_violation() {
        let input = after_one_round();
        assert_eq!(absolute(&input, &pairing(&[(4, 1), (2, 3)], None)), []);
    }

    #[test]
    fn c1_a_second_game_between_the_same_players_is_rejected() {
        let input = after_one_round();
        let found = absolute(&input, &pairing(&[(2, 1), (4, 3)], None));
        assert!(found.contains(&Violation::Repeat(PlayerId(1), PlayerId(2))));
        assert!(found.contains(&Violation::Repeat(PlayerId(3), PlayerId(4))));
    }

    #[test]
    fn c1_a_forfeited_game_is_no_meeting() {
        let mut input = after_one_round();
        input.players[0].history[0] = RoundResult::Forfeit {
            opponent: PlayerId(2),
            color: Some(Color::White),
            won: true,
        };
        input.players[1].history[0] = RoundResult::Forfeit {
            opponent: PlayerId(1),
            color: Some(Color::Black),
            won: false,
        };
        let found = absolute(&input, &pairing(&[(2, 1), (4, 3)], None));
        assert!(!found.contains(&Violation::Repeat(PlayerId(1), PlayerId(2))));
        assert!(found.contains(&Violation::Repeat(PlayerId(3), PlayerId(4))));
    }

    #[test]
    fn c2_a_second_bye_or_a_bye_after_a_forfeit_win_is_rejected() {
        use Color::{Black, White};
        // Five players: 5 had the bye in round 1; 1 won by forfeit.
        let mut input = event(
            vec![
                vec![RoundResult::Forfeit {
                    opponent: PlayerId(2),
                    color: Some(White),
                    won: true,
                }],
                vec![RoundResult::Forfeit {
                    opponent: PlayerId(1),
                    color: Some(Black),
                    won: false,
                }],
                vec![played(4, White, Outcome::Draw)],
                vec![played(3, Black, Outcome::Draw)],
                vec![RoundResult::PairingAllocatedBye],
            ],
            5,
        );
        let found = absolute(&input, &pairing(&[(2, 3), (4, 1)], Some(5)));
        assert_eq!(found, [Violation::ByeNotAllowed(PlayerId(5))]);
        let found = absolute(&input, &pairing(&[(2, 3), (4, 5)], Some(1)));
        assert_eq!(found, [Violation::ByeNotAllowed(PlayerId(1))]);
        input.players[4].history[0] = RoundResult::HalfPointBye;
        assert_eq!(absolute(&input, &pairing(&[(2, 3), (4, 1)], Some(5))), []);
    }

    #[test]
    fn c3_two_players_who_must_have_the_same_colour_do_not_meet() {
        use Color::{Black, White};
        // 1 and 2 have had White twice: both must have Black (1.6.2.1).
        let input = event(
            vec![
                vec![
                    played(3, White, Outcome::Win),
                    played(4, White, Outcome::Loss),
                ],
                vec![
                    played(4, White, Outcome::Loss),
                    played(3, White, Outcome::Win),
                ],
                vec![
                    played(1, Black, Outcome::Loss),
                    played(2, Black, Outcome::Loss),
                ],
                vec![
                    played(2, Black, Outcome::Win),
                    played(1, Black, Outcome::Win),
                ],
            ],
            5,
        );
        let found = absolute(&input, &pairing(&[(1, 2), (3, 4)], None));
        assert!(found.contains(&Violation::SameAbsolutePreference(
            PlayerId(1),
            PlayerId(2),
            Black
        )));
    }

    #[test]
    fn c3_does_not_bind_topscorers_in_the_last_round() {
        use Color::{Black, White};
        // The same colours before the last of three rounds; 1 and 2 have 2 of 2 points,
        // more than half the maximum: topscorers (C.04.3 1.7).
        let input = event(
            vec![
                vec![
                    played(3, White, Outcome::Win),
                    played(4, White, Outcome::Win),
                ],
                vec![
                    played(4, White, Outcome::Win),
                    played(3, White, Outcome::Win),
                ],
                vec![
                    played(1, Black, Outcome::Loss),
                    played(2, Black, Outcome::Loss),
                ],
                vec![
                    played(2, Black, Outcome::Loss),
                    played(1, Black, Outcome::Loss),
                ],
            ],
            3,
        );
        let found = absolute(&input, &pairing(&[(1, 2), (3, 4)], None));
        assert!(
            !found
                .iter()
                .any(|v| matches!(v, Violation::SameAbsolutePreference(a, ..) if a.0 == 1)),
            "{found:?}"
        );
    }

    #[test]
    fn prohibited_pairings_are_rejected() {
        let mut input = after_one_round();
        input.prohibited.push((PlayerId(4), PlayerId(1)));
        let found = absolute(&input, &pairing(&[(4, 1), (2, 3)], None));
        assert_eq!(found, [Violation::Prohibited(PlayerId(1), PlayerId(4))]);
    }

    #[test]
    fn everyone_available_is_paired_exactly_once() {
        let mut input = after_one_round();
        let found = absolute(&input, &pairing(&[(4, 1), (2, 4)], None));
        assert!(found.contains(&Violation::PairedTwice(PlayerId(4))));
        assert!(found.contains(&Violation::Unpaired(PlayerId(3))));
        input.players[2].available = false;
        let found = absolute(&input, &pairing(&[(4, 1), (2, 3)], None));
        assert!(found.contains(&Violation::NotAvailable(PlayerId(3))));
        let found = absolute(&input, &pairing(&[(4, 1)], None));
        assert!(found.contains(&Violation::ByeCount {
            players: 3,
            byes: 0
        }));
        let found = absolute(&input, &pairing(&[(4, 1), (2, 9)], None));
        assert!(found.contains(&Violation::UnknownPlayer(PlayerId(9))));
    }

    #[test]
    fn quality_deviations_are_listed_but_not_absolute() {
        let input = after_one_round();
        // 1 (White last) gets White again; 1 (1 point) meets 3 (½ point).
        let all = check(&input, &pairing(&[(1, 3), (4, 2)], None));
        assert!(all.iter().all(|v| !v.is_absolute()), "{all:?}");
        assert!(all.iter().any(|v| matches!(
            v,
            Violation::PreferenceNotGranted { player, .. } if player.0 == 1
        )));
        assert!(all.iter().any(|v| matches!(
            v,
            Violation::ScoreDifference { higher, lower, difference }
                if higher.0 == 1 && lower.0 == 3 && difference.0 == 5
        )));
    }
}
