//! The tournament database: one SQLite file per event, the only user of rusqlite.
//!
//! Every change is one transaction that also appends to the event log, so a change happens
//! whole or not at all and is always on record. The schema is versioned with
//! `PRAGMA user_version` and migrated forward, each step in its own transaction; the file is
//! marked with `PRAGMA application_id` so that other SQLite files are refused.

use std::fmt;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::chess::Color;
use crate::tournament::settings::{KEYS, SettingKey};
use crate::tournament::{MAX_PLAYERS, Player, PlayerId, Points, RoundResult, Sex, Title};
use crate::trf::{PointValues, Trf, TrfPlayer, TrfRound};

/// `ARBT`: marks a file as an arbiter tournament database.
const APPLICATION_ID: i32 = 0x4152_4254;

/// Forward migrations: (version reached, SQL). Each runs in its own transaction.
const MIGRATIONS: &[(i32, &str)] = &[
    (
        1,
        "
    CREATE TABLE setting (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE player (
        number          INTEGER PRIMARY KEY CHECK (number BETWEEN 1 AND 9999),
        name            TEXT NOT NULL,
        title           TEXT,
        rating          INTEGER,
        national_rating INTEGER,
        fide_id         INTEGER UNIQUE,
        federation      TEXT,
        birth           TEXT,
        sex             TEXT CHECK (sex IN ('m', 'w')),
        club            TEXT,
        withdrawn_from  INTEGER,
        late_from       INTEGER
    );
    -- What happened to each player in each round, as a TRF writes it: the opponent, the
    -- colour and the result code (1 = 0 + - W D L H F U Z, or blank).
    CREATE TABLE entry (
        round    INTEGER NOT NULL CHECK (round >= 1),
        player   INTEGER NOT NULL REFERENCES player(number),
        opponent INTEGER REFERENCES player(number),
        colour   TEXT NOT NULL,
        code     TEXT NOT NULL,
        board    INTEGER,
        PRIMARY KEY (round, player)
    );
    CREATE TABLE forbidden (
        a INTEGER NOT NULL REFERENCES player(number),
        b INTEGER NOT NULL REFERENCES player(number),
        PRIMARY KEY (a, b),
        CHECK (a < b)
    );
    -- Append-only: every change, when, what, the value before and after.
    CREATE TABLE event_log (
        id      INTEGER PRIMARY KEY AUTOINCREMENT,
        at      TEXT NOT NULL,
        command TEXT NOT NULL,
        what    TEXT NOT NULL,
        old     TEXT,
        new     TEXT
    );
    CREATE TRIGGER event_log_append_only_update BEFORE UPDATE ON event_log
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    CREATE TRIGGER event_log_append_only_delete BEFORE DELETE ON event_log
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
    ",
    ),
    (
        2,
        "
    -- A player's rounds are read in order for reports and cross-tables.
    CREATE INDEX entry_by_player ON entry (player, round);
    ",
    ),
    (
        3,
        "
    -- The score of a game as submitted (PGN), checked when attached.
    CREATE TABLE game_record (
        round INTEGER NOT NULL,
        white INTEGER NOT NULL REFERENCES player(number),
        black INTEGER NOT NULL REFERENCES player(number),
        pgn   TEXT NOT NULL,
        PRIMARY KEY (round, white)
    );
    ",
    ),
    (
        4,
        "
    -- Records of an imported report that no setting holds (engine extensions such as XXA,
    -- acceleration 250, abnormal points 299, other programs' lines), written back on export
    -- so that nothing read is lost.
    CREATE TABLE trf_record (
        id   INTEGER PRIMARY KEY AUTOINCREMENT,
        code TEXT NOT NULL,
        line TEXT NOT NULL
    );
    ",
    ),
    (
        5,
        "
    -- A result corrected after the round that followed it had ended counts for the rating
    -- report only (C.04.2 Art. 4.3): `code` keeps the tournament's result and `rating_code`
    -- the one the rating report carries.
    ALTER TABLE entry ADD COLUMN rating_code TEXT;
    -- A prohibited pairing holds for a range of rounds (TRF 260); no last round means to the
    -- end of the event. A pair may be prohibited in more than one range.
    CREATE TABLE forbidden_ranged (
        a           INTEGER NOT NULL REFERENCES player(number),
        b           INTEGER NOT NULL REFERENCES player(number),
        first_round INTEGER NOT NULL DEFAULT 1 CHECK (first_round >= 1),
        last_round  INTEGER CHECK (last_round IS NULL OR last_round >= first_round),
        PRIMARY KEY (a, b, first_round),
        CHECK (a < b)
    );
    INSERT INTO forbidden_ranged (a, b) SELECT a, b FROM forbidden;
    DROP TABLE forbidden;
    ALTER TABLE forbidden_ranged RENAME TO forbidden;
    ",
    ),
];

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

/// One game of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRow {
    pub board: Option<u32>,
    pub white: PlayerId,
    pub black: PlayerId,
    pub white_code: char,
    pub black_code: char,
}

/// What entering a result was, by when it came (C.04.2 Art. 3.1 and 4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entered {
    /// The game's first result.
    Result,
    /// The final result of an adjourned game: it counted as a draw for the pairings made
    /// meanwhile (Art. 3.1) and now counts in full. Not a correction.
    AdjournedFinished,
    /// A correction reported before the next round was paired: it counts for the standings
    /// and for the next pairing.
    BeforeNextPairing,
    /// A correction reported after round `paired` was paired and before that round ended: the
    /// published pairing stands (Art. 4.4 lists the only grounds to change it); the correction
    /// counts for the standings and for the pairing of the round after `paired`.
    AfterNextPairing { paired: u32 },
    /// A correction reported after the following round had ended: for submission to rating
    /// evaluation only. The tournament score does not change; the rating report carries it.
    RatingOnly,
}

/// The grounds on which C.04.2 Art. 4.4 allows a published pairing to be changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnpairGround {
    /// Two players who have already met are paired again.
    Rematch,
    /// The pairing breaks the competition rules (an absolute criterion, a prohibited
    /// pairing, a wrong result or rating used for it).
    Rules,
    /// Two players left without a game agree to play each other.
    PlayersAgree,
    /// A late entry is taken into the round with the least change to the pairing.
    LateEntry,
    /// In the last round, the pairing of the top boards must change.
    LastRound,
}

impl UnpairGround {
    pub const ALL: [UnpairGround; 5] = [
        UnpairGround::Rematch,
        UnpairGround::Rules,
        UnpairGround::PlayersAgree,
        UnpairGround::LateEntry,
        UnpairGround::LastRound,
    ];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            UnpairGround::Rematch => "rematch",
            UnpairGround::Rules => "rules",
            UnpairGround::PlayersAgree => "players-agree",
            UnpairGround::LateEntry => "late-entry",
            UnpairGround::LastRound => "last-round",
        }
    }

    /// The ground in words, for the log.
    pub const fn reason(self) -> &'static str {
        match self {
            UnpairGround::Rematch => "two players who have already met were paired",
            UnpairGround::Rules => "the pairing breaks the competition rules",
            UnpairGround::PlayersAgree => "two players left unpaired agree to play each other",
            UnpairGround::LateEntry => "a late entry joins the round",
            UnpairGround::LastRound => "the top boards of the last round",
        }
    }
}

impl std::str::FromStr for UnpairGround {
    type Err = String;

    fn from_str(text: &str) -> Result<UnpairGround, String> {
        UnpairGround::ALL
            .into_iter()
            .find(|g| g.name() == text)
            .ok_or_else(|| {
                format!(
                    "unknown ground `{text}`: expected {}",
                    UnpairGround::ALL.map(UnpairGround::name).join(", ")
                )
            })
    }
}

/// A round: its games by board, and the players without a game (byes, absences).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundView {
    pub games: Vec<GameRow>,
    pub unpaired: Vec<(PlayerId, char)>,
}

/// The details `player edit` may change; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerChanges {
    pub name: Option<String>,
    pub rating: Option<u16>,
    pub fide_id: Option<u64>,
    pub federation: Option<String>,
    pub title: Option<Title>,
    pub birth: Option<String>,
    pub sex: Option<Sex>,
    pub club: Option<String>,
    pub national_rating: Option<u16>,
}

/// One line of the event log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub at: String,
    pub command: String,
    pub what: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// An open tournament database.
pub struct Store {
    conn: Connection,
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

fn now() -> String {
    chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

/// Appends one change to the event log, inside the caller's transaction.
fn log(
    tx: &Transaction<'_>,
    command: &str,
    what: &str,
    old: Option<&str>,
    new: Option<&str>,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO event_log (at, command, what, old, new) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![now(), command, what, old, new],
    )?;
    Ok(())
}

/// How long a command waits for another process that holds the database.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

fn configure(conn: &mut Connection) -> Result<(), StoreError> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Every transaction takes the write lock when it begins. A deferred one reads first and
    // asks for the lock at its first write; if another process wrote in between, SQLite cannot
    // wait (the snapshot read is stale) and fails at once with "busy", whatever the timeout:
    // eight directors' laptops entering results at once lost nine in ten. Begun immediately,
    // a transaction waits for the lock up to the busy timeout and then reads the latest state.
    conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    Ok(())
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: i32 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    for &(target, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > version) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", target)?;
        tx.commit()?;
    }
    Ok(())
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

fn application_id(conn: &Connection) -> rusqlite::Result<i32> {
    conn.pragma_query_value(None, "application_id", |row| row.get(0))
}

/// Whether SQLite failed for want of permission to write the file or the folder it is in.
fn cannot_write(err: &rusqlite::Error) -> bool {
    matches!(
        err.sqlite_error_code(),
        Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly)
    )
}

/// Opens a database that cannot be written, with its mark. When no write-ahead log lies
/// beside the file, everything is in the file itself, and SQLite reads it as immutable, which
/// needs no `-shm` file; with a log it must read the log too, which a read-only open can.
fn open_read_only(path: &Path) -> Result<(Connection, i32), rusqlite::Error> {
    use rusqlite::OpenFlags;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let conn = if Path::new(&wal).exists() {
        Connection::open_with_flags(path, flags)?
    } else {
        let uri = format!("file:{}?immutable=1", uri_path(path));
        Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)?
    };
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let id = application_id(&conn)?;
    Ok((conn, id))
}

/// A path as the path of an SQLite `file:` URI: every byte but letters, digits, `/` and
/// `-._~` percent-encoded, so that `?`, `#` and `%` in a folder's name stay part of it.
fn uri_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut out = String::new();
    for byte in absolute.as_os_str().as_encoded_bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b'-' | b'.' | b'_' | b'~' => {
                out.push(char::from(*byte))
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

impl Store {
    /// Creates the database for a new event; refuses a file that exists.
    pub fn create(
        path: &Path,
        name: &str,
        settings: &[(&str, String)],
    ) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists(path.display().to_string()));
        }
        let conn = Connection::open(path)?;
        let store = Store::initialize(conn, name, settings);
        if store.is_err() {
            // Nothing half-made stays behind.
            let _ = std::fs::remove_file(path);
        }
        store
    }

    /// A new event in memory (for tests and dry runs).
    pub fn create_in_memory(name: &str, settings: &[(&str, String)]) -> Result<Store, StoreError> {
        Store::initialize(Connection::open_in_memory()?, name, settings)
    }

    fn initialize(
        mut conn: Connection,
        name: &str,
        settings: &[(&str, String)],
    ) -> Result<Store, StoreError> {
        configure(&mut conn)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        migrate(&mut conn)?;
        let mut store = Store { conn };
        let tx = store.conn.transaction()?;
        for (key, value) in settings {
            plain_text(key, value)?;
        }
        plain_text("event name", name)?;
        for key in KEYS {
            let value = if key.name == "name" {
                key.check(name).map_err(StoreError::Invalid)?
            } else {
                match settings.iter().find(|(k, _)| *k == key.name) {
                    Some((_, v)) => checked_setting(key, v)?,
                    None => key.default_value().to_owned(),
                }
            };
            tx.execute(
                "INSERT INTO setting (key, value) VALUES (?1, ?2)",
                params![key.name, value],
            )?;
        }
        if let Some((unknown, _)) = settings.iter().find(|(k, _)| SettingKey::find(k).is_none()) {
            return Err(StoreError::Invalid(format!("unknown setting `{unknown}`")));
        }
        log(&tx, "new", "event created", None, Some(name))?;
        tx.commit()?;
        Ok(store)
    }

    /// Opens an existing event, migrating an older schema forward.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let shown = path.display().to_string();
        if !path.exists() {
            return Err(StoreError::Refused(format!(
                "{shown} does not exist; create the event with `arbiter new NAME` or choose a file with --db"
            )));
        }
        let mut conn = Connection::open(path)?;
        // Even reading the mark waits while another process checkpoints or recovers the file.
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let id = match application_id(&conn) {
            Ok(id) => id,
            // A WAL database is read through the `-shm` and `-wal` files beside it; in a folder
            // the user may not write they cannot be made, and reading fails although the file
            // is a good one. Reading it as it stands still serves every command that only
            // reads; one that writes is refused with the reason (see `From<rusqlite::Error>`).
            Err(err) if cannot_write(&err) => {
                let (conn, id) = open_read_only(path)
                    .map_err(|_| StoreError::Refused(format!("{shown} cannot be read: {err}")))?;
                if id != APPLICATION_ID {
                    return Err(StoreError::NotATournament(shown));
                }
                return Ok(Store { conn });
            }
            Err(_) => return Err(StoreError::NotATournament(shown)),
        };
        if id != APPLICATION_ID {
            return Err(StoreError::NotATournament(shown));
        }
        configure(&mut conn)?;
        migrate(&mut conn)?;
        Ok(Store { conn })
    }

    /// Every setting with its value, in the order of [`KEYS`].
    pub fn settings(&self) -> Result<Vec<(String, String)>, StoreError> {
        let mut out = Vec::new();
        for key in KEYS {
            out.push((key.name.to_owned(), self.setting(key.name)?));
        }
        Ok(out)
    }

    /// A setting's value; a key added after the database was made reads as its default.
    pub fn setting(&self, key: &str) -> Result<String, StoreError> {
        setting_in(&self.conn, key)
    }

    /// The number of rounds paired so far (requested byes for later rounds do not count).
    pub fn rounds_started(&self) -> Result<u32, StoreError> {
        Ok(self.conn.query_row(
            "SELECT COALESCE(MAX(round), 0) FROM entry WHERE opponent IS NOT NULL OR code = 'U'",
            [],
            |r| r.get(0),
        )?)
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
        let fide = self.setting("fide-mode")? == "on";
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

    /// Registers several players in one transaction, numbered in order after those already
    /// registered: all of them or none.
    pub fn add_players(&mut self, players: &[Player], source: &str) -> Result<u16, StoreError> {
        let tx = self.conn.transaction()?;
        if let Some((_, problem)) = registration_problems_in(&tx, players)?.into_iter().next() {
            return Err(StoreError::Refused(problem));
        }
        let mut number: u16 =
            tx.query_row("SELECT COALESCE(MAX(number), 0) FROM player", [], |r| {
                r.get(0)
            })?;
        let first = number + 1;
        for player in players {
            number += 1;
            insert_player(&tx, number, player)?;
            mark_late_entry(&tx, number)?;
        }
        log(
            &tx,
            "import players",
            &format!("players {first}-{number}"),
            None,
            Some(source),
        )?;
        renumber_by_rank(&tx, "import players")?;
        tx.commit()?;
        Ok(number)
    }

    /// What registering `players` after those already registered would run into, each
    /// problem with the index of the player to blame: a FIDE ID registered already, or a
    /// player past [`MAX_PLAYERS`]. `import players` shows them all, dry run or not.
    pub fn registration_problems(
        &self,
        players: &[Player],
    ) -> Result<Vec<(usize, String)>, StoreError> {
        registration_problems_in(&self.conn, players)
    }

    /// Registers a player with the next free pairing number.
    pub fn add_player(&mut self, player: &Player) -> Result<PlayerId, StoreError> {
        let tx = self.conn.transaction()?;
        if let Some((_, problem)) = registration_problems_in(&tx, std::slice::from_ref(player))?
            .into_iter()
            .next()
        {
            return Err(StoreError::Refused(problem));
        }
        let number: u16 =
            tx.query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM player", [], |r| {
                r.get(0)
            })?;
        insert_player(&tx, number, player)?;
        let what = match mark_late_entry(&tx, number)? {
            Some(round) => format!("player {number} (late entry from round {round})"),
            None => format!("player {number}"),
        };
        log(&tx, "player add", &what, None, Some(&player.name))?;
        let moved = renumber_by_rank(&tx, "player add")?;
        tx.commit()?;
        let number = moved
            .iter()
            .find(|(old, _)| *old == number)
            .map_or(number, |&(_, new)| new);
        Ok(PlayerId(number))
    }

    fn require_player(tx: &Transaction<'_>, number: u16) -> Result<String, StoreError> {
        tx.query_row("SELECT name FROM player WHERE number = ?1", [number], |r| {
            r.get(0)
        })
        .optional()?
        .ok_or_else(|| {
            StoreError::Invalid(format!(
                "there is no player {number}; `arbiter player list` shows the numbers"
            ))
        })
    }

    /// Whether the pairing numbers were made by rating and are now final: they follow every
    /// correction until round 4 is paired (C.04.2 Art. 2.3), and not after.
    pub fn numbers_final_by_rating(&self) -> Result<bool, StoreError> {
        Ok(numbering(&self.conn)? == "rating" && paired_rounds(&self.conn)? >= 4)
    }

    /// Changes a registered player's details, logging each field that changes. Returns the
    /// pairing numbers that moved, (old, new).
    pub fn edit_player(
        &mut self,
        number: u16,
        changes: &PlayerChanges,
    ) -> Result<Vec<(u16, u16)>, StoreError> {
        let tx = self.conn.transaction()?;
        Store::require_player(&tx, number)?;
        let fields: [(&str, Option<String>); 9] = [
            ("name", changes.name.clone()),
            ("rating", changes.rating.map(|r| r.to_string())),
            ("fide_id", changes.fide_id.map(|i| i.to_string())),
            ("federation", changes.federation.clone()),
            ("title", changes.title.map(|t| t.as_str().to_owned())),
            ("birth", changes.birth.clone()),
            (
                "sex",
                changes.sex.map(|s| match s {
                    Sex::Male => "m".to_owned(),
                    Sex::Female => "w".to_owned(),
                }),
            ),
            ("club", changes.club.clone()),
            (
                "national_rating",
                changes.national_rating.map(|r| r.to_string()),
            ),
        ];
        for (column, value) in fields {
            let Some(value) = value else { continue };
            plain_text(column, &value)?;
            let old: Option<String> = tx.query_row(
                &format!("SELECT CAST({column} AS TEXT) FROM player WHERE number = ?1"),
                [number],
                |r| r.get(0),
            )?;
            tx.execute(
                &format!("UPDATE player SET {column} = ?2 WHERE number = ?1"),
                params![number, value],
            )
            .map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Refused(format!(
                    "{column} {value} is already registered for another player"
                )),
                _ => StoreError::from(e),
            })?;
            log(
                &tx,
                "player edit",
                &format!("player {number} {column}"),
                old.as_deref(),
                Some(&value),
            )?;
        }
        // A corrected rating, title or name may move the player in the starting order
        // (C.04.2 Art. 2.3), until round 4 is paired.
        let moved = if changes.name.is_some() || changes.rating.is_some() || changes.title.is_some()
        {
            renumber_by_rank(&tx, "player edit")?
        } else {
            Vec::new()
        };
        tx.commit()?;
        Ok(moved)
    }

    /// Gives the players new pairing numbers in `order` (best first), e.g. after a drawing
    /// of lots for a round robin; refused once round 1 is paired. Logged with `why`.
    pub fn renumber(&mut self, order: &[PlayerId], why: &str) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        if paired_rounds(&tx)? > 0 {
            return Err(StoreError::Refused(
                "round 1 is already paired: pairing numbers can no longer be drawn".into(),
            ));
        }
        let players = players_in(&tx)?;
        let mut sorted: Vec<u16> = order.iter().map(|p| p.0).collect();
        sorted.sort_unstable();
        let mut registered: Vec<u16> = players.iter().map(|p| p.id.0).collect();
        registered.sort_unstable();
        if sorted != registered {
            return Err(StoreError::Invalid(
                "the new order must name every registered player once".into(),
            ));
        }
        apply_order(&tx, order, "player renumber", why)?;
        tx.commit()?;
        Ok(())
    }

    /// Draws the pairing numbers by lot (round robins, C.05: before round 1), seeded so that
    /// the draw can be repeated in public; the seed and the numbers are logged.
    pub fn draw_lots(&mut self, seed: u64) -> Result<Vec<(u16, u16)>, StoreError> {
        if numbering(&self.conn)? != "lots" {
            return Err(StoreError::Refused(
                "this event's pairing numbers are not drawn by lot; `arbiter config pairing-numbers lots` changes that".into(),
            ));
        }
        let tx = self.conn.transaction()?;
        if paired_rounds(&tx)? > 0 {
            return Err(StoreError::Refused(
                "round 1 is already paired: pairing numbers can no longer be drawn".into(),
            ));
        }
        let players = players_in(&tx)?;
        let drawn = crate::pairing::berger::draw_lots(players.len(), seed);
        let mut order = vec![PlayerId(0); players.len()];
        for (player, &number) in players.iter().zip(&drawn) {
            order[number - 1] = player.id;
        }
        let moved = apply_order(
            &tx,
            &order,
            "player draw-lots",
            &format!("pairing numbers drawn by lot (seed {seed})"),
        )?;
        if moved.is_empty() {
            log(
                &tx,
                "player draw-lots",
                &format!("pairing numbers drawn by lot (seed {seed})"),
                None,
                Some("every number stays"),
            )?;
        }
        tx.commit()?;
        Ok(moved)
    }

    /// Withdraws a player from `round` on (or reinstates, with `None`): the rounds from then
    /// on are not paired for the player.
    pub fn set_withdrawn(
        &mut self,
        number: u16,
        from_round: Option<u32>,
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        let name = Store::require_player(&tx, number)?;
        if let Some(round) = from_round {
            if round == 0 {
                return Err(StoreError::Invalid(
                    "--from-round 0: rounds are numbered from 1; a withdrawal starts at the first round the player will not play".into(),
                ));
            }
            require_planned_round(&tx, round, "--from-round")?;
            // A round the player is paired in has happened for them (or will, as paired):
            // a withdrawal cannot reach back into it. A game not yet played is a forfeit to
            // enter, then the withdrawal starts with the round after it.
            let paired: Option<(u32, String)> = tx
                .query_row(
                    "SELECT round, code FROM entry WHERE player = ?1 AND round >= ?2
                     AND (opponent IS NOT NULL OR code = 'U') ORDER BY round DESC LIMIT 1",
                    params![number, round],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            if let Some((last, code)) = paired {
                let hint = if code.trim().is_empty() {
                    format!(
                        "; if the player will not play that game, enter it as a forfeit (`arbiter result {last} --player {number} -+`) and withdraw from round {}",
                        last + 1
                    )
                } else {
                    String::new()
                };
                return Err(StoreError::Refused(format!(
                    "player {number} ({name}) is paired in round {last}: a withdrawal starts at round {} at the earliest{hint}",
                    last + 1
                )));
            }
        }
        let old: Option<u32> = tx.query_row(
            "SELECT withdrawn_from FROM player WHERE number = ?1",
            [number],
            |r| r.get(0),
        )?;
        if old == from_round {
            return Err(StoreError::Refused(match from_round {
                Some(round) => format!(
                    "player {number} ({name}) is already withdrawn from round {round}; nothing changed"
                ),
                None => format!("player {number} ({name}) is not withdrawn; nothing to reinstate"),
            }));
        }
        tx.execute(
            "UPDATE player SET withdrawn_from = ?2 WHERE number = ?1",
            params![number, from_round],
        )?;
        let (command, new) = match from_round {
            Some(round) => (
                "player withdraw",
                Some(format!("withdrawn from round {round}")),
            ),
            None => ("player reinstate", Some("active".to_owned())),
        };
        let old = old
            .map(|r| format!("withdrawn from round {r}"))
            .unwrap_or_else(|| "active".into());
        log(
            &tx,
            command,
            &format!("player {number} ({name})"),
            Some(&old),
            new.as_deref(),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Records a requested bye or known absence for a round not yet paired: `code` is `H`
    /// (half point), `Z` (zero) or `F` (full point).
    pub fn request_bye(&mut self, number: u16, round: u32, code: char) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        Store::require_player(&tx, number)?;
        require_bye_round(&tx, round)?;
        let paired: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM entry WHERE round = ?1 AND (opponent IS NOT NULL OR code = 'U'))",
            [round],
            |r| r.get(0),
        )?;
        if paired {
            // A player who was not in a paired round (a late entry, an absence) may still be
            // given a bye for it: the rounds a late entry missed are zero-point absences
            // unless the director gives half-point byes.
            let unpaired: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM entry WHERE round = ?1 AND player = ?2
                                AND opponent IS NULL AND code IN (' ', 'Z', 'H', 'F'))",
                params![round, number],
                |r| r.get(0),
            )?;
            if !unpaired {
                return Err(StoreError::Refused(format!(
                    "round {round} is already paired; unpair it first or enter the result"
                )));
            }
        }
        let old: Option<String> = tx
            .query_row(
                "SELECT code FROM entry WHERE round = ?1 AND player = ?2",
                params![round, number],
                |r| r.get(0),
            )
            .optional()?;
        tx.execute(
            "INSERT OR REPLACE INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, NULL, '-', ?3)",
            params![round, number, code.to_string()],
        )?;
        log(
            &tx,
            "bye",
            &format!("player {number} round {round}"),
            old.as_deref(),
            Some(&code.to_string()),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Takes back a requested bye or known absence for a round not yet paired: the player is
    /// paired in that round like everyone else. Returns the code that was cancelled. Once the
    /// round is paired the bye is part of it and is refused here (unpair the round first).
    pub fn cancel_bye(&mut self, number: u16, round: u32) -> Result<char, StoreError> {
        let tx = self.conn.transaction()?;
        Store::require_player(&tx, number)?;
        let paired: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM entry WHERE round = ?1 AND (opponent IS NOT NULL OR code = 'U'))",
            [round],
            |r| r.get(0),
        )?;
        if paired {
            return Err(StoreError::Refused(format!(
                "round {round} is already paired; a bye in a paired round is taken back with `arbiter unpair` first"
            )));
        }
        let code: Option<String> = tx
            .query_row(
                "SELECT code FROM entry WHERE round = ?1 AND player = ?2 AND opponent IS NULL",
                params![round, number],
                |r| r.get(0),
            )
            .optional()?;
        let Some(code) = code.filter(|c| matches!(c.as_str(), "H" | "Z" | "F")) else {
            return Err(StoreError::Refused(format!(
                "player {number} has no requested bye in round {round}"
            )));
        };
        tx.execute(
            "DELETE FROM entry WHERE round = ?1 AND player = ?2",
            params![round, number],
        )?;
        log(
            &tx,
            "bye --cancel",
            &format!("player {number} round {round}"),
            Some(&code),
            None,
        )?;
        tx.commit()?;
        Ok(code.chars().next().unwrap_or('Z'))
    }

    /// The rounds, other than `except`, in which the player has a half-point bye.
    pub fn half_point_byes(&self, number: u16, except: u32) -> Result<Vec<u32>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT round FROM entry WHERE player = ?1 AND code = 'H' AND round <> ?2 ORDER BY round",
        )?;
        let rounds = stmt
            .query_map(params![number, except], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(rounds)
    }

    /// Prohibits every pairing among `players`. In FIDE mode only before round 1.
    pub fn forbid(&mut self, players: &[u16]) -> Result<usize, StoreError> {
        if self.setting("fide-mode")? == "on" && self.rounds_started()? > 0 {
            return Err(StoreError::Refused(
                "in FIDE mode prohibited pairings are set before round 1 (C.04.1); turn FIDE mode off to add them later".into(),
            ));
        }
        let tx = self.conn.transaction()?;
        for &p in players {
            Store::require_player(&tx, p)?;
        }
        let mut added = 0;
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                if a == b {
                    continue;
                }
                added += tx.execute(
                    "INSERT OR IGNORE INTO forbidden (a, b) VALUES (?1, ?2)",
                    params![a.min(b), a.max(b)],
                )?;
            }
        }
        let list: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        log(
            &tx,
            "forbid",
            "prohibited pairings",
            None,
            Some(&list.join(" ")),
        )?;
        tx.commit()?;
        Ok(added)
    }

    /// The prohibited pairings, `(a, b)` with `a < b`, in order.
    pub fn forbidden(&self) -> Result<Vec<(u16, u16)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT a, b FROM forbidden ORDER BY a, b")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Lifts the prohibition of every pairing among `players`; the same FIDE-mode rule as
    /// [`Store::forbid`] applies, since either change alters who may meet. Refused when none
    /// of the pairs was prohibited. Returns how many were lifted.
    pub fn unforbid(&mut self, players: &[u16]) -> Result<usize, StoreError> {
        if self.setting("fide-mode")? == "on" && self.rounds_started()? > 0 {
            return Err(StoreError::Refused(
                "in FIDE mode prohibited pairings are fixed before round 1 (C.04.1); turn FIDE mode off to change them later".into(),
            ));
        }
        let tx = self.conn.transaction()?;
        let mut removed = 0;
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                removed += tx.execute(
                    "DELETE FROM forbidden WHERE a = ?1 AND b = ?2",
                    params![a.min(b), a.max(b)],
                )?;
            }
        }
        let list: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        if removed == 0 {
            return Err(StoreError::Refused(format!(
                "no prohibited pairing among {}; `arbiter forbid --list` shows them",
                list.join(" ")
            )));
        }
        log(
            &tx,
            "forbid --remove",
            "prohibited pairings",
            Some(&list.join(" ")),
            None,
        )?;
        tx.commit()?;
        Ok(removed)
    }

    /// Deletes a registration before round 1 is paired (an entry made by mistake, a player
    /// who never came): the player, their requested byes and prohibited pairings go, and the
    /// players after them move up one number so that the numbers stay 1 to n. Once round 1
    /// is paired the player belongs to the event's record and is withdrawn instead.
    /// Returns the name removed and the numbers that moved, (old, new).
    pub fn remove_player(&mut self, number: u16) -> Result<(String, Vec<(u16, u16)>), StoreError> {
        let tx = self.conn.transaction()?;
        let name = Store::require_player(&tx, number)?;
        if paired_rounds(&tx)? > 0 {
            return Err(StoreError::Refused(format!(
                "round 1 is already paired, so player {number} ({name}) stays on record; `arbiter player withdraw {number}` leaves them out of the rounds to come"
            )));
        }
        tx.execute("DELETE FROM entry WHERE player = ?1", [number])?;
        tx.execute("DELETE FROM forbidden WHERE a = ?1 OR b = ?1", [number])?;
        tx.execute(
            "DELETE FROM game_record WHERE white = ?1 OR black = ?1",
            [number],
        )?;
        tx.execute("DELETE FROM player WHERE number = ?1", [number])?;
        log(
            &tx,
            "player remove",
            &format!("player {number}"),
            Some(&name),
            None,
        )?;
        let order: Vec<PlayerId> = players_in(&tx)?.iter().map(|p| p.id).collect();
        let moved = apply_order(
            &tx,
            &order,
            "player remove",
            "numbers closed up after a registration was removed",
        )?;
        tx.commit()?;
        Ok((name, moved))
    }

    /// The games and byes of a round: (board, white, black, white's code, black's code) for
    /// games, ordered by board; byes and absences as (player, code).
    pub fn round(&self, round: u32) -> Result<RoundView, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT w.board, w.player, w.opponent, w.code, b.code
             FROM entry w JOIN entry b ON b.round = w.round AND b.player = w.opponent
             WHERE w.round = ?1 AND w.colour = 'w'
             ORDER BY w.board, w.player",
        )?;
        let games = stmt
            .query_map([round], |r| {
                let white_code: String = r.get(3)?;
                let black_code: String = r.get(4)?;
                Ok(GameRow {
                    board: r.get(0)?,
                    white: PlayerId(r.get(1)?),
                    black: PlayerId(r.get(2)?),
                    white_code: white_code.chars().next().unwrap_or(' '),
                    black_code: black_code.chars().next().unwrap_or(' '),
                })
            })?
            .collect::<Result<_, _>>()?;
        let mut stmt = self.conn.prepare(
            "SELECT player, code FROM entry WHERE round = ?1 AND opponent IS NULL ORDER BY player",
        )?;
        let unpaired = stmt
            .query_map([round], |r| {
                let code: String = r.get(1)?;
                Ok((PlayerId(r.get(0)?), code.chars().next().unwrap_or(' ')))
            })?
            .collect::<Result<_, _>>()?;
        Ok(RoundView { games, unpaired })
    }

    /// Enters (or, with `correct`, changes) the result of the game of `player` in `round`:
    /// `white_code` and `black_code` are the TRF codes for the two sides.
    pub fn enter_result(
        &mut self,
        round: u32,
        player: u16,
        codes: (char, char),
        correct: bool,
    ) -> Result<GameRow, StoreError> {
        Ok(self.record_result(round, player, codes, correct)?.0)
    }

    /// As [`Store::enter_result`], saying what the entry was: a first result, an adjourned
    /// game finished, or a correction of one of the three kinds of C.04.2 Art. 4.3.
    pub fn record_result(
        &mut self,
        round: u32,
        player: u16,
        codes: (char, char),
        correct: bool,
    ) -> Result<(GameRow, Entered), StoreError> {
        let tx = self.conn.transaction()?;
        let entered = enter_result_in(&tx, round, player, codes, correct)?;
        tx.commit()?;
        Ok(entered)
    }

    /// Enters many results in one transaction (`import results`): all of them or, at the
    /// first refusal, none. Each item is (round, a player of the game, codes); the error
    /// names the item's index.
    pub fn enter_results(
        &mut self,
        results: &[(u32, u16, (char, char))],
        correct: bool,
        source: &str,
    ) -> Result<Vec<(GameRow, Entered)>, (usize, StoreError)> {
        let tx = self.conn.transaction().map_err(|e| (0, e.into()))?;
        let mut rows = Vec::new();
        for (i, &(round, player, codes)) in results.iter().enumerate() {
            rows.push(enter_result_in(&tx, round, player, codes, correct).map_err(|e| (i, e))?);
        }
        log(
            &tx,
            "import results",
            &format!("{} results", rows.len()),
            None,
            Some(source),
        )
        .map_err(|e| (results.len(), e))?;
        tx.commit().map_err(|e| (results.len(), e.into()))?;
        Ok(rows)
    }

    /// Stores the pairing of the next round in one transaction: the boards in order (White,
    /// Black), the pairing-allocated bye if any, and for everyone else without a requested
    /// bye an absence. Refused while the previous round has a game without a result, when
    /// `round` is not the next one, or when a player is paired twice. `how` is logged (e.g.
    /// `pair`, `pair --manual`).
    pub fn save_pairing(
        &mut self,
        round: u32,
        boards: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
        how: &str,
    ) -> Result<(), StoreError> {
        self.save_pairing_with_results(round, boards, bye, &[], how)
    }

    /// As [`Store::save_pairing`], with results known at pairing time entered in the same
    /// transaction: `(board index, (White's code, Black's code))`, e.g. the forfeits of a
    /// round-robin player who has withdrawn.
    pub fn save_pairing_with_results(
        &mut self,
        round: u32,
        boards: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
        known: &[(usize, (char, char))],
        how: &str,
    ) -> Result<(), StoreError> {
        self.save_pairing_and_rounds(round, boards, bye, known, how, None, None)
    }

    /// As [`Store::save_pairing_with_results`], with what round 1 settles stored (and
    /// logged) in the same transaction, so that a refused pairing leaves no trace: when
    /// `rounds` is given and the event has no number of rounds yet, that number (a round
    /// robin's length is known once its table is); when `colour` is given and the initial
    /// colour is still to be drawn by lot, the colour drawn with its seed.
    #[allow(clippy::too_many_arguments)]
    pub fn save_pairing_and_rounds(
        &mut self,
        round: u32,
        boards: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
        known: &[(usize, (char, char))],
        how: &str,
        rounds: Option<u32>,
        colour: Option<(u64, Color)>,
    ) -> Result<(), StoreError> {
        let next = self.rounds_started()? + 1;
        if round != next {
            return Err(StoreError::Refused(format!(
                "the next round to pair is {next}, not {round}"
            )));
        }
        if round > 1 {
            let missing: i64 = self.conn.query_row(
                "SELECT COUNT(*) FROM entry WHERE round = ?1 AND opponent IS NOT NULL AND code = ' '",
                [round - 1],
                |r| r.get(0),
            )?;
            if missing > 0 {
                return Err(StoreError::Refused(format!(
                    "round {} still has {} without a result; enter {} before pairing round {round}",
                    round - 1,
                    if missing / 2 == 1 {
                        "1 game".to_owned()
                    } else {
                        format!("{} games", missing / 2)
                    },
                    if missing / 2 == 1 { "it" } else { "them" }
                )));
            }
        }
        let mut seen = std::collections::HashSet::new();
        for &(w, b) in boards {
            for p in [w, b] {
                if !seen.insert(p) {
                    return Err(StoreError::Invalid(format!(
                        "player {p} is paired twice in round {round}"
                    )));
                }
            }
        }
        if let Some(p) = bye
            && !seen.insert(p)
        {
            return Err(StoreError::Invalid(format!(
                "player {p} has a game and the bye in round {round}"
            )));
        }
        let tx = self.conn.transaction()?;
        for p in &seen {
            Store::require_player(&tx, p.0)?;
            let requested: Option<String> = tx
                .query_row(
                    "SELECT code FROM entry WHERE round = ?1 AND player = ?2",
                    params![round, p.0],
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(code) = requested {
                return Err(StoreError::Refused(format!(
                    "player {p} has a requested bye ({code}) in round {round} and cannot be paired"
                )));
            }
        }
        for (i, &(white, black)) in boards.iter().enumerate() {
            for (player, opponent, colour) in [(white, black, "w"), (black, white, "b")] {
                tx.execute(
                    "INSERT INTO entry (round, player, opponent, colour, code, board) VALUES (?1, ?2, ?3, ?4, ' ', ?5)",
                    params![round, player.0, opponent.0, colour, i as u32 + 1],
                )?;
            }
        }
        for &(index, (white_code, black_code)) in known {
            let Some(&(white, black)) = boards.get(index) else {
                continue;
            };
            for (player, code) in [(white, white_code), (black, black_code)] {
                tx.execute(
                    "UPDATE entry SET code = ?3 WHERE round = ?1 AND player = ?2",
                    params![round, player.0, code.to_string()],
                )?;
            }
        }
        if let Some(p) = bye {
            tx.execute(
                "INSERT INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, NULL, '-', 'U')",
                params![round, p.0],
            )?;
        }
        // Everyone else is absent this round: withdrawn, or not yet arrived.
        tx.execute(
            "INSERT OR IGNORE INTO entry (round, player, opponent, colour, code)
             SELECT ?1, number, NULL, '-', ' ' FROM player",
            [round],
        )?;
        if let Some((seed, colour)) = colour
            && setting_in(&tx, "initial-colour")? == "lots"
        {
            record_initial_colour(&tx, seed, colour)?;
        }
        if let Some(rounds) = rounds
            && setting_in(&tx, "rounds")?.is_empty()
        {
            tx.execute(
                "INSERT INTO setting (key, value) VALUES ('rounds', ?1)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [rounds.to_string()],
            )?;
            log(&tx, how, "rounds", None, Some(&rounds.to_string()))?;
        }
        let list: Vec<String> = boards.iter().map(|(w, b)| format!("{w}-{b}")).collect();
        let bye_text = bye.map(|p| format!(", bye {p}")).unwrap_or_default();
        log(
            &tx,
            how,
            &format!("round {round}"),
            None,
            Some(&format!("{}{bye_text}", list.join(" "))),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Draws the initial colour by lot when the event says `lots` (C.04.3 5.2.5 needs it
    /// before round 1): the same seed gives the same colour; the draw and its seed are
    /// logged and the setting then holds the colour drawn. Returns the colour in force.
    pub fn draw_initial_colour(&mut self, seed: u64) -> Result<Color, StoreError> {
        match self.setting("initial-colour")?.as_str() {
            "white" => return Ok(Color::White),
            "black" => return Ok(Color::Black),
            _ => {}
        }
        let colour = initial_colour_by_lot(seed);
        let tx = self.conn.transaction()?;
        record_initial_colour(&tx, seed, colour)?;
        tx.commit()?;
        Ok(colour)
    }
}

/// Enters (or corrects) one game's result inside a transaction, and says what the entry was.
///
/// A correction is judged by when it is reported (C.04.2 Art. 4.3): before the next round is
/// paired it counts for the standings and that pairing; after the next round is paired but
/// before that round ends, the published pairing stands and the correction counts from the
/// pairing after it; later, it goes to the rating report only and the tournament score stays.
/// Finishing an adjourned game is no correction at any time (Art. 3.1): it counted as a draw
/// for the pairings made meanwhile and its real result counts in full.
fn enter_result_in(
    tx: &Transaction<'_>,
    round: u32,
    player: u16,
    codes: (char, char),
    correct: bool,
) -> Result<(GameRow, Entered), StoreError> {
    require_paired_in(tx, round)?;
    Store::require_player(tx, player)?;
    let entry: Option<(Option<u16>, String)> = tx
        .query_row(
            "SELECT opponent, colour FROM entry WHERE round = ?1 AND player = ?2",
            params![round, player],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((Some(opponent), colour)) = entry else {
        return Err(StoreError::Invalid(format!(
            "player {player} has no game in round {round}; `arbiter round show {round}` lists the boards"
        )));
    };
    let (white, black) = if colour == "w" {
        (player, opponent)
    } else {
        (opponent, player)
    };
    let codes_of = |who: u16| -> Result<(String, Option<String>), StoreError> {
        Ok(tx.query_row(
            "SELECT code, rating_code FROM entry WHERE round = ?1 AND player = ?2",
            params![round, who],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?)
    };
    let (old_white, old_white_rating) = codes_of(white)?;
    let (old_black, old_black_rating) = codes_of(black)?;
    let has_result = old_white.trim() != "" || old_black.trim() != "";
    let adjourned = old_white == ADJOURNED.to_string();
    if has_result && !adjourned && !correct {
        return Err(StoreError::Refused(format!(
            "the game {white}-{black} of round {round} already has a result ({old_white}/{old_black}); use --correct to change it (logged)"
        )));
    }
    let entered = if !has_result {
        Entered::Result
    } else if adjourned {
        Entered::AdjournedFinished
    } else {
        let last: u32 = tx.query_row(
            "SELECT COALESCE(MAX(round), 0) FROM entry WHERE opponent IS NOT NULL OR code = 'U'",
            [],
            |r| r.get(0),
        )?;
        let next_unfinished: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM entry WHERE round = ?1 AND opponent IS NOT NULL
                            AND code IN (' ', ?2))",
            params![round + 1, ADJOURNED.to_string()],
            |r| r.get(0),
        )?;
        if last <= round {
            Entered::BeforeNextPairing
        } else if last == round + 1 && next_unfinished {
            Entered::AfterNextPairing { paired: round + 1 }
        } else {
            Entered::RatingOnly
        }
    };
    let (command, what, old) = if entered == Entered::RatingOnly {
        // The tournament's result stays; the rating report's own code is kept beside it, and
        // cleared when the correction brings the two back together.
        for (who, code, tournament) in [(white, codes.0, &old_white), (black, codes.1, &old_black)]
        {
            let rating_code = (code.to_string() != *tournament).then(|| code.to_string());
            tx.execute(
                "UPDATE entry SET rating_code = ?3 WHERE round = ?1 AND player = ?2",
                params![round, who, rating_code],
            )?;
        }
        let old = format!(
            "{}/{}",
            old_white_rating.as_deref().unwrap_or(&old_white),
            old_black_rating.as_deref().unwrap_or(&old_black)
        );
        (
            "result --correct",
            format!(
                "round {round} game {white}-{black} (rating report only; the tournament score stands)"
            ),
            Some(old),
        )
    } else {
        for (who, code) in [(white, codes.0), (black, codes.1)] {
            tx.execute(
                "UPDATE entry SET code = ?3, rating_code = NULL WHERE round = ?1 AND player = ?2",
                params![round, who, code.to_string()],
            )?;
        }
        let command = match entered {
            Entered::BeforeNextPairing | Entered::AfterNextPairing { .. } => "result --correct",
            _ => "result",
        };
        let what = match entered {
            Entered::AdjournedFinished => {
                format!("round {round} game {white}-{black} (adjourned game finished)")
            }
            Entered::AfterNextPairing { paired } => format!(
                "round {round} game {white}-{black} (after round {paired} was paired: its pairing stands)"
            ),
            _ => format!("round {round} game {white}-{black}"),
        };
        (
            command,
            what,
            has_result.then(|| format!("{old_white}/{old_black}")),
        )
    };
    log(
        tx,
        command,
        &what,
        old.as_deref(),
        Some(&format!("{}/{}", codes.0, codes.1)),
    )?;
    let board: Option<u32> = tx.query_row(
        "SELECT board FROM entry WHERE round = ?1 AND player = ?2",
        params![round, white],
        |r| r.get(0),
    )?;
    let row = GameRow {
        board,
        white: PlayerId(white),
        black: PlayerId(black),
        white_code: codes.0,
        black_code: codes.1,
    };
    Ok((row, entered))
}

/// Reads a `299` record with a blank kind, one round and one player back as a correction for
/// rating evaluation only (C.04.2 Art. 4.3), as [`Store::rating_report`] writes it: the
/// imported game carries the corrected code, and `delta` is what the tournament's own result
/// gives more. When the round's code plus `delta` is another played result, the entry gets
/// that result in the tournament and the imported code as its rating code; otherwise the
/// record is not one (false) and is kept as written.
fn rating_only_correction(
    conn: &Connection,
    trf: &Trf,
    line: &str,
    delta: Points,
) -> Result<bool, StoreError> {
    let round = crate::trf::columns(line, 20, 22)
        .parse::<u32>()
        .unwrap_or(0);
    let players = crate::trf::player_numbers(line, 24).unwrap_or_default();
    let [player] = players[..] else {
        return Ok(false);
    };
    if round == 0 || delta == Points::ZERO {
        return Ok(false);
    }
    let code: Option<String> = conn
        .query_row(
            "SELECT code FROM entry WHERE round = ?1 AND player = ?2 AND opponent IS NOT NULL
             AND rating_code IS NULL",
            params![round, player],
            |r| r.get(0),
        )
        .optional()?;
    let values = PointValues::of(trf);
    let played = [('1', values.win), ('=', values.draw), ('0', values.loss)];
    let Some(&(_, rated)) = played
        .iter()
        .find(|(c, _)| code.as_deref() == Some(&c.to_string()))
    else {
        return Ok(false);
    };
    let Some(&(tournament, _)) = played
        .iter()
        .find(|(_, worth)| worth.0 == rated.0 + delta.0)
    else {
        return Ok(false);
    };
    conn.execute(
        "UPDATE entry SET code = ?3, rating_code = ?4 WHERE round = ?1 AND player = ?2",
        params![round, player, tournament.to_string(), code],
    )?;
    Ok(true)
}

/// Refuses a bye for a round the event cannot have: round 0, or one past the planned rounds.
fn require_bye_round(conn: &Connection, round: u32) -> Result<(), StoreError> {
    if round == 0 {
        return Err(StoreError::Invalid(
            "--round 0: rounds are numbered from 1; round 0 does not exist".into(),
        ));
    }
    require_planned_round(conn, round, "--round")
}

/// Refuses a round past the event's planned rounds (when they are set), naming the flag that
/// gave it: a bye or a withdrawal for a round that never comes would change nothing while
/// saying it did.
fn require_planned_round(conn: &Connection, round: u32, flag: &str) -> Result<(), StoreError> {
    if let Ok(planned) = setting_in(conn, "rounds")?.parse::<u32>()
        && round > planned
    {
        return Err(StoreError::Invalid(format!(
            "{flag} {round}: the event has {planned} round{} (`arbiter config rounds N` changes it)",
            if planned == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// Refuses a round that is not paired: results and boards exist only in paired rounds.
fn require_paired_in(conn: &Connection, round: u32) -> Result<(), StoreError> {
    if round == 0 {
        return Err(StoreError::Invalid(
            "rounds are numbered from 1; round 0 does not exist".into(),
        ));
    }
    let last: u32 = conn.query_row(
        "SELECT COALESCE(MAX(round), 0) FROM entry WHERE opponent IS NOT NULL OR code = 'U'",
        [],
        |r| r.get(0),
    )?;
    if round > last {
        let so_far = match last {
            0 => "no round is paired yet".to_owned(),
            1 => "only round 1 is paired".to_owned(),
            n => format!("rounds 1-{n} are paired"),
        };
        return Err(StoreError::Invalid(format!(
            "round {round} is not paired yet ({so_far}); `arbiter pair` pairs the next round"
        )));
    }
    Ok(())
}

impl Store {
    /// Refuses a round that is not paired yet, saying which rounds are.
    pub fn require_paired(&self, round: u32) -> Result<(), StoreError> {
        require_paired_in(&self.conn, round)
    }

    /// The player with White on `board` in `round`.
    pub fn white_on_board(&self, round: u32, board: u32) -> Result<u16, StoreError> {
        require_paired_in(&self.conn, round)?;
        self.conn
            .query_row(
                "SELECT player FROM entry WHERE round = ?1 AND board = ?2 AND colour = 'w'",
                params![round, board],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| {
                StoreError::Invalid(format!(
                    "round {round} has no board {board}; `arbiter round show {round}` lists the boards"
                ))
            })
    }

    /// Records that the pairing of the last paired round has been made public (the site was
    /// published with it), once per pairing: from then on it is changed only on the grounds
    /// of C.04.2 Art. 4.4. Returns the round, if one was newly recorded.
    pub fn record_publication(&mut self, target: &str) -> Result<Option<u32>, StoreError> {
        let round = self.rounds_started()?;
        if round == 0 || self.published(round)? {
            return Ok(None);
        }
        let tx = self.conn.transaction()?;
        log(
            &tx,
            "publish",
            &format!("round {round} pairing published"),
            None,
            Some(target),
        )?;
        tx.commit()?;
        Ok(Some(round))
    }

    /// Whether the current pairing of `round` has been published: a publication is on
    /// record after the round was last paired.
    pub fn published(&self, round: u32) -> Result<bool, StoreError> {
        let paired_at: Option<i64> = self.conn.query_row(
            "SELECT MAX(id) FROM event_log WHERE command LIKE 'pair%' AND what = ?1",
            [format!("round {round}")],
            |r| r.get(0),
        )?;
        let published_at: Option<i64> = self.conn.query_row(
            "SELECT MAX(id) FROM event_log WHERE command = 'publish' AND what = ?1",
            [format!("round {round} pairing published")],
            |r| r.get(0),
        )?;
        Ok(matches!((paired_at, published_at), (Some(p), Some(q)) if q > p))
    }

    /// Removes the pairing of the last paired round while none of its games has a result;
    /// requested byes for that round stay. Returns the round.
    pub fn unpair(&mut self) -> Result<u32, StoreError> {
        self.unpair_on(None)
    }

    /// As [`Store::unpair`], on a stated ground of C.04.2 Art. 4.4, which a published pairing
    /// needs: the ground is logged. A pairing not yet published needs none.
    pub fn unpair_on(&mut self, ground: Option<UnpairGround>) -> Result<u32, StoreError> {
        let round = self.rounds_started()?;
        if round == 0 {
            return Err(StoreError::Refused("no round is paired".into()));
        }
        let published = self.published(round)?;
        match ground {
            None if published => {
                return Err(StoreError::Refused(format!(
                    "the pairing of round {round} is published: it is changed only on a ground of C.04.2 4.4; state it with --ground ({})",
                    UnpairGround::ALL.map(UnpairGround::name).join(", ")
                )));
            }
            Some(UnpairGround::LastRound) => {
                let rounds: u32 = self.setting("rounds")?.parse().unwrap_or(0);
                if round != rounds {
                    return Err(StoreError::Refused(format!(
                        "--ground last-round: round {round} is not the last round (the event has {rounds})"
                    )));
                }
            }
            _ => {}
        }
        let tx = self.conn.transaction()?;
        let results: i64 = tx.query_row(
            "SELECT COUNT(*) FROM entry WHERE round = ?1 AND opponent IS NOT NULL AND code <> ' '",
            [round],
            |r| r.get(0),
        )?;
        if results > 0 {
            return Err(StoreError::Refused(format!(
                "round {round} already has results; correct them with `arbiter result {round} BOARD RESULT --correct` instead"
            )));
        }
        let removed = tx.execute(
            "DELETE FROM entry WHERE round = ?1 AND (opponent IS NOT NULL OR code = 'U')",
            [round],
        )?;
        let what = match ground {
            Some(g) => format!("round {round} (C.04.2 4.4: {})", g.reason()),
            None => format!("round {round}"),
        };
        log(
            &tx,
            "unpair",
            &what,
            Some(&format!("{removed} entries")),
            None,
        )?;
        tx.commit()?;
        Ok(round)
    }

    /// Stores the score of the game White `white` played in `round` (replacing an earlier
    /// one, logged).
    pub fn attach_game(
        &mut self,
        round: u32,
        white: u16,
        black: u16,
        pgn: &str,
        source: &str,
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        let replaced: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM game_record WHERE round = ?1 AND white = ?2)",
            params![round, white],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT OR REPLACE INTO game_record (round, white, black, pgn) VALUES (?1, ?2, ?3, ?4)",
            params![round, white, black, pgn],
        )?;
        log(
            &tx,
            "game attach",
            &format!("round {round} game {white}-{black}"),
            replaced.then_some("an earlier score"),
            Some(source),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every stored game score, by round and board order of White.
    pub fn game_records(&self) -> Result<Vec<(u32, u16, u16, String)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT round, white, black, pgn FROM game_record ORDER BY round, white")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn players(&self) -> Result<Vec<Player>, StoreError> {
        players_in(&self.conn)
    }

    /// The players who have withdrawn, with the first round they miss, by pairing number.
    pub fn withdrawals(&self) -> Result<std::collections::HashMap<u16, u32>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT number, withdrawn_from FROM player WHERE withdrawn_from IS NOT NULL",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Each player's status as a sentence for lists: `active`, `withdrawn from round k`,
    /// `late entry from round k`, by pairing number.
    pub fn statuses(&self) -> Result<std::collections::HashMap<u16, String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT number, withdrawn_from, late_from FROM player")?;
        let rows = stmt.query_map([], |r| {
            let number: u16 = r.get(0)?;
            let withdrawn: Option<u32> = r.get(1)?;
            let late: Option<u32> = r.get(2)?;
            let status = match (withdrawn, late) {
                (Some(w), _) => format!("withdrawn from round {w}"),
                (None, Some(l)) => format!("late entry from round {l}"),
                (None, None) => "active".to_owned(),
            };
            Ok((number, status))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The event log, oldest first.
    pub fn log(&self) -> Result<Vec<LogEntry>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT at, command, what, old, new FROM event_log ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok(LogEntry {
                at: r.get(0)?,
                command: r.get(1)?,
                what: r.get(2)?,
                old: r.get(3)?,
                new: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn players_in(conn: &Connection) -> Result<Vec<Player>, StoreError> {
    {
        let mut stmt = conn.prepare(
            "SELECT number, name, title, rating, fide_id, federation, birth, sex, club, national_rating FROM player ORDER BY number",
        )?;
        let rows = stmt.query_map([], |r| {
            let title: Option<String> = r.get(2)?;
            let sex: Option<String> = r.get(7)?;
            Ok(Player {
                id: PlayerId(r.get(0)?),
                name: r.get(1)?,
                title: title.and_then(|t| t.parse::<Title>().ok()),
                rating: r.get(3)?,
                fide_id: r.get::<_, Option<i64>>(4)?.map(|i| i as u64),
                federation: r.get(5)?,
                birth: r.get(6)?,
                sex: match sex.as_deref() {
                    Some("m") => Some(Sex::Male),
                    Some("w") => Some(Sex::Female),
                    _ => None,
                },
                club: r.get(8)?,
                national_rating: r.get(9)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

impl Store {
    /// Imports a whole report into an event that has no players yet: players with their
    /// numbers, every round entry, and the settings the report names. One transaction.
    pub fn import_trf(&mut self, trf: &Trf, file: &str) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        let existing: i64 = tx.query_row("SELECT COUNT(*) FROM player", [], |r| r.get(0))?;
        if existing > 0 {
            return Err(StoreError::Refused(format!(
                "the event already has {existing} player{}; import a report into a new event",
                if existing == 1 { "" } else { "s" }
            )));
        }
        for player in &trf.players {
            insert_player(&tx, player.player.id.0, &player.player)?;
        }
        for player in &trf.players {
            for (index, round) in player.rounds.iter().enumerate() {
                tx.execute(
                    "INSERT INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        index as i64 + 1,
                        player.player.id.0,
                        round.opponent.map(|o| o.0),
                        round.colour.to_string(),
                        round.code.to_string()
                    ],
                )?;
            }
        }
        // A TRF has no board numbers. The games of each imported round are numbered in the
        // order of the better starting rank of the two players, so that `round show` and
        // `result ROUND BOARD` have a stable board to refer to.
        let mut games: Vec<(usize, u16, u16)> = Vec::new();
        for player in &trf.players {
            for (index, round) in player.rounds.iter().enumerate() {
                if let Some(opponent) = round.opponent
                    && player.player.id.0 < opponent.0
                    && matches!(round.colour, 'w' | 'b' | 'W' | 'B')
                {
                    games.push((index + 1, player.player.id.0, opponent.0));
                }
            }
        }
        games.sort_unstable();
        let mut board = 0;
        let mut last_round = 0;
        for (round, a, b) in games {
            if round != last_round {
                board = 0;
                last_round = round;
            }
            board += 1;
            tx.execute(
                "UPDATE entry SET board = ?1 WHERE round = ?2 AND player IN (?3, ?4)",
                params![board, round as i64, a, b],
            )?;
        }
        let set = |key: &str, value: Option<String>| -> Result<(), StoreError> {
            if let Some(value) = value {
                tx.execute(
                    "INSERT INTO setting (key, value) VALUES (?1, ?2)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    params![key, value],
                )?;
            }
            Ok(())
        };
        let keep = |code: &str, line: &str| -> Result<(), StoreError> {
            tx.execute(
                "INSERT INTO trf_record (code, line) VALUES (?1, ?2)",
                params![code, line],
            )?;
            Ok(())
        };
        let encodable_time_control =
            encoded_time_control(trf.time_control.as_deref().unwrap_or("")).is_some();
        let mut forfeit_wins: Vec<(Points, String)> = Vec::new();
        let mut half_byes: Vec<(Points, String)> = Vec::new();
        // Acceleration records as read (TRF's one reader) with their lines, the engines' XXA
        // lines, and a 192 naming the Baku method: which of them is the acceleration
        // setting is decided once all are known.
        let mut accelerations: Vec<(crate::trf::Acceleration, String)> = Vec::new();
        let mut player_accelerations: Vec<String> = Vec::new();
        let mut baku_named: Vec<String> = Vec::new();
        for (code, line) in &trf.other {
            let chars: Vec<char> = line.chars().collect();
            // The TRF module's reader, which the pairing input uses too.
            let column = |from: usize, to: usize| crate::trf::columns(line, from, to);
            let unreadable = || {
                StoreError::Invalid(format!(
                    "record `{line}` cannot be read: expected the columns of TRF-2026"
                ))
            };
            let unreadable_at = |error: crate::trf::AccelerationError| {
                StoreError::Invalid(format!("record `{line}`, column {}: {error}", error.column))
            };
            match code.as_str() {
                "132" => {
                    // Round dates YY/MM/DD from column 92, every ten columns (the reader
                    // wrote them so, whatever form the file had); the century as the reader
                    // takes a two-digit year.
                    let mut dates = Vec::new();
                    let mut start = 92;
                    while chars.len() >= start {
                        let date = column(start, start + 7);
                        if let Some((year, rest)) = date.split_once('/')
                            && let Ok(year) = year.parse::<i32>()
                        {
                            let year = crate::trf::date::full_year(year);
                            dates.push(format!("{year}-{}", rest.replace('/', "-")));
                        }
                        start += 10;
                    }
                    set("round-dates", Some(dates.join(",")))?;
                }
                "202" => set("tiebreaks", Some(column(5, chars.len())))?,
                "092" => {
                    let kind = column(5, chars.len()).to_ascii_lowercase();
                    if kind.contains("double") && kind.contains("round") {
                        set("system", Some("double-berger".into()))?;
                    } else if kind.contains("round") {
                        set("system", Some("berger".into()))?;
                    }
                }
                "240" => {
                    // A requested bye; the round column of the player may say it too.
                    let request = crate::trf::ByeRequest::read(line).ok_or_else(unreadable)?;
                    for id in request.players {
                        tx.execute(
                            "INSERT OR IGNORE INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, NULL, '-', ?3)",
                            params![request.round, id, request.kind.to_string()],
                        )?;
                    }
                }
                "062" | "072" => {}
                _ if is_national_rating_record(code, &chars) => {
                    // A national rating record: the player's number at 5-8, the rating at 49-52.
                    if let (Ok(id), Ok(rating)) =
                        (column(5, 8).parse::<u16>(), column(49, 52).parse::<u16>())
                    {
                        tx.execute(
                            "UPDATE player SET national_rating = ?2 WHERE number = ?1",
                            params![id, rating],
                        )?;
                    }
                }
                // Point values are read once below, from 162 or the engines' BBx lines.
                "162" | "BBW" | "BBD" | "BBL" | "BBF" | "BBU" | "BBZ" => {}
                "299" => {
                    let kind = column(5, 5);
                    let points = column(14, 17).parse::<Points>().ok();
                    match (kind.as_str(), points) {
                        ("+", Some(p)) => forfeit_wins.push((p, line.clone())),
                        ("H", Some(p)) => half_byes.push((p, line.clone())),
                        // A correction for rating evaluation only, as `export trf` writes it:
                        // the game's code is the corrected one, and the record the points
                        // the tournament gives on top. The tournament keeps its own result.
                        ("", Some(delta)) if rating_only_correction(&tx, trf, line, delta)? => {}
                        _ => keep(code, line)?,
                    }
                }
                "222" if encodable_time_control => {}
                // `trf::parse` refuses these already; a report built otherwise is checked here.
                "250" => {
                    let record = crate::trf::Acceleration::read(line).map_err(unreadable_at)?;
                    accelerations.push((record, line.clone()));
                }
                "XXA" => {
                    crate::trf::PlayerAcceleration::read(line).map_err(unreadable_at)?;
                    player_accelerations.push(line.clone());
                }
                "192" if crate::pairing::baku::is_system_code(&column(5, chars.len())) => {
                    baku_named.push(line.clone());
                }
                "XXP" | "260" => {
                    // Every pair among the players, for the record's rounds (XXP: all).
                    let prohibition =
                        crate::trf::Prohibition::read(code, line).ok_or_else(unreadable)?;
                    let ids = &prohibition.players;
                    for (i, &a) in ids.iter().enumerate() {
                        for &b in &ids[i + 1..] {
                            if a != b {
                                tx.execute(
                                    "INSERT OR IGNORE INTO forbidden (a, b, first_round, last_round)
                                     VALUES (?1, ?2, ?3, ?4)",
                                    params![
                                        a.min(b),
                                        a.max(b),
                                        prohibition.first,
                                        prohibition.last
                                    ],
                                )?;
                            }
                        }
                    }
                }
                _ => keep(code, line)?,
            }
        }
        // A report with a `212` (the standings' order: the points, then the tie-breaks) and no
        // `202` names the event's tie-breaks there; the record itself is kept as written.
        if let Some(("212", _, list)) = crate::standings::RecordedList::of_report(trf)
            && !list.entries.is_empty()
        {
            set("tiebreaks", Some(list.text()))?;
        }
        let values = PointValues::of(trf);
        for (key, points) in [
            ("points-win", values.win),
            ("points-forfeit-win", values.win),
            ("points-draw", values.draw),
            ("points-hpb", values.draw),
            ("points-loss", values.loss),
            ("points-forfeit-loss", values.absence),
            ("points-pab", values.bye),
        ] {
            set(key, Some(points.to_string()))?;
        }
        // In a round robin the report's `U` is the free round of an odd field (TRF16/TRF-2026:
        // "U for player unpaired by the system"), so its 162 value is the free round's.
        if setting_in(&tx, "system")? != "dutch" {
            set("points-free-round", Some(values.bye.to_string()))?;
        }
        // Forfeit wins and half-point byes scored apart from a win and a draw come as 299
        // records; when they all agree they are the event's value, otherwise they are kept.
        for (key, records) in [
            ("points-forfeit-win", &forfeit_wins),
            ("points-hpb", &half_byes),
        ] {
            match records.first() {
                Some((points, _)) if records.iter().all(|(p, _)| p == points) => {
                    set(key, Some(points.to_string()))?
                }
                _ => {
                    for (_, line) in records.iter() {
                        keep("299", line)?;
                    }
                }
            }
        }
        // The acceleration setting is the Baku method when the report says so: by 250
        // records that are exactly the method for this field, or by a 192 naming it with no
        // 250/XXA records (which would override it, TRF-2026). Any other acceleration is
        // kept as written, 192 included, and goes back out as it came.
        let baku = crate::pairing::baku::records(
            u16::try_from(crate::pairing::baku::group_size(trf.players.len())).unwrap_or(u16::MAX),
            trf.rounds.unwrap_or(0),
            &values,
        );
        let given: Vec<crate::trf::Acceleration> =
            accelerations.iter().map(|(record, _)| *record).collect();
        // The method needs a win worth two draws and a loss worth nothing (C.04.7): a report
        // that names it with other point values is paired without it, and its 192 is not
        // kept (the import says so), or every later pairing would be refused.
        let fits = crate::pairing::baku::fits(&values);
        let is_baku = if !fits {
            false
        } else if accelerations.is_empty() && player_accelerations.is_empty() {
            !baku_named.is_empty()
        } else {
            player_accelerations.is_empty() && given == baku
        };
        if is_baku {
            set("acceleration", Some("baku".into()))?;
        } else {
            for line in baku_named.iter().filter(|_| fits) {
                keep("192", line)?;
            }
            for (_, line) in &accelerations {
                keep("250", line)?;
            }
            for line in &player_accelerations {
                keep("XXA", line)?;
            }
        }
        set("name", trf.name.clone())?;
        set("city", trf.city.clone())?;
        set("federation", trf.federation.clone())?;
        set(
            "start",
            trf.start_date.as_deref().map(|d| d.replace('/', "-")),
        )?;
        set("end", trf.end_date.as_deref().map(|d| d.replace('/', "-")))?;
        set("arbiter", trf.chief_arbiter.clone())?;
        for deputy in &trf.deputy_arbiters {
            tx.execute(
                "INSERT INTO trf_record (code, line) VALUES ('112', ?1)",
                [format!("112 {deputy}")],
            )?;
        }
        set("time-control", trf.time_control.clone())?;
        set("rounds", trf.rounds.map(|r| r.to_string()))?;
        set(
            "initial-colour",
            trf.initial_colour.map(|c| c.name().to_owned()),
        )?;
        // The report's numbers are kept as they are. If they are not in the order of C.04.2
        // (another program, another method), later registrations must not re-sort them.
        let imported = players_in(&tx)?;
        let in_rank_order = crate::tournament::starting_order(&imported)
            .iter()
            .enumerate()
            .all(|(i, id)| id.0 as usize == i + 1);
        if !in_rank_order {
            set("pairing-numbers", Some("given".into()))?;
        }
        log(
            &tx,
            "import trf",
            &format!("{} players imported", trf.players.len()),
            None,
            Some(file),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The event as a report: settings, players, every round entry, and the points each
    /// player's rounds add up to under the event's scoring. This is the tournament's own
    /// record, which standings and pairings read; [`Store::rating_report`] is what goes to
    /// FIDE.
    pub fn to_trf(&self) -> Result<Trf, StoreError> {
        let [tournament] = self.reports([false])?;
        Ok(tournament)
    }

    /// The report for rating (`export trf`): as [`Store::to_trf`], but a game whose result
    /// was corrected for rating evaluation only (C.04.2 Art. 4.3) carries the corrected
    /// code, with a `###` comment and a `299` record that keeps the player's tournament
    /// score (columns 81-84) what the standings say.
    pub fn rating_report(&self) -> Result<Trf, StoreError> {
        let [rating] = self.reports([true])?;
        Ok(rating)
    }

    /// Both reports from one read of the event: [`Store::to_trf`] first, which the standings
    /// read, then [`Store::rating_report`], which goes to FIDE. A command that needs both
    /// (`export trf` and `publish` rank the rating report by the tournament's standings)
    /// reads the players and every round entry once instead of twice; on a large open that
    /// read is a good part of the command's time.
    pub fn tournament_and_rating_reports(&self) -> Result<(Trf, Trf), StoreError> {
        let [tournament, rating] = self.reports([false, true])?;
        Ok((tournament, rating))
    }

    /// The reports named by `for_rating` (false: the tournament's record, true: the rating
    /// report), each built from the same rows, which are read only once.
    fn reports<const N: usize>(&self, for_rating: [bool; N]) -> Result<[Trf; N], StoreError> {
        let dated = |key: &str| -> Result<Option<String>, StoreError> {
            let value = self.setting(key)?;
            Ok((!value.is_empty()).then(|| value.replace('-', "/")))
        };
        let text = |key: &str| -> Result<Option<String>, StoreError> {
            let value = self.setting(key)?;
            Ok((!value.is_empty()).then_some(value))
        };
        // A round counts towards the points once it is paired; before that it may only hold
        // requested byes for the round to come.
        let paired: Vec<u32> = self
            .conn
            .prepare("SELECT DISTINCT round FROM entry WHERE opponent IS NOT NULL OR code = 'U'")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let next_round = paired.iter().max().copied().unwrap_or(0) + 1;
        // Points under the event's own scoring, as the 162 record of the report declares it.
        let setting_points = |key: &str| -> Result<Points, StoreError> {
            Ok(self.setting(key)?.parse().unwrap_or_default())
        };
        let values = PointValues {
            win: setting_points("points-win")?,
            draw: setting_points("points-draw")?,
            loss: setting_points("points-loss")?,
            absence: setting_points("points-forfeit-loss")?,
            bye: setting_points(free_round_or_pab(&self.conn)?)?,
        };
        // The TRF has one value for a win, a forfeit win and a full-point bye, and one for a
        // draw and a half-point bye; where the event scores them apart, the points come from
        // the event and 299 records say so.
        let forfeit_win = setting_points("points-forfeit-win")?;
        let half_point_bye = setting_points("points-hpb")?;
        let worth = |result: RoundResult| match result {
            RoundResult::Forfeit { won: true, .. } => forfeit_win,
            RoundResult::HalfPointBye => half_point_bye,
            other => values.points(other),
        };
        // Every entry in one query (one per player is slow for a large field), by player and
        // round.
        type Row = (u32, TrfRound, Option<char>);
        let mut by_player: std::collections::HashMap<u16, Vec<Row>> =
            std::collections::HashMap::new();
        let mut stmt = self.conn.prepare(
            "SELECT player, round, opponent, colour, code, rating_code FROM entry ORDER BY player, round",
        )?;
        let rows = stmt.query_map([], |r| {
            let colour: String = r.get(3)?;
            let code: String = r.get(4)?;
            let rating_code: Option<String> = r.get(5)?;
            Ok((
                r.get::<_, u16>(0)?,
                r.get::<_, u32>(1)?,
                TrfRound {
                    opponent: r.get::<_, Option<u16>>(2)?.map(PlayerId),
                    colour: colour.chars().next().unwrap_or(' '),
                    code: code.chars().next().unwrap_or(' '),
                },
                rating_code.and_then(|c| c.chars().next()),
            ))
        })?;
        for row in rows {
            let (player, round, entry, rating_code) = row?;
            by_player
                .entry(player)
                .or_default()
                .push((round, entry, rating_code));
        }
        drop(stmt);
        let registered = self.players()?;
        let log = self.log()?;
        // The round a log line is about, from its `round N: ...` text.
        let round_of = |what: &str| -> Option<String> {
            let mut words = what.split([' ', ':']);
            (words.next() == Some("round")).then(|| words.next().unwrap_or("").to_owned())
        };
        // The event's records, the same in every report.
        let header = Trf {
            name: text("name")?,
            city: text("city")?,
            federation: text("federation")?,
            start_date: dated("start")?,
            end_date: dated("end")?,
            chief_arbiter: text("arbiter")?,
            deputy_arbiters: Vec::new(),
            time_control: text("time-control")?,
            rounds: text("rounds")?.and_then(|r| r.parse().ok()),
            initial_colour: match self.setting("initial-colour")?.as_str() {
                "white" => Some(Color::White),
                "black" => Some(Color::Black),
                _ => None,
            },
            ..Trf::default()
        };
        let mut reports = Vec::with_capacity(N);
        for for_rating in for_rating {
            let mut comments = Vec::new();
            let mut players = Vec::new();
            // Rating-only corrections: (round, player, points the tournament gives minus points
            // the corrected code gives).
            let mut rating_only: Vec<(u32, u16, Points)> = Vec::new();
            for player in registered.iter().cloned() {
                let entries = by_player.get(&player.id.0).map_or(&[][..], Vec::as_slice);
                // TRF rounds are positional: a round with nothing recorded is written blank
                // (not paired, no points).
                let mut rounds = Vec::new();
                let mut difference = Points::ZERO;
                for &(round, mut entry, rating_code) in entries {
                    // A requested bye for a later round belongs to that round only (the 240
                    // records carry it): written as a column, it would turn every round between
                    // into a blank, an absence, for any reader. The round to be paired next may
                    // hold one as a trailing column, as engines read it.
                    if round > next_round {
                        continue;
                    }
                    if let (true, Some(code)) = (for_rating, rating_code) {
                        let corrected = TrfRound { code, ..entry };
                        let worth_of = |r: TrfRound| r.result().map(worth).unwrap_or(Points::ZERO);
                        let delta = Points(worth_of(entry).0 - worth_of(corrected).0);
                        difference = difference + delta;
                        rating_only.push((round, player.id.0, delta));
                        comments.push(format!(
                        "round {round}: player {} against {}: `{}` in the tournament, `{code}` for rating evaluation only (C.04.2 4.3)",
                        player.id,
                        entry.opponent.map_or(0, |o| o.0),
                        entry.code
                    ));
                        entry = corrected;
                    }
                    if entry.code == ADJOURNED {
                        // An adjourned game counts as a draw for pairing (C.04.1); the report
                        // says so, and says that the result is still open.
                        entry.code = '=';
                        if entry.colour == 'w' {
                            comments.push(format!(
                            "round {round}: game {}-{} adjourned, written as a draw for pairing",
                            player.id,
                            entry.opponent.map_or(0, |o| o.0)
                        ));
                        }
                    }
                    while rounds.len() + 1 < round as usize {
                        rounds.push(TrfRound {
                            opponent: None,
                            colour: '-',
                            code: ' ',
                        });
                    }
                    rounds.push(entry);
                }
                let points = rounds
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| paired.contains(&(*i as u32 + 1)))
                    .filter_map(|(_, r)| r.result())
                    .map(worth)
                    .sum::<Points>()
                    + difference;
                players.push(TrfPlayer {
                    player,
                    points,
                    rank: None,
                    rounds,
                });
            }
            let mut other = self.event_records(&players, &paired)?;
            // The tournament score of a player with a rating-only correction differs from what
            // the corrected codes add up to: a 299 adjustment (blank kind) says by how much, so
            // that the report's points add up.
            for (round, id, delta) in rating_only {
                if delta != Points::ZERO {
                    other.push((
                        "299".to_owned(),
                        format!(
                            "299    {:4}  {:>4}  {round:03} {id:>4}",
                            "",
                            delta.to_string()
                        ),
                    ));
                }
            }
            // Manual interventions (forced changes, manual pairings) as `###` comments, which is
            // how FIDE asks programs to report them. A manual pairing later taken back with
            // `unpair` is not the round's pairing: the report says nothing of it.
            for (i, entry) in log.iter().enumerate() {
                let taken_back = entry.command.contains("manual")
                    && round_of(&entry.what).is_some_and(|round| {
                        log[i + 1..].iter().any(|later| {
                            later.command.starts_with("unpair")
                                && round_of(&later.what).as_ref() == Some(&round)
                        })
                    });
                if taken_back {
                    continue;
                }
                if entry.command.contains("--force") || entry.command.contains("manual") {
                    comments.push(format!(
                        "{} {}: {}{}",
                        entry.at,
                        entry.command,
                        entry.what,
                        entry
                            .new
                            .as_ref()
                            .map(|n| format!(" = {n}"))
                            .unwrap_or_default()
                    ));
                }
            }
            reports.push(Trf {
                players,
                other,
                comments,
                ..header.clone()
            });
        }
        Ok(reports
            .try_into()
            .unwrap_or_else(|_| unreachable!("one report for each kind asked for")))
    }

    /// The records that describe the event beside the players: counts (062, 072), type
    /// (092), round dates (132), point values when not the standard ones (162), tie-breaks
    /// (202) and prohibited pairings (260).
    fn event_records(
        &self,
        players: &[TrfPlayer],
        paired: &[u32],
    ) -> Result<Vec<(String, String)>, StoreError> {
        let mut records = Vec::new();
        let mut push = |code: &str, line: String| records.push((code.to_owned(), line));
        push("062", format!("062 {}", players.len()));
        let rated = players.iter().filter(|p| p.player.rating.is_some()).count();
        push("072", format!("072 {rated}"));
        let kind = match self.setting("system")?.as_str() {
            "berger" => "Individual: Round-Robin",
            "double-berger" => "Individual: Double Round-Robin",
            _ => "Individual: Swiss-System (FIDE Dutch)",
        };
        push("092", format!("092 {kind}"));
        let dates = self.setting("round-dates")?;
        if !dates.is_empty() {
            // Round dates YY/MM/DD from column 92, every ten columns.
            let mut line = format!("{:<91}", "132");
            for date in dates.split(',') {
                let short = date.get(2..).unwrap_or(date).replace('-', "/");
                line.push_str(&format!("{short:<10}"));
            }
            push("132", line.trim_end().to_owned());
        }
        let points: Vec<String> = [
            ("W", "points-win"),
            ("D", "points-draw"),
            ("L", "points-loss"),
            ("A", "points-forfeit-loss"),
            ("P", free_round_or_pab(&self.conn)?),
        ]
        .iter()
        .map(|(code, key)| {
            let points: Points = self.setting(key)?.parse().unwrap_or_default();
            Ok(format!("{code}{:>4}", points.to_string()))
        })
        .collect::<Result<_, StoreError>>()?;
        let standard = ["W 1.0", "D 0.5", "L 0.0", "A 0.0", "P 1.0"];
        if points != standard {
            // Code at column 6 and points at 7-10, then every nine columns.
            let mut line = String::from("162  ");
            for (i, pair) in points.iter().enumerate() {
                if i > 0 {
                    line.push_str("    ");
                }
                line.push_str(pair);
            }
            push("162", line);
        }
        let tiebreaks = self.setting("tiebreaks")?;
        if !tiebreaks.is_empty() {
            push("202", format!("202 {tiebreaks}"));
        }
        if let Some(encoded) = encoded_time_control(&self.setting("time-control")?) {
            push("222", format!("222 {encoded}"));
        }
        // Requested byes for rounds not yet paired (the round columns say it too, for the
        // pairing engines that read only those).
        let mut stmt = self.conn.prepare(
            "SELECT round, code, player FROM entry WHERE opponent IS NULL AND code IN ('F', 'H', 'Z')
             ORDER BY round, code, player",
        )?;
        let byes: Vec<(u32, String, u16)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let mut groups: Vec<((u32, String), Vec<u16>)> = Vec::new();
        for (round, code, player) in byes {
            if paired.contains(&round) {
                continue;
            }
            match groups.last_mut() {
                Some((key, ids)) if *key == (round, code.clone()) => ids.push(player),
                _ => groups.push(((round, code), vec![player])),
            }
        }
        for ((round, code), ids) in groups {
            let mut line = format!("240 {code} {round:03}");
            for id in ids {
                line.push_str(&format!(" {id:>4}"));
            }
            push("240", line);
        }
        if self.setting("acceleration")? == "baku" {
            // The system code says the method by name, for any reader; the 250 records say
            // it in numbers (and override the 192 for a reader that knows both).
            push("192", "192 FIDE_DUTCH_BAKU".to_owned());
            let rounds: u32 = self.setting("rounds")?.parse().unwrap_or(0);
            let values = crate::trf::PointValues {
                win: self.setting("points-win")?.parse().unwrap_or(Points::ONE),
                draw: self.setting("points-draw")?.parse().unwrap_or(Points::HALF),
                ..crate::trf::PointValues::default()
            };
            let last =
                u16::try_from(crate::pairing::baku::group_size(players.len())).unwrap_or(u16::MAX);
            for record in crate::pairing::baku::records(last, rounds, &values) {
                push("250", record.record());
            }
        }
        // Points that differ from the 162 values for their code: forfeit wins (W) and
        // half-point byes (D), as abnormal point assignments, one record per round and kind.
        let forfeit_win: Points = self
            .setting("points-forfeit-win")?
            .parse()
            .unwrap_or_default();
        let win: Points = self.setting("points-win")?.parse().unwrap_or_default();
        let hpb: Points = self.setting("points-hpb")?.parse().unwrap_or_default();
        let draw: Points = self.setting("points-draw")?.parse().unwrap_or_default();
        for (code, points, differs) in [
            ('+', forfeit_win, forfeit_win != win),
            ('H', hpb, hpb != draw),
        ] {
            if !differs {
                continue;
            }
            let last = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
            for round in 1..=last {
                let ids: Vec<u16> = players
                    .iter()
                    .filter(|p| {
                        p.rounds
                            .get(round - 1)
                            .is_some_and(|r| r.code.eq_ignore_ascii_case(&code))
                    })
                    .map(|p| p.player.id.0)
                    .collect();
                if ids.is_empty() {
                    continue;
                }
                let mut line = format!(
                    "299 {code}  {:4}  {:>4}  {round:03}",
                    "",
                    points.to_string()
                );
                for id in ids {
                    line.push_str(&format!(" {id:>4}"));
                }
                push("299", line);
            }
        }
        // National ratings (TRF-2026 NRS records), under the host federation's code.
        let host = self.setting("federation")?;
        for p in players {
            if let (Some(rating), false) = (p.player.national_rating, host.is_empty()) {
                let name: String = p.player.name.chars().take(33).collect();
                push(
                    &host,
                    format!(
                        "{host} {:>4} {:<4} {name:<33} {rating:>4}",
                        p.player.id.0, ""
                    ),
                );
            }
        }
        let mut stmt = self
            .conn
            .prepare("SELECT code, line FROM trf_record ORDER BY id")?;
        let kept: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let baku = self.setting("acceleration")? == "baku";
        for (code, line) in kept {
            // The Baku method's own 192 is written above; another system code kept from the
            // imported report would be a second one.
            if baku && code == "192" {
                continue;
            }
            push(&code, line);
        }
        let last_round: u32 = self.setting("rounds")?.parse().unwrap_or(99);
        let mut stmt = self.conn.prepare(
            "SELECT a, b, first_round, last_round FROM forbidden ORDER BY a, b, first_round",
        )?;
        let pairs: Vec<(u16, u16, u32, Option<u32>)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        for (a, b, first, last) in pairs {
            let prohibition = crate::trf::Prohibition {
                first,
                last,
                players: vec![a, b],
            };
            push("260", prohibition.record(last_round));
        }
        Ok(records)
    }
}

/// A player registered after rounds were paired is a late entry: the rounds missed are
/// recorded as absences (zero points; a director may turn them into half-point byes).
fn mark_late_entry(tx: &Transaction<'_>, number: u16) -> Result<Option<u32>, StoreError> {
    let paired: u32 = tx.query_row(
        "SELECT COALESCE(MAX(round), 0) FROM entry WHERE opponent IS NOT NULL OR code = 'U'",
        [],
        |r| r.get(0),
    )?;
    if paired == 0 {
        return Ok(None);
    }
    tx.execute(
        "UPDATE player SET late_from = ?2 WHERE number = ?1",
        params![number, paired + 1],
    )?;
    for round in 1..=paired {
        tx.execute(
            "INSERT OR IGNORE INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, NULL, '-', ' ')",
            params![round, number],
        )?;
    }
    Ok(Some(paired + 1))
}

fn registration_problems_in(
    conn: &Connection,
    players: &[Player],
) -> Result<Vec<(usize, String)>, StoreError> {
    let registered: u16 = conn.query_row("SELECT COUNT(*) FROM player", [], |r| r.get(0))?;
    let mut problems = Vec::new();
    let mut taken = conn.prepare("SELECT number FROM player WHERE fide_id = ?1")?;
    for (i, player) in players.iter().enumerate() {
        if let Some(fide_id) = player.fide_id
            && let Some(number) = taken
                .query_row([fide_id as i64], |r| r.get::<_, u16>(0))
                .optional()?
        {
            problems.push((
                i,
                format!("FIDE ID {fide_id} is already registered for player {number}"),
            ));
        }
    }
    let room = usize::from(MAX_PLAYERS - registered.min(MAX_PLAYERS));
    if players.len() > room {
        problems.push((
            room,
            format!(
                "an event holds at most {MAX_PLAYERS} players (a TRF writes the starting rank in four digits): {registered} are registered, so there is room for {room} more, not {}",
                players.len()
            ),
        ));
    }
    problems.sort_by_key(|&(i, _)| i);
    Ok(problems)
}

/// Refuses a text field with a control character: it would split a TRF record or a CSV row.
fn plain_text(field: &str, text: &str) -> Result<(), StoreError> {
    match crate::tournament::control_character_message(field, text) {
        Some(message) => Err(StoreError::Invalid(message)),
        None => Ok(()),
    }
}

fn insert_player(tx: &Transaction<'_>, number: u16, player: &Player) -> Result<(), StoreError> {
    plain_text("name", &player.name)?;
    for (field, text) in [
        ("federation", &player.federation),
        ("birth date", &player.birth),
        ("club", &player.club),
    ] {
        if let Some(text) = text {
            plain_text(field, text)?;
        }
    }
    tx.execute(
        "INSERT INTO player (number, name, title, rating, fide_id, federation, birth, sex, club, national_rating)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            number,
            player.name,
            player.title.map(|t| t.as_str()),
            player.rating,
            player.fide_id.map(|i| i as i64),
            player.federation,
            player.birth,
            player.sex.map(|s| match s {
                Sex::Male => "m",
                Sex::Female => "w",
            }),
            player.club,
            player.national_rating,
        ],
    )
    .map_err(|e| match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Refused(format!(
            "player {number} ({}) conflicts with a registered player (number or FIDE ID)",
            player.name
        )),
        _ => StoreError::from(e),
    })?;
    Ok(())
}

/// How many rounds have been paired (a round with only requested byes is not paired yet).
/// The initial colour a seed draws (C.04.3 5.2.5): the seeded generator of the pairing
/// module, so that a published seed repeats the draw.
pub fn initial_colour_by_lot(seed: u64) -> Color {
    if crate::pairing::generate::SplitMix64::new(seed).next_u64() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Stores a drawn initial colour and logs the draw with its seed.
fn record_initial_colour(tx: &Transaction<'_>, seed: u64, colour: Color) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO setting (key, value) VALUES ('initial-colour', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [colour.name()],
    )?;
    log(
        tx,
        "draw lots",
        &format!("initial colour (seed {seed})"),
        Some("lots"),
        Some(colour.name()),
    )
}

/// The setting that scores a TRF `U`: in a Swiss the pairing-allocated bye; in a round robin,
/// which has none, the free round of an odd field (`points-free-round`, none by default: the
/// Berger tables give that player a rest, not a point).
fn free_round_or_pab(conn: &Connection) -> Result<&'static str, StoreError> {
    Ok(if setting_in(conn, "system")? == "dutch" {
        "points-pab"
    } else {
        "points-free-round"
    })
}

fn paired_rounds(conn: &Connection) -> Result<u32, StoreError> {
    Ok(conn.query_row(
        "SELECT COUNT(DISTINCT round) FROM entry WHERE opponent IS NOT NULL OR code = 'U'",
        [],
        |r| r.get(0),
    )?)
}

/// The numbering method in force: `rating`, `lots` or `given` (`auto` resolved by system).
fn numbering(conn: &Connection) -> Result<String, StoreError> {
    let method = setting_in(conn, "pairing-numbers")?;
    Ok(if method == "auto" {
        if setting_in(conn, "system")? == "dutch" {
            "rating".to_owned()
        } else {
            "lots".to_owned()
        }
    } else {
        method
    })
}

/// Keeps a Swiss event's pairing numbers in the order of C.04.2 Art. 2.2 (rating, title,
/// name) after a registration or a correction. The numbers are provisional until round 4 is
/// paired (Art. 2.3 and 2.5): a late entry before then is slotted in by strength and the
/// players after it move down one number; from then on nobody's number changes and a late
/// entry takes the next free number. Returns the numbers that changed, (old, new).
fn renumber_by_rank(tx: &Transaction<'_>, command: &str) -> Result<Vec<(u16, u16)>, StoreError> {
    if numbering(tx)? != "rating" || paired_rounds(tx)? >= 4 {
        return Ok(Vec::new());
    }
    let order = crate::tournament::starting_order(&players_in(tx)?);
    apply_order(
        tx,
        &order,
        command,
        "pairing numbers by rating, title and name (C.04.2)",
    )
}

/// Renumbers the players so that `order[i]` gets number i + 1, rewriting every table that
/// refers to a number, and logs the numbers that moved. Returns them, (old, new).
fn apply_order(
    tx: &Transaction<'_>,
    order: &[PlayerId],
    command: &str,
    why: &str,
) -> Result<Vec<(u16, u16)>, StoreError> {
    let moved: Vec<(u16, u16)> = order
        .iter()
        .enumerate()
        .map(|(i, p)| (p.0, i as u16 + 1))
        .filter(|(old, new)| old != new)
        .collect();
    if moved.is_empty() {
        return Ok(moved);
    }
    // Numbers are primary keys referred to by other tables; a permutation cannot be applied
    // row by row without colliding, so each table is copied out and written back renumbered,
    // with the foreign-key check deferred to the commit.
    tx.pragma_update(None, "defer_foreign_keys", true)?;
    tx.execute_batch(
        "DROP TABLE IF EXISTS temp.renumber;
         CREATE TEMP TABLE renumber (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);",
    )?;
    for (i, p) in order.iter().enumerate() {
        tx.execute(
            "INSERT INTO temp.renumber (old, new) VALUES (?1, ?2)",
            params![p.0, i as u16 + 1],
        )?;
    }
    tx.execute_batch(
        "CREATE TEMP TABLE player_before AS SELECT * FROM main.player;
         DELETE FROM main.player;
         INSERT INTO main.player (number, name, title, rating, national_rating, fide_id,
                                  federation, birth, sex, club, withdrawn_from, late_from)
             SELECT r.new, p.name, p.title, p.rating, p.national_rating, p.fide_id,
                    p.federation, p.birth, p.sex, p.club, p.withdrawn_from, p.late_from
             FROM player_before p JOIN temp.renumber r ON r.old = p.number;
         DROP TABLE temp.player_before;

         CREATE TEMP TABLE entry_before AS SELECT * FROM main.entry;
         DELETE FROM main.entry;
         INSERT INTO main.entry (round, player, opponent, colour, code, board, rating_code)
             SELECT e.round, r.new, o.new, e.colour, e.code, e.board, e.rating_code
             FROM entry_before e JOIN temp.renumber r ON r.old = e.player
                  LEFT JOIN temp.renumber o ON o.old = e.opponent;
         DROP TABLE temp.entry_before;

         CREATE TEMP TABLE forbidden_before AS SELECT * FROM main.forbidden;
         DELETE FROM main.forbidden;
         INSERT INTO main.forbidden (a, b, first_round, last_round)
             SELECT MIN(ra.new, rb.new), MAX(ra.new, rb.new), f.first_round, f.last_round
             FROM forbidden_before f JOIN temp.renumber ra ON ra.old = f.a
                  JOIN temp.renumber rb ON rb.old = f.b;
         DROP TABLE temp.forbidden_before;

         CREATE TEMP TABLE game_before AS SELECT * FROM main.game_record;
         DELETE FROM main.game_record;
         INSERT INTO main.game_record (round, white, black, pgn)
             SELECT g.round, w.new, b.new, g.pgn
             FROM game_before g JOIN temp.renumber w ON w.old = g.white
                  JOIN temp.renumber b ON b.old = g.black;
         DROP TABLE temp.game_before;
         DROP TABLE temp.renumber;",
    )?;
    let list: Vec<String> = moved.iter().map(|(o, n)| format!("{o}->{n}")).collect();
    log(tx, command, why, None, Some(&list.join(" ")))?;
    Ok(moved)
}

/// A national rating record (TRF-2026 NRS): a federation code in columns 1-3 and a
/// player's number in 5-8, with the columns of a `001` record.
fn is_national_rating_record(code: &str, chars: &[char]) -> bool {
    code.len() == 3
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && !code.starts_with("XX")
        && !code.starts_with("BB")
        && chars.len() >= 52
}

pub use crate::tournament::ADJOURNED;

/// The `222` encoding of a time control written as minutes plus seconds per move
/// (`90+30` is `5400+30`, `90` is `5400`); other forms are left to the 122 text.
fn encoded_time_control(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches(['\'', '"']);
    let (minutes, increment) = match text.split_once('+') {
        Some((m, i)) => (
            m.trim().trim_end_matches('\''),
            Some(i.trim().trim_end_matches('"')),
        ),
        None => (text, None),
    };
    let seconds = minutes.parse::<u32>().ok()?.checked_mul(60)?;
    match increment {
        Some(i) => Some(format!("{seconds}+{}", i.parse::<u32>().ok()?)),
        None => Some(seconds.to_string()),
    }
}
