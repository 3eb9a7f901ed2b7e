//! Unit tests of the PGN reader. Expected values follow the PGN standard (sections 8.1 and
//! 8.2) and are worked out by hand; the real-data test reads a slice of python-chess random
//! legal games, whose moves are standard SAN by construction.

use std::io::{BufRead, BufReader, Cursor};

use proptest::prelude::*;

use super::notation::{LetterSet, Notation, parse, push_plain_san};
use super::pgn::*;
use super::text::*;
use crate::chess::{Game, Position, SanPlus};

fn span(line: u32, column: u32) -> Span {
    Span { line, column }
}

fn one(text: &str) -> RawGame {
    let mut games = read_games(text);
    assert_eq!(games.len(), 1, "{text:?} gives {games:#?}");
    games.remove(0)
}

fn moves(game: &RawGame) -> Vec<&str> {
    game.moves.iter().map(|m| m.text.as_str()).collect()
}

/// The comments that follow the move at `index` of the main line.
fn comments(game: &RawGame, index: usize) -> Vec<&str> {
    game.comments_of(&game.moves[index]).collect()
}

/// The annotations of the move at `index` of the main line.
fn annotations(game: &RawGame, index: usize) -> Vec<&str> {
    game.annotations_of(&game.moves[index]).collect()
}

fn result(game: &RawGame) -> Option<&str> {
    game.result.as_ref().map(|(r, _)| r.as_str())
}

fn problems(game: &RawGame) -> Vec<(u32, u32, &str)> {
    game.problems
        .iter()
        .map(|p| (p.span.line, p.span.column, p.message.as_str()))
        .collect()
}

fn numbers(game: &RawGame) -> Vec<Option<(u32, bool)>> {
    game.moves
        .iter()
        .map(|m| m.number.map(|n| (n.number, n.black)))
        .collect()
}

/// What a game holds but for its comments, to compare games read with and without them.
#[allow(clippy::type_complexity)]
fn without_comments(
    game: &RawGame,
) -> (
    Vec<Tag>,
    Vec<(String, Span, Option<MoveNumber>, Vec<String>)>,
    usize,
    Option<(String, Span)>,
    Vec<Problem>,
) {
    let moves = game
        .moves
        .iter()
        .map(|m| {
            let marks = game.annotations_of(m).map(str::to_owned).collect();
            (m.text.to_string(), m.span, m.number, marks)
        })
        .collect();
    (
        game.tags.clone(),
        moves,
        game.variations,
        game.result.clone(),
        game.problems.clone(),
    )
}

fn streamed<R: BufRead>(reader: R) -> Vec<RawGame> {
    PgnReader::new(reader)
        .collect::<Result<Vec<_>, _>>()
        .expect("reading from memory does not fail")
}

// ---- token text ----------------------------------------------------------------------------

#[test]
fn token_text_keeps_text_of_every_length() {
    // Short texts are copied in pieces that overlap; every length must come back whole, and
    // texts that differ anywhere must differ.
    for text in ["abcdefghijklmnopqrstuvwxyz0123456789", "♘é½♘é½♘é½♘é½"] {
        for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let piece = &text[..end];
            let token = TokenText::new(piece);
            assert_eq!(token.as_str(), piece);
            let mut built = TokenText::new("");
            built.push_str(piece);
            assert_eq!(token, built);
            if let Some(last) = piece.chars().last() {
                let other = format!("{}{}", &piece[..piece.len() - last.len_utf8()], 'Z');
                assert_ne!(token, TokenText::new(&other), "{piece}");
            }
        }
    }
}

// ---- games and tags ------------------------------------------------------------------------

const TWO_GAMES: &str = "[Event \"first\"]\n[White \"Anna\"]\n\n1. e4 e5 1-0\n\n\
                         [Event \"second\"]\n\n1. d4 d5 2. c4 0-1\n";

#[test]
fn games_are_split_at_their_results() {
    let games = read_games(TWO_GAMES);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].index, 1);
    assert_eq!(games[0].first_line, 1);
    assert_eq!(games[0].tag("Event"), Some("first"));
    assert_eq!(games[0].tag("White"), Some("Anna"));
    assert_eq!(games[0].tag("white"), None, "tag names are case-sensitive");
    assert_eq!(moves(&games[0]), ["e4", "e5"]);
    assert_eq!(result(&games[0]), Some("1-0"));
    assert_eq!(games[1].index, 2);
    assert_eq!(games[1].first_line, 6);
    assert_eq!(games[1].tag("Event"), Some("second"));
    assert_eq!(moves(&games[1]), ["d4", "d5", "c4"]);
    assert_eq!(result(&games[1]), Some("0-1"));
    assert!(games.iter().all(|g| g.problems.is_empty()));
}

#[test]
fn tag_values_resolve_escapes_and_several_tags_share_a_line() {
    let game = one(
        r#"[Event "The \"Open\" \\ 2024"] [Site "C:\dir"]  [Round "1"]
1. e4 *"#,
    );
    assert_eq!(game.tag("Event"), Some(r#"The "Open" \ 2024"#));
    // A backslash before anything else is kept as written.
    assert_eq!(game.tag("Site"), Some(r"C:\dir"));
    assert_eq!(game.tag("Round"), Some("1"));
    let spans: Vec<Span> = game.tags.iter().map(|t| t.span).collect();
    assert_eq!(spans, [span(1, 1), span(1, 32), span(1, 49)]);
    assert!(game.problems.is_empty());
}

#[test]
fn a_tag_pair_after_movetext_without_a_result_starts_a_new_game() {
    let games = read_games("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(moves(&games[0]), ["e4", "e5"]);
    assert_eq!(result(&games[0]), None);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(games[1].first_line, 3);
    assert_eq!(result(&games[1]), Some("*"));
}

#[test]
fn empty_input_blank_lines_and_escape_lines_give_no_games() {
    assert!(read_games("").is_empty());
    assert!(read_games("\n\n   \n\t\n").is_empty());
    assert!(read_games("% a note for another program\n\n%[Event \"x\"]\n").is_empty());
    // Blank lines between games create nothing either.
    assert_eq!(read_games("1. e4 1-0\n\n\n\n1. d4 0-1\n\n\n").len(), 2);
}

#[test]
fn a_plain_scoresheet_is_one_game_per_result() {
    let games = read_games("1 e4 e5 2 Nf3 Nc6 1-0\n1. d4 d5 1/2\n1. c4\n");
    assert_eq!(games.len(), 3);
    assert_eq!(moves(&games[0]), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(result(&games[0]), Some("1-0"));
    assert_eq!(moves(&games[1]), ["d4", "d5"]);
    assert_eq!(result(&games[1]), Some("1/2-1/2"));
    assert_eq!(games[2].first_line, 3);
    assert_eq!(moves(&games[2]), ["c4"]);
    assert_eq!(result(&games[2]), None);
    assert!(
        games
            .iter()
            .all(|g| g.tags.is_empty() && g.problems.is_empty())
    );

    let single = one("e4 e5\nNf3 Nc6\n");
    assert_eq!(moves(&single), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(result(&single), None);
}

#[test]
fn every_result_form_is_normalized() {
    for (written, normalized) in [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("1/2-1/2", "1/2-1/2"),
        ("½-½", "1/2-1/2"),
        ("1/2", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
        ("*", "*"),
    ] {
        let game = one(&format!("1. e4 e5 {written}\n"));
        assert_eq!(result(&game), Some(normalized), "{written}");
        assert_eq!(game.result.as_ref().map(|(_, s)| *s), Some(span(1, 10)));
        assert_eq!(moves(&game), ["e4", "e5"], "{written}");
    }
}

#[test]
fn castling_with_zeros_is_a_move_not_a_result() {
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 d6 5. d3 Qd7 6. Bg5 0-0-0 0-1");
    assert_eq!(
        moves(&game)[6..],
        ["0-0", "d6", "d3", "Qd7", "Bg5", "0-0-0"]
    );
    assert_eq!(result(&game), Some("0-1"));
    // Glued to its number as well.
    assert_eq!(moves(&one("4.0-0 0-0 *")), ["0-0", "0-0"]);
}

// ---- comments, annotations, variations -----------------------------------------------------

#[test]
fn comments_of_both_kinds_attach_to_the_move_before_them() {
    let game = one(
        "[Event \"x\"]\n{Before the first\nmove.}\n1. e4 {best by\n\ntest} e5 ; a reply\n\
         2. Nf3 {} ; one\n; two\n{after the result} 1-0 {still this game}\n",
    );
    assert_eq!(
        game.comments().collect::<Vec<_>>(),
        ["Before the first\nmove."]
    );
    assert_eq!(moves(&game), ["e4", "e5", "Nf3"]);
    assert_eq!(comments(&game, 0), ["best by\n\ntest"]);
    assert_eq!(comments(&game, 1), ["a reply"]);
    assert_eq!(
        comments(&game, 2),
        ["", "one", "two", "after the result", "still this game"]
    );
    assert!(game.problems.is_empty());
}

#[test]
fn a_comment_before_the_tags_belongs_to_the_game_that_follows() {
    let game = one("{written by a program}\n[Event \"x\"]\n1. e4 *\n");
    assert_eq!(game.first_line, 1);
    assert_eq!(
        game.comments().collect::<Vec<_>>(),
        ["written by a program"]
    );
    assert_eq!(game.tag("Event"), Some("x"));
    // A comment after the result of a game without moves stays with that game too.
    let games = read_games("[Event \"forfeit\"]\n1-0 {no show}\n\n[Event \"y\"]\n*\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].comments().collect::<Vec<_>>(), ["no show"]);
    assert_eq!(games[1].comments().count(), 0);
}

#[test]
fn comment_text_is_not_read_as_movetext() {
    let game = one("1. e4 {1-0 [Event \"x\"] ( ; %} e5 { 2. d4\n%K\n} * ; {\n");
    assert_eq!(moves(&game), ["e4", "e5"]);
    assert_eq!(comments(&game, 0), ["1-0 [Event \"x\"] ( ; %"]);
    assert_eq!(comments(&game, 1), ["2. d4\n%K", "{"]);
    assert!(game.problems.is_empty(), "{:?}", game.problems);
}

#[test]
fn nags_and_suffix_marks_become_annotations() {
    let game = one("1. e4! $1 e5?? 2. Nf3!? $14 $32 Nc6?! 3. Bb5!! a6 ? 4. Ba4 !? $6 *");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    let marks: Vec<Vec<&str>> = (0..game.moves.len())
        .map(|i| annotations(&game, i))
        .collect();
    assert_eq!(
        marks,
        [
            vec!["!", "$1"],
            vec!["??"],
            vec!["!?", "$14", "$32"],
            vec!["?!"],
            vec!["!!"],
            vec!["?"],
            vec!["!?", "$6"],
        ]
    );
    assert!(game.problems.is_empty());
    // Check and mate marks stay in the move; marks after them are split off.
    let game = one("1. f3 e5 2. g4 Qh4#! 0-1");
    assert_eq!(moves(&game), ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(annotations(&game, 3), ["!"]);
    // A run of marks that is not one of the six stays in the move for the next layer.
    assert_eq!(moves(&one("1. e4!!! *")), ["e4!!!"]);
}

#[test]
fn the_draw_offer_mark_is_an_annotation() {
    let game = one("1. e4 e5 2. Nf3 (=) Nc6(=) 3. Bb5 *");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(annotations(&game, 2), ["(=)"]);
    assert_eq!(annotations(&game, 3), ["(=)"]);
    assert_eq!(game.variations, 0);
    assert!(game.problems.is_empty());
}

#[test]
fn a_moves_annotations_and_comments_keep_their_order_apart() {
    // Marks and comments after one move may alternate; each kind keeps the order written,
    // a comment may hold a `{` and run over lines, and the next move starts its own notes.
    let game = one("{first} 1. e4 {one { two} ! {three\nlines} $1 e5!? {four} *");
    assert_eq!(game.comments().collect::<Vec<_>>(), ["first"]);
    assert_eq!(comments(&game, 0), ["one { two", "three\nlines"]);
    assert_eq!(annotations(&game, 0), ["!", "$1"]);
    assert_eq!(comments(&game, 1), ["four"]);
    assert_eq!(annotations(&game, 1), ["!?"]);
    assert!(game.problems.is_empty(), "{:?}", game.problems);
    // Read from the back, the lists are the same reversed.
    let token = &game.moves[0];
    assert!(game.annotations_of(token).rev().eq(["$1", "!"]));
    // The printed form lists each move's own notes.
    let printed = format!("{game:?}");
    assert!(printed.contains(
        "text: \"e4\", span: Span { line: 1, column: 12 }, number: Some(MoveNumber { number: 1, \
         black: false }), annotations: [\"!\", \"$1\"], comments: [\"one { two\", \"three\\nlines\"] }"
    ));
}

#[test]
fn columns_count_characters_not_bytes() {
    // `é`, `♘`, `…` and `½` take two or three bytes each but one column, as an editor shows.
    let game = one("1. e4 {café} Nf6 2. ♘f3 2…Nc6 ½-½ ♘?");
    assert_eq!(moves(&game), ["e4", "Nf6", "♘f3", "Nc6"]);
    let columns: Vec<u32> = game.moves.iter().map(|m| m.span.column).collect();
    assert_eq!(columns, [4, 14, 21, 27]);
    assert_eq!(game.result, Some(("1/2-1/2".to_owned(), span(1, 31))));
    // Text after the result is reported where it stands.
    assert_eq!(game.problems.len(), 1);
    assert_eq!(game.problems[0].span, span(1, 35));
}

#[test]
fn nested_variations_are_kept_out_of_the_main_line() {
    let game = one(
        "1. e4 (1. d4 d5 (1... Nf6 2. c4 {a (comment)} (2. Nf3 $1)) 2. c4 ; comment )\n\
         ) e5 (1... c5\n2. Nf3) 2. Nf3 {main} 1-0",
    );
    assert_eq!(moves(&game), ["e4", "e5", "Nf3"]);
    assert_eq!(game.variations, 2);
    assert_eq!(comments(&game, 0), Vec::<&str>::new());
    assert_eq!(comments(&game, 2), ["main"]);
    assert_eq!(result(&game), Some("1-0"));
    assert!(game.problems.is_empty(), "{:?}", game.problems);
    // A result inside a variation does not end the game.
    let game = one("1. e4 (1. f3 e5 2. g4 Qh4# 0-1) e5 1/2-1/2");
    assert_eq!(moves(&game), ["e4", "e5"]);
    assert_eq!(result(&game), Some("1/2-1/2"));
}

#[test]
fn escape_lines_are_skipped_but_a_percent_sign_inside_a_line_is_a_move() {
    let game = one("%Shredder export\n1. e4 e5\n% 2. d4\n2. Nf3 %K 1-0\n");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "%K"]);
    assert!(game.problems.is_empty());
}

// ---- move numbers and move text ------------------------------------------------------------

#[test]
fn move_numbers_in_every_shape() {
    let game =
        one("12. e4 12... e5 13… Nf3 13.. Nc6 14.d4 14...exd4 15…Nxd4 16. ... a6 17A Bc4 17B b5 *");
    assert_eq!(
        moves(&game),
        [
            "e4", "e5", "Nf3", "Nc6", "d4", "exd4", "Nxd4", "a6", "Bc4", "b5"
        ]
    );
    assert_eq!(
        numbers(&game),
        [
            Some((12, false)),
            Some((12, true)),
            Some((13, true)),
            Some((13, true)),
            Some((14, false)),
            Some((14, true)),
            Some((15, true)),
            Some((16, true)),
            Some((17, false)),
            Some((17, true)),
        ]
    );
    assert!(game.problems.is_empty());
    // Black's moves without a number of their own have none.
    assert_eq!(numbers(&one("1. e4 e5 *")), [Some((1, false)), None]);
}

#[test]
fn a_move_glued_to_its_number_has_its_own_column() {
    let game = one("12.e4 12...Nf6 12…c5");
    let spans: Vec<Span> = game.moves.iter().map(|m| m.span).collect();
    assert_eq!(spans, [span(1, 4), span(1, 12), span(1, 19)]);
}

#[test]
fn token_spans_count_characters_across_lines() {
    let game = one("1. e4 {ééé} e5\n  2. Nf3 *");
    let spans: Vec<Span> = game.moves.iter().map(|m| m.span).collect();
    assert_eq!(spans, [span(1, 4), span(1, 13), span(2, 6)]);
    assert_eq!(game.result, Some(("*".to_owned(), span(2, 10))));
}

#[test]
fn bare_integers_are_move_numbers_only_before_a_move() {
    let game = one("1 e4 e5 2\nNf3 Nc6 3 1-0");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "3"]);
    assert_eq!(
        numbers(&game),
        [Some((1, false)), None, Some((2, false)), None, None]
    );
    assert_eq!(result(&game), Some("1-0"));
    assert!(game.problems.is_empty());
}

#[test]
fn scoresheet_labels_and_foreign_notation_are_move_text() {
    let game =
        one("01A PA5-$E02/E04 01B BS2-$C03*F04-PA4 02A ++A 1. Sf3 e7-e5 2. d8(Q) ♘f3 3. e8(N)+ --");
    assert_eq!(
        moves(&game),
        [
            "PA5-$E02/E04",
            "BS2-$C03*F04-PA4",
            "++A",
            "Sf3",
            "e7-e5",
            "d8(Q)",
            "♘f3",
            "e8(N)+",
            "--",
        ]
    );
    assert_eq!(
        numbers(&game)[..3],
        [Some((1, false)), Some((1, true)), Some((2, false))]
    );
    assert_eq!(game.variations, 0);
    assert!(game.problems.is_empty(), "{:?}", game.problems);
}

#[test]
fn en_passant_marks_merge_into_the_move() {
    for written in [
        "exd6 e.p.",
        "exd6 ep",
        "exd6 e.p",
        "exd6 (e.p.)",
        "exd6(e.p.)",
        "exd6 E.P.",
    ] {
        let game = one(&format!("1. e4 a6 2. e5 d5 3. {written} *"));
        assert_eq!(moves(&game)[4..], ["exd6e.p."], "{written}");
        assert_eq!(game.variations, 0, "{written}");
        assert!(game.problems.is_empty(), "{written}: {:?}", game.problems);
    }
    // Marks written after the mark still go to the move.
    let game = one("3. exd6 e.p.! 3... Qxd6 *");
    assert_eq!(moves(&game), ["exd6e.p.", "Qxd6"]);
    assert_eq!(annotations(&game, 0), ["!"]);
    // A check mark written apart joins the move as well.
    assert_eq!(
        moves(&one("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0"))[6],
        "Qxf7#"
    );
    assert_eq!(moves(&one("1. exd6 (e.p.)+ *")), ["exd6e.p.+"]);
    // Inside a variation the mark is part of the variation.
    let game = one("1. e4 (1. exd6 (e.p.)) e5 *");
    assert_eq!(moves(&game), ["e4", "e5"]);
    assert_eq!(game.variations, 1);
}

// ---- problems ------------------------------------------------------------------------------

#[test]
fn unreadable_text_is_reported_where_it_stands() {
    let game = one("1. e4 @@ e5 $ 2. $E02 Nf3 ... 1-0 ???");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3"]);
    assert_eq!(
        problems(&game),
        [
            (1, 7, "unreadable text `@@`"),
            (1, 13, "unreadable text `$`"),
            (1, 18, "unreadable text `$E02`"),
            (1, 35, "unreadable text `???`"),
        ]
    );
    // Columns count characters, not bytes.
    let game = one("[White \"Ødegård\"] é @@");
    assert_eq!(problems(&game), [(1, 21, "unreadable text `@@`")]);
}

#[test]
fn unclosed_comments_and_variations_are_reported_at_their_start() {
    let game = one("1. e4 e5\n2. Nf3 {never\nclosed 1-0\n");
    assert_eq!(moves(&game), ["e4", "e5", "Nf3"]);
    assert_eq!(problems(&game), [(2, 8, "comment never closed")]);
    assert_eq!(comments(&game, 2), ["never\nclosed 1-0"]);
    assert_eq!(result(&game), None);

    let game = one("1. e4 (1. d4 (1. c4) e5 2. Nf3 *");
    assert_eq!(moves(&game), ["e4"]);
    assert_eq!(problems(&game), [(1, 7, "variation never closed")]);

    let game = one("1. e4 ) e5 ] } *");
    assert_eq!(moves(&game), ["e4", "e5"]);
    assert_eq!(
        problems(&game),
        [
            (1, 7, "unexpected `)`"),
            (1, 12, "unexpected `]`"),
            (1, 14, "unexpected `}`"),
        ]
    );
}

#[test]
fn a_tag_pair_line_ends_a_comment_that_was_never_closed() {
    let games = read_games("[Event \"a\"]\n1. e4 {oops 1-0\n\n[Event \"b\"]\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(problems(&games[0]), [(2, 7, "comment never closed")]);
    assert_eq!(comments(&games[0], 0), ["oops 1-0"]);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(moves(&games[1]), ["d4"]);
    assert!(games[1].problems.is_empty());
}

#[test]
fn a_tag_pair_ends_open_variations() {
    let games = read_games("1. e4 (1. d4\n[Event \"b\"]\n1. c4 *");
    assert_eq!(games.len(), 2);
    assert_eq!(problems(&games[0]), [(1, 7, "variation never closed")]);
    assert_eq!(moves(&games[1]), ["c4"]);
}

#[test]
fn broken_tag_pairs_are_reported_and_reading_goes_on() {
    let game = one("[Event \"open\"\n[Site \"Paris]\n[\"nameless\"]\n[Round 5]\n[White]\n[Black");
    assert_eq!(
        game.tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect::<Vec<_>>(),
        [
            ("Event", "open"),
            ("Site", "Paris"),
            ("Round", "5"),
            ("White", ""),
            ("Black", ""),
        ]
    );
    assert_eq!(
        problems(&game),
        [
            (1, 14, "tag pair not closed: expected `]`"),
            (2, 14, "tag value never closed: expected `\"`"),
            (3, 1, "tag pair without a name"),
            (4, 8, "tag value not in quotes: expected `\"`"),
            (5, 7, "tag pair `White` without a value"),
            (6, 7, "tag pair `Black` without a value"),
        ]
    );
    // The move after the broken tag pair was read, and the tag pairs after it started a new
    // game: so this input is in fact two games.
    let games = read_games("[Event \"open\" 1. e4\n[Site \"x\"]\n");
    assert_eq!(games.len(), 2);
    assert_eq!(moves(&games[0]), ["e4"]);
}

#[test]
fn marks_without_a_move_are_reported() {
    let game = one("!? $3 e.p. 1. (=) e4 2. 2... e5 1-0 $1");
    assert_eq!(moves(&game), ["e4", "e5"]);
    assert_eq!(
        problems(&game),
        [
            (1, 1, "annotation `!?` follows no move"),
            (1, 4, "annotation `$3` follows no move"),
            (1, 7, "en passant mark `e.p.` follows no move"),
            (1, 15, "draw offer `(=)` follows no move"),
            (1, 22, "move number `2.` is not followed by a move"),
            (1, 37, "annotation `$1` after the result"),
        ]
    );
    // The number before the stray mark still numbers the move after it.
    assert_eq!(numbers(&game), [Some((1, false)), Some((2, true))]);
}

#[test]
fn long_unreadable_text_is_cut_short_in_the_message() {
    let junk = "#".repeat(100);
    let game = one(&format!("1. e4 {junk}"));
    let expected = format!("unreadable text `{}…`", "#".repeat(40));
    assert_eq!(problems(&game), [(1, 7, expected.as_str())]);
}

// ---- decoding and line ends ----------------------------------------------------------------

#[test]
fn decode_line_reads_utf8_else_windows_1252() {
    for (bytes, text) in [
        ("Ødegård ½-½".as_bytes(), "Ødegård ½-½"),
        (b"\xEF\xBB\xBF[Event", "[Event"),
        (b"Andr\xE9", "André"),
        (
            b"\x80\x81\x85\x8D\x8F\x90\x92\x9D\x9F\xA0\xBD\xFF",
            "€\u{81}…\u{8D}\u{8F}\u{90}’\u{9D}Ÿ\u{A0}½ÿ",
        ),
        // A BOM on a line that is not UTF-8 is still removed.
        (b"\xEF\xBB\xBFJos\xE9", "José"),
        (b"", ""),
    ] {
        assert_eq!(decode_line(bytes), text, "{bytes:?}");
    }
}

#[test]
fn a_bom_and_windows_1252_text_read_as_expected() {
    let game = one("\u{FEFF}[Event \"x\"]\n1. e4 *");
    assert_eq!(game.tag("Event"), Some("x"));
    assert!(game.problems.is_empty());

    let bytes = b"[White \"Jos\xE9\"]\n[Black \"M\xFCller\"]\n1. e4 e5 12\x85Nf6 \xBD-\xBD\n";
    let games = streamed(Cursor::new(&bytes[..]));
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("White"), Some("José"));
    assert_eq!(games[0].tag("Black"), Some("Müller"));
    assert_eq!(numbers(&games[0])[2], Some((12, true)));
    assert_eq!(result(&games[0]), Some("1/2-1/2"));
}

#[test]
fn lines_split_at_lf_crlf_and_cr() {
    let text = b"a\nb\r\nc\rd\r\r\ne\n\nf";
    let expected: Vec<&[u8]> = vec![b"a", b"b", b"c", b"d", b"", b"e", b"", b"f"];
    // A buffer of one byte splits every CRLF across two reads.
    for capacity in [1, 2, 3, 64] {
        let lines: Vec<Vec<u8>> = Lines::new(BufReader::with_capacity(capacity, &text[..]))
            .collect::<Result<_, _>>()
            .expect("memory");
        assert_eq!(lines, expected, "capacity {capacity}");
    }
    let count = |text: &[u8]| Lines::new(text).count();
    assert_eq!(count(b""), 0);
    assert_eq!(count(b"\n"), 1);
    assert_eq!(count(b"\r\n"), 1);
    assert_eq!(count(b"\r"), 1);
    assert_eq!(count(b"x\r\n"), 1);
    assert_eq!(count(b"\n\n"), 2);
}

#[test]
fn lines_with_a_limit_keep_its_bytes_and_say_when_a_line_was_cut() {
    // Lines of 2, 5 and 3 bytes under a limit of 3: the second is cut to its first three
    // bytes, and the line after it starts where its line end was, whatever the buffer size.
    let text = b"ab\r\nabcde\nxyz";
    for capacity in [1, 2, 4, 64] {
        let mut lines = Lines::with_limit(BufReader::with_capacity(capacity, &text[..]), 3);
        let mut line = Vec::new();
        let mut read = Vec::new();
        while lines.next_into(&mut line).expect("memory") {
            read.push((line.clone(), lines.cut()));
        }
        let expected: Vec<(Vec<u8>, bool)> = vec![
            (b"ab".to_vec(), false),
            (b"abc".to_vec(), true),
            (b"xyz".to_vec(), false),
        ];
        assert_eq!(read, expected, "capacity {capacity}");
    }
}

#[test]
fn lf_crlf_and_cr_files_give_the_same_games() {
    let text = "[Event \"a\"]\n\n1. e4 {two\nlines} e5 ; end\n2. Nf3 1-0\n\n1. d4 (1. c4\n) 0-1 ";
    let lf = read_games(text);
    assert_eq!(lf.len(), 2);
    assert_eq!(comments(&lf[0], 0), ["two\nlines"]);
    assert_eq!(read_games(&text.replace('\n', "\r\n")), lf);
    assert_eq!(read_games(&text.replace('\n', "\r")), lf);
}

// ---- streaming and real data ---------------------------------------------------------------

const FIXTURE: &str = include_str!("../../fixtures/pgn/random-legal-300.pgn");

#[test]
fn streaming_gives_the_same_games_as_read_games() {
    for text in [
        FIXTURE,
        TWO_GAMES,
        "1. e4 {a\nb} (1. d4\n\n) e5 1-0 2. d4 0-1 [X \"y\"]",
    ] {
        let whole = read_games(text);
        assert_eq!(streamed(Cursor::new(text)), whole);
        assert_eq!(
            streamed(BufReader::with_capacity(7, Cursor::new(text))),
            whole
        );
    }
}

#[test]
fn the_reader_hands_out_each_game_before_reading_the_rest() {
    // A reader that fails after the first game: the first game must come out before the error.
    struct FailAfter<'a>(&'a [u8]);
    impl std::io::Read for FailAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("disk gone"));
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut reader = PgnReader::new(BufReader::new(FailAfter(
        b"1. e4 1-0\n[Event \"b\"]\n1. d4",
    )));
    let first = reader.next().expect("a game").expect("no error yet");
    assert_eq!(moves(&first), ["e4"]);
    let error = reader.next().expect("the error").expect_err("an error");
    assert_eq!(error.to_string(), "disk gone");
    assert!(reader.next().is_none());
}

#[test]
fn an_interrupted_read_is_tried_again() {
    // A read cut short by a signal is no error: the reader asks again and loses nothing.
    struct Hiccups<'a>(&'a [u8], bool);
    impl std::io::Read for Hiccups<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.1 = !self.1;
            if self.1 {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = self.0.len().min(buf.len()).min(5);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = "[Event \"a\"]\r\n1. e4 {check} 1-0\r[Event \"b\"]\n1. d4 *";
    let games = streamed(BufReader::with_capacity(3, Hiccups(text.as_bytes(), false)));
    assert_eq!(games, read_games(text));
    assert_eq!(games.len(), 2);
}

#[test]
fn random_legal_games_read_cleanly() {
    // python-chess wrote these games (see fixtures/), so every token is standard SAN and
    // every move is legal.
    let games = read_games(FIXTURE);
    assert_eq!(games.len(), 300);
    for game in &games {
        let at = game.index;
        assert!(game.problems.is_empty(), "game {at}: {:?}", game.problems);
        assert_eq!(game.tags.len(), 8, "game {at}");
        assert_eq!(game.tag("Round"), Some(at.to_string().as_str()));
        assert_eq!(result(game), game.tag("Result"), "game {at}");
        assert_eq!(game.variations, 0);
        assert_eq!(game.comments().count(), 0);
        let mut replay = Game::new(Position::new());
        for (ply, token) in game.moves.iter().enumerate() {
            let san: SanPlus = token.text.parse().expect("standard san");
            assert_eq!(san.to_string(), token.text.as_str(), "game {at}");
            assert_eq!(game.annotations_of(token).count(), 0);
            assert_eq!(game.comments_of(token).count(), 0);
            let expected_number = (ply % 2 == 0).then(|| MoveNumber {
                number: u32::try_from(ply / 2 + 1).expect("small"),
                black: false,
            });
            assert_eq!(token.number, expected_number, "game {at} ply {ply}");
            let mv = san
                .to_move_strict(replay.position())
                .unwrap_or_else(|e| panic!("game {at} ply {ply}: {e}"));
            replay.play(mv).expect("legal");
        }
    }
}

// ---- robustness ----------------------------------------------------------------------------

const PGN_ALPHABET: &str = "[]{}();$%\"\\!?.…01259A-/½*+#=eNpxO \n\r\té♘";

fn pgnish() -> impl Strategy<Value = String> {
    let chars: Vec<char> = PGN_ALPHABET.chars().collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..80)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Text made of the pieces of real games, tag pairs and clock comments included, and of the
/// odd pieces that the reader's fast paths must leave to its general steps.
fn pgn_pieces() -> impl Strategy<Value = String> {
    let piece = proptest::sample::select(vec![
        "[Event \"Open\"]\n",
        "[Site \"https://lichess.org/abcdefgh\"]\n",
        "[White \"Émile\"]\n",
        "[Black \"a\\\"b\"]\n",
        "[Result \"1-0\"]\r\n",
        "[Round \"1\"] ",
        "[X \"\"]",
        "[",
        "\n",
        "\r",
        "\r\n",
        " ",
        "\t",
        "1.",
        "1. ",
        "12...",
        "3",
        "1…",
        "e4 ",
        "Nf3",
        "exd5",
        "O-O",
        "Qh5+",
        "e8=Q#",
        "exd8=N+ ",
        "Rbxa3",
        "O-O-O",
        "Sf3",
        "d8(Q)",
        "exd6(e.p.)",
        "e.p.",
        "ep",
        "Nc6!",
        "Bb5?!",
        "+",
        "$1",
        "(=)",
        "{ [%clk 0:03:00] } ",
        "{ [%eval 0.17] [%clk 0:03:00] } ",
        "{ a comment longer than the thirty-two bytes copied at once } ",
        "{a}",
        "{ x }",
        "{  two \t}",
        "{ \u{b}a }",
        "{",
        "}",
        "(",
        ")",
        ";x\n",
        "%",
        "1-0",
        "1/2-1/2",
        "*",
        "é",
        "♘f3",
        "abcdefghijklmnopqrstu",
    ]);
    proptest::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

/// The notations a reader that reads them gives a game: those of its moves up to the first
/// that is not plain SAN, with their letters.
fn expected_notations(game: &RawGame) -> (Vec<Notation>, LetterSet) {
    let mut list = Vec::new();
    let mut letters = LetterSet::default();
    for token in &game.moves {
        if !push_plain_san(token.text.as_bytes(), &mut list, &mut letters) {
            break;
        }
    }
    (list, letters)
}

/// Games read with their notations against the same games read without: the same but for
/// the notations, which are those of `expected_notations`, each as `notation::parse` reads
/// its move.
fn notated_as_read_without(notated: &[RawGame], games: &[RawGame]) -> Result<(), TestCaseError> {
    prop_assert_eq!(notated.len(), games.len());
    for (game, plain) in notated.iter().zip(games) {
        prop_assert_eq!(format!("{game:?}"), format!("{plain:?}"));
        prop_assert!(plain.notations().0.is_empty());
        let (list, letters) = game.notations();
        let (expected, expected_letters) = expected_notations(plain);
        prop_assert_eq!(list, &expected[..]);
        prop_assert_eq!(letters, expected_letters);
        for (notation, token) in list.iter().zip(&game.moves) {
            prop_assert_eq!(Ok(notation.clone()), parse(&token.text));
        }
    }
    Ok(())
}

#[test]
fn notations_are_read_with_the_moves_up_to_the_first_that_is_not_plain_san() {
    for (text, count) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0",
            10,
        ),
        // A check mark written apart is read with its move.
        ("1. e4 e5 2. Qh5 + Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", 7),
        // A mark after a mate mark makes the move unreadable as plain SAN.
        ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# + 1-0", 6),
        // An en passant mark, a German letter, a move with a mark glued to it.
        ("1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 1-0", 4),
        ("1. e4 e5 2. Sf3 Nc6 1-0", 2),
        ("1. e4! e5 2. Nf3?! Nc6 1-0", 4),
        // Moves on short lines, and moves longer than a word.
        ("e4\ne5\nNf3\nexd8=Q+\n*", 4),
        ("1. e4 e5 2. Nf3 Nbxd7+e.p. 3. d4 *", 3),
        (
            "{ before } 1. e4 { [%clk 0:03:00] } 1... e5 (1... c5 2. Nf3) 2. Nf3 *",
            3,
        ),
    ] {
        let games = read_games(text);
        let notated: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .reading_notations()
            .flatten()
            .collect();
        assert_eq!(notated[0].notations().0.len(), count, "{text}");
        notated_as_read_without(&notated, &games).unwrap();
    }
}

proptest! {
    #[test]
    fn notations_read_with_the_moves_are_those_of_the_moves(text in pgn_pieces()) {
        let games = read_games(&text);
        let read = |general: bool, capacity: usize| -> Vec<RawGame> {
            let reader = PgnReader::new(BufReader::with_capacity(capacity, Cursor::new(&text)))
                .reading_notations();
            let reader = if general { reader.by_general_steps() } else { reader };
            reader.flatten().collect()
        };
        let notated = read(false, 1 << 16);
        notated_as_read_without(&notated, &games)?;
        prop_assert_eq!(&read(true, 1 << 16), &notated);
        prop_assert_eq!(&read(false, 7), &notated);
        let ignored: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .ignoring_comments()
            .reading_notations()
            .flatten()
            .collect();
        prop_assert_eq!(
            ignored.iter().map(RawGame::notations).collect::<Vec<_>>(),
            notated.iter().map(RawGame::notations).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_fast_paths_read_as_the_general_steps(text in pgn_pieces()) {
        let games = read_games(&text);
        prop_assert_eq!(&games, &super::pgn::read_games_by_general_steps(&text));
        // Short buffers cut tag pairs and moves at every place.
        prop_assert_eq!(&streamed(BufReader::with_capacity(7, Cursor::new(&text))), &games);
        // Comments ignored, the games are the same but for them.
        let ignored: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .ignoring_comments()
            .flatten()
            .collect();
        prop_assert_eq!(
            ignored.iter().map(without_comments).collect::<Vec<_>>(),
            games.iter().map(without_comments).collect::<Vec<_>>()
        );
        prop_assert!(ignored.iter().all(|g| g.comments().count() == 0
            && g.moves.iter().all(|m| g.comments_of(m).count() == 0)));
        // Tags filtered, the games are the same but for the other tags, by the fast paths
        // and by the general steps alike.
        const KEPT: [&str; 3] = ["White", "Result", "X"];
        let mut filtered = games.clone();
        for game in &mut filtered {
            game.tags.retain(|tag| KEPT.contains(&tag.name.as_str()));
        }
        let kept: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .keeping_tags(&KEPT)
            .flatten()
            .collect();
        prop_assert_eq!(&kept, &filtered);
        let general: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .keeping_tags(&KEPT)
            .by_general_steps()
            .flatten()
            .collect();
        prop_assert_eq!(&general, &filtered);
    }

    #[test]
    fn any_text_reads_the_same_streamed_and_with_any_line_end(text in pgnish()) {
        let games = read_games(&text);
        prop_assert_eq!(&streamed(BufReader::with_capacity(2, Cursor::new(&text))), &games);
        // Any mix of line ends reads as LF does once all are made LF.
        let lf = text.replace("\r\n", "\n").replace('\r', "\n");
        prop_assert_eq!(&read_games(&lf), &games);
        for game in &games {
            let places: Vec<(u32, u32)> =
                game.problems.iter().map(|p| (p.span.line, p.span.column)).collect();
            prop_assert!(places.is_sorted(), "problems out of order: {:?}", game.problems);
        }
    }

    #[test]
    fn arbitrary_bytes_do_not_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let games = streamed(Cursor::new(bytes));
        prop_assert!(games.iter().enumerate().all(|(i, g)| g.index == i + 1));
    }

    #[test]
    fn arbitrary_strings_do_not_panic(text in "\\PC*") {
        let _ = read_games(&text);
    }
}

#[test]
fn long_lines_of_punctuation_are_read_once() {
    // Each of these lines once made the reader scan to the end of the line for every
    // character; the test keeps them in the suite (speed itself is for `cargo bench`).
    // Open variations are reported once (nested too deep, never closed), and a game lists at
    // most MAX_PROBLEMS problems plus one that counts the rest.
    for (unit, problems) in [
        ("(", 2),
        (")", super::pgn::MAX_PROBLEMS + 1),
        ("$", 1),
        ("a(", 2),
        ("[", 1),
        ("[a ", 1),
        ("{", 1),
    ] {
        let line = unit.repeat(50_000 / unit.len());
        let games = read_games(&line);
        assert_eq!(games.len(), 1, "{unit}");
        assert_eq!(games[0].problems.len(), problems, "{unit}");
    }
}

/// A reader that reads the notations with the moves, as the check command's does, gives
/// every game the report that a reader without them gives: the verification reads the
/// notations of the rest of the moves itself. The files hold games of plain SAN throughout,
/// and games that leave it (German letters, long notation, marks, unreadable moves, moves
/// past an unreadable one).
#[test]
fn a_reader_reading_the_notations_changes_no_report() {
    use super::verify::{Options, verify};
    let mut notated_moves = 0;
    for text in [
        include_str!("../../fixtures/scoresheets/findings.pgn"),
        include_str!("../../fixtures/scoresheets/german.txt"),
        include_str!("../../fixtures/scoresheets/recording.pgn"),
        include_str!("../../fixtures/scoresheets/ended.pgn"),
        include_str!("../../fixtures/scoresheets/unclosed.pgn"),
        include_str!("../../fixtures/pgn/lichess-sample.pgn"),
        include_str!("../../fixtures/pgn/twic-sample.pgn"),
    ] {
        let games = read_games(text);
        let notated: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .reading_notations()
            .flatten()
            .collect();
        assert_eq!(games.len(), notated.len());
        for (game, notated) in games.iter().zip(&notated) {
            notated_moves += notated.notations().0.len();
            assert_eq!(
                verify(game, Options::default()),
                verify(notated, Options::default()),
                "game {}",
                game.index
            );
        }
    }
    assert!(
        notated_moves > 100_000,
        "{notated_moves} moves read with notations"
    );
}
