//! Edge weights for the exact bracket optimum: a list of criteria ("tiers") compared in
//! order, most important first, packed two to a 64-bit limb.
//!
//! The maximum weight matching only adds, subtracts, doubles, halves and compares weights,
//! so any ordered group works as a weight. An array of limbs compared lexicographically with
//! limb-wise arithmetic is one: a matching of greatest total weight then has the best first
//! tier, then the best second tier among those, and so on. Inside a limb the two tiers are
//! `high * 2^24 + low`; a tier's total over a whole matching stays far below 2^23 (at most a
//! few per player), so the packed number orders like the pair.

use std::ops::{Add, AddAssign, Sub, SubAssign};

use integer_blossom::Weight;

/// The bits of one tier inside a limb.
const TIER_BITS: u32 = 24;

/// A weight of `L` limbs, that is `2 * L` tiers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Wide<const L: usize>(pub [i64; L]);

impl<const L: usize> Wide<L> {
    pub const fn zero() -> Wide<L> {
        Wide([0; L])
    }

    /// Adds `value` to tier `tier` (0 is the most important).
    pub fn add_to(&mut self, tier: usize, value: i64) {
        let shift = if tier.is_multiple_of(2) { TIER_BITS } else { 0 };
        self.0[tier / 2] += value << shift;
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Wide<L>;
    fn add(mut self, other: Wide<L>) -> Wide<L> {
        self += other;
        self
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Wide<L>;
    fn sub(mut self, other: Wide<L>) -> Wide<L> {
        self -= other;
        self
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    fn add_assign(&mut self, other: Wide<L>) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    fn sub_assign(&mut self, other: Wide<L>) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a -= b;
        }
    }
}

impl<const L: usize> Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const ONE: Self = {
        let mut limbs = [0; L];
        limbs[L - 1] = 1;
        Wide(limbs)
    };

    /// Above any slack: the first limb alone outweighs every edge, whose first limb holds a
    /// handful of units of 2^24.
    fn inf() -> Self {
        let mut limbs = [0; L];
        limbs[0] = i64::MAX / 4;
        Wide(limbs)
    }

    fn double(self) -> Self {
        Wide(self.0.map(|x| x * 2))
    }

    /// Limb-wise halving is exact: the matching halves only slacks between two vertices whose
    /// duals have the same parity, and that argument holds limb by limb as it does for one
    /// integer, because every value is a sum of doubled edge weights limb by limb.
    fn half(self) -> Self {
        Wide(self.0.map(|x| x / 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use integer_blossom::max_weight_matching;

    #[test]
    fn tiers_order_lexicographically() {
        let mut a = Wide::<2>::zero();
        a.add_to(1, 1000);
        let mut b = Wide::<2>::zero();
        b.add_to(0, 1);
        b.add_to(1, -1000);
        assert!(b > a, "a higher tier outweighs any amount of a lower one");
        let mut c = Wide::<2>::zero();
        c.add_to(2, 1);
        assert!(a > c);
    }

    /// A path a-b-c-d: the two outer edges carry one unit of tier 1 each, the middle edge one
    /// unit of tier 0; tier 0 wins although the outer pair has more in total.
    #[test]
    fn matching_maximises_the_first_tier_first() {
        let n = 4;
        let mut w = vec![Wide::<2>::zero(); n * n];
        let mut set = |i: usize, j: usize, tier: usize| {
            let mut x = Wide::<2>::zero();
            x.add_to(tier, 1);
            w[i * n + j] = x;
            w[j * n + i] = x;
        };
        set(0, 1, 1);
        set(2, 3, 1);
        set(1, 2, 0);
        let mate = max_weight_matching(&w, n);
        assert_eq!(mate[1], Some(2));
        assert_eq!(mate[0], None);
    }
}
