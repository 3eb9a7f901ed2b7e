//! Move generator speed: perft with bulk counting at the last ply, single-threaded.
//!
//! The figure: perft(start position, 6) = 119,060,324 nodes in at most 0.8 s on one
//! core of the 2-core build machine, release build. Run with `cargo bench --bench perft`.

use std::hint::black_box;
use std::time::Duration;

use arbiter::chess::Position;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));

    let start = Position::new();
    group.throughput(Throughput::Elements(119_060_324));
    group.bench_function("start position, depth 6", |b| {
        b.iter(|| assert_eq!(black_box(&start).perft(6), 119_060_324))
    });

    let kiwipete = Position::from_fen(KIWIPETE).expect("fen");
    group.throughput(Throughput::Elements(193_690_690));
    group.bench_function("kiwipete, depth 5", |b| {
        b.iter(|| assert_eq!(black_box(&kiwipete).perft(5), 193_690_690))
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let kiwipete = Position::from_fen(KIWIPETE).expect("fen");
    c.bench_function("legal_moves, kiwipete (48 moves)", |b| {
        b.iter(|| black_box(&kiwipete).legal_moves().len())
    });
}

criterion_group!(benches, perft, legal_moves);
criterion_main!(benches);
