//! Acceleration records: TRF-2026's `250` and the pairing engines' `XXA`, read in one place
//! so that the pairing input and the store read them alike.
//!
//! `250` (TRF-2026): match points at columns 5-8 (blank for individuals), fictitious game
//! points at 10-13, first and last round at 15-17 and 19-21, first and last player at 23-26
//! and 28-31. Every program whose files we found writes these columns exactly: Sharly-Chess
//! and the echecsjs fixtures (team events: match points ` 2.0` or ` 2`, game points blank),
//! and programs writing individual Baku (`      1.0   1   3    1   10`, game points only).
//!
//! `XXA` (TRF(x), TRF(bx)): a player at 5-8, then the virtual points of rounds 1, 2, ... in
//! four columns every five columns from column 10. A field may be blank only after the last
//! value: a blank between two values would shift every later round if the line were read as
//! words, so it is refused with its column.

use std::fmt;

use crate::tournament::Points;

/// A `250` record: virtual points for players `first_player..=last_player` in rounds
/// `first_round..=last_round`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acceleration {
    /// Match points (team events); `None` when blank, as for individuals.
    pub match_points: Option<Points>,
    /// Fictitious game points; `None` when blank (a team record giving match points only).
    pub game_points: Option<Points>,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: u16,
    pub last_player: u16,
}

/// An `XXA` line: the virtual points of one player in rounds 1, 2, ...
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerAcceleration {
    pub player: u16,
    /// Index 0 is round 1.
    pub points: Vec<Points>,
}

/// Why an acceleration record cannot be read: the column (1-based) of the field at fault,
/// what was expected there and what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccelerationError {
    pub column: usize,
    pub expected: String,
    pub found: String,
}

impl fmt::Display for AccelerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "expected {}, found a blank field", self.expected)
        } else {
            write!(f, "expected {}, found `{}`", self.expected, self.found)
        }
    }
}

impl std::error::Error for AccelerationError {}

fn error(column: usize, expected: impl Into<String>, found: &str) -> AccelerationError {
    AccelerationError {
        column,
        expected: expected.into(),
        found: found.to_owned(),
    }
}

/// The characters of columns `from..=to` (1-based), untrimmed.
fn raw(chars: &[char], from: usize, to: usize) -> String {
    chars
        .get(from - 1..to.min(chars.len()))
        .map(|cs| cs.iter().collect())
        .unwrap_or_default()
}

fn points_at(
    chars: &[char],
    from: usize,
    to: usize,
    expected: &str,
) -> Result<Option<Points>, AccelerationError> {
    let text = raw(chars, from, to);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    // Virtual points add to a pairing score; a negative amount is no acceleration a program
    // means (TRF-2026 asks for points above zero).
    match text.parse::<Points>() {
        Ok(points) if points >= Points::ZERO => Ok(Some(points)),
        _ => Err(error(from, expected, text)),
    }
}

fn number_at<T: std::str::FromStr + PartialOrd + From<u8>>(
    chars: &[char],
    from: usize,
    to: usize,
    expected: &str,
) -> Result<T, AccelerationError> {
    let text = raw(chars, from, to);
    let text = text.trim();
    text.parse::<T>()
        .ok()
        .filter(|n| *n >= T::from(1))
        .ok_or_else(|| error(from, expected, text))
}

impl Acceleration {
    /// Reads a `250` record by its columns.
    pub fn read(line: &str) -> Result<Acceleration, AccelerationError> {
        let chars: Vec<char> = line.chars().collect();
        let match_points = points_at(&chars, 5, 8, "match points (columns 5-8) or blank")?;
        let game_points = points_at(&chars, 10, 13, "game points (columns 10-13) or blank")?;
        if match_points.is_none() && game_points.is_none() {
            return Err(error(
                10,
                "game points at columns 10-13 (or match points at 5-8)",
                "",
            ));
        }
        let first_round: u32 = number_at(&chars, 15, 17, "the first round (columns 15-17)")?;
        let last_round: u32 = number_at(&chars, 19, 21, "the last round (columns 19-21)")?;
        if last_round < first_round {
            return Err(error(
                19,
                format!("a last round not before the first ({first_round})"),
                &last_round.to_string(),
            ));
        }
        let first_player: u16 =
            number_at(&chars, 23, 26, "the first player's number (columns 23-26)")?;
        let last_player: u16 =
            number_at(&chars, 28, 31, "the last player's number (columns 28-31)")?;
        if last_player < first_player {
            return Err(error(
                28,
                format!("a last player not before the first ({first_player})"),
                &last_player.to_string(),
            ));
        }
        // Something after column 31 is a record whose fields are not where TRF-2026 puts them.
        let rest = raw(&chars, 32, chars.len());
        if !rest.trim().is_empty() {
            return Err(error(32, "nothing after column 31", rest.trim()));
        }
        Ok(Acceleration {
            match_points,
            game_points,
            first_round,
            last_round,
            first_player,
            last_player,
        })
    }

    /// The record in TRF-2026's columns.
    pub fn record(&self) -> String {
        let points = |p: Option<Points>| p.map_or(String::new(), |p| p.to_string());
        format!(
            "250 {:>4} {:>4} {:03} {:03} {:>4} {:>4}",
            points(self.match_points),
            points(self.game_points),
            self.first_round,
            self.last_round,
            self.first_player,
            self.last_player
        )
    }

    /// Whether it gives `player` virtual points in `round`.
    pub fn covers(&self, player: u16, round: u32) -> bool {
        (self.first_player..=self.last_player).contains(&player)
            && (self.first_round..=self.last_round).contains(&round)
    }
}

impl PlayerAcceleration {
    /// Reads an `XXA` line by its columns.
    pub fn read(line: &str) -> Result<PlayerAcceleration, AccelerationError> {
        let chars: Vec<char> = line.chars().collect();
        let player: u16 = number_at(&chars, 5, 8, "a player's number (columns 5-8)")?;
        let mut points = Vec::new();
        // A blank field seen after the last value read: an error only if a value follows.
        let mut blank: Option<usize> = None;
        let mut start = 10;
        while start <= chars.len() {
            let round = (start - 10) / 5 + 1;
            let separator = raw(&chars, start - 1, start - 1);
            if !separator.trim().is_empty() {
                return Err(error(
                    start - 1,
                    format!(
                        "a blank before round {round}'s points (columns {start}-{})",
                        start + 3
                    ),
                    &separator,
                ));
            }
            let text = raw(&chars, start, start + 3);
            if text.trim().is_empty() {
                blank.get_or_insert(start);
            } else {
                if let Some(column) = blank {
                    let round = (column - 10) / 5 + 1;
                    return Err(error(
                        column,
                        format!(
                            "round {round}'s virtual points (columns {column}-{}): a blank field between two values would shift the later rounds",
                            column + 3
                        ),
                        "",
                    ));
                }
                let value = text
                    .trim()
                    .parse::<Points>()
                    .ok()
                    .filter(|p| *p >= Points::ZERO)
                    .ok_or_else(|| {
                        error(
                            start,
                            format!(
                                "round {round}'s virtual points, not below zero (columns {start}-{})",
                                start + 3
                            ),
                            text.trim(),
                        )
                    })?;
                points.push(value);
            }
            start += 5;
        }
        Ok(PlayerAcceleration { player, points })
    }

    /// The line in its columns.
    pub fn record(&self) -> String {
        let mut line = format!("XXA {:>4}", self.player);
        for points in &self.points {
            line.push_str(&format!(" {points:>4}"));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Points {
        text.parse().unwrap()
    }

    /// Negative virtual points are refused where they stand, and a misplaced value is named by
    /// the round its columns hold, however many blank fields come before it.
    #[test]
    fn negative_points_and_late_blank_fields_are_named_by_their_columns() {
        let err = Acceleration::read("250      -1.0 001 003    1   10").unwrap_err();
        assert_eq!(err.column, 10);
        let err = PlayerAcceleration::read("XXA    1  1.0 -0.5").unwrap_err();
        assert_eq!(err.column, 15);
        assert!(err.to_string().contains("round 2"), "{err}");
        // Rounds 2 and 3 blank, round 4 at 25-28.
        let err = PlayerAcceleration::read(&format!("XXA    1  1.0{:11} 1.0", "")).unwrap_err();
        assert_eq!(err.column, 15);
        assert!(err.to_string().contains("round 2's"), "{err}");
        // A value one column early, in the blank before round 4's field (column 24).
        let err = PlayerAcceleration::read(&format!("XXA    1  1.0{:10}1.0", "")).unwrap_err();
        assert_eq!(err.column, 24);
        assert!(err.to_string().contains("round 4's"), "{err}");
    }

    #[test]
    fn a_250_record_reads_in_every_form_programs_write() {
        // Individual Baku, game points only (TRF-2026 columns).
        let a = Acceleration::read("250       1.0   1   3    1   10").unwrap();
        assert_eq!(
            a,
            Acceleration {
                match_points: None,
                game_points: Some(p("1.0")),
                first_round: 1,
                last_round: 3,
                first_player: 1,
                last_player: 10
            }
        );
        // Team events: match points ` 2.0` or ` 2`, game points blank.
        let team = Acceleration::read("250  2.0        2   4    1   25").unwrap();
        assert_eq!(team.match_points, Some(p("2")));
        assert_eq!(team.game_points, None);
        assert_eq!((team.first_round, team.last_round), (2, 4));
        let team = Acceleration::read("250  2          1   1    4   25").unwrap();
        assert_eq!(team.match_points, Some(p("2")));
        assert_eq!((team.first_player, team.last_player), (4, 25));
        // Integer game points ` 1`, and our own writer's zero-padded rounds.
        let a = Acceleration::read("250         1 001 002    1    6").unwrap();
        assert_eq!(a.game_points, Some(p("1")));
        assert_eq!(Acceleration::read(&a.record()).unwrap(), a);
        assert_eq!(a.record(), "250       1.0 001 002    1    6");
    }

    #[test]
    fn a_250_record_no_reading_fits_is_refused_at_its_column() {
        let column = |line: &str| Acceleration::read(line).unwrap_err().column;
        // Something past column 31: the fields are not where TRF-2026 puts them.
        assert_eq!(column("250       1.0   1   3    1   10 7"), 32);
        assert_eq!(column("250       1.0   x   3    1   10"), 15);
        assert_eq!(column("250       1.0   3   1    1   10"), 19);
        assert_eq!(column("250       1.0   1   3   10    1"), 28);
        assert_eq!(column("250             1   3    1   10"), 10);
        assert_eq!(column("250       one   1   3    1   10"), 10);
        assert_eq!(column("250       1.0   1   3        10"), 23);
        let e = Acceleration::read("250       1.0   1   3        10").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected the first player's number (columns 23-26), found a blank field"
        );
    }

    #[test]
    fn an_xxa_line_is_read_by_its_columns() {
        let a = PlayerAcceleration::read("XXA    1  1.0  1.0  1.0  0.5  0.5").unwrap();
        assert_eq!(a.player, 1);
        assert_eq!(a.points, ["1.0", "1.0", "1.0", "0.5", "0.5"].map(p));
        assert_eq!(a.record(), "XXA    1  1.0  1.0  1.0  0.5  0.5");
        // Trailing blank fields are no rounds.
        let a = PlayerAcceleration::read("XXA   12  1.0  0.5          ").unwrap();
        assert_eq!(a.points, ["1.0", "0.5"].map(p));
        // A zero between values is written, not left blank.
        let a = PlayerAcceleration::read("XXA    3  1.0  0.0  0.5").unwrap();
        assert_eq!(a.points, ["1.0", "0.0", "0.5"].map(p));
    }

    #[test]
    fn an_xxa_line_with_a_blank_field_between_values_is_refused() {
        // Round 2's field (columns 15-18) blank, round 3's written: read as words, the 0.5
        // would move to round 2.
        let e = PlayerAcceleration::read("XXA    1  1.0       0.5").unwrap_err();
        assert_eq!(e.column, 15);
        assert!(e.to_string().contains("round 2's virtual points"), "{e}");
        // Points out of their columns: round 2's `1.0` starts in column 14, where a blank
        // separates round 1's field (10-13) from round 2's (15-18).
        let e = PlayerAcceleration::read("XXA    1 1.0 1.0").unwrap_err();
        assert_eq!(e.column, 14);
        let e = PlayerAcceleration::read("XXA    1  1.x").unwrap_err();
        assert_eq!(e.column, 10);
        let e = PlayerAcceleration::read("XXA    0  1.0").unwrap_err();
        assert_eq!(e.column, 5);
    }
}
