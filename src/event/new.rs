//! Creating an event (`arbiter new`): the database with its settings, and a start date when
//! none is given.

use std::path::Path;

use crate::store::Store;

use super::EventError;

/// What creating the event decided beyond what was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    /// The start date taken, today's, when none was given (`YYYY-MM-DD`).
    pub start_today: Option<String>,
}

/// Creates the event database at `db` (refusing a file that exists) with the settings given.
/// The start date decides which tie-break and Laws editions apply (`auto`); an event created
/// without one is taken to start today, and says so, rather than leaving the standings unable
/// to choose an edition.
pub fn create(
    db: &Path,
    name: &str,
    mut settings: Vec<(&str, String)>,
) -> Result<Created, EventError> {
    let start_today = (!settings.iter().any(|(key, _)| *key == "start")).then(|| {
        chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string()
    });
    if let Some(today) = &start_today {
        settings.push(("start", today.clone()));
    }
    Store::create(db, name, &settings)?;
    Ok(Created { start_today })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_without_a_start_date_starts_today() {
        let dir = std::env::temp_dir().join(format!("arbiter-new-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("e.db");
        let created = create(&db, "E", vec![]).unwrap();
        let today = created.start_today.expect("today");
        assert_eq!(
            Store::open(&db).unwrap().event_settings().unwrap().start,
            today
        );
        let given = create(&dir.join("f.db"), "F", vec![("start", "2026-07-01".into())]);
        assert_eq!(given, Ok(Created { start_today: None }));
        assert!(
            create(&db, "E", vec![]).is_err(),
            "an existing file is refused"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
