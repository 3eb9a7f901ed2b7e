//! Rounds and their pairings: requested byes, prohibited pairings, saving a round's pairing,
//! the draw of the initial colour, publication, and undoing a pairing on the grounds of
//! C.04.2 Art. 4.4. Also the checks that a round exists or is paired, which the other parts
//! share.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::chess::Color;
use crate::tournament::PlayerId;
use crate::tournament::settings::InitialColour;

use super::{Store, StoreError, event_settings_in, last_paired_round, log::log};
pub use crate::tournament::record::{GameRow, RoundView};

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

impl Store {
    /// Records a requested bye or known absence for a round not yet paired: `code` is `H`
    /// (half point), `Z` (zero) or `F` (full point).
    pub fn request_bye(&mut self, number: u16, round: u32, code: char) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        Store::require_player(&tx, number)?;
        require_bye_round(&tx, round)?;
        if round_is_paired(&tx, round)? {
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
        if round_is_paired(&tx, round)? {
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
        if self.event_settings()?.fide_mode && self.rounds_started()? > 0 {
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
        if self.event_settings()?.fide_mode && self.rounds_started()? > 0 {
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
            && event_settings_in(&tx)?.initial_colour == InitialColour::Lots
        {
            record_initial_colour(&tx, seed, colour)?;
        }
        if let Some(rounds) = rounds
            && event_settings_in(&tx)?.rounds.is_none()
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
        match self.event_settings()?.initial_colour {
            InitialColour::White => return Ok(Color::White),
            InitialColour::Black => return Ok(Color::Black),
            InitialColour::Lots => {}
        }
        let colour = initial_colour_by_lot(seed);
        let tx = self.conn.transaction()?;
        record_initial_colour(&tx, seed, colour)?;
        tx.commit()?;
        Ok(colour)
    }

    /// Refuses a round that is not paired yet, saying which rounds are.
    pub fn require_paired(&self, round: u32) -> Result<(), StoreError> {
        require_paired_in(&self.conn, round)
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
                // An event without a number of rounds has no last round to name.
                let rounds = self.event_settings()?.rounds.unwrap_or(0);
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
            concat!("DELETE FROM entry WHERE round = ?1 AND ", paired_entry!()),
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
pub(super) fn require_planned_round(
    conn: &Connection,
    round: u32,
    flag: &str,
) -> Result<(), StoreError> {
    if let Some(planned) = event_settings_in(conn)?.rounds
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
pub(super) fn require_paired_in(conn: &Connection, round: u32) -> Result<(), StoreError> {
    if round == 0 {
        return Err(StoreError::Invalid(
            "rounds are numbered from 1; round 0 does not exist".into(),
        ));
    }
    let last = last_paired_round(conn)?;
    if round > last {
        return Err(StoreError::RoundNotPaired {
            round,
            paired: last,
        });
    }
    Ok(())
}

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

/// How many rounds have been paired (a round with only requested byes is not paired yet).
pub(super) fn paired_rounds(conn: &Connection) -> Result<u32, StoreError> {
    Ok(conn.query_row(
        concat!(
            "SELECT COUNT(DISTINCT round) FROM entry WHERE ",
            paired_entry!()
        ),
        [],
        |r| r.get(0),
    )?)
}

/// Whether `round` is paired (see `paired_entry!`).
fn round_is_paired(conn: &Connection, round: u32) -> Result<bool, StoreError> {
    Ok(conn.query_row(
        concat!(
            "SELECT EXISTS (SELECT 1 FROM entry WHERE round = ?1 AND ",
            paired_entry!(),
            ")"
        ),
        [round],
        |r| r.get(0),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A caller can tell "not paired yet" from other refusals by its variant; the words are
    /// the ones `round show` and `result` have always printed.
    #[test]
    fn an_unpaired_round_is_its_own_error() {
        let store = Store::create_in_memory("x", &[]).unwrap();
        let err = store.require_paired(2).unwrap_err();
        assert_eq!(
            err,
            StoreError::RoundNotPaired {
                round: 2,
                paired: 0
            }
        );
        assert_eq!(
            err.to_string(),
            "round 2 is not paired yet (no round is paired yet); `arbiter pair` pairs the next round"
        );
    }

    use crate::store::test_support::{event, ids};
    use crate::tournament::PlayerId;

    /// The next round is paired only when every game of the last one has a result.
    #[test]
    fn a_round_waits_for_the_results_of_the_last() {
        let mut store = event(&[2000, 1900, 1800, 1700]);
        store
            .save_pairing(1, &ids(&[(1, 3), (4, 2)]), None, "pair")
            .unwrap();
        let err = store
            .save_pairing(2, &ids(&[(1, 2), (3, 4)]), None, "pair")
            .unwrap_err();
        assert!(matches!(err, StoreError::Refused(_)), "{err:?}");
        assert_eq!(store.rounds_started().unwrap(), 1);
    }

    #[test]
    fn a_player_paired_twice_is_refused_and_nothing_is_stored() {
        let mut store = event(&[2000, 1900, 1800, 1700]);
        let before = store.log().unwrap().len();
        let err = store
            .save_pairing(1, &ids(&[(1, 3), (3, 2)]), Some(PlayerId(4)), "pair")
            .unwrap_err();
        assert!(
            matches!(err, StoreError::Refused(_) | StoreError::Invalid(_)),
            "{err:?}"
        );
        assert_eq!(store.rounds_started().unwrap(), 0);
        assert_eq!(store.log().unwrap().len(), before);
    }

    /// A prohibited pairing is stored once whatever the order of its players.
    #[test]
    fn a_prohibited_pairing_is_one_pair() {
        let mut store = event(&[2000, 1900, 1800]);
        assert_eq!(store.forbid(&[3, 1]).unwrap(), 1);
        assert_eq!(store.forbid(&[1, 3]).unwrap(), 0);
        assert_eq!(store.forbidden().unwrap(), vec![(1, 3)]);
        assert_eq!(store.unforbid(&[3, 1]).unwrap(), 1);
        assert!(store.forbidden().unwrap().is_empty());
    }
}
