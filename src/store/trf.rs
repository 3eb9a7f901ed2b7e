//! The event as a TRF report and back: importing a report into a new event, and writing the
//! tournament report and the report for rating evaluation from the database. The mapping
//! between the tables and the TRF records lives here only.

use rusqlite::params;

use crate::chess::Color;
use crate::tournament::settings::{
    AccelerationMethod, EventSettings, InitialColour, PairingSystem,
};
use crate::tournament::{ADJOURNED, PlayerId, Points, RoundResult};
use crate::trf::{EventRecord, EventRecords, PointValues, RecordKind, Trf, TrfPlayer, TrfRound};

use super::{
    Store, StoreError, event_settings_in, log::log, players::insert_player, players::players_in,
    results::rating_only_correction,
};

impl Store {
    /// Imports a whole report into an event that has no players yet: players with their
    /// numbers, every round entry, and the settings the report names. One transaction.
    pub fn import_trf(&mut self, trf: &Trf, file: &str) -> Result<(), StoreError> {
        self.import_trf_from_list(trf, file, None)
    }

    /// [`Store::import_trf`], noting in the same transaction the rating period some of the
    /// players' values were filled from (`period`).
    pub fn import_trf_from_list(
        &mut self,
        trf: &Trf,
        file: &str,
        period: Option<&str>,
    ) -> Result<(), StoreError> {
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
        // The settings the event had before the import (given at `new`); the report's own
        // decide where it names them.
        let before = event_settings_in(&tx)?;
        let mut system = before.system;
        let mut forfeit_wins: Vec<(Points, String)> = Vec::new();
        let mut half_byes: Vec<(Points, String)> = Vec::new();
        // Acceleration records as read with their lines, the engines' XXA lines, and a 192
        // naming the Baku method: which of them is the acceleration setting is decided once
        // all are known.
        let mut accelerations: Vec<(crate::trf::Acceleration, String)> = Vec::new();
        let mut player_accelerations: Vec<String> = Vec::new();
        let mut baku_named: Vec<String> = Vec::new();
        // Every record as the TRF module reads it (the pairing input reads the same), in the
        // order written: the records no setting holds are kept in that order.
        let records = EventRecords::of(trf);
        for EventRecord { code, line, kind } in &records.records {
            let unreadable = || {
                StoreError::Invalid(format!(
                    "record `{line}` cannot be read: expected the columns of TRF-2026"
                ))
            };
            let unreadable_at = |error: &crate::trf::AccelerationError| {
                StoreError::Invalid(format!("record `{line}`, column {}: {error}", error.column))
            };
            match kind {
                RecordKind::RoundDates(dates) => set("round-dates", Some(dates.join(",")))?,
                RecordKind::Tiebreaks(list) => set("tiebreaks", Some(list.clone()))?,
                RecordKind::EventType(kind) => {
                    if let Some(named) = kind.pairing_system() {
                        system = named;
                        set("system", Some(named.as_str().to_owned()))?;
                    }
                }
                RecordKind::Bye(request) => {
                    // A requested bye; the round column of the player may say it too.
                    let request = request.as_ref().ok_or_else(unreadable)?;
                    for id in &request.players {
                        tx.execute(
                            "INSERT OR IGNORE INTO entry (round, player, opponent, colour, code) VALUES (?1, ?2, NULL, '-', ?3)",
                            params![request.round, id, request.kind.to_string()],
                        )?;
                    }
                }
                RecordKind::Counts => {}
                RecordKind::NationalRating(rating) => {
                    // A national rating record: the player's number at 5-8, the rating at
                    // 49-52; one whose numbers do not read says nothing.
                    if let Some(rating) = rating {
                        tx.execute(
                            "UPDATE player SET national_rating = ?2 WHERE number = ?1",
                            params![rating.player, rating.rating],
                        )?;
                    }
                }
                // Point values are read once below, from 162 or the engines' BBx lines.
                RecordKind::PointValues(_) => {}
                RecordKind::AbnormalPoints(Some(abnormal)) => match abnormal.kind.as_str() {
                    "+" => forfeit_wins.push((abnormal.points, line.clone())),
                    "H" => half_byes.push((abnormal.points, line.clone())),
                    // A correction for rating evaluation only, as `export trf` writes it: the
                    // game's code is the corrected one, and the record the points the
                    // tournament gives on top. The tournament keeps its own result.
                    "" if rating_only_correction(&tx, trf, abnormal)? => {}
                    _ => keep(code, line)?,
                },
                RecordKind::TimeControl(_) if encodable_time_control => {}
                // `trf::parse` refuses these already; a report built otherwise is checked here.
                RecordKind::Acceleration(read) => {
                    let record = read.as_ref().map_err(unreadable_at)?;
                    accelerations.push((*record, line.clone()));
                }
                RecordKind::PlayerAcceleration(read) => {
                    read.as_ref().map_err(unreadable_at)?;
                    player_accelerations.push(line.clone());
                }
                RecordKind::System(named) if crate::pairing::baku::is_system_code(named) => {
                    baku_named.push(line.clone());
                }
                RecordKind::Prohibition(prohibition) => {
                    // Every pair among the players, for the record's rounds (XXP: all).
                    let prohibition = prohibition.as_ref().ok_or_else(unreadable)?;
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
                // A 299 whose points do not read, a 192 naming another system, a 212, a 222
                // that the 122 does not give back, team records and any other record.
                RecordKind::AbnormalPoints(None)
                | RecordKind::TimeControl(_)
                | RecordKind::System(_)
                | RecordKind::StandingsOrder(_)
                | RecordKind::Team
                | RecordKind::Other => keep(code, line)?,
            }
        }
        // A report with a `212` (the standings' order: the points, then the tie-breaks) and no
        // `202` names the event's tie-breaks there; the record itself is kept as written.
        if let Some(("212", _, list)) = crate::standings::RecordedList::of_report(trf)
            && !list.entries.is_empty()
        {
            set("tiebreaks", Some(list.text()))?;
        }
        let values = records.point_values;
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
        if system.is_round_robin() {
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
            records.rounds.unwrap_or(0),
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
        if let Some(period) = period {
            super::ratings::note_period(&tx, period, "import trf")?;
        }
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
        let settings = self.event_settings()?;
        let dated = |value: &str| (!value.is_empty()).then(|| value.replace('-', "/"));
        let text = |value: &str| (!value.is_empty()).then(|| value.to_owned());
        // A round counts towards the points once it is paired; before that it may only hold
        // requested byes for the round to come.
        let paired: Vec<u32> = self
            .conn
            .prepare(concat!(
                "SELECT DISTINCT round FROM entry WHERE ",
                paired_entry!()
            ))?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let next_round = paired.iter().max().copied().unwrap_or(0) + 1;
        // Points under the event's own scoring, as the 162 record of the report declares it.
        let scoring = settings.scoring;
        let values = PointValues {
            win: scoring.win,
            draw: scoring.draw,
            loss: scoring.loss,
            absence: scoring.forfeit_loss,
            bye: free_round_or_pab(&settings),
        };
        // The TRF has one value for a win, a forfeit win and a full-point bye, and one for a
        // draw and a half-point bye; where the event scores them apart, the points come from
        // the event and 299 records say so.
        let forfeit_win = scoring.forfeit_win;
        let half_point_bye = scoring.hpb;
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
            name: text(&settings.name),
            city: text(&settings.city),
            federation: text(&settings.federation),
            start_date: dated(&settings.start),
            end_date: dated(&settings.end),
            chief_arbiter: text(&settings.arbiter),
            deputy_arbiters: Vec::new(),
            time_control: text(&settings.time_control),
            rounds: settings.rounds,
            initial_colour: match settings.initial_colour {
                InitialColour::White => Some(Color::White),
                InitialColour::Black => Some(Color::Black),
                InitialColour::Lots => None,
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
            let mut other = self.event_records(&settings, &players, &paired)?;
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
        settings: &EventSettings,
        players: &[TrfPlayer],
        paired: &[u32],
    ) -> Result<Vec<(String, String)>, StoreError> {
        let mut records = Vec::new();
        let mut push = |code: &str, line: String| records.push((code.to_owned(), line));
        push("062", format!("062 {}", players.len()));
        let rated = players.iter().filter(|p| p.player.rating.is_some()).count();
        push("072", format!("072 {rated}"));
        let kind = match settings.system {
            PairingSystem::Berger => "Individual: Round-Robin",
            PairingSystem::DoubleBerger => "Individual: Double Round-Robin",
            PairingSystem::Dutch => "Individual: Swiss-System (FIDE Dutch)",
        };
        push("092", format!("092 {kind}"));
        let dates = &settings.round_dates;
        if !dates.is_empty() {
            // Round dates YY/MM/DD from column 92, every ten columns.
            let mut line = format!("{:<91}", "132");
            for date in dates {
                let short = date.get(2..).unwrap_or(date).replace('-', "/");
                line.push_str(&format!("{short:<10}"));
            }
            push("132", line.trim_end().to_owned());
        }
        let scoring = &settings.scoring;
        let points: Vec<String> = [
            ("W", scoring.win),
            ("D", scoring.draw),
            ("L", scoring.loss),
            ("A", scoring.forfeit_loss),
            ("P", free_round_or_pab(settings)),
        ]
        .iter()
        .map(|(code, points)| format!("{code}{:>4}", points.to_string()))
        .collect();
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
        let tiebreaks = &settings.tiebreaks;
        if !tiebreaks.is_empty() {
            push("202", format!("202 {tiebreaks}"));
        }
        if let Some(encoded) = encoded_time_control(&settings.time_control) {
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
        let baku = settings.acceleration == AccelerationMethod::Baku;
        if baku {
            // The system code says the method by name, for any reader; the 250 records say
            // it in numbers (and override the 192 for a reader that knows both). Without a
            // number of rounds no round is accelerated.
            push("192", "192 FIDE_DUTCH_BAKU".to_owned());
            let rounds = settings.rounds.unwrap_or(0);
            let values = PointValues {
                win: scoring.win,
                draw: scoring.draw,
                ..PointValues::default()
            };
            let last =
                u16::try_from(crate::pairing::baku::group_size(players.len())).unwrap_or(u16::MAX);
            for record in crate::pairing::baku::records(last, rounds, &values) {
                push("250", record.record());
            }
        }
        // Points that differ from the 162 values for their code: forfeit wins (W) and
        // half-point byes (D), as abnormal point assignments, one record per round and kind.
        let (forfeit_win, win) = (scoring.forfeit_win, scoring.win);
        let (hpb, draw) = (scoring.hpb, scoring.draw);
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
        let host = &settings.federation;
        for p in players {
            if let (Some(rating), false) = (p.player.national_rating, host.is_empty()) {
                let name: String = p.player.name.chars().take(33).collect();
                push(
                    host,
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
        for (code, line) in kept {
            // The Baku method's own 192 is written above; another system code kept from the
            // imported report would be a second one.
            if baku && code == "192" {
                continue;
            }
            push(&code, line);
        }
        // A prohibition to the end of an event without a number of rounds is written up to
        // round 99, the most a setting allows.
        let last_round = settings.rounds.unwrap_or(99);
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

/// The setting that scores a TRF `U`: in a Swiss the pairing-allocated bye; in a round robin,
/// which has none, the free round of an odd field (`points-free-round`, none by default: the
/// Berger tables give that player a rest, not a point).
fn free_round_or_pab(settings: &EventSettings) -> Points {
    if settings.system.is_round_robin() {
        settings.scoring.free_round
    } else {
        settings.scoring.pab
    }
}

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

#[cfg(test)]
#[path = "trf_tests.rs"]
mod tests;
