//! Unit tests of the rules engine, one `check`-style helper per feature. Expected values are
//! worked out by hand from the FIDE Laws (article numbers in the comments) or come from the
//! PGN standard's examples.

use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

// ---- FEN -----------------------------------------------------------------------------------

fn check_fen_error(fen: &str, expected: ParseFenError) {
    assert_eq!(Position::from_fen(fen), Err(expected), "{fen}");
}

#[test]
fn fen_errors_name_the_field() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    check_fen_error("", ParseFenError::Empty);
    // The start position's placement followed by each rest.
    for (rest, expected) in [
        ("", ParseFenError::MissingField("side to move")),
        (" x KQkq - 0 1", ParseFenError::Turn("x".into())),
        (" w KQkx - 0 1", ParseFenError::Castling("KQkx".into())),
        (" w KK - 0 1", ParseFenError::Castling("KK".into())),
        (" w KQkq e5 0 1", ParseFenError::EnPassant("e5".into())),
        (" w KQkq z9 0 1", ParseFenError::EnPassant("z9".into())),
        (" w KQkq - -1 1", ParseFenError::HalfmoveClock("-1".into())),
        (" w KQkq - 0 0", ParseFenError::FullmoveNumber("0".into())),
        (" w KQkq - 0 +1", ParseFenError::FullmoveNumber("+1".into())),
        (" w KQkq - 0 1 x", ParseFenError::ExtraField("x".into())),
    ] {
        check_fen_error(&format!("{start}{rest}"), expected);
    }
}

/// A FEN cut after the side to move, or after the castling rights, reads with the fields
/// left out at their defaults: no castling right, no en passant square, `0 1`.
#[test]
fn a_fen_cut_after_the_side_to_move_takes_the_defaults() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cut = Position::from_fen(&format!("{start} w")).unwrap();
    assert_eq!(cut.to_fen(), format!("{start} w - - 0 1"));
    let rights = Position::from_fen(&format!("{start} b KQkq")).unwrap();
    assert_eq!(rights.to_fen(), format!("{start} b KQkq - 0 1"));
}

#[test]
fn fen_placement_errors_say_where() {
    let err = |fen: &str| match Position::from_fen(fen) {
        Err(ParseFenError::Board(reason)) => reason,
        other => panic!("{fen}: {other:?}"),
    };
    for (fen, expected) in [
        (
            "8/8/8 w - - 0 1",
            "expected 8 ranks separated by `/`, found 3",
        ),
        (
            "9/8/8/8/8/8/8/8 w - - 0 1",
            "unexpected `9` on rank 8: expected a piece letter (PNBRQK, pnbrqk) or a digit 1-8",
        ),
        (
            "8/8/8/8/8/8/8/7 w - - 0 1",
            "rank 1 has 7 squares, expected 8",
        ),
        (
            "8/8/ppppppppp/8/8/8/8/8 w - - 0 1",
            "rank 6 has more than 8 squares",
        ),
        (
            "8/8/8/8/8/8/8/7x w - - 0 1",
            "unexpected `x` on rank 1: expected a piece letter (PNBRQK, pnbrqk) or a digit 1-8",
        ),
    ] {
        assert_eq!(err(fen), expected, "{fen}");
    }
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let check = |fen: &str, expected: PositionError| {
        assert_eq!(
            Position::from_fen(fen),
            Err(ParseFenError::Position(expected)),
            "{fen}"
        );
    };
    check(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::KingCount {
            color: Color::Black,
            count: 0,
        },
    );
    check(
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        PositionError::KingCount {
            color: Color::White,
            count: 2,
        },
    );
    check(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        PositionError::PawnOnBackRank(Square::A1),
    );
    check(
        "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::PawnOnBackRank(Square::H8),
    );
    // Black to move but the white king is in check from the rook: White's last move was illegal.
    check(
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
        PositionError::OppositeCheck,
    );
    check(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        PositionError::CastlingRightWithoutPieces(Color::White, CastlingSide::KingSide),
    );
    check(
        "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
        PositionError::CastlingRightWithoutPieces(Color::Black, CastlingSide::QueenSide),
    );
    check(
        "r4k2/8/8/8/8/8/8/4K3 w q - 0 1",
        PositionError::CastlingRightWithoutPieces(Color::Black, CastlingSide::QueenSide),
    );
    // e3 with White to move: only Black can just have double-stepped.
    check(
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
        PositionError::ImpossibleEnPassant(Square::E3),
    );
    // d6 but no black pawn on d5.
    check(
        "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
        PositionError::ImpossibleEnPassant(Square::D6),
    );
    // d6, a pawn on d5, but the square it came from (d7) is occupied.
    check(
        "4k3/3n4/8/3p4/8/8/8/4K3 w - d6 0 1",
        PositionError::ImpossibleEnPassant(Square::D6),
    );
    check(
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
        PositionError::TooManyPieces(Color::Black),
    );
    check(
        "4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",
        PositionError::TooManyPieces(Color::White),
    );
}

#[test]
fn fen_messages_are_lowercase_and_helpful() {
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "impossible position in fen: white has the right to castle king side but the king and rook are not on their home squares"
    );
}

#[test]
fn unusable_en_passant_square_is_kept_in_the_fen() {
    // A double step with no pawn beside it: the square is possible but no capture can use it.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let p = pos(fen);
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.ep_square(), Some(Square::E3));
    assert_eq!(p.legal_ep_square(), None);
}

#[test]
fn four_field_fen_gets_default_clocks() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - -").to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
}

// ---- Moves -----------------------------------------------------------------------------------

#[test]
fn make_move_updates_clocks_rights_and_en_passant() {
    let mut p = Position::new();
    for uci in ["e2e4", "g8f6", "e4e5", "d7d5"] {
        let mv = p.parse_uci(uci).unwrap();
        p.play_unchecked(mv);
    }
    assert_eq!(
        p.to_fen(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let ep = p.parse_uci("e5d6").unwrap();
    assert!(ep.is_en_passant());
    let p = p.play(ep).unwrap();
    assert_eq!(
        p.to_fen(),
        "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // Moving the h8 rook removes only Black's king-side right; the clock counts the half-move.
    let p = p.play(p.parse_uci("h8g8").unwrap()).unwrap();
    assert_eq!(p.castling_rights().to_string(), "KQq");
    assert_eq!(p.halfmove_clock(), 1);
    assert_eq!(p.fullmove_number(), 4);
}

#[test]
fn castling_moves_king_and_rook() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = p
        .play(Move::castle(Color::White, CastlingSide::KingSide))
        .unwrap();
    let p = p
        .play(Move::castle(Color::Black, CastlingSide::QueenSide))
        .unwrap();
    assert_eq!(p.to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_is_refused_through_or_out_of_check() {
    let castles = |fen: &str| -> Vec<String> {
        pos(fen)
            .legal_moves()
            .iter()
            .filter(|m| m.castling_side().is_some())
            .map(|m| m.to_string())
            .collect()
    };
    let none: &[&str] = &[];
    for (fen, expected) in [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1g1", "e1c1"][..],
        ),
        // The rook on f2 attacks f1: no short castling; the long one crosses d1 and c1, not f1.
        ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", &["e1c1"][..]),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1g1", "e1c1"][..]),
        // In check from the rook on h1: no castling at all.
        ("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", none),
        // A piece between king and rook (b1) stops long castling.
        ("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", none),
        // b1 attacked does not matter for long castling: the king does not cross it.
        ("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", &["e1c1"][..]),
    ] {
        assert_eq!(castles(fen), expected, "{fen}");
    }
}

#[test]
fn is_legal_accepts_only_generated_moves() {
    let p = Position::new();
    assert!(p.is_legal(Move::normal(Role::Knight, Square::G1, Square::F3)));
    assert!(!p.is_legal(Move::normal(Role::Knight, Square::G1, Square::G3)));
    assert!(!p.is_legal(Move::normal(Role::Bishop, Square::G1, Square::F3)));
    assert!(!p.is_legal(Move::castle(Color::White, CastlingSide::KingSide)));
    // A pinned knight may not move.
    let p = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(!p.is_legal(Move::normal(Role::Knight, Square::E2, Square::C3)));
    assert!(
        p.play(Move::normal(Role::Knight, Square::E2, Square::C3))
            .is_err()
    );
}

#[test]
fn uci_reads_and_writes() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let mv = p.parse_uci("b7b8n").unwrap();
    assert_eq!(mv.promotion_role(), Some(Role::Knight));
    assert_eq!(mv.to_string(), "b7b8n");
    assert!(matches!(p.parse_uci("b7b8"), Err(ReadUciError::Illegal(_))));
    assert!(matches!(p.parse_uci("b7b8k"), Err(ReadUciError::Syntax(_))));
    assert!(matches!(p.parse_uci("e2"), Err(ReadUciError::Syntax(_))));
    assert!(matches!(p.parse_uci("é2e4"), Err(ReadUciError::Syntax(_))));
    let castle = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        .parse_uci("e1g1")
        .unwrap();
    assert_eq!(castle.castling_side(), Some(CastlingSide::KingSide));
}

// ---- SAN -----------------------------------------------------------------------------------

fn check_san(fen: &str, uci: &str, expected: &str) {
    let p = pos(fen);
    let mv = p.parse_uci(uci).unwrap();
    assert_eq!(p.san(mv), expected, "{fen} {uci}");
    assert_eq!(p.parse_san(expected), Ok(mv), "{fen} {expected}");
}

/// The numbers follow the position's full-move number, and a line that starts with Black's
/// move opens with `N...`, as PGN export format (PGN standard 8.2.2.2) writes it.
#[test]
fn numbered_line_writes_move_numbers_from_the_position() {
    // White to move at move 40: Qb7, Kg8, Qg7 is mate (the king on g6 guards g7).
    let white = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 40").unwrap();
    let line = uci_line(&white, &["b1b7", "h8g8", "b7g7"]);
    assert_eq!(white.numbered_line(&line), "40. Qb7 Kg8 41. Qg7#");
    // Black to move first: the line opens with "40...".
    let black = Position::from_fen("6k1/8/6K1/8/8/8/8/1Q6 b - - 0 40").unwrap();
    let line = uci_line(&black, &["g8h8", "b1b8"]);
    assert_eq!(black.numbered_line(&line), "40... Kh8 41. Qb8#");
    // A move that is not legal ends the text instead of panicking.
    assert_eq!(white.numbered_line(&[line[0]]), "");
}

/// The moves of a line given in UCI, each read in the position the earlier ones lead to.
fn uci_line(start: &Position, ucis: &[&str]) -> Vec<Move> {
    let mut pos = *start;
    ucis.iter()
        .map(|u| {
            let mv = pos.parse_uci(u).unwrap();
            pos = pos.play(mv).unwrap();
            mv
        })
        .collect()
}

#[test]
fn san_writes_the_least_disambiguation() {
    // Knights on b1 and f3 can both reach d2: the file tells them apart.
    check_san("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2");
    // Rooks on a1 and a5 share the file: the rank tells them apart (PGN standard 8.2.3.4).
    check_san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3");
    // Three queens: h4 shares a file with h1 and a rank with e4, so both are needed.
    check_san("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1");
    // A pinned piece does not count as a rival: only the knight on b1 can legally go to d2.
    check_san("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3");
    check_san("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d1", "Kd1");
}

#[test]
fn san_writes_captures_promotions_checks_and_mates() {
    check_san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5");
    check_san("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+");
    check_san("6k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+");
    check_san("6k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N");
    check_san(
        "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3",
        "d1h5",
        "Qh5#",
    );
    check_san("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", "O-O-O");
    check_san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+");
    check_san("8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6+");
}

#[test]
fn san_syntax_errors_are_separate_from_move_errors() {
    let p = Position::new();
    let syntax = |token: &str| match p.parse_san(token) {
        Err(ReadSanError::Syntax(err)) => err.kind,
        other => panic!("{token}: {other:?}"),
    };
    assert_eq!(syntax(""), ParseSanErrorKind::Empty);
    assert_eq!(syntax("Nf"), ParseSanErrorKind::MissingDestination);
    assert_eq!(
        syntax("Zf3"),
        ParseSanErrorKind::UnexpectedChar {
            index: 0,
            found: 'Z'
        }
    );
    assert_eq!(
        syntax("e4!"),
        ParseSanErrorKind::UnexpectedChar {
            index: 2,
            found: '!'
        }
    );
    assert_eq!(syntax("e8=K"), ParseSanErrorKind::InvalidPromotion);
    assert_eq!(syntax("e7=Q"), ParseSanErrorKind::InvalidPromotion);
    assert_eq!(syntax("Ne8=Q"), ParseSanErrorKind::InvalidPromotion);
    assert_eq!(
        syntax("0-0"),
        ParseSanErrorKind::UnexpectedChar {
            index: 0,
            found: '0'
        }
    );
    assert!(
        p.parse_san("Zf3")
            .unwrap_err()
            .to_string()
            .starts_with("`Zf3` is not standard algebraic notation: unexpected `Z` at position 1")
    );
}

#[test]
fn san_illegal_and_ambiguous_moves() {
    let p = Position::new();
    assert_eq!(
        p.parse_san("Nf4"),
        Err(ReadSanError::Move(SanError::Illegal))
    );
    assert_eq!(
        p.parse_san("e5"),
        Err(ReadSanError::Move(SanError::Illegal))
    );
    assert_eq!(
        p.parse_san("O-O"),
        Err(ReadSanError::Move(SanError::Illegal))
    );
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    match p.parse_san("Nd2") {
        Err(ReadSanError::Move(SanError::Ambiguous { candidates })) => {
            let mut names: Vec<String> = candidates.iter().map(|m| p.san(*m)).collect();
            names.sort();
            assert_eq!(names, ["Nbd2", "Nfd2"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn san_deviations_are_accepted_leniently_and_refused_strictly() {
    let check = |fen: &str, token: &str, expected: &[SanDeviation]| {
        let p = pos(fen);
        let san: SanPlus = token.parse().unwrap();
        let mv = san
            .san
            .to_move(&p)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(san.deviations(&p, mv), expected, "{token}");
        match san.to_move_strict(&p) {
            Err(SanError::Nonstandard {
                mv: strict_mv,
                standard,
                ..
            }) => {
                assert_eq!(strict_mv, mv);
                assert_eq!(standard, p.san(mv));
            }
            other => panic!("{token}: strict reading gave {other:?}"),
        }
    };
    let pawns = "4k3/8/8/3p4/4P3/5N2/8/4K3 w - - 0 1";
    check(pawns, "ed5", &[SanDeviation::CaptureMarkMissing]);
    check(pawns, "Nxe5", &[SanDeviation::CaptureMarkWithoutCapture]);
    check(pawns, "Nf3e5", &[SanDeviation::OverSpecified]);
    check(pawns, "Ne5+", &[SanDeviation::WrongCheckMark]);
    check(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra8",
        &[SanDeviation::CheckMarkMissing],
    );
    check(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra8#",
        &[SanDeviation::WrongCheckMark],
    );
    check(
        "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra8+",
        &[SanDeviation::MateMarkMissing],
    );
    check(
        "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra1a8",
        &[SanDeviation::OverSpecified, SanDeviation::MateMarkMissing],
    );
    // A pawn move without a file is a move along the file: `d5` never means `exd5`.
    assert_eq!(
        pos(pawns).parse_san("d5"),
        Err(ReadSanError::Move(SanError::Illegal))
    );
}

// ---- Material and endings -------------------------------------------------------------------

fn check_material(fen: &str, white_cannot_mate: bool, black_cannot_mate: bool) {
    let p = pos(fen);
    assert_eq!(
        p.has_insufficient_material(Color::White),
        white_cannot_mate,
        "white in {fen}"
    );
    assert_eq!(
        p.has_insufficient_material(Color::Black),
        black_cannot_mate,
        "black in {fen}"
    );
    assert_eq!(
        p.is_insufficient_material(),
        white_cannot_mate && black_cannot_mate,
        "{fen}"
    );
}

#[test]
fn material_test_per_colour() {
    check_material("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true);
    check_material("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true);
    check_material("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true, true);
    // K+N v K+N is not dead: each knight can help the other side mate (a helpmate exists).
    check_material("4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false);
    // K+N v K+Q: the knight can never mate, the queen can.
    check_material("4k1q1/8/8/8/8/8/8/1N2K3 w - - 0 1", true, false);
    // K+N v K+R: the rook can block its own king, so the knight side can mate.
    check_material("4k1r1/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false);
    // K+N v K+P: likewise with the pawn.
    check_material("4k3/6p1/8/8/8/8/8/1N2K3 w - - 0 1", false, false);
    // Bishops all on one square colour, on both sides: dead (c1 and f8 are both dark).
    check_material("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true);
    // Opposite-coloured bishops (c1 dark, c8 light): each side can be mated.
    check_material("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false);
    // Two bishops of one colour against a lone king: still no mate possible.
    check_material("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", true, true);
    // Bishop and knight: a mate exists.
    check_material("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false, true);
    // A lone king cannot mate whatever the other side has.
    check_material("4k3/8/8/8/8/8/PPPPPPPP/RNBQK3 w - - 0 1", false, true);
}

fn game_from(fen: &str, sans: &str) -> Game {
    let mut game = Game::new(pos(fen));
    for token in sans.split_whitespace() {
        let mv = game
            .position()
            .parse_san(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn checkmate_and_stalemate_end_the_game() {
    let game = game_from(STARTING_FEN, "f3 e5 g4 Qh4#");
    assert_eq!(
        game.ending(),
        Some(Ending::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(
        game.first_ending(),
        Some((
            4,
            Ending::Checkmate {
                winner: Color::Black
            }
        ))
    );
    let game = game_from("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7");
    assert_eq!(game.ending(), Some(Ending::Stalemate));
    assert_eq!(Ending::Stalemate.article(), "5.2.1");
}

#[test]
fn capturing_the_last_piece_makes_a_dead_position() {
    let game = game_from("4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1", "Kxe2");
    assert_eq!(
        game.ending(),
        Some(Ending::DeadPosition {
            reason: DeadReason::Material
        })
    );
}

#[test]
fn fivefold_repetition_need_not_be_consecutive() {
    // The knights dance out and back; between the third and fourth occurrence the kings
    // take a detour, so the repetitions are not all by consecutive moves (Laws 2017 on).
    let shuffle = "Nf3 Nf6 Ng1 Ng8";
    let detour = "Kd2 Kd7 Ke1 Ke8";
    let start = "rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1";
    let game = game_from(start, &format!("{shuffle} {shuffle} {detour} {shuffle}"));
    // Occurrences of the start position: plies 0, 4, 8, 12 (after the detour), 16.
    assert_eq!(game.occurrences(16), vec![0, 4, 8, 12, 16]);
    assert_eq!(game.first_ending(), Some((16, Ending::FivefoldRepetition)));
    assert_eq!(game.ending_at(12), None);
}

#[test]
fn seventy_five_moves_end_the_game_unless_the_last_move_mates() {
    // The clock stands at 149: the next move without capture or pawn move completes 75 moves
    // by each player.
    let game = game_from("7k/8/8/8/8/8/8/K3R3 w - - 149 100", "Kb1");
    assert_eq!(game.ending(), Some(Ending::SeventyFiveMoves));
    // Mate with the 150th half-move: checkmate takes precedence (9.6.2).
    let game = game_from("7k/8/6K1/8/8/8/8/4R3 w - - 149 100", "Re8#");
    assert_eq!(
        game.ending(),
        Some(Ending::Checkmate {
            winner: Color::White
        })
    );
    // The fifty-move rule is a claim, not an automatic ending.
    let game = game_from("7k/8/8/8/8/8/8/K3R3 w - - 99 60", "Kb1");
    assert_eq!(game.ending(), None);
}

#[test]
fn undo_restores_the_previous_position() {
    let mut game = game_from(STARTING_FEN, "e4 e5");
    assert_eq!(game.undo().map(|m| m.to_string()), Some("e7e5".into()));
    assert_eq!(
        game.position().to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(game.plies(), 1);
}

#[test]
fn square_and_piece_vocabulary() {
    assert_eq!(sq("e4").to_string(), "e4");
    assert!("i1".parse::<Square>().is_err());
    assert!("e".parse::<Square>().is_err());
    assert!(Square::A1.is_dark());
    assert!(!Square::H1.is_dark());
    assert_eq!(Square::A1.flip_vertical(), Square::A8);
    assert_eq!(Piece::from_char('n'), Some(Role::Knight.of(Color::Black)));
    assert_eq!(Role::Queen.of(Color::White).char(), 'Q');
    assert_eq!(Rank::SECOND.relative_to(Color::Black), Rank::SEVENTH);
}

#[test]
fn huge_clocks_do_not_overflow() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295");
    let p = p.play(p.parse_uci("e8d8").unwrap()).unwrap();
    assert_eq!(p.halfmove_clock(), u32::MAX);
    assert_eq!(p.fullmove_number(), u32::MAX);
    assert_eq!(
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 4294967296 1"),
        Err(ParseFenError::HalfmoveClock("4294967296".into()))
    );
}

#[test]
fn ambiguity_message_lists_the_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let err = p.parse_san("Nd2").unwrap_err();
    assert_eq!(err.to_string(), "ambiguous: Nb1d2, Nf3d2 all fit");
}

/// The exception for a loss by illegal moves follows the penalty texts of `laws.rs`: where the
/// penalty says "cannot checkmate by any series of legal moves" the loss has an article, and
/// the penalty names the same article first (2009 7.4 b, 2014 7.5 b, 2017 7.5.3, 2018 and
/// 2023 7.5.5 per the Handbook E.01 texts quoted in `laws.rs`). The 2001 standard text has no
/// such exception: its third illegal move loses.
#[test]
fn the_illegal_move_loss_article_follows_the_penalty_texts() {
    for laws in Laws::ALL {
        for rate in [Rate::Standard, Rate::Rapid, Rate::Blitz] {
            let penalty = laws.illegal_move_penalty(rate);
            let article = laws.illegal_move_loss_article(rate);
            assert_eq!(
                article.is_some(),
                penalty.contains("cannot checkmate"),
                "{laws} {rate}: {penalty}"
            );
            if let Some(article) = article
                && laws >= Laws::Y2014
            {
                let first = article.split(' ').next().unwrap_or_default();
                assert!(
                    penalty.starts_with(first),
                    "{laws} {rate}: {article} / {penalty}"
                );
            }
        }
    }
    assert_eq!(Laws::Y2001.illegal_move_loss_article(Rate::Standard), None);
    assert_eq!(
        Laws::Y2023.illegal_move_loss_article(Rate::Standard),
        Some("7.5.5")
    );
    assert!(Laws::Y2023.resignation_needs_mating_chance());
    assert!(!Laws::Y2018.resignation_needs_mating_chance());
}

/// The text of a dead position says which proof it rests on (5.2.2 either way).
#[test]
fn a_dead_position_says_how_it_was_shown() {
    let material = Ending::DeadPosition {
        reason: DeadReason::Material,
    };
    assert_eq!(
        material.to_string(),
        "dead position (insufficient material)"
    );
    assert_eq!(material.name(), "dead_position");
    assert_eq!(material.article(), "5.2.2");
    assert_eq!(Laws::Y2009.article(material), "5.2 b");
    let blocked = Ending::DeadPosition {
        reason: DeadReason::Blocked,
    };
    assert!(
        blocked
            .to_string()
            .starts_with("dead position (no series of legal moves can checkmate: "),
        "{blocked}"
    );
    assert_eq!(blocked.winner(), None);
}

// ---- Repetition keys -----------------------------------------------------------------------

/// The key a game works out move by move must be the key of the position hashed afresh
/// (the independent computation here), for every kind of move: captures, promotions with
/// and without capture, en passant (legal, and forbidden by a pin), castling on both sides
/// and moves that take castling rights away. Every legal move of each position is tried,
/// and then a walk of a few hundred plies that always takes the move found at a fixed stride
/// through the list, which reaches captures, promotions and castling as the walk goes.
#[test]
fn incremental_repetition_keys_equal_keys_hashed_afresh() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Castling both ways for both sides, rooks that can be captured on their home squares.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // En passant possible (d6) after Black's double step.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        // En passant that a pin along the rank forbids.
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        // Promotions, with and without capture, and an en passant square on the board.
        "r3k3/1P4P1/8/8/5pP1/8/8/4K3 b q g3 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    ];
    let check = |before: &Position, mv: Move| {
        let key = before.repetition_key();
        let mut next = *before;
        next.play_unchecked(mv);
        assert_eq!(
            before.repetition_key_of_next(key, mv, &next),
            next.repetition_key(),
            "{} then {mv}",
            before.to_fen()
        );
        next
    };
    for fen in fens {
        let start = pos(fen);
        for &mv in start.legal_moves().iter() {
            check(&start, mv);
        }
        for stride in [1, 3, 7] {
            let mut here = start;
            for ply in 0..300 {
                let moves = here.legal_moves();
                let Some(&mv) = moves.get((ply * stride) % moves.len().max(1)) else {
                    break;
                };
                here = check(&here, mv);
            }
        }
    }
}
