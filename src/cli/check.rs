//! `arbiter check`: verifies scoresheets (PGN or hand-typed movetext) against the Laws.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, IsTerminal, StdoutLock, Write};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, mpsc};
use std::thread;

use clap::Args;

use super::{Exit, Failure, LawsArgs};
use crate::render::scoresheet as render;
use crate::scoresheet::pgn::{PgnReader, Problem, RawGame};
use crate::scoresheet::verify::{self, Options, Report, VERIFIED_TAGS};

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
    let stdout = std::io::stdout();
    let eager = stdout.is_terminal();
    let mut tally = Tally::new(stdout.lock(), eager, args.json);
    let jobs = args.jobs.map_or_else(default_jobs, NonZeroUsize::get);
    let mut games = Games::new(&args.files);
    let open = if jobs <= 1 {
        // One thread: each report is written straight into the output before the next game
        // is read. The spent game goes back to the reader, which reads the next one into its
        // lists, and one report is filled for every game, keeping the room of its strings.
        let mut open = true;
        let mut report = Report::default();
        while let Some((path, raw)) = games.next() {
            verify::verify_into(&raw, options, &mut report);
            open = tally.take_report(path, &report);
            games.recycle(raw);
            if !open {
                break;
            }
        }
        open
    } else {
        let check = |path, raw: &RawGame| Checked::new(path, raw, options, args.json);
        in_parallel(&mut games, jobs, &check, &mut tally)
    };
    if !open {
        return Ok(tally.exit);
    }
    let file_errors = games.errors;
    let exit = tally.finish();
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

impl Games<'_> {
    /// Hands a game that was read back to the reader of its file, for its lists (see
    /// [`PgnReader::recycle`]); once that file is done, the game is simply dropped.
    fn recycle(&mut self, game: RawGame) {
        if let Some((_, reader)) = &mut self.current {
            reader.recycle(game);
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
                    // Nothing a check reports comes from a comment, and an online game
                    // carries a clock reading after every move: they are read past, not kept.
                    // Of the tags, only those the verification reads are kept.
                    let reader = PgnReader::new(reader)
                        .ignoring_comments()
                        .keeping_tags(&VERIFIED_TAGS)
                        .reading_notations();
                    self.current = Some((path, reader));
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
    check: &(impl Fn(&'a str, &RawGame) -> Checked<'a> + Sync),
    tally: &mut Tally<'a>,
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

/// What the summary and the exit code need of one game's report.
#[derive(Clone, Copy)]
struct Verdict {
    clean: bool,
    recording: bool,
    illegal: bool,
    inconsistent: bool,
}

impl Verdict {
    fn of(report: &Report) -> Verdict {
        Verdict {
            clean: report.is_clean(),
            recording: !report.recording.is_empty(),
            illegal: report.first_illegal.is_some(),
            inconsistent: !report.result_consistent,
        }
    }
}

/// Appends one game's report to `out`: its line of JSON or its text.
fn render_report(out: &mut String, path: &str, report: &Report, json: bool) {
    if json {
        render::push_report_json(out, path, report);
        out.push('\n');
    } else {
        render::push_report_text(out, path, report);
    }
}

/// One game's report, rendered by a worker thread, with what the summary and the exit code
/// need.
struct Checked<'a> {
    path: &'a str,
    text: String,
    problems: Vec<Problem>,
    verdict: Verdict,
}

impl<'a> Checked<'a> {
    fn new(path: &'a str, raw: &RawGame, options: Options, json: bool) -> Checked<'a> {
        let report = verify::verify(raw, options);
        let mut text = String::with_capacity(REPORT_BYTES);
        render_report(&mut text, path, &report, json);
        Checked {
            path,
            text,
            verdict: Verdict::of(&report),
            problems: report.problems,
        }
    }
}

/// The room taken for one rendered report: most real games' fit.
const REPORT_BYTES: usize = 1024;

/// Output is written out once this much has gathered (unless written to a terminal).
/// Written to a file or a pipe, reports are gathered into larger writes: one system call per
/// line was a tenth of the time of a check of real games.
const WRITE_BYTES: usize = 1 << 16;

/// The counts of the summary, the exit code so far, and the output.
struct Tally<'a> {
    out: StdoutLock<'static>,
    /// Reports rendered and not yet written out: whole reports, in order.
    pending: String,
    /// Written to a terminal, each report shows as soon as it is checked.
    eager: bool,
    json: bool,
    /// The file being read and the writer of its JSON lines.
    report_json: Option<(&'a str, render::ReportJson)>,
    exit: Exit,
    games: usize,
    clean: usize,
    illegal: usize,
    inconsistent: usize,
    recording: usize,
}

impl<'a> Tally<'a> {
    fn new(out: StdoutLock<'static>, eager: bool, json: bool) -> Tally<'a> {
        Tally {
            out,
            pending: String::with_capacity(WRITE_BYTES + REPORT_BYTES),
            eager,
            json,
            report_json: None,
            exit: Exit::Ok,
            games: 0,
            clean: 0,
            illegal: 0,
            inconsistent: 0,
            recording: 0,
        }
    }

    /// Counts and writes one report; `false` when the reader of our output went away.
    fn take_report(&mut self, path: &'a str, report: &Report) -> bool {
        if !self.count(path, Verdict::of(report), &report.problems) {
            return false;
        }
        if self.json {
            // The start of the line, with the file's name, is written once for all its games
            // (which all have the same path, the same string).
            let lines = match self.report_json.take() {
                Some((file, lines)) if std::ptr::eq(file, path) || file == path => lines,
                _ => render::ReportJson::new(path),
            };
            lines.push(&mut self.pending, report);
            self.pending.push('\n');
            self.report_json = Some((path, lines));
        } else {
            render::push_report_text(&mut self.pending, path, report);
        }
        self.write_out()
    }

    /// [`Tally::take_report`] for a report rendered by a worker.
    fn take(&mut self, checked: Checked) -> bool {
        if !self.count(checked.path, checked.verdict, &checked.problems) {
            return false;
        }
        self.pending.push_str(&checked.text);
        self.write_out()
    }

    /// Counts one game and says its unreadable text on stderr; `false` when the reader of our
    /// output went away.
    fn count(&mut self, path: &str, verdict: Verdict, problems: &[Problem]) -> bool {
        self.games += 1;
        // A recording fault alone is said, like a remark, but answers no "no": the moves on
        // the board were legal (exit 0).
        if !verdict.clean {
            self.exit = self.exit.max(Exit::No);
        } else if !verdict.recording {
            self.clean += 1;
        }
        self.recording += usize::from(verdict.recording);
        self.illegal += usize::from(verdict.illegal);
        self.inconsistent += usize::from(verdict.inconsistent);
        if problems.is_empty() {
            return true;
        }
        // Anything said on stderr first writes out what came before it, so a log of both
        // streams keeps their order.
        if !self.flush() {
            return false;
        }
        for problem in problems {
            eprintln!(
                "error: {}:{}:{}: {}",
                path, problem.span.line, problem.span.column, problem.message
            );
            self.exit = self.exit.max(Exit::InvalidInput);
        }
        true
    }

    /// Writes out the pending reports if enough have gathered; `false` when the reader of our
    /// output went away.
    fn write_out(&mut self) -> bool {
        if self.eager || self.pending.len() >= WRITE_BYTES {
            self.flush()
        } else {
            true
        }
    }

    /// Writes out every pending report; `false` when the reader of our output went away (a
    /// closed pipe: we stop quietly).
    fn flush(&mut self) -> bool {
        let written =
            self.pending.is_empty() || self.out.write_all(self.pending.as_bytes()).is_ok();
        self.pending.clear();
        written && self.out.flush().is_ok()
    }

    /// Writes the summary (text output only) and the rest of the output; the exit code.
    fn finish(mut self) -> Exit {
        if !self.json {
            let summary = render::summary_text(
                self.games,
                self.clean,
                self.illegal,
                self.inconsistent,
                self.recording,
            );
            self.pending.push_str(&summary);
        }
        // A reader that went away is no error of ours (see `flush`).
        self.flush();
        self.exit
    }
}
