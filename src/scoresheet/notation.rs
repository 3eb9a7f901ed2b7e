//! Human move notation as scoresheets write it (FIDE Laws, Appendix C), read into a form that
//! does not yet know the language of the piece letters.
//!
//! One token is one move: `Nf3`, `Sf3`, `♘f3`, `Ng1-f3`, `e2-e4`, `exd5`, `ed5`, `e5:d6`,
//! `exd6e.p.`, `d8Q`, `d8=Q`, `d8(Q)`, `d8/Q`, `0-0`, `O-O-O`, with `+`, `++` or `#`, and the
//! Chesmayne `$` form `PA5-$E02/E04`. Which piece a letter names depends on the language,
//! which the verifier decides once per scoresheet (see [`Language`]).

use std::fmt;

use crate::chess::{CastlingSide, File, Rank, Role, Square};

/// A language of piece letters (Laws, Appendix C.3, and the table in our laws summary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    English,
    German,
    French,
    Spanish,
    Portuguese,
    Dutch,
    Polish,
    Czech,
    Hungarian,
    Finnish,
    Russian,
}

impl Language {
    /// Every language, in the order preferred when several fit a scoresheet.
    pub const ALL: [Language; 11] = [
        Language::English,
        Language::German,
        Language::French,
        Language::Spanish,
        Language::Portuguese,
        Language::Dutch,
        Language::Polish,
        Language::Czech,
        Language::Hungarian,
        Language::Finnish,
        Language::Russian,
    ];

    /// The letters for king, queen, rook, bishop and knight.
    pub const fn letters(self) -> [&'static str; 5] {
        match self {
            Language::English => ["K", "Q", "R", "B", "N"],
            Language::German => ["K", "D", "T", "L", "S"],
            Language::French => ["R", "D", "T", "F", "C"],
            Language::Spanish => ["R", "D", "T", "A", "C"],
            Language::Portuguese => ["R", "D", "T", "B", "C"],
            Language::Dutch => ["K", "D", "T", "L", "P"],
            Language::Polish => ["K", "H", "W", "G", "S"],
            Language::Czech => ["K", "D", "V", "S", "J"],
            Language::Hungarian => ["K", "V", "B", "F", "H"],
            Language::Finnish => ["K", "D", "T", "L", "R"],
            Language::Russian => ["Кр", "Ф", "Л", "С", "К"],
        }
    }

    /// The piece a letter names in this language.
    pub fn role(self, letter: &str) -> Option<Role> {
        const ROLES: [Role; 5] = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ];
        self.letters()
            .iter()
            .position(|l| *l == letter)
            .map(|i| ROLES[i])
    }

    /// The name used in reports, with the languages that share these letters.
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German (also Swedish, Danish, Norwegian)",
            Language::French => "French",
            Language::Spanish => "Spanish (also Italian)",
            Language::Portuguese => "Portuguese",
            Language::Dutch => "Dutch",
            Language::Polish => "Polish",
            Language::Czech => "Czech",
            Language::Hungarian => "Hungarian",
            Language::Finnish => "Finnish",
            Language::Russian => "Russian",
        }
    }

    /// The language's own name alone, for machine-readable output.
    pub const fn label(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
            Language::French => "French",
            Language::Spanish => "Spanish",
            Language::Portuguese => "Portuguese",
            Language::Dutch => "Dutch",
            Language::Polish => "Polish",
            Language::Czech => "Czech",
            Language::Hungarian => "Hungarian",
            Language::Finnish => "Finnish",
            Language::Russian => "Russian",
        }
    }

    /// A short code for machine-readable output.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::French => "fr",
            Language::Spanish => "es",
            Language::Portuguese => "pt",
            Language::Dutch => "nl",
            Language::Polish => "pl",
            Language::Czech => "cs",
            Language::Hungarian => "hu",
            Language::Finnish => "fi",
            Language::Russian => "ru",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every piece letter of every language (the Russian king is the two letters `Кр`).
const LETTERS: [&str; 23] = [
    "K", "Q", "R", "B", "N", "D", "T", "L", "S", "F", "C", "A", "P", "H", "W", "G", "V", "J", "Ф",
    "Л", "С", "К", "Кр",
];

/// A piece letter as written, before the language says which piece it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Letter(u8);

impl Letter {
    fn from_char(c: char) -> Option<Letter> {
        // The positions of these characters in `LETTERS`.
        let index = match c {
            'K' => 0,
            'Q' => 1,
            'R' => 2,
            'B' => 3,
            'N' => 4,
            'D' => 5,
            'T' => 6,
            'L' => 7,
            'S' => 8,
            'F' => 9,
            'C' => 10,
            'A' => 11,
            'P' => 12,
            'H' => 13,
            'W' => 14,
            'G' => 15,
            'V' => 16,
            'J' => 17,
            'Ф' => 18,
            'Л' => 19,
            'С' => 20,
            'К' => 21,
            _ => return None,
        };
        Some(Letter(index))
    }

    const RUSSIAN_KING: Letter = Letter(22);

    pub fn as_str(self) -> &'static str {
        LETTERS[self.0 as usize]
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of piece letters, one bit each: a scoresheet's letters are gathered move by move
/// without searching a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LetterSet(u32);

impl LetterSet {
    pub fn insert(&mut self, letter: Letter) {
        self.0 |= 1 << letter.0;
    }

    /// The set of this letter alone, or the empty set.
    #[inline(always)]
    fn of(letter: Option<Letter>) -> LetterSet {
        LetterSet(letter.map_or(0, |letter| 1 << letter.0))
    }

    /// The letters of the set, in the order of their numbers.
    pub fn iter(self) -> impl Iterator<Item = Letter> {
        (0..LETTERS.len() as u8)
            .filter(move |&i| self.0 & (1 << i) != 0)
            .map(Letter)
    }
}

impl Extend<Letter> for LetterSet {
    fn extend<I: IntoIterator<Item = Letter>>(&mut self, letters: I) {
        for letter in letters {
            self.insert(letter);
        }
    }
}

/// The pieces each letter names in one language, looked up once per scoresheet rather than
/// by comparing strings at every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LetterTable([Option<Role>; LETTERS.len()]);

impl LetterTable {
    pub fn new(language: Language) -> LetterTable {
        let mut roles = [None; LETTERS.len()];
        for (i, letter) in LETTERS.iter().enumerate() {
            roles[i] = language.role(letter);
        }
        LetterTable(roles)
    }

    /// The table of `language`, built once per run: every game asks for several.
    pub fn of(language: Language) -> &'static LetterTable {
        static TABLES: std::sync::OnceLock<[LetterTable; 11]> = std::sync::OnceLock::new();
        let tables = TABLES.get_or_init(|| Language::ALL.map(LetterTable::new));
        // `ALL` lists the languages in declaration order, so a language's number is its place.
        &tables[language as usize]
    }

    #[inline]
    pub fn role(&self, mark: &PieceMark) -> Option<Role> {
        match mark {
            PieceMark::Letter(letter) => self.letter_role(*letter),
            PieceMark::Figurine(role) => Some(*role),
        }
    }

    /// The piece a letter names, as [`Language::role`] says for its text.
    #[inline]
    pub fn letter_role(&self, letter: Letter) -> Option<Role> {
        self.0[letter.0 as usize]
    }
}

/// A piece as the scoresheet names it, before the language is known.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PieceMark {
    /// A letter (or the two-letter Russian `Кр`), to be read in the scoresheet's language.
    Letter(Letter),
    /// A figurine, which means the same in every language.
    Figurine(Role),
}

impl PieceMark {
    /// The piece this mark names in `language`.
    pub fn role(&self, language: Language) -> Option<Role> {
        match self {
            PieceMark::Letter(letter) => language.role(letter.as_str()),
            PieceMark::Figurine(role) => Some(*role),
        }
    }
}

/// How a promotion piece was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionStyle {
    /// `d8Q`, as the FIDE Laws write it (C.11).
    Plain,
    /// `d8=Q`, as PGN writes it.
    Equals,
    /// `d8(Q)`.
    Parentheses,
    /// `d8/Q`.
    Slash,
}

/// The sign between origin and destination, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Separator {
    None,
    /// `-`: a move without capture in long notation.
    Hyphen,
    /// `x` or `:`: a capture.
    Capture,
}

/// A check or mate mark after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckMark {
    None,
    /// `+`
    Check,
    /// `++`: checkmate in the 2023 Laws (C.13.5), double check in older usage.
    DoublePlus,
    /// `#`
    Mate,
}

/// A Chesmayne piece code: `PA5` (the fifth pawn), `KT1`, `KI` (the king has no number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChesmayneCode {
    pub role: Role,
    pub number: Option<u8>,
}

impl fmt::Display for ChesmayneCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = match self.role {
            Role::Pawn => "PA",
            Role::Rook => "RO",
            Role::Knight => "KT",
            Role::Bishop => "BS",
            Role::Queen => "QU",
            Role::King => "KI",
        };
        f.write_str(code)?;
        if let Some(n) = self.number {
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// One move as written on a scoresheet.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Notation {
    Castle {
        side: CastlingSide,
        /// Written with zeros (`0-0`) rather than the letter O.
        zeros: bool,
        check: CheckMark,
    },
    Move {
        /// `None` for a pawn.
        piece: Option<PieceMark>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        separator: Separator,
        to: Square,
        promotion: Option<(PieceMark, PromotionStyle)>,
        /// `e.p.` written after the move.
        en_passant_mark: bool,
        check: CheckMark,
    },
    /// The Chesmayne `$` form: piece identity, origin and destination, and for a capture the
    /// identity of the captured piece.
    Chesmayne {
        code: ChesmayneCode,
        from: Square,
        to: Square,
        captured: Option<ChesmayneCode>,
        check: CheckMark,
    },
}

impl Notation {
    pub fn check_mark(&self) -> CheckMark {
        match self {
            Notation::Castle { check, .. }
            | Notation::Move { check, .. }
            | Notation::Chesmayne { check, .. } => *check,
        }
    }

    /// The piece letters this move uses (piece and promotion), for language detection.
    pub fn letters(&self) -> impl Iterator<Item = Letter> + '_ {
        let (piece, promotion) = match self {
            Notation::Move {
                piece, promotion, ..
            } => (piece.as_ref(), promotion.as_ref().map(|(p, _)| p)),
            _ => (None, None),
        };
        [piece, promotion]
            .into_iter()
            .flatten()
            .filter_map(|mark| match mark {
                PieceMark::Letter(letter) => Some(*letter),
                PieceMark::Figurine(_) => None,
            })
    }
}

/// The token is not a move in any notation we read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    pub token: String,
    /// 0-based index of the character where reading failed.
    pub index: usize,
    pub expected: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a move in any notation we read: at character {}, expected {}",
            super::pgn::quote(&self.token),
            self.index + 1,
            self.expected
        )
    }
}

impl std::error::Error for NotationError {}

fn figurine(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// No move in any notation is longer than this; longer tokens are refused without reading.
const MAX_TOKEN_CHARS: usize = 32;

/// Reads the check marks at the end of `chars` and returns them with the rest.
fn split_check(chars: &[char]) -> (&[char], CheckMark) {
    match chars {
        [rest @ .., '+', '+'] => (rest, CheckMark::DoublePlus),
        [rest @ .., '#'] => (rest, CheckMark::Mate),
        [rest @ .., '+'] => (rest, CheckMark::Check),
        _ => (chars, CheckMark::None),
    }
}

/// Reads one move token. Inline, so that the common case, one short shape, is read where
/// the caller takes it apart.
#[inline]
pub fn parse(token: &str) -> Result<Notation, NotationError> {
    // Nearly every token of a real record is plain English SAN; those shapes are read from the
    // bytes at once, and anything else goes to the reader of every notation.
    match parse_plain_san(token.as_bytes()) {
        Some(notation) => Ok(notation),
        None => parse_any(token),
    }
}

/// [`parse`] onto the end of `list`. The common notation is pushed where it is read: a value
/// handed back and then copied into the list was read back, in wider pieces than it was
/// written in, before the writes were done, which stalled the processor on every token.
#[inline]
pub fn parse_onto(token: &str, list: &mut Vec<Notation>) -> Result<(), NotationError> {
    if read_plain_san(token.as_bytes(), Push(list)).is_none() {
        list.push(parse_any(token)?);
    }
    Ok(())
}

/// For a token in one of the common shapes of SAN that [`parse`] reads without its full
/// reader: pushes its notation onto `list`, adds its piece letters to `letters` and returns
/// true; for any other token, returns false and changes nothing. The PGN reader calls this
/// for each move it has just read (see [`PgnReader::reading_notations`]), so that a check
/// does not go over the tokens again to read them; the letters are added where a shape
/// knows them, rather than looked for again in the notation.
///
/// [`PgnReader::reading_notations`]: super::pgn::PgnReader::reading_notations
#[inline(always)]
pub(crate) fn push_plain_san(
    token: &[u8],
    list: &mut Vec<Notation>,
    letters: &mut LetterSet,
) -> bool {
    read_plain_san(token, PushWithLetters(list, letters)).is_some()
}

/// The full reader, without the shortcut for plain SAN: the tests compare the two.
#[cfg(test)]
pub(crate) fn parse_without_shortcut(token: &str) -> Result<Notation, NotationError> {
    parse_any(token)
}

/// A piece letter of SAN (`K`, `Q`, `R`, `B`, `N`), as [`Letter::from_char`] reads it: these
/// are the first five of `LETTERS`.
fn san_letter(byte: u8) -> Option<Letter> {
    match byte {
        b'K' => Some(Letter(0)),
        b'Q' => Some(Letter(1)),
        b'R' => Some(Letter(2)),
        b'B' => Some(Letter(3)),
        b'N' => Some(Letter(4)),
        _ => None,
    }
}

/// Reads the common SAN shapes, `e4`, `exd5`, `Nf3`, `Nxf3`, `Nbd7`, `R1xa3`, `e8=Q`,
/// `exd8=Q`, `O-O`, `O-O-O`, each with an optional `+` or `#`, exactly as [`parse_any`]
/// reads them; `None` for every other token (the full reader then decides), so that a shape
/// missed here costs time, never a different reading.
#[inline(always)]
fn parse_plain_san(token: &[u8]) -> Option<Notation> {
    read_plain_san(token, Return)
}

/// [`push_plain_san`] for a token of `len` bytes, at most seven, read from `word`: the
/// token's bytes, the first in the lowest bits, and whatever follows them. The reader reads
/// most moves from one word of their line (see `pgn::lexical::short_plain_move_len`), and
/// the notation is read from that word in its register rather than from memory byte by
/// byte.
#[inline(always)]
pub(crate) fn push_plain_san_word(
    word: u64,
    len: usize,
    list: &mut Vec<Notation>,
    letters: &mut LetterSet,
) -> bool {
    read_plain_san_word(word, len, PushWithLetters(list, letters)).is_some()
}

/// For each byte, one more than the number of the SAN piece letter it is (see
/// [`san_letter`]), or zero: a piece letter of a word is looked up at once rather than
/// matched case by case.
static SAN_LETTER_NUMBERS: [u8; 256] = {
    let mut numbers = [0u8; 256];
    let letters = *b"KQRBN";
    let mut number = 0;
    while number < letters.len() {
        numbers[letters[number] as usize] = number as u8 + 1;
        number += 1;
    }
    numbers
};

/// [`san_letter`] by [`SAN_LETTER_NUMBERS`].
#[inline(always)]
fn san_letter_by_table(byte: u8) -> Option<Letter> {
    SAN_LETTER_NUMBERS[usize::from(byte)]
        .checked_sub(1)
        .map(Letter)
}

/// [`read_plain_san`] for a token of `len` bytes (at most seven) read from a word, as
/// [`push_plain_san_word`] has it; the same notation for the same token, and `None` for
/// the same tokens (the tests hold the two together).
#[inline(always)]
fn read_plain_san_word<E: Emit>(word: u64, len: usize, sink: E) -> Option<E::Output> {
    // Bytes are taken from the word by their place, which is kept below eight so that no
    // length can shift the word out.
    let byte = |at: usize| (word >> (8 * (at & 7))) as u8;
    let last = byte(len.wrapping_sub(1));
    // `+` and `#` are the only bytes that are `+` with the bit of eight set; nearly every
    // move has neither, and is told so by one test.
    let (len, check) = if last | 8 != b'+' {
        (len, CheckMark::None)
    } else {
        let body = len.wrapping_sub(1);
        // `++` and marks after marks are left to the full reader.
        if body == 0 || byte(body - 1) | 8 == b'+' {
            return None;
        }
        let check = if last == b'+' {
            CheckMark::Check
        } else {
            CheckMark::Mate
        };
        (body, check)
    };
    let file = |b: u8| File::new(u32::from(b.wrapping_sub(b'a')));
    let rank = |b: u8| Rank::new(u32::from(b.wrapping_sub(b'1')));
    // The square whose file is byte `at`: both bytes are taken down to their numbers at
    // once, and each must come out below eight.
    let square = |at: usize| {
        let pair = ((word >> (8 * (at & 7))) as u16).wrapping_sub(u16::from_le_bytes(*b"a1"));
        (pair & 0xf8f8 == 0).then(|| {
            Square::from_index_unchecked(u32::from(pair & 7) | u32::from(pair >> 5) & 0x38)
        })
    };
    let pawn = |from_file: Option<File>, to: Square, separator: Separator, promotion| {
        plain_pawn(from_file, to, separator, promotion, check)
    };
    let promotion = |byte: u8| match byte {
        b'K' => None,
        _ => san_letter_by_table(byte),
    };
    let promoted = |letter: Letter| Some((PieceMark::Letter(letter), PromotionStyle::Equals));
    let piece = |letter: Letter, from_file, from_rank, separator, to| {
        plain_piece(letter, from_file, from_rank, separator, to, check)
    };
    let castle = |side| Notation::Castle {
        side,
        zeros: false,
        check,
    };
    let none = LetterSet::default();
    let one = |letter: Letter| LetterSet::of(Some(letter));
    // The first bytes of the word, to be compared with castling.
    let first = |count: usize| word & ((1u64 << (8 * count)) - 1);
    // The shapes are told apart in the order of `read_plain_san`'s patterns, as a token
    // that fits a shape is read by it alone; the lengths are asked in the order of how
    // common they are (`Nf3`, `exd5`, `e4`).
    Some(if len == 3 {
        // `O` is no piece letter, so a piece's move is told first, castling after.
        if let Some(letter) = san_letter_by_table(byte(0)) {
            let to = square(1)?;
            sink.emit(piece(letter, None, None, Separator::None, to), one(letter))
        } else if first(3) == u64::from_le_bytes(*b"O-O\0\0\0\0\0") {
            sink.emit(castle(CastlingSide::KingSide), none)
        } else {
            return None;
        }
    } else if len == 4 {
        if byte(1) == b'x' {
            match file(byte(0)) {
                Some(from) => {
                    sink.emit(pawn(Some(from), square(2)?, Separator::Capture, None), none)
                }
                None => {
                    let (letter, to) = (san_letter_by_table(byte(0))?, square(2)?);
                    sink.emit(
                        piece(letter, None, None, Separator::Capture, to),
                        one(letter),
                    )
                }
            }
        } else if byte(2) == b'=' {
            let (to, letter) = (square(0)?, promotion(byte(3))?);
            sink.emit(
                pawn(None, to, Separator::None, promoted(letter)),
                one(letter),
            )
        } else {
            let (letter, to) = (san_letter_by_table(byte(0))?, square(2)?);
            match (file(byte(1)), rank(byte(1))) {
                (Some(from), _) => sink.emit(
                    piece(letter, Some(from), None, Separator::None, to),
                    one(letter),
                ),
                (_, Some(from)) => sink.emit(
                    piece(letter, None, Some(from), Separator::None, to),
                    one(letter),
                ),
                _ => return None,
            }
        }
    } else if len == 2 {
        sink.emit(pawn(None, square(0)?, Separator::None, None), none)
    } else if len == 5 {
        if first(5) == u64::from_le_bytes(*b"O-O-O\0\0\0") {
            sink.emit(castle(CastlingSide::QueenSide), none)
        } else if byte(2) == b'x' {
            let (letter, to) = (san_letter_by_table(byte(0))?, square(3)?);
            match (file(byte(1)), rank(byte(1))) {
                (Some(from), _) => sink.emit(
                    piece(letter, Some(from), None, Separator::Capture, to),
                    one(letter),
                ),
                (_, Some(from)) => sink.emit(
                    piece(letter, None, Some(from), Separator::Capture, to),
                    one(letter),
                ),
                _ => return None,
            }
        } else {
            return None;
        }
    } else if len == 6 && byte(1) == b'x' && byte(4) == b'=' {
        let (from, to, letter) = (file(byte(0))?, square(2)?, promotion(byte(5))?);
        sink.emit(
            pawn(Some(from), to, Separator::Capture, promoted(letter)),
            one(letter),
        )
    } else {
        return None;
    })
}

/// Where [`read_plain_san`] hands the notation it has read, with its piece letters. A trait
/// rather than a closure, so that each shape has the hand-over inlined: a closure that
/// pushed was made a call of its own, and a notation handed back to be pushed in one place
/// was put together from every shape's fields and spilled before it was written.
trait Emit {
    type Output;
    fn emit(self, notation: Notation, letters: LetterSet) -> Self::Output;
}

/// Hands the notation back.
struct Return;

impl Emit for Return {
    type Output = Notation;

    #[inline(always)]
    fn emit(self, notation: Notation, _: LetterSet) -> Notation {
        notation
    }
}

/// Pushes the notation onto a list.
struct Push<'a>(&'a mut Vec<Notation>);

impl Emit for Push<'_> {
    type Output = ();

    #[inline(always)]
    fn emit(self, notation: Notation, _: LetterSet) {
        self.0.push(notation);
    }
}

/// Pushes the notation onto a list and adds its letters to a set.
struct PushWithLetters<'a>(&'a mut Vec<Notation>, &'a mut LetterSet);

impl Emit for PushWithLetters<'_> {
    type Output = ();

    #[inline(always)]
    fn emit(self, notation: Notation, letters: LetterSet) {
        self.0.push(notation);
        self.1.0 |= letters.0;
    }
}

/// [`parse_plain_san`], handing the notation to `sink` where it is made. Each shape hands
/// over a notation of its own, most of whose fields are constants: pushed onto a
/// list there (see [`parse_onto`]), they are written as such, where one notation put
/// together from every shape's fields was held in registers and spilled field by field
/// before it was written. With the notation goes the set of its piece letters (those of
/// the piece and of the promotion piece, as [`Notation::letters`] lists them).
/// A pawn's move in plain SAN, as both plain readers build it.
#[inline(always)]
fn plain_pawn(
    from_file: Option<File>,
    to: Square,
    separator: Separator,
    promotion: Option<(PieceMark, PromotionStyle)>,
    check: CheckMark,
) -> Notation {
    Notation::Move {
        piece: None,
        from_file,
        from_rank: None,
        separator,
        to,
        promotion,
        en_passant_mark: false,
        check,
    }
}

/// A piece's move in plain SAN, as both plain readers build it.
#[inline(always)]
fn plain_piece(
    letter: Letter,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    separator: Separator,
    to: Square,
    check: CheckMark,
) -> Notation {
    Notation::Move {
        piece: Some(PieceMark::Letter(letter)),
        from_file,
        from_rank,
        separator,
        to,
        promotion: None,
        en_passant_mark: false,
        check,
    }
}

#[inline(always)]
fn read_plain_san<E: Emit>(token: &[u8], sink: E) -> Option<E::Output> {
    let (body, check) = match token {
        // `++` and marks after marks are left to the full reader.
        [.., b'+' | b'#', b'+' | b'#'] => return None,
        [rest @ .., b'+'] => (rest, CheckMark::Check),
        [rest @ .., b'#'] => (rest, CheckMark::Mate),
        _ => (token, CheckMark::None),
    };
    let file = |b: u8| File::from_char(b as char);
    let rank = |b: u8| Rank::from_char(b as char);
    let square = |f: u8, r: u8| Some(Square::from_coords(file(f)?, rank(r)?));
    let pawn = |from_file: Option<File>, to: Square, separator: Separator, promotion| {
        plain_pawn(from_file, to, separator, promotion, check)
    };
    let promotion = |byte: u8| match byte {
        b'K' => None,
        _ => san_letter(byte),
    };
    let promoted = |letter: Letter| Some((PieceMark::Letter(letter), PromotionStyle::Equals));
    let piece = |letter: Letter, from_file, from_rank, separator, to| {
        plain_piece(letter, from_file, from_rank, separator, to, check)
    };
    let castle = |side| Notation::Castle {
        side,
        zeros: false,
        check,
    };
    let none = LetterSet::default();
    let one = |letter: Letter| LetterSet::of(Some(letter));
    Some(match *body {
        [f, r] => sink.emit(pawn(None, square(f, r)?, Separator::None, None), none),
        [b'O', b'-', b'O'] => sink.emit(castle(CastlingSide::KingSide), none),
        [p, f, r] => {
            let (letter, to) = (san_letter(p)?, square(f, r)?);
            sink.emit(piece(letter, None, None, Separator::None, to), one(letter))
        }
        [from, b'x', f, r] => match file(from) {
            Some(from) => sink.emit(
                pawn(Some(from), square(f, r)?, Separator::Capture, None),
                none,
            ),
            None => {
                let (letter, to) = (san_letter(from)?, square(f, r)?);
                sink.emit(
                    piece(letter, None, None, Separator::Capture, to),
                    one(letter),
                )
            }
        },
        [f, r, b'=', p] => {
            let (to, letter) = (square(f, r)?, promotion(p)?);
            sink.emit(
                pawn(None, to, Separator::None, promoted(letter)),
                one(letter),
            )
        }
        [p, from, f, r] => {
            let (letter, to) = (san_letter(p)?, square(f, r)?);
            match (file(from), rank(from)) {
                (Some(from), _) => sink.emit(
                    piece(letter, Some(from), None, Separator::None, to),
                    one(letter),
                ),
                (_, Some(from)) => sink.emit(
                    piece(letter, None, Some(from), Separator::None, to),
                    one(letter),
                ),
                _ => return None,
            }
        }
        [b'O', b'-', b'O', b'-', b'O'] => sink.emit(castle(CastlingSide::QueenSide), none),
        [p, from, b'x', f, r] => {
            let (letter, to) = (san_letter(p)?, square(f, r)?);
            match (file(from), rank(from)) {
                (Some(from), _) => sink.emit(
                    piece(letter, Some(from), None, Separator::Capture, to),
                    one(letter),
                ),
                (_, Some(from)) => sink.emit(
                    piece(letter, None, Some(from), Separator::Capture, to),
                    one(letter),
                ),
                _ => return None,
            }
        }
        [from, b'x', f, r, b'=', p] => {
            let (from, to, letter) = (file(from)?, square(f, r)?, promotion(p)?);
            sink.emit(
                pawn(Some(from), to, Separator::Capture, promoted(letter)),
                one(letter),
            )
        }
        _ => return None,
    })
}

/// Reads one move token in any notation we read. Out of line: the common tokens never come
/// here, and keeping its many locals out of [`parse`] keeps that call cheap.
#[inline(never)]
fn parse_any(token: &str) -> Result<Notation, NotationError> {
    // Every move fits in a small buffer on the stack: this runs once per half-move of every
    // game checked, so it avoids allocating.
    let mut buffer = ['\0'; MAX_TOKEN_CHARS];
    let mut len = 0;
    for c in token.chars() {
        if len == MAX_TOKEN_CHARS {
            return Err(NotationError {
                token: token.to_owned(),
                index: MAX_TOKEN_CHARS,
                expected: "a move (this text is far too long for one)",
            });
        }
        buffer[len] = c;
        len += 1;
    }
    let chars = &buffer[..len];
    let error = |index: usize, expected: &'static str| NotationError {
        token: token.to_owned(),
        index: index.min(chars.len()),
        expected,
    };
    if chars.is_empty() {
        return Err(error(0, "a move"));
    }
    if chars.contains(&'$') {
        return parse_chesmayne(token, chars);
    }
    // Chesmayne castling `%K` / `%Q`, and a mate mark `++A` / `++B` naming the winner.
    let (chars, check) = match chars {
        [rest @ .., '+', '+', 'A' | 'B'] => (rest, CheckMark::Mate),
        other => split_check(other),
    };
    let castle = match chars {
        ['O', '-', 'O'] | ['o', '-', 'o'] | ['%', 'K'] => Some((CastlingSide::KingSide, false)),
        ['0', '-', '0'] => Some((CastlingSide::KingSide, true)),
        ['O', '-', 'O', '-', 'O'] | ['o', '-', 'o', '-', 'o'] | ['%', 'Q'] => {
            Some((CastlingSide::QueenSide, false))
        }
        ['0', '-', '0', '-', '0'] => Some((CastlingSide::QueenSide, true)),
        _ => None,
    };
    if let Some((side, zeros)) = castle {
        return Ok(Notation::Castle { side, zeros, check });
    }

    // An en passant mark at the end: `e.p.`, `e.p`, `ep`, `(ep)`.
    let mut end = chars.len();
    let mut en_passant_mark = false;
    const SUFFIXES: [&[char]; 5] = [
        &['(', 'e', '.', 'p', '.', ')'],
        &['e', '.', 'p', '.'],
        &['e', '.', 'p'],
        &['(', 'e', 'p', ')'],
        &['e', 'p'],
    ];
    // Every en passant mark has a `p`, which no other part of a move has.
    let suffixes: &[&[char]] = if chars.contains(&'p') { &SUFFIXES } else { &[] };
    for suffix in suffixes {
        if end > suffix.len() + 1 && chars[..end].ends_with(suffix) {
            end -= suffix.len();
            en_passant_mark = true;
            break;
        }
    }
    // A check mark may also stand before the en passant mark (`exd6+e.p.`).
    let (chars, check) = match check {
        CheckMark::None if en_passant_mark => split_check(&chars[..end]),
        _ => (&chars[..end], check),
    };

    let mut i = 0;
    let piece = match chars.first() {
        Some(&c) if figurine(c).is_some_and(|r| r != Role::Pawn) => {
            i = 1;
            figurine(c).map(PieceMark::Figurine)
        }
        Some('♙' | '♟') => {
            i = 1;
            None
        }
        Some('К') if chars.get(1) == Some(&'р') => {
            i = 2;
            Some(PieceMark::Letter(Letter::RUSSIAN_KING))
        }
        Some(&c) if c.is_uppercase() && Letter::from_char(c).is_some() => {
            i = 1;
            Letter::from_char(c).map(PieceMark::Letter)
        }
        _ => None,
    };

    // Coordinates: up to two squares' worth of file and rank characters, with an optional
    // separator between origin and destination.
    // At most four, kept on the stack: this runs for every token of every game.
    let mut coord_slots = [(0usize, '\0'); 4];
    let mut count = 0;
    let mut separator = Separator::None;
    let mut separator_at = None;
    while let Some(&c) = chars.get(i) {
        match c {
            'a'..='h' | '1'..='8' if count < 4 => {
                coord_slots[count] = (i, c);
                count += 1;
            }
            '-' | 'x' | ':' | '×' if separator_at.is_none() && count > 0 => {
                separator = if c == '-' {
                    Separator::Hyphen
                } else {
                    Separator::Capture
                };
                separator_at = Some(count);
            }
            'x' | ':' | '×' if separator_at.is_none() && count == 0 => {
                separator = Separator::Capture;
                separator_at = Some(0);
            }
            _ => break,
        }
        i += 1;
    }
    let coords = &coord_slots[..count];
    if coords.len() < 2 {
        return Err(error(i, "a destination square such as e4"));
    }
    let dest = &coords[coords.len() - 2..];
    let (Some(to_file), Some(to_rank)) = (File::from_char(dest[0].1), Rank::from_char(dest[1].1))
    else {
        return Err(error(dest[0].0, "a destination square such as e4"));
    };
    let origin = &coords[..coords.len() - 2];
    if separator_at.is_some_and(|n| n != origin.len()) {
        return Err(error(
            dest[0].0,
            "the separator right before the destination square",
        ));
    }
    let (from_file, from_rank) = match origin {
        [] => (None, None),
        [(index, c)] => match (File::from_char(*c), Rank::from_char(*c)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return Err(error(*index, "a file or rank")),
        },
        [(fi, f), (ri, r)] => match (File::from_char(*f), Rank::from_char(*r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            (None, _) => return Err(error(*fi, "a file a-h")),
            (_, None) => return Err(error(*ri, "a rank 1-8")),
        },
        _ => return Err(error(origin[0].0, "a move such as Nf3 or e2-e4")),
    };

    // Promotion: `Q`, `=Q`, `(Q)`, `/Q`, with any piece letter or figurine.
    let mut promotion = None;
    let rest = &chars[i..];
    let (style, mark_at, len) = match rest {
        [] => (None, 0, 0),
        ['=', ..] => (Some(PromotionStyle::Equals), 1, 2),
        ['/', ..] => (Some(PromotionStyle::Slash), 1, 2),
        ['(', _, ')', ..] => (Some(PromotionStyle::Parentheses), 1, 3),
        _ => (Some(PromotionStyle::Plain), 0, 1),
    };
    if let Some(style) = style {
        let c = rest.get(mark_at).copied().unwrap_or(' ');
        let mark = if let Some(role) = figurine(c) {
            PieceMark::Figurine(role)
        } else if let Some(letter) = Letter::from_char(c).filter(|_| c.is_uppercase()) {
            PieceMark::Letter(letter)
        } else {
            return Err(error(
                i + mark_at,
                "a promotion piece, or the end of the move",
            ));
        };
        promotion = Some((mark, style));
        i += len;
    }
    if i < chars.len() {
        return Err(error(
            i,
            "the end of the move (check marks + ++ #, or e.p.)",
        ));
    }
    Ok(Notation::Move {
        piece,
        from_file,
        from_rank,
        separator,
        to: Square::from_coords(to_file, to_rank),
        promotion,
        en_passant_mark,
        check,
    })
}

/// Reads the Chesmayne `$` form: `PA5-$E02/E04`, `BS2-$C03*F04-PA4`, with an optional check
/// or mate mark (`+`, `++A`, `++B`).
fn parse_chesmayne(token: &str, chars: &[char]) -> Result<Notation, NotationError> {
    let error = |index: usize, expected: &'static str| NotationError {
        token: token.to_owned(),
        index: index.min(chars.len()),
        expected,
    };
    let (chars, check) = match chars {
        [rest @ .., '+', '+', 'A' | 'B'] => (rest, CheckMark::Mate),
        other => split_check(other),
    };
    let mut i = 0;
    let code = chesmayne_code(chars, &mut i).ok_or(error(0, "a piece code such as PA5 or KT1"))?;
    if chars.get(i) != Some(&'-') || chars.get(i + 1) != Some(&'$') {
        return Err(error(i, "`-$` after the piece code"));
    }
    i += 2;
    let from = chesmayne_square(chars, &mut i).ok_or(error(i, "a square such as E02"))?;
    let (to, captured) = match chars.get(i) {
        Some('/') => {
            i += 1;
            let to = chesmayne_square(chars, &mut i).ok_or(error(i, "a square such as E04"))?;
            (to, None)
        }
        Some('*') => {
            i += 1;
            let to = chesmayne_square(chars, &mut i).ok_or(error(i, "a square such as F04"))?;
            if chars.get(i) != Some(&'-') {
                return Err(error(i, "`-` and the captured piece's code"));
            }
            i += 1;
            let captured =
                chesmayne_code(chars, &mut i).ok_or(error(i, "the captured piece's code"))?;
            (to, Some(captured))
        }
        _ => return Err(error(i, "`/` or `*` before the destination")),
    };
    if i < chars.len() {
        return Err(error(i, "the end of the move"));
    }
    Ok(Notation::Chesmayne {
        code,
        from,
        to,
        captured,
        check,
    })
}

fn chesmayne_code(chars: &[char], i: &mut usize) -> Option<ChesmayneCode> {
    let role = match (chars.get(*i)?, chars.get(*i + 1)?) {
        ('P', 'A') => Role::Pawn,
        ('R', 'O') => Role::Rook,
        ('K', 'T') => Role::Knight,
        ('B', 'S') => Role::Bishop,
        ('Q', 'U') => Role::Queen,
        ('K', 'I') => Role::King,
        _ => return None,
    };
    *i += 2;
    let number = match chars.get(*i).and_then(|c| c.to_digit(10)) {
        Some(n) if role != Role::King => {
            *i += 1;
            Some(n as u8)
        }
        _ => None,
    };
    if role != Role::King && number.is_none() {
        return None;
    }
    Some(ChesmayneCode { role, number })
}

/// A square as Chesmayne writes it: an upper-case file and a two-digit rank (`E02`).
fn chesmayne_square(chars: &[char], i: &mut usize) -> Option<Square> {
    let file = File::from_char(chars.get(*i)?.to_ascii_lowercase())?;
    let tens = chars.get(*i + 1)?.to_digit(10)?;
    let units = chars.get(*i + 2)?.to_digit(10)?;
    let rank = Rank::new((tens * 10 + units).checked_sub(1)?)?;
    *i += 3;
    Some(Square::from_coords(file, rank))
}

/// The Chesmayne identity of the piece that starts on `sq` in the initial position, if any:
/// White numbers from the a-file to the h-file, Black from the h-file to the a-file.
pub fn chesmayne_identity(color: crate::chess::Color, sq: Square) -> Option<ChesmayneCode> {
    let home = Rank::FIRST.relative_to(color);
    let pawns = Rank::SECOND.relative_to(color);
    // Counted from the owner's left: a-file first for White, h-file first for Black.
    let from_left = match color {
        crate::chess::Color::White => sq.file().index(),
        crate::chess::Color::Black => 7 - sq.file().index(),
    } as u8;
    if sq.rank() == pawns {
        return Some(ChesmayneCode {
            role: Role::Pawn,
            number: Some(from_left + 1),
        });
    }
    if sq.rank() != home {
        return None;
    }
    // Pieces in file order a..h: R N B Q K B N R. For Black counted from the h-file the
    // queen stays on d8 and the king on e8 (as the source gives them), so look the role up
    // by file and number the pairs by the owner's left-to-right order.
    let role = match sq.file().index() {
        0 | 7 => Role::Rook,
        1 | 6 => Role::Knight,
        2 | 5 => Role::Bishop,
        3 => Role::Queen,
        _ => Role::King,
    };
    let number = match role {
        Role::King => None,
        Role::Queen => Some(1),
        _ => Some(if from_left < 4 { 1 } else { 2 }),
    };
    Some(ChesmayneCode { role, number })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What [`parse_onto`] leaves on a list that held one notation already.
    fn pushed(token: &str) -> (Vec<Notation>, Option<NotationError>) {
        let mut list = vec![Notation::Castle {
            side: CastlingSide::KingSide,
            zeros: true,
            check: CheckMark::None,
        }];
        let error = parse_onto(token, &mut list).err();
        (list, error)
    }

    /// What the reader's push of a plain SAN token leaves on a list that held one notation
    /// already, and the letters it adds to a set that held one: from the token's bytes, and
    /// from a word of them followed by `after` (the bytes that follow a token on its line).
    fn pushed_plain(token: &[u8], after: u64) -> [(Vec<Notation>, LetterSet, bool); 2] {
        let start = || {
            let list = vec![Notation::Castle {
                side: CastlingSide::QueenSide,
                zeros: false,
                check: CheckMark::Mate,
            }];
            let mut letters = LetterSet::default();
            letters.insert(Letter::RUSSIAN_KING);
            (list, letters)
        };
        let (mut list, mut letters) = start();
        let read = push_plain_san(token, &mut list, &mut letters);
        let by_bytes = (list, letters, read);
        let mut bytes = [0u8; 8];
        bytes[..token.len().min(8)].copy_from_slice(&token[..token.len().min(8)]);
        let len = token.len();
        let word = match len {
            0..8 => u64::from_le_bytes(bytes) | after.checked_shl(8 * len as u32).unwrap_or(0),
            _ => u64::from_le_bytes(bytes),
        };
        let (mut list, mut letters) = start();
        let read = push_plain_san_word(word, len, &mut list, &mut letters);
        [by_bytes, (list, letters, read)]
    }

    /// The reader's push of a token of at most seven bytes, from its bytes or from a word,
    /// pushes the notation that [`parse`] reads, with its letters, or nothing; and it
    /// pushes for every token of the common SAN shapes.
    fn plain_push_agrees_with_parse(token: &str, after: u64) -> Result<(), TestCaseError> {
        for (list, letters, read) in pushed_plain(token.as_bytes(), after) {
            let mut expected = LetterSet::default();
            expected.insert(Letter::RUSSIAN_KING);
            if read {
                let notation = parse(token);
                prop_assert_eq!(list.len(), 2, "{:?}", token);
                prop_assert_eq!(list.last(), notation.as_ref().ok(), "{:?}", token);
                expected.extend(list[1].letters());
            } else {
                prop_assert_eq!(list.len(), 1, "{:?}", token);
            }
            prop_assert_eq!(letters, expected, "{:?}", token);
            prop_assert_eq!(
                read,
                parse_plain_san(token.as_bytes()).is_some(),
                "{:?}",
                token
            );
        }
        Ok(())
    }

    /// A notation is pushed exactly when [`parse`] reads one, and it is that notation.
    fn agrees_with_parse(token: &str) -> Result<(), TestCaseError> {
        let (list, error) = pushed(token);
        match parse(token) {
            Ok(notation) => {
                prop_assert_eq!(list.len(), 2, "{:?}", token);
                prop_assert_eq!(list.last(), Some(&notation), "{:?}", token);
                prop_assert_eq!(error, None, "{:?}", token);
            }
            Err(expected) => {
                prop_assert_eq!(list.len(), 1, "{:?}", token);
                prop_assert_eq!(error, Some(expected), "{:?}", token);
            }
        }
        Ok(())
    }

    #[test]
    fn every_plain_san_shape_is_pushed_as_parse_reads_it() {
        for token in [
            "e4", "e4+", "exd5", "exd5#", "Nf3", "Nxf3", "Nbd7", "N1d7", "Rbxa3", "R1xa3+", "e8=Q",
            "e8=K", "exd8=N#", "O-O", "O-O-O+", "Kxe2", "bxc3", "Bxc3", "Qh4e1", "Ke1++", "e4+#",
            "i4", "e9", "Xe4", "Nix4", "Nbxd9", "axb", "a=Q", "e8=X", "0-0", "", "x", "Oh-O",
        ] {
            agrees_with_parse(token).unwrap();
            plain_push_agrees_with_parse(token, 0).unwrap();
            plain_push_agrees_with_parse(token, u64::MAX).unwrap();
        }
        // Every plain shape is read by the reader's push, with the letters of its piece and
        // of its promotion piece.
        for (token, letters) in [
            ("e4", ""),
            ("exd5+", ""),
            ("Nf3", "N"),
            ("Kxe2#", "K"),
            ("Rbd1", "R"),
            ("R1xa3", "R"),
            ("e8=Q", "Q"),
            ("exd8=N+", "N"),
            ("O-O", ""),
            ("O-O-O#", ""),
        ] {
            for (list, set, read) in pushed_plain(token.as_bytes(), u64::from(b' ')) {
                assert!(read, "{token}");
                let mut expected = LetterSet::default();
                expected.insert(Letter::RUSSIAN_KING);
                expected.extend(letters.chars().filter_map(Letter::from_char));
                assert_eq!((list.len(), set), (2, expected), "{token}");
            }
        }
    }

    proptest! {
        #[test]
        fn a_token_is_pushed_as_parse_reads_it(
            token in "[KQRBNO0xa-hi1-9=+#-]{0,7}",
            after in any::<u64>(),
        ) {
            agrees_with_parse(&token)?;
            plain_push_agrees_with_parse(&token, after)?;
        }

        #[test]
        fn a_short_token_is_pushed_by_the_reader_as_parse_reads_it(
            token in "[KQRBNSOo0xa-hi0-9=+#(/.@_ -]{0,7}",
            after in any::<u64>(),
        ) {
            plain_push_agrees_with_parse(&token, after)?;
        }
    }
}
