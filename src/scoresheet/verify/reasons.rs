//! Reasons for an illegal move in an arbiter's words: which piece cannot go where and why
//! (pins, checks, blocked paths, castling rights), for the first token that cannot be played.

use crate::chess::{Bitboard, CastlingSide, Color, Game, Position, Role, Square, attacks};

use super::language::Reading;
use super::replay::Failure;
use super::{IllegalMove, Options, move_label};
use crate::scoresheet::notation::Notation;
use crate::scoresheet::pgn::{MoveToken, RawGame, Span};

/// The reason, in an arbiter's words, why the token at `index` cannot be played.
pub(super) fn explain(
    raw: &RawGame,
    parsed: &[Notation],
    index: usize,
    failure: &Failure,
    game: &Game,
    reading: Reading,
    options: Options,
) -> IllegalMove {
    let ply = game.plies() + 1;
    let token = raw.moves.get(index);
    let reason = match failure {
        Failure::Unreadable(message) => format!("unreadable: {message}"),
        Failure::UnknownLetter(letter) => format!(
            "`{letter}` names no piece in {}, the language of this scoresheet",
            reading.language
        ),
        Failure::NoMatch => match parsed.get(index) {
            Some(notation) => no_match_reason(game, notation, reading),
            _ => "no legal move fits".into(),
        },
    };
    IllegalMove {
        ply,
        label: move_label(game.start(), ply),
        // A token too long to be a move is cut short, so that a report never repeats a
        // megabyte of broken text.
        token: token.map_or(String::new(), |t| crate::scoresheet::pgn::quote(&t.text)),
        span: token.map_or(
            Span {
                line: raw.first_line,
                column: 1,
            },
            |t: &MoveToken| t.span,
        ),
        reason,
        candidates: Vec::new(),
        // The penalty is for a move completed on the board (7.5.1); a scoresheet alone does
        // not show that the move was made there.
        penalty: format!(
            "if this move was made on the board: {}",
            options.laws.illegal_move_penalty(options.rate)
        ),
    }
}

fn piece_on(pos: &Position, sq: Square) -> String {
    match pos.board().piece_at(sq) {
        Some(piece) => format!("the {} on {sq}", piece.role.name()),
        None => format!("the piece on {sq}"),
    }
}

/// Describes the attackers of `sq` by `attacker` in `pos` with the given occupancy.
fn attackers_text(pos: &Position, sq: Square, attacker: Color, occupied: Bitboard) -> String {
    let attackers = pos.board().attackers_to(sq, occupied) & pos.board().by_color(attacker);
    attackers
        .map(|a| piece_on(pos, a))
        .collect::<Vec<_>>()
        .join(" and ")
}

pub(super) fn no_match_reason(game: &Game, notation: &Notation, reading: Reading) -> String {
    let pos = game.position();
    let us = pos.turn();
    match notation {
        Notation::Castle { side, .. } => castling_reason(game, *side),
        Notation::Chesmayne { from, to, .. } => match pos.board().piece_at(*from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != us => format!("the piece on {from} is not {us}'s"),
            Some(p) => piece_reason(pos, p.role, Bitboard::from(*from), *to, None),
        },
        Notation::Move {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
            ..
        } => {
            let role = piece
                .as_ref()
                .and_then(|m| reading.role(m))
                .unwrap_or(Role::Pawn);
            let promotion_role = promotion.as_ref().and_then(|(m, _)| reading.role(m));
            if let Some(p) = promotion_role {
                let last = crate::chess::Rank::EIGHTH.relative_to(us);
                if role != Role::Pawn {
                    return format!("only a pawn can promote, not a {}", role.name());
                }
                if to.rank() != last {
                    return format!("a pawn promotes only on the last rank, not on {to}");
                }
                if matches!(p, Role::King | Role::Pawn) {
                    return format!("a pawn cannot promote to a {}", p.name());
                }
            }
            let mut from_mask = pos.board().by_piece(role.of(us));
            if let Some(f) = from_file {
                from_mask &= Bitboard::from_file(*f);
            }
            if let Some(r) = from_rank {
                from_mask &= Bitboard::from_rank(*r);
            }
            if role == Role::Pawn && from_file.is_none() {
                from_mask &= Bitboard::from_file(to.file());
            }
            piece_reason(pos, role, from_mask, *to, promotion_role)
        }
    }
}

/// Why none of our pieces of `role` on `from_mask` can legally go to `to`.
fn piece_reason(
    pos: &Position,
    role: Role,
    from_mask: Bitboard,
    to: Square,
    promotion: Option<Role>,
) -> String {
    let us = pos.turn();
    let board = pos.board();
    if board.by_color(us).contains(to) {
        return format!(
            "{} is occupied by {}'s own {}",
            to,
            us,
            board.role_at(to).map_or("piece", |r| r.name())
        );
    }
    let reachers: Vec<Square> = from_mask
        .filter(|&from| pseudo_reaches(pos, role, from, to))
        .collect();
    if reachers.is_empty() {
        return if role == Role::Pawn {
            format!("no pawn can move to {to}: the pawn cannot move so")
        } else if board.by_piece(role.of(us)).is_empty() {
            format!("{us} has no {} on the board", role.name())
        } else {
            format!("no {} can reach {to}", role.name())
        };
    }
    if role == Role::Pawn
        && to.rank() == crate::chess::Rank::EIGHTH.relative_to(us)
        && promotion.is_none()
    {
        return format!("a pawn reaching {to} must promote");
    }
    let from = reachers[0];
    let king = pos.king(us);
    if role == Role::King {
        let occupied = board.occupied().without(from);
        let attackers = attackers_text(pos, to, !us, occupied);
        return format!("the king would be in check on {to} (attacked by {attackers})");
    }
    // A pinned piece leaving the line of its pin.
    let snipers = ((attacks::rook_attacks(king, board.by_color(!us)) & board.straight_sliders())
        | (attacks::bishop_attacks(king, board.by_color(!us)) & board.diagonal_sliders()))
        & board.by_color(!us);
    for sniper in snipers {
        let between = attacks::between(king, sniper) & board.occupied();
        if between == Bitboard::from(from) && !attacks::aligned(king, sniper, to) {
            return format!(
                "{} is pinned by {} against its king",
                piece_on(pos, from),
                piece_on(pos, sniper)
            );
        }
    }
    let checkers = pos.checkers();
    if checkers.is_nonempty() {
        let names: Vec<String> = checkers.map(|c| piece_on(pos, c)).collect();
        return format!(
            "the king would be in check: {us} is in check from {} and this move does not answer it",
            names.join(" and ")
        );
    }
    "the king would be in check after this move".into()
}

/// Whether our piece of `role` on `from` could move to `to` by its way of moving, ignoring
/// checks and pins.
fn pseudo_reaches(pos: &Position, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let us = pos.turn();
    if role != Role::Pawn {
        return board.attacks_from(from, role.of(us)).contains(to);
    }
    let forward: i32 = us.fold(8, -8);
    let empty = !board.occupied();
    if from.offset(forward) == Some(to) {
        return empty.contains(to);
    }
    if from.offset(2 * forward) == Some(to) {
        let start_rank = crate::chess::Rank::SECOND.relative_to(us);
        return from.rank() == start_rank
            && from.offset(forward).is_some_and(|s| empty.contains(s))
            && empty.contains(to);
    }
    attacks::pawn_attacks(us, from).contains(to)
        && (board.by_color(!us).contains(to) || pos.ep_square() == Some(to))
}

fn castling_reason(game: &Game, side: CastlingSide) -> String {
    let pos = game.position();
    let us = pos.turn();
    let side_name = match side {
        CastlingSide::KingSide => "king side",
        CastlingSide::QueenSide => "queen side",
    };
    if !pos.castling_rights().has(us, side) {
        // Find the move that took the right away.
        for ply in (1..=game.plies()).rev() {
            let (Some(before), Some(after)) = (game.position_at(ply - 1), game.position_at(ply))
            else {
                continue;
            };
            if before.castling_rights().has(us, side) && !after.castling_rights().has(us, side) {
                let mv = game.moves()[ply - 1];
                let what = if mv.role() == Role::King {
                    "the king moved"
                } else if before.turn() == us {
                    "the rook moved"
                } else {
                    "the rook was captured"
                };
                return format!(
                    "castling {side_name} is not allowed: the right was lost when {what} ({} {})",
                    move_label(game.start(), ply),
                    before.san(mv)
                );
            }
        }
        return format!(
            "castling {side_name} is not allowed: {us} had no such right in the starting position"
        );
    }
    let rank = crate::chess::Rank::FIRST.relative_to(us);
    let king = pos.king(us);
    let rook = Square::from_coords(side.rook_from_file(), rank);
    let blockers = attacks::between(king, rook) & pos.board().occupied();
    if let Some(blocker) = blockers.first() {
        return format!(
            "castling {side_name} is not possible: {} stands between king and rook",
            piece_on(pos, blocker)
        );
    }
    if pos.is_check() {
        let checkers: Vec<String> = pos.checkers().map(|c| piece_on(pos, c)).collect();
        return format!(
            "castling out of check is not allowed: the king is attacked by {}",
            checkers.join(" and ")
        );
    }
    let king_to = Square::from_coords(side.king_to_file(), rank);
    for sq in attacks::between(king, king_to).with(king_to) {
        let attackers = pos.board().attacked_by(sq, !us);
        if attackers.is_nonempty() {
            let by = attackers_text(pos, sq, !us, pos.board().occupied());
            return if sq == king_to {
                format!("castling into check is not allowed: {sq} is attacked by {by}")
            } else {
                format!("castling through check is not allowed: {sq} is attacked by {by}")
            };
        }
    }
    format!("castling {side_name} is not possible here")
}
