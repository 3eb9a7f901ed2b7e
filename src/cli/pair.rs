//! `arbiter pair`: pairs the next round of the event (Dutch or Berger, as the event says),
//! stores it in one transaction and only then prints the board list and who is not paired
//! and why; `--manual` takes the arbiter's own pairing (in a Swiss possibly only some boards,
//! the engine pairing the others around them), checks it and shows the engine's beside it.

use std::path::{Path, PathBuf};

use clap::Args;

use super::clock_seed;
use super::pairing::explain_text;
use super::{Exit, Failure};
use crate::pairing::berger::RoundRobin;
use crate::pairing::{Board, Pairing, PairingInput, checker, dutch};
use crate::store::{Store, initial_colour_by_lot};
use crate::tournament::PlayerId;
use crate::tournament::settings::PairingSystem;

#[derive(Args)]
#[command(
    about = "Pair the next round (Dutch or Berger, as the event says) and store it",
    after_help = "Examples:\n  arbiter pair --dry-run --explain\n  arbiter pair\n  arbiter pair --manual \"1-5,6-2,3-7,8-4,9-0\"   (9-0: the pairing-allocated bye)\n  arbiter pair --manual \"1-5\"                   (board 1 fixed; the engine pairs the rest)"
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
    /// pairing-allocated bye. In a Swiss the boards may be only some of the round's: the
    /// engine pairs the other players around them.
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
    let settings = store.event_settings()?;
    let planned = settings.rounds;
    let system = settings.system;
    let players = store.players()?;
    if players.len() < 2 {
        return Err(Failure {
            exit: Exit::Database,
            message: "an event needs at least two players to pair".into(),
            hint: Some("`arbiter player add NAME` registers a player".into()),
        });
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    // A malformed manual pairing is invalid input whatever the state of the event.
    let manual = manual_pairing(args)?;
    // A round is paired on complete results only; refusing here, before anything is drawn or
    // computed, keeps a refused `pair` from printing a pairing that is not stored.
    if round > 1 {
        let missing = store
            .round(round - 1)?
            .games
            .iter()
            .filter(|g| g.white_code == ' ')
            .count();
        if missing > 0 {
            return Err(refused(format!(
                "round {} still has {} without a result; enter {} before pairing round {round}",
                round - 1,
                crate::render::count(missing, "game", "games"),
                if missing == 1 { "it" } else { "them" }
            ))
            .with_hint(format!(
                "`arbiter round show {}` lists them; `arbiter result {} BOARD RESULT` enters one",
                round - 1,
                round - 1
            )));
        }
    }
    let mut drawn_colour = None;
    // A dry run of round 1 draws nothing, but with `--seed` it shows the colours that seed
    // would draw, so that the dry run and `pair --seed S` give the same boards; without a
    // seed the colours it shows are only one of the two the lot can give, and it says so.
    let mut colour_note = None;
    if round == 1
        && args.dry_run
        && system == PairingSystem::Dutch
        && store.setting("initial-colour")? == "lots"
    {
        match args.seed {
            Some(seed) => {
                let colour = initial_colour_by_lot(seed);
                drawn_colour = Some(colour);
                colour_note = Some(format!(
                    "initial colour as seed {seed} would draw it: {colour} (dry run: not drawn)"
                ));
            }
            None => {
                colour_note = Some(
                    "the initial colour is drawn by lot when round 1 is paired, so the colours shown may be reversed; `--seed S` shows what a seed draws"
                        .to_owned(),
                )
            }
        }
    }
    if round == 1 && !args.dry_run {
        // What the rules draw by lot before round 1 is drawn now, seeded and logged, unless
        // the director has drawn it already. A round robin's colours come from the Berger
        // table (C.05 Annex 1), so only a Swiss draws the initial colour.
        // The colour is drawn here and stored with the pairing, in its transaction.
        if system == PairingSystem::Dutch && store.setting("initial-colour")? == "lots" {
            drawn_colour = Some(initial_colour_by_lot(seed));
        }
        let drawn = store.log()?.iter().any(|e| e.command == "player draw-lots");
        if system != PairingSystem::Dutch && numbering_is_lots(&store)? && !drawn {
            store.draw_lots(seed)?;
            println!("pairing numbers drawn by lot (seed {seed})");
        }
    }
    let mut table_rounds = None;
    // With a partial manual pairing: how many boards the arbiter gave (the engine paired the
    // rest).
    let mut kept: Option<usize> = None;
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
            let mut input = dutch_input(&store, round)?;
            if let Some(colour) = drawn_colour {
                input.initial_colour = colour;
            }
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
            let (pairing, known, rounds) = berger_round(&store, system, round, players.len())?;
            table_rounds = Some(rounds);
            (pairing, known, None)
        }
    };
    let (pairing, how) = match manual {
        None => (engine.clone(), "pair"),
        Some(manual) => {
            let mut input = dutch_input(&store, round)?;
            if let Some(colour) = drawn_colour {
                input.initial_colour = colour;
            }
            // In a Swiss the arbiter may fix some boards (a top board, players who must
            // leave early...) and let the engine pair everyone else around them.
            let manual = if system == PairingSystem::Dutch {
                let (manual, completed) = complete_manual(&input, manual)?;
                kept = completed;
                manual
            } else {
                manual
            };
            let violations = checker::check(&input, &manual);
            // A number the event does not have is a typing error, not a pairing to force.
            if let Some(checker::Violation::UnknownPlayer(p)) = violations
                .iter()
                .find(|v| matches!(v, checker::Violation::UnknownPlayer(_)))
            {
                return Err(Failure::invalid_input(format!(
                    "--manual: there is no player {p}; `arbiter player list` shows the numbers"
                )));
            }
            for v in &violations {
                eprintln!("{}: {v}", if v.is_absolute() { "refused" } else { "note" });
            }
            if violations.iter().any(|v| v.is_absolute()) && !args.force {
                return Err(refused(
                    "the manual pairing breaks an absolute criterion; --force stores it anyway (logged)"
                        .into(),
                ));
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
    // Who is left out, and why, as the store holds it before the round is saved.
    let absent = absentees(&store, round, &pairing)?;
    if !args.dry_run {
        let boards: Vec<(PlayerId, PlayerId)> =
            pairing.boards.iter().map(|b| (b.white, b.black)).collect();
        store.save_pairing_and_rounds(
            round,
            &boards,
            pairing.bye,
            &known,
            how,
            table_rounds,
            drawn_colour.map(|c| (seed, c)),
        )?;
    }
    // Printed only now: a pairing the store refused is never shown as if it were the round.
    match (&colour_note, drawn_colour) {
        (Some(note), _) => println!("{note}"),
        (None, Some(colour)) => println!("initial colour drawn by lot (seed {seed}): {colour}"),
        (None, None) => {}
    }
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
    if let Some(kept) = kept {
        let total = pairing.boards.len();
        println!(
            "kept as given: {}; paired by the engine around them: {}{}",
            board_range(1, kept),
            board_range(kept + 1, total),
            if pairing.bye.is_some() {
                " and the bye"
            } else {
                ""
            }
        );
    }
    print_absentees(&store, &absent)?;
    if how != "pair" && !engine.boards.is_empty() && engine != pairing {
        println!("the engine would have paired:");
        print_boards(&store, &engine)?;
    }
    Ok(Exit::Ok)
}

/// Completes a manual pairing that leaves available players without a board: the given
/// boards (and bye) are kept as they are, and the Dutch engine pairs the players left, with
/// every absolute criterion, as if the kept players were not in the round. Returns the whole
/// pairing (the kept boards first, in the order given) and, when the engine added boards or
/// the bye, how many boards were kept.
fn complete_manual(
    input: &PairingInput,
    manual: Pairing,
) -> Result<(Pairing, Option<usize>), Failure> {
    let named: std::collections::HashSet<PlayerId> = manual
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(manual.bye)
        .collect();
    let left = input
        .players
        .iter()
        .filter(|p| p.available && !named.contains(&p.id))
        .count();
    if left == 0 {
        return Ok((manual, None));
    }
    let mut rest = input.clone();
    for player in &mut rest.players {
        if named.contains(&player.id) {
            player.available = false;
        }
    }
    if manual.bye.is_some() && left % 2 == 1 {
        return Err(refused(format!(
            "the bye is given (N-0) but {left} players are left without a board, an odd number: one of them would need a second bye"
        ))
        .with_hint("give one more board, or leave the bye out and let the engine choose it"));
    }
    let engine = dutch::pair(&rest).map_err(|none| {
        refused(format!(
            "the engine cannot pair the {left} players left around the given boards: {none}"
        ))
        .with_hint("give more boards, or the whole pairing, with --manual")
    })?;
    let kept = manual.boards.len();
    let mut whole = manual;
    whole.boards.extend(engine.boards);
    whole.bye = whole.bye.or(engine.bye);
    Ok((whole, Some(kept)))
}

/// `board 1`, `boards 1-3`, or `no board`.
fn board_range(first: usize, last: usize) -> String {
    match last.cmp(&first) {
        std::cmp::Ordering::Less => "no board".to_owned(),
        std::cmp::Ordering::Equal => format!("board {first}"),
        std::cmp::Ordering::Greater => format!("boards {first}-{last}"),
    }
}

/// Why a player has no board in the round being paired.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Absence {
    /// A bye the player asked for (`H`, `Z` or `F`).
    Requested(char),
    /// Withdrawn from this round on.
    Withdrawn(u32),
    /// Not on any board and not the bye.
    NotPaired,
}

/// The registered players without a board or the pairing-allocated bye in `round`, with the
/// reason the store gives for each.
fn absentees(
    store: &Store,
    round: u32,
    pairing: &Pairing,
) -> Result<Vec<(PlayerId, Absence)>, Failure> {
    let paired: std::collections::HashSet<PlayerId> = pairing
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(pairing.bye)
        .collect();
    let requested: std::collections::HashMap<PlayerId, char> =
        store.round(round)?.unpaired.into_iter().collect();
    let withdrawn = store.withdrawals()?;
    let mut absent = Vec::new();
    for player in store.players()? {
        if paired.contains(&player.id) {
            continue;
        }
        let why = match (requested.get(&player.id), withdrawn.get(&player.id.0)) {
            (Some(&code), _) if code != ' ' => Absence::Requested(code),
            (_, Some(&from)) if from <= round => Absence::Withdrawn(from),
            _ => Absence::NotPaired,
        };
        absent.push((player.id, why));
    }
    Ok(absent)
}

fn print_absentees(store: &Store, absent: &[(PlayerId, Absence)]) -> Result<(), Failure> {
    if absent.is_empty() {
        return Ok(());
    }
    let names = store.player_names()?;
    println!("not paired:");
    for (id, why) in absent {
        let why = match why {
            Absence::Requested('H') => "half-point bye (requested)".to_owned(),
            Absence::Requested('F') => "full-point bye (requested)".to_owned(),
            Absence::Requested(_) => "zero-point bye (known absence)".to_owned(),
            Absence::Withdrawn(from) => format!("withdrawn from round {from}"),
            Absence::NotPaired => "absent: not on any board".to_owned(),
        };
        println!(
            "{:>5}  {:>4} {:<28}   {why}",
            "",
            id,
            names.get(id).map_or("", String::as_str)
        );
    }
    Ok(())
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
        // A bye requested for a later round belongs to that round only: its column must not
        // make the rounds between read as absences (blank) in the round being paired.
        player.rounds.truncate(round as usize);
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

/// A round of the Berger table, with the number of rounds of the whole table. A withdrawn
/// player's games stand as forfeits when the event lets results stand; when they are
/// annulled, the opponent has no game that round. In an odd field the table's free round is
/// returned as the pairing's `bye` and stored with the TRF code `U` ("player unpaired by the
/// system"; TRF16 lists the "odd-number bye" among the byes): in a round robin it is never a
/// pairing-allocated bye, and it is worth `points-free-round` (none by default).
fn berger_round(
    store: &Store,
    system: PairingSystem,
    round: u32,
    players: usize,
) -> Result<(Pairing, KnownResults, u32), Failure> {
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
    let mut pairing = Pairing {
        bye: scheduled
            .free
            .filter(|&n| !gone(n))
            .map(|n| PlayerId(n as u16)),
        ..Pairing::default()
    };
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
    Ok((pairing, known, table.rounds()))
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
    let names = store.player_names()?;
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
            "{:>5}  {:>4} {}   {}",
            "",
            bye,
            fit(&name(bye), width),
            unpaired_label(store, 'U')?
        );
    }
    Ok(())
}

/// What a `U` is in this event: the pairing-allocated bye of a Swiss, or the free round of a
/// round robin's odd field, which is neither an absence nor a pairing-allocated bye.
pub fn unpaired_label(store: &Store, code: char) -> Result<&'static str, Failure> {
    let round_robin = store.setting("system")? != "dutch";
    Ok(match code {
        'U' if round_robin => "free round (odd field: no game)",
        'U' => "pairing-allocated bye",
        'H' => "half-point bye",
        'F' => "full-point bye",
        'Z' => "zero-point bye",
        // Without an opponent, older files and lichess write `0000 - +` for a bye won and
        // `     - -` for an absence (TRF: a requested absence), never a forfeit: a forfeit
        // has its scheduled opponent.
        '+' => "full-point bye",
        _ => "absent",
    })
}
