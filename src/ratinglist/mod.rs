//! The FIDE rating list as FIDE publishes it: the combined TXT list (fixed columns, laid out by
//! its header line), the same list in XML (`<playerslist>`), or the zip file that holds either.
//!
//! Everything here is streamed: the real TXT list has 1.9 million lines and the XML 856 MB, so
//! a reader hands each player to the caller as soon as it is read and keeps no more than one
//! line (or one `<player>` element) in memory. A malformed list is refused at the first fault
//! with its line and column and what was expected; the caller decides what to do with the
//! players read before it (the store takes all of a list or none). Nothing here knows SQL or
//! the command line.

mod txt;
mod xml;
mod zip;

use std::fmt;
use std::io::{BufRead, BufReader, Read};

/// One rate's figures on the list: rating, games in the period and K factor. FIDE leaves
/// them blank in the TXT list (and writes 0 in the XML) for a player without that rating.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RateFigures {
    pub rating: Option<u16>,
    pub games: Option<u16>,
    pub k: Option<u8>,
}

/// One player on the list, as FIDE writes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListPlayer {
    pub fide_id: u64,
    /// `Lastname, Firstname`.
    pub name: String,
    pub federation: String,
    /// `M` or `F` as FIDE writes it; empty if not given.
    pub sex: String,
    /// The title as written (GM, IM, FM, CM, WGM, ..., or one this program does not know,
    /// such as `WH`); empty for none.
    pub title: String,
    pub women_title: String,
    /// Arbiter, trainer and organiser titles, comma-separated as written (`IA,FI`).
    pub other_titles: String,
    /// The FIDE Online Arena title, empty in the legacy layout.
    pub foa: String,
    pub birth_year: Option<u16>,
    /// `i` inactive, `w` woman, `wi` both; empty for neither.
    pub flag: String,
    pub standard: RateFigures,
    pub rapid: RateFigures,
    pub blitz: RateFigures,
}

/// Which of FIDE's files a stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFormat {
    Txt,
    Xml,
    Zip,
}

impl ListFormat {
    pub fn name(self) -> &'static str {
        match self {
            ListFormat::Txt => "TXT",
            ListFormat::Xml => "XML",
            ListFormat::Zip => "zip",
        }
    }
}

/// Why a list was refused: where (1-based line and column; columns count characters) and
/// what was expected there. `member` names the file inside a zip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseListError {
    pub member: Option<String>,
    pub line: u64,
    pub column: u64,
    pub kind: ParseListErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseListErrorKind {
    /// The stream holds nothing.
    Empty,
    /// The TXT list's first line is not the header FIDE writes.
    NoHeader,
    /// The header lacks a column the combined list has.
    MissingColumn(&'static str),
    /// The header is that of FIDE's list of one rate (`JAN23 Gms K`), whose rating column is
    /// named by its month: the standard, rapid or blitz list alone.
    OneRateList(String),
    /// A field that must be a number is not.
    NotANumber { field: &'static str, found: String },
    /// The line ends before the named column.
    Truncated { field: &'static str },
    /// A FIDE ID that is not a positive number.
    BadId(String),
    /// An XML element other than the one the list has at that place.
    UnexpectedElement { expected: String, found: String },
    /// The XML is not well-formed.
    Xml(String),
    /// A `<player>` without a `<fideid>`.
    MissingId,
    /// The zip holds no TXT or XML member, or one packed in a way FIDE does not use.
    Zip(String),
    /// The stream could not be read.
    Io(String),
}

impl fmt::Display for ParseListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(member) = &self.member {
            write!(f, "{member}: ")?;
        }
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            ParseListErrorKind::Empty => f.write_str("the file is empty: expected a FIDE rating list"),
            ParseListErrorKind::NoHeader => f.write_str(
                "expected the header of FIDE's combined list (`ID Number      Name ... SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`)",
            ),
            ParseListErrorKind::MissingColumn(name) => {
                write!(f, "the header has no `{name}` column: expected FIDE's combined list")
            }
            ParseListErrorKind::OneRateList(month) => write!(
                f,
                "the header names one rate's list (`{month} Gms K`: FIDE's standard, rapid or blitz list alone): expected FIDE's combined list, players_list_foa.zip or players_list_xml_foa.zip, which holds all three rates"
            ),
            ParseListErrorKind::NotANumber { field, found } => {
                write!(f, "{field}: expected a number, found `{found}`")
            }
            ParseListErrorKind::Truncated { field } => {
                write!(f, "the line ends here: expected {field}")
            }
            ParseListErrorKind::BadId(found) => {
                write!(f, "expected a FIDE ID (digits), found `{found}`")
            }
            ParseListErrorKind::UnexpectedElement { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ParseListErrorKind::Xml(why) => write!(f, "malformed XML: {why}"),
            ParseListErrorKind::MissingId => f.write_str("the <player> has no <fideid>"),
            ParseListErrorKind::Zip(why) => f.write_str(why),
            ParseListErrorKind::Io(why) => write!(f, "cannot read the list: {why}"),
        }
    }
}

impl std::error::Error for ParseListError {}

impl ParseListError {
    fn at(line: u64, column: u64, kind: ParseListErrorKind) -> ParseListError {
        ParseListError {
            member: None,
            line,
            column,
            kind,
        }
    }

    fn io(err: std::io::Error) -> ParseListError {
        ParseListError::at(0, 0, ParseListErrorKind::Io(err.to_string()))
    }
}

/// Why reading stopped: the list is malformed, or the caller refused the player that starts
/// on `line` (a FIDE ID twice, the database failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadListError<E> {
    Parse(ParseListError),
    Sink { line: u64, error: E },
}

impl<E> From<ParseListError> for ReadListError<E> {
    fn from(err: ParseListError) -> Self {
        ReadListError::Parse(err)
    }
}

/// What a finished read found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListSummary {
    pub format: ListFormat,
    /// The file inside a zip that was read.
    pub member: Option<String>,
    pub players: u64,
}

/// Reads a list of any of FIDE's forms, told apart by their first bytes (a zip's `PK`, XML's
/// `<`, else the TXT list), handing each player to `each` in file order.
pub fn read_list<R: Read, E>(
    input: R,
    each: impl FnMut(ListPlayer) -> Result<(), E>,
) -> Result<ListSummary, ReadListError<E>> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    match sniff(&mut input)? {
        Some(ListFormat::Zip) => {
            let (member, inner) = zip::first_list_member(input)?;
            let mut inner = BufReader::with_capacity(1 << 16, inner);
            let in_member = |err: ReadListError<E>| match err {
                ReadListError::Parse(mut p) => {
                    p.member = Some(member.clone());
                    ReadListError::Parse(p)
                }
                other => other,
            };
            let format = match sniff(&mut inner).map_err(|e| in_member(e.into()))? {
                Some(ListFormat::Xml) => ListFormat::Xml,
                Some(ListFormat::Txt) => ListFormat::Txt,
                _ => {
                    return Err(in_member(
                        ParseListError::at(0, 0, ParseListErrorKind::Empty).into(),
                    ));
                }
            };
            let players = read_plain(format, inner, each).map_err(in_member)?;
            Ok(ListSummary {
                format: ListFormat::Zip,
                member: Some(member),
                players,
            })
        }
        Some(format) => Ok(ListSummary {
            format,
            member: None,
            players: read_plain(format, input, each)?,
        }),
        None => Err(ParseListError::at(0, 0, ParseListErrorKind::Empty).into()),
    }
}

fn read_plain<R: BufRead, E>(
    format: ListFormat,
    input: R,
    each: impl FnMut(ListPlayer) -> Result<(), E>,
) -> Result<u64, ReadListError<E>> {
    match format {
        ListFormat::Xml => xml::read(input, each),
        _ => txt::read(input, each),
    }
}

/// Which form a stream is, from its first bytes (a byte-order mark and blank space skipped
/// for XML); `None` for an empty stream.
fn sniff<R: BufRead>(input: &mut R) -> Result<Option<ListFormat>, ParseListError> {
    let head = input.fill_buf().map_err(ParseListError::io)?;
    if head.is_empty() {
        return Ok(None);
    }
    if head.starts_with(b"PK\x03\x04") {
        return Ok(Some(ListFormat::Zip));
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let first = text.iter().find(|b| !b.is_ascii_whitespace());
    Ok(Some(if first == Some(&b'<') {
        ListFormat::Xml
    } else {
        ListFormat::Txt
    }))
}

/// A rating period `YYYY-MM` as typed, checked.
pub fn parse_period(text: &str) -> Result<String, String> {
    let text = text.trim();
    let ok = text.len() == 7
        && text.as_bytes()[4] == b'-'
        && text[..4].bytes().all(|b| b.is_ascii_digit())
        && text[5..].bytes().all(|b| b.is_ascii_digit())
        && matches!(text[5..].parse::<u8>(), Ok(1..=12));
    if ok {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "`{text}` is not a rating period: expected YYYY-MM, such as 2026-07"
        ))
    }
}

/// The period a file name names, as FIDE's monthly archives do (`players_list_foa_jul26.zip`,
/// `standard_jul26frl.txt`): a three-letter month followed by two digits of the year, taken
/// as 20YY. The current list's names (`players_list_foa.txt`) carry none.
pub fn period_in_name(name: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let lower = name.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    for start in 0..bytes.len().saturating_sub(4) {
        // The month must begin a word, so that `players_list` gives no `ist`-like match.
        if start > 0 && bytes[start - 1].is_ascii_alphabetic() {
            continue;
        }
        let Some(month) = MONTHS.iter().position(|m| lower[start..].starts_with(m)) else {
            continue;
        };
        let year = &bytes[start + 3..start + 5];
        let after = bytes.get(start + 5);
        if year.iter().all(u8::is_ascii_digit) && !after.is_some_and(u8::is_ascii_digit) {
            return Some(format!(
                "20{}{}-{:02}",
                char::from(year[0]),
                char::from(year[1]),
                month + 1
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests;
