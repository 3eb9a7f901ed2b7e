//! The Dutch engine: a generated 300-player 9-round open (byes, forfeits, late entries)
//! paired by the engine itself, then rounds of it paired again from the state before them;
//! rounds of the big opens of fixtures/pairing/big (1,200, 2,500 and 5,000 players); and the
//! shared conformance set (every cut round of fixtures/pairing/dutch-2026) in one go.
//! Run with `cargo bench --bench pairing`.

use std::hint::black_box;
use std::io::Read;
use std::path::PathBuf;
use std::time::Duration;

use arbiter::pairing::generate::{GeneratorConfig, generate, pair_dutch};
use arbiter::pairing::{PairingInput, dutch};
use arbiter::trf::Trf;
use criterion::{Criterion, criterion_group, criterion_main};

fn event(players: usize) -> Trf {
    event_of(players, 9)
}

fn event_of(players: usize, rounds: u32) -> Trf {
    let mut config = GeneratorConfig::new(players, rounds, 11);
    config.forfeit_rate = 0.02;
    config.bye_rate = 0.02;
    config.late_entry_rate = 0.02;
    let mut pair = pair_dutch;
    generate(&config, &mut pair).expect("the generated event pairs")
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let trf = event(300);
    for round in [2, 6, 9] {
        let input = PairingInput::from_trf(&trf, round).unwrap();
        group.bench_function(format!("300 players, round {round}"), |b| {
            b.iter(|| dutch::pair(black_box(&input)).unwrap())
        });
    }
    group.finish();
}

fn fixtures(dir: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/pairing")
        .join(dir)
}

fn big_event(name: &str) -> Trf {
    let file = std::fs::File::open(fixtures("big").join(name)).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap();
    arbiter::trf::parse(&text).unwrap().0
}

fn big_opens(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch big");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for players in [1200, 2500, 5000] {
        let trf = big_event(&format!("open{players}.trf.gz"));
        for round in [2, 4, 6, 11] {
            let input = PairingInput::from_trf(&trf, round).unwrap();
            group.bench_function(format!("{players} players, round {round}"), |b| {
                b.iter(|| dutch::pair(black_box(&input)).unwrap())
            });
        }
    }
    group.finish();
}

/// Every cut round of the shared conformance set, read beforehand, paired in one iteration.
fn conformance(c: &mut Criterion) {
    let dir = fixtures("dutch-2026");
    let mut inputs = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.contains("_round") && name.ends_with(".trf")
        })
        .collect();
    names.sort();
    for path in names {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let round: u32 = name.rsplit("_round").next().unwrap().parse().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let trf = arbiter::trf::parse(&text).unwrap().0;
        inputs.push(PairingInput::from_trf(&trf, round).unwrap());
    }
    let mut group = c.benchmark_group("dutch conformance");
    group.sample_size(10);
    group.bench_function(format!("{} cut rounds", inputs.len()), |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(dutch::pair(black_box(input)).unwrap());
            }
        })
    });
    group.finish();
}

/// `pairing generate` on a big open: every round paired by the engine, results drawn.
fn generator(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    group.bench_function("5000 players, 11 rounds", |b| {
        b.iter(|| event_of(black_box(5000), 11))
    });
    group.finish();
}

criterion_group!(benches, pairing, big_opens, conformance, generator);
criterion_main!(benches);
