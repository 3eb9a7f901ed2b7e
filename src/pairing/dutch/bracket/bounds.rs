//! Bounds: the cost layout of a bracket, the best conceivable value of each criterion (C7's
//! floor, the exact C7/C8 values, the C12/C13 colour bounds) and the bound of a partial
//! candidate, which lets the search skip a branch that cannot beat the best found.

use crate::chess::Color;

use super::super::matching::matching_size;
use super::super::state::{Float, Strength};
use super::{BracketSearch, EXACT_FLOATER_SETS, Layout, binomial, combinations};

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

    /// The criterion at place `i` of a cost vector, and the places it spans.
    pub(super) fn criterion_at(&self, i: usize) -> (&'static str, std::ops::Range<usize>) {
        const COUNTS: [&str; 8] = ["C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"];
        const TAIL: [&str; 4] = ["C18", "C19", "C20", "C21"];
        let l = self.layout;
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

    /// The cost layout and the best conceivable cost for the current (pairs, m).
    pub(super) fn prepare(&mut self) {
        let nb = self.mdps.len() + self.residents.len();
        let d = nb - 2 * self.pairs;
        let k = self.mdps.len();
        let c8 = d;
        let c9 = c8 + 1 + d + self.next.len();
        let counts = c9 + 1;
        let c18 = counts + 8;
        self.layout = Layout {
            c8,
            c9,
            counts,
            c18,
            mdps: k,
            len: c18 + 4 * k,
        };
        self.best = None;
        self.done = false;
        self.nodes = 0;
        // Counted per M1: `run` adds up the counts of the values it searches.
        self.candidates = 0;
        self.exhausted = false;
        self.exact_available = self.exact_possible();
        let mut stop = vec![0; self.layout.len];
        // C7: the lowest-scoring MDPs float, and residents for the rest.
        let resident_score = self.e(self.residents[0]).score;
        stop[..d].copy_from_slice(&self.c7_floor(self.m, d));
        // C8: the next bracket pairs everybody but one of its own residents at most.
        if !self.next.is_empty() {
            let total = d + self.next.len();
            stop[c8] = -((total / 2) as i32);
            if total % 2 == 1 {
                stop[c8 + 1] = self.e(self.next[0]).score;
            }
        }
        // With nobody floating, the next bracket is known and so is its C8 value.
        if d == 0 && !self.next.is_empty() {
            let (pairs_next, next_scores) = self.next_bracket(&[]);
            stop[c8] = -pairs_next;
            for (slot, s) in stop[c8 + 1..c9]
                .iter_mut()
                .zip(next_scores.iter().copied().chain(std::iter::repeat(0)))
            {
                *slot = s;
            }
        }
        // C7 and C8 exactly, when the possible sets of downfloaters are few enough to try.
        if d > 0
            && !self.next.is_empty()
            && let Some(exact) = self.exact_c7_c8(d, &stop[..c9])
        {
            stop[..c9].copy_from_slice(&exact);
        }
        // C9: the fewest unplayed games any possible assignee has.
        if d == 1 && self.bye_floats_from_here() {
            stop[c9] = self
                .mdps
                .iter()
                .chain(&self.residents)
                .filter(|&&i| !self.e(i).bye_barred)
                .map(|&i| self.e(i).unplayed as i32)
                .min()
                .unwrap_or(0);
        }
        // C12/C13: each pair grants at most one White and one Black wish.
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let (c12, c13) = self.colour_bound(&all, self.pairs, d);
        stop[counts + 2] = c12;
        stop[counts + 3] = c13;
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
            stop[c18 + t * k..c18 + (t + 1) * k].copy_from_slice(&diffs);
        }
        for t in [1usize, 3] {
            stop[c18 + t * k..c18 + (t + 1) * k].fill(i32::MIN);
        }
        self.stop = stop;
    }

    /// The best C7 and C8 values (the first `len` cost entries) over every set of `d`
    /// downfloaters that leaves the rest of the bracket pairable with M1 MDPs paired and
    /// satisfies C4; None when the sets are too many to try or none qualifies.
    /// `ideal` is the best conceivable value: a set that reaches it ends the search.
    fn exact_c7_c8(&mut self, d: usize, ideal: &[i32]) -> Option<Vec<i32>> {
        let len = ideal.len();
        let (nm, nr) = (self.mdps.len(), self.residents.len());
        let limbo_size = nm - self.m;
        let floating_residents = d.checked_sub(limbo_size)?;
        if floating_residents > nr
            || binomial(nm, limbo_size).saturating_mul(binomial(nr, floating_residents))
                > EXACT_FLOATER_SETS
        {
            return None;
        }
        let c8 = d;
        let mut best: Option<Vec<i32>> = None;
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
                let mut cost = vec![0; len];
                let mut scores: Vec<i32> = key.iter().map(|&i| self.e(i).score).collect();
                scores.sort_by(|a, b| b.cmp(a));
                cost[..c8].copy_from_slice(&scores);
                let (pairs_next, next_scores) = self.next_bracket(&key);
                cost[c8] = -pairs_next;
                for (slot, s) in cost[c8 + 1..]
                    .iter_mut()
                    .zip(next_scores.iter().copied().chain(std::iter::repeat(0)))
                {
                    *slot = s;
                }
                if cost.as_slice() == ideal {
                    return Some(cost);
                }
                if best.as_ref().is_none_or(|b| cost < *b) {
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
    ) -> Vec<i32> {
        let l = self.layout;
        let mut b = self.stop.clone();
        b[l.counts] = colours[0];
        b[l.counts + 1] = colours[1];
        b[l.counts + 2] = colours[2] + rest_c12;
        b[l.counts + 3] = colours[3] + rest_c13;
        b[l.counts + 4] = 0;
        b[l.counts + 5] = upfloats[0];
        b[l.counts + 6] = 0;
        b[l.counts + 7] = upfloats[1];
        if let Some(tail) = tail {
            b[l.c18..].copy_from_slice(tail);
        }
        b
    }

    pub(super) fn better_than_best(&self, bound: &[i32]) -> bool {
        match &self.best {
            Some((cost, _)) => bound < cost.as_slice(),
            None => !self.perfect_only || bound <= self.stop.as_slice(),
        }
    }
}
