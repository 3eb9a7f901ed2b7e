//! Standard Algebraic Notation (SAN), as the PGN standard (section 8.2.3) and FIDE Laws
//! Appendix C write moves: `e4`, `Nbd7`, `exd6`, `R1e2`, `e8=Q+`, `O-O-O#`.
//!
//! Reading happens in two steps, each with its own error type, as in shakmaty:
//! [`San::from_str`] checks the syntax only ([`ParseSanError`]); [`San::to_move`] then finds the
//! one legal move the text describes ([`SanError`]: none, or several). The matcher is lenient
//! about what does not change the move (a missing or wrong `x`, an origin square given that
//! was not needed) and reports those as [`SanDeviation`]s, so that a lenient human-notation
//! reader can sit on top of it; [`SanPlus::to_move_strict`] refuses any deviation, which is
//! what "strict SAN" means.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::types::{CastlingSide, Color, File, Rank, Role, Square};

/// A move as SAN writes it, without check or mate mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    Castle(CastlingSide),
}

/// The mark after a move: `+` for check, `#` for checkmate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    Check,
    Checkmate,
}

impl Suffix {
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// SAN with its optional check or mate mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    pub san: San,
    pub suffix: Option<Suffix>,
}

/// What kind of syntax error a SAN token has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseSanErrorKind {
    /// The token is empty.
    Empty,
    /// A character that cannot stand at this place in SAN.
    UnexpectedChar { index: usize, found: char },
    /// The token ends before the destination square.
    MissingDestination,
    /// A promotion to a king or a pawn, or a promotion mark on a move that is not a pawn's.
    InvalidPromotion,
}

/// The text is not SAN at all (a syntax error, as opposed to a [`SanError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSanError {
    pub token: String,
    pub kind: ParseSanErrorKind,
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not standard algebraic notation: ", self.token)?;
        match self.kind {
            ParseSanErrorKind::Empty => f.write_str("the move is empty"),
            ParseSanErrorKind::UnexpectedChar { index, found } => write!(
                f,
                "unexpected `{found}` at position {}; expected a move such as e4, Nf3, exd5, e8=Q or O-O",
                index + 1
            ),
            ParseSanErrorKind::MissingDestination => f.write_str("no destination square"),
            ParseSanErrorKind::InvalidPromotion => {
                f.write_str("only a pawn reaching the last rank promotes, to Q, R, B or N")
            }
        }
    }
}

impl std::error::Error for ParseSanError {}

/// Why well-formed SAN does not name exactly one legal move, or (strict reading) does not
/// name it the standard way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// No legal move fits the notation.
    Illegal,
    /// Several legal moves fit; they are listed in SAN.
    Ambiguous { candidates: Vec<Move> },
    /// The move is clear, but strict SAN writes it differently.
    Nonstandard {
        mv: Move,
        standard: String,
        deviations: Vec<SanDeviation>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal => f.write_str("no legal move fits this notation"),
            SanError::Ambiguous { candidates } => {
                f.write_str("ambiguous: ")?;
                for (i, mv) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    // The piece letter and both squares (`Nb1d2`): clear without a position.
                    write!(f, "{mv:?}")?;
                }
                f.write_str(" all fit")
            }
            SanError::Nonstandard {
                standard,
                deviations,
                ..
            } => {
                write!(f, "standard notation is `{standard}` (")?;
                for (i, d) in deviations.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl std::error::Error for SanError {}

/// A way written SAN differs from the standard form without naming a different move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanDeviation {
    /// A capture written without `x`.
    CaptureMarkMissing,
    /// An `x` on a move that captures nothing.
    CaptureMarkWithoutCapture,
    /// The origin file or rank is given where SAN does not need it.
    OverSpecified,
    /// The move gives check but has no `+`.
    CheckMarkMissing,
    /// The move mates but has no `#` (it may have `+`).
    MateMarkMissing,
    /// A `+` or `#` on a move that does not give check (or `#` on one that does not mate).
    WrongCheckMark,
}

impl fmt::Display for SanDeviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanDeviation::CaptureMarkMissing => "capture written without x",
            SanDeviation::CaptureMarkWithoutCapture => "x written but nothing is captured",
            SanDeviation::OverSpecified => "origin given where it is not needed",
            SanDeviation::CheckMarkMissing => "check not marked with +",
            SanDeviation::MateMarkMissing => "checkmate not marked with #",
            SanDeviation::WrongCheckMark => "check or mate mark on a move that does not give it",
        })
    }
}

fn syntax_error(token: &str, kind: ParseSanErrorKind) -> ParseSanError {
    ParseSanError {
        token: token.to_owned(),
        kind,
    }
}

impl San {
    /// The SAN of a legal move in `pos`, with the least disambiguation that makes it unique.
    /// Inlined: a pawn's or a king's move, or that of a piece with no other of its kind on
    /// the board (most of the moves of a helpmate line), needs no disambiguation, and the
    /// call with its saved registers cost more than the rest of it; the moves of a piece
    /// that has a twin are written out of line.
    #[inline]
    pub fn from_move(pos: &Position, mv: Move) -> San {
        if let MoveKind::Castle(side) = mv.kind() {
            return San::Castle(side);
        }
        let role = mv.role();
        if role != Role::Pawn && role != Role::King {
            let twins = pos.board().by_piece(role.of(pos.turn())).without(mv.from());
            if twins.is_nonempty() {
                return San::from_piece_move(pos, mv, twins);
            }
        }
        let capture = mv.is_en_passant() || pos.board().occupied().contains(mv.to());
        San::Normal {
            role,
            // A pawn's capture is named by the file it leaves.
            file: (role == Role::Pawn && capture).then(|| mv.from().file()),
            rank: None,
            capture,
            to: mv.to(),
            promotion: mv.promotion_role(),
        }
    }

    /// [`San::from_move`] for a knight, bishop, rook or queen that has `same`, the other
    /// pieces of its kind, and may need its origin.
    #[inline(never)]
    fn from_piece_move(pos: &Position, mv: Move, same: Bitboard) -> San {
        let capture = mv.is_en_passant() || pos.board().occupied().contains(mv.to());
        let role = mv.role();
        let (mut file, mut rank) = (None, None);
        // The other pieces of the same kind that could move to the same square: only
        // their moves there are looked at.
        let board = pos.board();
        // Most often no other such piece even reaches the square (a piece's moves
        // are symmetric: it reaches the square from where the square reaches it).
        let reach = match role {
            Role::Knight => attacks::knight_attacks(mv.to()),
            Role::Bishop => attacks::bishop_attacks(mv.to(), board.occupied()),
            Role::Rook => attacks::rook_attacks(mv.to(), board.occupied()),
            _ => attacks::queen_attacks(mv.to(), board.occupied()),
        };
        let others = if (same & reach).is_nonempty() {
            pos.legal_origins(role, same & reach, mv.to())
        } else {
            Bitboard::EMPTY
        };
        if others.is_nonempty() {
            if others.into_iter().all(|sq| sq.file() != mv.from().file()) {
                file = Some(mv.from().file());
            } else if others.into_iter().all(|sq| sq.rank() != mv.from().rank()) {
                rank = Some(mv.from().rank());
            } else {
                file = Some(mv.from().file());
                rank = Some(mv.from().rank());
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: mv.to(),
            promotion: mv.promotion_role(),
        }
    }

    /// Whether the legal move `mv` fits this notation, ignoring the capture mark.
    pub fn matches(&self, mv: Move) -> bool {
        match *self {
            San::Castle(side) => mv.castling_side() == Some(side),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                mv.role() == role
                    && mv.to() == to
                    && mv.castling_side().is_none()
                    && mv.promotion_role() == promotion
                    && file.is_none_or(|f| mv.from().file() == f)
                    && rank.is_none_or(|r| mv.from().rank() == r)
                    // A pawn move without an origin file is a move along the file; only
                    // captures change file, and SAN always names their file.
                    && (role != Role::Pawn || file.is_some() || mv.from().file() == to.file())
            }
        }
    }

    /// Every legal move of `pos` that fits this notation.
    pub fn candidates(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|&mv| self.matches(mv))
            .collect()
    }

    /// The one legal move this notation names. Deviations that do not change the move (see
    /// [`San::deviations`]) are accepted here.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let candidates = self.candidates(pos);
        match candidates.as_slice() {
            [] => Err(SanError::Illegal),
            [mv] => Ok(*mv),
            _ => Err(SanError::Ambiguous { candidates }),
        }
    }

    /// How this notation differs from the standard SAN of `mv` (a legal move it matches),
    /// leaving out the check mark, which [`SanPlus::deviations`] covers.
    pub fn deviations(&self, pos: &Position, mv: Move) -> Vec<SanDeviation> {
        let mut found = Vec::new();
        let standard = San::from_move(pos, mv);
        if let (
            San::Normal {
                file,
                rank,
                capture,
                ..
            },
            San::Normal {
                file: std_file,
                rank: std_rank,
                capture: std_capture,
                ..
            },
        ) = (*self, standard)
        {
            if capture != std_capture {
                found.push(if std_capture {
                    SanDeviation::CaptureMarkMissing
                } else {
                    SanDeviation::CaptureMarkWithoutCapture
                });
            }
            if (file.is_some() && std_file.is_none()) || (rank.is_some() && std_rank.is_none()) {
                found.push(SanDeviation::OverSpecified);
            }
        }
        found
    }

    /// Reads SAN from bytes (see the module documentation for the accepted syntax).
    pub fn from_ascii(token: &str) -> Result<San, ParseSanError> {
        SanPlus::from_str(token).and_then(|plus| match plus.suffix {
            None => Ok(plus.san),
            Some(_) => Err(syntax_error(
                token,
                ParseSanErrorKind::UnexpectedChar {
                    index: token.len() - 1,
                    found: token.chars().last().unwrap_or('+'),
                },
            )),
        })
    }
}

impl San {
    /// Appends the notation to `out`, gathered on the stack by [`San::put_bytes`] and
    /// appended at once: a line of many moves is written without the formatting
    /// machinery's cost per piece.
    pub fn push_to(&self, out: &mut String) {
        let mut piece = [0u8; 8];
        let len = self.put_bytes(&mut piece, 0);
        out.push_str(std::str::from_utf8(&piece[..len]).unwrap_or_default());
    }

    /// Writes the notation's bytes into `piece` from `at`, and returns where they end: at
    /// most five bytes for castling and seven for any other move.
    #[inline]
    fn put_bytes<const N: usize>(&self, piece: &mut [u8; N], mut at: usize) -> usize {
        match *self {
            San::Castle(side) => {
                let text = side.san().as_bytes();
                piece[at..at + text.len()].copy_from_slice(text);
                at + text.len()
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    piece[at] = role.upper_char() as u8;
                    at += 1;
                }
                if let Some(file) = file {
                    piece[at] = file.char() as u8;
                    at += 1;
                }
                if let Some(rank) = rank {
                    piece[at] = rank.char() as u8;
                    at += 1;
                }
                if capture {
                    piece[at] = b'x';
                    at += 1;
                }
                piece[at] = to.file().char() as u8;
                piece[at + 1] = to.rank().char() as u8;
                at += 2;
                if let Some(promotion) = promotion {
                    piece[at] = b'=';
                    piece[at + 1] = promotion.upper_char() as u8;
                    at += 2;
                }
                at
            }
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // At most seven ASCII characters (`Qa1xb2` or `exd8=Q`), gathered on the stack and
        // written at once.
        let mut text = [0u8; 8];
        let len = self.put_bytes(&mut text, 0);
        f.write_str(std::str::from_utf8(&text[..len]).unwrap_or_default())
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(token: &str) -> Result<San, ParseSanError> {
        San::from_ascii(token)
    }
}

impl SanPlus {
    /// The SAN of a legal move with `+` or `#` as the position after it requires.
    pub fn from_move(pos: &Position, mv: Move) -> SanPlus {
        let mut after = *pos;
        after.play_unchecked(mv);
        SanPlus::from_move_to(pos, mv, &after)
    }

    /// [`SanPlus::from_move`] for a caller that has played the move already: `after` is the
    /// position it leads to.
    fn from_move_to(pos: &Position, mv: Move, after: &Position) -> SanPlus {
        SanPlus::from_move_given(pos, mv, after, after.checkers())
    }

    /// [`SanPlus::from_move_to`] for a caller that knows the pieces giving check in `after`.
    fn from_move_given(
        pos: &Position,
        mv: Move,
        after: &Position,
        after_checkers: Bitboard,
    ) -> SanPlus {
        let san = San::from_move(pos, mv);
        let suffix = if after_checkers.is_empty() {
            None
        } else if after.has_legal_moves_given(after_checkers) {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        };
        SanPlus { san, suffix }
    }

    /// How this notation, check mark included, differs from the standard SAN of `mv`.
    pub fn deviations(&self, pos: &Position, mv: Move) -> Vec<SanDeviation> {
        let mut found = self.san.deviations(pos, mv);
        let standard = SanPlus::from_move(pos, mv).suffix;
        match (self.suffix, standard) {
            (a, b) if a == b => {}
            (None, Some(Suffix::Check)) => found.push(SanDeviation::CheckMarkMissing),
            (None | Some(Suffix::Check), Some(Suffix::Checkmate)) => {
                found.push(SanDeviation::MateMarkMissing)
            }
            _ => found.push(SanDeviation::WrongCheckMark),
        }
        found
    }

    /// Reads strict SAN: the notation must name exactly one legal move and be written exactly
    /// as the PGN standard writes it (capture mark, minimal origin, check and mate marks).
    pub fn to_move_strict(&self, pos: &Position) -> Result<Move, SanError> {
        let mv = self.san.to_move(pos)?;
        let deviations = self.deviations(pos, mv);
        if deviations.is_empty() {
            Ok(mv)
        } else {
            Err(SanError::Nonstandard {
                mv,
                standard: SanPlus::from_move(pos, mv).to_string(),
                deviations,
            })
        }
    }
}

impl SanPlus {
    /// Appends the notation, mark included, to `out` (see [`San::push_to`]).
    pub fn push_to(&self, out: &mut String) {
        self.san.push_to(out);
        if let Some(suffix) = self.suffix {
            out.push(suffix.char());
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.san.fmt(f)?;
        match self.suffix {
            Some(suffix) => f.write_char(suffix.char()),
            None => Ok(()),
        }
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    /// Accepts `[piece][file][rank][x]square[=promotion][+|#]` and `O-O`/`O-O-O` with an
    /// optional mark. Piece letters are English capitals (`b` is always a file).
    fn from_str(token: &str) -> Result<SanPlus, ParseSanError> {
        if token.is_empty() {
            return Err(syntax_error(token, ParseSanErrorKind::Empty));
        }
        let (body, suffix) = if let Some(body) = token.strip_suffix('#') {
            (body, Some(Suffix::Checkmate))
        } else if let Some(body) = token.strip_suffix('+') {
            (body, Some(Suffix::Check))
        } else {
            (token, None)
        };
        if body == "O-O" || body == "O-O-O" {
            let side = if body == "O-O" {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            return Ok(SanPlus {
                san: San::Castle(side),
                suffix,
            });
        }
        let chars: Vec<char> = body.chars().collect();
        let unexpected = |index: usize| {
            syntax_error(
                token,
                match chars.get(index) {
                    Some(&found) => ParseSanErrorKind::UnexpectedChar { index, found },
                    None => ParseSanErrorKind::MissingDestination,
                },
            )
        };
        let mut i = 0;
        let role = match chars.first() {
            Some(&c @ ('N' | 'B' | 'R' | 'Q' | 'K')) => {
                i += 1;
                Role::from_char(c).unwrap_or(Role::Pawn)
            }
            _ => Role::Pawn,
        };
        // Collect up to four coordinate characters with an optional `x` among them; the last
        // file and rank form the destination, what comes before is the origin.
        let mut coords: Vec<(usize, char)> = Vec::new();
        let mut capture_at = None;
        while let Some(&c) = chars.get(i) {
            match c {
                'a'..='h' | '1'..='8' if coords.len() < 4 => coords.push((i, c)),
                'x' if capture_at.is_none() => capture_at = Some(coords.len()),
                _ => break,
            }
            i += 1;
        }
        if coords.len() < 2 {
            return Err(unexpected(i));
        }
        let dest = &coords[coords.len() - 2..];
        let (Some(dest_file), Some(dest_rank)) =
            (File::from_char(dest[0].1), Rank::from_char(dest[1].1))
        else {
            return Err(unexpected(dest[0].0));
        };
        if capture_at.is_some_and(|n| n != coords.len() - 2) {
            // An `x` must stand right before the destination.
            return Err(unexpected(dest[0].0));
        }
        let origin = &coords[..coords.len() - 2];
        let (file, rank) = match origin {
            [] => (None, None),
            [(index, c)] => match (File::from_char(*c), Rank::from_char(*c)) {
                (Some(f), _) => (Some(f), None),
                (_, Some(r)) => (None, Some(r)),
                _ => return Err(unexpected(*index)),
            },
            [(fi, f), (ri, r)] => match (File::from_char(*f), Rank::from_char(*r)) {
                (Some(f), Some(r)) => (Some(f), Some(r)),
                (None, _) => return Err(unexpected(*fi)),
                (_, None) => return Err(unexpected(*ri)),
            },
            _ => return Err(unexpected(origin[0].0)),
        };
        let mut promotion = None;
        if chars.get(i) == Some(&'=') {
            let role_char = chars.get(i + 1).copied();
            match role_char.and_then(Role::from_char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if role_char.is_some_and(|c| c.is_ascii_uppercase()) =>
                {
                    promotion = Some(r)
                }
                Some(_) => return Err(syntax_error(token, ParseSanErrorKind::InvalidPromotion)),
                None => return Err(unexpected(i + 1)),
            }
            i += 2;
        }
        if i < chars.len() {
            return Err(unexpected(i));
        }
        let last_rank = dest_rank == Rank::FIRST || dest_rank == Rank::EIGHTH;
        if promotion.is_some() && (role != Role::Pawn || !last_rank) {
            return Err(syntax_error(token, ParseSanErrorKind::InvalidPromotion));
        }
        Ok(SanPlus {
            san: San::Normal {
                role,
                file,
                rank,
                capture: capture_at.is_some(),
                to: Square::from_coords(dest_file, dest_rank),
                promotion,
            },
            suffix,
        })
    }
}

impl Position {
    /// The standard SAN of a legal move, with check and mate marks.
    pub fn san(&self, mv: Move) -> String {
        SanPlus::from_move(self, mv).to_string()
    }

    /// A line of legal moves from this position in SAN with move numbers, as a scoresheet
    /// or a book writes it: `1. Kb2 Ka8 2. Qa7#`, or `12... Kb8 13. Qa7#` when Black moves
    /// first; the numbers continue from this position's full-move number. Stops quietly at the
    /// first move that is not legal, so that a caller's bug cannot turn into a panic.
    pub fn numbered_line(&self, moves: &[Move]) -> String {
        self.numbered_line_testing(moves, true)
    }

    /// [`Position::numbered_line`] for a line known to be legal, such as one the
    /// winnability search found by playing legal moves: no move is tested, which is most of
    /// the time of writing the line. A line that is not legal gives text of no meaning (but
    /// no panic).
    pub fn numbered_legal_line(&self, moves: &[Move]) -> String {
        self.numbered_line_testing(moves, false)
    }

    /// [`Position::numbered_legal_line`] written at the end of `text`, for a caller that
    /// writes the line inside a sentence: a line of its own, then formatted into the
    /// sentence, was allocated and copied twice.
    pub fn push_numbered_legal_line(&self, moves: &[Move], text: &mut String) {
        self.push_line(moves, Line::Legal, text);
    }

    /// [`Position::push_numbered_legal_line`] for a legal line known to end in checkmate,
    /// such as a helpmate the winnability search found: its last move is marked `#` without
    /// the test for a legal reply, which costs about as much as writing five moves. A line
    /// that does not end in checkmate gives text of no meaning (but no panic).
    pub fn push_numbered_mating_line(&self, moves: &[Move], text: &mut String) {
        self.push_line(moves, Line::Mating, text);
    }

    fn push_line(&self, moves: &[Move], line: Line, text: &mut String) {
        let mut bytes = std::mem::take(text).into_bytes();
        self.write_numbered_line(moves, line, &mut bytes);
        *text = String::from_utf8(bytes).unwrap_or_default();
    }

    fn numbered_line_testing(&self, moves: &[Move], test_legality: bool) -> String {
        let mut text = Vec::new();
        let line = if test_legality {
            Line::Unknown
        } else {
            Line::Legal
        };
        self.write_numbered_line(moves, line, &mut text);
        String::from_utf8(text).unwrap_or_default()
    }

    /// Writes the numbered line after what `text` holds, which must be UTF-8.
    fn write_numbered_line(&self, moves: &[Move], line: Line, text: &mut Vec<u8>) {
        let test_legality = line == Line::Unknown;
        // The line is written as bytes (every character of it is ASCII), without a test of
        // each character's width, and made a string once. Each move, with the space and the
        // number before it, is gathered in a piece of a fixed size on the stack and copied
        // onto the line whole, then cut back to its length: a copy of a known size is a few
        // stores, where one call of `memcpy` or one test of the room per byte cost more.
        text.reserve(LINE_PIECE * moves.len());
        let first = text.len();
        // Each move is written from the position before it and then played on the same
        // position: no copy of the position is made per move (two copies, before and after,
        // cost about a twentieth of writing the line).
        let mut pos = *self;
        // The pieces giving check in `pos`: each is worked out once, for the check mark of
        // the move that leads to the position and for the legality test of the next, from
        // the move that leads there. Those of the start are read only by the legality test.
        let mut checkers = if test_legality {
            pos.checkers()
        } else {
            Bitboard::EMPTY
        };
        for (i, &mv) in moves.iter().enumerate() {
            if test_legality && !pos.is_legal_given(mv, checkers) {
                break;
            }
            let mut piece = [0u8; LINE_PIECE];
            let mut len = 0;
            if text.len() > first {
                piece[0] = b' ';
                len = 1;
            }
            if pos.turn() == Color::White {
                len = put_number(&mut piece, len, pos.fullmove_number());
                piece[len..len + 2].copy_from_slice(b". ");
                len += 2;
            } else if i == 0 {
                len = put_number(&mut piece, len, pos.fullmove_number());
                piece[len..len + 4].copy_from_slice(b"... ");
                len += 4;
            }
            len = San::from_move(&pos, mv).put_bytes(&mut piece, len);
            pos.play_unchecked_inlined(mv);
            checkers = pos.checkers_after_move(mv);
            // In a line known to be legal, a check followed by another move is no mate: the
            // side in check had that move. Only a check by the last move is tested, unless
            // the line is known to end in mate.
            let last = i + 1 == moves.len();
            let followed = !test_legality && !last;
            if checkers.is_nonempty() {
                let mark = if line == Line::Mating && last {
                    Suffix::Checkmate
                } else if followed || pos.has_legal_moves_given(checkers) {
                    Suffix::Check
                } else {
                    Suffix::Checkmate
                };
                piece[len] = mark.char() as u8;
                len += 1;
            }
            let end = text.len() + len;
            text.extend_from_slice(&piece);
            text.truncate(end);
        }
    }

    /// Reads a move in strict SAN (see [`SanPlus::to_move_strict`]).
    pub fn parse_san(&self, token: &str) -> Result<Move, ReadSanError> {
        let san: SanPlus = token.parse().map_err(ReadSanError::Syntax)?;
        san.to_move_strict(self).map_err(ReadSanError::Move)
    }
}

/// What the writer of a numbered line knows of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Nothing: each move is tested, and the line stops at the first illegal one.
    Unknown,
    /// Every move is legal.
    Legal,
    /// Every move is legal and the last one mates.
    Mating,
}

/// The room for one move of a numbered line: a space, a move number of at most ten digits
/// with `... `, and at most seven characters of SAN (`Qa1xb2`, `exd8=Q`) with a mark.
const LINE_PIECE: usize = 32;

/// Writes the decimal digits of `number` into `piece` from `at`, and returns where they end.
/// The move numbers of real games have at most three digits, written here at once; longer
/// ones are left to [`super::decimal_digits`]. Inlined: called for every move of White,
/// the call cost about as much as the digits.
#[inline]
fn put_number(piece: &mut [u8; LINE_PIECE], at: usize, number: u32) -> usize {
    let digit = |n: u32| b'0' + (n % 10) as u8;
    match number {
        0..=9 => {
            piece[at] = digit(number);
            at + 1
        }
        10..=99 => {
            piece[at] = digit(number / 10);
            piece[at + 1] = digit(number);
            at + 2
        }
        100..=999 => {
            piece[at] = digit(number / 100);
            piece[at + 1] = digit(number / 10);
            piece[at + 2] = digit(number);
            at + 3
        }
        _ => {
            let (digits, first) = super::decimal_digits(number);
            let digits = &digits[first..];
            piece[at..at + digits.len()].copy_from_slice(digits);
            at + digits.len()
        }
    }
}

/// Either kind of failure when reading SAN text against a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadSanError {
    Syntax(ParseSanError),
    Move(SanError),
}

impl fmt::Display for ReadSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadSanError::Syntax(err) => err.fmt(f),
            ReadSanError::Move(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ReadSanError {}

#[cfg(test)]
mod tests {
    use super::{LINE_PIECE, put_number};
    use crate::chess::{Color, Move, Position};

    /// A legal line is written the same with and without the test of each move, from
    /// positions with either side to move, through checks, captures, castling and
    /// promotions.
    #[test]
    fn a_legal_line_is_written_the_same_without_the_legality_test() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 12",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in starts {
            let start = Position::from_fen(fen).unwrap();
            let mut pos = start;
            let mut line = Vec::new();
            for step in 0..60 {
                let moves = pos.legal_moves();
                let Some(&mv) = moves.get((step * 5 + 1) % moves.len().max(1)) else {
                    break;
                };
                line.push(mv);
                pos.play_unchecked(mv);
            }
            assert!(line.len() > 10, "{fen}");
            for end in 0..=line.len() {
                assert_eq!(
                    start.numbered_legal_line(&line[..end]),
                    start.numbered_line(&line[..end])
                );
                assert_eq!(
                    start.numbered_line(&line[..end]),
                    formatted(start, &line[..end])
                );
            }
        }
    }

    /// A line that ends in checkmate is written the same whether its mate is tested or
    /// known, from either side to move, with a capture and a promotion on the way.
    #[test]
    fn a_mating_line_is_written_the_same_without_the_mate_test() {
        let lines = [
            ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30", vec!["a1a8"]),
            (
                "k7/8/1K6/8/8/8/7Q/8 w - - 0 50",
                vec!["h2h3", "a8b8", "h3h8"],
            ),
            ("1r4k1/8/8/8/8/8/5PPP/6K1 b - - 0 40", vec!["b8b1"]),
            ("k7/2P5/1K6/8/8/8/8/8 w - - 0 70", vec!["c7c8q"]),
            ("r5k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30", vec!["a1a8"]),
        ];
        for (fen, moves) in lines {
            let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut pos = start;
            let mut line = Vec::new();
            for uci in moves {
                let mv = *pos
                    .legal_moves()
                    .iter()
                    .find(|mv| mv.to_string() == uci)
                    .unwrap_or_else(|| panic!("{uci} in {}", pos.to_fen()));
                line.push(mv);
                pos.play_unchecked(mv);
            }
            assert!(pos.is_checkmate(), "{fen}");
            let mut known = String::from("x ");
            start.push_numbered_mating_line(&line, &mut known);
            assert_eq!(known, format!("x {}", start.numbered_line(&line)));
            assert!(known.ends_with('#'), "{known}");
        }
    }

    /// A numbered line written move by move with the formatting machinery.
    fn formatted(start: Position, line: &[Move]) -> String {
        let mut pos = start;
        let mut words = Vec::new();
        for (i, &mv) in line.iter().enumerate() {
            match pos.turn() {
                Color::White => words.push(format!("{}.", pos.fullmove_number())),
                Color::Black if i == 0 => words.push(format!("{}...", pos.fullmove_number())),
                Color::Black => {}
            }
            words.push(pos.san(mv));
            pos.play_unchecked(mv);
        }
        words.join(" ")
    }

    /// Move numbers of every length are written in a line as formatting writes them.
    #[test]
    fn a_line_is_written_with_numbers_of_every_length() {
        for number in [1, 9, 10, 99, 100, 999, 1_000, 123_456] {
            for turn in ["w", "b"] {
                let fen = format!("4k3/8/8/8/8/8/4P3/R3K2R {turn} KQ - 0 {number}");
                let start = Position::from_fen(&fen).unwrap();
                let mut pos = start;
                let mut line = Vec::new();
                for _ in 0..4 {
                    let mv = pos.legal_moves()[0];
                    line.push(mv);
                    pos.play_unchecked(mv);
                }
                assert_eq!(start.numbered_line(&line), formatted(start, &line), "{fen}");
            }
        }
    }

    /// The digits agree with the standard formatting, at the edges of each length.
    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for number in [0, 1, 9, 10, 99, 100, 999, 1_000, 65_535, u32::MAX] {
            let mut piece = [0u8; LINE_PIECE];
            piece[0] = b'x';
            let end = put_number(&mut piece, 1, number);
            assert_eq!(piece[..end], *format!("x{number}").as_bytes());
        }
    }
}
