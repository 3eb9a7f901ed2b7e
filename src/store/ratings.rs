//! The FIDE rating lists a user's events share: one SQLite file (not an event's), holding each
//! imported rating period's players by FIDE ID. 1.9 million players are not copied into every
//! event; an event copies only its own players' values (and notes the period it used), so it
//! stays complete on its own.
//!
//! A list is imported whole or not at all: the period's old players are deleted and the new
//! ones written in one transaction, which a refused list rolls back, leaving the previous list
//! of that period as it was.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::ratinglist::{ListPlayer, RateFigures};

use super::{StoreError, log::log, now};

/// `ARBR`: marks a file as an arbiter rating-list database.
const APPLICATION_ID: i32 = 0x4152_4252;

const SCHEMA: &str = "
    -- One row per imported period (YYYYMM as a number): where it came from and when.
    CREATE TABLE list_period (
        period      INTEGER PRIMARY KEY,
        source      TEXT NOT NULL,
        format      TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        players     INTEGER NOT NULL
    );
    -- The players of each period as FIDE lists them; blank fields are empty text.
    CREATE TABLE list_player (
        period     INTEGER NOT NULL,
        fide_id    INTEGER NOT NULL,
        name       TEXT NOT NULL,
        federation TEXT NOT NULL,
        sex        TEXT NOT NULL,
        title      TEXT NOT NULL,
        w_title    TEXT NOT NULL,
        o_title    TEXT NOT NULL,
        foa        TEXT NOT NULL,
        birth_year INTEGER,
        flag       TEXT NOT NULL,
        std_rating INTEGER, std_games INTEGER, std_k INTEGER,
        rpd_rating INTEGER, rpd_games INTEGER, rpd_k INTEGER,
        blz_rating INTEGER, blz_games INTEGER, blz_k INTEGER,
        PRIMARY KEY (period, fide_id)
    ) WITHOUT ROWID;
    PRAGMA user_version = 1;
";

/// An imported period, as `ratings import` and `ratings check` name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPeriod {
    /// `YYYY-MM`.
    pub period: String,
    pub source: String,
    pub format: String,
    pub imported_at: String,
    pub players: u64,
}

/// The rating-list database.
pub struct RatingList {
    conn: Connection,
}

/// `YYYY-MM` as the number the table keys on.
fn period_key(period: &str) -> Result<i64, StoreError> {
    crate::ratinglist::parse_period(period)
        .ok()
        .and_then(|p| p.replace('-', "").parse().ok())
        .ok_or_else(|| StoreError::Invalid(format!("`{period}` is not a rating period YYYY-MM")))
}

fn period_text(key: i64) -> String {
    format!("{:04}-{:02}", key / 100, key % 100)
}

impl RatingList {
    /// Opens the rating lists at `path`, making the file (and its folder) if there is none.
    pub fn open_or_create(path: &Path) -> Result<RatingList, StoreError> {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|err| {
                StoreError::Refused(format!(
                    "cannot make the folder of the rating lists {}: {err}",
                    folder.display()
                ))
            })?;
        }
        let fresh = !path.exists();
        let conn = Connection::open(path)?;
        RatingList::prepare(conn, &path.display().to_string(), fresh)
    }

    /// Opens the rating lists at `path` if the file exists (reading never makes one).
    pub fn open_existing(path: &Path) -> Result<Option<RatingList>, StoreError> {
        if !path.exists() {
            return Ok(None);
        }
        let conn = Connection::open(path)?;
        RatingList::prepare(conn, &path.display().to_string(), false).map(Some)
    }

    /// Rating lists in memory (tests).
    pub fn in_memory() -> Result<RatingList, StoreError> {
        RatingList::prepare(Connection::open_in_memory()?, ":memory:", true)
    }

    fn prepare(mut conn: Connection, shown: &str, fresh: bool) -> Result<RatingList, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
        let id: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|_| StoreError::Refused(format!("{shown} is not a rating-list database")))?;
        let version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if id == 0 && version == 0 && (fresh || is_empty(&conn)?) {
            let tx = conn.transaction()?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
            tx.execute_batch(SCHEMA)?;
            tx.commit()?;
        } else if id != APPLICATION_ID {
            return Err(StoreError::Refused(format!(
                "{shown} is not a rating-list database; $ARBITER_RATINGS names another file"
            )));
        }
        // A list is written once a month and read often: the rollback journal writes a big
        // import once (a write-ahead log would write it twice), and a larger page cache keeps
        // the key index of a 1.9-million-player list in memory while it is built.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "cache_size", -32_000)?;
        Ok(RatingList { conn })
    }

    /// Replaces the players of `period` with those `fill` writes, in one transaction: if
    /// `fill` fails, nothing changes. Returns how many players the period had before.
    pub fn replace_period<X: From<StoreError>>(
        &mut self,
        period: &str,
        source: &str,
        format: &str,
        fill: impl FnOnce(&mut PeriodWriter<'_>) -> Result<(), X>,
    ) -> Result<(u64, u64), X> {
        let key = period_key(period)?;
        let tx = self.conn.transaction().map_err(StoreError::from)?;
        let before: i64 = tx
            .query_row(
                "SELECT COUNT(*) FROM list_player WHERE period = ?1",
                [key],
                |r| r.get(0),
            )
            .map_err(StoreError::from)?;
        tx.execute("DELETE FROM list_player WHERE period = ?1", [key])
            .map_err(StoreError::from)?;
        let written = {
            let statement = tx
                .prepare(
                    "INSERT INTO list_player (period, fide_id, name, federation, sex, title, w_title,
                        o_title, foa, birth_year, flag, std_rating, std_games, std_k,
                        rpd_rating, rpd_games, rpd_k, blz_rating, blz_games, blz_k)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                        ?16, ?17, ?18, ?19, ?20)",
                )
                .map_err(StoreError::from)?;
            let mut writer = PeriodWriter {
                statement,
                period: key,
                written: 0,
            };
            fill(&mut writer)?;
            writer.written
        };
        tx.execute(
            "INSERT INTO list_period (period, source, format, imported_at, players)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (period) DO UPDATE SET source = excluded.source,
                format = excluded.format, imported_at = excluded.imported_at,
                players = excluded.players",
            params![key, source, format, now(), written as i64],
        )
        .map_err(StoreError::from)?;
        tx.commit().map_err(StoreError::from)?;
        Ok((before as u64, written))
    }

    /// Every imported period, oldest first.
    pub fn periods(&self) -> Result<Vec<ListPeriod>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT period, source, format, imported_at, players FROM list_period ORDER BY period",
        )?;
        let rows = statement.query_map([], |r| {
            Ok(ListPeriod {
                period: period_text(r.get(0)?),
                source: r.get(1)?,
                format: r.get(2)?,
                imported_at: r.get(3)?,
                players: r.get::<_, i64>(4)? as u64,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The list valid in `month` (`YYYY-MM`): the latest imported period not after it; with
    /// no month, the latest imported.
    pub fn period_valid_in(&self, month: Option<&str>) -> Result<Option<String>, StoreError> {
        let limit = match month {
            Some(m) => period_key(m)?,
            None => i64::MAX,
        };
        let key: Option<i64> = self
            .conn
            .query_row(
                "SELECT MAX(period) FROM list_period WHERE period <= ?1",
                [limit],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        Ok(key.map(period_text))
    }

    /// A player of `period`'s list.
    pub fn player(&self, period: &str, fide_id: u64) -> Result<Option<ListPlayer>, StoreError> {
        let key = period_key(period)?;
        Ok(self
            .conn
            .query_row(
                "SELECT fide_id, name, federation, sex, title, w_title, o_title, foa, birth_year,
                        flag, std_rating, std_games, std_k, rpd_rating, rpd_games, rpd_k,
                        blz_rating, blz_games, blz_k
                 FROM list_player WHERE period = ?1 AND fide_id = ?2",
                params![key, fide_id as i64],
                |r| {
                    let figures = |at: usize| -> rusqlite::Result<RateFigures> {
                        Ok(RateFigures {
                            rating: r.get(at)?,
                            games: r.get(at + 1)?,
                            k: r.get(at + 2)?,
                        })
                    };
                    Ok(ListPlayer {
                        fide_id: r.get::<_, i64>(0)? as u64,
                        name: r.get(1)?,
                        federation: r.get(2)?,
                        sex: r.get(3)?,
                        title: r.get(4)?,
                        women_title: r.get(5)?,
                        other_titles: r.get(6)?,
                        foa: r.get(7)?,
                        birth_year: r.get(8)?,
                        flag: r.get(9)?,
                        standard: figures(10)?,
                        rapid: figures(13)?,
                        blitz: figures(16)?,
                    })
                },
            )
            .optional()?)
    }
}

fn is_empty(conn: &Connection) -> Result<bool, StoreError> {
    Ok(conn.query_row("SELECT COUNT(*) = 0 FROM sqlite_master", [], |r| r.get(0))?)
}

/// Writes one period's players inside [`RatingList::replace_period`].
pub struct PeriodWriter<'a> {
    statement: rusqlite::Statement<'a>,
    period: i64,
    written: u64,
}

impl PeriodWriter<'_> {
    /// Adds a player; the same FIDE ID twice in one list is refused.
    pub fn add(&mut self, p: &ListPlayer) -> Result<(), StoreError> {
        let (s, r, b) = (&p.standard, &p.rapid, &p.blitz);
        self.statement
            .execute(params![
                self.period,
                p.fide_id as i64,
                p.name,
                p.federation,
                p.sex,
                p.title,
                p.women_title,
                p.other_titles,
                p.foa,
                p.birth_year,
                p.flag,
                s.rating,
                s.games,
                s.k,
                r.rating,
                r.games,
                r.k,
                b.rating,
                b.games,
                b.k,
            ])
            .map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::ConstraintViolation) => {
                    StoreError::Invalid(format!("FIDE ID {} is on the list twice", p.fide_id))
                }
                _ => StoreError::from(e),
            })?;
        self.written += 1;
        Ok(())
    }
}

impl super::Store {
    /// Notes the rating period the event uses (`ratings import` into an event that had
    /// none), logged under `command`.
    pub fn note_rating_period(&mut self, period: &str, command: &str) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        note_period(&tx, period, command)?;
        tx.commit()?;
        Ok(())
    }
}

/// Notes in the event which rating period its players' values come from (the setting
/// `rating-period`), logged when it changes, inside the caller's transaction.
pub(super) fn note_period(
    tx: &Transaction<'_>,
    period: &str,
    command: &str,
) -> Result<(), StoreError> {
    let old: Option<String> = tx
        .query_row(
            "SELECT value FROM setting WHERE key = 'rating-period'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    if old.as_deref() == Some(period) {
        return Ok(());
    }
    tx.execute(
        "INSERT INTO setting (key, value) VALUES ('rating-period', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [period],
    )?;
    log(
        tx,
        command,
        "setting rating-period",
        Some(old.as_deref().unwrap_or("")),
        Some(period),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u64, name: &str, rating: u16) -> ListPlayer {
        ListPlayer {
            fide_id: id,
            name: name.into(),
            standard: RateFigures {
                rating: Some(rating),
                games: Some(3),
                k: Some(20),
            },
            ..ListPlayer::default()
        }
    }

    #[test]
    fn a_period_is_replaced_whole_or_not_at_all() {
        let mut list = RatingList::in_memory().unwrap();
        let first = list.replace_period("2026-07", "a.txt", "TXT", |w| {
            w.add(&player(1, "A, A", 2000))?;
            w.add(&player(2, "B, B", 1900))
        });
        assert_eq!(first, Ok((0, 2)));
        // A second list of the period that fails half-way changes nothing.
        let refused: Result<_, StoreError> = list.replace_period("2026-07", "b.txt", "TXT", |w| {
            w.add(&player(1, "A, A", 2100))?;
            w.add(&player(1, "A, A", 2100))
        });
        assert_eq!(
            refused,
            Err(StoreError::Invalid("FIDE ID 1 is on the list twice".into()))
        );
        assert_eq!(
            list.player("2026-07", 1).unwrap().unwrap(),
            player(1, "A, A", 2000)
        );
        assert_eq!(list.periods().unwrap()[0].source, "a.txt");
        // Another period stands beside it; the one valid in a month is the latest before it.
        list.replace_period::<StoreError>("2026-09", "c.txt", "XML", |w| {
            w.add(&player(1, "A, A", 2050))
        })
        .unwrap();
        assert_eq!(
            list.period_valid_in(Some("2026-08")).unwrap().as_deref(),
            Some("2026-07")
        );
        assert_eq!(
            list.period_valid_in(None).unwrap().as_deref(),
            Some("2026-09")
        );
        assert_eq!(list.period_valid_in(Some("2026-06")).unwrap(), None);
        assert_eq!(list.player("2026-09", 2).unwrap(), None);
    }
}
