//! `arbiter standings`: points, the event's tie-breaks per rules edition, and the working
//! for one player.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{Exit, Failure};
use crate::render::site::{StandingsPage, standings_html};
use crate::standings::{
    Edition, EventResults, Options, RecordedList, Standings, StandingsError, TieBreak, parse_list,
    side_by_side, standings,
};
use crate::store::{ADJOURNED, RoundView, Store};
use crate::tournament::PlayerId;

#[derive(Args)]
#[command(
    about = "The standings: points, then the tie-breaks, per rules edition",
    after_help = "Examples:\n  arbiter standings\n  arbiter standings --round 5 --tiebreaks BH/C1,BH,SB --format csv\n  arbiter standings --tiebreak-rules 2024 --compare 2026\n  arbiter standings --explain 12\n  arbiter standings --format html -o standings.html"
)]
pub struct StandingsArgs {
    /// After this round (default: the last one paired).
    #[arg(long)]
    round: Option<u32>,
    /// The tie-break list (default: the event's), e.g. `BH/C1,BH,SB,DE`.
    #[arg(long)]
    tiebreaks: Option<String>,
    /// auto, 2026, 2024 or legacy (default: the event's setting).
    #[arg(long = "tiebreak-rules")]
    tiebreak_rules: Option<String>,
    /// Rank under a second edition as well and list the players whose rank differs.
    #[arg(long)]
    compare: Option<String>,
    /// The working for one player, round by round.
    #[arg(long)]
    explain: Option<u16>,
    /// Break ties left after the list by a drawing of lots with this seed (C.07 Art. 4.2).
    #[arg(long)]
    lots: Option<u64>,
    /// text, csv, json or html (a page of its own, as the published site shows standings).
    #[arg(long, default_value = "text")]
    format: String,
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

/// The standings of the event in the store after `round`, as `arbiter standings` computes
/// them: adjourned games pending, withdrawals and the event's withdrawal policy applied, the
/// tie-break `list` (default: the event's, else a common one) under the `rules` edition
/// (default: the event's setting resolved by the start date, else the current edition).
pub(crate) struct EventStandings {
    pub table: Standings,
    pub event: EventResults,
    pub tiebreaks: Vec<TieBreak>,
    pub options: Options,
    pub edition: Edition,
    /// Results missing (blank or adjourned) in rounds 1..=round.
    pub missing: usize,
}

/// The common list used when the event has none: `None` when it has one.
fn default_list(store: &Store) -> Result<Option<&'static str>, Failure> {
    if !store.setting("tiebreaks")?.is_empty() {
        return Ok(None);
    }
    let round_robin = store.setting("system")? != "dutch";
    Ok(Some(if round_robin {
        "DE,SB,WIN"
    } else {
        "BH/C1,BH,SB,DE"
    }))
}

/// The event read once from the store, ready to be ranked after any round: what the site
/// needs for every round without reading the database again each time.
pub(crate) struct StandingsSource {
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
    pub(crate) fn load(
        store: &Store,
        list: Option<&str>,
        rules: Option<&str>,
        lots: Option<u64>,
    ) -> Result<StandingsSource, Failure> {
        let trf = store.to_trf()?;
        let rounds = (1..=store.rounds_started()?)
            .map(|r| store.round(r))
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_read(store, &trf, &rounds, list, rules, lots)
    }

    /// The event from what the caller has already read: `trf` is the tournament's record
    /// ([`Store::to_trf`]) and `rounds` every round paired, round 1 first. Commands that need
    /// these for more than the standings (`publish`, `export trf`) read them once and pass
    /// them here, rather than have the database read a second time; only the settings are
    /// read from `store`.
    pub(crate) fn from_read(
        store: &Store,
        trf: &crate::trf::Trf,
        rounds: &[RoundView],
        list: Option<&str>,
        rules: Option<&str>,
        lots: Option<u64>,
    ) -> Result<StandingsSource, Failure> {
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
        event.withdrawals = store.event_settings()?.withdrawal_games;
        let default_list = match list {
            Some(_) => None,
            None => default_list(store)?,
        };
        let mut left_out = Vec::new();
        let tiebreaks = match (list, default_list) {
            // What the user types is checked to the letter.
            (Some(list), _) => {
                parse_list(list).map_err(|e| Failure::invalid_input(format!("--tiebreaks: {e}")))?
            }
            (None, Some(default)) => parse_list(default).expect("the common lists parse"),
            // The event's list may come from another program's report (202), which can name
            // tie-breaks not computed here, such as a team event's: the rest are computed
            // and the others named once by the command, rather than no standings at all.
            (None, None) => {
                let recorded = RecordedList::read(&store.setting("tiebreaks")?);
                left_out = recorded.left_out();
                recorded.computed()
            }
        };
        let start = store.setting("start")?;
        let rules = match rules {
            Some(rules) => rules.to_owned(),
            None => store.setting("tiebreak-rules")?,
        };
        // `auto` with no start date (files from pairing engines and chess-results rebuilds
        // carry none): the current edition, said aloud by the command, never guessed
        // silently.
        let (edition, assumed_edition) = match Edition::resolve(
            &rules,
            Some(&start).filter(|s| !s.is_empty()).map(String::as_str),
        ) {
            Err(StandingsError::MissingStartDate) => (Edition::CURRENT, true),
            resolved => (
                resolved.map_err(|e| {
                    Failure::invalid_input(format!(
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
            rounds_unknown: store.setting("rounds")?.parse::<u32>().is_err(),
        })
    }

    /// The same as [`StandingsSource::notes`] for the published pages' event note, which
    /// readers of the site see: no command-line advice in it.
    pub(crate) fn page_note(&self) -> String {
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
    pub(crate) fn notes(&self, rules_flag: bool) -> Vec<String> {
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
    pub(crate) fn after(&self, round: u32) -> Result<EventStandings, Failure> {
        let event = self.event.clone().up_to_round(round);
        let table = standings(&event, &self.tiebreaks, &self.options)
            .map_err(|e| Failure::invalid_input(e.to_string()))?;
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

pub fn run(db: &Path, args: &StandingsArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let paired = store.rounds_started()?;
    let round = args.round.unwrap_or(paired).min(paired);
    // No list set: a common one, said aloud so nobody mistakes it for the event's.
    if args.tiebreaks.is_none()
        && let Some(default) = default_list(&store)?
    {
        eprintln!(
            "note: the event has no tie-break list; using {default} (`arbiter config tiebreaks LIST` sets one)"
        );
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
            &store,
            args.tiebreaks.as_deref(),
            args.tiebreak_rules.as_deref(),
            args.lots,
        )?;
        for note in source.notes(true) {
            eprintln!("note: {note}");
        }
        page_note = source.page_note();
        source.after(round)?
    };
    let planned: Option<u32> = store.setting("rounds")?.parse().ok();
    // In FIDE mode there are no final standings while a result is missing.
    let fide = store.setting("fide-mode")? == "on";
    let state = if missing > 0 {
        format!(
            "provisional: {missing} result{} missing",
            if missing == 1 { "" } else { "s" }
        )
    } else if planned == Some(round) {
        "final".to_owned()
    } else {
        "provisional".to_owned()
    };
    if fide && missing > 0 && planned == Some(round) {
        eprintln!(
            "note: FIDE mode: these are not the final standings while {} missing",
            crate::render::count(missing, "result is", "results are")
        );
    }
    let title = format!(
        "{} - standings after round {round}{} ({state}; {} tie-break rules)",
        store.setting("name")?,
        planned.map(|p| format!(" of {p}")).unwrap_or_default(),
        table.edition
    );
    let names = store.player_names()?;
    let explain = match args.explain {
        Some(n) => {
            let e = table.explain(PlayerId(n)).ok_or_else(|| {
                Failure::invalid_input(format!("there is no player {n} in the standings"))
            })?;
            Some(crate::render::standings::explanation_text(
                e,
                names.get(&PlayerId(n)).map_or("", String::as_str),
            ))
        }
        None => None,
    };
    let mut comparison = match &args.compare {
        Some(other) => {
            let second: Edition =
                other
                    .parse()
                    .map_err(|e: crate::standings::StandingsError| {
                        Failure::invalid_input(e.to_string())
                    })?;
            let both = side_by_side(&event, &tiebreaks, &options, edition, second)
                .map_err(|e| Failure::invalid_input(e.to_string()))?;
            let mut text = String::new();
            if both.differences.is_empty() {
                text.push_str("  every player has the same rank\n");
            }
            let width = crate::render::text::name_width(
                both.differences
                    .iter()
                    .map(|d| names.get(&d.player).map_or("", String::as_str)),
                30,
            );
            for d in &both.differences {
                text.push_str(&format!(
                    "  {:>4} {} {:>3} -> {:>3}\n",
                    d.player,
                    crate::render::text::fit(
                        names.get(&d.player).map_or("", String::as_str),
                        width
                    ),
                    d.first,
                    d.second
                ));
            }
            Some((format!("{edition} rules against {second} rules"), text))
        }
        None => None,
    };
    let mut text = match args.format.as_str() {
        "text" => {
            let mut text = crate::render::standings::standings_text(&table, &title);
            if let Some(e) = &explain {
                text.push('\n');
                text.push_str(e);
            }
            text
        }
        "csv" => crate::render::standings::standings_csv(&table).map_err(Failure::io)?,
        "json" => crate::render::standings::standings_json(&table, explain.clone()) + "\n",
        "html" => {
            let info = super::publish::event_info(&store, page_note)?;
            let generated = super::publish::generated_now();
            let mut sections = Vec::new();
            if let (Some(n), Some(e)) = (args.explain, &explain) {
                sections.push((format!("The working for player {n}"), e.clone()));
            }
            if let Some(c) = comparison.take() {
                sections.push(c);
            }
            let page = StandingsPage {
                event: &info,
                table: &table,
                round,
                state: format!(
                    "after round {round}{} ({state}; {} tie-break rules)",
                    planned.map(|p| format!(" of {p}")).unwrap_or_default(),
                    table.edition
                ),
                generated: &generated,
                sections,
                missing: crate::render::site::missing_games(
                    &store.players()?,
                    &super::publish::site_rounds(&store)?,
                    round,
                ),
                last_round: planned == Some(round),
            };
            standings_html(&page)
                .map_err(|e| Failure::io(format!("cannot render the page: {e}")))?
        }
        other => {
            return Err(Failure::invalid_input(format!(
                "--format `{other}`: expected text, csv, json or html"
            )));
        }
    };
    // CSV and JSON are read by programs: what does not belong to their contract goes to
    // standard error, so the file stays well-formed.
    if let Some((heading, lines)) = comparison {
        if args.format == "text" {
            text.push_str(&format!("\n{heading}:\n{lines}"));
        } else {
            eprint!("{heading}:\n{lines}");
        }
    }
    if args.format == "csv"
        && let Some(e) = &explain
    {
        eprint!("{e}");
    }
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Exit::Ok)
}

/// The warning for the tie-break record of an imported report (`202`, else `212`) when it
/// names tie-breaks not computed here, such as a team event's: which ones, and what the
/// standings use instead. `text` is the file as read, for the record's line number.
pub(crate) fn recorded_list_warning(text: &str, trf: &crate::trf::Trf) -> Option<String> {
    let (code, line, recorded) = RecordedList::of_report(trf)?;
    let left_out = recorded.left_out();
    if left_out.is_empty() {
        return None;
    }
    let computed = recorded.computed();
    let used = if computed.is_empty() {
        "the standings rank by points alone".to_owned()
    } else {
        format!(
            "the standings use {}",
            computed
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    // Lines may end with CR, LF or CRLF, as the TRF reader counts them.
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    let at = normalized
        .split('\n')
        .position(|l| l == line)
        .map_or_else(String::new, |index| format!("line {}: ", index + 1));
    Some(format!(
        "{at}{code} names tie-breaks not computed here: {}; the record is kept for `export trf`, and {used}",
        left_out.join(", ")
    ))
}
