//! Decoding of scoresheet files: splitting bytes into lines and turning each line into text.
//!
//! PGN files in the wild come from every kind of program and editor, so the line splitter
//! accepts LF, CRLF and lone CR line ends alike, and a line that is not valid UTF-8 is read as
//! Windows-1252 (what most old Windows chess programs wrote). Decoding happens one line at a
//! time, so a file whose older games were written in Windows-1252 and whose newer ones were
//! appended in UTF-8 still reads correctly.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// The byte order mark that some editors put at the start of a UTF-8 file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The characters of Windows-1252 bytes 0x80 to 0x9F. The five bytes that the code page
/// leaves undefined map to the C1 control character of the same number, as the WHATWG
/// encoding standard does, so that no byte is lost.
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// Decodes one line: UTF-8 when the bytes are valid UTF-8, Windows-1252 otherwise. A UTF-8
/// byte order mark at the start is removed, so that it never becomes part of the first token.
pub fn decode_line(bytes: &[u8]) -> String {
    decode_line_borrowed(bytes).into_owned()
}

/// [`decode_line`] without the copy when the line is UTF-8 already, which it almost always is.
pub(super) fn decode_line_borrowed(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&byte| cp1252_char(byte)).collect()),
    }
}

/// The character of one Windows-1252 byte. Outside 0x80..=0x9F the code page agrees with
/// Latin-1, whose bytes are the first 256 code points.
fn cp1252_char(byte: u8) -> char {
    match byte {
        0x80..=0x9F => CP1252_HIGH
            .get(usize::from(byte - 0x80))
            .copied()
            .unwrap_or(char::REPLACEMENT_CHARACTER),
        _ => char::from(byte),
    }
}

/// The lines of a byte stream, without their line ends, read one at a time.
///
/// A line ends at LF, at CRLF or at a lone CR (old Mac files). Only the current line is held in
/// memory, so files of any size are read in constant memory apart from their longest line;
/// a reader whose lines have a known short form ([`Lines::with_limit`]) keeps at most that
/// many bytes of each, so that even a file without line ends cannot fill the memory.
/// After an I/O error the iterator ends, so that a loop that skips errors cannot spin forever
/// on a reader that keeps failing.
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    /// The previous line ended with CR, so an LF that comes next is the second half of a CRLF.
    after_cr: bool,
    done: bool,
    /// The most bytes of a line that are kept; the rest is read and dropped.
    limit: usize,
    /// The last line read was longer than `limit` and was cut to it.
    cut: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines::with_limit(reader, usize::MAX)
    }

    /// Lines of which at most `limit` bytes are kept: [`Lines::cut`] tells when a line was
    /// longer.
    pub fn with_limit(reader: R, limit: usize) -> Lines<R> {
        Lines {
            reader,
            after_cr: false,
            done: false,
            limit: limit.max(1),
            cut: false,
        }
    }

    /// Whether the last line read was longer than the limit, and so was cut to it.
    pub fn cut(&self) -> bool {
        self.cut
    }

    /// Reads the next line into `line` (cleared first), so that a caller that reads many lines
    /// can reuse one buffer. Returns `Ok(false)` at the end of the input.
    pub fn next_into(&mut self, line: &mut Vec<u8>) -> io::Result<bool> {
        line.clear();
        self.cut = false;
        if self.done {
            return Ok(false);
        }
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            };
            if buf.is_empty() {
                self.done = true;
                // A last line without a line end is still a line; an empty rest is not.
                return Ok(!line.is_empty());
            }
            let start = if self.after_cr && buf.first() == Some(&b'\n') {
                1
            } else {
                0
            };
            self.after_cr = false;
            let rest = buf.get(start..).unwrap_or_default();
            // A vectorised search: lines are long (a Lichess game's movetext is one line of
            // thousands of bytes), and this runs over every byte of the file.
            match memchr::memchr2(b'\n', b'\r', rest) {
                Some(at) => {
                    let piece = rest.get(..at).unwrap_or_default();
                    self.after_cr = rest.get(at) == Some(&b'\r');
                    keep(line, piece, self.limit, &mut self.cut);
                    self.reader.consume(start + at + 1);
                    return Ok(true);
                }
                None => {
                    keep(line, rest, self.limit, &mut self.cut);
                    let used = buf.len();
                    self.reader.consume(used);
                }
            }
        }
    }
}

/// Keeps what fits of `bytes` in `line` under `limit`, noting in `cut` when something is
/// dropped. A function of the fields, not a method, because the bytes borrow the reader.
fn keep(line: &mut Vec<u8>, bytes: &[u8], limit: usize, cut: &mut bool) {
    let room = limit.saturating_sub(line.len());
    if bytes.len() > room {
        *cut = true;
    }
    line.extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Vec<u8>>;

    fn next(&mut self) -> Option<io::Result<Vec<u8>>> {
        let mut line = Vec::new();
        match self.next_into(&mut line) {
            Ok(true) => Some(Ok(line)),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }
}
