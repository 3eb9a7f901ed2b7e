//! A best-first helpmate finder for weak winners: a side with no queen and no rook, whose
//! mate needs the loser's help in ways the shared move ordering does not foresee.
//!
//! A lone bishop or knight mates only where the loser's own units stand on its king's flight
//! squares, and a winner with pawns alone (often blocked) mates only after a promotion, which
//! may first need the winner's king to take the blocking pawn, or a piece offered to it. The
//! greedy probe and the width-limited guided search follow one ordering of moves and miss
//! most of these; they were then found by wide rounds of the guided search or by the
//! exhaustive search, in tens of milliseconds (most of the time spent on Lichess timeouts).
//!
//! A helpmate is a path in the graph of positions (both sides cooperate), so it is searched
//! for like a path: best first, by an estimate of how far a position is from the goal.
//! The goals are tried in turn, each search within at most a thousand expanded positions:
//!
//! 1. a promotion, when the winner has pawns: the estimate counts the steps of its most
//!    advanced free pawn and, for a pawn blocked by an enemy pawn, the distance of the units
//!    that can remove the blocker (the winner's king taking it, a winner's piece offered to
//!    it, a loser's piece offered to the winner's pawn). Once the winner has a queen or rook,
//!    the quick probe finishes the mate;
//! 2. a mate with the loser's king in a corner, for each corner the winner's pieces can check
//!    (a lone bishop only those of its colour), the most promising first: the estimate counts
//!    the king's walk there (around the squares the winner attacks and its own units), each
//!    flight square next to the corner still to be filled by one of the loser's units (each
//!    used once) or covered by the winner's king, and the moves the checker needs;
//! 3. when the winner's pieces are bishops of one square colour and so are the loser's, and
//!    the loser has pawns: a promotion by the loser (the estimate of goal 1 for its pawns),
//!    then goal 2 from the position with the new piece. Only a pawn, or what it promotes to,
//!    can fill a flight square of the colour no bishop stands on, and the corner searches
//!    alone do not see a pawn's way through the bishops to its promotion square.
//!
//! Positions already reached are skipped by their Zobrist key: a collision can only hide a
//! path, never make one, and a line found is replayed move by move with the legal move
//! generator before it is returned. A miss proves nothing and costs only the budget; the
//! full decision follows.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use super::super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use super::super::{Bitboard, Color, Move, MoveList, Position, Rank, Role, Square};
use super::probe::probe;
use super::search::ByKey;
use super::statics::material_unwinnable;

/// Positions the promotion search may expand.
const PROMOTION_NODES: u64 = 1000;

/// Positions the quick probe may visit to finish a mate once a pawn has promoted.
const FINISH_NODES: u32 = 400;

/// Positions each corner's search may expand.
const CORNER_NODES: u64 = 1000;

/// How many times an estimate's unit outweighs a ply already played: the searches are
/// greedy, since a long helpmate is as good a proof as a short one.
const GREED: u32 = 8;

/// The weight of a king step of the loser towards its corner.
const WALK: u32 = 3;

/// The weight of a move still needed to fill or cover a flight square.
const FLIGHT: u32 = 4;

/// The weight of a pawn step towards promotion (and of a step of a unit that would remove a
/// blocking pawn).
const STEP: u32 = 2;

/// The cost of a unit standing in front of a pawn.
const BLOCKED: u32 = 3;

/// An estimate beyond every real one: the goal cannot be reached that way.
const FAR: u32 = 1000;

const CORNERS: [Square; 4] = [Square::A1, Square::H1, Square::A8, Square::H8];

/// Whether the finder is for this winner: no queen and no rook, but at least one other unit
/// besides the king (a bare king is the material rule's case).
pub(super) fn applies(pos: &Position, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    (ours & (board.queens() | board.rooks())).is_empty() && (ours & !board.kings()).is_nonempty()
}

/// Looks for a helpmate by `winner` from `pos`. Each search expands at most its own bound
/// of positions, and never more than `limit` (the decision's helpmate budget).
pub(super) fn helpmate(pos: &Position, winner: Color, limit: u64) -> Option<Vec<Move>> {
    search_goals(
        pos,
        winner,
        PROMOTION_NODES.min(limit),
        CORNER_NODES.min(limit),
    )
}

/// [`helpmate`] with each search allowed `nodes` positions: the last try of a decision that
/// would otherwise be undetermined. Goals that a thousand positions do not reach, in a
/// position packed with units that must step aside in turn, are often reached within a
/// hundred times as many.
pub(super) fn deep_helpmate(pos: &Position, winner: Color, nodes: u64) -> Option<Vec<Move>> {
    search_goals(pos, winner, nodes, nodes)
}

/// [`helpmate`] with each search allowed only `nodes` positions, far fewer than its own
/// bounds: a cheap try for a caller that needs some helpmate, not the one [`helpmate`] finds
/// (see [`super::QuickStage::SmallFinders`]). A full search that fails on the most promising
/// corner spends its whole bound there before it tries the next, which small searches of
/// every corner often reach at once.
pub(super) fn small_helpmate(pos: &Position, winner: Color, nodes: u64) -> Option<Vec<Move>> {
    search_goals(pos, winner, nodes, nodes)
}

/// The goals in turn, with the positions each promotion search and each corner search may
/// expand.
fn search_goals(
    pos: &Position,
    winner: Color,
    promotion_nodes: u64,
    corner_nodes: u64,
) -> Option<Vec<Move>> {
    let board = pos.board();
    if (board.by_color(winner) & board.pawns()).is_nonempty() {
        let strong = |p: &Position| {
            let b = p.board();
            (b.by_color(winner) & (b.queens() | b.rooks())).is_nonempty()
        };
        let estimate = |p: &Position| {
            if strong(p) {
                0
            } else {
                promotion(p, winner).unwrap_or(FAR)
            }
        };
        let finish = |p: &Position| probe(p, winner, FINISH_NODES);
        if let Some(line) = best_first(pos, winner, promotion_nodes, estimate, finish) {
            return Some(line);
        }
    }
    if let Some(line) = corner_mate(pos, winner, corner_nodes) {
        return Some(line);
    }
    if let Some(colour) = blocker_colour(pos, winner) {
        // Every unit of the loser but its pawns is confined to the squares the winner's
        // bishops attack, and its king can be mated only with a unit of its own on a flight
        // square of the other colour: a pawn, or what a pawn promotes to. Promoting one first
        // lets the corner searches place it.
        let blocker = |p: &Position| {
            let b = p.board();
            let pieces = b.by_color(!winner) & !b.kings() & !b.pawns();
            pieces
                .into_iter()
                .any(|sq| b.role_at(sq) != Some(Role::Bishop) || sq.is_dark() != colour)
        };
        let estimate = |p: &Position| {
            if blocker(p) {
                0
            } else {
                promotion(p, !winner).unwrap_or(FAR)
            }
        };
        let finish = |p: &Position| corner_mate(p, winner, corner_nodes);
        return best_first(pos, winner, promotion_nodes, estimate, finish);
    }
    None
}

/// The corner searches (goal 2), the most promising corner first, each within `nodes`.
fn corner_mate(pos: &Position, winner: Color, nodes: u64) -> Option<Vec<Move>> {
    let mut corners: Vec<(u32, Square)> = CORNERS
        .iter()
        .map(|&corner| (cornered(pos, winner, corner), corner))
        .filter(|&(estimate, _)| estimate < FAR)
        .collect();
    corners.sort_unstable();
    corners.into_iter().find_map(|(_, corner)| {
        let estimate = |p: &Position| cornered(p, winner, corner);
        best_first(pos, winner, nodes, estimate, |_| None)
    })
}

/// When the winner's units besides its king are bishops of one square colour, and so are the
/// loser's besides its king and pawns (at least one pawn): that colour (`true` for dark).
pub(super) fn blocker_colour(pos: &Position, winner: Color) -> Option<bool> {
    let board = pos.board();
    let ours = board.by_color(winner) & !board.kings();
    let theirs = board.by_color(!winner) & !board.kings();
    if (ours & !board.bishops()).is_nonempty() || (theirs & board.pawns()).is_empty() {
        return None;
    }
    let dark = ours.first()?.is_dark();
    let same = |sq: Square| sq.is_dark() == dark;
    let confined = (theirs & !board.pawns())
        .into_iter()
        .all(|sq| board.role_at(sq) == Some(Role::Bishop) && same(sq));
    (ours.into_iter().all(same) && confined).then_some(dark)
}

/// A position the search has expanded, with the move that reached it from its parent.
struct Node {
    pos: Position,
    parent: u32,
    mv: Option<Move>,
    ply: u32,
}

/// The best-first search: expands the position of lowest `GREED * estimate + plies` next,
/// and returns the first line to a mate by `winner`. A position whose estimate is 0 is
/// offered to `finish`, which may complete the line from there; an estimate of [`FAR`] or
/// more drops the position.
fn best_first(
    pos: &Position,
    winner: Color,
    limit: u64,
    estimate: impl Fn(&Position) -> u32,
    finish: impl Fn(&Position) -> Option<Vec<Move>>,
) -> Option<Vec<Move>> {
    // Only expanded positions are kept whole; a position waiting in the queue is its parent
    // and a move, which keeps the memory (and its allocation) small.
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut nodes: Vec<Node> = Vec::with_capacity(limit.min(4096));
    let mut waiting: Vec<(u32, Move)> = Vec::new();
    let mut seen: HashSet<u64, ByKey> = HashSet::default();
    seen.insert(pos.repetition_key().0);
    let mut open: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    let mut moves = MoveList::new();
    let mut next = Some((*pos, 0u32, None::<Move>, 0u32));
    while let Some((parent, from, mv, ply)) = next.take() {
        if nodes.len() >= limit {
            return None;
        }
        let index = u32::try_from(nodes.len()).ok()?;
        nodes.push(Node {
            pos: parent,
            parent: from,
            mv,
            ply,
        });
        parent.legal_moves_into(&mut moves);
        let winner_moves = parent.turn() == winner;
        let occupied = parent.board().occupied();
        for &m in moves.iter() {
            let mut child = parent;
            child.play_unchecked(m);
            // The check is worked out from the move, as the replay does.
            if winner_moves
                && child.checkers_after_move(m).is_nonempty()
                && !child.has_legal_moves()
            {
                return replayed(pos, winner, line_to(&nodes, index, m, Vec::new()));
            }
            if !seen.insert(child.repetition_key().0) {
                continue;
            }
            // A capture or a promotion changes the material, told from the move as a greedy
            // line tells it (a count of the units is a software population count on this
            // machine's baseline instruction set).
            let changed = m.promotion_role().is_some()
                || m.is_en_passant()
                || (m.castling_side().is_none() && occupied.contains(m.to()));
            if changed && material_unwinnable(&child, winner) {
                continue;
            }
            let estimate = estimate(&child);
            if estimate >= FAR {
                continue;
            }
            if estimate == 0
                && let Some(tail) = finish(&child)
            {
                return replayed(pos, winner, line_to(&nodes, index, m, tail));
            }
            let slot = u32::try_from(waiting.len()).ok()?;
            waiting.push((index, m));
            open.push(Reverse((GREED * estimate + ply + 1, slot)));
        }
        if let Some(Reverse((_, slot))) = open.pop() {
            let (from, m) = waiting[slot as usize];
            let node = &nodes[from as usize];
            let mut child = node.pos;
            child.play_unchecked(m);
            next = Some((child, from, Some(m), node.ply + 1));
        }
    }
    None
}

/// The moves from the root to the node `index`, then `last`, then `tail`.
fn line_to(nodes: &[Node], index: u32, last: Move, tail: Vec<Move>) -> Vec<Move> {
    let mut line = vec![last];
    let mut at = index as usize;
    while let Some(mv) = nodes[at].mv {
        line.push(mv);
        at = nodes[at].parent as usize;
    }
    line.reverse();
    line.extend(tail);
    line
}

/// The line if every move is legal in turn and it ends in checkmate by `winner`.
fn replayed(pos: &Position, winner: Color, line: Vec<Move>) -> Option<Vec<Move>> {
    let mut at = *pos;
    for &m in &line {
        at = at.play(m).ok()?;
    }
    (at.is_checkmate() && at.turn() == !winner).then_some(line)
}

/// The Chebyshev distance between two squares (king steps).
fn distance(a: Square, b: Square) -> u32 {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df.max(dr) as u32
}

/// The least distance from any of `from` to any of `to`, or `None` when either is empty.
fn nearest(from: Bitboard, to: Bitboard) -> Option<u32> {
    from.flat_map(|a| to.map(move |b| distance(a, b))).min()
}

/// An estimate of how far the winner is from promoting a pawn, or `None` without pawns.
fn promotion(pos: &Position, winner: Color) -> Option<u32> {
    let board = pos.board();
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    let forward: i32 = if winner == Color::White { 8 } else { -8 };
    let mut best: Option<u32> = None;
    for sq in board.pawns() & ours {
        let rank = sq.rank().relative_to(winner).index() as u32;
        let steps = 7 - rank;
        let Some(front) = sq.offset(forward) else {
            continue;
        };
        // One more than the steps: an estimate of 0 is kept for a pawn already promoted.
        let mut cost = STEP * steps + 1;
        match board.color_at(front) {
            // The pawn in front of it is the one to count.
            Some(c) if c == winner && board.role_at(front) == Some(Role::Pawn) => continue,
            Some(c) if c == winner => cost += BLOCKED,
            Some(_) if board.role_at(front) == Some(Role::Pawn) => {
                // A blocking pawn goes when the winner's king takes it, when it takes a unit
                // the winner offers, or when the winner's pawn takes a unit the loser offers.
                let offered = pawn_attacks(!winner, front);
                let targets = pawn_attacks(winner, sq);
                let removal = [
                    Some(distance(pos.king(winner), front)),
                    nearest(ours & !board.kings() & !board.pawns(), offered),
                    nearest(theirs & !board.kings() & !board.pawns(), targets),
                ]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(8);
                cost += BLOCKED + STEP * removal;
            }
            Some(_) => cost += BLOCKED,
            None => {}
        }
        best = Some(best.map_or(cost, |b| b.min(cost)));
    }
    best
}

/// Every square a king step away from one of `squares`.
fn spread(squares: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let b = squares.0;
    let sideways = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | sideways;
    Bitboard(sideways | (row << 8) | (row >> 8))
}

/// King steps from `from` to `to` through `passable` squares, or `None` when there is no
/// such way (or only one longer than twice the board's width, not worth following either).
fn walk(from: Square, to: Square, passable: Bitboard) -> Option<u32> {
    let target = Bitboard::from_square(to);
    let mut reached = Bitboard::from_square(from);
    let mut steps = 0;
    while (reached & target).is_empty() {
        let next = reached | (spread(reached) & passable);
        steps += 1;
        if next == reached || steps > 14 {
            return None;
        }
        reached = next;
    }
    Some(steps)
}

/// Knight moves between any two squares on an empty board.
fn knight_distance(a: Square, b: Square) -> u32 {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![[u8::MAX; 64]; 64];
        for from in Square::all() {
            let row = &mut table[from.index()];
            row[from.index()] = 0;
            let mut frontier = Bitboard::from_square(from);
            let mut d = 0;
            while frontier.is_nonempty() {
                d += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    for to in knight_attacks(sq) {
                        if row[to.index()] == u8::MAX {
                            row[to.index()] = d;
                            next = next.with(to);
                        }
                    }
                }
                frontier = next;
            }
        }
        table
    });
    u32::from(table[a.index()][b.index()])
}

/// Whether two squares share a diagonal.
fn same_diagonal(a: Square, b: Square) -> bool {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df == dr
}

/// Moves for a unit to stand on `to`, on an empty board, roughly.
fn reach(role: Role, color: Color, from: Square, to: Square) -> u32 {
    if from == to {
        return 0;
    }
    let aligned = from.file() == to.file() || from.rank() == to.rank();
    match role {
        Role::King => distance(from, to),
        Role::Knight => knight_distance(from, to),
        Role::Bishop => {
            if same_diagonal(from, to) {
                1
            } else if from.is_dark() == to.is_dark() {
                2
            } else {
                FAR
            }
        }
        Role::Rook => {
            if aligned {
                1
            } else {
                2
            }
        }
        Role::Queen => {
            if aligned || same_diagonal(from, to) {
                1
            } else {
                2
            }
        }
        Role::Pawn => {
            let rank = from.rank().relative_to(color).index() as u32;
            let target = to.rank().relative_to(color).index() as u32;
            let straight = if from.file() == to.file() && target > rank {
                target - rank
            } else {
                FAR
            };
            // Or promote on its file and come back as a queen.
            let promote = 7 - rank + 1 + {
                let last = if color == Color::White { 7 } else { 0 };
                let back = Square::from_coords(from.file(), Rank::new(last).expect("a rank"));
                reach(Role::Queen, color, back, to)
            };
            straight.min(promote)
        }
    }
}

/// Moves for a unit to attack `to`, roughly (0 when it already does).
fn reach_attack(role: Role, color: Color, from: Square, to: Square, attacks_now: bool) -> u32 {
    if attacks_now {
        return 0;
    }
    match role {
        Role::King => distance(from, to).saturating_sub(1),
        Role::Knight => knight_distance(from, to).abs_diff(1).max(1),
        Role::Bishop => {
            if from.is_dark() == to.is_dark() {
                1
            } else {
                FAR
            }
        }
        Role::Rook | Role::Queen => 1,
        Role::Pawn => reach(Role::Pawn, color, from, to).saturating_sub(1).max(1),
    }
}

/// An estimate of how far `pos` is from a mate by `winner` with the loser's king on `corner`:
/// the king's walk there, the filling or covering of each of its flight squares (each of
/// the loser's units used once), and the winner's checker.
fn cornered(pos: &Position, winner: Color, corner: Square) -> u32 {
    let board = pos.board();
    let loser_king = pos.king(!winner);
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    let occupied = board.occupied().without(loser_king);
    // The winner's units role by role (here and below): the union, count and minimum do not
    // depend on the order, and a unit's role comes without a lookup (the best-first search
    // asks this of every position it meets, for every corner).
    let mut covered = Bitboard::EMPTY;
    for sq in board.pawns() & ours {
        covered |= pawn_attacks(winner, sq);
    }
    for sq in board.knights() & ours {
        covered |= knight_attacks(sq);
    }
    for sq in board.diagonal_sliders() & ours {
        covered |= bishop_attacks(sq, occupied);
    }
    for sq in board.straight_sliders() & ours {
        covered |= rook_attacks(sq, occupied);
    }
    for sq in board.kings() & ours {
        covered |= king_attacks(sq);
    }
    let flights = king_attacks(corner);
    let helpers = theirs & !board.kings();
    // Units already on a flight square stay there, unless the king's way into the corner
    // needs one of them to step aside first.
    let passable = !(helpers | covered) | Bitboard::from_square(corner);
    let mut staying = helpers & flights;
    let mut total = match walk(loser_king, corner, passable) {
        Some(steps) => WALK * steps,
        None => match walk(loser_king, corner, passable | staying) {
            Some(steps) => {
                staying = Bitboard::EMPTY;
                WALK * steps + FLIGHT
            }
            None => WALK * (distance(loser_king, corner) + 4),
        },
    };
    // A winner's unit on the corner has to leave it.
    if (ours & Bitboard::from_square(corner)).is_nonempty() {
        total += FLIGHT;
    }
    // The king cannot step into a corner the winner attacks: every unit that would attack it
    // (through the winner's own units, which can step aside) has to leave its line first.
    if loser_king != corner {
        let through = occupied & !ours;
        // A queen attacks the corner along one line at most.
        let attackers = (board.knights() & ours & knight_attacks(corner))
            | (board.diagonal_sliders() & ours & bishop_attacks(corner, through))
            | (board.straight_sliders() & ours & rook_attacks(corner, through))
            | (board.pawns() & ours & pawn_attacks(!winner, corner));
        total += FLIGHT * attackers.count();
    }
    let mut checker = FAR;
    for (role, units) in [
        (Role::Knight, board.knights()),
        (Role::Bishop, board.bishops()),
        (Role::Rook, board.rooks()),
        (Role::Queen, board.queens()),
    ] {
        for sq in units & ours {
            let now = match role {
                Role::Knight => knight_attacks(sq).contains(corner),
                // On an empty board: a unit between is one the search moves anyway, and
                // counting it sent the searches after other corners more often than it
                // helped.
                Role::Bishop => bishop_attacks(sq, Bitboard::EMPTY).contains(corner),
                Role::Rook => rook_attacks(sq, occupied).contains(corner),
                _ => queen_attacks(sq, occupied).contains(corner),
            };
            checker = checker.min(reach_attack(role, winner, sq, corner, now));
        }
    }
    if checker >= FAR {
        return FAR;
    }
    total += checker;
    let open = flights & !staying & !covered;
    let free = helpers & !staying;
    // The winner's king covers the flight squares next to one square two steps from the
    // corner (or none); the others are filled by the loser's units, each used once.
    let ring = spread(flights) & !flights & !Bitboard::from_square(corner);
    let filling = Filling::new(board, winner, open, free);
    let mut best = filling.cost(open);
    for s in ring {
        let steps = distance(pos.king(winner), s);
        if steps >= best {
            continue;
        }
        best = best.min(steps + filling.cost(open & !king_attacks(s)));
    }
    total + FLIGHT * best
}

/// What it costs the loser's free units to fill the open flight squares of one corner, or any
/// part of them: each square in turn (lowest first) takes the unit that reaches it in the
/// fewest moves (the lowest such unit on a tie), each unit used once; a square no unit reaches
/// in under eight moves counts as eight. The unit-to-square costs are worked out once per
/// estimate, since the winner's king may cover a different part of the squares from each
/// square it could stand on, and every such part is costed.
struct Filling {
    /// The open flight squares, lowest first (a corner has three flight squares).
    squares: [Square; 3],
    len: usize,
    /// `costs[i][j]`: moves for the `j`th free unit (lowest square first) to stand on
    /// `squares[i]`, capped at eight (a cost of eight or more never takes a unit).
    costs: [[u8; 64]; 3],
    units: usize,
}

impl Filling {
    fn new(board: &super::super::Board, winner: Color, open: Bitboard, free: Bitboard) -> Filling {
        let mut filling = Filling {
            squares: [Square::A1; 3],
            len: 0,
            costs: [[0; 64]; 3],
            units: 0,
        };
        for f in open.into_iter().take(3) {
            filling.squares[filling.len] = f;
            filling.len += 1;
        }
        for u in free {
            let role = board.role_at(u).unwrap_or(Role::Pawn);
            for i in 0..filling.len {
                let cost = reach(role, !winner, u, filling.squares[i]).min(8);
                filling.costs[i][filling.units] = cost as u8;
            }
            filling.units += 1;
        }
        filling
    }

    /// Moves to fill the squares of `open` that are among this filling's squares.
    fn cost(&self, open: Bitboard) -> u32 {
        let mut taken = 0u64;
        let mut total = 0;
        for i in 0..self.len {
            if !open.contains(self.squares[i]) {
                continue;
            }
            let mut best = (8, None);
            for (j, &cost) in self.costs[i][..self.units].iter().enumerate() {
                let cost = u32::from(cost);
                if taken & (1 << j) == 0 && cost < best.0 {
                    best = (cost, Some(j));
                }
            }
            if let (_, Some(j)) = best {
                taken |= 1 << j;
            }
            total += best.0;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filling cost as first written: each open square in turn takes the cheapest free
    /// unit, looked up role by role. [`Filling`] works the unit costs out once per estimate.
    fn fill_cost_plain(
        board: &super::super::super::Board,
        winner: Color,
        open: Bitboard,
        free: Bitboard,
    ) -> u32 {
        let mut free = free;
        let mut total = 0;
        for f in open {
            let mut best = (8, None);
            for u in free {
                let cost = reach(board.role_at(u).expect("a unit"), !winner, u, f);
                if cost < best.0 {
                    best = (cost, Some(u));
                }
            }
            if let (_, Some(u)) = best {
                free = free.without(u);
            }
            total += best.0;
        }
        total
    }

    /// On many positions, for both winners and every corner, the costs of every part of the
    /// open flight squares equal the plain computation's.
    #[test]
    fn the_filling_costs_equal_the_plain_computation() {
        let positions = super::super::search::tests::sample_positions();
        assert!(positions.len() > 10_000, "{}", positions.len());
        let mut nonzero = 0;
        for pos in &positions {
            let board = pos.board();
            for winner in Color::ALL {
                let free = board.by_color(!winner) & !board.kings();
                for corner in CORNERS {
                    let flights = king_attacks(corner);
                    let filling = Filling::new(board, winner, flights, free);
                    for part in 0u64..8 {
                        let open = Bitboard(
                            flights
                                .into_iter()
                                .enumerate()
                                .filter(|&(i, _)| part & (1 << i) != 0)
                                .fold(0, |b, (_, sq)| b | (1 << sq.index())),
                        );
                        let plain = fill_cost_plain(board, winner, open, free);
                        assert_eq!(filling.cost(open), plain, "{pos} {winner} {corner:?}");
                        nonzero += usize::from(plain > 0);
                    }
                }
            }
        }
        assert!(nonzero > 1000, "{nonzero}");
    }
}
