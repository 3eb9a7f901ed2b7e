//! The PGN and scoresheet reader: splits text into games and each game into tokens.
//!
//! This is the lowest layer of scoresheet checking. It does not judge chess notation: any run
//! of characters in the movetext that is not punctuation of the PGN format is a move token,
//! whatever it says (`Nf3`, `Sf3`, `e2-e4`, `d8(Q)`, `0-0`, `♘f3`, `PA5-$E02/E04`, `%K`), and the
//! layer above decides what it means. What this layer does promise is that nothing is dropped
//! silently: every piece of text becomes a tag, a move, a move number, an annotation, a
//! comment, a variation or a result, or it is reported as a [`Problem`] with its line and
//! column.
//!
//! [`PgnReader`] reads games one at a time from any [`BufRead`], holding one game in memory;
//! [`read_games`] is the same machinery over a string.
//!
//! ```
//! use arbiter::scoresheet::pgn::read_games;
//!
//! let games = read_games("[White \"Anna\"]\n\n1. e4 e5!? {a comment} 2. Nf3 (2. f4) Nc6 1-0\n");
//! assert_eq!(games.len(), 1);
//! let game = &games[0];
//! assert_eq!(game.tag("White"), Some("Anna"));
//! let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
//! assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6"]);
//! assert_eq!(game.moves[1].annotations, ["!?"]);
//! assert_eq!(game.moves[1].comments, ["a comment"]);
//! assert_eq!(game.variations, 1);
//! assert_eq!(game.result.as_ref().map(|(r, _)| r.as_str()), Some("1-0"));
//! ```
//!
//! Game boundaries: a game's movetext ends with its result; the next tag pair or movetext
//! starts the next game. A tag pair that follows movetext without a result also starts a new
//! game. Comments that come after a result (before the next game starts) still belong to the
//! game that ended, as comments on its last move, which is why a game is handed out only when
//! the next game's first tag or move arrives, or at the end of the input.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

use super::text::{Lines, decode_line_borrowed};

/// A place in the input: 1-based line and column. The column counts characters, not bytes,
/// so that it matches what an editor shows for non-ASCII text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A tag pair such as `[White "Anna"]`, with its escapes resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    /// Where the opening `[` stands.
    pub span: Span,
}

/// The text of one move token. Real moves are short, so they are kept inline without a heap
/// allocation: reading a large file makes one of these for every half-move.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenText(TextRepr);

#[derive(Clone, PartialEq, Eq)]
enum TextRepr {
    Inline { len: u8, bytes: [u8; INLINE_TEXT] },
    Heap(String),
}

const INLINE_TEXT: usize = 22;

impl TokenText {
    pub fn new(text: &str) -> TokenText {
        let mut bytes = [0u8; INLINE_TEXT];
        match bytes.get_mut(..text.len()) {
            Some(slot) => {
                slot.copy_from_slice(text.as_bytes());
                TokenText(TextRepr::Inline {
                    len: text.len() as u8,
                    bytes,
                })
            }
            None => TokenText(TextRepr::Heap(text.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes were copied from a `&str` whole, so they are valid UTF-8.
            TextRepr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            TextRepr::Heap(text) => text,
        }
    }

    pub fn push_str(&mut self, more: &str) {
        let joined = format!("{}{more}", self.as_str());
        *self = TokenText::new(&joined);
    }
}

impl std::ops::Deref for TokenText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for TokenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for TokenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for TokenText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for TokenText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// One move of the main line as written, with what the text attaches to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The move as written, check and mate marks kept. An en passant mark written after the
    /// move (`e.p.`, `ep`, `e.p`, `(e.p.)`) is appended as `e.p.`, and a check mark written
    /// apart (`Qh5 +`) is appended as written.
    pub text: TokenText,
    pub span: Span,
    /// The move number written right before the move, if any.
    pub number: Option<MoveNumber>,
    /// Suffix marks (`!`, `?`, `!!`, `??`, `!?`, `?!`), NAGs (`$1`) and the draw offer mark
    /// `(=)` of the FIDE Laws (article 9.1.2.2), in the order written.
    pub annotations: Vec<String>,
    /// The text of the comments that follow the move, trimmed.
    pub comments: Vec<String>,
}

/// A move number: `12.` is White's twelfth move, `12...`, `12..` and `12…` are Black's, as
/// are the scoresheet labels `12A` (White) and `12B` (Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub black: bool,
}

/// Text that could not be read, or structure that is broken, with where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub span: Span,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.span, self.message)
    }
}

/// One game as written: tags and tokens, not yet checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// The game's place in the input, from 1.
    pub index: usize,
    /// The line of the game's first tag, comment or token.
    pub first_line: u32,
    pub tags: Vec<Tag>,
    /// The main line only, in order. Moves inside variations are not kept.
    pub moves: Vec<MoveToken>,
    /// Comments that follow no move of the main line: those before the first move, and those
    /// after the result of a game without moves.
    pub comments: Vec<String>,
    /// How many top-level variations the main line has.
    pub variations: usize,
    /// The termination marker, normalized to `1-0`, `0-1`, `1/2-1/2` or `*`, and where it
    /// was written.
    pub result: Option<(String, Span)>,
    /// Problems in the order of their place in the text.
    pub problems: Vec<Problem>,
}

impl RawGame {
    /// The value of the first tag with exactly this name (names are case-sensitive, as in
    /// the PGN standard).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }
}

/// Reads games one at a time from PGN or plain scoresheet text.
///
/// Lines are decoded as [`decode_line`](super::text::decode_line) does (UTF-8, else
/// Windows-1252) and may end with LF, CRLF or CR. After an I/O error the iterator returns that
/// error and then ends; the game being read when the error happened is not returned.
#[derive(Debug)]
pub struct PgnReader<R> {
    lines: Lines<R>,
    /// The bytes of the current line, kept to reuse the allocation.
    bytes: Vec<u8>,
    parser: Parser,
    line: u32,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            lines: Lines::new(reader),
            bytes: Vec::new(),
            parser: Parser::default(),
            line: 0,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<io::Result<RawGame>> {
        loop {
            if let Some(game) = self.parser.ready.pop_front() {
                return Some(Ok(game));
            }
            if self.done {
                return None;
            }
            match self.lines.next_into(&mut self.bytes) {
                Ok(true) => {
                    self.line = self.line.saturating_add(1);
                    let text = decode_line_borrowed(&self.bytes);
                    self.parser.feed_line(&text, self.line);
                }
                Ok(false) => {
                    self.done = true;
                    self.parser.finish();
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// Reads all games of a text, exactly as [`PgnReader`] reads them from a file.
pub fn read_games(text: &str) -> Vec<RawGame> {
    // Reading from a byte slice cannot fail, so there are no errors to lose here.
    PgnReader::new(text.as_bytes()).flatten().collect()
}

/// The six suffix annotations of the PGN standard (section 8.2.3.8).
const SUFFIX_MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The ways of writing en passant after a move, compared without regard to ASCII case.
const EN_PASSANT_MARKS: [&str; 3] = ["e.p.", "ep", "e.p"];

/// How long a piece of unreadable text may be in a problem message before it is cut short.
const QUOTE_LIMIT: usize = 40;

/// How deep variations may nest before the reader stops keeping where each one opened. Real
/// annotations nest a few levels; a bound keeps a line of a million `(` to constant memory
/// and one problem.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// How many problems one game lists; the rest are counted in one last problem, so that a
/// file of broken text cannot flood the report with one line per character.
pub const MAX_PROBLEMS: usize = 100;

/// A game being assembled.
#[derive(Debug)]
struct Builder {
    game: RawGame,
    /// Something other than tags and comments has been read, so a tag pair now starts a new
    /// game.
    has_movetext: bool,
    /// The result has been read; the next tag pair or move starts a new game.
    finished: bool,
    /// Problems past [`MAX_PROBLEMS`]: how many, and where the first of them is.
    unlisted: Option<(usize, Span)>,
}

/// A `{` comment that has not been closed on its line.
#[derive(Debug)]
struct OpenComment {
    span: Span,
    text: String,
    /// Comments inside variations belong to the variation, whose content is not kept.
    in_variation: bool,
}

/// A move number waiting for its move.
#[derive(Debug)]
struct Pending {
    number: MoveNumber,
    span: Span,
    /// The text as written; kept only for a bare integer, which may turn out to be a move
    /// token. A dotted number is written back from `number` when a message needs it.
    text: Option<String>,
    /// Written as a bare integer: it is a move number only if a move follows, else it is
    /// itself a move token (the next layer will say what is wrong with it).
    bare: bool,
}

/// What one run of non-space movetext characters is.
#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Result(&'static str),
    /// A move number; a move may be glued to it, starting at `rest` (a character offset).
    Number {
        number: MoveNumber,
        rest: usize,
    },
    Bare(u32),
    /// `...` or `…` on its own or before a move: the next move is Black's.
    Ellipsis {
        rest: usize,
    },
    EnPassant,
    Check,
    Annotation,
    Move,
    Unreadable,
}

/// What a parenthesis that is not a variation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParenMark {
    EnPassant,
    DrawOffer,
}

/// The outcome of reading one tag pair.
#[derive(Debug, Default)]
struct TagParse {
    /// The tag to keep; a tag pair is kept whenever its name could be read.
    tag: Option<(String, String)>,
    /// Where reading goes on after the tag pair.
    end: usize,
    /// What was wrong and at which character.
    problem: Option<(usize, String)>,
}

/// The state of reading: the game being assembled and what is open across lines.
#[derive(Debug, Default)]
struct Parser {
    game: Option<Builder>,
    games_started: usize,
    comment: Option<OpenComment>,
    /// Where each open variation started, innermost last, up to [`MAX_VARIATION_DEPTH`].
    variations: Vec<Span>,
    /// Variations open beyond [`MAX_VARIATION_DEPTH`], counted only.
    deeper: usize,
    pending: Option<Pending>,
    /// Finished games not yet handed out.
    ready: VecDeque<RawGame>,
    /// The characters of the current line, and the byte offset in the line where each one
    /// starts (plus the line's length; left empty for an ASCII line, where they coincide), so
    /// that tokens are borrowed from the line rather than copied; both are kept to reuse
    /// their allocations.
    chars: Vec<char>,
    starts: Vec<usize>,
}

impl Parser {
    fn feed_line(&mut self, line: &str, line_no: u32) {
        let mut chars = std::mem::take(&mut self.chars);
        let mut starts = std::mem::take(&mut self.starts);
        chars.clear();
        starts.clear();
        if line.is_ascii() {
            // Nearly every PGN line: one byte per character, so character `i` starts at byte
            // `i` and no list of starts is needed (see `slice`).
            chars.extend(line.bytes().map(char::from));
        } else {
            for (start, c) in line.char_indices() {
                chars.push(c);
                starts.push(start);
            }
            starts.push(line.len());
        }
        self.scan(line, &chars, &starts, line_no);
        self.chars = chars;
        self.starts = starts;
    }

    /// Ends the input: whatever is still open is reported, and the last game is handed out.
    fn finish(&mut self) {
        if self.comment.is_some() {
            self.abandon_comment();
        }
        if self.game.is_some() {
            self.close_game();
        }
    }

    fn scan(&mut self, text: &str, chars: &[char], starts: &[usize], line: u32) {
        let mut i = 0;
        if self.comment.is_some() {
            if looks_like_tag_pair(chars) {
                // A line that is a whole tag pair is far more likely the next game than part
                // of a comment, so one missing `}` does not swallow the rest of the file.
                self.abandon_comment();
            } else {
                let close = find(chars, 0, '}');
                let piece = collect(chars, 0, close.unwrap_or(chars.len()));
                if let Some(comment) = &mut self.comment {
                    comment.text.push('\n');
                    comment.text.push_str(&piece);
                }
                match close {
                    Some(at) => {
                        self.close_comment();
                        i = at + 1;
                    }
                    None => return,
                }
            }
        } else if chars.first() == Some(&'%') {
            // The PGN escape mechanism (section 6): the whole line is for other programs.
            return;
        }
        while let Some(&c) = chars.get(i) {
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            let span = span_at(line, i);
            i = match c {
                '{' => match find(chars, i + 1, '}') {
                    Some(close) => {
                        let text = collect(chars, i + 1, close);
                        self.brace_comment(text, span);
                        close + 1
                    }
                    None => {
                        self.ensure_game(line);
                        self.comment = Some(OpenComment {
                            span,
                            text: collect(chars, i + 1, chars.len()),
                            in_variation: !self.variations.is_empty(),
                        });
                        chars.len()
                    }
                },
                ';' => {
                    if self.variations.is_empty() {
                        self.add_comment(collect(chars, i + 1, chars.len()), line);
                    }
                    chars.len()
                }
                '}' | ']' => {
                    self.problem(span, format!("unexpected `{c}`"));
                    i + 1
                }
                '[' => self.tag_pair(chars, i, line),
                '(' => self.open_paren(chars, i, line),
                ')' => {
                    if self.deeper > 0 {
                        self.deeper -= 1;
                    } else if self.variations.pop().is_none() {
                        self.problem(span, "unexpected `)`".to_owned());
                    }
                    i + 1
                }
                '$' => self.dollar(chars, i, line),
                _ => {
                    let end = token_end(chars, i);
                    self.token(slice(text, starts, i, end), span);
                    end
                }
            };
        }
    }

    fn ensure_game(&mut self, line: u32) -> &mut Builder {
        let started = &mut self.games_started;
        self.game.get_or_insert_with(|| {
            *started += 1;
            Builder {
                game: RawGame {
                    index: *started,
                    first_line: line,
                    tags: Vec::new(),
                    moves: Vec::new(),
                    comments: Vec::new(),
                    variations: 0,
                    result: None,
                    problems: Vec::new(),
                },
                has_movetext: false,
                finished: false,
                unlisted: None,
            }
        })
    }

    /// Starts a piece of movetext: after a result it belongs to the next game.
    fn begin_movetext(&mut self, line: u32) -> &mut Builder {
        if self.game.as_ref().is_some_and(|b| b.finished) {
            self.close_game();
        }
        let builder = self.ensure_game(line);
        builder.has_movetext = true;
        builder
    }

    fn finished(&self) -> bool {
        self.game.as_ref().is_some_and(|b| b.finished)
    }

    fn problem(&mut self, span: Span, message: String) {
        let builder = self.ensure_game(span.line);
        if builder.game.problems.len() < MAX_PROBLEMS {
            builder.game.problems.push(Problem { span, message });
        } else {
            let (count, _) = builder.unlisted.get_or_insert((0, span));
            *count += 1;
        }
    }

    /// Hands out the current game, reporting what it left open.
    fn close_game(&mut self) {
        self.flush_pending();
        // Variations left open are reported once, where the outermost of them opened.
        let open = self.variations.len() + std::mem::take(&mut self.deeper);
        if let Some(&outermost) = std::mem::take(&mut self.variations).first() {
            let message = if open == 1 {
                "variation never closed".to_owned()
            } else {
                format!("{open} variations never closed, the outermost opened here")
            };
            self.problem(outermost, message);
        }
        if let Some(builder) = self.game.take() {
            let mut game = builder.game;
            // Problems found late (an unclosed variation is noticed only at the end) are put
            // back in text order, so that they read from top to bottom.
            game.problems.sort_by_key(|p| (p.span.line, p.span.column));
            if let Some((count, span)) = builder.unlisted {
                game.problems.push(Problem {
                    span,
                    message: format!(
                        "{count} more problem{} from here on not listed (a game lists at most {MAX_PROBLEMS})",
                        if count == 1 { "" } else { "s" }
                    ),
                });
            }
            self.ready.push_back(game);
        }
    }

    /// Settles a move number that no move has taken.
    fn flush_pending(&mut self) {
        if let Some(pending) = self.pending.take() {
            if pending.bare {
                self.ensure_game(pending.span.line)
                    .game
                    .moves
                    .push(MoveToken {
                        text: TokenText::new(
                            &pending
                                .text
                                .unwrap_or_else(|| pending.number.number.to_string()),
                        ),
                        span: pending.span,
                        number: None,
                        annotations: Vec::new(),
                        comments: Vec::new(),
                    });
            } else {
                let written = match pending.number.black {
                    false => format!("{}.", pending.number.number),
                    true => format!("{}...", pending.number.number),
                };
                let message = format!("move number `{written}` is not followed by a move");
                self.problem(pending.span, message);
            }
        }
    }

    fn brace_comment(&mut self, text: String, span: Span) {
        if self.variations.is_empty() {
            self.add_comment(text, span.line);
        } else {
            self.ensure_game(span.line);
        }
    }

    /// Adds a main-line comment to the move it follows, or to the game before the first move.
    fn add_comment(&mut self, text: String, line: u32) {
        let text = text.trim().to_owned();
        let game = &mut self.ensure_game(line).game;
        match game.moves.last_mut() {
            Some(last) => last.comments.push(text),
            None => game.comments.push(text),
        }
    }

    fn close_comment(&mut self) {
        if let Some(comment) = self.comment.take()
            && !comment.in_variation
        {
            self.add_comment(comment.text, comment.span.line);
        }
    }

    /// Reports a comment that never closed; its text is kept as read so far.
    fn abandon_comment(&mut self) {
        if let Some(comment) = &self.comment {
            let span = comment.span;
            self.problem(span, "comment never closed".to_owned());
        }
        self.close_comment();
    }

    fn tag_pair(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        // A tag pair always belongs to the tag section of a game: after movetext it starts
        // the next one, and variations left open cannot continue past it.
        let after_movetext = self
            .game
            .as_ref()
            .is_some_and(|b| b.has_movetext || b.finished);
        if after_movetext || !self.variations.is_empty() {
            self.close_game();
        }
        let parse = parse_tag(chars, start);
        let builder = self.ensure_game(line);
        if let Some((name, value)) = parse.tag {
            builder.game.tags.push(Tag { name, value, span });
        }
        if let Some((at, message)) = parse.problem {
            self.problem(span_at(line, at), message);
        }
        parse.end
    }

    fn open_paren(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        // `(e.p.)` and `(=)` are marks, not variations: a variation that held nothing but
        // one of them would mean nothing.
        if let Some((len, mark)) = paren_mark(chars, start) {
            if self.variations.is_empty() {
                let text = collect(chars, start, start + len);
                match mark {
                    ParenMark::EnPassant => self.en_passant(&text, span),
                    ParenMark::DrawOffer => self.annotation("draw offer", text, span),
                }
            }
            return start + len;
        }
        if self.variations.is_empty() {
            self.begin_movetext(line).game.variations += 1;
        }
        if self.variations.len() < MAX_VARIATION_DEPTH {
            self.variations.push(span);
        } else {
            if self.deeper == 0 {
                self.problem(
                    span,
                    format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                );
            }
            self.deeper += 1;
        }
        start + 1
    }

    /// A `$` at the start of a token: a NAG if digits follow, else unreadable.
    fn dollar(&mut self, chars: &[char], start: usize, line: u32) -> usize {
        let span = span_at(line, start);
        let mut end = start + 1;
        while chars.get(end).is_some_and(char::is_ascii_digit) {
            end += 1;
        }
        if end > start + 1 {
            if self.variations.is_empty() {
                self.annotation("annotation", collect(chars, start, end), span);
            }
            end
        } else {
            let end = token_end(chars, start + 1);
            self.unreadable(&collect(chars, start, end), span);
            end
        }
    }

    fn token(&mut self, text: &str, span: Span) {
        let kind = classify(text);
        if !self.variations.is_empty() {
            // The content of variations is not kept, but what cannot be read is still said.
            let unreadable = match kind {
                Kind::Unreadable => Some((text, 0)),
                Kind::Number { rest, .. } | Kind::Ellipsis { rest } => {
                    let (_, glued) = split_chars(text, rest);
                    (!glued.is_empty() && !is_move_text(glued)).then_some((glued, rest))
                }
                _ => None,
            };
            if let Some((part, offset)) = unreadable {
                self.unreadable(part, shifted(span, offset));
            }
            return;
        }
        match kind {
            Kind::Result(result) => {
                self.begin_movetext(span.line);
                self.flush_pending();
                let builder = self.ensure_game(span.line);
                builder.game.result = Some((result.to_owned(), span));
                builder.finished = true;
            }
            Kind::Number { number, rest } => {
                self.begin_movetext(span.line);
                self.flush_pending();
                let (_, glued) = split_chars(text, rest);
                self.pending = Some(Pending {
                    number,
                    span,
                    text: None,
                    bare: false,
                });
                self.glued_move(glued, span, rest);
            }
            Kind::Bare(number) => {
                self.begin_movetext(span.line);
                self.flush_pending();
                self.pending = Some(Pending {
                    number: MoveNumber {
                        number,
                        black: false,
                    },
                    span,
                    text: Some(text.to_owned()),
                    bare: true,
                });
            }
            Kind::Ellipsis { rest } => {
                self.begin_movetext(span.line);
                // `12. ... Nf6`: the dots say that the number is Black's. Without a number
                // they only say that Black moves next, which the next layer knows anyway.
                if let Some(pending) = &mut self.pending {
                    pending.number.black = true;
                }
                let (_, glued) = split_chars(text, rest);
                self.glued_move(glued, span, rest);
            }
            Kind::EnPassant => self.en_passant(text, span),
            Kind::Check => {
                let mark = text.to_owned();
                self.attach("check mark", text, span, |m| m.text.push_str(&mark));
            }
            Kind::Annotation => self.annotation("annotation", text.to_owned(), span),
            Kind::Move => self.push_move(text, span),
            Kind::Unreadable => self.unreadable(text, span),
        }
    }

    /// The move glued to a move number (`12.e4`), which starts `offset` characters in.
    fn glued_move(&mut self, text: &str, span: Span, offset: usize) {
        if text.is_empty() {
            return;
        }
        let span = shifted(span, offset);
        if is_move_text(text) {
            self.push_move(text, span);
        } else {
            self.unreadable(text, span);
        }
    }

    fn push_move(&mut self, text: &str, span: Span) {
        self.begin_movetext(span.line);
        let number = self.pending.take().map(|p| p.number);
        let (text, annotations) = split_suffixes(text);
        self.ensure_game(span.line).game.moves.push(MoveToken {
            text,
            span,
            number,
            annotations,
            comments: Vec::new(),
        });
    }

    fn unreadable(&mut self, text: &str, span: Span) {
        // Unreadable text after a result is taken as trailing junk of that game rather than
        // the start of a new one, so that it does not make a game of its own.
        if !self.finished() && self.variations.is_empty() {
            self.begin_movetext(span.line);
        }
        self.problem(span, format!("unreadable text `{}`", quote(text)));
    }

    /// An en passant mark, perhaps with suffix marks glued to it (`e.p.!`).
    fn en_passant(&mut self, text: &str, span: Span) {
        let (mark, marks) = split_suffixes(text);
        // A check mark may follow the en passant mark (`e.p.+`); it stays with the move.
        let check = mark
            .as_str()
            .get(without_check_mark(&mark).len()..)
            .unwrap_or_default()
            .to_owned();
        self.attach("en passant mark", text, span, |m| {
            m.text.push_str("e.p.");
            m.text.push_str(&check);
            m.annotations.extend(marks);
        });
    }

    fn annotation(&mut self, what: &str, text: String, span: Span) {
        self.attach(what, &text.clone(), span, |m| m.annotations.push(text));
    }

    /// Applies a mark to the last move of the main line, or reports that there is none.
    fn attach(&mut self, what: &str, text: &str, span: Span, apply: impl FnOnce(&mut MoveToken)) {
        if self.finished() {
            self.problem(span, format!("{what} `{}` after the result", quote(text)));
            return;
        }
        // A mark right after a move number has no move to go with, and the number stays for
        // the move that follows; a bare integer before it is the move itself (`12 +` can only
        // mean that `12` was meant as a move).
        match &self.pending {
            Some(pending) if !pending.bare => {
                self.problem(span, format!("{what} `{}` follows no move", quote(text)));
                return;
            }
            _ => self.flush_pending(),
        }
        let last = self.ensure_game(span.line).game.moves.last_mut();
        match last {
            Some(last) => apply(last),
            None => self.problem(span, format!("{what} `{}` follows no move", quote(text))),
        }
    }
}

fn span_at(line: u32, index: usize) -> Span {
    Span {
        line,
        column: u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX),
    }
}

/// The place `offset` characters to the right of `span`.
fn shifted(span: Span, offset: usize) -> Span {
    Span {
        line: span.line,
        column: span
            .column
            .saturating_add(u32::try_from(offset).unwrap_or(u32::MAX)),
    }
}

/// The characters `from..to` of a line whose characters start at `starts` (empty when the
/// range is out of bounds).
fn slice<'a>(text: &'a str, starts: &[usize], from: usize, to: usize) -> &'a str {
    if starts.is_empty() {
        // An ASCII line: characters and bytes coincide.
        return text.get(from..to).unwrap_or_default();
    }
    match (starts.get(from), starts.get(to)) {
        (Some(&a), Some(&b)) => text.get(a..b).unwrap_or_default(),
        _ => "",
    }
}

/// The characters `from..to` as a string (empty when the range is out of bounds).
fn collect(chars: &[char], from: usize, to: usize) -> String {
    chars.get(from..to).unwrap_or_default().iter().collect()
}

fn find(chars: &[char], from: usize, target: char) -> Option<usize> {
    chars
        .get(from..)?
        .iter()
        .position(|&c| c == target)
        .map(|at| from + at)
}

fn skip_whitespace(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// Whether a character ends a token: whitespace and the PGN punctuation that can follow a
/// move without a space.
fn is_delimiter(c: char) -> bool {
    if c.is_ascii() {
        // The common case, decided without the Unicode whitespace table.
        c.is_ascii_whitespace() || matches!(c, '{' | '}' | ';' | '[' | ']' | '(' | ')' | '\x0b')
    } else {
        c.is_whitespace()
    }
}

/// The end of the token that starts at `start`.
///
/// A parenthesis inside a token is part of it when it holds a promotion piece (`d8(Q)`), an
/// en passant mark (`exd6(e.p.)`) or a draw offer (`Nf3(=)`); any other `(` starts a
/// variation.
fn token_end(chars: &[char], start: usize) -> usize {
    let mut i = start;
    while let Some(&c) = chars.get(i) {
        if c == '(' {
            match glued_paren_len(chars, i) {
                Some(len) => i += len,
                None => break,
            }
        } else if is_delimiter(c) {
            break;
        } else {
            i += 1;
        }
    }
    i
}

/// The length, parentheses included, of a group that may be glued to a move: one or two
/// letters, an en passant mark or a draw offer.
fn glued_paren_len(chars: &[char], open: usize) -> Option<usize> {
    if let Some((len, _)) = paren_mark(chars, open) {
        return Some(len);
    }
    let close = close_near(chars, open)?;
    let inner = chars.get(open + 1..close)?;
    // A promotion piece as a letter (`d8(Q)`) or a figurine (`d8(♕)`).
    let letters = (1..=2).contains(&inner.len())
        && inner
            .iter()
            .all(|&c| c.is_alphabetic() || ('\u{2654}'..='\u{265f}').contains(&c));
    letters.then_some(close + 1 - open)
}

/// The `)` that closes the `(` at `open` if it is close enough for a mark or a promotion
/// piece. The search is short on purpose: a line of many `(` must not be scanned to its end
/// once for each of them.
fn close_near(chars: &[char], open: usize) -> Option<usize> {
    // The longest content of a glued group is `e.p.`.
    const LONGEST: usize = 4;
    chars
        .get(open + 1..)?
        .iter()
        .take(LONGEST + 1)
        .position(|&c| c == ')')
        .map(|at| open + 1 + at)
}

/// An en passant mark `(e.p.)` or a draw offer `(=)` at `open`, with its length.
fn paren_mark(chars: &[char], open: usize) -> Option<(usize, ParenMark)> {
    if chars.get(open) != Some(&'(') {
        return None;
    }
    let close = close_near(chars, open)?;
    let inner: String = chars.get(open + 1..close)?.iter().collect();
    let mark = if inner == "=" {
        ParenMark::DrawOffer
    } else if is_en_passant(&inner) {
        ParenMark::EnPassant
    } else {
        return None;
    };
    Some((close + 1 - open, mark))
}

/// The text without a check or mate mark (`+`, `++`, `#`) at its end.
fn without_check_mark(text: &str) -> &str {
    text.strip_suffix("++")
        .or_else(|| text.strip_suffix('+'))
        .or_else(|| text.strip_suffix('#'))
        .unwrap_or(text)
}

fn is_en_passant(text: &str) -> bool {
    EN_PASSANT_MARKS
        .iter()
        .any(|mark| mark.eq_ignore_ascii_case(text))
}

/// Whether a token can be a move: it has a letter or digit (a move names a square), or it is
/// the null move `--` that some programs write.
fn is_move_text(text: &str) -> bool {
    text == "--" || text.chars().any(char::is_alphanumeric)
}

fn normalized_result(text: &str) -> Option<&'static str> {
    match text {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" | "0.5-0.5" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

fn is_dot(c: char) -> bool {
    c == '.' || c == '…'
}

fn classify(text: &str) -> Kind {
    if let Some(result) = normalized_result(text) {
        return Kind::Result(result);
    }
    if let Some(kind) = classify_number(text) {
        return kind;
    }
    let dots = text.chars().take_while(|&c| is_dot(c)).count();
    if dots >= 2 || text.starts_with('…') {
        return Kind::Ellipsis { rest: dots };
    }
    // Splitting suffixes allocates, so it is done only for what can be an en passant mark.
    // Only `e.p…` and `ep…` can be en passant marks; the test keeps `e4` and `exd5` (most
    // tokens of a game) away from the slower suffix split.
    let bytes = text.as_bytes();
    let maybe_en_passant = bytes.len() >= 2
        && matches!(bytes[0], b'e' | b'E')
        && matches!(bytes[1], b'.' | b'p' | b'P');
    if maybe_en_passant && is_en_passant(without_check_mark(&split_suffixes(text).0)) {
        Kind::EnPassant
    } else if matches!(text, "+" | "++" | "#") {
        Kind::Check
    } else if SUFFIX_MARKS.contains(&text) {
        Kind::Annotation
    } else if is_move_text(text) {
        Kind::Move
    } else {
        Kind::Unreadable
    }
}

/// `12`, `12.`, `12...`, `12…`, `12.e4`, `12A`, `12B`; `None` for anything else (castling
/// written with zeros, `0-0`, is a move).
fn classify_number(text: &str) -> Option<Kind> {
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let digits = text.get(..digits_end)?;
    let after = text.get(digits_end..)?;
    if digits.is_empty() {
        return None;
    }
    // A number too large for u32 is no move number; it stays a move token and the next
    // layer reports it.
    let number: u32 = digits.parse().ok()?;
    if after.is_empty() {
        return Some(Kind::Bare(number));
    }
    if after == "A" || after == "B" {
        let black = after == "B";
        return Some(Kind::Number {
            number: MoveNumber { number, black },
            rest: text.chars().count(),
        });
    }
    let dots = after.chars().take_while(|&c| is_dot(c)).count();
    if dots == 0 {
        return None;
    }
    // One full stop is White's move; two or more, or an ellipsis, Black's.
    let black = dots > 1 || after.starts_with('…');
    Some(Kind::Number {
        number: MoveNumber { number, black },
        rest: digits.len() + dots,
    })
}

/// The text before and after the first `at` characters.
fn split_chars(text: &str, at: usize) -> (&str, &str) {
    let byte = text
        .char_indices()
        .nth(at)
        .map_or(text.len(), |(byte, _)| byte);
    text.split_at_checked(byte).unwrap_or((text, ""))
}

/// Splits the marks glued to the end of a move: suffix annotations and the draw offer go to
/// the annotations (in the order written); an en passant mark in parentheses becomes the
/// `e.p.` ending that a separate mark also gets.
fn split_suffixes(text: &str) -> (TokenText, Vec<String>) {
    let mut rest = text;
    let mut marks = Vec::new();
    let mut en_passant = false;
    loop {
        if let Some(head) = rest.strip_suffix("(=)").filter(|h| !h.is_empty()) {
            marks.push("(=)".to_owned());
            rest = head;
            continue;
        }
        if let Some(head) = strip_paren_en_passant(rest) {
            en_passant = true;
            rest = head;
            continue;
        }
        let head = rest.trim_end_matches(['!', '?']);
        let run = rest.get(head.len()..).unwrap_or_default();
        if !head.is_empty() && SUFFIX_MARKS.contains(&run) {
            marks.push(run.to_owned());
            rest = head;
            continue;
        }
        break;
    }
    marks.reverse();
    let mut move_text = TokenText::new(rest);
    if en_passant {
        move_text.push_str("e.p.");
    }
    (move_text, marks)
}

/// The move before a glued `(e.p.)`, `(ep)` or `(e.p)`, if the text ends with one.
fn strip_paren_en_passant(text: &str) -> Option<&str> {
    let head = text.strip_suffix(')')?;
    let open = head.rfind('(')?;
    let move_text = head.get(..open)?;
    let inner = head.get(open + 1..)?;
    (!move_text.is_empty() && is_en_passant(inner)).then_some(move_text)
}

/// Reads the tag pair whose `[` is at `start`.
fn parse_tag(chars: &[char], start: usize) -> TagParse {
    let mut i = skip_whitespace(chars, start + 1);
    let name_start = i;
    while chars
        .get(i)
        .is_some_and(|&c| !c.is_whitespace() && !matches!(c, '"' | '[' | ']' | '{' | '}'))
    {
        i += 1;
    }
    let name = collect(chars, name_start, i);
    if name.is_empty() {
        // The rest of the bracket is skipped: it is most likely a broken tag, not moves.
        return TagParse {
            tag: None,
            end: find(chars, i, ']').map_or(chars.len(), |close| close + 1),
            problem: Some((start, "tag pair without a name".to_owned())),
        };
    }
    i = skip_whitespace(chars, i);
    match chars.get(i) {
        Some('"') => {}
        Some(']') | None => {
            return TagParse {
                problem: Some((i, format!("tag pair `{}` without a value", quote(&name)))),
                tag: Some((name, String::new())),
                end: (i + 1).min(chars.len()),
            };
        }
        Some(_) => {
            let close = find(chars, i, ']');
            let value = collect(chars, i, close.unwrap_or(chars.len()));
            return TagParse {
                tag: Some((name, value.trim().to_owned())),
                end: close.map_or(chars.len(), |close| close + 1),
                problem: Some((i, "tag value not in quotes: expected `\"`".to_owned())),
            };
        }
    }
    let mut value = String::new();
    let mut j = i + 1;
    let mut closed = false;
    while let Some(&c) = chars.get(j) {
        j += 1;
        match c {
            '"' => {
                closed = true;
                break;
            }
            '\\' => match chars.get(j) {
                Some(&escaped @ ('"' | '\\')) => {
                    value.push(escaped);
                    j += 1;
                }
                _ => value.push('\\'),
            },
            _ => value.push(c),
        }
    }
    if !closed {
        // The value runs to the end of the line; a final `]` there is the tag pair's end.
        let trimmed = value.trim_end();
        let trimmed = trimmed.strip_suffix(']').unwrap_or(trimmed);
        return TagParse {
            tag: Some((name, trimmed.to_owned())),
            end: chars.len(),
            problem: Some((j, "tag value never closed: expected `\"`".to_owned())),
        };
    }
    let k = skip_whitespace(chars, j);
    if chars.get(k) == Some(&']') {
        TagParse {
            tag: Some((name, value)),
            end: k + 1,
            problem: None,
        }
    } else {
        // Reading goes on at what stands where the `]` should be, so that moves written
        // right after a broken tag pair are still read.
        TagParse {
            tag: Some((name, value)),
            end: k,
            problem: Some((k, "tag pair not closed: expected `]`".to_owned())),
        }
    }
}

/// Whether a whole line, from its first column, is a well-formed tag pair.
fn looks_like_tag_pair(chars: &[char]) -> bool {
    chars.first() == Some(&'[') && parse_tag(chars, 0).problem.is_none()
}

/// Text for a message, cut short if long, so that one broken line cannot flood a report.
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(QUOTE_LIMIT).collect();
        short.push('…');
        short
    }
}
