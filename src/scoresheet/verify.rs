//! Replays a scoresheet on the rules engine and reports what an arbiter needs: the first
//! illegal move and why, where the game ended by itself, whether the recorded result fits the
//! board, notation remarks, and (on request) every moment a draw claim was available.
//!
//! Verification never fails: whatever the text holds becomes findings in the [`Report`].

use std::cell::Cell;
use std::rc::Rc;

use crate::chess::{
    Bitboard, CastlingSide, ClaimKind, Color, Ending, Game, Laws, Move, MoveList, MoveStatus,
    Position, Rate, Role, Square, attacks,
};

use super::notation::{
    self, CheckMark, Language, LetterTable, Notation, PieceMark, PromotionStyle, Separator,
};
use super::pgn::{MoveNumber, MoveToken, Problem, RawGame, Span};

/// What the checker is asked to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub laws: Laws,
    pub rate: Rate,
    /// Also list every moment a draw claim was available.
    pub claims: bool,
}

/// The first move of the record that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// 1 = White's first move of the game.
    pub ply: usize,
    /// The move number and side as a scoresheet writes them: `23.` or `23...`.
    pub label: String,
    pub token: String,
    pub span: Span,
    /// The reason in an arbiter's words.
    pub reason: String,
    /// Kept for the JSON contract and always empty: an ambiguous move is a recording fault
    /// ([`Report::recording`]), never an illegal move.
    pub candidates: Vec<String>,
    /// What the Laws prescribe for it in this edition and rate of play.
    pub penalty: String,
}

/// An automatic ending reached during the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndingFinding {
    /// The ending arose after this many half-moves.
    pub ply: usize,
    pub ending: Ending,
    pub article: &'static str,
}

/// A notation deviation that does not change the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remark {
    pub ply: usize,
    pub token: String,
    pub remark: String,
}

/// What kind of recording fault a token shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordingKind {
    /// The token fits more than one legal move (Appendix C.10 asks for the distinguishing
    /// file or rank).
    Ambiguous,
    /// The token fits only once a move is inserted before it: a move was not recorded.
    MissingMove,
}

impl RecordingKind {
    /// The name used in machine-readable output.
    pub const fn name(self) -> &'static str {
        match self {
            RecordingKind::Ambiguous => "ambiguous",
            RecordingKind::MissingMove => "missing_move",
        }
    }
}

/// A fault of the record, not of the game: the moves on the board were legal, but the
/// scoresheet does not say which (8.1.1 asks for each move in a clear and legible manner;
/// 12.9 leaves the sanction to the arbiter). No 7.5 penalty applies to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordingFault {
    /// The half-move concerned: the one the ambiguous token records, or the one missing.
    pub ply: usize,
    /// That half-move as a scoresheet numbers it: `23.` or `23...`.
    pub label: String,
    /// The token as written (for a missing move, the token that follows the gap).
    pub token: String,
    pub span: Span,
    pub kind: RecordingKind,
    /// The legal readings (SAN): the moves an ambiguous token fits, or the moves that, inserted,
    /// let the rest of the record stand.
    pub readings: Vec<String>,
    /// The reading under which the rest of the game stands, if exactly one does; the check
    /// follows it.
    pub chosen: Option<String>,
    /// How many readings let the rest of the record stand (0: a later move is illegal under
    /// every reading; more than 1: the check stops here).
    pub standing: usize,
}

/// A moment at which the player to move could have claimed a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimAvailable {
    pub ply: usize,
    pub kind: ClaimKind,
    /// The written move that would make the claim correct (SAN), if one was needed.
    pub by_move: Option<String>,
}

/// The verification report of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// 1-based index of the game in its file.
    pub game: usize,
    pub first_line: u32,
    pub white: Option<String>,
    pub black: Option<String>,
    /// The result as recorded (movetext, else the Result tag).
    pub result: Option<String>,
    /// Half-moves of the valid record.
    pub plies: usize,
    /// The language of the piece letters, when the record uses any.
    pub language: Option<Language>,
    /// Every language under which the whole record is legal.
    pub languages: Vec<Language>,
    pub first_illegal: Option<IllegalMove>,
    pub ended: Option<EndingFinding>,
    pub moves_after_end: usize,
    pub result_consistent: bool,
    pub result_note: Option<String>,
    /// Where the valid record stops: at the automatic ending, else before the first illegal
    /// move, else after the last move.
    pub final_fen: String,
    pub remarks: Vec<Remark>,
    /// Ambiguous tokens and missing moves, in the order of the record.
    pub recording: Vec<RecordingFault>,
    /// With [`Options::claims`].
    pub claims_available: Option<Vec<ClaimAvailable>>,
    /// Text the PGN reader could not place (with line and column).
    pub problems: Vec<Problem>,
}

impl Report {
    /// No illegal move, a consistent result, and nothing unreadable.
    pub fn is_clean(&self) -> bool {
        self.first_illegal.is_none() && self.result_consistent && self.problems.is_empty()
    }
}

/// How far a replay under one reading of the piece letters got.
#[derive(Debug, Clone)]
struct Replay {
    game: Game,
    /// Room for the legal moves a written move may mean, kept from move to move.
    scratch: MoveList,
    /// Check and mobility of the position after each ply (index 0: the start).
    statuses: Vec<MoveStatus>,
    /// Token index of the next move to read.
    next: usize,
    stop: Stop,
    /// Promotions written without a piece, and the piece chosen.
    chosen_promotions: Vec<(usize, Role)>,
    /// For each ply from 1, the token that records it; `None` for a move inserted where the
    /// record misses one.
    tokens: Vec<Option<usize>>,
    /// Recording faults met so far.
    faults: Vec<Fault>,
    /// Plies that trying readings may still replay, shared by every branch of one replay, so
    /// that a record full of ambiguities cannot make the search explode.
    budget: Rc<Cell<usize>>,
    /// The move number written with each token, if any.
    numbers: Rc<[Option<MoveNumber>]>,
}

/// A recording fault found during a replay, before the token's text is attached.
#[derive(Debug, Clone)]
struct Fault {
    /// Token index.
    index: usize,
    ply: usize,
    kind: RecordingKind,
    readings: Vec<String>,
    chosen: Option<String>,
    standing: usize,
}

/// How many plies trying the readings of ambiguous or incomplete records may replay for one
/// game: a few thousand times the longest real game, reached only by hostile input.
const READING_BUDGET: usize = 1_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Stop {
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
enum Failure {
    Unreadable(String),
    NoMatch,
    /// A letter that names no piece in the language of this reading.
    UnknownLetter(String),
}

/// Reads the piece marks of a scoresheet in one language.
#[derive(Debug, Clone, Copy)]
struct Reading {
    language: Language,
    table: LetterTable,
}

impl Reading {
    fn new(language: Language) -> Reading {
        Reading {
            language,
            table: LetterTable::new(language),
        }
    }

    #[inline]
    fn role(&self, mark: &PieceMark) -> Option<Role> {
        self.table.role(mark)
    }
}

/// Verifies one game.
pub fn verify(raw: &RawGame, options: Options) -> Report {
    verify_with_game(raw, options).0
}

/// Verifies one game and also returns the valid record as a [`Game`] (for claims).
pub fn verify_with_game(raw: &RawGame, options: Options) -> (Report, Game) {
    let white = raw.tag("White").map(str::to_owned);
    let black = raw.tag("Black").map(str::to_owned);
    let recorded = raw
        .result
        .as_ref()
        .map(|(r, _)| r.clone())
        .or_else(|| raw.tag("Result").map(str::to_owned));
    let mut problems = raw.problems.clone();

    let start = match raw.tag("FEN") {
        Some(fen) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(err) => {
                let span = raw.tags.iter().find(|t| t.name == "FEN").map_or(
                    Span {
                        line: raw.first_line,
                        column: 1,
                    },
                    |t| t.span,
                );
                problems.push(Problem {
                    span,
                    message: format!("the FEN tag cannot be used: {err}"),
                });
                let report = Report {
                    game: raw.index,
                    first_line: raw.first_line,
                    white,
                    black,
                    result: recorded,
                    plies: 0,
                    language: None,
                    languages: Vec::new(),
                    first_illegal: None,
                    ended: None,
                    moves_after_end: 0,
                    result_consistent: false,
                    result_note: Some("not judged: the start position is invalid".into()),
                    final_fen: String::new(),
                    remarks: Vec::new(),
                    recording: Vec::new(),
                    claims_available: options.claims.then(Vec::new),
                    problems,
                };
                return (report, Game::new(Position::new()));
            }
        },
        None => Position::new(),
    };

    let parsed: Vec<Result<Notation, notation::NotationError>> =
        raw.moves.iter().map(|t| notation::parse(&t.text)).collect();

    // Languages whose alphabet covers every letter the scoresheet uses; languages that read
    // all those letters the same way need only one replay.
    let mut letters: Vec<notation::Letter> = Vec::new();
    for letter in parsed.iter().flatten().flat_map(|n| n.letters()) {
        // A scoresheet uses a handful of distinct letters; a linear check beats sorting.
        if !letters.contains(&letter) {
            letters.push(letter);
        }
    }
    let mut groups: Vec<(Vec<Language>, Vec<Role>)> = Vec::new();
    for language in Language::ALL {
        let roles: Option<Vec<Role>> = letters.iter().map(|l| language.role(l.as_str())).collect();
        if let Some(roles) = roles {
            match groups.iter_mut().find(|(_, r)| *r == roles) {
                Some((languages, _)) => languages.push(language),
                None => groups.push((vec![language], roles)),
            }
        }
    }
    let uses_letters = !letters.is_empty();
    if groups.is_empty() {
        // No language reads every letter: replay in English to find where it breaks.
        groups.push((vec![Language::English], Vec::new()));
    }

    let numbers: Rc<[Option<MoveNumber>]> = raw.moves.iter().map(|t| t.number).collect();
    let mut best: Option<(Replay, Vec<Language>)> = None;
    let mut fitting: Vec<Language> = Vec::new();
    for (languages, _) in &groups {
        let reading = Reading::new(languages[0]);
        let replay = replay(start, &parsed, numbers.clone(), reading, options.laws);
        let complete = !matches!(replay.stop, Stop::Failed(..));
        if complete {
            fitting.extend(languages.iter().copied());
        }
        let better = match &best {
            None => true,
            Some((b, _)) => {
                let b_complete = !matches!(b.stop, Stop::Failed(..));
                (complete && !b_complete) || (complete == b_complete && replay.next > b.next)
            }
        };
        if better {
            best = Some((replay, languages.clone()));
        }
        // Without piece letters every language reads the same; one replay is enough.
        if !uses_letters {
            break;
        }
    }
    let (replay, languages) = best.expect("at least one reading is replayed");
    let reading = Reading::new(languages[0]);
    let language = uses_letters.then_some(reading.language);
    let languages = if uses_letters { fitting } else { Vec::new() };

    let mut remarks = Vec::new();
    if uses_letters {
        if languages.len() > 1 {
            remarks.push(Remark {
                ply: 0,
                token: String::new(),
                remark: format!(
                    "the piece letters fit several languages: {}; read as {}",
                    join_names(&languages),
                    reading.language
                ),
            });
        } else if languages.is_empty() {
            remarks.push(Remark {
                ply: 0,
                token: String::new(),
                remark: format!(
                    "no language of piece letters makes the whole record legal; read as {}, which goes furthest",
                    reading.language
                ),
            });
        }
    }

    let game = &replay.game;
    let plies = game.plies();
    collect_remarks(
        raw,
        &parsed,
        game,
        &replay.statuses,
        reading,
        &replay.chosen_promotions,
        &replay.tokens,
        options.laws,
        &mut remarks,
    );
    let recording: Vec<RecordingFault> = replay
        .faults
        .iter()
        .map(|f| {
            let token = raw.moves.get(f.index);
            RecordingFault {
                ply: f.ply,
                label: move_label(game.start(), f.ply),
                token: token.map_or(String::new(), |t| super::pgn::quote(&t.text)),
                span: token.map_or(
                    Span {
                        line: raw.first_line,
                        column: 1,
                    },
                    |t| t.span,
                ),
                kind: f.kind,
                readings: f.readings.clone(),
                chosen: f.chosen.clone(),
                standing: f.standing,
            }
        })
        .collect();
    let unresolved = match replay.stop {
        Stop::Unresolved(_) => Some(move_label(game.start(), plies + 1)),
        _ => None,
    };

    let first_illegal = match &replay.stop {
        Stop::Failed(index, failure) => Some(explain(
            raw, &parsed, *index, failure, game, reading, options,
        )),
        _ => None,
    };
    let (ended, moves_after_end) = match replay.stop {
        Stop::Ended(ply, ending) => (
            Some(EndingFinding {
                ply,
                ending,
                article: options.laws.article(ending),
            }),
            raw.moves.len() - replay.next,
        ),
        _ => (None, 0),
    };
    let final_pos = *game.position();
    let last_move = (plies > 0).then(|| {
        let before = game.position_at(plies - 1).copied().unwrap_or(final_pos);
        format!(
            "{} {}",
            move_label(game.start(), plies),
            before.san(game.moves()[plies - 1])
        )
    });
    let (result_consistent, result_note) = match &unresolved {
        Some(at) => (
            true,
            Some(format!(
                "not judged against the board: more than one reading of the record stands from {at} on"
            )),
        ),
        None => judge_result(
            raw,
            recorded.as_deref(),
            &final_pos,
            ended,
            first_illegal.is_some(),
            last_move.as_deref(),
            options.laws,
        ),
    };
    let claims_available = options.claims.then(|| {
        game.claim_opportunities_under(plies, options.laws)
            .into_iter()
            .map(|c| ClaimAvailable {
                ply: c.ply,
                kind: c.kind,
                by_move: c
                    .by_move
                    .and_then(|mv| game.position_at(c.ply).map(|pos| pos.san(mv))),
            })
            .collect()
    });
    let report = Report {
        game: raw.index,
        first_line: raw.first_line,
        white,
        black,
        result: recorded,
        plies,
        language,
        languages,
        first_illegal,
        ended,
        moves_after_end,
        result_consistent,
        result_note,
        final_fen: final_pos.to_fen(),
        remarks,
        recording,
        claims_available,
        problems,
    };
    (report, replay.game)
}

/// Reads one written move (for a claim) in the scoresheet's language, in any notation the
/// checker reads, and says why when it is not a legal move here.
pub fn read_written_move(
    game: &Game,
    token: &str,
    language: Option<Language>,
) -> Result<Move, String> {
    let reading = Reading::new(language.unwrap_or(Language::English));
    let notation = notation::parse(token).map_err(|e| e.to_string())?;
    let pos = *game.position();
    match candidates(&pos, &notation, reading) {
        Err(Failure::UnknownLetter(letter)) => {
            Err(format!("`{letter}` names no piece in {}", reading.language))
        }
        Err(_) => Err("no legal move fits".into()),
        Ok(found) => match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(no_match_reason(game, &notation, reading)),
            several => {
                let names: Vec<String> = several.iter().map(|&m| pos.san(m)).collect();
                Err(format!("ambiguous: it could be {}", names.join(" or ")))
            }
        },
    }
}

fn join_names(languages: &[Language]) -> String {
    languages
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plays the tokens from `start` under one reading of the letters until the record ends,
/// the game ends by itself, or a token cannot be played.
fn replay(
    start: Position,
    parsed: &[Result<Notation, notation::NotationError>],
    numbers: Rc<[Option<MoveNumber>]>,
    reading: Reading,
    laws: Laws,
) -> Replay {
    let mut statuses = Vec::with_capacity(parsed.len() + 1);
    statuses.push(start.move_status());
    let state = Replay {
        game: Game::with_capacity(start, parsed.len()),
        scratch: MoveList::new(),
        statuses,
        next: 0,
        stop: Stop::Complete,
        chosen_promotions: Vec::new(),
        tokens: Vec::with_capacity(parsed.len()),
        faults: Vec::new(),
        budget: Rc::new(Cell::new(READING_BUDGET)),
        numbers,
    };
    continue_replay(state, parsed, reading, laws)
}

fn continue_replay(
    mut state: Replay,
    parsed: &[Result<Notation, notation::NotationError>],
    reading: Reading,
    laws: Laws,
) -> Replay {
    let mut found = Vec::with_capacity(4);
    loop {
        let ply = state.game.plies();
        let status = state.statuses.last().copied().unwrap_or(MoveStatus {
            checkers: Bitboard::EMPTY,
            has_legal_moves: true,
        });
        if let Some(ending) = state.game.ending_given(ply, status, laws) {
            state.stop = Stop::Ended(ply, ending);
            return state;
        }
        let Some(token) = parsed.get(state.next) else {
            state.stop = Stop::Complete;
            return state;
        };
        let notation = match token {
            Ok(notation) => notation,
            Err(err) => {
                state.stop = Stop::Failed(state.next, Failure::Unreadable(err.to_string()));
                return state;
            }
        };
        let pos = *state.game.position();
        if let Err(failure) = candidates_into(
            &pos,
            Some(status),
            &mut state.scratch,
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
                if let Some(next) = insert_missing(&state, notation, parsed, reading, laws) {
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
                if let Some(choice) = choose_promotion(&state, several, parsed, reading, laws) {
                    return choice;
                }
                // Several legal moves fit: a recording fault (C.10), not an illegal move.
                if let Some(next) = choose_reading(&state, several, parsed, reading, laws) {
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
        advance(&mut state, mv);
    }
}

fn advance(state: &mut Replay, mv: Move) {
    play(state, mv, Some(state.next));
    state.next += 1;
}

fn play(state: &mut Replay, mv: Move, token: Option<usize>) {
    state.game.play_unchecked(mv);
    state.statuses.push(state.game.position().move_status());
    state.tokens.push(token);
    state.budget.set(state.budget.get().saturating_sub(1));
}

/// A copy of the replay to try one reading on, or `None` when the budget for trying is
/// spent. Copying costs as much as replaying the plies copied, and is counted so.
fn branch(state: &Replay) -> Option<Replay> {
    let cost = state.game.plies() + 1;
    let left = state.budget.get();
    if left < cost {
        state.budget.set(0);
        return None;
    }
    state.budget.set(left - cost);
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
    parsed: &[Result<Notation, notation::NotationError>],
    reading: Reading,
    laws: Laws,
) -> Option<Replay> {
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
        let mut b = branch(state)?;
        b.faults.push(fault.clone());
        advance(&mut b, mv);
        branches.push(continue_replay(b, parsed, reading, laws));
    }
    let standing: Vec<usize> = (0..branches.len())
        .filter(|&i| stands(&branches[i], parsed.len()))
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
            let mut stopped = branch(state)?;
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
fn insert_missing(
    state: &Replay,
    notation: &Notation,
    parsed: &[Result<Notation, notation::NotationError>],
    reading: Reading,
    laws: Laws,
) -> Option<Replay> {
    // A token that carries its move number must carry the number it has once the missing
    // move is put back (`2. Nf3 3. Bc4`); one whose number already fits where it stands
    // (`1. e5`) is the move it says, and illegal.
    let number = state.numbers.get(state.next).copied().flatten();
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
        let mut b = branch(state)?;
        b.faults.push(Fault {
            index: state.next,
            ply: state.game.plies() + 1,
            kind: RecordingKind::MissingMove,
            readings: Vec::new(),
            chosen: None,
            standing: 1,
        });
        play(&mut b, inserted, None);
        let b = continue_replay(b, parsed, reading, laws);
        // The inserted move must leave the token to be played: one that ends the game
        // leaves the written move void, which is no reading of the record.
        if b.next > state.next && stands(&b, parsed.len()) {
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
            let mut stopped = branch(state)?;
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
    parsed: &[Result<Notation, notation::NotationError>],
    reading: Reading,
    laws: Laws,
) -> Option<Replay> {
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
        advance(&mut branch, mv);
        let branch = continue_replay(branch, parsed, reading, laws);
        // The piece must keep the rest of the record legal: an ending it causes while moves
        // are still written (a queen that stalemates) does not, so a branch is judged by how
        // many tokens it plays, and a full record wins.
        let whole = |b: &Replay| !matches!(b.stop, Stop::Failed(..)) && b.next == parsed.len();
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

/// The legal moves the notation can mean under `reading`.
fn candidates(pos: &Position, notation: &Notation, reading: Reading) -> Result<Vec<Move>, Failure> {
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
/// legal moves to the written destination (all legal moves for the Chesmayne form), `found`
/// those among them that fit the notation.
fn candidates_into(
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

/// The move number of half-move `ply` (1-based) of a game starting at `start`, and whether
/// it is Black's.
pub fn move_number(start: &Position, ply: usize) -> (usize, bool) {
    let offset = usize::from(start.turn() == Color::Black);
    let index = ply.saturating_sub(1) + offset;
    (start.fullmove_number() as usize + index / 2, index % 2 == 1)
}

/// The move number and side of half-move `ply` (1-based) as a scoresheet writes them:
/// `23.` or `23...`.
pub fn move_label(start: &Position, ply: usize) -> String {
    match move_number(start, ply) {
        (number, false) => format!("{number}."),
        (number, true) => format!("{number}..."),
    }
}

/// The moment before move `number` (Black's when `black`) is played, as the number of
/// half-moves done, for a game starting at `start`: the inverse of [`move_number`]. `None`
/// when that move comes before the start. From the initial position `28.` is after 54
/// half-moves and `28...` after 55 (White's 28th move is the 55th half-move).
pub fn ply_before(start: &Position, number: usize, black: bool) -> Option<usize> {
    let first = start.fullmove_number() as usize;
    let offset = usize::from(start.turn() == Color::Black);
    (number.checked_sub(first)? * 2 + usize::from(black)).checked_sub(offset)
}

/// Notation remarks for every played move.
#[allow(clippy::too_many_arguments)]
fn collect_remarks(
    raw: &RawGame,
    parsed: &[Result<Notation, notation::NotationError>],
    game: &Game,
    statuses: &[MoveStatus],
    reading: Reading,
    chosen_promotions: &[(usize, Role)],
    tokens: &[Option<usize>],
    laws: Laws,
    remarks: &mut Vec<Remark>,
) {
    let mut local_letters_noted = false;
    let mut identities = chesmayne_identities(game.start());
    for (before, &mv) in game.moves().iter().enumerate() {
        let ply = before + 1;
        // A move inserted where the record misses one has no token to remark on, but the
        // pieces still move.
        let Some(&Some(index)) = tokens.get(before) else {
            if let Some(ids) = identities.as_mut() {
                move_identities(ids, mv);
            }
            continue;
        };
        let (Some(pos), Some(after), Some(token), Some(Ok(notation))) = (
            game.position_at(before),
            game.position_at(ply),
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
        if let Some(number) = token.number {
            let (expected_number, expected_black) = move_number(game.start(), ply);
            if number.number as usize != expected_number || number.black != expected_black {
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
        }
        let capture = mv.is_en_passant() || pos.board().occupied().contains(mv.to());
        let status = statuses
            .get(ply)
            .copied()
            .unwrap_or_else(|| after.move_status());
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

/// Whether SAN needs the origin file and the origin rank for `mv` (beyond the destination).
fn origin_needed(pos: &Position, mv: Move) -> (bool, bool) {
    if matches!(mv.role(), Role::Pawn | Role::King) {
        return (false, false);
    }
    let others: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|o| o.role() == mv.role() && o.to() == mv.to() && o.from() != mv.from())
        .map(|o| o.from())
        .collect();
    if others.is_empty() {
        (false, false)
    } else if others.iter().all(|s| s.file() != mv.from().file()) {
        (true, false)
    } else if others.iter().all(|s| s.rank() != mv.from().rank()) {
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

/// The reason, in an arbiter's words, why the token at `index` cannot be played.
fn explain(
    raw: &RawGame,
    parsed: &[Result<Notation, notation::NotationError>],
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
            Some(Ok(notation)) => no_match_reason(game, notation, reading),
            _ => "no legal move fits".into(),
        },
    };
    IllegalMove {
        ply,
        label: move_label(game.start(), ply),
        // A token too long to be a move is cut short, so that a report never repeats a
        // megabyte of broken text.
        token: token.map_or(String::new(), |t| super::pgn::quote(&t.text)),
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

fn no_match_reason(game: &Game, notation: &Notation, reading: Reading) -> String {
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

/// Compares the recorded result with the board.
fn judge_result(
    raw: &RawGame,
    recorded: Option<&str>,
    final_pos: &Position,
    ended: Option<EndingFinding>,
    illegal: bool,
    last_move: Option<&str>,
    laws: Laws,
) -> (bool, Option<String>) {
    let tag = raw.tag("Result");
    if let (Some((movetext, _)), Some(tag)) = (&raw.result, tag)
        && movetext != tag
        && tag != "*"
    {
        return (
            false,
            Some(format!(
                "the Result tag says {tag} but the moves end with {movetext}"
            )),
        );
    }
    let Some(result) = recorded.filter(|r| *r != "*") else {
        // A record may stop before the game does: a player with under five minutes need not
        // record (8.4), and in rapid and blitz nobody must. Say where it stops.
        let note = match (ended, illegal, last_move) {
            (None, false, Some(last)) => format!(
                "no result recorded; the record stops after {last} with the game not over on the board (8.4 lets a player with under five minutes stop recording; in rapid and blitz nobody must record)"
            ),
            _ => "no result recorded".to_owned(),
        };
        return (false, Some(note));
    };
    let winner = match result {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    };
    if let Some(finding) = ended {
        let expected = match finding.ending.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        if result != expected {
            return (
                false,
                Some(format!(
                    "{result} recorded, but the game ended by {} ({}) after half-move {}: the result is {expected}",
                    finding.ending, finding.article, finding.ply
                )),
            );
        }
        return (true, None);
    }
    if illegal {
        return (
            true,
            Some("not judged against the board: the record stops at an illegal move".into()),
        );
    }
    let Some(winner) = winner else {
        return (true, None);
    };
    let on_time = raw
        .tag("Termination")
        .is_some_and(|t| t.to_ascii_lowercase().contains("time"));
    let winner_cannot_mate = final_pos.has_insufficient_material(winner);
    if on_time {
        let article = if laws == Laws::Y2001 { "6.10" } else { "6.9" };
        return if winner_cannot_mate {
            (
                false,
                Some(format!(
                    "{result} on time, but {winner} cannot checkmate by any series of legal moves (material): the game is drawn ({article})"
                )),
            )
        } else {
            (
                true,
                Some(format!(
                    "won on time; {winner} has mating material, so the win stands as far as material shows ({article})"
                )),
            )
        };
    }
    if winner_cannot_mate {
        return if laws >= Laws::Y2023 {
            (
                false,
                Some(format!(
                    "{result} recorded, but {winner} cannot checkmate by any series of legal moves: a resignation here is a draw (5.1.2)"
                )),
            )
        } else {
            (
                true,
                Some(format!(
                    "{winner} cannot checkmate by any series of legal moves; before the 2023 Laws a resignation still stands"
                )),
            )
        };
    }
    (true, None)
}

#[cfg(test)]
pub(crate) fn replay_moves_for_tests(
    start: Position,
    tokens: &[&str],
    language: Language,
) -> (Vec<Move>, bool) {
    let parsed: Vec<_> = tokens.iter().map(|t| notation::parse(t)).collect();
    let numbers: Rc<[Option<MoveNumber>]> = tokens.iter().map(|_| None).collect();
    let replay = replay(start, &parsed, numbers, Reading::new(language), Laws::Y2023);
    (
        replay.game.moves().to_vec(),
        matches!(
            replay.stop,
            Stop::Complete | Stop::Ended(..) | Stop::Unresolved(_)
        ),
    )
}
