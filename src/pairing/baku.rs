//! The Baku acceleration method (C.04.7 in the 2026 Handbook, formerly C.04.5.1): the one
//! place its numbers are computed, for the pairing input (a `192` naming it), the store
//! (recognising `250` records that are exactly Baku, and writing them) and the generator.
//!
//! Group A is the first `2 ceil(N/4)` players: the first half of the field rounded up to an
//! even number. The accelerated rounds are the first `ceil(R/2)`; group A has a win's points
//! of virtual score in the first `ceil(ceil(R/2)/2)` of them and a draw's (half a win, the
//! method asks that a win be worth two draws) in the rest. Virtual points change the pairing
//! score only, never the standings.
//!
//! The reference engine (bbpPairings v6) has a built-in Baku option for `192 FIDE_DUTCH_BAKU`
//! whose group A is the first `ceil(N/2)` players: the same as the text when N is 0 or 3
//! modulo 4, one player fewer when N is 1 or 2 modulo 4 (10 players: 5 against the text's
//! 6; 13 players: 7 against 8). The text rules; files meant for the reference engine carry
//! explicit `250` or `XXA` records, which both read alike.

use crate::tournament::Points;
use crate::trf::{Acceleration, EventRecords, PointValues};

/// The number of players in group A for a field of `players`: `2 ceil(N/4)`, at most N.
pub fn group_size(players: usize) -> usize {
    (2 * players.div_ceil(4)).min(players)
}

/// The number of accelerated rounds of an event of `rounds` rounds: the first `ceil(R/2)`.
pub fn accelerated_rounds(rounds: u32) -> u32 {
    rounds.div_ceil(2)
}

/// Group A's virtual points in `round` of an event of `rounds` rounds: a win's points in the
/// first half (rounded up) of the accelerated rounds, a draw's in the rest, none after.
pub fn virtual_points(round: u32, rounds: u32, values: &PointValues) -> Points {
    let accelerated = accelerated_rounds(rounds);
    if round <= accelerated.div_ceil(2) {
        values.win
    } else if round <= accelerated {
        values.draw
    } else {
        Points::ZERO
    }
}

/// The method as `250` records for group A, players 1 to `last_player`: one record for the
/// rounds worth a win, one for those worth a draw.
pub fn records(last_player: u16, rounds: u32, values: &PointValues) -> Vec<Acceleration> {
    let accelerated = accelerated_rounds(rounds);
    let full = accelerated.div_ceil(2);
    if last_player == 0 || accelerated == 0 {
        return Vec::new();
    }
    let record = |points, first_round, last_round| Acceleration {
        match_points: None,
        game_points: Some(points),
        first_round,
        last_round,
        first_player: 1,
        last_player,
    };
    let mut records = vec![record(values.win, 1, full)];
    if accelerated > full {
        records.push(record(values.draw, full + 1, accelerated));
    }
    records
}

/// Whether a `192` system code names the Dutch system with the Baku method: TRF-2026's
/// `FIDE_DUTCH_BAKU`, `FIDE_DUTCH_2026_BAKU` and `FIDE_DUTCH_2017_BAKU`, and the reference
/// engine's `FIDE_DUTCH_2025_BAKU`. Team codes (`FIDE_TEAM_BAKU`) accelerate teams' match
/// points, which the games of individuals do not read.
pub fn is_system_code(code: &str) -> bool {
    matches!(
        code.trim().to_ascii_uppercase().as_str(),
        "FIDE_DUTCH_BAKU"
            | "FIDE_DUTCH_2026_BAKU"
            | "FIDE_DUTCH_2025_BAKU"
            | "FIDE_DUTCH_2017_BAKU"
    )
}

/// Whether one of a report's `192` records, as read, names the Baku method.
pub fn named_in(records: &EventRecords) -> bool {
    records.systems().any(is_system_code)
}

/// Whether the method's point values hold: a win worth two draws, a loss worth nothing.
pub fn fits(values: &PointValues) -> bool {
    values.loss == Points::ZERO && values.draw + values.draw == values.win
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_a_is_the_first_half_rounded_up_to_an_even_number() {
        // 2 x ceil(N/4), from the text (C.04.7); the reference engine's ceil(N/2) is in the
        // comment beside each size where it differs.
        for (players, size) in [
            (8, 4),
            (10, 6), // reference: 5
            (11, 6),
            (12, 6),
            (13, 8), // reference: 7
            (16, 8),
            (161, 82), // dutch.md's example
            (1, 1),
        ] {
            assert_eq!(group_size(players), size, "{players} players");
        }
    }

    #[test]
    fn nine_rounds_accelerate_three_by_a_win_and_two_by_a_draw() {
        let values = PointValues::default();
        let points: Vec<String> = (1..=9)
            .map(|r| virtual_points(r, 9, &values).to_string())
            .collect();
        assert_eq!(
            points,
            [
                "1.0", "1.0", "1.0", "0.5", "0.5", "0.0", "0.0", "0.0", "0.0"
            ]
        );
        let lines: Vec<String> = records(6, 9, &values).iter().map(|a| a.record()).collect();
        assert_eq!(
            lines,
            [
                "250       1.0 001 003    1    6",
                "250       0.5 004 005    1    6"
            ]
        );
        // One round: accelerated by a win; two rounds: the first only.
        assert_eq!(records(6, 1, &values).len(), 1);
        assert_eq!(records(6, 2, &values)[0].last_round, 1);
        assert!(records(6, 0, &values).is_empty());
    }

    #[test]
    fn the_system_codes_of_trf_2026_and_the_reference_name_it() {
        assert!(is_system_code("FIDE_DUTCH_BAKU"));
        assert!(is_system_code("FIDE_DUTCH_2026_BAKU "));
        assert!(!is_system_code("FIDE_DUTCH"));
        assert!(!is_system_code("FIDE_TEAM_BAKU"));
    }
}
