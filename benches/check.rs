//! Scoresheet checking speed: `arbiter check` over 2,000 random legal games (706,202 plies),
//! reading the PGN, replaying every move with endings and repetition tracking, with and
//! without the claim scan; and over real PGN (the TWIC and Lichess samples of fixtures/pgn,
//! whose Lichess games carry a clock comment on every move), read alone and read and
//! verified. One core, release build. Run with `cargo bench --bench check`.

use std::hint::black_box;
use std::time::Duration;

use arbiter::scoresheet::pgn::{PgnReader, read_games};
use arbiter::scoresheet::verify::{Options, VERIFIED_TAGS, verify};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const GAMES: &str = include_str!("../fixtures/pgn/random-legal.pgn");

/// Real games: 1,110 from This Week in Chess and 438 rated Lichess games.
const TWIC: &str = include_str!("../fixtures/pgn/twic-sample.pgn");
const LICHESS: &str = include_str!("../fixtures/pgn/lichess-sample.pgn");

fn check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check random-legal.pgn");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
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
            // Read as the check command reads: past the comments, which it never reports, and
            // with the notations.
            PgnReader::new(black_box(GAMES.as_bytes()))
                .ignoring_comments()
                .keeping_tags(&VERIFIED_TAGS)
                .reading_notations()
                .filter_map(Result::ok)
                .filter(|g| verify(g, Options::default()).is_clean())
                .count()
        })
    });
    group.finish();
}

/// Real PGN: tags, clock comments, annotations. Reading (comments kept) is measured apart
/// from checking, since it is the part that real files make slower than bare movetext; the
/// check reads as the check command does.
fn real(c: &mut Criterion) {
    let mut group = c.benchmark_group("check real PGN");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for (name, text) in [("twic-sample", TWIC), ("lichess-sample", LICHESS)] {
        let count = PgnReader::new(text.as_bytes()).count();
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function(format!("{name}: read only"), |b| {
            b.iter(|| {
                PgnReader::new(black_box(text.as_bytes()))
                    .filter_map(Result::ok)
                    .count()
            })
        });
        group.bench_function(format!("{name}: read and verify"), |b| {
            b.iter(|| {
                PgnReader::new(black_box(text.as_bytes()))
                    .ignoring_comments()
                    .keeping_tags(&VERIFIED_TAGS)
                    .reading_notations()
                    .filter_map(Result::ok)
                    .filter(|g| verify(g, Options::default()).is_clean())
                    .count()
            })
        });
    }
    group.finish();
}

/// The claim scan on one long game: 100,000 half-moves of knights going out and back from the
/// initial position under the 2009 Laws (no automatic ending stops it), so every position
/// repeats and from half-move 100 every position allows a fifty-move claim. The scan once
/// looked back over the game at every half-move (about 70 s here); it is linear now.
fn claim_scan(c: &mut Criterion) {
    use arbiter::chess::{Game, Laws, Position};
    let mut group = c.benchmark_group("claim scan");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    let mut game = Game::new(Position::new());
    for ply in 0..100_000 {
        let san = ["Nf3", "Nf6", "Ng1", "Ng8"][ply % 4];
        let mv = game.position().parse_san(san).expect("legal");
        game.play_unchecked(mv);
    }
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("100,000 half-moves, 2009 Laws", |b| {
        b.iter(|| {
            black_box(&game)
                .claim_opportunities_under(100_000, Laws::Y2009)
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, check, real, claim_scan);
criterion_main!(benches);
