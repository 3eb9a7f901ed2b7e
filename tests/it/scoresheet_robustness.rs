//! The scoresheet reader and checker never panic and never lose text: property tests over
//! random bytes, random strings and real games with random edits, plus the file-level promises
//! of `scoresheet::text` (line ends of every kind, Windows-1252, a byte order mark).
//!
//! Whatever the input, every game must come out of the reader, verify into a report, and every
//! finding must point at a real place (line and column from 1) with something to say.

use std::io::BufReader;

use arbiter::chess::{Color, DeadReason, Ending, Game, Position, is_dead_position};
use arbiter::scoresheet::pgn::{PgnReader, RawGame, quote, read_games};
use arbiter::scoresheet::verify::{Options, RecordingKind, Report, verify};
use proptest::prelude::*;

use crate::util::perft_cases;

/// Real games from TWIC (`fixtures/pgn/twic-sample.pgn`), as the file writes them: LF line ends,
/// movetext wrapped at 80 columns, no comments or variations.
const TWIC: &str = include_str!("../../fixtures/pgn/twic-sample.pgn");

/// The first twenty games of the TWIC sample, each with its own text.
fn twic_games() -> Vec<String> {
    TWIC.split("\n\n[Event")
        .take(20)
        .enumerate()
        .map(|(i, part)| {
            let game = if i == 0 {
                part.to_owned()
            } else {
                format!("[Event{part}")
            };
            format!("{}\n", game.trim_end())
        })
        .collect()
}

/// The start positions of the perft suite (`fixtures/perft/perft.epd`).
fn suite_fens() -> Vec<String> {
    perft_cases().into_iter().map(|c| c.fen).collect()
}

/// Games whose movetext has at least six lines: five edits can hide at most five lines from
/// the reader (each `%` put at the start of a line, or each line end deleted, takes one), so in
/// these some movetext always remains to be read.
fn long_twic_games() -> Vec<String> {
    let games: Vec<String> = twic_games()
        .into_iter()
        .filter(|g| {
            let movetext = g.split_once("\n\n").map_or("", |(_, m)| m);
            movetext.lines().filter(|l| !l.trim().is_empty()).count() >= 6
        })
        .collect();
    assert!(games.len() >= 10, "{} long games", games.len());
    games
}

/// Verifies one game with every option on and checks the promises every report keeps.
fn check_game(raw: &RawGame) -> Report {
    let report = verify(
        raw,
        Options {
            claims: true,
            ..Default::default()
        },
    );
    for problem in &report.problems {
        assert!(problem.span.line >= 1, "{problem:?}");
        assert!(problem.span.column >= 1, "{problem:?}");
        assert!(!problem.message.trim().is_empty(), "{problem:?}");
    }
    for token in &raw.moves {
        assert!(token.span.line >= 1 && token.span.column >= 1, "{token:?}");
        assert!(!token.text.is_empty(), "{token:?}");
    }
    // A move missing from the record is put back when exactly one fits (a recording fault);
    // every other ply is a token.
    let inserted = report
        .recording
        .iter()
        .filter(|r| r.kind == RecordingKind::MissingMove && r.chosen.is_some())
        .count();
    assert!(report.plies <= raw.moves.len() + inserted);
    // The record is played move by move, so the first illegal move is the token right after
    // the valid record, and an automatic ending voids exactly the moves after it.
    if let Some(illegal) = &report.first_illegal {
        assert!(illegal.ply >= 1, "{illegal:?}");
        assert!(!illegal.reason.trim().is_empty(), "{illegal:?}");
        assert!(
            illegal.span.line >= 1 && illegal.span.column >= 1,
            "{illegal:?}"
        );
        assert_eq!(illegal.ply, report.plies + 1, "{illegal:?}");
        let token = &raw.moves[report.plies - inserted];
        assert_eq!(illegal.token, quote(&token.text));
        assert_eq!(illegal.span, token.span);
        assert_eq!(report.ended, None);
    }
    match report.ended {
        Some(ended) => {
            assert_eq!(ended.ply, report.plies);
            assert_eq!(
                report.plies + report.moves_after_end,
                raw.moves.len() + inserted
            );
        }
        None => assert_eq!(report.moves_after_end, 0),
    }
    for remark in &report.remarks {
        assert!(remark.ply <= report.plies, "{remark:?}");
        assert!(!remark.remark.trim().is_empty(), "{remark:?}");
    }
    // A FEN tag that cannot be used leaves no final position and nothing to judge claims on;
    // any other report ends on a position that reads back, and lists the claims asked for.
    if report.final_fen.is_empty() {
        assert!(report.problems.iter().any(|p| p.message.contains("FEN")));
        assert_eq!(report.plies, 0);
    } else {
        assert!(
            Position::from_fen(&report.final_fen).is_ok(),
            "{}",
            report.final_fen
        );
        assert!(report.claims_available.is_some());
    }
    report
}

/// Checks every game of one input and the order of the games.
fn check_games(games: &[RawGame]) -> Vec<Report> {
    let mut last_line = 0;
    games
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            assert_eq!(raw.index, i + 1, "games are numbered in order");
            assert!(raw.first_line >= 1.max(last_line), "{raw:?}");
            last_line = raw.first_line;
            check_game(raw)
        })
        .collect()
}

/// What the reader made of the text: moves, problems, comments and variations. Text that is
/// neither a tag nor a `%` escape line must end up in at least one of them.
fn accounted(games: &[RawGame]) -> usize {
    games
        .iter()
        .map(|g| {
            g.moves.len()
                + g.problems.len()
                + g.comments().count()
                + g.moves
                    .iter()
                    .map(|m| g.comments_of(m).count())
                    .sum::<usize>()
                + g.variations
        })
        .sum()
}

/// One edit: replace (0), insert (1) or delete (2) a character at a place.
type Edit = (usize, prop::sample::Index, char);

fn edits(
    alphabet: &'static str,
    count: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<Edit>> {
    let chars: Vec<char> = alphabet.chars().collect();
    proptest::collection::vec(
        (
            0usize..3,
            any::<prop::sample::Index>(),
            proptest::sample::select(chars),
        ),
        count,
    )
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (kind, index, c) in edits {
        let at = index.index(chars.len() + 1);
        match kind {
            0 if at < chars.len() => chars[at] = *c,
            1 => chars.insert(at, *c),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.push(*c),
        }
    }
    chars.into_iter().collect()
}

/// A valid text with one to five random edits.
fn mutated(valid: Vec<String>, alphabet: &'static str) -> impl Strategy<Value = String> {
    (proptest::sample::select(valid), edits(alphabet, 1..6))
        .prop_map(|(text, edits)| apply_edits(&text, &edits))
}

/// A record of random legal moves from `fen`, in SAN with move numbers as PGN writes them
/// (`12... e5` first when Black starts), stopped at an automatic ending; with the game played.
fn random_record(fen: &str, picks: &[prop::sample::Index]) -> (String, Game) {
    let mut game = Game::new(Position::from_fen(fen).expect("suite FEN"));
    let mut text = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n");
    for pick in picks {
        let pos = *game.position();
        let moves = pos.legal_moves();
        if game.ending().is_some() || moves.is_empty() {
            break;
        }
        let mv = moves[pick.index(moves.len())];
        let number = pos.fullmove_number();
        if pos.turn() == Color::White {
            text.push_str(&format!("{number}. "));
        } else if game.plies() == 0 {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&pos.san(mv));
        text.push(if game.plies() % 8 == 7 { '\n' } else { ' ' });
        game.play(mv).expect("legal");
    }
    text.push_str("*\n");
    (text, game)
}

/// The characters PGN gives a meaning to, and a few that scoresheets bring in from elsewhere.
const PGN_ALPHABET: &str =
    "[]{}()$;%.!?+#=-x0123456789abcdefghKQRBNOo \"\n\r\t\u{e9}\u{bd}\u{2026}\u{2658}";

/// Bytes PGN gives a meaning to, line ends, the UTF-8 byte order mark, and bytes that are not
/// UTF-8 on their own (Windows-1252 `é` and `½`, a stray continuation byte).
const PGN_BYTES: &[u8] =
    b"[]{}()$;%.!?+#=-x0123456789abcdefghKQRBNOo \"\n\r\t\xEF\xBB\xBF\xE9\xBD\x80";

fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![any::<u8>(), proptest::sample::select(PGN_BYTES)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_always_give_games_and_reports(
        bytes in proptest::collection::vec(byte(), 0..2048),
        capacity in 1usize..16,
    ) {
        let games: Vec<RawGame> = PgnReader::new(&bytes[..])
            .map(|game| game.expect("reading from memory cannot fail"))
            .collect();
        check_games(&games);
        // Lines may end in the middle of the reader's buffer or across two fills of it (a CR
        // at the end of one and its LF at the start of the next): the games must not change.
        let chunked: Vec<RawGame> = PgnReader::new(BufReader::with_capacity(capacity, &bytes[..]))
            .map(|game| game.expect("reading from memory cannot fail"))
            .collect();
        prop_assert_eq!(chunked, games);
    }

    #[test]
    fn edited_real_games_always_give_games_and_reports(text in mutated(long_twic_games(), PGN_ALPHABET)) {
        let games = read_games(&text);
        check_games(&games);
        prop_assert!(accounted(&games) > 0, "nothing read from {:?}", text);
    }

    #[test]
    fn random_text_always_gives_games_and_reports(text in "\\PC{0,400}") {
        check_games(&read_games(&text));
    }

    #[test]
    fn random_games_from_other_start_positions_read_back(
        fen in proptest::sample::select(suite_fens()),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..80),
        edits in edits(PGN_ALPHABET, 0..3),
    ) {
        // Random legal moves from the perft suite's positions (Black to move, castling rights,
        // en passant squares, promotions ready), written by our SAN writer: move labels,
        // endings and claims are all counted from a position other than the initial one.
        let (text, game) = random_record(&fen, &picks);
        let edited = apply_edits(&text, &edits);
        let games = read_games(&edited);
        let reports = check_games(&games);
        if edits.is_empty() {
            // Untouched, the record reads back whole and ends where the engine says it does.
            prop_assert_eq!(reports.len(), 1);
            let report = &reports[0];
            prop_assert_eq!(&report.problems, &[]);
            prop_assert_eq!(&report.first_illegal, &None);
            match report.ended {
                // The engine's per-move endings know bare material only; the checker also
                // finds a position from which no series of moves mates (a forced capture into
                // bare kings, say), which must be dead by the winnability decision itself.
                Some(ended) if ended.ending == (Ending::DeadPosition { reason: DeadReason::Search }) => {
                    let pos = game.position_at(ended.ply).expect("a ply of the game");
                    prop_assert_eq!(is_dead_position(pos), Some(true));
                    prop_assert_eq!(report.plies, ended.ply);
                    prop_assert_eq!(report.moves_after_end, game.plies() - ended.ply);
                }
                _ => {
                    prop_assert_eq!(report.plies, game.plies());
                    prop_assert_eq!(report.ended.map(|e| e.ending), game.ending());
                    prop_assert_eq!(&report.final_fen, &game.position().to_fen());
                }
            }
        }
    }

    #[test]
    fn random_movetext_always_gives_games_and_reports(
        text in "([0-9]{1,3}\\.{1,3} ?)?([KQRBNSLDT]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBND])?[+#]{0,2} ?|O-O(-O)? |\\{[a-z ]{0,5}\\} ?|\\( ?|\\) ?|e\\.p\\. |\\$[0-9] |[!?]{1,2} |\\n){0,60}(1-0|0-1|1/2-1/2|\\*)?",
    ) {
        // Text shaped like movetext reaches deeper into the checker than random characters:
        // moves that almost fit, variations and comments in odd places, marks with no move.
        let games = read_games(&text);
        check_games(&games);
        if !text.trim().is_empty() {
            prop_assert!(accounted(&games) > 0 || games.iter().any(|g| g.result.is_some()), "{:?}", text);
        }
    }
}

/// Rewrites every LF of `text` as `end`.
fn with_line_ends(text: &str, end: &str) -> String {
    text.replace('\n', end)
}

/// Line ends chosen in turn from LF, CR and CRLF, as in a file edited on several systems. A CR
/// is never followed by an LF: a CR, an empty line and an LF would be one CRLF.
fn with_mixed_line_ends(text: &str) -> String {
    let ends = ["\n", "\r", "\r\n"];
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str(ends[i % ends.len()]);
        }
        out.push_str(line);
    }
    out
}

#[test]
fn line_ends_of_every_kind_give_identical_reports() {
    // LF, CRLF and lone CR all end a line (`scoresheet::text`), so the games, their spans and
    // their reports must be the same whatever the line ends; the fixture has LF only.
    let text: String = twic_games().concat();
    assert!(!text.contains('\r'));
    let lf_games = read_games(&text);
    assert_eq!(lf_games.len(), 20);
    let lf_reports = check_games(&lf_games);
    // The sample is a real one: its games are legal and their spans point into the text.
    assert!(lf_reports.iter().all(|r| r.first_illegal.is_none()));
    assert!(lf_reports.iter().map(|r| r.plies).sum::<usize>() > 1000);
    assert!(lf_games.last().is_some_and(|g| g.first_line > 200));
    let variants = [
        ("CRLF", with_line_ends(&text, "\r\n")),
        ("CR", with_line_ends(&text, "\r")),
        ("mixed", with_mixed_line_ends(&text)),
        ("no final line end", text.trim_end().to_owned()),
    ];
    for (name, variant) in variants {
        let games = read_games(&variant);
        assert_eq!(games.len(), lf_games.len(), "{name}");
        for (lf, other) in lf_games.iter().zip(&games) {
            assert_eq!(other, lf, "{name}: game {}", lf.index);
        }
        let reports = check_games(&games);
        for (lf, other) in lf_reports.iter().zip(&reports) {
            let label = format!("{name}: game {}", lf.game);
            assert_eq!(other.plies, lf.plies, "{label}");
            assert_eq!(other.first_illegal, lf.first_illegal, "{label}");
            assert_eq!(other.ended, lf.ended, "{label}");
            assert_eq!(other.result_consistent, lf.result_consistent, "{label}");
            assert_eq!(other.final_fen, lf.final_fen, "{label}");
            assert_eq!(other.remarks, lf.remarks, "{label}");
            // The rest too: first line, problems and their spans, claims.
            assert_eq!(other, lf, "{label}");
        }
        // A CRLF split across two fills of the reader's buffer is still one line end.
        for capacity in [1, 2, 3, 7] {
            let chunked: Vec<RawGame> =
                PgnReader::new(BufReader::with_capacity(capacity, variant.as_bytes()))
                    .map(|g| g.expect("reading from memory cannot fail"))
                    .collect();
            assert!(chunked == lf_games, "{name}, buffer of {capacity}");
        }
    }
}

#[test]
fn spans_count_lines_the_same_way_for_every_line_end() {
    // A hand-made scoresheet whose problems sit on known lines (3 and 5) and columns: the
    // numbers are read off the text below.
    let text = "[White \"A\"]\n\n1. e4 } e5\n\n2. Nf3 ] Nc6 *\n";
    for end in ["\n", "\r\n", "\r"] {
        let games = read_games(&with_line_ends(text, end));
        assert_eq!(games.len(), 1);
        let spans: Vec<(u32, u32)> = games[0]
            .problems
            .iter()
            .map(|p| (p.span.line, p.span.column))
            .collect();
        assert_eq!(spans, [(3, 7), (5, 8)], "{end:?}");
        let moves: Vec<(u32, u32)> = games[0]
            .moves
            .iter()
            .map(|m| (m.span.line, m.span.column))
            .collect();
        assert_eq!(moves, [(3, 4), (3, 9), (5, 4), (5, 10)], "{end:?}");
    }
}

#[test]
fn windows_1252_bytes_are_read_as_windows_1252() {
    // In Windows-1252, 0xE9 is `é`, 0xFC is `ü` and 0xBD is `½` (the code page's table); a line
    // that is not UTF-8 is read in it, one line at a time.
    let bytes = b"[Event \"Open\"]\n[White \"Ren\xE9 M\xFCller\"]\n[Black \"Jos\xE9\"]\n\n1. e4 e5 \xBD-\xBD\n\n\
                  [White \"Ren\xC3\xA9 M\xC3\xBCller\"]\n\n1. d4 *\n";
    let games: Vec<RawGame> = PgnReader::new(&bytes[..])
        .map(|g| g.expect("reading from memory cannot fail"))
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("René Müller"));
    assert_eq!(games[0].tag("Black"), Some("José"));
    assert_eq!(games[0].problems, []);
    // `½-½` is a draw, written with the code page's one-byte half.
    assert_eq!(
        games[0].result.as_ref().map(|(r, _)| r.as_str()),
        Some("1/2-1/2")
    );
    let report = check_game(&games[0]);
    assert_eq!(report.white.as_deref(), Some("René Müller"));
    assert_eq!(report.plies, 2);
    // The next game is UTF-8 and reads to the same name.
    assert_eq!(games[1].tag("White"), Some("René Müller"));
    assert_eq!(games[1].problems, []);
}

#[test]
fn a_byte_order_mark_at_the_start_is_ignored() {
    // EF BB BF is U+FEFF, the byte order mark, in UTF-8; some editors put it first in a file.
    let with_tags = b"\xEF\xBB\xBF[Event \"x\"]\n[White \"Anna\"]\n\n1. e4 e5 *\n";
    let games: Vec<RawGame> = PgnReader::new(&with_tags[..])
        .map(|g| g.expect("reading from memory cannot fail"))
        .collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tags[0].name, "Event");
    assert_eq!(games[0].tags[0].value, "x");
    assert_eq!(
        (games[0].tags[0].span.line, games[0].tags[0].span.column),
        (1, 1)
    );
    assert_eq!(games[0].tag("White"), Some("Anna"));
    assert_eq!(games[0].problems, []);
    // Before movetext without tags, the mark must not become part of the first token.
    let movetext = b"\xEF\xBB\xBF1. e4 e5 2. Nf3 *\n";
    let games: Vec<RawGame> = PgnReader::new(&movetext[..])
        .map(|g| g.expect("reading from memory cannot fail"))
        .collect();
    assert_eq!(games.len(), 1);
    let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3"]);
    assert_eq!(games[0].moves[0].number.map(|n| n.number), Some(1));
    assert_eq!(games[0].problems, []);
    let report = check_game(&games[0]);
    assert_eq!(report.first_illegal, None);
    assert_eq!(report.plies, 3);
}
