//! The tournament database: one SQLite file per event, the only user of rusqlite.
//!
//! Every change is one transaction that also appends to the event log, so a change happens
//! whole or not at all and is always on record. The schema is versioned with
//! `PRAGMA user_version` and migrated forward, each step in its own transaction; the file is
//! marked with `PRAGMA application_id` so that other SQLite files are refused.
//!
//! The parts, one concern each: `schema` (the file, its configuration and migrations),
//! `players` (registration, numbering, withdrawals), `rounds` (byes, prohibited pairings,
//! pairings, publication, unpairing), `results` (results, corrections, game records), `log`
//! (the event log), `trf` (import and export of TRF reports) and `ratings` (the FIDE rating
//! lists a user's events share: a file of their own, not an event's). Each adds its own
//! `impl Store` block; this file holds the `Store` itself, its error, and the settings.

/// The test that an `entry` row belongs to a paired round, named once: the row has an opponent
/// or is the pairing-allocated bye (`U`). A round holding only requested byes and known
/// absences is not paired yet. A macro, so that `concat!` can splice it into SQL text.
macro_rules! paired_entry {
    () => {
        "(opponent IS NOT NULL OR code = 'U')"
    };
}

mod log;
mod players;
mod ratings;
mod results;
mod rounds;
mod schema;
mod trf;

use std::fmt;

use rusqlite::{Connection, OptionalExtension, params};

use crate::tournament::settings::{EventSettings, KEYS, SettingKey};

use self::log::log;

pub use self::log::LogEntry;
pub use crate::tournament::ADJOURNED;
pub use players::{PlayerChanges, PlayerField};
pub use ratings::{ListPeriod, PeriodWriter, RatingList};
pub use results::Entered;
pub use rounds::{GameRow, RoundView, UnpairGround, initial_colour_by_lot};

/// Why the database refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// `new` on a file that already exists.
    Exists(String),
    /// The file is not a tournament database (or not SQLite at all).
    NotATournament(String),
    /// Another process holds the database past the busy timeout.
    Busy,
    /// The operation is not allowed now; nothing changed.
    Refused(String),
    /// A value the event cannot take (an unknown setting, a malformed date); nothing changed.
    Invalid(String),
    /// Something the database itself reported.
    Database(String),
    /// No player has this pairing number; nothing changed.
    NoSuchPlayer(u16),
    /// The round is not paired yet (`paired`: how many rounds are); nothing changed.
    RoundNotPaired { round: u32, paired: u32 },
    /// A stored setting that no check would have let in (a file changed by hand or damaged):
    /// which one, and why it does not read. `config KEY VALUE` repairs it.
    DamagedSetting(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Exists(path) => {
                write!(f, "{path} already exists; choose another file with --db")
            }
            StoreError::NotATournament(path) => {
                write!(f, "{path} is not a tournament database")
            }
            StoreError::Busy => f.write_str("the database is busy; try again"),
            StoreError::Refused(why) | StoreError::Invalid(why) => f.write_str(why),
            StoreError::Database(why) => write!(f, "database error: {why}"),
            StoreError::DamagedSetting(why) => {
                write!(f, "{why}; `arbiter config KEY VALUE` repairs it")
            }
            StoreError::NoSuchPlayer(number) => write!(
                f,
                "there is no player {number}; `arbiter player list` shows the numbers"
            ),
            StoreError::RoundNotPaired { round, paired } => {
                let so_far = match paired {
                    0 => "no round is paired yet".to_owned(),
                    1 => "only round 1 is paired".to_owned(),
                    n => format!("rounds 1-{n} are paired"),
                };
                write!(
                    f,
                    "round {round} is not paired yet ({so_far}); `arbiter pair` pairs the next round"
                )
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> StoreError {
        match err.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                StoreError::Busy
            }
            Some(rusqlite::ErrorCode::ReadOnly) => StoreError::Refused(
                "the database cannot be changed: its file or the folder it is in is read-only; nothing changed"
                    .into(),
            ),
            Some(rusqlite::ErrorCode::NotADatabase) => {
                StoreError::NotATournament("the file".into())
            }
            _ => StoreError::Database(err.to_string()),
        }
    }
}

/// An open tournament database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Every setting with its value, in the order of [`KEYS`].
    pub fn settings(&self) -> Result<Vec<(String, String)>, StoreError> {
        let mut out = Vec::new();
        for key in KEYS {
            out.push((key.name.to_owned(), self.setting(key.name)?));
        }
        Ok(out)
    }

    /// Every setting, read once and typed.
    pub fn event_settings(&self) -> Result<EventSettings, StoreError> {
        event_settings_in(&self.conn)
    }

    /// A setting's value; a key added after the database was made reads as its default.
    pub fn setting(&self, key: &str) -> Result<String, StoreError> {
        setting_in(&self.conn, key)
    }

    /// The number of rounds paired so far (requested byes for later rounds do not count).
    pub fn rounds_started(&self) -> Result<u32, StoreError> {
        last_paired_round(&self.conn)
    }

    /// Changes a setting. After round 1 a change of a setting that decides results or order
    /// is refused in FIDE mode unless forced; the caller warns about the others.
    pub fn set_setting(
        &mut self,
        name: &str,
        value: &str,
        force: bool,
    ) -> Result<String, StoreError> {
        let key = SettingKey::find(name).ok_or_else(|| {
            StoreError::Invalid(format!(
                "unknown setting `{name}`; `arbiter config` lists them"
            ))
        })?;
        plain_text(name, value)?;
        let value = checked_setting(key, value)?;
        let started = self.rounds_started()? > 0;
        // A damaged file must stay repairable with `config`: its settings then count as FIDE
        // mode, the stricter reading, so that a locked key needs --force (logged).
        let fide = match self.event_settings() {
            Ok(settings) => settings.fide_mode,
            Err(StoreError::DamagedSetting(_)) => true,
            Err(other) => return Err(other),
        };
        if started && fide && key.locked_after_round_one && !force {
            return Err(StoreError::Refused(format!(
                "{name} decides results or pairings and round 1 is already paired; use --force to change it anyway (logged)"
            )));
        }
        let old = self.setting(name)?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO setting (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![name, value],
        )?;
        let command = if force { "config --force" } else { "config" };
        log(
            &tx,
            command,
            &format!("setting {name}"),
            Some(&old),
            Some(&value),
        )?;
        tx.commit()?;
        Ok(value)
    }
}

/// Every setting, read once and typed (see [`EventSettings`]); a key added after the
/// database was made reads as its default.
fn event_settings_in(conn: &Connection) -> Result<EventSettings, StoreError> {
    let stored: std::collections::HashMap<String, String> = conn
        .prepare("SELECT key, value FROM setting")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    EventSettings::read(|key| {
        stored.get(key).cloned().unwrap_or_else(|| {
            SettingKey::find(key).map_or(String::new(), |k| k.default_value().to_owned())
        })
    })
    .map_err(StoreError::DamagedSetting)
}

fn setting_in(conn: &Connection, key: &str) -> Result<String, StoreError> {
    let stored: Option<String> = conn
        .query_row("SELECT value FROM setting WHERE key = ?1", [key], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(stored.unwrap_or_else(|| {
        SettingKey::find(key).map_or(String::new(), |k| k.default_value().to_owned())
    }))
}

/// The last paired round, 0 before round 1 is paired (see `paired_entry!`).
fn last_paired_round(conn: &Connection) -> Result<u32, StoreError> {
    Ok(conn.query_row(
        concat!(
            "SELECT COALESCE(MAX(round), 0) FROM entry WHERE ",
            paired_entry!()
        ),
        [],
        |r| r.get(0),
    )?)
}

fn now() -> String {
    chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

/// A setting's value as it is stored, checked when it is set rather than when it is used: the
/// tie-break list is read by the parser the standings use (the setting itself, in
/// `tournament`, may not depend on `standings`), so that `config tiebreaks foo` is refused
/// at once instead of failing every later `standings`.
fn checked_setting(key: &SettingKey, value: &str) -> Result<String, StoreError> {
    let value = key.check(value).map_err(StoreError::Invalid)?;
    if key.name == "tiebreaks" {
        crate::standings::parse_list(&value)
            .map_err(|e| StoreError::Invalid(format!("tiebreaks: {e}")))?;
    }
    Ok(value)
}

/// Refuses a text field with a control character: it would split a TRF record or a CSV row.
fn plain_text(field: &str, text: &str) -> Result<(), StoreError> {
    match crate::tournament::control_character_message(field, text) {
        Some(message) => Err(StoreError::Invalid(message)),
        None => Ok(()),
    }
}

/// What the unit tests of every store file share: a new event in memory with a field.
#[cfg(test)]
pub(crate) mod test_support {
    use super::Store;
    use crate::tournament::{Player, PlayerId};

    pub fn player(name: &str, rating: u16) -> Player {
        Player {
            rating: Some(rating),
            ..Player::new(PlayerId(0), name)
        }
    }

    /// A Swiss event in memory with `ratings.len()` players, registered in that order.
    pub fn event(ratings: &[u16]) -> Store {
        let mut store = Store::create_in_memory("Test Open", &[]).unwrap();
        for (i, &rating) in ratings.iter().enumerate() {
            store
                .add_player(&player(&format!("Player, {}", i + 1), rating))
                .unwrap();
        }
        store
    }

    pub fn ids(pairs: &[(u16, u16)]) -> Vec<(PlayerId, PlayerId)> {
        pairs
            .iter()
            .map(|&(a, b)| (PlayerId(a), PlayerId(b)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{event, ids};
    use super::*;
    use crate::tournament::Points;
    use crate::tournament::settings::PairingSystem;

    #[test]
    fn a_setting_reads_back_typed_and_its_change_is_logged() {
        let mut store = event(&[]);
        assert_eq!(store.event_settings().unwrap().system, PairingSystem::Dutch);
        let stored = store.set_setting("system", "double-berger", false).unwrap();
        assert_eq!(stored, "double-berger");
        assert_eq!(
            store.event_settings().unwrap().system,
            PairingSystem::DoubleBerger
        );
        let last = store.log().unwrap().pop().unwrap();
        assert_eq!(
            (last.command.as_str(), last.what.as_str()),
            ("config", "setting system")
        );
        assert_eq!(
            (last.old.as_deref(), last.new.as_deref()),
            (Some("dutch"), Some("double-berger"))
        );
    }

    /// Settings that decide results or pairings are locked once round 1 is paired in FIDE
    /// mode (a change would alter published results); `--force` overrides and is logged as
    /// such; the event's details stay free.
    #[test]
    fn a_setting_that_decides_results_is_locked_after_round_one_in_fide_mode() {
        let mut store = event(&[2000, 1900, 1800, 1700]);
        store
            .save_pairing(1, &ids(&[(1, 3), (4, 2)]), None, "pair")
            .unwrap();
        let refused = store.set_setting("points-win", "3", false).unwrap_err();
        assert!(matches!(refused, StoreError::Refused(_)), "{refused:?}");
        assert_eq!(store.event_settings().unwrap().scoring.win, Points::ONE);
        store.set_setting("city", "Oslo", false).unwrap();
        store.set_setting("points-win", "3", true).unwrap();
        assert_eq!(store.event_settings().unwrap().scoring.win, Points(30));
        assert_eq!(
            store.log().unwrap().pop().unwrap().command,
            "config --force"
        );
        store.set_setting("fide-mode", "off", false).unwrap();
        store.set_setting("points-draw", "1", false).unwrap();
    }

    #[test]
    fn an_unknown_or_malformed_setting_is_refused_and_nothing_changes() {
        let mut store = event(&[]);
        let before = store.log().unwrap().len();
        for (key, value) in [
            ("colour", "white"),
            ("rounds", "0"),
            ("system", "swiss"),
            ("city", "Oslo\nBergen"),
            ("tiebreaks", "XYZ"),
        ] {
            let err = store.set_setting(key, value, false).unwrap_err();
            assert!(matches!(err, StoreError::Invalid(_)), "{key}: {err:?}");
        }
        assert_eq!(store.log().unwrap().len(), before);
        assert_eq!(store.event_settings().unwrap(), {
            let mut defaults = EventSettings::defaults();
            defaults.name = "Test Open".into();
            defaults
        });
    }

    /// A value that no check would have let in (a damaged file) is named when the settings
    /// are loaded, never read as a default.
    #[test]
    fn a_damaged_stored_setting_is_named() {
        let store = event(&[]);
        store
            .conn
            .execute(
                "UPDATE setting SET value = 'swiss' WHERE key = 'system'",
                [],
            )
            .unwrap();
        let err = store.event_settings().unwrap_err();
        assert_eq!(
            err,
            StoreError::DamagedSetting(
                "the stored setting system `swiss` does not read: expected dutch, berger or double-berger, found `swiss`".into()
            )
        );
        // `config` repairs it, even once round 1 is paired (with --force in FIDE mode).
        let mut store = store;
        store.set_setting("system", "dutch", false).unwrap();
        assert_eq!(store.event_settings().unwrap().system, PairingSystem::Dutch);
    }
}
