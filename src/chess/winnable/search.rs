//! The two searches: a guided helpmate search that finds mating lines quickly, and an
//! exhaustive search of every position reachable from the start that proves unwinnability
//! when that set is small (blocked positions) or is cut short by the static proofs.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::super::{
    Bitboard, Board, CastlingRights, Color, Move, MoveKind, MoveList, Position, Role, Square,
};
use super::probe::mate_in_one;
use super::statics::{analyse, material_unwinnable};

/// King steps between every two squares, by square index: the move ordering asks it twice or
/// more per move, and a table lookup is cheaper than working it out from files and ranks.
const DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[0; 64]; 64];
    let mut a: usize = 0;
    while a < 64 {
        let mut b: usize = 0;
        while b < 64 {
            let df = (a % 8).abs_diff(b % 8);
            let dr = (a / 8).abs_diff(b / 8);
            table[a][b] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// How far each square is from the nearest edge (0 on the edge, 3 in the centre).
const EDGE_DISTANCE: [u8; 64] = {
    let mut table = [0; 64];
    let mut sq: usize = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let file = if f < 7 - f { f } else { 7 - f };
        let rank = if r < 7 - r { r } else { 7 - r };
        table[sq] = if file < rank { file } else { rank } as u8;
        sq += 1;
    }
    table
};

/// The squares within a number of king steps of each square: `WITHIN[sq][r]` holds every
/// square at most `r` steps from `sq`. A greedy line asks it to pass over, all at once, the
/// moves of a piece that land too far from the loser's king to beat the best move so far.
const WITHIN: [[Bitboard; 8]; 64] = {
    let mut table = [[Bitboard::EMPTY; 8]; 64];
    let mut a: usize = 0;
    while a < 64 {
        let mut r: usize = 0;
        while r < 8 {
            let mut set = 0u64;
            let mut b: usize = 0;
            while b < 64 {
                if DISTANCE[a][b] as usize <= r {
                    set |= 1 << b;
                }
                b += 1;
            }
            table[a][r] = Bitboard(set);
            r += 1;
        }
        a += 1;
    }
    table
};

/// The Chebyshev distance between two squares (king steps).
#[inline]
#[cfg(test)]
fn distance(a: Square, b: Square) -> i32 {
    i32::from(DISTANCE[a.index()][b.index()])
}

/// How far a square is from the nearest edge (0 on the edge, 3 in the centre).
#[inline]
#[cfg(test)]
fn edge_distance(sq: Square) -> i32 {
    i32::from(EDGE_DISTANCE[sq.index()])
}

#[inline]
fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.is_en_passant() || pos.board().by_color(!pos.turn()).contains(mv.to())
}

/// Whether the move changes the pawn structure or removes a unit: the only moves after which
/// the semi-static analysis can give a new answer (a quiet piece move stays inside the
/// regions the analysis already worked out).
#[inline]
fn changes_structure(pos: &Position, mv: Move) -> bool {
    mv.role() == Role::Pawn || is_capture(pos, mv) || mv.castling_side().is_some()
}

/// What a greedy line's winner loses by moving a piece where a bare king can take it, and
/// gains by moving it away from there.
const EXPOSED_PENALTY: i32 = 20;

/// The weights of the move ordering's terms (see [`Ordering`]).
#[derive(Clone, Copy)]
struct Weights {
    /// A winner's capture within two king steps of the loser's king.
    capture_near: i32,
    /// A winner's capture elsewhere.
    capture_far: i32,
    /// Each king step the winner's king comes closer to the loser's king.
    king_approach: i32,
    /// Each king step another unit of the winner comes closer to the loser's king.
    unit_approach: i32,
    /// A winner's pawn move.
    winner_pawn: i32,
    /// A winner's check that does not mate, where checks are put off (see
    /// [`Ordering::for_greedy_line`]).
    check: i32,
    /// Each step the loser's king comes closer to the edge.
    edge: i32,
    /// Each step the loser's king comes closer to the winner's king.
    loser_king_approach: i32,
    /// Each step another unit of the loser comes closer to its own king.
    loser_unit_approach: i32,
    /// A loser's unit that lands next to its own king, taking a flight square away.
    beside_king: i32,
    /// A loser's capture.
    loser_capture: i32,
    /// A loser's pawn move.
    loser_pawn: i32,
}

/// The weights of the guided helpmate search.
const GUIDED: Weights = Weights {
    capture_near: 15,
    capture_far: -10,
    king_approach: 3,
    unit_approach: 6,
    winner_pawn: 8,
    check: 0,
    edge: 6,
    loser_king_approach: 2,
    loser_unit_approach: 3,
    beside_king: 8,
    loser_capture: -40,
    loser_pawn: 4,
};

/// The weights of the quick probe's greedy lines. They were fitted by the probe's positions
/// visited on the final positions of twic-sample and lichess-sample (shared/data/pgn): 29 %
/// fewer than with the guided search's weights, every position solved before still solved.
/// A greedy line cannot take a move back, so the winner's king comes along sooner, pawn moves
/// of the winner count for more and the loser's for less, and a loser's unit is not drawn to
/// its king (where it guards the squares the winner needs).
const GREEDY: Weights = Weights {
    capture_near: 15,
    capture_far: -5,
    king_approach: 9,
    unit_approach: 6,
    winner_pawn: 12,
    check: -30,
    edge: 10,
    loser_king_approach: 0,
    loser_unit_approach: 3,
    beside_king: 0,
    loser_capture: -40,
    loser_pawn: -4,
};

/// The move ordering of both searches: the winner brings its units towards the loser's king
/// and promotes to a queen; the loser walks its king to the edge and brings its own units next
/// to it, where they can take away flight squares; neither side is keen on captures (the
/// loser's units are needed as blockers, the winner's as attackers), except the winner's
/// captures next to the loser's king.
///
/// What every move of a node is scored against is worked out once per node. The weights are
/// the type's (`GREEDY_LINE`: the quick probe's, else the guided search's), constants the
/// compiler folds into the scoring rather than fields read at every move: a greedy line
/// scores its moves at every node, and reading the weights from memory was a tenth of that.
pub(super) struct Ordering<const GREEDY_LINE: bool = false> {
    winner_moves: bool,
    /// King steps from each square to the loser's king: the row of [`DISTANCE`] that every
    /// move's terms read, looked up once per node.
    to_loser_king: &'static [u8; 64],
    /// King steps from each square to the winner's king.
    to_winner_king: &'static [u8; 64],
    /// The loser's king, around which [`Ordering::promising`] measures its target sets.
    loser_king: Square,
    theirs: Bitboard,
    /// Where each kind of piece of the winner would give check, by role index, when checks
    /// are put off (see [`Ordering::for_greedy_line`]); empty otherwise.
    checks: [Bitboard; 6],
    /// In a greedy line against a bare king, the squares next to it that the winner's king
    /// does not guard: a piece there is taken, often by the lone king's only move, and the
    /// line ends without mating material (see [`Ordering::for_greedy_line`]); empty otherwise.
    exposed: Bitboard,
}

impl Ordering {
    pub(super) fn new(pos: &Position, winner: Color) -> Ordering {
        Ordering::with_terms(pos, winner)
    }
}

impl Ordering<true> {
    /// The ordering of the quick probe's greedy lines, which also puts off the winner's checks
    /// that do not mate. A greedy line cannot take a move back, and a check leaves the loser
    /// only its answers, often the capture of the checking piece; the deepening search keeps
    /// its checks, which it needs for the mates it looks for.
    #[cfg(test)]
    pub(super) fn for_greedy_line(pos: &Position, winner: Color) -> Ordering<true> {
        Ordering::for_greedy_line_checking(pos, winner, None)
    }

    /// [`Ordering::for_greedy_line`] for a caller that already worked out, the winner to
    /// move, the squares from which each kind of piece would check the loser's king (by role
    /// index, none for the king): a greedy line's mate search does at each of the winner's
    /// positions, and the king's lines need not be looked along twice.
    #[inline]
    pub(super) fn for_greedy_line_checking(
        pos: &Position,
        winner: Color,
        checks: Option<&[Bitboard; 6]>,
    ) -> Ordering<true> {
        let mut ordering = Ordering::with_terms(pos, winner);
        let board = pos.board();
        let majors = (board.rooks() | board.queens()) & board.by_color(winner);
        let loser_king = pos.king(!winner);
        // A lone minor piece, though, drives the king into its corner by checks.
        if ordering.winner_moves && majors.is_nonempty() {
            ordering.checks = match checks {
                Some(checks) => *checks,
                None => {
                    let occupied = pos.board().occupied();
                    let diagonal = bishop_attacks(loser_king, occupied);
                    let straight = rook_attacks(loser_king, occupied);
                    [
                        pawn_attacks(!winner, loser_king),
                        knight_attacks(loser_king),
                        diagonal,
                        straight,
                        diagonal | straight,
                        Bitboard::EMPTY,
                    ]
                }
            };
        }
        // Against a bare king the winner keeps its pieces away from the king's reach unless
        // its own king guards them: a greedy line cannot take back a move that lets the lone
        // king take the last piece that could mate.
        if ordering.winner_moves
            && board.by_color(!winner) == board.kings() & board.by_color(!winner)
        {
            ordering.exposed = king_attacks(loser_king) & !king_attacks(pos.king(winner));
        }
        ordering
    }

    /// The targets of the winner's king's moves from `from` that a greedy line without a
    /// tie-break may choose, the first moves of a position, scored before any other: where
    /// the king takes nothing and can step closer to the loser's king, only those steps,
    /// which score alike and above every other (a king's move scores by its distance to the
    /// loser's king and its capture alone); otherwise all of them. (The loser's king, which
    /// has fewer moves, gained nothing from the same test towards the edge.)
    #[inline]
    pub(super) fn king_steps_to_score(&self, from: Square, targets: Bitboard) -> Bitboard {
        let steps = usize::from(self.to_loser_king[from.index()]);
        if !self.winner_moves || (targets & self.theirs).is_nonempty() || steps == 0 {
            return targets;
        }
        let closer = targets & WITHIN[self.loser_king.index()][steps - 1];
        if closer.is_nonempty() {
            closer
        } else {
            targets
        }
    }
}

impl<const GREEDY_LINE: bool> Ordering<GREEDY_LINE> {
    /// Whether the winner is to move.
    #[inline(always)]
    pub(super) fn winner_moves(&self) -> bool {
        self.winner_moves
    }

    /// The weights of this kind of ordering.
    const WEIGHTS: Weights = if GREEDY_LINE { GREEDY } else { GUIDED };

    /// The terms every ordering scores against, checks and exposed squares left empty.
    #[inline]
    fn with_terms(pos: &Position, winner: Color) -> Ordering<GREEDY_LINE> {
        Ordering {
            winner_moves: pos.turn() == winner,
            to_loser_king: &DISTANCE[pos.king(!winner).index()],
            to_winner_king: &DISTANCE[pos.king(winner).index()],
            loser_king: pos.king(!winner),
            theirs: pos.board().by_color(!pos.turn()),
            checks: [Bitboard::EMPTY; 6],
            exposed: Bitboard::EMPTY,
        }
    }

    /// The higher, the sooner the move is tried.
    ///
    /// Every node scores all its moves, which made this the greedy line's largest cost: the
    /// terms read the precomputed distance rows and choose between weights rather than
    /// branch where they can. [`Ordering::score_plain`] (for the tests) is the same sum
    /// written term by term.
    #[inline(always)]
    pub(super) fn score(&self, mv: Move) -> i32 {
        let w = &Self::WEIGHTS;
        let (from, to) = (mv.from().index(), mv.to().index());
        let role = mv.role();
        let to_loser_king = self.to_loser_king;
        let capture = self.theirs.contains(mv.to());
        if self.winner_moves {
            let near = i32::from(to_loser_king[to]);
            let approach = i32::from(to_loser_king[from]) - near;
            let mut s = approach
                * if role == Role::King {
                    w.king_approach
                } else {
                    w.unit_approach
                };
            if role == Role::Pawn {
                s += w.winner_pawn;
            }
            let capture_value = if near <= 2 {
                w.capture_near
            } else {
                w.capture_far
            };
            match mv.kind() {
                MoveKind::Promotion(promoted) => {
                    s += match promoted {
                        Role::Queen => 60,
                        Role::Knight => 10,
                        _ => -20,
                    };
                    if capture {
                        s += capture_value;
                    }
                }
                kind => {
                    if capture || kind == MoveKind::EnPassant {
                        s += capture_value;
                    }
                    if self.checks[role.index()].contains(mv.to()) {
                        // Mates are looked for before the ordering is asked, so this check
                        // does not mate.
                        s += w.check;
                    }
                }
            }
            if self.exposed.is_nonempty() && role != Role::King {
                if self.exposed.contains(mv.to()) {
                    s -= EXPOSED_PENALTY;
                } else if self.exposed.contains(mv.from()) {
                    s += EXPOSED_PENALTY;
                }
            }
            s
        } else {
            let mut s = if role == Role::King {
                let to_winner_king = self.to_winner_king;
                w.edge * (i32::from(EDGE_DISTANCE[from]) - i32::from(EDGE_DISTANCE[to]))
                    + w.loser_king_approach
                        * (i32::from(to_winner_king[from]) - i32::from(to_winner_king[to]))
            } else {
                let near = i32::from(to_loser_king[to]);
                w.loser_unit_approach * (i32::from(to_loser_king[from]) - near)
                    + if near == 1 { w.beside_king } else { 0 }
            };
            if capture || mv.is_en_passant() {
                s += w.loser_capture;
            }
            if role == Role::Pawn {
                s += w.loser_pawn;
            }
            s
        }
    }

    /// The squares of `targets` to which a normal move of the `role` on `from` may score
    /// above `floor`: the others cannot, so a greedy line that keeps the first best move need
    /// not score them. A move's score is bounded by its terms that do not depend on the
    /// target at their largest, less the approach term, which grows with each king step the
    /// target is nearer to the loser's king: for each kind of target (a capture near the
    /// loser's king, any capture, any other square) the targets too far for that bound to
    /// pass `floor` are left out with one mask. A loser's king, whose few moves are scored by
    /// the edge, is not bounded.
    #[inline(always)]
    pub(super) fn promising(
        &self,
        role: Role,
        from: Square,
        targets: Bitboard,
        floor: i32,
    ) -> Bitboard {
        let w = &Self::WEIGHTS;
        // The approach weight, the largest bonus of a move that takes nothing, and those of
        // a capture near the loser's king (within two steps) and of any capture.
        let (approach, quiet, near, far) = if self.winner_moves {
            let approach = if role == Role::King {
                w.king_approach
            } else {
                w.unit_approach
            };
            let mut quiet = w.check.max(0);
            if role == Role::Pawn {
                quiet += w.winner_pawn;
            }
            if role != Role::King && self.exposed.contains(from) {
                quiet += EXPOSED_PENALTY;
            }
            (
                approach,
                quiet,
                quiet + w.capture_near,
                quiet + w.capture_near.max(w.capture_far),
            )
        } else {
            if role == Role::King {
                return targets;
            }
            let mut quiet = w.beside_king.max(0);
            if role == Role::Pawn {
                quiet += w.loser_pawn;
            }
            let capture = quiet + w.loser_capture;
            (w.loser_unit_approach, quiet, capture, capture)
        };
        if approach <= 0 {
            return targets;
        }
        let around = &WITHIN[self.loser_king.index()];
        // A move scores at most `approach * (d(from) - d(to)) + bonus`, which passes `floor`
        // only where `approach * d(to)` stays below `room`: within `steps` of the king.
        let base =
            i64::from(approach) * i64::from(self.to_loser_king[from.index()]) - i64::from(floor);
        let within = |bonus: i32| {
            let room = base + i64::from(bonus);
            if room <= 0 {
                Bitboard::EMPTY
            } else {
                around[((room - 1) / i64::from(approach)).min(7) as usize]
            }
        };
        let captures = targets & self.theirs;
        (targets & !self.theirs & within(quiet))
            | (captures & around[2] & within(near))
            | (captures & within(far))
    }

    /// The most any pawn move that does not promote may score, where the pawn advances
    /// `steps` ranks (one, or two for a double step) and `captures` or not (a pawn that
    /// steps forward takes nothing); the terms as in [`Ordering::promising`].
    #[inline]
    pub(super) fn pawn_ceiling(&self, steps: i32, captures: bool) -> i32 {
        let w = &Self::WEIGHTS;
        if self.winner_moves {
            w.unit_approach.abs() * steps
                + w.winner_pawn
                + if captures {
                    w.capture_near.max(w.capture_far).max(0)
                } else {
                    0
                }
                + w.check.max(0)
                + if self.exposed.is_nonempty() {
                    EXPOSED_PENALTY
                } else {
                    0
                }
        } else {
            w.loser_unit_approach.abs() * steps
                + w.beside_king.max(0)
                + if captures { w.loser_capture.max(0) } else { 0 }
                + w.loser_pawn
        }
    }

    /// [`Ordering::score`] written term by term, as the ordering was first defined: the tests
    /// compare the two on every move of many positions.
    #[cfg(test)]
    pub(super) fn score_plain(&self, mv: Move, loser_king: Square, winner_king: Square) -> i32 {
        let w = &Self::WEIGHTS;
        let capture = mv.is_en_passant() || self.theirs.contains(mv.to());
        let mut s = 0;
        if self.winner_moves {
            s += match mv.promotion_role() {
                Some(Role::Queen) => 60,
                Some(Role::Knight) => 10,
                Some(_) => -20,
                None => 0,
            };
            if capture {
                s += if distance(mv.to(), loser_king) <= 2 {
                    w.capture_near
                } else {
                    w.capture_far
                };
            }
            let approach = distance(mv.from(), loser_king) - distance(mv.to(), loser_king);
            s += if mv.role() == Role::King {
                w.king_approach * approach
            } else {
                w.unit_approach * approach
            };
            if mv.role() == Role::Pawn {
                s += w.winner_pawn;
            }
            if self.exposed.is_nonempty() && mv.role() != Role::King {
                if self.exposed.contains(mv.to()) {
                    s -= EXPOSED_PENALTY;
                } else if self.exposed.contains(mv.from()) {
                    s += EXPOSED_PENALTY;
                }
            }
            if mv.promotion_role().is_none() && self.checks[mv.role().index()].contains(mv.to()) {
                s += w.check;
            }
        } else {
            if mv.role() == Role::King {
                s += w.edge * (edge_distance(mv.from()) - edge_distance(mv.to()));
                s += w.loser_king_approach
                    * (distance(mv.from(), winner_king) - distance(mv.to(), winner_king));
            } else {
                s += w.loser_unit_approach
                    * (distance(mv.from(), loser_king) - distance(mv.to(), loser_king));
                if distance(mv.to(), loser_king) == 1 {
                    s += w.beside_king;
                }
            }
            if capture {
                s += w.loser_capture;
            }
            if mv.role() == Role::Pawn {
                s += w.loser_pawn;
            }
        }
        s
    }
}

fn ordered(pos: &Position, moves: &MoveList, winner: Color) -> Vec<Move> {
    let ordering = Ordering::new(pos, winner);
    let mut scored: Vec<(i32, Move)> = moves.iter().map(|&m| (ordering.score(m), m)).collect();
    scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    scored.into_iter().map(|(_, m)| m).collect()
}

/// Why a search stopped without a mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// Every possibility was examined: there is no mate.
    Exhausted,
    /// The node budget ran out.
    Budget,
}

/// The guided helpmate search: iterative deepening on the number of the winner's moves, with
/// the move ordering above and, at depth, only the most promising moves of each side (the
/// search looks for a proof of winnability; a miss costs time, never soundness). Failed
/// positions are remembered per remaining depth in a table keyed by the Zobrist key.
pub(super) struct Helpmate {
    winner: Color,
    nodes: u64,
    limit: u64,
    width: usize,
    table: HashMap<u64, u32, ByKey>,
    line: Vec<Move>,
}

impl Helpmate {
    pub(super) fn new(winner: Color, limit: u64, width: usize) -> Helpmate {
        Helpmate {
            winner,
            nodes: 0,
            limit,
            width,
            table: HashMap::default(),
            line: Vec::new(),
        }
    }

    /// Looks for a helpmate of at most `max_moves` moves of the winner.
    pub(super) fn run(&mut self, pos: &Position, max_moves: u32) -> Option<Vec<Move>> {
        for moves in 1..=max_moves {
            let depth = 2 * moves - u32::from(pos.turn() == self.winner);
            self.line.clear();
            if self.search(pos, depth) {
                return Some(std::mem::take(&mut self.line));
            }
            if self.nodes >= self.limit {
                return None;
            }
        }
        None
    }

    fn search(&mut self, pos: &Position, depth: u32) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit {
            return false;
        }
        let key = pos.repetition_key().0;
        if self.table.get(&key).is_some_and(|&d| d >= depth) {
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
                self.table.insert(key, depth);
                return false;
            }
        } else if depth < 2 {
            return false;
        }
        // Near the leaves every move is tried; further up only the best-ordered few.
        let width = if depth <= 4 { usize::MAX } else { self.width };
        for m in ordered(pos, &moves, self.winner).into_iter().take(width) {
            let mut child = *pos;
            child.play_unchecked(m);
            if material_unwinnable(&child, self.winner) {
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
        self.table.insert(key, depth);
        false
    }
}

/// A position as far as its future is concerned (board, side to move, castling rights, an en
/// passant square a capture can use), compared exactly. The exhaustive search proves
/// unwinnability by visiting every reachable position once, so two positions must never be
/// taken for one: a hash alone could, however rarely, hide a mate.
type Identity = (Board, Color, CastlingRights, Option<Square>);

/// The tables of the searches (and the minor finder's) are keyed by Zobrist keys, which are
/// already uniformly random: hashing them again (the standard library's SipHash) only costs
/// time.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else is folded in byte by byte, still correct.
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 ^= key;
    }
}

pub(super) type ByKey = BuildHasherDefault<KeyHasher>;

/// A visited position of the exhaustive search: hashed by its Zobrist key, compared by its
/// whole [`Identity`], so that two positions with one key are still told apart.
struct Visited {
    key: u64,
    identity: Identity,
}

impl Visited {
    fn of(pos: &Position) -> Visited {
        Visited {
            key: pos.repetition_key().0,
            identity: identity(pos),
        }
    }
}

impl PartialEq for Visited {
    fn eq(&self, other: &Visited) -> bool {
        self.identity == other.identity
    }
}

impl Eq for Visited {}

impl Hash for Visited {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

fn identity(pos: &Position) -> Identity {
    (
        *pos.board(),
        pos.turn(),
        pos.castling_rights(),
        pos.legal_ep_square(),
    )
}

struct Frame {
    pos: Position,
    moves: Vec<Move>,
    next: usize,
}

/// The exhaustive search: a depth-first walk over every position reachable from `root` (each
/// visited once), looking for a mate by the winner. Positions where the static proofs show
/// that the winner can never mate are not expanded. When the walk ends without a mate, the
/// winner cannot mate by any series of legal moves.
pub(super) fn exhaust(root: &Position, winner: Color, limit: u64) -> Result<Vec<Move>, Stop> {
    let mut visited: HashSet<Visited, ByKey> = HashSet::default();
    visited.insert(Visited::of(root));
    let mut list = MoveList::new();
    root.legal_moves_into(&mut list);
    let mut stack = vec![Frame {
        pos: *root,
        moves: ordered(root, &list, winner),
        next: 0,
    }];
    let mut line: Vec<Move> = Vec::new();
    let mut nodes = 0u64;
    while let Some(frame) = stack.last_mut() {
        if frame.next == frame.moves.len() {
            stack.pop();
            line.pop();
            continue;
        }
        let m = frame.moves[frame.next];
        frame.next += 1;
        let parent = frame.pos;
        let mut child = parent;
        child.play_unchecked(m);
        if parent.turn() == winner && child.is_check() && !child.has_legal_moves() {
            line.push(m);
            return Ok(line);
        }
        if !visited.insert(Visited::of(&child)) {
            continue;
        }
        nodes += 1;
        if nodes > limit {
            return Err(Stop::Budget);
        }
        if material_unwinnable(&child, winner) {
            continue;
        }
        if changes_structure(&parent, m)
            && analyse(&child, Some(winner)).is_some_and(|a| a.proves_unwinnable(winner))
        {
            continue;
        }
        child.legal_moves_into(&mut list);
        let moves = ordered(&child, &list, winner);
        line.push(m);
        stack.push(Frame {
            pos: child,
            moves,
            next: 0,
        });
    }
    Err(Stop::Exhausted)
}

/// A helpmate without detours: wherever a legal move leads from a position of `line` straight
/// to a later position of it, the moves between are cut out. The exhaustive search's path
/// wanders (it visits positions in its own order), so one move often reaches a position the
/// path only came back to much later. Every move stays legal and the line still ends in the
/// same mate.
pub(super) fn without_detours(root: &Position, line: Vec<Move>) -> Vec<Move> {
    let mut positions = Vec::with_capacity(line.len() + 1);
    positions.push(*root);
    for &m in &line {
        let mut next = positions[positions.len() - 1];
        next.play_unchecked(m);
        positions.push(next);
    }
    // The exhaustive search never visits a position twice, but a line from elsewhere may:
    // the latest index of each position is the one to jump to.
    let mut index: HashMap<Visited, usize, ByKey> = HashMap::default();
    for (i, pos) in positions.iter().enumerate() {
        index.insert(Visited::of(pos), i);
    }
    let mut short = Vec::new();
    let mut at = 0;
    let mut moves = MoveList::new();
    while at < line.len() {
        let pos = &positions[at];
        pos.legal_moves_into(&mut moves);
        let mut best = (at + 1, line[at]);
        for &m in moves.iter() {
            let mut next = *pos;
            next.play_unchecked(m);
            if let Some(&j) = index.get(&Visited::of(&next))
                && j > best.0
            {
                best = (j, m);
            }
        }
        short.push(best.1);
        at = best.0;
    }
    short
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The positions of the perft fixture (castling, en passant, promotions, pins and checks
    /// of every kind) and of the CHA test vector (endings, locked pawns, lone kings), each
    /// with every position one legal move on.
    pub(in crate::chess::winnable) fn sample_positions() -> Vec<Position> {
        let perft = include_str!("../../../fixtures/perft/perft.epd")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or(l).trim());
        let vector = include_str!("../../../fixtures/unwinnability/cha_test_vector.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() > 3)
            .map(|l| &l[3..]);
        let mut positions = Vec::new();
        for fen in perft.chain(vector) {
            let Ok(pos) = Position::from_fen_with_extra_material(fen) else {
                continue;
            };
            positions.push(pos);
            for &m in pos.legal_moves().iter() {
                let mut child = pos;
                child.play_unchecked(m);
                positions.push(child);
            }
        }
        positions
    }

    /// The ordering's score, which reads precomputed rows and chooses weights without
    /// branching, equals its definition written term by term ([`Ordering::score_plain`]) on
    /// every legal move, for both orderings and both winners: the greedy lines and the
    /// guided search play exactly the moves they played before.
    #[test]
    fn the_ordering_scores_every_move_as_its_definition_does() {
        let positions = sample_positions();
        assert!(positions.len() > 10_000, "{}", positions.len());
        for pos in &positions {
            for winner in Color::ALL {
                let (loser_king, winner_king) = (pos.king(!winner), pos.king(winner));
                let guided = Ordering::new(pos, winner);
                let greedy = Ordering::for_greedy_line(pos, winner);
                for &m in pos.legal_moves().iter() {
                    assert_eq!(
                        guided.score(m),
                        guided.score_plain(m, loser_king, winner_king),
                        "{pos} {winner} {m}"
                    );
                    assert_eq!(
                        greedy.score(m),
                        greedy.score_plain(m, loser_king, winner_king),
                        "{pos} {winner} {m} (greedy)"
                    );
                }
            }
        }
    }
}
