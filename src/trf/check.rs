//! The checks a report must pass once every line is read: each opponent lists the player back
//! in the same round with the other colour and the matching result (an error), and the points
//! add up (a warning, since a trailing requested-bye column may or may not be counted).

use std::collections::HashMap;

use super::{EventRecords, ParseTrfError, Trf, TrfErrorKind, TrfPlayer, TrfWarning, line_ranges};
use crate::tournament::Points;

/// Every opponent exists and lists the player back with the other colour and the matching
/// result.
pub(super) fn check_rounds(trf: &Trf, lines_of: &HashMap<u16, usize>) -> Result<(), ParseTrfError> {
    let by_id: HashMap<u16, &TrfPlayer> = trf.players.iter().map(|p| (p.player.id.0, p)).collect();
    for player in &trf.players {
        let line = lines_of.get(&player.player.id.0).copied().unwrap_or(0);
        for (index, round) in player.rounds.iter().enumerate() {
            let Some(opponent) = round.opponent else {
                continue;
            };
            let column = 92 + 10 * index;
            let Some(other) = by_id.get(&opponent.0) else {
                return Err(ParseTrfError {
                    line,
                    column,
                    kind: TrfErrorKind::UnknownOpponent {
                        round: index + 1,
                        opponent: opponent.0,
                    },
                });
            };
            let back = other.rounds.get(index);
            let matches = back.is_some_and(|back| {
                back.opponent == Some(player.player.id)
                    && colours_match(round.colour, back.colour)
                    && codes_match(round.code, back.code)
            });
            if !matches {
                return Err(ParseTrfError {
                    line,
                    column,
                    kind: TrfErrorKind::Unreciprocated {
                        round: index + 1,
                        opponent: opponent.0,
                    },
                });
            }
        }
    }
    Ok(())
}

fn colours_match(a: char, b: char) -> bool {
    match (a.to_ascii_lowercase(), b.to_ascii_lowercase()) {
        ('w', 'b') | ('b', 'w') => true,
        // A forfeit may be written without colours.
        (x, y) => !matches!(x, 'w' | 'b') && !matches!(y, 'w' | 'b'),
    }
}

fn codes_match(a: char, b: char) -> bool {
    matches!(
        (a.to_ascii_uppercase(), b.to_ascii_uppercase()),
        // A game paired and not yet played (or not yet reported): both sides blank. A
        // report exported during a round, or handed to an engine to re-pair it, says so.
        (' ', ' ')
            | ('1', '0')
            | ('0', '1')
            | ('=', '=')
            | ('W', 'L')
            | ('L', 'W')
            | ('D', 'D')
            | ('+', '-')
            | ('-', '+')
            | ('-', '-')
    )
}

/// The points written must be the sum of the rounds; a trailing round for the round about to
/// be paired (a requested bye) may or may not be counted yet, so both sums are accepted.
pub(super) fn check_points(
    trf: &Trf,
    lines_of: &HashMap<u16, usize>,
    warnings: &mut Vec<TrfWarning>,
) {
    let records = EventRecords::of(trf);
    let values = records.point_values;
    let (assigned, bonuses) = records.abnormal_points();
    let mut wrong: Vec<(usize, String)> = Vec::new();
    for player in &trf.players {
        let id = player.player.id.0;
        let results: Vec<Points> = player
            .rounds
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let result = r.result()?;
                Some(
                    assigned
                        .get(&(id, i as u32 + 1))
                        .copied()
                        .unwrap_or_else(|| values.points(result)),
                )
            })
            .collect();
        let bonus = bonuses.get(&id).copied().unwrap_or_default();
        let all: Points = results.iter().copied().sum::<Points>() + bonus;
        let but_last: Points = results
            .iter()
            .take(results.len().saturating_sub(1))
            .copied()
            .sum::<Points>()
            + bonus;
        if player.points != all && player.points != but_last {
            wrong.push((
                lines_of.get(&player.player.id.0).copied().unwrap_or(0),
                format!(
                    "player {} has {} points written but the rounds add up to {all}",
                    player.player.id, player.points
                ),
            ));
        }
    }
    // A few are named one by one; many (a team event's match points, another program's
    // scoring) are one warning.
    if wrong.len() <= 3 {
        warnings.extend(
            wrong
                .into_iter()
                .map(|(line, message)| TrfWarning { line, message }),
        );
    } else {
        let mut lines: Vec<usize> = wrong.iter().map(|(line, _)| *line).collect();
        lines.sort_unstable();
        warnings.push(TrfWarning {
            line: 0,
            message: format!(
                "{} players' points written do not add up to their rounds ({}); the first: {}",
                wrong.len(),
                line_ranges(&lines),
                wrong[0].1
            ),
        });
    }
}
