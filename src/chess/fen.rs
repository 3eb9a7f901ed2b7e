//! Forsyth-Edwards Notation: reading and writing positions.
//!
//! A FEN has six fields: placement, side to move, castling rights, en passant square,
//! half-move clock and move number. The last two may be missing (as in EPD), and then default
//! to `0 1`; so may the two before them, which then default to `- -`. Writing gives back what was read: in particular an en passant square that no
//! capture can use stays in the FEN (only the repetition key ignores it).

use std::fmt::{self, Write as _};
use std::str::FromStr;

use super::board::Board;
use super::position::{CastlingRights, Position, PositionError, Setup};
use super::san::push_number;
use super::types::{CastlingSide, Color, File, Piece, Rank, Square};

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
    /// Appends the FEN to `text`. It is built character by character into one string:
    /// written piece by piece through the formatting machinery, a FEN cost about 9,000
    /// instructions, and a scoresheet check writes one for every game.
    fn push_to(&self, text: &mut String) {
        let setup = &self.0;
        for (i, rank) in Rank::ALL.iter().rev().enumerate() {
            if i > 0 {
                text.push('/');
            }
            let mut empty = 0u8;
            for file in File::ALL {
                match setup.board.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
        }
        text.push(' ');
        text.push(setup.turn.char());
        text.push(' ');
        // Writing to a string cannot fail.
        let _ = write!(text, "{}", setup.castling);
        text.push(' ');
        match setup.ep_square {
            Some(sq) => {
                text.push(sq.file().char());
                text.push(sq.rank().char());
            }
            None => text.push('-'),
        }
        text.push(' ');
        push_number(text, setup.halfmove_clock);
        text.push(' ');
        push_number(text, setup.fullmove_number);
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
        Fen::from_position(self).push_to(&mut text);
        text
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
