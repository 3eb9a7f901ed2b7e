//! Draw claims (Art. 9.2 and 9.3): judging one claim, and finding every moment a claim was
//! available.
//!
//! A claim is made by the player to move. Without a written move it is about the position on
//! the board (9.2.2: it has just appeared for the third time; 9.3.2: the last 50 moves by each
//! player were made without a pawn move or capture). With a written move, not yet played, it
//! is about the position that move will produce (9.2.1, 9.3.1). The question is always "is
//! *this* claim correct", not "could some claim be made".

use std::collections::HashMap;
use std::fmt;

use super::game::{Ending, Game};
use super::laws::Laws;
use super::moves::Move;
use super::position::Position;
use super::types::{Color, Role};

/// The evidence for a threefold-repetition claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreefoldEvidence {
    pub valid: bool,
    /// How many times the claimed position has stood on the board, counting the claim itself.
    pub count: usize,
    /// The plies after which it stood there (for a written move, the last one is the ply the
    /// move would complete).
    pub occurrences: Vec<usize>,
}

/// The evidence for a fifty-move claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FiftyMovesEvidence {
    pub valid: bool,
    /// Half-moves without a pawn move or capture, up to the claimed position.
    pub halfmoves: u32,
}

/// The judgement of one draw claim on both grounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimJudgement {
    /// The claim is made after this many half-moves.
    pub ply: usize,
    /// The player to move, who claims.
    pub claimant: Color,
    /// The written move the claim rests on, if any.
    pub written_move: Option<Move>,
    pub threefold: ThreefoldEvidence,
    pub fifty_moves: FiftyMovesEvidence,
}

impl ClaimJudgement {
    /// The claim is correct on at least one ground.
    pub fn is_valid(&self) -> bool {
        self.threefold.valid || self.fifty_moves.valid
    }
}

/// Why a claim cannot be judged at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimError {
    /// The game is not that long.
    PlyOutOfRange { ply: usize, plies: usize },
    /// The written move is not legal in the position (it cannot be played, so the claim
    /// rests on nothing).
    IllegalWrittenMove(Move),
    /// The game ended by itself (Art. 5.1.1, 5.2.1, 5.2.2, 9.6) after half-move `ply`, at or
    /// before the moment of the claim: the game is over, so there is nothing to claim.
    GameOver { ply: usize, ending: Ending },
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimError::PlyOutOfRange { ply, plies } => write!(
                f,
                "the game has {plies} half-moves, so there is no position after half-move {ply}"
            ),
            ClaimError::IllegalWrittenMove(mv) => {
                write!(f, "the written move {mv:?} is not legal in that position")
            }
            ClaimError::GameOver { ply, ending } => write!(
                f,
                "the game ended by itself after half-move {ply} ({ending}), so no claim can follow"
            ),
        }
    }
}

impl std::error::Error for ClaimError {}

/// The kind of draw claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    Threefold,
    FiftyMoves,
}

impl ClaimKind {
    pub const fn name(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::FiftyMoves => "fifty_moves",
        }
    }
}

/// A moment at which the player to move could have claimed a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimOpportunity {
    /// After this many half-moves.
    pub ply: usize,
    pub kind: ClaimKind,
    /// `None` when the position on the board already qualifies; otherwise a move that, written
    /// and declared, would make the claim correct.
    pub by_move: Option<Move>,
}

impl Game {
    /// Judges a draw claim by the player to move after `ply` half-moves, with or without a
    /// written move, under the 2023 Laws.
    pub fn judge_claim(
        &self,
        ply: usize,
        written_move: Option<Move>,
    ) -> Result<ClaimJudgement, ClaimError> {
        self.judge_claim_under(ply, written_move, Laws::Y2023)
    }

    /// Judges a draw claim by the player to move after `ply` half-moves, with or without a
    /// written move, under the given edition of the Laws.
    ///
    /// A game that ended by itself at or before `ply` (checkmate, stalemate, dead position,
    /// and in the editions that have them fivefold repetition and 75 moves) has no claim: the
    /// game is over (5.1.1, 5.2.1, 5.2.2, 9.6). A written move that would itself end the game
    /// does not: it is not played when the claim is judged (9.2.1, 9.3.1), so the claim is
    /// judged as any other.
    pub fn judge_claim_under(
        &self,
        ply: usize,
        written_move: Option<Move>,
        laws: Laws,
    ) -> Result<ClaimJudgement, ClaimError> {
        let pos = *self.position_at(ply).ok_or(ClaimError::PlyOutOfRange {
            ply,
            plies: self.plies(),
        })?;
        if let Some((ended, ending)) =
            (0..=ply).find_map(|i| self.ending_at_under(i, laws).map(|e| (i, e)))
        {
            return Err(ClaimError::GameOver { ply: ended, ending });
        }
        let (claimed, claimed_ply) = match written_move {
            Some(mv) => (
                pos.play(mv)
                    .map_err(|_| ClaimError::IllegalWrittenMove(mv))?,
                ply + 1,
            ),
            None => (pos, ply),
        };
        let first = claimed_ply.saturating_sub(claimed.halfmove_clock() as usize);
        let mut occurrences: Vec<usize> = (first..=ply)
            .filter(|&i| {
                self.position_at(i)
                    .is_some_and(|p| p.is_same_fide_position(&claimed))
            })
            .collect();
        if written_move.is_some() {
            occurrences.push(claimed_ply);
        }
        let halfmoves = claimed.halfmove_clock();
        Ok(ClaimJudgement {
            ply,
            claimant: pos.turn(),
            written_move,
            threefold: ThreefoldEvidence {
                valid: occurrences.len() >= 3,
                count: occurrences.len(),
                occurrences,
            },
            fifty_moves: FiftyMovesEvidence {
                valid: halfmoves >= 100,
                halfmoves,
            },
        })
    }

    /// [`Game::claim_opportunities_under`] the 2023 Laws.
    pub fn claim_opportunities(&self, last_ply: usize) -> Vec<ClaimOpportunity> {
        self.claim_opportunities_under(last_ply, Laws::Y2023)
    }

    /// Every ply up to `last_ply` at which the player to move could have claimed a draw: the
    /// position had just appeared for the third time or the fifty moves were complete (no
    /// move needed), or some legal move, written and declared, would have made the claim
    /// correct (the first such move is named). The scan stops where the game ended by itself
    /// under `laws`: once the game is over no claim exists.
    ///
    /// The scan is linear in the length of the game: each position is counted once in a table
    /// of the positions seen since the last capture or pawn move, so neither a repetition on
    /// the board nor one by a written move looks back over the game.
    pub fn claim_opportunities_under(&self, last_ply: usize, laws: Laws) -> Vec<ClaimOpportunity> {
        let mut found = Vec::new();
        let mut seen = SeenPositions::default();
        // The next ply not yet known to be free of an automatic ending.
        let mut checked = 0;
        for ply in 0..=last_ply.min(self.plies()) {
            let (Some(pos), Some(key)) = (self.position_at(ply), self.key_at(ply)) else {
                break;
            };
            let before = found.len();
            if pos.halfmove_clock() == 0 {
                // A capture or pawn move can never be undone: no earlier position returns.
                seen.clear();
            }
            let count = seen.add(self, ply, key.0);
            if count >= 3 {
                found.push(ClaimOpportunity {
                    ply,
                    kind: ClaimKind::Threefold,
                    by_move: None,
                });
            } else if seen.twice > 0 {
                // A written move can only complete a third occurrence of a position that has
                // already stood twice, so the legal moves are looked at only when one has.
                let by_move = pos.legal_moves().iter().copied().find(|&mv| {
                    pos.repetition_key_after(key, mv).is_some_and(|after| {
                        let mut next = *pos;
                        next.play_unchecked(mv);
                        seen.count(self, after.0, &next) >= 2
                    })
                });
                if let Some(mv) = by_move {
                    found.push(ClaimOpportunity {
                        ply,
                        kind: ClaimKind::Threefold,
                        by_move: Some(mv),
                    });
                }
            }
            if pos.halfmove_clock() >= 100 {
                found.push(ClaimOpportunity {
                    ply,
                    kind: ClaimKind::FiftyMoves,
                    by_move: None,
                });
            } else if pos.halfmove_clock() == 99 {
                let by_move = pos.legal_moves().iter().copied().find(|&mv| {
                    mv.role() != Role::Pawn
                        && !pos.board().occupied().contains(mv.to())
                        && !mv.is_en_passant()
                });
                if let Some(mv) = by_move {
                    found.push(ClaimOpportunity {
                        ply,
                        kind: ClaimKind::FiftyMoves,
                        by_move: Some(mv),
                    });
                }
            }
            // Endings are looked for only up to a ply that has a claim, since most plies have
            // none; the first ending stops the scan, with no claim at or after it.
            if found.len() > before {
                while checked <= ply {
                    if self.ending_at_under(checked, laws).is_some() {
                        found.truncate(before);
                        return found;
                    }
                    checked += 1;
                }
            }
        }
        found
    }
}

/// The positions that have stood on the board since the last capture or pawn move, with how
/// often each stood there. Keys narrow the search; positions with the same key are told apart
/// by the exact FIDE comparison (9.2.3), so a key collision never merges two positions.
#[derive(Default)]
struct SeenPositions {
    /// Per key, each distinct position as (a ply at which it stood, how often it stood).
    by_key: HashMap<u64, Vec<(usize, u32)>>,
    /// How many positions have stood at least twice.
    twice: usize,
}

impl SeenPositions {
    fn clear(&mut self) {
        self.by_key.clear();
        self.twice = 0;
    }

    /// Counts the position after `ply` once more and returns how often it has stood.
    fn add(&mut self, game: &Game, ply: usize, key: u64) -> u32 {
        let Some(pos) = game.position_at(ply) else {
            return 0;
        };
        let classes = self.by_key.entry(key).or_default();
        let count = match classes.iter_mut().find(|(at, _)| {
            game.position_at(*at)
                .is_some_and(|p| p.is_same_fide_position(pos))
        }) {
            Some((_, count)) => {
                *count += 1;
                *count
            }
            None => {
                classes.push((ply, 1));
                1
            }
        };
        if count == 2 {
            self.twice += 1;
        }
        count
    }

    /// How often `pos`, whose key is `key`, has stood on the board.
    fn count(&self, game: &Game, key: u64, pos: &Position) -> u32 {
        self.by_key.get(&key).map_or(0, |classes| {
            classes
                .iter()
                .find(|(at, _)| {
                    game.position_at(*at)
                        .is_some_and(|p| p.is_same_fide_position(pos))
                })
                .map_or(0, |&(_, count)| count)
        })
    }
}
