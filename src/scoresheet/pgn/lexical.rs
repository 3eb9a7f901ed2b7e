//! The lexical layer under the parser: what a run of movetext characters is (a result, a
//! move number, an annotation, a move...), where a token ends, tag pairs, and columns.

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
pub(super) enum ParenMark {
    EnPassant,
    DrawOffer,
}

/// The outcome of reading one tag pair.
#[derive(Debug, Default)]
pub(super) struct TagParse {
    /// The tag to keep; a tag pair is kept whenever its name could be read.
    pub(super) tag: Option<(String, String)>,
    /// Where reading goes on after the tag pair.
    pub(super) end: usize,
    /// What was wrong and at which character.
    pub(super) problem: Option<(usize, String)>,
}

pub(super) fn span_at(line: u32, index: usize) -> Span {
    Span {
        line,
        column: u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX),
    }
}

/// The place `offset` characters to the right of `span`.
pub(super) fn shifted(span: Span, offset: usize) -> Span {
    Span {
        line: span.line,
        column: span
            .column
            .saturating_add(u32::try_from(offset).unwrap_or(u32::MAX)),
    }
}

/// The characters `from..to` of a line whose characters start at `starts` (empty when the
/// range is out of bounds).
pub(super) fn slice<'a>(text: &'a str, starts: &[usize], from: usize, to: usize) -> &'a str {
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
pub(super) fn collect(chars: &[char], from: usize, to: usize) -> String {
    chars.get(from..to).unwrap_or_default().iter().collect()
}

pub(super) fn find(chars: &[char], from: usize, target: char) -> Option<usize> {
    chars
        .get(from..)?
        .iter()
        .position(|&c| c == target)
        .map(|at| from + at)
}

pub(super) fn skip_whitespace(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// Whether a character ends a token: whitespace and the PGN punctuation that can follow a
/// move without a space.
pub(super) fn is_delimiter(c: char) -> bool {
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
pub(super) fn token_end(chars: &[char], start: usize) -> usize {
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
pub(super) fn glued_paren_len(chars: &[char], open: usize) -> Option<usize> {
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
pub(super) fn close_near(chars: &[char], open: usize) -> Option<usize> {
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
pub(super) fn paren_mark(chars: &[char], open: usize) -> Option<(usize, ParenMark)> {
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
    text == "--" || text.chars().any(char::is_alphanumeric)
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
pub(super) fn classify_number(text: &str) -> Option<Kind> {
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
pub(super) fn split_chars(text: &str, at: usize) -> (&str, &str) {
    let byte = text
        .char_indices()
        .nth(at)
        .map_or(text.len(), |(byte, _)| byte);
    text.split_at_checked(byte).unwrap_or((text, ""))
}

/// Splits the marks glued to the end of a move: suffix annotations and the draw offer go to
/// the annotations (in the order written); an en passant mark in parentheses becomes the
/// `e.p.` ending that a separate mark also gets.
pub(super) fn split_suffixes(text: &str) -> (TokenText, Vec<String>) {
    // Every mark this strips ends with `)`, `!` or `?`; nearly every move ends otherwise
    // (`e4`, `Nf3+`, `O-O`), and is kept whole without the search below.
    if !text.ends_with([')', '!', '?']) {
        return (TokenText::new(text), Vec::new());
    }
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
pub(super) fn strip_paren_en_passant(text: &str) -> Option<&str> {
    let head = text.strip_suffix(')')?;
    let open = head.rfind('(')?;
    let move_text = head.get(..open)?;
    let inner = head.get(open + 1..)?;
    (!move_text.is_empty() && is_en_passant(inner)).then_some(move_text)
}

/// Reads the tag pair whose `[` is at `start`.
pub(super) fn parse_tag(chars: &[char], start: usize) -> TagParse {
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
    // Most values hold no escape: the text up to the closing quote is the value, copied at
    // once. Otherwise the loop below reads it character by character.
    let plain = chars
        .get(i + 1..)
        .unwrap_or_default()
        .iter()
        .position(|&c| c == '"' || c == '\\')
        .map(|at| i + 1 + at)
        .filter(|&at| chars.get(at) == Some(&'"'));
    let (mut value, mut j, mut closed) = match plain {
        Some(at) => (collect(chars, i + 1, at), at + 1, true),
        None => (String::new(), i + 1, false),
    };
    while !closed && let Some(&c) = chars.get(j) {
        j += 1;
        match c {
            '"' => closed = true,
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
pub(super) fn looks_like_tag_pair(chars: &[char]) -> bool {
    chars.first() == Some(&'[') && parse_tag(chars, 0).problem.is_none()
}
