//! Scoresheet reports and claim judgements: the JSON contracts of the command-line spec and
//! the text a person reads.

use std::fmt::Write;

use serde::Serialize;

use super::json;

use crate::chess::{ClaimJudgement, Color, Ending, Game, Laws, Rate};
use crate::scoresheet::verify::{EndingFinding, RecordingKind, Report, move_label};

#[derive(Serialize)]
struct EndedView {
    ply: usize,
    by: &'static str,
    article: &'static str,
    /// For a dead position, the proof it rests on: `material`, `blocked` or `search`.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

/// The line of `check --json` (JSON Lines) for each game of one file.
///
/// The line is written by hand rather than by serde: it is written for every game of a file,
/// and the generic path (a view struct, a map entry and a string escape per field) cost more
/// than the rest of the output. The fields, their order and the text are the JSON contract of
/// the command-line spec, exactly as serde_json wrote them from view structs (which the tests
/// keep as the reference).
pub struct ReportJson {
    /// What every line of the file starts with, the file's name escaped once:
    /// `{"file":"games.pgn","game":`.
    start: String,
}

impl ReportJson {
    pub fn new(file: &str) -> ReportJson {
        let mut start = String::from("{\"file\":");
        json::push_str(&mut start, file);
        start.push_str(",\"game\":");
        ReportJson { start }
    }

    /// Appends the line of one game of the file, without the line end.
    pub fn push(&self, out: &mut String, report: &Report) {
        out.push_str(&self.start);
        push_report_fields(out, report);
    }
}

/// Appends the line of `check --json` for one game, without the line end.
pub fn push_report_json(out: &mut String, file: &str, report: &Report) {
    out.push_str("{\"file\":");
    json::push_str(out, file);
    out.push_str(",\"game\":");
    push_report_fields(out, report);
}

/// The line of `check --json` from the game's number on. Quotes around a string are written
/// with the text next to them where the string cannot be `null`.
fn push_report_fields(out: &mut String, report: &Report) {
    json::push_uint(out, report.game as u64);
    out.push_str(",\"white\":");
    json::push_opt_str(out, report.white.as_deref());
    out.push_str(",\"black\":");
    json::push_opt_str(out, report.black.as_deref());
    out.push_str(",\"result\":");
    json::push_opt_str(out, report.result.as_deref());
    out.push_str(",\"plies\":");
    json::push_uint(out, report.plies as u64);
    out.push_str(",\"language\":");
    match report.language {
        Some(language) => json::push_label(out, language.label()),
        None => out.push_str("null"),
    }
    out.push_str(",\"languages\":");
    json::push_array(out, &report.languages, |out, language| {
        json::push_label(out, language.label());
    });
    match &report.first_illegal {
        Some(illegal) => {
            out.push_str(",\"first_illegal\":{\"ply\":");
            json::push_uint(out, illegal.ply as u64);
            out.push_str(",\"move\":\"");
            json::push_inside(out, &illegal.label);
            out.push_str("\",\"token\":\"");
            json::push_inside(out, &illegal.token);
            out.push_str("\",\"reason\":\"");
            json::push_inside(out, &illegal.reason);
            out.push_str("\",\"candidates\":");
            json::push_array(out, &illegal.candidates, |out, text| {
                json::push_str(out, text)
            });
            out.push_str(",\"line\":");
            json::push_uint(out, illegal.span.line);
            out.push_str(",\"column\":");
            json::push_uint(out, illegal.span.column);
            out.push_str(",\"penalty\":\"");
            json::push_inside(out, &illegal.penalty);
            out.push_str("\"}");
        }
        None => out.push_str(",\"first_illegal\":null"),
    }
    match &report.ended {
        Some(ended) => {
            out.push_str(",\"ended\":{\"ply\":");
            json::push_uint(out, ended.ply as u64);
            out.push_str(",\"by\":");
            json::push_label(out, ended.ending.name());
            out.push_str(",\"article\":");
            json::push_label(out, ended.article);
            if let Ending::DeadPosition { reason } = ended.ending {
                out.push_str(",\"reason\":");
                json::push_label(out, reason.name());
            }
            out.push_str("},\"moves_after_end\":");
        }
        None => out.push_str(",\"ended\":null,\"moves_after_end\":"),
    }
    json::push_uint(out, report.moves_after_end as u64);
    out.push_str(if report.result_consistent {
        ",\"result_consistent\":true,\"result_note\":"
    } else {
        ",\"result_consistent\":false,\"result_note\":"
    });
    json::push_opt_str(out, report.result_note.as_deref());
    out.push_str(",\"final_fen\":\"");
    json::push_inside(out, &report.final_fen);
    out.push_str("\",\"remarks\":");
    json::push_array(out, &report.remarks, |out, remark| {
        out.push_str("{\"ply\":");
        json::push_uint(out, remark.ply as u64);
        out.push_str(",\"token\":\"");
        json::push_inside(out, &remark.token);
        out.push_str("\",\"remark\":\"");
        json::push_inside(out, &remark.remark);
        out.push_str("\"}");
    });
    out.push_str(",\"recording\":");
    json::push_array(out, &report.recording, |out, fault| {
        out.push_str("{\"ply\":");
        json::push_uint(out, fault.ply as u64);
        out.push_str(",\"move\":\"");
        json::push_inside(out, &fault.label);
        out.push_str("\",\"token\":\"");
        json::push_inside(out, &fault.token);
        out.push_str("\",\"kind\":");
        json::push_label(out, fault.kind.name());
        out.push_str(",\"readings\":");
        json::push_array(out, &fault.readings, |out, text| json::push_str(out, text));
        out.push_str(",\"chosen\":");
        json::push_opt_str(out, fault.chosen.as_deref());
        out.push_str(",\"line\":");
        json::push_uint(out, fault.span.line);
        out.push_str(",\"column\":");
        json::push_uint(out, fault.span.column);
        out.push('}');
    });
    // Asked for with `--claims` only; absent, not `null`, otherwise.
    if let Some(claims) = &report.claims_available {
        out.push_str(",\"claims_available\":");
        json::push_array(out, claims, |out, claim| {
            out.push_str("{\"ply\":");
            json::push_uint(out, claim.ply as u64);
            out.push_str(",\"kind\":");
            json::push_label(out, claim.kind.name());
            out.push_str(",\"by_move\":");
            json::push_opt_str(out, claim.by_move.as_deref());
            out.push('}');
        });
    }
    out.push_str(",\"problems\":");
    json::push_array(out, &report.problems, |out, problem| {
        out.push_str("{\"line\":");
        json::push_uint(out, problem.span.line);
        out.push_str(",\"column\":");
        json::push_uint(out, problem.span.column);
        out.push_str(",\"message\":\"");
        json::push_inside(out, &problem.message);
        out.push_str("\"}");
    });
    out.push('}');
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Appends the text report of one game: one line for a clean game, a block otherwise.
pub fn push_report_text(out: &mut String, file: &str, report: &Report) {
    // The first line, written for every game, is put together piece by piece rather than
    // through `write!`: the formatting machinery cost more than the rest of the text output.
    out.push_str(file);
    out.push_str(": game ");
    json::push_uint(out, report.game as u64);
    if report.white.is_some() || report.black.is_some() {
        out.push_str(" (");
        out.push_str(report.white.as_deref().unwrap_or("?"));
        out.push_str(" - ");
        out.push_str(report.black.as_deref().unwrap_or("?"));
        out.push(')');
    }
    out.push_str(", ");
    out.push_str(report.result.as_deref().unwrap_or("no result"));
    out.push_str(": ");
    json::push_uint(out, report.plies as u64);
    out.push_str(if report.plies == 1 {
        " half-move"
    } else {
        " half-moves"
    });
    if let Some(language) = report.language {
        out.push_str(", ");
        out.push_str(language.label());
    }
    if report.is_clean()
        && report.remarks.is_empty()
        && report.recording.is_empty()
        && report.ended.is_none()
    {
        out.push_str(", ok\n");
        return;
    }
    out.push('\n');
    for problem in &report.problems {
        let _ = writeln!(
            out,
            "  unreadable at line {}, column {}: {}",
            problem.span.line, problem.span.column, problem.message
        );
    }
    for fault in &report.recording {
        let (what, readings) = match fault.kind {
            RecordingKind::Ambiguous => (
                format!(
                    "{} {} fits more than one move (C.10 asks for the file or rank it comes from)",
                    fault.label, fault.token
                ),
                "it could be",
            ),
            RecordingKind::MissingMove => (
                format!(
                    "{} is not recorded: `{}` fits only with a move before it",
                    fault.label, fault.token
                ),
                "the missing move could be",
            ),
        };
        let _ = writeln!(
            out,
            "  recording fault at half-move {} (line {}, column {}): {what}; {readings} {}",
            fault.ply,
            fault.span.line,
            fault.span.column,
            fault.readings.join(" or ")
        );
        match &fault.chosen {
            Some(chosen) => {
                let _ = writeln!(
                    out,
                    "    only {chosen} lets the rest of the game stand: the check follows it (8.1.1; 12.9 leaves the sanction to the arbiter)"
                );
            }
            None if fault.standing > 1 => {
                let _ = writeln!(
                    out,
                    "    more than one reading lets the rest of the game stand: the check stops here (8.1.1; 12.9 leaves the sanction to the arbiter)"
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "    no reading lets the rest of the game stand (8.1.1; 12.9 leaves the sanction to the arbiter)"
                );
            }
        }
    }
    if let Some(illegal) = &report.first_illegal {
        let _ = writeln!(
            out,
            "  illegal move {} {} (half-move {}, line {}, column {}): {}",
            illegal.label,
            illegal.token,
            illegal.ply,
            illegal.span.line,
            illegal.span.column,
            illegal.reason
        );
        let _ = writeln!(
            out,
            "    the position before it stands: {}",
            report.final_fen
        );
        let _ = writeln!(out, "    penalty: {}", illegal.penalty);
    }
    if let Some(ended) = &report.ended {
        let _ = write!(
            out,
            "  the game ended by itself after half-move {}: {} (Art. {})",
            ended.ply, ended.ending, ended.article
        );
        if report.moves_after_end > 0 {
            let _ = write!(
                out,
                "; {} recorded after it {} void",
                plural(report.moves_after_end, "half-move"),
                if report.moves_after_end == 1 {
                    "is"
                } else {
                    "are"
                }
            );
        }
        out.push('\n');
    }
    match (&report.result_note, report.result_consistent) {
        (Some(note), consistent) => {
            out.push_str(if consistent {
                "  result: "
            } else {
                "  result does not fit: "
            });
            out.push_str(note);
            out.push('\n');
        }
        (None, false) => out.push_str("  result does not fit the board\n"),
        (None, true) => {}
    }
    for remark in &report.remarks {
        if remark.token.is_empty() {
            let _ = writeln!(out, "  remark: {}", remark.remark);
        } else {
            let _ = writeln!(
                out,
                "  remark at half-move {} `{}`: {}",
                remark.ply, remark.token, remark.remark
            );
        }
    }
    if let Some(claims) = &report.claims_available {
        for claim in claims {
            let how = claim
                .by_move
                .as_ref()
                .map_or(String::from("the position on the board"), |m| {
                    format!("writing {m}")
                });
            let _ = writeln!(
                out,
                "  claim available after half-move {}: {} ({how})",
                claim.ply,
                claim.kind.name()
            );
        }
    }
}

/// The text report of one game: one line for a clean game, a block otherwise.
pub fn report_text(file: &str, report: &Report) -> String {
    let mut out = String::new();
    push_report_text(&mut out, file, report);
    out
}

/// The summary line after all games; games with a recording fault are counted apart, and
/// only when there are some.
pub fn summary_text(
    games: usize,
    clean: usize,
    illegal: usize,
    inconsistent: usize,
    recording: usize,
) -> String {
    let recording = if recording > 0 {
        format!(", {recording} with a recording fault")
    } else {
        String::new()
    };
    format!(
        "{}: {clean} without findings, {illegal} with an illegal move, {inconsistent} with a result that does not fit{recording}\n",
        plural(games, "game")
    )
}

#[derive(Serialize)]
struct ClaimJudgementView<'a> {
    ply: usize,
    /// The same moment as a scoresheet numbers it: the move about to be played (`28...`).
    before: String,
    claimant: &'static str,
    #[serde(rename = "move")]
    written: Option<String>,
    threefold: ThreefoldView<'a>,
    fifty_moves: FiftyView,
    consequence: Option<String>,
}

#[derive(Serialize)]
struct ThreefoldView<'a> {
    valid: bool,
    count: usize,
    occurrences: &'a [usize],
}

impl ThreefoldView<'_> {
    /// The threefold ground of a claim that is refused before it is judged (its written move
    /// is illegal, or the game had already ended): not valid, nothing counted.
    const NOT_JUDGED: ThreefoldView<'static> = ThreefoldView {
        valid: false,
        count: 0,
        occurrences: &[],
    };
}

#[derive(Serialize)]
struct FiftyView {
    valid: bool,
    halfmoves: u32,
}

/// The consequence of the claim: `None` when it is correct.
fn consequence(judgement: &ClaimJudgement, laws: Laws, rate: Rate) -> Option<String> {
    (!judgement.is_valid())
        .then(|| laws.incorrect_claim_consequence(rate, judgement.written_move.is_some()))
}

/// `claim --json`.
pub fn claim_json(game: &Game, judgement: &ClaimJudgement, laws: Laws, rate: Rate) -> String {
    let written = judgement
        .written_move
        .and_then(|mv| game.position_at(judgement.ply).map(|p| p.san(mv)));
    let view = ClaimJudgementView {
        ply: judgement.ply,
        before: move_label(game.start(), judgement.ply + 1),
        claimant: judgement.claimant.name(),
        written,
        threefold: ThreefoldView {
            valid: judgement.threefold.valid,
            count: judgement.threefold.count,
            occurrences: &judgement.threefold.occurrences,
        },
        fifty_moves: FiftyView {
            valid: judgement.fifty_moves.valid,
            halfmoves: judgement.fifty_moves.halfmoves,
        },
        consequence: consequence(judgement, laws, rate),
    };
    serde_json::to_string(&view).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The text answer to a claim.
pub fn claim_text(game: &Game, judgement: &ClaimJudgement, laws: Laws, rate: Rate) -> String {
    let mut out = String::new();
    let start = game.start();
    let before = move_label(start, judgement.ply + 1);
    let when = if judgement.ply == 0 {
        format!("before {before}, at the start")
    } else {
        let pos = game.position_at(judgement.ply - 1);
        let mv = game.moves().get(judgement.ply - 1);
        match (pos, mv) {
            (Some(pos), Some(&mv)) => format!(
                "before {before}, after {} {} (half-move {})",
                move_label(start, judgement.ply),
                pos.san(mv),
                judgement.ply
            ),
            _ => format!("before {before}, after half-move {}", judgement.ply),
        }
    };
    let written = judgement
        .written_move
        .and_then(|mv| game.position_at(judgement.ply).map(|p| p.san(mv)));
    let _ = write!(out, "{} claims a draw {when}", judgement.claimant);
    match &written {
        Some(san) => {
            let _ = writeln!(out, ", with the written move {san}");
        }
        None => out.push('\n'),
    }
    let verdict = if judgement.is_valid() {
        "the claim is correct: the game is drawn"
    } else {
        "the claim is incorrect"
    };
    let _ = writeln!(out, "{verdict}");
    let t = &judgement.threefold;
    let occurrences: Vec<String> = t.occurrences.iter().map(|p| p.to_string()).collect();
    let _ = writeln!(
        out,
        "  threefold repetition: {} (the position {} {} time{}, after half-move{} {})",
        if t.valid { "valid" } else { "not valid" },
        if written.is_some() {
            "would stand"
        } else {
            "has stood"
        },
        t.count,
        if t.count == 1 { "" } else { "s" },
        if occurrences.len() == 1 { "" } else { "s" },
        occurrences.join(", ")
    );
    let f = &judgement.fifty_moves;
    let _ = writeln!(
        out,
        "  fifty moves: {} ({} without a pawn move or capture; 100 are needed)",
        if f.valid { "valid" } else { "not valid" },
        plural(f.halfmoves as usize, "half-move")
    );
    if let Some(consequence) = consequence(judgement, laws, rate) {
        let _ = writeln!(out, "  consequence: {consequence}");
    }
    out
}

#[derive(Serialize)]
struct IllegalWrittenMoveView<'a> {
    ply: usize,
    before: &'a str,
    claimant: &'static str,
    #[serde(rename = "move")]
    written: &'a str,
    /// Why the written move cannot be played; the claim rests on nothing.
    move_illegal: &'a str,
    threefold: ThreefoldView<'a>,
    fifty_moves: FiftyView,
    consequence: &'a str,
}

/// `claim --json` when the written move is illegal: the contract's fields, both grounds
/// invalid, plus `move_illegal` with the reason.
pub fn illegal_written_move_json(
    ply: usize,
    before: &str,
    claimant: Color,
    token: &str,
    why: &str,
    halfmoves: u32,
    consequence: &str,
) -> String {
    let view = IllegalWrittenMoveView {
        ply,
        before,
        claimant: claimant.name(),
        written: token,
        move_illegal: why,
        threefold: ThreefoldView::NOT_JUDGED,
        fifty_moves: FiftyView {
            valid: false,
            halfmoves,
        },
        consequence,
    };
    serde_json::to_string(&view).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

#[derive(Serialize)]
struct VoidClaimView<'a> {
    ply: usize,
    before: &'a str,
    claimant: &'static str,
    #[serde(rename = "move")]
    written: Option<&'a str>,
    /// Why the claim is void: the game had already ended.
    void: &'a str,
    ended: EndedView,
    threefold: ThreefoldView<'a>,
    fifty_moves: FiftyView,
    consequence: &'a str,
}

/// A claim made once the position had become dead (5.2.2): the game was already over, drawn.
pub struct VoidClaim<'a> {
    pub ply: usize,
    /// The move about to be played, as a scoresheet numbers it (`28...`).
    pub before: &'a str,
    pub claimant: Color,
    pub written: Option<&'a str>,
    /// Where and how the game ended.
    pub ended: EndingFinding,
}

impl VoidClaim<'_> {
    fn why(&self) -> String {
        format!(
            "the game had already ended after half-move {}: {} (Art. {})",
            self.ended.ply, self.ended.ending, self.ended.article
        )
    }

    fn consequence(&self) -> String {
        format!(
            "none: the game was drawn when the position became dead ({}); the claim, and every move after half-move {}, are void",
            self.ended.article, self.ended.ply
        )
    }
}

/// `claim --json` for a void claim: the contract's fields with both grounds unjudged (not
/// valid, no occurrences, no half-moves counted), plus `void` and `ended`.
pub fn void_claim_json(claim: &VoidClaim) -> String {
    let why = claim.why();
    let consequence = claim.consequence();
    let view = VoidClaimView {
        ply: claim.ply,
        before: claim.before,
        claimant: claim.claimant.name(),
        written: claim.written,
        void: &why,
        ended: EndedView {
            ply: claim.ended.ply,
            by: claim.ended.ending.name(),
            article: claim.ended.article,
            reason: match claim.ended.ending {
                Ending::DeadPosition { reason } => Some(reason.name()),
                _ => None,
            },
        },
        threefold: ThreefoldView::NOT_JUDGED,
        fifty_moves: FiftyView {
            valid: false,
            halfmoves: 0,
        },
        consequence: &consequence,
    };
    serde_json::to_string(&view).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The text answer to a void claim.
pub fn void_claim_text(claim: &VoidClaim) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{} claims a draw before {} (half-move {})",
        claim.claimant, claim.before, claim.ply
    );
    match claim.written {
        Some(token) => {
            let _ = writeln!(
                out,
                ", with the written move `{}`",
                crate::scoresheet::pgn::quote(token)
            );
        }
        None => out.push('\n'),
    }
    let _ = writeln!(out, "the claim is void: {}", claim.why());
    let _ = writeln!(out, "  consequence: {}", claim.consequence());
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Serialize;

    use super::*;
    use crate::chess::{ClaimKind, DeadReason};
    use crate::render::json::tricky_text;
    use crate::scoresheet::notation::Language;
    use crate::scoresheet::pgn::{Problem, Span};
    use crate::scoresheet::verify::{ClaimAvailable, IllegalMove, RecordingFault, Remark};

    // The view structs `check --json` was first written from, through serde_json: the
    // reference the hand-written line must match byte for byte.

    #[derive(Serialize)]
    struct ReportView<'a> {
        file: &'a str,
        game: usize,
        white: Option<&'a str>,
        black: Option<&'a str>,
        result: Option<&'a str>,
        plies: usize,
        language: Option<&'static str>,
        languages: Vec<&'static str>,
        first_illegal: Option<IllegalView<'a>>,
        ended: Option<EndedView>,
        moves_after_end: usize,
        result_consistent: bool,
        result_note: Option<&'a str>,
        final_fen: &'a str,
        remarks: Vec<RemarkView<'a>>,
        recording: Vec<RecordingView<'a>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        claims_available: Option<Vec<ClaimView>>,
        problems: Vec<ProblemView<'a>>,
    }

    #[derive(Serialize)]
    struct IllegalView<'a> {
        ply: usize,
        #[serde(rename = "move")]
        label: &'a str,
        token: &'a str,
        reason: &'a str,
        candidates: &'a [String],
        line: u32,
        column: u32,
        penalty: &'a str,
    }

    #[derive(Serialize)]
    struct RemarkView<'a> {
        ply: usize,
        token: &'a str,
        remark: &'a str,
    }

    #[derive(Serialize)]
    struct RecordingView<'a> {
        ply: usize,
        #[serde(rename = "move")]
        label: &'a str,
        token: &'a str,
        kind: &'static str,
        readings: &'a [String],
        chosen: Option<&'a str>,
        line: u32,
        column: u32,
    }

    #[derive(Serialize)]
    struct ClaimView {
        ply: usize,
        kind: &'static str,
        by_move: Option<String>,
    }

    #[derive(Serialize)]
    struct ProblemView<'a> {
        line: u32,
        column: u32,
        message: &'a str,
    }

    fn serde_report_json(file: &str, report: &Report) -> String {
        let view = ReportView {
            file,
            game: report.game,
            white: report.white.as_deref(),
            black: report.black.as_deref(),
            result: report.result.as_deref(),
            plies: report.plies,
            language: report.language.map(|l| l.label()),
            languages: report.languages.iter().map(|l| l.label()).collect(),
            first_illegal: report.first_illegal.as_ref().map(|i| IllegalView {
                ply: i.ply,
                label: &i.label,
                token: &i.token,
                reason: &i.reason,
                candidates: &i.candidates,
                line: i.span.line,
                column: i.span.column,
                penalty: &i.penalty,
            }),
            ended: report.ended.map(|e| EndedView {
                ply: e.ply,
                by: e.ending.name(),
                article: e.article,
                reason: match e.ending {
                    Ending::DeadPosition { reason } => Some(reason.name()),
                    _ => None,
                },
            }),
            moves_after_end: report.moves_after_end,
            result_consistent: report.result_consistent,
            result_note: report.result_note.as_deref(),
            final_fen: &report.final_fen,
            remarks: report
                .remarks
                .iter()
                .map(|r| RemarkView {
                    ply: r.ply,
                    token: &r.token,
                    remark: &r.remark,
                })
                .collect(),
            recording: report
                .recording
                .iter()
                .map(|r| RecordingView {
                    ply: r.ply,
                    label: &r.label,
                    token: &r.token,
                    kind: r.kind.name(),
                    readings: &r.readings,
                    chosen: r.chosen.as_deref(),
                    line: r.span.line,
                    column: r.span.column,
                })
                .collect(),
            claims_available: report.claims_available.as_ref().map(|claims| {
                claims
                    .iter()
                    .map(|c| ClaimView {
                        ply: c.ply,
                        kind: c.kind.name(),
                        by_move: c.by_move.clone(),
                    })
                    .collect()
            }),
            problems: report
                .problems
                .iter()
                .map(|p| ProblemView {
                    line: p.span.line,
                    column: p.span.column,
                    message: &p.message,
                })
                .collect(),
        };
        serde_json::to_string(&view).expect("a report serializes")
    }

    /// Strings short and long enough for every path of the escape test.
    fn text() -> impl Strategy<Value = String> {
        tricky_text(24)
    }

    fn texts() -> impl Strategy<Value = Vec<String>> {
        proptest::collection::vec(text(), 0..3)
    }

    fn span() -> impl Strategy<Value = Span> {
        (any::<u32>(), any::<u32>()).prop_map(|(line, column)| Span { line, column })
    }

    fn language() -> impl Strategy<Value = Language> {
        proptest::sample::select(Language::ALL.to_vec())
    }

    fn illegal() -> impl Strategy<Value = IllegalMove> {
        (
            any::<usize>(),
            text(),
            text(),
            span(),
            text(),
            texts(),
            text(),
        )
            .prop_map(|(ply, label, token, span, reason, candidates, penalty)| {
                IllegalMove {
                    ply,
                    label,
                    token,
                    span,
                    reason,
                    candidates,
                    penalty,
                }
            })
    }

    fn ended() -> impl Strategy<Value = EndingFinding> {
        let ending = prop_oneof![
            Just(Ending::Checkmate {
                winner: Color::White
            }),
            Just(Ending::Checkmate {
                winner: Color::Black
            }),
            Just(Ending::Stalemate),
            Just(Ending::DeadPosition {
                reason: DeadReason::Material
            }),
            Just(Ending::DeadPosition {
                reason: DeadReason::Blocked
            }),
            Just(Ending::DeadPosition {
                reason: DeadReason::Search
            }),
            Just(Ending::FivefoldRepetition),
            Just(Ending::SeventyFiveMoves),
        ];
        (any::<usize>(), ending).prop_map(|(ply, ending)| EndingFinding {
            ply,
            ending,
            article: ending.article(),
        })
    }

    fn remark() -> impl Strategy<Value = Remark> {
        (any::<usize>(), text(), text()).prop_map(|(ply, token, remark)| Remark {
            ply,
            token,
            remark,
        })
    }

    fn recording() -> impl Strategy<Value = RecordingFault> {
        let kind = prop_oneof![
            Just(RecordingKind::Ambiguous),
            Just(RecordingKind::MissingMove)
        ];
        (
            any::<usize>(),
            text(),
            text(),
            span(),
            kind,
            texts(),
            proptest::option::of(text()),
            any::<usize>(),
        )
            .prop_map(
                |(ply, label, token, span, kind, readings, chosen, standing)| RecordingFault {
                    ply,
                    label,
                    token,
                    span,
                    kind,
                    readings,
                    chosen,
                    standing,
                },
            )
    }

    fn claim() -> impl Strategy<Value = ClaimAvailable> {
        let kind = prop_oneof![Just(ClaimKind::Threefold), Just(ClaimKind::FiftyMoves)];
        (any::<usize>(), kind, proptest::option::of(text()))
            .prop_map(|(ply, kind, by_move)| ClaimAvailable { ply, kind, by_move })
    }

    fn problem() -> impl Strategy<Value = Problem> {
        (span(), text()).prop_map(|(span, message)| Problem { span, message })
    }

    /// Any report: every field set or not, every list empty or not, every variant.
    fn report() -> impl Strategy<Value = Report> {
        let who = (
            any::<usize>(),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(text()),
            any::<usize>(),
            proptest::option::of(language()),
            proptest::collection::vec(language(), 0..3),
        );
        let findings = (
            proptest::option::of(illegal()),
            proptest::option::of(ended()),
            any::<usize>(),
            any::<bool>(),
            proptest::option::of(text()),
            text(),
        );
        let lists = (
            proptest::collection::vec(remark(), 0..3),
            proptest::collection::vec(recording(), 0..3),
            proptest::option::of(proptest::collection::vec(claim(), 0..3)),
            proptest::collection::vec(problem(), 0..3),
        );
        (who, findings, lists).prop_map(
            |(
                (game, white, black, result, plies, language, languages),
                (first_illegal, ended, moves_after_end, result_consistent, result_note, final_fen),
                (remarks, recording, claims_available, problems),
            )| Report {
                game,
                first_line: 1,
                white,
                black,
                result,
                plies,
                language,
                languages,
                first_illegal,
                ended,
                moves_after_end,
                result_consistent,
                result_note,
                result_against_winnability: false,
                winnability_calls: 0,
                final_fen,
                remarks,
                recording,
                claims_available,
                problems,
            },
        )
    }

    proptest! {
        #[test]
        fn report_json_matches_serde_json(file in text(), report in report()) {
            let expected = serde_report_json(&file, &report);
            let mut line = String::new();
            push_report_json(&mut line, &file, &report);
            prop_assert_eq!(&line, &expected);
            // The writer of a file's lines, which writes the file's name once, writes the same.
            let lines = ReportJson::new(&file);
            line.clear();
            lines.push(&mut line, &report);
            prop_assert_eq!(&line, &expected);
        }
    }

    #[test]
    fn text_report_of_a_clean_game_is_one_line() {
        let mut report = clean_report();
        let mut out = String::from("before\n");
        push_report_text(&mut out, "a.pgn", &report);
        assert_eq!(
            out,
            "before\na.pgn: game 3 (A \"B\" - ?), 1-0: 2 half-moves, English, ok\n"
        );
        report.white = None;
        report.result = None;
        report.plies = 1;
        report.language = None;
        assert_eq!(
            report_text("a.pgn", &report),
            "a.pgn: game 3, no result: 1 half-move, ok\n"
        );
        report.result_consistent = false;
        report.result_note = Some("why".into());
        assert_eq!(
            report_text("a.pgn", &report),
            "a.pgn: game 3, no result: 1 half-move\n  result does not fit: why\n"
        );
    }

    fn clean_report() -> Report {
        Report {
            game: 3,
            first_line: 1,
            white: Some("A \"B\"".into()),
            black: None,
            result: Some("1-0".into()),
            plies: 2,
            language: Some(Language::English),
            languages: vec![Language::English],
            first_illegal: None,
            ended: None,
            moves_after_end: 0,
            result_consistent: true,
            result_note: None,
            result_against_winnability: false,
            winnability_calls: 0,
            final_fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            remarks: Vec::new(),
            recording: Vec::new(),
            claims_available: None,
            problems: Vec::new(),
        }
    }

    #[test]
    fn report_json_is_appended() {
        let report = clean_report();
        let mut out = String::from("before\n");
        push_report_json(&mut out, "a.pgn", &report);
        assert_eq!(
            out,
            "before\n{\"file\":\"a.pgn\",\"game\":3,\"white\":\"A \\\"B\\\"\",\"black\":null,\"result\":\"1-0\",\"plies\":2,\"language\":\"English\",\"languages\":[\"English\"],\"first_illegal\":null,\"ended\":null,\"moves_after_end\":0,\"result_consistent\":true,\"result_note\":null,\"final_fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"remarks\":[],\"recording\":[],\"problems\":[]}"
        );
    }
}
