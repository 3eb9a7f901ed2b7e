//! The two conversion tables of the FIDE Rating Regulations (Handbook B.02), kept here as
//! data: the rating arithmetic of this module and the performance tie-breaks (C.07 Art. 10.2
//! and 10.3) both read them.
//!
//! Source: FIDE Handbook B.02, "FIDE Rating Regulations effective from 1 January 2024",
//! table 8.1.1 (fractional score `p` into rating difference `dp`) and table 8.1.2 (rating
//! difference `D` into the scoring probability `PD` of the higher-rated player), as transcribed
//! in the project's research notes (`tiebreaks.md` §7). The probability table is kept as its
//! published ranges, not as a per-difference array (an array copied elsewhere had two wrong
//! cells, D = 411 and D = 610).

/// Table 8.1.1: `DP_FROM_P[k]` is `dp` for `p = 0.50 + k / 100`, `k` = 0 to 50. Lower scores
/// mirror it: `dp(1 - p) = -dp(p)`.
const DP_FROM_P: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50 - .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60 - .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70 - .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80 - .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90 - .99
    800, // 1.00
];

/// `dp` for a fractional score given in hundredths (0 to 100), table 8.1.1.
pub fn dp(p_hundredths: i64) -> i64 {
    let p = p_hundredths.clamp(0, 100);
    if p >= 50 {
        DP_FROM_P[(p - 50) as usize]
    } else {
        -DP_FROM_P[(50 - p) as usize]
    }
}

/// Table 8.1.2 as published: `(highest difference of the range, PD in hundredths)`; a
/// difference above the last range (735) gives 1.00.
const PD_RANGES: [(i64, i64); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// The expected score, in hundredths, of a player rated `difference` points above the
/// opponent (negative: below), by table 8.1.2 over the full scale (no 400-point cap).
pub fn pd(difference: i64) -> i64 {
    let d = difference.abs();
    let higher = PD_RANGES
        .iter()
        .find(|&&(upper, _)| d <= upper)
        .map_or(100, |&(_, pd)| pd);
    if difference >= 0 {
        higher
    } else {
        100 - higher
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_cells() {
        for (p, d) in [
            (100, 800),
            (0, -800),
            (50, 0),
            (63, 95),
            (37, -95),
            (99, 677),
        ] {
            assert_eq!(dp(p), d, "dp({p})");
        }
        for (d, p) in [
            (0, 50),
            (3, 50),
            (4, 51),
            (411, 92),
            (412, 93),
            (610, 98),
            (735, 99),
            (736, 100),
            (-736, 0),
            (-100, 36),
        ] {
            assert_eq!(pd(d), p, "pd({d})");
        }
        // The ranges are contiguous and the probabilities rise by one hundredth each.
        for w in PD_RANGES.windows(2) {
            assert!(w[0].0 < w[1].0 && w[1].1 == w[0].1 + 1);
        }
    }
}
