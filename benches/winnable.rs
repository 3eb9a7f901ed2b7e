//! Winnability speed (issue 15): the average time to decide one position for one colour.
//!
//! Two sets: the first 200 positions of CHA-Solver's community test file (hard positions,
//! `fixtures/unwinnability/cha_solver_positions.txt`) and the first 2,000 of its Lichess sample
//! (ordinary timeout-like positions), each decided for White and for Black. CHA-Solver's
//! README gives about 11.5 ms per hard position and 33 us per Lichess timeout position; run
//! its analyzer on the same lines in the same session to compare. Run with
//! `cargo bench --bench winnable`.

use std::hint::black_box;
use std::time::Duration;

use arbiter::chess::{Color, Position, winnability};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn positions(file: &str, limit: usize) -> Vec<Position> {
    let path = format!(
        "{}/fixtures/unwinnability/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| Position::from_fen_with_extra_material(l[2..].trim()).ok())
        .take(limit)
        .collect()
}

fn decide_all(set: &[Position]) -> usize {
    let mut winnable = 0;
    for pos in set {
        for color in Color::ALL {
            if winnability(black_box(pos), color).is_winnable() {
                winnable += 1;
            }
        }
    }
    winnable
}

fn winnable(c: &mut Criterion) {
    let mut group = c.benchmark_group("winnable");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));

    let hard = positions("cha_solver_positions.txt", 200);
    group.throughput(Throughput::Elements(2 * hard.len() as u64));
    group.bench_function("community positions (hard), per set", |b| {
        b.iter(|| decide_all(&hard))
    });

    let lichess = positions("cha_solver_lichess.txt", 2000);
    group.throughput(Throughput::Elements(2 * lichess.len() as u64));
    group.bench_function("lichess sample, per set", |b| {
        b.iter(|| decide_all(&lichess))
    });
    group.finish();
}

criterion_group!(benches, winnable);
criterion_main!(benches);
