//! `arbiter claim`: judges one draw claim (threefold repetition, fifty moves), with or
//! without a written move, as Art. 9 of the Laws does.

use std::fs::File;
use std::io::BufReader;

use clap::Args;

use super::{Exit, Failure, LawsArgs};
use crate::chess::ClaimError;
use crate::render::scoresheet as render;
use crate::scoresheet::pgn::PgnReader;
use crate::scoresheet::verify::{self, Options};

#[derive(Args)]
#[command(
    about = "Judge a draw claim by the player to move after N half-moves (threefold repetition, fifty moves)",
    after_help = "Exit code 0 when the claim is correct, 1 when it is not.\n\nExamples:\n  arbiter claim game.pgn --ply 57\n  arbiter claim game.pgn --ply 57 --move Nf3 --json\n  arbiter claim round3.pgn --game 4 --ply 100 --laws 2014"
)]
pub struct ClaimArgs {
    /// The scoresheet (PGN or plain movetext).
    file: String,
    /// The claim is made after this many half-moves (ply 1 is White's first move).
    #[arg(long)]
    ply: usize,
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
    };
    let (report, mut game) = verify::verify_with_game(&raw, options);
    if args.ply > game.plies() {
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
                None => format!("the record has {} half-moves", game.plies()),
            },
        };
        return Err(Failure::invalid_input(format!(
            "{} game {}: no position after half-move {}: {why}",
            args.file, args.game, args.ply
        )));
    }
    while game.plies() > args.ply {
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
                            args.ply,
                            claimant,
                            token,
                            &why,
                            game.position().halfmove_clock(),
                            &consequence
                        )
                    );
                } else {
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
        .judge_claim(args.ply, written)
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
