//! Editions of the FIDE Laws of Chess and rates of play: what changes between them for the
//! rules engine (which automatic endings exist, how fivefold repetition is counted, article
//! numbers) and for the arbiter (penalties for illegal moves and incorrect claims).
//!
//! Sources: the FIDE Handbook E.01 texts as quoted by public arbiters' material. Where they
//! differ from the project's summary (`shared/specs/laws.md`), the texts win: the "consecutive"
//! fivefold wording was dropped on 1 July 2017 (not 2018); decimal article numbers start with
//! the July 2017 edition; the 2014 rapid and blitz illegal-move rule is A.4 b; from 2018 a
//! first illegal move in rapid or blitz costs time rather than the game; the 2023 rapid and
//! blitz rule is A.5.2 with the one-minute penalty of A.3. The 2001 and 2009 penalty for an
//! incorrect claim (three minutes) could not be confirmed from a stored text.

use std::fmt;
use std::str::FromStr;

use super::game::Ending;

/// An edition of the FIDE Laws of Chess (Handbook E.01), named by the year it took effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Laws {
    Y2001,
    Y2009,
    Y2014,
    Y2017,
    Y2018,
    #[default]
    Y2023,
}

impl Laws {
    pub const ALL: [Laws; 6] = [
        Laws::Y2001,
        Laws::Y2009,
        Laws::Y2014,
        Laws::Y2017,
        Laws::Y2018,
        Laws::Y2023,
    ];

    pub const fn year(self) -> u32 {
        match self {
            Laws::Y2001 => 2001,
            Laws::Y2009 => 2009,
            Laws::Y2014 => 2014,
            Laws::Y2017 => 2017,
            Laws::Y2018 => 2018,
            Laws::Y2023 => 2023,
        }
    }

    /// Fivefold repetition and the 75-move rule end the game by themselves from the 2014
    /// Laws on; before that, only a claim could.
    pub const fn has_automatic_draws(self) -> bool {
        self.year() >= 2014
    }

    /// The 2014 Laws end the game on a fivefold repetition only "during at least five
    /// consecutive alternate moves by each player"; from 1 July 2017 any five occurrences do.
    pub const fn fivefold_must_be_consecutive(self) -> bool {
        matches!(self, Laws::Y2014)
    }

    /// Articles are numbered with decimals (5.1.1) from the July 2017 edition on, with letters
    /// (5.1 a) before.
    const fn decimal_articles(self) -> bool {
        self.year() >= 2017
    }

    /// The article of this edition under which `ending` ends the game.
    pub const fn article(self, ending: Ending) -> &'static str {
        let decimal = self.decimal_articles();
        match ending {
            Ending::Checkmate { .. } => {
                if decimal {
                    "5.1.1"
                } else {
                    "5.1 a"
                }
            }
            Ending::Stalemate => {
                if decimal {
                    "5.2.1"
                } else {
                    "5.2 a"
                }
            }
            Ending::DeadPosition { .. } => {
                if decimal {
                    "5.2.2"
                } else {
                    "5.2 b"
                }
            }
            Ending::FivefoldRepetition => {
                if decimal {
                    "9.6.1"
                } else {
                    "9.6 a"
                }
            }
            Ending::SeventyFiveMoves => {
                if decimal {
                    "9.6.2"
                } else {
                    "9.6 b"
                }
            }
        }
    }

    /// The article on a flag fall against an opponent who cannot checkmate (6.10 in 2001).
    pub const fn flag_fall_article(self) -> &'static str {
        match self {
            Laws::Y2001 => "6.10",
            _ => "6.9",
        }
    }

    /// What the Laws prescribe when an illegal move is completed, by edition and rate.
    pub const fn illegal_move_penalty(self, rate: Rate) -> &'static str {
        match (self, rate) {
            (Laws::Y2001, Rate::Standard) => {
                "7.4: the position before the illegal move is reinstated; two minutes are added to the opponent's time for each of the first two illegal moves, and the third loses the game"
            }
            (Laws::Y2009, Rate::Standard) => {
                "7.4: the position before the illegal move is reinstated; two minutes are added to the opponent's time for each of the first two illegal moves, and the third loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is a draw)"
            }
            (Laws::Y2001 | Laws::Y2009, _) => {
                "the opponent may claim a win before making his own move (a draw if he cannot checkmate by any series of legal moves); if he moves first, the illegal move stands"
            }
            (Laws::Y2014, Rate::Standard) => {
                "7.5 b: the position before the illegal move is reinstated and two minutes are added to the opponent's time; a second illegal move loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is a draw)"
            }
            (Laws::Y2014, _) => {
                "A.4 b: the illegal move loses the game if the arbiter or the opponent acts before the opponent's next move (a draw if the opponent cannot checkmate by any series of legal moves)"
            }
            (Laws::Y2017, Rate::Standard) => {
                "7.5.3: the position before the illegal move is reinstated and two minutes are added to the opponent's time; a second illegal move loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is a draw)"
            }
            (Laws::Y2017, _) => {
                "A.4.2: the illegal move loses the game if the arbiter or the opponent acts before the opponent's next move (a draw if the opponent cannot checkmate by any series of legal moves)"
            }
            (Laws::Y2018, Rate::Standard) | (Laws::Y2023, Rate::Standard) => {
                "7.5.5: the position before the illegal move is reinstated and two minutes are added to the opponent's time; a second illegal move loses the game, unless the opponent cannot checkmate by any series of legal moves (then it is a draw)"
            }
            (Laws::Y2018, Rate::Rapid) => {
                "A.4.2 and 7.5.5: if the arbiter or the opponent acts before the opponent's next move, the position is reinstated and two minutes are added to the opponent's time; a second illegal move loses (a draw if the opponent cannot checkmate); otherwise the move stands"
            }
            (Laws::Y2018, Rate::Blitz) => {
                "B.2 and 7.5.5: if the arbiter or the opponent acts before the opponent's next move, the position is reinstated and one minute is added to the opponent's time; a second illegal move loses (a draw if the opponent cannot checkmate); otherwise the move stands"
            }
            (Laws::Y2023, _) => {
                "A.5.2 and A.3: if the opponent claims before making his own move, the position is reinstated and one minute is added to the opponent's time; a second illegal move loses (a draw if the opponent cannot checkmate); if the opponent moves without claiming, the illegal move stands"
            }
        }
    }

    /// The article that turns a game lost by illegal moves into a draw when the opponent
    /// cannot checkmate by any series of legal moves, or `None` where the edition has no such
    /// exception (the 2001 standard text: the third illegal move simply loses). The same rules
    /// as [`Laws::illegal_move_penalty`], named by the article of the loss: 7.5.5 from 2018,
    /// reached through A.5.2 in the 2023 rapid and blitz appendix. The 2001 and 2009 rapid and
    /// blitz rule is named by its appendix, whose article number no stored text confirms.
    pub const fn illegal_move_loss_article(self, rate: Rate) -> Option<&'static str> {
        match (self, rate) {
            (Laws::Y2001, Rate::Standard) => None,
            (Laws::Y2009, Rate::Standard) => Some("7.4"),
            (Laws::Y2001 | Laws::Y2009, _) => Some("the rapid and blitz appendix"),
            (Laws::Y2014, Rate::Standard) => Some("7.5 b"),
            (Laws::Y2014, _) => Some("A.4 b"),
            (Laws::Y2017, Rate::Standard) => Some("7.5.3"),
            (Laws::Y2017, _) => Some("A.4.2"),
            (Laws::Y2018, Rate::Standard) | (Laws::Y2023, Rate::Standard) => Some("7.5.5"),
            (Laws::Y2018, Rate::Rapid) => Some("A.4.2 and 7.5.5"),
            (Laws::Y2018, Rate::Blitz) => Some("B.2 and 7.5.5"),
            (Laws::Y2023, _) => Some("A.5.2 and 7.5.5"),
        }
    }

    /// The 2023 Laws draw a game whose loser resigns when the winner cannot checkmate by any
    /// series of legal moves (5.1.2); up to 2018 a resignation stands unless the game had
    /// already ended.
    pub const fn resignation_needs_mating_chance(self) -> bool {
        self.year() >= 2023
    }

    /// What follows an incorrect draw claim, by edition and rate: time added to the
    /// opponent, and the written move, if the claim named one, must be played.
    pub fn incorrect_claim_consequence(self, rate: Rate, written_move: bool) -> String {
        let (article, minutes) = match (self, rate) {
            (Laws::Y2001, _) => ("9.5", "three minutes"),
            (Laws::Y2009, _) => ("9.5 b", "three minutes"),
            (Laws::Y2014, _) => ("9.5 b", "two minutes"),
            (Laws::Y2017, _) => ("9.5.3", "two minutes"),
            (Laws::Y2018, Rate::Blitz) => ("9.5.3 and B.2", "one minute"),
            (Laws::Y2018, _) => ("9.5.3", "two minutes"),
            (Laws::Y2023, Rate::Standard) => ("9.5.3", "two minutes"),
            (Laws::Y2023, _) => ("9.5.3 and A.3", "one minute"),
        };
        let mut text = format!("{article}: {minutes} added to the opponent's remaining time");
        if written_move {
            text.push_str("; the written move must be played");
        }
        text
    }
}

impl fmt::Display for Laws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

/// The text names no edition of the Laws we know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLawsError(pub String);

impl fmt::Display for ParseLawsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown laws edition `{}`: expected 2023, 2018, 2017, 2014, 2009 or 2001",
            self.0
        )
    }
}

impl std::error::Error for ParseLawsError {}

impl FromStr for Laws {
    type Err = ParseLawsError;

    fn from_str(text: &str) -> Result<Laws, ParseLawsError> {
        Laws::ALL
            .into_iter()
            .find(|laws| laws.year().to_string() == text.trim())
            .ok_or_else(|| ParseLawsError(text.to_owned()))
    }
}

/// The rate of play, which changes the penalties (Laws, Appendices A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rate {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl Rate {
    pub const fn name(self) -> &'static str {
        match self {
            Rate::Standard => "standard",
            Rate::Rapid => "rapid",
            Rate::Blitz => "blitz",
        }
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no rate of play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRateError(pub String);

impl fmt::Display for ParseRateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rate of play `{}`: expected standard, rapid or blitz",
            self.0
        )
    }
}

impl std::error::Error for ParseRateError {}

impl FromStr for Rate {
    type Err = ParseRateError;

    fn from_str(text: &str) -> Result<Rate, ParseRateError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "standard" | "classical" => Ok(Rate::Standard),
            "rapid" => Ok(Rate::Rapid),
            "blitz" => Ok(Rate::Blitz),
            _ => Err(ParseRateError(text.to_owned())),
        }
    }
}
