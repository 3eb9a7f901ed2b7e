//! `arbiter check`: verifies scoresheets (PGN or hand-typed movetext) against the Laws.

use std::fs::File;
use std::io::{BufReader, BufWriter, IsTerminal, Write};

use clap::Args;

use super::{Exit, Failure, LawsArgs};
use crate::render::scoresheet as render;
use crate::scoresheet::pgn::PgnReader;
use crate::scoresheet::verify::{self, Options};

#[derive(Args)]
#[command(
    about = "Verify scoresheet files: the first illegal move and why, recording faults, automatic endings, the result, notation remarks",
    long_about = "Verify scoresheet files: the first illegal move and why, recording faults (an ambiguous or skipped move), automatic endings, the result, notation remarks.\n\nA dead position (5.2.2) is found beyond bare material: locked pawns, or positions from which no series of legal moves mates; the game ended there, and later moves are void. A win not by checkmate is judged by whether the winner could still checkmate, by the PGN Termination tag and the edition: on time a draw if not (6.9), by resignation from the 2023 Laws (5.1.2), by a second illegal move (7.5.5); the note gives the helpmate or the proof. A decision the search budget leaves undetermined is said, and never changes the answer.\n\nThe games are read from the files named, not from the event database; `arbiter game attach` checks one game and keeps it with its board.",
    after_help = "Exit code 0 when every game is legal and its result fits, 1 when not, 3 for unreadable text, 5 when a file cannot be read.\n\nExamples:\n  arbiter check games.pgn\n  arbiter check sheet.txt --laws 2014 --rate rapid\n  arbiter check round1.pgn round2.pgn --claims --json"
)]
pub struct CheckArgs {
    /// PGN files or plain movetext scoresheets (files; the event database is not read).
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    laws: LawsArgs,
    /// Also list every moment a draw claim was available.
    #[arg(long)]
    claims: bool,
    /// Write JSON Lines, one object per game.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &CheckArgs) -> Result<Exit, Failure> {
    let options = Options {
        laws: args.laws.laws,
        rate: args.laws.rate,
        claims: args.claims,
        ..Default::default()
    };
    // Written to a terminal, each report shows as soon as it is checked. Written to a file or
    // a pipe, reports are gathered into larger writes: one system call per line was a tenth
    // of the time of a check of real games. Anything said on stderr first flushes what came
    // before it, so a log of both streams keeps their order.
    let stdout = std::io::stdout();
    let mut stdout: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(BufWriter::new(stdout.lock()))
    };
    let mut exit = Exit::Ok;
    let (mut games, mut clean, mut illegal, mut inconsistent, mut recording) = (0, 0, 0, 0, 0);
    let mut file_errors = Vec::new();
    for path in &args.files {
        let file = match File::open(path) {
            Ok(file) => file,
            Err(err) => {
                file_errors.push(format!("cannot read {path}: {err}"));
                continue;
            }
        };
        for raw in PgnReader::new(BufReader::new(file)) {
            let raw = match raw {
                Ok(raw) => raw,
                Err(err) => {
                    file_errors.push(format!("cannot read {path}: {err}"));
                    break;
                }
            };
            let report = verify::verify(&raw, options);
            games += 1;
            // A recording fault alone is said, like a remark, but answers no "no": the moves
            // on the board were legal (exit 0).
            if !report.is_clean() {
                exit = exit.max(Exit::No);
            } else if report.recording.is_empty() {
                clean += 1;
            }
            if !report.recording.is_empty() {
                recording += 1;
            }
            if report.first_illegal.is_some() {
                illegal += 1;
            }
            if !report.result_consistent {
                inconsistent += 1;
            }
            if !report.problems.is_empty() && stdout.flush().is_err() {
                return Ok(exit);
            }
            for problem in &report.problems {
                eprintln!(
                    "error: {path}:{}:{}: {}",
                    problem.span.line, problem.span.column, problem.message
                );
                exit = exit.max(Exit::InvalidInput);
            }
            let text = if args.json {
                let mut line = render::report_json(path, &report);
                line.push('\n');
                line
            } else {
                render::report_text(path, &report)
            };
            if stdout.write_all(text.as_bytes()).is_err() {
                // The reader of our output went away (a closed pipe): stop quietly.
                return Ok(exit);
            }
        }
    }
    if !args.json {
        let _ = stdout.write_all(
            render::summary_text(games, clean, illegal, inconsistent, recording).as_bytes(),
        );
    }
    // A reader that went away is no error of ours (see above).
    let _ = stdout.flush();
    if let Some((last, rest)) = file_errors.split_last() {
        for message in rest {
            eprintln!("error: {message}");
        }
        return Err(Failure {
            exit: Exit::Io,
            message: last.clone(),
            hint: Some("check the file name and that you may read it".into()),
        });
    }
    Ok(exit)
}
