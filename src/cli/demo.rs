//! `arbiter demo`: the main job end to end on the embedded default. A 7-round Dutch Swiss in a
//! database of its own: a field registered from the fixtures, every round paired by our
//! engine, seeded random results (with a requested bye, a forfeit and a withdrawal),
//! scoresheets checked and attached, standings, and the published site.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use super::{Exit, Failure};
use crate::event::pair::{PairNote, PairRequest, pair_next_round};
use crate::pairing::generate::SplitMix64;
use crate::store::Store;
use crate::tournament::{PlayerId, ResultCode};

/// The field: forty fictional players made for the demo.
const PLAYERS: &str = include_str!("../../fixtures/demo/players.csv");
/// Scoresheets with something to find: a clean game, an illegal move, a mate on the 75th
/// move, moves after stalemate with a wrong result.
const SCORESHEETS: &str = include_str!("../../fixtures/scoresheets/findings.pgn");
/// Marks a directory as the demo's own, so that a second run may reuse it.
const MARKER: &str = ".arbiter-demo";
const ROUNDS: u32 = 7;
const SEED: u64 = 2026;

#[derive(Args)]
#[command(
    about = "Run a whole event end to end in a directory of its own: register, pair 7 rounds, enter results, check scoresheets, publish",
    after_help = "Example:\n  arbiter demo --out arbiter-demo"
)]
pub struct DemoArgs {
    /// Where everything goes (refused if it holds anything the demo did not make).
    #[arg(long, default_value = "arbiter-demo")]
    out: PathBuf,
}

fn prepare(dir: &Path) -> Result<(), Failure> {
    if dir.exists() {
        let entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| Failure::io(format!("cannot read {}: {e}", dir.display())))?
            .collect();
        let ours = dir.join(MARKER).exists();
        if !entries.is_empty() && !ours {
            return Err(Failure::io(format!(
                "{} holds files the demo did not make; choose another --out",
                dir.display()
            )));
        }
        if ours {
            for name in ["demo.db", "demo.db-wal", "demo.db-shm"] {
                let _ = std::fs::remove_file(dir.join(name));
            }
            let _ = std::fs::remove_dir_all(dir.join("site"));
        }
    }
    std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::write(dir.join(MARKER), "made by `arbiter demo`\n"))
        .map_err(|e| Failure::io(format!("cannot write {}: {e}", dir.display())))
}

/// A result drawn from the Elo expectancy (the FIDE B.02 logistic curve is not
/// needed here: this only has to look like chess), a third of the decisive-looking games
/// drawn.
fn result(rng: &mut SplitMix64, white: Option<u16>, black: Option<u16>) -> ResultCode {
    let diff = f64::from(white.unwrap_or(1500)) - f64::from(black.unwrap_or(1500)) + 35.0;
    let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
    let roll = rng.below(1000) as f64 / 1000.0;
    if roll < 0.3 {
        ResultCode::Draw
    } else if (roll - 0.3) / 0.7 < expected {
        ResultCode::WhiteWins
    } else {
        ResultCode::BlackWins
    }
}

pub fn run(args: &DemoArgs) -> Result<Exit, Failure> {
    let started = Instant::now();
    let dir = &args.out;
    prepare(dir)?;
    let db = dir.join("demo.db");
    let settings: Vec<(&str, String)> = vec![
        ("rounds", ROUNDS.to_string()),
        ("start", "2026-07-01".into()),
        ("end", "2026-07-05".into()),
        ("city", "Oslo".into()),
        ("federation", "NOR".into()),
        ("arbiter", "Hansen, Kari".into()),
        ("time-control", "90+30".into()),
        ("tiebreaks", "BH/C1,BH,SB,DE".into()),
    ];
    let mut store = Store::create(&db, "Arbiter Demo Open 2026", &settings)?;
    println!(
        "created {} (its own database; tournament.db is not touched)",
        db.display()
    );
    let (players, _) = crate::tournament::csv_players::players_from_csv(PLAYERS)
        .map_err(|e| Failure::invalid_input(format!("fixtures/demo/players.csv: {e}")))?;
    store.add_players(&players, "fixtures/demo/players.csv")?;
    println!(
        "registered {} players, numbered by rating, title and name (C.04.2)",
        players.len()
    );
    let ratings: std::collections::HashMap<PlayerId, Option<u16>> = store
        .players()?
        .into_iter()
        .map(|p| (p.id, p.rating))
        .collect();
    let colour = store.draw_initial_colour(SEED)?;
    println!("initial colour drawn by lot with seed {SEED}: {colour}");
    let mut rng = SplitMix64::new(SEED);
    for round in 1..=ROUNDS {
        // The events a director meets: a requested bye, a withdrawal, a forfeit.
        if round == 3 {
            store.request_bye(17, 3, 'H')?;
            println!("round 3: player 17 asked for a half-point bye");
        }
        if round == 5 {
            store.set_withdrawn(31, Some(5))?;
            println!("round 5: player 31 withdrew");
        }
        // The same path as `arbiter pair --seed 2026`: the initial colour is drawn above,
        // so nothing more is drawn here.
        let request = PairRequest {
            seed: Some(SEED),
            default_seed: SEED,
            ..PairRequest::default()
        };
        let outcome = pair_next_round(&mut store, &request).map_err(|e| Failure::from(e.error))?;
        let Some(paired) = outcome.paired else {
            let reason = outcome
                .notes
                .iter()
                .find_map(|note| match note {
                    PairNote::NoPairing { reason, .. } => Some(reason.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            return Err(Failure {
                exit: Exit::No,
                message: format!("round {round}: {reason}"),
                hint: None,
            });
        };
        let pairing = paired.pairing;
        let boards: Vec<(PlayerId, PlayerId)> =
            pairing.boards.iter().map(|b| (b.white, b.black)).collect();
        let mut results = Vec::new();
        for (i, &(white, black)) in boards.iter().enumerate() {
            let code = if round == 4 && i == 2 {
                ResultCode::WhiteWinsByForfeit
            } else {
                result(&mut rng, ratings[&white], ratings[&black])
            };
            results.push((round, white.0, code.codes()));
        }
        store
            .enter_results(&results, false, "demo")
            .map_err(|(_, e)| Failure::from(e))?;
        println!(
            "round {round}: {} boards paired by the Dutch system{}, results entered{}",
            boards.len(),
            pairing
                .bye
                .map(|p| format!(", bye to {p}"))
                .unwrap_or_default(),
            if round == 4 {
                " (board 3 a forfeit)"
            } else {
                ""
            }
        );
    }
    // Scoresheets: checked by the rules engine, attached to the last round's top boards.
    // One game per piece: the file's games start with their `[Event` tag.
    let games: Vec<String> = SCORESHEETS
        .split("\n\n[Event")
        .enumerate()
        .map(|(i, g)| {
            if i == 0 {
                g.to_owned()
            } else {
                format!("[Event{g}")
            }
        })
        .collect();
    let options = crate::scoresheet::verify::Options {
        laws: crate::chess::Laws::default(),
        rate: crate::chess::Rate::default(),
        claims: false,
        ..Default::default()
    };
    let last = store.round(ROUNDS)?;
    for (i, text) in games.iter().enumerate().take(last.games.len()) {
        let Some(raw) = crate::scoresheet::pgn::read_games(text).into_iter().next() else {
            continue;
        };
        let report = crate::scoresheet::verify::verify(&raw, options);
        let game = last.games[i];
        store.attach_game(
            ROUNDS,
            game.white.0,
            game.black.0,
            text,
            "fixtures/scoresheets/findings.pgn",
        )?;
        let verdict = match (&report.first_illegal, report.result_consistent) {
            (Some(illegal), _) => format!(
                "illegal move {} ({}): {}",
                illegal.label, illegal.token, illegal.reason
            ),
            (None, false) => format!(
                "result does not fit: {}",
                report.result_note.clone().unwrap_or_default()
            ),
            (None, true) => "legal, result fits".to_owned(),
        };
        println!("scoresheet for round {ROUNDS} board {}: {verdict}", i + 1);
    }
    let site = dir.join("site");
    let files = crate::event::publish::publish_site(&store, &site, None, &mut |note| {
        eprintln!("note: {note}")
    })?
    .written;
    println!(
        "published {} files to {}; open {} in a browser",
        files.len(),
        site.display(),
        site.join("index.html").display()
    );
    println!(
        "done in {:.1} s; look further with `arbiter --db {} standings` or `... log`",
        started.elapsed().as_secs_f64(),
        db.display()
    );
    Ok(Exit::Ok)
}
