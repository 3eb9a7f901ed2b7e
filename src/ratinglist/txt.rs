//! FIDE's combined TXT list: a header line that names the columns, then one player a line in
//! fixed columns. The columns are found where the header writes their names, so that the
//! layout with the FOA column (since 2022) and the one before it both read. Columns count
//! characters, not bytes: a name with non-ASCII letters does not shift the fields after it.

use std::io::BufRead;

use super::{ListPlayer, ParseListError, ParseListErrorKind, RateFigures, ReadListError};

/// The columns of the combined list, in header order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Id,
    Name,
    Fed,
    Sex,
    Tit,
    WTit,
    OTit,
    Foa,
    SRtng,
    SGm,
    Sk,
    RRtng,
    RGm,
    Rk,
    BRtng,
    BGm,
    Bk,
    BDay,
    Flag,
}

/// Each column's header word; `FOA` alone may be missing (the legacy layout).
const HEADERS: [(Field, &str); 19] = [
    (Field::Id, "ID Number"),
    (Field::Name, "Name"),
    (Field::Fed, "Fed"),
    (Field::Sex, "Sex"),
    (Field::Tit, "Tit"),
    (Field::WTit, "WTit"),
    (Field::OTit, "OTit"),
    (Field::Foa, "FOA"),
    (Field::SRtng, "SRtng"),
    (Field::SGm, "SGm"),
    (Field::Sk, "SK"),
    (Field::RRtng, "RRtng"),
    (Field::RGm, "RGm"),
    (Field::Rk, "Rk"),
    (Field::BRtng, "BRtng"),
    (Field::BGm, "BGm"),
    (Field::Bk, "BK"),
    (Field::BDay, "B-day"),
    (Field::Flag, "Flag"),
];

/// Where each column starts (in characters), in the order of the line.
struct Layout {
    columns: Vec<(Field, usize)>,
}

impl Layout {
    /// Reads the header line: each known word's character position.
    fn of_header(header: &str) -> Result<Layout, ParseListError> {
        let words = words(header);
        if !words
            .windows(2)
            .any(|w| w[0].1.eq_ignore_ascii_case("ID") && w[1].1.eq_ignore_ascii_case("Number"))
        {
            return Err(ParseListError::at(1, 1, ParseListErrorKind::NoHeader));
        }
        let mut columns = Vec::new();
        for (field, name) in HEADERS {
            let found = if field == Field::Id {
                words
                    .iter()
                    .find(|(_, w)| w.eq_ignore_ascii_case("ID"))
                    .map(|(at, _)| *at)
            } else {
                words
                    .iter()
                    .find(|(_, w)| w.eq_ignore_ascii_case(name))
                    .map(|(at, _)| *at)
            };
            match found {
                Some(at) => columns.push((field, at)),
                None if field == Field::Foa => {}
                None if field == Field::SRtng
                    && let Some((at, month)) = one_rate_month(&words) =>
                {
                    return Err(ParseListError::at(
                        1,
                        at as u64 + 1,
                        ParseListErrorKind::OneRateList(month.to_owned()),
                    ));
                }
                None => {
                    let end = header.chars().count() as u64;
                    return Err(ParseListError::at(
                        1,
                        end + 1,
                        ParseListErrorKind::MissingColumn(name),
                    ));
                }
            }
        }
        columns.sort_by_key(|&(_, at)| at);
        Ok(Layout { columns })
    }

    fn start(&self, field: Field) -> usize {
        self.columns
            .iter()
            .find(|(f, _)| *f == field)
            .map_or(0, |&(_, at)| at)
    }
}

/// The rating column of FIDE's list of one rate, named by its month (`JAN23`), followed by
/// `Gms`: its position and name.
fn one_rate_month<'a>(words: &[(usize, &'a str)]) -> Option<(usize, &'a str)> {
    words.windows(2).find_map(|w| {
        let b = w[0].1.as_bytes();
        (b.len() == 5
            && b[..3].iter().all(u8::is_ascii_alphabetic)
            && b[3..].iter().all(u8::is_ascii_digit)
            && w[1].1.eq_ignore_ascii_case("Gms"))
        .then_some(w[0])
    })
}

/// The words of a line with the character position each starts at.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (index, (byte, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((index, byte)),
            (true, Some((at, from))) => {
                out.push((at, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((at, from)) = start {
        out.push((at, &line[from..]));
    }
    out
}

/// A line with its characters addressable by position: a plain ASCII line (nearly every
/// line of the list) by its bytes, any other through the byte offset of each character.
struct Chars<'a> {
    text: &'a str,
    offsets: Option<Vec<usize>>,
}

impl<'a> Chars<'a> {
    fn new(text: &'a str) -> Chars<'a> {
        let offsets = (!text.is_ascii()).then(|| text.char_indices().map(|(i, _)| i).collect());
        Chars { text, offsets }
    }

    fn len(&self) -> usize {
        self.offsets.as_ref().map_or(self.text.len(), Vec::len)
    }

    fn byte(&self, at: usize) -> usize {
        match &self.offsets {
            None => at.min(self.text.len()),
            Some(offsets) => offsets.get(at).copied().unwrap_or(self.text.len()),
        }
    }

    fn slice(&self, from: usize, to: usize) -> &'a str {
        let (from, to) = (self.byte(from), self.byte(to));
        if from >= to { "" } else { &self.text[from..to] }
    }

    fn is_space(&self, at: usize) -> bool {
        self.slice(at, at + 1).chars().all(char::is_whitespace)
    }
}

/// Reads the list, handing each player to `each`; returns how many were read.
pub(super) fn read<R: BufRead, E>(
    mut input: R,
    mut each: impl FnMut(ListPlayer) -> Result<(), E>,
) -> Result<u64, ReadListError<E>> {
    let mut bytes = Vec::with_capacity(256);
    let mut text = String::with_capacity(256);
    let mut number: u64 = 0;
    let mut layout: Option<Layout> = None;
    let mut players = 0;
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(ParseListError::io)?;
        if read == 0 {
            break;
        }
        number += 1;
        while matches!(bytes.last(), Some(b'\n' | b'\r')) {
            bytes.pop();
        }
        let line = decode(&bytes, &mut text, number == 1);
        if line.trim().is_empty() {
            continue;
        }
        let Some(layout) = &layout else {
            if number > 1 {
                // Blank lines before the header are not FIDE's layout either.
                return Err(ParseListError::at(number, 1, ParseListErrorKind::NoHeader).into());
            }
            layout = Some(Layout::of_header(line)?);
            continue;
        };
        let player = player(layout, line, number)?;
        each(player).map_err(|error| ReadListError::Sink {
            line: number,
            error,
        })?;
        players += 1;
    }
    if layout.is_none() {
        return Err(ParseListError::at(0, 0, ParseListErrorKind::Empty).into());
    }
    Ok(players)
}

/// A line's text: UTF-8 as FIDE writes it now, else read as Latin-1 (older lists), each byte
/// one character. A byte-order mark on the first line is dropped.
fn decode<'a>(bytes: &'a [u8], buffer: &'a mut String, first: bool) -> &'a str {
    let bytes = if first {
        bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
    } else {
        bytes
    };
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => {
            buffer.clear();
            buffer.extend(bytes.iter().map(|&b| char::from(b)));
            buffer.as_str()
        }
    }
}

/// One player line, read by the layout.
fn player(layout: &Layout, line: &str, number: u64) -> Result<ListPlayer, ParseListError> {
    let chars = Chars::new(line);
    let length = chars.len();
    if length < layout.start(Field::Sex) {
        return Err(ParseListError::at(
            number,
            length as u64 + 1,
            ParseListErrorKind::Truncated {
                field: "the federation (Fed) and the columns after it",
            },
        ));
    }
    let mut fields: [(usize, &str); 19] = [(0, ""); 19];
    let mut cursor = 0;
    for (i, &(field, start)) in layout.columns.iter().enumerate() {
        let start = start.max(cursor);
        let mut end = layout
            .columns
            .get(i + 1)
            .map_or(length, |&(_, next)| next)
            .max(start);
        // The other titles (`IA,FI,FST,DI`) may run past their column into the next: the
        // text goes on to the first blank, and the next field starts after it.
        if field == Field::OTit && end < length && !chars.is_space(end - 1) {
            while end < length && !chars.is_space(end) {
                end += 1;
            }
        }
        let end = end.min(length);
        cursor = end;
        let raw = chars.slice(start, end);
        let lead = raw.len() - raw.trim_start().len();
        fields[field as usize] = (start + raw[..lead].chars().count(), raw.trim());
    }
    let text = |field: Field| fields[field as usize].1.to_owned();
    let number_in = |field: Field, name: &'static str| -> Result<Option<u32>, ParseListError> {
        let (at, value) = fields[field as usize];
        if value.is_empty() {
            return Ok(None);
        }
        value.parse::<u32>().map(Some).map_err(|_| {
            ParseListError::at(
                number,
                at as u64 + 1,
                ParseListErrorKind::NotANumber {
                    field: name,
                    found: value.to_owned(),
                },
            )
        })
    };
    let rate = |r: Field, g: Field, k: Field, names: [&'static str; 3]| {
        Ok::<_, ParseListError>(RateFigures {
            rating: number_in(r, names[0])?.and_then(|v| u16::try_from(v).ok()),
            games: number_in(g, names[1])?.and_then(|v| u16::try_from(v).ok()),
            k: number_in(k, names[2])?.and_then(|v| u8::try_from(v).ok()),
        })
    };
    let (id_at, id) = fields[Field::Id as usize];
    let fide_id = id.parse::<u64>().ok().filter(|&i| i > 0).ok_or_else(|| {
        ParseListError::at(
            number,
            id_at as u64 + 1,
            ParseListErrorKind::BadId(id.to_owned()),
        )
    })?;
    let birth_year = number_in(Field::BDay, "B-day")?
        .filter(|&y| y > 0)
        .and_then(|y| u16::try_from(y).ok());
    Ok(ListPlayer {
        fide_id,
        name: text(Field::Name),
        federation: text(Field::Fed),
        sex: text(Field::Sex),
        title: text(Field::Tit),
        women_title: text(Field::WTit),
        other_titles: text(Field::OTit),
        foa: text(Field::Foa),
        birth_year,
        flag: text(Field::Flag),
        standard: rate(Field::SRtng, Field::SGm, Field::Sk, ["SRtng", "SGm", "SK"])?,
        rapid: rate(Field::RRtng, Field::RGm, Field::Rk, ["RRtng", "RGm", "Rk"])?,
        blitz: rate(Field::BRtng, Field::BGm, Field::Bk, ["BRtng", "BGm", "BK"])?,
    })
}
