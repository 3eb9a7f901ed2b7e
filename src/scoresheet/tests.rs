//! Tests of notation reading and verification. Expected findings are worked out by hand from
//! the Laws (articles in the comments) and the notation table of Appendix C.

use super::notation::{self, CheckMark, Language, Notation, PieceMark, PromotionStyle, Separator};
use super::pgn::read_games;
use super::verify::{Options, Report, verify};
use crate::chess::{
    CastlingSide, ClaimKind, DeadReason, Ending, Laws, Position, Rate, Role, Square,
};

fn check(text: &str) -> Report {
    check_with(text, Options::default())
}

fn check_with(text: &str, options: Options) -> Report {
    let games = read_games(text);
    assert_eq!(games.len(), 1, "{text}");
    verify(&games[0], options)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

// ---- Reading one token --------------------------------------------------------------------

#[test]
fn tokens_in_every_notation() {
    let parsed = |t: &str| notation::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    match parsed("Sg1-f3+") {
        Notation::Move {
            piece: Some(PieceMark::Letter(l)),
            from_file,
            from_rank,
            separator: Separator::Hyphen,
            to,
            check: CheckMark::Check,
            ..
        } => {
            assert_eq!(l.as_str(), "S");
            assert_eq!(from_file.map(|f| f.char()), Some('g'));
            assert_eq!(from_rank.map(|r| r.char()), Some('1'));
            assert_eq!(to, sq("f3"));
        }
        other => panic!("{other:?}"),
    }
    for (token, style) in [
        ("d8Q", PromotionStyle::Plain),
        ("d8=Q", PromotionStyle::Equals),
        ("d8(Q)", PromotionStyle::Parentheses),
        ("d8/Q", PromotionStyle::Slash),
        ("exd8D", PromotionStyle::Plain),
    ] {
        match parsed(token) {
            Notation::Move {
                promotion: Some((_, s)),
                ..
            } => assert_eq!(s, style, "{token}"),
            other => panic!("{token}: {other:?}"),
        }
    }
    for (token, side, zeros) in [
        ("0-0", CastlingSide::KingSide, true),
        ("O-O-O", CastlingSide::QueenSide, false),
        ("0-0-0+", CastlingSide::QueenSide, true),
        ("%K", CastlingSide::KingSide, false),
    ] {
        match parsed(token) {
            Notation::Castle {
                side: s, zeros: z, ..
            } => {
                assert_eq!((s, z), (side, zeros), "{token}")
            }
            other => panic!("{token}: {other:?}"),
        }
    }
    assert!(matches!(
        parsed("exd6e.p."),
        Notation::Move {
            en_passant_mark: true,
            ..
        }
    ));
    assert!(matches!(
        parsed("♘f3"),
        Notation::Move {
            piece: Some(PieceMark::Figurine(Role::Knight)),
            ..
        }
    ));
    assert!(matches!(
        parsed("Крe2"),
        Notation::Move {
            piece: Some(PieceMark::Letter(_)),
            ..
        }
    ));
    assert!(matches!(
        parsed("Qh5++"),
        Notation::Move {
            check: CheckMark::DoublePlus,
            ..
        }
    ));
    match parsed("BS2-$C03*F04-PA4") {
        Notation::Chesmayne {
            code,
            from,
            to,
            captured: Some(captured),
            ..
        } => {
            assert_eq!(code.to_string(), "BS2");
            assert_eq!((from, to), (sq("c3"), sq("f4")));
            assert_eq!(captured.to_string(), "PA4");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn unreadable_tokens_say_where() {
    let err = notation::parse("Nf9").unwrap_err();
    assert_eq!(err.index, 2);
    let err = notation::parse("e4?x").unwrap_err();
    assert_eq!(err.index, 2);
    assert!(notation::parse("").is_err());
    assert!(notation::parse("PA5-$E02").is_err());
}

#[test]
fn chesmayne_identities_follow_the_source_numbering() {
    use crate::chess::Color;
    let id = |c, s: &str| notation::chesmayne_identity(c, sq(s)).unwrap().to_string();
    for (colour, square, identity) in [
        (Color::White, "e2", "PA5"),
        (Color::White, "b1", "KT1"),
        (Color::White, "f1", "BS2"),
        (Color::White, "e1", "KI"),
        (Color::Black, "h7", "PA1"),
        (Color::Black, "a7", "PA8"),
        (Color::Black, "h8", "RO1"),
        (Color::Black, "g8", "KT1"),
        (Color::Black, "c8", "BS2"),
        (Color::Black, "d8", "QU1"),
    ] {
        assert_eq!(id(colour, square), identity, "{colour:?} {square}");
    }
}

// ---- Languages ----------------------------------------------------------------------------

#[test]
fn language_is_detected_once_per_scoresheet() {
    // German: S = knight, L = bishop, D = queen, T = rook.
    let report =
        check("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 1/2-1/2");
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.language, Some(Language::German));
    assert_eq!(report.plies, 14);
    assert!(report.remarks.iter().any(|r| r.remark.contains("German")));
    // French: C = knight, F = bishop, R = king, T = rook.
    let report = check("1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 Cf6 5. O-O Fe7 6. Te1 b5 *");
    assert_eq!(report.language, Some(Language::French));
    assert_eq!(report.first_illegal, None);
}

#[test]
fn the_language_is_the_one_under_which_the_whole_game_is_legal() {
    // `B` is a bishop in English and Portuguese and a rook in Hungarian; `K` is a king in both
    // English and Hungarian. Only Hungarian reads `Bh3` as the rook move that is legal.
    let report = check("1. h4 a5 2. Bh3 a4 *");
    assert_eq!(report.language, Some(Language::Hungarian), "{report:?}");
    assert_eq!(report.first_illegal, None);
    // With only `K` moves, several languages fit; the report says so.
    let report = check("1. e4 e5 2. Ke2 Ke7 *");
    assert!(report.languages.len() > 1, "{report:?}");
    assert!(
        report
            .remarks
            .iter()
            .any(|r| r.remark.contains("several languages"))
    );
}

#[test]
fn figurines_mean_the_same_in_every_language() {
    let report = check("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 *");
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.plies, 5);
}

#[test]
fn russian_letters() {
    let report = check("1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. Крf1 *");
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.language, Some(Language::Russian));
}

// ---- Illegal moves and their reasons -----------------------------------------------------

fn illegal(text: &str) -> super::verify::IllegalMove {
    let report = check(text);
    match report.first_illegal {
        Some(found) => found,
        None => panic!("no illegal move in {text}: {:?}", report.remarks),
    }
}

fn reason(text: &str) -> String {
    illegal(text).reason
}

fn from_fen(fen: &str, moves: &str) -> String {
    format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves}\n")
}

#[test]
fn first_illegal_move_has_ply_label_token_and_stops_the_replay() {
    let report = check("1. e4 e5 2. Nf3 Nc6 3. Nf4 Nf6 4. d4 *");
    let illegal = report.first_illegal.clone().expect("illegal");
    assert_eq!(illegal.ply, 5);
    assert_eq!(illegal.label, "3.");
    assert_eq!(illegal.token, "Nf4");
    assert_eq!(illegal.span.column, 24);
    // Replay stops before it: the arbiter reinstates the position after 2...Nc6 (7.5.1).
    assert_eq!(report.plies, 4);
    assert_eq!(
        report.final_fen,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    let black = illegal_from("1. e4 e5 2. Nf3 Ke6 *");
    assert_eq!((black.ply, black.label.as_str()), (4, "2..."));
}

fn illegal_from(text: &str) -> super::verify::IllegalMove {
    illegal(text)
}

#[test]
fn reasons_in_arbiters_words() {
    let sheets = [
        ("1. e4 e5 2. Nf4 *".to_owned(), "no knight can reach f4"),
        (
            "1. e5 *".to_owned(),
            "no pawn can move to e5: the pawn cannot move so",
        ),
        (
            "1. e4 e5 2. d3 Bb4+ 3. Nc3 Nf6 4. Nd5 *".to_owned(),
            "the knight on c3 is pinned by the bishop on b4 against its king",
        ),
        (
            from_fen("4k3/8/8/8/8/8/8/3RK3 b - - 0 1", "1... Kd8 *"),
            "the king would be in check on d8 (attacked by the rook on d1)",
        ),
        (
            from_fen("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "1. Ra5 *"),
            "the king would be in check: white is in check from the rook on e2 and this move does not answer it",
        ),
        (
            from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "1. Qd2 *"),
            "white has no queen on the board",
        ),
        ("1. Nd2 *".to_owned(), "d2 is occupied by white's own pawn"),
    ];
    for (sheet, expected) in sheets {
        assert_eq!(reason(&sheet), expected, "{sheet}");
    }
}

#[test]
fn castling_reasons_name_the_move_that_lost_the_right() {
    let rooks = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (fen, moves, expected) in [
        (
            rooks,
            "1. Ke2 Ke7 2. Ke1 Ke8 3. O-O *",
            "castling king side is not allowed: the right was lost when the king moved (1. Ke2)",
        ),
        (
            rooks,
            "1. Rxa8+ Kd7 2. Ra1 Ke8 3. Rb1 O-O-O *",
            "castling queen side is not allowed: the right was lost when the rook was captured (1. Rxa8+)",
        ),
        (
            rooks,
            "1. Rh2 Rh7 2. Rh1 Rh8 3. O-O *",
            "castling king side is not allowed: the right was lost when the rook moved (1. Rh2)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            "1. O-O *",
            "castling king side is not allowed: white had no such right in the starting position",
        ),
        (
            "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1",
            "1. O-O *",
            "castling through check is not allowed: f1 is attacked by the rook on f2",
        ),
        (
            "4k3/8/8/8/8/8/6r1/4K2R w K - 0 1",
            "1. O-O *",
            "castling into check is not allowed: g1 is attacked by the rook on g2",
        ),
        (
            "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1",
            "1. O-O *",
            "castling out of check is not allowed: the king is attacked by the rook on e2",
        ),
        (
            "4k3/8/8/8/8/8/8/4KN1R w K - 0 1",
            "1. O-O *",
            "castling king side is not possible: the knight on f1 stands between king and rook",
        ),
    ] {
        assert_eq!(reason(&from_fen(fen, moves)), expected, "{fen} {moves}");
    }
}

#[test]
fn ambiguous_moves_list_the_candidates() {
    // Two knights can go to d2: a recording fault (C.10), not an illegal move (7.5.1 needs a
    // move completed on the board). Both readings stand, so none is chosen.
    let report = check(&from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "1. Nd2 *"));
    assert_eq!(report.first_illegal, None);
    assert_eq!(report.recording.len(), 1);
    assert_eq!(report.recording[0].readings, ["Nbd2", "Nfd2"]);
    assert_eq!(report.recording[0].chosen, None);
}

#[test]
fn illegal_move_penalty_follows_edition_and_rate() {
    let text = "1. e4 e5 2. Nf4 *";
    let penalty = |laws, rate| {
        check_with(
            text,
            Options {
                laws,
                rate,
                claims: false,
                ..Default::default()
            },
        )
        .first_illegal
        .unwrap()
        .penalty
    };
    // The penalty is for a move completed on the board (7.5.1), which a scoresheet alone
    // does not show.
    assert!(
        penalty(Laws::Y2023, Rate::Standard)
            .starts_with("if this move was made on the board: 7.5.5: ")
    );
    assert!(penalty(Laws::Y2023, Rate::Blitz).contains("one minute"));
    assert!(
        penalty(Laws::Y2014, Rate::Rapid).starts_with("if this move was made on the board: A.4 b")
    );
    assert!(penalty(Laws::Y2001, Rate::Standard).contains("the third loses"));
}

#[test]
fn unreadable_token_is_reported_not_dropped() {
    let found = illegal("1. e4 e5 2. N@f3 *");
    assert_eq!(found.token, "N@f3");
    assert!(found.reason.starts_with("unreadable: "), "{}", found.reason);
}

// ---- Promotions -----------------------------------------------------------------------------

#[test]
fn promotion_without_piece_keeps_the_record_legal() {
    // The black pawn keeps the position alive after a knight promotion (K+N v K+P).
    let start = "8/4P3/8/8/8/8/k6p/4K3 w - - 0 1";
    // Only a knight on e8 can go to d6 next.
    let report = check(&from_fen(start, "1. e8 Ka1 2. Nd6 *"));
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.plies, 3);
    assert!(
        report
            .remarks
            .iter()
            .any(|r| r.ply == 1 && r.remark.contains("read as knight"))
    );
    // When several pieces keep the record legal, the queen is chosen.
    let report = check(&from_fen(start, "1. e8 Ka1 2. Qe7 *"));
    assert_eq!(report.first_illegal, None);
    assert!(
        report
            .remarks
            .iter()
            .any(|r| r.ply == 1 && r.remark.contains("read as queen"))
    );
    for token in ["e8Q", "e8=Q", "e8(Q)", "e8/Q"] {
        let report = check(&from_fen(start, &format!("1. {token} *")));
        assert_eq!(report.first_illegal, None, "{token}");
    }
}

// ---- Remarks --------------------------------------------------------------------------------

fn remarks(text: &str) -> Vec<(usize, String)> {
    let report = check(text);
    assert_eq!(report.first_illegal, None, "{report:?}");
    report
        .remarks
        .into_iter()
        .map(|r| (r.ply, r.remark))
        .collect()
}

#[test]
fn notation_deviations_are_remarks_not_errors() {
    let found = remarks("1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1b5 a6 4. Bb5xc6 dxc6 5. 0-0 *");
    let plies: Vec<usize> = found.iter().map(|(p, _)| *p).collect();
    assert_eq!(plies, [1, 2, 3, 4, 9], "{found:?}");
    assert!(found[0].1.contains("hyphen"));
    assert!(found[4].1.contains("zeros"));

    for (sheet, expected) in [
        (
            "1. Ngf3 *",
            Some((1, "origin given where it is not needed")),
        ),
        // Two knights can reach d2: the file is needed.
        ("1. d4 d5 2. Nf3 Nf6 3. Nbd2 *", None),
        (
            "1. e4 e5 2. Nxf3 *",
            Some((3, "capture sign written but nothing is captured")),
        ),
        ("1. e4 f5 2. Qh5 *", Some((3, "check not marked with +"))),
        (
            "1. e4 e5 2. Nf3+ *",
            Some((3, "check sign on a move that gives no check")),
        ),
        (
            "1. f3 e5 2. g4 Qh4+ 1-0",
            Some((4, "checkmate not marked with # or ++")),
        ),
        // `++` is a mate mark in the 2023 Laws (C.13.5): fine on a mate, a remark on a check.
        ("1. f3 e5 2. g4 Qh4++ 0-1", None),
        (
            "1. e4 f5 2. Qh5++ *",
            Some((
                3,
                "++ marks checkmate (C.13.5), but this move only gives check",
            )),
        ),
        // Pawn captures written without x (`ed5`) are allowed (C.9).
        ("1. e4 d5 2. ed5 *", None),
        ("1. e4 d5 2. e5 f5 3. exf6e.p. *", None),
        (
            "1. e4 d5 2. exd5e.p. *",
            Some((
                3,
                "e.p. written on a move that is not an en passant capture",
            )),
        ),
        (
            "1. e4 e5 3. Nf3 *",
            Some((3, "move number written as 3., but this is move 2.")),
        ),
    ] {
        let expected: Vec<(usize, String)> = expected
            .iter()
            .map(|&(ply, remark)| (ply, remark.to_owned()))
            .collect();
        assert_eq!(remarks(sheet), expected, "{sheet}");
    }
}

/// The piece letters of the tokens after an unreadable one still choose the language, though
/// no replay reads past it: `S` makes this record German, where `K` alone fits English too.
#[test]
fn letters_after_an_unreadable_token_choose_the_language() {
    let german = check("1. e4 e5 2. Ke2 ?!?x 3. Sf3 *");
    assert_eq!(german.language, Some(Language::German));
    assert_eq!(german.plies, 3);
    assert!(german.first_illegal.is_some());
    let english = check("1. e4 e5 2. Ke2 ?!?x *");
    assert_eq!(english.language, Some(Language::English));
    assert_eq!(english.plies, 3);
}

/// The number written with a move is compared with the move's own number in a game set up
/// with either side to move and at any move number, up to the largest number a FEN holds.
#[test]
fn move_numbers_are_checked_from_any_start() {
    // The kings' letter fits several languages, which the remark at ply 0 says.
    let remarks = |text: &str| -> Vec<(usize, String)> {
        remarks(text)
            .into_iter()
            .filter(|&(ply, _)| ply > 0)
            .collect()
    };
    let black_to_move = "[FEN \"4k3/p7/8/8/8/8/P7/4K3 b - - 0 40\"]\n\n";
    assert_eq!(
        remarks(&format!("{black_to_move}40... Kd7 41. Kd2 Ke7 42. Ke1 *")),
        Vec::new()
    );
    assert_eq!(
        remarks(&format!(
            "{black_to_move}40... Kd7 41. Kd2 41... Ke7 41. Ke1 *"
        )),
        vec![(
            4,
            "move number written as 41., but this is move 42.".to_owned()
        )]
    );
    assert_eq!(
        remarks(&format!("{black_to_move}40. Kd7 *")),
        vec![(
            1,
            "move number written as 40., but this is move 40...".to_owned()
        )]
    );
    let at_the_ceiling = "[FEN \"4k3/p7/8/8/8/8/P7/4K3 b - - 0 4294967295\"]\n\n";
    assert_eq!(
        remarks(&format!(
            "{at_the_ceiling}4294967295... Kd7 4294967295. Kd2 *"
        )),
        vec![(
            2,
            "move number written as 4294967295., but this is move 4294967296.".to_owned()
        )]
    );
}

#[test]
fn chesmayne_notation_with_identities() {
    let report = check("01A PA5-$E02/E04 01B PA4-$E07/E05 02A KT2-$G01/F03 02B KT1-$B08/C06 *");
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.plies, 4);
    // Black's b8 knight is KT2 in the source's numbering, so `KT1` names another piece.
    assert_eq!(report.remarks.len(), 1, "{:?}", report.remarks);
    assert!(report.remarks[0].remark.contains("KT2"));
    let report = check("01A PA5-$E02/E04 01B PA5-$D07/D05 02A PA5-$E04*D05-PA5 *");
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert!(report.remarks.is_empty(), "{:?}", report.remarks);
}

// ---- Endings and results --------------------------------------------------------------------

#[test]
fn automatic_endings_void_the_moves_after_them() {
    let report = check("1. f3 e5 2. g4 Qh4# 3. a3 Nc6 0-1");
    let ended = report.ended.expect("mate");
    assert_eq!(ended.ply, 4);
    assert_eq!(
        ended.ending,
        Ending::Checkmate {
            winner: crate::chess::Color::Black
        }
    );
    assert_eq!(ended.article, "5.1.1");
    assert_eq!(report.moves_after_end, 2);
    assert_eq!(report.plies, 4);
    assert!(report.result_consistent);
    assert_eq!(report.first_illegal, None);
}

#[test]
fn result_against_the_board() {
    let report = check("1. f3 e5 2. g4 Qh4# 1/2-1/2");
    assert!(!report.result_consistent);
    assert!(report.result_note.unwrap().contains("the result is 0-1"));
    // Capturing the last rook leaves K+B v K: a dead position (5.2.2), so 1-0 cannot stand.
    let report = check(&from_fen("4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1", "1. Kxe2 1-0"));
    assert_eq!(
        report.ended.map(|e| e.ending),
        Some(Ending::DeadPosition {
            reason: DeadReason::Material
        })
    );
    assert!(!report.result_consistent);
    let report = check(&from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "1. Qf7 1-0"));
    assert_eq!(report.ended.map(|e| e.ending), Some(Ending::Stalemate));
    assert!(!report.result_consistent);
    let report = check("1. e4 e5 *");
    assert!(!report.result_consistent);
    assert!(
        report.result_note.unwrap().starts_with(
            "no result recorded; the record stops after 1... e5 with the game not over"
        )
    );
    let report = check("[Result \"1-0\"]\n\n1. e4 e5 0-1");
    assert!(!report.result_consistent);
}

/// The replay leaves whether a move is left to play open until it reads the next written move;
/// a stalemate must still end the game when moves were written after it. After 1. Qf7 every
/// move of the black king is to a square the queen holds (g8, h7, g7), so `Kh7` cannot be
/// read as a legal move, and it is void, not illegal.
#[test]
fn a_stalemate_ends_the_game_even_with_moves_written_after_it() {
    let report = check(&from_fen(
        "7k/8/6Q1/8/8/8/8/K7 w - - 0 1",
        "1. Qf7 Kh7 2. Qh5 1/2-1/2",
    ));
    let ended = report.ended.expect("an ending");
    assert_eq!((ended.ply, ended.ending), (1, Ending::Stalemate));
    assert_eq!(report.moves_after_end, 2);
    assert_eq!(report.first_illegal, None);
    assert!(report.result_consistent);
}

#[test]
fn loss_on_time_against_a_side_that_cannot_mate_is_a_draw() {
    // Black lost on time, but White has only king and knight against a queen (6.9).
    let lost_on_time = |fen: &str| {
        check(&format!(
            "[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n[FEN \"{fen}\"]\n\n1-0\n"
        ))
    };
    let report = lost_on_time("q3k3/8/8/8/8/8/8/3NK3 w - - 0 1");
    assert!(!report.result_consistent, "{report:?}");
    assert!(report.result_note.unwrap().contains("6.9"));
    let report = lost_on_time("q3k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(report.result_consistent);
    assert!(
        report
            .result_note
            .unwrap()
            .starts_with("won on time, and the win stands (6.9): white can still checkmate")
    );
}

#[test]
fn editions_change_the_automatic_endings() {
    let text = from_fen("7k/8/8/8/8/8/8/K3R3 w - - 149 100", "100. Kb1 Kg8 1/2-1/2");
    let report = check(&text);
    assert_eq!(
        report.ended.map(|e| (e.ply, e.ending)),
        Some((1, Ending::SeventyFiveMoves))
    );
    assert_eq!(report.moves_after_end, 1);
    let options = Options {
        laws: Laws::Y2009,
        ..Options::default()
    };
    let report = check_with(&text, options);
    assert_eq!(report.ended, None);
    assert_eq!(report.plies, 2);
    let report = check_with(
        &from_fen("7k/8/8/8/8/8/8/K3R3 w - - 149 100", "100. Kb1 1/2-1/2"),
        Options {
            laws: Laws::Y2014,
            ..Options::default()
        },
    );
    assert_eq!(report.ended.map(|e| e.article), Some("9.6 b"));
}

#[test]
fn fivefold_in_2014_must_be_consecutive() {
    // The knights dance four times round; a six half-move king detour in the middle breaks
    // the sequence of alternate moves.
    let shuffle = "Nf3 Nf6 Ng1 Ng8";
    let detour = "Kd2 Kd7 Kd1 Kd8 Ke1 Ke8";
    let moves = format!("{shuffle} {shuffle} {detour} {shuffle} 1/2-1/2");
    let text = from_fen("rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1", &moves);
    assert_eq!(
        check(&text).ended.map(|e| (e.ply, e.ending)),
        Some((18, Ending::FivefoldRepetition))
    );
    let in_2014 = check_with(
        &text,
        Options {
            laws: Laws::Y2014,
            ..Options::default()
        },
    );
    assert_eq!(in_2014.ended, None);
}

// ---- Claims -----------------------------------------------------------------------------------

#[test]
fn claim_opportunities_name_the_move() {
    let report = check_with(
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *",
        Options {
            claims: true,
            ..Options::default()
        },
    );
    let claims = report.claims_available.expect("claims");
    let found: Vec<(usize, ClaimKind, Option<String>)> = claims
        .into_iter()
        .map(|c| (c.ply, c.kind, c.by_move))
        .collect();
    assert_eq!(
        found,
        [
            (7, ClaimKind::Threefold, Some("Ng8".to_owned())),
            (8, ClaimKind::Threefold, None)
        ]
    );
}

#[test]
fn replay_reads_every_language_style_the_same() {
    let start = Position::new();
    let english = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    let german = [
        "e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "La4", "Sf6", "0-0", "Le7",
    ];
    let (moves_en, ok_en) =
        super::verify::replay_moves_for_tests(start, &english, Language::English);
    let (moves_de, ok_de) = super::verify::replay_moves_for_tests(start, &german, Language::German);
    assert!(ok_en && ok_de);
    assert_eq!(moves_en, moves_de);
}

#[test]
fn letter_table_matches_the_language_table() {
    // Every language's letters read back to their pieces through the per-scoresheet table.
    for language in Language::ALL {
        let table = notation::LetterTable::new(language);
        // The table kept for the run is the one built for the language.
        assert_eq!(notation::LetterTable::of(language), &table, "{language:?}");
        for (letter, role) in language.letters().iter().zip([
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]) {
            let token = format!("{letter}e4");
            match notation::parse(&token) {
                Ok(Notation::Move {
                    piece: Some(mark), ..
                }) => assert_eq!(table.role(&mark), Some(role), "{language:?} {letter}"),
                other => panic!("{token}: {other:?}"),
            }
        }
    }
}

/// `claim --before 28...` rests on `ply_before`, which must undo `move_number` exactly: for
/// games starting with either side to move and at any move number, the moment before each
/// half-move is the number of half-moves done before it.
#[test]
fn ply_before_is_the_inverse_of_move_number() {
    use crate::scoresheet::verify::{move_number, ply_before};
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 30",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 7",
    ] {
        let start = Position::from_fen(fen).expect("fen");
        for ply in 1..120 {
            let (number, black) = move_number(&start, ply);
            assert_eq!(
                ply_before(&start, number, black),
                Some(ply - 1),
                "{fen} {ply}"
            );
        }
        // The move before the first one of the record has no moment.
        let (number, black) = move_number(&start, 1);
        let earlier = if black {
            (number, false)
        } else {
            (number - 1, true)
        };
        assert_eq!(ply_before(&start, earlier.0, earlier.1), None, "{fen}");
    }
    // From the initial position: White's 28th move is half-move 55 (2 x 27 + 1).
    let start = Position::new();
    assert_eq!(ply_before(&start, 28, false), Some(54));
    assert_eq!(ply_before(&start, 28, true), Some(55));
}

// ---- Winnability: dead positions beyond material and wins not by checkmate -----------------

/// Eight pawns a side locked in a zigzag once White plays h4-h5: every pawn stands in front of
/// an enemy pawn with nothing to capture, and every square of the fourth and fifth (sixth and
/// seventh) ranks a king could use to cross is guarded by an enemy pawn, so the kings stay on
/// their own sides and neither can ever be mated (5.2.2, worked out by hand). Before 40. h5
/// Black could still play ...gxh4 and queen the pawn, so the game is alive until that move.
const BEFORE_WALL: &str = "7k/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/8/K7 w - - 0 40";
const WALL: &str = "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 0 40";

/// White king and h3 pawn against Black's king on h4 and pawn on h5, Black to move: Black's
/// only legal move is Kxh3 (g3, g4 and g5 are guarded by the king on f4), after which White has
/// a bare king. So White cannot checkmate by any series of legal moves, while Black can (the h
/// pawn queens): not a dead position, but a win for White that the Laws turn into a draw on
/// time (6.9), and on resignation from 2023 (5.1.2). Reached by 50. Kf4 from `BEFORE_KF4`.
const BEFORE_KF4: &str = "8/8/8/7p/4K2k/7P/8/8 w - - 0 50";

fn with_tags(tags: &str, fen: &str, moves: &str) -> String {
    format!("{tags}[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves}\n")
}

#[test]
fn a_locked_pawn_wall_ends_the_game_where_it_locks() {
    let report = check(&from_fen(
        BEFORE_WALL,
        "40. h5 Kg7 41. Kb2 Kf7 42. Kc3 Ke7 1/2-1/2",
    ));
    let ended = report.ended.expect("a dead position");
    assert_eq!(ended.ply, 1);
    assert_eq!(
        ended.ending,
        Ending::DeadPosition {
            reason: DeadReason::Blocked
        }
    );
    assert_eq!(ended.article, "5.2.2");
    assert_eq!(report.plies, 1);
    assert_eq!(report.moves_after_end, 5);
    assert_eq!(report.final_fen, WALL);
    assert_eq!(report.first_illegal, None);
    assert!(report.result_consistent, "{report:?}");
    // The older editions number the same rule 5.2 b.
    let report = check_with(
        &from_fen(BEFORE_WALL, "40. h5 Kg7 1/2-1/2"),
        Options {
            laws: Laws::Y2009,
            ..Options::default()
        },
    );
    assert_eq!(report.ended.map(|e| (e.ply, e.article)), Some((1, "5.2 b")));
}

/// As after a stalemate, the moves after a dead position are void, an illegal one too: the
/// game was over before it (5.2.2), so it is no illegal move (7.5) and the record is legal up
/// to its end. A decisive result cannot stand.
#[test]
fn an_illegal_move_after_a_dead_position_is_void() {
    let report = check(&from_fen(BEFORE_WALL, "40. h5 Kg7 41. Kb2 Kxh6 1-0"));
    assert_eq!(report.first_illegal, None, "{report:?}");
    assert_eq!(report.ended.map(|e| e.ply), Some(1));
    assert_eq!(report.moves_after_end, 3);
    assert!(!report.result_consistent);
    assert!(
        report
            .result_note
            .as_deref()
            .is_some_and(|n| n.ends_with("after half-move 1: the result is 1/2-1/2")),
        "{report:?}"
    );
    // The same for a stalemate, the precedent.
    let report = check(&from_fen(
        "7k/8/6K1/8/8/8/5Q2/8 w - - 0 80",
        "80. Qf7 Kxf7 1/2-1/2",
    ));
    assert_eq!(report.first_illegal, None);
    assert_eq!(report.moves_after_end, 1);
}

#[test]
fn a_game_can_start_in_a_dead_position() {
    let report = check(&from_fen(WALL, "40... Kg7 41. Kb2 1/2-1/2"));
    assert_eq!(report.ended.map(|e| e.ply), Some(0));
    assert_eq!(report.plies, 0);
    assert_eq!(report.moves_after_end, 2);
    assert_eq!(report.final_fen, WALL);
}

/// Kings shuffling behind the wall repeat the start five times after 16 half-moves (9.6.1),
/// but the game was dead from the start (5.2.2), so that is where it ended.
#[test]
fn a_dead_position_comes_before_the_repetition_it_leads_to() {
    let shuffle = "Kg7 Kb2 Kh8 Ka1";
    let moves = format!("40... {shuffle} {shuffle} {shuffle} {shuffle} 1/2-1/2");
    let report = check(&from_fen(WALL, &moves));
    assert_eq!(
        report.ended.map(|e| (e.ply, e.ending.name())),
        Some((0, "dead_position"))
    );
    assert_eq!(report.moves_after_end, 16);
}

/// Replays a helpmate line as the result note writes it (`2. Qh5 Ke7 3. Qxe5#`) from `fen`,
/// and says whether it ends in checkmate by `winner`.
fn helpmate_mates(fen: &str, line: &str, winner: crate::chess::Color) -> bool {
    let mut pos = Position::from_fen(fen).expect("fen");
    for token in line.split_whitespace() {
        if token.ends_with('.') {
            continue;
        }
        let mv = pos
            .parse_san(token)
            .unwrap_or_else(|e| panic!("{token} in {line}: {e}"));
        pos = pos.play(mv).expect("legal");
    }
    pos.is_checkmate() && pos.turn() != winner
}

#[test]
fn a_win_on_time_needs_a_winner_who_could_still_mate() {
    // 6.9: Black's flag fell, but White cannot checkmate by any series of legal moves: a draw.
    let tags = "[Termination \"Time forfeit\"]\n[Result \"1-0\"]\n";
    let report = check(&with_tags(tags, BEFORE_KF4, "50. Kf4 1-0"));
    assert!(!report.result_consistent);
    assert!(report.result_against_winnability);
    assert_eq!(
        report.result_note.as_deref(),
        Some(
            "1-0 on time, but white cannot checkmate by any series of legal moves (proved by exhaustive search): the game is drawn (6.9)"
        )
    );
    // The 2001 Laws number it 6.10.
    let report = check_with(
        &with_tags(tags, BEFORE_KF4, "50. Kf4 1-0"),
        Options {
            laws: Laws::Y2001,
            ..Options::default()
        },
    );
    assert!(report.result_note.is_some_and(|n| n.ends_with("(6.10)")));
    // A win on time that stands gives the helpmate as its proof, and the line mates.
    let report = check(&format!("{tags}\n1. e4 e5 1-0\n"));
    assert!(report.result_consistent);
    let note = report.result_note.expect("note");
    let proof = note
        .strip_prefix("won on time, and the win stands (6.9): white can still checkmate")
        .unwrap_or_else(|| panic!("{note}"));
    // A short helpmate is given whole, and it mates; a long one by its length and start.
    match proof.strip_prefix(", for example ") {
        Some(line) => {
            assert!(line.starts_with("2. "), "{line}");
            assert!(helpmate_mates(
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                line,
                crate::chess::Color::White
            ));
        }
        None => assert!(proof.starts_with(" (a helpmate of "), "{note}"),
    }
}

#[test]
fn a_resignation_needs_a_mating_chance_from_2023_only() {
    let text = with_tags(
        "[Termination \"Normal\"]\n[Result \"1-0\"]\n",
        BEFORE_KF4,
        "50. Kf4 1-0",
    );
    // 5.1.2 (2023): the game is drawn when the winner cannot checkmate.
    let report = check(&text);
    assert!(!report.result_consistent);
    assert!(
        report
            .result_note
            .is_some_and(|n| n.ends_with("a resignation here is a draw (5.1.2)"))
    );
    // Up to 2018 the resignation stands; the note still says that White could not mate.
    let report = check_with(
        &text,
        Options {
            laws: Laws::Y2018,
            ..Options::default()
        },
    );
    assert!(report.result_consistent);
    assert!(!report.result_against_winnability);
    assert!(
        report
            .result_note
            .is_some_and(|n| n.contains("under the 2018 Laws a resignation still stands"))
    );
}

#[test]
fn a_loss_by_a_second_illegal_move_needs_a_mating_chance() {
    // 7.5.5: the second illegal move (50... Kg3, into the king's reach) loses, unless the
    // opponent cannot checkmate: the position before it is reinstated and judged.
    let text = with_tags(
        "[Termination \"Rules infraction\"]\n[Result \"1-0\"]\n",
        BEFORE_KF4,
        "50. Kf4 Kg3 1-0",
    );
    let report = check(&text);
    assert_eq!(report.first_illegal.as_ref().map(|i| i.ply), Some(2));
    assert!(!report.result_consistent);
    assert!(
        report
            .result_note
            .as_deref()
            .is_some_and(|n| n.ends_with("the game is drawn (7.5.5)")),
        "{report:?}"
    );
    // The 2014 Laws call it 7.5 b; the 2001 standard text has no exception.
    let in_2014 = check_with(
        &text,
        Options {
            laws: Laws::Y2014,
            ..Options::default()
        },
    );
    assert!(in_2014.result_note.is_some_and(|n| n.ends_with("(7.5 b)")));
    let in_2001 = check_with(
        &text,
        Options {
            laws: Laws::Y2001,
            ..Options::default()
        },
    );
    assert!(in_2001.result_consistent);
}

#[test]
fn without_a_termination_tag_each_way_of_ending_is_named() {
    let text = with_tags("[Result \"1-0\"]\n", BEFORE_KF4, "50. Kf4 1-0");
    let report = check(&text);
    // As the material test always did under the 2023 Laws: every way of ending is a draw.
    assert!(!report.result_consistent);
    assert!(
        report.result_note.as_deref().is_some_and(|n| n.ends_with(
            "on time this is a draw (6.9), by resignation a draw (5.1.2), by illegal moves a draw (7.5.5)"
        )),
        "{report:?}"
    );
    let report = check_with(
        &text,
        Options {
            laws: Laws::Y2018,
            ..Options::default()
        },
    );
    assert!(report.result_consistent);
    assert!(report.result_note.as_deref().is_some_and(|n| {
        n.contains("had the game ended on time it would be a draw (6.9)")
            && n.ends_with("a resignation still stands under the 2018 Laws")
    }));
}

/// With a budget too small to decide anything, the verdicts are undetermined: the check says
/// so and leaves the result standing, never an ending.
#[test]
fn an_undetermined_decision_never_turns_a_result() {
    let tiny = Options {
        budget: crate::chess::Budget {
            helpmate_nodes: 1,
            exhaustive_nodes: 1,
        },
        ..Options::default()
    };
    let report = check_with("[Termination \"Time forfeit\"]\n\n1. e4 e5 1-0\n", tiny);
    assert!(report.result_consistent, "{report:?}");
    assert!(report.is_clean());
    assert!(report.ended.is_none());
    assert!(!report.result_against_winnability);
    let note = report.result_note.expect("note");
    assert!(
        note.starts_with("won on time; whether white could still checkmate is undetermined"),
        "{note}"
    );
    assert!(
        note.ends_with(
            "whether the position was dead (5.2.2) after half-move 2 is undetermined (the search budget ran out)"
        ),
        "{note}"
    );
    // The wall is proved by the static analysis, which needs no budget.
    let report = check_with(&from_fen(BEFORE_WALL, "40. h5 Kg7 1/2-1/2"), tiny);
    assert_eq!(report.ended.map(|e| e.ply), Some(1));
}

/// The cost of the decision per game: one question for an ordinary game (the winner's, or the
/// side with more material, answered by a quick probe), none for a game that ended in
/// checkmate (the mate is a helpmate from every earlier position), and one or two small ones
/// for a game that ended by another automatic ending, where a dead position could hide just
/// before it (a look at the moves from there settles the forced capture into bare material;
/// the static proofs, counted as one question, or the small search the rest).
#[test]
fn an_ordinary_game_costs_one_decision() {
    let calls = |text: &str| check(text).winnability_calls;
    assert_eq!(
        calls("[Termination \"Normal\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"),
        1
    );
    assert_eq!(calls("1. e4 e5 2. Nf3 Nc6 1/2-1/2"), 1);
    assert_eq!(calls("1. e4 e5 2. Nf3 Nc6 3. Nd5 *"), 1);
    assert_eq!(calls("1. f3 e5 2. g4 Qh4# 0-1"), 0);
    assert_eq!(
        calls(&from_fen(
            "4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1",
            "1. Kxe2 1/2-1/2"
        )),
        // Before 1. Kxe2: White's bishop is proved unable by material, then Black's rook is
        // asked (the small search leaves it open: not dead).
        2
    );
    assert_eq!(
        calls(&from_fen(
            "7k/8/8/8/8/8/8/K3R3 w - - 149 100",
            "100. Kb1 1/2-1/2"
        )),
        // The rook has many moves that lead on: only the static proofs are asked.
        1
    );
}

/// A claim is listed only while the game goes on: none at the dead position itself, where the
/// fifty moves (100 half-moves on the clock, 9.3.2) would otherwise give one.
#[test]
fn no_claim_is_listed_at_a_dead_position() {
    let report = check_with(
        &from_fen(
            "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 100 90",
            "90... Kg7 91. Kb2 1/2-1/2",
        ),
        Options {
            claims: true,
            ..Options::default()
        },
    );
    assert_eq!(report.ended.map(|e| e.ply), Some(0));
    assert_eq!(report.claims_available, Some(Vec::new()));
}

/// A long helpmate is given by its length and first moves, so that a note stays bounded: the
/// knights' dance seven times over and the fool's mate make a 32 half-move line that ends in
/// Black's mate (worked out by hand); a short one is given whole.
#[test]
fn a_long_helpmate_is_shown_by_its_start() {
    let start = Position::new();
    let mut tokens: Vec<&str> = Vec::new();
    for _ in 0..7 {
        tokens.extend(["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    tokens.extend(["f3", "e5", "g4", "Qh4#"]);
    let mut pos = start;
    let mut line = Vec::new();
    for token in &tokens {
        let mv = pos.parse_san(token).expect("legal");
        line.push(mv);
        pos = pos.play(mv).expect("legal");
    }
    assert!(pos.is_checkmate());
    let black = crate::chess::Color::Black;
    assert_eq!(
        super::verify::helpmate_text_for_tests(&start, &line, black),
        "black can still checkmate (a helpmate of 32 half-moves exists, beginning 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 ...)"
    );
    assert_eq!(
        super::verify::helpmate_text_for_tests(&start, &line[28..], black),
        "black can still checkmate, for example 1. f3 e5 2. g4 Qh4#"
    );
}

/// A dead position just before an ending the game reached by itself is found too: after
/// 1... Qg2+ White's only move is 2. Kxg2 (h1, h3, g1 and g3 are all covered by the queen), which
/// leaves two bare kings, so neither side could mate from the moment the check was given
/// (5.2.2); the capture is void. Found in shared/data/pgn/random-legal.pgn, game 54.
#[test]
fn a_forced_capture_into_bare_kings_is_dead_before_it() {
    let report = check(&from_fen(
        "4k3/8/8/3q4/8/8/7K/8 b - - 0 1",
        "1... Qg2+ 2. Kxg2 1/2-1/2",
    ));
    let ended = report.ended.expect("an ending");
    assert_eq!(ended.ply, 1);
    assert!(
        matches!(ended.ending, Ending::DeadPosition { .. }),
        "{ended:?}"
    );
    assert_eq!(report.moves_after_end, 1);
    assert!(report.result_consistent);
}

/// The shortcut a replay takes for plain moves (a piece or pawn move that only one piece can
/// make, found without generating moves) must give exactly the moves the move generator
/// gives (the independent computation here), for every token tried: the SAN of every legal
/// move, the same without its check mark, a piece letter with every square (ambiguous moves,
/// moves no piece can make, moves onto one's own pieces), and every pawn step and capture
/// written for every square; in positions with pins, en passant, promotions and checks.
#[test]
fn plain_moves_are_read_as_the_move_generator_reads_them() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        // Pinned knight and bishop, two rooks and two knights that can reach the same squares.
        "4k3/8/4r3/8/1b6/2N1N3/3B4/R3K2R w KQ - 0 1",
        "r3k3/1P4P1/8/8/5pP1/8/8/4K3 b q g3 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        // Kings facing each other, and kings among protected and unprotected pieces.
        "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
        "8/2p5/1b1k4/2rn4/3K1q2/2P1p3/8/8 w - - 0 1",
        // A check that pieces can block or take, and a double check only the king answers.
        "4k3/8/8/8/8/2N5/1qB5/r3K1NR w K - 0 1",
        "4k3/8/8/8/7b/8/8/r3K1NR w K - 0 1",
    ];
    let files = ["", "a", "b", "c", "d", "e", "f", "g", "h"];
    let mut tried = 0;
    let (mut plain, mut remarked) = (0, 0);
    for fen in fens {
        let mut here = Position::from_fen(fen).unwrap();
        for ply in 0..60 {
            let moves = here.legal_moves();
            let mut tokens: Vec<String> = Vec::new();
            for &mv in moves.iter() {
                let san = here.san(mv);
                let bare = san.trim_end_matches(['+', '#']).to_owned();
                // The same move written with wrong marks, without or with a capture sign
                // where it does not belong, with an origin SAN does not need, and with an
                // en passant mark: the writings a remark is about.
                tokens.push(format!("{bare}+"));
                tokens.push(format!("{bare}#"));
                tokens.push(format!("{bare}++"));
                tokens.push(bare.replace('x', ""));
                tokens.push(bare.replace('x', "-"));
                if mv.role() != Role::Pawn && !bare.contains('x') {
                    tokens.push(format!("{}x{}", &bare[..1], &bare[1..]));
                }
                let (from_file, from_rank) = (mv.from().file().char(), mv.from().rank().char());
                if mv.role() != Role::Pawn && mv.castling_side().is_none() {
                    tokens.push(format!("{}{from_file}{}", &bare[..1], &bare[1..]));
                    tokens.push(format!("{}{from_rank}{}", &bare[..1], &bare[1..]));
                }
                if mv.role() == Role::Pawn && !bare.contains('x') {
                    tokens.push(format!("{from_file}{bare}"));
                }
                tokens.push(format!("{bare}e.p."));
                tokens.push(bare);
                tokens.push(san);
            }
            // Castling written whether or not it is legal here (in check, through an
            // attacked square, without the right, with a piece in the way).
            tokens.extend(["O-O", "O-O-O", "0-0", "0-0-0", "O-O+", "0-0#"].map(String::from));
            for square in Square::all() {
                for letter in ["N", "B", "R", "Q", "K"] {
                    tokens.push(format!("{letter}{square}"));
                }
                for file in files {
                    tokens.push(format!("{file}{square}"));
                }
            }
            for token in &tokens {
                if let Some((quick, slow)) =
                    super::verify::candidates_both_ways_for_tests(&here, token, Language::English)
                {
                    assert_eq!(quick, slow, "{token} in {}", here.to_fen());
                    tried += 1;
                }
                // The replay's marks for a notation remark, told from the notation while a
                // plain move is read, are those the remarks' own test gives.
                if let Some((told, looked)) =
                    super::verify::plain_remark_both_ways_for_tests(&here, token)
                {
                    assert_eq!(told, looked, "{token} in {}", here.to_fen());
                    remarked += usize::from(told);
                    plain += 1;
                }
            }
            let Some(&mv) = moves.get((ply * 5) % moves.len().max(1)) else {
                break;
            };
            here.play_unchecked(mv);
        }
    }
    assert!(tried > 10_000, "{tried} tokens tried");
    assert!(
        remarked > 1_000 && plain - remarked > 1_000,
        "{remarked} of {plain}"
    );
}

/// The replay works out the pieces giving check from the move just played (the piece moved,
/// or a line it opened); for every legal move of positions with discovered and double
/// checks, pins, en passant, castling and promotions, that must be what the position says.
#[test]
fn checks_worked_out_from_the_move_are_the_position_s_checks() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        // Discovered checks on a file, a rank and a diagonal, and a double check.
        "4k3/8/8/4N3/8/8/4R3/4K3 w - - 0 1",
        "k7/8/8/N7/R7/8/8/4K3 w - - 0 1",
        "8/8/8/8/k1N1R3/8/8/4K3 w - - 0 1",
        "7k/8/8/4N3/3B4/8/8/K7 w - - 0 1",
        "4k3/4N3/8/8/8/8/4Q3/K7 w - - 0 1",
        "r3k3/1P4P1/8/8/5pP1/8/8/4K3 b q g3 0 1",
        "3k4/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
        // Direct checks by line pieces, next to the king, from afar, and blocked.
        "3k4/8/8/8/8/8/8/Q1B1K1R1 w - - 0 1",
        "3k4/3p4/2p5/8/8/8/8/B2QK2R w - - 0 1",
        "1q1rk3/8/1b6/8/8/8/3PP3/4K3 b - - 0 1",
    ];
    let mut tried = 0;
    for fen in fens {
        let mut here = Position::from_fen(fen).unwrap();
        for ply in 0..40 {
            let both = super::verify::checkers_both_ways_for_tests(&here);
            for (mv, worked_out, actual) in &both {
                assert_eq!(worked_out, actual, "{mv:?} in {}", here.to_fen());
                tried += 1;
            }
            let Some(&(mv, _, _)) = both.get((ply * 7) % both.len().max(1)) else {
                break;
            };
            here.play_unchecked(mv);
        }
    }
    assert!(tried > 2_000, "{tried} moves tried");
}

/// Every `.pgn` file under `dir`, found by walking the tree.
fn pgn_files(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a fixture directory")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            pgn_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            found.push(path);
        }
    }
}

/// The shortcut for plain SAN must read every token exactly as the reader of every notation
/// does (the independent computation here), or leave it to that reader: on every move token
/// of the fixtures' PGN files (real TWIC and Lichess games, python-chess games, the
/// scoresheet fixtures with their odd notations), and on random tokens built from the
/// characters of every notation, most of them not moves at all.
#[test]
fn the_san_shortcut_reads_as_the_full_reader() {
    let mut files = Vec::new();
    pgn_files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    let mut tokens: Vec<String> = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("a readable fixture");
        for game in read_games(&String::from_utf8_lossy(&bytes)) {
            tokens.extend(game.moves.iter().map(|t| t.text.to_string()));
        }
    }
    let from_files = tokens.len();
    assert!(from_files > 20_000, "{from_files} tokens in the fixtures");
    // Random tokens from a fixed xorshift generator, so that a failure can be rerun.
    let alphabet: Vec<char> = "KQRBNOo0xX:-=/+#()abcdefghijp123456789.ep SDTLCFÑ♘♞КрЛ$"
        .chars()
        .collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300_000 {
        let len = 1 + (next() % 8) as usize;
        let token: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        tokens.push(token);
    }
    // Every token of the files with one character changed, which lands near the SAN shapes.
    for i in 0..from_files {
        let mut chars: Vec<char> = tokens[i].chars().collect();
        let at = (next() % chars.len().max(1) as u64) as usize;
        let c = alphabet[(next() % alphabet.len() as u64) as usize];
        match chars.get_mut(at) {
            Some(slot) => *slot = c,
            None => chars.push(c),
        }
        tokens.push(chars.into_iter().collect());
    }
    let mut shortcut = 0;
    for token in &tokens {
        let full = notation::parse_without_shortcut(token);
        assert_eq!(notation::parse(token), full, "{token:?}");
        shortcut += usize::from(full.is_ok());
    }
    assert!(shortcut > from_files, "{shortcut} tokens read as moves");
}

/// A reader that keeps only [`VERIFIED_TAGS`], as the check command's does, gives every game
/// the report that a reader keeping every tag gives: the verification reads no other tag.
/// The files carry the tags that change a report (a FEN start, the Termination that judges
/// a win on time) beside many that do not (Event, Elo, ECO, clock and opening tags).
#[test]
fn a_reader_keeping_the_verified_tags_changes_no_report() {
    use super::pgn::PgnReader;
    use super::verify::VERIFIED_TAGS;
    for text in [
        include_str!("../../fixtures/scoresheets/winnability.pgn"),
        include_str!("../../fixtures/pgn/lichess-sample.pgn"),
        include_str!("../../fixtures/pgn/twic-sample.pgn"),
    ] {
        let all: Vec<_> = PgnReader::new(text.as_bytes()).collect();
        let kept: Vec<_> = PgnReader::new(text.as_bytes())
            .keeping_tags(&VERIFIED_TAGS)
            .collect();
        assert_eq!(all.len(), kept.len());
        for (all, kept) in all.iter().zip(&kept) {
            let (all, kept) = (all.as_ref().unwrap(), kept.as_ref().unwrap());
            assert!(kept.tags.len() < all.tags.len(), "game {}", all.index);
            assert_eq!(
                verify(all, Options::default()),
                verify(kept, Options::default()),
                "game {}",
                all.index
            );
        }
    }
}
