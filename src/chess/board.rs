//! Piece placement: which piece stands on which square, and nothing else.
//!
//! A `Board` knows neither whose turn it is nor castling rights nor history; those belong to
//! [`Position`](super::Position) and [`Game`](super::Game).

use std::fmt;

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, File, Piece, Rank, Role, Square};

/// The pieces on the board as one bitboard per kind and one per colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// The initial position of Art. 2.3.
    pub fn starting() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in File::ALL.into_iter().zip(back) {
            board.put(
                Square::from_coords(file, Rank::FIRST),
                role.of(Color::White),
            );
            board.put(
                Square::from_coords(file, Rank::SECOND),
                Role::Pawn.of(Color::White),
            );
            board.put(
                Square::from_coords(file, Rank::SEVENTH),
                Role::Pawn.of(Color::Black),
            );
            board.put(
                Square::from_coords(file, Rank::EIGHTH),
                role.of(Color::Black),
            );
        }
        board
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role(Role::Pawn)
    }

    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role(Role::Knight)
    }

    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role(Role::Bishop)
    }

    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role(Role::Rook)
    }

    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role(Role::Queen)
    }

    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role(Role::King)
    }

    /// Bishops and queens: the pieces that attack along diagonals.
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.bishops() | self.queens()
    }

    /// Rooks and queens: the pieces that attack along ranks and files.
    #[inline]
    pub fn straight_sliders(&self) -> Bitboard {
        self.rooks() | self.queens()
    }

    /// The square of `color`'s king, if the board has exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).single()
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|role| self.by_role[role.index()].contains(sq))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Places `piece` on `sq`, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.toggle(sq, piece);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.toggle(sq, piece);
        Some(piece)
    }

    /// Flips `piece` on `sq`: adds it to an empty square or takes it off its own square.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.by_role[piece.role.index()] ^= bit;
        self.by_color[piece.color.index()] ^= bit;
        self.occupied ^= bit;
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[piece.role.index()] ^= bits;
        self.by_color[piece.color.index()] ^= bits;
        self.occupied ^= bits;
    }

    /// Every piece of either colour that attacks `sq`, given the occupancy `occupied` (which
    /// may differ from the board's own, to look through a piece that is about to move).
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (attacks::rook_attacks(sq, occupied) & self.straight_sliders())
            | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (attacks::knight_attacks(sq) & self.knights())
            | (attacks::king_attacks(sq) & self.kings())
            | (attacks::pawn_attacks(Color::White, sq) & self.pawns() & self.by_color(Color::Black))
            | (attacks::pawn_attacks(Color::Black, sq) & self.pawns() & self.by_color(Color::White))
    }

    /// The pieces of `attacker` that attack `sq` on this board.
    #[inline]
    pub fn attacked_by(&self, sq: Square, attacker: Color) -> Bitboard {
        self.attackers_to(sq, self.occupied) & self.by_color(attacker)
    }

    /// Whether any piece of `attacker` attacks `sq` when the board's occupancy is `occupied`.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(attacker);
        // A line piece's attacks are worked out only when one stands on the square's lines
        // (on an empty board): most squares a king steps to have none on some of them.
        let straight = attacks::rook_rays(sq) & self.straight_sliders() & them;
        let diagonal = attacks::bishop_rays(sq) & self.diagonal_sliders() & them;
        (straight.is_nonempty() && (attacks::rook_attacks(sq, occupied) & straight).is_nonempty())
            || (diagonal.is_nonempty()
                && (attacks::bishop_attacks(sq, occupied) & diagonal).is_nonempty())
            || (attacks::knight_attacks(sq) & self.knights() & them).is_nonempty()
            || (attacks::pawn_attacks(!attacker, sq) & self.pawns() & them).is_nonempty()
            || (attacks::king_attacks(sq) & self.kings() & them).is_nonempty()
    }

    /// The squares a piece on `sq` attacks (pawns: their capture squares).
    pub fn attacks_from(&self, sq: Square, piece: Piece) -> Bitboard {
        match piece.role {
            Role::Pawn => attacks::pawn_attacks(piece.color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, self.occupied),
            Role::Rook => attacks::rook_attacks(sq, self.occupied),
            Role::Queen => attacks::queen_attacks(sq, self.occupied),
            Role::King => attacks::king_attacks(sq),
        }
    }

    /// Iterates over every occupied square with its piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied")))
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::starting()
    }
}

/// A diagram with rank 8 at the top, for debugging and test failures.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
