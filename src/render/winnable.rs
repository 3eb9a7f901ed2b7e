//! Winnability answers (`arbiter winnable`): the JSON Lines contract of the command-line spec
//! and the text a person reads.

use std::fmt::Write;

use serde::Serialize;

use crate::chess::{Color, Position, Uci, Verdict};

/// One colour's answer in `winnable --json`.
#[derive(Serialize)]
struct VerdictView {
    verdict: &'static str,
    /// The helpmate in UCI, when the colour can mate; `null` otherwise, as the contract says.
    helpmate: Option<Vec<String>>,
}

/// One line of `winnable --json`. A colour that was not asked for (`--for`) is left out.
#[derive(Serialize)]
struct PositionView<'a> {
    fen: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    white: Option<VerdictView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    black: Option<VerdictView>,
}

/// A line of the input that is not a legal position.
#[derive(Serialize)]
struct LineErrorView<'a> {
    line: usize,
    error: &'a str,
}

fn verdict_view(verdict: &Verdict) -> VerdictView {
    VerdictView {
        verdict: verdict.name(),
        helpmate: verdict.helpmate().map(|line| {
            line.iter()
                .map(|&mv| Uci::from_move(mv).to_string())
                .collect()
        }),
    }
}

/// One line of `winnable --json`, without the line end: the FEN as given and the answer for
/// each colour in `answers` (one or both).
pub fn winnable_json(fen: &str, answers: &[(Color, Verdict)]) -> String {
    let of = |color: Color| {
        answers
            .iter()
            .find(|(c, _)| *c == color)
            .map(|(_, verdict)| verdict_view(verdict))
    };
    let view = PositionView {
        fen,
        white: of(Color::White),
        black: of(Color::Black),
    };
    serde_json::to_string(&view).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The error object of `winnable --json` for input line `line` (1-based) that holds no legal
/// position, without the line end.
pub fn line_error_json(line: usize, error: &str) -> String {
    serde_json::to_string(&LineErrorView { line, error })
        .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The width of the verdict column: the longest verdict, `undetermined`.
const VERDICT_WIDTH: usize = 12;

/// The text block for one position: the FEN as given, then one aligned line per colour in
/// `answers` with its verdict and its proof or what it leaves open, and a closing line when
/// the answers together say how the game stands (a dead position, a finished game).
pub fn winnable_text(fen: &str, pos: &Position, answers: &[(Color, Verdict)]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{fen}");
    for (color, verdict) in answers {
        let detail = match verdict {
            Verdict::Winnable(line) if line.is_empty() => {
                format!("{} has already checkmated", capitalised(*color))
            }
            Verdict::Winnable(line) => helpmate_text(pos, line),
            // The decision gives no reason for an unwinnable verdict yet; the verdict is the
            // whole answer.
            Verdict::Unwinnable => String::new(),
            Verdict::Undetermined => {
                "the search budget ran out before a proof either way: left to the arbiter".into()
            }
        };
        let line = format!(
            "  {:<5}  {:<VERDICT_WIDTH$}  {detail}",
            capitalised(*color),
            verdict.name()
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if answers.len() == 2 && answers.iter().all(|(_, verdict)| verdict.is_unwinnable()) {
        let why = if pos.has_legal_moves() {
            "neither side can checkmate: the position is dead and the game drawn (Art. 5.2.2)"
        } else {
            "stalemate: the game is drawn (Art. 5.2.1)"
        };
        let _ = writeln!(out, "  {why}");
    }
    out
}

/// The most half-moves of a helpmate the text shows. The proof of a winnable position is any
/// line that mates, and the exhaustive search can return one of thousands of half-moves (a
/// path through every position it visited): past this length the text shows its start and
/// the count, and the JSON form keeps the whole line.
const SHOWN_PLIES: usize = 100;

/// `helpmate 1. Kb2 Ka8 2. Qa7#`, or the first [`SHOWN_PLIES`] half-moves of a longer line
/// and how many follow.
fn helpmate_text(pos: &Position, line: &[crate::chess::Move]) -> String {
    match line.get(..SHOWN_PLIES).filter(|_| line.len() > SHOWN_PLIES) {
        Some(start) => format!(
            "helpmate {} ... and {} more half-moves to mate (--json gives the whole line)",
            pos.numbered_line(start),
            line.len() - SHOWN_PLIES
        ),
        None => format!("helpmate {}", pos.numbered_line(line)),
    }
}

fn capitalised(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helpmate_longer_than_the_text_shows_is_cut_with_its_count() {
        // 104 legal half-moves from the initial position (the knights out and back, 26
        // times): the text shows the first 100, through Black's 50th move, and counts the 4
        // that follow. Whether the line mates does not matter to the formatter.
        let pos = Position::new();
        let mut line = Vec::new();
        let mut at = pos;
        for _ in 0..26 {
            for token in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                let mv = at.parse_san(token).expect("legal");
                at = at.play(mv).expect("legal");
                line.push(mv);
            }
        }
        let text = helpmate_text(&pos, &line);
        assert!(
            text.starts_with("helpmate 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"),
            "{text}"
        );
        assert!(
            text.ends_with(
                "50. Ng1 Ng8 ... and 4 more half-moves to mate (--json gives the whole line)"
            ),
            "{text}"
        );
        // A line of the limit's length is shown whole.
        let text = helpmate_text(&pos, &line[..SHOWN_PLIES]);
        assert!(text.ends_with("50. Ng1 Ng8"), "{text}");
    }
}
