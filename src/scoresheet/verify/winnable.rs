//! The winnability questions a check asks of the rules engine: did the game reach a dead
//! position that material alone does not show (5.2.2), and could the recorded winner still
//! checkmate (6.9, 5.1.2, 7.5.5)?
//!
//! A decision can take far longer than replaying a whole game, so a check asks as few as it
//! can. Deadness is monotone: every position that follows a dead one is dead, because the
//! moves from it are among the series of moves the earlier position allowed. So a game whose
//! last position is not dead had no dead position before it, and one decision (the colour
//! most likely to mate, which is also the verdict the result judgement needs) settles the
//! common game. Only when both colours are proved unable to mate at the end does a binary
//! search over the plies find where the game became dead.

use crate::chess::{
    Budget, Color, DeadReason, Ending, Game, Move, Position, QuickStage, Role, Verdict,
    quick_helpmate, quick_unwinnable, winnability_after, winnability_within,
};

use super::replay::Stop;

/// The decisions asked during one check, within one budget, with the verdicts at the final
/// position of the valid record kept for the result judgement.
#[derive(Debug)]
pub(super) struct Decisions {
    budget: Budget,
    /// How many questions were asked (one per position and colour, a quick probe counted
    /// like a full decision).
    pub(super) calls: usize,
    /// The position the result is judged on and what is known of it, by colour.
    final_pos: Position,
    at_final: [Option<Verdict>; 2],
    /// The last stage of the cheap helpmate finders that already failed there, by colour: the
    /// full decision then skips those stages, which would only repeat them.
    tried_final: [Option<QuickStage>; 2],
    /// The colour whose helpmate at the final position the report shows (the recorded
    /// winner), if any. Every other helpmate is only a proof that a position is alive, and
    /// any will do.
    shown: Option<Color>,
}

impl Decisions {
    pub(super) fn new(budget: Budget, final_pos: Position, shown: Option<Color>) -> Decisions {
        Decisions {
            budget,
            calls: 0,
            final_pos,
            at_final: [None, None],
            tried_final: [None, None],
            shown,
        }
    }

    fn decide(&mut self, pos: &Position, color: Color, tried: Option<QuickStage>) -> Verdict {
        self.calls += 1;
        match tried {
            Some(stage) => winnability_after(pos, color, self.budget, stage),
            None => winnability_within(pos, color, self.budget),
        }
    }

    /// Can `color` still checkmate from the final position? Asked at most once per colour.
    pub(super) fn at_final(&mut self, color: Color) -> Verdict {
        if let Some(verdict) = &self.at_final[color.index()] {
            return verdict.clone();
        }
        let pos = self.final_pos;
        let verdict = self.decide(&pos, color, self.tried_final[color.index()]);
        self.at_final[color.index()] = Some(verdict.clone());
        verdict
    }

    /// The final position changed (the record now ends earlier): forget what was known.
    pub(super) fn set_final(&mut self, pos: Position) {
        self.final_pos = pos;
        self.at_final = [None, None];
        self.tried_final = [None, None];
    }

    /// Whether the position just before an ending the game reached by itself was already
    /// dead, by the static proofs and a small exhaustive search only. A dead position there is
    /// nearly always a forced capture into bare material (a queen put next to the lone king),
    /// whose few reachable positions a small search visits; a helpmate search would instead
    /// be spent on every such game whose minor pieces make a mate hard to find. What the small
    /// search leaves open is taken as not dead.
    ///
    /// The moves from the position are looked at first. When every one ends the game without
    /// a mate (a stalemate, or material that cannot mate), the position is dead: every series
    /// of moves passes through one of them. When several lead on to live-looking positions,
    /// only the static proofs are asked: a search of a few dozen positions could not visit
    /// them all. On random games that saved most of the search's cost and changed no verdict.
    fn dead_before_ending(&mut self, pos: &Position, first: Color) -> bool {
        let mut open = 0;
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            if !child.has_legal_moves() {
                if child.is_check() {
                    // A checkmate: the position was alive.
                    return false;
                }
            } else if !child.is_insufficient_material() {
                open += 1;
            }
        }
        if open == 0 {
            return true;
        }
        if open > ENDING_OPEN_MOVES {
            self.calls += 1;
            return quick_unwinnable(pos, first) && quick_unwinnable(pos, !first);
        }
        let small = Budget {
            helpmate_nodes: 0,
            exhaustive_nodes: self.budget.exhaustive_nodes.min(ENDING_NODES),
        };
        [first, !first].into_iter().all(|color| {
            self.calls += 1;
            winnability_within(pos, color, small).is_unwinnable()
        })
    }

    /// Whether the position is dead: `Some(true)` when both colours are proved unable to
    /// mate, `Some(false)` at the first helpmate found, `None` when a colour not shown able
    /// was left undetermined. `first` is asked first.
    fn dead_at(&mut self, pos: &Position, first: Color, is_final: bool) -> Option<bool> {
        // A quick helpmate for either colour shows the position alive. Asking both colours at
        // each stage of the cheap finders before either fully spares the slow search for a
        // lone minor piece's mate when the other side's mate is easy; at the final position
        // it is kept as that colour's verdict. The small finders, whose line may differ from
        // the full stage's, are asked only where the line is not shown: a drawn game's two
        // minor pieces found their mate in a fifth of the time the full stage took.
        for stage in [
            QuickStage::Probe,
            QuickStage::SmallFinders,
            QuickStage::Finders,
        ] {
            for color in [first, !first] {
                if is_final && self.at_final[color.index()].is_some() {
                    continue;
                }
                if stage == QuickStage::SmallFinders && is_final && self.shown == Some(color) {
                    continue;
                }
                self.calls += 1;
                if let Some(line) = quick_helpmate(pos, color, stage, self.budget) {
                    if is_final {
                        self.at_final[color.index()] = Some(Verdict::Winnable(line));
                    }
                    return Some(false);
                }
                if is_final {
                    self.tried_final[color.index()] = Some(stage);
                }
            }
        }
        let mut undetermined = false;
        for color in [first, !first] {
            let verdict = if is_final {
                self.at_final(color)
            } else {
                self.decide(pos, color, Some(QuickStage::Finders))
            };
            match verdict {
                Verdict::Winnable(_) => return Some(false),
                Verdict::Unwinnable => {}
                Verdict::Undetermined => undetermined = true,
            }
        }
        (!undetermined).then_some(true)
    }
}

/// What the search for a dead position found.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct DeadSearch {
    /// The first ply at which the position was dead, beyond what material shows, and how that
    /// was proved.
    pub(super) dead: Option<(usize, DeadReason)>,
    /// The earliest ply at which deadness was asked and left undetermined (the search budget
    /// ran out): the game may have ended there. Never an ending by itself.
    pub(super) undetermined: Option<usize>,
}

/// The winner a recorded result names, if any.
pub(super) fn recorded_winner(recorded: Option<&str>) -> Option<Color> {
    match recorded {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        _ => None,
    }
}

/// The colour more likely to mate at the end of the record: the recorded winner, else a side
/// with a queen, a rook or a pawn before one with minor pieces alone, then the side with more
/// material (White when even). Asking it first settles most games with one decision.
///
/// Without a recorded winner no helpmate is shown, only whether the position is dead, which
/// does not depend on the order the colours are asked in. A lone minor piece mates only with
/// the loser's units placed for it, which the quick probe seldom finds; a pawn promotes, and a
/// queen or rook mates readily. Asking that side first spares a probe that fails.
pub(super) fn likely_winner(recorded: Option<&str>, pos: &Position) -> Color {
    match recorded_winner(recorded) {
        Some(winner) => winner,
        None => {
            let material = |color: Color| -> u32 {
                let ours = pos.board().by_color(color);
                [
                    (Role::Pawn, 1),
                    (Role::Knight, 3),
                    (Role::Bishop, 3),
                    (Role::Rook, 5),
                    (Role::Queen, 9),
                ]
                .iter()
                .map(|&(role, value)| (pos.board().by_role(role) & ours).count() * value)
                .sum()
            };
            let strength = |color: Color| {
                let board = pos.board();
                let mobile = board.pawns() | board.rooks() | board.queens();
                (
                    (board.by_color(color) & mobile).is_nonempty(),
                    material(color),
                )
            };
            if strength(Color::Black) > strength(Color::White) {
                Color::Black
            } else {
                Color::White
            }
        }
    }
}

/// Finds the first dead position of the replayed record that the per-move material test did
/// not: at most two decisions for a game that stays alive, a binary search over the plies for
/// one that does not.
///
/// - A game that ended by checkmate was never dead: the mate is a helpmate from every earlier
///   position. Nothing is asked.
/// - A game that ended by another automatic ending is decided where a dead position could
///   still hide: at the position before a stalemate or a capture into bare material (the
///   ending position itself is dead), at the ending position for a fivefold repetition or 75
///   moves, by the static proofs and a small exhaustive search (a dead position there is
///   nearly always a forced capture into bare material; what the small search leaves open is
///   taken as alive). A dead one starts the search for the first dead ply.
/// - Otherwise (the record ends, or stops at an illegal move or an unclear reading) the last
///   position of the valid record is decided, the colour `first` first: an illegal move after
///   a dead position is void, not illegal.
pub(super) fn find_dead(
    game: &Game,
    stop: &Stop,
    first: Color,
    decisions: &mut Decisions,
) -> DeadSearch {
    let mut found = DeadSearch::default();
    let last = match stop {
        Stop::Ended(_, Ending::Checkmate { .. }) => return found,
        Stop::Ended(ply, ending) => {
            let at = match ending {
                Ending::Stalemate | Ending::DeadPosition { .. } => match ply.checked_sub(1) {
                    Some(before) => before,
                    None => return found,
                },
                _ => *ply,
            };
            let Some(pos) = game.position_at(at) else {
                return found;
            };
            if !decisions.dead_before_ending(pos, first) {
                return found;
            }
            at
        }
        _ => {
            let plies = game.plies();
            let Some(pos) = game.position_at(plies) else {
                return found;
            };
            match decisions.dead_at(pos, first, true) {
                Some(true) => plies,
                Some(false) => return found,
                None => {
                    found.undetermined = Some(plies);
                    return found;
                }
            }
        }
    };
    // The position after `last` is dead; find the first dead one. Deadness is monotone, so
    // the plies split into alive ones and then dead ones. A probe left undetermined is taken
    // as alive, so the answer is always a proved dead position, possibly not the first.
    let (mut lo, mut hi) = (0, last);
    // A game usually dies a move or two before the record ends (a forced capture into bare
    // material, a last pawn locked), and the positions just before are easy to show alive, so
    // the search gallops back from the end before it halves: the long-alive middle of the
    // game, where a proof can cost far more, is seldom asked.
    let mut step = 1;
    while lo < hi {
        let at = hi.saturating_sub(step).max(lo);
        let Some(pos) = game.position_at(at) else {
            break;
        };
        match decisions.dead_at(pos, first, false) {
            Some(true) => {
                hi = at;
                step *= 2;
            }
            Some(false) => {
                lo = at + 1;
                break;
            }
            None => {
                found.undetermined = Some(at);
                lo = at + 1;
                break;
            }
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let Some(pos) = game.position_at(mid) else {
            break;
        };
        match decisions.dead_at(pos, first, false) {
            Some(true) => hi = mid,
            Some(false) => lo = mid + 1,
            None => {
                found.undetermined = Some(found.undetermined.map_or(mid, |u| u.min(mid)));
                lo = mid + 1;
            }
        }
    }
    found.undetermined = found.undetermined.filter(|&u| u < hi);
    let reason = match game.position_at(hi) {
        Some(pos) if pos.is_insufficient_material() => DeadReason::Material,
        Some(pos) if quick_unwinnable(pos, Color::White) && quick_unwinnable(pos, Color::Black) => {
            DeadReason::Blocked
        }
        _ => DeadReason::Search,
    };
    found.dead = Some((hi, reason));
    found
}

/// The positions the exhaustive search may visit when deciding the position just before an
/// ending the game reached by itself (see [`Decisions::dead_before_ending`]).
const ENDING_NODES: u64 = 60;

/// Moves to positions that neither end the game nor lack mating material, beyond which the
/// position before an ending is taken as alive without that search.
const ENDING_OPEN_MOVES: usize = 2;

/// A helpmate longer than this many half-moves is shown by its length and first moves: the
/// search may find a line thousands of moves long, and a note stays readable and bounded.
const SHOWN_PLIES: usize = 24;
/// The half-moves shown of a longer helpmate.
const OPENING_PLIES: usize = 8;

/// The proof behind a verdict, in an arbiter's words: the helpmate in SAN with move numbers
/// from the final position, or why none exists.
pub(super) fn proof(verdict: &Verdict, pos: &Position, winner: Color) -> String {
    match verdict {
        Verdict::Winnable(line) => helpmate_text(pos, line, winner),
        Verdict::Unwinnable => {
            let how = if pos.has_insufficient_material(winner) {
                "proved by material"
            } else if quick_unwinnable(pos, winner) {
                "proved by the static analysis of locked pawns"
            } else {
                "proved by exhaustive search"
            };
            format!("{winner} cannot checkmate by any series of legal moves ({how})")
        }
        Verdict::Undetermined => format!(
            "whether {winner} could still checkmate is undetermined (the search budget ran out)"
        ),
    }
}

/// A helpmate as a note gives it: the whole line when short, else its length and first moves.
/// The line comes from the winnability search, which plays legal moves only, so it is written
/// without testing each move again.
pub(super) fn helpmate_text(pos: &Position, line: &[Move], winner: Color) -> String {
    if line.is_empty() {
        format!("{winner} has checkmated")
    } else if line.len() <= SHOWN_PLIES {
        // Written in place: every decisive game not won by mate has this note. The room is
        // that of the sentence and of the line, which reserves 32 bytes a move.
        let mut text = String::with_capacity(64 + 32 * line.len());
        text.push_str(winner.name());
        text.push_str(" can still checkmate, for example ");
        // A helpmate ends in checkmate: its last move is marked without testing for a reply.
        pos.push_numbered_mating_line(line, &mut text);
        text
    } else {
        format!(
            "{winner} can still checkmate (a helpmate of {} half-moves exists, beginning {} ...)",
            line.len(),
            pos.numbered_legal_line(&line[..OPENING_PLIES])
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Endgames from real games (the final positions of drawn games in the TWIC and Lichess
    /// samples of shared/data/pgn whose quick probe failed for one side), and dead ones: a
    /// blocked pawn chain with bishops of one colour, and bishops of one colour alone.
    const ENDGAMES: [&str; 7] = [
        "4N3/2k5/3N4/4K3/b7/8/8/8 b - - 0 109",
        "8/8/3N4/p7/2K5/8/1k6/8 w - - 12 81",
        "8/8/K1k5/2P5/1P6/n7/8/8 w - - 0 61",
        "8/8/8/3k4/7p/7K/8/8 b - - 0 72",
        "6k1/6P1/8/8/2K2n2/8/8/8 b - - 9 61",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/3K4/2B5/8 w - - 0 1",
        "8/8/2k5/4b3/8/4B3/2K5/8 w - - 0 1",
    ];

    /// Whether a position is dead does not depend on the colour asked first, which lets a
    /// check without a recorded winner ask the side more likely to mate first.
    #[test]
    fn deadness_does_not_depend_on_the_colour_asked_first() {
        let mut dead = 0;
        for fen in ENDGAMES {
            let pos = Position::from_fen(fen).unwrap();
            let answers: Vec<Option<bool>> = Color::ALL
                .into_iter()
                .map(|first| {
                    Decisions::new(Budget::default(), pos, None).dead_at(&pos, first, true)
                })
                .collect();
            assert_eq!(answers[0], answers[1], "{fen}");
            dead += usize::from(answers[0] == Some(true));
        }
        assert_eq!(dead, 2);
    }

    /// Where the report shows no helpmate (a drawn game's final position, here the two
    /// knights against a bishop of ENDGAMES[0], from game 140 of the TWIC sample), the small
    /// finders may supply the proof that the position is alive, and it is a real helpmate:
    /// legal moves that end in checkmate by that colour.
    #[test]
    fn the_small_finders_find_a_real_helpmate() {
        let pos = Position::from_fen(ENDGAMES[0]).unwrap();
        // The quick probe finds none for either colour here, so the small finders are asked.
        for color in Color::ALL {
            assert_eq!(
                quick_helpmate(&pos, color, QuickStage::Probe, Budget::default()),
                None
            );
        }
        let line = quick_helpmate(
            &pos,
            Color::White,
            QuickStage::SmallFinders,
            Budget::default(),
        )
        .expect("a helpmate within the small searches");
        let mut at = pos;
        for &m in &line {
            at = at.play(m).expect("every move of the line is legal");
        }
        assert!(at.is_checkmate() && at.turn() == Color::Black);
        let mut decisions = Decisions::new(Budget::default(), pos, None);
        assert_eq!(decisions.dead_at(&pos, Color::White, true), Some(false));
    }

    /// The recorded winner's helpmate, which the report shows, is the one the full decision
    /// finds (the one `arbiter winnable` prints), whatever the test for a dead position asked
    /// before: the small finders, whose line may differ, are not asked for that colour.
    #[test]
    fn the_shown_helpmate_is_the_full_decisions() {
        for fen in ENDGAMES {
            let pos = Position::from_fen(fen).unwrap();
            for winner in Color::ALL {
                let mut decisions = Decisions::new(Budget::default(), pos, Some(winner));
                decisions.dead_at(&pos, winner, true);
                assert_eq!(
                    decisions.at_final(winner),
                    crate::chess::winnability(&pos, winner),
                    "{fen} {winner}"
                );
            }
        }
    }

    /// Without a recorded winner, a side with a pawn is asked before a side with a minor
    /// piece alone, though the piece is worth more.
    #[test]
    fn a_pawn_is_asked_before_a_lone_minor_piece() {
        let side = |fen: &str| likely_winner(Some("1/2-1/2"), &Position::from_fen(fen).unwrap());
        assert_eq!(side(ENDGAMES[1]), Color::Black);
        assert_eq!(side(ENDGAMES[2]), Color::White);
        assert_eq!(side(ENDGAMES[4]), Color::White);
        // With a recorded winner, the winner.
        let pos = Position::from_fen(ENDGAMES[1]).unwrap();
        assert_eq!(likely_winner(Some("1-0"), &pos), Color::White);
        // Otherwise more material first: two knights before a bishop.
        assert_eq!(side(ENDGAMES[0]), Color::White);
    }
}
