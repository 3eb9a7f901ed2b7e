//! Moves and move lists.

use std::fmt;
use std::mem::MaybeUninit;
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
///
/// Four bytes, aligned as one 32-bit word: the searches copy, compare and score millions of
/// moves, and a move that loads in one instruction was measurably cheaper there than the
/// five bytes a [`MoveKind`] field made it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(4))]
pub struct Move {
    role: Role,
    from: Square,
    to: Square,
    kind: Kind,
}

/// [`MoveKind`] in one byte: the castling side and the promoted piece are part of the tag.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
enum Kind {
    Normal,
    EnPassant,
    CastleKingSide,
    CastleQueenSide,
    PromoteKnight,
    PromoteBishop,
    PromoteRook,
    PromoteQueen,
    /// Never made by a legal promotion; kept so that every [`Move::promotion`] has a kind.
    PromotePawn,
    PromoteKing,
}

impl Kind {
    #[inline]
    const fn of(kind: MoveKind) -> Kind {
        match kind {
            MoveKind::Normal => Kind::Normal,
            MoveKind::EnPassant => Kind::EnPassant,
            MoveKind::Castle(CastlingSide::KingSide) => Kind::CastleKingSide,
            MoveKind::Castle(CastlingSide::QueenSide) => Kind::CastleQueenSide,
            MoveKind::Promotion(Role::Knight) => Kind::PromoteKnight,
            MoveKind::Promotion(Role::Bishop) => Kind::PromoteBishop,
            MoveKind::Promotion(Role::Rook) => Kind::PromoteRook,
            MoveKind::Promotion(Role::Queen) => Kind::PromoteQueen,
            MoveKind::Promotion(Role::Pawn) => Kind::PromotePawn,
            MoveKind::Promotion(Role::King) => Kind::PromoteKing,
        }
    }

    #[inline]
    const fn kind(self) -> MoveKind {
        match self {
            Kind::Normal => MoveKind::Normal,
            Kind::EnPassant => MoveKind::EnPassant,
            Kind::CastleKingSide => MoveKind::Castle(CastlingSide::KingSide),
            Kind::CastleQueenSide => MoveKind::Castle(CastlingSide::QueenSide),
            Kind::PromoteKnight => MoveKind::Promotion(Role::Knight),
            Kind::PromoteBishop => MoveKind::Promotion(Role::Bishop),
            Kind::PromoteRook => MoveKind::Promotion(Role::Rook),
            Kind::PromoteQueen => MoveKind::Promotion(Role::Queen),
            Kind::PromotePawn => MoveKind::Promotion(Role::Pawn),
            Kind::PromoteKing => MoveKind::Promotion(Role::King),
        }
    }
}

impl Move {
    /// A normal move of `role` (not castling, en passant or promotion).
    #[inline]
    pub const fn normal(role: Role, from: Square, to: Square) -> Move {
        Move {
            role,
            from,
            to,
            kind: Kind::Normal,
        }
    }

    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            role: Role::Pawn,
            from,
            to,
            kind: Kind::EnPassant,
        }
    }

    #[inline]
    pub const fn promotion(from: Square, to: Square, promotion: Role) -> Move {
        Move {
            role: Role::Pawn,
            from,
            to,
            kind: Kind::of(MoveKind::Promotion(promotion)),
        }
    }

    /// Castling for `color` to `side`, from the king's home square.
    pub const fn castle(color: Color, side: CastlingSide) -> Move {
        let rank = Rank::FIRST.relative_to(color);
        Move {
            role: Role::King,
            from: Square::from_coords(File::E, rank),
            to: Square::from_coords(side.king_to_file(), rank),
            kind: Kind::of(MoveKind::Castle(side)),
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
        self.kind.kind()
    }

    /// The piece a promotion turns the pawn into.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.kind() {
            MoveKind::Castle(side) => Some(side),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, Kind::EnPassant)
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

/// The most legal moves any chess position has is 218. The list leaves room above that for
/// the positions with more material than a game can produce that chess problems and CHA's
/// test sets hold (up to thirteen queens a side), which the winnability decision answers too.
const CAPACITY: usize = 384;

/// A list of moves on the stack, as the move generator fills it.
///
/// The storage is left uninitialised until moves are pushed: a list is made for every node
/// of the searches, and filling its kilobyte first was a measurable part of their time.
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` entries are initialised; the rest are not read.
    moves: [MaybeUninit<Move>; CAPACITY],
    len: usize,
}

impl MoveList {
    /// The most moves a list holds: more than any position a game can reach has (218).
    pub const CAPACITY: usize = CAPACITY;

    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; CAPACITY],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        // A legal position cannot exceed the capacity; the check keeps an impossible position
        // from corrupting memory or panicking: its surplus moves are dropped instead.
        if self.len < CAPACITY {
            self.moves[self.len] = MaybeUninit::new(mv);
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
            let mv = self[i];
            if keep(&mv) {
                self.moves[kept] = MaybeUninit::new(mv);
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
        let init = &self.moves[..self.len];
        // SAFETY: `push` and `retain` initialise every entry below `len` before `len` covers
        // it, and `MaybeUninit<Move>` has the layout of `Move`, so the first `len` entries are
        // a valid `[Move]`.
        unsafe { std::slice::from_raw_parts(init.as_ptr().cast::<Move>(), init.len()) }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-byte kind gives back every kind a move is made with, the castling side and
    /// the promoted piece included, and two moves are equal exactly when their parts are.
    #[test]
    fn a_move_keeps_its_kind_in_one_byte() {
        let (from, to) = (Square::E2, Square::E4);
        let mut moves = vec![
            Move::normal(Role::Pawn, from, to),
            Move::en_passant(from, to),
        ];
        for role in Role::ALL {
            moves.push(Move::promotion(from, to, role));
        }
        for side in CastlingSide::ALL {
            moves.push(Move::castle(Color::White, side));
        }
        let kinds: Vec<MoveKind> = moves.iter().map(|m| m.kind()).collect();
        let mut expected = vec![MoveKind::Normal, MoveKind::EnPassant];
        expected.extend(Role::ALL.map(MoveKind::Promotion));
        expected.extend(CastlingSide::ALL.map(MoveKind::Castle));
        assert_eq!(kinds, expected);
        assert_eq!(std::mem::size_of::<Move>(), 4);
        for (i, a) in moves.iter().enumerate() {
            for (j, b) in moves.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a:?} {b:?}");
            }
        }
        assert_eq!(moves[2].promotion_role(), Some(Role::Pawn));
        assert_eq!(moves[8].castling_side(), Some(CastlingSide::KingSide));
        assert!(moves[1].is_en_passant() && !moves[0].is_en_passant());
    }

    /// A list that was never filled reads as empty, and `retain` keeps the kept moves in
    /// their order.
    #[test]
    fn a_move_list_reads_only_what_was_pushed() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        let moves: Vec<Move> = (0..10)
            .map(|i| Move::normal(Role::Rook, Square::A1, Square::from_index_unchecked(i + 8)))
            .collect();
        for &m in &moves {
            list.push(m);
        }
        assert_eq!(&list[..], &moves[..]);
        list.retain(|m| m.to().index() % 2 == 0);
        let even: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.to().index() % 2 == 0)
            .collect();
        assert_eq!(&list[..], &even[..]);
        list.clear();
        assert!(list.is_empty());
    }
}
