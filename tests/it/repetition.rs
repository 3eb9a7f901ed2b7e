//! The repetition key follows FIDE 9.2.3: positions are the same when the same player is to
//! move, the same pieces stand on the same squares, and the possible moves are the same. An
//! en passant square counts only when an en passant capture is legal; castling rights count
//! as rights, not as whether castling is possible right now.

use arbiter::chess::{Game, Position};

use crate::util::{RANDOM_GAMES, read_simple_pgn};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays SAN moves from `fen` and returns the game.
fn play(fen: &str, moves: &str) -> Game {
    let mut game = Game::new(pos(fen));
    for token in moves.split_whitespace() {
        let mv = game
            .position()
            .parse_san(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        game.play(mv).expect("legal");
    }
    game
}

fn assert_same(a: &Position, b: &Position) {
    assert!(a.is_same_fide_position(b), "{a:?} vs {b:?}");
    assert_eq!(a.repetition_key(), b.repetition_key(), "{a:?} vs {b:?}");
}

fn assert_different(a: &Position, b: &Position) {
    assert!(!a.is_same_fide_position(b), "{a:?} vs {b:?}");
    assert_ne!(a.repetition_key(), b.repetition_key(), "{a:?} vs {b:?}");
}

#[test]
fn en_passant_square_of_a_pinned_pawn_does_not_count() {
    // Black has just played c7-c5; the b5 pawn could take en passant, but that would leave
    // the rank and expose its king on a5 to the rook on h5.
    let with_ep = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    let without = pos("8/8/8/KPp4r/8/8/8/7k w - - 0 2");
    assert_eq!(
        with_ep.ep_square().map(|s| s.to_string()),
        Some("c6".into())
    );
    assert_eq!(with_ep.legal_ep_square(), None);
    assert_same(&with_ep, &without);
    // The FEN keeps the square even though no capture can use it.
    assert_eq!(with_ep.to_fen(), "8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
}

#[test]
fn en_passant_square_of_a_diagonally_pinned_pawn_does_not_count() {
    // The e5 pawn is pinned on the long diagonal by the bishop on h8 against the king on b2;
    // exd6 would leave the diagonal, so it is illegal.
    let with_ep = pos("7b/8/8/3pP3/8/8/1K6/7k w - d6 0 2");
    let without = pos("7b/8/8/3pP3/8/8/1K6/7k w - - 0 2");
    assert_eq!(with_ep.legal_ep_square(), None);
    assert_same(&with_ep, &without);
}

#[test]
fn a_legal_en_passant_capture_makes_the_position_different() {
    let with_ep = pos("8/8/8/1Pp4r/8/8/K7/7k w - c6 0 2");
    let without = pos("8/8/8/1Pp4r/8/8/K7/7k w - - 0 2");
    assert!(with_ep.legal_ep_square().is_some());
    assert_different(&with_ep, &without);
}

#[test]
fn double_step_with_pinned_capturer_repeats_with_the_later_position() {
    // After ...c7-c5 the position (White to move) already counts as the one reached again
    // after the kings go away and come back: the en passant square was never usable.
    let game = play("7k/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c5 Ka4 Kg8 Ka5 Kh8");
    assert_eq!(game.repetition_count(5), 2);
    assert_eq!(game.occurrences(5), vec![1, 5]);
}

#[test]
fn double_step_with_usable_capture_does_not_repeat_with_the_later_position() {
    let game = play("7k/2p5/8/1P5r/8/8/K7/8 b - - 0 1", "c5 Ka3 Kg8 Ka2 Kh8");
    assert_eq!(game.repetition_count(5), 1);
}

#[test]
fn castling_rights_lost_by_a_king_that_walked_back() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let game = play(start, "Ke2 Ke7 Ke1 Ke8");
    // Same placement and side to move as the start, but neither side may castle any more.
    assert_eq!(game.position().board(), game.start().board());
    assert_different(game.start(), game.position());
    assert_eq!(game.repetition_count(4), 1);
    // From now on the positions repeat among themselves.
    let game = play(start, "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    assert_eq!(game.occurrences(8), vec![4, 8]);
}

#[test]
fn castling_rights_lost_by_a_rook_that_walked_back() {
    let game = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rh2 Rh7 Rh1 Rh8");
    assert_different(game.start(), game.position());
    assert_eq!(game.position().castling_rights().to_string(), "Qq");
}

#[test]
fn castling_that_is_only_blocked_for_now_keeps_the_right() {
    // The rook on f1 covers f8, so Black cannot castle short now, yet keeps the right; after
    // the knight and the rook go and come back, the position is the same as at the start.
    let game = play("1n2k2r/8/8/8/8/8/8/4KR2 b k - 0 1", "Nc6 Rf2 Nb8 Rf1");
    assert!(
        !game
            .position()
            .legal_moves()
            .iter()
            .any(|m| m.castling_side().is_some())
    );
    assert_same(game.start(), game.position());
    assert_eq!(game.repetition_count(4), 2);
}

#[test]
fn side_to_move_matters() {
    assert_different(
        &pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        &pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    );
}

#[test]
fn clocks_do_not_matter() {
    assert_same(
        &pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        &pos("4k3/8/8/8/8/8/8/R3K3 w - - 37 80"),
    );
}

/// Over thousands of positions of real random games, equal keys happen exactly when the
/// positions are the same by the exact comparison.
#[test]
fn keys_agree_with_exact_comparison_over_random_games() {
    let mut repeats = 0;
    for pgn in read_simple_pgn(RANDOM_GAMES).iter().take(100) {
        let mut game = Game::new(Position::new());
        for token in &pgn.sans {
            let mv = game.position().parse_san(token).expect("legal");
            game.play(mv).expect("legal");
        }
        for a in 0..=game.plies() {
            for b in a + 1..=game.plies().min(a + 60) {
                let (pa, pb) = (game.position_at(a).unwrap(), game.position_at(b).unwrap());
                let same = pa.is_same_fide_position(pb);
                assert_eq!(pa.repetition_key() == pb.repetition_key(), same);
                repeats += usize::from(same);
            }
        }
    }
    assert!(repeats > 100, "only {repeats} repetitions seen");
}
