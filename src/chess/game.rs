//! A game: a start position plus the moves played from it, with what only the history knows
//! (repetitions, the clock of moves without capture or pawn move) and the endings the Laws
//! apply by themselves.

use std::fmt;

use super::laws::Laws;
use super::moves::Move;
use super::position::{IllegalMoveError, MoveStatus, Position};
use super::types::Color;
use super::zobrist::RepetitionKey;

/// An ending that the Laws apply without a claim: the game is over the moment it arises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Art. 5.1.1: the side to move is checkmated; `winner` gave mate.
    Checkmate { winner: Color },
    /// Art. 5.2.1: the side to move has no legal move and is not in check.
    Stalemate,
    /// Art. 5.2.2: neither side can checkmate by any series of legal moves. [`Game`] finds it
    /// by material alone after every move ([`Position::is_insufficient_material`]); the
    /// scoresheet checker finds the other dead positions (locked pawns, pieces that can never
    /// reach a mate) with the winnability decision ([`crate::chess::winnability`]), and
    /// `reason` says which proof the finding rests on.
    DeadPosition { reason: DeadReason },
    /// Art. 9.6.1 (Laws of 2017 onward): the same position has appeared at least five times,
    /// not necessarily by a sequence of consecutive moves.
    FivefoldRepetition,
    /// Art. 9.6.2: each player has made 75 moves without a pawn move or capture, and the last
    /// move did not checkmate.
    SeventyFiveMoves,
}

/// How a dead position (Art. 5.2.2) was shown: the proof that neither side can checkmate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeadReason {
    /// Neither side has the material to mate ([`Position::is_insufficient_material`]).
    Material,
    /// The static analysis of material and locked pawns shows that no unit of either side can
    /// ever take part in a mate ([`crate::chess::quick_unwinnable`] for both colours).
    Blocked,
    /// Every position reachable by legal moves was searched and none is a checkmate.
    Search,
}

impl DeadReason {
    /// `material`, `blocked` or `search`, as machine-readable output writes it.
    pub const fn name(self) -> &'static str {
        match self {
            DeadReason::Material => "material",
            DeadReason::Blocked => "blocked",
            DeadReason::Search => "search",
        }
    }
}

impl fmt::Display for DeadReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeadReason::Material => "insufficient material",
            DeadReason::Blocked => {
                "no series of legal moves can checkmate: the pawns are locked and no piece can reach a mate"
            }
            DeadReason::Search => {
                "no series of legal moves can checkmate: every reachable position was searched"
            }
        })
    }
}

impl Ending {
    /// The snake-case name used in machine-readable output.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition { .. } => "dead_position",
            Ending::FivefoldRepetition => "fivefold_repetition",
            Ending::SeventyFiveMoves => "seventy_five_moves",
        }
    }

    /// The article of the 2023 Laws that ends the game ([`Laws::article`] for the others).
    pub const fn article(self) -> &'static str {
        Laws::Y2023.article(self)
    }

    /// The result the ending gives: the winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Ending::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            Ending::Stalemate => f.write_str("stalemate"),
            Ending::DeadPosition { reason } => write!(f, "dead position ({reason})"),
            Ending::FivefoldRepetition => f.write_str("fivefold repetition"),
            Ending::SeventyFiveMoves => f.write_str("75 moves without capture or pawn move"),
        }
    }
}

/// A start position and the legal moves played from it.
///
/// Plies are counted from the start: ply 0 is the start position, ply `n` the position after
/// the `n`-th half-move.
#[derive(Debug, Clone)]
pub struct Game {
    /// The current position, kept apart from the earlier ones: a replay changes it and reads
    /// it field by field, each field as wide as it was last written. Kept at the end of a
    /// list that a move copies it into, it was read right after a wide copy had written it,
    /// and those reads waited for the copy's stores to drain: the hottest loads of the
    /// replay. Now the copy into the list is made before the move, of fields written one
    /// ply earlier, and nothing reads the copy soon.
    current: Position,
    /// The position before each move: `before[i]` is the position after `i` half-moves,
    /// for `i` up to the number played (the current position is `current`).
    before: Vec<Position>,
    /// The repetition key of each position; `None`, or no entry at all past the end of the
    /// list, where a replay left it to be worked out only if a repetition test needs it
    /// ([`Game::play_unchecked_unkeyed`]). A missing key is computed afresh when asked, so
    /// every answer is the same either way.
    keys: Vec<Option<RepetitionKey>>,
    moves: Vec<Move>,
}

/// A fifth occurrence of a position needs at least this many half-moves without capture or
/// pawn move: the ending tests look for one, and read repetition keys, only from here on.
const FIVEFOLD_MIN_CLOCK: u32 = 16;

impl Game {
    pub fn new(start: Position) -> Game {
        Game::with_capacity(start, 0)
    }

    /// A game with room for `plies` half-moves, for callers that know the length ahead.
    pub fn with_capacity(start: Position, plies: usize) -> Game {
        // No key is worked out yet: most games replayed are never asked about repetitions,
        // and a key left out is computed when asked.
        Game {
            current: start,
            before: Vec::with_capacity(plies),
            keys: Vec::new(),
            moves: Vec::with_capacity(plies),
        }
    }

    /// Empties the game down to `start`, with room for `plies` half-moves. Its lists keep
    /// their room, so that a caller replaying one game after another reuses them rather than
    /// allocating and freeing lists each time.
    pub fn restart(&mut self, start: Position, plies: usize) {
        self.before.clear();
        self.keys.clear();
        self.moves.clear();
        self.before.reserve(plies);
        self.current = start;
        self.moves.reserve(plies);
    }

    /// How many positions the game has room for without growing its lists.
    pub fn room(&self) -> usize {
        self.before.capacity() + 1
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        self.before.first().unwrap_or(&self.current)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position after `ply` half-moves, if the game is that long.
    #[inline]
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        if ply == self.before.len() {
            Some(&self.current)
        } else {
            self.before.get(ply)
        }
    }

    /// The position before each half-move played, from the start (index 0): every position
    /// of the game but the current one.
    pub fn positions_before_moves(&self) -> &[Position] {
        &self.before
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of half-moves played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Plays `mv` if it is legal in the current position.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let next = self.position().play(mv)?;
        self.push_position(mv, next);
        Ok(())
    }

    /// Plays a move known to be legal (it came from the current position's legal moves).
    pub fn play_unchecked(&mut self, mv: Move) {
        let before = self.current;
        let mut next = before;
        next.play_unchecked(mv);
        // The key follows from the previous one by the squares the move changes.
        let key = match self.keys.get(self.plies()) {
            Some(&Some(key)) => before.repetition_key_of_next(key, mv, &next),
            _ => next.repetition_key(),
        };
        self.keys.resize(self.plies() + 1, None);
        self.keys.push(Some(key));
        self.before.push(before);
        self.current = next;
        self.moves.push(mv);
    }

    /// [`Game::play_unchecked`] without working out the repetition key, for a replay that
    /// plays every move of a record while few positions are ever compared: most keys would
    /// never be read. The replay's ending test ([`Game::ending_given_after_none`]) works out
    /// the keys its repetition test reads.
    #[inline(always)]
    pub(crate) fn play_unchecked_unkeyed(&mut self, mv: Move) -> &Position {
        // The position is copied into the list before the move, and the move played on
        // it where it stands; the list of keys is left shorter than the positions (the keys
        // not there are missing). The position reached is handed back, for the caller's
        // next look at it. The copy is appended as a slice, so that the list grows, if it
        // must, before the position is read: a push of the value read first kept it on
        // the stack across the call to grow, one more copy per ply.
        self.before
            .extend_from_slice(std::slice::from_ref(&self.current));
        self.moves.push(mv);
        self.current.play_unchecked_inlined(mv);
        &self.current
    }

    /// Works out the missing repetition keys that [`Game::ending_given`] reads for `ply`:
    /// those of the positions since the last capture or pawn move, once a fifth occurrence is
    /// possible at all.
    pub(crate) fn settle_keys_for_ending(&mut self, ply: usize) {
        let Some(pos) = self.position_at(ply) else {
            return;
        };
        let clock = pos.halfmove_clock();
        if clock < FIVEFOLD_MIN_CLOCK {
            return;
        }
        // The replay asks for a window that grows by one ply at a time, so the keys are
        // missing only back to the last one known.
        let first = ply.saturating_sub(clock as usize);
        let mut from = ply + 1;
        while from > first && !matches!(self.keys.get(from - 1), Some(Some(_))) {
            from -= 1;
        }
        self.settle_keys(from, ply);
    }

    /// Works out every missing repetition key (before a scan of the whole game for claims).
    pub(crate) fn settle_all_keys(&mut self) {
        self.settle_keys(0, self.plies());
    }

    /// Works out the missing keys of plies `first..=last`, each from the one before when that
    /// is known.
    fn settle_keys(&mut self, first: usize, last: usize) {
        if self.keys.len() < self.plies() + 1 {
            self.keys.resize(self.plies() + 1, None);
        }
        for ply in first..=last.min(self.plies()) {
            if self.keys[ply].is_some() {
                continue;
            }
            let previous = ply.checked_sub(1).and_then(|before| {
                let key = self.keys[before]?;
                Some(self.before[before].repetition_key_of_next(
                    key,
                    self.moves[before],
                    self.position_at(ply)?,
                ))
            });
            let Some(pos) = self.position_at(ply) else {
                continue;
            };
            self.keys[ply] = Some(previous.unwrap_or_else(|| pos.repetition_key()));
        }
    }

    /// The repetition key of the position after `ply`, worked out afresh if the replay left
    /// it out.
    fn key(&self, ply: usize) -> Option<RepetitionKey> {
        match self.keys.get(ply) {
            Some(Some(key)) => Some(*key),
            _ => self.position_at(ply).map(Position::repetition_key),
        }
    }

    fn push_position(&mut self, mv: Move, next: Position) {
        self.keys.resize(self.plies() + 1, None);
        self.keys.push(Some(next.repetition_key()));
        self.before.push(self.current);
        self.current = next;
        self.moves.push(mv);
    }

    /// Removes the last move and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        // A move played left the position before it in the list.
        self.current = self.before.pop()?;
        self.keys.truncate(self.plies() + 1);
        Some(mv)
    }

    /// The plies, up to and including `ply`, at which the position after `ply` stood on the
    /// board (FIDE 9.2.3 sameness). Empty if the game is shorter.
    pub fn occurrences(&self, ply: usize) -> Vec<usize> {
        let Some(target) = self.position_at(ply) else {
            return Vec::new();
        };
        let Some(key) = self.key(ply) else {
            return Vec::new();
        };
        // A capture or pawn move can never be undone, so the position cannot have stood on
        // the board before the last one: the search starts there.
        let first = ply.saturating_sub(target.halfmove_clock() as usize);
        (first..=ply)
            .filter(|&i| {
                self.key(i) == Some(key)
                    && self
                        .position_at(i)
                        .is_some_and(|p| p.is_same_fide_position(target))
            })
            .collect()
    }

    /// How many times the position after `ply` has appeared up to that ply (at least 1).
    pub fn repetition_count(&self, ply: usize) -> usize {
        let (Some(target), Some(key)) = (self.position_at(ply), self.key(ply)) else {
            return 0;
        };
        // Same side to move means an even distance; keys narrow, the exact test decides.
        let first = ply.saturating_sub(target.halfmove_clock() as usize);
        (first..=ply)
            .rev()
            .step_by(2)
            .filter(|&i| {
                self.key(i) == Some(key)
                    && self
                        .position_at(i)
                        .is_some_and(|p| p.is_same_fide_position(target))
            })
            .count()
    }

    /// Whether the position after `ply` has appeared at least `times` times up to that ply.
    /// Counting keys alone is cheap and usually settles it; only a possible yes is confirmed
    /// by the exact comparison.
    pub fn has_appeared(&self, ply: usize, times: usize) -> bool {
        let (Some(target), Some(key)) = (self.position_at(ply), self.key(ply)) else {
            return false;
        };
        let first = ply.saturating_sub(target.halfmove_clock() as usize);
        // The keys are read straight from their list, where the replay has worked them out
        // (a missing one is computed, as `key` does).
        // Every other key from the last, by an index counted down: a step through the list
        // zipped with a step through the plies cost several times as much per key.
        let matching = if let Some(keys) = self.keys.get(first..=ply) {
            let mut matching = 0;
            let mut at = keys.len();
            while at > 0 {
                at -= 1;
                let same = match keys[at] {
                    Some(known) => known == key,
                    None => self.key(first + at) == Some(key),
                };
                matching += usize::from(same);
                at = at.saturating_sub(1);
            }
            matching
        } else {
            (first..=ply)
                .rev()
                .step_by(2)
                .filter(|&i| self.key(i) == Some(key))
                .count()
        };
        matching >= times && self.repetition_count(ply) >= times
    }

    /// Whether the position after `ply` completes five occurrences as the 2014 Laws require:
    /// "during at least five consecutive alternate moves by each player", that is, the same
    /// position after each of the last five pairs of moves (every fourth half-move).
    fn fivefold_consecutive(&self, ply: usize) -> bool {
        let (Some(target), Some(key)) = (self.position_at(ply), self.key(ply)) else {
            return false;
        };
        (1..5).all(|k| {
            ply.checked_sub(4 * k).is_some_and(|earlier| {
                self.key(earlier) == Some(key)
                    && self
                        .position_at(earlier)
                        .is_some_and(|p| p.is_same_fide_position(target))
            })
        })
    }

    /// The automatic ending in force at `ply` under the 2023 Laws, if any. Checkmate comes
    /// first, so a mate given with the 75th move stands (9.6.2).
    pub fn ending_at(&self, ply: usize) -> Option<Ending> {
        self.ending_at_under(ply, Laws::Y2023)
    }

    /// The automatic ending in force at `ply` under the given edition of the Laws: no
    /// fivefold or 75-move ending before 2014, and a consecutive fivefold in 2014.
    pub fn ending_at_under(&self, ply: usize, laws: Laws) -> Option<Ending> {
        let status = self.position_at(ply)?.move_status();
        self.ending_given(ply, status, laws)
    }

    /// [`Game::ending_at_under`] for a caller that already has the position's
    /// [`MoveStatus`] (a replay computes it once per move).
    pub fn ending_given(&self, ply: usize, status: MoveStatus, laws: Laws) -> Option<Ending> {
        self.ending_given_checking(ply, status, laws, true)
    }

    /// [`Game::ending_given`] for a replay that has tested every earlier ply and found no
    /// ending. The material then needs testing only after a capture or promotion: any other
    /// move leaves the pieces of the previous position, which had enough to mate, and both
    /// of those moves reset the clock. The repetition keys the test reads are worked out
    /// first ([`Game::settle_keys_for_ending`]), only when a repetition is possible at all.
    #[inline]
    pub(crate) fn ending_given_after_none(
        &mut self,
        ply: usize,
        status: MoveStatus,
        laws: Laws,
    ) -> Option<Ending> {
        let pos = self.position_at(ply)?;
        let clock = pos.halfmove_clock();
        let material_changed = ply == 0 || clock == 0;
        // The common case, told at once: a move that can be played, and too few moves since
        // a capture or pawn move for any ending but a lack of material.
        if status.has_legal_moves && clock < FIVEFOLD_MIN_CLOCK {
            return (material_changed && pos.is_insufficient_material()).then_some(
                Ending::DeadPosition {
                    reason: DeadReason::Material,
                },
            );
        }
        // The repetition test reads the keys since the last capture or pawn move.
        if laws.has_automatic_draws() {
            self.settle_keys_for_ending(ply);
        }
        self.ending_given_checking(ply, status, laws, material_changed)
    }

    fn ending_given_checking(
        &self,
        ply: usize,
        status: MoveStatus,
        laws: Laws,
        test_material: bool,
    ) -> Option<Ending> {
        let pos = self.position_at(ply)?;
        if !status.has_legal_moves {
            return Some(if status.checkers.is_nonempty() {
                Ending::Checkmate {
                    winner: !pos.turn(),
                }
            } else {
                Ending::Stalemate
            });
        }
        if test_material && pos.is_insufficient_material() {
            return Some(Ending::DeadPosition {
                reason: DeadReason::Material,
            });
        }
        if !laws.has_automatic_draws() {
            return None;
        }
        // A fifth occurrence needs at least sixteen half-moves without capture or pawn move.
        if pos.halfmove_clock() >= FIVEFOLD_MIN_CLOCK {
            let fivefold = if laws.fivefold_must_be_consecutive() {
                self.fivefold_consecutive(ply)
            } else {
                self.has_appeared(ply, 5)
            };
            if fivefold {
                return Some(Ending::FivefoldRepetition);
            }
        }
        (pos.halfmove_clock() >= 150).then_some(Ending::SeventyFiveMoves)
    }

    /// The automatic ending in force in the current position, if any.
    pub fn ending(&self) -> Option<Ending> {
        self.ending_at(self.plies())
    }

    /// The first ply at which an automatic ending arose, with the ending.
    pub fn first_ending(&self) -> Option<(usize, Ending)> {
        self.first_ending_under(Laws::Y2023)
    }

    /// The first ply at which an automatic ending arose under the given edition.
    pub fn first_ending_under(&self, laws: Laws) -> Option<(usize, Ending)> {
        (0..=self.plies())
            .find_map(|ply| self.ending_at_under(ply, laws).map(|ending| (ply, ending)))
    }

    /// The repetition key of the position after `ply`.
    pub fn key_at(&self, ply: usize) -> Option<RepetitionKey> {
        self.key(ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same moves played with keys and without: every key, repetition and ending answer
    /// agrees, before the missing keys are settled and after.
    #[test]
    fn keys_left_out_by_a_replay_give_the_same_answers() {
        let start = Position::from_fen("rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1").unwrap();
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let detour = ["Kd2", "Kd7", "Ke1", "Ke8"];
        let sans: Vec<&str> = [shuffle, shuffle, detour, shuffle, shuffle]
            .into_iter()
            .flatten()
            .collect();
        let mut keyed = Game::new(start);
        let mut unkeyed = Game::new(start);
        for san in sans {
            let mv = keyed.position().parse_san(san).unwrap();
            keyed.play_unchecked(mv);
            unkeyed.play_unchecked_unkeyed(mv);
        }
        let answers = |game: &Game| -> Vec<_> {
            (0..=game.plies())
                .map(|ply| {
                    (
                        game.key_at(ply),
                        game.occurrences(ply),
                        game.repetition_count(ply),
                        game.has_appeared(ply, 5),
                        game.ending_at_under(ply, Laws::Y2023),
                        game.ending_at_under(ply, Laws::Y2014),
                    )
                })
                .collect()
        };
        let expected = answers(&keyed);
        assert_eq!(expected[16].4, Some(Ending::FivefoldRepetition));
        assert_eq!(answers(&unkeyed), expected);
        unkeyed.settle_keys_for_ending(20);
        assert_eq!(answers(&unkeyed), expected);
        unkeyed.settle_all_keys();
        keyed.settle_all_keys();
        assert_eq!(unkeyed.keys, keyed.keys);
        assert_eq!(unkeyed.keys.len(), unkeyed.plies() + 1);
    }

    /// A game restarted from another position holds that position alone, keys and moves
    /// of its past forgotten, and plays on as a new game would.
    #[test]
    fn a_restarted_game_is_a_new_game() {
        let mut game = Game::new(Position::new());
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3"] {
            let mv = game.position().parse_san(san).unwrap();
            game.play_unchecked(mv);
        }
        game.settle_all_keys();
        let start = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        game.restart(start, 4);
        let mut fresh = Game::new(start);
        assert_eq!(
            game.positions_before_moves(),
            fresh.positions_before_moves()
        );
        assert_eq!(game.position(), fresh.position());
        assert!(game.moves().is_empty());
        assert!(game.keys.is_empty());
        for san in ["Kf1", "Kf8", "Ke1", "Ke8"] {
            let mv = fresh.position().parse_san(san).unwrap();
            fresh.play_unchecked(mv);
            game.play_unchecked(mv);
        }
        assert_eq!(
            game.positions_before_moves(),
            fresh.positions_before_moves()
        );
        assert_eq!(game.position(), fresh.position());
        assert_eq!(game.moves(), fresh.moves());
        assert_eq!(game.keys, fresh.keys);
        assert_eq!(game.repetition_count(4), fresh.repetition_count(4));
    }
}
