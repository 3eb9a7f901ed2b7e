//! The database file itself: opening and creating it, the connection's configuration (busy
//! timeout, immediate transactions, WAL) and the schema's forward migrations. Everything that
//! decides whether a file is an arbiter database, and in which version, is here.

use std::path::Path;

use rusqlite::{Connection, params};

use crate::tournament::settings::{KEYS, SettingKey};

use super::{Store, StoreError, checked_setting, log::log, plain_text};

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
    (
        6,
        "
    -- The pairing numbers were drawn by lot (`player draw-lots`, or `pair` before a round
    -- robin's round 1), one row per draw: a fact of its own, so that pairing never reads it
    -- back from the log's text. Older events have it only in their log.
    CREATE TABLE lots_drawn (what TEXT NOT NULL);
    INSERT INTO lots_drawn (what)
        SELECT what FROM event_log WHERE command = 'player draw-lots' ORDER BY id;
    ",
    ),
    (
        7,
        "
    -- What the FIDE rating list gives for the event's rate besides the rating, kept in the
    -- event so that it stays complete when the list moves on: the K factor, the player's
    -- rated games on the list, and the other titles (IA, FA, FST...).
    ALTER TABLE player ADD COLUMN k_factor INTEGER CHECK (k_factor BETWEEN 1 AND 99);
    ALTER TABLE player ADD COLUMN list_games INTEGER CHECK (list_games >= 0);
    ALTER TABLE player ADD COLUMN other_titles TEXT;
    ",
    ),
];

/// How long a command waits for another process that holds the database.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

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
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::event;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("arbiter-schema-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_new_event_is_marked_and_at_the_latest_version() {
        let store = event(&[]);
        let id: i32 = store
            .conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .unwrap();
        let version: i32 = store
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(id, APPLICATION_ID);
        assert_eq!(version, MIGRATIONS.last().unwrap().0);
    }

    /// Version 6 keeps the draws of pairing numbers as a fact; an older event has them only in
    /// its log, and the migration carries them over.
    #[test]
    fn an_older_event_keeps_its_draw_of_lots_through_the_migration() {
        let mut store = event(&[]);
        store
            .conn
            .execute_batch(
                "DROP TABLE lots_drawn;
                 ALTER TABLE player DROP COLUMN k_factor;
                 ALTER TABLE player DROP COLUMN list_games;
                 ALTER TABLE player DROP COLUMN other_titles;
                 PRAGMA user_version = 5;
                 INSERT INTO event_log (at, command, what) VALUES
                    ('2026-01-01T00:00:00.000Z', 'player draw-lots', 'pairing numbers drawn by lot (seed 7)');",
            )
            .unwrap();
        assert!(
            store.lots_drawn().is_err(),
            "the table is gone before the migration"
        );
        migrate(&mut store.conn).unwrap();
        assert!(store.lots_drawn().unwrap());
    }

    /// Version 7 adds what the rating list gives a player (K, games, other titles); the
    /// players of an older event read with none of them, and can be given them.
    #[test]
    fn an_older_event_gains_the_rating_list_columns() {
        let mut store = crate::store::test_support::event(&[2000]);
        store
            .conn
            .execute_batch(
                "ALTER TABLE player DROP COLUMN k_factor;
                 ALTER TABLE player DROP COLUMN list_games;
                 ALTER TABLE player DROP COLUMN other_titles;
                 PRAGMA user_version = 6;",
            )
            .unwrap();
        assert!(store.players().is_err(), "the columns are gone before");
        migrate(&mut store.conn).unwrap();
        let player = &store.players().unwrap()[0];
        assert_eq!(
            (
                player.k_factor,
                player.list_games,
                player.other_titles.clone()
            ),
            (None, None, None)
        );
        let changes = crate::store::PlayerChanges {
            k_factor: Some(20),
            list_games: Some(9),
            other_titles: Some("IA".into()),
            ..Default::default()
        };
        store.edit_player(1, &changes).unwrap();
        let player = &store.players().unwrap()[0];
        assert_eq!(
            (
                player.k_factor,
                player.list_games,
                player.other_titles.as_deref()
            ),
            (Some(20), Some(9), Some("IA"))
        );
    }

    #[test]
    fn create_refuses_a_file_that_exists_and_open_refuses_one_that_is_not_an_event() {
        let dir = scratch("files");
        let path = dir.join("notes.db");
        std::fs::write(&path, "not a database").unwrap();
        assert_eq!(
            Store::create(&path, "x", &[]).err(),
            Some(StoreError::Exists(path.display().to_string()))
        );
        assert!(matches!(
            Store::open(&path).err(),
            Some(StoreError::NotATournament(_))
        ));
        // Another program's SQLite file: readable, but not ours.
        let other = dir.join("other.db");
        Connection::open(&other)
            .unwrap()
            .execute("CREATE TABLE t (x)", [])
            .unwrap();
        assert!(matches!(
            Store::open(&other).err(),
            Some(StoreError::NotATournament(_))
        ));
        // A refused creation leaves no file behind.
        let bad = dir.join("bad.db");
        assert!(Store::create(&bad, "x", &[("rounds", "zero".into())]).is_err());
        assert!(!bad.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_event_reopens_with_what_it_was_created_with() {
        let dir = scratch("reopen");
        let path = dir.join("event.db");
        Store::create(&path, "Club Open", &[("rounds", "7".into())]).unwrap();
        let settings = Store::open(&path).unwrap().event_settings().unwrap();
        assert_eq!(
            (settings.name.as_str(), settings.rounds),
            ("Club Open", Some(7))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
