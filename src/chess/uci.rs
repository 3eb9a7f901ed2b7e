//! UCI long algebraic notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`), the
//! form engines, tools and tests exchange moves in.

use std::fmt;
use std::str::FromStr;

use super::moves::Move;
use super::position::Position;
use super::types::{Role, Square};

/// A move in UCI form: origin, destination and an optional promotion piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// The text is not a UCI move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseUciError {
    pub token: String,
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a uci move: expected origin and destination squares and an optional promotion letter, such as e2e4 or e7e8q",
            self.token
        )
    }
}

impl std::error::Error for ParseUciError {}

/// The UCI move is well-formed but not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalUciError {
    pub uci: Uci,
}

impl fmt::Display for IllegalUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.uci)
    }
}

impl std::error::Error for IllegalUciError {}

impl Uci {
    pub fn from_move(mv: Move) -> Uci {
        Uci {
            from: mv.from(),
            to: mv.to(),
            promotion: mv.promotion_role(),
        }
    }

    /// The legal move of `pos` with these squares and promotion piece.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalUciError> {
        pos.legal_moves()
            .iter()
            .copied()
            .find(|mv| {
                mv.from() == self.from
                    && mv.to() == self.to
                    && mv.promotion_role() == self.promotion
            })
            .ok_or(IllegalUciError { uci: *self })
    }
}

impl FromStr for Uci {
    type Err = ParseUciError;

    fn from_str(token: &str) -> Result<Uci, ParseUciError> {
        let error = || ParseUciError {
            token: token.to_owned(),
        };
        if !token.is_ascii() || !(4..=5).contains(&token.len()) {
            return Err(error());
        }
        let from: Square = token[0..2].parse().map_err(|_| error())?;
        let to: Square = token[2..4].parse().map_err(|_| error())?;
        let promotion = match token[4..].chars().next() {
            None => None,
            Some(c @ ('q' | 'r' | 'b' | 'n')) => Role::from_char(c),
            Some(_) => return Err(error()),
        };
        Ok(Uci {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads a move in UCI notation and checks that it is legal here.
    pub fn parse_uci(&self, token: &str) -> Result<Move, ReadUciError> {
        let uci: Uci = token.parse().map_err(ReadUciError::Syntax)?;
        uci.to_move(self).map_err(ReadUciError::Illegal)
    }
}

/// Either kind of failure when reading UCI text against a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadUciError {
    Syntax(ParseUciError),
    Illegal(IllegalUciError),
}

impl fmt::Display for ReadUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadUciError::Syntax(err) => err.fmt(f),
            ReadUciError::Illegal(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ReadUciError {}
