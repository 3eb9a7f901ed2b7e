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

use super::game::Game;
use super::moves::Move;
use super::types::Color;

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
    /// written move.
    pub fn judge_claim(
        &self,
        ply: usize,
        written_move: Option<Move>,
    ) -> Result<ClaimJudgement, ClaimError> {
        let pos = *self.position_at(ply).ok_or(ClaimError::PlyOutOfRange {
            ply,
            plies: self.plies(),
        })?;
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

    /// Every ply up to `last_ply` at which the player to move could have claimed a draw: the
    /// position had just appeared for the third time or the fifty moves were complete (no
    /// move needed), or some legal move, written and declared, would have made the claim
    /// correct (the first such move is named).
    pub fn claim_opportunities(&self, last_ply: usize) -> Vec<ClaimOpportunity> {
        let mut found = Vec::new();
        // Keys of the positions since the last irreversible move, with how often each stood
        // on the board. A written move can only repeat a position already seen twice, so the
        // legal moves are examined only when such a position exists.
        let mut counts: HashMap<u64, u32> = HashMap::new();
        let mut seen_twice: Vec<u64> = Vec::new();
        for ply in 0..=last_ply.min(self.plies()) {
            let (Some(pos), Some(key)) = (self.position_at(ply), self.key_at(ply)) else {
                break;
            };
            if pos.halfmove_clock() == 0 {
                counts.clear();
                seen_twice.clear();
            }
            let count = counts.entry(key.0).or_insert(0);
            *count += 1;
            if *count == 2 {
                seen_twice.push(key.0);
            }
            // Key equality narrows the search; the exact comparison decides.
            if *count >= 3 && self.repetition_count(ply) >= 3 {
                found.push(ClaimOpportunity {
                    ply,
                    kind: ClaimKind::Threefold,
                    by_move: None,
                });
            } else if !seen_twice.is_empty() {
                let by_move = pos.legal_moves().iter().copied().find(|&mv| {
                    pos.repetition_key_after(key, mv)
                        .is_some_and(|after| seen_twice.contains(&after.0))
                        && self
                            .judge_claim(ply, Some(mv))
                            .is_ok_and(|j| j.threefold.valid)
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
                    mv.role() != super::types::Role::Pawn
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
        }
        found
    }
}
