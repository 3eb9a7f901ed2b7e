//! Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).
//!
//! The Dutch rules ask, again and again, whether a set of players can still be paired among
//! themselves (C4, MaxPairs, C8). Those are matching questions on the graph of allowed pairs,
//! and odd cycles (three players who may all meet each other) make them non-bipartite.

const NONE: usize = usize::MAX;

/// A maximum matching of the graph on `n` vertices whose edges `adjacent` names:
/// `mate[v]` is `v`'s partner or `None`.
pub fn maximum_matching(n: usize, adjacent: &dyn Fn(usize, usize) -> bool) -> Vec<Option<usize>> {
    let mut mate = vec![NONE; n];
    // A greedy start, each vertex with the next free one it may meet: the graphs of a Swiss
    // round are dense, so this matches nearly everybody in linear time, and no adjacency
    // lists are built (they would cost the square of the field on every question).
    for v in 0..n {
        if mate[v] == NONE
            && let Some(w) = (v + 1..n).find(|&w| mate[w] == NONE && adjacent(v, w))
        {
            mate[v] = w;
            mate[w] = v;
        }
    }
    let mut search = Search::new(n);
    for root in 0..n {
        if mate[root] == NONE
            && let Some(end) = search.augmenting_path(root, adjacent, &mate)
        {
            let mut v = end;
            while v != NONE {
                let pv = search.parent[v];
                let next = mate[pv];
                mate[v] = pv;
                mate[pv] = v;
                v = next;
            }
        }
    }
    mate.into_iter().map(|m| (m != NONE).then_some(m)).collect()
}

/// The number of pairs of a maximum matching.
pub fn matching_size(n: usize, adjacent: &dyn Fn(usize, usize) -> bool) -> usize {
    maximum_matching(n, adjacent)
        .iter()
        .filter(|m| m.is_some())
        .count()
        / 2
}

struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// The lowest common ancestor of `a` and `b` in the alternating tree, by bases.
    fn common_base(&self, mut a: usize, mut b: usize, mate: &[usize]) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, mate: &[usize]) {
        while self.base[v] != b {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// BFS for an augmenting path from `root`, contracting blossoms; the free vertex it ends
    /// at, with `parent` leading back.
    fn augmenting_path(
        &mut self,
        root: usize,
        adjacent: &dyn Fn(usize, usize) -> bool,
        mate: &[usize],
    ) -> Option<usize> {
        let n = mate.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for to in 0..n {
                if to == v || !adjacent(v, to) {
                    continue;
                }
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || mate[to] != NONE && self.parent[mate[to]] != NONE {
                    let current = self.common_base(v, to, mate);
                    self.in_blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, current, to, mate);
                    self.mark_path(to, current, v, mate);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        return Some(to);
                    }
                    let next = mate[to];
                    self.used[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: the largest matching by trying every edge for the first free vertex.
    fn brute(n: usize, adj: &dyn Fn(usize, usize) -> bool, used: &mut Vec<bool>) -> usize {
        let Some(v) = (0..n).find(|&v| !used[v]) else {
            return 0;
        };
        used[v] = true;
        let mut best = brute(n, adj, used);
        for w in 0..n {
            if !used[w] && adj(v, w) {
                used[w] = true;
                best = best.max(1 + brute(n, adj, used));
                used[w] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn matches_brute_force_on_random_graphs() {
        // Expected values: an exhaustive search over all matchings of the same small graphs.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            let n = 1 + (seed % 11) as usize;
            let mut edges = vec![vec![false; n]; n];
            for a in 0..n {
                for b in a + 1..n {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let e = seed.is_multiple_of(3);
                    edges[a][b] = e;
                    edges[b][a] = e;
                }
            }
            let adj = |a: usize, b: usize| edges[a][b];
            let mate = maximum_matching(n, &adj);
            for (v, m) in mate.iter().enumerate() {
                if let Some(w) = *m {
                    assert!(edges[v][w]);
                    assert_eq!(mate[w], Some(v));
                }
            }
            assert_eq!(matching_size(n, &adj), brute(n, &adj, &mut vec![false; n]));
        }
    }
}
