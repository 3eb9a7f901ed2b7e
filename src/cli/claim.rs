//! `arbiter claim`: judges one draw claim (threefold repetition, fifty moves), with or
//! without a written move, as Art. 9 of the Laws does.

use std::fs::File;
use std::io::BufReader;

use clap::Args;

use super::{Exit, Failure, LawsArgs};
use crate::chess::{ClaimError, Color, Ending};
use crate::render::scoresheet as render;
use crate::scoresheet::pgn::PgnReader;
use crate::scoresheet::verify::{self, Options};

#[derive(Args)]
#[command(
    about = "Judge a draw claim by the player to move (threefold repetition, fifty moves) from a scoresheet file",
    long_about = "Judge a draw claim by the player to move (threefold repetition, fifty moves), as Art. 9.2 and 9.3 of the Laws do.\n\nThe game is read from a scoresheet file (PGN or plain movetext), not from the event database: attach the file with `arbiter game attach` to keep it with the event.",
    after_help = "The moment of the claim is given either way:\n  --before 28.    before White's 28th move is played (27 moves by each player done)\n  --before 28...  before Black's 28th move is played (White's 28th done)\n  --ply 55        after 55 half-moves (the same moment as --before 28...)\n\nExit code 0 when the claim is correct, 1 when it is not (a claim made after the position became dead is void: the game had already ended, drawn, 5.2.2), 3 when there is no such moment (the record is shorter, or the game had already ended by checkmate, stalemate, fivefold repetition or 75 moves).\n\nExamples:\n  arbiter claim game.pgn --before 29.\n  arbiter claim game.pgn --ply 57 --move Nf3 --json\n  arbiter claim round3.pgn --game 4 --before 50... --laws 2014"
)]
#[group(id = "moment", required = true, multiple = false)]
pub struct ClaimArgs {
    /// The scoresheet file (PGN or plain movetext); the event database is not read.
    file: String,
    /// The claim is made after this many half-moves (ply 1 is White's first move).
    #[arg(long, group = "moment")]
    ply: Option<usize>,
    /// The claim is made before this move is played: `28.` (White's 28th) or `28...`
    /// (Black's 28th).
    #[arg(long, value_name = "MOVE", value_parser = parse_before, group = "moment")]
    before: Option<Before>,
    /// The written move, not yet played, that the claim rests on (9.2.1, 9.3.1).
    #[arg(long = "move")]
    written: Option<String>,
    /// Which game of the file (1 = the first).
    #[arg(long, default_value_t = 1)]
    game: usize,
    #[command(flatten)]
    laws: LawsArgs,
    /// Write the answer as JSON.
    #[arg(long)]
    json: bool,
}

/// A move as a scoresheet numbers it: its number and whether it is Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Before {
    number: usize,
    black: bool,
}

/// Reads `28.` (White's 28th move) or `28...` (Black's; also `28..` and `28…`).
fn parse_before(text: &str) -> Result<Before, String> {
    let expected = || {
        format!(
            "expected a move number with its dots, `28.` (before White's 28th move) or `28...` (before Black's 28th move), not `{}`",
            crate::scoresheet::pgn::quote(text)
        )
    };
    let digits = text.trim_end_matches(['.', '…']);
    let dots = &text[digits.len()..];
    let black = match dots {
        "." => false,
        ".." | "..." | "…" => true,
        _ => return Err(expected()),
    };
    match digits.parse::<usize>() {
        Ok(number) if number >= 1 && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(Before { number, black })
        }
        _ => Err(expected()),
    }
}

impl std::fmt::Display for Before {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.number, if self.black { "..." } else { "." })
    }
}

pub fn run(args: &ClaimArgs) -> Result<Exit, Failure> {
    let file = File::open(&args.file)
        .map_err(|err| Failure::io(format!("cannot read {}: {err}", args.file)))?;
    let mut found = None;
    for (index, raw) in PgnReader::new(BufReader::new(file)).enumerate() {
        let raw = raw.map_err(|err| Failure::io(format!("cannot read {}: {err}", args.file)))?;
        if index + 1 == args.game {
            found = Some(raw);
            break;
        }
    }
    let raw = found.ok_or_else(|| {
        Failure::invalid_input(format!("{} has no game {}", args.file, args.game))
    })?;
    let options = Options {
        laws: args.laws.laws,
        rate: args.laws.rate,
        claims: false,
        ..Default::default()
    };
    let (report, mut game) = verify::verify_with_game(&raw, options);
    let ply = match (args.ply, args.before) {
        (Some(ply), _) => ply,
        (None, Some(before)) => verify::ply_before(game.start(), before.number, before.black)
            .ok_or_else(|| {
                Failure::invalid_input(format!(
                    "{} game {}: there is no moment before {before}: the record starts with {}",
                    args.file,
                    args.game,
                    verify::move_label(game.start(), 1)
                ))
            })?,
        // Clap requires one of the two.
        (None, None) => 0,
    };
    let moment = match args.before {
        Some(before) => format!("before {before} (half-move {ply})"),
        None => format!("half-move {ply}"),
    };
    if let Some(ended) = report.ended.filter(|e| {
        matches!(e.ending, Ending::DeadPosition { .. })
            && ply >= e.ply
            && ply <= e.ply + report.moves_after_end
    }) {
        // A dead position ends the game at once, drawn (5.2.2): a claim made on the moves the
        // players went on writing is void. That is an answer (the claim does not stand, exit
        // 1), not a moment missing from the record.
        let before = verify::move_label(game.start(), ply + 1);
        let claimant = match verify::move_number(game.start(), ply + 1) {
            (_, true) => Color::Black,
            (_, false) => Color::White,
        };
        let claim = render::VoidClaim {
            ply,
            before: &before,
            claimant,
            written: args.written.as_deref(),
            ended,
        };
        if args.json {
            println!("{}", render::void_claim_json(&claim));
        } else {
            print!("{}", render::void_claim_text(&claim));
        }
        return Ok(Exit::No);
    }
    if let Some(ended) = report.ended.filter(|e| ply >= e.ply) {
        // Checkmate, stalemate and the other automatic endings end the game at once (5.1.1,
        // 5.2.1, 5.2.2, 9.6): after them there is no game in which to claim.
        return Err(Failure::invalid_input(format!(
            "{} game {}: no claim {}: the game ended by itself after half-move {} ({}, Art. {}), so no claim can follow",
            args.file,
            args.game,
            if args.before.is_some() {
                moment.clone()
            } else {
                format!("after half-move {ply}")
            },
            ended.ply,
            ended.ending,
            ended.article
        )));
    }
    if ply > game.plies() {
        let why = match &report.first_illegal {
            Some(illegal) => format!(
                "the record is valid only up to half-move {} (half-move {} is illegal: {})",
                game.plies(),
                illegal.ply,
                illegal.reason
            ),
            None => match report.ended {
                Some(ended) => format!(
                    "the game ended by itself after half-move {} ({}), so no claim can follow",
                    ended.ply, ended.ending
                ),
                None => match report.recording.last().filter(|r| r.chosen.is_none()) {
                    Some(fault) => format!(
                        "the record is followed only up to half-move {}: from {} on more than one reading of it stands (a recording fault)",
                        game.plies(),
                        fault.label
                    ),
                    None => format!("the record has {} half-moves", game.plies()),
                },
            },
        };
        return Err(Failure::invalid_input(format!(
            "{} game {}: no position after half-move {ply}{}: {why}",
            args.file,
            args.game,
            match args.before {
                Some(before) => format!(" (before {before})"),
                None => String::new(),
            }
        )));
    }
    while game.plies() > ply {
        game.undo();
    }
    let written = match &args.written {
        None => None,
        Some(token) => match verify::read_written_move(&game, token, report.language) {
            Ok(mv) => Some(mv),
            Err(why) => {
                let consequence = args
                    .laws
                    .laws
                    .incorrect_claim_consequence(args.laws.rate, false);
                let claimant = game.position().turn();
                if args.json {
                    println!(
                        "{}",
                        render::illegal_written_move_json(
                            ply,
                            &verify::move_label(game.start(), ply + 1),
                            claimant,
                            token,
                            &why,
                            game.position().halfmove_clock(),
                            &consequence
                        )
                    );
                } else {
                    let token = crate::scoresheet::pgn::quote(token);
                    println!(
                        "{claimant} claims a draw before {} (half-move {ply}), with the written move `{token}`",
                        verify::move_label(game.start(), ply + 1),
                    );
                    println!(
                        "the claim is incorrect: the written move `{token}` is illegal here ({why})"
                    );
                    println!("  consequence: {consequence}");
                }
                return Ok(Exit::No);
            }
        },
    };
    let judgement = game
        .judge_claim_under(ply, written, args.laws.laws)
        .map_err(|err: ClaimError| Failure::invalid_input(err.to_string()))?;
    if args.json {
        println!(
            "{}",
            render::claim_json(&game, &judgement, args.laws.laws, args.laws.rate)
        );
    } else {
        print!(
            "{}",
            render::claim_text(&game, &judgement, args.laws.laws, args.laws.rate)
        );
    }
    Ok(if judgement.is_valid() {
        Exit::Ok
    } else {
        Exit::No
    })
}
