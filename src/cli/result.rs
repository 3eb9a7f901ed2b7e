//! `arbiter result`: enters or corrects a board's result; also how a result is shown in the
//! tables (shared with `round show`) and the `--` escape the command line needs for it.

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};
use crate::store::{Entered, Store};
use crate::tournament::{ADJOURNED, PlayerId, result_codes};

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

/// A result as results tables write it (`1 - 0`, `½ - ½`, `+ - -`).
pub(super) fn shown(white: char, black: char) -> String {
    let side = |c: char| match c {
        '=' | 'D' => "½".to_owned(),
        'W' => "1".to_owned(),
        'L' => "0".to_owned(),
        ' ' => String::new(),
        other => other.to_string(),
    };
    if white == ' ' && black == ' ' {
        return String::new();
    }
    if white == ADJOURNED {
        return "adjourned".to_owned();
    }
    let unrated = if matches!(white, 'W' | 'D' | 'L') {
        " (unrated)"
    } else {
        ""
    };
    format!("{} - {}{unrated}", side(white), side(black))
}

pub fn run(db: &Path, args: &ResultArgs) -> Result<Exit, Failure> {
    let rest: Vec<&str> = std::iter::once(args.first.as_str())
        .chain(args.second.as_deref())
        .collect();
    let (board, text) = match (args.player, rest.as_slice()) {
        (Some(_), [result]) => (None, *result),
        (None, [board, result]) => {
            let board = board.parse::<u32>().map_err(|_| {
                Failure::invalid_input(format!(
                    "`{board}` is not a board number: arbiter result ROUND BOARD RESULT"
                ))
            })?;
            (Some(board), *result)
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
    let codes = result_codes(text).ok_or_else(|| {
        Failure::invalid_input(format!(
            "unknown result `{text}`: expected 1-0, 0-1, 1/2, +-, -+, --, 1-0u, 0-1u, 1/2u or * (adjourned)"
        ))
    })?;
    let mut store = Store::open(db)?;
    store.require_paired(args.round)?;
    // With --player the result is read from that player's side: as Black, `1-0` is a win
    // for Black, so the codes are turned round before they are stored White first.
    let (player, as_black) = match (args.player, board) {
        (Some(p), _) => {
            let view = store.round(args.round)?;
            let as_black = view.games.iter().any(|g| g.black.0 == p);
            (p, as_black)
        }
        (None, Some(b)) => (store.white_on_board(args.round, b)?, false),
        (None, None) => return Err(Failure::invalid_input("give a board or --player")),
    };
    let stored = if as_black { (codes.1, codes.0) } else { codes };
    let (game, entered) = store.record_result(args.round, player, stored, args.correct)?;
    let names = store.player_names()?;
    let named = |id: PlayerId| format!("{id} {}", names.get(&id).map_or("", String::as_str));
    let board_text = game.board.map_or("-".to_owned(), |b| b.to_string());
    match args.player {
        Some(_) => {
            let (me, them, colour, mine) = if as_black {
                (
                    game.black,
                    game.white,
                    "Black",
                    (game.black_code, game.white_code),
                )
            } else {
                (
                    game.white,
                    game.black,
                    "White",
                    (game.white_code, game.black_code),
                )
            };
            println!(
                "round {} board {board_text}: {} ({colour}) {} against {}",
                args.round,
                named(me),
                shown(mine.0, mine.1),
                named(them)
            );
        }
        None => println!(
            "round {} board {board_text}: {} - {}  {}",
            args.round,
            named(game.white),
            named(game.black),
            shown(game.white_code, game.black_code)
        ),
    }
    match entered {
        Entered::Result => {}
        Entered::AdjournedFinished => println!(
            "the adjourned game is finished: it counted as a draw for any pairing made meanwhile (C.04.2 3.1); this result counts in full"
        ),
        Entered::BeforeNextPairing => println!(
            "correction before the next pairing (C.04.2 4.3): it counts for the standings and the pairing of round {}",
            args.round + 1
        ),
        Entered::AfterNextPairing { paired } => println!(
            "correction after round {paired} was paired (C.04.2 4.3): the published pairing of round {paired} stands; the correction counts for the standings and the pairing of round {}",
            paired + 1
        ),
        Entered::RatingOnly => println!(
            "correction after round {} ended (C.04.2 4.3): for rating evaluation only; the tournament score and the standings stay, `export trf` carries it",
            args.round + 1
        ),
    }
    Ok(Exit::Ok)
}
