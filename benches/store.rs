//! Director's operations on the event database, on a temporary file: registering 5,000
//! players from CSV, importing and exporting a 1,200-player 11-round TRF, and showing a
//! round of that event. Run with `cargo bench --bench store`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use arbiter::store::Store;
use arbiter::tournament::csv_players::players_from_csv;
use criterion::{Criterion, criterion_group, criterion_main};

/// A synthetic event: in each round player i meets player i + n/2 (shifted by the round),
/// colours alternating, results cycling through win, draw and loss, so that every pairing
/// is reciprocal as a TRF requires.
fn synthetic_trf(players: usize, rounds: usize) -> String {
    let half = players / 2;
    let mut lines: Vec<String> = (1..=players)
        .map(|id| {
            format!(
                "001 {id:>4} m    {:<33} {:>4} NOR {:>11} {:<10} {:>4} {:>4}",
                format!("Player{id:05}, Test"),
                1000 + id % 1800,
                1_000_000 + id,
                "",
                "0.0",
                ""
            )
        })
        .collect();
    for round in 0..rounds {
        for i in 0..half {
            let a = i;
            let b = half + (i + round) % half;
            let (white, black) = if round % 2 == 0 { (a, b) } else { (b, a) };
            let (w, l) = match (i + round) % 3 {
                0 => ('1', '0'),
                1 => ('=', '='),
                _ => ('0', '1'),
            };
            lines[white].push_str(&format!("  {:>4} w {w}", black + 1));
            lines[black].push_str(&format!("  {:>4} b {l}", white + 1));
        }
    }
    let mut text = String::from("012 Synthetic Open\n142 11\n");
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

fn temp_db(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("arbiter-bench-{}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

fn store(c: &mut Criterion) {
    let mut group = c.benchmark_group("store");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));

    let mut csv = String::from("name,rating,fide_id,federation\n");
    for i in 0..5_000 {
        csv.push_str(&format!(
            "\"Player{i:05}, Test\",{},{},NOR\n",
            1000 + i % 1800,
            2_000_000 + i
        ));
    }
    group.bench_function("import 5,000 players from CSV", |b| {
        b.iter(|| {
            let path = temp_db("csv");
            let mut store = Store::create(&path, "Bench", &[]).unwrap();
            let (players, _) = players_from_csv(black_box(&csv)).unwrap();
            store.add_players(&players, "bench.csv").unwrap();
        })
    });

    let trf = synthetic_trf(1_200, 11);
    group.bench_function("import a 1,200-player 11-round TRF", |b| {
        b.iter(|| {
            let path = temp_db("trf");
            let (report, _) = arbiter::trf::parse(black_box(&trf)).unwrap();
            let mut store = Store::create(&path, "Bench", &[]).unwrap();
            store.import_trf(&report, "bench.trf").unwrap();
        })
    });

    let path = temp_db("event");
    let (report, _) = arbiter::trf::parse(&trf).unwrap();
    let mut event = Store::create(&path, "Bench", &[]).unwrap();
    event.import_trf(&report, "bench.trf").unwrap();
    group.bench_function("export the 1,200-player TRF", |b| {
        b.iter(|| arbiter::trf::write(&black_box(&event).to_trf().unwrap()).len())
    });
    group.bench_function("round show on a 1,200-player round", |b| {
        b.iter(|| black_box(&event).round(11).unwrap().games.len())
    });
    group.finish();
}

criterion_group!(benches, store);
criterion_main!(benches);
