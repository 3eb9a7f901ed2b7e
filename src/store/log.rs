//! The event log: every change appends one line inside its own transaction, so the log and
//! the event never disagree.

use rusqlite::{Transaction, params};

use super::{Store, StoreError, now};

pub use crate::tournament::record::LogEntry;

impl Store {
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

/// Appends one change to the event log, inside the caller's transaction.
pub(super) fn log(
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

#[cfg(test)]
mod tests {
    use crate::store::test_support::event;

    /// The log is append-only in the file itself (triggers), not only by convention.
    #[test]
    fn the_log_cannot_be_rewritten() {
        let store = event(&[2000]);
        let lines = store.log().unwrap();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0].command, "new");
        for sql in ["UPDATE event_log SET what = 'x'", "DELETE FROM event_log"] {
            let err = store.conn.execute(sql, []).unwrap_err();
            assert!(err.to_string().contains("append-only"), "{sql}: {err}");
        }
        assert_eq!(store.log().unwrap(), lines);
    }
}
