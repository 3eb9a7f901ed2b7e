//! Look-ahead: whether the players left for the next bracket can be paired (C4 completion)
//! and how well (C8), asked for each set of downfloaters a candidate would leave.

use std::collections::HashMap;

use super::super::matching::matching_size;
use super::{BracketSearch, EXACT_NEXT_BRACKET};

impl<'g, 'a> BracketSearch<'g, 'a> {
    /// C4 for the players left after this bracket: the downfloaters and everyone below.
    pub(super) fn completes(&mut self, floaters: &[usize]) -> bool {
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
    pub(super) fn next_bracket(&mut self, floaters: &[usize]) -> (i32, Vec<i32>) {
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
}
