//! The event written out for other programs (`arbiter export trf|players|pgn`): the FIDE report
//! with each player's rank ([`report_text`]; [`with_ranks`] is shared with the site's
//! downloadable report), the players as CSV and the games as PGN.

use std::collections::HashMap;

use super::EventError;
use super::standings::StandingsSource;
use crate::store::Store;
use crate::tournament::PlayerId;
use crate::tournament::settings::EventSettings;

/// The FIDE report as `export trf` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportText {
    /// The report's text.
    pub text: String,
    /// Why the ranks (columns 86-89) are left blank, when the standings could not be made.
    pub ranks_left_blank: Option<String>,
}

/// The FIDE report as `export trf` writes it (and the site offers it): the rating report,
/// with corrections for rating evaluation only, and each player's rank in the standings
/// after the last round paired. What the ranks assume goes to `note`.
pub fn report_text(store: &Store, note: &mut dyn FnMut(String)) -> Result<ReportText, EventError> {
    // Both reports come from one read of the event: the tournament's record for the
    // standings, the rating report for the file.
    let (tournament, mut trf) = store.tournament_and_rating_reports()?;
    let paired = store.rounds_started()?;
    let mut ranks_left_blank = None;
    if paired > 0 {
        // Only the ranks are wanted, so the standings are made without each player's
        // working, which would cost more than the ranking itself and change no rank.
        let ranked = (1..=paired)
            .map(|r| store.round(r))
            .collect::<Result<Vec<_>, _>>()
            .map_err(EventError::from)
            .and_then(|rounds| {
                let settings = store.event_settings()?;
                StandingsSource::from_read(store, &settings, &tournament, &rounds, None, None, None)
            })
            .and_then(|mut source| {
                source.options.explain = false;
                for line in source.notes(false) {
                    note(line);
                }
                source.after(paired)
            });
        match ranked {
            Ok(standings) => with_ranks(&mut trf, &standings.table),
            Err(failure) => ranks_left_blank = Some(failure.to_string()),
        }
    }
    Ok(ReportText {
        text: crate::trf::write(&trf),
        ranks_left_blank,
    })
}

/// Columns 86-89 of each `001` record: the player's rank in `table`, as the standings show
/// it (shared places repeat). Nothing before a round is counted.
pub fn with_ranks(trf: &mut crate::trf::Trf, table: &crate::standings::Standings) {
    if table.rounds == 0 {
        return;
    }
    let ranks: HashMap<PlayerId, u32> = table
        .rows
        .iter()
        .map(|row| (row.player.id, row.rank))
        .collect();
    for player in &mut trf.players {
        player.rank = ranks
            .get(&player.player.id)
            .and_then(|&r| u16::try_from(r).ok());
    }
}

/// The players as CSV, the columns `import players` reads (`export players`).
pub fn players_csv(store: &Store) -> Result<String, EventError> {
    crate::render::event::players_csv(&store.players()?)
        .map_err(|e| EventError::Io(format!("cannot write the players: {e}")))
}

/// Every attached game as one PGN text, by round and board (`export pgn`); empty when none is
/// attached.
pub fn games_pgn(store: &Store) -> Result<String, EventError> {
    games_pgn_with(store, &store.event_settings()?)
}

/// Every attached score as one PGN text (`export pgn` and the site's `games.pgn`): tags from
/// the event and the pairing, the entered result in the Result tag (see
/// [`crate::render::pgn`]).
pub fn games_pgn_with(store: &Store, settings: &EventSettings) -> Result<String, EventError> {
    let records = store.game_records()?;
    if records.is_empty() {
        return Ok(String::new());
    }
    let players = store.players()?;
    let player = |n: u16| {
        players.iter().find(|p| p.id.0 == n).ok_or_else(|| {
            EventError::invalid(format!(
                "a stored game names player {n}, who is not registered"
            ))
        })
    };
    let mut rounds: std::collections::HashMap<u32, crate::store::RoundView> = Default::default();
    let mut games = Vec::with_capacity(records.len());
    for (round, white, black, score) in &records {
        if !rounds.contains_key(round) {
            rounds.insert(*round, store.round(*round)?);
        }
        // The pairing as it stands: board and the result entered, if any.
        let pairing = rounds[round]
            .games
            .iter()
            .find(|g| g.white.0 == *white && g.black.0 == *black)
            .copied();
        let board = pairing.and_then(|g| g.board);
        games.push((
            (*round, board.unwrap_or(u32::MAX)),
            crate::render::pgn::game_pgn(
                settings,
                &crate::render::pgn::PgnGame {
                    round: *round,
                    board,
                    white: player(*white)?,
                    black: player(*black)?,
                    white_code: pairing.map_or(' ', |g| g.white_code),
                    black_code: pairing.map_or(' ', |g| g.black_code),
                    text: score,
                },
            ),
        ));
    }
    // By round and board, as the pairings list them.
    games.sort_by_key(|(order, _)| *order);
    Ok(games.into_iter().map(|(_, game)| game).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_with_no_round_has_a_report_without_ranks_or_notes() {
        let store = Store::create_in_memory("x", &[]).expect("an in-memory store");
        let mut notes = Vec::new();
        let report = report_text(&store, &mut |n| notes.push(n)).expect("the report");
        assert_eq!(report.ranks_left_blank, None);
        assert!(notes.is_empty(), "{notes:?}");
        assert!(report.text.contains("012"), "{}", report.text);
    }

    #[test]
    fn no_game_attached_gives_an_empty_pgn() {
        let store = Store::create_in_memory("x", &[]).expect("an in-memory store");
        assert_eq!(games_pgn(&store).expect("the games"), "");
        assert!(players_csv(&store).expect("the players").lines().count() <= 1);
    }
}
