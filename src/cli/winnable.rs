//! `arbiter winnable`: can a colour still checkmate by any series of legal moves (Art. 5.2.2,
//! 6.9)? One FEN from the command line, or a file or standard input with one FEN a line,
//! answered one position at a time as each is decided.

use std::fs::File;
use std::io::{self, BufRead, BufReader};

use clap::{Args, ValueEnum};

use super::{Exit, Failure};
use crate::chess::{Color, Position, STARTING_FEN, Verdict, winnability};
use crate::render::winnable as render;
use crate::scoresheet::text::{Lines, decode_line};

#[derive(Args)]
#[command(
    about = "Can White, Black or each still checkmate by any series of legal moves (Art. 5.2.2, 6.9)? A helpmate line as proof, or unwinnable",
    long_about = "Can White, Black or each still checkmate by any series of legal moves? This is the test of Art. 6.9 (a player whose flag falls loses, unless the opponent cannot checkmate by any series of legal moves: then the game is drawn) and of Art. 5.2.2 (a position where neither side can is dead, and the game is drawn at once).\n\nThe answer for each colour is `winnable` with a helpmate line as proof (legal moves from the position, the other side cooperating, ending in checkmate by that colour), `unwinnable` when it is proved that no such line exists, or, rarely, `undetermined` when the search budget ran out first: that position is left to the arbiter.\n\nThe question is the one the Chess Unwinnability Analyzer (CHA) asks: any series of legal moves, with the loser cooperating. The fifty- and 75-move rules and the repetition rules are not applied inside the series, so a helpmate may be long or repeat positions.\n\nA position with more material than a game can produce (a ninth queen, as in chess problems and CHA's test sets) is analysed as given: the rules of play apply to it all the same.\n\nThe helpmate is written in SAN with move numbers from the FEN's move number; --json gives it in UCI.",
    after_help = "Exit code 0 once every position is answered, whatever the verdicts; 3 when a FEN is not a legal position (with --file, after the other lines are answered); 5 when the file cannot be read.\n\nExamples:\n  arbiter winnable 'k7/8/1K6/8/8/8/7Q/8 w - - 0 1'\n  arbiter winnable 'k7/2K5/8/8/8/8/8/1R6 b - - 0 12' --for white --json\n  arbiter winnable --file timeouts.txt --json        # one FEN a line; `#` starts a comment\n  arbiter winnable --file - < positions.txt"
)]
pub struct WinnableArgs {
    /// The position as a FEN in quotes (the six fields; the last two may be left out). Its
    /// fields given as separate words are read as one FEN.
    #[arg(value_name = "FEN", conflicts_with = "file")]
    fen: Vec<String>,
    /// Read one FEN a line from this file (`-`: standard input); blank lines and everything
    /// after `#` are skipped.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
    /// The colour whose checkmate is asked about: white, black or both.
    #[arg(
        long = "for",
        value_enum,
        default_value = "both",
        value_name = "COLOUR"
    )]
    side: Side,
    /// Write JSON Lines, one object per position.
    #[arg(long)]
    json: bool,
}

/// The colours `--for` asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Side {
    White,
    Black,
    Both,
}

impl Side {
    fn colors(self) -> &'static [Color] {
        match self {
            Side::White => &[Color::White],
            Side::Black => &[Color::Black],
            Side::Both => &Color::ALL,
        }
    }
}

/// The most bytes of an input line that are kept. A FEN has fewer than 100 characters; the
/// rest of a longer line can only be a comment, and a line that is neither is refused rather
/// than held in memory whole.
const LINE_LIMIT: usize = 4096;

pub fn run(args: &WinnableArgs) -> Result<Exit, Failure> {
    match &args.file {
        Some(path) if path == "-" => answer_lines(args, "stdin", io::stdin().lock()),
        Some(path) => {
            let file = File::open(path)
                .map_err(|err| Failure::io(format!("cannot read {path}: {err}")))?;
            answer_lines(args, path, BufReader::new(file))
        }
        None if args.fen.is_empty() => Err(Failure {
            exit: Exit::Usage,
            message: "no position given".into(),
            hint: Some(format!(
                "give a FEN in quotes, such as arbiter winnable '{STARTING_FEN}', or --file FILE (`-` for standard input)"
            )),
        }),
        None => {
            let fen = args.fen.join(" ");
            let fen = fen.trim();
            let pos = Position::from_fen_with_extra_material(fen).map_err(|err| {
                Failure::invalid_input(format!("the FEN `{fen}`: {err}")).with_hint(format!(
                    "give the position's FEN in quotes, such as arbiter winnable '{STARTING_FEN}'"
                ))
            })?;
            answer(args, fen, &pos, true);
            Ok(Exit::Ok)
        }
    }
}

/// Decides the colours asked about, the fewest calls the question needs, and prints the
/// answer at once; a text block after the first is set off by a blank line.
fn answer(args: &WinnableArgs, fen: &str, pos: &Position, first: bool) {
    let answers: Vec<(Color, Verdict)> = args
        .side
        .colors()
        .iter()
        .map(|&color| (color, winnability(pos, color)))
        .collect();
    if args.json {
        println!("{}", render::winnable_json(fen, &answers));
    } else {
        if !first {
            println!();
        }
        print!("{}", render::winnable_text(fen, pos, &answers));
    }
    super::output::flush();
}

/// Answers every FEN of `input` (named `name` in messages) in order, one line at a time, so
/// that a file of any size is read in constant memory and a reader sees each answer as soon
/// as it is decided. A line that is not a legal position is said and skipped; the run goes on
/// and ends with exit 3.
fn answer_lines(args: &WinnableArgs, name: &str, input: impl BufRead) -> Result<Exit, Failure> {
    let mut lines = Lines::with_limit(input, LINE_LIMIT);
    let mut bytes = Vec::new();
    let (mut number, mut positions, mut bad) = (0, 0, 0);
    // Nothing is stored, so once the reader of the answers has gone (`| head -3`) the rest of
    // the input is left unread rather than decided for no one.
    while !super::output::stopped() {
        match lines.next_into(&mut bytes) {
            Ok(true) => {}
            Ok(false) => break,
            Err(err) => {
                return Err(Failure::io(format!(
                    "cannot read {name} after line {number}: {err}"
                )));
            }
        }
        number += 1;
        let text = decode_line(&bytes);
        // A FEN never holds `#`, so everything from it on is a comment, on a line of its own
        // or after a position.
        let (fen, comment) = match text.split_once('#') {
            Some((fen, _)) => (fen.trim(), true),
            None => (text.trim(), false),
        };
        if fen.is_empty() {
            continue;
        }
        let parsed = if lines.cut() && !comment {
            Err(format!(
                "the line is longer than {LINE_LIMIT} bytes: expected one FEN, which has fewer than 100 characters"
            ))
        } else {
            Position::from_fen_with_extra_material(fen).map_err(|err| err.to_string())
        };
        match parsed {
            Ok(pos) => {
                answer(args, fen, &pos, positions == 0);
                positions += 1;
            }
            Err(message) => {
                bad += 1;
                eprintln!("error: {name}:{number}: {message}");
                if args.json {
                    println!("{}", render::line_error_json(number, &message));
                    super::output::flush();
                }
            }
        }
    }
    if bad > 0 {
        let lines = if bad == 1 { "line" } else { "lines" };
        let answered = if positions == 1 {
            "position was answered"
        } else {
            "positions were answered"
        };
        return Err(Failure::invalid_input(format!(
            "{bad} {lines} of {name} held no legal position (named above); {positions} {answered}"
        ))
        .with_hint(
            "write one FEN a line, such as k7/8/1K6/8/8/8/7Q/8 w - - 0 1, with `#` before a comment",
        ));
    }
    if positions == 0 {
        eprintln!("warning: {name} holds no FEN");
    }
    Ok(Exit::Ok)
}
