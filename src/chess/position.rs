//! A position: the board plus everything a FEN records about the game so far.

use std::fmt;

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::movegen::{self, ContainsSink, CountSink, ListSink, OriginsSink};
use super::moves::{Move, MoveKind, MoveList};
use super::types::{CastlingSide, Color, File, Rank, Role, Square};

/// The castling rights of both players (Art. 3.8.2.1): a right is lost for good when the king
/// or that rook moves (or the rook is captured); a castling that is only momentarily
/// impossible keeps its right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        let side_bit = match side {
            CastlingSide::KingSide => 1,
            CastlingSide::QueenSide => 2,
        };
        match color {
            Color::White => side_bit,
            Color::Black => side_bit << 2,
        }
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The four rights as a number 0..16 (white king side = bit 0, white queen side = bit 1,
    /// black king side = bit 2, black queen side = bit 3), for hashing.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights left after a move from `from` to `to`: a king or rook leaving its home
    /// square, or a rook captured on it, loses the rights that depend on it.
    #[inline]
    pub const fn after_move_between(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.0 & CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()])
    }

    /// Every (colour, side) pair this value holds, in FEN order `KQkq`.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| CastlingSide::ALL.map(|s| (c, s)))
            .filter(move |&(c, s)| self.has(c, s))
    }
}

/// The FEN field: `KQkq`, a subset of it, or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side) in self.iter() {
            let c = match side {
                CastlingSide::KingSide => 'K',
                CastlingSide::QueenSide => 'Q',
            };
            write!(f, "{}", color.fold(c, c.to_ascii_lowercase()))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

/// Rights kept when a piece leaves or lands on each square: a move touching e1, a1 or h1
/// (or e8, a8, h8) removes the rights that depend on the piece that stood there.
const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [0b1111u8; 64];
    keep[Square::E1.index()] = 0b1100;
    keep[Square::H1.index()] = 0b1110;
    keep[Square::A1.index()] = 0b1101;
    keep[Square::E8.index()] = 0b0011;
    keep[Square::H8.index()] = 0b1011;
    keep[Square::A8.index()] = 0b0111;
    keep
};

/// A legal chess position: what a FEN holds (the board, the side to move, castling rights, the
/// en passant square, the half-move clock and the move number), but no history. Repetitions
/// need the history and live in [`Game`](super::Game).
///
/// Invariants (enforced by [`Position::from_setup`]): each side has exactly one king, no pawn
/// stands on the first or last rank, the side not to move is not in check, every castling
/// right has its king and rook on their home squares, and an en passant square sits behind a
/// pawn that can just have made a double step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

/// The raw content of a FEN, before it is checked to be a position that can arise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep_square: Option<Square>,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
}

/// Why a set-up cannot be a position of a game of chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// `color` does not have exactly one king; `count` is how many it has.
    KingCount { color: Color, count: u32 },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// The side that is not to move is in check, so the last move left its king attacked.
    OppositeCheck,
    /// A castling right without the king and that rook on their home squares.
    CastlingRightWithoutPieces(Color, CastlingSide),
    /// An en passant square that no double step of the last move can have produced.
    ImpossibleEnPassant(Square),
    /// More pieces of one colour than a game can produce (16, at most 8 pawns, and no more
    /// promoted pieces than missing pawns).
    TooManyPieces(Color),
    /// Even where extra material is accepted: more of it than the move list can be shown to
    /// hold the moves of.
    TooMuchMaterial(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::KingCount { color, count } => {
                write!(f, "{color} has {count} kings; each side needs exactly one")
            }
            PositionError::PawnOnBackRank(sq) => {
                write!(f, "a pawn stands on {sq}, on the first or last rank")
            }
            PositionError::OppositeCheck => {
                f.write_str("the side not to move is in check, which no legal move can leave")
            }
            PositionError::CastlingRightWithoutPieces(color, side) => write!(
                f,
                "{color} has the right to castle {} but the king and rook are not on their home squares",
                match side {
                    CastlingSide::KingSide => "king side",
                    CastlingSide::QueenSide => "queen side",
                }
            ),
            PositionError::ImpossibleEnPassant(sq) => write!(
                f,
                "en passant square {sq} is impossible: no pawn can just have passed over it"
            ),
            PositionError::TooManyPieces(color) => write!(
                f,
                "{color} has more pieces than a game can produce (at most 16, 8 pawns, and no more promoted pieces than missing pawns)"
            ),
            PositionError::TooMuchMaterial(color) => write!(
                f,
                "{color} has more material than can be analysed: its units could have more than {} moves",
                MoveList::CAPACITY
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Whether the side to move is in check and whether it can move (see
/// [`Position::move_status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveStatus {
    pub checkers: Bitboard,
    pub has_legal_moves: bool,
}

impl MoveStatus {
    pub fn is_checkmate(self) -> bool {
        self.checkers.is_nonempty() && !self.has_legal_moves
    }

    pub fn is_stalemate(self) -> bool {
        self.checkers.is_empty() && !self.has_legal_moves
    }
}

/// The move is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMoveError {
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The initial position (Art. 2.3), White to move.
    pub fn new() -> Position {
        Position {
            board: Board::starting(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Checks that a set-up can be a position of a game (see [`PositionError`]).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::validated(setup, false)
    }

    /// [`Position::from_setup`] that also accepts more material than a game can produce (a
    /// ninth queen, say), as chess problems and the published unwinnability test sets do: the
    /// rules of play apply to such a position all the same. Only material beyond what the move
    /// list can hold is refused ([`PositionError::TooManyPieces`]).
    pub fn from_setup_with_extra_material(setup: Setup) -> Result<Position, PositionError> {
        Position::validated(setup, true)
    }

    fn validated(setup: Setup, extra_material: bool) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let count = (board.kings() & board.by_color(color)).count();
            if count != 1 {
                return Err(PositionError::KingCount { color, count });
            }
        }
        let back_ranks = Bitboard::from_rank(Rank::FIRST) | Bitboard::from_rank(Rank::EIGHTH);
        if let Some(sq) = (board.pawns() & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            let refused = if extra_material {
                moves_may_overflow(&board, color)
            } else {
                too_many_pieces(&board, color)
            };
            if refused {
                return Err(if extra_material {
                    PositionError::TooMuchMaterial(color)
                } else {
                    PositionError::TooManyPieces(color)
                });
            }
        }
        for (color, side) in setup.castling.iter() {
            let rank = Rank::FIRST.relative_to(color);
            let king = Square::from_coords(File::E, rank);
            let rook = Square::from_coords(side.rook_from_file(), rank);
            if board.piece_at(king) != Some(Role::King.of(color))
                || board.piece_at(rook) != Some(Role::Rook.of(color))
            {
                return Err(PositionError::CastlingRightWithoutPieces(color, side));
            }
        }
        if let Some(ep) = setup.ep_square
            && !ep_square_possible(&board, setup.turn, ep)
        {
            return Err(PositionError::ImpossibleEnPassant(ep));
        }
        let pos = Position {
            board,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
        };
        let their_king = pos.king(!pos.turn);
        if board.attacked_by(their_king, pos.turn).is_nonempty() {
            return Err(PositionError::OppositeCheck);
        }
        Ok(pos)
    }

    /// The raw content of this position, as a FEN writes it.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square as the FEN records it: set after every double step, whether or
    /// not a capture there is possible. See [`Position::legal_ep_square`] for the one that
    /// counts for repetitions.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (the fifty- and 75-move rules).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The number of the move about to be played, starting at 1 and incremented after Black's.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Every position has one king per side (the constructor checks it, moves keep it).
        (self.board.kings() & self.board.by_color(color))
            .first()
            .unwrap_or(Square::A1)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        movegen::checkers(self)
    }

    /// The pieces that give check here, in the position `mv` has just reached: the same as
    /// [`Position::checkers`], worked out from the move. The side now to move was not in
    /// check before it (the other side was to move), so only the piece moved, or a piece of
    /// the mover whose line to the king ran through the square the piece left, can give
    /// check. Castling, en passant and promotions, which move or remove a second unit, are
    /// left to [`Position::checkers`]. The replay of a record and the writing of a line ask
    /// this after every move.
    ///
    /// A line piece checks directly when the square it reached lies on a line from the king
    /// of the right kind with nothing between: two lookups in the row of the king in the
    /// tables of lines and of squares between, a row that stays in the cache while the king
    /// stays on its square, rather than the piece's attacks worked out in full (and the moves
    /// of a line piece that reach no line from the king, most of them, are told by the first
    /// lookup).
    #[inline(always)]
    pub(crate) fn checkers_after_move(&self, mv: Move) -> Bitboard {
        if mv.kind() != MoveKind::Normal {
            return self.checkers();
        }
        let mover = !self.turn;
        let board = &self.board;
        let king = self.king(self.turn);
        let (from, to) = (mv.from(), mv.to());
        let occupied = board.occupied();
        let direct = match mv.role() {
            Role::Pawn => attacks::pawn_attacks(mover, to).contains(king),
            Role::Knight => attacks::knight_attacks(to).contains(king),
            Role::King => false,
            role => {
                line_through(king, to).is_nonempty()
                    && match role {
                        Role::Bishop => !on_straight_line(king, to),
                        Role::Rook => on_straight_line(king, to),
                        _ => true,
                    }
                    && (attacks::between(king, to) & occupied).is_empty()
            }
        };
        let mut checkers = if direct {
            Bitboard::from(to)
        } else {
            Bitboard::EMPTY
        };
        let line = line_through(king, from);
        if line.is_nonempty() {
            let straight = on_straight_line(king, from);
            let sliders = board.by_color(mover)
                & if straight {
                    board.straight_sliders()
                } else {
                    board.diagonal_sliders()
                };
            if (line & sliders).is_nonempty() {
                let rays = if straight {
                    attacks::rook_attacks(king, occupied)
                } else {
                    attacks::bishop_attacks(king, occupied)
                };
                checkers |= rays & sliders;
            }
        }
        checkers
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// Every legal move in this position.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Fills `moves` with every legal move in this position (replacing what it held), so
    /// that a caller replaying many moves can keep one list.
    #[inline]
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        movegen::generate(
            self,
            &mut ListSink { moves },
            Bitboard::FULL,
            Bitboard::FULL,
        );
    }

    /// [`Position::legal_moves_between`] when [`Position::move_status`] has already found
    /// the checkers (the scoresheet replay knows them from the previous move).
    #[inline]
    pub(crate) fn legal_moves_between_given(
        &self,
        status: MoveStatus,
        origins: Bitboard,
        dest: Bitboard,
        moves: &mut MoveList,
    ) {
        moves.clear();
        movegen::generate_with_checkers(
            self,
            &mut ListSink { moves },
            status.checkers,
            origins,
            dest,
        );
    }

    /// Fills `moves` with the legal moves that start on a square of `origins` and end on a
    /// square of `dest` (castling counts as the king's move). Reading one written move needs
    /// only these, which is much cheaper than every move.
    #[inline]
    pub fn legal_moves_between(&self, origins: Bitboard, dest: Bitboard, moves: &mut MoveList) {
        moves.clear();
        movegen::generate(self, &mut ListSink { moves }, origins, dest);
    }

    /// How many legal moves there are, counted without listing them (perft's bulk count).
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink::default();
        movegen::generate(self, &mut sink, Bitboard::FULL, Bitboard::FULL);
        sink.count
    }

    pub fn has_legal_moves(&self) -> bool {
        movegen::has_legal_move(self, self.checkers())
    }

    /// [`Position::has_legal_moves`] for a caller that already knows the pieces giving check.
    #[inline]
    pub(crate) fn has_legal_moves_given(&self, checkers: Bitboard) -> bool {
        movegen::has_legal_move(self, checkers)
    }

    /// The pieces giving check and whether any legal move exists, worked out together (the
    /// second needs the first): what an automatic-ending test asks after every move.
    #[inline]
    pub fn move_status(&self) -> MoveStatus {
        let checkers = self.checkers();
        MoveStatus {
            checkers,
            has_legal_moves: movegen::has_legal_move(self, checkers),
        }
    }

    /// Art. 5.1.1: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Art. 5.2.1: not in check and no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_given(mv, self.checkers())
    }

    /// [`Position::is_legal`] for a caller that already knows the pieces giving check (a
    /// line written move by move knows them from the previous move's check mark).
    pub(crate) fn is_legal_given(&self, mv: Move, checkers: Bitboard) -> bool {
        if !self
            .board
            .by_piece(mv.role().of(self.turn))
            .contains(mv.from())
        {
            return false;
        }
        if let Some(legal) = self.normal_move_legality(mv, checkers) {
            return legal;
        }
        // Only the moves between the two squares are generated: the one asked about is
        // among them if it is legal.
        let mut sink = ContainsSink { mv, found: false };
        movegen::generate_with_checkers(
            self,
            &mut sink,
            checkers,
            Bitboard::from_square(mv.from()),
            Bitboard::from_square(mv.to()),
        );
        sink.found
    }

    /// Whether `mv`, a move of the piece of its kind that stands on its origin, is legal,
    /// told from the attack tables when it is a normal move (no castling, en passant or
    /// promotion): such a move is legal when the piece reaches the square (a pawn by its
    /// step, its double step or its capture, short of the last rank, where it promotes),
    /// the square holds neither a piece of ours nor a king, and the king is then not
    /// attacked. `None` for the other kinds, which the move generator answers. Writing a
    /// helpmate line tests every move of it, and most are normal moves.
    #[inline]
    fn normal_move_legality(&self, mv: Move, checkers: Bitboard) -> Option<bool> {
        if mv.kind() != MoveKind::Normal {
            return None;
        }
        let board = &self.board;
        let us = self.turn;
        let (from, to) = (mv.from(), mv.to());
        let occupied = board.occupied();
        let theirs = board.by_color(!us);
        if board.by_color(us).contains(to) || board.kings().contains(to) {
            return Some(false);
        }
        let reach = match mv.role() {
            // The king may not step to a square attacked once it has left its own (a line
            // piece checking it attacks the square behind it too).
            Role::King => {
                return Some(
                    attacks::king_attacks(from).contains(to)
                        && !board.is_attacked(to, !us, occupied.without(from)),
                );
            }
            Role::Knight => attacks::knight_attacks(from),
            Role::Bishop => attacks::bishop_attacks(from, occupied),
            Role::Rook => attacks::rook_attacks(from, occupied),
            Role::Queen => attacks::queen_attacks(from, occupied),
            Role::Pawn => {
                if to.rank() == Rank::EIGHTH.relative_to(us) {
                    return Some(false);
                }
                let forward = us.fold(8, -8);
                let mut reach = attacks::pawn_attacks(us, from) & theirs;
                if let Some(one) = from.offset(forward)
                    && !occupied.contains(one)
                {
                    reach = reach.with(one);
                    if from.rank() == Rank::SECOND.relative_to(us)
                        && let Some(two) = one.offset(forward)
                        && !occupied.contains(two)
                    {
                        reach = reach.with(two);
                    }
                }
                reach
            }
        };
        if !reach.contains(to) {
            return Some(false);
        }
        let king = self.king(us);
        // In check, only taking the one piece giving check or stepping between it and the
        // king can help; whether the king is then safe is told below, as out of check.
        if let Some(checker) = checkers.first()
            && (checkers.has_several()
                || (to != checker && !attacks::between(king, checker).contains(to)))
        {
            return Some(false);
        }
        // Only a line piece can attack the king once the piece has moved (a knight or pawn
        // giving check was taken above); the piece on the square reached is taken.
        let after = occupied.without(from).with(to);
        let attackers = ((attacks::rook_attacks(king, after) & board.straight_sliders())
            | (attacks::bishop_attacks(king, after) & board.diagonal_sliders()))
            & theirs;
        Some(attackers.without(to).is_empty())
    }

    /// The squares from which pieces of `role` of the side to move have a legal move to
    /// `to`, among `origins`.
    pub(crate) fn legal_origins(&self, role: Role, origins: Bitboard, to: Square) -> Bitboard {
        // A knight, bishop, rook or queen has only normal moves, each told from the attack
        // tables ([`Position::normal_move_legality`]): the notation remarks and the SAN of
        // a helpmate line ask this for one or two pieces, where setting up the move
        // generator cost several times as much.
        if matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
            let checkers = self.checkers();
            let mut legal = Bitboard::EMPTY;
            for from in origins & self.board.by_piece(role.of(self.turn)) {
                let mv = Move::normal(role, from, to);
                if self.normal_move_legality(mv, checkers) == Some(true) {
                    legal = legal.with(from);
                }
            }
            return legal;
        }
        self.generated_legal_origins(role, origins, to)
    }

    /// [`Position::legal_origins`] found by the move generator.
    fn generated_legal_origins(&self, role: Role, origins: Bitboard, to: Square) -> Bitboard {
        let mut sink = OriginsSink {
            role,
            origins: Bitboard::EMPTY,
        };
        movegen::generate(self, &mut sink, origins, Bitboard::from_square(to));
        sink.origins
    }

    /// Plays `mv` if it is legal and returns the position after it.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(mv) {
            let mut next = *self;
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMoveError { mv })
        }
    }

    /// Plays a move that the caller knows to be legal (it came from [`Position::legal_moves`]).
    /// An illegal move leaves the position in an unspecified but memory-safe state.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play_unchecked_inlined(mv);
    }

    /// [`Position::play_unchecked`], always inlined: for the replay of a record, which plays
    /// one move per token and spends a good part of its time in the call otherwise.
    #[inline(always)]
    pub(crate) fn play_unchecked_inlined(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        match mv.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if self.board.by_color(them).contains(to) {
                    if let Some(captured) = self.board.role_at(to) {
                        self.board.toggle(to, captured.of(them));
                    }
                    self.halfmove_clock = 0;
                }
                if let MoveKind::Promotion(role) = mv.kind() {
                    self.board.toggle(from, Role::Pawn.of(us));
                    self.board.toggle(to, role.of(us));
                } else {
                    self.board.shift(from, to, mv.role().of(us));
                }
                if mv.role() == Role::Pawn {
                    self.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.ep_square = Square::new(((from.index() + to.index()) / 2) as u32);
                    }
                }
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.toggle(captured, Role::Pawn.of(them));
                self.board.shift(from, to, Role::Pawn.of(us));
                self.halfmove_clock = 0;
            }
            MoveKind::Castle(side) => {
                let rank = from.rank();
                self.board.shift(from, to, Role::King.of(us));
                self.board.shift(
                    Square::from_coords(side.rook_from_file(), rank),
                    Square::from_coords(side.rook_to_file(), rank),
                    Role::Rook.of(us),
                );
            }
        }
        // Most positions of a game have no right left to lose.
        if !self.castling.is_empty() {
            self.castling = self.castling.after_move_between(from, to);
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = them;
    }

    /// The en passant square if an en passant capture there is legal right now (FIDE 9.2.3:
    /// only then does it make the position differ from one without it).
    ///
    /// Asked twice after every half-move of a replayed game (for the repetition keys), and
    /// nearly always of a position with no en passant square: that answer comes inline, the
    /// test of the captures in a call.
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        self.ep_capture_is_legal(ep).then_some(ep)
    }

    /// Whether a pawn of the side to move may capture en passant onto `ep` (the en passant
    /// square) now.
    #[inline(never)]
    fn ep_capture_is_legal(&self, ep: Square) -> bool {
        let capturers = attacks::pawn_attacks(!self.turn, ep)
            & self.board.pawns()
            & self.board.by_color(self.turn);
        capturers
            .into_iter()
            .any(|from| movegen::en_passant_is_legal(self, from, ep))
    }

    /// Whether the two positions are the same in the sense of FIDE 9.2.3: same side to move,
    /// same pieces on the same squares, same castling rights and the same en passant
    /// possibility (clocks and move numbers do not matter).
    pub fn is_same_fide_position(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.legal_ep_square() == other.legal_ep_square()
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (perft), counting the
    /// last ply in bulk.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut nodes = 0;
                for &mv in &self.legal_moves() {
                    let mut next = *self;
                    next.play_unchecked(mv);
                    nodes += next.perft(depth - 1);
                }
                nodes
            }
        }
    }

    /// Whether `color` can never checkmate, even with the opponent's help, judged by material
    /// alone. True when `color` has no pawns, rooks or queens and either (a) only its king, or
    /// (b) king and one knight while the opponent has only king and queens, or (c) king and
    /// bishops all on squares of one colour while the board has no pawns or knights and no
    /// bishop on the other square colour.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let board = &self.board;
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        if (ours & (board.pawns() | board.rooks() | board.queens())).is_nonempty() {
            return false;
        }
        let minors = ours & (board.knights() | board.bishops());
        if minors.is_empty() {
            return true;
        }
        if (ours & board.knights()).is_nonempty() {
            return minors.count() == 1 && (theirs & !board.kings() & !board.queens()).is_empty();
        }
        let bishops = board.bishops();
        let one_square_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
        one_square_colour && (board.pawns() | board.knights()).is_empty()
    }

    /// Dead position by material (Art. 5.2.2): neither side can ever checkmate.
    #[inline]
    pub fn is_insufficient_material(&self) -> bool {
        // A pawn, rook or queen on the board settles it at once, as it does in most games.
        let board = &self.board;
        if (board.pawns() | board.rooks() | board.queens()).is_nonempty() {
            return false;
        }
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::fen::Fen::from_position(self))
    }
}

/// Whether two squares share a file or a rank (for two squares known to be aligned: not a
/// diagonal).
#[inline(always)]
fn on_straight_line(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

/// The whole rank, file or diagonal through `a` and `b`, or nothing when they share none or
/// are one square: [`attacks::line`], from two small tables. The replay asks it once or
/// twice a ply, of the king and a square the move leaves or reaches; the 32 KiB table of
/// every pair's line, read at squares that change every ply, missed the first-level cache
/// at three of the replay's hottest loads, where a byte per pair (4 KiB) and the 46 lines
/// of the board stay in it.
#[inline(always)]
pub(crate) fn line_through(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES[usize::from(LINE_NUMBERS[a.index()][b.index()])])
}

/// The lines of the board: nothing (0), the files (1 to 8), the ranks (9 to 16), the
/// diagonals rising to the right by file minus rank (17 to 31) and those falling to the
/// right by file plus rank (32 to 46).
static LINES: [u64; 47] = lines();

/// The number in [`LINES`] of the line through each pair of squares.
static LINE_NUMBERS: [[u8; 64]; 64] = line_numbers();

const fn lines() -> [u64; 47] {
    let mut lines = [0u64; 47];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        let (file, rank) = (sq % 8, sq / 8);
        lines[line_number_of(file, rank, 0)] |= bit;
        lines[line_number_of(file, rank, 1)] |= bit;
        lines[line_number_of(file, rank, 2)] |= bit;
        lines[line_number_of(file, rank, 3)] |= bit;
        sq += 1;
    }
    lines
}

/// The number of the line of `kind` (file, rank, rising or falling diagonal) through the
/// square of `file` and `rank`.
const fn line_number_of(file: usize, rank: usize, kind: usize) -> usize {
    match kind {
        0 => 1 + file,
        1 => 9 + rank,
        2 => 17 + (file + 7 - rank),
        _ => 32 + file + rank,
    }
}

const fn line_numbers() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (file_a, rank_a, file_b, rank_b) = (a % 8, a / 8, b % 8, b / 8);
            let kind = if a == b {
                4
            } else if file_a == file_b {
                0
            } else if rank_a == rank_b {
                1
            } else if file_a + rank_b == file_b + rank_a {
                2
            } else if file_a + rank_a == file_b + rank_b {
                3
            } else {
                4
            };
            if kind < 4 {
                table[a][b] = line_number_of(file_a, rank_a, kind) as u8;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// An en passant square is possible when it lies on the sixth rank from the mover's side, it
/// and the square the pawn came from are empty, and an opposing pawn stands just beyond it.
fn ep_square_possible(board: &Board, turn: Color, ep: Square) -> bool {
    if ep.rank() != Rank::SIXTH.relative_to(turn) {
        return false;
    }
    let forward = turn.fold(8, -8);
    let (Some(pawn_sq), Some(origin)) = (ep.offset(-forward), ep.offset(forward)) else {
        return false;
    };
    !board.occupied().contains(ep)
        && !board.occupied().contains(origin)
        && board.by_piece(Role::Pawn.of(!turn)).contains(pawn_sq)
}

/// More pieces than eight pawns and eight pieces can become: promoted pieces are counted
/// against the pawns missing from the board.
/// Whether `color`'s units could have more legal moves than a [`MoveList`] holds: the sum of
/// each unit's most moves anywhere on an empty board (a queen 27, a rook 14, a bishop 13, a
/// knight 8, the king 8 and two castlings, a pawn 12 with its promotions) is a bound.
fn moves_may_overflow(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let count = |bb: Bitboard| (bb & ours).count() as usize;
    let bound = 27 * count(board.queens())
        + 14 * count(board.rooks())
        + 13 * count(board.bishops())
        + 8 * count(board.knights())
        + 12 * count(board.pawns())
        + 10;
    bound > MoveList::CAPACITY
}

fn too_many_pieces(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let count = |bb: Bitboard| (bb & ours).count();
    let pawns = count(board.pawns());
    let promoted = count(board.queens()).saturating_sub(1)
        + count(board.rooks()).saturating_sub(2)
        + count(board.knights()).saturating_sub(2)
        + (count(board.bishops() & Bitboard::DARK_SQUARES)).saturating_sub(1)
        + (count(board.bishops() & Bitboard::LIGHT_SQUARES)).saturating_sub(1);
    ours.count() > 16 || pawns > 8 || pawns + promoted > 8
}

#[cfg(test)]
mod tests {
    /// The line from the small tables is the line of the table of every pair, for every
    /// pair of squares.
    #[test]
    fn line_through_is_the_line_table() {
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(line_through(a, b), attacks::line(a, b), "{a} {b}");
            }
        }
    }

    use super::*;

    /// The positions met along a game from each of `starts`, at most `plies` half-moves long
    /// and stopping at a position with no move: the move played after the `step`-th position
    /// is the legal move of index `pick(step)` (taken round the list), a spread of moves
    /// rather than always the first generated.
    fn positions_along(
        starts: &[&str],
        plies: usize,
        pick: impl Fn(usize) -> usize,
    ) -> Vec<Position> {
        let mut positions = Vec::new();
        for fen in starts {
            let mut pos = Position::from_fen(fen).unwrap();
            for step in 0..plies {
                positions.push(pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[pick(step) % moves.len()]);
            }
        }
        positions
    }

    /// Every normal move of every kind of piece between any two squares, in positions met
    /// along a few games (checks, pins, double steps, captures and promotions among them):
    /// the attack tables and the move generator give the same answer on legality.
    #[test]
    fn normal_move_legality_agrees_with_the_move_generator() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1",
        ];
        let mut compared = 0;
        for pos in positions_along(&starts, 40, |step| step * 7 + 3) {
            let checkers = pos.checkers();
            for role in Role::ALL {
                for from in pos.board().by_piece(role.of(pos.turn())) {
                    for to in Bitboard::FULL {
                        let mv = Move::normal(role, from, to);
                        let mut sink = ContainsSink { mv, found: false };
                        movegen::generate_with_checkers(
                            &pos,
                            &mut sink,
                            checkers,
                            Bitboard::from_square(from),
                            Bitboard::from_square(to),
                        );
                        assert_eq!(
                            pos.normal_move_legality(mv, checkers),
                            Some(sink.found),
                            "{mv:?} in {}",
                            pos.to_fen()
                        );
                        compared += usize::from(sink.found);
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} legal moves compared");
    }

    /// The squares from which pieces of each kind can legally move to each square, in
    /// positions with checks, pins and promotions: the same from the attack tables as from
    /// the move generator.
    #[test]
    fn legal_origins_agree_with_the_move_generator() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/4r3/8/1b6/2N1N3/3B4/R3K2R w KQ - 0 1",
            "4k3/8/8/8/8/2N5/1qB5/r3K1NR w K - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "1Q2k3/8/8/8/8/8/Q6Q/Q3K3 b - - 0 1",
        ];
        let mut found = 0;
        for pos in positions_along(&starts, 30, |step| step * 5 + 1) {
            for role in Role::ALL {
                let origins = pos.board().by_piece(role.of(pos.turn()));
                for to in Bitboard::FULL {
                    let legal = pos.legal_origins(role, origins, to);
                    assert_eq!(
                        legal,
                        pos.generated_legal_origins(role, origins, to),
                        "{role:?} to {to:?} in {}",
                        pos.to_fen()
                    );
                    found += legal.count() as usize;
                }
            }
        }
        assert!(found > 1000, "only {found} origins found");
    }
}
