//! The replay: plays the tokens of a record under one reading of the piece letters, and
//! where a token is ambiguous or fits only after a move not recorded, tries each reading
//! (within a budget) and follows the one under which the rest of the record stands.

use std::cell::Cell;

use crate::chess::{
    Bitboard, Color, Ending, Game, Laws, Move, MoveList, MoveStatus, Position, Role,
};

use super::language::{
    Reading, Writing, candidates_into, generated_candidates_into, plain_move_written,
};
use super::remarks::{check_mark_fits, may_need_remark};
use super::{RecordingKind, Tokens, move_number};
use crate::scoresheet::notation::Notation;
use crate::scoresheet::pgn::MoveToken;

/// How far a replay under one reading of the piece letters got.
#[derive(Debug, Clone)]
pub(super) struct Replay {
    pub(super) game: Game,
    /// Check and mobility of the current position (the last of the game); its mobility is
    /// provisional while `mobility_open` is set (see [`play`]). Only the replay reads it:
    /// the remarks get the status of the plies they look at with `remark_plies`.
    status: MoveStatus,
    /// `status` says `has_legal_moves` without having asked the move generator; the replay
    /// settles it before reading the next token.
    mobility_open: bool,
    /// Token index of the next move to read.
    pub(super) next: usize,
    pub(super) stop: Stop,
    /// Promotions written without a piece, and the piece chosen.
    pub(super) chosen_promotions: Vec<(usize, Role)>,
    /// The plies (from 1), in order, of the moves inserted where the record misses one.
    /// Every other ply records the next token, so this short list says which token records
    /// each ply ([`token_of`]) without a list as long as the game.
    pub(super) inserted: Vec<usize>,
    /// The plies, in order, whose writing may deserve a notation remark
    /// ([`may_need_remark`]), each with the check status of the position it reaches: worked
    /// out as each written move is played, while its notation and positions are at hand, so
    /// that the remarks look at these plies only.
    pub(super) remark_plies: Vec<(usize, MoveStatus)>,
    /// Recording faults met so far.
    pub(super) faults: Vec<Fault>,
}

/// What every branch of one replay reads, and the budget they share: kept apart from the
/// [`Replay`], which is copied for each branch and moved as it is returned.
struct Record<'a> {
    tokens: Tokens<'a>,
    /// The tokens, for the move number written with each, if any.
    written: &'a [MoveToken],
    reading: Reading,
    laws: Laws,
    /// Plies that trying readings may still replay, shared by every branch of one replay, so
    /// that a record full of ambiguities cannot make the search explode.
    budget: Cell<usize>,
}

/// A recording fault found during a replay, before the token's text is attached.
#[derive(Debug, Clone)]
pub(super) struct Fault {
    /// Token index.
    pub(super) index: usize,
    pub(super) ply: usize,
    pub(super) kind: RecordingKind,
    pub(super) readings: Vec<String>,
    pub(super) chosen: Option<String>,
    pub(super) standing: usize,
}

/// The token that records ply `ply` (from 1) of a replay that inserted moves at the plies
/// `inserted`; `None` for an inserted move.
pub(super) fn token_of(inserted: &[usize], ply: usize) -> Option<usize> {
    let before = inserted.iter().take_while(|&&at| at < ply).count();
    if inserted.get(before) == Some(&ply) {
        return None;
    }
    (ply - 1).checked_sub(before)
}

/// How many plies trying the readings of ambiguous or incomplete records may replay for one
/// game: a few thousand times the longest real game, reached only by hostile input.
const READING_BUDGET: usize = 1_000_000;

impl Replay {
    /// Ends the replay at `ply`, where the game ended by itself although the replay went on:
    /// a dead position found after the replay by the winnability decision (5.2.2). The later
    /// plies and the recording faults among them are dropped, and every token after the one
    /// that recorded `ply` is void, as after any automatic ending.
    pub(super) fn end_at(&mut self, ply: usize, ending: Ending) {
        while self.game.plies() > ply {
            self.game.undo();
        }
        self.inserted.retain(|&at| at <= ply);
        self.remark_plies.retain(|&(marked, _)| marked <= ply);
        // The plies kept recorded the first tokens, one each, but for the inserted moves.
        self.next = ply - self.inserted.len();
        self.faults.retain(|fault| fault.ply <= ply);
        let next = self.next;
        self.chosen_promotions.retain(|&(index, _)| index < next);
        self.stop = Stop::Ended(ply, ending);
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stop {
    /// Every token was played.
    Complete,
    /// An automatic ending at this ply; the remaining tokens are void.
    Ended(usize, Ending),
    /// This token could not be played.
    Failed(usize, Failure),
    /// From this token on, more than one reading lets the rest of the record stand, so the
    /// record does not say which game was played.
    Unresolved(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    Unreadable(String),
    NoMatch,
    /// A letter that names no piece in the language of this reading.
    UnknownLetter(String),
}

thread_local! {
    /// A game that a verification on this thread is done with, whose lists the next replay
    /// fills: allocating and freeing the positions of every game replayed (large enough to
    /// come from the allocator's slow path) cost a three-hundredth of a check of real games.
    static SPARE_GAME: Cell<Option<Game>> = const { Cell::new(None) };

    /// The list of plies to remark on of the last replay on this thread, emptied, for the
    /// next: nearly every game has such a ply, and the list grew from nothing in each.
    static SPARE_REMARK_PLIES: Cell<Vec<(usize, MoveStatus)>> = const { Cell::new(Vec::new()) };
}

/// The most positions a game kept for reuse has room for, so that one very long game does
/// not hold its memory for the rest of the run.
const SPARE_GAME_ROOM: usize = 1024;

/// A game of `start` alone with room for `plies` half-moves, in the lists of the spare game
/// if there is one.
fn fresh_game(start: Position, plies: usize) -> Game {
    match SPARE_GAME.take() {
        Some(mut game) => {
            game.restart(start, plies);
            game
        }
        None => Game::with_capacity(start, plies),
    }
}

/// Keeps `game`, which its caller is done with, for the next replay on this thread to fill
/// (see [`fresh_game`]).
pub(super) fn recycle_game(game: Game) {
    if game.room() <= SPARE_GAME_ROOM {
        SPARE_GAME.set(Some(game));
    }
}

/// Keeps the list of plies to remark on of a replay its caller is done with, emptied, for
/// the next replay on this thread (see [`SPARE_REMARK_PLIES`]).
pub(super) fn recycle_remark_plies(mut list: Vec<(usize, MoveStatus)>) {
    if list.capacity() <= SPARE_GAME_ROOM {
        list.clear();
        SPARE_REMARK_PLIES.set(list);
    }
}

/// Plays the tokens from `start` under one reading of the letters until the record ends,
/// the game ends by itself, or a token cannot be played. `written` are the tokens as read,
/// for the move number written with each (a shorter list means no number past its end).
pub(super) fn replay(
    start: Position,
    tokens: Tokens,
    written: &[MoveToken],
    reading: Reading,
    laws: Laws,
) -> Replay {
    let record = Record {
        tokens,
        written,
        reading,
        laws,
        budget: Cell::new(READING_BUDGET),
    };
    continue_replay(starting_state(start, tokens.count), &record)
}

/// A replay standing at `start`, with room for `plies` half-moves.
fn starting_state(start: Position, plies: usize) -> Replay {
    // The start's mobility is left open out of check, as after any move: the first written
    // move mostly settles it.
    let checkers = start.checkers();
    Replay {
        game: fresh_game(start, plies),
        status: MoveStatus {
            checkers,
            has_legal_moves: checkers.is_empty() || start.has_legal_moves_given(checkers),
        },
        mobility_open: checkers.is_empty(),
        next: 0,
        stop: Stop::Complete,
        chosen_promotions: Vec::new(),
        inserted: Vec::new(),
        remark_plies: SPARE_REMARK_PLIES.take(),
        faults: Vec::new(),
    }
}

/// Plays on from where `state` stands until the record ends, the game ends by itself, or a
/// token cannot be played. The plies played are charged to the budget for trying readings
/// ([`Record::budget`]) whenever it may be read next: before trying readings, and before
/// handing the replay back; the move that led to `state` is its caller's to charge.
fn continue_replay(mut state: Replay, record: &Record) -> Replay {
    let (parsed, reading, laws) = (record.tokens.readable, record.reading, record.laws);
    // The plies played so far that the budget has been charged for: counting them from the
    // game's length when they are charged, rather than one by one, keeps the budget out of
    // the loop over the tokens.
    let mut charged = state.game.plies();
    // Room for the legal moves a written move may mean, and those that fit it: used only
    // for a written move that the plain path leaves to the move generator.
    let mut scratch = MoveList::new();
    let mut found = Vec::new();
    // The token to read, and the status of the position reached and whether its mobility is
    // open, are kept apart from the replay while plain moves are played, and put back in it
    // before anything else reads it: kept in the replay, they were stored and loaded again
    // with every ply, since the game's lists it also holds are written in between.
    let (mut next, mut status, mut mobility_open) = (state.next, state.status, state.mobility_open);
    loop {
        let ply = state.game.plies();
        let pos = state.game.position();
        let token = parsed.get(next);
        // A plain move of the next token, found without the move generator, is legal, and
        // proves what a search for any legal move would: the game goes on. The pieces giving
        // check are known for every position of the replay (only the mobility may be open).
        let plain = match token {
            Some(notation) => plain_move_written(pos, notation, &record.reading, status.checkers),
            None => None,
        };
        // The side to move and its move number, for a move played, read from the position
        // while it is at hand.
        let mover = (pos.turn(), pos.fullmove_number());
        if mobility_open {
            mobility_open = false;
            if plain.is_none() {
                // Open only out of check, where no piece gives check.
                status.has_legal_moves = pos.has_legal_moves_given(Bitboard::EMPTY);
            }
        }
        // Every earlier ply of this replay was tested and had no ending, or it would have
        // stopped there.
        if let Some(ending) = state.game.ending_given_after_none(ply, status, laws) {
            (state.next, state.status, state.mobility_open) = (next, status, mobility_open);
            state.stop = Stop::Ended(ply, ending);
            charge(record, ply, &mut charged);
            return state;
        }
        if let (Some((mv, writing)), Some(notation)) = (plain, token) {
            (status, mobility_open) = advance_parts(
                &mut state.game,
                mover,
                &mut state.remark_plies,
                next,
                mv,
                notation,
                writing,
                record,
            );
            next += 1;
            continue;
        }
        (state.next, state.status, state.mobility_open) = (next, status, mobility_open);
        // Past the readable tokens is the end of the record, or the first unreadable token.
        let Some(notation) = token else {
            state.stop = match record.tokens.unreadable {
                Some(err) => Stop::Failed(state.next, Failure::Unreadable(err.to_string())),
                None => Stop::Complete,
            };
            charge(record, ply, &mut charged);
            return state;
        };
        // Trying readings reads the budget.
        charge(record, ply, &mut charged);
        let pos = *state.game.position();
        if let Err(failure) = generated_candidates_into(
            &pos,
            Some(status),
            &mut scratch,
            notation,
            reading,
            &mut found,
        ) {
            state.stop = Stop::Failed(state.next, failure);
            return state;
        }
        let mv = match found.as_slice() {
            [] => {
                // A token that fits once a move is put before it records the move after one
                // that was not written down.
                if let Some(next) = insert_missing(&state, notation, record) {
                    return next;
                }
                state.stop = Stop::Failed(state.next, Failure::NoMatch);
                return state;
            }
            [mv] => *mv,
            several => {
                // A pawn reaching the last rank with no piece named (C.11): a notation defect,
                // not an illegal move. Choose the piece that keeps the rest of the record
                // legal, a queen when several do.
                if let Some(choice) = choose_promotion(&state, several, notation, record) {
                    return choice;
                }
                // Several legal moves fit: a recording fault (C.10), not an illegal move.
                if let Some(next) = choose_reading(&state, several, notation, record) {
                    return next;
                }
                // The budget for trying readings is spent (only hostile input gets here): the
                // token is still a recording fault, and the check stops at it.
                state.faults.push(Fault {
                    index: state.next,
                    ply: state.game.plies() + 1,
                    kind: RecordingKind::Ambiguous,
                    readings: several.iter().map(|&m| pos.san(m)).collect(),
                    chosen: None,
                    standing: several.len(),
                });
                state.stop = Stop::Unresolved(state.next);
                return state;
            }
        };
        advance(&mut state, mv, notation, Writing::Unknown, record);
        (next, status, mobility_open) = (state.next, state.status, state.mobility_open);
    }
}

/// Plays the move the next token records, and marks its ply if its writing may deserve a
/// remark. `writing` is what the caller already knows of the token's writing.
#[inline(always)]
fn advance(state: &mut Replay, mv: Move, notation: &Notation, writing: Writing, record: &Record) {
    let before = state.game.position();
    let mover = (before.turn(), before.fullmove_number());
    (state.status, state.mobility_open) = advance_parts(
        &mut state.game,
        mover,
        &mut state.remark_plies,
        state.next,
        mv,
        notation,
        writing,
        record,
    );
    state.next += 1;
}

/// [`advance`] on the parts of a replay it changes, the token read being `next` and the
/// move made by `mover`, the side to move and its move number: hands back the status of the
/// position reached and whether its mobility is left open (see [`play`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn advance_parts(
    game: &mut Game,
    (mover, number_before): (Color, u32),
    remark_plies: &mut Vec<(usize, MoveStatus)>,
    next: usize,
    mv: Move,
    notation: &Notation,
    writing: Writing,
    record: &Record,
) -> (MoveStatus, bool) {
    // Only a writing not yet told needs to know whether the move captures.
    let capture = writing == Writing::Unknown
        && (mv.is_en_passant() || game.position().board().occupied().contains(mv.to()));
    let (status, mobility_open) = play(game, mv);
    let ply = game.plies();
    // The move's own number is the number of the position it was played from, read there
    // rather than worked out from the start, unless that number stopped at its ceiling.
    let number_differs = record
        .written
        .get(next)
        .and_then(|token| token.number)
        .is_some_and(|n| {
            if number_before == u32::MAX {
                (n.number as usize, n.black) != move_number(game.start(), ply)
            } else {
                (n.number, n.black) != (number_before, mover == Color::Black)
            }
        });
    let remark = number_differs
        || match writing {
            Writing::Plain(check) => !check_mark_fits(check, status),
            Writing::Unknown => may_need_remark(notation, mv, capture, status, false),
        };
    if remark {
        remark_plies.push((ply, status));
    }
    (status, mobility_open)
}

/// Plays one move. Whether the side to move then has a legal move is asked of the move
/// generator at once only in check (a checkmate, and the notation remarks on `#`, need it);
/// otherwise it is left open for the next turn of the replay, which mostly settles it with
/// the next written move.
/// Hands back the status of the position reached, and whether its mobility is left open.
#[inline(always)]
fn play(game: &mut Game, mv: Move) -> (MoveStatus, bool) {
    let pos = game.play_unchecked_unkeyed(mv);
    let checkers = pos.checkers_after_move(mv);
    let status = MoveStatus {
        checkers,
        has_legal_moves: checkers.is_empty() || pos.has_legal_moves_given(checkers),
    };
    (status, checkers.is_empty())
}

/// Charges the budget for trying readings with the one move a branch played before it
/// replays on ([`continue_replay`] charges the plies it plays itself).
fn charge_move(record: &Record) {
    record.budget.set(record.budget.get().saturating_sub(1));
}

/// Charges the budget for trying readings with the plies played since `charged`, the length
/// of the game when it was last charged, up to `plies`.
fn charge(record: &Record, plies: usize, charged: &mut usize) {
    let played = plies.saturating_sub(*charged);
    record
        .budget
        .set(record.budget.get().saturating_sub(played));
    *charged = plies;
}

/// A copy of the replay to try one reading on, or `None` when the budget for trying is
/// spent. Copying costs as much as replaying the plies copied, and is counted so.
fn branch(state: &Replay, record: &Record) -> Option<Replay> {
    let cost = state.game.plies() + 1;
    let left = record.budget.get();
    if left < cost {
        record.budget.set(0);
        return None;
    }
    record.budget.set(left - cost);
    Some(state.clone())
}

/// Whether the rest of the record stands in a replay: every token played (the game may end
/// by itself only with the last one), or more than one reading standing further on.
fn stands(replay: &Replay, tokens: usize) -> bool {
    match replay.stop {
        Stop::Complete | Stop::Unresolved(_) => true,
        Stop::Ended(..) => replay.next == tokens,
        Stop::Failed(..) => false,
    }
}

/// An ambiguous token: replays the rest of the record under each reading. The check follows
/// the one reading under which the rest stands; with none, the one that goes furthest (a
/// later move is then illegal under every reading); with several, it stops here, because the
/// record does not say which game was played. `None` when the budget is spent.
fn choose_reading(
    state: &Replay,
    several: &[Move],
    notation: &Notation,
    record: &Record,
) -> Option<Replay> {
    let tokens = record.tokens.count;
    let pos = *state.game.position();
    let fault = Fault {
        index: state.next,
        ply: state.game.plies() + 1,
        kind: RecordingKind::Ambiguous,
        readings: several.iter().map(|&m| pos.san(m)).collect(),
        chosen: None,
        standing: 0,
    };
    let at = state.faults.len();
    let mut branches = Vec::with_capacity(several.len());
    for &mv in several {
        let mut b = branch(state, record)?;
        b.faults.push(fault.clone());
        advance(&mut b, mv, notation, Writing::Unknown, record);
        charge_move(record);
        branches.push(continue_replay(b, record));
    }
    let standing: Vec<usize> = (0..branches.len())
        .filter(|&i| stands(&branches[i], tokens))
        .collect();
    match standing.as_slice() {
        [one] => {
            let mut chosen = branches.swap_remove(*one);
            chosen.faults[at].chosen = Some(fault.readings[*one].clone());
            chosen.faults[at].standing = 1;
            Some(chosen)
        }
        [] => {
            // The first of those that go furthest.
            let furthest = branches.iter().map(|b| b.next).max()?;
            let index = branches.iter().position(|b| b.next == furthest)?;
            Some(branches.swap_remove(index))
        }
        _ => {
            let mut stopped = branch(state, record)?;
            stopped.faults.push(Fault {
                standing: standing.len(),
                ..fault
            });
            stopped.stop = Stop::Unresolved(state.next);
            Some(stopped)
        }
    }
}

/// A token that no legal move fits: tries each legal move of the player to move before it
/// (the move not recorded), keeping those after which the token fits and the rest of the
/// record stands. One: the check follows it; several: the check stops here, as for an
/// ambiguous token; none (or the budget spent): `None`, and the token is illegal.
fn insert_missing(state: &Replay, notation: &Notation, record: &Record) -> Option<Replay> {
    let (tokens, reading) = (record.tokens.count, record.reading);
    // A token that carries its move number must carry the number it has once the missing
    // move is put back (`2. Nf3 3. Bc4`); one whose number already fits where it stands
    // (`1. e5`) is the move it says, and illegal.
    let number = record
        .written
        .get(state.next)
        .and_then(|token| token.number);
    let after_gap = move_number(state.game.start(), state.game.plies() + 2);
    if number.is_some_and(|n| (n.number as usize, n.black) != after_gap) {
        return None;
    }
    let pos = *state.game.position();
    let mut scratch = MoveList::new();
    let mut found = Vec::new();
    let mut standing: Vec<(Move, Replay)> = Vec::new();
    for &inserted in pos.legal_moves().iter() {
        let mut after = pos;
        after.play_unchecked(inserted);
        let fits = candidates_into(&after, None, &mut scratch, notation, reading, &mut found)
            .is_ok()
            && !found.is_empty();
        if !fits {
            continue;
        }
        let mut b = branch(state, record)?;
        b.faults.push(Fault {
            index: state.next,
            ply: state.game.plies() + 1,
            kind: RecordingKind::MissingMove,
            readings: Vec::new(),
            chosen: None,
            standing: 1,
        });
        (b.status, b.mobility_open) = play(&mut b.game, inserted);
        charge_move(record);
        b.inserted.push(b.game.plies());
        let b = continue_replay(b, record);
        // The inserted move must leave the token to be played: one that ends the game
        // leaves the written move void, which is no reading of the record.
        if b.next > state.next && stands(&b, tokens) {
            standing.push((inserted, b));
        }
    }
    let at = state.faults.len();
    let readings: Vec<String> = standing.iter().map(|(m, _)| pos.san(*m)).collect();
    match standing.len() {
        0 => None,
        1 => {
            let (_, mut chosen) = standing.pop()?;
            chosen.faults[at].readings = readings.clone();
            chosen.faults[at].chosen = readings.into_iter().next();
            Some(chosen)
        }
        _ => {
            let mut stopped = branch(state, record)?;
            stopped.faults.push(Fault {
                index: state.next,
                ply: state.game.plies() + 1,
                kind: RecordingKind::MissingMove,
                standing: readings.len(),
                readings,
                chosen: None,
            });
            stopped.stop = Stop::Unresolved(state.next);
            Some(stopped)
        }
    }
}

/// When `several` are the four promotions of one pawn move, replays the rest of the record
/// with each piece and returns the best result.
fn choose_promotion(
    state: &Replay,
    several: &[Move],
    notation: &Notation,
    record: &Record,
) -> Option<Replay> {
    let tokens = record.tokens.count;
    let first = several[0];
    let same_square = several
        .iter()
        .all(|m| m.from() == first.from() && m.to() == first.to() && m.promotion_role().is_some());
    if !same_square {
        return None;
    }
    let mut best: Option<Replay> = None;
    for role in Role::PROMOTIONS {
        let Some(&mv) = several.iter().find(|m| m.promotion_role() == Some(role)) else {
            continue;
        };
        let mut branch = state.clone();
        branch.chosen_promotions.push((branch.next, role));
        advance(&mut branch, mv, notation, Writing::Unknown, record);
        charge_move(record);
        let branch = continue_replay(branch, record);
        // The piece must keep the rest of the record legal: an ending it causes while moves
        // are still written (a queen that stalemates) does not, so a branch is judged by how
        // many tokens it plays, and a full record wins.
        let whole = |b: &Replay| !matches!(b.stop, Stop::Failed(..)) && b.next == tokens;
        let better = match &best {
            None => true,
            Some(b) => (whole(&branch), branch.next) > (whole(b), b.next),
        };
        let complete = whole(&branch);
        if better {
            best = Some(branch);
        }
        if complete {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoresheet::notation::{self, Language};

    /// The budget left after replaying `tokens` in English from the initial position, with
    /// how the replay stopped.
    fn budget_left(tokens: &str) -> (usize, Stop) {
        let parsed: Vec<Notation> = tokens
            .split_whitespace()
            .map(|token| notation::parse(token).unwrap())
            .collect();
        let record = Record {
            tokens: Tokens {
                readable: &parsed,
                unreadable: None,
                count: parsed.len(),
            },
            written: &[],
            reading: Reading::new(Language::English),
            laws: Laws::Y2023,
            budget: Cell::new(READING_BUDGET),
        };
        let replay = continue_replay(starting_state(Position::new(), parsed.len()), &record);
        (record.budget.get(), replay.stop)
    }

    /// Every ply played counts against the budget for trying readings, in the main line and
    /// in each branch tried, and so does every copy of the replay a branch starts from (as
    /// many plies as it holds, and one more): the figures are those of a replay that charged
    /// each ply as it played it.
    #[test]
    fn the_budget_counts_every_ply_and_every_branch() {
        // Plain moves only: one ply each.
        let (left, stop) = budget_left("e4 e5 Nf3 Nc6 Bb5 a6");
        assert_eq!((READING_BUDGET - left, stop), (6, Stop::Complete));
        // `Nd2` fits both knights at ply 5, and only one reading lets `Ng5` stand.
        let (left, stop) = budget_left("d4 d5 Nf3 Nf6 Nd2 e6 Ng5 h6");
        assert_eq!((READING_BUDGET - left, stop), (20, Stop::Complete));
        // `Nd2` fits both knights, and both readings stand: the check stops there.
        let (left, stop) = budget_left("d4 d5 Nf3 Nf6 Nd2 e6 e3 e5");
        assert_eq!((READING_BUDGET - left, stop), (27, Stop::Unresolved(4)));
        // A move of Black left out before `Nf3`: every move of Black tried before it, and
        // many let the rest stand.
        let (left, stop) = budget_left("e4 e5 d4 Nf3 Nc6");
        assert_eq!((READING_BUDGET - left, stop), (226, Stop::Unresolved(3)));
    }
}
