//! One bracket: candidates in the order of C.04.3 4.2-4.4, judged by C4-C21 (C.04.3 2.2-2.4).

use std::collections::HashMap;

use crate::chess::Color;

use super::colour;
use super::matching::matching_size;
use super::state::{Entrant, Float, Strength};

mod exact;
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

/// Where each criterion sits in a cost vector (lower is better, compared lexicographically).
#[derive(Clone, Copy)]
struct Layout {
    c8: usize,
    c9: usize,
    /// C10 .. C17, one count each.
    counts: usize,
    /// C18 .. C21, `mdps` entries each.
    c18: usize,
    mdps: usize,
    len: usize,
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
    layout: Layout,
    best: Option<(Vec<i32>, Candidate)>,
    /// The best conceivable cost for (pairs, m): reaching it ends the search.
    stop: Vec<i32>,
    done: bool,
    candidates: u64,
    nodes: u64,
    /// The search stopped at its budget rather than at a proven best.
    pub exhausted: bool,
    completion: HashMap<Vec<usize>, bool>,
    next_quality: HashMap<Vec<usize>, (i32, Vec<i32>)>,
    /// The proven best cost, while the search is guided by it (see `exact`).
    target: Option<Vec<i32>>,
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
            layout: Layout {
                c8: 0,
                c9: 0,
                counts: 0,
                c18: 0,
                mdps: 0,
                len: 0,
            },
            best: None,
            stop: Vec::new(),
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
            let mut chosen: Option<(Vec<i32>, Candidate, Vec<i32>)> = None;
            // The best C7 conceivable over the M1 values that gave a candidate.
            let mut ideal_c7: Option<Vec<i32>> = None;
            let (mut candidates, mut exhausted) = (0, false);
            for m in (0..=nm.min(pairs).min(m_upper)).rev() {
                if m > nr || pairs - m > (nr - m) / 2 {
                    continue;
                }
                if let Some((cost, ..)) = &chosen
                    && cost[..d] < *self.c7_floor(m, d)
                {
                    continue;
                }
                self.pairs = pairs;
                self.m = m;
                self.prepare();
                if let Some((cost, ..)) = &chosen
                    && cost[..d] < self.stop[..d]
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
                    if ideal_c7.as_ref().is_none_or(|c7| self.stop[..d] < c7[..]) {
                        ideal_c7 = Some(self.stop[..d].to_vec());
                    }
                    if chosen.as_ref().is_none_or(|(best, ..)| cost < *best) {
                        chosen = Some((cost, cand, self.stop.clone()));
                    }
                }
            }
            if let Some((cost, cand, mut ideal)) = chosen {
                if let Some(c7) = ideal_c7 {
                    ideal[..d].copy_from_slice(&c7);
                }
                let first_imperfect = cost.iter().zip(&ideal).position(|(c, s)| c != s).map(|i| {
                    let (criterion, range) = self.criterion_at(i);
                    Shortfall {
                        criterion,
                        chosen: cost[range.clone()].to_vec(),
                        ideal: ideal[range].to_vec(),
                    }
                });
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

    /// C7's best conceivable value with `m` MDPs paired and `d` downfloaters: the lowest
    /// scoring MDPs float, and residents for the rest (scores in tenths, highest first).
    fn c7_floor(&self, m: usize, d: usize) -> Vec<i32> {
        let mut scores: Vec<i32> = self.mdps[m..].iter().map(|&i| self.e(i).score).collect();
        let resident_score = self.residents.first().map_or(0, |&i| self.e(i).score);
        scores.resize(d, resident_score);
        scores.sort_by(|a, b| b.cmp(a));
        scores
    }

    /// The criterion at place `i` of a cost vector, and the places it spans.
    fn criterion_at(&self, i: usize) -> (&'static str, std::ops::Range<usize>) {
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
    fn prepare(&mut self) {
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
    fn bye_floats_from_here(&self) -> bool {
        self.g.bye_score.is_some()
            && self
                .lower
                .iter()
                .all(|&i| self.e(i).bye_barred || Some(self.e(i).score) != self.g.bye_score)
    }

    fn float(&self, i: usize, back: u8) -> Float {
        if back == 1 {
            self.e(i).float1
        } else {
            self.e(i).float2
        }
    }

    /// Lower bounds for C12 and C13 when `pairs` pairs are made among `players` and `floating`
    /// of them stay unpaired.
    fn colour_bound(&self, players: &[usize], pairs: usize, floating: usize) -> (i32, i32) {
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

    /// C.04.3 4.4: sets of M1 MDPs in order, each paired with residents by transpositions.
    fn search_mdp_sets(&mut self) {
        let nm = self.mdps.len();
        let mut set: Vec<usize> = (0..self.m).collect();
        loop {
            let chosen: Vec<usize> = set.iter().map(|&k| self.mdps[k]).collect();
            let limbo: Vec<usize> = (0..nm)
                .filter(|k| !set.contains(k))
                .map(|k| self.mdps[k])
                .collect();
            // When no resident floats, the downfloaters are this limbo: C4 decides the whole
            // set at once, before any of its transpositions.
            let d = nm + self.residents.len() - 2 * self.pairs;
            let mut key = limbo.clone();
            key.sort();
            let limbo_fails = d == limbo.len() && !self.completes(&key);
            if !limbo_fails
                && self.bipartite_feasible(&chosen, &self.residents)
                && self.reachable(&Branch {
                    limbo: Some(&limbo),
                    ..Branch::default()
                })
            {
                let mut used = vec![false; self.residents.len()];
                let mut mdp_pairs = Vec::new();
                self.mdp_step(
                    &chosen,
                    &limbo,
                    0,
                    &mut used,
                    &mut mdp_pairs,
                    [0; 4],
                    [0; 2],
                );
            }
            if self.done || !next_combination(&mut set, nm) {
                break;
            }
        }
    }

    /// The MDP phase: `chosen[i]` takes the first compatible resident not yet used.
    #[allow(clippy::too_many_arguments)]
    fn mdp_step(
        &mut self,
        chosen: &[usize],
        limbo: &[usize],
        i: usize,
        used: &mut Vec<bool>,
        mdp_pairs: &mut Vec<(usize, usize)>,
        colours: [i32; 4],
        upfloats: [i32; 2],
    ) {
        self.step();
        if self.done {
            return;
        }
        if i == chosen.len() {
            let remainder: Vec<usize> = self
                .residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&r, _)| r)
                .collect();
            let q = self.pairs - self.m;
            if 2 * matching_size(remainder.len(), &|a, b| self.ok(remainder[a], remainder[b]))
                < 2 * q
            {
                return;
            }
            let tail = self.mdp_tail(limbo, mdp_pairs);
            self.search_remainder(&remainder, limbo, mdp_pairs, colours, upfloats, &tail);
            return;
        }
        let mdp = chosen[i];
        for r in 0..self.residents.len() {
            if used[r] || !self.ok(mdp, self.residents[r]) {
                continue;
            }
            let res = self.residents[r];
            used[r] = true;
            let rest_right: Vec<usize> = self
                .residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&x, _)| x)
                .collect();
            if self.bipartite_feasible(&chosen[i + 1..], &rest_right) {
                let (c, _) = colour::allocate(self.e(mdp), self.e(res), self.g.initial);
                let add = colour::colour_costs(self.e(mdp), self.e(res), c, self.g.topscorers);
                let mut colours2 = colours;
                for t in 0..4 {
                    colours2[t] += add[t];
                }
                let mut up2 = upfloats;
                if self.e(res).float1 == Float::Up {
                    up2[0] += 1;
                }
                if self.e(res).float2 == Float::Up {
                    up2[1] += 1;
                }
                let mut rest: Vec<usize> = chosen[i + 1..].to_vec();
                rest.extend(&rest_right);
                let rest_pairs = self.pairs - (i + 1);
                let (r12, r13) = self.colour_bound(&rest, rest_pairs, rest.len() - 2 * rest_pairs);
                let bound = self.bound(colours2, r12, r13, up2, None);
                if self.better_than_best(&bound)
                    && self.reachable(&Branch {
                        fixed: mdp_pairs,
                        extra: Some((mdp, res)),
                        limbo: Some(limbo),
                        split: None,
                    })
                {
                    mdp_pairs.push((mdp, res));
                    self.mdp_step(chosen, limbo, i + 1, used, mdp_pairs, colours2, up2);
                    mdp_pairs.pop();
                }
            }
            used[r] = false;
            if self.done {
                return;
            }
        }
    }

    /// C18-C21 once the MDP pairs are known.
    fn mdp_tail(&self, limbo: &[usize], mdp_pairs: &[(usize, usize)]) -> Vec<i32> {
        let k = self.mdps.len();
        let mut tail = vec![i32::MIN; 4 * k];
        for (t, back) in [(0usize, 1u8), (2, 2)] {
            // C18/C20: MDPs who had a downfloat; floating on counts as the largest difference.
            let mut diffs: Vec<i32> = mdp_pairs
                .iter()
                .filter(|&&(m, _)| self.float(m, back) == Float::Down)
                .map(|&(m, r)| self.e(m).score - self.e(r).score)
                .chain(
                    limbo
                        .iter()
                        .filter(|&&m| self.float(m, back) == Float::Down)
                        .map(|_| UNPAIRED),
                )
                .collect();
            diffs.sort_by(|a, b| b.cmp(a));
            diffs.resize(k, i32::MIN);
            tail[t * k..(t + 1) * k].copy_from_slice(&diffs);
            // C19/C21: MDP opponents who had an upfloat.
            let mut ups: Vec<i32> = mdp_pairs
                .iter()
                .filter(|&&(_, r)| self.float(r, back) == Float::Up)
                .map(|&(m, r)| self.e(m).score - self.e(r).score)
                .collect();
            ups.sort_by(|a, b| b.cmp(a));
            ups.resize(k, i32::MIN);
            tail[(t + 1) * k..(t + 2) * k].copy_from_slice(&ups);
        }
        tail
    }

    /// A lower bound on the cost of any candidate below the current node.
    fn bound(
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

    /// Counts a search node. Past the budget the search ends when something else can
    /// finish the job: a candidate in hand, the full pass after a perfect-first one, or the
    /// exact optimum. Without any of them it goes on, since stopping without a candidate
    /// would mean pairing fewer players than the bracket can.
    fn step(&mut self) {
        self.nodes += 1;
        if self.nodes > NODE_LIMIT
            && self.target.is_none()
            && (self.best.is_some() || self.perfect_only || self.exact_available)
        {
            self.give_up();
        }
    }

    /// After the search stopped at its budget: find the best cost with the exact optimum
    /// (`exact`). When the search's best already has it, that candidate is the earliest of
    /// that cost (branches were only cut for costing no less than a candidate already in
    /// hand). Otherwise search again, entering only branches that can still reach it.
    fn settle(&mut self) {
        if !self.exact_possible() {
            return;
        }
        let Some((target, witness)) = self.optimum(&Branch::default()) else {
            // No candidate at all for these pairs: the search was right to find none.
            self.exhausted = self.best.is_some();
            return;
        };
        let found = self.best.as_ref().map(|(cost, _)| cost.clone());
        match found {
            Some(cost) if cost == target => {
                self.exhausted = false;
                return;
            }
            Some(cost) if cost < target => return,
            _ => {}
        }
        let fallback = self.best.take();
        let ideal = std::mem::replace(&mut self.stop, target.clone());
        self.target = Some(target.clone());
        self.witness = Some(witness.clone());
        self.done = false;
        self.nodes = 0;
        self.oracle_calls = 0;
        self.search_mdp_sets();
        self.stop = ideal;
        self.target = None;
        self.witness = None;
        if self.best.as_ref().is_some_and(|(cost, _)| *cost == target) {
            self.exhausted = false;
        } else {
            // The guided search ran out of matchings: the witness has the best cost, though
            // an earlier candidate of that cost may exist; the bracket stays flagged.
            self.exhausted = true;
            self.best = Some((target, witness));
            let _ = fallback;
        }
    }

    /// Ends the search with the best candidate so far. This is the one place where the
    /// engine is not exact: a bracket whose best conceivable cost is out of reach and whose
    /// candidates are too many to try all.
    fn give_up(&mut self) {
        self.done = true;
        self.exhausted = true;
    }

    fn better_than_best(&self, bound: &[i32]) -> bool {
        match &self.best {
            Some((cost, _)) => bound < cost.as_slice(),
            None => !self.perfect_only || bound <= self.stop.as_slice(),
        }
    }

    /// The remainder (C.04.3 4.2-4.3, a homogeneous bracket): S1 the first q residents, S2
    /// the rest, transpositions within each exchange, exchanges in order.
    fn search_remainder(
        &mut self,
        remainder: &[usize],
        limbo: &[usize],
        mdp_pairs: &[(usize, usize)],
        colours: [i32; 4],
        upfloats: [i32; 2],
        tail: &[i32],
    ) {
        let q = self.pairs - self.m;
        // Nothing in this remainder can beat the best candidate when its colour bound
        // cannot: skip its exchanges altogether.
        let (r12, r13) = self.colour_bound(remainder, q, remainder.len() - 2 * q);
        let whole = self.bound(colours, r12, r13, upfloats, Some(tail));
        if !self.better_than_best(&whole) {
            return;
        }
        let s1: Vec<usize> = (0..q).collect();
        let s2: Vec<usize> = (q..remainder.len()).collect();
        for k in 0..=q.min(s2.len()) {
            if !self.better_than_best(&whole) {
                return;
            }
            let count = binomial(q, k).saturating_mul(binomial(s2.len(), k));
            if count > EXCHANGE_LIMIT && (self.best.is_some() || self.perfect_only) {
                self.give_up();
                return;
            }
            for (x, y) in exchanges(&s1, &s2, k) {
                if !self.better_than_best(&whole) {
                    return;
                }
                let mut a: Vec<usize> = s1.iter().filter(|i| !x.contains(i)).copied().collect();
                a.extend(&y);
                a.sort();
                let mut b: Vec<usize> = s2.iter().filter(|i| !y.contains(i)).copied().collect();
                b.extend(&x);
                b.sort();
                let left: Vec<usize> = a.iter().map(|&i| remainder[i]).collect();
                let right: Vec<usize> = b.iter().map(|&i| remainder[i]).collect();
                let Some(assignment) = self.assignment(&left, &right) else {
                    self.step();
                    if self.done {
                        return;
                    }
                    continue;
                };
                let tally = self.tally(&left, &right);
                let (r12, r13) = tally.bound();
                if !self.better_than_best(&self.bound(colours, r12, r13, upfloats, Some(tail))) {
                    self.step();
                    if self.done {
                        return;
                    }
                    continue;
                }
                if !self.reachable(&Branch {
                    fixed: mdp_pairs,
                    extra: None,
                    limbo: Some(limbo),
                    split: Some((&left, &right)),
                }) {
                    continue;
                }
                let mut used = vec![false; right.len()];
                let mut pairs = mdp_pairs.to_vec();
                let mut branch = Transposition {
                    left: &left,
                    right: &right,
                    limbo,
                    used: &mut used,
                    pairs: &mut pairs,
                    upfloats,
                    tail,
                };
                self.transpose(&mut branch, 0, colours, &assignment, tally);
                if self.done {
                    return;
                }
            }
        }
    }

    /// S1 player `i` of the remainder takes, in turn, each S2 player it may meet. The
    /// assignment holds a partner for every S1 player from `i` on (proof that the branch can
    /// be completed); moving one pair repairs it with a single augmenting path.
    fn transpose(
        &mut self,
        t: &mut Transposition,
        i: usize,
        colours: [i32; 4],
        assignment: &Assignment,
        tally: Tally,
    ) {
        self.step();
        if self.done {
            return;
        }
        if i == t.left.len() {
            let mut floaters: Vec<usize> = t.limbo.to_vec();
            floaters.extend(
                t.right
                    .iter()
                    .zip(t.used.iter())
                    .filter(|(_, u)| !**u)
                    .map(|(&r, _)| r),
            );
            let pairs = t.pairs.clone();
            self.leaf(&pairs, floaters, colours, t.upfloats, t.tail);
            return;
        }
        let a = t.left[i];
        for j in 0..t.right.len() {
            if t.used[j] || !self.ok(a, t.right[j]) {
                continue;
            }
            let b = t.right[j];
            t.used[j] = true;
            let moved = if assignment.of_left[i] == j {
                None
            } else {
                match self.reassign(t.left, t.right, t.used, assignment, i, j) {
                    Some(moved) => Some(moved),
                    None => {
                        t.used[j] = false;
                        continue;
                    }
                }
            };
            {
                let next = moved.as_ref().unwrap_or(assignment);
                let (c, _) = colour::allocate(self.e(a), self.e(b), self.g.initial);
                let add = colour::colour_costs(self.e(a), self.e(b), c, self.g.topscorers);
                let mut colours2 = colours;
                for k in 0..4 {
                    colours2[k] += add[k];
                }
                let mut tally2 = tally;
                self.untally(&mut tally2, a, true);
                self.untally(&mut tally2, b, false);
                let (r12, r13) = tally2.bound();
                let bound = self.bound(colours2, r12, r13, t.upfloats, Some(t.tail));
                if self.better_than_best(&bound)
                    && self.reachable(&Branch {
                        fixed: t.pairs,
                        extra: Some((a, b)),
                        limbo: Some(t.limbo),
                        split: Some((t.left, t.right)),
                    })
                {
                    t.pairs.push((a, b));
                    self.transpose(t, i + 1, colours2, next, tally2);
                    t.pairs.pop();
                }
            }
            t.used[j] = false;
            if self.done {
                return;
            }
        }
    }

    fn wants(&self, i: usize, colour: Color, strong: bool) -> bool {
        self.e(i)
            .preference
            .is_some_and(|p| p.colour == colour && (!strong || p.strength >= Strength::Strong))
    }

    /// The colour wishes of `left` and the players of `right` who do not share them.
    fn tally(&self, left: &[usize], right: &[usize]) -> Tally {
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
    fn untally(&self, t: &mut Tally, i: usize, on_left: bool) {
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
    fn assignment(&self, left: &[usize], right: &[usize]) -> Option<Assignment> {
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
    fn reassign(
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
    fn leaf(
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
    fn cost(
        &mut self,
        floaters: &[usize],
        colours: [i32; 4],
        upfloats: [i32; 2],
        tail: &[i32],
    ) -> Option<Vec<i32>> {
        let mut key = floaters.to_vec();
        key.sort();
        if !self.completes(&key) {
            return None;
        }
        let l = self.layout;
        let mut cost = self.stop.clone();
        let mut scores: Vec<i32> = floaters.iter().map(|&i| self.e(i).score).collect();
        scores.sort_by(|a, b| b.cmp(a));
        cost[..l.c8].copy_from_slice(&scores);
        if !self.next.is_empty() {
            let (pairs_next, next_scores) = self.next_bracket(&key);
            cost[l.c8] = -pairs_next;
            for (slot, s) in cost[l.c8 + 1..l.c9]
                .iter_mut()
                .zip(next_scores.iter().copied().chain(std::iter::repeat(0)))
            {
                *slot = s;
            }
        }
        cost[l.c9] = if floaters.len() == 1 && self.bye_floats_from_here() {
            self.e(floaters[0]).unplayed as i32
        } else {
            0
        };
        let residents_floating = |back: u8| {
            floaters
                .iter()
                .filter(|&&i| !self.mdps.contains(&i) && self.float(i, back) == Float::Down)
                .count() as i32
        };
        cost[l.counts..l.counts + 4].copy_from_slice(&colours);
        cost[l.counts + 4] = residents_floating(1);
        cost[l.counts + 5] = upfloats[0];
        cost[l.counts + 6] = residents_floating(2);
        cost[l.counts + 7] = upfloats[1];
        cost[l.c18..].copy_from_slice(tail);
        Some(cost)
    }

    /// C4 for the players left after this bracket: the downfloaters and everyone below.
    fn completes(&mut self, floaters: &[usize]) -> bool {
        if let Some(&known) = self.completion.get(floaters) {
            return known;
        }
        let mut rest = floaters.to_vec();
        rest.extend(&self.lower);
        let answer = self.g.completes_with(&rest, self.g.bye_score);
        self.completion.insert(floaters.to_vec(), answer);
        answer
    }

    /// C8: the pairs of the next bracket (its downfloaters' MDPs plus the next scoregroup),
    /// and the scores of its downfloaters, highest first, when as many MDPs as possible are
    /// paired, highest scores first.
    fn next_bracket(&mut self, floaters: &[usize]) -> (i32, Vec<i32>) {
        if let Some(known) = self.next_quality.get(floaters) {
            return known.clone();
        }
        let nd = floaters.len();
        let players: Vec<usize> = floaters.iter().chain(&self.next).copied().collect();
        let n = players.len();
        if n <= EXACT_NEXT_BRACKET
            && let Some(answer) = self.next_bracket_completed(&players, nd)
        {
            self.next_quality.insert(floaters.to_vec(), answer.clone());
            return answer;
        }
        let edge = |a: usize, b: usize| (a >= nd || b >= nd) && self.ok(players[a], players[b]);
        let size = matching_size(n, &edge);
        // The sets of vertices a maximum matching can cover form a matroid, so the greedy
        // choice by score finds the lowest downfloater scores.
        let mut order: Vec<usize> = (0..nd).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(self.e(players[k]).score));
        let mut required = vec![false; n];
        for k in order {
            required[k] = true;
            let spare = n - 2 * size;
            let total = n + spare;
            let adjacent = |a: usize, b: usize| match (a < n, b < n) {
                (true, true) => edge(a, b),
                (true, false) => !required[a],
                (false, true) => !required[b],
                (false, false) => false,
            };
            if 2 * matching_size(total, &adjacent) != total {
                required[k] = false;
            }
        }
        let mut scores: Vec<i32> = (0..nd)
            .filter(|&k| !required[k])
            .map(|k| self.e(players[k]).score)
            .collect();
        scores.sort_by(|a, b| b.cmp(a));
        let unpaired_residents = n - 2 * size - scores.len();
        if let Some(&r) = self.next.first() {
            scores.extend(std::iter::repeat_n(self.e(r).score, unpaired_residents));
        }
        let answer = (size as i32, scores);
        self.next_quality.insert(floaters.to_vec(), answer.clone());
        answer
    }

    /// C8 read with C4, as the reference engine reads it: the next bracket's pairings are
    /// only those after which everybody still unpaired can be paired. Tried exhaustively,
    /// which small next brackets allow.
    fn next_bracket_completed(&mut self, players: &[usize], nd: usize) -> Option<(i32, Vec<i32>)> {
        let below: Vec<usize> = self.lower[self.next.len()..].to_vec();
        let mut best: Option<(i32, Vec<i32>)> = None;
        let mut used = vec![false; players.len()];
        let mut floating = Vec::new();
        let mut cache: HashMap<Vec<usize>, bool> = HashMap::new();
        self.next_step(
            players,
            nd,
            &below,
            &mut used,
            &mut floating,
            0,
            &mut best,
            &mut cache,
        );
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn next_step(
        &self,
        players: &[usize],
        nd: usize,
        below: &[usize],
        used: &mut Vec<bool>,
        floating: &mut Vec<usize>,
        pairs: i32,
        best: &mut Option<(i32, Vec<i32>)>,
        cache: &mut HashMap<Vec<usize>, bool>,
    ) {
        let free = used.iter().filter(|u| !**u).count() as i32;
        if best.as_ref().is_some_and(|b| pairs + free / 2 < b.0) {
            return;
        }
        let Some(v) = used.iter().position(|u| !*u) else {
            let mut scores: Vec<i32> = floating.iter().map(|&i| self.e(i).score).collect();
            scores.sort_by(|a, b| b.cmp(a));
            let better = match best {
                None => true,
                Some((bp, bs)) => pairs > *bp || pairs == *bp && scores < *bs,
            };
            if better {
                let mut key = floating.clone();
                key.sort();
                let ok = *cache.entry(key.clone()).or_insert_with(|| {
                    let mut rest = key.clone();
                    rest.extend(below);
                    self.g.completes_with(&rest, self.g.bye_score)
                });
                if ok {
                    *best = Some((pairs, scores));
                }
            }
            return;
        };
        used[v] = true;
        for u in v + 1..players.len() {
            if !used[u] && (v >= nd || u >= nd) && self.ok(players[v], players[u]) {
                used[u] = true;
                self.next_step(players, nd, below, used, floating, pairs + 1, best, cache);
                used[u] = false;
            }
        }
        floating.push(players[v]);
        self.next_step(players, nd, below, used, floating, pairs, best, cache);
        floating.pop();
        used[v] = false;
    }

    /// Can each of `left` get a distinct compatible partner in `right`?
    fn bipartite_feasible(&self, left: &[usize], right: &[usize]) -> bool {
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
