//! JSON text written by hand, for the one output that is written once per game of a large
//! file: the line of `check --json`. Going through serde's generic path cost as much as a
//! third of the work outside reading and replaying a game; these helpers append straight to
//! the output and write exactly what `serde_json` writes (its compact form), which the tests
//! of `render::scoresheet` hold them to.

/// What a byte of a string becomes inside a JSON string: 0 for itself, else the letter of
/// its short escape (`n` for `\n`), or `u` for the `\u00XX` form. As `serde_json`: the quote,
/// the backslash and the control characters below 0x20 are escaped, nothing else (not `/`,
/// not DEL, not non-ASCII text).
const ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0A] = b'n';
    table[0x0C] = b'f';
    table[0x0D] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Appends `text` as a JSON string, quoted and escaped.
#[inline]
pub fn push_str(out: &mut String, text: &str) {
    out.push('"');
    push_inside(out, text);
    out.push('"');
}

/// Appends `text` escaped, without the quotes around it: for a string whose quotes are
/// written with the text around it (`,"final_fen":"` before it, `","remarks":` after it).
pub fn push_inside(out: &mut String, text: &str) {
    if is_plain(text.as_bytes()) {
        out.push_str(text);
    } else {
        push_escaped(out, text);
    }
}

/// Appends a name of our own (a label of an enum: a language, an ending, an article, a kind
/// of fault) as a JSON string. These are ASCII words with nothing to escape, so the test for
/// escapes is left out; the tests of the report line go through every one of them.
#[inline]
pub fn push_label(out: &mut String, label: &'static str) {
    debug_assert!(is_plain(label.as_bytes()), "{label:?} needs escapes");
    out.push('"');
    out.push_str(label);
    out.push('"');
}

/// Appends the inside of a JSON string for a text that needs escapes.
#[cold]
fn push_escaped(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut written = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        let escape = ESCAPE[usize::from(byte)];
        if escape == 0 {
            continue;
        }
        // Every byte that is escaped is ASCII, so `at` is a character boundary.
        out.push_str(&text[written..at]);
        out.push('\\');
        out.push(char::from(escape));
        if escape == b'u' {
            out.push_str("00");
            out.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
            out.push(char::from(HEX_DIGITS[usize::from(byte & 0xF)]));
        }
        written = at + 1;
    }
    out.push_str(&text[written..]);
}

/// Whether no byte of `bytes` needs an escape, as for most strings of a report (names,
/// moves, positions, notes). Sixteen bytes are tested at once (the compiler makes one vector
/// test of [`is_plain_block`]), the last sixteen of a text overlapping the block before them
/// rather than being tested one by one; a shorter text is tested eight bytes at once by
/// [`is_plain_word`].
fn is_plain(bytes: &[u8]) -> bool {
    if let Some(last) = bytes.last_chunk::<16>() {
        let mut blocks = bytes.chunks_exact(16);
        return blocks.all(|block| block.first_chunk::<16>().is_some_and(is_plain_block))
            && is_plain_block(last);
    }
    match (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
        (Some(first), Some(last)) => is_plain_word(first) && is_plain_word(last),
        _ => bytes.iter().all(|&byte| ESCAPE[usize::from(byte)] == 0),
    }
}

/// Whether no byte of `block` needs an escape: none is a control character, a quote or a
/// backslash (a byte of 0x80 or more is part of non-ASCII text, written raw).
#[inline(always)]
fn is_plain_block(block: &[u8; 16]) -> bool {
    let mut special = 0u8;
    for &byte in block {
        special |= u8::from(byte < 0x20) | u8::from(byte == b'"') | u8::from(byte == b'\\');
    }
    special == 0
}

/// [`is_plain_block`] for eight bytes in one word: a byte below 0x20 shows by the borrow of
/// subtracting 0x20 from it, a quote or a backslash by that of subtracting 1 once it is made
/// zero. A byte of 0x80 or more never shows (its high bit is set in the word itself).
fn is_plain_word(word: &[u8; 8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let word = u64::from_le_bytes(*word);
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    let control = word.wrapping_sub(ONES * 0x20) & !word;
    let quote = quote.wrapping_sub(ONES) & !quote;
    let backslash = backslash.wrapping_sub(ONES) & !backslash;
    (control | quote | backslash) & HIGHS == 0
}

/// Appends a JSON string, or `null`.
#[inline]
pub fn push_opt_str(out: &mut String, text: Option<&str>) {
    match text {
        Some(text) => push_str(out, text),
        None => out.push_str("null"),
    }
}

/// Appends an array, each item written by `push`.
pub fn push_array<T>(out: &mut String, items: &[T], mut push: impl FnMut(&mut String, &T)) {
    let Some((first, rest)) = items.split_first() else {
        out.push_str("[]");
        return;
    };
    out.push('[');
    push(out, first);
    for item in rest {
        out.push(',');
        push(out, item);
    }
    out.push(']');
}

/// The numbers from 00 to 99, two digits each: a number is written two digits at a time.
const DIGIT_PAIRS: &str = {
    const BYTES: [u8; 200] = {
        let mut bytes = [0u8; 200];
        let mut n = 0;
        while n < 100 {
            bytes[2 * n] = b'0' + (n / 10) as u8;
            bytes[2 * n + 1] = b'0' + (n % 10) as u8;
            n += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(pairs) => pairs,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// Appends a number in decimal (as JSON and text write it alike).
pub fn push_uint(out: &mut String, n: impl Into<u64>) {
    let n: u64 = n.into();
    // Most numbers of a report are below 10,000 (a game's place in its file, a half-move, a
    // line), written without a loop.
    match n {
        0..10 => out.push(char::from(b'0' + n as u8)),
        10..100 => push_pair(out, n),
        100..1000 => {
            out.push(char::from(b'0' + (n / 100) as u8));
            push_pair(out, n % 100);
        }
        1000..10000 => {
            push_pair(out, n / 100);
            push_pair(out, n % 100);
        }
        _ => {
            push_uint(out, n / 10000);
            let low = n % 10000;
            push_pair(out, low / 100);
            push_pair(out, low % 100);
        }
    }
}

/// Appends the two digits of `n` (below 100), with a leading zero.
fn push_pair(out: &mut String, n: u64) {
    let at = 2 * n as usize;
    out.push_str(&DIGIT_PAIRS[at..at + 2]);
}

/// Text that exercises every path of [`push_str`]: plain ASCII, each kind of escape, and
/// characters of two, three and four bytes, up to `max` characters.
#[cfg(test)]
pub fn tricky_text(max: usize) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let chars = prop_oneof![
        4 => proptest::char::range('a', 'z'),
        1 => proptest::char::range('\u{0}', '\u{7f}'),
        1 => Just('"'),
        1 => Just('\\'),
        1 => proptest::sample::select(vec!['é', 'Ф', '€', '😀', '\u{80}', '\u{2028}']),
    ];
    proptest::collection::vec(chars, 0..=max).prop_map(|chars| chars.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn json(text: &str) -> String {
        let mut out = String::new();
        push_str(&mut out, text);
        out
    }

    #[test]
    fn escapes_as_serde_json_does() {
        assert_eq!(json(""), "\"\"");
        assert_eq!(json("a/b\u{7f}é"), "\"a/b\u{7f}é\"");
        assert_eq!(json("\"\\\n\t\r\u{8}\u{c}"), r#""\"\\\n\t\r\b\f""#);
        assert_eq!(json("\u{0}\u{1f}\u{1b}x"), r#""\u0000\u001f\u001bx""#);
        assert_eq!(json("12345678\"12345678"), r#""12345678\"12345678""#);
    }

    #[test]
    fn writes_numbers_in_decimal() {
        for n in [0u64, 7, 10, 99, 100, 1234567, u64::MAX] {
            let mut out = String::new();
            push_uint(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    proptest! {
        #[test]
        fn strings_match_serde_json(text in tricky_text(40)) {
            prop_assert_eq!(json(&text), serde_json::to_string(&text).unwrap());
        }

        #[test]
        fn numbers_match_serde_json(n in any::<u64>()) {
            let mut out = String::new();
            push_uint(&mut out, n);
            prop_assert_eq!(out, serde_json::to_string(&n).unwrap());
        }
    }
}
