//! The search: the MDP sets (C.04.3 4.2), then for each the remainder's transpositions and
//! exchanges (4.3), in the order of the procedure, keeping the best candidate found.

use super::super::colour;
use super::super::matching::matching_size;
use super::super::state::Float;
use super::{
    Assignment, BracketSearch, Branch, EXCHANGE_LIMIT, NODE_LIMIT, Tally, Transposition, UNPAIRED,
    binomial, exchanges, next_combination,
};

impl<'g, 'a> BracketSearch<'g, 'a> {
    /// C.04.3 4.4: sets of M1 MDPs in order, each paired with residents by transpositions.
    pub(super) fn search_mdp_sets(&mut self) {
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
    pub(super) fn mdp_tail(&self, limbo: &[usize], mdp_pairs: &[(usize, usize)]) -> Vec<i32> {
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
    pub(super) fn settle(&mut self) {
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
}
