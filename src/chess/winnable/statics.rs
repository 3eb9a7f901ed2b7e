//! The static and semi-static proofs of unwinnability: facts about a position that hold for
//! every position reachable from it, so that no search is needed.
//!
//! The semi-static analysis finds the pawns that can never move again ("frozen" pawns): a pawn
//! whose square ahead holds a frozen pawn, that no enemy unit can ever capture, and that can
//! never capture anything itself. It is a greatest fixed point: every pawn starts frozen, and a
//! pawn thaws as soon as, with the frozen pawns as permanent walls, some unit could reach a
//! square that would let it (or its attacker) move. Once the set is stable, the walls are
//! permanent: the first frozen pawn to move or be taken would need a unit on a square that the
//! analysis proved it can never reach while all frozen pawns still stand. With the walls fixed,
//! each unit's reachable squares bound everything that can ever happen, and a checkmate needs a
//! king square that a unit of the winner can attack and whose neighbours can all be covered or
//! filled. Pieces that never move but may be taken ("stuck", see `Stuck::stuck_piece`) are
//! not walls, but stand on their squares and attack only their neighbours while they last.
//! A confined group (see `confined_group`) of bishops that shuffle through a few holes of a
//! region no other unit can enter defends, as a group, the squares no single one of them holds.
//! Pawns that never move but may be taken (see `stuck_pawn`: head to head with an enemy pawn
//! that nothing of theirs can take, or one whose only move would checkmate the winner, see
//! `mating_push`) keep a wall standing where a king may eat into it; and a unit that never
//! moves gives no mating check unless it is a slider (see `Side::check`). A king holds the
//! squares it stands on or next to wherever it is in its region (see `king_cover`).

use super::super::attacks::{aligned, between, bishop_attacks, line, rook_attacks};
use super::super::{Bitboard, Color, Position, Role, Square};

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const NOT_AB: u64 = 0xfcfc_fcfc_fcfc_fcfc;
const NOT_GH: u64 = 0x3f3f_3f3f_3f3f_3f3f;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// Every square at most one king step from a square of `b` (`b` included).
#[inline]
fn king_spread(b: u64) -> u64 {
    let row = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    row | (row << 8) | (row >> 8)
}

/// Every square one knight jump from a square of `b`.
#[inline]
fn knight_spread(b: u64) -> u64 {
    let one = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let two = ((b << 2) & NOT_AB) | ((b >> 2) & NOT_GH);
    (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
}

/// The squares that pawns of `color` on `b` attack.
#[inline]
fn pawn_spread(color: Color, b: u64) -> u64 {
    let side = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    match color {
        Color::White => side << 8,
        Color::Black => side >> 8,
    }
}

#[inline]
fn forward(color: Color, b: u64) -> u64 {
    match color {
        Color::White => b << 8,
        Color::Black => b >> 8,
    }
}

fn squares(b: u64) -> impl Iterator<Item = Square> {
    Bitboard(b)
}

/// How a kind of unit moves, for the reachability flood.
#[derive(Clone, Copy)]
enum Mover {
    Knight,
    Bishop,
    Rook,
    Queen,
    /// A promoted piece of unknown kind: a queen's and a knight's moves together.
    Any,
}

impl Mover {
    fn of(role: Role) -> Mover {
        match role {
            Role::Knight => Mover::Knight,
            Role::Bishop => Mover::Bishop,
            Role::Rook => Mover::Rook,
            Role::Queen => Mover::Queen,
            Role::Pawn | Role::King => Mover::Any,
        }
    }

    /// The squares attacked from `b` with `walls` as the only blockers.
    fn attacks(self, b: u64, walls: u64) -> u64 {
        let mut out = 0;
        if matches!(self, Mover::Knight | Mover::Any) {
            out |= knight_spread(b);
        }
        if !matches!(self, Mover::Knight) {
            for sq in squares(b) {
                if matches!(self, Mover::Bishop | Mover::Queen | Mover::Any) {
                    out |= bishop_attacks(sq, Bitboard(walls)).0;
                }
                if matches!(self, Mover::Rook | Mover::Queen | Mover::Any) {
                    out |= rook_attacks(sq, Bitboard(walls)).0;
                }
            }
        }
        out
    }

    /// Every square a unit starting on `start` can ever stand on while `walls` stand.
    fn reach(self, start: u64, walls: u64) -> u64 {
        let mut reach = start;
        let mut frontier = start;
        while frontier != 0 {
            let next = self.attacks(frontier, walls) & !walls & !reach;
            reach |= next;
            frontier = next;
        }
        reach
    }
}

/// What one side's units can ever do while the frozen units stand.
#[derive(Default, Clone)]
struct Side {
    /// Squares a unit other than the king can ever stand on (frozen units excluded).
    occupy: u64,
    /// Squares a unit other than the king can ever attack, frozen units included.
    attack: u64,
    /// Squares where a unit of this side could ever give check: those a unit that may move
    /// can ever attack, and a slider's lines, which a move of another unit may uncover. A
    /// pawn, knight or king that never moves never gives the check that ends a game: its
    /// check would have been there before the move that mated, with the mating side to move.
    check: u64,
    /// Squares the king can ever stand on.
    king: u64,
    /// For each unit other than the king (frozen units included), the squares it can ever
    /// stand on: one unit fills one square, which the mating-pattern test counts.
    units: Vec<u64>,
    /// For each entry of `units`, the square the unit stands on now.
    origins: Vec<u64>,
}

/// The result of the semi-static analysis.
pub(super) struct Analysis {
    sides: [Side; 2],
    /// The units that never move and are never taken (read by the tests, which follow them
    /// along real series of moves).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) frozen: u64,
    /// The pieces (not pawns, not kings) that never move, frozen or not.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) stuck: u64,
    /// The position analysed, for the locked-kings proof (see [`locked_kings_proof`]).
    position: Position,
}

/// The files below a square (for a white pawn: the squares behind it) and above it.
fn ahead_on_file(color: Color, sq: Square) -> u64 {
    let file = 0x0101_0101_0101_0101u64 << sq.file().index();
    let bit = 1u64 << sq.index();
    match color {
        Color::White => file & !(bit | (bit - 1)),
        Color::Black => file & (bit - 1),
    }
}

/// The squares a pawn of `color` on `sq` may ever stand on (its own square included).
///
/// A "bound" pawn never captures and is never captured, so it stays on its file, and it can
/// never pass an enemy bound pawn ahead of it on that file: its pushes stop before the square
/// where that pawn stands now (the enemy pawn can only come closer). Another pawn may push and
/// capture anywhere outside the frozen squares.
fn pawn_cone(
    color: Color,
    sq: Square,
    frozen: u64,
    bound: u64,
    safe: u64,
    enemy_pawns: u64,
) -> u64 {
    let start = 1u64 << sq.index();
    if bound & start != 0 {
        let ahead = ahead_on_file(color, sq);
        let blockers = ahead & ((enemy_pawns & bound & safe) | frozen);
        let limit = match color {
            Color::White => blockers & blockers.wrapping_neg(),
            Color::Black => {
                if blockers == 0 {
                    0
                } else {
                    1u64 << (63 - blockers.leading_zeros())
                }
            }
        };
        let reachable = match (color, limit) {
            (_, 0) => ahead,
            (Color::White, l) => ahead & (l - 1),
            (Color::Black, l) => ahead & !(l | (l - 1)),
        };
        return start | reachable;
    }
    let last = match color {
        Color::White => RANK_8,
        Color::Black => RANK_1,
    };
    let mut cone = start;
    let mut frontier = start;
    while frontier != 0 {
        let next = (forward(color, frontier) | pawn_spread(color, frontier)) & !frozen & !cone;
        cone |= next;
        frontier = next & !last;
    }
    cone
}

#[allow(clippy::too_many_arguments)]
fn analyse_side(
    pos: &Position,
    color: Color,
    frozen: u64,
    stuck: u64,
    bound: u64,
    safe: u64,
    held: u64,
) -> (Side, [u64; 64]) {
    let board = pos.board();
    let ours = board.by_color(color).0;
    let theirs = board.by_color(!color).0;
    let pawns = board.pawns().0;
    let frozen_ours = frozen & ours;
    let mut side = Side {
        attack: pawn_spread(color, frozen_ours & pawns),
        ..Side::default()
    };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mover = Mover::of(role);
        for sq in board.by_piece(role.of(color)) {
            let start = Bitboard::from_square(sq).0;
            if (frozen | stuck) & start != 0 {
                // A frozen piece stays where it is and attacks from there. A stuck piece
                // never moves but may be taken: while it stands, every square it could step
                // to stays filled (see `stuck_piece`), so it attacks only those.
                let blockers = if frozen & start != 0 {
                    frozen
                } else {
                    side.occupy |= start;
                    u64::MAX
                };
                let attack = mover.attacks(start, blockers);
                side.attack |= attack;
                if role != Role::Knight {
                    side.check |= attack;
                }
                side.units.push(start);
                side.origins.push(start);
                continue;
            }
            let reach = mover.reach(start, frozen);
            side.occupy |= reach;
            let attack = mover.attacks(reach, frozen);
            side.attack |= attack;
            side.check |= attack;
            side.units.push(reach);
            side.origins.push(start);
        }
    }
    for sq in squares(frozen_ours & pawns) {
        side.units.push(1u64 << sq.index());
        side.origins.push(1u64 << sq.index());
    }
    let last = match color {
        Color::White => RANK_8,
        Color::Black => RANK_1,
    };
    let mut cones = [0u64; 64];
    for sq in squares(pawns & ours & !frozen) {
        let start = 1u64 << sq.index();
        if stuck & start != 0 {
            // A stuck pawn never moves but may be taken (see `stuck_pawn`): it stands on
            // its square, attacks from there, and never gives the check that mates.
            cones[sq.index()] = start;
            side.occupy |= start;
            side.attack |= pawn_spread(color, start);
            side.units.push(start);
            side.origins.push(start);
            continue;
        }
        let cone = pawn_cone(color, sq, frozen, bound, safe, pawns & theirs);
        cones[sq.index()] = cone;
        side.occupy |= cone & !last;
        side.attack |= pawn_spread(color, cone & !last);
        side.check |= pawn_spread(color, cone & !last);
        let mut unit = cone & !last;
        if cone & last != 0 {
            // Once promoted, a pawn may become any piece.
            let reach = Mover::Any.reach(cone & last, frozen);
            side.occupy |= reach;
            let attack = Mover::Any.attacks(reach, frozen);
            side.attack |= attack;
            side.check |= attack;
            unit |= reach;
        }
        side.units.push(unit);
        side.origins.push(1u64 << sq.index());
    }
    // The king never enters a frozen unit's square nor a square that a frozen enemy unit
    // attacks for good (`held`): both hold as long as the frozen units stand.
    side.king = king_flood(Bitboard::from_square(pos.king(color)).0, held | frozen);
    (side, cones)
}

/// The squares that a king whose region is `region` always stands on or next to, wherever in
/// the region it is: no enemy king ever enters them, and a unit of the king's side on one of
/// them is defended by the king (the king is not on the unit's square, so it stands next to
/// it). A region grows from round to round, and [`analyse`] runs until it is stable, so at the
/// fixed point this holds with the region the round's other facts assume.
fn king_cover(region: u64) -> u64 {
    let mut cover = u64::MAX;
    for sq in squares(region) {
        cover &= king_spread(1u64 << sq.index());
        if cover == 0 {
            break;
        }
    }
    cover
}

/// Every square a king starting on `start` can walk to without entering `forbidden`.
fn king_flood(start: u64, forbidden: u64) -> u64 {
    let mut king = start;
    loop {
        let next = king | (king_spread(king) & !forbidden);
        if next == king {
            return king;
        }
        king = next;
    }
}

/// The squares that the frozen units of `color` attack whatever the other units do: a pawn's,
/// a knight's and a king's attacks, and a bridging-free slider's attacks on its neighbours
/// (a square next to it, which no unit can step between). A unit of the other colour on such
/// a square is defended against the king for good, and the other king never goes there.
fn held_squares(pos: &Position, color: Color, frozen: u64) -> u64 {
    let board = pos.board();
    let ours = frozen & board.by_color(color).0;
    let diagonal = ours & board.diagonal_sliders().0;
    let straight = ours & board.straight_sliders().0;
    pawn_spread(color, ours & board.pawns().0)
        | knight_spread(ours & board.knights().0)
        | (king_spread(ours & board.kings().0) & !(ours & board.kings().0))
        | ((diagonal << 9) & NOT_A)
        | ((diagonal << 7) & NOT_H)
        | ((diagonal >> 7) & NOT_A)
        | ((diagonal >> 9) & NOT_H)
        | ((straight << 1) & NOT_A)
        | ((straight >> 1) & NOT_H)
        | (straight << 8)
        | (straight >> 8)
}

/// The light squares (b1, a2, ...).
const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;

/// A confined group: every bishop of one colour on one square colour that is not frozen,
/// shut in a region that only they can ever enter (checked against each round's reaches, see
/// [`analyse`]). The region is their diagonal flood with the colour's frozen units as walls,
/// so no bishop of the group ever leaves it, and it holds nothing but the group now.
struct Group {
    region: u64,
    bishops: u64,
    /// The squares some bishop of the group attacks whatever the others do (see
    /// [`confined_group`]).
    held: u64,
}

/// The confined group of `color`'s bishops on light (`light`) or dark squares, if any.
///
/// While nothing but the group ever stands in the region, the region holds the group's
/// bishops and at most `holes` empty squares (the bishops never leave it; one taken would
/// need a unit entering it). A square from which the region's squares run on along diagonals
/// for more than `holes` squares in all (counting on each diagonal only the region's squares
/// next to it and then next to each other) is attacked by a bishop of the group in every
/// position reachable: the first filled square along one of those runs holds a bishop, with
/// only holes between. Such a square is defended for good when a unit of `color` stands on
/// it (a bishop of the group too: the holes are then counted without its square), and the
/// other king never enters it.
fn confined_group(pos: &Position, color: Color, light: bool, frozen: u64) -> Option<Group> {
    let board = pos.board();
    let shade = if light { LIGHT } else { !LIGHT };
    let bishops = board.by_piece(Role::Bishop.of(color)).0 & !frozen & shade;
    if bishops == 0 {
        return None;
    }
    let region = Mover::Bishop.reach(bishops, frozen & board.by_color(color).0);
    if region & board.occupied().0 != bishops {
        return None;
    }
    let holes = region.count_ones() - bishops.count_ones();
    let mut held = 0;
    for t in 0..64i32 {
        let (file, rank) = (t % 8, t / 8);
        let mut run = 0;
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut f, mut r) = (file + df, rank + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) && region & (1u64 << (r * 8 + f)) != 0
            {
                run += 1;
                f += df;
                r += dr;
            }
        }
        if run > holes {
            held |= 1u64 << t;
        }
    }
    Some(Group {
        region,
        bishops,
        held,
    })
}

/// Whether the group's region stays closed to every other unit: no unit of the other side
/// (king included) and no other unit of `color` (king included) can ever stand on one of its
/// squares, by the round's reaches.
fn group_closed(group: &Group, color: Color, sides: &[Side; 2]) -> bool {
    let ours = &sides[color.index()];
    let enemy = &sides[(!color).index()];
    if (enemy.occupy | enemy.king | ours.king) & group.region != 0 {
        return false;
    }
    ours.units
        .iter()
        .zip(&ours.origins)
        .all(|(reach, origin)| origin & group.bishops != 0 || reach & group.region == 0)
}

/// Works out the frozen units and what each side can ever reach. Returns `None` when an en
/// passant capture is possible now: the pawn that just made its double step is not covered by
/// the argument, and one move later the analysis applies again.
///
/// Three sets are refined together, as greatest fixed points: the frozen units (never move,
/// never taken: pawns, pieces and kings alike), and among the pawns the bound ones (never
/// capture, never taken; the frozen ones are bound too) and the safe ones (never taken).
/// Every unit starts frozen. Each round assumes the three sets, works out every unit's reach
/// under that assumption, and drops a unit that could then move or be captured, a pawn that
/// could capture something. At the fixed point the assumption holds for good: the first
/// frozen unit to move or be taken would need a move that the analysis, made while every
/// frozen unit still stood, proved impossible. Frozen units are permanent walls for every
/// flood and, through [`held_squares`], permanent defenders.
///
/// A fourth set, the stuck pieces and pawns, holds the units that never move but may be taken
/// (see [`stuck_piece`] and [`stuck_pawn`]): a stuck piece stays on its square and attacks
/// only the squares next to it, which is what keeps a boxed-in rook behind its own king from
/// sweeping the board in the floods; a stuck pawn stays on its square, which keeps the enemy
/// pawn ahead of it from ever pushing (so a king that takes one pawn of a wall does not thaw
/// the whole wall). With `winner` given, the analysis serves only the question whether
/// `winner` can mate, and a loser's piece whose every move checkmates the winner counts as
/// stuck: after such a move the game is over and the winner has not mated; so does a loser's
/// pawn whose one push checkmates the winner (see [`mating_push`] and [`mating_move`]).
pub(super) fn analyse(pos: &Position, winner: Option<Color>) -> Option<Analysis> {
    if pos.legal_ep_square().is_some() {
        return None;
    }
    let board = pos.board();
    let pawns = board.pawns().0;
    let kings = board.kings().0;
    let colour_bb = |c: Color| board.by_color(c).0;
    let mut frozen = board.occupied().0;
    let mut stuck = frozen & !kings;
    let mut bound = pawns;
    let mut safe = pawns;
    // The confined groups still assumed closed, by colour and square colour (light first);
    // one found open is dropped for good, which keeps the loop finite.
    let mut closed = [[true; 2]; 2];
    // What each king holds wherever it is in its region as the last round worked it out
    // (see [`king_cover`]); at first its region is its square (every unit starts frozen).
    let mut covers = [
        king_cover(Bitboard::from_square(pos.king(Color::White)).0),
        king_cover(Bitboard::from_square(pos.king(Color::Black)).0),
    ];
    loop {
        let mut groups: Vec<(Color, usize, Group)> = Vec::new();
        for color in Color::ALL {
            for (shade, light) in [true, false].into_iter().enumerate() {
                if closed[color.index()][shade]
                    && let Some(group) = confined_group(pos, color, light, frozen)
                {
                    groups.push((color, shade, group));
                }
            }
        }
        let mut held = [
            held_squares(pos, Color::White, frozen),
            held_squares(pos, Color::Black, frozen),
        ];
        for (color, _, group) in &groups {
            held[color.index()] |= group.held;
        }
        for color in Color::ALL {
            held[color.index()] |= covers[color.index()];
        }
        let (white, white_cones) =
            analyse_side(pos, Color::White, frozen, stuck, bound, safe, held[1]);
        let (black, black_cones) =
            analyse_side(pos, Color::Black, frozen, stuck, bound, safe, held[0]);
        let sides = [white, black];
        let cones = [white_cones, black_cones];
        // A region grown so far that its king holds less than the round assumed calls for
        // another round; one that grew without that changes nothing the round worked out.
        let next_covers = [king_cover(sides[0].king), king_cover(sides[1].king)];
        let grown = next_covers != covers;
        covers = next_covers;
        let mut opened = false;
        for (color, shade, group) in &groups {
            if !group_closed(group, *color, &sides) {
                closed[color.index()][*shade] = false;
                opened = true;
            }
        }
        if opened {
            // Everything this round worked out assumed the group closed: start it again.
            continue;
        }
        let mut next_frozen = frozen;
        let mut next_stuck = stuck;
        let mut next_bound = bound;
        let mut next_safe = safe;
        for color in Color::ALL {
            let ours = colour_bb(color);
            let theirs = colour_bb(!color);
            let enemy = &sides[(!color).index()];
            // What an enemy pawn could capture, were it to reach it.
            let prey = enemy.occupy | (frozen & theirs & !kings) | (pawns & theirs);
            // A frozen unit defended for good by a frozen unit is out of the enemy king's
            // reach.
            let defended = held[color.index()] & frozen;
            for sq in squares(pawns & ours) {
                let bit = 1u64 << sq.index();
                let cone = if frozen & bit != 0 {
                    bit
                } else {
                    cones[color.index()][sq.index()]
                };
                if pawn_spread(color, cone) & prey != 0 {
                    next_bound &= !bit;
                }
                let king_takes = cone & king_spread(enemy.king) & !defended != 0;
                if cone & enemy.attack != 0 || king_takes {
                    next_safe &= !bit;
                }
            }
            for sq in squares(frozen & ours & kings) {
                if sides[color.index()].king != 1u64 << sq.index() {
                    next_frozen &= !(1u64 << sq.index());
                }
            }
            let exposed = enemy.attack | (king_spread(enemy.king) & !defended);
            let context = Stuck {
                pos,
                color,
                winner,
                frozen,
                held: held[(!color).index()],
                exposed,
                sides: &sides,
            };
            for sq in squares(stuck & ours & pawns) {
                let bit = 1u64 << sq.index();
                if !stuck_pawn(
                    pos,
                    color,
                    bit,
                    winner,
                    frozen,
                    &sides,
                    held[(!color).index()],
                ) {
                    next_stuck &= !bit;
                }
            }
            for sq in squares(stuck & ours & !pawns) {
                let bit = 1u64 << sq.index();
                if !context.stuck_piece(sq) {
                    next_stuck &= !bit;
                    next_frozen &= !bit;
                } else if bit & exposed != 0 {
                    next_frozen &= !bit;
                }
            }
        }
        for sq in squares(frozen & pawns) {
            let bit = 1u64 << sq.index();
            let color = if colour_bb(Color::White) & bit != 0 {
                Color::White
            } else {
                Color::Black
            };
            let blocked = forward(color, bit) & frozen != 0
                || mating_push(pos, color, bit, winner, frozen, &sides);
            if next_bound & next_safe & bit == 0 || !blocked {
                next_frozen &= !bit;
            }
        }
        if !grown
            && next_frozen == frozen
            && next_stuck == stuck
            && next_bound == bound
            && next_safe == safe
        {
            return Some(Analysis {
                sides,
                frozen,
                stuck,
                position: *pos,
            });
        }
        frozen = next_frozen;
        stuck = next_stuck;
        bound = next_bound;
        safe = next_safe;
    }
}

/// What a pawn of `color` could ever capture, were it to reach it: a square where an enemy
/// unit other than the king may ever stand, by the round's reaches.
fn prey(pos: &Position, color: Color, frozen: u64, sides: &[Side; 2]) -> u64 {
    let board = pos.board();
    let theirs = board.by_color(!color).0;
    sides[(!color).index()].occupy
        | (frozen & theirs & !board.kings().0)
        | (board.pawns().0 & theirs)
}

/// Whether the pawn of `color` on `bit` never moves, though it may be taken: it can never
/// capture (no enemy unit but the king can ever stand where it attacks), and the square
/// ahead of it stays filled while it stands. That square holds a frozen unit, or an enemy
/// pawn head to head with it that can never capture either and that no unit of `color` can
/// ever take there (no unit of `color` ever attacks the square, and `color`'s king never
/// comes next to it unless the enemy's frozen units hold it, `enemy_held`): that pawn cannot
/// push while this one stands, so it stands as long as this one does. A king that takes this
/// pawn may free the other, which does not matter: this one is gone.
///
/// Such pawns are not walls (they may vanish), but they attack only from their squares and
/// never give the check that mates (see `Side::check`), which is what the greatest fixed
/// point of [`analyse`] needs to keep a wall standing when a king may eat into it.
fn stuck_pawn(
    pos: &Position,
    color: Color,
    bit: u64,
    winner: Option<Color>,
    frozen: u64,
    sides: &[Side; 2],
    enemy_held: u64,
) -> bool {
    if pawn_spread(color, bit) & prey(pos, color, frozen, sides) != 0 {
        return false;
    }
    let ahead = forward(color, bit);
    if ahead & frozen != 0 || mating_push(pos, color, bit, winner, frozen, sides) {
        return true;
    }
    let board = pos.board();
    let ours = &sides[color.index()];
    ahead & board.pawns().0 & board.by_color(!color).0 != 0
        && pawn_spread(!color, ahead) & prey(pos, !color, frozen, sides) == 0
        && ahead & ours.attack == 0
        && (ahead & king_spread(ours.king) == 0 || ahead & enemy_held != 0)
}

/// Whether the pawn of `color` on `bit` belongs to the side that is not `winner` and its one
/// possible move, a single push, would checkmate the winner: such a move ends the game
/// without the winner's mate, so no helpmate for the winner contains it, and the pawn counts
/// as never moving (the pawns' counterpart of the knight in `Stuck::first_steps`). Its
/// captures are ruled out by the caller (no prey), a double step or a promotion by refusing.
///
/// The push gives check from a square no unit of the winner can ever attack, to a king that
/// never moves (its region is its square), and every square next to that king holds one of
/// the winner's frozen units or is attacked for good by one of `color`'s other frozen units
/// (the pushed pawn's square and the checking square included, so the king takes neither):
/// no king move, no capture and no block (a pawn's check is a contact check) answers it.
/// This holds when the push is the first move that breaks the analysis' assumptions, which is
/// all the greatest fixed point needs.
fn mating_push(
    pos: &Position,
    color: Color,
    bit: u64,
    winner: Option<Color>,
    frozen: u64,
    sides: &[Side; 2],
) -> bool {
    let Some(winner) = winner else {
        return false;
    };
    if winner == color {
        return false;
    }
    let w = &sides[winner.index()];
    let king = Bitboard::from_square(pos.king(winner)).0;
    if w.king != king {
        return false;
    }
    let (start, last) = match color {
        Color::White => (0xff00u64, RANK_8),
        Color::Black => (0xff00u64 << 40, RANK_1),
    };
    let to = forward(color, bit);
    if to & (frozen | last) != 0 || (bit & start != 0 && forward(color, to) & frozen == 0) {
        return false;
    }
    mating_move(pos, color, bit, to, Role::Pawn, winner, frozen, sides)
}

/// Whether a unit of `color` (not `winner`) that moves from `from` to `to` and is a `role`
/// there surely checkmates `winner`, when that move is the first to break the round's
/// assumptions: it gives a contact check (a pawn's, a knight's, or a piece's from a square
/// next to the king), which no block answers, from a square no unit of the winner can ever
/// attack, to a king that never moves, and every square next to that king holds one of the
/// winner's frozen units or is attacked for good by a frozen unit of `color` other than the
/// one that moves (so that the squares it held before its move count for nothing, and the
/// king takes neither it nor a unit next to it).
#[allow(clippy::too_many_arguments)]
fn mating_move(
    pos: &Position,
    color: Color,
    from: u64,
    to: u64,
    role: Role,
    winner: Color,
    frozen: u64,
    sides: &[Side; 2],
) -> bool {
    let w = &sides[winner.index()];
    let king = Bitboard::from_square(pos.king(winner)).0;
    if winner == color || w.king != king || to & w.attack != 0 {
        return false;
    }
    let checks = match role {
        Role::Pawn => pawn_spread(color, to),
        _ => Mover::of(role).attacks(to, u64::MAX),
    };
    if checks & king == 0 {
        return false;
    }
    let held = held_squares(pos, color, frozen & !from);
    let walls = frozen & pos.board().by_color(winner).0;
    king_spread(king) & !king & !(walls | held) == 0
}

/// What [`Stuck::stuck_piece`] needs of one round of [`analyse`], for the pieces of `color`.
struct Stuck<'a> {
    pos: &'a Position,
    color: Color,
    winner: Option<Color>,
    frozen: u64,
    /// The squares the other side's frozen units hold (see [`held_squares`]).
    held: u64,
    /// The squares where a piece of `color` could ever be taken: attacked by an enemy unit,
    /// or next to the enemy king's region and not held for good by a frozen unit of `color`.
    exposed: u64,
    sides: &'a [Side; 2],
}

impl Stuck<'_> {
    /// The squares a piece on `bit` of this side could step to first: the next square on
    /// each line of a slider, a knight's jumps, less those to which a piece of the side that
    /// is not `winner` would surely checkmate the winner (see [`mating_move`]; a slider's
    /// square only where its line ends there or a frozen unit follows, so that it cannot go
    /// on past it). Such a move ends the game with no mate by the winner, so no helpmate for
    /// the winner contains it.
    fn first_steps(&self, bit: u64, role: Role) -> u64 {
        let steps = Mover::of(role).attacks(bit, u64::MAX);
        let Some(winner) = self.winner else {
            return steps;
        };
        let king = self.pos.king(winner);
        if winner == self.color || self.sides[winner.index()].king != 1u64 << king.index() {
            return steps;
        }
        let from = Bitboard(bit).into_iter().next().unwrap_or(king);
        let mut open = steps;
        for to in squares(steps) {
            let t = 1u64 << to.index();
            let beyond = line(from, to).0 & king_spread(t) & !(t | bit);
            if role == Role::Knight || beyond & !self.frozen == 0 {
                let mates = mating_move(
                    self.pos,
                    self.color,
                    bit,
                    t,
                    role,
                    winner,
                    self.frozen,
                    self.sides,
                );
                if mates {
                    open &= !t;
                }
            }
        }
        open
    }

    /// Whether the piece of `self.color` on `sq` can never move, given the round's frozen
    /// units. Every square it could step to first must stay filled for as long as it stands:
    /// a frozen unit's square (an enemy frozen unit there would be one this piece attacks,
    /// which the round thaws), or the square of one of its own units that stays while the
    /// piece stands. Those are found as a small greatest fixed point of their own: the own
    /// pieces and king that can never be taken, each of whose first steps (the king: every
    /// square it could walk to) is closed by frozen units, by held squares, by the piece
    /// itself or by another of them. A boxed rook behind its own king and bishop is stuck
    /// even though it may be taken: the king could leave only through the rook's square.
    ///
    /// The first move of a stuck piece, made while every frozen unit is in place, would need
    /// one of those squares open, hence an earlier move of a unit that stays: none is possible.
    fn stuck_piece(&self, sq: Square) -> bool {
        let board = self.pos.board();
        let bit = 1u64 << sq.index();
        let role = board.role_at(sq).unwrap_or(Role::Queen);
        let open = self.first_steps(bit, role) & !self.frozen;
        if open == 0 {
            return true;
        }
        let ours = board.by_color(self.color).0;
        // Only squares of the piece's own units can stay filled while it stands.
        if open & !ours != 0 {
            return false;
        }
        let pawns = board.pawns().0;
        let king = Bitboard::from_square(self.pos.king(self.color)).0;
        let mut stays = ours & !pawns & !self.frozen & !bit & !(self.exposed & !king);
        loop {
            let walls = self.frozen | bit | stays;
            let mut next = stays;
            for at in squares(stays) {
                let unit = 1u64 << at.index();
                let fixed = if unit == king {
                    king_flood(king, self.held | (walls & !king)) == king
                } else {
                    let role = board.role_at(at).unwrap_or(Role::Queen);
                    self.first_steps(unit, role) & !walls == 0
                };
                if !fixed {
                    next &= !unit;
                }
            }
            if open & !next != 0 {
                return false;
            }
            if next == stays {
                return true;
            }
            stays = next;
        }
    }
}

impl Analysis {
    /// True when `winner` can never checkmate: no square the loser's king can reach can both
    /// be attacked by one of the winner's units and have all its neighbours filled by the
    /// loser's units or covered by the winner's.
    pub(super) fn proves_unwinnable(&self, winner: Color) -> bool {
        self.no_mating_square(winner) || locked_kings_proof(&self.position, winner)
    }

    /// The mating-pattern test of the module's doc: no square the loser's king can reach
    /// is a possible mating square.
    fn no_mating_square(&self, winner: Color) -> bool {
        let w = &self.sides[winner.index()];
        let l = &self.sides[(!winner).index()];
        for k in squares(l.king & w.check) {
            let bit = 1u64 << k.index();
            let near = king_spread(bit);
            let open = near & !bit & !w.attack;
            // The winner's king covers the neighbours of one square it can reach, never one
            // next to the mated king: only a square two steps away covers any of them.
            let ring = w.king & king_spread(near) & !near;
            let fillable = if ring == 0 {
                can_fill(open, &l.units)
            } else {
                squares(ring).any(|s| can_fill(open & !king_spread(1u64 << s.index()), &l.units))
            };
            if fillable {
                return false;
            }
        }
        true
    }
}

/// Whether distinct units can stand on all the squares of `open` at once (a matching of
/// squares to units, found by augmenting paths; there are at most eight squares).
fn can_fill(open: u64, units: &[u64]) -> bool {
    if open == 0 {
        return true;
    }
    if open.count_ones() as usize > units.len() {
        return false;
    }
    let targets: Vec<Square> = squares(open).collect();
    // `owner[u]` is the index in `targets` of the square unit `u` fills.
    let mut owner: Vec<Option<usize>> = vec![None; units.len()];
    fn augment(
        t: usize,
        targets: &[Square],
        units: &[u64],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        let bit = 1u64 << targets[t].index();
        for u in 0..units.len() {
            if units[u] & bit != 0 && !seen[u] {
                seen[u] = true;
                if owner[u].is_none_or(|other| augment(other, targets, units, owner, seen)) {
                    owner[u] = Some(t);
                    return true;
                }
            }
        }
        false
    }
    (0..targets.len()).all(|t| {
        let mut seen = vec![false; units.len()];
        augment(t, &targets, units, &mut owner, &mut seen)
    })
}

/// The quick material rule: the winner has only a king, or material that can never mate
/// whatever the loser does (see [`Position::has_insufficient_material`]).
pub(super) fn material_unwinnable(pos: &Position, winner: Color) -> bool {
    pos.has_insufficient_material(winner)
}

/// What one side's units can do in a position whose pawns are locked for good (see
/// [`locked_kings_proof`]).
struct Locked {
    pawns: u64,
    /// The squares its pawns attack, where no enemy king may go.
    pawn_attacks: u64,
    /// Where its pieces (not king, not pawns) can ever stand, with the pawns as the only
    /// blockers.
    reach: u64,
    /// What its pieces can ever attack from there.
    attack: u64,
    /// Whether it has a bishop or a queen, a rook or a queen (for discovered checks).
    diagonal: bool,
    straight: bool,
    has_pieces: bool,
}

impl Locked {
    fn of(pos: &Position, color: Color) -> Locked {
        let board = pos.board();
        let pawns = board.pawns().0;
        let own = pawns & board.by_color(color).0;
        let mut side = Locked {
            pawns: own,
            pawn_attacks: pawn_spread(color, own),
            reach: 0,
            attack: 0,
            diagonal: false,
            straight: false,
            has_pieces: board.by_color(color).0 & !(pawns | board.kings().0) != 0,
        };
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let mover = Mover::of(role);
            for sq in board.by_piece(role.of(color)) {
                let unit = mover.reach(Bitboard::from_square(sq).0, pawns);
                side.reach |= unit;
                side.attack |= mover.attacks(unit, pawns);
                side.diagonal |= matches!(role, Role::Bishop | Role::Queen);
                side.straight |= matches!(role, Role::Rook | Role::Queen);
            }
        }
        side
    }

    /// Whether a move of this side's king from `from` to `to` can uncover a check of the
    /// enemy king on `king` by a slider of this side behind it.
    fn discovers(&self, king: Square, from: Square, to: Square, pawns: u64) -> bool {
        let ray = if bishop_attacks(king, Bitboard::EMPTY).contains(from) {
            self.diagonal
        } else if rook_attacks(king, Bitboard::EMPTY).contains(from) {
            self.straight
        } else {
            false
        };
        ray && between(king, from).0 & pawns == 0 && !aligned(king, from, to)
    }
}

/// The locked-kings proof, for positions where every pawn on the board stands blocked by a
/// pawn and no pawn or piece can ever capture a pawn or stand where a pawn could capture it:
/// while that structure stands, each side can only move its king and its pieces, and the
/// only events that can change the structure are a king taking a pawn. A small game over the
/// two kings' squares, with the pieces abstracted (a side with pieces may always make a
/// piece move instead of a king move, and that move may give check wherever its pieces'
/// regions let them attack), covers every series of legal moves until the structure
/// changes. It proves what the semi-static analysis cannot: that a king can only take a
/// pawn in a stalemate, and that a king in check always keeps a flight square that no enemy
/// unit can attack, stand on or be next to. CHA's locked positions with a king shuttling
/// between two squares behind its pawns, such as `8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b`
/// (labelled dead), are of this kind.
///
/// It proves that `winner` can never mate when the game reaches no position where the
/// structure could change without ending the game, and no position where the loser's king
/// could be in check without a flight square.
fn locked_kings_proof(pos: &Position, winner: Color) -> bool {
    if !pos.castling_rights().is_empty() || pos.legal_ep_square().is_some() {
        return false;
    }
    let pawns = pos.board().pawns().0;
    let sides = [Locked::of(pos, Color::White), Locked::of(pos, Color::Black)];
    for color in Color::ALL {
        let us = &sides[color.index()];
        let them = &sides[(!color).index()];
        // No pawn pushes while the structure stands, and no pawn, piece or king but a king
        // ever takes a pawn.
        if forward(color, us.pawns) & !pawns != 0
            || us.pawn_attacks & them.pawns != 0
            || us.pawn_attacks & them.reach != 0
            || us.attack & them.pawns != 0
        {
            return false;
        }
    }
    // Whether the king of `color` on `king` surely has a legal move whatever the pieces do:
    // a neighbour no piece of either side can stand on and no enemy unit can attack or be
    // next to.
    let has_flight = |color: Color, king: Square, enemy_king: Square| {
        let us = &sides[color.index()];
        let them = &sides[(!color).index()];
        let sq = 1u64 << king.index();
        king_spread(sq)
            & !sq
            & !(pawns
                | them.pawn_attacks
                | king_spread(1u64 << enemy_king.index())
                | them.attack
                | them.reach
                | us.reach)
            != 0
    };
    // Whether `color` surely has no legal move right after the enemy king took its pawn on
    // `at` (its own king on `king`).
    let no_moves_after_capture = |color: Color, king: Square, at: Square| {
        let us = &sides[color.index()];
        let them = &sides[(!color).index()];
        let taken = 1u64 << at.index();
        let left = us.pawns & !taken;
        let sq = 1u64 << king.index();
        let steps = king_spread(sq) & !sq & !(left | them.pawn_attacks | king_spread(taken));
        let pushes = forward(color, left) & !pawns;
        let takes = pawn_spread(color, left) & (them.pawns | them.reach);
        !us.has_pieces && steps | pushes | takes == 0
    };
    // A state: the white king's square, the black king's, the side to move, and whether it
    // may be in check.
    type State = (Square, Square, Color, bool);
    let index = |(white, black, turn, check): State| {
        (white.index() * 64 + black.index()) * 4 + 2 * turn.index() + usize::from(check)
    };
    let mut seen = vec![false; 64 * 64 * 4];
    let root: State = (
        pos.king(Color::White),
        pos.king(Color::Black),
        pos.turn(),
        pos.is_check(),
    );
    seen[index(root)] = true;
    let mut stack = vec![root];
    while let Some((white, black, turn, check)) = stack.pop() {
        let (king, enemy_king) = match turn {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        if winner != turn && check && !has_flight(turn, king, enemy_king) {
            return false;
        }
        let us = &sides[turn.index()];
        let them = &sides[(!turn).index()];
        let mut next = Vec::with_capacity(9);
        if us.has_pieces {
            // A piece moves; it may give check wherever its region lets it attack.
            let check = us.attack & (1u64 << enemy_king.index()) != 0;
            next.push((king, check));
        }
        let sq = 1u64 << king.index();
        let steps = king_spread(sq)
            & !sq
            & !(us.pawns | them.pawn_attacks | king_spread(1u64 << enemy_king.index()));
        for to in squares(steps) {
            let check = us.discovers(enemy_king, king, to, pawns);
            if them.pawns & (1u64 << to.index()) != 0 {
                // The king takes a pawn: only a stalemate (or a mate by the side that is not
                // the winner) leaves the proof standing.
                if !no_moves_after_capture(!turn, enemy_king, to) || (winner == turn && check) {
                    return false;
                }
                continue;
            }
            next.push((to, check));
        }
        for (moved, check) in next {
            let child: State = match turn {
                Color::White => (moved, black, Color::Black, check),
                Color::Black => (white, moved, Color::White, check),
            };
            let i = index(child);
            if !seen[i] {
                seen[i] = true;
                stack.push(child);
            }
        }
    }
    true
}
