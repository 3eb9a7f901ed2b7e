//! The tie-break values: one engine per event, edition and view (actual results, or the
//! "fore" results of Art. 8.3 with the last round's paired games drawn).

use crate::chess::Color;
use crate::tournament::{Outcome, Points, RoundResult};
use crate::trf::PointValues;

use super::event::{EventResults, WithdrawalMode};
use super::tiebreak::{Code, TieBreak};
use super::value::Value;
use super::{CapRounds, Category, CutReason, Edition, Item, Options, Source, UnratedRule, Working};
use crate::rating::tables;

/// A round as the engine sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A game over the board (rated or not).
    Game {
        opp: usize,
        color: Color,
        outcome: Outcome,
    },
    /// Paired, not played: `won` for the side that appeared.
    Forfeit { opp: usize, won: bool },
    /// Pairing-allocated bye.
    Pab,
    /// Full-point bye.
    Fpb,
    /// Half-point bye.
    Hpb,
    /// Zero-point bye, absence, withdrawal, no record.
    Zpb,
    /// Pending or annulled: counts for nothing.
    Void,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Round {
    pub slot: Slot,
    pub points: Points,
}

pub(crate) struct Engine {
    pub ids: Vec<crate::tournament::PlayerId>,
    pub edition: Edition,
    pub rr: bool,
    pub n: usize,
    pub values: PointValues,
    pub rounds: Vec<Vec<Round>>,
    pub ratings: Vec<Option<i64>>,
    pub score: Vec<Value>,
    pub adjusted: Vec<Value>,
    pub category: Vec<Vec<Option<Category>>>,
    /// Draw points times the rounds of the tournament (16.4.2).
    pub cap: Value,
    pub unrated_present: bool,
    pub unrated: UnratedRule,
}

fn is_vur_slot(round: &Round) -> bool {
    matches!(
        round.slot,
        Slot::Hpb | Slot::Zpb | Slot::Forfeit { won: false, .. }
    )
}

impl Engine {
    /// `index_of` maps a player id to its index; `annulled[i]` is true for a withdrawn round
    /// robin player whose games are annulled.
    pub fn new(
        event: &EventResults,
        edition: Edition,
        options: &Options,
        index_of: &dyn Fn(crate::tournament::PlayerId) -> usize,
        annulled: &[bool],
        fore: bool,
    ) -> Engine {
        let n = event.rounds as usize;
        let values = event.values;
        let mut rounds: Vec<Vec<Round>> = event
            .entries
            .iter()
            .map(|entry| {
                (0..n)
                    .map(|r| match entry.rounds.get(r) {
                        None => Round {
                            slot: Slot::Zpb,
                            points: values.absence,
                        },
                        Some(cell) => {
                            let slot = if cell.pending {
                                Slot::Void
                            } else {
                                match cell.result {
                                    RoundResult::Played {
                                        opponent,
                                        color,
                                        outcome,
                                        ..
                                    } => Slot::Game {
                                        opp: index_of(opponent),
                                        color,
                                        outcome,
                                    },
                                    RoundResult::Forfeit { opponent, won, .. } => Slot::Forfeit {
                                        opp: index_of(opponent),
                                        won,
                                    },
                                    RoundResult::PairingAllocatedBye => Slot::Pab,
                                    RoundResult::FullPointBye => Slot::Fpb,
                                    RoundResult::HalfPointBye => Slot::Hpb,
                                    RoundResult::ZeroPointBye | RoundResult::Absent => Slot::Zpb,
                                }
                            };
                            let slot = match slot {
                                Slot::Game { opp, .. } | Slot::Forfeit { opp, .. }
                                    if annulled[opp] =>
                                {
                                    Slot::Void
                                }
                                s => s,
                            };
                            let points = if slot == Slot::Void {
                                Points::ZERO
                            } else {
                                cell.points
                            };
                            Round { slot, points }
                        }
                    })
                    .collect()
            })
            .collect();
        if fore && n > 0 {
            // Art. 8.3: every game paired for the last round counts as a draw (a forfeit or a
            // pending game too: it was paired); byes known before the round keep their value.
            for (i, entry) in event.entries.iter().enumerate() {
                let last = &mut rounds[i][n - 1];
                let cell = entry.rounds.get(n - 1);
                let opponent = cell.and_then(|c| c.result.opponent()).map(index_of);
                if let Some(opp) = opponent
                    && !annulled[opp]
                {
                    let color = cell.and_then(|c| c.result.color()).unwrap_or(Color::White);
                    last.slot = Slot::Game {
                        opp,
                        color,
                        outcome: Outcome::Draw,
                    };
                    last.points = values.draw;
                }
            }
        }
        let score: Vec<Value> = rounds
            .iter()
            .map(|rs| Value::points(rs.iter().map(|r| r.points).sum()))
            .collect();
        let category: Vec<Vec<Option<Category>>> = rounds
            .iter()
            .map(|rs| {
                (0..n)
                    .map(|r| {
                        let followed_by_non_vur =
                            rs[r + 1..].iter().any(|later| !is_vur_slot(later));
                        match rs[r].slot {
                            Slot::Pab | Slot::Fpb => Some(Category::Bye),
                            Slot::Forfeit { won: true, .. } => Some(Category::ForfeitWin),
                            Slot::Forfeit { won: false, .. } => Some(Category::ForfeitLoss),
                            Slot::Hpb | Slot::Zpb if followed_by_non_vur => {
                                Some(Category::RequestedByeThenPlayed)
                            }
                            Slot::Hpb | Slot::Zpb => Some(Category::RequestedByeToEnd),
                            Slot::Game { .. } | Slot::Void => None,
                        }
                    })
                    .collect()
            })
            .collect();
        let draw = Value::points(values.draw);
        let adjusted: Vec<Value> = (0..rounds.len())
            .map(|i| {
                if event.round_robin {
                    return score[i];
                }
                match edition {
                    // Pre-2023: every unplayed game of an opponent counts as a draw.
                    Edition::Legacy => rounds[i]
                        .iter()
                        .map(|r| match r.slot {
                            Slot::Game { .. } => Value::points(r.points),
                            Slot::Void => Value::ZERO,
                            _ => draw,
                        })
                        .sum(),
                    // Art. 16.3: requested byes to the end count as draws.
                    Edition::Y2024 | Edition::Y2026 => (0..n)
                        .map(|r| {
                            if category[i][r] == Some(Category::RequestedByeToEnd) {
                                draw
                            } else {
                                Value::points(rounds[i][r].points)
                            }
                        })
                        .sum(),
                }
            })
            .collect();
        let cap_rounds = match options.cap_rounds {
            CapRounds::Scheduled => event.scheduled_rounds.unwrap_or(0).max(event.rounds),
            CapRounds::Counted => event.rounds,
        };
        let unrated_present = event
            .entries
            .iter()
            .enumerate()
            .any(|(i, e)| !annulled[i] && e.player.rating.is_none());
        Engine {
            ids: event.entries.iter().map(|e| e.player.id).collect(),
            edition,
            rr: event.round_robin,
            n,
            values,
            ratings: event
                .entries
                .iter()
                .map(|e| e.player.rating.map(i64::from))
                .collect(),
            rounds,
            score,
            adjusted,
            category,
            cap: draw.times(Value::int(i64::from(cap_rounds))),
            unrated_present,
            unrated: options.unrated,
        }
    }

    fn rating(&self, i: usize) -> Option<i64> {
        self.ratings[i].or(match self.unrated {
            UnratedRule::Rating(r) => Some(i64::from(r)),
            UnratedRule::Drop => None,
        })
    }

    /// The opponent's score as it enters a tie-break (16.3; legacy: unplayed as draws; round
    /// robin: the final score).
    pub fn opponent_score(&self, q: usize) -> Value {
        self.adjusted[q]
    }

    /// The value standing for the participant's own unplayed round `r` (16.4 dummy, or the
    /// legacy virtual opponent), with its source.
    pub fn own_side(&self, p: usize, r: usize) -> (Source, Value) {
        let own = self.score[p];
        match self.edition {
            Edition::Legacy => {
                let before: Points = self.rounds[p][..r].iter().map(|x| x.points).sum();
                let got = self.rounds[p][r].points;
                let v = self.values;
                let reverse = if got >= v.win && v.win > v.draw {
                    v.loss
                } else if got >= v.draw && got > v.loss {
                    v.draw
                } else {
                    v.win
                };
                let later = Value::points(v.draw).times(Value::int((self.n - r - 1) as i64));
                (
                    Source::VirtualOpponent,
                    Value::points(before + reverse) + later,
                )
            }
            Edition::Y2024 => (Source::Dummy, own),
            Edition::Y2026 => {
                let cap = match self.rounds[p][r].slot {
                    Slot::Forfeit { opp, .. } => self.adjusted[opp],
                    _ => self.cap,
                };
                (Source::Dummy, own.min(cap))
            }
        }
    }

    /// The per-round values of BH (`sb` false) or SB (`sb` true) before any cut.
    pub fn opponent_items(&self, p: usize, forfeits_played: bool, sb: bool) -> Vec<Item> {
        let mut items = Vec::new();
        for r in 0..self.n {
            let round = self.rounds[p][r];
            let pts = Value::points(round.points);
            let weigh = |score: Value| if sb { score.times(pts) } else { score };
            let (source, opponent, score, vur) = match round.slot {
                Slot::Void => continue,
                Slot::Game { opp, .. } => {
                    (Source::Opponent, Some(opp), self.opponent_score(opp), false)
                }
                Slot::Forfeit { opp, .. } if self.rr || forfeits_played => (
                    Source::ScheduledOpponent,
                    Some(opp),
                    self.opponent_score(opp),
                    false,
                ),
                _ if self.rr => continue,
                _ => {
                    let (source, value) = self.own_side(p, r);
                    let vur = self.edition != Edition::Legacy
                        && matches!(
                            self.category[p][r],
                            Some(
                                Category::RequestedByeThenPlayed
                                    | Category::ForfeitLoss
                                    | Category::RequestedByeToEnd
                            )
                        );
                    let opponent = match round.slot {
                        Slot::Forfeit { opp, .. } => Some(opp),
                        _ => None,
                    };
                    (source, opponent, value, vur)
                }
            };
            items.push(Item {
                round: r as u32 + 1,
                opponent: opponent.map(|o| self.ids[o]),
                source,
                score,
                contribution: weigh(score),
                vur,
                cut: None,
            });
        }
        items
    }

    /// Ratings of the opponents met over the board (forfeits never count, Art. 15.2).
    fn rating_items(&self, p: usize) -> Option<Vec<Item>> {
        let mut items = Vec::new();
        for r in 0..self.n {
            if let Slot::Game { opp, .. } = self.rounds[p][r].slot {
                let rating = Value::int(self.rating(opp)?);
                items.push(Item {
                    round: r as u32 + 1,
                    opponent: Some(self.ids[opp]),
                    source: Source::Rating,
                    score: rating,
                    contribution: rating,
                    vur: false,
                    cut: None,
                });
            }
        }
        Some(items)
    }

    /// Standard score (1, ½, 0) of the games over the board, in halves, and their number.
    fn otb_record(&self, p: usize) -> (i64, i64) {
        let mut halves = 0;
        let mut games = 0;
        for round in &self.rounds[p] {
            if let Slot::Game { outcome, .. } = round.slot {
                games += 1;
                halves += match outcome {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                };
            }
        }
        (halves, games)
    }

    pub fn aro(&self, p: usize) -> Option<Value> {
        let items = self.rating_items(p)?;
        average(&items).map(|v| v.round_half_up(1))
    }

    pub fn tpr(&self, p: usize) -> Option<Value> {
        let aro = self.aro(p)?;
        let (halves, games) = self.otb_record(p);
        // p rounded half-up to hundredths, then table 8.1.1.
        let p_hundredths = Value::new(halves * 100, 2 * games)
            .round_half_up(1)
            .to_integer()?;
        Some(aro + Value::int(tables::dp(p_hundredths)))
    }

    pub fn ptp(&self, p: usize) -> Option<Value> {
        let ratings: Vec<i64> = self
            .rating_items(p)?
            .iter()
            .filter_map(|i| i.score.to_integer())
            .collect();
        if ratings.is_empty() {
            return None;
        }
        let (halves, _) = self.otb_record(p);
        let lowest = *ratings.iter().min()?;
        let highest = *ratings.iter().max()?;
        if halves == 0 {
            return Some(Value::int(lowest - 800));
        }
        // Expected score in hundredths against the target in hundredths (halves × 50).
        let target = halves * 50;
        let expected = |r: i64| ratings.iter().map(|&ri| tables::pd(r - ri)).sum::<i64>();
        // The expected score rises with R; it reaches every score possible by highest + 736.
        let (mut lo, mut hi) = (lowest - 800, highest + 800);
        if expected(hi) < target {
            return Some(Value::int(hi));
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if expected(mid) >= target {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(Value::int(lo))
    }

    /// Whether rating-based tie-breaks are dropped (Art. 10: unrated players present and no
    /// rule given for them).
    pub fn ratings_dropped(&self) -> bool {
        self.unrated_present && self.unrated == UnratedRule::Drop
    }

    fn otb_opponents(&self, p: usize) -> Vec<(usize, usize)> {
        self.rounds[p]
            .iter()
            .enumerate()
            .filter_map(|(k, r)| match r.slot {
                Slot::Game { opp, .. } => Some((k, opp)),
                _ => None,
            })
            .collect()
    }

    /// Koya (9.2): points scored against opponents with at least half the maximum score, the
    /// limit moved by `limit` half-points (14.5).
    fn koya(&self, p: usize, limit: i8) -> Working {
        let win = Value::points(self.values.win);
        let max_games = if self.rr {
            self.rounds
                .iter()
                .map(|rs| {
                    rs.iter()
                        .filter(|r| {
                            matches!(
                                r.slot,
                                Slot::Game { .. } | Slot::Forfeit { .. } | Slot::Void
                            )
                        })
                        .count()
                })
                .max()
                .unwrap_or(0)
        } else {
            self.n
        };
        let threshold =
            win.times(Value::int(max_games as i64)).div_int(2) + Value::new(i64::from(limit), 2);
        let mut items = Vec::new();
        let mut total = Value::ZERO;
        for r in 0..self.n {
            let round = self.rounds[p][r];
            // The scheduled opponent's final score: Art. 9.2 speaks of what participants
            // "have scored" and is not among the tie-breaks Art. 16 adjusts; a forfeit's
            // points count as points against the scheduled opponent (as FIDE's tool does).
            let opp = match round.slot {
                Slot::Game { opp, .. } | Slot::Forfeit { opp, .. } => opp,
                _ => continue,
            };
            let score = self.score[opp];
            let pts = Value::points(round.points);
            let counted = score >= threshold;
            if counted {
                total = total + pts;
            }
            items.push(Item {
                round: r as u32 + 1,
                opponent: Some(self.ids[opp]),
                source: Source::Opponent,
                score,
                contribution: pts,
                vur: false,
                cut: (!counted).then_some(CutReason::BelowLimit),
            });
        }
        Working {
            value: Some(total),
            items,
            note: Some(format!("limit {}", threshold.format(1))),
        }
    }

    /// One tie-break for one player, except DE (decided within tied groups) and those that
    /// need other engines (FB, AOB/F), which the caller passes in `fore`.
    pub fn evaluate(&self, p: usize, tb: TieBreak, fore: &Engine) -> Working {
        let plain = |value: Option<Value>| Working {
            value,
            items: Vec::new(),
            note: None,
        };
        if tb.code.rating_based() && self.ratings_dropped() {
            return Working {
                value: None,
                items: Vec::new(),
                note: Some(
                    "dropped: unrated players are present and no rule for them was given (c.07 art. 10)"
                        .to_owned(),
                ),
            };
        }
        let rounds = &self.rounds[p];
        let count =
            |f: &dyn Fn(&Round) -> bool| Value::int(rounds.iter().filter(|r| f(r)).count() as i64);
        match tb.code {
            Code::De => plain(None),
            Code::Win => plain(Some(count(&|r| {
                r.slot != Slot::Void
                    && r.points >= self.values.win
                    && self.values.win > Points::ZERO
            }))),
            Code::Won => plain(Some(count(&|r| {
                matches!(
                    r.slot,
                    Slot::Game {
                        outcome: Outcome::Win,
                        ..
                    }
                )
            }))),
            Code::Bpg => plain(Some(count(&|r| {
                matches!(
                    r.slot,
                    Slot::Game {
                        color: Color::Black,
                        ..
                    }
                )
            }))),
            Code::Bwg => plain(Some(count(&|r| {
                matches!(
                    r.slot,
                    Slot::Game {
                        color: Color::Black,
                        outcome: Outcome::Win,
                        ..
                    }
                )
            }))),
            Code::Rep => plain(Some(Value::int(self.n as i64) - count(&|r| is_vur_slot(r)))),
            Code::Std => {
                let draw = self.values.draw;
                let mut halves = 0;
                for (r, round) in rounds.iter().enumerate() {
                    let other = match round.slot {
                        Slot::Void => continue,
                        Slot::Game { opp, .. } | Slot::Forfeit { opp, .. } => {
                            self.rounds[opp].get(r).map_or(Points::ZERO, |o| o.points)
                        }
                        _ => draw,
                    };
                    halves += match round.points.cmp(&other) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
                plain(Some(Value::new(halves, 2)))
            }
            Code::Tpn => plain(Some(Value::int(i64::from(self.ids[p].0)))),
            Code::Rtng => plain(self.rating(p).map(Value::int)),
            Code::Ps => {
                let mut running = Points::ZERO;
                let mut items: Vec<Item> = rounds
                    .iter()
                    .enumerate()
                    .map(|(r, round)| {
                        running = running + round.points;
                        Item {
                            round: r as u32 + 1,
                            opponent: None,
                            source: Source::Progressive,
                            score: Value::points(running),
                            contribution: Value::points(running),
                            vur: false,
                            cut: None,
                        }
                    })
                    .collect();
                let (low, _) = tb.trim.map_or((0, 0), |t| t.counts());
                for item in items.iter_mut().take(low) {
                    item.cut = Some(CutReason::LeastSignificant);
                }
                let value = sum_kept(&items);
                Working {
                    value: Some(value),
                    items,
                    note: None,
                }
            }
            Code::Bh | Code::Fb | Code::Sb => {
                let engine = if tb.code == Code::Fb { fore } else { self };
                let mut items = engine.opponent_items(p, tb.forfeits_played, tb.code == Code::Sb);
                let vur_rule = engine.edition != Edition::Legacy && !engine.rr;
                trim(&mut items, tb, vur_rule);
                let value = sum_kept(&items);
                Working {
                    value: Some(value),
                    items,
                    note: None,
                }
            }
            Code::Aob => {
                let engine = if tb.fore { fore } else { self };
                let mut items = Vec::new();
                for (r, round) in rounds.iter().enumerate() {
                    if let Slot::Game { opp, .. } = round.slot {
                        let bh = sum_kept(&engine.opponent_items(opp, false, false));
                        items.push(Item {
                            round: r as u32 + 1,
                            opponent: Some(self.ids[opp]),
                            source: Source::Opponent,
                            score: bh,
                            contribution: bh,
                            vur: false,
                            cut: None,
                        });
                    }
                }
                let value = average(&items).map(|v| v.round_half_up(100));
                Working {
                    value,
                    items,
                    note: None,
                }
            }
            Code::Ks => self.koya(p, tb.limit),
            Code::Aro => {
                let Some(mut items) = self.rating_items(p) else {
                    return plain(None);
                };
                trim(&mut items, tb, false);
                let value = average(&items).map(|v| v.round_half_up(1));
                Working {
                    value,
                    items,
                    note: None,
                }
            }
            Code::Tpr => plain(self.tpr(p)),
            Code::Ptp => plain(self.ptp(p)),
            Code::Apro | Code::Appo => {
                let mut items = Vec::new();
                for (k, opp) in self.otb_opponents(p) {
                    let v = if tb.code == Code::Apro {
                        self.tpr(opp)
                    } else {
                        self.ptp(opp)
                    };
                    if let Some(v) = v {
                        items.push(Item {
                            round: k as u32 + 1,
                            opponent: Some(self.ids[opp]),
                            source: Source::Opponent,
                            score: v,
                            contribution: v,
                            vur: false,
                            cut: None,
                        });
                    }
                }
                let value = average(&items).map(|v| v.round_half_up(1));
                Working {
                    value,
                    items,
                    note: None,
                }
            }
        }
    }
}

fn sum_kept(items: &[Item]) -> Value {
    items
        .iter()
        .filter(|i| i.cut.is_none())
        .map(|i| i.contribution)
        .sum()
}

fn average(items: &[Item]) -> Option<Value> {
    let kept: Vec<&Item> = items.iter().filter(|i| i.cut.is_none()).collect();
    if kept.is_empty() {
        None
    } else {
        Some(
            kept.iter()
                .map(|i| i.contribution)
                .sum::<Value>()
                .div_int(kept.len() as i64),
        )
    }
}

/// Cut-n and Median-n (Art. 14), with the VUR exception of Art. 16.5 when `vur_rule`.
/// The least significant value is the lowest score (opponent, dummy or rating), the lowest
/// contribution among equal scores (14.1.2 d); the most significant the highest.
fn trim(items: &mut [Item], tb: TieBreak, vur_rule: bool) {
    let Some(t) = tb.trim else { return };
    let (low, high) = t.counts();
    let key = |i: &Item| (i.score, i.contribution, std::cmp::Reverse(i.round));
    for _ in 0..low {
        let least = (0..items.len())
            .filter(|&k| items[k].cut.is_none())
            .min_by_key(|&k| key(&items[k]));
        let Some(least) = least else { return };
        let vur = (0..items.len())
            .filter(|&k| items[k].cut.is_none() && items[k].vur)
            .min_by_key(|&k| (items[k].contribution, items[k].score, items[k].round));
        match vur {
            Some(v) if vur_rule && items[v].contribution >= items[least].contribution => {
                items[v].cut = Some(if v == least {
                    CutReason::LeastSignificant
                } else {
                    CutReason::VurException
                });
            }
            _ => items[least].cut = Some(CutReason::LeastSignificant),
        }
    }
    for _ in 0..high {
        let most = (0..items.len())
            .filter(|&k| items[k].cut.is_none())
            .max_by_key(|&k| (items[k].score, items[k].contribution, items[k].round));
        let Some(most) = most else { return };
        items[most].cut = Some(CutReason::MostSignificant);
    }
}

/// Whether the round robin's withdrawn player's games are annulled.
pub(crate) fn annulled_players(event: &EventResults) -> Vec<bool> {
    event
        .entries
        .iter()
        .map(|e| {
            event.round_robin
                && event.withdrawals == WithdrawalMode::Annul
                && e.withdrawn_from.is_some()
        })
        .collect()
}
