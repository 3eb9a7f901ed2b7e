//! `arbiter result`: enters or corrects a board's result (the use case is
//! `event::result`), and the `--` escape the command line needs for it.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::chess::Color;
use crate::event::result::{GameBy, ResultEntry};
use crate::store::Store;
use crate::tournament::ResultCode;
use crate::tournament::result_code::shown_codes;

#[derive(Args)]
#[command(
    about = "Enter a result by board or by player; --correct changes one already entered (logged)",
    after_help = "Results: 1-0, 0-1, 1/2 (also ½-½ or =), +- and -+ (forfeits), -- (double forfeit),\n1-0u 0-1u 1/2u (a game shorter than one move: not rated), * (adjourned: a draw for pairing,\npending in the standings; enter the final result later without --correct).\nBy board the result is from White's side; with --player, from that player's side.\n\nA correction counts by when it is reported (C.04.2 4.3): before the next round is paired,\nfor the standings and that pairing; after it is paired but before that round ends, for the\nstandings and the pairing after it (the published pairing stands); later, for the rating\nreport only (the tournament score stands).\n\nExamples:\n  arbiter result 3 12 1-0\n  arbiter result 3 12 -+\n  arbiter result 3 --player 27 1/2\n  arbiter result 3 12 0-1 --correct"
)]
pub struct ResultArgs {
    round: u32,
    /// The board (or, with --player, the result).
    #[arg(value_name = "BOARD", allow_hyphen_values = true)]
    first: String,
    /// The result, from White's side.
    #[arg(value_name = "RESULT", allow_hyphen_values = true)]
    second: Option<String>,
    /// Find the game by one of its players instead of the board; the result is then read
    /// from that player's side.
    #[arg(long)]
    player: Option<u16>,
    #[arg(long)]
    correct: bool,
}

/// The command line with `--` kept as a value of `result`: the double forfeit is written
/// `--`, which the parser would otherwise take for the end of the options. `result` takes
/// no file names or free text, so it needs no such escape.
pub fn result_values(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    // The subcommand is the first argument that is not the program, `--db` or its value.
    let mut i = 1;
    while i < args.len() {
        match args[i].to_str() {
            Some("--db") => i += 2,
            Some(arg) if arg.starts_with("--db=") => i += 1,
            _ => break,
        }
    }
    if args.get(i).and_then(|a| a.to_str()) != Some("result") {
        return args;
    }
    args.into_iter()
        .enumerate()
        .map(|(k, a)| {
            if k > i && a == "--" {
                std::ffi::OsString::from("-/-")
            } else {
                a
            }
        })
        .collect()
}

pub fn run(db: &Path, args: &ResultArgs) -> Result<Exit, Failure> {
    let rest: Vec<&str> = std::iter::once(args.first.as_str())
        .chain(args.second.as_deref())
        .collect();
    let (game, text) = match (args.player, rest.as_slice()) {
        (Some(p), [result]) => (GameBy::Player(p), *result),
        (None, [board, result]) => {
            let board = board.parse::<u32>().map_err(|_| {
                Failure::invalid_input(format!(
                    "`{board}` is not a board number: arbiter result ROUND BOARD RESULT"
                ))
            })?;
            (GameBy::Board(board), *result)
        }
        (Some(_), _) => {
            return Err(Failure::invalid_input(
                "with --player give only the result: arbiter result ROUND --player N RESULT",
            ));
        }
        (None, _) => {
            return Err(Failure::invalid_input(
                "give the board and the result: arbiter result ROUND BOARD RESULT",
            ));
        }
    };
    let result = ResultCode::from_text(text).ok_or_else(|| {
        Failure::invalid_input(format!(
            "unknown result `{text}`: expected 1-0, 0-1, 1/2, +-, -+, --, 1-0u, 0-1u, 1/2u or * (adjourned)"
        ))
    })?;
    let mut store = Store::open(db)?;
    let done = crate::event::result::enter(
        &mut store,
        &ResultEntry {
            round: args.round,
            game,
            result,
            correct: args.correct,
        },
    )?;
    let game = &done.game;
    let white = format!("{} {}", game.white, done.white_name);
    let black = format!("{} {}", game.black, done.black_name);
    let board_text = game.board.map_or("-".to_owned(), |b| b.to_string());
    match done.side {
        Some(Color::Black) => println!(
            "round {} board {board_text}: {black} (Black) {} against {white}",
            args.round,
            shown_codes(game.black_code, game.white_code),
        ),
        Some(Color::White) => println!(
            "round {} board {board_text}: {white} (White) {} against {black}",
            args.round,
            shown_codes(game.white_code, game.black_code),
        ),
        None => println!(
            "round {} board {board_text}: {white} - {black}  {}",
            args.round,
            shown_codes(game.white_code, game.black_code)
        ),
    }
    if let Some(note) = done.note() {
        println!("{note}");
    }
    Ok(Exit::Ok)
}
