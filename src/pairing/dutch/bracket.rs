//! One bracket: candidates in the order of C.04.3 4.2-4.4, judged by C4-C21 (C.04.3 2.2-2.4).
//!
//! This file holds the bracket's types and constants and [`BracketSearch::run`]; the
//! search's methods are split by phase into `search` (MDP sets, transpositions, exchanges),
//! `bounds` (best conceivable values), `assignment` (S1-S2 matching, colour tallies, a
//! candidate's cost), `lookahead` (C4/C8 for the next bracket) and `exact` (the matching's
//! optimum); `cost` holds the cost itself, C7-C21 as a type with its layout.

use std::collections::HashMap;

use crate::chess::Color;

use super::matching::matching_size;
use super::state::Entrant;

mod assignment;
mod bounds;
mod cost;
mod exact;
mod lookahead;
mod search;
use cost::{Cost, CostLayout};
use exact::Branch;

/// In tests: start comparing every settled bracket with the matching's optimum.
#[cfg(test)]
pub fn exact_cross_check_start() {
    exact::CROSS_CHECK.with(|c| *c.borrow_mut() = Some((0, Vec::new())));
}

/// In tests: the brackets compared and the disagreements found.
#[cfg(test)]
pub fn exact_cross_check_finish() -> (u64, Vec<String>) {
    exact::CROSS_CHECK.with(|c| c.borrow_mut().take().unwrap_or_default())
}

/// What every bracket of the round shares.
pub struct Global<'a> {
    pub entrants: &'a [Entrant],
    /// C1-C3 and the prohibited pairs, by entrant index.
    pub compat: &'a [Vec<bool>],
    /// The last round: topscorers exist (C.04.3 1.7) and C10/C11 apply.
    pub topscorers: bool,
    pub initial: Color,
    /// C5: the score the pairing-allocated bye must go to, when the field is odd.
    pub bye_score: Option<i32>,
}

impl Global<'_> {
    /// C4: can `players` all be paired under C1-C3, leaving one C2-eligible player of
    /// `bye_score` out when they are odd in number?
    pub fn completes_with(&self, players: &[usize], bye_score: Option<i32>) -> bool {
        let n = players.len();
        if n % 2 == 1 && bye_score.is_none() {
            return false;
        }
        let total = n + n % 2;
        let adjacent = |a: usize, b: usize| -> bool {
            match (a < n, b < n) {
                (true, true) => self.compat[players[a]][players[b]],
                (true, false) | (false, true) => {
                    let p = &self.entrants[players[a.min(b)]];
                    !p.bye_barred && Some(p.score) == bye_score
                }
                (false, false) => false,
            }
        };
        2 * matching_size(total, &adjacent) == total
    }
}

/// The result of one bracket.
pub struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    /// Unpaired players, in the order they enter the next bracket.
    pub floaters: Vec<usize>,
    pub first_imperfect: Option<Shortfall>,
    pub candidates: u64,
    pub exhausted: bool,
}

/// The first criterion the chosen candidate meets less well than the best conceivable one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// `"C7"` ... `"C21"`.
    pub criterion: &'static str,
    /// The criterion's values for the chosen candidate and for a perfect one: a count for
    /// C9-C17; scores in tenths, highest first, for C7; the next bracket's pairs (negated)
    /// then its downfloaters' scores for C8; score differences for C18-C21 (`i32::MIN` is an
    /// empty place, `UNPAIRED` an MDP who floats on).
    pub chosen: Vec<i32>,
    pub ideal: Vec<i32>,
}

/// The remainder's S1 and S2 after an exchange, and what the transpositions have fixed.
struct Transposition<'t> {
    left: &'t [usize],
    right: &'t [usize],
    limbo: &'t [usize],
    used: &'t mut Vec<bool>,
    pairs: &'t mut Vec<(usize, usize)>,
    upfloats: [i32; 2],
    tail: &'t [i32],
}

/// S1 players' partners (indices into S2) and S2 players' partners (indices into S1).
#[derive(Clone)]
struct Assignment {
    of_left: Vec<usize>,
    of_right: Vec<Option<usize>>,
}

/// C12/C13 lower bounds kept up to date pair by pair: `want[strong][colour]` S1 players who
/// wish for the colour, `other[strong][colour]` S2 players who do not.
#[derive(Clone, Copy, Default)]
struct Tally {
    want: [[i32; 2]; 2],
    other: [[i32; 2]; 2],
}

impl Tally {
    /// Each S1 player who wishes for a colour needs an S2 partner who does not.
    fn bound(&self) -> (i32, i32) {
        let excess = |s: usize| {
            (0..2)
                .map(|c| (self.want[s][c] - self.other[s][c]).max(0))
                .sum::<i32>()
        };
        (excess(0), excess(1))
    }
}

/// A complete candidate: pairs (the MDP pairs first, MDP first in each) and downfloaters.
#[derive(Clone)]
struct Candidate {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

/// The search nodes a bracket may use once it has a candidate.
const NODE_LIMIT: u64 = 400_000;

/// The largest next bracket whose pairings C8 tries one by one.
const EXACT_NEXT_BRACKET: usize = 12;

/// The most sets of downfloaters tried to find the exact C7/C8 values of a bracket.
const EXACT_FLOATER_SETS: u64 = 5_000;

/// The most exchanges of one size generated at once.
const EXCHANGE_LIMIT: u64 = 2_000_000;

/// The most matchings the guided search may solve in one bracket.
const ORACLE_LIMIT: u64 = 2_000;

fn binomial(n: usize, k: usize) -> u64 {
    let mut r: u64 = 1;
    for i in 0..k.min(n) as u64 {
        r = r.saturating_mul(n as u64 - i) / (i + 1);
    }
    if k > n { 0 } else { r }
}

/// A score difference for an MDP who floats on: larger than any real one.
pub const UNPAIRED: i32 = 1_000_000;

pub struct BracketSearch<'g, 'a> {
    g: &'g Global<'a>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    lower: Vec<usize>,
    next: Vec<usize>,
    /// The pairs and MDP pairs of the candidates being generated.
    pairs: usize,
    m: usize,
    best: Option<(Cost, Candidate)>,
    /// The best conceivable cost for (pairs, m): reaching it ends the search. Its layout is
    /// the one every cost of the current (pairs, m) has.
    stop: Cost,
    done: bool,
    candidates: u64,
    nodes: u64,
    /// The search stopped at its budget rather than at a proven best.
    pub exhausted: bool,
    completion: HashMap<Vec<usize>, bool>,
    next_quality: HashMap<Vec<usize>, (i32, Vec<i32>)>,
    /// The proven best cost, while the search is guided by it (see `exact`).
    target: Option<Cost>,
    /// A candidate of the target cost inside the branch being searched.
    witness: Option<Candidate>,
    /// Matchings the guided search has solved; past `ORACLE_LIMIT` it stops.
    oracle_calls: u64,
    /// Whether the exact optimum can settle this bracket (criteria and memory permitting).
    exact_available: bool,
    /// While true, branches whose bound is worse than a perfect candidate are not entered.
    perfect_only: bool,
}

impl<'g, 'a> BracketSearch<'g, 'a> {
    pub fn new(
        g: &'g Global<'a>,
        mdps: &[usize],
        residents: &[usize],
        lower: &[usize],
        next: &[usize],
    ) -> BracketSearch<'g, 'a> {
        BracketSearch {
            g,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            lower: lower.to_vec(),
            next: next.to_vec(),
            pairs: 0,
            m: 0,
            best: None,
            stop: Cost::zero(CostLayout::default()),
            done: false,
            candidates: 0,
            nodes: 0,
            exhausted: false,
            completion: HashMap::new(),
            next_quality: HashMap::new(),
            target: None,
            witness: None,
            oracle_calls: 0,
            exact_available: false,
            perfect_only: false,
        }
    }

    fn e(&self, i: usize) -> &'a Entrant {
        &self.g.entrants[i]
    }

    fn ok(&self, a: usize, b: usize) -> bool {
        self.g.compat[a][b]
    }

    /// MaxPairs first (C6, under C4/C5), then the best candidate by C7-C21 whatever the
    /// number of MDPs it pairs: C.04.3 (2026) 3.1.3 defines M1 as "the number of MDP(s) that
    /// are paired in the bracket" (the 2017 text said the maximum number), and 4.4 takes for S1
    /// the first set of M1 MDPs whose limbo complies with C7, so C7 decides who floats and
    /// thereby M1. Each M1 is searched in turn, from the most MDPs down; an M1 whose best
    /// conceivable downfloaters already score worse on C7 than a candidate found is skipped.
    /// Between equal candidates the larger M1 stays (generated first).
    pub fn run(&mut self) -> Option<Outcome> {
        let (nm, nr) = (self.mdps.len(), self.residents.len());
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        // MDPs pair with residents only (S1 holds MDPs, S2 residents: C.04.3 4.4).
        let upper = matching_size(all.len(), &|a, b| {
            (a >= nm || b >= nm) && self.ok(all[a], all[b])
        });
        let m_upper = matching_size(all.len(), &|a, b| {
            ((a < nm) != (b < nm)) && self.ok(all[a], all[b])
        });
        for pairs in (0..=upper).rev() {
            let d = nm + nr - 2 * pairs;
            // The chosen candidate so far: cost, candidate, and the perfect cost of its M1.
            let mut chosen: Option<(Cost, Candidate, Cost)> = None;
            // The best C7 conceivable over the M1 values that gave a candidate.
            let mut ideal_c7: Option<Vec<i32>> = None;
            let (mut candidates, mut exhausted) = (0, false);
            for m in (0..=nm.min(pairs).min(m_upper)).rev() {
                if m > nr || pairs - m > (nr - m) / 2 {
                    continue;
                }
                if let Some((cost, ..)) = &chosen
                    && *cost.c7() < *self.c7_floor(m, d)
                {
                    continue;
                }
                self.pairs = pairs;
                self.m = m;
                self.prepare();
                if let Some((cost, ..)) = &chosen
                    && cost.c7() < self.stop.c7()
                {
                    continue;
                }
                // First only the branches that can still be perfect: where a perfect candidate
                // exists, the walk goes straight to the first one in generation order.
                self.perfect_only = true;
                self.search_mdp_sets();
                self.perfect_only = false;
                if self.best.is_none() {
                    // The full search generates every candidate the first pass looked at
                    // again, so the count starts afresh.
                    self.done = false;
                    self.nodes = 0;
                    self.candidates = 0;
                    self.exhausted = false;
                    self.search_mdp_sets();
                }
                if self.exhausted {
                    self.settle();
                }
                #[cfg(test)]
                exact::cross_check(self);
                candidates += self.candidates;
                exhausted |= self.exhausted;
                if let Some((cost, cand)) = self.best.take() {
                    if ideal_c7.as_ref().is_none_or(|c7| self.stop.c7() < &c7[..]) {
                        ideal_c7 = Some(self.stop.c7().to_vec());
                    }
                    if chosen.as_ref().is_none_or(|(best, ..)| cost < *best) {
                        chosen = Some((cost, cand, self.stop.clone()));
                    }
                }
            }
            if let Some((cost, cand, mut ideal)) = chosen {
                if let Some(c7) = ideal_c7 {
                    ideal.set_c7(&c7);
                }
                let first_imperfect = cost.shortfall_against(&ideal);
                let mut floaters = cand.floaters;
                floaters.sort_by_key(|&i| (std::cmp::Reverse(self.e(i).score), self.e(i).id));
                return Some(Outcome {
                    pairs: cand.pairs,
                    floaters,
                    first_imperfect,
                    candidates,
                    exhausted,
                });
            }
        }
        None
    }
}

/// The next k-combination of `0..n` in lexicographic order; false after the last.
fn next_combination(set: &mut [usize], n: usize) -> bool {
    let k = set.len();
    for i in (0..k).rev() {
        if set[i] < n - k + i {
            set[i] += 1;
            for j in i + 1..k {
                set[j] = set[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if k > items.len() {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.iter().map(|&i| items[i]).collect());
        if !next_combination(&mut idx, items.len()) {
            break;
        }
    }
    out
}

/// The exchanges of `k` players between S1 and S2 in the order of C.04.3 4.3.3: the
/// smallest difference between the sums of the sequence numbers moved up and moved down;
/// then the highest different number moved down from S1 first; then the lowest different
/// number moved up from S2 first. Zero players exchanged is the original split.
fn exchanges(s1: &[usize], s2: &[usize], k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    if k == 0 {
        return vec![(Vec::new(), Vec::new())];
    }
    let xs = combinations(s1, k);
    let ys = combinations(s2, k);
    let mut all: Vec<(i64, Vec<usize>, Vec<usize>)> = Vec::new();
    for x in &xs {
        let sx: i64 = x.iter().map(|&v| v as i64).sum();
        for y in &ys {
            let sy: i64 = y.iter().map(|&v| v as i64).sum();
            all.push((sy - sx, x.clone(), y.clone()));
        }
    }
    all.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| {
                // Highest first, element by element: the larger number moved down wins.
                let (mut xa, mut xb) = (a.1.clone(), b.1.clone());
                xa.reverse();
                xb.reverse();
                xb.cmp(&xa)
            })
            .then_with(|| a.2.cmp(&b.2))
    });
    all.into_iter().map(|(_, x, y)| (x, y)).collect()
}
