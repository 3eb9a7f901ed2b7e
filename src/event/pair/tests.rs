//! Pairing the next round on in-memory events: a Swiss with its initial colour, a dry run,
//! a round robin with its numbers drawn, manual pairings whole and partial.

use super::*;

use crate::store::test_support::player;

/// An event of `n` players rated 2000, 1990, ... with these settings.
fn event(n: u16, settings: &[(&str, String)]) -> Store {
    let mut store = Store::create_in_memory("Test", settings).unwrap();
    for i in 0..n {
        store
            .add_player(&player(&format!("Player, {i:02}"), 2000 - 10 * i))
            .unwrap();
    }
    store
}

fn request(seed: u64) -> PairRequest {
    PairRequest {
        seed: Some(seed),
        default_seed: seed,
        ..PairRequest::default()
    }
}

#[test]
fn a_swiss_round_one_draws_the_colour_and_stores_the_round() {
    let mut store = event(5, &[("rounds", "3".into())]);
    let outcome = pair_next_round(&mut store, &request(7)).unwrap();
    assert_eq!(outcome.round, 1);
    assert!(outcome.notes.is_empty());
    let paired = outcome.paired.unwrap();
    let colour = initial_colour_by_lot(7);
    assert_eq!(paired.colour, ColourDraw::Drawn { seed: 7, colour });
    assert_eq!(paired.pairing.boards.len(), 2);
    assert_eq!(paired.pairing.bye, Some(PlayerId(5)));
    assert_eq!(paired.pairing, paired.engine);
    assert!(!paired.manual && paired.absentees.is_empty() && paired.explanation.is_some());
    assert_eq!(paired.bye_label, "pairing-allocated bye");
    assert_eq!(paired.names[&PlayerId(1)], "Player, 00");
    assert_eq!(store.rounds_started().unwrap(), 1);
    assert_eq!(
        store.event_settings().unwrap().initial_colour.as_str(),
        colour.name()
    );
    // Round 2 waits for the results of round 1.
    let refused = pair_next_round(&mut store, &request(7)).unwrap_err();
    assert_eq!(
        refused.error.to_string(),
        "round 1 still has 2 games without a result; enter them before pairing round 2"
    );
}

#[test]
fn a_dry_run_shows_what_a_seed_would_draw_and_stores_nothing() {
    let mut store = event(4, &[]);
    let dry = PairRequest {
        dry_run: true,
        ..request(3)
    };
    let paired = pair_next_round(&mut store, &dry).unwrap().paired.unwrap();
    let colour = initial_colour_by_lot(3);
    assert_eq!(paired.colour, ColourDraw::WouldDraw { seed: 3, colour });
    assert_eq!(store.rounds_started().unwrap(), 0);
    let unseeded = PairRequest {
        dry_run: true,
        ..PairRequest::default()
    };
    let shown = pair_next_round(&mut store, &unseeded).unwrap();
    assert_eq!(shown.paired.unwrap().colour, ColourDraw::Undrawn);
    // The stored round is the one the dry run showed.
    let stored = pair_next_round(&mut store, &request(3)).unwrap();
    assert_eq!(stored.paired.unwrap().pairing, paired.pairing);
}

#[test]
fn an_event_of_one_player_is_refused_with_a_hint() {
    let mut store = event(1, &[]);
    let err = pair_next_round(&mut store, &request(1)).unwrap_err();
    assert_eq!(
        err.error,
        EventError::refused("an event needs at least two players to pair")
            .with_hint("`arbiter player add NAME` registers a player")
    );
    assert!(err.notes.is_empty());
}

#[test]
fn a_round_robin_draws_its_numbers_once_and_has_a_free_round() {
    let mut store = event(3, &[("system", "berger".into())]);
    let outcome = pair_next_round(&mut store, &request(12)).unwrap();
    assert_eq!(outcome.notes, vec![PairNote::NumbersDrawn { seed: 12 }]);
    assert!(store.lots_drawn().unwrap());
    let paired = outcome.paired.unwrap();
    assert_eq!(paired.colour, ColourDraw::None);
    assert_eq!(paired.pairing.boards.len(), 1);
    assert!(paired.pairing.bye.is_some());
    assert_eq!(paired.bye_label, "free round (odd field: no game)");
    assert!(paired.explanation.is_none());
    // The table's length is the event's number of rounds.
    assert_eq!(store.event_settings().unwrap().rounds, Some(3));
}

#[test]
fn a_partial_manual_pairing_is_completed_by_the_engine() {
    let mut store = event(6, &[("initial-colour", "white".into())]);
    let manual = PairRequest {
        manual: Some(ManualInput::Text("1-2".into())),
        ..request(1)
    };
    let paired = pair_next_round(&mut store, &manual)
        .unwrap()
        .paired
        .unwrap();
    assert!(paired.manual);
    assert_eq!(paired.kept, Some(1));
    assert_eq!(paired.pairing.boards.len(), 3);
    assert_eq!(paired.pairing.boards[0].white, PlayerId(1));
    assert_eq!(paired.pairing.boards[0].black, PlayerId(2));
    assert_ne!(paired.engine, paired.pairing);
}

#[test]
fn manual_pairings_that_do_not_read_or_name_nobody_are_invalid() {
    let mut store = event(4, &[]);
    for (text, message) in [
        (
            "1-x",
            "--manual board 1: `1-x` is not WHITE-BLACK (e.g. 12-7, or 9-0 for the bye)",
        ),
        (
            "1-0, 2-0",
            "--manual gives more than one pairing-allocated bye",
        ),
        (
            "1-9, 2-3",
            "--manual: there is no player 9; `arbiter player list` shows the numbers",
        ),
    ] {
        let manual = PairRequest {
            manual: Some(ManualInput::Text(text.into())),
            ..request(1)
        };
        let err = pair_next_round(&mut store, &manual).unwrap_err();
        assert_eq!(err.error, EventError::invalid(message), "{text}");
    }
    assert_eq!(store.rounds_started().unwrap(), 0);
}

#[test]
fn a_manual_pairing_breaking_an_absolute_criterion_needs_force() {
    let mut store = event(4, &[("initial-colour", "white".into())]);
    store.forbid(&[1, 2]).unwrap();
    let manual = |force| PairRequest {
        manual: Some(ManualInput::Text("1-2, 3-4".into())),
        force,
        ..request(1)
    };
    let err = pair_next_round(&mut store, &manual(false)).unwrap_err();
    assert!(matches!(err.error, EventError::Refused { .. }));
    assert!(
        err.notes
            .iter()
            .any(|n| matches!(n, PairNote::Violation(v) if v.is_absolute()))
    );
    let forced = pair_next_round(&mut store, &manual(true)).unwrap();
    assert!(forced.paired.unwrap().manual);
    assert_eq!(store.rounds_started().unwrap(), 1);
}

#[test]
fn unpaired_codes_read_by_the_system() {
    assert_eq!(
        unpaired_label(PairingSystem::Dutch, 'U'),
        "pairing-allocated bye"
    );
    assert_eq!(
        unpaired_label(PairingSystem::DoubleBerger, 'U'),
        "free round (odd field: no game)"
    );
    assert_eq!(unpaired_label(PairingSystem::Dutch, 'H'), "half-point bye");
    assert_eq!(unpaired_label(PairingSystem::Dutch, '-'), "absent");
}
