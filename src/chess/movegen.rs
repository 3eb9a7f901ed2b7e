//! Legal move generation.
//!
//! The generator produces legal moves directly, without playing each pseudo-legal move and
//! testing for check: it knows the checking pieces (a double check allows king moves only; a
//! single check limits the other pieces to capturing the checker or blocking its line), the
//! pinned pieces (which may only move along the line of their pin), and the squares the
//! opposing pieces attack (which the king may not enter). Only en passant, where two pieces
//! leave one rank at once, is checked by looking along the king's lines after the capture.
//!
//! The moves go into a [`MoveSink`]: a list for playing, or a counter that adds up whole target
//! sets with one population count, which is what makes perft's last ply cheap.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{CastlingSide, Color, File, Rank, Role, Square};

/// Where generated moves go.
pub(crate) trait MoveSink {
    /// Whether the positions generated for this sink often leave the side to move a bare
    /// king, which then has no moves but the king's to look for: the helpmate searches'
    /// lines, not the replay of a game or perft, which would only pay for the test.
    const BARE_KINGS: bool = false;

    /// Normal moves of `role` from `from` to each square of `targets`.
    fn piece_moves(&mut self, role: Role, from: Square, targets: Bitboard);
    /// Pawn moves to each square of `targets`, each from the square `back` indices below
    /// (above, for Black) its target; on the last rank each is four promotions.
    fn pawn_moves(&mut self, targets: Bitboard, back: i32, promoting: bool);
    /// One move.
    fn push(&mut self, mv: Move);
}

/// The pawn moves of [`MoveSink::pawn_moves`], one by one: four promotions for each target
/// on the last rank.
#[inline]
pub(crate) fn each_pawn_move(
    targets: Bitboard,
    back: i32,
    promoting: bool,
    mut each: impl FnMut(Move),
) {
    for to in targets {
        let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
        if promoting {
            for role in Role::PROMOTIONS {
                each(Move::promotion(from, to, role));
            }
        } else {
            each(Move::normal(Role::Pawn, from, to));
        }
    }
}

pub(crate) struct ListSink<'a> {
    pub(crate) moves: &'a mut MoveList,
}

impl MoveSink for ListSink<'_> {
    #[inline]
    fn piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.moves.push(Move::normal(role, from, to));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, back: i32, promoting: bool) {
        each_pawn_move(targets, back, promoting, |mv| self.moves.push(mv));
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }
}

/// Finds whether one given move is generated, without listing any: a legality test.
pub(crate) struct ContainsSink {
    pub(crate) mv: Move,
    pub(crate) found: bool,
}

impl MoveSink for ContainsSink {
    #[inline]
    fn piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        if targets.contains(self.mv.to()) {
            self.push(Move::normal(role, from, self.mv.to()));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, back: i32, promoting: bool) {
        each_pawn_move(targets, back, promoting, |mv| self.push(mv));
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.found |= mv == self.mv;
    }
}

/// Gathers the squares that pieces of one kind move from, without listing the moves: what
/// SAN's disambiguation needs to know of the other pieces that reach a square.
pub(crate) struct OriginsSink {
    pub(crate) role: Role,
    pub(crate) origins: Bitboard,
}

impl MoveSink for OriginsSink {
    #[inline]
    fn piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        if role == self.role && targets.is_nonempty() {
            self.origins = self.origins.with(from);
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, back: i32, _promoting: bool) {
        if self.role == Role::Pawn {
            for to in targets {
                let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
                self.origins = self.origins.with(from);
            }
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if mv.role() == self.role {
            self.origins = self.origins.with(mv.from());
        }
    }
}

/// Records whether any move is generated, without counting: a count is a population count
/// per target set, which the baseline instruction set does without and so works out in a
/// dozen instructions. `CALLER` only tells the callers apart: each of the two orders of
/// [`has_legal_move`] generates its pawn moves into a sink type of its own, so that each
/// generator of pawn moves has one caller and is inlined there, as it was with one order.
#[derive(Default)]
struct AnySink<const CALLER: u8> {
    any: bool,
}

impl<const CALLER: u8> MoveSink for AnySink<CALLER> {
    #[inline]
    fn piece_moves(&mut self, _role: Role, _from: Square, targets: Bitboard) {
        self.any |= targets.is_nonempty();
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _back: i32, _promoting: bool) {
        self.any |= targets.is_nonempty();
    }

    #[inline]
    fn push(&mut self, _mv: Move) {
        self.any = true;
    }
}

#[derive(Default)]
pub(crate) struct CountSink {
    pub(crate) count: u64,
}

impl MoveSink for CountSink {
    #[inline]
    fn piece_moves(&mut self, _role: Role, _from: Square, targets: Bitboard) {
        self.count += u64::from(targets.count());
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _back: i32, promoting: bool) {
        let n = u64::from(targets.count());
        self.count += if promoting { 4 * n } else { n };
    }

    #[inline]
    fn push(&mut self, _mv: Move) {
        self.count += 1;
    }
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Generates every legal move of `pos` that starts on a square of `origins` and ends on a
/// square of `dest` into `sink`: all of them with [`Bitboard::FULL`] twice, or only the few a
/// written move can mean when reading a scoresheet.
#[inline]
pub(crate) fn generate<S: MoveSink>(
    pos: &Position,
    sink: &mut S,
    origins: Bitboard,
    dest: Bitboard,
) {
    generate_with_checkers(pos, sink, checkers(pos), origins, dest);
}

/// The units giving check to the side to move: [`Board::attacked_by`] on the king's square,
/// written here with the opposing units only, where the move generator can inline it (the
/// searches ask it for every position; other callers may still get a call).
#[inline]
pub(crate) fn checkers(pos: &Position) -> Bitboard {
    let board = &pos.board;
    let us = pos.turn;
    let king = pos.king(us);
    let occupied = board.occupied();
    let them = board.by_color(!us);
    // A line piece's attacks are worked out only when one stands on the king's lines (on an
    // empty board).
    let straight = attacks::rook_rays(king) & board.straight_sliders() & them;
    let diagonal = attacks::bishop_rays(king) & board.diagonal_sliders() & them;
    let mut checkers = ((attacks::knight_attacks(king) & board.knights())
        | (attacks::king_attacks(king) & board.kings())
        | (attacks::pawn_attacks(us, king) & board.pawns()))
        & them;
    if straight.is_nonempty() {
        checkers |= attacks::rook_attacks(king, occupied) & straight;
    }
    if diagonal.is_nonempty() {
        checkers |= attacks::bishop_attacks(king, occupied) & diagonal;
    }
    checkers
}

/// [`generate`] for a caller that already knows the pieces giving check.
#[inline]
pub(crate) fn generate_with_checkers<S: MoveSink>(
    pos: &Position,
    sink: &mut S,
    checkers: Bitboard,
    origins: Bitboard,
    dest: Bitboard,
) {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let king = pos.king(us);

    // The king may go to any square not held by its own side and not attacked once it has
    // left its square (so that it cannot step back along a checking line).
    let without_king = occupied.without(king);
    if origins.contains(king) {
        let squares = attacks::king_attacks(king) & !ours & dest;
        // One square (reading a written move) is tested alone; for several, every square
        // the other side attacks is worked out once, which costs one lookup per unit
        // rather than five per square.
        let king_targets = if squares.has_several() {
            squares & !attacked_squares(board, them, without_king)
        } else {
            let mut targets = Bitboard::EMPTY;
            for to in squares {
                if !board.is_attacked(to, them, without_king) {
                    targets = targets.with(to);
                }
            }
            targets
        };
        sink.piece_moves(Role::King, king, king_targets);
    }

    // A bare king has nothing more to move (nor castling, without a rook); the test is made
    // only for the sinks that ask for it (see [`MoveSink::BARE_KINGS`]).
    if checkers.has_several() || (S::BARE_KINGS && ours == Bitboard::from_square(king)) {
        return;
    }
    // Squares the other pieces may move to: anywhere not ours, or, in check, the checker and
    // the squares between it and the king.
    let target = match checkers.first() {
        Some(checker) => attacks::between(king, checker).with(checker),
        None => !ours,
    } & dest;

    let pinned = pinned_pieces(pos, king, us);

    // Most positions past the opening have no castling rights left: one test passes over
    // the work of both sides' castling.
    if checkers.is_empty() && origins.contains(king) && !pos.castling.is_empty() {
        castling_moves(pos, sink, dest);
    }

    let ours = ours & origins;
    let unpinned = ours & !pinned;
    for from in board.knights() & unpinned {
        sink.piece_moves(Role::Knight, from, attacks::knight_attacks(from) & target);
    }
    for from in board.bishops() & ours {
        let mut to = attacks::bishop_attacks(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece_moves(Role::Bishop, from, to);
    }
    for from in board.rooks() & ours {
        let mut to = attacks::rook_attacks(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece_moves(Role::Rook, from, to);
    }
    for from in board.queens() & ours {
        let mut to = attacks::queen_attacks(from, occupied) & target;
        if pinned.contains(from) {
            to &= attacks::line(king, from);
        }
        sink.piece_moves(Role::Queen, from, to);
    }

    pawn_moves(pos, sink, king, target, pinned, origins, dest);
}

/// Every square that a unit of `color` attacks when the board's occupancy is `occupied`
/// (pawns: their capture squares).
#[inline]
pub(crate) fn attacked_squares(board: &Board, color: Color, occupied: Bitboard) -> Bitboard {
    let units = board.by_color(color);
    let pawns = (board.pawns() & units).0;
    let mut attacked = Bitboard(match color {
        Color::White => ((pawns & NOT_FILE_A) << 7) | ((pawns & NOT_FILE_H) << 9),
        Color::Black => ((pawns & NOT_FILE_A) >> 9) | ((pawns & NOT_FILE_H) >> 7),
    });
    for from in board.knights() & units {
        attacked |= attacks::knight_attacks(from);
    }
    for from in board.diagonal_sliders() & units {
        attacked |= attacks::bishop_attacks(from, occupied);
    }
    for from in board.straight_sliders() & units {
        attacked |= attacks::rook_attacks(from, occupied);
    }
    // (One king: no loop.)
    if let Some(king) = (board.kings() & units).first() {
        attacked |= attacks::king_attacks(king);
    }
    attacked
}

/// Our pieces that stand alone between our king and an opposing slider aimed at it.
///
/// Every opposing slider on one of the king's lines (on an empty board) is looked at, not
/// only the first of theirs along each ray: one behind another of its side has that unit
/// between it and the king, which then is either one of several blockers or, alone, not
/// ours, and pins nothing. Most positions have no slider on the king's lines at all, and
/// then no attack set is worked out.
#[inline]
fn pinned_pieces(pos: &Position, king: Square, us: Color) -> Bitboard {
    let board = &pos.board;
    let snipers = ((attacks::rook_rays(king) & board.straight_sliders())
        | (attacks::bishop_rays(king) & board.diagonal_sliders()))
        & board.by_color(!us);
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(king, sniper) & board.occupied();
        if !blockers.has_several() {
            pinned |= blockers & board.by_color(us);
        }
    }
    pinned
}

#[inline]
fn castling_moves<S: MoveSink>(pos: &Position, sink: &mut S, dest: Bitboard) {
    let us = pos.turn;
    let board = &pos.board;
    for side in CastlingSide::ALL {
        if !pos.castling.has(us, side) {
            continue;
        }
        let rank = Rank::FIRST.relative_to(us);
        let king_from = Square::from_coords(File::E, rank);
        let king_to = Square::from_coords(side.king_to_file(), rank);
        if !dest.contains(king_to) {
            continue;
        }
        let rook_from = Square::from_coords(side.rook_from_file(), rank);
        // The squares between king and rook must be empty (3.8.2.2), and the king may not
        // pass over or land on an attacked square (it is not in check: the caller saw to it).
        if (attacks::between(king_from, rook_from) & board.occupied()).is_nonempty() {
            continue;
        }
        let path = attacks::between(king_from, king_to).with(king_to);
        if path
            .into_iter()
            .all(|sq| !board.is_attacked(sq, !us, board.occupied()))
        {
            sink.push(Move::castle(us, side));
        }
    }
}

#[inline]
fn pawn_moves<S: MoveSink>(
    pos: &Position,
    sink: &mut S,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    origins: Bitboard,
    dest: Bitboard,
) {
    let board = &pos.board;
    let us = pos.turn;
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let empty = !board.occupied();
    let pawns = board.pawns() & ours & origins;
    // Many endgames leave a side without pawns (nor, then, an en passant capture): the sets
    // below would all be empty.
    if pawns.is_empty() {
        return;
    }
    let last_rank = Bitboard::from_rank(Rank::EIGHTH.relative_to(us));
    let double_rank = Bitboard::from_rank(Rank::FOURTH.relative_to(us));

    // Unpinned pawns move in bulk: shift the whole set one rank forward (and diagonally).
    let free = pawns & !pinned;
    let (push, left, right, up, up_left, up_right) = match us {
        Color::White => (
            Bitboard(free.0 << 8),
            Bitboard((free.0 & NOT_FILE_A) << 7),
            Bitboard((free.0 & NOT_FILE_H) << 9),
            8,
            7,
            9,
        ),
        Color::Black => (
            Bitboard(free.0 >> 8),
            Bitboard((free.0 & NOT_FILE_A) >> 9),
            Bitboard((free.0 & NOT_FILE_H) >> 7),
            -8,
            -9,
            -7,
        ),
    };
    let single = push & empty;
    let double = Bitboard(match us {
        Color::White => single.0 << 8,
        Color::Black => single.0 >> 8,
    }) & empty
        & double_rank
        & target;
    let single = single & target;
    let left = left & theirs & target;
    let right = right & theirs & target;
    sink.pawn_moves(single & !last_rank, up, false);
    sink.pawn_moves(single & last_rank, up, true);
    sink.pawn_moves(double, 2 * up, false);
    sink.pawn_moves(left & !last_rank, up_left, false);
    sink.pawn_moves(left & last_rank, up_left, true);
    sink.pawn_moves(right & !last_rank, up_right, false);
    sink.pawn_moves(right & last_rank, up_right, true);

    // A pinned pawn may still move along its pin line: forward when pinned on its file,
    // capturing the pinner when pinned on a diagonal.
    for from in pawns & pinned {
        let along = attacks::line(king, from) & target;
        let mut to = attacks::pawn_attacks(us, from) & theirs;
        if let Some(one) = from.offset(up).filter(|&sq| empty.contains(sq)) {
            to = to.with(one);
            if let Some(two) = one
                .offset(up)
                .filter(|&sq| empty.contains(sq) && double_rank.contains(sq))
            {
                to = to.with(two);
            }
        }
        to &= along;
        for sq in to {
            if last_rank.contains(sq) {
                for role in Role::PROMOTIONS {
                    sink.push(Move::promotion(from, sq, role));
                }
            } else {
                sink.push(Move::normal(Role::Pawn, from, sq));
            }
        }
    }

    if let Some(ep) = pos.ep_square.filter(|&ep| dest.contains(ep)) {
        for from in attacks::pawn_attacks(!us, ep) & pawns {
            if en_passant_is_legal(pos, from, ep) {
                sink.push(Move::en_passant(from, ep));
            }
        }
    }
}

/// Whether our pawn on `from` may capture en passant onto `ep`: play the capture on the
/// occupancy and ask whether anything then attacks our king. This covers a pawn pinned on a
/// diagonal, the two pawns leaving a rank together in front of a rook, and checks that the
/// capture does or does not answer.
pub(crate) fn en_passant_is_legal(pos: &Position, from: Square, ep: Square) -> bool {
    let board = &pos.board;
    let us = pos.turn;
    let captured = Square::from_coords(ep.file(), from.rank());
    if !board.by_piece(Role::Pawn.of(!us)).contains(captured) || board.occupied().contains(ep) {
        return false;
    }
    let occupied = board.occupied().without(from).without(captured).with(ep);
    let king = pos.king(us);
    let attackers =
        board.attackers_to(king, occupied) & board.by_color(!us) & !Bitboard::from(captured);
    attackers.is_empty()
}

/// Whether `pos` has at least one legal move, answered without generating them all: the
/// cheapest evidence comes first (a piece that is not pinned with a square to go to), and the
/// king's squares, which need attack tests, come last. In check the king's squares come
/// first: the other units may then only take the checker or step between, which most of them
/// cannot, and looking over them all cost more than the king's squares (the replay asks this
/// after every check of a game: 2.75M -> 2.29M Ir on real1).
pub(crate) fn has_legal_move(pos: &Position, checkers: Bitboard) -> bool {
    if checkers.is_nonempty() {
        return king_has_move(pos) || pieces_have_move::<0>(pos, checkers);
    }
    pieces_have_move::<0>(pos, checkers) || king_has_move(pos)
}

/// [`has_legal_move`] asking the king's squares first: for a check that covers the king's
/// flight squares as they stood before it, which the king still escapes more often than
/// another unit answers it (the probe's test of a mate).
pub(crate) fn has_legal_move_king_first(pos: &Position, checkers: Bitboard) -> bool {
    king_has_move(pos) || pieces_have_move::<1>(pos, checkers)
}

/// Whether a unit other than the king has a legal move: for a caller that knows the king
/// has none (the probe's test of a mate, which looks at the king's squares itself).
pub(crate) fn has_legal_move_besides_king(pos: &Position, checkers: Bitboard) -> bool {
    pieces_have_move::<2>(pos, checkers)
}

/// Whether a unit other than the king has a legal move.
#[inline(always)]
fn pieces_have_move<const CALLER: u8>(pos: &Position, checkers: Bitboard) -> bool {
    let board = &pos.board;
    let us = pos.turn;
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let king = pos.king(us);

    if !checkers.has_several() {
        let target = match checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => !ours,
        };
        let pinned = pinned_pieces(pos, king, us);
        let unpinned = ours & !pinned;
        for from in board.knights() & unpinned {
            if (attacks::knight_attacks(from) & target).is_nonempty() {
                return true;
            }
        }
        // Two plain loops rather than one shared closure: this runs after every half-move of
        // every checked game, and a closure version timed slower here (though on a noisy
        // machine); keep the simple form unless a benchmark says otherwise.
        // In check, most line pieces stand on no line to the checker or the squares between
        // (on an empty board), and their attacks are not worked out.
        for from in (board.bishops() | board.queens()) & ours {
            if (attacks::bishop_rays(from) & target).is_empty() {
                continue;
            }
            let mut to = attacks::bishop_attacks(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            if to.is_nonempty() {
                return true;
            }
        }
        for from in (board.rooks() | board.queens()) & ours {
            if (attacks::rook_rays(from) & target).is_empty() {
                continue;
            }
            let mut to = attacks::rook_attacks(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            if to.is_nonempty() {
                return true;
            }
        }
        // Pawns and en passant are rare enough as the only moves to generate them all.
        let mut pawns = AnySink::<CALLER>::default();
        pawn_moves(
            pos,
            &mut pawns,
            king,
            target,
            pinned,
            Bitboard::FULL,
            Bitboard::FULL,
        );
        if pawns.any {
            return true;
        }
    }
    false
}

/// Whether the king has a legal move. Castling is left aside: a king that may castle may
/// also step to the empty, unattacked square it would pass over.
#[inline(always)]
fn king_has_move(pos: &Position) -> bool {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let ours = board.by_color(us);
    let king = pos.king(us);
    let without_king = board.occupied().without(king);
    let squares = attacks::king_attacks(king) & !ours;
    // Reached mostly in checks that may be mates, where every square is attacked: one map of
    // the other side's attacks then costs less than an attack test per square.
    if squares.has_several() {
        (squares & !attacked_squares(board, them, without_king)).is_nonempty()
    } else {
        squares
            .into_iter()
            .any(|to| !board.is_attacked(to, them, without_king))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The perft fixture's positions, each with every position up to `plies` moves on.
    fn perft_positions(plies: u32) -> Vec<Position> {
        let mut positions = Vec::new();
        for fen in include_str!("../../fixtures/perft/perft.epd")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or(l).trim())
        {
            let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut frontier = vec![start];
            for _ in 0..plies {
                let mut next = Vec::new();
                for pos in &frontier {
                    for &m in pos.legal_moves().iter() {
                        let mut child = *pos;
                        child.play_unchecked(m);
                        next.push(child);
                    }
                }
                positions.append(&mut frontier);
                frontier = next;
            }
            positions.append(&mut frontier);
        }
        positions
    }

    /// Asking the king's squares first changes no answer: [`has_legal_move_king_first`] and
    /// [`has_legal_move`] both tell whether any legal move is generated, on the perft
    /// fixture's positions and every position one and two moves on.
    #[test]
    fn the_king_first_test_of_a_legal_move_answers_alike() {
        let (mut checked, mut stuck) = (0, 0);
        for pos in perft_positions(2) {
            let any = !pos.legal_moves().is_empty();
            let checkers = checkers(&pos);
            assert_eq!(has_legal_move(&pos, checkers), any, "{pos}");
            assert_eq!(has_legal_move_king_first(&pos, checkers), any, "{pos}");
            checked += 1;
            stuck += usize::from(!any);
        }
        assert!(checked > 10_000 && stuck > 0, "{checked} {stuck}");
    }

    /// [`attacked_squares`] holds exactly the squares that [`Board::is_attacked`], which asks
    /// square by square, finds attacked: for both colours, with the board's own occupancy and
    /// with either king lifted off (as the king's moves and the probe's flight squares use
    /// it). The positions are the perft fixture's, each with every position one move on.
    #[test]
    fn attacked_squares_are_the_squares_attacked_one_by_one() {
        let mut checked = 0;
        for pos in perft_positions(1) {
            let board = &pos.board;
            for color in Color::ALL {
                for occupied in [
                    board.occupied(),
                    board.occupied().without(pos.king(color)),
                    board.occupied().without(pos.king(!color)),
                ] {
                    let one_by_one: Bitboard = (0..64)
                        .map(Square::from_index_unchecked)
                        .filter(|&sq| board.is_attacked(sq, color, occupied))
                        .collect();
                    assert_eq!(
                        attacked_squares(board, color, occupied),
                        one_by_one,
                        "{pos} {color}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
