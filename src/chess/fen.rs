//! Forsyth-Edwards Notation: reading and writing positions.
//!
//! A FEN has six fields: placement, side to move, castling rights, en passant square,
//! half-move clock and move number. The last two may be missing (as in EPD), and then default
//! to `0 1`; so may the two before them, which then default to `- -`. Writing gives back what was read: in particular an en passant square that no
//! capture can use stays in the FEN (only the repetition key ignores it).

use std::fmt;
use std::str::FromStr;

use super::board::Board;
use super::position::{CastlingRights, Position, PositionError, Setup};
use super::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// The FEN of the initial position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What was wrong with a FEN, field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text has no fields at all.
    Empty,
    /// A required field is missing.
    MissingField(&'static str),
    /// There are more than six fields; the first extra one is given.
    ExtraField(String),
    /// The placement field is wrong; the reason says where.
    Board(String),
    /// The side to move is not `w` or `b`.
    Turn(String),
    /// The castling field is not `-` or a set of `KQkq` letters.
    Castling(String),
    /// The en passant field is not `-` or a square.
    EnPassant(String),
    /// The half-move clock is not a non-negative number.
    HalfmoveClock(String),
    /// The move number is not a positive number.
    FullmoveNumber(String),
    /// The fields are well-formed but describe a position that cannot arise.
    Position(PositionError),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("empty fen: expected six fields, placement first"),
            ParseFenError::MissingField(name) => write!(f, "fen has no {name} field"),
            ParseFenError::ExtraField(text) => {
                write!(f, "fen has more than six fields: unexpected `{text}`")
            }
            ParseFenError::Board(reason) => write!(f, "invalid fen placement: {reason}"),
            ParseFenError::Turn(text) => {
                write!(
                    f,
                    "invalid side to move `{text}` in fen: expected `w` or `b`"
                )
            }
            ParseFenError::Castling(text) => write!(
                f,
                "invalid castling field `{text}` in fen: expected `-` or letters from `KQkq`, each at most once"
            ),
            ParseFenError::EnPassant(text) => write!(
                f,
                "invalid en passant field `{text}` in fen: expected `-` or a square on rank 3 or 6"
            ),
            ParseFenError::HalfmoveClock(text) => write!(
                f,
                "invalid half-move clock `{text}` in fen: expected a whole number from 0"
            ),
            ParseFenError::FullmoveNumber(text) => write!(
                f,
                "invalid move number `{text}` in fen: expected a whole number from 1"
            ),
            ParseFenError::Position(err) => write!(f, "impossible position in fen: {err}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

impl From<PositionError> for ParseFenError {
    fn from(err: PositionError) -> ParseFenError {
        ParseFenError::Position(err)
    }
}

/// The content of a FEN, read but not yet checked to be a possible position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fen(pub Setup);

impl Fen {
    pub fn from_position(pos: &Position) -> Fen {
        Fen(pos.to_setup())
    }

    /// Checks the set-up and makes it a position.
    pub fn into_position(self) -> Result<Position, PositionError> {
        Position::from_setup(self.0)
    }

    /// The position, with more material than a game can produce accepted (see
    /// [`Position::from_setup_with_extra_material`]).
    pub fn into_position_with_extra_material(self) -> Result<Position, PositionError> {
        Position::from_setup_with_extra_material(self.0)
    }
}

fn parse_board(text: &str) -> Result<Board, ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseFenError::Board(format!(
            "expected 8 ranks separated by `/`, found {}",
            ranks.len()
        )));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        // The first rank written is the eighth.
        let rank = Rank::ALL[7 - i];
        let mut file = 0u32;
        for c in rank_text.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n;
            } else if let Some(piece) = Piece::from_char(c) {
                if let Some(f) = File::new(file) {
                    board.put(Square::from_coords(f, rank), piece);
                }
                file += 1;
            } else {
                return Err(ParseFenError::Board(format!(
                    "unexpected `{c}` on rank {}: expected a piece letter (PNBRQK, pnbrqk) or a digit 1-8",
                    rank.char()
                )));
            }
            if file > 8 {
                return Err(ParseFenError::Board(format!(
                    "rank {} has more than 8 squares",
                    rank.char()
                )));
            }
        }
        if file < 8 {
            return Err(ParseFenError::Board(format!(
                "rank {} has {file} squares, expected 8",
                rank.char()
            )));
        }
    }
    Ok(board)
}

fn parse_castling(text: &str) -> Result<CastlingRights, ParseFenError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in text.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::KingSide),
            'Q' => (Color::White, CastlingSide::QueenSide),
            'k' => (Color::Black, CastlingSide::KingSide),
            'q' => (Color::Black, CastlingSide::QueenSide),
            _ => return Err(ParseFenError::Castling(text.to_owned())),
        };
        if rights.has(color, side) {
            return Err(ParseFenError::Castling(text.to_owned()));
        }
        rights = rights.with(color, side);
    }
    if rights.is_empty() {
        return Err(ParseFenError::Castling(text.to_owned()));
    }
    Ok(rights)
}

impl FromStr for Fen {
    type Err = ParseFenError;

    fn from_str(text: &str) -> Result<Fen, ParseFenError> {
        let mut fields = text.split_whitespace();
        let board = parse_board(fields.next().ok_or(ParseFenError::Empty)?)?;
        let turn = match fields
            .next()
            .ok_or(ParseFenError::MissingField("side to move"))?
        {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseFenError::Turn(other.to_owned())),
        };
        // A FEN cut after the side to move (as some tools and CHA's public test vector write
        // it) means no castling right and no en passant square, the values a position set up
        // by hand has unless it says otherwise.
        let castling = parse_castling(fields.next().unwrap_or("-"))?;
        let ep_square = match fields.next().unwrap_or("-") {
            "-" => None,
            text => {
                let sq: Square = text
                    .parse()
                    .map_err(|_| ParseFenError::EnPassant(text.to_owned()))?;
                if sq.rank() != Rank::THIRD && sq.rank() != Rank::SIXTH {
                    return Err(ParseFenError::EnPassant(text.to_owned()));
                }
                Some(sq)
            }
        };
        let halfmove_clock = match fields.next() {
            None => 0,
            Some(text) => text
                .parse::<u32>()
                .ok()
                .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| ParseFenError::HalfmoveClock(text.to_owned()))?,
        };
        let fullmove_number = match fields.next() {
            None => 1,
            Some(text) => text
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1 && text.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| ParseFenError::FullmoveNumber(text.to_owned()))?,
        };
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::ExtraField(extra.to_owned()));
        }
        Ok(Fen(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmove_clock,
            fullmove_number,
        }))
    }
}

impl Fen {
    /// Appends the FEN to `text`. It is written byte by byte into a buffer on the stack and
    /// added to the string at once, the placement from a table of the letter on each square
    /// filled from the piece sets: written character by character with the piece on each
    /// square asked of the board, a FEN cost about 2,000 instructions, and a scoresheet check
    /// writes one for every game.
    fn push_to(&self, text: &mut String) {
        let setup = &self.0;
        let mut letters = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = role.of(color);
                for sq in setup.board.by_piece(piece) {
                    letters[sq.index()] = piece.char() as u8;
                }
            }
        }
        let mut line = FenBytes::default();
        // The first rank written is the eighth; each rank's squares run from file a to h.
        // Only the occupied squares of a rank are visited, the empty ones between them
        // counted from their files: a rank holds a few pieces, and a test of every square
        // cost more than the rest of the line.
        let occupied = setup.board.occupied().0;
        for rank in (0..8).rev() {
            let mut row = (occupied >> (8 * rank)) as u8;
            let mut file = 0;
            while row != 0 {
                let next = row.trailing_zeros() as usize;
                if next > file {
                    line.push(b'0' + (next - file) as u8);
                }
                line.push(letters[rank * 8 + next]);
                file = next + 1;
                row &= row - 1;
            }
            if file < 8 {
                line.push(b'0' + (8 - file) as u8);
            }
            if rank > 0 {
                line.push(b'/');
            }
        }
        line.push(b' ');
        line.push(setup.turn.char() as u8);
        line.push(b' ');
        // The rights' bits are numbered in the order FEN writes their letters: tested one by
        // one, they cost a fifth of what the iterator over the rights did.
        let rights = setup.castling.bits();
        if rights == 0 {
            line.push(b'-');
        }
        for (bit, letter) in b"KQkq".iter().enumerate() {
            if rights & (1 << bit) != 0 {
                line.push(*letter);
            }
        }
        line.push(b' ');
        match setup.ep_square {
            Some(sq) => {
                line.push(sq.file().char() as u8);
                line.push(sq.rank().char() as u8);
            }
            None => line.push(b'-'),
        }
        line.push(b' ');
        line.push_number(setup.halfmove_clock);
        line.push(b' ');
        line.push_number(setup.fullmove_number);
        text.push_str(line.as_str());
    }
}

/// The bytes of one FEN as it is written: room for the longest (a full placement of 71
/// characters, the four short fields and two numbers of ten digits at most: 103 bytes),
/// rounded up to a power of two.
struct FenBytes {
    bytes: [u8; FEN_BYTES],
    len: usize,
}

/// The room of [`FenBytes`], a power of two so that a byte's place is masked into it.
const FEN_BYTES: usize = 128;

impl Default for FenBytes {
    fn default() -> FenBytes {
        FenBytes {
            bytes: [0; FEN_BYTES],
            len: 0,
        }
    }
}

impl FenBytes {
    /// Appends one ASCII byte (every byte of a FEN is one). The place is masked into the
    /// room rather than tested against it: no FEN is longer than the room, and the test of
    /// every byte cost about a fifth of writing a FEN.
    #[inline]
    fn push(&mut self, byte: u8) {
        self.bytes[self.len & (FEN_BYTES - 1)] = byte;
        self.len += 1;
    }

    /// Appends the decimal digits of `number`. The clocks and move numbers of real games
    /// have at most three digits, written here at once; longer ones are left to
    /// [`super::decimal_digits`], whose ten bytes and copy loop cost more than the rest of
    /// the two numbers.
    #[inline]
    fn push_number(&mut self, number: u32) {
        let digit = |n: u32| b'0' + (n % 10) as u8;
        match number {
            0..=9 => self.push(digit(number)),
            10..=99 => {
                self.push(digit(number / 10));
                self.push(digit(number));
            }
            100..=999 => {
                self.push(digit(number / 100));
                self.push(digit(number / 10));
                self.push(digit(number));
            }
            _ => {
                let (digits, at) = super::decimal_digits(number);
                for &digit in &digits[at..] {
                    self.push(digit);
                }
            }
        }
    }

    fn as_str(&self) -> &str {
        // Only ASCII bytes are written, so the text is always valid.
        std::str::from_utf8(&self.bytes[..self.len.min(FEN_BYTES)]).unwrap_or_default()
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(FEN_CAPACITY);
        self.push_to(&mut text);
        f.write_str(&text)
    }
}

/// Room for the FEN of nearly every position in one allocation.
const FEN_CAPACITY: usize = 96;

impl Position {
    /// Reads a FEN and checks that it is a position that can arise in a game.
    pub fn from_fen(text: &str) -> Result<Position, ParseFenError> {
        let fen: Fen = text.parse()?;
        Ok(fen.into_position()?)
    }

    /// [`Position::from_fen`] that accepts more material than a game can produce (see
    /// [`Position::from_setup_with_extra_material`]).
    pub fn from_fen_with_extra_material(text: &str) -> Result<Position, ParseFenError> {
        let fen: Fen = text.parse()?;
        Ok(fen.into_position_with_extra_material()?)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let mut text = String::with_capacity(FEN_CAPACITY);
        self.push_fen(&mut text);
        text
    }

    /// Appends the FEN of this position to `text`: for a caller that keeps a string from
    /// one position to the next.
    pub fn push_fen(&self, text: &mut String) {
        Fen::from_position(self).push_to(text);
    }
}

impl FromStr for Position {
    type Err = ParseFenError;

    fn from_str(text: &str) -> Result<Position, ParseFenError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Fen::from_position(self), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field is written back as it was read: full and empty ranks, each subset of
    /// castling rights, an en passant square, and numbers of one to ten digits.
    #[test]
    fn a_fen_is_written_back_as_read() {
        let fens = [
            STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 345",
            "r3k3/8/8/8/8/8/8/4K2R w Kq - 3 40",
            "4k2r/8/8/8/8/8/8/R3K3 b Qk - 99 4294967295",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
            "8/8/8/8/8/8/8/K6k w - - 4294967295 1",
            "7k/8/8/8/8/8/8/K7 b - - 0 10",
            "7k/8/8/8/8/8/8/K7 b - - 9 99",
            "7k/8/8/8/8/8/8/K7 b - - 10 100",
            "7k/8/8/8/8/8/8/K7 b - - 100 999",
            "7k/8/8/8/8/8/8/K7 b - - 999 1000",
            "7k/8/8/8/8/8/8/K7 b - - 1000 10000",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(pos.to_fen(), fen);
            assert_eq!(Fen::from_position(&pos).to_string(), fen);
        }
    }
}
