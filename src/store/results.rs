//! Results of games: entering and correcting them (judged by when they are reported, C.04.2
//! Art. 3.1 and 4.3), the boards of a paired round, and the game records attached to them.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::tournament::{ADJOURNED, PlayerId, Points};
use crate::trf::{AbnormalPoints, PointValues, Trf};

use super::{
    Store, StoreError, last_paired_round, log::log, rounds::GameRow, rounds::require_paired_in,
};

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

impl Store {
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
        let last = last_paired_round(tx)?;
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
pub(super) fn rating_only_correction(
    conn: &Connection,
    trf: &Trf,
    record: &AbnormalPoints,
) -> Result<bool, StoreError> {
    let delta = record.points;
    let (Some(round), &[player]) = (record.round, &record.players[..]) else {
        return Ok(false);
    };
    if delta == Points::ZERO {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{event, ids};

    /// Four players, round 1 paired: 1-3 and 4-2.
    fn round_one() -> Store {
        let mut store = event(&[2000, 1900, 1800, 1700]);
        store
            .save_pairing(1, &ids(&[(1, 3), (4, 2)]), None, "pair")
            .unwrap();
        store
    }

    fn codes_of(store: &Store, round: u32, white: u16) -> (char, char) {
        let game = store
            .round(round)
            .unwrap()
            .games
            .into_iter()
            .find(|g| g.white.0 == white)
            .unwrap();
        (game.white_code, game.black_code)
    }

    #[test]
    fn a_result_is_entered_from_either_player_and_changed_only_as_a_correction() {
        let mut store = round_one();
        // Entered through Black's number, the codes still read from White's side.
        let (_, entered) = store.record_result(1, 3, ('1', '0'), false).unwrap();
        assert_eq!(entered, Entered::Result);
        assert_eq!(codes_of(&store, 1, 1), ('1', '0'));
        let err = store.record_result(1, 1, ('0', '1'), false).unwrap_err();
        assert!(matches!(err, StoreError::Refused(_)), "{err:?}");
        assert_eq!(codes_of(&store, 1, 1), ('1', '0'));
        let (_, entered) = store.record_result(1, 1, ('0', '1'), true).unwrap();
        assert_eq!(entered, Entered::BeforeNextPairing);
        assert_eq!(codes_of(&store, 1, 1), ('0', '1'));
    }

    /// C.04.2 Art. 4.3: a correction reported after the next round is paired counts from the
    /// pairing after it; once that round has ended, it is for rating evaluation only and the
    /// tournament keeps its result.
    #[test]
    fn a_correction_is_judged_by_when_it_is_reported() {
        let mut store = round_one();
        store.record_result(1, 1, ('1', '0'), false).unwrap();
        store.record_result(1, 4, ('=', '='), false).unwrap();
        store
            .save_pairing(2, &ids(&[(2, 1), (3, 4)]), None, "pair")
            .unwrap();
        let (_, entered) = store.record_result(1, 4, ('1', '0'), true).unwrap();
        assert_eq!(entered, Entered::AfterNextPairing { paired: 2 });
        assert_eq!(codes_of(&store, 1, 4), ('1', '0'));
        store.record_result(2, 2, ('=', '='), false).unwrap();
        store.record_result(2, 3, ('0', '1'), false).unwrap();
        store
            .save_pairing(3, &ids(&[(1, 4), (2, 3)]), None, "pair")
            .unwrap();
        store.record_result(3, 1, ('1', '0'), false).unwrap();
        store.record_result(3, 2, ('1', '0'), false).unwrap();
        let (_, entered) = store.record_result(1, 1, ('=', '='), true).unwrap();
        assert_eq!(entered, Entered::RatingOnly);
        assert_eq!(codes_of(&store, 1, 1), ('1', '0'));
    }

    /// C.04.2 Art. 3.1: an adjourned game counts as a draw for the pairings meanwhile; its final
    /// result is no correction.
    #[test]
    fn an_adjourned_game_is_finished_not_corrected() {
        let mut store = round_one();
        store
            .record_result(1, 1, (ADJOURNED, ADJOURNED), false)
            .unwrap();
        let (_, entered) = store.record_result(1, 1, ('0', '1'), false).unwrap();
        assert_eq!(entered, Entered::AdjournedFinished);
    }

    #[test]
    fn results_enter_all_together_or_not_at_all() {
        let mut store = round_one();
        let before = store.log().unwrap().len();
        let (index, err) = store
            .enter_results(&[(1, 1, ('1', '0')), (1, 9, ('0', '1'))], false, "test")
            .unwrap_err();
        assert_eq!((index, err), (1, StoreError::NoSuchPlayer(9)));
        assert_eq!(codes_of(&store, 1, 1), (' ', ' '));
        assert_eq!(store.log().unwrap().len(), before);
    }
}
