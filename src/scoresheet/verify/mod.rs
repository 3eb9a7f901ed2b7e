//! Replays a scoresheet on the rules engine and reports what an arbiter needs: the first
//! illegal move and why, where the game ended by itself, whether the recorded result fits the
//! board, notation remarks, and (on request) every moment a draw claim was available.
//!
//! Verification never fails: whatever the text holds becomes findings in the [`Report`].
//!
//! This file holds the report's types and [`verify_with_game`], which decides the language of
//! the piece letters (one replay per group of languages that read the letters alike) and puts
//! the report together. The phases it calls are one file each: `language` (reading a written
//! move under one language), `replay` (playing the record, trying readings of ambiguous or
//! incomplete moves), `remarks` (notation remarks), `reasons` (why a move is illegal) and
//! `result` (the recorded result against the board).

use std::cell::Cell;

use crate::chess::{Budget, ClaimKind, Color, Ending, Game, Laws, Move, Position, Rate};

use super::notation::{self, Language, LetterTable, Notation, PieceMark};
use super::pgn::{Problem, RawGame, Span};

mod language;
mod reasons;
mod remarks;
mod replay;
mod result;
mod winnable;

use language::{Reading, candidates, join_names};
use reasons::{explain, no_match_reason};
use remarks::collect_remarks;
use replay::{Failure, Replay, Stop};
use result::{RecordEnd, judge_result};
use winnable::{Decisions, find_dead, likely_winner, recorded_winner};

/// What the checker is asked to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub laws: Laws,
    pub rate: Rate,
    /// Also list every moment a draw claim was available.
    pub claims: bool,
    /// The work each winnability decision may take (dead positions beyond material, and
    /// whether a winner not by checkmate could still mate). Tests give a small one to reach
    /// the undetermined answer.
    pub budget: Budget,
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

/// An automatic ending reached during the record: found move by move (checkmate, stalemate,
/// material, repetition, 75 moves), or a dead position that only the winnability decision
/// shows, found once the record is replayed.
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
///
/// The default is an empty report, for [`verify_into`] to fill.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
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
    /// The result does not fit because the recorded winner could not checkmate by any series
    /// of legal moves, in the way the game ended (6.9, 5.1.2, 7.5.5); the note says why.
    pub result_against_winnability: bool,
    /// How many winnability decisions (a position and a colour each) the check asked: at most
    /// two for a game that never became dead, none for one that ended by checkmate.
    pub winnability_calls: usize,
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

/// Verifies one game.
pub fn verify(raw: &RawGame, options: Options) -> Report {
    let mut report = Report::default();
    verify_into(raw, options, &mut report);
    report
}

/// [`verify`] into a report that a caller keeps from one game to the next: each of its
/// fields is written anew, and its strings and lists keep their room. A check of many games
/// allocated and freed about six of them for every game, and moved the report (about 500
/// bytes) twice on its way out.
pub fn verify_into(raw: &RawGame, options: Options, report: &mut Report) {
    let game = verify_replaying(raw, options, report);
    replay::recycle_game(game);
}

/// Verifies one game and also returns the valid record as a [`Game`] (for claims).
pub fn verify_with_game(raw: &RawGame, options: Options) -> (Report, Game) {
    let mut report = Report::default();
    let mut game = verify_replaying(raw, options, &mut report);
    // The replay works out repetition keys only where its ending tests read them; a caller
    // that asks about claims gets them all.
    game.settle_all_keys();
    (report, game)
}

/// Sets `slot` to a copy of `text`, in the room the string there has.
#[inline]
fn set_text(slot: &mut Option<String>, text: Option<&str>) {
    match (slot.as_mut(), text) {
        (Some(kept), Some(text)) => {
            kept.clear();
            kept.push_str(text);
        }
        (_, text) => *slot = text.map(str::to_owned),
    }
}

/// [`verify_into`], returning the valid record with its repetition keys as the replay left
/// them.
fn verify_replaying(raw: &RawGame, options: Options, report: &mut Report) -> Game {
    // Every field is named, so that none keeps what the game before left in it: a field
    // added to the report and not written here is an unused variable.
    let Report {
        game: game_index,
        first_line,
        white,
        black,
        result: recorded_result,
        plies: valid_plies,
        language: report_language,
        languages: fitting,
        first_illegal: report_illegal,
        ended: report_ended,
        moves_after_end: report_moves_after_end,
        result_consistent: report_consistent,
        result_note: report_note,
        result_against_winnability,
        winnability_calls,
        final_fen,
        remarks,
        recording,
        claims_available,
        problems,
    } = report;
    *game_index = raw.index;
    *first_line = raw.first_line;
    let tags = KnownTags::of(raw);
    set_text(white, tags.white);
    set_text(black, tags.black);
    let recorded = raw.result.as_ref().map(|(r, _)| r.as_str()).or(tags.result);
    set_text(recorded_result, recorded);
    // Nearly every game has no problem and no recording fault: the lists are only emptied
    // then, without the calls that copy or build them.
    problems.clear();
    if !raw.problems.is_empty() {
        problems.extend_from_slice(&raw.problems);
    }
    fitting.clear();
    remarks.clear();
    recording.clear();
    final_fen.clear();

    let start = match tags.fen {
        Some(fen) => match Position::from_fen(fen) {
            Ok(pos) => pos,
            Err(err) => {
                let span = raw.tags.iter().find(|t| t.name == FEN).map_or(
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
                *valid_plies = 0;
                *report_language = None;
                *report_illegal = None;
                *report_ended = None;
                *report_moves_after_end = 0;
                *report_consistent = false;
                *report_note = Some("not judged: the start position is invalid".into());
                *result_against_winnability = false;
                *winnability_calls = 0;
                *claims_available = options.claims.then(Vec::new);
                return Game::new(Position::new());
            }
        },
        None => initial_position(),
    };

    // The tokens are read once, into a list that keeps only the notations up to the first
    // unreadable token, with that token's error: no replay reads past it, and a list of
    // notations alone (no error to drop, a third of the size) is written, read and emptied
    // faster than one of results. The piece letters are gathered from what was read (every
    // readable token, after an unreadable one too), as a set of bits listed in the order of
    // the letters' numbers: the groups below compare languages by their pieces for one list
    // of letters, so any fixed order gives the same groups.
    // The reader of the check reads the notations of the moves as it reads the moves, with
    // their letters, as far as they are plain SAN (see `RawGame::notations`): for nearly
    // every game that is all of them, and they are used as they are. Otherwise the rest of
    // the tokens are read here, after a copy of those notations, and their letters gathered
    // in a pass of their own: taken in the reading's loop from the notation just pushed,
    // they cost about 1.4M instructions more on 1,548 real games than the second pass.
    // The move numbers are read by the replay from the tokens themselves, not copied into a
    // list of their own first.
    // The list is that of the last game verified on this thread, emptied (see
    // [`TokenLists`]).
    let mut lists = SPARE_TOKEN_LISTS.take().unwrap_or_default();
    let (notated, mut seen) = raw.notations();
    let mut unreadable = None;
    let mut chesmayne = false;
    let readable: &[Notation] = if notated.len() == raw.moves.len() {
        notated
    } else {
        lists.notations.clear();
        lists.notations.reserve(raw.moves.len());
        lists.notations.extend_from_slice(notated);
        let mut gather = |notation: &Notation| {
            // The letters of the piece and the promotion piece, as `Notation::letters` lists
            // them, taken without an iterator: this runs for every token.
            match notation {
                Notation::Move {
                    piece, promotion, ..
                } => {
                    if let Some(PieceMark::Letter(letter)) = piece {
                        seen.insert(*letter);
                    }
                    if let Some((PieceMark::Letter(letter), _)) = promotion {
                        seen.insert(*letter);
                    }
                }
                Notation::Chesmayne { .. } => chesmayne = true,
                Notation::Castle { .. } => {}
            }
        };
        for token in raw.moves.iter().skip(notated.len()) {
            if let Err(err) = notation::parse_onto(&token.text, &mut lists.notations) {
                unreadable = Some(err);
                break;
            }
        }
        lists
            .notations
            .iter()
            .skip(notated.len())
            .for_each(&mut gather);
        // The letters of the tokens after an unreadable one count too.
        if unreadable.is_some() {
            for token in raw.moves.iter().skip(lists.notations.len() + 1) {
                if let Ok(notation) = notation::parse(&token.text) {
                    gather(&notation);
                }
            }
        }
        &lists.notations
    };
    let tokens = Tokens {
        readable,
        unreadable: unreadable.as_ref(),
        count: raw.moves.len(),
    };
    let parsed = readable;

    // Languages whose alphabet covers every letter the scoresheet uses; languages that read
    // all those letters the same way need only one replay. The letters (at most 32, the bits
    // of a letter set) and the groups (at most one a language) are kept in arrays: this runs
    // for every game, and nearly every game uses letters.
    let mut letters = [None; 32];
    let mut letter_count = 0;
    for (slot, letter) in letters.iter_mut().zip(seen.iter()) {
        *slot = Some(letter);
        letter_count += 1;
    }
    let letters = &letters[..letter_count];
    let mut groups = [LanguageSet::EMPTY; Language::ALL.len()];
    let mut group_count = 0;
    for (index, language) in Language::ALL.into_iter().enumerate() {
        let table = LetterTable::of(language);
        if !letters
            .iter()
            .flatten()
            .all(|&l| table.letter_role(l).is_some())
        {
            continue;
        }
        let same = groups[..group_count].iter_mut().find(|group| {
            let first = LetterTable::of(group.first());
            letters
                .iter()
                .flatten()
                .all(|&l| first.letter_role(l) == table.letter_role(l))
        });
        match same {
            Some(group) => group.insert(index),
            None => {
                if let Some(group) = groups.get_mut(group_count) {
                    group.insert(index);
                    group_count += 1;
                }
            }
        }
    }
    let uses_letters = letter_count > 0;
    if group_count == 0 {
        // No language reads every letter: replay in English to find where it breaks.
        groups[0] = LanguageSet::ENGLISH;
        group_count = 1;
    }
    let groups = &groups[..group_count];

    // The languages whose reading is complete, kept only for a record that uses letters
    // (the report lists none otherwise), in the report's list, given room for every language
    // once: grown from empty by its first language, it cost about twice the allocation.
    if uses_letters {
        fitting.reserve(Language::ALL.len());
    }
    let complete = |replay: &Replay| !matches!(replay.stop, Stop::Failed(..));
    // The first group's replay is kept where it is made, and a later group's replaces it
    // only when it reads further: kept in an option and moved out of it, every game's
    // replay was copied twice. There is always a first group.
    let (&first_group, other_groups) = groups.split_first().unwrap_or((&LanguageSet::ENGLISH, &[]));
    let mut languages = first_group;
    let mut replay = replay::replay(
        start,
        tokens,
        &raw.moves,
        Reading::new(languages.first()),
        options.laws,
    );
    // Without piece letters every language reads the same; one replay is enough.
    if uses_letters {
        if complete(&replay) {
            fitting.extend(languages.iter());
        }
        for &group in other_groups {
            let other = replay::replay(
                start,
                tokens,
                &raw.moves,
                Reading::new(group.first()),
                options.laws,
            );
            let other_complete = complete(&other);
            if other_complete {
                fitting.extend(group.iter());
            }
            let best_complete = complete(&replay);
            if (other_complete && !best_complete)
                || (other_complete == best_complete && other.next > replay.next)
            {
                replay = other;
                languages = group;
            }
        }
    }
    // A dead position beyond material (5.2.2) ends the game where it arose, as any automatic
    // ending does: the record is cut there, and what follows is void, an illegal move too.
    let mut decisions = Decisions::new(
        options.budget,
        *replay.game.position(),
        recorded_winner(recorded),
    );
    let first = likely_winner(recorded, replay.game.position());
    let dead = find_dead(&replay.game, &replay.stop, first, &mut decisions);
    if let Some((ply, reason)) = dead.dead {
        if uses_letters && matches!(replay.stop, Stop::Failed(..)) {
            // The illegal move came after the end: the whole valid record fits this reading.
            for language in languages.iter() {
                if !fitting.contains(&language) {
                    fitting.push(language);
                }
            }
        }
        replay.end_at(ply, Ending::DeadPosition { reason });
        decisions.set_final(*replay.game.position());
    }
    let reading = Reading::new(languages.first());
    *report_language = uses_letters.then_some(reading.language);

    if uses_letters {
        if fitting.len() > 1 {
            remarks.push(Remark {
                ply: 0,
                token: String::new(),
                remark: format!(
                    "the piece letters fit several languages: {}; read as {}",
                    join_names(fitting),
                    reading.language
                ),
            });
        } else if fitting.is_empty() {
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

    if options.claims {
        replay.game.settle_all_keys();
    }
    let game = &replay.game;
    let plies = game.plies();
    collect_remarks(
        raw,
        parsed,
        game,
        reading,
        &replay.chosen_promotions,
        &replay.inserted,
        &replay.remark_plies,
        options.laws,
        chesmayne,
        remarks,
    );
    replay::recycle_remark_plies(std::mem::take(&mut replay.remark_plies));
    for f in &replay.faults {
        let token = raw.moves.get(f.index);
        recording.push(RecordingFault {
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
        });
    }
    let unresolved = match replay.stop {
        Stop::Unresolved(_) => Some(move_label(game.start(), plies + 1)),
        _ => None,
    };

    // Written where the report keeps it: moved there from a variable of its own, it was
    // copied whole (about 140 bytes) for every game.
    *report_illegal = match &replay.stop {
        Stop::Failed(index, failure) => Some(explain(
            raw, parsed, *index, failure, game, reading, options,
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
    // Only the note for a record without a result names the last move; the SAN and label are
    // not written for the other games.
    let no_result = recorded.is_none_or(|r| r == "*");
    let last_move = (plies > 0 && no_result).then(|| {
        let before = game.position_at(plies - 1).copied().unwrap_or(final_pos);
        format!(
            "{} {}",
            move_label(game.start(), plies),
            before.san(game.moves()[plies - 1])
        )
    });
    let judgement = match &unresolved {
        Some(at) => result::Judgement {
            consistent: true,
            note: Some(format!(
                "not judged against the board: more than one reading of the record stands from {at} on"
            )),
            against_winnability: false,
        },
        None => judge_result(
            raw,
            &tags,
            recorded,
            &RecordEnd {
                final_pos,
                ended,
                illegal: report_illegal.is_some(),
                last_move: last_move.as_deref(),
            },
            options.laws,
            options.rate,
            &mut decisions,
        ),
    };
    let result_consistent = judgement.consistent;
    let mut result_note = judgement.note;
    // An undetermined decision is never an ending; the note says what it leaves open.
    if let Some(at) = dead.undetermined {
        let open = match dead.dead {
            Some((ply, _)) => format!(
                "the position may have been dead (5.2.2) before half-move {ply}: the decision was undetermined at half-move {at}"
            ),
            None => format!(
                "whether the position was dead (5.2.2) after half-move {at} is undetermined (the search budget ran out)"
            ),
        };
        result_note = Some(match result_note {
            Some(note) => format!("{note}; {open}"),
            None => open,
        });
    }
    *claims_available = options.claims.then(|| {
        game.claim_opportunities_under(plies, options.laws)
            .into_iter()
            // No claim exists once the game is over; the scan finds the endings by material,
            // not a dead position that only the winnability decision shows.
            .filter(|c| ended.is_none_or(|e| c.ply < e.ply))
            .map(|c| ClaimAvailable {
                ply: c.ply,
                kind: c.kind,
                by_move: c
                    .by_move
                    .and_then(|mv| game.position_at(c.ply).map(|pos| pos.san(mv))),
            })
            .collect()
    });
    *valid_plies = plies;
    *report_ended = ended;
    *report_moves_after_end = moves_after_end;
    *report_consistent = result_consistent;
    *report_note = result_note;
    *result_against_winnability = judgement.against_winnability;
    *winnability_calls = decisions.calls;
    final_pos.push_fen(final_fen);
    if lists.notations.capacity() <= MAX_SPARE_TOKENS {
        SPARE_TOKEN_LISTS.set(Some(lists));
    }
    replay.game
}

/// The list a verification reads a game's tokens into: the notations of the readable
/// tokens (see [`Tokens`]). It is kept from one game to the next on each thread, since
/// allocating and freeing it for every game (large enough to come from the allocator's slow
/// path) cost about a three-hundredth of a check of real games.
#[derive(Default)]
struct TokenLists {
    notations: Vec<Notation>,
}

/// The tokens of a record as the replay reads them: the notations of the tokens before the
/// first unreadable one, that token's error, and how many tokens the record has.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tokens<'a> {
    pub(super) readable: &'a [Notation],
    /// The error of the token right after the readable ones, if the record has one there.
    pub(super) unreadable: Option<&'a notation::NotationError>,
    pub(super) count: usize,
}

thread_local! {
    static SPARE_TOKEN_LISTS: Cell<Option<TokenLists>> = const { Cell::new(None) };
}

/// The most tokens the kept lists have room for, so that one very long game does not hold
/// its memory for the rest of the run.
const MAX_SPARE_TOKENS: usize = 1024;

/// A set of languages of piece letters, bit `i` for `Language::ALL[i]`: the languages of a
/// group that read the scoresheet's letters alike, without a list to allocate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LanguageSet(u16);

impl LanguageSet {
    const EMPTY: LanguageSet = LanguageSet(0);
    /// English is the first of `Language::ALL`.
    const ENGLISH: LanguageSet = LanguageSet(1);

    fn insert(&mut self, index: usize) {
        self.0 |= 1 << index;
    }

    /// The languages in the order of `Language::ALL`.
    fn iter(self) -> impl Iterator<Item = Language> {
        Language::ALL
            .into_iter()
            .enumerate()
            .filter(move |&(index, _)| self.0 & (1 << index) != 0)
            .map(|(_, language)| language)
    }

    /// The first language of the set (English for an empty one, which no group is).
    fn first(self) -> Language {
        self.iter().next().unwrap_or(Language::English)
    }
}

/// The initial position, set up once per run: nearly every game starts from it.
fn initial_position() -> Position {
    static INITIAL: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
    *INITIAL.get_or_init(Position::new)
}

/// The names of the tags a verification reads, and all that it reads of the tag pairs: a
/// reader that feeds only [`verify`] may keep these alone (see
/// `PgnReader::keeping_tags`), which spares copying the other tags of every game.
pub const VERIFIED_TAGS: [&str; 5] = [WHITE, BLACK, RESULT, FEN, TERMINATION];

const WHITE: &str = "White";
const BLACK: &str = "Black";
const RESULT: &str = "Result";
const FEN: &str = "FEN";
const TERMINATION: &str = "Termination";

/// The tags the check reads, found in one pass over the tag pairs rather than one search
/// each. Each is the first pair of its name, as [`RawGame::tag`] gives it.
#[derive(Debug, Clone, Copy, Default)]
struct KnownTags<'a> {
    white: Option<&'a str>,
    black: Option<&'a str>,
    result: Option<&'a str>,
    fen: Option<&'a str>,
    termination: Option<&'a str>,
}

impl<'a> KnownTags<'a> {
    fn of(raw: &'a RawGame) -> KnownTags<'a> {
        let mut tags = KnownTags::default();
        for tag in &raw.tags {
            let slot = match tag.name.as_str() {
                WHITE => &mut tags.white,
                BLACK => &mut tags.black,
                RESULT => &mut tags.result,
                FEN => &mut tags.fen,
                TERMINATION => &mut tags.termination,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(tag.value.as_str());
            }
        }
        tags
    }
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

#[cfg(test)]
pub(crate) fn helpmate_text_for_tests(pos: &Position, line: &[Move], winner: Color) -> String {
    winnable::helpmate_text(pos, line, winner)
}

#[cfg(test)]
pub(crate) fn replay_moves_for_tests(
    start: Position,
    tokens: &[&str],
    language: Language,
) -> (Vec<Move>, bool) {
    let parsed: Vec<_> = tokens.iter().map(|t| notation::parse(t)).collect();
    let readable: Vec<Notation> = parsed.iter().map_while(|n| n.clone().ok()).collect();
    let replay = replay::replay(
        start,
        Tokens {
            readable: &readable,
            unreadable: parsed.iter().find_map(|n| n.as_ref().err()),
            count: tokens.len(),
        },
        // No token carries a move number: the replay finds none for any index.
        &[],
        Reading::new(language),
        Laws::Y2023,
    );
    (
        replay.game.moves().to_vec(),
        matches!(
            replay.stop,
            Stop::Complete | Stop::Ended(..) | Stop::Unresolved(_)
        ),
    )
}

/// For every legal move here, the pieces giving check after it as the replay works them out
/// from the move, and as the position says.
#[cfg(test)]
pub(crate) fn checkers_both_ways_for_tests(
    pos: &Position,
) -> Vec<(Move, crate::chess::Bitboard, crate::chess::Bitboard)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut after = *pos;
            after.play_unchecked(mv);
            (mv, after.checkers_after_move(mv), after.checkers())
        })
        .collect()
}

/// The moves `token` can mean here in `language`, found twice: as a replay finds them (with
/// the position's check status known, which lets plain moves skip the move generator) and by
/// the move generator alone.
#[cfg(test)]
pub(crate) fn candidates_both_ways_for_tests(
    pos: &Position,
    token: &str,
    language: Language,
) -> Option<(Vec<Move>, Vec<Move>)> {
    let notation = notation::parse(token).ok()?;
    let reading = Reading::new(language);
    let mut list = crate::chess::MoveList::new();
    let mut quick = Vec::new();
    let quick_ok = language::candidates_into(
        pos,
        Some(pos.move_status()),
        &mut list,
        &notation,
        reading,
        &mut quick,
    );
    let slow = candidates(pos, &notation, reading);
    assert_eq!(
        quick_ok.is_ok(),
        slow.is_ok(),
        "{token} in {}",
        pos.to_fen()
    );
    Some((quick, slow.unwrap_or_default()))
}

/// Whether the replay marks the move `token` means here for a notation remark, found twice:
/// as the replay finds it for a plain move (with what [`language::plain_move_written`] told
/// of the writing), and by [`remarks::may_need_remark`] alone. `None` when the token is no
/// plain move here.
#[cfg(test)]
pub(crate) fn plain_remark_both_ways_for_tests(
    pos: &Position,
    token: &str,
) -> Option<(bool, bool)> {
    let notation = notation::parse(token).ok()?;
    let reading = Reading::new(Language::English);
    let (mv, writing) = language::plain_move_written(pos, &notation, &reading, pos.checkers())?;
    let capture = mv.is_en_passant() || pos.board().occupied().contains(mv.to());
    let mut after = *pos;
    after.play_unchecked(mv);
    let status = after.move_status();
    let told = match writing {
        language::Writing::Plain(check) => !remarks::check_mark_fits(check, status),
        language::Writing::Unknown => {
            remarks::may_need_remark(&notation, mv, capture, status, false)
        }
    };
    Some((
        told,
        remarks::may_need_remark(&notation, mv, capture, status, false),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    use crate::scoresheet::pgn::read_games;

    /// A game verified after others on the same thread, whose lists it then reuses, gets
    /// the report it gets verified first on a thread of its own.
    #[test]
    fn a_report_does_not_depend_on_the_games_verified_before() {
        let games = read_games(concat!(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n",
            "1. d4 d5 2. Ke3 Nf6 3. c4 *\n\n",
            "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 2. Rf7+ 1/2-1/2\n\n",
            "1. e4 e5 2. Nf3 1-0\n",
        ));
        let options = Options::default();
        let in_turn: Vec<Report> = games.iter().map(|raw| verify(raw, options)).collect();
        for (raw, report) in games.iter().zip(&in_turn) {
            let alone = thread::scope(|scope| scope.spawn(|| verify(raw, options)).join());
            assert_eq!(&alone.unwrap(), report);
        }
        assert!(in_turn[1].first_illegal.is_some());
    }

    /// One report filled by every game in turn, whatever the game before left in it, holds
    /// what a report of its own does: games with and without names, a result, letters,
    /// languages, an illegal move, an ending, a recording fault, a note, remarks, claims and
    /// problems, each before and after the others.
    #[test]
    fn a_kept_report_is_filled_as_a_new_one() {
        let games = read_games(concat!(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n",
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n",
            "1. d4 d5 2. Ke3 Nf6 3. c4 *\n\n",
            "[FEN \"not a position\"]\n\n1. e4 *\n\n",
            "[White \"C\"]\n\n1. Sf3 Sf6 2. Sc3 Sc6 3. Sb1 Sb8 4. Sf3 1-0\n\n",
            "[Termination \"time forfeit\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1\n\n",
            "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 2. Rf7+ 1/2-1/2\n\n",
            "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Ne2 Nd4 5. Ng3 1-0 )\n\n",
            "[Black \"D\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 1/2-1/2\n\n",
            "1. a4 a5 2. h4 h5 3. Ra3 Ra6 4. Rh3 Rh6 5. Re3 Rh7 *\n",
        ));
        for claims in [false, true] {
            let options = Options {
                claims,
                ..Options::default()
            };
            let alone: Vec<Report> = games.iter().map(|raw| verify(raw, options)).collect();
            let mut kept = Report::default();
            for (raw, report) in games
                .iter()
                .zip(&alone)
                .chain(games.iter().zip(&alone).rev())
            {
                verify_into(raw, options, &mut kept);
                assert_eq!(&kept, report);
            }
            assert!(alone.iter().any(|r| r.first_illegal.is_some()));
            assert!(alone.iter().any(|r| r.ended.is_some()));
            assert!(alone.iter().any(|r| r.language.is_some()));
            assert!(alone.iter().any(|r| !r.problems.is_empty()));
            assert!(alone.iter().any(|r| r.white.is_none()));
            assert!(alone.iter().any(|r| !r.recording.is_empty()));
            assert!(alone.iter().any(|r| !r.remarks.is_empty()));
        }
    }
}
