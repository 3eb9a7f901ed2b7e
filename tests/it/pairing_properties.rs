//! Properties of the Dutch engine over generated events: every pairing it makes passes the
//! checker's absolute criteria (C1-C3, prohibited pairings, everyone paired once, the bye),
//! and pairing the same state twice gives the same pairing.

use arbiter::pairing::generate::{GeneratorConfig, boards, generate};
use arbiter::pairing::{PairingInput, checker, dutch};
use arbiter::tournament::PlayerId;
use arbiter::trf::Trf;

#[test]
fn every_generated_round_passes_the_absolute_criteria_and_repeats() {
    let mut rounds = 0;
    for seed in 0..300u64 {
        // Sizes 5 to 44, 5 to 9 rounds, every feature of the generator switched on.
        let mut config =
            GeneratorConfig::new(5 + (seed % 40) as usize, 5 + (seed % 5) as u32, seed);
        config.forfeit_rate = 0.03;
        config.bye_rate = 0.04;
        config.withdrawal_rate = 0.01;
        config.late_entry_rate = 0.05;
        config.baku = seed % 3 == 0;
        let mut pair =
            |trf: &Trf, round: u32| -> Result<Vec<(PlayerId, Option<PlayerId>)>, String> {
                let input = PairingInput::from_trf(trf, round).map_err(|e| e.to_string())?;
                let pairing = dutch::pair(&input).map_err(|e| e.to_string())?;
                let violations: Vec<_> = checker::check(&input, &pairing)
                    .into_iter()
                    .filter(|v| v.is_absolute())
                    .collect();
                assert!(
                    violations.is_empty(),
                    "seed {seed} round {round}: {violations:?}"
                );
                assert_eq!(
                    dutch::pair(&input).as_ref(),
                    Ok(&pairing),
                    "seed {seed} round {round}"
                );
                rounds += 1;
                Ok(boards(&pairing))
            };
        // A generated event may reach a round no legal pairing exists for (tiny fields late
        // in the event); that is an answer, not a failure, and the event stops there.
        let _ = generate(&config, &mut pair);
    }
    assert!(rounds > 1500, "only {rounds} rounds were paired");
}
