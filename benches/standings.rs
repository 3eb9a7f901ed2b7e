//! Standings and publishing on a large open: 5,000 players, 11 rounds. Targets: the
//! standings with six tie-breaks in under 200 ms, the whole site (`arbiter publish`: the
//! standings after every round, every page, the downloads) in under 3 s. Three groups:
//! `standings` (one table, with every player's working, as `arbiter standings` makes it),
//! `site` (the standings after every round and every page, in memory: the CPU's share of
//! publishing) and `publish` (the command itself, database to folder, run as a process).
//! Run with `cargo bench --bench standings`.
//!
//! The event is built here rather than paired by the Dutch engine, which would take long at
//! this size and which the standings and the site do not depend on: each round pairs the
//! players in score order with the next one not yet met, and results are drawn by a seeded
//! generator from the rating difference. A few players ask for half-point byes, a few games
//! are forfeited, and an odd round count gets a pairing-allocated bye, so that the unplayed
//! rounds of Art. 16 are exercised.

use std::collections::HashSet;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use arbiter::pairing::generate::SplitMix64;
use arbiter::render::site::{EventInfo, SiteGame, SiteInput, SiteRound, site_pages};
use arbiter::standings::{Edition, EventResults, Options, parse_list, standings};
use arbiter::store::Store;
use arbiter::tournament::Player;
use criterion::{Criterion, criterion_group, criterion_main};

const PLAYERS: usize = 5_000;
const ROUNDS: usize = 11;
const TIEBREAKS: &str = "BH/C1,BH,SB,DE,WIN,ARO";

/// One player's round in TRF terms: opponent (0 for none), colour, result code.
#[derive(Clone, Copy)]
struct Slot {
    opponent: usize,
    colour: char,
    code: char,
}

/// The event as a TRF-2026 report: start date, rounds, the tie-break list, and one line per
/// player numbered in rating order.
fn event_trf(players: usize, rounds: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    // Ratings fall with the number, so the numbers are the starting order.
    let rating = |p: usize| 2800 - (p * 1800 / players) as i64;
    let mut score = vec![0i64; players]; // in half-points
    let mut whites = vec![0i64; players];
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    let mut table: Vec<Vec<Slot>> = vec![Vec::with_capacity(rounds); players];
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..players).collect();
        order.sort_by_key(|&p| (-score[p], p));
        // About one player in 200 asks for a half-point bye.
        let mut waiting = Vec::with_capacity(players);
        for p in order {
            if rng.below(200) == 0 {
                table[p].push(Slot {
                    opponent: 0,
                    colour: '-',
                    code: 'H',
                });
                score[p] += 1;
            } else {
                waiting.push(p);
            }
        }
        if waiting.len() % 2 == 1 {
            let p = waiting.pop().expect("a player");
            table[p].push(Slot {
                opponent: 0,
                colour: '-',
                code: 'U',
            });
            score[p] += 2;
        }
        let mut paired = vec![false; waiting.len()];
        for i in 0..waiting.len() {
            if paired[i] {
                continue;
            }
            let a = waiting[i];
            // The next player not yet met, within a window; else simply the next one.
            let candidates = (i + 1..waiting.len()).filter(|&j| !paired[j]);
            let j = candidates
                .clone()
                .take(60)
                .find(|&j| !met.contains(&(a.min(waiting[j]), a.max(waiting[j]))))
                .or_else(|| candidates.clone().next())
                .expect("an even number of players to pair");
            let b = waiting[j];
            paired[i] = true;
            paired[j] = true;
            met.insert((a.min(b), a.max(b)));
            let (white, black) = if whites[a] <= whites[b] {
                (a, b)
            } else {
                (b, a)
            };
            whites[white] += 1;
            // White's expected score from the rating difference, in thousandths, as a line
            // through the middle of the logistic curve: only the spread matters here.
            let diff = rating(white) - rating(black) + 35;
            let expected = (500 + diff * 5 / 4).clamp(50, 950) as u64;
            let (w, b) = if rng.below(300) == 0 {
                if rng.below(2) == 0 {
                    ('+', '-')
                } else {
                    ('-', '+')
                }
            } else if rng.below(1000) < 300 {
                ('=', '=')
            } else if rng.below(1000) < expected {
                ('1', '0')
            } else {
                ('0', '1')
            };
            let points = |c: char| match c {
                '1' | '+' => 2,
                '=' => 1,
                _ => 0,
            };
            score[white] += points(w);
            score[black] += points(b);
            table[white].push(Slot {
                opponent: black + 1,
                colour: 'w',
                code: w,
            });
            table[black].push(Slot {
                opponent: white + 1,
                colour: 'b',
                code: b,
            });
        }
    }
    let mut text = format!(
        "012 Bench Open 5000\n042 2026/07/01\n052 2026/07/11\n142 {rounds}\n202 {TIEBREAKS}\n"
    );
    for (p, slots) in table.iter().enumerate() {
        let id = p + 1;
        let mut line = format!(
            "001 {id:>4} m    {:<33} {:>4} NOR {:>11} {:<10} {:>4} {:>4}",
            format!("Player{id:05}, Test"),
            rating(p),
            1_000_000 + id,
            "",
            format!("{}.{}", score[p] / 2, if score[p] % 2 == 1 { 5 } else { 0 }),
            ""
        );
        for s in slots {
            if s.opponent == 0 {
                line.push_str(&format!("  0000 - {}", s.code));
            } else {
                line.push_str(&format!("  {:>4} {} {}", s.opponent, s.colour, s.code));
            }
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn bench(c: &mut Criterion) {
    let trf_text = event_trf(PLAYERS, ROUNDS, 2026);
    let (trf, _) = arbiter::trf::parse(&trf_text).expect("the generated report reads");
    let tiebreaks = parse_list(TIEBREAKS).expect("the list parses");

    let mut group = c.benchmark_group("standings");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    let event = EventResults::from_trf(&trf);
    let options = Options::new(Edition::Y2026);
    group.bench_function("5,000 players, 11 rounds, BH/C1 BH SB DE WIN ARO", |b| {
        b.iter(|| {
            standings(black_box(&event), &tiebreaks, &options)
                .expect("standings")
                .rows
                .len()
        })
    });
    group.finish();

    // The site in memory, without the database or the disk: the standings after every round
    // and every page rendered, as `arbiter publish` does between reading and writing.
    let players: Vec<Player> = trf.players.iter().map(|p| p.player.clone()).collect();
    let rounds: Vec<SiteRound> = (0..ROUNDS)
        .map(|r| {
            let mut round = SiteRound::default();
            for p in &trf.players {
                let entry = p.rounds[r];
                match (entry.opponent, entry.colour) {
                    // Each game once, from White's line.
                    (Some(_), 'b') => {}
                    (Some(black), _) => {
                        let theirs = trf.players[usize::from(black.0) - 1].rounds[r];
                        round.games.push(SiteGame {
                            board: None,
                            white: p.player.id,
                            black,
                            white_code: entry.code,
                            black_code: theirs.code,
                        });
                    }
                    (None, _) => round.unpaired.push((p.player.id, entry.code)),
                }
            }
            for (board, game) in round.games.iter_mut().enumerate() {
                game.board = Some(board as u32 + 1);
            }
            round
        })
        .collect();
    let downloads = vec![("tournament.trf".to_owned(), "the report".to_owned())];
    // The site shows the tables, not the workings behind them, as `arbiter publish` asks.
    let site_options = Options {
        explain: false,
        ..options
    };
    let mut group = c.benchmark_group("site");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function(
        "standings after every round and every page, in memory",
        |b| {
            b.iter(|| {
                let tables: Vec<_> = (0..=ROUNDS as u32)
                    .map(|r| {
                        standings(&event.clone().up_to_round(r), &tiebreaks, &site_options)
                            .expect("standings")
                    })
                    .collect();
                let input = SiteInput {
                    event: EventInfo {
                        name: "Bench Open 5000".to_owned(),
                        ..EventInfo::default()
                    },
                    players: &players,
                    rounds: &rounds,
                    standings: &tables,
                    planned: Some(ROUNDS as u32),
                    round_robin: false,
                    generated: "2026-07-11 20:00 UTC".to_owned(),
                    downloads: downloads.clone(),
                    ratings: &Default::default(),
                };
                site_pages(black_box(&input)).expect("pages").len()
            })
        },
    );
    group.finish();

    // The whole command: read the database, the standings after every round, every page
    // and download, written to a folder.
    let dir = temp_dir("publish");
    let db = dir.join("event.db");
    let mut store = Store::create(&db, "Bench Open 5000", &[]).expect("create");
    store.import_trf(&trf, "bench.trf").expect("import");
    drop(store);
    let site = dir.join("site");
    let mut group = c.benchmark_group("publish");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("arbiter publish: 5,000 players, 11 rounds", |b| {
        b.iter(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .arg("--db")
                .arg(&db)
                .arg("publish")
                .arg(&site)
                .output()
                .expect("run arbiter");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
