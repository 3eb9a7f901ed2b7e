//! Repetition keys: Zobrist hashes of exactly what FIDE 9.2.3 compares.
//!
//! Two positions are the same for the repetition rules when the same player is to move, the
//! same pieces stand on the same squares, and the possible moves are the same: the castling
//! rights are equal and an en passant capture is possible in both or in neither. The key
//! therefore hashes the placement, the side to move, the four castling rights, and the en
//! passant file only when an en passant capture is legal (a double step alone, or a capture
//! that a pin forbids, changes nothing). Clocks and move numbers are left out.
//!
//! Keys can collide in principle; [`Game`](super::Game) confirms every key match with an exact
//! comparison ([`Position::is_same_fide_position`]) before it counts a repetition.

use super::moves::{Move, MoveKind};
use super::position::{CastlingRights, Position};
use super::types::{Color, Piece, Role, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// 12 x 64 piece-square keys, then 1 side key, 4 castling keys and 8 en passant file keys.
const KEY_COUNT: usize = 12 * 64 + 1 + 4 + 8;

static KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut state = 0x0a7b_1e72_c4e5_5001;
    let mut i = 0;
    while i < KEY_COUNT {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
};

const SIDE: usize = 12 * 64;
const CASTLING: usize = SIDE + 1;
const EN_PASSANT: usize = CASTLING + 4;

/// A hash of a position as FIDE 9.2.3 compares positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RepetitionKey(pub u64);

#[inline]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[(piece.color.index() * 6 + piece.role.index()) * 64 + sq.index()]
}

/// The combined key of each of the 16 sets of castling rights.
static CASTLING_KEYS: [u64; 16] = {
    let mut table = [0u64; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                table[rights] ^= KEYS[CASTLING + bit];
            }
            bit += 1;
        }
        rights += 1;
    }
    table
};

#[inline]
fn castling_key(rights: CastlingRights) -> u64 {
    CASTLING_KEYS[usize::from(rights.bits() & 15)]
}

impl Position {
    /// The repetition key: equal for positions that are the same under FIDE 9.2.3.
    pub fn repetition_key(&self) -> RepetitionKey {
        let mut key = 0;
        let board = self.board();
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in board.by_piece(role.of(color)) {
                    key ^= piece_key(role.of(color), sq);
                }
            }
        }
        if self.turn() == Color::Black {
            key ^= KEYS[SIDE];
        }
        key ^= castling_key(self.castling_rights());
        if let Some(ep) = self.legal_ep_square() {
            key ^= KEYS[EN_PASSANT + ep.file().index()];
        }
        RepetitionKey(key)
    }

    /// The repetition key after `mv`, worked out from this position's key without playing
    /// the move, for moves that can repeat an earlier position: a piece move that is not a
    /// pawn move, a capture or castling (those can never be undone, so the position after
    /// them is new). Returns `None` for the other moves.
    pub fn repetition_key_after(&self, key: RepetitionKey, mv: Move) -> Option<RepetitionKey> {
        if mv.role() == Role::Pawn
            || mv.kind() != MoveKind::Normal
            || self.board().occupied().contains(mv.to())
        {
            return None;
        }
        let piece = mv.role().of(self.turn());
        let mut next = key.0 ^ piece_key(piece, mv.from()) ^ piece_key(piece, mv.to()) ^ KEYS[SIDE];
        let rights = self.castling_rights();
        next ^= castling_key(rights) ^ castling_key(rights.after_move_between(mv.from(), mv.to()));
        if let Some(ep) = self.legal_ep_square() {
            next ^= KEYS[EN_PASSANT + ep.file().index()];
        }
        Some(RepetitionKey(next))
    }

    /// The repetition key of `next`, the position this one reaches by `mv`, worked out from
    /// this position's key `key`: the few squares the move changes instead of every piece
    /// hashed afresh, for any kind of move (a game's record asks this after every half-move).
    /// The result equals `next.repetition_key()`; a move that does not fit the board (no
    /// piece of the side to move on its origin, or a capture of a king) is hashed afresh.
    pub fn repetition_key_of_next(
        &self,
        key: RepetitionKey,
        mv: Move,
        next: &Position,
    ) -> RepetitionKey {
        let us = self.turn();
        let board = self.board();
        let from = mv.from();
        let to = mv.to();
        let moving = mv.role().of(us);
        if !board.by_piece(moving).contains(from) {
            return next.repetition_key();
        }
        let mut k = key.0 ^ KEYS[SIDE];
        k ^= castling_key(self.castling_rights()) ^ castling_key(next.castling_rights());
        if let Some(ep) = self.legal_ep_square() {
            k ^= KEYS[EN_PASSANT + ep.file().index()];
        }
        if let Some(ep) = next.legal_ep_square() {
            k ^= KEYS[EN_PASSANT + ep.file().index()];
        }
        match mv.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if board.occupied().contains(to) {
                    match board.piece_at(to) {
                        Some(captured) if captured.color != us && captured.role != Role::King => {
                            k ^= piece_key(captured, to);
                        }
                        _ => return next.repetition_key(),
                    }
                }
                let arriving = mv.promotion_role().map_or(moving, |role| role.of(us));
                k ^= piece_key(moving, from) ^ piece_key(arriving, to);
            }
            MoveKind::EnPassant => {
                let victim = Square::from_coords(to.file(), from.rank());
                k ^= piece_key(moving, from)
                    ^ piece_key(moving, to)
                    ^ piece_key(Role::Pawn.of(!us), victim);
            }
            MoveKind::Castle(side) => {
                let rank = from.rank();
                let rook = Role::Rook.of(us);
                k ^= piece_key(moving, from)
                    ^ piece_key(moving, to)
                    ^ piece_key(rook, Square::from_coords(side.rook_from_file(), rank))
                    ^ piece_key(rook, Square::from_coords(side.rook_to_file(), rank));
            }
        }
        RepetitionKey(k)
    }
}
