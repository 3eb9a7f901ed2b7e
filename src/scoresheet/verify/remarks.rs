//! Notation remarks: for every move played, how its writing departs from the notation the
//! Laws ask for (Appendix C), without changing which move it is.

use crate::chess::{
    Bitboard, File, Game, Laws, Move, MoveStatus, Position, Rank, Role, Square, attacks,
};

use super::language::Reading;
use super::replay::token_of;
use super::{Remark, move_label, move_number};
use crate::scoresheet::notation::{self, CheckMark, Language, Notation, PromotionStyle, Separator};
use crate::scoresheet::pgn::RawGame;

/// Notation remarks for every played move.
#[allow(clippy::too_many_arguments)]
pub(super) fn collect_remarks(
    raw: &RawGame,
    parsed: &[Notation],
    game: &Game,
    reading: Reading,
    chosen_promotions: &[(usize, Role)],
    inserted: &[usize],
    remark_plies: &[(usize, MoveStatus)],
    laws: Laws,
    chesmayne: bool,
    remarks: &mut Vec<Remark>,
) {
    let mut local_letters_noted = false;
    // Piece identities are followed only for a record that uses the Chesmayne form (the
    // caller knows from reading the tokens), the only notation whose remarks need them.
    let mut identities = chesmayne
        .then(|| chesmayne_identities(game.start()))
        .flatten();
    let positions = game.positions_before_moves();
    // The replay marked the plies whose writing may deserve a remark ([`may_need_remark`]);
    // only those are looked at, unless the record uses the Chesmayne form (whose identities
    // follow every move) or local letters (noted once, at the first move that uses them).
    let every_ply = identities.is_some() || reading.language != Language::English;
    // The replay gave the status of each marked ply; the others are worked out here.
    let mut all = (0..game.moves().len()).map(|before| (before, None));
    let mut marked = remark_plies
        .iter()
        .map(|&(ply, status)| (ply - 1, Some(status)));
    let visited: &mut dyn Iterator<Item = (usize, Option<MoveStatus>)> =
        if every_ply { &mut all } else { &mut marked };
    for (before, known_status) in visited {
        let ply = before + 1;
        let Some(&mv) = game.moves().get(before) else {
            continue;
        };
        // A move inserted where the record misses one has no token to remark on, but the
        // pieces still move.
        let Some(index) = token_of(inserted, ply) else {
            if let Some(ids) = identities.as_mut() {
                move_identities(ids, mv);
            }
            continue;
        };
        let (Some(pos), Some(token), Some(notation)) = (
            positions.get(before),
            raw.moves.get(index),
            parsed.get(index),
        ) else {
            continue;
        };
        let mut note = |remark: String| {
            remarks.push(Remark {
                ply,
                token: token.text.to_string(),
                remark,
            })
        };
        if let Some(number) = token.number
            && (number.number as usize, number.black) != move_number(game.start(), ply)
        {
            let written = if number.black {
                format!("{}...", number.number)
            } else {
                format!("{}.", number.number)
            };
            let expected = move_label(game.start(), ply);
            note(format!(
                "move number written as {written}, but this is move {expected}"
            ));
        }
        let capture = mv.is_en_passant() || pos.board().occupied().contains(mv.to());
        // Only a position in check needs its mobility: the remarks ask whether a move
        // checks, checks twice or mates.
        let status = known_status
            .or_else(|| {
                game.position_at(ply).map(|after| {
                    let checkers = after.checkers();
                    MoveStatus {
                        checkers,
                        has_legal_moves: checkers.is_empty()
                            || after.has_legal_moves_given(checkers),
                    }
                })
            })
            .unwrap_or(MoveStatus {
                checkers: Bitboard::EMPTY,
                has_legal_moves: true,
            });
        let gives_check = status.checkers.is_nonempty();
        let mates = status.is_checkmate();
        let double_check = status.checkers.has_several();
        match notation {
            Notation::Castle { zeros, .. } => {
                if *zeros {
                    note("castling written with zeros; PGN writes O-O and O-O-O".into());
                }
            }
            Notation::Move {
                piece,
                from_file,
                from_rank,
                separator,
                promotion,
                en_passant_mark,
                ..
            } => {
                if !local_letters_noted
                    && reading.language != Language::English
                    && (piece.is_some() || promotion.is_some())
                    && notation.letters().next().is_some()
                {
                    local_letters_noted = true;
                    note(format!("piece letters read as {}", reading.language));
                }
                match separator {
                    Separator::Capture if !capture => {
                        note("capture sign written but nothing is captured".into())
                    }
                    Separator::Hyphen if capture => {
                        note("capture written with a hyphen instead of x".into())
                    }
                    Separator::Hyphen => note("long notation with a hyphen".into()),
                    _ => {}
                }
                let long_form = from_file.is_some() && from_rank.is_some();
                if !long_form && (from_file.is_some() || from_rank.is_some()) {
                    let needed = origin_needed(pos, mv);
                    let file_needed = mv.role() == Role::Pawn && capture;
                    if (from_file.is_some() && !needed.0 && !file_needed)
                        || (from_rank.is_some() && !needed.1)
                    {
                        note("origin given where it is not needed".into());
                    }
                }
                if *en_passant_mark && !mv.is_en_passant() {
                    note("e.p. written on a move that is not an en passant capture".into());
                }
                match promotion {
                    Some((_, PromotionStyle::Parentheses)) => {
                        note("promotion piece written in parentheses".into())
                    }
                    Some((_, PromotionStyle::Slash)) => {
                        note("promotion piece written after a slash".into())
                    }
                    _ => {}
                }
                if let Some((_, role)) = chosen_promotions.iter().find(|(i, _)| *i == index) {
                    note(format!(
                        "promotion written without the piece (C.11); read as {} because it keeps the record legal",
                        role.name()
                    ));
                }
            }
            Notation::Chesmayne { code, captured, .. } => {
                if let Some(ids) = identities.as_mut() {
                    let actual = ids[mv.from().index()];
                    if actual.is_some_and(|a| a != *code) {
                        note(format!(
                            "the code {code} names another piece: the piece on {} is {}",
                            mv.from(),
                            actual.map_or(String::from("unknown"), |a| a.to_string())
                        ));
                    }
                    if let Some(captured) = captured {
                        let victim_square = if mv.is_en_passant() {
                            Square::from_coords(mv.to().file(), mv.from().rank())
                        } else {
                            mv.to()
                        };
                        let victim = ids[victim_square.index()];
                        if victim.is_some_and(|v| v != *captured) {
                            note(format!(
                                "the captured piece is {}, not {captured}",
                                victim.map_or(String::from("unknown"), |v| v.to_string())
                            ));
                        }
                    } else if capture {
                        note("capture written without the captured piece's code".into());
                    }
                }
            }
        }
        if let Some(ids) = identities.as_mut() {
            move_identities(ids, mv);
        }
        match (notation.check_mark(), gives_check, mates) {
            (CheckMark::None, true, false) => note("check not marked with +".into()),
            (CheckMark::None | CheckMark::Check, true, true) => {
                note("checkmate not marked with # or ++".into())
            }
            (CheckMark::Check | CheckMark::DoublePlus | CheckMark::Mate, false, _) => {
                note("check sign on a move that gives no check".into())
            }
            (CheckMark::Mate, true, false) => note("# on a move that does not mate".into()),
            (CheckMark::DoublePlus, true, false) if laws >= Laws::Y2023 || !double_check => {
                note("++ marks checkmate (C.13.5), but this move only gives check".into())
            }
            _ => {}
        }
    }
}

/// Whether a played move may deserve a remark: `false` only when [`collect_remarks`] finds
/// nothing to say about it in an English record without the Chesmayne form, which is what
/// nearly every move of a real record is (SAN as PGN writes it, its number and check mark
/// right). The replay asks this as it plays each written move, with `capture` (the move
/// takes a piece), `after` (the status of the position it reaches) and whether the number
/// written with the token differs from the one the move has.
pub(super) fn may_need_remark(
    notation: &Notation,
    mv: Move,
    capture: bool,
    after: MoveStatus,
    number_differs: bool,
) -> bool {
    if number_differs {
        return true;
    }
    let check = match notation {
        Notation::Move {
            from_file,
            from_rank,
            separator,
            promotion,
            en_passant_mark,
            check,
            ..
        } => {
            let plain = separator_and_origin_plain(*separator, *from_file, *from_rank, mv, capture);
            // A promotion written without its piece gets a remark on the piece chosen.
            let promotion_plain = match promotion {
                None => mv.promotion_role().is_none(),
                Some((_, style)) => matches!(style, PromotionStyle::Equals | PromotionStyle::Plain),
            };
            if !(plain && promotion_plain) || *en_passant_mark {
                return true;
            }
            *check
        }
        Notation::Castle { zeros, check, .. } => {
            if *zeros {
                return true;
            }
            *check
        }
        Notation::Chesmayne { .. } => return true,
    };
    !check_mark_fits(check, after)
}

/// Whether a move's separator fits whether it captures, and it names no origin beyond what
/// plain SAN needs without a look at the other pieces: a file alone is always needed by a
/// pawn capture; any other origin is checked. (Shared by [`may_need_remark`] and the
/// replay's plain path, which judges a plain move's writing while it reads it.)
#[inline(always)]
pub(super) fn separator_and_origin_plain(
    separator: Separator,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    mv: Move,
    capture: bool,
) -> bool {
    let separator_fits = match separator {
        Separator::None => true,
        Separator::Capture => capture,
        Separator::Hyphen => false,
    };
    separator_fits
        && from_rank.is_none()
        && (from_file.is_none() || (mv.role() == Role::Pawn && capture))
}

/// Whether `check` is the mark the move reaching a position of status `after` deserves:
/// none without check, `+` for a check that does not mate, `#` or `++` for a mate.
#[inline(always)]
pub(super) fn check_mark_fits(check: CheckMark, after: MoveStatus) -> bool {
    let gives_check = after.checkers.is_nonempty();
    match check {
        CheckMark::None => !gives_check,
        CheckMark::Check => gives_check && !after.is_checkmate(),
        CheckMark::Mate | CheckMark::DoublePlus => after.is_checkmate(),
    }
}

/// Whether SAN needs the origin file and the origin rank for `mv` (beyond the destination).
fn origin_needed(pos: &Position, mv: Move) -> (bool, bool) {
    // Only the moves to the same square by pieces of the same kind matter, and a piece of
    // that kind can move there only from a square it attacks: with no other such piece, the
    // origin is not needed, which settles most moves without generating any.
    let to = mv.to();
    let occupied = pos.board().occupied();
    let reach = match mv.role() {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        Role::Queen => attacks::queen_attacks(to, occupied),
        Role::Pawn | Role::King => return (false, false),
    };
    let from = mv.from();
    let origins = (pos.board().by_piece(mv.role().of(pos.turn())) & reach).without(from);
    if origins.is_empty() {
        return (false, false);
    }
    // The squares of the other pieces of the kind that may legally move there, as a set:
    // the file or the rank of the origin tells the move apart when none of them shares it.
    let others = pos.legal_origins(mv.role(), origins, to);
    if others.is_empty() {
        (false, false)
    } else if (others & Bitboard::from_file(from.file())).is_empty() {
        (true, false)
    } else if (others & Bitboard::from_rank(from.rank())).is_empty() {
        (false, true)
    } else {
        (true, true)
    }
}

type Identities = [Option<notation::ChesmayneCode>; 64];

/// Chesmayne piece identities, known only for games from the initial position.
fn chesmayne_identities(start: &Position) -> Option<Identities> {
    if start.board() != Position::new().board() {
        return None;
    }
    let mut ids = [None; 64];
    for (sq, piece) in start.board().pieces() {
        ids[sq.index()] = notation::chesmayne_identity(piece.color, sq);
    }
    Some(ids)
}

fn move_identities(ids: &mut Identities, mv: Move) {
    let moving = ids[mv.from().index()];
    if mv.is_en_passant() {
        ids[Square::from_coords(mv.to().file(), mv.from().rank()).index()] = None;
    }
    if let Some(side) = mv.castling_side() {
        let rank = mv.from().rank();
        let rook_from = Square::from_coords(side.rook_from_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        ids[rook_to.index()] = ids[rook_from.index()].take();
    }
    ids[mv.from().index()] = None;
    ids[mv.to().index()] = moving;
}
