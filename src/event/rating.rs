//! The event's rating figures (`arbiter rating`, the player cards, `standings --format
//! json`): the rating report read from the store, rated by `rating` under the event's edition
//! of the regulations and its rate of play.

use std::collections::HashMap;

use crate::chess::Rate;
use crate::rating::{Entrant, Options, PlayerRating, RatingRules, rate_event};
use crate::store::Store;
use crate::tournament::settings::EventSettings;
use crate::tournament::{ADJOURNED, Player, PlayerId, RoundResult};
use crate::trf::Trf;

use super::EventError;

/// Every player's figures, in start-number order, with what they were computed under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRating {
    pub players: Vec<Player>,
    /// One per player, in the same order.
    pub figures: Vec<PlayerRating>,
    pub rules: RatingRules,
    /// The rules are `auto` and the event has no start date: the current edition is used.
    pub assumed_rules: bool,
    /// The event starts before 1 March 2024, whose rules are not computed here; the 2024
    /// edition is used and the command says so.
    pub predates_rules: bool,
    pub rate: Rate,
}

impl EventRating {
    /// The figures of one player.
    pub fn of(&self, player: PlayerId) -> Option<&PlayerRating> {
        self.figures.iter().find(|f| f.player == player)
    }

    /// The figures by player, for pages that look them up.
    pub fn by_player(&self) -> HashMap<PlayerId, PlayerRating> {
        self.figures.iter().map(|f| (f.player, f.clone())).collect()
    }
}

/// The event's rating figures from the store after `round` (default: every round): the rating
/// report (results corrected for rating only count as corrected), the `rating-rules` setting
/// and the rate of play.
pub fn event_rating(store: &Store, round: Option<u32>) -> Result<EventRating, EventError> {
    let settings = store.event_settings()?;
    let report = store.rating_report()?;
    Ok(rate_report(&report, &settings, round))
}

/// The figures of a rating `report` after `round` (default: every round) under the event's
/// `settings`.
pub fn rate_report(report: &Trf, settings: &EventSettings, round: Option<u32>) -> EventRating {
    let start = Some(settings.start.as_str()).filter(|s| !s.is_empty());
    let (rules, assumed_rules) = RatingRules::resolve(settings.rating_rules, start);
    let predates_rules = start.is_some_and(RatingRules::predates_editions)
        && settings.rating_rules == crate::tournament::settings::RatingRulesSetting::Auto;
    let year = start.and_then(|s| s.get(..4)).and_then(|y| y.parse().ok());
    // An adjourned game is not finished: it is rated when it is.
    let rounds: Vec<Vec<RoundResult>> = report
        .players
        .iter()
        .map(|p| {
            p.rounds
                .iter()
                .take(round.map_or(usize::MAX, |r| r as usize))
                .map(|round| match round.code {
                    ADJOURNED => RoundResult::Absent,
                    _ => round.result().unwrap_or(RoundResult::Absent),
                })
                .collect()
        })
        .collect();
    let players: Vec<Player> = report.players.iter().map(|p| p.player.clone()).collect();
    let entrants: Vec<Entrant<'_>> = players
        .iter()
        .zip(&rounds)
        .map(|(player, rounds)| Entrant {
            player,
            // K as the rating list gives it for the event's rate (or as typed), kept with the
            // player; without it, the rules of 8.3.3.
            k: player.k_factor,
            rounds,
        })
        .collect();
    let options = Options {
        rules,
        rate: settings.rate,
        year,
    };
    let figures = rate_event(&entrants, options);
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| players[i].id);
    EventRating {
        players: order.iter().map(|&i| players[i].clone()).collect(),
        figures: order.iter().map(|&i| figures[i].clone()).collect(),
        rules,
        assumed_rules,
        predates_rules,
        rate: settings.rate,
    }
}
