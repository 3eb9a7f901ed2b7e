//! `arbiter pair`: pairs the next round of the event (Dutch or Berger, as the event says),
//! stores it in one transaction and prints the board list; `--manual` takes the arbiter's
//! own pairing, checks it and shows the engine's beside it.

use std::path::{Path, PathBuf};

use clap::Args;

use super::engine::explain_text;
use super::event::clock_seed;
use super::{Exit, Failure};
use crate::pairing::berger::RoundRobin;
use crate::pairing::{Board, Pairing, PairingInput, checker, dutch};
use crate::store::Store;
use crate::tournament::PlayerId;
use crate::tournament::settings::PairingSystem;

#[derive(Args)]
#[command(
    about = "Pair the next round (Dutch or Berger, as the event says) and store it",
    after_help = "Examples:\n  arbiter pair --dry-run --explain\n  arbiter pair\n  arbiter pair --manual \"1-5,6-2,3-7,8-4,9-0\"   (9-0: the pairing-allocated bye)"
)]
pub struct PairArgs {
    /// Show the pairing without storing it.
    #[arg(long = "dry-run")]
    dry_run: bool,
    /// Say why (Dutch): brackets, moved-down players, downfloaters, the first criterion not
    /// met perfectly, the colour rule of each board.
    #[arg(long)]
    explain: bool,
    /// The arbiter's own pairing: `WHITE-BLACK` per board, comma-separated; `N-0` is the
    /// pairing-allocated bye.
    #[arg(long, conflicts_with = "manual_file")]
    manual: Option<String>,
    /// The same, from a file (commas or new lines between boards).
    #[arg(long = "manual-file")]
    manual_file: Option<PathBuf>,
    /// Store a manual pairing that breaks an absolute criterion (logged as a manual
    /// intervention).
    #[arg(long)]
    force: bool,
    /// The seed for what round 1 draws by lot (initial colour, round-robin numbers); logged.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(db: &Path, args: &PairArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let round = store.rounds_started()? + 1;
    let planned: Option<u32> = store.setting("rounds")?.parse().ok();
    let system =
        PairingSystem::from_setting(&store.setting("system")?).unwrap_or(PairingSystem::Dutch);
    let players = store.players()?;
    if players.len() < 2 {
        return Err(Failure {
            exit: Exit::Database,
            message: "an event needs at least two players to pair".into(),
            hint: Some("`arbiter player add NAME` registers a player".into()),
        });
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    if round == 1 && !args.dry_run {
        // What the rules draw by lot before round 1 is drawn now, seeded and logged, unless
        // the director has drawn it already.
        if store.setting("initial-colour")? == "lots" {
            let colour = store.draw_initial_colour(seed)?;
            println!("initial colour drawn by lot (seed {seed}): {colour}");
        }
        let drawn = store.log()?.iter().any(|e| e.command == "player draw-lots");
        if system != PairingSystem::Dutch && numbering_is_lots(&store)? && !drawn {
            store.draw_lots(seed)?;
            println!("pairing numbers drawn by lot (seed {seed})");
        }
    }
    let (engine, known, explanation) = match system {
        PairingSystem::Dutch => {
            if let Some(rounds) = planned
                && round > rounds
            {
                return Err(refused(format!(
                    "all {} paired",
                    crate::render::count(rounds as usize, "round is", "rounds are")
                )));
            }
            let input = dutch_input(&store, round)?;
            match dutch::pair_explained(&input) {
                Ok((pairing, explanation)) => {
                    (pairing, Vec::new(), Some(explain_text(round, &explanation)))
                }
                Err(none) => {
                    eprintln!("round {round}: {none}");
                    eprintln!(
                        "the Chief Arbiter decides (C.04.3 1.9.3): `arbiter pair --manual` stores a pairing of your own"
                    );
                    if args.manual.is_none() && args.manual_file.is_none() {
                        return Ok(Exit::No);
                    }
                    (Pairing::default(), Vec::new(), None)
                }
            }
        }
        PairingSystem::Berger | PairingSystem::DoubleBerger => {
            let (pairing, known) = berger_round(&store, system, round, players.len())?;
            (pairing, known, None)
        }
    };
    let manual = manual_pairing(args)?;
    let (pairing, how) = match manual {
        None => (engine.clone(), "pair"),
        Some(manual) => {
            let input = dutch_input(&store, round)?;
            let violations = checker::check(&input, &manual);
            for v in &violations {
                eprintln!("{}: {v}", if v.is_absolute() { "refused" } else { "note" });
            }
            if violations.iter().any(|v| v.is_absolute()) && !args.force {
                return Err(refused(
                    "the manual pairing breaks an absolute criterion; --force stores it anyway (logged)"
                        .into(),
                ));
            }
            if !engine.boards.is_empty() {
                println!("the engine would pair:");
                print_boards(&store, &engine)?;
            }
            (
                manual,
                if args.force {
                    "pair --manual --force"
                } else {
                    "pair --manual"
                },
            )
        }
    };
    if args.explain
        && let Some(text) = &explanation
    {
        print!("{text}");
    }
    println!(
        "round {round}{}",
        if args.dry_run {
            " (dry run: not stored)"
        } else {
            ""
        }
    );
    print_boards(&store, &pairing)?;
    if args.dry_run {
        return Ok(Exit::Ok);
    }
    let boards: Vec<(PlayerId, PlayerId)> =
        pairing.boards.iter().map(|b| (b.white, b.black)).collect();
    store.save_pairing_with_results(round, &boards, pairing.bye, &known, how)?;
    Ok(Exit::Ok)
}

fn refused(message: String) -> Failure {
    Failure {
        exit: Exit::Database,
        message,
        hint: None,
    }
}

fn numbering_is_lots(store: &Store) -> Result<bool, Failure> {
    Ok(match store.setting("pairing-numbers")?.as_str() {
        "lots" => true,
        "auto" => store.setting("system")? != "dutch",
        _ => false,
    })
}

/// The event as the Dutch engine reads it: the report before `round`, with withdrawn players
/// marked absent in the round to pair.
pub fn dutch_input(store: &Store, round: u32) -> Result<PairingInput, Failure> {
    let mut trf = store.to_trf()?;
    let withdrawn = store.withdrawals()?;
    for player in &mut trf.players {
        let gone = withdrawn
            .get(&player.player.id.0)
            .is_some_and(|&from| from <= round);
        while player.rounds.len() < round as usize {
            player.rounds.push(crate::trf::TrfRound {
                opponent: None,
                colour: '-',
                code: ' ',
            });
        }
        let slot = &mut player.rounds[round as usize - 1];
        if gone && slot.opponent.is_none() {
            slot.code = 'Z';
        }
    }
    // Only requested byes may stand in the round to pair; a blank there is "present".
    for player in &mut trf.players {
        if player.rounds.len() == round as usize && player.rounds[round as usize - 1].code == ' ' {
            player.rounds.pop();
        }
    }
    PairingInput::from_trf(&trf, round).map_err(|e| Failure::invalid_input(e.to_string()))
}

/// Results known when a round is paired: (board index, (White's code, Black's code)).
type KnownResults = Vec<(usize, (char, char))>;

/// A round of the Berger table. A withdrawn player's games stand as forfeits when the event
/// lets results stand; when they are annulled, the opponent has a free round.
fn berger_round(
    store: &Store,
    system: PairingSystem,
    round: u32,
    players: usize,
) -> Result<(Pairing, KnownResults), Failure> {
    let cycles = if system == PairingSystem::DoubleBerger {
        2
    } else {
        1
    };
    let table = RoundRobin::new(players, cycles).map_err(|e| refused(e.to_string()))?;
    if round > table.rounds() {
        return Err(refused(format!(
            "all {} paired",
            crate::render::count(table.rounds() as usize, "round is", "rounds are")
        )));
    }
    let scheduled = table.round(round).map_err(|e| refused(e.to_string()))?;
    let withdrawn = store.withdrawals()?;
    let gone = |n: usize| {
        withdrawn
            .get(&(n as u16))
            .is_some_and(|&from| from <= round)
    };
    let annul = store.setting("withdrawal-games")? == "annul";
    let mut pairing = Pairing::default();
    let mut known = Vec::new();
    for board in &scheduled.boards {
        let (w, b) = (board.white, board.black);
        if annul && (gone(w) || gone(b)) {
            continue;
        }
        let codes = match (gone(w), gone(b)) {
            (true, true) => Some(('-', '-')),
            (true, false) => Some(('-', '+')),
            (false, true) => Some(('+', '-')),
            (false, false) => None,
        };
        if let Some(codes) = codes {
            known.push((pairing.boards.len(), codes));
        }
        pairing.boards.push(Board {
            white: PlayerId(w as u16),
            black: PlayerId(b as u16),
        });
    }
    Ok((pairing, known))
}

fn manual_pairing(args: &PairArgs) -> Result<Option<Pairing>, Failure> {
    let text = match (&args.manual, &args.manual_file) {
        (Some(text), _) => text.clone(),
        (None, Some(file)) => std::fs::read_to_string(file)
            .map_err(|err| Failure::io(format!("cannot read {}: {err}", file.display())))?,
        (None, None) => return Ok(None),
    };
    let mut pairing = Pairing::default();
    for (i, item) in text
        .split([',', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .enumerate()
    {
        let bad = || {
            Failure::invalid_input(format!(
                "--manual board {}: `{item}` is not WHITE-BLACK (e.g. 12-7, or 9-0 for the bye)",
                i + 1
            ))
        };
        let (w, b) = item.split_once('-').ok_or_else(bad)?;
        let w: u16 = w.trim().parse().map_err(|_| bad())?;
        let b: u16 = b.trim().parse().map_err(|_| bad())?;
        match (w, b) {
            (0, _) => return Err(bad()),
            (w, 0) => {
                if pairing.bye.replace(PlayerId(w)).is_some() {
                    return Err(Failure::invalid_input(
                        "--manual gives more than one pairing-allocated bye",
                    ));
                }
            }
            (w, b) => pairing.boards.push(Board {
                white: PlayerId(w),
                black: PlayerId(b),
            }),
        }
    }
    Ok(Some(pairing))
}

fn print_boards(store: &Store, pairing: &Pairing) -> Result<(), Failure> {
    let names: std::collections::HashMap<PlayerId, String> = store
        .players()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    let shown: Vec<String> = pairing
        .boards
        .iter()
        .map(|b| name(b.white))
        .chain(pairing.bye.map(name))
        .collect();
    let width = crate::render::text::name_width(shown.iter().map(String::as_str), 28);
    let fit = crate::render::text::fit;
    for (i, board) in pairing.boards.iter().enumerate() {
        println!(
            "{:>5}  {:>4} {} - {:>4} {}",
            i + 1,
            board.white,
            fit(&name(board.white), width),
            board.black,
            name(board.black)
        );
    }
    if let Some(bye) = pairing.bye {
        println!(
            "{:>5}  {:>4} {}   pairing-allocated bye",
            "",
            bye,
            fit(&name(bye), width)
        );
    }
    Ok(())
}
