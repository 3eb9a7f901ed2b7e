//! The command line: the only user of clap. Each command parses its arguments, reads what it
//! needs, calls the library to compute, and prints; nothing below this module prints.
//!
//! One file per command (cargo's `commands/`), named after it: `new.rs`, `player.rs`,
//! `result.rs`, `crosstable.rs`, ...; engine mode (`arbiter pairing dutch|check|generate`) is
//! under `pairing/`. The director's commands each open the database, make their change in one
//! transaction (the store sees to it) and print the outcome. This file holds the command table,
//! the exit codes and `Failure`.

// First, so that its printing macros replace the standard ones in every command module.
#[macro_use]
mod output;
mod bye;
mod check;
mod claim;
mod config;
mod crosstable;
mod demo;
mod export;
mod forbid;
mod game;
mod import;
mod log;
mod new;
mod norms;
mod pair;
mod pairing;
mod perft;
mod player;
mod publish;
mod rating;
mod ratings;
mod result;
mod round;
mod standings;
mod unpair;
mod winnable;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::chess::{Laws, Rate};
use crate::store::StoreError;

/// The exit codes every command shares (see the README).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Done; the answer is "yes" (or there was no question).
    Ok = 0,
    /// Done, and the answer is "no" (an illegal move, an invalid claim, ...).
    No = 1,
    /// Usage error: unknown command or flag (clap reports these itself).
    Usage = 2,
    /// Invalid input content: the message says where and what was expected.
    InvalidInput = 3,
    /// The database refused the operation; nothing changed.
    Database = 4,
    /// A file could not be read or written.
    Io = 5,
}

/// A command that could not do its job: the message for stderr and the exit code.
#[derive(Debug)]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
    /// What the user can do next, printed on a line of its own.
    pub hint: Option<String>,
}

impl Failure {
    pub fn invalid_input(message: impl fmt::Display) -> Failure {
        Failure {
            exit: Exit::InvalidInput,
            message: message.to_string(),
            hint: None,
        }
    }

    /// A file that could not be read or written (exit 5).
    pub fn io(message: impl fmt::Display) -> Failure {
        Failure {
            exit: Exit::Io,
            message: message.to_string(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Failure {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Failure {
        let exit = match err {
            StoreError::Invalid(_)
            | StoreError::NoSuchPlayer(_)
            | StoreError::RoundNotPaired { .. } => Exit::InvalidInput,
            _ => Exit::Database,
        };
        Failure {
            exit,
            message: err.to_string(),
            hint: None,
        }
    }
}

/// Reads a `--format` value into its enum. The command does it, not clap, at the point where
/// it always checked the value, so that an unknown format stays invalid input (exit 3) naming
/// the formats, after whatever the command says before it.
fn format_value<T: clap::ValueEnum>(text: &str) -> Result<T, Failure> {
    T::from_str(text, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|v| v.get_name().to_owned())
            .collect();
        let listed = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        };
        Failure::invalid_input(format!("--format `{text}`: expected {listed}"))
    })
}

impl From<crate::event::EventError> for Failure {
    fn from(err: crate::event::EventError) -> Failure {
        use crate::event::EventError;
        match err {
            EventError::Store(err) => err.into(),
            EventError::Invalid { message, hint } => Failure {
                exit: Exit::InvalidInput,
                message,
                hint,
            },
            EventError::Refused { message, hint } => Failure {
                exit: Exit::Database,
                message,
                hint,
            },
            EventError::Io(message) => Failure::io(message),
        }
    }
}

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Chess tournament arbiter: FIDE rules engine, scoresheet checks, pairings and standings",
    after_help = "A director's round cycle (the event is tournament.db, or --db FILE):\n  arbiter new 'Oslo Open 2026' --rounds 9 --start 2026-07-01 --city Oslo --federation NOR\n  arbiter import players entries.csv          # or: arbiter player add 'Carlsen, Magnus' --rating 2830\n  arbiter pair                                # pair the next round\n  arbiter round show 1                        # the boards\n  arbiter result 1 1 1-0                      # round, board, result; one per board\n  arbiter standings                           # says provisional while a result is missing\n  arbiter publish site/                       # the web site; then pair the next round\n\nAn arbiter's checks (files, not the database):\n  arbiter check games.pgn\n  arbiter claim game.pgn --ply 57 --move Nf3\n  arbiter winnable 'k7/8/1K6/8/8/8/7Q/8 w - - 0 1'   # can each side still checkmate?\n  arbiter perft 5 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'"
)]
pub struct Cli {
    /// The tournament database (else $ARBITER_DB, else tournament.db).
    #[arg(long, global = true)]
    db: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    New(Box<new::NewArgs>),
    Config(config::ConfigArgs),
    /// Register and list players.
    #[command(subcommand)]
    Player(player::PlayerCommand),
    Bye(bye::ByeArgs),
    Result(result::ResultArgs),
    Unpair(unpair::UnpairArgs),
    /// Game scores: attach a PGN to a board.
    #[command(subcommand)]
    Game(game::GameCommand),
    /// Show a round's boards.
    #[command(subcommand)]
    Round(round::RoundCommand),
    Forbid(forbid::ForbidArgs),
    Pair(pair::PairArgs),
    Standings(standings::StandingsArgs),
    Rating(rating::RatingArgs),
    Norms(norms::NormsArgs),
    Crosstable(crosstable::CrosstableArgs),
    Publish(publish::PublishArgs),
    /// Engine mode: pair a TRF file, re-check a finished event, generate random events.
    #[command(subcommand)]
    Pairing(pairing::PairingCommand),
    Log(log::LogArgs),
    /// Read players or a whole event from a file.
    #[command(subcommand)]
    Import(import::ImportCommand),
    /// Write the event to a file.
    #[command(subcommand)]
    Export(export::ExportCommand),
    /// The FIDE rating list: import it, check the registered players against it.
    #[command(subcommand)]
    Ratings(ratings::RatingsCommand),
    Check(check::CheckArgs),
    Claim(claim::ClaimArgs),
    Perft(perft::PerftArgs),
    Winnable(winnable::WinnableArgs),
    Demo(demo::DemoArgs),
}

/// The edition of the Laws and the rate of play, shared by the arbiter's commands.
#[derive(Args)]
pub struct LawsArgs {
    /// Edition of the FIDE Laws of Chess: 2023, 2018, 2017, 2014, 2009 or 2001.
    #[arg(long, default_value = "2023", value_parser = parse_laws)]
    laws: Laws,
    /// Rate of play, which changes the penalties: standard, rapid or blitz.
    #[arg(long, default_value = "standard", value_parser = parse_rate)]
    rate: Rate,
}

fn parse_laws(text: &str) -> Result<Laws, String> {
    text.parse()
        .map_err(|e: crate::chess::ParseLawsError| e.to_string())
}

fn parse_rate(text: &str) -> Result<Rate, String> {
    text.parse()
        .map_err(|e: crate::chess::ParseRateError| e.to_string())
}

/// The database file: `--db`, else `$ARBITER_DB`, else `tournament.db` here.
pub fn database_path(flag: Option<&Path>) -> PathBuf {
    flag.map(Path::to_path_buf)
        .or_else(|| std::env::var_os("ARBITER_DB").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("tournament.db"))
}

/// A seed for a drawing of lots when the director gives none: the clock's nanoseconds. It is
/// printed and logged, so the draw can still be repeated.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Parses the command line, runs the command and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse_from(result::result_values(std::env::args_os().collect()));
    let db = database_path(cli.db.as_deref());
    let result = match &cli.command {
        Command::New(args) => new::run(&db, args),
        Command::Config(args) => config::run(&db, args),
        Command::Player(command) => player::run(&db, command),
        Command::Bye(args) => bye::run(&db, args),
        Command::Result(args) => result::run(&db, args),
        Command::Unpair(args) => unpair::run(&db, args),
        Command::Game(command) => game::run(&db, command),
        Command::Round(command) => round::run(&db, command),
        Command::Forbid(args) => forbid::run(&db, args),
        Command::Pair(args) => pair::run(&db, args),
        Command::Standings(args) => standings::run(&db, args),
        Command::Rating(args) => rating::run(&db, args),
        Command::Norms(args) => norms::run(&db, args),
        Command::Crosstable(args) => crosstable::run(&db, args),
        Command::Publish(args) => publish::run(&db, args),
        Command::Pairing(command) => pairing::run(command),
        Command::Log(args) => log::run(&db, args),
        Command::Import(command) => import::run(&db, command),
        Command::Export(command) => export::run(&db, command),
        Command::Ratings(command) => ratings::run(&db, command),
        Command::Check(args) => check::run(args),
        Command::Claim(args) => claim::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Winnable(args) => winnable::run(args),
        Command::Demo(args) => demo::run(args),
    };
    // Output lost to anything but a reader that went away is a failure of its own.
    let result = match (result, output::finish()) {
        (Ok(_), Err(message)) => Err(Failure::io(message)),
        (result, _) => result,
    };
    match result {
        Ok(exit) => ExitCode::from(exit as u8),
        Err(failure) => {
            eprintln!("error: {failure}");
            if let Some(hint) = &failure.hint {
                eprintln!("hint: {hint}");
            }
            ExitCode::from(failure.exit as u8)
        }
    }
}
