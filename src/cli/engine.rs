//! Engine mode: TRF in, pairing out, the interface other tournament programs already use
//! (`pairing dutch FILE.trf -p OUT`), plus `pairing check` and `pairing generate`.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::{Exit, Failure};
use crate::pairing::generate::{GenerateError, GeneratorConfig, generate};
use crate::pairing::{Pairing, PairingInput, dutch};
use crate::tournament::PlayerId;
use crate::trf::Trf;

#[derive(Subcommand)]
pub enum PairingCommand {
    /// Pair the next round of a TRF by the FIDE (Dutch) System: the first line is the number
    /// of pairs, then `WHITE BLACK` per board in board order, a pairing-allocated bye as `ID 0`.
    #[command(
        after_help = "Examples:\n  arbiter pairing dutch event.trf -p\n  arbiter pairing dutch event.trf -p round5.txt\n  arbiter pairing dutch event.trf --explain"
    )]
    Dutch(DutchArgs),
    /// Re-pair every round of a TRF and list the rounds whose recorded pairing differs.
    #[command(after_help = "Example:\n  arbiter pairing check final.trf")]
    Check(CheckArgs),
    /// Generate a random tournament, every round paired by our Dutch engine; the same seed
    /// gives the same file.
    #[command(
        after_help = "Example:\n  arbiter pairing generate --players 120 --rounds 9 --seed 7 --byes 0.02 -o random.trf"
    )]
    Generate(GenerateArgs),
}

#[derive(Args)]
pub struct DutchArgs {
    file: PathBuf,
    /// Write the pairing (to OUT, or to standard output without a file name).
    #[arg(short = 'p', num_args = 0..=1, default_missing_value = "-")]
    output: Option<String>,
    /// Say why: brackets, moved-down players, downfloaters, the first criterion not met
    /// perfectly, and the colour rule of each board.
    #[arg(long)]
    explain: bool,
    /// The number of rounds of the event, for a file without `XXR` or `142` (C.04.1: the last
    /// round has its own rules); it overrides the number a file declares.
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
}

#[derive(Args)]
pub struct CheckArgs {
    file: PathBuf,
    /// The number of rounds of the event; it overrides the number the file declares. Without
    /// it, a file without `XXR` or `142` is taken to hold all its rounds (the reference
    /// engine's convention), and a note says so.
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
}

#[derive(Args)]
pub struct GenerateArgs {
    #[arg(long)]
    players: usize,
    #[arg(long)]
    rounds: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Percentage of games drawn.
    #[arg(long, default_value_t = 30)]
    draws: u32,
    /// Share of games forfeited (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    forfeits: f64,
    /// Share of players asking for a bye in a round (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    byes: f64,
    /// Share of players withdrawing in a round (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    withdrawals: f64,
    /// Share of players entering late (0 to 1).
    #[arg(long = "late-entries", default_value_t = 0.0)]
    late_entries: f64,
    /// Baku acceleration (C.04.7), written as XXA lines.
    #[arg(long)]
    baku: bool,
    #[arg(short = 'o')]
    output: PathBuf,
}

pub fn run(command: &PairingCommand) -> Result<Exit, Failure> {
    match command {
        PairingCommand::Dutch(args) => pair_file(args),
        PairingCommand::Check(args) => check(args),
        PairingCommand::Generate(args) => generate_event(args),
    }
}

fn read_trf(file: &Path) -> Result<Trf, Failure> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let (trf, warnings) = crate::trf::parse(&text)
        .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
    for warning in &warnings {
        eprintln!("warning: {shown}: {warning}");
    }
    Ok(trf)
}

/// The rounds a report holds games or byes of: the last round with a pairing in it.
fn rounds_played(trf: &Trf) -> u32 {
    trf.players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, r)| r.opponent.is_some() || r.code.eq_ignore_ascii_case(&'U'))
                .map(|(i, _)| i as u32 + 1)
        })
        .max()
        .unwrap_or(0)
}

/// The round to pair: the one after the last paired.
fn next_round(trf: &Trf) -> u32 {
    rounds_played(trf) + 1
}

/// Applies `--rounds N` to the report: it overrides the file's `XXR`/`142`, and fewer rounds
/// than the report already holds (`at_least`) cannot be.
fn apply_rounds(
    trf: &mut Trf,
    file: &Path,
    rounds: Option<u32>,
    at_least: u32,
) -> Result<(), Failure> {
    let Some(n) = rounds else {
        return Ok(());
    };
    if n == 0 {
        return Err(Failure::invalid_input(format!(
            "{}: --rounds 0: an event has at least one round",
            file.display()
        )));
    }
    if n < at_least {
        return Err(Failure::invalid_input(format!(
            "{}: --rounds {n} is fewer than the {} the file holds",
            file.display(),
            crate::render::count(at_least as usize, "round", "rounds")
        )));
    }
    if let Some(declared) = trf.rounds
        && declared != n
    {
        eprintln!(
            "note: {}: --rounds {n} overrides the {declared} rounds the file declares",
            file.display()
        );
    }
    trf.rounds = Some(n);
    Ok(())
}

/// The Baku method needs the number of rounds; said once `--rounds` has had its say.
fn warn_baku_rounds(trf: &Trf, file: &Path, round: u32) {
    if let Some(warning) = crate::pairing::baku_rounds_unknown(trf, round) {
        eprintln!("warning: {}: {warning}", file.display());
    }
}

fn engine_input(trf: &Trf, round: u32) -> Result<PairingInput, Failure> {
    PairingInput::from_trf(trf, round).map_err(|err| Failure::invalid_input(err.to_string()))
}

/// The pairing as the engines print it.
pub fn engine_text(pairing: &Pairing) -> String {
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut text = format!("{count}\n");
    for board in &pairing.boards {
        text.push_str(&format!("{} {}\n", board.white, board.black));
    }
    if let Some(bye) = pairing.bye {
        text.push_str(&format!("{bye} 0\n"));
    }
    text
}

fn pair_file(args: &DutchArgs) -> Result<Exit, Failure> {
    let mut trf = read_trf(&args.file)?;
    if trf.initial_colour.is_none() && crate::pairing::inferred_initial_colour(&trf).is_none() {
        return Err(Failure::invalid_input(format!(
            "{}: the initial colour is not given: add `XXC white1` (or black1) or a 152 record",
            args.file.display()
        )));
    }
    let round = next_round(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, round - 1)?;
    warn_baku_rounds(&trf, &args.file, round);
    if trf.rounds.is_none() {
        eprintln!(
            "warning: {}: the file gives no number of rounds (XXR or 142), which C.04.1 \
             requires: the last-round rules cannot be known, so round {round} is paired as if \
             it were not the last; say --rounds N otherwise",
            args.file.display()
        );
    }
    if let Some(rounds) = trf.rounds
        && round > rounds
    {
        return Err(Failure::invalid_input(format!(
            "{}: all {} paired",
            args.file.display(),
            crate::render::count(rounds as usize, "round is", "rounds are")
        )));
    }
    let input = engine_input(&trf, round)?;
    let (pairing, explanation) = match dutch::pair_explained(&input) {
        Ok(done) => done,
        Err(none) => {
            eprintln!("round {round}: {none}");
            return Ok(Exit::No);
        }
    };
    if args.explain {
        eprint!("{}", explain_text(round, &explanation));
    }
    let text = engine_text(&pairing);
    match args.output.as_deref() {
        Some("-") | None => print!("{text}"),
        Some(path) => std::fs::write(path, &text)
            .map_err(|err| Failure::io(format!("cannot write {path}: {err}")))?,
    }
    Ok(Exit::Ok)
}

/// The explanation as an arbiter reads it.
pub fn explain_text(round: u32, explanation: &dutch::Explanation) -> String {
    let score = |tenths: i32| crate::tournament::Points(tenths).to_string();
    let list = |ids: &[PlayerId]| {
        if ids.is_empty() {
            "-".to_owned()
        } else {
            ids.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    let mut text = format!("round {round}: brackets in pairing order\n");
    for bracket in &explanation.brackets {
        text.push_str(&format!(
            "bracket {}: residents {}; moved down {}\n",
            score(bracket.score),
            list(&bracket.residents),
            list(&bracket.moved_down)
        ));
        let pairs: Vec<String> = bracket
            .pairs
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        text.push_str(&format!(
            "  pairs {}; downfloaters {}\n",
            if pairs.is_empty() {
                "-".into()
            } else {
                pairs.join(" ")
            },
            list(&bracket.downfloaters)
        ));
        match &bracket.first_imperfect {
            Some(shortfall) => text.push_str(&format!(
                "  first criterion not met perfectly: {}{} ({} candidate{} examined)\n",
                shortfall_text(shortfall),
                if bracket.search_cut_short {
                    ""
                } else {
                    "; no candidate does better"
                },
                bracket.candidates,
                if bracket.candidates == 1 { "" } else { "s" }
            )),
            None => text.push_str("  every quality criterion met perfectly\n"),
        }
        if bracket.search_cut_short {
            text.push_str("  warning: the search stopped at its budget; this bracket may not be the rule text's answer\n");
        }
    }
    if let Some(bye) = explanation.bye_score {
        text.push_str(&format!(
            "pairing-allocated bye to a player with {} (C5: the lowest score possible)\n",
            score(bye)
        ));
    }
    for (i, board) in explanation.boards.iter().enumerate() {
        text.push_str(&format!(
            "board {}: {} - {}: colours by {}\n",
            i + 1,
            board.board.white,
            board.board.black,
            rule_text(board.rule)
        ));
    }
    text
}

/// The colour rule of C.04.3 5.2 that decided a board, as an arbiter says it.
fn rule_text(rule: dutch::ColourRule) -> &'static str {
    match rule {
        dutch::ColourRule::BothPreferences => "5.2.1 (both preferences granted)",
        dutch::ColourRule::StrongerPreference => "5.2.2 (the stronger preference)",
        dutch::ColourRule::Alternation => "5.2.3 (alternation from the last different colours)",
        dutch::ColourRule::HigherRankedPreference => {
            "5.2.4 (the higher-ranked player's preference)"
        }
        dutch::ColourRule::InitialColour => "5.2.5 (pairing number and the initial colour)",
    }
}

/// The pairing a report records for `round`.
fn recorded(trf: &Trf, round: u32) -> Pairing {
    let index = round as usize - 1;
    let mut pairing = Pairing::default();
    for p in &trf.players {
        let Some(r) = p.rounds.get(index) else {
            continue;
        };
        match (r.opponent, r.colour.to_ascii_lowercase()) {
            (Some(opponent), 'w') => pairing.boards.push(crate::pairing::Board {
                white: p.player.id,
                black: opponent,
            }),
            // A forfeit written without colours: count the pair once.
            (Some(opponent), c) if c != 'b' && p.player.id < opponent => {
                pairing.boards.push(crate::pairing::Board {
                    white: p.player.id,
                    black: opponent,
                })
            }
            (None, _) if r.code.eq_ignore_ascii_case(&'U') => pairing.bye = Some(p.player.id),
            _ => {}
        }
    }
    pairing
}

/// What differs between two pairings of a round, as lines.
fn differences(ours: &Pairing, theirs: &Pairing) -> Vec<String> {
    let mut lines = Vec::new();
    let key = |b: &crate::pairing::Board| (b.white.min(b.black), b.white.max(b.black));
    for b in &theirs.boards {
        match ours.boards.iter().find(|o| key(o) == key(b)) {
            None => lines.push(format!(
                "recorded {}-{} is not in our pairing",
                b.white, b.black
            )),
            Some(o) if o.white != b.white => lines.push(format!(
                "recorded {}-{} has the colours the other way round ({}-{} here)",
                b.white, b.black, o.white, o.black
            )),
            _ => {}
        }
    }
    for o in &ours.boards {
        if !theirs.boards.iter().any(|b| key(b) == key(o)) {
            lines.push(format!(
                "we pair {}-{}, which is not recorded",
                o.white, o.black
            ));
        }
    }
    if ours.bye != theirs.bye {
        let shown = |b: Option<PlayerId>| b.map_or("nobody".to_owned(), |p| p.to_string());
        lines.push(format!(
            "pairing-allocated bye: recorded {}, ours {}",
            shown(theirs.bye),
            shown(ours.bye)
        ));
    }
    lines
}

fn check(args: &CheckArgs) -> Result<Exit, Failure> {
    let mut trf = read_trf(&args.file)?;
    let played = rounds_played(&trf);
    apply_rounds(&mut trf, &args.file, args.rounds, played)?;
    warn_baku_rounds(&trf, &args.file, played);
    if trf.rounds.is_none() && played > 0 {
        // The reference engine's convention: a report without the number of rounds holds
        // them all, so its last round is paired with the last-round rules.
        eprintln!(
            "note: {}: the file gives no number of rounds (XXR or 142): taking the {} \
             recorded as all; say --rounds N otherwise",
            args.file.display(),
            crate::render::count(played as usize, "round", "rounds")
        );
        trf.rounds = Some(played);
    }
    let mut differing = 0;
    for round in 1..=played {
        let input = engine_input(&trf, round)?;
        let theirs = recorded(&trf, round);
        match dutch::pair(&input) {
            Ok(ours) => {
                let lines = differences(&ours, &theirs);
                if lines.is_empty() {
                    continue;
                }
                differing += 1;
                println!("round {round}: differs");
                for line in lines {
                    println!("  {line}");
                }
            }
            Err(none) => {
                differing += 1;
                println!("round {round}: {none}");
            }
        }
    }
    if differing == 0 {
        println!(
            "{} re-paired: no difference",
            crate::render::count(played as usize, "round", "rounds")
        );
        Ok(Exit::Ok)
    } else {
        println!("{differing} of {played} rounds differ");
        Ok(Exit::No)
    }
}

fn generate_event(args: &GenerateArgs) -> Result<Exit, Failure> {
    let config = GeneratorConfig {
        players: args.players,
        rounds: args.rounds,
        seed: args.seed,
        draw_percent: args.draws,
        forfeit_rate: args.forfeits,
        bye_rate: args.byes,
        withdrawal_rate: args.withdrawals,
        late_entry_rate: args.late_entries,
        baku: args.baku,
    };
    let mut pair = crate::pairing::generate::pair_dutch;
    let write = |trf: &Trf| {
        std::fs::write(&args.output, crate::trf::write(trf))
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", args.output.display())))
    };
    let trf = match generate(&config, &mut pair) {
        Ok(trf) => trf,
        // The rounds made are a report of their own: written, and the answer is "no".
        Err(GenerateError::Pairer {
            round,
            message,
            partial,
        }) => {
            write(&partial)?;
            let made = match round {
                1 => "no round".to_owned(),
                2 => "round 1".to_owned(),
                _ => format!("rounds 1-{}", round - 1),
            };
            eprintln!(
                "round {round} could not be paired: {message}; {} written with {made}",
                args.output.display()
            );
            return Ok(Exit::No);
        }
        Err(e) => return Err(Failure::invalid_input(e.to_string())),
    };
    write(&trf)?;
    println!(
        "{}, {}, seed {}: {}",
        crate::render::count(args.players, "player", "players"),
        crate::render::count(args.rounds as usize, "round", "rounds"),
        args.seed,
        args.output.display()
    );
    Ok(Exit::Ok)
}

/// A shortfall in words: what the criterion measures, the chosen candidate's value and the
/// value a perfect candidate would have.
fn shortfall_text(s: &dutch::Shortfall) -> String {
    let score = |tenths: i32| crate::tournament::Points(tenths).to_string();
    let scores = |v: &[i32]| -> String {
        let shown: Vec<String> = v.iter().map(|&x| score(x)).collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(", ")
        }
    };
    let diffs = |v: &[i32]| -> String {
        let shown: Vec<String> = v
            .iter()
            .filter(|&&x| x != i32::MIN)
            .map(|&x| {
                if x >= dutch::UNPAIRED {
                    "unpaired".to_owned()
                } else {
                    score(x)
                }
            })
            .collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(", ")
        }
    };
    let first = |v: &[i32]| v.first().copied().unwrap_or(0);
    let count = |what: &str| {
        format!(
            "{what}: {} (perfect: {})",
            first(&s.chosen),
            first(&s.ideal)
        )
    };
    let detail = match s.criterion {
        "C7" => format!(
            "downfloaters' scores {} (perfect: {})",
            scores(&s.chosen),
            scores(&s.ideal)
        ),
        "C8" => {
            // The pairs (negated), then the downfloaters' scores padded to the places
            // there are: as many as the players not paired.
            let next = |v: &[i32]| {
                let pairs = -first(v);
                let floating =
                    (v.len().saturating_sub(1)).saturating_sub(2 * pairs.max(0) as usize);
                let shown: Vec<i32> = v.iter().skip(1).take(floating).copied().collect();
                format!(
                    "{} {pairs}, downfloaters {}",
                    if pairs == 1 { "pair" } else { "pairs" },
                    scores(&shown)
                )
            };
            format!(
                "the next bracket gets {} (perfect: {})",
                next(&s.chosen),
                next(&s.ideal)
            )
        }
        "C9" => count("unplayed games of the bye's recipient"),
        "C10" => count("topscorers or opponents with a colour difference beyond 2"),
        "C11" => count("topscorers or opponents with one colour three times running"),
        "C12" => count("players without their colour preference"),
        "C13" => count("players without their strong colour preference"),
        "C14" => count("resident downfloaters who floated down last round"),
        "C15" => count("MDP opponents who floated up last round"),
        "C16" => count("resident downfloaters who floated down two rounds ago"),
        "C17" => count("MDP opponents who floated up two rounds ago"),
        "C18" | "C19" | "C20" | "C21" => {
            let who = match s.criterion {
                "C18" => "MDPs who floated down last round",
                "C19" => "MDP opponents who floated up last round",
                "C20" => "MDPs who floated down two rounds ago",
                _ => "MDP opponents who floated up two rounds ago",
            };
            format!(
                "score differences of {who}: {} (perfect: {})",
                diffs(&s.chosen),
                diffs(&s.ideal)
            )
        }
        _ => String::new(),
    };
    format!("{} ({detail})", s.criterion)
}
