//! Scoresheet checking speed: `arbiter check` over 2,000 random legal games (706,202 plies),
//! reading the PGN, replaying every move with endings and repetition tracking, with and
//! without the claim scan. One core, release build. Run with `cargo bench --bench check`.

use std::hint::black_box;
use std::time::Duration;

use arbiter::scoresheet::pgn::{PgnReader, read_games};
use arbiter::scoresheet::verify::{Options, verify};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const GAMES: &str = include_str!("../fixtures/pgn/random-legal.pgn");

fn check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check random-legal.pgn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(2_000));
    group.bench_function("read only", |b| {
        b.iter(|| {
            PgnReader::new(black_box(GAMES.as_bytes()))
                .filter_map(Result::ok)
                .count()
        })
    });
    let games = read_games(GAMES);
    assert_eq!(games.len(), 2_000);
    group.bench_function("verify", |b| {
        b.iter(|| {
            games
                .iter()
                .filter(|g| verify(black_box(g), Options::default()).is_clean())
                .count()
        })
    });
    let claims = Options {
        claims: true,
        ..Options::default()
    };
    group.bench_function("verify with claims", |b| {
        b.iter(|| {
            games
                .iter()
                .filter(|g| verify(black_box(g), claims).is_clean())
                .count()
        })
    });
    group.bench_function("read and verify (the check command)", |b| {
        b.iter(|| {
            PgnReader::new(black_box(GAMES.as_bytes()))
                .filter_map(Result::ok)
                .filter(|g| verify(g, Options::default()).is_clean())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
