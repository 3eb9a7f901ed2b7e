//! A relaxed search for a loser's king boxed in by its own units, with loser's units far away
//! that could wander for ever: CHA's `8/6pp/8/8/ppp5/bkp4Q/qnp5/n1K5 b` (Black's king on b3
//! walled by its own queen, bishop, knights and pawns, White's king on c1 and a free queen).
//!
//! The exhaustive search (see `search.rs`) cannot prove such a position: the loser's far pawns
//! promote, and every piece they become multiplies the positions by the squares it can stand
//! on. Yet those units ("free" units: every loser's unit more than two king steps from the
//! loser's king, and whatever they promote to) change nothing near the box that a joker could
//! not: they spend tempo, take a winner's unit, stand on a square, block a line. So they are
//! left out of the board, and the search runs over the rest ("core" units and every unit of
//! the winner) in a relaxed game whose moves include everything a free unit could make happen:
//!
//! - the loser may pass (a free unit's quiet move or promotion) and may take away any unit of
//!   the winner other than its king standing on a square a free unit could reach (a free
//!   unit's capture);
//! - a move is allowed unless it leaves the mover's king *surely* attacked: by a pawn, knight
//!   or king, or by a slider whose squares between hold no free unit in any real position
//!   (every square between is outside `wild`, the squares a free unit can ever stand on: a
//!   flood by king steps and knight jumps from the free units, through every square but those
//!   of the units the semi-static analysis proves frozen). A real move leaves its king
//!   unattacked, so it is allowed here too; a line a free unit blocks in the real game is
//!   open here, which only adds moves.
//!
//! Every real position reachable from the start, less its free units, is then a position of
//! the relaxed game reachable from the start less its free units: each real move is one of the
//! relaxed game's moves there (a winner's capture of a free unit is a move to an empty square).
//! A real checkmate by the winner is, in the relaxed game, a position where the loser's king
//! is attacked (a free unit can only block an attack, never make one of the winner's) and the
//! loser has no *sure* escape: a move of a core unit that is legal in every real position
//! with these core units, as it goes to a square no free unit can stand on or takes a winner's
//! unit, crosses only such squares, and leaves its king unattacked even with every line open.
//! When the relaxed game reaches no such position, and every position where the winner is
//! left with only its king is an end (the winner has no pawns here), the winner can never
//! checkmate. The relaxed game is small: the loser's box, the winner's units, whose turn.

use std::collections::HashSet;

use super::super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::super::{Bitboard, Board, Color, Position, Role, Square};
use super::statics::analyse;

/// One move of the relaxed game.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A unit on the board moves (and takes what stands on `to`), a pawn promoting to
    /// `promotion` on the last rank.
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// A free unit of the loser moves: the board left is the same.
    Pass,
    /// A free unit of the loser takes the winner's unit on this square.
    Remove(Square),
}

/// A position of the relaxed game: the board without the loser's free units, and whose turn.
type Node = (Board, Color);

/// Whether the relaxed game above proves that `winner` can never checkmate from `pos`,
/// visiting at most `limit` positions. `false` proves nothing.
pub(super) fn boxed_unwinnable(pos: &Position, winner: Color, limit: u64) -> bool {
    let loser = !winner;
    let board = pos.board();
    // Castling and en passant would need rules of their own; the winner's pawns could take
    // a free pawn en passant or promote, which the relaxed game does not model.
    if !pos.castling_rights().is_empty()
        || pos.legal_ep_square().is_some()
        || (board.pawns() & board.by_color(winner)).is_nonempty()
        || (board.by_color(winner) & !board.kings()).is_empty()
    {
        return false;
    }
    let loser_king = pos.king(loser);
    let mut near = king_attacks(loser_king).with(loser_king);
    for sq in near {
        near |= king_attacks(sq);
    }
    let free = board.by_color(loser) & !near;
    if free.is_empty() {
        // Nothing to leave out: the exhaustive search covers this position exactly.
        return false;
    }
    let frozen = analyse(pos, Some(winner)).map_or(0, |a| a.frozen);
    let wild = flood(free.0, frozen);
    let mut root = *board;
    for sq in free {
        root.remove(sq);
    }
    let game = Relaxed {
        winner,
        wild: Bitboard(wild),
    };
    game.explore((root, pos.turn()), limit)
}

/// Every square reachable from `start` by king steps and knight jumps without entering
/// `walls`: where a unit starting on `start` can ever stand while the walls stand (a slider's
/// move crosses empty squares one king step apart, a pawn steps forward or aside, and a
/// promoted piece is one of these).
fn flood(start: u64, walls: u64) -> u64 {
    let mut reach = start;
    let mut frontier = start;
    while frontier != 0 {
        let mut next = 0;
        for sq in Bitboard(frontier) {
            next |= (king_attacks(sq) | knight_attacks(sq)).0;
        }
        next &= !walls & !reach;
        reach |= next;
        frontier = next;
    }
    reach
}

struct Relaxed {
    winner: Color,
    /// The squares a free unit of the loser can ever stand on.
    wild: Bitboard,
}

impl Relaxed {
    /// The search over every position of the relaxed game reachable from `root`: `true` when
    /// none can be a checkmate by the winner, within `limit` positions.
    fn explore(&self, root: Node, limit: u64) -> bool {
        let mut visited: HashSet<Node> = HashSet::new();
        visited.insert(root);
        let mut stack = vec![root];
        let mut steps = Vec::new();
        while let Some((board, turn)) = stack.pop() {
            if turn != self.winner && self.may_be_mated(&board) {
                return false;
            }
            let Some(mover) = king(&board, turn) else {
                return false;
            };
            steps.clear();
            self.steps(&board, turn, &mut steps);
            for &step in &steps {
                let after = apply(&board, step);
                let king_after = match step {
                    Step::Move { from, to, .. } if from == mover => to,
                    _ => mover,
                };
                if self.surely_attacked(&after, king_after, !turn) {
                    continue;
                }
                if (after.by_color(self.winner) & !after.kings()).is_empty() {
                    // A bare king never mates, and the winner has no pawns to promote.
                    continue;
                }
                if visited.insert((after, !turn)) {
                    if visited.len() as u64 > limit {
                        return false;
                    }
                    stack.push((after, !turn));
                }
            }
        }
        true
    }

    /// Every move of `turn` on `board`, less only those that take a king: the units' moves
    /// with each line judged on this board (a free unit on it could only remove moves), and
    /// for the loser the moves of its free units.
    fn steps(&self, board: &Board, turn: Color, out: &mut Vec<Step>) {
        let own = board.by_color(turn);
        let occupied = board.occupied();
        let targets_allowed = !own & !board.kings();
        let them = board.by_color(!turn) & !board.kings();
        for from in own {
            let Some(role) = board.role_at(from) else {
                continue;
            };
            let targets = match role {
                Role::King => king_attacks(from),
                Role::Knight => knight_attacks(from),
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
                Role::Pawn => {
                    let ahead = if turn == Color::White { 8 } else { -8 };
                    let mut targets = pawn_attacks(turn, from) & them;
                    if let Some(one) = from.offset(ahead)
                        && !occupied.contains(one)
                    {
                        targets = targets.with(one);
                        let start = from.rank().relative_to(turn).index() == 1;
                        if let Some(two) = one.offset(ahead)
                            && start
                            && !occupied.contains(two)
                        {
                            targets = targets.with(two);
                        }
                    }
                    targets
                }
            };
            for to in targets & targets_allowed {
                let last = to.rank().relative_to(turn).index() == 7;
                if role == Role::Pawn && last {
                    for promotion in Role::PROMOTIONS {
                        out.push(Step::Move {
                            from,
                            to,
                            promotion: Some(promotion),
                        });
                    }
                } else {
                    out.push(Step::Move {
                        from,
                        to,
                        promotion: None,
                    });
                }
            }
        }
        if turn != self.winner {
            out.push(Step::Pass);
            for sq in them & self.wild {
                out.push(Step::Remove(sq));
            }
        }
    }

    /// Whether a unit of `by` attacks `sq` on `board` in every real position with these units:
    /// a pawn, knight or king, or a slider whose squares between hold no free unit ever.
    fn surely_attacked(&self, board: &Board, sq: Square, by: Color) -> bool {
        let them = board.by_color(by);
        if (knight_attacks(sq) & board.knights() & them).is_nonempty()
            || (pawn_attacks(!by, sq) & board.pawns() & them).is_nonempty()
            || (king_attacks(sq) & board.kings() & them).is_nonempty()
        {
            return true;
        }
        let occupied = board.occupied();
        let sliders = ((rook_attacks(sq, occupied) & board.straight_sliders())
            | (bishop_attacks(sq, occupied) & board.diagonal_sliders()))
            & them;
        sliders
            .into_iter()
            .any(|s| (between(s, sq) & self.wild).is_empty())
    }

    /// Whether the loser, to move on `board`, may be checkmated in some real position with
    /// these units: its king is attacked here (with every line open), and no move of a core
    /// unit is surely legal there and out of check (see the module's doc).
    fn may_be_mated(&self, board: &Board) -> bool {
        let loser = !self.winner;
        let Some(king_sq) = king(board, loser) else {
            return true;
        };
        if !board.is_attacked(king_sq, self.winner, board.occupied()) {
            return false;
        }
        let mut steps = Vec::new();
        self.steps(board, loser, &mut steps);
        let winners = board.by_color(self.winner);
        for step in steps {
            let Step::Move { from, to, .. } = step else {
                continue;
            };
            // The square must be free of free units in every real position, and so must the
            // squares the move crosses (a slider's, a pawn's double step).
            if !winners.contains(to) && self.wild.contains(to) {
                continue;
            }
            if (between(from, to) & self.wild).is_nonempty() {
                continue;
            }
            let after = apply(board, step);
            let king_after = if from == king_sq { to } else { king_sq };
            if !after.is_attacked(king_after, self.winner, after.occupied()) {
                return false;
            }
        }
        true
    }
}

/// The king of `color`: always on the board, since no move of the relaxed game takes a king.
fn king(board: &Board, color: Color) -> Option<Square> {
    (board.kings() & board.by_color(color)).first()
}

fn apply(board: &Board, step: Step) -> Board {
    let mut after = *board;
    match step {
        Step::Move {
            from,
            to,
            promotion,
        } => {
            if let Some(mut piece) = after.remove(from) {
                after.remove(to);
                if let Some(role) = promotion {
                    piece.role = role;
                }
                after.put(to, piece);
            }
        }
        Step::Pass => {}
        Step::Remove(sq) => {
            after.remove(sq);
        }
    }
    after
}
