//! The per-colour material test is sound: whenever it says a side can never checkmate, the
//! Chess Unwinnability Analyzer's test vector (Ambrona, `fixtures/unwinnability/`, labels from
//! a full helpmate analysis) agrees. The material test is deliberately incomplete (blocked
//! pawns are a later issue), so the converse is not asserted.

use arbiter::chess::{Color, ParseFenError, Position, PositionError};

const VECTOR: &str = include_str!("../../fixtures/unwinnability/cha_test_vector.txt");

#[test]
fn material_test_agrees_with_the_unwinnability_vector() {
    let mut read = 0;
    let mut refused = 0;
    let mut insufficient = [0usize; 2];
    for line in VECTOR
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (label, fen) = line.split_at(2);
        // Some composed positions in the vector have more promoted pieces than missing
        // pawns; our reader refuses those as impossible, and only those.
        // Some lines give only placement and side to move; no castling, no en passant.
        let fen = match fen.split_whitespace().count() {
            2 => format!("{} - -", fen.trim()),
            _ => fen.trim().to_owned(),
        };
        let pos = match Position::from_fen(&fen) {
            Ok(pos) => pos,
            Err(ParseFenError::Position(PositionError::TooManyPieces(_))) => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{line}: {e}"),
        };
        read += 1;
        let can_win = [label.as_bytes()[0] == b'W', label.as_bytes()[1] == b'B'];
        for color in Color::ALL {
            if pos.has_insufficient_material(color) {
                insufficient[color.index()] += 1;
                assert!(
                    !can_win[color.index()],
                    "{color} judged unable to mate in {line}"
                );
            }
        }
        if pos.is_insufficient_material() {
            assert_eq!(label, "--", "{line}");
        }
    }
    eprintln!("{read} read, {refused} refused, {insufficient:?} insufficient");
    assert_eq!(read + refused, 1_803);
    // 83 composed positions have more bishops of one square colour (or other promoted
    // pieces) than their missing pawns allow; checked by hand on three of them.
    assert!(refused < 100, "{refused} refused");
    assert!(insufficient.iter().all(|&n| n > 20), "{insufficient:?}");
}
