//! The quick probe: a narrow, allocation-free helpmate search that proves most positions of
//! real games winnable in a few microseconds, before any static analysis or wide search.
//!
//! Real positions are nearly always winnable by a short helpmate: the loser's king walks
//! towards an edge, the loser's other units step next to it or out of the way, and the
//! winner's strongest unit comes close and mates. The probe follows only the few best moves
//! of each side by the searches' shared ordering (see [`super::search::score`]), deepening one
//! move of the winner at a time, and looks for a mate in one among all the winner's moves at
//! every node where the winner moves. A miss proves nothing and costs only the small budget:
//! the full decision follows.

use super::super::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::super::{Bitboard, Color, Move, MoveList, Position, Role};
use super::search::score;
use super::statics::material_unwinnable;

/// The most moves of each side the probe follows at a node.
const WIDTH: usize = 2;

/// The longest line the probe looks for, in moves of the winner.
const MAX_MOVES: u32 = 12;

/// At most `CAPACITY` moves are scored at a node (more than any legal position has).
const CAPACITY: usize = 256;

struct Probe {
    winner: Color,
    nodes: u32,
    limit: u32,
    line: Vec<Move>,
}

/// Looks for a helpmate by `winner` from `pos`, visiting at most `limit` positions.
pub(super) fn probe(pos: &Position, winner: Color, limit: u32) -> Option<Vec<Move>> {
    let mut probe = Probe {
        winner,
        nodes: 0,
        limit,
        line: Vec::with_capacity(2 * MAX_MOVES as usize),
    };
    for moves in 1..=MAX_MOVES {
        let depth = 2 * moves - u32::from(pos.turn() == winner);
        probe.line.clear();
        if probe.search(pos, depth) {
            return Some(probe.line);
        }
        if probe.nodes >= probe.limit {
            return None;
        }
    }
    None
}

impl Probe {
    fn search(&mut self, pos: &Position, depth: u32) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit {
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if pos.turn() == self.winner {
            if let Some(m) = mate_in_one(pos, &moves) {
                self.line.push(m);
                return true;
            }
            if depth <= 1 {
                return false;
            }
        } else if depth < 2 {
            return false;
        }
        let mut scored = [(0i32, 0u16); CAPACITY];
        let n = moves.len().min(CAPACITY);
        for (i, &m) in moves.iter().take(n).enumerate() {
            scored[i] = (score(pos, m, self.winner), i as u16);
        }
        // The best few, by selection: sorting every move would cost more than the search
        // spends on them.
        for k in 0..WIDTH.min(n) {
            let mut best = k;
            for j in k + 1..n {
                if scored[j].0 > scored[best].0 {
                    best = j;
                }
            }
            scored.swap(k, best);
            let m = moves[scored[k].1 as usize];
            let mut child = *pos;
            child.play_unchecked(m);
            let material_changed = m.promotion_role().is_some()
                || pos.board().occupied().0.count_ones() != child.board().occupied().0.count_ones();
            if material_changed && material_unwinnable(&child, self.winner) {
                continue;
            }
            self.line.push(m);
            if self.search(&child, depth - 1) {
                return true;
            }
            self.line.pop();
            if self.nodes >= self.limit {
                return false;
            }
        }
        false
    }
}

/// A mating move of the side to move, if it has one. Only moves that can give check are
/// played: those that land where their piece attacks the enemy king, those that leave a line
/// to the king (a discovered check), and the rare kinds (castling, en passant, promotion)
/// whose check is awkward to foresee.
pub(super) fn mate_in_one(pos: &Position, moves: &MoveList) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    let king = pos.king(!us);
    let occupied = board.occupied();
    let diagonal = bishop_attacks(king, occupied);
    let straight = rook_attacks(king, occupied);
    let knight = knight_attacks(king);
    let pawn = pawn_attacks(!us, king);
    // A unit of ours on a line from the king may uncover a check when it moves away.
    let uncovering = (diagonal | straight) & board.by_color(us);
    moves.iter().copied().find(|&m| {
        let checks = match m.promotion_role().unwrap_or(m.role()) {
            _ if m.castling_side().is_some()
                || m.is_en_passant()
                || m.promotion_role().is_some() =>
            {
                Bitboard::FULL
            }
            Role::Pawn => pawn,
            Role::Knight => knight,
            Role::Bishop => diagonal,
            Role::Rook => straight,
            Role::Queen => diagonal | straight,
            Role::King => Bitboard::EMPTY,
        };
        if !checks.contains(m.to()) && !uncovering.contains(m.from()) {
            return false;
        }
        let mut child = *pos;
        child.play_unchecked(m);
        child.is_check() && !child.has_legal_moves()
    })
}
