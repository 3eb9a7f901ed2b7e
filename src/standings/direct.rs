//! Direct encounter (C.07 Art. 6), applied to one group of tied participants.

use super::compute::{Engine, Slot};
use super::value::Value;

/// The encounters of `a` with `b` that count: over the board, and forfeits in a round robin
/// (15.2) or with `/P` (6.1.1). Returns the average points of `a` (6.1.2), if they met.
fn encounter(engine: &Engine, a: usize, b: usize, forfeits: bool) -> Option<Value> {
    let mut total = Value::ZERO;
    let mut games = 0;
    for round in &engine.rounds[a] {
        let counts = match round.slot {
            Slot::Game { opp, .. } => opp == b,
            Slot::Forfeit { opp, .. } => opp == b && (forfeits || engine.rr),
            _ => false,
        };
        if counts {
            total = total + Value::points(round.points);
            games += 1;
        }
    }
    (games > 0).then(|| total.div_int(games))
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
    let mut score = Vec::with_capacity(group.len());
    let mut best = Vec::with_capacity(group.len());
    let mut all_met = true;
    for &a in group {
        let mut s = Value::ZERO;
        let mut missing = 0;
        for &b in group {
            if a == b {
                continue;
            }
            match (
                encounter(engine, a, b, forfeits),
                encounter(engine, b, a, forfeits),
            ) {
                (Some(v), Some(_)) => s = s + v,
                (Some(v), None) => {
                    s = s + v;
                    all_met = false;
                }
                (None, _) => {
                    missing += 1;
                    all_met = false;
                }
            }
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
        let top = remaining.iter().copied().find(|&k| {
            remaining
                .iter()
                .all(|&other| other == k || score[k] > best[other])
        });
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
