//! FEN round trips: every suite position is written back exactly as it was read, and its
//! positions a few plies deep survive a write-read cycle unchanged.

use arbiter::chess::{Fen, Position};

use crate::util::perft_cases;

#[test]
fn every_suite_fen_is_written_back_as_read() {
    for case in perft_cases() {
        let fen: Fen = case.fen.parse().expect("suite fen");
        let fields: Vec<&str> = case.fen.split_whitespace().collect();
        // Four-field (EPD style) lines get the default clocks `0 1` when written.
        let expected = if fields.len() == 4 {
            format!("{} 0 1", case.fen)
        } else {
            fields.join(" ")
        };
        assert_eq!(fen.to_string(), expected, "{}", case.id);
    }
}

#[test]
fn positions_after_two_plies_round_trip() {
    let mut checked = 0;
    for case in perft_cases() {
        let pos: Position = Fen::into_position(case.fen.parse().expect("fen")).expect("position");
        for &a in &pos.legal_moves() {
            let after_a = pos.play(a).expect("legal");
            for &b in &after_a.legal_moves() {
                let after_b = after_a.play(b).expect("legal");
                let text = after_b.to_fen();
                let back = Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, after_b, "{text}");
                assert_eq!(back.to_fen(), text);
                checked += 1;
            }
        }
    }
    assert!(checked > 30_000, "{checked}");
}
