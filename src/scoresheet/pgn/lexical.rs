//! The lexical layer under the parser: what a run of movetext characters is (a result, a
//! move number, an annotation, a move...), where a token ends, tag pairs, and columns.

use std::borrow::Cow;
use std::cell::Cell;
use std::ops::Range;

use super::{MoveNumber, Span, TokenText, quote};

/// The six suffix annotations of the PGN standard (section 8.2.3.8).
pub(super) const SUFFIX_MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The ways of writing en passant after a move, compared without regard to ASCII case.
pub(super) const EN_PASSANT_MARKS: [&str; 3] = ["e.p.", "ep", "e.p"];

/// How long a piece of unreadable text may be in a problem message before it is cut short.
pub(super) const QUOTE_LIMIT: usize = 40;

/// What one run of non-space movetext characters is.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Result(&'static str),
    /// A move number; a move may be glued to it, starting at byte `rest`.
    Number {
        number: MoveNumber,
        rest: usize,
    },
    Bare(u32),
    /// `...` or `…` on its own or before a move: the next move is Black's. A move may be
    /// glued to it, starting at byte `rest`.
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
pub(super) enum ParenMark {
    EnPassant,
    DrawOffer,
}

/// The outcome of reading one tag pair.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct TagParse<'a> {
    /// The tag to keep; a tag pair is kept whenever its name could be read. The value is
    /// borrowed from the line unless it held an escape.
    pub(super) tag: Option<(&'a str, Cow<'a, str>)>,
    /// The byte where reading goes on after the tag pair.
    pub(super) end: usize,
    /// What was wrong and at which byte.
    pub(super) problem: Option<(usize, String)>,
}

/// One line of input being read, with what is needed to turn byte offsets into columns.
///
/// The reader works on the bytes of a line: every character that PGN gives a meaning to is
/// ASCII, so it can be found without decoding the line. Columns count characters, so a line
/// that is not pure ASCII counts them from the last place it counted to (tokens are met from
/// left to right, so each byte is counted about once).
#[derive(Debug)]
pub(super) struct Line<'a> {
    pub(super) text: &'a str,
    pub(super) number: u32,
    ascii: bool,
    /// A byte offset and how many characters stand before it: where counting resumes.
    counted: Cell<(usize, usize)>,
}

impl<'a> Line<'a> {
    /// A line whose text is all ASCII exactly when `ascii` says so.
    pub(super) fn new(text: &'a str, number: u32, ascii: bool) -> Line<'a> {
        debug_assert_eq!(ascii, text.is_ascii());
        Line {
            text,
            number,
            ascii,
            counted: Cell::new((0, 0)),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the line is all ASCII.
    pub(super) fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// The text between two byte offsets (empty when they are out of bounds).
    pub(super) fn get(&self, from: usize, to: usize) -> &'a str {
        self.text.get(from..to).unwrap_or_default()
    }

    /// The place of the character that starts at byte `at`.
    pub(super) fn span(&self, at: usize) -> Span {
        span_at(self.number, self.chars_before(at))
    }

    /// How many characters start before byte `at`, which is the start of a character.
    fn chars_before(&self, at: usize) -> usize {
        if self.ascii {
            return at;
        }
        let (from, before) = match self.counted.get() {
            (from, before) if from <= at => (from, before),
            _ => (0, 0),
        };
        let bytes = self.text.as_bytes().get(from..at).unwrap_or_default();
        // Every character has exactly one byte that is not a UTF-8 continuation byte
        // (`10xxxxxx`, which is below -64 as a signed byte).
        let count = before + bytes.iter().filter(|&&b| (b as i8) >= -64).count();
        self.counted.set((at, count));
        count
    }
}

/// The place of the character at `index`, counted in characters from 0, of line `line`.
#[inline(always)]
pub(super) fn span_at(line: u32, index: usize) -> Span {
    Span {
        line,
        column: u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX),
    }
}

/// The character that starts at byte `at`, if one does.
pub(super) fn char_at(text: &str, at: usize) -> Option<char> {
    text.get(at..)?.chars().next()
}

/// Whether an ASCII byte is whitespace as `char::is_whitespace` has it: unlike
/// `u8::is_ascii_whitespace`, that includes the vertical tab.
pub(super) const fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// The length in bytes of the whitespace character at `at`, if there is one.
pub(super) fn space_len(text: &str, at: usize) -> Option<usize> {
    match text.as_bytes().get(at) {
        Some(&b) if b < 0x80 => is_ascii_space(b).then_some(1),
        Some(_) => char_at(text, at)
            .filter(|c| c.is_whitespace())
            .map(char::len_utf8),
        None => None,
    }
}

pub(super) fn skip_whitespace(text: &str, mut i: usize) -> usize {
    while let Some(len) = space_len(text, i) {
        i += len;
    }
    i
}

/// The first `target` byte at or after `from`.
pub(super) fn find(text: &str, from: usize, target: u8) -> Option<usize> {
    memchr::memchr(target, text.as_bytes().get(from..)?).map(|at| from + at)
}

/// A byte of ones in each byte of a word, and the high bit of each byte.
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The eight bytes at `at`, the first in the lowest bits, if there are eight.
#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk = bytes.get(at..at.checked_add(8)?)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*chunk))
}

/// The high bit of each byte of `word` that equals `byte`. A byte just above a match may be
/// marked too (a borrow runs on from it), so only the lowest mark is to be read.
#[inline(always)]
fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The byte of the lowest mark of a word read by [`word_at`].
#[inline(always)]
fn first_marked(marks: u64) -> usize {
    (marks.trailing_zeros() / 8) as usize
}

/// The first `target` byte at or after `from`, for a target that is most likely near: a
/// comment's closing brace, mostly. Eight bytes are looked at a step, and a target farther
/// than a few steps is left to the vectorised search, whose start costs more than a short
/// comment.
#[inline]
pub(super) fn find_near(text: &str, from: usize, target: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    for _ in 0..4 {
        let Some(word) = word_at(bytes, at) else {
            break;
        };
        let marks = equal_bytes(word, target);
        if marks != 0 {
            return Some(at + first_marked(marks));
        }
        at += 8;
    }
    find(text, at.min(bytes.len()), target)
}

/// The `}` that closes the comment opened by the `{` at byte `open`, if the line has one.
///
/// A clock comment, `{ [%clk 0:03:00] }`, which an online game has after every move, closes
/// 17 bytes after it opens: that byte is looked at first, and the 16 before it for a `}`
/// in two words. Any other comment is searched for its end from its start.
#[inline(always)]
pub(super) fn comment_close(text: &str, open: usize) -> Option<usize> {
    const CLOCK_CLOSE: usize = 17;
    let bytes = text.as_bytes();
    if bytes.get(open + CLOCK_CLOSE) == Some(&b'}')
        && let (Some(first), Some(second)) = (word_at(bytes, open + 1), word_at(bytes, open + 9))
        && equal_bytes(first, b'}') | equal_bytes(second, b'}') == 0
    {
        return Some(open + CLOCK_CLOSE);
    }
    find_near(text, open + 1, b'}')
}

/// The first byte at or after `from` that ends a plain tag value (see [`VALUE_STOPS`]), or
/// the length of `bytes` if none does; eight bytes are looked at a step.
#[inline(always)]
fn value_stop(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(word) = word_at(bytes, at) {
        let marks = equal_bytes(word, b'"') | equal_bytes(word, b'\\') | (word & HIGHS);
        if marks != 0 {
            return at + first_marked(marks);
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at)
        && !VALUE_STOPS[usize::from(b)]
    {
        at += 1;
    }
    at
}

/// What a byte means to [`token_end`].
const PART: u8 = 0;
const DELIMITER: u8 = 1;
const OPEN: u8 = 2;
const BEYOND_ASCII: u8 = 3;

/// [`token_end`]'s table: one look-up a byte, as a token is read byte by byte. ASCII
/// whitespace (as `char::is_whitespace` has it) and the PGN punctuation that can follow a move
/// without a space end a token; a `(` may or may not; a byte beyond ASCII needs its character.
static TOKEN_BYTES: [u8; 256] = {
    let mut table = [PART; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte >= 0x80 {
            BEYOND_ASCII
        } else if byte == b'(' {
            OPEN
        } else if matches!(
            byte,
            b'\t'..=b'\r' | b' ' | b'{' | b'}' | b';' | b'[' | b']' | b')'
        ) {
            DELIMITER
        } else {
            PART
        };
        b += 1;
    }
    table
};

/// The end of the token that starts at byte `start`.
///
/// A parenthesis inside a token is part of it when it holds a promotion piece (`d8(Q)`), an
/// en passant mark (`exd6(e.p.)`) or a draw offer (`Nf3(=)`); any other `(` starts a
/// variation.
#[inline]
pub(super) fn token_end(text: &str, start: usize) -> usize {
    // Nearly every token is plain ASCII up to a space (`Nf3`, `exd5`, `O-O`): one table
    // look-up a byte finds its end, and only a `(` or a byte beyond ASCII takes the longer
    // path, which goes on from where this one stopped.
    let bytes = text.as_bytes();
    let mut i = start;
    while let Some(&b) = bytes.get(i)
        && TOKEN_BYTES[usize::from(b)] == PART
    {
        i += 1;
    }
    match bytes.get(i) {
        Some(&b) if TOKEN_BYTES[usize::from(b)] != DELIMITER => token_end_slow(text, i),
        _ => i,
    }
}

/// [`token_end`] from a byte that is a `(` or beyond ASCII.
#[inline(never)]
fn token_end_slow(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        match TOKEN_BYTES[usize::from(b)] {
            PART => i += 1,
            DELIMITER => break,
            OPEN => match glued_paren_len(text, i) {
                Some(len) => i += len,
                None => break,
            },
            // Only whitespace ends a token among the characters beyond ASCII.
            _ => match char_at(text, i) {
                Some(c) if !c.is_whitespace() => i += c.len_utf8(),
                _ => break,
            },
        }
    }
    i
}

/// The end of the move token that starts with an ASCII letter at byte `start`, as
/// [`token_end`] finds it, if the move is plain: it ends at a delimiter (not a `(`, which may
/// be glued to it, nor a byte beyond ASCII) and not with a mark that [`split_suffixes`] would
/// take off (`)`, `!`, `?`). `None` for any other token, which the general steps read.
#[inline(always)]
pub(super) fn plain_move_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut end = start + 1;
    while let Some(&b) = bytes.get(end)
        && TOKEN_BYTES[usize::from(b)] == PART
    {
        end += 1;
    }
    if let Some(&b) = bytes.get(end)
        && TOKEN_BYTES[usize::from(b)] != DELIMITER
    {
        return None;
    }
    match bytes.get(end - 1) {
        Some(b')' | b'!' | b'?') => None,
        _ => Some(end),
    }
}

/// The eight bytes of `bytes` from `at`, the first in the lowest bits, with zeros for those
/// past its end, and how many of them are `bytes`' own (at most eight); `None` if fewer
/// than eight bytes precede `at` and it is not eight from the start either (a line shorter
/// than eight bytes), or `at` is past the end.
#[inline(always)]
pub(super) fn word_from(bytes: &[u8], at: usize) -> Option<(u64, usize)> {
    if let Some(word) = word_at(bytes, at) {
        return Some((word, 8));
    }
    // Near the end of the line: its last eight bytes, shifted down to start at `at`.
    let base = bytes.len().checked_sub(8)?;
    let skip = at.checked_sub(base)?;
    let last = word_at(bytes, base)?;
    let room = 8 - skip;
    Some((last.checked_shr(8 * skip as u32).unwrap_or(0), room))
}

/// [`plain_move_end`] for a token of at most seven bytes, read from `word`, the eight bytes
/// from its first (an ASCII letter) as [`word_from`] gives them with `room` bytes of the
/// line: the token's length, or `None` where [`plain_move_end`] must be asked (a longer
/// token, or one that is not plain).
///
/// One pass over the word finds the first byte that is not part of a plain move: one that
/// ends a token or may (whitespace, PGN punctuation, a byte beyond ASCII), one that would be
/// a suffix mark (`!`, `?`), and a few rare ones left to the byte loop (control characters,
/// `_`, `\`, `|`). Where a byte loop took a look-up and a branch a byte, whose exit the
/// processor could not foresee, this takes a fixed couple of dozen instructions; and the
/// bytes before that first byte are known to be ASCII, which the copy of the token needs.
#[inline(always)]
pub(super) fn short_plain_move_len(word: u64, room: usize) -> Option<usize> {
    // Bytes below `"`: whitespace, `!` and control characters, and the zeros past the
    // line's end. A byte above a marked one may be marked too, but only the lowest mark is
    // read, and it is exact; so is the lowest of the marks of several tests together.
    let below_quote = word.wrapping_sub(ONES * 0x22) & !word;
    // `;`, `?`, `[`, `_`, `{` and DEL (and the control characters 0x1b and 0x1f) are the
    // bytes below 0x80 whose low five bits are 11011 or 11111.
    let open_or_question = equal_bytes(word & (ONES * 0x1b), 0x1b);
    // `]` and `}` (and `\` and `|`).
    let close = equal_bytes(word & (ONES * 0xde), 0x5c);
    // `(` and `)`.
    let paren = equal_bytes(word & (ONES * 0xfe), 0x28);
    let marks = ((below_quote | word) & HIGHS) | open_or_question | close | paren;
    if marks == 0 {
        return None;
    }
    let len = first_marked(marks);
    if len >= room {
        // The line ends right after the token: the first zero past it is marked.
        return (len == room).then_some(len);
    }
    let stop = (word >> (8 * len)) as u8;
    (TOKEN_BYTES[usize::from(stop)] == DELIMITER).then_some(len)
}

/// What a byte at the start of a token tells [`Parser::scan`](super::parser::Parser): the
/// two most common tokens, moves and move numbers, are read on a fast path from their first
/// byte.
pub(super) const START_SPACE: u8 = 0;
pub(super) const START_LETTER: u8 = 1;
pub(super) const START_DIGIT: u8 = 2;
pub(super) const START_OTHER: u8 = 3;

/// [`START_SPACE`] for ASCII whitespace, [`START_LETTER`] for an ASCII letter,
/// [`START_DIGIT`] for an ASCII digit, [`START_OTHER`] for anything else.
pub(super) static START_BYTES: [u8; 256] = {
    let mut table = [START_OTHER; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = if is_ascii_space(byte) {
            START_SPACE
        } else if byte.is_ascii_alphabetic() {
            START_LETTER
        } else if byte.is_ascii_digit() {
            START_DIGIT
        } else {
            START_OTHER
        };
        b += 1;
    }
    table
};

/// Whether the token that starts with an ASCII letter at byte `start` is a move as
/// [`classify`] has it: every such token is, except one that may be an en passant mark
/// (`e.p.`, `ep`).
#[inline]
pub(super) fn letter_starts_move(bytes: &[u8], start: usize) -> bool {
    !(matches!(bytes.get(start), Some(b'e' | b'E'))
        && matches!(bytes.get(start + 1), Some(b'.' | b'p' | b'P')))
}

/// A move number standing alone at byte `start` (`12.`, `12...`), read without
/// [`classify`]: the number, whether it is Black's, and where the token ends. `None` for
/// anything else (a result, a bare integer, a glued move, `12…`, a number too large), which
/// [`classify`] reads.
#[inline(always)]
pub(super) fn plain_move_number(bytes: &[u8], start: usize) -> Option<(MoveNumber, usize)> {
    // Nine digits cannot overflow a u32; a longer number is left to `classify`.
    const MOST_DIGITS: usize = 9;
    let mut i = start;
    let mut number: u32 = 0;
    while let Some(&b) = bytes.get(i)
        && b.is_ascii_digit()
    {
        if i - start == MOST_DIGITS {
            return None;
        }
        number = number * 10 + u32::from(b - b'0');
        i += 1;
    }
    let dots_start = i;
    while bytes.get(i) == Some(&b'.') {
        i += 1;
    }
    let dots = i - dots_start;
    // The token must end right after its dots, as `token_end` would end it.
    let ends = match bytes.get(i) {
        None => true,
        Some(&b) => TOKEN_BYTES[usize::from(b)] == DELIMITER,
    };
    (dots > 0 && dots_start > start && ends).then_some((
        MoveNumber {
            number,
            black: dots > 1,
        },
        i,
    ))
}

/// The text without the whitespace at its ends, as `str::trim` has it; ASCII ends (nearly
/// every comment's) are trimmed without decoding.
#[inline]
pub(super) fn trim(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut start = 0;
    while let Some(&b) = bytes.get(start)
        && is_ascii_space(b)
    {
        start += 1;
    }
    let mut end = bytes.len();
    while end > start
        && let Some(&b) = bytes.get(end - 1)
        && is_ascii_space(b)
    {
        end -= 1;
    }
    let (Some(&first), Some(&last)) = (bytes.get(start), bytes.get(end.wrapping_sub(1))) else {
        return "";
    };
    if first < 0x80 && last < 0x80 {
        text.get(start..end).unwrap_or_default()
    } else {
        text.trim()
    }
}

/// The length in bytes, parentheses included, of a group that may be glued to a move: one
/// or two letters, an en passant mark or a draw offer.
pub(super) fn glued_paren_len(text: &str, open: usize) -> Option<usize> {
    if let Some((len, _)) = paren_mark(text, open) {
        return Some(len);
    }
    let close = close_near(text, open)?;
    let inner = text.get(open + 1..close)?;
    // A promotion piece as a letter (`d8(Q)`) or a figurine (`d8(♕)`).
    let letters = (1..=2).contains(&inner.chars().count())
        && inner
            .chars()
            .all(|c| c.is_alphabetic() || ('\u{2654}'..='\u{265f}').contains(&c));
    letters.then_some(close + 1 - open)
}

/// The `)` that closes the `(` at `open` if it is close enough for a mark or a promotion
/// piece. The search is short on purpose: a line of many `(` must not be scanned to its end
/// once for each of them.
pub(super) fn close_near(text: &str, open: usize) -> Option<usize> {
    // The longest content of a glued group is `e.p.`.
    const LONGEST: usize = 4;
    text.get(open + 1..)?
        .char_indices()
        .take(LONGEST + 1)
        .find(|&(_, c)| c == ')')
        .map(|(at, _)| open + 1 + at)
}

/// An en passant mark `(e.p.)` or a draw offer `(=)` at byte `open`, with its length in
/// bytes.
pub(super) fn paren_mark(text: &str, open: usize) -> Option<(usize, ParenMark)> {
    if text.as_bytes().get(open) != Some(&b'(') {
        return None;
    }
    let close = close_near(text, open)?;
    let inner = text.get(open + 1..close)?;
    let mark = if inner == "=" {
        ParenMark::DrawOffer
    } else if is_en_passant(inner) {
        ParenMark::EnPassant
    } else {
        return None;
    };
    Some((close + 1 - open, mark))
}

/// The text without a check or mate mark (`+`, `++`, `#`) at its end.
pub(super) fn without_check_mark(text: &str) -> &str {
    text.strip_suffix("++")
        .or_else(|| text.strip_suffix('+'))
        .or_else(|| text.strip_suffix('#'))
        .unwrap_or(text)
}

pub(super) fn is_en_passant(text: &str) -> bool {
    EN_PASSANT_MARKS
        .iter()
        .any(|mark| mark.eq_ignore_ascii_case(text))
}

/// Whether a token can be a move: it has a letter or digit (a move names a square), or it is
/// the null move `--` that some programs write.
pub(super) fn is_move_text(text: &str) -> bool {
    // Nearly every move has an ASCII letter or digit, found without decoding; only text
    // without one needs its other characters looked at.
    text == "--"
        || text.bytes().any(|b| b.is_ascii_alphanumeric())
        || text.chars().any(|c| !c.is_ascii() && c.is_alphanumeric())
}

pub(super) fn normalized_result(text: &str) -> Option<&'static str> {
    match text {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" | "0.5-0.5" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

pub(super) fn is_dot(c: char) -> bool {
    c == '.' || c == '…'
}

pub(super) fn classify(text: &str) -> Kind {
    // Most tokens are moves that start with a piece letter or a file other than `e`: none
    // of the other kinds starts so (results and numbers start with a digit, `½` or `*`, en
    // passant marks with `e`), and a letter makes the token a move.
    if let Some(b'a'..=b'd' | b'f'..=b'z' | b'A'..=b'D' | b'F'..=b'Z') = text.as_bytes().first() {
        return Kind::Move;
    }
    if let Some(result) = normalized_result(text) {
        return Kind::Result(result);
    }
    if let Some(kind) = classify_number(text) {
        return kind;
    }
    let (dots, rest) = leading_dots(text);
    if dots >= 2 || text.starts_with('…') {
        return Kind::Ellipsis { rest };
    }
    // Only `e.p…` and `ep…` can be en passant marks; the test keeps `e4` and `exd5` (most
    // tokens of a game) away from the slower suffix split.
    let bytes = text.as_bytes();
    let maybe_en_passant = bytes.len() >= 2
        && matches!(bytes[0], b'e' | b'E')
        && matches!(bytes[1], b'.' | b'p' | b'P');
    if maybe_en_passant && is_en_passant(without_check_mark(&split_suffixes(text).joined())) {
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

/// How many full stops and ellipses the text starts with, and how many bytes they take.
fn leading_dots(text: &str) -> (usize, usize) {
    text.chars()
        .take_while(|&c| is_dot(c))
        .fold((0, 0), |(count, bytes), c| {
            (count + 1, bytes + c.len_utf8())
        })
}

/// `12`, `12.`, `12...`, `12…`, `12.e4`, `12A`, `12B`; `None` for anything else (castling
/// written with zeros, `0-0`, is a move).
pub(super) fn classify_number(text: &str) -> Option<Kind> {
    let digits_end = text
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(text.len());
    if digits_end == 0 {
        return None;
    }
    let digits = text.get(..digits_end)?;
    let after = text.get(digits_end..)?;
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
            rest: text.len(),
        });
    }
    let (dots, dot_bytes) = leading_dots(after);
    if dots == 0 {
        return None;
    }
    // One full stop is White's move; two or more, or an ellipsis, Black's.
    let black = dots > 1 || after.starts_with('…');
    Some(Kind::Number {
        number: MoveNumber { number, black },
        rest: digits_end + dot_bytes,
    })
}

/// A move with the marks glued to its end taken off: see [`split_suffixes`].
#[derive(Debug)]
pub(super) struct Suffixes<'a> {
    /// The move as written, without the marks.
    pub(super) head: &'a str,
    /// An en passant mark in parentheses was glued to the move.
    pub(super) en_passant: bool,
    /// The suffix annotations and draw offers, in the order written.
    pub(super) marks: Vec<&'a str>,
}

impl Suffixes<'_> {
    /// The move's text as kept: an en passant mark in parentheses becomes the `e.p.` ending
    /// that a separate mark also gets.
    pub(super) fn text(&self) -> TokenText {
        if self.en_passant {
            TokenText::new(&self.joined())
        } else {
            TokenText::new(self.head)
        }
    }

    pub(super) fn joined(&self) -> String {
        let mut text = self.head.to_owned();
        if self.en_passant {
            text.push_str("e.p.");
        }
        text
    }
}

/// Splits the marks glued to the end of a move: suffix annotations and the draw offer go to
/// the marks (in the order written); an en passant mark in parentheses is noted.
pub(super) fn split_suffixes(text: &str) -> Suffixes<'_> {
    // Every mark this strips ends with `)`, `!` or `?`; nearly every move ends otherwise
    // (`e4`, `Nf3+`, `O-O`), and is kept whole without the search below.
    if !text.ends_with([')', '!', '?']) {
        return Suffixes {
            head: text,
            en_passant: false,
            marks: Vec::new(),
        };
    }
    let mut rest = text;
    let mut marks = Vec::new();
    let mut en_passant = false;
    loop {
        if let Some(head) = rest.strip_suffix("(=)").filter(|h| !h.is_empty()) {
            marks.push("(=)");
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
            marks.push(run);
            rest = head;
            continue;
        }
        break;
    }
    marks.reverse();
    Suffixes {
        head: rest,
        en_passant,
        marks,
    }
}

/// The move before a glued `(e.p.)`, `(ep)` or `(e.p)`, if the text ends with one.
pub(super) fn strip_paren_en_passant(text: &str) -> Option<&str> {
    let head = text.strip_suffix(')')?;
    let open = head.rfind('(')?;
    let move_text = head.get(..open)?;
    let inner = head.get(open + 1..)?;
    (!move_text.is_empty() && is_en_passant(inner)).then_some(move_text)
}

/// Whether a character may be part of a tag name.
fn is_name_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '"' | '[' | ']' | '{' | '}')
}

/// [`is_name_char`] for each ASCII byte, looked up rather than matched: every tag of a file
/// has its name read byte by byte. False beyond ASCII, where the character decides.
static NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = !is_ascii_space(byte) && !matches!(byte, b'"' | b'[' | b']' | b'{' | b'}');
        b += 1;
    }
    table
};

/// Reads the tag pair whose `[` is at byte `start`; the offsets of the outcome are bytes.
pub(super) fn parse_tag(text: &str, start: usize) -> TagParse<'_> {
    plain_tag(text, start).unwrap_or_else(|| any_tag(text, start))
}

/// [`parse_tag`] for a tag pair of any shape.
fn any_tag(text: &str, start: usize) -> TagParse<'_> {
    let bytes = text.as_bytes();
    let len = text.len();
    let mut i = skip_whitespace(text, start + 1);
    let name_start = i;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            if !NAME_BYTES[usize::from(b)] {
                break;
            }
            i += 1;
        } else {
            match char_at(text, i) {
                Some(c) if is_name_char(c) => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    let name = text.get(name_start..i).unwrap_or_default();
    if name.is_empty() {
        // The rest of the bracket is skipped: it is most likely a broken tag, not moves.
        return TagParse {
            tag: None,
            end: find(text, i, b']').map_or(len, |close| close + 1),
            problem: Some((start, "tag pair without a name".to_owned())),
        };
    }
    i = skip_whitespace(text, i);
    match bytes.get(i) {
        Some(b'"') => {}
        Some(b']') | None => {
            return TagParse {
                problem: Some((i, format!("tag pair `{}` without a value", quote(name)))),
                tag: Some((name, Cow::Borrowed(""))),
                end: (i + 1).min(len),
            };
        }
        Some(_) => {
            let close = find(text, i, b']');
            let value = text.get(i..close.unwrap_or(len)).unwrap_or_default();
            return TagParse {
                tag: Some((name, Cow::Borrowed(value.trim()))),
                end: close.map_or(len, |close| close + 1),
                problem: Some((i, "tag value not in quotes: expected `\"`".to_owned())),
            };
        }
    }
    // Most values hold no escape: the text up to the closing quote is the value, borrowed.
    // Otherwise the value is copied a run at a time, between the quotes and backslashes
    // that end or escape it.
    let mut value = Cow::Borrowed("");
    let mut j = i + 1;
    let mut closed = false;
    while !closed {
        let rest = bytes.get(j..).unwrap_or_default();
        let Some(at) = memchr::memchr2(b'"', b'\\', rest) else {
            push_cow(&mut value, text.get(j..).unwrap_or_default());
            j = len;
            break;
        };
        push_cow(&mut value, text.get(j..j + at).unwrap_or_default());
        j += at;
        if bytes.get(j) == Some(&b'"') {
            closed = true;
            j += 1;
        } else {
            j += 1;
            let value = value.to_mut();
            match bytes.get(j) {
                Some(&escaped @ (b'"' | b'\\')) => {
                    value.push(char::from(escaped));
                    j += 1;
                }
                _ => value.push('\\'),
            }
        }
    }
    if !closed {
        // The value runs to the end of the line; a final `]` there is the tag pair's end.
        let trimmed = value.trim_end();
        let trimmed = trimmed.strip_suffix(']').unwrap_or(trimmed);
        return TagParse {
            tag: Some((name, Cow::Owned(trimmed.to_owned()))),
            end: len,
            problem: Some((j, "tag value never closed: expected `\"`".to_owned())),
        };
    }
    let k = skip_whitespace(text, j);
    if bytes.get(k) == Some(&b']') {
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

/// A tag pair as nearly every program writes it, `[Name "value"]` with an ASCII name, one
/// space and no escape, read the way [`parse_tag`] reads it but without its general steps;
/// `None` for any other shape, which [`parse_tag`] reads.
#[inline]
fn plain_tag(text: &str, start: usize) -> Option<TagParse<'_>> {
    let bytes = text.as_bytes();
    let name_start = start + 1;
    let mut i = name_start;
    while let Some(&b) = bytes.get(i)
        && NAME_BYTES[usize::from(b)]
    {
        i += 1;
    }
    if i == name_start || bytes.get(i..i + 2) != Some(b" \"") {
        return None;
    }
    let value_start = i + 2;
    // Values are short: a plain loop finds their end sooner than a vectorised search.
    let quote_or_escape = bytes
        .get(value_start..)?
        .iter()
        .position(|&b| b == b'"' || b == b'\\')?;
    let value_end = value_start + quote_or_escape;
    if bytes.get(value_end..value_end + 2) != Some(b"\"]") {
        return None;
    }
    Some(TagParse {
        tag: Some((
            text.get(name_start..i)?,
            Cow::Borrowed(text.get(value_start..value_end)?),
        )),
        end: value_end + 2,
        problem: None,
    })
}

/// Where [`plain_line_tag`] stops reading a tag value: its closing quote, a backslash, which
/// may escape, and any byte beyond ASCII, whose line must be decoded first.
static VALUE_STOPS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b >= 0x80 || b == b'"' as usize || b == b'\\' as usize;
        b += 1;
    }
    table
};

/// A tag pair that [`plain_tag`] reads, in ASCII, at the very start of `bytes` (undecoded
/// input) and ending where its line ends: the byte ranges of its name and value, and where
/// the line end stands. `None` for anything else.
#[inline]
pub(super) fn plain_line_tag(bytes: &[u8]) -> Option<(Range<usize>, Range<usize>, usize)> {
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let mut i = 1;
    while let Some(&b) = bytes.get(i)
        && NAME_BYTES[usize::from(b)]
    {
        i += 1;
    }
    if i == 1 || bytes.get(i..i + 2) != Some(b" \"") {
        return None;
    }
    let value_start = i + 2;
    let j = value_stop(bytes, value_start);
    match bytes.get(j..j + 3) {
        Some([b'"', b']', b'\n' | b'\r']) => Some((1..i, value_start..j, j + 2)),
        _ => None,
    }
}

/// Appends to a value that is borrowed as long as it is one piece of the line.
fn push_cow<'a>(value: &mut Cow<'a, str>, piece: &'a str) {
    if value.is_empty() {
        *value = Cow::Borrowed(piece);
    } else if !piece.is_empty() {
        value.to_mut().push_str(piece);
    }
}

/// Whether a whole line, from its first column, is a well-formed tag pair.
pub(super) fn looks_like_tag_pair(text: &str) -> bool {
    text.starts_with('[') && parse_tag(text, 0).problem.is_none()
}

#[cfg(test)]
mod tests {
    //! The fast paths of this module against the general steps they stand in for.

    use proptest::prelude::*;

    use super::*;

    /// Text made of what movetext and tag pairs are made of, ASCII and not.
    fn pieces() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(vec![
            "e",
            "E",
            "p",
            "P",
            ".",
            "..",
            "…",
            "N",
            "f3",
            "x",
            "d5",
            "=Q",
            "+",
            "#",
            "!",
            "?",
            "(",
            ")",
            "(Q)",
            "(e.p.)",
            "(=)",
            "0",
            "1",
            "9",
            "12",
            "4294967296",
            "-",
            "/",
            "½",
            " ",
            "\t",
            "\u{b}",
            "\u{a0}",
            "\u{2003}",
            "{",
            "}",
            "[",
            "]",
            ";",
            "$",
            "\"",
            "\\",
            "é",
            "♘",
            "Event",
            "O-O",
        ]);
        prop::collection::vec(piece, 0..10).prop_map(|pieces| pieces.concat())
    }

    /// Where the token at `start` ends, by the general loop alone.
    fn general_token_end(text: &str, start: usize) -> usize {
        token_end_slow(text, start)
    }

    #[test]
    fn a_plain_move_number_reads_as_classify_reads_it() {
        for (text, number, black) in [("1.", 1, false), ("12...", 12, true), ("007..", 7, true)] {
            let (read, end) = plain_move_number(text.as_bytes(), 0).expect(text);
            assert_eq!((read.number, read.black, end), (number, black, text.len()));
        }
        // Results, glued moves, ellipses, bare and huge numbers are left to `classify`.
        for text in [
            "1-0",
            "0.5-0.5",
            "1.e4",
            "1…",
            "12",
            "1234567890.",
            "1.(",
            "1.é",
            "...",
        ] {
            assert_eq!(plain_move_number(text.as_bytes(), 0), None, "{text}");
        }
    }

    #[test]
    fn a_plain_tag_reads_as_the_general_steps_read_it() {
        let line = r#"[Event "Open, round 1"] [Site "https://lichess.org/x"]"#;
        let parse = plain_tag(line, 0).expect("a plain tag pair");
        assert_eq!(parse, any_tag(line, 0));
        assert_eq!(parse.tag, Some(("Event", Cow::Borrowed("Open, round 1"))));
        for odd in [
            r#"[ Event "x"]"#,
            r#"[Event  "x"]"#,
            r#"[Event "a\"b"]"#,
            r#"[Event "x" ]"#,
        ] {
            assert_eq!(plain_tag(odd, 0), None, "{odd}");
        }
    }

    #[test]
    fn a_short_move_is_read_from_one_word_as_the_byte_loop_reads_it() {
        for (line, start, len) in [
            ("e4 e5 Nf3", 0, Some(2)),
            ("1. Nf3 Nc6", 3, Some(3)),
            // Moves that end their line.
            ("1. e4 e5 Qxf7#", 9, Some(5)),
            ("1. e4 e5", 6, Some(2)),
            ("12. exd8=Q+ ", 4, Some(7)),
            ("a Nbd7{x}", 2, Some(4)),
            ("Rd1) Nf3", 0, Some(3)),
            ("Bb5\tNf3 e5", 0, Some(3)),
            // Left to the byte loop: long, marked, glued or odd tokens.
            ("Nbxd7+e.p. ", 0, None),
            ("Nf3! e5 Nc6", 0, None),
            ("Nf3? e5 Nc6", 0, None),
            ("d8(Q) e5 Nc6", 0, None),
            ("Ne\u{b2} e5 Nf3", 0, None),
            ("Ne\u{7} e5 Nf3", 0, None),
            ("N_f3 e5 Nc6", 0, None),
            ("N|f3 e5 Nc6", 0, None),
            ("Nf3{x} e5 Nc6", 0, Some(3)),
            ("Nf3; e5 Nc6", 0, Some(3)),
            ("Nf3[ e5 Nc6", 0, Some(3)),
            ("Nf3] e5 Nc6", 0, Some(3)),
        ] {
            let bytes = line.as_bytes();
            let read = word_from(bytes, start).and_then(|(w, room)| short_plain_move_len(w, room));
            assert_eq!(read, len, "{line:?}");
            if let Some(len) = read {
                assert_eq!(plain_move_end(bytes, start), Some(start + len), "{line:?}");
            }
        }
        // A line shorter than a word is left to the byte loop.
        assert_eq!(word_from(b"e4", 0), None);
    }

    #[test]
    fn a_comment_closes_at_its_first_closing_brace() {
        for (line, close) in [
            ("{ [%clk 0:03:00] } 2. Nf3", Some(17)),
            ("{ [%clk 10:03:00] } 2. Nf3", Some(18)),
            ("{ [%clk 0:03:0} } 2. Nf3", Some(14)),
            ("{}[%clk 0:03:00] } 2. Nf3", Some(1)),
            ("{ [%clk 0:03:00]}} 2. Nf3", Some(16)),
            (
                "{ a comment much longer than a clock reading } e4",
                Some(45),
            ),
            ("{ [%clk 0:03:00] ", None),
            ("{ [%clk 0:03:00]", None),
        ] {
            assert_eq!(comment_close(line, 0), close, "{line:?}");
        }
    }

    #[test]
    fn trimming_ascii_ends_keeps_what_str_trim_keeps() {
        for text in [
            "",
            " ",
            " [%clk 0:03:00] ",
            "\u{b}x\t",
            "\u{a0}x ",
            " x\u{2003}",
            "é",
            " ♘ ",
        ] {
            assert_eq!(trim(text), text.trim(), "{text:?}");
        }
    }

    proptest! {
        #[test]
        fn the_fast_paths_agree_with_the_general_steps(text in pieces(), at in 0usize..40) {
            let at = at.min(text.len());
            let start = if text.is_char_boundary(at) { at } else { 0 };
            prop_assert_eq!(token_end(&text, start), general_token_end(&text, start));
            // A comment's end is the first `}` after its start, however long the comment.
            for open in [start, start.saturating_sub(17)] {
                prop_assert_eq!(comment_close(&text, open), find(&text, open + 1, b'}'));
            }
            prop_assert_eq!(trim(&text), text.trim());
            let bytes = text.as_bytes();
            if let Some((number, end)) = plain_move_number(bytes, start) {
                let token = text.get(start..token_end(&text, start)).unwrap_or_default();
                prop_assert_eq!(end, start + token.len());
                prop_assert_eq!(classify(token), Kind::Number { number, rest: token.len() });
            }
            if let Some(&(b'a'..=b'z' | b'A'..=b'Z')) = bytes.get(start) {
                let token = text.get(start..token_end(&text, start)).unwrap_or_default();
                if letter_starts_move(bytes, start) {
                    prop_assert_eq!(classify(token), Kind::Move);
                }
                if let Some(end) = plain_move_end(bytes, start) {
                    prop_assert_eq!(end, token_end(&text, start));
                    prop_assert!(!token.ends_with([')', '!', '?']));
                }
                // A short move read from one word ends where the byte loop ends it.
                if let Some((word, room)) = word_from(bytes, start)
                    && let Some(len) = short_plain_move_len(word, room)
                {
                    prop_assert_eq!(plain_move_end(bytes, start), Some(start + len));
                }
            }
            let tag = format!("[{text}");
            if let Some(parse) = plain_tag(&tag, 0) {
                prop_assert_eq!(parse, any_tag(&tag, 0));
            }
            let tag = format!("[Name \"{text}\"]");
            if let Some(parse) = plain_tag(&tag, 0) {
                prop_assert_eq!(parse, any_tag(&tag, 0));
            }
        }
    }
}
