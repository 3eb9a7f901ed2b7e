//! `import trf|players|results`: an event, its players or a round's results read from a file.
//!
//! Each import reads its file first (before the database is opened, so that an unreadable
//! file is named as such), then checks everything before anything is stored: the store takes
//! all of it in one transaction or none. A dry run of `import players` finds exactly what the
//! real import would.

use std::path::Path;

use crate::store::{Entered, GameRow, RatingList, Store, StoreError};
use crate::tournament::Player;
use crate::tournament::csv_players::PlayersFile;
use crate::tournament::csv_results::ResultRow;
use crate::trf::Trf;

use super::EventError;

/// A file's bytes as text, and its name as shown to the user.
fn read_text(file: &Path) -> Result<(String, String), EventError> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| EventError::Io(format!("cannot read {shown}: {err}")))?;
    Ok((shown, String::from_utf8_lossy(&bytes).into_owned()))
}

/// A FIDE report read from a file.
#[derive(Debug, Clone)]
pub struct TrfFile {
    /// The file as named to the user.
    pub shown: String,
    /// The file as read (for the line numbers of later warnings).
    pub text: String,
    pub trf: Trf,
    /// What the reader noticed (dates read one way of two, unknown titles...), in words.
    pub warnings: Vec<String>,
}

/// Reads and parses a TRF file; a report that does not parse is refused with its line and
/// column.
pub fn read_trf(file: &Path) -> Result<TrfFile, EventError> {
    let (shown, text) = read_text(file)?;
    let (trf, warnings) =
        crate::trf::parse(&text).map_err(|err| EventError::invalid(format!("{shown}: {err}")))?;
    Ok(TrfFile {
        warnings: warnings.iter().map(ToString::to_string).collect(),
        shown,
        text,
        trf,
    })
}

/// The warning for the report's acceleration: a `192` naming the Baku method with point
/// values it does not fit, or Baku rounds the report does not say.
pub fn acceleration_warning(trf: &Trf) -> Option<String> {
    if crate::pairing::baku::named_in(&crate::trf::EventRecords::of(trf))
        && !crate::pairing::baku::fits(&crate::trf::PointValues::of(trf))
    {
        Some("record 192 names the Baku method (C.04.7), which needs a win worth two draws and a loss worth nothing: with these point values the event is paired without it".to_owned())
    } else {
        crate::pairing::baku_rounds_unknown(trf, 0)
    }
}

/// Players filled from the FIDE rating list on import: how many, from which period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    pub players: usize,
    pub period: String,
}

/// Stores the report as the event of `db`; a file that does not exist yet becomes a new event
/// named after the report (else after the file). Players with a FIDE ID whose details the
/// report leaves empty are filled from `list` (the list valid at the report's start date).
/// Returns the number of players read and what was filled.
pub fn import_trf(
    db: &Path,
    file: &TrfFile,
    list: Option<&RatingList>,
) -> Result<(usize, Option<Filled>), EventError> {
    let mut store = if db.exists() {
        Store::open(db)?
    } else {
        let name = file.trf.name.clone().unwrap_or_else(|| file.shown.clone());
        Store::create(db, &name, &[])?
    };
    let mut trf = file.trf.clone();
    let mut filled = None;
    if let Some(list) = list {
        let month = trf.start_date.as_deref().and_then(start_month);
        if let Some(period) = list.period_valid_in(month.as_deref())? {
            let rate = store.event_settings()?.rate;
            let mut players: Vec<Player> = trf.players.iter().map(|p| p.player.clone()).collect();
            let count = super::ratings::fill_players(&mut players, list, &period, rate)?;
            for (read, player) in trf.players.iter_mut().zip(players) {
                read.player = player;
            }
            if count > 0 {
                filled = Some(Filled {
                    players: count,
                    period,
                });
            }
        }
    }
    let period = filled.as_ref().map(|f| f.period.as_str());
    store.import_trf_from_list(&trf, &file.shown, period)?;
    Ok((file.trf.players.len(), filled))
}

/// `YYYY-MM` of a TRF start date written `YYYY/MM/DD` or `YYYY-MM-DD`.
fn start_month(date: &str) -> Option<String> {
    let date = date.trim();
    let bytes = date.as_bytes();
    (bytes.len() >= 7
        && bytes[..4].iter().all(u8::is_ascii_digit)
        && matches!(bytes[4], b'/' | b'-' | b'.')
        && bytes[5..7].iter().all(u8::is_ascii_digit))
    .then(|| format!("{}-{}", &date[..4], &date[5..7]))
}

/// A players CSV read from a file: its rows, the columns not read, the bad rows.
#[derive(Debug)]
pub struct PlayersCsv {
    pub shown: String,
    pub read: PlayersFile,
}

/// Reads a players CSV (every row checked; nothing registered yet).
pub fn read_players(file: &Path) -> Result<PlayersCsv, EventError> {
    let (shown, text) = read_text(file)?;
    let read = crate::tournament::csv_players::read_players(&text);
    Ok(PlayersCsv { shown, read })
}

/// What `import players` did, or why it did nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayersImport {
    /// Nothing was registered: every problem, by line, each message naming the file and line.
    Problems {
        messages: Vec<String>,
        /// Some rows are bad input; otherwise a good file the event cannot take (a FIDE ID
        /// registered already, more players than an event holds).
        bad_rows: bool,
    },
    /// A dry run: the players that would be registered, and what the rating list filled.
    DryRun {
        players: Vec<Player>,
        filled: Option<Filled>,
    },
    /// Registered: how many, the highest pairing number now, and what the rating list
    /// filled.
    Registered {
        count: usize,
        last: u16,
        filled: Option<Filled>,
    },
}

/// Registers the players of the file, all or (with any problem) none: every bad row is listed
/// with what the store would refuse before anything is registered. Rows with a FIDE ID that
/// leave fields empty are filled from `list` (the list the event uses), if one is imported.
pub fn import_players(
    store: &mut Store,
    file: &PlayersCsv,
    dry_run: bool,
    list: Option<&RatingList>,
) -> Result<PlayersImport, EventError> {
    let shown = &file.shown;
    let read = &file.read;
    let mut players: Vec<Player> = read.players.iter().map(|(_, p)| p.clone()).collect();
    let mut filled = None;
    // A list that the event cannot use (none of its period imported) fills nothing; the rows
    // are registered as they are.
    if let Some(list) = list
        && let Ok(period) = super::ratings::event_period(store, list)
    {
        let rate = store.event_settings()?.rate;
        let count = super::ratings::fill_players(&mut players, list, &period, rate)?;
        if count > 0 {
            filled = Some(Filled {
                players: count,
                period,
            });
        }
    }
    let mut problems: Vec<(u64, String)> = read
        .errors
        .iter()
        .map(|e| (e.line, format!("{shown}: {e}")))
        .collect();
    for (index, problem) in store.registration_problems(&players)? {
        let line = read.players.get(index).map_or(0, |(line, _)| *line);
        problems.push((line, format!("{shown}: line {line}: {problem}")));
    }
    problems.sort_by_key(|(line, _)| *line);
    if !problems.is_empty() {
        return Ok(PlayersImport::Problems {
            messages: problems.into_iter().map(|(_, m)| m).collect(),
            bad_rows: !read.errors.is_empty(),
        });
    }
    if dry_run {
        return Ok(PlayersImport::DryRun { players, filled });
    }
    let period = filled.as_ref().map(|f| f.period.as_str());
    let last = store.add_players_from_list(&players, shown, period)?;
    Ok(PlayersImport::Registered {
        count: players.len(),
        last,
        filled,
    })
}

/// A results CSV read from a file.
#[derive(Debug, Clone)]
pub struct ResultsCsv {
    pub shown: String,
    pub rows: Vec<ResultRow>,
}

/// Reads a results CSV; the first bad row is refused with its line.
pub fn read_results(file: &Path) -> Result<ResultsCsv, EventError> {
    let (shown, text) = read_text(file)?;
    let rows = crate::tournament::csv_results::results_from_csv(&text)
        .map_err(|err| EventError::invalid(format!("{shown}: {err}")))?;
    Ok(ResultsCsv { shown, rows })
}

/// Why `import results` entered nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultsImportError {
    /// A row could not be placed on its game, or the database failed.
    Event(EventError),
    /// The store refused the row on `line` (a result entered already, ...).
    Refused { line: u64, error: StoreError },
}

impl From<EventError> for ResultsImportError {
    fn from(err: EventError) -> ResultsImportError {
        ResultsImportError::Event(err)
    }
}

impl From<StoreError> for ResultsImportError {
    fn from(err: StoreError) -> ResultsImportError {
        ResultsImportError::Event(err.into())
    }
}

/// Enters the rows' results, `round` for rows without a round column: every row is placed on
/// its game before anything is entered, and then all are entered in one transaction or none.
/// Returns each game with what its entry was (corrections count by when they are reported).
pub fn import_results(
    store: &mut Store,
    file: &ResultsCsv,
    round: Option<u32>,
    correct: bool,
) -> Result<Vec<(GameRow, Entered)>, ResultsImportError> {
    let shown = &file.shown;
    let at = |line: u64, message: String| {
        EventError::invalid(format!("{shown}: line {line}: {message}"))
    };
    let mut results = Vec::new();
    for row in &file.rows {
        let round = row
            .round
            .or(round)
            .ok_or_else(|| at(row.line, "no round: give --round or a round column".into()))?;
        store
            .require_paired(round)
            .map_err(|e| at(row.line, e.to_string()))?;
        let view = store.round(round)?;
        let game = match (row.board, row.white) {
            (Some(board), _) => view.games.iter().find(|g| g.board == Some(board)),
            (None, Some(white)) => view.games.iter().find(|g| g.white.0 == white),
            (None, None) => None,
        }
        .ok_or_else(|| {
            at(
                row.line,
                match (row.board, row.white) {
                    (Some(board), _) => format!("round {round} has no board {board}"),
                    (_, Some(white)) => {
                        format!("player {white} has no game with White in round {round}")
                    }
                    _ => "the row names neither a board nor White".into(),
                },
            )
        })?;
        if row.white.is_some_and(|w| w != game.white.0)
            || row.black.is_some_and(|b| b != game.black.0)
        {
            return Err(at(
                row.line,
                format!(
                    "round {round} board {} is {}-{}, not {}-{}",
                    game.board.map_or("-".into(), |b| b.to_string()),
                    game.white,
                    game.black,
                    row.white.map_or("?".into(), |w| w.to_string()),
                    row.black.map_or("?".into(), |b| b.to_string())
                ),
            )
            .into());
        }
        results.push((round, game.white.0, row.result.codes()));
    }
    store
        .enter_results(&results, correct, shown)
        .map_err(|(index, error)| ResultsImportError::Refused {
            line: file.rows.get(index).map_or(0, |r| r.line),
            error,
        })
}

/// What an imported result was, when it was more than a first result: said for each game,
/// since a late correction leaves the standings as they are (C.04.2 4.3).
pub fn entered_kind(entered: Entered) -> Option<&'static str> {
    Some(match entered {
        Entered::Result => return None,
        Entered::AdjournedFinished => "adjourned game finished: counts in full",
        Entered::BeforeNextPairing => "correction: counts for the standings",
        Entered::AfterNextPairing { .. } => {
            "correction: counts for the standings; the published pairing stands"
        }
        Entered::RatingOnly => "correction for rating evaluation only: the tournament score stands",
    })
}

/// The warning for the tie-break record of an imported report (`202`, else `212`) when it
/// names tie-breaks not computed here, such as a team event's: which ones, and what the
/// standings use instead. `text` is the file as read, for the record's line number.
pub fn recorded_list_warning(text: &str, trf: &crate::trf::Trf) -> Option<String> {
    let (code, line, recorded) = crate::standings::RecordedList::of_report(trf)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_listed_before_anything_is_registered() {
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        let csv = |text: &str| PlayersCsv {
            shown: "p.csv".to_owned(),
            read: crate::tournament::csv_players::read_players(text),
        };
        let first = import_players(
            &mut store,
            &csv("name,rating,fide_id\nA,2000,1\n"),
            false,
            None,
        );
        assert_eq!(
            first,
            Ok(PlayersImport::Registered {
                count: 1,
                last: 1,
                filled: None
            })
        );
        let file = csv("name,rating,fide_id\nB,1900,2\nC,1800,1\n");
        let dry = import_players(&mut store, &file, true, None).unwrap();
        let PlayersImport::Problems { messages, bad_rows } = dry else {
            panic!("a FIDE ID twice is a problem: {dry:?}");
        };
        assert!(!bad_rows);
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].starts_with("p.csv: line 3: "), "{messages:?}");
        assert_eq!(store.players().unwrap().len(), 1);
    }

    #[test]
    fn a_row_without_a_round_is_refused_with_its_line() {
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        let file = ResultsCsv {
            shown: "r.csv".to_owned(),
            rows: crate::tournament::csv_results::results_from_csv("board,result\n1,1-0\n")
                .unwrap(),
        };
        let err = import_results(&mut store, &file, None, false).unwrap_err();
        assert_eq!(
            err,
            ResultsImportError::Event(EventError::invalid(
                "r.csv: line 2: no round: give --round or a round column"
            ))
        );
    }
}
