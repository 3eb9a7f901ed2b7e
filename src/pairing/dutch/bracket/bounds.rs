//! Bounds: the best conceivable value of each criterion of a bracket (C7's floor, the exact
//! C7/C8 values, the C12/C13 colour bounds), laid out as a `Cost`, and the bound of a partial
//! candidate, which lets the search skip a branch that cannot beat the best found.

use crate::chess::Color;

use super::super::matching::matching_size;
use super::super::state::{Float, Strength};
use super::{BracketSearch, Cost, CostLayout, EXACT_FLOATER_SETS, binomial, combinations};

impl<'g, 'a> BracketSearch<'g, 'a> {
    /// C7's best conceivable value with `m` MDPs paired and `d` downfloaters: the lowest
    /// scoring MDPs float, and residents for the rest (scores in tenths, highest first).
    pub(super) fn c7_floor(&self, m: usize, d: usize) -> Vec<i32> {
        let mut scores: Vec<i32> = self.mdps[m..].iter().map(|&i| self.e(i).score).collect();
        let resident_score = self.residents.first().map_or(0, |&i| self.e(i).score);
        scores.resize(d, resident_score);
        scores.sort_by(|a, b| b.cmp(a));
        scores
    }

    /// The cost layout and the best conceivable cost for the current (pairs, m).
    pub(super) fn prepare(&mut self) {
        let nb = self.mdps.len() + self.residents.len();
        let d = nb - 2 * self.pairs;
        let k = self.mdps.len();
        let layout = CostLayout::new(d, self.next.len(), k);
        self.best = None;
        self.done = false;
        self.nodes = 0;
        // Counted per M1: `run` adds up the counts of the values it searches.
        self.candidates = 0;
        self.exhausted = false;
        self.exact_available = self.exact_possible();
        let mut stop = Cost::zero(layout);
        // C7: the lowest-scoring MDPs float, and residents for the rest.
        let resident_score = self.e(self.residents[0]).score;
        stop.set_c7(&self.c7_floor(self.m, d));
        // C8: the next bracket pairs everybody but one of its own residents at most.
        if !self.next.is_empty() {
            let total = d + self.next.len();
            let alone: &[i32] = if total % 2 == 1 {
                &[self.e(self.next[0]).score]
            } else {
                &[]
            };
            stop.set_c8((total / 2) as i32, alone);
        }
        // With nobody floating, the next bracket is known and so is its C8 value.
        if d == 0 && !self.next.is_empty() {
            let (pairs_next, next_scores) = self.next_bracket(&[]);
            stop.set_c8(pairs_next, &next_scores);
        }
        // C7 and C8 exactly, when the possible sets of downfloaters are few enough to try.
        if d > 0
            && !self.next.is_empty()
            && let Some(exact) = self.exact_c7_c8(d, &stop)
        {
            stop.set_c7_c8(exact.c7_c8());
        }
        // C9: the fewest unplayed games any possible assignee has.
        if d == 1 && self.bye_floats_from_here() {
            stop.set_c9(
                self.mdps
                    .iter()
                    .chain(&self.residents)
                    .filter(|&&i| !self.e(i).bye_barred)
                    .map(|&i| self.e(i).unplayed as i32)
                    .min()
                    .unwrap_or(0),
            );
        }
        // C12/C13: each pair grants at most one White and one Black wish.
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let (c12, c13) = self.colour_bound(&all, self.pairs, d);
        stop.set_c12_c13(c12, c13);
        // C18/C20: MDPs with a float of the same kind, all paired.
        for (t, float_of) in [(0usize, 1u8), (2, 2)] {
            let mut diffs: Vec<i32> = self
                .mdps
                .iter()
                .filter(|&&i| self.float(i, float_of) == Float::Down)
                .map(|&i| self.e(i).score - resident_score)
                .collect();
            diffs.sort_by(|a, b| b.cmp(a));
            diffs.resize(k, i32::MIN);
            stop.set_tail_criterion(t, &diffs);
        }
        for t in [1usize, 3] {
            stop.set_tail_criterion(t, &vec![i32::MIN; k]);
        }
        self.stop = stop;
    }

    /// The best C7 and C8 values (in a cost whose other criteria are 0) over every set of
    /// `d` downfloaters that leaves the rest of the bracket pairable with M1 MDPs paired and
    /// satisfies C4; None when the sets are too many to try or none qualifies.
    /// `ideal`'s C7 and C8 are the best conceivable values: a set that reaches them ends the
    /// search.
    fn exact_c7_c8(&mut self, d: usize, ideal: &Cost) -> Option<Cost> {
        let (nm, nr) = (self.mdps.len(), self.residents.len());
        let limbo_size = nm - self.m;
        let floating_residents = d.checked_sub(limbo_size)?;
        if floating_residents > nr
            || binomial(nm, limbo_size).saturating_mul(binomial(nr, floating_residents))
                > EXACT_FLOATER_SETS
        {
            return None;
        }
        let mut best: Option<Cost> = None;
        for limbo in combinations(&(0..nm).collect::<Vec<_>>(), limbo_size) {
            for floating in combinations(&(0..nr).collect::<Vec<_>>(), floating_residents) {
                let mdps: Vec<usize> = (0..nm)
                    .filter(|k| !limbo.contains(k))
                    .map(|k| self.mdps[k])
                    .collect();
                let kept = mdps.len();
                let mut players = mdps;
                players.extend(
                    (0..nr)
                        .filter(|k| !floating.contains(k))
                        .map(|k| self.residents[k]),
                );
                let edge = |a: usize, b: usize| {
                    (a >= kept || b >= kept) && self.ok(players[a], players[b])
                };
                if 2 * matching_size(players.len(), &edge) != players.len() {
                    continue;
                }
                let mut key: Vec<usize> = limbo.iter().map(|&k| self.mdps[k]).collect();
                key.extend(floating.iter().map(|&k| self.residents[k]));
                key.sort();
                if !self.completes(&key) {
                    continue;
                }
                let mut cost = Cost::zero(ideal.layout());
                let mut scores: Vec<i32> = key.iter().map(|&i| self.e(i).score).collect();
                scores.sort_by(|a, b| b.cmp(a));
                cost.set_c7(&scores);
                let (pairs_next, next_scores) = self.next_bracket(&key);
                cost.set_c8(pairs_next, &next_scores);
                if cost.c7_c8() == ideal.c7_c8() {
                    return Some(cost);
                }
                if best.as_ref().is_none_or(|b| cost.c7_c8() < b.c7_c8()) {
                    best = Some(cost);
                }
            }
        }
        best
    }

    /// C9 applies when the single downfloater of this bracket is the one who gets the
    /// pairing-allocated bye: nobody below can take it (C2, or C5's score), as the
    /// reference engine reads it.
    pub(super) fn bye_floats_from_here(&self) -> bool {
        self.g.bye_score.is_some()
            && self
                .lower
                .iter()
                .all(|&i| self.e(i).bye_barred || Some(self.e(i).score) != self.g.bye_score)
    }

    pub(super) fn float(&self, i: usize, back: u8) -> Float {
        if back == 1 {
            self.e(i).float1
        } else {
            self.e(i).float2
        }
    }

    /// Lower bounds for C12 and C13 when `pairs` pairs are made among `players` and `floating`
    /// of them stay unpaired.
    pub(super) fn colour_bound(
        &self,
        players: &[usize],
        pairs: usize,
        floating: usize,
    ) -> (i32, i32) {
        let count = |colour: Color, strong: bool| {
            players
                .iter()
                .filter(|&&i| {
                    self.e(i).preference.is_some_and(|p| {
                        p.colour == colour && (!strong || p.strength >= Strength::Strong)
                    })
                })
                .count() as i32
        };
        let p = pairs as i32;
        let f = floating as i32;
        let excess = |w: i32, b: i32| ((w - p).max(0) + (b - p).max(0) - f).max(0);
        (
            excess(count(Color::White, false), count(Color::Black, false)),
            excess(count(Color::White, true), count(Color::Black, true)),
        )
    }

    /// A lower bound on the cost of any candidate below the current node.
    pub(super) fn bound(
        &self,
        colours: [i32; 4],
        rest_c12: i32,
        rest_c13: i32,
        upfloats: [i32; 2],
        tail: Option<&[i32]>,
    ) -> Cost {
        let mut b = self.stop.clone();
        b.set_c10_c13([
            colours[0],
            colours[1],
            colours[2] + rest_c12,
            colours[3] + rest_c13,
        ]);
        b.set_c14_c17([0, upfloats[0], 0, upfloats[1]]);
        if let Some(tail) = tail {
            b.set_c18_c21(tail);
        }
        b
    }

    pub(super) fn better_than_best(&self, bound: &Cost) -> bool {
        match &self.best {
            Some((cost, _)) => bound < cost,
            None => !self.perfect_only || *bound <= self.stop,
        }
    }
}
