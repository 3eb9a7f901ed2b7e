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
//! assert!(game.annotations_of(&game.moves[1]).eq(["!?"]));
//! assert!(game.comments_of(&game.moves[1]).eq(["a comment"]));
//! assert_eq!(game.variations, 1);
//! assert_eq!(game.result.as_ref().map(|(r, _)| r.as_str()), Some("1-0"));
//! ```
//!
//! Game boundaries: a game's movetext ends with its result; the next tag pair or movetext
//! starts the next game. A tag pair that follows movetext without a result also starts a new
//! game. Comments that come after a result (before the next game starts) still belong to the
//! game that ended, as comments on its last move, which is why a game is handed out only when
//! the next game's first tag or move arrives, or at the end of the input.

use std::fmt;
use std::io::{self, BufRead};
use std::ops::Range;

mod lexical;
mod parser;

use super::notation::{self, LetterSet, Notation};
use super::text::decode_line_borrowed;

use self::lexical::QUOTE_LIMIT;
use self::parser::Parser;

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
    pub name: TokenText,
    pub value: TokenText,
    /// Where the opening `[` stands.
    pub span: Span,
}

/// A short piece of text: a move token, a tag's name or value. Most are short, so they are
/// kept inline without a heap allocation: reading a large file makes one of these for every
/// half-move and two for every tag pair.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenText(TextRepr);

#[derive(Clone, PartialEq, Eq)]
enum TextRepr {
    Inline { len: u8, bytes: [u8; INLINE_TEXT] },
    Heap(String),
}

/// As many bytes as fit beside the variant's tag and `len` in the room that `Heap` takes
/// anyway (a `String` and a tag, 32 bytes): long event names and Lichess game addresses (28
/// bytes) are kept inline at no cost in size.
const INLINE_TEXT: usize = 30;

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<TokenText>() == 32);

impl TokenText {
    pub fn new(text: &str) -> TokenText {
        let source = text.as_bytes();
        let len = source.len();
        if len > INLINE_TEXT {
            return TokenText(TextRepr::Heap(text.to_owned()));
        }
        // The bytes are copied in at most two pieces of a fixed size, which may overlap,
        // rather than by a call to `memcpy` for a handful of bytes: a file makes one of these
        // for every half-move. The bytes past `len` stay zero, as equality compares them.
        let mut bytes = [0u8; INLINE_TEXT];
        match len {
            0 => {}
            1..=3 => {
                for at in [0, len / 2, len - 1] {
                    if let (Some(to), Some(&from)) = (bytes.get_mut(at), source.get(at)) {
                        *to = from;
                    }
                }
            }
            4..=7 => copy_ends::<4>(&mut bytes, source),
            8..=15 => copy_ends::<8>(&mut bytes, source),
            _ => copy_ends::<16>(&mut bytes, source),
        }
        TokenText(TextRepr::Inline {
            len: len as u8,
            bytes,
        })
    }

    /// The first `len` bytes of `window`, if `len` is at most 16 and they are ASCII; `None`
    /// otherwise, and the caller goes through [`TokenText::new`].
    ///
    /// The reader finds most tokens in the middle of a line, with at least 16 bytes of the
    /// line from where they start: all 16 are taken at once and the bytes past the token
    /// masked to zero, which costs a handful of instructions where copying the exact length
    /// cost several times as many.
    #[inline(always)]
    pub(super) fn from_window(window: &[u8; 16], len: usize) -> Option<TokenText> {
        const HIGH_BITS: u128 = u128::from_ne_bytes([0x80; 16]);
        let mask = *WINDOW_MASKS.get(len)?;
        let value = u128::from_ne_bytes(*window) & mask;
        if value & HIGH_BITS != 0 {
            return None;
        }
        let mut bytes = [0u8; INLINE_TEXT];
        if let Some(head) = bytes.first_chunk_mut::<16>() {
            *head = value.to_ne_bytes();
        }
        Some(TokenText(TextRepr::Inline {
            len: len as u8,
            bytes,
        }))
    }

    /// The first `len` bytes of `word` (the first in the lowest bits), if `len` is at most
    /// 8 and they are ASCII; `None` otherwise. A short move is read from one word of its
    /// line (see [`lexical::short_plain_move_len`]), and kept from it with a shift.
    #[inline(always)]
    pub(super) fn from_word(word: u64, len: usize) -> Option<TokenText> {
        const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; 8]);
        let kept = match len {
            0..8 => word & ((1u64 << (8 * len)) - 1),
            8 => word,
            _ => return None,
        };
        if kept & HIGH_BITS != 0 {
            return None;
        }
        let mut bytes = [0u8; INLINE_TEXT];
        if let Some(head) = bytes.first_chunk_mut::<8>() {
            *head = kept.to_le_bytes();
        }
        Some(TokenText(TextRepr::Inline {
            len: len as u8,
            bytes,
        }))
    }

    /// [`TokenText::from_window`] for a token that starts at byte `offset` of `window`, for
    /// a token near the end of its line (whose last 16 bytes are the window).
    #[inline(always)]
    pub(super) fn from_window_at(
        window: &[u8; 16],
        offset: usize,
        len: usize,
    ) -> Option<TokenText> {
        if offset >= 16 {
            return None;
        }
        let value = u128::from_le_bytes(*window) >> (8 * offset);
        TokenText::from_window(&value.to_le_bytes(), len)
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Checking the bytes again on every access was a fiftieth of the time of a check
            // of real games.
            TextRepr::Inline { len, bytes } => {
                let text = &bytes[..usize::from(*len)];
                // SAFETY: only `TokenText::new` fills `bytes`, with the first `len` bytes of a
                // `&str` copied whole, so they are valid UTF-8.
                unsafe { std::str::from_utf8_unchecked(text) }
            }
            TextRepr::Heap(text) => text,
        }
    }

    pub fn push_str(&mut self, more: &str) {
        let joined = format!("{}{more}", self.as_str());
        *self = TokenText::new(&joined);
    }
}

/// For each length up to 16, the mask that keeps that many bytes of a 16-byte window, in
/// memory order.
static WINDOW_MASKS: [u128; 17] = {
    let mut masks = [0u128; 17];
    let mut len = 0;
    while len <= 16 {
        let mut bytes = [0u8; 16];
        let mut at = 0;
        while at < len {
            bytes[at] = 0xff;
            at += 1;
        }
        masks[len] = u128::from_ne_bytes(bytes);
        len += 1;
    }
    masks
};

/// Copies `source`, of `N` to `2 * N` bytes, to the start of `bytes`: its first `N` bytes
/// and its last `N` bytes, which overlap unless it is `2 * N` long.
#[inline(always)]
fn copy_ends<const N: usize>(bytes: &mut [u8; INLINE_TEXT], source: &[u8]) {
    let len = source.len();
    if let (Some(to), Some(from)) = (bytes.first_chunk_mut::<N>(), source.first_chunk::<N>()) {
        *to = *from;
    }
    let tail = bytes
        .get_mut(len.saturating_sub(N)..len)
        .and_then(|slot| slot.first_chunk_mut::<N>());
    if let (Some(to), Some(from)) = (tail, source.last_chunk::<N>()) {
        *to = *from;
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

/// One move of the main line as written. What the text attaches to the move, its
/// annotations and comments, is kept by the game: [`RawGame::annotations_of`] and
/// [`RawGame::comments_of`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The move as written, check and mate marks kept. An en passant mark written after the
    /// move (`e.p.`, `ep`, `e.p`, `(e.p.)`) is appended as `e.p.`, and a check mark written
    /// apart (`Qh5 +`) is appended as written.
    pub text: TokenText,
    pub span: Span,
    /// The move number written right before the move, if any.
    pub number: Option<MoveNumber>,
    /// Which of the game's notes follow this move: the indices `notes.0..notes.1`.
    notes: (usize, usize),
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
#[derive(Clone, PartialEq, Eq)]
pub struct RawGame {
    /// The game's place in the input, from 1.
    pub index: usize,
    /// The line of the game's first tag, comment or token.
    pub first_line: u32,
    pub tags: Vec<Tag>,
    /// The main line only, in order. Moves inside variations are not kept.
    pub moves: Vec<MoveToken>,
    /// The text of every annotation and comment of the main line, one after another, so that
    /// a game of a comment on every move (a clock reading on each move of an online game)
    /// costs one string rather than one for each comment. Bytes rather than a `String`, so
    /// that a short comment is copied in a piece of a fixed size and cut back to its length
    /// (see [`RawGame::push_note_in`]); every note is a whole `&str`, so the bytes are UTF-8.
    note_text: Vec<u8>,
    /// Where each annotation and comment stands in `note_text`, in the order written. The
    /// notes of a move follow one another, as do the comments that follow no move.
    notes: Vec<Note>,
    /// The notations of the first moves of the main line, read with them when the reader
    /// was asked to ([`PgnReader::reading_notations`]), else none: see
    /// [`RawGame::notations`].
    notations: Vec<Notation>,
    /// The piece letters of `notations`.
    notation_letters: LetterSet,
    /// Whether the notations are read.
    reads_notations: bool,
    /// How many top-level variations the main line has.
    pub variations: usize,
    /// The termination marker, normalized to `1-0`, `0-1`, `1/2-1/2` or `*`, and where it
    /// was written.
    pub result: Option<(String, Span)>,
    /// Problems in the order of their place in the text.
    pub problems: Vec<Problem>,
}

/// An annotation or a comment: a range of a game's `note_text`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Note {
    start: usize,
    end: usize,
    comment: bool,
}

impl RawGame {
    /// A game with nothing read yet, its lists sized for what a game like the last one needs.
    fn empty(index: usize, first_line: u32, hint: &Capacities, reads_notations: bool) -> RawGame {
        RawGame {
            index,
            first_line,
            tags: Vec::with_capacity(hint.tags),
            moves: Vec::with_capacity(hint.moves),
            note_text: Vec::with_capacity(hint.note_text),
            notes: Vec::with_capacity(hint.notes),
            notations: Vec::with_capacity(if reads_notations { hint.moves } else { 0 }),
            notation_letters: LetterSet::default(),
            reads_notations,
            variations: 0,
            result: None,
            problems: Vec::new(),
        }
    }

    /// This game's lists emptied, their room kept, to hold the game numbered `index` that
    /// starts on `first_line`: see [`PgnReader::recycle`]. A list smaller than `hint` asks
    /// is replaced by one that large, as [`RawGame::empty`] would start it: growing it
    /// instead would copy the room it had, though nothing in it is kept.
    fn reset(
        mut self,
        index: usize,
        first_line: u32,
        hint: &Capacities,
        reads_notations: bool,
    ) -> RawGame {
        self.index = index;
        self.first_line = first_line;
        clear_with_room(&mut self.tags, hint.tags);
        clear_with_room(&mut self.moves, hint.moves);
        clear_with_room(&mut self.notes, hint.notes);
        clear_with_room(
            &mut self.notations,
            if reads_notations { hint.moves } else { 0 },
        );
        self.notation_letters = LetterSet::default();
        self.reads_notations = reads_notations;
        self.note_text.clear();
        if self.note_text.capacity() < hint.note_text {
            self.note_text = Vec::with_capacity(hint.note_text);
        }
        self.variations = 0;
        self.result = None;
        self.problems.clear();
        self
    }

    /// Whether this game's lists are no larger than [`Capacities`] lets a game start with, so
    /// that keeping it for the next game holds no more memory than the reader would reserve
    /// anyway.
    fn fits_capacity_bounds(&self) -> bool {
        self.tags.capacity() <= MAX_TAGS_ROOM
            && self.moves.capacity() <= MAX_MOVES_ROOM
            && self.notations.capacity() <= MAX_MOVES_ROOM
            && self.notes.capacity() <= MAX_NOTES_ROOM
            && self.note_text.capacity() <= MAX_NOTE_TEXT_ROOM
    }

    /// The value of the first tag with exactly this name (names are case-sensitive, as in
    /// the PGN standard).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }

    /// The comments that follow no move of the main line: those before the first move, and
    /// those after the result of a game without moves. Each is trimmed.
    pub fn comments(&self) -> Notes<'_> {
        let end = self.moves.first().map_or(self.notes.len(), |m| m.notes.0);
        self.notes_in(0, end, true)
    }

    /// The comments that follow a move of this game, trimmed, in the order written.
    pub fn comments_of(&self, token: &MoveToken) -> Notes<'_> {
        self.notes_in(token.notes.0, token.notes.1, true)
    }

    /// The annotations of a move of this game, in the order written: suffix marks (`!`, `?`,
    /// `!!`, `??`, `!?`, `?!`), NAGs (`$1`) and the draw offer mark `(=)` of the FIDE Laws
    /// (article 9.1.2.2).
    pub fn annotations_of(&self, token: &MoveToken) -> Notes<'_> {
        self.notes_in(token.notes.0, token.notes.1, false)
    }

    fn notes_in(&self, start: usize, end: usize, comments: bool) -> Notes<'_> {
        Notes {
            text: &self.note_text,
            notes: self.notes.get(start..end).unwrap_or_default().iter(),
            comments,
        }
    }

    /// Adds a note to the last move, or to the game before its first move.
    fn push_note(&mut self, text: &str, comment: bool) {
        let start = self.note_text.len();
        self.note_text.extend_from_slice(text.as_bytes());
        self.end_note(start, comment);
    }

    /// [`RawGame::push_note`] for the note at bytes `range` of `line`. A note of at most 32
    /// bytes with that many bytes of the line from its start (a clock reading, mostly) is
    /// copied as a piece of 32 bytes and cut back to its length: a copy of a known size is a
    /// few moves, where one of any size was a call.
    #[inline(always)]
    fn push_note_in(&mut self, line: &str, range: Range<usize>, comment: bool) {
        let start = self.note_text.len();
        let len = range.len();
        match line
            .as_bytes()
            .get(range.start..)
            .and_then(|rest| rest.first_chunk::<32>())
        {
            Some(piece) if len <= 32 => {
                self.note_text.extend_from_slice(piece);
                self.note_text.truncate(start + len);
                self.end_note(start, comment);
            }
            _ => self.push_note(line.get(range).unwrap_or_default(), comment),
        }
    }

    /// Lists the note whose text starts at byte `start` of `note_text` and runs to its end.
    #[inline(always)]
    fn end_note(&mut self, start: usize, comment: bool) {
        self.notes.push(Note {
            start,
            end: self.note_text.len(),
            comment,
        });
        if let Some(last) = self.moves.last_mut() {
            last.notes.1 = self.notes.len();
        }
    }

    /// The notations of this game's first moves and their piece letters, if the reader was
    /// asked to read them ([`PgnReader::reading_notations`]); none otherwise. They are those
    /// of the moves up to the first that is not written in one of the common shapes of SAN
    /// (`e4`, `Nf3`, `exd5`, `Nbd7`, `e8=Q`, `O-O`, with `+` or `#`), which is nearly every
    /// move of most games: each is what [`notation::parse`] reads from its move's text, and
    /// the letters are those that [`Notation::letters`] lists for them.
    pub fn notations(&self) -> (&[Notation], LetterSet) {
        (&self.notations, self.notation_letters)
    }

    /// Adds a move, with no notes yet, and its notation if the notations are read and
    /// every move before it has one.
    #[inline(always)]
    fn push_move(&mut self, text: TokenText, span: Span, number: Option<MoveNumber>) {
        if self.reads_notations && self.notations.len() == self.moves.len() {
            notation::push_plain_san(
                text.as_bytes(),
                &mut self.notations,
                &mut self.notation_letters,
            );
        }
        self.push_plain_move(text, span, number);
    }

    /// [`RawGame::push_move`] without its notation, for the reader's plain path, which
    /// reads the notation itself.
    #[inline(always)]
    fn push_plain_move(&mut self, text: TokenText, span: Span, number: Option<MoveNumber>) {
        let at = self.notes.len();
        self.moves.push(MoveToken {
            text,
            span,
            number,
            notes: (at, at),
        });
    }

    /// Appends `more` to the text of the last move (a check or en passant mark written
    /// apart from it), and reads that move's notation again if it had one or may now.
    fn extend_last_move(&mut self, more: &str) {
        let Some(last) = self.moves.last_mut() else {
            return;
        };
        last.text.push_str(more);
        let before = self.moves.len() - 1;
        if self.reads_notations && self.notations.len() >= before {
            self.notations.truncate(before);
            if let Some(last) = self.moves.last() {
                notation::push_plain_san(
                    last.text.as_bytes(),
                    &mut self.notations,
                    &mut LetterSet::default(),
                );
            }
            // The letters are gathered again: the last notation's may have gone with it.
            let mut letters = LetterSet::default();
            letters.extend(self.notations.iter().flat_map(Notation::letters));
            self.notation_letters = letters;
        }
    }
}

/// The annotations or the comments of a move or a game, as text.
#[derive(Debug, Clone)]
pub struct Notes<'a> {
    text: &'a [u8],
    notes: std::slice::Iter<'a, Note>,
    comments: bool,
}

impl<'a> Iterator for Notes<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let want = self.comments;
        let text = self.text;
        self.notes
            .find(|note| note.comment == want)
            .map(|note| note_str(text, note))
    }
}

impl DoubleEndedIterator for Notes<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let want = self.comments;
        let text = self.text;
        self.notes
            .rfind(|note| note.comment == want)
            .map(|note| note_str(text, note))
    }
}

/// The text of a note: valid UTF-8, as every note was pushed whole from a `&str`.
fn note_str<'a>(text: &'a [u8], note: &Note) -> &'a str {
    let bytes = text.get(note.start..note.end).unwrap_or_default();
    std::str::from_utf8(bytes).unwrap_or_default()
}

/// Empties `list` and gives it room for at least `room` items: a new list when it has less,
/// rather than growing it, which would copy its whole room.
fn clear_with_room<T>(list: &mut Vec<T>, room: usize) {
    list.clear();
    if list.capacity() < room {
        *list = Vec::with_capacity(room);
    }
}

/// How large the lists of the next game start: the next game of a file is most likely like
/// the last, so its lists start that large rather than growing (and being copied) step by
/// step. Bounded, so that one huge game does not make every later one reserve as much.
#[derive(Debug, Default)]
struct Capacities {
    tags: usize,
    moves: usize,
    notes: usize,
    note_text: usize,
}

impl Capacities {
    /// The capacities for the game after `game`, given those that `game` started with: the
    /// larger of what `game` needed and seven eighths of its own start. A file mixes short
    /// and long games, and a list that outgrows its start is copied whole; the slow decay
    /// forgets a long game after a few dozen shorter ones. The moves start with room for
    /// [`MIN_MOVES_ROOM`] at least.
    fn next(&self, game: &RawGame) -> Capacities {
        let size =
            |used: usize, before: usize, most: usize| used.max(before - before / 8).min(most);
        Capacities {
            tags: size(game.tags.len(), self.tags, MAX_TAGS_ROOM),
            moves: size(game.moves.len(), self.moves, MAX_MOVES_ROOM).max(MIN_MOVES_ROOM),
            notes: size(game.notes.len(), self.notes, MAX_NOTES_ROOM),
            note_text: size(game.note_text.len(), self.note_text, MAX_NOTE_TEXT_ROOM),
        }
    }
}

/// The most room a game's lists start with, whether sized by [`Capacities`] or kept from a
/// recycled game: tags, moves, notes and bytes of note text.
const MAX_TAGS_ROOM: usize = 64;
const MAX_MOVES_ROOM: usize = 1024;

/// The least room a game's moves (and their notations) start with: a few times a usual
/// game. Started at the size of the last game, the lists of a file that mixes short and long
/// games grew (and were copied) once every few games, which cost about a quarter of a
/// percent of a check of real games; a game's lists are kept for the next game, so the room
/// is taken once.
const MIN_MOVES_ROOM: usize = 256;
const MAX_NOTES_ROOM: usize = 1024;
const MAX_NOTE_TEXT_ROOM: usize = 64 * 1024;

/// The game as it was before its annotations and comments moved into one string: each
/// move with its own lists, so that a game prints the same as it always has.
impl fmt::Debug for RawGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct List<I>(I);
        impl<I: Iterator + Clone> fmt::Debug for List<I>
        where
            I::Item: fmt::Debug,
        {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.0.clone()).finish()
            }
        }
        struct Move<'a>(&'a RawGame, &'a MoveToken);
        impl fmt::Debug for Move<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let Move(game, token) = self;
                f.debug_struct("MoveToken")
                    .field("text", &token.text)
                    .field("span", &token.span)
                    .field("number", &token.number)
                    .field("annotations", &List(game.annotations_of(token)))
                    .field("comments", &List(game.comments_of(token)))
                    .finish()
            }
        }
        f.debug_struct("RawGame")
            .field("index", &self.index)
            .field("first_line", &self.first_line)
            .field("tags", &self.tags)
            .field("moves", &List(self.moves.iter().map(|m| Move(self, m))))
            .field("comments", &List(self.comments()))
            .field("variations", &self.variations)
            .field("result", &self.result)
            .field("problems", &self.problems)
            .finish()
    }
}

/// Reads games one at a time from PGN or plain scoresheet text.
///
/// Lines are decoded as [`decode_line`](super::text::decode_line) does (UTF-8, else
/// Windows-1252) and may end with LF, CRLF or CR, as [`Lines`](super::text::Lines) splits
/// them. After an I/O error the iterator returns that error and then ends; the game being
/// read when the error happened is not returned.
#[derive(Debug)]
pub struct PgnReader<R> {
    reader: R,
    /// The start of a line that runs past the end of the reader's buffer, gathered until its
    /// end arrives.
    partial: Vec<u8>,
    /// The last line ended with CR at the end of a buffer, so an LF that starts the next
    /// buffer is the second half of a CRLF.
    after_cr: bool,
    parser: Parser,
    line: u32,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            reader,
            partial: Vec::new(),
            after_cr: false,
            parser: Parser::default(),
            line: 0,
            done: false,
        }
    }
}

impl<R> PgnReader<R> {
    /// This reader, made to read comments without keeping them: the games it returns have
    /// no comments ([`RawGame::comments`] and [`RawGame::comments_of`] come out empty), and
    /// are otherwise the games it would return. For a caller that never reads comments
    /// (the check of a file): keeping them, a clock reading after every move of an online
    /// game, cost about a hundredth of that check.
    pub fn ignoring_comments(mut self) -> PgnReader<R> {
        self.parser.ignore_comments = true;
        self
    }

    /// This reader, made to read the notation of each move of the main line as it reads the
    /// move, as far as the moves are written in the common shapes of SAN: see
    /// [`RawGame::notations`]. The games are otherwise those it would return. For a caller
    /// that reads every move's notation (the check of a file): reading it from the bytes the
    /// reader has just copied the move from, rather than from the game's moves afterwards,
    /// saves a pass over them.
    pub fn reading_notations(mut self) -> PgnReader<R> {
        self.parser.read_notations = true;
        self
    }

    /// This reader, made to keep only the tag pairs named in `names` (compared exactly, as
    /// [`RawGame::tag`] compares them): the games it returns are those it would return, but
    /// for the other tag pairs, which are read (a broken one is still reported, and a tag
    /// pair still starts a new game) but not kept. For a caller that reads a few tags alone
    /// (the check of a file reads five of the twenty that a game of a tournament carries):
    /// copying every name and value cost about a hundredth of that check.
    pub fn keeping_tags(mut self, names: &'static [&'static str]) -> PgnReader<R> {
        self.parser.keep_tags(names);
        self
    }

    /// Hands back a game this reader returned and its caller is done with: the next game is
    /// read into its lists, emptied, rather than into new ones. Allocating and freeing a
    /// game's lists (and those of moves, the largest, come from the allocator's slow path)
    /// cost a hundredth of a check of real games. A few dozen games are kept at most, and
    /// only those whose lists are no larger than a new game's, so memory stays bounded.
    pub fn recycle(&mut self, game: RawGame) {
        self.parser.recycle(game);
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
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if buf.is_empty() {
                self.done = true;
                // A last line without a line end is still a line; an empty rest is not.
                if !self.partial.is_empty() {
                    feed(&mut self.parser, &mut self.line, &self.partial, None);
                    self.partial.clear();
                }
                self.parser.finish();
                continue;
            }
            // Every line that ends in this buffer is read from it in one go, rather than a
            // line a call: the lines of a tag section are short, and handing each over on its
            // own cost as much as reading it. Games finished meanwhile wait in `ready`, and
            // reading them involves no I/O, so they come out just as they would one by one.
            // One pass over the buffer tells whether all its lines are ASCII.
            let ascii = Some(true).filter(|_| buf.is_ascii());
            let start = usize::from(self.after_cr && buf.first() == Some(&b'\n'));
            self.after_cr = false;
            let mut rest = buf.get(start..).unwrap_or_default();
            loop {
                // Most lines of a file are tag pairs, read here straight from the buffer:
                // looking for the end of so short a line cost as much as reading it. Empty
                // lines, the next most common, need no reading at all.
                let at = match (self.partial.is_empty(), rest.first()) {
                    (true, Some(b'[')) => self
                        .parser
                        .plain_tag_line(rest, self.line.saturating_add(1)),
                    // An empty line between a game's tags and its moves, or between games,
                    // changes nothing unless a comment is open.
                    (true, Some(b'\n')) if !self.parser.comment_open() => Some(0),
                    _ => None,
                };
                let at = match at {
                    Some(at) => {
                        self.line = self.line.saturating_add(1);
                        at
                    }
                    // A vectorised search: a Lichess game's movetext is one line of
                    // thousands of bytes.
                    None => {
                        let Some(at) = memchr::memchr2(b'\n', b'\r', rest) else {
                            break;
                        };
                        let line = rest.get(..at).unwrap_or_default();
                        if self.partial.is_empty() {
                            feed(&mut self.parser, &mut self.line, line, ascii);
                        } else {
                            self.partial.extend_from_slice(line);
                            feed(&mut self.parser, &mut self.line, &self.partial, None);
                            self.partial.clear();
                        }
                        at
                    }
                };
                let cr = rest.get(at) == Some(&b'\r');
                rest = rest.get(at + 1..).unwrap_or_default();
                if cr {
                    match rest.first() {
                        Some(b'\n') => rest = rest.get(1..).unwrap_or_default(),
                        Some(_) => {}
                        None => self.after_cr = true,
                    }
                }
            }
            self.partial.extend_from_slice(rest);
            let used = buf.len();
            self.reader.consume(used);
        }
    }
}

/// Hands one line to the parser, decoded; `ascii` is `Some(true)` when the line is known to
/// be ASCII, else `None`.
fn feed(parser: &mut Parser, line: &mut u32, bytes: &[u8], ascii: Option<bool>) {
    *line = line.saturating_add(1);
    // Nearly every line is ASCII: that one check of its bytes is all the checking it needs,
    // and it tells the parser that columns are byte offsets.
    if ascii.unwrap_or_else(|| bytes.is_ascii()) {
        // SAFETY: ASCII bytes are valid UTF-8. (`decode_line_borrowed` would check them
        // again, and that check was a thirtieth of the reader's time.)
        let text = unsafe { std::str::from_utf8_unchecked(bytes) };
        parser.feed_line(text, *line, true);
    } else {
        let text = decode_line_borrowed(bytes);
        parser.feed_line(&text, *line, text.is_ascii());
    }
}

/// Reads all games of a text, exactly as [`PgnReader`] reads them from a file.
pub fn read_games(text: &str) -> Vec<RawGame> {
    // Reading from a byte slice cannot fail, so there are no errors to lose here.
    PgnReader::new(text.as_bytes()).flatten().collect()
}

/// [`read_games`] by the reader's general steps alone, without its fast paths, for the tests
/// that hold the fast paths to the same outcome.
#[cfg(test)]
pub(crate) fn read_games_by_general_steps(text: &str) -> Vec<RawGame> {
    PgnReader::new(text.as_bytes())
        .by_general_steps()
        .flatten()
        .collect()
}

#[cfg(test)]
impl<R> PgnReader<R> {
    /// This reader, made to read by its general steps alone (see
    /// [`read_games_by_general_steps`]).
    pub(crate) fn by_general_steps(mut self) -> PgnReader<R> {
        self.parser.general_only = true;
        self
    }
}

/// How deep variations may nest before the reader stops keeping where each one opened. Real
/// annotations nest a few levels; a bound keeps a line of a million `(` to constant memory
/// and one problem.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// How many problems one game lists; the rest are counted in one last problem, so that a
/// file of broken text cannot flood the report with one line per character.
pub const MAX_PROBLEMS: usize = 100;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_capacities_follow_the_longest_recent_game_and_forget_it_slowly() {
        let long = read_games(&format!("{}*", "e4 e5 ".repeat(200))).remove(0);
        let short = read_games("e4 *").remove(0);
        let mut hint = Capacities::default().next(&long);
        assert_eq!((hint.moves, hint.tags), (400, 0));
        let mut starts = Vec::new();
        for _ in 0..3 {
            hint = hint.next(&short);
            starts.push(hint.moves);
        }
        assert_eq!(starts, [350, 307, 269]);
        // The moves never start with less room than a few usual games.
        for _ in 0..3 {
            hint = hint.next(&short);
        }
        assert_eq!(hint.moves, MIN_MOVES_ROOM);
        // A list never starts larger than its bound, however long the last game.
        let huge = read_games(&format!("{}*", "e4 ".repeat(2000))).remove(0);
        assert_eq!(hint.next(&huge).moves, 1024);
    }

    #[test]
    fn a_token_is_cut_from_anywhere_in_a_window() {
        let window = b"1. e4 e5 2. Nf3 ";
        for (offset, len, token) in [(0, 2, "1."), (3, 2, "e4"), (12, 3, "Nf3"), (15, 1, " ")] {
            let text = TokenText::from_window_at(window, offset, len).expect(token);
            assert_eq!(text, TokenText::new(token));
        }
        assert_eq!(TokenText::from_window_at(window, 16, 0), None);
        assert_eq!(
            TokenText::from_window_at("é is not ASCII..".as_bytes().first_chunk().unwrap(), 0, 2),
            None
        );
    }

    /// A kept tag is told by its whole name, also among names of its length and first
    /// letter, and names longer than the lengths told apart by the first look.
    #[test]
    fn kept_tags_are_told_by_their_whole_names() {
        const LONG: &str = "AVeryLongTagNameOfMoreThanThirtyOneBytes";
        const KEPT: [&str; 3] = ["Termination", "W", LONG];
        let text = format!(
            "[Termination \"a\"]\n[TimeControl \"b\"]\n[Terminatiox \"c\"]\n[W \"d\"]\n\
             [X \"e\"]\n[WW \"f\"]\n[{LONG} \"g\"]\n[{LONG}s \"h\"]\n[AVery \"i\"]\n*\n"
        );
        for general in [false, true] {
            let reader = PgnReader::new(text.as_bytes()).keeping_tags(&KEPT);
            let reader = if general {
                reader.by_general_steps()
            } else {
                reader
            };
            let games: Vec<RawGame> = reader.flatten().collect();
            let values: Vec<&str> = games[0].tags.iter().map(|t| t.value.as_str()).collect();
            assert_eq!(values, ["a", "d", "g"], "general steps: {general}");
        }
    }

    /// A reader that ignores comments reads every game as one that keeps them, but for the
    /// comments.
    #[test]
    fn ignored_comments_leave_the_rest_of_a_game_as_it_was() {
        let text = concat!(
            "[Event \"A\"]\n{before} 1. e4 { [%clk 0:03:00] } 1... e5 $1 {after a mark}\n",
            "2. Nf3 {a comment that runs\nover two lines} Nc6!? ; to the end\n",
            "3. Bb5 (3. Bc4 {in a variation}) a6 1-0 {after the result}\n\n",
            "{ Émile's remark } 1. d4 { [%clk 0:03:00] } *\n",
        );
        let kept = read_games(text);
        let ignored: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .ignoring_comments()
            .flatten()
            .collect();
        assert_eq!(kept.len(), ignored.len());
        assert!(kept.iter().map(|g| g.comments().count()).sum::<usize>() > 0);
        for (kept, ignored) in kept.iter().zip(&ignored) {
            assert_eq!(ignored.comments().count(), 0);
            assert_eq!(
                (&kept.tags, kept.variations, &kept.result, &kept.problems),
                (
                    &ignored.tags,
                    ignored.variations,
                    &ignored.result,
                    &ignored.problems
                )
            );
            assert_eq!(kept.moves.len(), ignored.moves.len());
            for (a, b) in kept.moves.iter().zip(&ignored.moves) {
                assert_eq!((&a.text, a.span, a.number), (&b.text, b.span, b.number));
                assert!(kept.annotations_of(a).eq(ignored.annotations_of(b)));
                assert_eq!(ignored.comments_of(b).count(), 0);
            }
        }
    }

    /// Games read into the lists of games handed back are the games read afresh: nothing of
    /// a recycled game (tags, moves, notes, result, problems) shows in the next.
    #[test]
    fn a_recycled_game_leaves_nothing_in_the_next() {
        let text = concat!(
            "[Event \"Long\"]\n[Site \"Here\"]\n[Result \"1-0\"]\n\n",
            "1. e4 {a comment} e5 $1 (1... c5 2. Nf3) 2. Nf3!? Nc6 3. Bb5 a6 1-0\n\n",
            "1. e4 e5 2. Qh5 ) Nc6 (2... g6 3. Qxf7# 1-0\n\n",
            "[Event \"Short\"]\n\n1. d4 *\n\n",
            "[Event \"After\"]\n\n1. c4 {one} 1/2-1/2\n",
        );
        let afresh = read_games(text);
        assert_eq!(afresh.len(), 4);
        assert!(afresh.iter().any(|game| !game.problems.is_empty()));
        // A small buffer hands each game out before the next is read, so that the next is
        // read into the lists of the last.
        let mut reader = PgnReader::new(io::BufReader::with_capacity(8, text.as_bytes()));
        let mut recycled = Vec::new();
        while let Some(game) = reader.next() {
            let game = game.unwrap();
            recycled.push(game.clone());
            reader.recycle(game);
        }
        assert_eq!(recycled, afresh);
        // A game whose lists grew past what a new game may start with is not kept.
        let huge = read_games(&format!("{}*", "e4 ".repeat(2000))).remove(0);
        let kept = reader.parser.spare.len();
        assert!(kept > 0);
        reader.recycle(huge);
        assert_eq!(reader.parser.spare.len(), kept);
    }
}
