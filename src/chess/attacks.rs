//! Attack tables: which squares a piece on a square attacks, and the lines between squares.
//!
//! Everything here is computed by `const fn` at compile time, so the move generator reads plain
//! static arrays: no start-up cost and no lazy-initialisation check in the hot loop.
//!
//! Bishops use "fancy" magic bitboards: the blockers on a bishop's diagonals, multiplied by a
//! magic number and shifted, index a table of precomputed attack sets (42 KiB). The magic
//! numbers were found for this project by a seeded random search for sparse multipliers
//! (xorshift64, seed 0x9e3779b97f4a7c15, candidates `r & r & r`), using the minimal index width
//! for each square. The table builder below checks every blocker subset while it fills the
//! table and stops compilation if a magic ever maps two different attack sets to one slot, so a
//! wrong constant cannot reach a binary.
//!
//! Rooks do without magics. Their table would take 800 KiB, more than a core's level-2 cache:
//! in a check of real games, where the move generator shares the cache with the PGN reader and
//! the replay, its lookups missed often enough that working the attacks out (a 512-byte table
//! for the rank, hyperbola quintessence for the file) made the whole check about 6% faster.
//! Perft, whose tables stay in cache, is about 13% slower for it; the check is the job users
//! run. Bishops' diagonals worked out the same way gained nothing and slowed perft further.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

const fn step_table(steps: &[(i32, i32); 8]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let (file, rank) = (sq % 8 + steps[i].0, sq / 8 + steps[i].1);
            if on_board(file, rank) {
                table[sq as usize] |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(color: Color) -> [u64; 64] {
    let dr = if color.is_white() { 1 } else { -1 };
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8 + dr);
        if on_board(file - 1, rank) {
            table[sq as usize] |= 1 << (rank * 8 + file - 1);
        }
        if on_board(file + 1, rank) {
            table[sq as usize] |= 1 << (rank * 8 + file + 1);
        }
        sq += 1;
    }
    table
}

/// The squares a slider on `sq` attacks along `dirs`, stopping at the first blocker in `occupied`.
const fn slide(sq: i32, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut file, mut rank) = (sq % 8 + df, sq / 8 + dr);
        while on_board(file, rank) {
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            file += df;
            rank += dr;
        }
        d += 1;
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `sq`: its lines without the edge squares.
const fn relevant_mask(sq: i32, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut file, mut rank) = (sq % 8 + df, sq / 8 + dr);
        while on_board(file + df, rank + dr) {
            mask |= 1 << (rank * 8 + file);
            file += df;
            rank += dr;
        }
        d += 1;
    }
    mask
}

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

const BISHOP_TABLE_SIZE: usize = 5_248;

struct SliderTables<const N: usize> {
    magics: [Magic; 64],
    attacks: [u64; N],
}

const fn slider_tables<const N: usize>(
    dirs: &[(i32, i32); 4],
    factors: &[u64; 64],
) -> SliderTables<N> {
    let empty = Magic {
        mask: 0,
        factor: 0,
        shift: 0,
        offset: 0,
    };
    let mut magics = [empty; 64];
    let mut attacks = [0u64; N];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as i32, dirs);
        let bits = mask.count_ones();
        let magic = Magic {
            mask,
            factor: factors[sq],
            shift: 64 - bits,
            offset,
        };
        // Enumerate every subset of the mask (the Carry-Rippler trick).
        let mut subset = 0u64;
        loop {
            let index = offset + (subset.wrapping_mul(magic.factor) >> magic.shift) as usize;
            let set = slide(sq as i32, subset, dirs);
            if attacks[index] == 0 {
                attacks[index] = set;
            } else if attacks[index] != set {
                panic!("a magic number maps two attack sets to one slot");
            }
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        magics[sq] = magic;
        offset += 1 << bits;
        sq += 1;
    }
    if offset != N {
        panic!("slider table size does not match the masks");
    }
    SliderTables { magics, attacks }
}

const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

static BISHOP: SliderTables<BISHOP_TABLE_SIZE> = slider_tables(&BISHOP_DIRS, &BISHOP_MAGICS);
static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// The squares a bishop on each square attacks on an empty board: where a line piece must
/// stand to pin a unit to a king, or to uncover a check on it.
static BISHOP_RAYS: [u64; 64] = empty_board_table(&BISHOP_DIRS);

const fn empty_board_table(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq as usize] = slide(sq, 0, dirs);
        sq += 1;
    }
    table
}

/// For two squares on a common line, the squares strictly between them; otherwise empty.
static BETWEEN: [[u64; 64]; 64] = between_table();
/// For two squares on a common line, the whole line through both (edge to edge); otherwise empty.
static LINE: [[u64; 64]; 64] = line_table();

const fn between_table() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bit_b = 1u64 << b;
            if slide(a, 0, &ROOK_DIRS) & bit_b != 0 {
                table[a as usize][b as usize] =
                    slide(a, bit_b, &ROOK_DIRS) & slide(b, 1 << a, &ROOK_DIRS);
            } else if slide(a, 0, &BISHOP_DIRS) & bit_b != 0 {
                table[a as usize][b as usize] =
                    slide(a, bit_b, &BISHOP_DIRS) & slide(b, 1 << a, &BISHOP_DIRS);
            }
            b += 1;
        }
        a += 1;
    }
    table
}

const fn line_table() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bit_a = 1u64 << a;
            let bit_b = 1u64 << b;
            if slide(a, 0, &ROOK_DIRS) & bit_b != 0 {
                table[a as usize][b as usize] =
                    (slide(a, 0, &ROOK_DIRS) & slide(b, 0, &ROOK_DIRS)) | bit_a | bit_b;
            } else if slide(a, 0, &BISHOP_DIRS) & bit_b != 0 {
                table[a as usize][b as usize] =
                    (slide(a, 0, &BISHOP_DIRS) & slide(b, 0, &BISHOP_DIRS)) | bit_a | bit_b;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks (not the squares it moves to).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let (file, rank) = (s & 7, s >> 3);
    // Along the rank: the six inner squares' occupancy picks the attacks from a small table.
    let inner = ((occupied.0 >> (rank * 8 + 1)) & 63) as usize;
    let along_rank = u64::from(RANK_ATTACKS[inner][file]) << (rank * 8);
    // Along the file, by hyperbola quintessence: the blockers above the rook borrow from
    // (o - 2s); those below, seen with the ranks reversed by a byte swap, the same way.
    let bit = 1u64 << s;
    let mask = (0x0101_0101_0101_0101u64 << file) ^ bit;
    let o = occupied.0 & mask;
    let up = o.wrapping_sub(bit.wrapping_mul(2));
    let down = o
        .swap_bytes()
        .wrapping_sub(bit.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    Bitboard(along_rank | ((up ^ down) & mask))
}

/// The squares a rook on `sq` attacks on an empty board: its rank and file.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    let s = sq.index();
    Bitboard(((0xFFu64 << (s & !7)) | (0x0101_0101_0101_0101u64 << (s & 7))) ^ (1u64 << s))
}

/// The squares a bishop on `sq` attacks on an empty board: its two diagonals.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// A rook's attacks along its rank, by the occupancy of the rank's six inner squares and the
/// rook's file: 512 bytes, where a magic table for rooks takes 800 KiB and misses the cache.
static RANK_ATTACKS: [[u8; 8]; 64] = rank_attacks_table();

const fn rank_attacks_table() -> [[u8; 8]; 64] {
    let mut table = [[0u8; 8]; 64];
    let mut inner = 0;
    while inner < 64 {
        let mut file = 0;
        while file < 8 {
            let occupied = (inner as u64) << 1;
            table[inner][file] = slide(file as i32, occupied, &ROOK_DIRS) as u8;
            file += 1;
        }
        inner += 1;
    }
    table
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &BISHOP.magics[sq.index()];
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
    Bitboard(BISHOP.attacks[index])
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The full line through `a` and `b` if they share a rank, file or diagonal, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables must agree with the plain ray walk they were built from, for every square
    /// and many occupancies (a seeded xorshift stream, independent of the magic search).
    #[test]
    fn slider_attacks_match_ray_walks() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & (state >> 3);
            for sq in Square::all() {
                let i = sq.index() as i32;
                assert_eq!(
                    rook_attacks(sq, Bitboard(occupied)).0,
                    slide(i, occupied, &ROOK_DIRS),
                    "rook on {sq}"
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occupied)).0,
                    slide(i, occupied, &BISHOP_DIRS),
                    "bishop on {sq}"
                );
            }
        }
    }

    /// A rook's attacks equal the ray walk for every occupancy of the squares that can block
    /// it, with and without units on the edge squares and its own square.
    #[test]
    fn rook_attacks_match_ray_walks_for_every_blocker_set() {
        for sq in Square::all() {
            let i = sq.index() as i32;
            let mask = relevant_mask(i, &ROOK_DIRS);
            let mut subset = 0u64;
            loop {
                for extra in [0, !mask] {
                    let occupied = subset | extra;
                    assert_eq!(
                        rook_attacks(sq, Bitboard(occupied)).0,
                        slide(i, occupied, &ROOK_DIRS),
                        "rook on {sq}, occupied {occupied:#x}"
                    );
                }
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }

    /// The empty-board rays are the attacks of a slider alone on the board, and hold no
    /// square off its lines (a rook's rank mask must not spill onto the next rank).
    #[test]
    fn rays_are_the_attacks_on_an_empty_board() {
        for sq in Square::all() {
            let i = sq.index() as i32;
            assert_eq!(rook_rays(sq).0, slide(i, 0, &ROOK_DIRS), "rook on {sq}");
            assert_eq!(
                bishop_rays(sq).0,
                slide(i, 0, &BISHOP_DIRS),
                "bishop on {sq}"
            );
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from(Square::B2) | Bitboard::from(Square::C3)
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::E1, Square::E4).count(), 8);
        assert!(aligned(Square::A1, Square::H8, Square::D4));
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from(Square::D5) | Bitboard::from(Square::F5)
        );
    }
}
