//! What every page of an event shares, built from the store and the settings: the event's
//! details, when the page was made, and the rounds paired. The standings page, the crosstable
//! and the published site read these.

use super::EventError;
use crate::render::site::{EventInfo, SiteGame, SiteRound};
use crate::store::{RoundView, Store};
use crate::tournament::settings::{EventSettings, PairingSystem};

/// The event's data as the pages show it; `tiebreak_note` says what the standings assume
/// ([`super::standings::StandingsSource::page_note`]).
pub fn event_info(settings: &EventSettings, tiebreak_note: String) -> EventInfo {
    EventInfo {
        name: settings.name.clone(),
        city: settings.city.clone(),
        federation: settings.federation.clone(),
        start: settings.start.clone(),
        end: settings.end.clone(),
        arbiter: settings.arbiter.clone(),
        time_control: settings.time_control.clone(),
        rate: settings.rate.name().to_owned(),
        system: match settings.system {
            PairingSystem::Dutch => "Swiss system (FIDE Dutch)".to_owned(),
            PairingSystem::Berger => "Round robin (Berger tables)".to_owned(),
            PairingSystem::DoubleBerger => "Double round robin (Berger tables)".to_owned(),
        },
        tiebreak_note,
    }
}

/// When a page was made, as the pages show it.
pub fn generated_now() -> String {
    chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Every round paired, as the pages show it.
pub fn site_rounds(store: &Store) -> Result<Vec<SiteRound>, EventError> {
    let played = store.rounds_started()?;
    let mut rounds = Vec::new();
    for r in 1..=played {
        rounds.push(site_round(&store.round(r)?));
    }
    Ok(rounds)
}

/// One round as the pages show it.
pub fn site_round(view: &RoundView) -> SiteRound {
    SiteRound {
        games: view
            .games
            .iter()
            .map(|g| SiteGame {
                board: g.board,
                white: g.white,
                black: g.black,
                white_code: g.white_code,
                black_code: g.black_code,
            })
            .collect(),
        unpaired: view.unpaired.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_is_named_for_readers() {
        let mut settings = EventSettings::defaults();
        settings.name = "Club RR".to_owned();
        settings.system = PairingSystem::DoubleBerger;
        let info = event_info(&settings, "a note".to_owned());
        assert_eq!(info.name, "Club RR");
        assert_eq!(info.system, "Double round robin (Berger tables)");
        assert_eq!(info.rate, "standard");
        assert_eq!(info.tiebreak_note, "a note");
    }
}
