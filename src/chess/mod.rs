//! The rules engine: the FIDE Laws of Chess as code (std only). It knows nothing of
//! tournaments, files, databases, HTML or the command line.
//!
//! [`Position`] is a legal position (what a FEN holds) with legal move generation and
//! make-move; [`Game`] adds the history that repetitions and automatic endings need; [`San`]
//! and [`Uci`] read and write moves; [`RepetitionKey`] hashes what FIDE 9.2.3 compares.
//!
//! ```
//! use arbiter::chess::{Game, Position};
//!
//! let mut game = Game::new(Position::new());
//! for token in ["f3", "e5", "g4", "Qh4#"] {
//!     let mv = game.position().parse_san(token).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.ending().map(|e| e.name()), Some("checkmate"));
//! ```

pub mod attacks;
mod bitboard;
mod board;
mod claim;
mod fen;
mod game;
mod laws;
mod movegen;
mod moves;
mod position;
mod san;
mod types;
mod uci;
mod winnable;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use claim::{
    ClaimError, ClaimJudgement, ClaimKind, ClaimOpportunity, FiftyMovesEvidence, ThreefoldEvidence,
};
pub use fen::{Fen, ParseFenError, STARTING_FEN};
pub use game::{DeadReason, Ending, Game};
pub use laws::{Laws, ParseLawsError, ParseRateError, Rate};
pub use moves::{Move, MoveKind, MoveList};
pub(crate) use position::line_through;
pub use position::{CastlingRights, IllegalMoveError, MoveStatus, Position, PositionError, Setup};
pub use san::{
    ParseSanError, ParseSanErrorKind, ReadSanError, San, SanDeviation, SanError, SanPlus, Suffix,
};
pub use types::{ByColor, CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square};
pub use uci::{IllegalUciError, ParseUciError, ReadUciError, Uci};
pub use winnable::{
    Budget, QUICK_NODES, QuickStage, Verdict, is_dead_position, quick_helpmate, quick_unwinnable,
    winnability, winnability_after, winnability_within,
};
pub use zobrist::RepetitionKey;

/// The decimal digits of `number`: the array's bytes from the index returned. The writers of
/// FEN and of helpmate lines write their numbers with it rather than through the formatting
/// machinery, which was a large part of their time.
pub(crate) fn decimal_digits(number: u32) -> ([u8; 10], usize) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = number;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    (digits, at)
}

#[cfg(test)]
mod tests;
