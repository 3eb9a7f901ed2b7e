//! The players of an event: registration (and late entry), corrections, pairing numbers (by
//! rating, by lot, or as given), withdrawals and removal. Every number a player gets or loses
//! is decided here.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::tournament::settings::Numbering;
use crate::tournament::{MAX_PLAYERS, Player, PlayerId, Sex, Title};

use super::{
    Store, StoreError, event_settings_in, last_paired_round, log::log, plain_text,
    rounds::paired_rounds, rounds::require_planned_round,
};

/// A detail of a player that may be cleared (`player edit --clear`, or `ratings check
/// --update` when the rating list shows a player unrated or without a title).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlayerField {
    Rating,
    FideId,
    Federation,
    Title,
    Birth,
    Sex,
    Club,
    NationalRating,
    KFactor,
    ListGames,
    OtherTitles,
}

impl PlayerField {
    /// The column that holds the field. Only these fixed names are ever written into SQL.
    fn column(self) -> &'static str {
        match self {
            PlayerField::Rating => "rating",
            PlayerField::FideId => "fide_id",
            PlayerField::Federation => "federation",
            PlayerField::Title => "title",
            PlayerField::Birth => "birth",
            PlayerField::Sex => "sex",
            PlayerField::Club => "club",
            PlayerField::NationalRating => "national_rating",
            PlayerField::KFactor => "k_factor",
            PlayerField::ListGames => "list_games",
            PlayerField::OtherTitles => "other_titles",
        }
    }
}

/// The details `player edit` may change; `None` leaves a field as it is, and the fields in
/// `cleared` become unknown.
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
    pub k_factor: Option<u8>,
    pub list_games: Option<u16>,
    pub other_titles: Option<String>,
    pub cleared: Vec<PlayerField>,
}

impl Store {
    /// Registers several players in one transaction, numbered in order after those already
    /// registered: all of them or none.
    pub fn add_players(&mut self, players: &[Player], source: &str) -> Result<u16, StoreError> {
        self.add_players_from_list(players, source, None)
    }

    /// [`Store::add_players`], noting in the same transaction the rating period some of the
    /// players' values were taken from (`period`), as `import players` does when it fills
    /// rows from the FIDE rating list.
    pub fn add_players_from_list(
        &mut self,
        players: &[Player],
        source: &str,
        period: Option<&str>,
    ) -> Result<u16, StoreError> {
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
        if let Some(period) = period {
            super::ratings::note_period(&tx, period, "import players")?;
        }
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
        self.add_player_from_list(player, None)
    }

    /// [`Store::add_player`], noting in the same transaction the rating period the player's
    /// values were taken from (`player add --fide-id`).
    pub fn add_player_from_list(
        &mut self,
        player: &Player,
        period: Option<&str>,
    ) -> Result<PlayerId, StoreError> {
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
        if let Some(period) = period {
            super::ratings::note_period(&tx, period, "player add")?;
        }
        let moved = renumber_by_rank(&tx, "player add")?;
        tx.commit()?;
        let number = moved
            .iter()
            .find(|(old, _)| *old == number)
            .map_or(number, |&(_, new)| new);
        Ok(PlayerId(number))
    }

    pub(super) fn require_player(tx: &Transaction<'_>, number: u16) -> Result<String, StoreError> {
        tx.query_row("SELECT name FROM player WHERE number = ?1", [number], |r| {
            r.get(0)
        })
        .optional()?
        .ok_or(StoreError::NoSuchPlayer(number))
    }

    /// Every player's name by pairing number, for the tables that name players.
    pub fn player_names(
        &self,
    ) -> Result<std::collections::HashMap<crate::tournament::PlayerId, String>, StoreError> {
        Ok(self
            .players()?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect())
    }

    /// Whether the pairing numbers were made by rating and are now final: they follow every
    /// correction until round 4 is paired (C.04.2 Art. 2.3), and not after.
    pub fn numbers_final_by_rating(&self) -> Result<bool, StoreError> {
        Ok(numbering(&self.conn)? == Numbering::Rating && paired_rounds(&self.conn)? >= 4)
    }

    /// Changes a registered player's details, logging each field that changes. Returns the
    /// pairing numbers that moved, (old, new).
    pub fn edit_player(
        &mut self,
        number: u16,
        changes: &PlayerChanges,
    ) -> Result<Vec<(u16, u16)>, StoreError> {
        let tx = self.conn.transaction()?;
        let moved = edit_player_in(&tx, number, changes, "player edit")?;
        tx.commit()?;
        Ok(moved)
    }

    /// Takes the rating list's values for several players in one transaction (`ratings check
    /// --update`), each change logged under `command`, and notes the list's period. Returns
    /// the pairing numbers that moved, (old, new).
    pub fn edit_players_from_list(
        &mut self,
        changes: &[(u16, PlayerChanges)],
        period: &str,
        command: &str,
    ) -> Result<Vec<(u16, u16)>, StoreError> {
        let tx = self.conn.transaction()?;
        let mut moved = Vec::new();
        // Numbers may move after each change (C.04.2 2.3): each player is followed by FIDE
        // ID, which does not move, when one is known.
        for (number, change) in changes {
            let fide_id: Option<i64> = tx
                .query_row(
                    "SELECT fide_id FROM player WHERE number = ?1",
                    [number],
                    |r| r.get(0),
                )
                .optional()?
                .flatten();
            let now: u16 = match fide_id {
                Some(id) => tx
                    .query_row("SELECT number FROM player WHERE fide_id = ?1", [id], |r| {
                        r.get(0)
                    })
                    .optional()?
                    .unwrap_or(*number),
                None => *number,
            };
            moved.extend(edit_player_in(&tx, now, change, command)?);
        }
        super::ratings::note_period(&tx, period, command)?;
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
        if numbering(&self.conn)? != Numbering::Lots {
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
        let what = format!("pairing numbers drawn by lot (seed {seed})");
        tx.execute("INSERT INTO lots_drawn (what) VALUES (?1)", [&what])?;
        let moved = apply_order(&tx, &order, "player draw-lots", &what)?;
        if moved.is_empty() {
            log(
                &tx,
                "player draw-lots",
                &what,
                None,
                Some("every number stays"),
            )?;
        }
        tx.commit()?;
        Ok(moved)
    }

    /// Whether the pairing numbers have been drawn by lot ([`Store::draw_lots`] records each
    /// draw): `pair` draws them before round 1 only when the director has not.
    pub fn lots_drawn(&self) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM lots_drawn)", [], |r| r.get(0))?)
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
                    concat!(
                        "SELECT round, code FROM entry WHERE player = ?1 AND round >= ?2 AND ",
                        paired_entry!(),
                        " ORDER BY round DESC LIMIT 1"
                    ),
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
}

/// One player's changes inside the caller's transaction, each field logged under `command`.
fn edit_player_in(
    tx: &Transaction<'_>,
    number: u16,
    changes: &PlayerChanges,
    command: &str,
) -> Result<Vec<(u16, u16)>, StoreError> {
    Store::require_player(tx, number)?;
    let fields: [(&str, Option<String>); 12] = [
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
        ("k_factor", changes.k_factor.map(|k| k.to_string())),
        ("list_games", changes.list_games.map(|g| g.to_string())),
        ("other_titles", changes.other_titles.clone()),
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
            tx,
            command,
            &format!("player {number} {column}"),
            old.as_deref(),
            Some(&value),
        )?;
    }
    for field in &changes.cleared {
        let column = field.column();
        let old: Option<String> = tx.query_row(
            &format!("SELECT CAST({column} AS TEXT) FROM player WHERE number = ?1"),
            [number],
            |r| r.get(0),
        )?;
        if old.is_none() {
            continue;
        }
        tx.execute(
            &format!("UPDATE player SET {column} = NULL WHERE number = ?1"),
            [number],
        )?;
        log(
            tx,
            command,
            &format!("player {number} {column}"),
            old.as_deref(),
            None,
        )?;
    }
    let cleared = |f: PlayerField| changes.cleared.contains(&f);
    // A corrected rating, title or name may move the player in the starting order
    // (C.04.2 Art. 2.3), until round 4 is paired.
    let moved = if changes.name.is_some()
        || changes.rating.is_some()
        || changes.title.is_some()
        || cleared(PlayerField::Rating)
        || cleared(PlayerField::Title)
    {
        renumber_by_rank(tx, command)?
    } else {
        Vec::new()
    };
    Ok(moved)
}

pub(super) fn players_in(conn: &Connection) -> Result<Vec<Player>, StoreError> {
    {
        let mut stmt = conn.prepare(
            "SELECT number, name, title, rating, fide_id, federation, birth, sex, club, national_rating,
                    k_factor, list_games, other_titles
             FROM player ORDER BY number",
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
                k_factor: r.get(10)?,
                list_games: r.get(11)?,
                other_titles: r.get(12)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// A player registered after rounds were paired is a late entry: the rounds missed are
/// recorded as absences (zero points; a director may turn them into half-point byes).
fn mark_late_entry(tx: &Transaction<'_>, number: u16) -> Result<Option<u32>, StoreError> {
    let paired = last_paired_round(tx)?;
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

pub(super) fn insert_player(
    tx: &Transaction<'_>,
    number: u16,
    player: &Player,
) -> Result<(), StoreError> {
    plain_text("name", &player.name)?;
    for (field, text) in [
        ("federation", &player.federation),
        ("birth date", &player.birth),
        ("club", &player.club),
        ("other titles", &player.other_titles),
    ] {
        if let Some(text) = text {
            plain_text(field, text)?;
        }
    }
    tx.execute(
        "INSERT INTO player (number, name, title, rating, fide_id, federation, birth, sex, club, national_rating,
                             k_factor, list_games, other_titles)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
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
            player.k_factor,
            player.list_games,
            player.other_titles,
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

/// The numbering method in force: `Rating`, `Lots` or `Given` (`Auto` resolved by system).
fn numbering(conn: &Connection) -> Result<Numbering, StoreError> {
    let settings = event_settings_in(conn)?;
    Ok(match settings.pairing_numbers {
        Numbering::Auto if settings.system.is_round_robin() => Numbering::Lots,
        Numbering::Auto => Numbering::Rating,
        method => method,
    })
}

/// Keeps a Swiss event's pairing numbers in the order of C.04.2 Art. 2.2 (rating, title,
/// name) after a registration or a correction. The numbers are provisional until round 4 is
/// paired (Art. 2.3 and 2.5): a late entry before then is slotted in by strength and the
/// players after it move down one number; from then on nobody's number changes and a late
/// entry takes the next free number. Returns the numbers that changed, (old, new).
fn renumber_by_rank(tx: &Transaction<'_>, command: &str) -> Result<Vec<(u16, u16)>, StoreError> {
    if numbering(tx)? != Numbering::Rating || paired_rounds(tx)? >= 4 {
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
                                  federation, birth, sex, club, withdrawn_from, late_from,
                                  k_factor, list_games, other_titles)
             SELECT r.new, p.name, p.title, p.rating, p.national_rating, p.fide_id,
                    p.federation, p.birth, p.sex, p.club, p.withdrawn_from, p.late_from,
                    p.k_factor, p.list_games, p.other_titles
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A number no player has is its own error, which a caller can match, and nothing changes.
    #[test]
    fn an_unknown_number_is_no_such_player() {
        let mut store = Store::create_in_memory("x", &[]).unwrap();
        let err = store.remove_player(7).unwrap_err();
        assert_eq!(err, StoreError::NoSuchPlayer(7));
        assert_eq!(
            err.to_string(),
            "there is no player 7; `arbiter player list` shows the numbers"
        );
        assert!(store.players().unwrap().is_empty());
    }
    use crate::store::test_support::{event, ids, player};

    fn ratings_by_number(store: &Store) -> Vec<Option<u16>> {
        store.players().unwrap().iter().map(|p| p.rating).collect()
    }

    /// C.04.2 Art. 2.2-2.3: in a Swiss event the numbers follow rating (then title, name)
    /// after every registration until round 4 is paired.
    #[test]
    fn swiss_numbers_follow_the_ratings_until_round_four() {
        let mut store = event(&[1800, 2100, 1950]);
        assert_eq!(
            ratings_by_number(&store),
            vec![Some(2100), Some(1950), Some(1800)]
        );
        store.add_player(&player("Late, Entry", 2000)).unwrap();
        assert_eq!(
            ratings_by_number(&store),
            vec![Some(2100), Some(2000), Some(1950), Some(1800)]
        );
        assert!(!store.numbers_final_by_rating().unwrap());
    }

    #[test]
    fn a_fide_id_registered_twice_is_refused_and_nothing_changes() {
        let mut store = event(&[]);
        let mut first = player("First, A", 2000);
        first.fide_id = Some(1503014);
        store.add_player(&first).unwrap();
        let mut second = player("Second, B", 1900);
        second.fide_id = Some(1503014);
        let err = store
            .add_players(&[player("Third, C", 1800), second], "test")
            .unwrap_err();
        assert!(matches!(err, StoreError::Refused(_)), "{err:?}");
        assert_eq!(store.players().unwrap().len(), 1);
    }

    #[test]
    fn a_withdrawal_is_kept_from_its_round() {
        let mut store = event(&[2000, 1900, 1800, 1700]);
        store
            .save_pairing(1, &ids(&[(1, 3), (4, 2)]), None, "pair")
            .unwrap();
        store.set_withdrawn(2, Some(2)).unwrap();
        assert_eq!(
            store.withdrawals().unwrap(),
            std::collections::HashMap::from([(2, 2)])
        );
    }
}
