//! The recorded result judged against the board: whether it fits the final position, the
//! automatic ending reached and the first illegal move.

use crate::chess::{Color, Laws, Position};

use super::EndingFinding;
use crate::scoresheet::pgn::RawGame;

/// Compares the recorded result with the board.
pub(super) fn judge_result(
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
