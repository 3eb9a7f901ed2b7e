//! The quick probe: a narrow, allocation-free helpmate search that proves most positions of
//! real games winnable in a few microseconds, before any static analysis or wide search.
//!
//! Real positions are nearly always winnable by a short helpmate: the loser's king walks
//! towards an edge, the loser's other units step next to it or out of the way, and the
//! winner's strongest unit comes close and mates. The probe plays greedy lines: each side
//! plays its best move by the searches' shared ordering (see [`super::search::Ordering`]), and
//! wherever the winner moves, every move that can give check is tried for a mate. Each further
//! line breaks the ordering's near-ties another way. A miss proves nothing and costs only the
//! small budget: the full decision follows.

use super::super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks,
    queen_attacks, rook_attacks, rook_rays,
};
use super::super::movegen::{
    MoveSink, attacked_squares, checkers, each_pawn_move, generate_with_checkers,
    has_legal_move_besides_king, has_legal_move_king_first,
};
use super::super::{Bitboard, Board, Color, Move, MoveList, Position, Role, Square};
use super::search::Ordering;
use super::statics::material_unwinnable;

/// The length of one greedy line, in plies.
const DIVE_PLIES: u32 = 80;

/// How many of the winner's moves, best first, a greedy line tries where they stalemate.
const STALEMATE_TRIES: usize = 4;

/// Looks for a helpmate by `winner` from `pos`, visiting at most `limit` positions.
pub(super) fn probe(pos: &Position, winner: Color, limit: u32) -> Option<Vec<Move>> {
    let mut nodes = 0;
    let mut line = Vec::with_capacity(DIVE_PLIES as usize);
    let mut seed = 0;
    while nodes < limit {
        if dive(pos, winner, seed, &mut line, &mut nodes, limit) {
            return Some(line);
        }
        seed += 1;
    }
    None
}

/// One greedy line from `pos`: at every step the side to move plays its best move by the
/// searches' shared ordering, with a small tie-break of its own for each `seed` (seed 0 has
/// none), until the winner can mate at once. `line` holds the moves when it succeeds.
fn dive(
    pos: &Position,
    winner: Color,
    seed: u32,
    line: &mut Vec<Move>,
    nodes: &mut u32,
    limit: u32,
) -> bool {
    line.clear();
    let mut pos = *pos;
    // The winner's position before its last move, and the moves of it that stalemated.
    let mut retreat = pos;
    // (Filled with a move no position has, which no legal move equals.)
    let mut excluded = [Move::normal(Role::King, Square::A1, Square::A1); STALEMATE_TRIES];
    let mut excluded_len = 0;
    // The units giving check to the side to move; after each move of the line, worked out
    // from the move (only the moved piece, or a line it opened, can give check).
    let mut giving_check = checkers(&pos);
    for _ in 0..DIVE_PLIES {
        *nodes += 1;
        if *nodes > limit {
            return false;
        }
        let winner_moves = pos.turn() == winner;
        // The winner's moves are looked over for a mate as they are generated; no move of
        // this position was excluded (a loser's move with moves to play cleared the list).
        let mut choice = Greedy::choose(
            &pos,
            giving_check,
            winner,
            seed,
            line.len(),
            &[],
            winner_moves,
        );
        if winner_moves {
            if let Some(m) = choice.mate {
                line.push(m);
                return true;
            }
            retreat = pos;
        } else if choice.best.is_none() && giving_check.is_nonempty() && !line.is_empty() {
            // The winner's last move mated after all: the mate search passes over the rare
            // check whose mate only a line the moving piece opens completes.
            return true;
        } else if choice.best.is_none() {
            // The winner's last move left the loser no move and did not mate: a stalemate,
            // which ends no helpmate. The winner's next best move is played instead, a few
            // times at most; against a lone king this is the usual way a greedy line goes
            // wrong. (A line that starts with the loser to move and no move has nowhere to
            // go.)
            if excluded_len == STALEMATE_TRIES {
                return false;
            }
            let Some(last) = line.pop() else {
                return false;
            };
            excluded[excluded_len] = last;
            excluded_len += 1;
            pos = retreat;
            choice = Greedy::choose(
                &pos,
                checkers(&pos),
                winner,
                seed,
                line.len(),
                &excluded[..excluded_len],
                false,
            );
        } else {
            excluded_len = 0;
        }
        // No legal move (left): the line ended in a mate of the winner, or every move tried
        // stalemated.
        let Some((_, m)) = choice.best else {
            return false;
        };
        // A capture or a promotion changes the material (told apart without counting the
        // units, a software population count on this machine's baseline instruction set).
        let material_changed = m.promotion_role().is_some()
            || m.is_en_passant()
            || (m.castling_side().is_none() && pos.board().occupied().contains(m.to()));
        // (Inlined: a greedy line plays one move per position it visits.)
        pos.play_unchecked_inlined(m);
        giving_check = pos.checkers_after_move(m);
        line.push(m);
        if material_changed && material_unwinnable(&pos, winner) {
            return false;
        }
    }
    false
}

/// The most a dive's tie-break adds to a move's score (five bits of a hash).
const TIE_BREAK_MAX: i32 = 31;

/// What a greedy line decides at one position, worked out as the move generator produces the
/// moves (see [`MoveSink`]), in the order a move list would hold them: the first mating move
/// of the winner, when asked to look for one, and the first of the moves that score best.
/// Scoring a list of every move, then looking it over twice, was most of the probe's time;
/// here a piece's moves that land too far from the loser's king to beat the best so far are
/// passed over with one mask (see [`Ordering::promising`]), and only the moves that can give
/// check are tried for a mate.
struct Greedy<'a> {
    ordering: Ordering<true>,
    /// The mate search, while one is wanted and none is found.
    mate: Option<MateSearch<'a>>,
    seed: u32,
    ply: u32,
    excluded: &'a [Move],
    /// The first mating move, when the mate search found one.
    found: Option<Move>,
    best: Option<(i32, Move)>,
}

/// The outcome of [`Greedy::choose`].
struct Choice {
    /// The first mating move, when one was looked for and found.
    mate: Option<Move>,
    /// The move to play and its score: the first of the best by the greedy ordering and the
    /// dive's tie-break, leaving out `excluded`. Where no mate was found and no move is
    /// excluded, it is missing only when the position has no legal move: the first move
    /// generated is scored with nothing to beat. (The moves are not counted: a count is a
    /// population count per piece, which this machine's baseline instruction set lacks.)
    best: Option<(i32, Move)>,
}

impl<'a> Greedy<'a> {
    fn choose(
        pos: &'a Position,
        checkers: Bitboard,
        winner: Color,
        seed: u32,
        ply: usize,
        excluded: &'a [Move],
        find_mate: bool,
    ) -> Choice {
        let mate = find_mate.then(|| MateSearch::new(pos));
        let mut greedy = Greedy {
            ordering: Ordering::for_greedy_line_checking(
                pos,
                winner,
                mate.as_ref().map(|search| &search.checks),
            ),
            mate,
            seed,
            ply: ply as u32,
            excluded,
            found: None,
            best: None,
        };
        generate_with_checkers(pos, &mut greedy, checkers, Bitboard::FULL, Bitboard::FULL);
        Choice {
            mate: greedy.found,
            best: greedy.best,
        }
    }

    /// The lowest score a move must pass, before the tie-break, to be worth scoring.
    #[inline]
    fn floor(&self) -> Option<i32> {
        let slack = if self.seed > 0 { TIE_BREAK_MAX } else { 0 };
        self.best.map(|(b, _)| b - slack)
    }

    /// Scores one move and keeps it if it is the first to score this high.
    #[inline(always)]
    fn consider(&mut self, m: Move) {
        let mut best = self.best;
        self.consider_into(&mut best, m);
        self.best = best;
    }

    /// [`Greedy::consider`] keeping the best move in `best`, which a loop over a piece's moves
    /// holds apart from the rest of the choice (in registers) until its last move.
    #[inline(always)]
    fn consider_into(&self, best: &mut Option<(i32, Move)>, m: Move) {
        let mut value = self.ordering.score(m);
        if self.seed > 0 {
            // Each dive follows another line among the moves the ordering finds about
            // equal: a hash of the move, the ply and the seed, below the ordering's
            // larger differences.
            let mix = ((m.from().index() as u32) << 8 | m.to().index() as u32)
                .wrapping_add(self.ply << 16)
                .wrapping_mul(0x9e37_79b9)
                .wrapping_add(self.seed.wrapping_mul(0x85eb_ca6b));
            value += (mix >> 27) as i32;
        }
        if best.is_none_or(|(b, _)| value > b) && !self.excluded.contains(&m) {
            *best = Some((value, m));
        }
    }

    /// Tries one move for a mate, if it may give one and no mate was found yet.
    #[inline]
    fn try_mate(&mut self, m: Move) {
        if let Some(search) = &mut self.mate
            && search.may_check(m)
            && search.mates(m)
        {
            self.found = Some(m);
            self.mate = None;
        }
    }
}

impl Greedy<'_> {
    /// [`MoveSink::piece_moves`] for a piece with somewhere to go. Inlined where the move
    /// generator hands over each kind of piece, where the role is known: the out-of-line
    /// calls come only for moves that may check while a mate is looked for, and for moves
    /// worth scoring (a third of the pieces have none).
    #[inline(always)]
    fn some_piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        if let Some(search) = &self.mate {
            let checking = search.checking(role, from, targets);
            if checking.is_nonempty() {
                self.try_piece_mates(role, from, checking);
            }
        }
        if self.found.is_some() {
            // The mate is played: the ordering is not asked.
            return;
        }
        let targets = match self.floor() {
            Some(floor) => self.ordering.promising(role, from, targets, floor),
            // The king's moves come first, with nothing to beat yet.
            None if role == Role::King && self.seed == 0 && self.excluded.is_empty() => {
                self.ordering.king_steps_to_score(from, targets)
            }
            None => targets,
        };
        if targets.is_nonempty() {
            self.score_piece_moves(role, from, targets);
        }
    }

    /// Tries the moves of a piece to `checking` for a mate, while none is found: a copy of
    /// the loop for each role (the role is known where this is inlined), in which the mate
    /// test looks only at the role's own attacks.
    #[inline(always)]
    fn try_piece_mates(&mut self, role: Role, from: Square, checking: Bitboard) {
        match role {
            Role::Pawn => self.try_role_mates::<0>(from, checking),
            Role::Knight => self.try_role_mates::<1>(from, checking),
            Role::Bishop => self.try_role_mates::<2>(from, checking),
            Role::Rook => self.try_role_mates::<3>(from, checking),
            Role::Queen => self.try_role_mates::<4>(from, checking),
            Role::King => self.try_role_mates::<5>(from, checking),
        }
    }

    /// [`Greedy::try_piece_mates`] for the role of index `ROLE`.
    #[inline(never)]
    fn try_role_mates<const ROLE: usize>(&mut self, from: Square, checking: Bitboard) {
        let role = Role::ALL[ROLE];
        if let Some(search) = &mut self.mate {
            // A direct check mates only where the checking piece covers every flight square
            // (see [`MateSearch::mates`]): the squares it cannot reach on an empty board from
            // there are passed over all at once. A piece that uncovers a check may mate from
            // anywhere.
            let checking = if search.uncovering.contains(from) {
                checking
            } else {
                checking & search.covering_every_flight(role)
            };
            for to in checking {
                let m = Move::normal(role, from, to);
                if search.mates(m) {
                    self.found = Some(m);
                    self.mate = None;
                    break;
                }
            }
        }
    }

    /// Scores the moves of a piece to `targets`: a copy of the loop for each role (the role
    /// is known where this is inlined), in which the role's terms of the score are constants.
    #[inline(always)]
    fn score_piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        match role {
            Role::Pawn => self.score_role_moves::<0>(from, targets),
            Role::Knight => self.score_role_moves::<1>(from, targets),
            Role::Bishop => self.score_role_moves::<2>(from, targets),
            Role::Rook => self.score_role_moves::<3>(from, targets),
            Role::Queen => self.score_role_moves::<4>(from, targets),
            Role::King => self.score_role_moves::<5>(from, targets),
        }
    }

    /// [`Greedy::score_piece_moves`] for the role of index `ROLE`.
    #[inline(never)]
    fn score_role_moves<const ROLE: usize>(&mut self, from: Square, targets: Bitboard) {
        let role = Role::ALL[ROLE];
        let mut best = self.best;
        // One loop for each side, each with only its side's terms of the score to set up:
        // the two loops read alike, but in each the compiler knows which side moves.
        #[allow(clippy::if_same_then_else)]
        if self.ordering.winner_moves() {
            for to in targets {
                self.consider_into(&mut best, Move::normal(role, from, to));
            }
        } else {
            for to in targets {
                self.consider_into(&mut best, Move::normal(role, from, to));
            }
        }
        self.best = best;
    }

    /// [`MoveSink::pawn_moves`] for a set of pawn moves that is not empty, inlined as
    /// [`Greedy::some_piece_moves`] is.
    #[inline(always)]
    fn some_pawn_moves(&mut self, targets: Bitboard, back: i32, promoting: bool) {
        if promoting {
            self.promotions(targets, back);
            return;
        }
        if let Some(search) = &self.mate {
            let checking = search.pawns_checking(targets, back);
            if checking.is_nonempty() {
                self.try_pawn_mates(checking, back);
            }
        }
        if self.found.is_some() {
            return;
        }
        if let Some(floor) = self.floor()
            && self
                .ordering
                .pawn_ceiling(if back.abs() == 16 { 2 } else { 1 }, back.abs() % 8 != 0)
                <= floor
        {
            return;
        }
        self.score_pawn_moves(targets, back);
    }

    /// Promotions: each tried for a mate while none is found, then scored.
    #[inline(never)]
    fn promotions(&mut self, targets: Bitboard, back: i32) {
        if let Some(search) = &mut self.mate {
            'targets: for to in targets {
                let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
                let checking = search.promotions_checking(from, to);
                for (index, role) in Role::PROMOTIONS.into_iter().enumerate() {
                    let m = Move::promotion(from, to, role);
                    if checking[index] && search.mates(m) {
                        self.found = Some(m);
                        self.mate = None;
                        break 'targets;
                    }
                }
            }
        }
        if self.found.is_some() {
            return;
        }
        if self.seed == 0 && self.excluded.is_empty() {
            // Without a tie-break, the queen, which comes first, scores best: the winner's
            // other promotions score less, and the loser's as much (its score does not ask
            // what the pawn becomes). Only the first of the best is kept.
            for to in targets {
                let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
                self.consider(Move::promotion(from, to, Role::Queen));
            }
        } else {
            each_pawn_move(targets, back, true, |m| self.consider(m));
        }
    }

    /// Tries the pawn moves to `checking` for a mate, while none is found.
    #[inline(never)]
    fn try_pawn_mates(&mut self, checking: Bitboard, back: i32) {
        each_pawn_move(checking, back, false, |m| self.try_mate(m));
    }

    /// Scores the pawn moves to `targets`.
    #[inline(never)]
    fn score_pawn_moves(&mut self, targets: Bitboard, back: i32) {
        let mut best = self.best;
        for to in targets {
            let from = Square::from_index_unchecked((to.index() as i32 - back) as u32);
            self.consider_into(&mut best, Move::normal(Role::Pawn, from, to));
        }
        self.best = best;
    }
}

/// Most calls bring no move (a blocked piece, a pawn set that is empty): those return at
/// once, without a call.
impl MoveSink for Greedy<'_> {
    const BARE_KINGS: bool = true;

    #[inline(always)]
    fn piece_moves(&mut self, role: Role, from: Square, targets: Bitboard) {
        if targets.is_nonempty() {
            self.some_piece_moves(role, from, targets);
        }
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, back: i32, promoting: bool) {
        if targets.is_nonempty() {
            self.some_pawn_moves(targets, back, promoting);
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        self.try_mate(m);
        if self.found.is_none() {
            self.consider(m);
        }
    }
}

/// Where a line found by the exhaustive search is tried for a shortcut: every position of
/// its first plies, then ever sparser ones.
const SHORTCUT_TRIES: usize = 200;

/// Positions each shortcut try may visit.
const SHORTCUT_NODES: u32 = 300;

/// A shorter helpmate than `line` where the probe finds one. The exhaustive search returns
/// the path its walk took to a mate, which can run to thousands of plies; a proof that
/// people read should be short. From the earliest position along the line where a greedy
/// line mates sooner, the rest is replaced by it. Every move stays legal, so the result is
/// still a helpmate.
pub(super) fn shorten(pos: &Position, winner: Color, line: Vec<Move>) -> Vec<Move> {
    let mut at = *pos;
    let mut index = 0;
    let mut tries = 0;
    while index < line.len() && tries < SHORTCUT_TRIES {
        if let Some(tail) = probe(&at, winner, SHORTCUT_NODES)
            && tail.len() < line.len() - index
        {
            let mut short = line[..index].to_vec();
            short.extend(tail);
            return short;
        }
        tries += 1;
        let step = if tries > 50 { (index / 16).max(1) } else { 1 };
        for &m in &line[index..(index + step).min(line.len())] {
            at.play_unchecked(m);
        }
        index += step;
    }
    line
}

/// A mating move of the side to move, if it has one. Only moves that can give check are
/// played: those that land where their piece attacks the enemy king, those that leave a line
/// to the king (a discovered check), and the rare kinds (castling, en passant, promotion)
/// whose check is awkward to foresee. A direct check is not played either when the king keeps
/// a flight square the checking piece does not cover: most checks of a middlegame leave one,
/// and playing each to generate the replies was most of the probe's time.
pub(super) fn mate_in_one(pos: &Position, moves: &MoveList) -> Option<Move> {
    let mut search = MateSearch::new(pos);
    moves
        .iter()
        .copied()
        .find(|&m| search.may_check(m) && search.mates(m))
}

/// The tests of [`mate_in_one`] for one position, move by move.
struct MateSearch<'a> {
    pos: &'a Position,
    king: Square,
    /// The squares a piece of each role checks from, by role index (the king gives none).
    checks: [Bitboard; 6],
    /// Our units that uncover a check when they move off their line to the king.
    uncovering: Bitboard,
    /// The board's units without the enemy king.
    through_king: Bitboard,
    /// The king's flight squares, worked out at the first move that may check.
    flights: Option<Bitboard>,
}

impl<'a> MateSearch<'a> {
    #[inline(always)]
    fn new(pos: &'a Position) -> MateSearch<'a> {
        let us = pos.turn();
        let board = pos.board();
        let king = pos.king(!us);
        let occupied = board.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        // A unit of ours that stands alone between the king and one of our line pieces
        // uncovers a check when it moves off that line.
        // Every line piece of ours on the king's lines (on an empty board) is looked at: one
        // with a unit of the king's side between has it among several blockers or, alone,
        // not ours, and uncovers nothing. Most positions have none, and no attack set is
        // worked out for them.
        let ours = board.by_color(us);
        let snipers = ((rook_rays(king) & board.straight_sliders())
            | (bishop_rays(king) & board.diagonal_sliders()))
            & ours;
        let mut uncovering = Bitboard::EMPTY;
        for sniper in snipers {
            // (Not several is one here: the loser's king is not in check. A count would be
            // a software population count on this machine's baseline instruction set.)
            let blockers = between(king, sniper) & occupied;
            if !blockers.has_several() {
                uncovering |= blockers & ours;
            }
        }
        MateSearch {
            pos,
            king,
            checks: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ],
            uncovering,
            through_king: occupied ^ Bitboard::from_square(king),
            flights: None,
        }
    }

    #[inline]
    fn rare(m: Move) -> bool {
        m.castling_side().is_some() || m.is_en_passant() || m.promotion_role().is_some()
    }

    /// Whether the move can give check at all.
    #[inline]
    fn may_check(&self, m: Move) -> bool {
        if let Some(promoted) = m.promotion_role() {
            return self.promotion_checks(m, promoted);
        }
        MateSearch::rare(m)
            || self.uncovering.contains(m.from())
            || self.checks[m.role().index()].contains(m.to())
    }

    /// Whether a promotion gives check: it uncovers a line, or the new piece attacks the king
    /// from its square, with the pawn's square left empty (which the check squares of
    /// [`MateSearch::new`] still count as occupied). Each promotion that cannot check is not
    /// played: a pawn on the last rank but one brings four at every position of a line.
    #[inline(never)]
    fn promotion_checks(&self, m: Move, promoted: Role) -> bool {
        if self.uncovering.contains(m.from()) {
            return true;
        }
        let to = m.to();
        let occupied =
            (self.through_king & !Bitboard::from_square(m.from())) | Bitboard::from_square(to);
        let attacks = match promoted {
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            _ => queen_attacks(to, occupied),
        };
        attacks.contains(self.king)
    }

    /// Which of the promotions from `from` to `to` may give check ([`MateSearch::may_check`]),
    /// in the order of [`Role::PROMOTIONS`]: the lines from the new piece's square are looked
    /// along once for all four.
    #[inline]
    fn promotions_checking(&self, from: Square, to: Square) -> [bool; 4] {
        if self.uncovering.contains(from) {
            return [true; 4];
        }
        let occupied =
            (self.through_king & !Bitboard::from_square(from)) | Bitboard::from_square(to);
        let straight = rook_attacks(to, occupied).contains(self.king);
        let diagonal = bishop_attacks(to, occupied).contains(self.king);
        let knight = knight_attacks(to).contains(self.king);
        [straight || diagonal, straight, diagonal, knight]
    }

    /// The squares of `targets` from which a normal move of the `role` on `from` may give
    /// check: [`MateSearch::may_check`] for a whole set of moves at once.
    #[inline]
    fn checking(&self, role: Role, from: Square, targets: Bitboard) -> Bitboard {
        if self.uncovering.contains(from) {
            targets
        } else {
            targets & self.checks[role.index()]
        }
    }

    /// The targets of `targets`, pawn moves each from the square `back` indices below, from
    /// which a pawn move that does not promote may give check: [`MateSearch::may_check`]
    /// for a whole set of pawn moves at once.
    #[inline]
    fn pawns_checking(&self, targets: Bitboard, back: i32) -> Bitboard {
        // The targets of the pawns that uncover a check: their origins moved `back` on.
        let uncovering = if back > 0 {
            self.uncovering.0 << back
        } else {
            self.uncovering.0 >> -back
        };
        targets & (self.checks[Role::Pawn.index()] | Bitboard(uncovering))
    }

    /// The king's flight squares as the position stands: next to it, not held by its own
    /// units, and attacked by none of ours (looking through the king, which moves away).
    /// Many positions of a greedy line have no move that can give check at all, so this, the
    /// costly part of a mate test, is worked out at the first move that can.
    #[inline(always)]
    fn flights(&mut self) -> Bitboard {
        let board = self.pos.board();
        let us = self.pos.turn();
        let (king, through_king) = (self.king, self.through_king);
        *self.flights.get_or_insert_with(|| {
            king_attacks(king) & !board.by_color(!us) & !attacked_squares(board, us, through_king)
        })
    }

    /// The squares from which a piece of `role` (not a pawn, nor the king) could cover
    /// every flight square, on an empty board: a direct check by it from elsewhere leaves the
    /// king a square, and is no mate.
    #[inline(always)]
    fn covering_every_flight(&mut self, role: Role) -> Bitboard {
        let mut from = Bitboard::FULL;
        for flight in self.flights() {
            let reach = match role {
                Role::Knight => knight_attacks(flight),
                Role::Bishop => bishop_rays(flight),
                Role::Rook => rook_rays(flight),
                Role::Queen => bishop_rays(flight) | rook_rays(flight),
                Role::Pawn | Role::King => Bitboard::FULL,
            };
            from &= reach.with(flight);
        }
        from
    }

    /// Whether a move that may give check mates. Inlined in the loop over a piece's
    /// checking moves, its most frequent caller.
    #[inline(always)]
    fn mates(&mut self, m: Move) -> bool {
        let pos = self.pos;
        let us = pos.turn();
        let board = pos.board();
        let through_king = self.through_king;
        let flights = self.flights();
        let direct = !MateSearch::rare(m) && !self.uncovering.contains(m.from());
        if direct {
            // The checking piece on its new square takes away what it attacks (through
            // the king) and the square it stands on; any other flight square stays.
            let seen =
                (through_king & !Bitboard::from_square(m.from())) | Bitboard::from_square(m.to());
            let covered = Bitboard::from_square(m.to())
                | match m.role() {
                    Role::Pawn => pawn_attacks(us, m.to()),
                    Role::Knight => knight_attacks(m.to()),
                    Role::Bishop => bishop_attacks(m.to(), seen),
                    Role::Rook => rook_attacks(m.to(), seen),
                    _ => queen_attacks(m.to(), seen),
                };
            if (flights & !covered).is_nonempty() {
                return false;
            }
            // A checking piece next to the king that none of ours guards, looking through
            // the king, is taken by it.
            let from = Bitboard::from_square(m.from());
            let guards = board.by_color(us) & !from;
            if king_attacks(self.king).contains(m.to()) && !guarded(board, us, m.to(), seen, guards)
            {
                return false;
            }
            // The king's other squares, which the flight squares above counted attacked as
            // the units stood before the move: one that none of our other units attacks
            // after it lets the king step out (the moved piece, from the square it left, may
            // have been its only guard). This test is exact, so it changes no answer: it
            // spares playing the move and mapping every attack to find that out, and when it
            // finds no square, only the units other than the king are left to look at.
            for square in king_attacks(self.king) & !board.by_color(!us) & !covered {
                if !guarded(board, us, square, seen, guards) {
                    return false;
                }
            }
            let mut child = *pos;
            child.play_unchecked(m);
            // The check is given by the moved piece alone: the king was not in check, and
            // the square it left uncovers no line (else it would be in `uncovering`).
            return !has_legal_move_besides_king(&child, Bitboard::from_square(m.to()));
        } else if !MateSearch::rare(m) {
            // A move that uncovers a check: a flight square stays one unless the moved piece
            // covers it from its new square or a line through the square it left now reaches
            // it (nothing else of ours can newly attack a square). Unlike the test of a direct
            // check above, which the greedy lines are defined by, this one is exact: it passes
            // over only checks that the king escapes, so it changes no answer, and spares
            // playing the move to find that out.
            let seen =
                (through_king & !Bitboard::from_square(m.from())) | Bitboard::from_square(m.to());
            let covered = Bitboard::from_square(m.to())
                | queen_attacks(m.from(), seen)
                | match m.role() {
                    Role::Pawn => pawn_attacks(us, m.to()),
                    Role::Knight => knight_attacks(m.to()),
                    Role::Bishop => bishop_attacks(m.to(), seen),
                    Role::Rook => rook_attacks(m.to(), seen),
                    Role::Queen => queen_attacks(m.to(), seen),
                    Role::King => king_attacks(m.to()),
                };
            if (flights & !covered).is_nonempty() {
                return false;
            }
        }
        let mut child = *pos;
        child.play_unchecked(m);
        let checkers = checkers(&child);
        checkers.is_nonempty() && !has_legal_move_king_first(&child, checkers)
    }
}

/// Whether one of `guards`, units of `us`, attacks `sq` when the board's occupancy is
/// `occupied`: [`Board::attackers_to`] with the units of one side only, the cheap lookups
/// first and the line pieces only when no other unit guards.
#[inline]
fn guarded(board: &Board, us: Color, sq: Square, occupied: Bitboard, guards: Bitboard) -> bool {
    let steppers = (pawn_attacks(!us, sq) & board.pawns())
        | (knight_attacks(sq) & board.knights())
        | (king_attacks(sq) & board.kings());
    if (steppers & guards).is_nonempty() {
        return true;
    }
    // A line piece's attacks are worked out only when one stands on the square's lines (on an
    // empty board).
    let straight = rook_rays(sq) & board.straight_sliders() & guards;
    let diagonal = bishop_rays(sq) & board.diagonal_sliders() & guards;
    (straight.is_nonempty() && (rook_attacks(sq, occupied) & straight).is_nonempty())
        || (diagonal.is_nonempty() && (bishop_attacks(sq, occupied) & diagonal).is_nonempty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The greedy choice worked out as the moves are generated equals the one a list of
    /// every move gives, scored in full and looked over in order: the same first mate (as
    /// [`mate_in_one`] finds it), whether there is any move, and the same first best move, with
    /// and without a tie-break and a move excluded, for both winners, on many positions.
    #[test]
    fn the_greedy_choice_equals_scoring_the_whole_list() {
        let positions = super::super::search::tests::sample_positions();
        assert!(positions.len() > 10_000, "{}", positions.len());
        for pos in &positions {
            let moves = pos.legal_moves();
            for winner in Color::ALL {
                let ordering = Ordering::for_greedy_line(pos, winner);
                for (seed, ply) in [(0, 0), (1, 3), (7, 12)] {
                    for excluded in [&[][..], &moves[..moves.len().min(1)]] {
                        let find_mate = pos.turn() == winner && excluded.is_empty();
                        let choice = Greedy::choose(
                            pos,
                            checkers(pos),
                            winner,
                            seed,
                            ply,
                            excluded,
                            find_mate,
                        );
                        if find_mate {
                            assert_eq!(choice.mate, mate_in_one(pos, &moves), "{pos}");
                            if choice.mate.is_some() {
                                continue;
                            }
                        }
                        if excluded.is_empty() {
                            // The greedy line reads a position without moves from this.
                            assert_eq!(choice.best.is_none(), moves.is_empty(), "{pos}");
                        }
                        let mut best: Option<(i32, Move)> = None;
                        for &m in moves.iter() {
                            let mut value = ordering.score(m);
                            if seed > 0 {
                                let mix = ((m.from().index() as u32) << 8 | m.to().index() as u32)
                                    .wrapping_add((ply as u32) << 16)
                                    .wrapping_mul(0x9e37_79b9)
                                    .wrapping_add(seed.wrapping_mul(0x85eb_ca6b));
                                value += (mix >> 27) as i32;
                            }
                            if best.is_none_or(|(b, _)| value > b) && !excluded.contains(&m) {
                                best = Some((value, m));
                            }
                        }
                        assert_eq!(choice.best, best, "{pos} {winner} seed {seed}");
                    }
                }
            }
        }
    }

    /// The mate test is exact where a check is uncovered or the move is of a rare kind: it
    /// finds a mate exactly where playing the move checkmates (the test of the uncovered
    /// check's flight squares passes over no mate). A direct check it finds mating does
    /// mate. Every move of many positions, for the side to move.
    #[test]
    fn the_mate_test_is_exact_for_uncovered_checks() {
        let positions = super::super::search::tests::sample_positions();
        let mut uncovered = 0;
        for pos in &positions {
            let mut search = MateSearch::new(pos);
            for &m in pos.legal_moves().iter() {
                let mates = search.may_check(m) && search.mates(m);
                let mut child = *pos;
                child.play_unchecked(m);
                let direct = !MateSearch::rare(m) && !search.uncovering.contains(m.from());
                if direct {
                    assert!(!mates || child.is_checkmate(), "{pos} {m}");
                } else {
                    assert_eq!(mates, child.is_checkmate(), "{pos} {m}");
                    uncovered += 1;
                }
            }
        }
        assert!(uncovered > 100, "{uncovered}");
    }

    /// Regression: a probe from a position where the loser, to move, has no move (here a
    /// stalemate, the queen on b6 against the king on a8) found no winner's move to step back
    /// to and panicked. It must find nothing: no series of moves starts there.
    #[test]
    fn a_probe_from_a_stalemate_finds_nothing() {
        let pos = Position::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
        assert!(!pos.has_legal_moves() && !pos.is_check());
        assert_eq!(probe(&pos, Color::White, 400), None);
    }

    /// A queen against a bare king, where the greedy line's best moves stalemate: the line
    /// steps back and mates. The line is replayed here move by move.
    #[test]
    fn a_greedy_line_steps_around_stalemates_to_mate() {
        // The position arose in a random game of shared/data/pgn (random-legal.pgn): before
        // the greedy line stepped back from stalemates it failed over 4,400 positions.
        let pos = Position::from_fen("7K/8/6q1/4k3/8/8/8/8 b - - 33 180").unwrap();
        let line = probe(&pos, Color::Black, 400).expect("a helpmate");
        let mut at = pos;
        for &m in &line {
            at = at.play(m).expect("every move of the line is legal");
        }
        assert!(at.is_checkmate() && at.turn() == Color::White);
    }
}
