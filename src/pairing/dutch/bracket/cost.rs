//! A candidate's cost: the values of C7-C21 in one vector, lower is better, compared
//! lexicographically (C.04.3 2.3-2.4 ranks the criteria in this order).
//!
//! [`CostLayout`] says where each criterion sits (its places depend on the bracket: C7 has
//! one place per downfloater, C8 one per player who may float on from the next bracket,
//! C18-C21 one per MDP), and [`Cost`] is read and written through it, criterion by
//! criterion, so no caller counts offsets. The values stay in one `Vec<i32>` so that a
//! comparison is one slice comparison, as fast as the bare vector it replaces.

use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;

use super::{Shortfall, UNPAIRED};

/// The C10-C17 counts, in order.
const COUNTS: [&str; 8] = ["C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"];
/// C18-C21, `mdps` places each.
const TAIL: [&str; 4] = ["C18", "C19", "C20", "C21"];

/// Where each criterion sits in a cost vector (lower is better, compared lexicographically):
/// C7 from 0, then C8, C9, the eight counts C10-C17, and C18-C21 last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct CostLayout {
    c8: usize,
    c9: usize,
    /// C10 .. C17, one count each.
    counts: usize,
    /// C18 .. C21, `mdps` entries each.
    c18: usize,
    mdps: usize,
    len: usize,
}

impl CostLayout {
    /// The layout of a bracket with `downfloaters` players left unpaired, `next` residents
    /// in the next scoregroup and `mdps` MDPs: C7 holds the downfloaters' scores; C8 the
    /// next bracket's pairs (negated) then the scores of whoever may float on from it.
    pub(super) fn new(downfloaters: usize, next: usize, mdps: usize) -> CostLayout {
        let c8 = downfloaters;
        let c9 = c8 + 1 + downfloaters + next;
        let counts = c9 + 1;
        let c18 = counts + 8;
        CostLayout {
            c8,
            c9,
            counts,
            c18,
            mdps,
            len: c18 + 4 * mdps,
        }
    }

    /// The criterion at place `i` of a cost vector, and the places it spans.
    pub(super) fn criterion_at(&self, i: usize) -> (&'static str, Range<usize>) {
        let l = self;
        if i < l.c8 {
            ("C7", 0..l.c8)
        } else if i < l.c9 {
            ("C8", l.c8..l.c9)
        } else if i < l.counts {
            ("C9", l.c9..l.counts)
        } else if i < l.c18 {
            (COUNTS[i - l.counts], i..i + 1)
        } else {
            let k = ((i - l.c18) / l.mdps.max(1)).min(3);
            let start = l.c18 + k * l.mdps;
            (TAIL[k], start..start + l.mdps)
        }
    }
}

/// The cost of a candidate (or a bound on it, or the best conceivable one): C7-C21 as laid
/// out by its [`CostLayout`]. Equality and order look at the values only, lexicographically.
#[derive(Clone)]
pub(super) struct Cost {
    values: Vec<i32>,
    layout: CostLayout,
}

impl Cost {
    /// Every criterion at zero: a perfect value for each count.
    pub(super) fn zero(layout: CostLayout) -> Cost {
        Cost {
            values: vec![0; layout.len],
            layout,
        }
    }

    /// Where this cost's criteria sit.
    #[inline]
    pub(super) fn layout(&self) -> CostLayout {
        self.layout
    }

    /// C7: the downfloaters' scores in tenths, highest first.
    #[inline]
    pub(super) fn c7(&self) -> &[i32] {
        &self.values[..self.layout.c8]
    }

    #[inline]
    pub(super) fn set_c7(&mut self, scores: &[i32]) {
        self.values[..self.layout.c8].copy_from_slice(scores);
    }

    /// C7 and C8 together, the part the exact C7/C8 search settles.
    #[inline]
    pub(super) fn c7_c8(&self) -> &[i32] {
        &self.values[..self.layout.c9]
    }

    #[inline]
    pub(super) fn set_c7_c8(&mut self, values: &[i32]) {
        self.values[..self.layout.c9].copy_from_slice(values);
    }

    /// C8: `pairs` pairs in the next bracket (stored negated: more is better), then the
    /// scores of its downfloaters, highest first; places beyond them hold 0.
    #[inline]
    pub(super) fn set_c8(&mut self, pairs: i32, scores: &[i32]) {
        let l = self.layout;
        self.values[l.c8] = -pairs;
        for (slot, s) in self.values[l.c8 + 1..l.c9]
            .iter_mut()
            .zip(scores.iter().copied().chain(std::iter::repeat(0)))
        {
            *slot = s;
        }
    }

    /// C9: the unplayed games of the player who gets the pairing-allocated bye.
    #[inline]
    pub(super) fn set_c9(&mut self, unplayed: i32) {
        self.values[self.layout.c9] = unplayed;
    }

    /// C10-C13: the colour counts (topscorers' colour difference and repeated colour,
    /// colour preferences and strong preferences not met).
    #[inline]
    pub(super) fn set_c10_c13(&mut self, counts: [i32; 4]) {
        let c = self.layout.counts;
        self.values[c..c + 4].copy_from_slice(&counts);
    }

    /// C12 and C13 alone: colour preferences and strong preferences not met.
    #[inline]
    pub(super) fn set_c12_c13(&mut self, c12: i32, c13: i32) {
        let c = self.layout.counts;
        self.values[c + 2] = c12;
        self.values[c + 3] = c13;
    }

    /// C14-C17: resident downfloaters and MDP opponents' upfloats, one round back (C14,
    /// C15) and two rounds back (C16, C17).
    #[inline]
    pub(super) fn set_c14_c17(&mut self, counts: [i32; 4]) {
        let c = self.layout.counts + 4;
        self.values[c..c + 4].copy_from_slice(&counts);
    }

    /// C18-C21 at once, as `mdp_tail` builds them.
    #[inline]
    pub(super) fn set_c18_c21(&mut self, tail: &[i32]) {
        self.values[self.layout.c18..].copy_from_slice(tail);
    }

    /// One of C18-C21 (`which` 0 to 3): score differences, largest first.
    #[inline]
    pub(super) fn set_tail_criterion(&mut self, which: usize, diffs: &[i32]) {
        let (c18, k) = (self.layout.c18, self.layout.mdps);
        self.values[c18 + which * k..c18 + (which + 1) * k].copy_from_slice(diffs);
    }

    /// The first criterion this cost meets less well than (or differently from) `ideal`,
    /// with both values.
    pub(super) fn shortfall_against(&self, ideal: &Cost) -> Option<Shortfall> {
        let i = self
            .values
            .iter()
            .zip(&ideal.values)
            .position(|(c, s)| c != s)?;
        let (criterion, range) = self.layout.criterion_at(i);
        Some(Shortfall {
            criterion,
            chosen: self.values[range.clone()].to_vec(),
            ideal: ideal.values[range].to_vec(),
        })
    }
}

impl PartialEq for Cost {
    #[inline]
    fn eq(&self, other: &Cost) -> bool {
        self.values == other.values
    }
}

impl Eq for Cost {}

impl PartialOrd for Cost {
    #[inline]
    fn partial_cmp(&self, other: &Cost) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Cost) -> bool {
        self.values < other.values
    }

    #[inline]
    fn le(&self, other: &Cost) -> bool {
        self.values <= other.values
    }
}

impl Ord for Cost {
    #[inline]
    fn cmp(&self, other: &Cost) -> Ordering {
        self.values.cmp(&other.values)
    }
}

/// Criterion by criterion: `C7 [50, 40] C8 [-3, 0] C9 0 C10 0 ... C18 [10, -] ...`, with
/// `-` for an empty place and `unpaired` for an MDP who floats on.
impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = |v: i32| match v {
            i32::MIN => "-".to_string(),
            UNPAIRED => "unpaired".to_string(),
            v => v.to_string(),
        };
        let mut i = 0;
        let mut first = true;
        while i < self.values.len() {
            let (criterion, range) = self.layout.criterion_at(i);
            if !first {
                write!(f, " ")?;
            }
            first = false;
            let parts: Vec<String> = self.values[range.clone()]
                .iter()
                .map(|&v| value(v))
                .collect();
            if range.len() == 1
                && criterion != "C7"
                && criterion != "C8"
                && !TAIL.contains(&criterion)
            {
                write!(f, "{criterion} {}", parts[0])?;
            } else {
                write!(f, "{criterion} [{}]", parts.join(", "))?;
            }
            i = range.end.max(i + 1);
        }
        Ok(())
    }
}

impl fmt::Debug for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cost({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_names_each_place() {
        // Two downfloaters, three next residents, one MDP.
        let l = CostLayout::new(2, 3, 1);
        let names: Vec<&str> = (0..l.len).map(|i| l.criterion_at(i).0).collect();
        assert_eq!(
            names,
            [
                "C7", "C7", "C8", "C8", "C8", "C8", "C8", "C8", "C9", "C10", "C11", "C12", "C13",
                "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21"
            ]
        );
    }

    #[test]
    fn setters_fill_their_criterion_and_order_is_lexicographic() {
        let l = CostLayout::new(1, 1, 1);
        let mut a = Cost::zero(l);
        a.set_c7(&[20]);
        a.set_c8(1, &[10]);
        a.set_c9(2);
        a.set_c10_c13([1, 2, 3, 4]);
        a.set_c14_c17([5, 6, 7, 8]);
        a.set_c18_c21(&[UNPAIRED, i32::MIN, 10, i32::MIN]);
        assert_eq!(
            a.values,
            [
                20,
                -1,
                10,
                0,
                2,
                1,
                2,
                3,
                4,
                5,
                6,
                7,
                8,
                UNPAIRED,
                i32::MIN,
                10,
                i32::MIN
            ]
        );
        assert_eq!(
            a.to_string(),
            "C7 [20] C8 [-1, 10, 0] C9 2 C10 1 C11 2 C12 3 C13 4 C14 5 C15 6 C16 7 C17 8 \
             C18 [unpaired] C19 [-] C20 [10] C21 [-]"
        );
        let mut b = a.clone();
        b.set_c12_c13(2, 9);
        assert!(b < a, "a lower C12 wins whatever C13 says");
        b.set_tail_criterion(0, &[0]);
        assert!(b < a);
        let shortfall = a.shortfall_against(&b).unwrap();
        assert_eq!(
            (shortfall.criterion, shortfall.chosen, shortfall.ideal),
            ("C12", vec![3], vec![2])
        );
        assert!(a.shortfall_against(&a.clone()).is_none());
    }
}
