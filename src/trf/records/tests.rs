//! The records reader on small hand-made reports: one test for each kind of record.

use super::*;
use crate::tournament::settings::PairingSystem;
use crate::trf::parse;

/// A `299` record in its columns, as the export writes one.
fn abnormal(kind: char, points: &str, round: u32, player: u16) -> String {
    format!("299 {kind}  {:4}  {points:>4}  {round:03} {player:>4}", "")
}

/// The records of a report of `players` players (no rounds) with the given records above
/// them, as [`parse`] leaves them.
fn records_of(lines: &[&str], players: u16) -> EventRecords {
    let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    for id in 1..=players {
        text.push_str(&format!(
            "001 {id:>4} m    Player {id:<26} {:>4}\n",
            2400 - 10 * id
        ));
    }
    let (trf, _) = parse(&text).expect("a hand-made report");
    EventRecords::of(&trf)
}

fn kinds(records: &EventRecords) -> Vec<&RecordKind> {
    records.records.iter().map(|r| &r.kind).collect()
}

#[test]
fn round_dates_are_read_in_the_standard_columns_with_the_century() {
    let line = format!("{:<91}{:<10}{:<10}{}", "132", "24/10/13", "", "24/10/15");
    let records = records_of(&[&line], 2);
    assert_eq!(
        kinds(&records),
        [&RecordKind::RoundDates(vec![
            "2024-10-13".to_owned(),
            "2024-10-15".to_owned()
        ])]
    );
}

#[test]
fn point_values_come_from_162_and_the_engines_bb_lines_in_order() {
    let records = records_of(&["162  W 3.0    D 1.0    P 0.0"], 2);
    assert_eq!(
        kinds(&records),
        [&RecordKind::PointValues(vec![
            (PointKind::Win, Points(30)),
            (PointKind::Draw, Points(10)),
            (PointKind::Bye, Points::ZERO),
        ])]
    );
    assert_eq!(records.point_values.win, Points(30));
    assert_eq!(records.point_values.loss, Points::ZERO);
    // A later BBW overrides the 162's win; BBZ reads as a point record that changes nothing.
    let records = records_of(&["162  W 3.0", "BBW 2.0", "BBZ 0.0"], 2);
    assert_eq!(records.point_values.win, Points(20));
    assert_eq!(records.records[2].kind, RecordKind::PointValues(Vec::new()));
    // None: the standard values.
    assert_eq!(records_of(&[], 2).point_values, PointValues::default());
}

#[test]
fn requested_byes_read_their_kind_round_and_players() {
    let records = records_of(&["240 H 002    1    3", "240 X 002    1"], 3);
    assert_eq!(
        kinds(&records),
        [
            &RecordKind::Bye(Some(ByeRequest {
                kind: 'H',
                round: 2,
                players: vec![1, 3],
            })),
            &RecordKind::Bye(None),
        ]
    );
}

#[test]
fn acceleration_records_are_read_by_the_acceleration_readers() {
    let records = records_of(
        &["250       1.0 001 003    1    4", "XXA    2  1.0  0.5"],
        4,
    );
    let RecordKind::Acceleration(Ok(acceleration)) = &records.records[0].kind else {
        panic!("a 250 record: {:?}", records.records[0]);
    };
    assert_eq!((acceleration.first_round, acceleration.last_round), (1, 3));
    assert_eq!(acceleration.last_player, 4);
    let RecordKind::PlayerAcceleration(Ok(player)) = &records.records[1].kind else {
        panic!("an XXA record: {:?}", records.records[1]);
    };
    assert_eq!(player.player, 2);
    assert_eq!(player.points, [Points::ONE, Points::HALF]);
    // One that no reading fits is the reader's error, with its column.
    let RecordKind::Acceleration(Err(error)) = RecordKind::read("250", "250       x.0 001 003")
    else {
        panic!("an unreadable 250");
    };
    assert_eq!(error.column, 10);
}

#[test]
fn prohibitions_keep_their_rounds_and_xxp_holds_for_every_round() {
    let records = records_of(
        &[
            "260   2   4    1    2    3",
            "XXP    1    4",
            "260   4   2    1    2",
        ],
        4,
    );
    let read: Vec<Option<Prohibition>> = records
        .records
        .iter()
        .map(|r| match &r.kind {
            RecordKind::Prohibition(p) => p.clone(),
            other => panic!("not a prohibition: {other:?}"),
        })
        .collect();
    assert_eq!(
        read,
        [
            Some(Prohibition {
                first: 2,
                last: Some(4),
                players: vec![1, 2, 3],
            }),
            Some(Prohibition {
                first: 1,
                last: None,
                players: vec![1, 4],
            }),
            // The last round before the first: no range.
            None,
        ]
    );
    let first = read[0].as_ref().unwrap();
    assert!(!first.applies(1) && first.applies(2) && first.applies(4) && !first.applies(5));
    assert_eq!(first.record(9), "260   2   4    1    2    3");
}

#[test]
fn abnormal_points_replace_a_round_or_add_to_the_total() {
    // A forfeit win worth 3 in round 2 for player 1; a penalty of 0.5 (blank kind) for 2.
    let records = records_of(
        &[
            &abnormal('+', "3.0", 2, 1),
            &abnormal(' ', "-0.5", 0, 2),
            &abnormal('H', "x.x", 1, 1),
        ],
        2,
    );
    assert_eq!(
        records.records[0].kind,
        RecordKind::AbnormalPoints(Some(AbnormalPoints {
            kind: "+".to_owned(),
            points: Points(30),
            round: Some(2),
            players: vec![1],
        }))
    );
    assert_eq!(records.records[2].kind, RecordKind::AbnormalPoints(None));
    let (assigned, bonuses) = records.abnormal_points();
    assert_eq!(assigned.get(&(1, 2)), Some(&Points(30)));
    assert_eq!(bonuses.get(&2), Some(&Points(-5)));
    assert_eq!(assigned.len() + bonuses.len(), 2);
}

#[test]
fn national_ratings_need_a_federation_code_and_the_columns_of_a_player() {
    let line = format!("NOR {:>4} {:<4} {:<33} {:>4}", 2, "", "Player 2", 2105);
    let records = records_of(&[&line, "NOR    2 short"], 2);
    assert_eq!(
        records.records[0].kind,
        RecordKind::NationalRating(Some(NationalRating {
            federation: "NOR".to_owned(),
            player: 2,
            rating: 2105,
        }))
    );
    // Too short for a rating: any other record, kept as written.
    assert_eq!(records.records[1].kind, RecordKind::Other);
    // The engines' XX and BB codes are never federations.
    assert_eq!(
        RecordKind::read("XXS", &line.replacen("NOR", "XXS", 1)),
        RecordKind::Other
    );
}

#[test]
fn team_records_system_tiebreaks_type_and_the_rest_are_told_apart() {
    let records = records_of(
        &[
            "013 Team A                              1    2",
            "092 Individual: Double Round-Robin",
            "192 FIDE_DUTCH_BAKU",
            "202 BH/C1,BH,SB",
            "212 PTS BH",
            "222 5400+30",
            "062 2",
            "XYZ something else",
        ],
        2,
    );
    assert_eq!(records.records[0].kind, RecordKind::Team);
    let RecordKind::EventType(kind) = &records.records[1].kind else {
        panic!("a 092 record");
    };
    assert_eq!(kind.pairing_system(), Some(PairingSystem::DoubleBerger));
    assert!(kind.is_round_robin() && records.is_round_robin());
    assert_eq!(records.systems().collect::<Vec<_>>(), ["FIDE_DUTCH_BAKU"]);
    assert_eq!(
        records.records[3].kind,
        RecordKind::Tiebreaks("BH/C1,BH,SB".to_owned())
    );
    assert_eq!(
        records.records[4].kind,
        RecordKind::StandingsOrder("PTS BH".to_owned())
    );
    assert_eq!(
        records.records[5].kind,
        RecordKind::TimeControl("5400+30".to_owned())
    );
    assert_eq!(records.records[6].kind, RecordKind::Counts);
    assert_eq!(records.records[7].kind, RecordKind::Other);
    assert_eq!(records.records[7].line, "XYZ something else");
}

#[test]
fn the_two_readings_of_092_are_kept_as_they_were() {
    let berger = EventType {
        line: "092 Berger".to_owned(),
    };
    assert!(berger.is_round_robin());
    assert_eq!(berger.pairing_system(), None);
    let swiss = EventType {
        line: "092 Individual: Swiss-System".to_owned(),
    };
    assert!(!swiss.is_round_robin());
    assert_eq!(swiss.pairing_system(), None);
}

#[test]
fn rounds_and_initial_colour_are_the_reports_own() {
    let records = records_of(&["XXR 7", "XXC black1"], 2);
    assert_eq!(records.rounds, Some(7));
    assert_eq!(records.initial_colour, Some(Color::Black));
    assert!(records.records.is_empty());
}
