//! FIDE's list in XML: `<playerslist>` holding one `<player>` per player, whose elements come
//! in a fixed order (`fideid`, `name`, `country`, `sex`, `title`, `w_title`, `o_title`,
//! `foa_title`, `rating`, `games`, `k`, `rapid_rating`, `rapid_games`, `rapid_k`,
//! `blitz_rating`, `blitz_games`, `blitz_k`, `birthday`, `flag`). An element may be left out
//! (older lists have no `foa_title`) but not moved. FIDE writes 0 for a rating or K the player
//! does not have; both read as none.

use std::io::BufRead;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::{ListPlayer, ParseListError, ParseListErrorKind, RateFigures, ReadListError};

/// The elements of a `<player>`, in FIDE's order.
const ELEMENTS: [&str; 19] = [
    "fideid",
    "name",
    "country",
    "sex",
    "title",
    "w_title",
    "o_title",
    "foa_title",
    "rating",
    "games",
    "k",
    "rapid_rating",
    "rapid_games",
    "rapid_k",
    "blitz_rating",
    "blitz_games",
    "blitz_k",
    "birthday",
    "flag",
];

/// A stream that counts the lines it has handed on, so that an element is found by line and
/// column without keeping the file.
struct Counting<R> {
    inner: R,
    consumed: u64,
    newlines: u64,
    /// The offset just after the last newline handed on.
    line_start: u64,
}

impl<R: BufRead> std::io::Read for Counting<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // The bytes are in the buffer already: this reads nothing new.
        if let Ok(buffer) = self.inner.fill_buf() {
            let taken = &buffer[..amount.min(buffer.len())];
            for at in memchr::memchr_iter(b'\n', taken) {
                self.newlines += 1;
                self.line_start = self.consumed + at as u64 + 1;
            }
        }
        self.consumed += amount as u64;
        self.inner.consume(amount);
    }
}

impl<R> Counting<R> {
    /// The line and column (1-based) of byte `offset`, for an offset at or after the last
    /// line handed on (as the reader's positions are); an earlier one reads as that line.
    fn place(&self, offset: u64) -> (u64, u64) {
        (
            self.newlines + 1,
            offset.saturating_sub(self.line_start) + 1,
        )
    }
}

/// Where the parser stands.
enum State {
    /// Before `<playerslist>`.
    Prologue,
    /// Between players.
    List,
    /// Inside a `<player>`: the index of the last element read.
    Player { last: Option<usize> },
    /// Inside one of a player's elements.
    Element { index: usize },
    /// After `</playerslist>`.
    Done,
}

pub(super) fn read<R: BufRead, E>(
    input: R,
    mut each: impl FnMut(ListPlayer) -> Result<(), E>,
) -> Result<u64, ReadListError<E>> {
    let mut reader = Reader::from_reader(Counting {
        inner: input,
        consumed: 0,
        newlines: 0,
        line_start: 0,
    });
    reader.config_mut().trim_text(false);
    let mut buffer = Vec::with_capacity(1024);
    let mut state = State::Prologue;
    let mut player = ListPlayer::default();
    let mut player_line = 0;
    let mut text = String::new();
    let mut players = 0;
    loop {
        buffer.clear();
        let before = reader.buffer_position();
        let event = reader.read_event_into(&mut buffer);
        let at = |reader: &Reader<Counting<R>>, offset: u64, kind| {
            let (line, column) = reader.get_ref().place(offset);
            ParseListError::at(line, column, kind)
        };
        let event = match event {
            Ok(event) => event,
            Err(err) => {
                let offset = reader.error_position();
                return Err(at(&reader, offset, ParseListErrorKind::Xml(err.to_string())).into());
            }
        };
        let is_empty = matches!(event, Event::Empty(_));
        let unexpected = |reader: &Reader<Counting<R>>, expected: &str, found: String| {
            at(
                reader,
                before,
                ParseListErrorKind::UnexpectedElement {
                    expected: expected.to_owned(),
                    found,
                },
            )
        };
        match (&state, event) {
            (_, Event::Comment(_) | Event::PI(_) | Event::Decl(_) | Event::DocType(_)) => {}
            (State::Element { .. }, Event::Text(t)) => {
                let decoded = t
                    .decode()
                    .map_err(|e| at(&reader, before, ParseListErrorKind::Xml(e.to_string())))?;
                text.push_str(&decoded);
            }
            (State::Element { .. }, Event::CData(t)) => {
                text.push_str(&String::from_utf8_lossy(&t));
            }
            (State::Element { .. }, Event::GeneralRef(r)) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c),
                    Ok(None) => match r.as_ref() {
                        b"amp" => Some('&'),
                        b"lt" => Some('<'),
                        b"gt" => Some('>'),
                        b"quot" => Some('"'),
                        b"apos" => Some('\''),
                        _ => None,
                    },
                    Err(_) => None,
                };
                let Some(c) = resolved else {
                    let name = String::from_utf8_lossy(r.as_ref()).into_owned();
                    return Err(at(
                        &reader,
                        before,
                        ParseListErrorKind::Xml(format!("unknown entity `&{name};`")),
                    )
                    .into());
                };
                text.push(c);
            }
            (_, Event::Text(t)) => {
                if !t.iter().all(u8::is_ascii_whitespace) {
                    let what: String = String::from_utf8_lossy(&t)
                        .trim()
                        .chars()
                        .take(20)
                        .collect();
                    let expected = match state {
                        State::Prologue => "<playerslist>",
                        State::List => "<player> or </playerslist>",
                        State::Done => "the end of the file",
                        _ => "an element of <player>",
                    };
                    return Err(unexpected(&reader, expected, format!("text `{what}`")).into());
                }
            }
            (State::Prologue, Event::Start(e)) if e.name().as_ref() == b"playerslist" => {
                state = State::List;
            }
            (State::Prologue, Event::Empty(e)) if e.name().as_ref() == b"playerslist" => {
                state = State::Done;
            }
            (State::List, Event::Start(e)) if e.name().as_ref() == b"player" => {
                player = ListPlayer::default();
                player_line = reader.get_ref().place(before).0;
                state = State::Player { last: None };
            }
            (State::List, Event::End(_)) => state = State::Done,
            (State::Player { last }, Event::Start(e) | Event::Empty(e))
                if element_index(e.name().as_ref()).is_some() =>
            {
                let index = element_index(e.name().as_ref()).unwrap_or(0);
                if last.is_some_and(|l| index <= l) {
                    let next = last.map_or(0, |l| l + 1);
                    let expected = ELEMENTS.get(next).map_or("</player>".to_owned(), |n| {
                        format!("<{n}> or a later element")
                    });
                    let found = format!("<{}>", ELEMENTS[index]);
                    return Err(unexpected(&reader, &expected, found).into());
                }
                text.clear();
                // An empty element (`<title/>`) is a value left blank.
                if is_empty {
                    assign(&mut player, index, "", &reader, before)?;
                    state = State::Player { last: Some(index) };
                } else {
                    state = State::Element { index };
                }
            }
            (State::Element { index }, Event::End(_)) => {
                let index = *index;
                assign(&mut player, index, &text, &reader, before)?;
                state = State::Player { last: Some(index) };
            }
            (State::Player { .. }, Event::End(e)) if e.name().as_ref() == b"player" => {
                if player.fide_id == 0 {
                    return Err(at(&reader, before, ParseListErrorKind::MissingId).into());
                }
                each(std::mem::take(&mut player)).map_err(|error| ReadListError::Sink {
                    line: player_line,
                    error,
                })?;
                players += 1;
                state = State::List;
            }
            (_, Event::Eof) => {
                if matches!(state, State::Done) {
                    return Ok(players);
                }
                let expected = match state {
                    State::Prologue if players == 0 && before == 0 => {
                        return Err(ParseListError::at(0, 0, ParseListErrorKind::Empty).into());
                    }
                    State::Prologue => "<playerslist>",
                    State::List => "</playerslist>",
                    _ => "</player>",
                };
                return Err(unexpected(&reader, expected, "the end of the file".into()).into());
            }
            (state, event) => {
                let found = describe(&event);
                let expected = match state {
                    State::Prologue => "<playerslist>".to_owned(),
                    State::List => "<player> or </playerslist>".to_owned(),
                    State::Player { last } => {
                        let next = last.map_or(0, |l| l + 1);
                        ELEMENTS
                            .get(next)
                            .map_or("</player>".to_owned(), |n| format!("<{n}> or </player>"))
                    }
                    State::Element { index } => format!("the text of <{}>", ELEMENTS[*index]),
                    State::Done => "the end of the file".to_owned(),
                };
                return Err(unexpected(&reader, &expected, found).into());
            }
        }
    }
}

/// The place of an element among a player's, by its name's bytes (no text is made).
fn element_index(name: &[u8]) -> Option<usize> {
    ELEMENTS.iter().position(|x| x.as_bytes() == name)
}

fn name_of(name: &[u8]) -> String {
    String::from_utf8_lossy(name).into_owned()
}

fn describe(event: &Event<'_>) -> String {
    match event {
        Event::Start(e) | Event::Empty(e) => format!("<{}>", name_of(e.name().as_ref())),
        Event::End(e) => format!("</{}>", name_of(e.name().as_ref())),
        _ => "something else".to_owned(),
    }
}

/// Stores the text of element `index` in the player.
fn assign<R>(
    player: &mut ListPlayer,
    index: usize,
    text: &str,
    reader: &Reader<Counting<R>>,
    at: u64,
) -> Result<(), ParseListError> {
    let text = text.trim();
    let number = || -> Result<Option<u32>, ParseListError> {
        if text.is_empty() {
            return Ok(None);
        }
        text.parse::<u32>().map(Some).map_err(|_| {
            let (line, column) = reader.get_ref().place(at);
            ParseListError::at(
                line,
                column,
                ParseListErrorKind::NotANumber {
                    field: ELEMENTS[index],
                    found: text.to_owned(),
                },
            )
        })
    };
    // FIDE writes 0 for a rating or K the player does not have.
    let rating = |v: Option<u32>| v.filter(|&r| r > 0).and_then(|r| u16::try_from(r).ok());
    let games = |v: Option<u32>| v.and_then(|g| u16::try_from(g).ok());
    let k = |v: Option<u32>| v.filter(|&k| k > 0).and_then(|k| u8::try_from(k).ok());
    let set_rate = |figures: &mut RateFigures, which: usize, v: Option<u32>| match which {
        0 => figures.rating = rating(v),
        1 => figures.games = games(v),
        _ => figures.k = k(v),
    };
    match index {
        0 => {
            player.fide_id = text.parse::<u64>().ok().filter(|&i| i > 0).ok_or_else(|| {
                let (line, column) = reader.get_ref().place(at);
                ParseListError::at(line, column, ParseListErrorKind::BadId(text.to_owned()))
            })?
        }
        1 => player.name = text.to_owned(),
        2 => player.federation = text.to_owned(),
        3 => player.sex = text.to_owned(),
        4 => player.title = text.to_owned(),
        5 => player.women_title = text.to_owned(),
        6 => player.other_titles = text.to_owned(),
        7 => player.foa = text.to_owned(),
        8..=10 => set_rate(&mut player.standard, index - 8, number()?),
        11..=13 => set_rate(&mut player.rapid, index - 11, number()?),
        14..=16 => set_rate(&mut player.blitz, index - 14, number()?),
        17 => {
            player.birth_year = number()?
                .filter(|&y| y > 0)
                .and_then(|y| u16::try_from(y).ok())
        }
        _ => player.flag = text.to_owned(),
    }
    Ok(())
}
