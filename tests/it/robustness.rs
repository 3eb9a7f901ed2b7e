//! Readers never panic on user text: property tests over random strings and over valid
//! inputs with random edits. Whatever they accept must also write back and read again.

use arbiter::chess::{Position, SanPlus, Uci};
use proptest::prelude::*;

use crate::util::perft_cases;

fn suite_fens() -> Vec<String> {
    perft_cases().into_iter().map(|c| c.fen).collect()
}

/// A valid text with one to three random edits: a character replaced, inserted or deleted.
fn mutated(valid: Vec<String>, alphabet: &'static str) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    (
        proptest::sample::select(valid),
        proptest::collection::vec(
            (
                0usize..3,
                any::<prop::sample::Index>(),
                proptest::sample::select(chars),
            ),
            1..4,
        ),
    )
        .prop_map(|(text, edits)| {
            let mut chars: Vec<char> = text.chars().collect();
            for (kind, index, c) in edits {
                let at = index.index(chars.len() + 1);
                match kind {
                    0 if at < chars.len() => chars[at] = c,
                    1 => chars.insert(at, c),
                    _ if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        })
}

const FEN_ALPHABET: &str = "pnbrqkPNBRQK0123456789/ -wabcdefghKQkq\u{e9}\u{265e}";
const SAN_ALPHABET: &str = "NBRQKabcdefgh12345678x=+#O-0";

fn check_fen(text: &str) {
    if let Ok(pos) = Position::from_fen(text) {
        let written = pos.to_fen();
        let again = Position::from_fen(&written).expect("a written fen reads back");
        assert_eq!(again, pos);
        // Perft 2 touches move generation and make-move on whatever was accepted.
        let _ = pos.perft(2);
    }
}

fn check_san(pos: &Position, token: &str) {
    if let Ok(san) = token.parse::<SanPlus>() {
        assert_eq!(
            san.to_string().parse::<SanPlus>().ok(),
            Some(san),
            "{token}"
        );
        if let Ok(mv) = san.san.to_move(pos) {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv));
        }
        let _ = san.to_move_strict(pos);
    }
    let _ = pos.parse_san(token);
    let _ = token.parse::<Uci>().map(|uci| uci.to_move(pos));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn fen_reader_survives_random_text(text in "\\PC{0,90}") {
        check_fen(&text);
    }

    #[test]
    fn fen_reader_survives_fen_like_text(text in "[pnbrqkPNBRQK1-9/]{0,70} [wb-] [KQkq-]{1,5} [a-h1-8-]{1,3} [0-9]{1,4} [0-9]{1,4}") {
        check_fen(&text);
    }

    #[test]
    fn fen_reader_survives_mutated_fens(text in mutated(suite_fens(), FEN_ALPHABET)) {
        check_fen(&text);
    }

    #[test]
    fn san_reader_survives_random_text(fen in proptest::sample::select(suite_fens()), token in "\\PC{0,12}") {
        check_san(&Position::from_fen(&fen).unwrap(), &token);
    }

    #[test]
    fn san_reader_survives_san_like_text(fen in proptest::sample::select(suite_fens()), token in "[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[NBRQKP])?[+#]?") {
        check_san(&Position::from_fen(&fen).unwrap(), &token);
    }

    #[test]
    fn san_reader_survives_mutated_moves(
        fen in proptest::sample::select(suite_fens()),
        token in mutated(vec!["Nbd7".into(), "exd6".into(), "O-O-O+".into(), "e8=Q#".into(), "R1xe2".into(), "Qh4xe1".into()], SAN_ALPHABET),
    ) {
        check_san(&Position::from_fen(&fen).unwrap(), &token);
    }
}
