//! Direct encounter (C.07 Art. 6), applied to one group of tied participants.

use std::collections::HashMap;

use super::compute::{Engine, Slot};
use super::value::Value;

/// The encounters of `a` with the other members of a group that count: over the board, and
/// forfeits in a round robin (15.2) or with `/P` (6.1.1). `member[q]` is `q`'s position in
/// the group. Returns, per opponent met (by position), the points `a` scored against them and
/// the number of encounters, in the order first met.
fn encounters(
    engine: &Engine,
    a: usize,
    member: &HashMap<usize, usize>,
    forfeits: bool,
) -> Vec<(usize, Value, i64)> {
    let mut met: Vec<(usize, Value, i64)> = Vec::new();
    for round in &engine.rounds[a] {
        let opp = match round.slot {
            Slot::Game { opp, .. } => opp,
            Slot::Forfeit { opp, .. } if forfeits || engine.rr => opp,
            _ => continue,
        };
        let Some(&b) = member.get(&opp) else {
            continue;
        };
        if opp == a {
            continue;
        }
        match met.iter_mut().find(|(k, _, _)| *k == b) {
            Some((_, total, games)) => {
                *total = *total + Value::points(round.points);
                *games += 1;
            }
            None => met.push((b, Value::points(round.points), 1)),
        }
    }
    met
}

/// Orders `group` by Art. 6: the separate standings when everyone met (6.2, reapplied to each
/// tie), or, when some did not meet, those who stay alone on top whatever the missing games'
/// outcome, one place after another, then Art. 6 again on the rest (6.3). Returns the ordered
/// subgroups; a subgroup of more than one is still tied.
pub(crate) fn order(engine: &Engine, group: &[usize], forfeits: bool) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    let win = Value::points(engine.values.win);
    let member: HashMap<usize, usize> = group.iter().enumerate().map(|(k, &p)| (p, k)).collect();
    // Each member's encounters within the group, read once from their own rounds (the group
    // can be large when few rounds are played).
    let met: Vec<Vec<(usize, Value, i64)>> = group
        .iter()
        .map(|&a| encounters(engine, a, &member, forfeits))
        .collect();
    let mut score = Vec::with_capacity(group.len());
    let mut best = Vec::with_capacity(group.len());
    let mut all_met = true;
    for (k, mine) in met.iter().enumerate() {
        // 6.1.2: the average of the points scored against each opponent met.
        let s: Value = mine
            .iter()
            .map(|&(_, total, games)| total.div_int(games))
            .sum();
        // A pair is complete when both sides record the encounter.
        if mine
            .iter()
            .any(|&(b, _, _)| !met[b].iter().any(|&(c, _, _)| c == k))
        {
            all_met = false;
        }
        let missing = (group.len() - 1 - mine.len()) as i64;
        if missing > 0 {
            all_met = false;
        }
        score.push(s);
        best.push(s + win.times(Value::int(missing)));
    }
    if all_met {
        let mut idx: Vec<usize> = (0..group.len()).collect();
        idx.sort_by(|&x, &y| score[y].cmp(&score[x]).then(group[x].cmp(&group[y])));
        let mut parts: Vec<Vec<usize>> = Vec::new();
        let mut last: Option<Value> = None;
        for k in idx {
            if last == Some(score[k]) {
                parts.last_mut().expect("a part").push(group[k]);
            } else {
                parts.push(vec![group[k]]);
                last = Some(score[k]);
            }
        }
        if parts.len() == 1 {
            return parts;
        }
        return parts
            .into_iter()
            .flat_map(|part| {
                if part.len() > 1 {
                    order(engine, &part, forfeits)
                } else {
                    vec![part]
                }
            })
            .collect();
    }
    // 6.3: separate from the top whoever stays alone there whatever the missing games give.
    let mut remaining: Vec<usize> = (0..group.len()).collect();
    let mut ranked: Vec<Vec<usize>> = Vec::new();
    while remaining.len() > 1 {
        // Only the one highest score can beat every other member's best (a best is never
        // below its own score), so it is the only candidate to test.
        let leader = remaining
            .iter()
            .copied()
            .max_by(|&x, &y| score[x].cmp(&score[y]).then(y.cmp(&x)))
            .expect("two members at least");
        let top = remaining
            .iter()
            .all(|&other| other == leader || score[leader] > best[other])
            .then_some(leader);
        match top {
            Some(k) => {
                ranked.push(vec![group[k]]);
                remaining.retain(|&x| x != k);
            }
            None => break,
        }
    }
    if ranked.is_empty() {
        return vec![group.to_vec()];
    }
    let rest: Vec<usize> = remaining.iter().map(|&k| group[k]).collect();
    ranked.extend(order(engine, &rest, forfeits));
    ranked
}
