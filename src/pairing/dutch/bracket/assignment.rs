//! Assignment: who in S1 is paired with whom in S2 (bipartite matching with augmenting
//! paths), the colour tallies kept pair by pair, and the cost of a complete candidate.

use crate::chess::Color;

use super::super::state::{Float, Strength};
use super::{Assignment, BracketSearch, Candidate, Cost, Tally};

impl<'g, 'a> BracketSearch<'g, 'a> {
    fn wants(&self, i: usize, colour: Color, strong: bool) -> bool {
        self.e(i)
            .preference
            .is_some_and(|p| p.colour == colour && (!strong || p.strength >= Strength::Strong))
    }

    /// The colour wishes of `left` and the players of `right` who do not share them.
    pub(super) fn tally(&self, left: &[usize], right: &[usize]) -> Tally {
        let mut t = Tally::default();
        for (s, strong) in [(0, false), (1, true)] {
            for (c, colour) in [(0, Color::White), (1, Color::Black)] {
                t.want[s][c] = left
                    .iter()
                    .filter(|&&i| self.wants(i, colour, strong))
                    .count() as i32;
                t.other[s][c] = right
                    .iter()
                    .filter(|&&i| !self.wants(i, colour, strong))
                    .count() as i32;
            }
        }
        t
    }

    /// Takes a player out of the tally once paired.
    pub(super) fn untally(&self, t: &mut Tally, i: usize, on_left: bool) {
        for (s, strong) in [(0, false), (1, true)] {
            for (c, colour) in [(0, Color::White), (1, Color::Black)] {
                let wants = self.wants(i, colour, strong);
                if on_left && wants {
                    t.want[s][c] -= 1;
                } else if !on_left && !wants {
                    t.other[s][c] -= 1;
                }
            }
        }
    }

    /// A partner in `right` for every player of `left`, if there is one.
    pub(super) fn assignment(&self, left: &[usize], right: &[usize]) -> Option<Assignment> {
        if left.len() > right.len() {
            return None;
        }
        let mut a = Assignment {
            of_left: vec![usize::MAX; left.len()],
            of_right: vec![None; right.len()],
        };
        let used = vec![false; right.len()];
        for li in 0..left.len() {
            let mut seen = vec![false; right.len()];
            if !self.augment_assignment(li, left, right, &used, &mut a, &mut seen) {
                return None;
            }
        }
        Some(a)
    }

    /// `assignment` with S1 player `i` moved to S2 player `j` (already marked used), or None
    /// when the S1 players after `i` can then no longer all be paired.
    pub(super) fn reassign(
        &self,
        left: &[usize],
        right: &[usize],
        used: &[bool],
        assignment: &Assignment,
        i: usize,
        j: usize,
    ) -> Option<Assignment> {
        let mut a = assignment.clone();
        let old = a.of_left[i];
        a.of_right[old] = None;
        let displaced = a.of_right[j];
        a.of_right[j] = Some(i);
        a.of_left[i] = j;
        if let Some(k) = displaced {
            // Usually the displaced player can simply take the partner just given up.
            if !used[old] && self.ok(left[k], right[old]) {
                a.of_right[old] = Some(k);
                a.of_left[k] = old;
                return Some(a);
            }
            let mut seen = vec![false; right.len()];
            if !self.augment_assignment(k, left, right, used, &mut a, &mut seen) {
                return None;
            }
        }
        Some(a)
    }

    /// An augmenting path from S1 player `li` to a free S2 player not yet used.
    fn augment_assignment(
        &self,
        li: usize,
        left: &[usize],
        right: &[usize],
        used: &[bool],
        a: &mut Assignment,
        seen: &mut Vec<bool>,
    ) -> bool {
        // A free partner at hand first: in the dense graphs of real brackets there nearly
        // always is one, and the path search below is then never needed.
        let at_hand = (0..right.len()).find(|&r| {
            !seen[r] && !used[r] && a.of_right[r].is_none() && self.ok(left[li], right[r])
        });
        if let Some(r) = at_hand {
            a.of_right[r] = Some(li);
            a.of_left[li] = r;
            return true;
        }
        for r in 0..right.len() {
            if seen[r] || used[r] || !self.ok(left[li], right[r]) {
                continue;
            }
            seen[r] = true;
            let free = match a.of_right[r] {
                None => true,
                Some(other) => self.augment_assignment(other, left, right, used, a, seen),
            };
            if free {
                a.of_right[r] = Some(li);
                a.of_left[li] = r;
                return true;
            }
        }
        false
    }

    /// A complete candidate: C4, then its full cost.
    pub(super) fn leaf(
        &mut self,
        pairs: &[(usize, usize)],
        floaters: Vec<usize>,
        colours: [i32; 4],
        upfloats: [i32; 2],
        tail: &[i32],
    ) {
        self.candidates += 1;
        let Some(cost) = self.cost(&floaters, colours, upfloats, tail) else {
            return;
        };
        if self.better_than_best(&cost) {
            let perfect = cost == self.stop;
            self.best = Some((
                cost,
                Candidate {
                    pairs: pairs.to_vec(),
                    floaters,
                },
            ));
            if perfect {
                self.done = true;
            }
        }
    }

    /// The cost of a candidate from its downfloaters and the sums over its pairs; None when
    /// it fails C4.
    pub(super) fn cost(
        &mut self,
        floaters: &[usize],
        colours: [i32; 4],
        upfloats: [i32; 2],
        tail: &[i32],
    ) -> Option<Cost> {
        let mut key = floaters.to_vec();
        key.sort();
        if !self.completes(&key) {
            return None;
        }
        let mut cost = self.stop.clone();
        let mut scores: Vec<i32> = floaters.iter().map(|&i| self.e(i).score).collect();
        scores.sort_by(|a, b| b.cmp(a));
        cost.set_c7(&scores);
        if !self.next.is_empty() {
            let (pairs_next, next_scores) = self.next_bracket(&key);
            cost.set_c8(pairs_next, &next_scores);
        }
        cost.set_c9(if floaters.len() == 1 && self.bye_floats_from_here() {
            self.e(floaters[0]).unplayed as i32
        } else {
            0
        });
        let residents_floating = |back: u8| {
            floaters
                .iter()
                .filter(|&&i| !self.mdps.contains(&i) && self.float(i, back) == Float::Down)
                .count() as i32
        };
        cost.set_c10_c13(colours);
        cost.set_c14_c17([
            residents_floating(1),
            upfloats[0],
            residents_floating(2),
            upfloats[1],
        ]);
        cost.set_c18_c21(tail);
        Some(cost)
    }

    /// Can each of `left` get a distinct compatible partner in `right`?
    pub(super) fn bipartite_feasible(&self, left: &[usize], right: &[usize]) -> bool {
        if left.len() > right.len() {
            return false;
        }
        let mut owner: Vec<Option<usize>> = vec![None; right.len()];
        // Greedy first: it nearly always succeeds, and then no search is needed.
        let mut pending = Vec::new();
        for (li, &a) in left.iter().enumerate() {
            match (0..right.len()).find(|&r| owner[r].is_none() && self.ok(a, right[r])) {
                Some(r) => owner[r] = Some(li),
                None => pending.push(li),
            }
        }
        for li in pending {
            let mut seen = vec![false; right.len()];
            if !self.augment(li, left, right, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }

    fn augment(
        &self,
        li: usize,
        left: &[usize],
        right: &[usize],
        owner: &mut Vec<Option<usize>>,
        seen: &mut Vec<bool>,
    ) -> bool {
        for r in 0..right.len() {
            if seen[r] || !self.ok(left[li], right[r]) {
                continue;
            }
            seen[r] = true;
            let free = match owner[r] {
                None => true,
                Some(other) => self.augment(other, left, right, owner, seen),
            };
            if free {
                owner[r] = Some(li);
                return true;
            }
        }
        false
    }
}
