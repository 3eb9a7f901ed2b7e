//! Moves and move lists.

use std::fmt;
use std::ops::Deref;

use super::types::{CastlingSide, Color, File, Rank, Role, Square};

/// What kind of move a [`Move`] is, beyond the piece going from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move of one piece, capturing or not, that is none of the kinds below.
    Normal,
    /// A pawn capturing en passant (Art. 3.7.3.1); the captured pawn is not on `to`.
    EnPassant,
    /// Castling (Art. 3.8.2); `from` and `to` are the king's squares, as UCI writes it.
    Castle(CastlingSide),
    /// A pawn reaching the last rank and becoming the given piece (Art. 3.7.5).
    Promotion(Role),
}

/// A move of the piece `role` from `from` to `to`.
///
/// A move does not say whether it captures: that follows from the position it is played in.
/// Castling is written as the king's move (`e1g1`), as in UCI and on scoresheets.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    role: Role,
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Move {
    /// A normal move of `role` (not castling, en passant or promotion).
    #[inline]
    pub const fn normal(role: Role, from: Square, to: Square) -> Move {
        Move {
            role,
            from,
            to,
            kind: MoveKind::Normal,
        }
    }

    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            role: Role::Pawn,
            from,
            to,
            kind: MoveKind::EnPassant,
        }
    }

    #[inline]
    pub const fn promotion(from: Square, to: Square, promotion: Role) -> Move {
        Move {
            role: Role::Pawn,
            from,
            to,
            kind: MoveKind::Promotion(promotion),
        }
    }

    /// Castling for `color` to `side`, from the king's home square.
    pub const fn castle(color: Color, side: CastlingSide) -> Move {
        let rank = Rank::FIRST.relative_to(color);
        Move {
            role: Role::King,
            from: Square::from_coords(File::E, rank),
            to: Square::from_coords(side.king_to_file(), rank),
            kind: MoveKind::Castle(side),
        }
    }

    #[inline]
    pub const fn role(self) -> Role {
        self.role
    }

    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The piece a promotion turns the pawn into.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.kind {
            MoveKind::Castle(side) => Some(side),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }
}

/// The UCI form: `e2e4`, `e7e8q`, `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{self}", self.role.upper_char())
    }
}

/// The most legal moves any chess position has is 218; the list leaves room above that.
const CAPACITY: usize = 256;

/// A list of moves on the stack, as the move generator fills it.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; CAPACITY],
    len: usize,
}

impl MoveList {
    /// The most moves a list holds: more than any position a game can reach has (218).
    pub const CAPACITY: usize = CAPACITY;

    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::normal(Role::Pawn, Square::A1, Square::A1); CAPACITY],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        // A legal position cannot exceed the capacity; the check keeps an impossible position
        // from corrupting memory or panicking: its surplus moves are dropped instead.
        if self.len < CAPACITY {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
