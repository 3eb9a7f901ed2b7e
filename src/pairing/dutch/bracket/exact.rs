//! The exact best cost of a bracket, and the search guided by it.
//!
//! A candidate's cost (C4-C21) is a sum over its pairs and its downfloaters once each
//! criterion is split into tiers: C7's "scores of the downfloaters, highest first" compares
//! like the number of downfloaters of the highest score, then of the next score, and so on;
//! C18-C21 likewise by score difference. So the best cost over every candidate is one
//! maximum weight matching over the bracket and everyone below it: edges inside the bracket
//! carry the bracket's tiers, edges between its downfloaters and the next scoregroup (or
//! inside that scoregroup) carry C8's tiers, and every edge carries C4's, which comes first,
//! so the matching pairs everybody when that is possible. The matching's candidate is then
//! costed by the same code as every generated candidate, so the two can be compared exactly.
//!
//! Knowing the best cost makes the generation-order search exact without trying every
//! candidate: a candidate with that cost ends the search, and a branch where the matching,
//! restricted to the branch, cannot reach it is never entered.

use std::collections::HashSet;

use integer_blossom::max_weight_matching;

use super::super::colour;
use super::super::state::Float;
use super::super::weight::Wide;
use super::{BracketSearch, Candidate, Cost, UNPAIRED};

/// An entrant's part in a branch: an MDP, one left in limbo, in S1 (1) or S2 (2).
#[derive(Clone, Copy, Default)]
struct Role {
    mdp: bool,
    limbo: bool,
    side: u8,
}

/// What a branch of the generation order has fixed.
#[derive(Default, Clone, Copy)]
pub(super) struct Branch<'c> {
    /// Pairs already made in this bracket (the MDP first in an MDP pair).
    pub fixed: &'c [(usize, usize)],
    /// One more pair, the one the branch is about to make.
    pub extra: Option<(usize, usize)>,
    /// MDPs that stay unpaired in this bracket; `None` while the MDP set is open.
    pub limbo: Option<&'c [usize]>,
    /// The remainder's S1 and S2 after an exchange: its pairs must cross them.
    pub split: Option<(&'c [usize], &'c [usize])>,
}

/// Where each criterion's tiers sit in the weight.
struct Plan {
    c7: Vec<i32>,
    c8a: usize,
    c8b: Vec<i32>,
    c9: usize,
    colours: usize,
    floats: usize,
    /// C18-C21: the score differences, largest first (C18/C20 also have `UNPAIRED` first).
    diffs: Vec<i32>,
    c18: usize,
    len: usize,
}

impl Plan {
    fn c7_tier(&self, score: i32) -> usize {
        3 + self.c7.iter().position(|&s| s == score).unwrap_or(0)
    }

    fn c8b_tier(&self, score: i32) -> usize {
        self.c8a + 1 + self.c8b.iter().position(|&s| s == score).unwrap_or(0)
    }

    /// Tier of difference `diff` for C18 + `which` (0..4); C18 and C20 start with `UNPAIRED`.
    fn diff_tier(&self, which: usize, diff: i32) -> usize {
        let width = self.diffs.len();
        self.c18 + which * width + self.diffs.iter().position(|&d| d == diff).unwrap_or(0)
    }
}

/// The most tiers the widest weight holds.
const MAX_TIERS: usize = 64;

/// The most memory the exact optimum may use: our weight matrix (n² weights) plus the
/// matching's own edge table ((2n+1)² edges of a weight and two vertex numbers), which
/// integer-blossom keeps for reuse. Beyond it, on fields of about a thousand or more still to
/// pair, a bracket that exhausts the search keeps the search's best and says so in
/// `--explain`.
const MAX_MATCHING_BYTES: usize = 640 << 20;

impl BracketSearch<'_, '_> {
    fn plan(&self) -> Plan {
        let scores = |players: &mut dyn Iterator<Item = &usize>| {
            let mut s: Vec<i32> = players.map(|&i| self.e(i).score).collect();
            s.sort_by(|a, b| b.cmp(a));
            s.dedup();
            s
        };
        let c7 = scores(&mut self.mdps.iter().chain(&self.residents));
        let c8b = scores(&mut self.mdps.iter().chain(&self.residents).chain(&self.next));
        let resident = self.e(self.residents[0]).score;
        let mut diffs = vec![UNPAIRED];
        diffs.extend(self.mdps.iter().map(|&i| self.e(i).score - resident));
        diffs.sort_by(|a, b| b.cmp(a));
        diffs.dedup();
        let c8a = 3 + c7.len();
        let c9 = c8a + 1 + c8b.len();
        let colours = c9 + 1;
        let floats = colours + 4;
        let c18 = floats + 4;
        let len = c18 + 4 * diffs.len();
        Plan {
            c7,
            c8a,
            c8b,
            c9,
            colours,
            floats,
            diffs,
            c18,
            len,
        }
    }

    /// The weight of a pair made inside the bracket.
    fn bracket_weight<const L: usize>(&self, plan: &Plan, a: usize, b: usize, c9: bool) -> Wide<L> {
        let mut w = Wide::zero();
        let (ea, eb) = (self.e(a), self.e(b));
        let (mdp, resident) = match (self.mdps.contains(&a), self.mdps.contains(&b)) {
            (true, false) => (Some(a), b),
            (false, true) => (Some(b), a),
            _ => (None, a),
        };
        w.add_to(0, 1);
        w.add_to(1, 1);
        if mdp.is_some() {
            w.add_to(2, 1);
        }
        w.add_to(plan.c7_tier(ea.score), 1);
        w.add_to(plan.c7_tier(eb.score), 1);
        if c9 {
            w.add_to(plan.c9, (ea.unplayed + eb.unplayed) as i64);
        }
        let (c, _) = colour::allocate(ea, eb, self.g.initial);
        let costs = colour::colour_costs(ea, eb, c, self.g.topscorers);
        for (t, cost) in costs.iter().enumerate() {
            w.add_to(plan.colours + t, -(*cost as i64));
        }
        for x in [a, b] {
            if Some(x) != mdp {
                if self.e(x).float1 == Float::Down {
                    w.add_to(plan.floats, 1);
                }
                if self.e(x).float2 == Float::Down {
                    w.add_to(plan.floats + 2, 1);
                }
            }
        }
        if let Some(m) = mdp {
            let diff = self.e(m).score - self.e(resident).score;
            for (back, slot) in [(1u8, 0usize), (2, 2)] {
                if self.float(resident, back) == Float::Up {
                    w.add_to(plan.floats + 1 + slot, -1);
                    w.add_to(plan.diff_tier(slot + 1, diff), -1);
                }
                if self.float(m, back) == Float::Down {
                    w.add_to(plan.diff_tier(slot, UNPAIRED), 1);
                    w.add_to(plan.diff_tier(slot, diff), -1);
                }
            }
        }
        w
    }

    /// The weight of a pair made in the next bracket (C8).
    fn next_weight<const L: usize>(&self, plan: &Plan, a: usize, b: usize) -> Wide<L> {
        let mut w = Wide::zero();
        w.add_to(0, 1);
        w.add_to(plan.c8a, 1);
        w.add_to(plan.c8b_tier(self.e(a).score), 1);
        w.add_to(plan.c8b_tier(self.e(b).score), 1);
        w
    }

    /// Each entrant's part in the branch, so that `pairs_here` answers in constant time.
    fn roles(&self, branch: &Branch) -> Vec<Role> {
        let mut roles = vec![Role::default(); self.g.entrants.len()];
        for &m in &self.mdps {
            roles[m].mdp = true;
        }
        for &m in branch.limbo.unwrap_or(&[]) {
            roles[m].limbo = true;
        }
        if let Some((left, right)) = branch.split {
            for &i in left {
                roles[i].side = 1;
            }
            for &i in right {
                roles[i].side = 2;
            }
        }
        roles
    }

    /// May `a` and `b`, both of this bracket and both free, be paired here on this branch?
    fn pairs_here(roles: &[Role], split: bool, a: usize, b: usize) -> bool {
        let (ra, rb) = (roles[a], roles[b]);
        if (ra.mdp && rb.mdp) || ra.limbo || rb.limbo {
            return false;
        }
        !split || (ra.side | rb.side) == 3
    }

    /// Whether the criteria of this bracket fit in the widest weight, and the weight matrix
    /// over everyone still to pair in the memory allowed for it.
    pub(super) fn exact_possible(&self) -> bool {
        let plan = self.plan();
        let n = self.mdps.len() + self.residents.len() + self.lower.len() + 1;
        let weight = 8 * plan.len.div_ceil(2).next_power_of_two().max(4);
        let bytes = n * n * weight + (2 * n + 1) * (2 * n + 1) * (weight + 8);
        plan.len <= MAX_TIERS && bytes <= MAX_MATCHING_BYTES
    }

    /// The best candidate of the branch by the criteria, with its cost; None when the branch
    /// has no candidate (or the criteria need more tiers than a weight holds).
    pub(super) fn optimum(&mut self, branch: &Branch) -> Option<(Cost, Candidate)> {
        if !self.exact_possible() {
            return None;
        }
        let plan = self.plan();
        self.oracle_calls += 1;
        match plan.len.div_ceil(2) {
            0..=4 => self.optimum_with::<4>(&plan, branch),
            5..=8 => self.optimum_with::<8>(&plan, branch),
            9..=16 => self.optimum_with::<16>(&plan, branch),
            17..=32 => self.optimum_with::<32>(&plan, branch),
            _ => None,
        }
    }

    fn optimum_with<const L: usize>(
        &mut self,
        plan: &Plan,
        branch: &Branch,
    ) -> Option<(Cost, Candidate)> {
        let roles = self.roles(branch);
        let split = branch.split.is_some();
        let mut taken: HashSet<usize> = HashSet::new();
        for &(a, b) in branch.fixed.iter().chain(branch.extra.iter()) {
            taken.insert(a);
            taken.insert(b);
        }
        let bracket: Vec<usize> = self
            .mdps
            .iter()
            .chain(&self.residents)
            .copied()
            .filter(|i| !taken.contains(i))
            .collect();
        let nb = bracket.len();
        let nn = self.next.len();
        let mut vertices = bracket.clone();
        vertices.extend(&self.lower);
        let dummy = self.g.bye_score.is_some();
        let n = vertices.len() + usize::from(dummy);
        let d = self.mdps.len() + self.residents.len() - 2 * self.pairs;
        let c9 = d == 1 && self.bye_floats_from_here();
        let mut weights = vec![Wide::<L>::zero(); n * n];
        let mut c4 = Wide::<L>::zero();
        c4.add_to(0, 1);
        for x in 0..vertices.len() {
            for y in x + 1..vertices.len() {
                let (a, b) = (vertices[x], vertices[y]);
                if !self.ok(a, b) {
                    continue;
                }
                let in_next = |k: usize| k >= nb && k < nb + nn;
                let w = if x < nb && y < nb && Self::pairs_here(&roles, split, a, b) {
                    self.bracket_weight::<L>(plan, a, b, c9)
                } else if (x < nb && in_next(y)) || (in_next(x) && in_next(y)) {
                    self.next_weight::<L>(plan, a, b)
                } else {
                    c4
                };
                weights[x * n + y] = w;
            }
            if dummy {
                let p = self.e(vertices[x]);
                if !p.bye_barred && Some(p.score) == self.g.bye_score {
                    weights[x * n + n - 1] = c4;
                }
            }
        }
        let mate = max_weight_matching(&weights, n);
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut pairs: Vec<(usize, usize)> = branch.fixed.to_vec();
        pairs.extend(branch.extra);
        let mut floaters = Vec::new();
        for x in 0..nb {
            let y = mate[x]?;
            let paired_here = y < nb && Self::pairs_here(&roles, split, bracket[x], bracket[y]);
            if !paired_here {
                floaters.push(bracket[x]);
            } else if x < y {
                let (a, b) = (bracket[x], bracket[y]);
                pairs.push(if self.mdps.contains(&b) {
                    (b, a)
                } else {
                    (a, b)
                });
            }
        }
        let mdp_pairs = pairs.iter().filter(|p| self.mdps.contains(&p.0)).count();
        if pairs.len() != self.pairs || mdp_pairs != self.m {
            return None;
        }
        let cost = self.evaluate(&pairs, &floaters)?;
        Some((cost, Candidate { pairs, floaters }))
    }

    /// The cost of a complete candidate, as `leaf` computes it; None when it fails C4.
    pub(super) fn evaluate(
        &mut self,
        pairs: &[(usize, usize)],
        floaters: &[usize],
    ) -> Option<Cost> {
        let mut colours = [0; 4];
        let mut upfloats = [0; 2];
        for &(a, b) in pairs {
            let (c, _) = colour::allocate(self.e(a), self.e(b), self.g.initial);
            let add = colour::colour_costs(self.e(a), self.e(b), c, self.g.topscorers);
            for t in 0..4 {
                colours[t] += add[t];
            }
            if self.mdps.contains(&a) {
                for (slot, back) in [(0usize, 1u8), (1, 2)] {
                    if self.float(b, back) == Float::Up {
                        upfloats[slot] += 1;
                    }
                }
            }
        }
        let limbo: Vec<usize> = floaters
            .iter()
            .copied()
            .filter(|i| self.mdps.contains(i))
            .collect();
        let mdp_pairs: Vec<(usize, usize)> = pairs
            .iter()
            .copied()
            .filter(|p| self.mdps.contains(&p.0))
            .collect();
        let tail = self.mdp_tail(&limbo, &mdp_pairs);
        self.cost(floaters, colours, upfloats, &tail)
    }

    /// Does the branch still hold a candidate of the target cost? The witness (a candidate
    /// of that cost) answers without a matching when it lies in the branch.
    pub(super) fn reachable(&mut self, branch: &Branch) -> bool {
        let Some(target) = self.target.clone() else {
            return true;
        };
        if let Some(w) = &self.witness
            && self.in_branch(w, branch)
        {
            return true;
        }
        if self.oracle_calls >= super::ORACLE_LIMIT {
            self.done = true;
            return false;
        }
        match self.optimum(branch) {
            Some((cost, cand)) if cost == target => {
                self.witness = Some(cand);
                true
            }
            _ => false,
        }
    }

    fn in_branch(&self, cand: &Candidate, branch: &Branch) -> bool {
        let roles = self.roles(branch);
        let split = branch.split.is_some();
        let key = |a: usize, b: usize| (a.min(b), a.max(b));
        let have: HashSet<(usize, usize)> = cand.pairs.iter().map(|&(a, b)| key(a, b)).collect();
        let fixed: HashSet<(usize, usize)> = branch
            .fixed
            .iter()
            .chain(branch.extra.iter())
            .map(|&(a, b)| key(a, b))
            .collect();
        fixed.iter().all(|p| have.contains(p))
            && have
                .iter()
                .all(|&(a, b)| fixed.contains(&(a, b)) || Self::pairs_here(&roles, split, a, b))
    }
}

#[cfg(test)]
thread_local! {
    /// Brackets compared and the disagreements, while a test asks for the comparison.
    pub static CROSS_CHECK: std::cell::RefCell<Option<(u64, Vec<String>)>> =
        const { std::cell::RefCell::new(None) };
}

/// In tests: a bracket the search settled on its own (every branch tried or cut by a
/// bound) has the proven best cost, so the matching's optimum must equal it. This checks
/// the weights against an independent computation, the exhaustive search.
#[cfg(test)]
pub(super) fn cross_check(search: &mut BracketSearch) {
    if search.exhausted || CROSS_CHECK.with(|c| c.borrow().is_none()) {
        return;
    }
    if !search.exact_possible() {
        return;
    }
    let found = search.best.as_ref().map(|(cost, _)| cost.clone());
    let optimum = search.optimum(&Branch::default()).map(|(cost, _)| cost);
    CROSS_CHECK.with(|c| {
        if let Some((count, problems)) = c.borrow_mut().as_mut() {
            *count += 1;
            if found != optimum {
                problems.push(format!(
                    "pairs {} m {}: search {found:?}, matching {optimum:?}",
                    search.pairs, search.m
                ));
            }
        }
    });
}
