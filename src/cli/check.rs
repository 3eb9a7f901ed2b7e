//! `arbiter check`: verifies scoresheets (PGN or hand-typed movetext) against the Laws.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, BufWriter, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, mpsc};
use std::thread;

use clap::Args;

use super::{Exit, Failure, LawsArgs};
use crate::render::scoresheet as render;
use crate::scoresheet::pgn::{PgnReader, Problem, RawGame};
use crate::scoresheet::verify::{self, Options};

#[derive(Args)]
#[command(
    about = "Verify scoresheet files: the first illegal move and why, recording faults, automatic endings, the result, notation remarks",
    long_about = "Verify scoresheet files: the first illegal move and why, recording faults (an ambiguous or skipped move), automatic endings, the result, notation remarks.\n\nA dead position (5.2.2) is found beyond bare material: locked pawns, or positions from which no series of legal moves mates; the game ended there, and later moves are void. A win not by checkmate is judged by whether the winner could still checkmate, by the PGN Termination tag and the edition: on time a draw if not (6.9), by resignation from the 2023 Laws (5.1.2), by a second illegal move (7.5.5); the note gives the helpmate or the proof. A decision the search budget leaves undetermined is said, and never changes the answer.\n\nThe games are read from the files named, not from the event database; `arbiter game attach` checks one game and keeps it with its board.",
    after_help = "Exit code 0 when every game is legal and its result fits, 1 when not, 3 for unreadable text, 5 when a file cannot be read.\n\nExamples:\n  arbiter check games.pgn\n  arbiter check sheet.txt --laws 2014 --rate rapid\n  arbiter check round1.pgn round2.pgn --claims --json\n  arbiter check archive.pgn --json --jobs 4"
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
    /// Check games on this many threads (default: every core this process may use). The
    /// output is the same, in the same order, whatever the number.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<NonZeroUsize>,
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
    let stdout: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(BufWriter::new(stdout.lock()))
    };
    let mut tally = Tally::new(stdout);
    let jobs = args.jobs.map_or_else(default_jobs, NonZeroUsize::get);
    let check = |path: &str, raw: &RawGame| Checked::new(path, raw, options, args.json);
    let mut games = Games::new(&args.files);
    let open = if jobs <= 1 {
        games.all(|(path, raw)| tally.take(check(path, &raw)))
    } else {
        in_parallel(&mut games, jobs, &check, &mut tally)
    };
    if !open {
        return Ok(tally.exit);
    }
    let file_errors = games.errors;
    let exit = tally.finish(args.json);
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

/// The games of the files in turn. A file that cannot be opened, or whose reading fails
/// halfway, is noted in `errors` (reported at the end, after everything that could be read)
/// and nothing more is read from it.
struct Games<'a> {
    files: std::slice::Iter<'a, String>,
    current: Option<(&'a str, PgnReader<BufReader<File>>)>,
    errors: Vec<String>,
}

impl<'a> Games<'a> {
    fn new(files: &'a [String]) -> Games<'a> {
        Games {
            files: files.iter(),
            current: None,
            errors: Vec::new(),
        }
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = (&'a str, RawGame);

    fn next(&mut self) -> Option<(&'a str, RawGame)> {
        loop {
            if let Some((path, reader)) = &mut self.current {
                let path: &'a str = path;
                match reader.next() {
                    Some(Ok(raw)) => return Some((path, raw)),
                    Some(Err(err)) => self.errors.push(format!("cannot read {path}: {err}")),
                    None => {}
                }
                self.current = None;
                continue;
            }
            let path = self.files.next()?;
            match File::open(path) {
                // A larger buffer than the default holds more lines whole, which the reader then
                // reads in place (see `PgnReader::next`).
                Ok(file) => {
                    let reader = BufReader::with_capacity(READ_BUFFER, file);
                    self.current = Some((path, PgnReader::new(reader)));
                }
                Err(err) => self.errors.push(format!("cannot read {path}: {err}")),
            }
        }
    }
}

/// The bytes read from a file at a time.
const READ_BUFFER: usize = 1 << 16;

/// The default of `--jobs`: the cores this process may use.
fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// How many games may be read ahead of the first one not yet written, per worker. A game
/// that takes long (a hard winnability decision takes up to a quarter of a second) holds
/// the output back while the other workers go on, so this bounds the reports waiting for
/// it, and with them the memory, whatever the file's size.
const AHEAD_PER_WORKER: usize = 64;

/// Checks the games with `jobs` worker threads and hands the reports to `tally` in the
/// order of the input. `false` when the reader of our output went away.
fn in_parallel<'a>(
    games: &mut impl Iterator<Item = (&'a str, RawGame)>,
    jobs: usize,
    check: &(impl Fn(&str, &RawGame) -> Checked + Sync),
    tally: &mut Tally,
) -> bool {
    let ahead = jobs * AHEAD_PER_WORKER;
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, &str, RawGame)>(ahead);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, thread::Result<Checked>)>();
    thread::scope(|scope| {
        for _ in 0..jobs {
            let work_rx = &work_rx;
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    // The lock is held only while taking one game off the queue.
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, path, raw))) = next else {
                        return;
                    };
                    // A panic is a bug of ours; it is carried to the main thread, which would
                    // otherwise wait for this report for ever.
                    let checked = panic::catch_unwind(AssertUnwindSafe(|| check(path, &raw)));
                    if done_tx.send((seq, checked)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        // Reports that came back before an earlier one, by their place in the input.
        let mut waiting: BTreeMap<usize, Checked> = BTreeMap::new();
        let mut next_out = 0;
        let mut sent = 0;
        let mut open = true;
        let mut games = games.peekable();
        loop {
            // Read ahead while the window allows; then wait for a report.
            while sent < next_out + ahead && games.peek().is_some() {
                let (path, raw) = games.next().expect("peeked");
                if work_tx.send((sent, path, raw)).is_err() {
                    break;
                }
                sent += 1;
            }
            if next_out == sent {
                break;
            }
            let Ok((seq, checked)) = done_rx.recv() else {
                break;
            };
            let checked = checked.unwrap_or_else(|payload| panic::resume_unwind(payload));
            waiting.insert(seq, checked);
            while let Some(checked) = waiting.remove(&next_out) {
                next_out += 1;
                if open && !tally.take(checked) {
                    open = false;
                }
            }
            if !open {
                break;
            }
        }
        drop(work_tx);
        open
    })
}

/// One game's report, rendered, with what the summary and the exit code need.
struct Checked {
    path: String,
    text: String,
    problems: Vec<Problem>,
    clean: bool,
    recording: bool,
    illegal: bool,
    inconsistent: bool,
}

impl Checked {
    fn new(path: &str, raw: &RawGame, options: Options, json: bool) -> Checked {
        let report = verify::verify(raw, options);
        let text = if json {
            let mut line = render::report_json(path, &report);
            line.push('\n');
            line
        } else {
            render::report_text(path, &report)
        };
        Checked {
            path: path.to_string(),
            text,
            clean: report.is_clean(),
            recording: !report.recording.is_empty(),
            illegal: report.first_illegal.is_some(),
            inconsistent: !report.result_consistent,
            problems: report.problems,
        }
    }
}

/// The counts of the summary, the exit code so far, and the output.
struct Tally {
    out: Box<dyn Write>,
    exit: Exit,
    games: usize,
    clean: usize,
    illegal: usize,
    inconsistent: usize,
    recording: usize,
}

impl Tally {
    fn new(out: Box<dyn Write>) -> Tally {
        Tally {
            out,
            exit: Exit::Ok,
            games: 0,
            clean: 0,
            illegal: 0,
            inconsistent: 0,
            recording: 0,
        }
    }

    /// Counts and writes one report; `false` when the reader of our output went away.
    fn take(&mut self, checked: Checked) -> bool {
        self.games += 1;
        // A recording fault alone is said, like a remark, but answers no "no": the moves on
        // the board were legal (exit 0).
        if !checked.clean {
            self.exit = self.exit.max(Exit::No);
        } else if !checked.recording {
            self.clean += 1;
        }
        self.recording += usize::from(checked.recording);
        self.illegal += usize::from(checked.illegal);
        self.inconsistent += usize::from(checked.inconsistent);
        if !checked.problems.is_empty() && self.out.flush().is_err() {
            return false;
        }
        for problem in &checked.problems {
            eprintln!(
                "error: {}:{}:{}: {}",
                checked.path, problem.span.line, problem.span.column, problem.message
            );
            self.exit = self.exit.max(Exit::InvalidInput);
        }
        // A closed pipe: stop quietly.
        self.out.write_all(checked.text.as_bytes()).is_ok()
    }

    /// Writes the summary (text output only) and flushes; the exit code.
    fn finish(mut self, json: bool) -> Exit {
        if !json {
            let summary = render::summary_text(
                self.games,
                self.clean,
                self.illegal,
                self.inconsistent,
                self.recording,
            );
            let _ = self.out.write_all(summary.as_bytes());
        }
        // A reader that went away is no error of ours (see `take`).
        let _ = self.out.flush();
        self.exit
    }
}
