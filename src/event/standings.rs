//! The standings of an event (`arbiter standings`), and what every table of the event is
//! ranked from: [`StandingsSource`] reads the store once and decides the tie-break list, the
//! edition of the rules and the results still missing, so that `publish`, `crosstable` and
//! `export trf` rank exactly as `standings` does.
//!
//! Notes (what the standings assume beyond the event's settings) are handed to the caller's
//! `note` as they arise, before anything that may still fail, so that the command can say them
//! in the order it always has, even when it then stops with an error.

use super::EventError;
use crate::render::site::{EventInfo, MissingGame};
use crate::standings::{
    Edition, EventResults, Options, RecordedList, Standings, StandingsError, TieBreak, parse_list,
    side_by_side, standings,
};
use crate::store::{ADJOURNED, RoundView, Store};
use crate::tournament::PlayerId;
use crate::tournament::settings::EventSettings;

/// The standings of the event in the store after `round`, as `arbiter standings` computes
/// them: adjourned games pending, withdrawals and the event's withdrawal policy applied, the
/// tie-break `list` (default: the event's, else a common one) under the `rules` edition
/// (default: the event's setting resolved by the start date, else the current edition).
pub struct EventStandings {
    pub table: Standings,
    pub event: EventResults,
    pub tiebreaks: Vec<TieBreak>,
    pub options: Options,
    pub edition: Edition,
    /// Results missing (blank or adjourned) in rounds 1..=round.
    pub missing: usize,
}

/// The common list used when the event has none: `None` when it has one.
fn default_list(settings: &EventSettings) -> Option<&'static str> {
    if !settings.tiebreaks.is_empty() {
        return None;
    }
    Some(if settings.system.is_round_robin() {
        "DE,SB,WIN"
    } else {
        "BH/C1,BH,SB,DE"
    })
}

/// The event read once from the store, ready to be ranked after any round: what the site
/// needs for every round without reading the database again each time.
pub struct StandingsSource {
    /// Every round paired, adjourned games pending, withdrawals and the policy applied.
    event: EventResults,
    /// Results missing (blank or adjourned) in each round paired, round 1 first.
    missing: Vec<usize>,
    pub tiebreaks: Vec<TieBreak>,
    pub options: Options,
    pub edition: Edition,
    /// The common list used because the event has none.
    pub default_list: Option<&'static str>,
    /// The rules are `auto` and the event has no start date, so the current edition is used.
    pub assumed_edition: bool,
    /// Entries of the event's list that are not computed (team tie-breaks of an imported
    /// report, say), each as written with the reason.
    pub left_out: Vec<String>,
    /// The event does not say how many rounds it has (no `rounds` setting).
    pub rounds_unknown: bool,
}

impl StandingsSource {
    /// Reads the event: the tie-break `list` (default: the event's, else a common one) under
    /// the `rules` edition (default: the event's setting, resolved by the start date, else
    /// the current edition), with a drawing of `lots` for the ties left.
    pub fn load(
        store: &Store,
        settings: &EventSettings,
        list: Option<&str>,
        rules: Option<&str>,
        lots: Option<u64>,
    ) -> Result<StandingsSource, EventError> {
        let trf = store.to_trf()?;
        let rounds = (1..=store.rounds_started()?)
            .map(|r| store.round(r))
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_read(store, settings, &trf, &rounds, list, rules, lots)
    }

    /// The event from what the caller has already read: `trf` is the tournament's record
    /// ([`Store::to_trf`]) and `rounds` every round paired, round 1 first. Commands that need
    /// these for more than the standings (`publish`, `export trf`) read them once and pass
    /// them here, rather than have the database read a second time; only the withdrawals are
    /// read from `store`.
    pub fn from_read(
        store: &Store,
        settings: &EventSettings,
        trf: &crate::trf::Trf,
        rounds: &[RoundView],
        list: Option<&str>,
        rules: Option<&str>,
        lots: Option<u64>,
    ) -> Result<StandingsSource, EventError> {
        let mut event = EventResults::from_trf(trf);
        // Adjourned games are pending: they count in neither player's standings until
        // finished.
        let mut missing = Vec::new();
        for (r, round) in (1..).zip(rounds) {
            let mut open = 0;
            for game in &round.games {
                if game.white_code == ADJOURNED {
                    event.set_pending(game.white, r, true);
                    event.set_pending(game.black, r, true);
                }
                if game.white_code == ' ' || game.white_code == ADJOURNED {
                    open += 1;
                }
            }
            missing.push(open);
        }
        for (player, from) in store.withdrawals()? {
            event.set_withdrawn(PlayerId(player), from);
        }
        event.withdrawals = settings.withdrawal_games;
        let default_list = match list {
            Some(_) => None,
            None => default_list(settings),
        };
        let mut left_out = Vec::new();
        let tiebreaks = match (list, default_list) {
            // What the user types is checked to the letter.
            (Some(list), _) => {
                parse_list(list).map_err(|e| EventError::invalid(format!("--tiebreaks: {e}")))?
            }
            (None, Some(default)) => parse_list(default).expect("the common lists parse"),
            // The event's list may come from another program's report (202), which can name
            // tie-breaks not computed here, such as a team event's: the rest are computed
            // and the others named once by the command, rather than no standings at all.
            (None, None) => {
                let recorded = RecordedList::read(&settings.tiebreaks);
                left_out = recorded.left_out();
                recorded.computed()
            }
        };
        let start = &settings.start;
        let rules = rules.unwrap_or(settings.tiebreak_rules.as_str());
        // `auto` with no start date (files from pairing engines and chess-results rebuilds
        // carry none): the current edition, said aloud by the command, never guessed
        // silently.
        let (edition, assumed_edition) = match Edition::resolve(
            rules,
            Some(start).filter(|s| !s.is_empty()).map(String::as_str),
        ) {
            Err(StandingsError::MissingStartDate) => (Edition::CURRENT, true),
            resolved => (
                resolved.map_err(|e| {
                    EventError::invalid(format!(
                        "{e} (set `arbiter config start DATE` or --tiebreak-rules)"
                    ))
                })?,
                false,
            ),
        };
        let mut options = Options::new(edition);
        options.lots = lots;
        Ok(StandingsSource {
            event,
            missing,
            tiebreaks,
            options,
            edition,
            default_list,
            assumed_edition,
            left_out,
            rounds_unknown: settings.rounds.is_none(),
        })
    }

    /// The same as [`StandingsSource::notes`] for the published pages' event note, which
    /// readers of the site see: no command-line advice in it.
    pub fn page_note(&self) -> String {
        let mut parts = Vec::new();
        if let Some(list) = self.default_list {
            parts.push(format!(
                "the event has no tie-break list; a common one is used: {list}"
            ));
        }
        if self.assumed_edition {
            parts.push(format!(
                "the event has no start date: tie-breaks by the {} rules",
                self.edition
            ));
        }
        if !self.left_out.is_empty() {
            parts.push(format!(
                "tie-breaks of the event's list not computed: {}",
                self.left_out.join(", ")
            ));
        }
        parts.join("; ")
    }

    /// What the standings assume beyond the event's settings, one line each, for the command
    /// to print on standard error: the edition taken for want of a start date, and the
    /// entries of the event's list that are not computed. `rules_flag`: the command takes
    /// `--tiebreak-rules`, so the note can name it.
    pub fn notes(&self, rules_flag: bool) -> Vec<String> {
        let mut notes = Vec::new();
        if self.assumed_edition {
            let other = if self.edition == Edition::Y2024 {
                "2026"
            } else {
                "2024"
            };
            notes.push(format!(
                "the event has no start date: tie-breaks by the {} rules; {} otherwise",
                self.edition,
                if rules_flag {
                    format!("say --tiebreak-rules {other}")
                } else {
                    format!("`arbiter config tiebreak-rules {other}` or `arbiter config start DATE` decide")
                }
            ));
        }
        // Files from engines and older programs often omit `XXR`/`142`: without the number
        // of rounds no table can be called final, and the director should know why.
        if self.rounds_unknown {
            notes.push(
                "the event does not say how many rounds it has, so no table is called final: \
                 `arbiter config rounds N --force` sets it (logged)"
                    .to_owned(),
            );
        }
        if !self.left_out.is_empty() {
            let used = if self.tiebreaks.is_empty() {
                "ranked by points alone (--tiebreaks LIST ranks by others)".to_owned()
            } else {
                format!(
                    "ranked by {}",
                    self.tiebreaks
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            notes.push(format!(
                "the event's tie-break list names {}, not computed here: {used}",
                self.left_out.join(", ")
            ));
        }
        notes
    }

    /// The standings after `round`.
    pub fn after(&self, round: u32) -> Result<EventStandings, EventError> {
        let event = self.event.clone().up_to_round(round);
        let table = standings(&event, &self.tiebreaks, &self.options)
            .map_err(|e| EventError::invalid(e.to_string()))?;
        Ok(EventStandings {
            table,
            event,
            tiebreaks: self.tiebreaks.clone(),
            options: self.options,
            edition: self.edition,
            missing: self.missing.iter().take(round as usize).sum(),
        })
    }
}

/// What `arbiter standings` asks for. The tie-break list and the editions are given as the
/// user typed them: they are checked here, each at the point the command has always checked
/// it (after the notes said before it), so that its message and exit code stay the same.
#[derive(Debug, Clone, Default)]
pub struct StandingsRequest {
    /// After this round (default: the last one paired; never later).
    pub round: Option<u32>,
    /// The tie-break list, e.g. `BH/C1,BH,SB,DE` (default: the event's, else a common one).
    pub tiebreaks: Option<String>,
    /// auto, 2026, 2024 or legacy (default: the event's setting).
    pub rules: Option<String>,
    /// A second edition to rank under as well.
    pub compare: Option<String>,
    /// The player whose working is wanted.
    pub explain: Option<PlayerId>,
    /// The seed of a drawing of lots for the ties left (C.07 Art. 4.2).
    pub lots: Option<u64>,
    /// The standings are shown as a page of their own: the event's data and the games
    /// missing are wanted too.
    pub page: bool,
}

/// Whether a table is final.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableState {
    /// Results are missing (blank or adjourned) up to the round: this many.
    Missing(usize),
    /// The event's last round, every result in.
    Final,
    /// A round before the last (or the event does not say how many it has).
    Provisional,
}

impl std::fmt::Display for TableState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableState::Missing(missing) => write!(
                f,
                "provisional: {missing} result{} missing",
                if *missing == 1 { "" } else { "s" }
            ),
            TableState::Final => f.write_str("final"),
            TableState::Provisional => f.write_str("provisional"),
        }
    }
}

/// What the standings page needs beyond the table.
pub struct StandingsPageData {
    pub event: EventInfo,
    /// When the page was made, as the pages show it.
    pub generated: String,
    /// The games up to the round without a result.
    pub missing: Vec<MissingGame>,
}

/// The standings as `arbiter standings` shows them.
pub struct StandingsReport {
    pub table: Standings,
    /// The round the table is after.
    pub round: u32,
    /// The number of rounds the event has, when it says.
    pub planned: Option<u32>,
    pub state: TableState,
    /// The event's name.
    pub name: String,
    /// The working for the player asked for, as text.
    pub explanation: Option<String>,
    /// The ranks under a second edition: a heading and the players whose rank differs, one
    /// line each.
    pub comparison: Option<(String, String)>,
    /// Given when the request asks for a page.
    pub page: Option<StandingsPageData>,
}

/// The standings of the event after the round asked for (`arbiter standings`). Notes go to
/// `note` as they arise: the common tie-break list used for want of the event's, what the
/// standings assume, and that FIDE mode calls no table final while a result is missing.
pub fn event_standings(
    store: &Store,
    request: &StandingsRequest,
    note: &mut dyn FnMut(String),
) -> Result<StandingsReport, EventError> {
    let settings = store.event_settings()?;
    let paired = store.rounds_started()?;
    let round = request.round.unwrap_or(paired).min(paired);
    // No list set: a common one, said aloud so nobody mistakes it for the event's.
    if request.tiebreaks.is_none()
        && let Some(default) = default_list(&settings)
    {
        note(format!(
            "the event has no tie-break list; using {default} (`arbiter config tiebreaks LIST` sets one)"
        ));
    }
    let page_note;
    let EventStandings {
        table,
        event,
        tiebreaks,
        options,
        edition,
        missing,
        ..
    } = {
        let source = StandingsSource::load(
            store,
            &settings,
            request.tiebreaks.as_deref(),
            request.rules.as_deref(),
            request.lots,
        )?;
        for line in source.notes(true) {
            note(line);
        }
        page_note = source.page_note();
        source.after(round)?
    };
    let planned = settings.rounds;
    // In FIDE mode there are no final standings while a result is missing.
    let state = if missing > 0 {
        TableState::Missing(missing)
    } else if planned == Some(round) {
        TableState::Final
    } else {
        TableState::Provisional
    };
    if settings.fide_mode && missing > 0 && planned == Some(round) {
        note(format!(
            "FIDE mode: these are not the final standings while {} missing",
            crate::render::count(missing, "result is", "results are")
        ));
    }
    let names = store.player_names()?;
    let explanation = match request.explain {
        Some(n) => {
            let e = table.explain(n).ok_or_else(|| {
                EventError::invalid(format!("there is no player {n} in the standings"))
            })?;
            Some(crate::render::standings::explanation_text(
                e,
                names.get(&n).map_or("", String::as_str),
            ))
        }
        None => None,
    };
    let comparison = match &request.compare {
        Some(other) => {
            let second: Edition = other
                .parse()
                .map_err(|e: StandingsError| EventError::invalid(e.to_string()))?;
            let both = side_by_side(&event, &tiebreaks, &options, edition, second)
                .map_err(|e| EventError::invalid(e.to_string()))?;
            Some((
                format!("{edition} rules against {second} rules"),
                crate::render::standings::comparison_text(&both, &names),
            ))
        }
        None => None,
    };
    let page = if request.page {
        let info = super::pages::event_info(&settings, page_note);
        let generated = super::pages::generated_now();
        Some(StandingsPageData {
            event: info,
            generated,
            missing: crate::render::site::missing_games(
                &store.players()?,
                &super::pages::site_rounds(store)?,
                round,
            ),
        })
    } else {
        None
    };
    Ok(StandingsReport {
        table,
        round,
        planned,
        state,
        name: settings.name,
        explanation,
        comparison,
        page,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn player(n: u16, name: &str, rating: u16) -> Player {
        Player {
            rating: Some(rating),
            ..Player::new(PlayerId(n), name)
        }
    }

    /// Four players, round 1 paired 1-2 and 3-4, the first game won by white and the
    /// second still to be played.
    fn event(settings: &[(&str, String)]) -> Store {
        let mut store = Store::create_in_memory("Spring Open", settings).expect("a store");
        for (n, name, rating) in [
            (1, "A, A", 2000),
            (2, "B, B", 1900),
            (3, "C, C", 1800),
            (4, "D, D", 1700),
        ] {
            store.add_player(&player(n, name, rating)).expect("added");
        }
        store
            .save_pairing(
                1,
                &[(PlayerId(1), PlayerId(2)), (PlayerId(3), PlayerId(4))],
                None,
                "test",
            )
            .expect("paired");
        store
            .enter_result(1, 1, ('1', '0'), false)
            .expect("entered");
        store
    }

    #[test]
    fn the_common_list_and_the_missing_result_are_said() {
        let store = event(&[]);
        let mut notes = Vec::new();
        let report = event_standings(&store, &StandingsRequest::default(), &mut |n| notes.push(n))
            .expect("the standings");
        assert_eq!(report.round, 1);
        assert_eq!(report.state, TableState::Missing(1));
        assert_eq!(report.state.to_string(), "provisional: 1 result missing");
        assert_eq!(report.name, "Spring Open");
        assert_eq!(report.table.rows.len(), 4);
        assert!(report.page.is_none() && report.comparison.is_none());
        assert!(
            notes[0].starts_with("the event has no tie-break list; using BH/C1,BH,SB,DE"),
            "{notes:?}"
        );
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with("the event does not say how many rounds")),
            "{notes:?}"
        );
    }

    #[test]
    fn a_list_typed_by_the_user_is_checked_and_says_no_note() {
        let store = event(&[
            ("rounds", "1".to_owned()),
            ("start", "2026-03-01".to_owned()),
        ]);
        let mut notes = Vec::new();
        let request = StandingsRequest {
            tiebreaks: Some("XX".to_owned()),
            ..StandingsRequest::default()
        };
        let err = event_standings(&store, &request, &mut |n| notes.push(n))
            .err()
            .expect("refused");
        assert!(matches!(err, EventError::Invalid { .. }), "{err:?}");
        assert!(err.to_string().starts_with("--tiebreaks: "), "{err}");
        assert!(notes.is_empty(), "{notes:?}");
    }

    #[test]
    fn an_unknown_player_to_explain_is_refused_after_the_notes() {
        let store = event(&[("rounds", "1".to_owned())]);
        let mut notes = Vec::new();
        let request = StandingsRequest {
            explain: Some(PlayerId(9)),
            compare: Some("2024".to_owned()),
            ..StandingsRequest::default()
        };
        let err = event_standings(&store, &request, &mut |n| notes.push(n))
            .err()
            .expect("refused");
        assert_eq!(err.to_string(), "there is no player 9 in the standings");
        // The event is in FIDE mode and its last round has a result missing.
        assert!(
            notes.iter().any(|n| n.starts_with("FIDE mode: ")),
            "{notes:?}"
        );
    }

    #[test]
    fn the_page_and_a_comparison_come_when_asked_for() {
        let store = event(&[
            ("rounds", "3".to_owned()),
            ("start", "2026-03-01".to_owned()),
        ]);
        let request = StandingsRequest {
            explain: Some(PlayerId(1)),
            compare: Some("2024".to_owned()),
            page: true,
            ..StandingsRequest::default()
        };
        let report = event_standings(&store, &request, &mut |_| {}).expect("the standings");
        assert_eq!(report.state, TableState::Missing(1));
        assert!(report.explanation.is_some());
        let (heading, _) = report.comparison.expect("a comparison");
        assert_eq!(heading, "2026 rules against 2024 rules");
        let page = report.page.expect("the page");
        assert_eq!(page.event.name, "Spring Open");
        assert_eq!(page.missing.len(), 1);
    }

    #[test]
    fn the_source_ranks_after_any_round() {
        let store = event(&[("tiebreaks", "BH,SB".to_owned())]);
        let settings = store.event_settings().expect("settings");
        let source =
            StandingsSource::load(&store, &settings, None, Some("2024"), None).expect("the source");
        assert_eq!(source.default_list, None);
        assert_eq!(source.edition, Edition::Y2024);
        assert!(!source.assumed_edition);
        assert_eq!(source.after(0).expect("round 0").missing, 0);
        assert_eq!(source.after(1).expect("round 1").missing, 1);
        assert_eq!(source.page_note(), "");
    }
}
