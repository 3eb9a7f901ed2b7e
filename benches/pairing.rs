//! The Dutch engine on a 300-player open: a generated 9-round event (byes, forfeits, late
//! entries) paired by the engine itself, then round 6 paired again from the state before it.
//! Run with `cargo bench --bench pairing`.

use std::hint::black_box;
use std::time::Duration;

use arbiter::pairing::generate::{GeneratorConfig, generate};
use arbiter::pairing::{PairingInput, dutch};
use arbiter::tournament::PlayerId;
use arbiter::trf::Trf;
use criterion::{Criterion, criterion_group, criterion_main};

fn event(players: usize) -> Trf {
    let mut config = GeneratorConfig::new(players, 9, 11);
    config.forfeit_rate = 0.02;
    config.bye_rate = 0.02;
    config.late_entry_rate = 0.02;
    let mut pair = |trf: &Trf, round: u32| -> Result<Vec<(PlayerId, Option<PlayerId>)>, String> {
        let input = PairingInput::from_trf(trf, round).map_err(|e| e.to_string())?;
        let pairing = dutch::pair(&input).map_err(|e| e.to_string())?;
        let mut boards: Vec<_> = pairing
            .boards
            .iter()
            .map(|b| (b.white, Some(b.black)))
            .collect();
        boards.extend(pairing.bye.map(|p| (p, None)));
        Ok(boards)
    };
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

criterion_group!(benches, pairing);
criterion_main!(benches);
