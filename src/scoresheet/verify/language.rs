//! Reading a written move in one language of piece letters: the [`Reading`] a replay uses,
//! and the legal moves a token can mean under it, in any notation a scoresheet may use.

use crate::chess::{
    Bitboard, CastlingSide, Color, File, Move, MoveList, MoveStatus, Position, Rank, Role, Square,
    attacks, line_through,
};

use super::remarks::separator_and_origin_plain;
use super::replay::Failure;
use crate::scoresheet::notation::{CheckMark, Language, LetterTable, Notation, PieceMark};

/// Reads the piece marks of a scoresheet in one language.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reading {
    pub(super) language: Language,
    table: LetterTable,
}

impl Reading {
    pub(super) fn new(language: Language) -> Reading {
        Reading {
            language,
            table: *LetterTable::of(language),
        }
    }

    #[inline]
    pub(super) fn role(&self, mark: &PieceMark) -> Option<Role> {
        self.table.role(mark)
    }
}

pub(super) fn join_names(languages: &[Language]) -> String {
    languages
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The legal moves the notation can mean under `reading`.
pub(super) fn candidates(
    pos: &Position,
    notation: &Notation,
    reading: Reading,
) -> Result<Vec<Move>, Failure> {
    let mut found = Vec::new();
    candidates_into(
        pos,
        None,
        &mut MoveList::new(),
        notation,
        reading,
        &mut found,
    )?;
    Ok(found)
}

/// Like [`candidates`], into lists the caller keeps from move to move: `legal` receives the
/// legal moves to the written destination (all legal moves for the Chesmayne form; none when
/// a plain move is read without the generator, see [`plain_move`]), `found` those among them
/// that fit the notation. With `status`, the check status of `pos`, a plain move skips the
/// generator.
pub(super) fn candidates_into(
    pos: &Position,
    status: Option<MoveStatus>,
    legal: &mut MoveList,
    notation: &Notation,
    reading: Reading,
    found: &mut Vec<Move>,
) -> Result<(), Failure> {
    if let Some(status) = status
        && let Some(mv) = plain_move(pos, notation, &reading, status.checkers)
    {
        found.clear();
        legal.clear();
        found.push(mv);
        return Ok(());
    }
    generated_candidates_into(pos, status, legal, notation, reading, found)
}

/// [`candidates_into`] by the move generator alone, for a caller that already knows that
/// [`plain_move`] has no answer.
pub(super) fn generated_candidates_into(
    pos: &Position,
    status: Option<MoveStatus>,
    legal: &mut MoveList,
    notation: &Notation,
    reading: Reading,
    found: &mut Vec<Move>,
) -> Result<(), Failure> {
    found.clear();
    match notation {
        Notation::Castle { side, .. } => {
            let rank = crate::chess::Rank::FIRST.relative_to(pos.turn());
            let king_to = Square::from_coords(side.king_to_file(), rank);
            pos.legal_moves_between(Bitboard::FULL, Bitboard::from(king_to), legal)
        }
        Notation::Chesmayne { .. } => pos.legal_moves_into(legal),
        Notation::Move { piece, to, .. } => {
            // Only pieces of the written kind that could reach the square can be meant.
            let occupied = pos.board().occupied();
            let origins = match piece.as_ref().map(|m| reading.role(m)) {
                None => pawn_origins(*to),
                Some(Some(Role::Knight)) => attacks::knight_attacks(*to),
                Some(Some(Role::Bishop)) => attacks::bishop_attacks(*to, occupied),
                Some(Some(Role::Rook)) => attacks::rook_attacks(*to, occupied),
                Some(Some(Role::Queen)) => attacks::queen_attacks(*to, occupied),
                Some(Some(Role::King)) => attacks::king_attacks(*to),
                Some(_) => Bitboard::FULL,
            };
            match status {
                Some(status) => {
                    pos.legal_moves_between_given(status, origins, Bitboard::from(*to), legal)
                }
                None => pos.legal_moves_between(origins, Bitboard::from(*to), legal),
            }
        }
    }
    match notation {
        Notation::Castle { side, .. } => found.extend(
            legal
                .iter()
                .copied()
                .filter(|m| m.castling_side() == Some(*side)),
        ),
        Notation::Chesmayne { from, to, .. } => found.extend(legal.iter().copied().filter(|m| {
            m.from() == *from
                && (m.to() == *to
                    || (m.castling_side().is_some() && castling_rook_square(*m) == Some(*to)))
                && m.promotion_role().is_none_or(|r| r == Role::Queen)
        })),
        Notation::Move {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
            ..
        } => {
            let role = match piece {
                None => Role::Pawn,
                Some(mark) => reading
                    .role(mark)
                    .ok_or_else(|| Failure::UnknownLetter(mark_text(mark)))?,
            };
            let promotion_role = match promotion {
                None => None,
                Some((mark, _)) => Some(
                    reading
                        .role(mark)
                        .ok_or_else(|| Failure::UnknownLetter(mark_text(mark)))?,
                ),
            };
            found.extend(legal.iter().copied().filter(|m| {
                m.to() == *to
                    && m.role() == role
                    && m.castling_side().is_none()
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
                    && (role != Role::Pawn || from_file.is_some() || m.from().file() == to.file())
                    && match promotion_role {
                        Some(r) => m.promotion_role() == Some(r),
                        // Without a piece, every promotion fits; the caller chooses.
                        None => true,
                    }
            }));
        }
    }
    Ok(())
}

/// The one move a plain written move means, found without generating moves, in the common
/// case that decides it at a glance: the token names a knight, bishop, rook or queen, or a
/// pawn step or pawn capture that does not promote, exactly one piece of that kind can make
/// the move, moving it uncovers no attack on its king, and in check (`checkers`, which the
/// caller knows) it takes the one piece giving check or steps between it and the king; or
/// the token names a king step to a square no piece of theirs attacks, or a legal castling
/// ([`plain_castle`]). `None` for everything else (ambiguity, en passant, promotion, a
/// castling that is not legal, a letter the language lacks, no fitting move), which the move
/// generator then answers, so that this shortcut changes no answer, only the time.
#[inline]
pub(super) fn plain_move(
    pos: &Position,
    notation: &Notation,
    reading: &Reading,
    checkers: Bitboard,
) -> Option<Move> {
    plain_move_written(pos, notation, reading, checkers).map(|(mv, _)| mv)
}

/// [`plain_move`], with what the replay needs to know of the token's writing for the
/// notation remarks ([`Writing`]), told from the notation while it is at hand: looking at
/// it again once the move is played, for every token, cost about a tenth of the replay.
#[inline(always)]
pub(super) fn plain_move_written(
    pos: &Position,
    notation: &Notation,
    reading: &Reading,
    checkers: Bitboard,
) -> Option<(Move, Writing)> {
    match notation {
        Notation::Move {
            piece,
            from_file,
            from_rank,
            separator,
            to,
            promotion: None,
            en_passant_mark,
            check,
        } => {
            let mv = plain_piece_move(pos, piece, from_file, from_rank, *to, reading, checkers)?;
            // As [`super::remarks::may_need_remark`] reads the writing of a move without
            // promotion: a plain move is never en passant, and never lands on a piece of
            // ours, so it captures when a piece stands on its square.
            let capture = pos.board().occupied().contains(*to);
            let plain = separator_and_origin_plain(*separator, *from_file, *from_rank, mv, capture);
            let writing = if plain && !*en_passant_mark {
                Writing::Plain(*check)
            } else {
                Writing::Unknown
            };
            Some((mv, writing))
        }
        Notation::Castle { side, zeros, check } => {
            let mv = plain_castle(pos, *side, checkers)?;
            let writing = if *zeros {
                Writing::Unknown
            } else {
                Writing::Plain(*check)
            };
            Some((mv, writing))
        }
        _ => None,
    }
}

/// What a replay knows of the writing of the token it plays, for the notation remarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Writing {
    /// The token is written as SAN writes the move but perhaps for its check mark, which is
    /// this: only the mark may deserve a remark.
    Plain(CheckMark),
    /// Not told: the notation is looked at ([`super::remarks::may_need_remark`]).
    Unknown,
}

/// The move of a [`Notation::Move`] without promotion for [`plain_move`].
#[inline(always)]
fn plain_piece_move(
    pos: &Position,
    piece: &Option<PieceMark>,
    from_file: &Option<File>,
    from_rank: &Option<Rank>,
    to: Square,
    reading: &Reading,
    checkers: Bitboard,
) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let theirs = board.by_color(!us);
    let (role, from) = match piece {
        Some(mark) => {
            let role = reading.role(mark)?;
            let reach = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                Role::Queen => attacks::queen_attacks(to, occupied),
                Role::King => return plain_king_move(pos, to, *from_file, *from_rank),
                Role::Pawn => return None,
            };
            let mut origins = board.by_piece(role.of(us)) & reach;
            if let Some(file) = from_file {
                origins &= Bitboard::from_file(*file);
            }
            if let Some(rank) = from_rank {
                origins &= Bitboard::from_rank(*rank);
            }
            (role, origins.single()?)
        }
        None => {
            if from_rank.is_some() || to.rank() == Rank::EIGHTH.relative_to(us) {
                return None;
            }
            // One rank back towards our side of the board.
            let back = match us {
                Color::White => -8,
                Color::Black => 8,
            };
            let pawns = board.by_piece(Role::Pawn.of(us));
            let from = match from_file {
                // A step: the pawn right behind, or two behind on its first move.
                None => {
                    if occupied.contains(to) {
                        return None;
                    }
                    let one = to.offset(back)?;
                    if pawns.contains(one) {
                        one
                    } else if !occupied.contains(one) && to.rank() == Rank::FOURTH.relative_to(us) {
                        let two = one.offset(back)?;
                        pawns.contains(two).then_some(two)?
                    } else {
                        return None;
                    }
                }
                // A capture of a piece standing on the square (en passant is left to the
                // generator), from the file beside it.
                Some(file) => {
                    if file.index().abs_diff(to.file().index()) != 1 || !theirs.contains(to) {
                        return None;
                    }
                    let from = Square::from_coords(*file, to.rank()).offset(back)?;
                    pawns.contains(from).then_some(from)?
                }
            };
            (Role::Pawn, from)
        }
    };
    if board.by_color(us).contains(to) || board.by_piece(Role::King.of(!us)).contains(to) {
        return None;
    }
    let king = pos.king(us);
    // In check, only a move that takes the one piece giving check or steps between it and
    // the king can be legal; then, as out of check, it is legal unless it uncovers a line to
    // the king.
    if let Some(checker) = checkers.first()
        && (checkers.has_several()
            || (to != checker && !attacks::between(king, checker).contains(to)))
    {
        return None;
    }
    // The move is legal unless it uncovers a line to the king: no piece of theirs, other
    // than one it captures, may attack the king once the piece has left its square. Only a
    // line piece can be uncovered, and only along a line through the square left: most moves
    // start off every line from the king, and need no look along them.
    let line = line_through(king, from);
    if line.is_empty() {
        return Some(Move::normal(role, from, to));
    }
    // Only a piece of theirs that moves along that line can be uncovered: most lines from
    // the king hold none, which settles it without looking along them.
    let sliders = if king.file() == from.file() || king.rank() == from.rank() {
        board.straight_sliders()
    } else {
        board.diagonal_sliders()
    };
    if (line & sliders & theirs).without(to).is_empty() {
        return Some(Move::normal(role, from, to));
    }
    let after = occupied.without(from).with(to);
    let attackers = ((attacks::rook_attacks(king, after) & board.straight_sliders())
        | (attacks::bishop_attacks(king, after) & board.diagonal_sliders()))
        & theirs;
    attackers
        .without(to)
        .is_empty()
        .then_some(Move::normal(role, from, to))
}

/// The castling the token names, when it is legal, found as the move generator finds it:
/// out of check, with the right to castle on that side (so king and rook stand on their
/// home squares), nothing between them, and no square the king passes over or lands on
/// attacked. A game castles twice at most, but nearly every game does.
fn plain_castle(pos: &Position, side: CastlingSide, checkers: Bitboard) -> Option<Move> {
    let us = pos.turn();
    if checkers.is_nonempty() || !pos.castling_rights().has(us, side) {
        return None;
    }
    let board = pos.board();
    let occupied = board.occupied();
    let rank = Rank::FIRST.relative_to(us);
    let king_from = Square::from_coords(File::E, rank);
    let king_to = Square::from_coords(side.king_to_file(), rank);
    let rook_from = Square::from_coords(side.rook_from_file(), rank);
    if (attacks::between(king_from, rook_from) & occupied).is_nonempty() {
        return None;
    }
    let path = attacks::between(king_from, king_to).with(king_to);
    path.into_iter()
        .all(|sq| !board.is_attacked(sq, !us, occupied))
        .then_some(Move::castle(us, side))
}

/// The one king move to `to` (not castling), found as [`plain_move`] finds the moves of the
/// other pieces: the king stands next to the square (on the written file or rank, if any),
/// the square holds no piece of ours and not their king, and no piece of theirs attacks it
/// once the king has left its square.
fn plain_king_move(
    pos: &Position,
    to: Square,
    from_file: Option<File>,
    from_rank: Option<Rank>,
) -> Option<Move> {
    let board = pos.board();
    let us = pos.turn();
    let from = pos.king(us);
    if !attacks::king_attacks(to).contains(from)
        || from_file.is_some_and(|file| from.file() != file)
        || from_rank.is_some_and(|rank| from.rank() != rank)
        || board.by_color(us).contains(to)
        || board.by_piece(Role::King.of(!us)).contains(to)
        || board.is_attacked(to, !us, board.occupied().without(from))
    {
        return None;
    }
    Some(Move::normal(Role::King, from, to))
}

/// The squares a pawn moving to `to` can come from: its own file and the two beside it.
fn pawn_origins(to: Square) -> Bitboard {
    let file = to.file().index();
    let mut files = Bitboard::from_file(to.file());
    if file > 0 {
        files |= Bitboard(files.0 >> 1);
    }
    if file < 7 {
        files |= Bitboard(Bitboard::from_file(to.file()).0 << 1);
    }
    files
}

/// Chesmayne may write castling as the king taking its own rook's square; accept the rook
/// square as the king's destination for castling.
fn castling_rook_square(mv: Move) -> Option<Square> {
    let side = mv.castling_side()?;
    Some(Square::from_coords(side.rook_from_file(), mv.from().rank()))
}

fn mark_text(mark: &PieceMark) -> String {
    match mark {
        PieceMark::Letter(l) => l.as_str().to_owned(),
        PieceMark::Figurine(role) => role.upper_char().to_string(),
    }
}
