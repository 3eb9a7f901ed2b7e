//! The FIDE Tournament Report File (TRF-2026, TRF16 and the pairing engines' extension lines):
//! reading with the checks the format asks for, and writing.
//!
//! A TRF is fixed-column text, one record per line, the record named by its first three
//! characters. Player records (`001`) carry, from column 92, ten columns per round: the
//! opponent's starting rank, the colour and a result code. The reader keeps each round's codes
//! as written, so that writing gives them back, and checks that every opponent exists and
//! lists the player back in the same round with the other colour and the matching result.
//! Nothing here reads or writes files: text in, text out.

mod acceleration;

use std::collections::HashMap;
use std::fmt;

pub use acceleration::{Acceleration, AccelerationError, PlayerAcceleration};

use crate::chess::Color;
use crate::tournament::{Outcome, Player, PlayerId, Points, RoundResult, Sex, Title};

/// What was wrong with a TRF, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTrfError {
    pub line: usize,
    pub column: usize,
    pub kind: TrfErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A field that must be a number is not.
    NotANumber { field: &'static str, text: String },
    /// A starting rank outside 1-9999.
    BadStartingRank(String),
    /// Two player records with one starting rank.
    DuplicateStartingRank(u16),
    /// A round result code outside the table.
    BadResultCode(char),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A game result without an opponent, or a bye with one.
    OpponentMismatch { code: char },
    /// The opponent named in a round has no player record.
    UnknownOpponent { round: usize, opponent: u16 },
    /// The opponent does not list this player back in the same round, with the other colour
    /// and the matching result.
    Unreciprocated { round: usize, opponent: u16 },
    /// A date that is not `YYYY/MM/DD` (or `YY/MM/DD` in 132).
    BadDate(String),
    /// An unknown title.
    BadTitle(String),
    /// A control character (other than the line ends) inside a record.
    ControlCharacter(char),
    /// An acceleration record (`250` or `XXA`) that no reading fits.
    Acceleration {
        code: &'static str,
        expected: String,
        found: String,
    },
}

impl fmt::Display for ParseTrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            TrfErrorKind::NotANumber { field, text } => {
                write!(f, "expected a number for the {field}, found `{text}`")
            }
            TrfErrorKind::BadStartingRank(text) => {
                write!(
                    f,
                    "expected a starting rank from 1 to 9999 (columns 5-8: a report holds at most 9999 players), found `{text}`"
                )
            }
            TrfErrorKind::DuplicateStartingRank(rank) => {
                write!(f, "starting rank {rank} is used by two players")
            }
            TrfErrorKind::BadResultCode(c) => write!(
                f,
                "unknown result code `{c}`: expected one of 1 = 0 + - W D L H F U Z or blank"
            ),
            TrfErrorKind::BadColour(c) => {
                write!(f, "unknown colour `{c}`: expected w, b, - or blank")
            }
            TrfErrorKind::OpponentMismatch { code } => write!(
                f,
                "result `{code}` does not fit the opponent column (a game needs an opponent, a bye has none)"
            ),
            TrfErrorKind::UnknownOpponent { round, opponent } => {
                write!(f, "round {round}: opponent {opponent} has no player record")
            }
            TrfErrorKind::Unreciprocated { round, opponent } => write!(
                f,
                "round {round}: player {opponent} does not list this player back with the other colour and the matching result"
            ),
            TrfErrorKind::BadDate(text) => {
                write!(f, "expected a date YYYY/MM/DD, found `{text}`")
            }
            TrfErrorKind::BadTitle(text) => write!(f, "{}", text),
            TrfErrorKind::Acceleration {
                code,
                expected,
                found,
            } => {
                let error = AccelerationError {
                    column: self.column,
                    expected: expected.clone(),
                    found: found.clone(),
                };
                write!(f, "acceleration record {code}: {error}")
            }
            TrfErrorKind::ControlCharacter(c) => write!(
                f,
                "control character U+{:04X} inside a record: expected printable text in fixed columns",
                *c as u32
            ),
        }
    }
}

impl std::error::Error for ParseTrfError {}

/// Something suspicious that does not stop the reading, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub message: String,
}

/// One round of a player record, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrfRound {
    pub opponent: Option<PlayerId>,
    /// `w`, `b`, `-` or blank, as written.
    pub colour: char,
    /// The result code as written (blank is a space).
    pub code: char,
}

impl TrfRound {
    /// The round's meaning.
    pub fn result(self) -> Option<RoundResult> {
        let color = match self.colour {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        };
        let played = |outcome, rated| {
            Some(RoundResult::Played {
                opponent: self.opponent?,
                color: color?,
                outcome,
                rated,
            })
        };
        match self.code.to_ascii_uppercase() {
            '1' => played(Outcome::Win, true),
            '=' => played(Outcome::Draw, true),
            '0' => played(Outcome::Loss, true),
            'W' => played(Outcome::Win, false),
            'D' => played(Outcome::Draw, false),
            'L' => played(Outcome::Loss, false),
            '+' | '-' => match self.opponent {
                Some(opponent) => Some(RoundResult::Forfeit {
                    opponent,
                    color,
                    won: self.code == '+',
                }),
                // `0000 - +` and `0000 - -` appear in older files for a bye won or lost.
                None if self.code == '+' => Some(RoundResult::FullPointBye),
                None => Some(RoundResult::ZeroPointBye),
            },
            'H' => Some(RoundResult::HalfPointBye),
            'F' => Some(RoundResult::FullPointBye),
            'U' => Some(RoundResult::PairingAllocatedBye),
            'Z' => Some(RoundResult::ZeroPointBye),
            ' ' => Some(RoundResult::Absent),
            _ => None,
        }
    }
}

/// A player record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfPlayer {
    pub player: Player,
    /// The points written in columns 81-84.
    pub points: Points,
    pub rank: Option<u16>,
    pub rounds: Vec<TrfRound>,
}

/// A tournament report: the tournament records, the players, and what else the file holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trf {
    pub name: Option<String>,
    pub city: Option<String>,
    pub federation: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub chief_arbiter: Option<String>,
    pub deputy_arbiters: Vec<String>,
    pub time_control: Option<String>,
    /// Planned number of rounds (`142`, or the engines' `XXR`).
    pub rounds: Option<u32>,
    /// Initial colour of the top-ranked player in round 1 (`152`, or `XXC white1|black1`).
    pub initial_colour: Option<Color>,
    pub players: Vec<TrfPlayer>,
    /// Other records, kept as written (code and whole line) so that nothing is lost.
    pub other: Vec<(String, String)>,
    /// `###` comments: manual interventions.
    pub comments: Vec<String>,
}

/// Columns `from..=to` (1-based, inclusive, counted in characters) of a record, trimmed: the
/// one column reader for the records kept as written (`240`, `250`, `260`, `299`, `XXA`...),
/// shared by the store and the pairing input so that they read a record alike.
pub fn columns(line: &str, from: usize, to: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    field(&chars, from, to)
}

/// The player numbers of a record from column `from` on. TRF-2026 writes them every five
/// columns; they are read as numbers separated by blanks, which is the same for a record
/// written to the letter and also reads one whose numbers are not aligned. `None` when
/// something there is not a number from 1 to 9999.
pub fn player_numbers(line: &str, from: usize) -> Option<Vec<u16>> {
    line.chars()
        .skip(from.saturating_sub(1))
        .collect::<String>()
        .split_whitespace()
        .map(|t| t.parse::<u16>().ok().filter(|n| (1..=9999).contains(n)))
        .collect()
}

/// A prohibited pairing: every pair among `players` must not meet in rounds `first` to
/// `last` (`260`: rounds at columns 5-7 and 9-11, players from 13; the engines' `XXP`: every
/// round, players from 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prohibition {
    pub first: u32,
    /// `None`: to the end of the event.
    pub last: Option<u32>,
    pub players: Vec<u16>,
}

impl Prohibition {
    /// Reads a `260` or `XXP` record; `None` when it cannot be read.
    pub fn read(code: &str, line: &str) -> Option<Prohibition> {
        match code {
            "260" => {
                let first = columns(line, 5, 7)
                    .parse::<u32>()
                    .ok()
                    .filter(|&r| r >= 1)?;
                let last = columns(line, 9, 11).parse::<u32>().ok()?;
                if last < first {
                    return None;
                }
                Some(Prohibition {
                    first,
                    last: Some(last),
                    players: player_numbers(line, 13)?,
                })
            }
            "XXP" => Some(Prohibition {
                first: 1,
                last: None,
                players: player_numbers(line, 5)?,
            }),
            _ => None,
        }
    }

    /// Whether it holds in `round`.
    pub fn applies(&self, round: u32) -> bool {
        self.first <= round && self.last.is_none_or(|last| round <= last)
    }

    /// The `260` record, with `rounds` for a prohibition to the end of the event.
    pub fn record(&self, rounds: u32) -> String {
        let mut line = format!(
            "260 {:>3} {:>3}",
            self.first,
            self.last.unwrap_or(rounds.max(self.first))
        );
        for id in &self.players {
            line.push_str(&format!(" {id:>4}"));
        }
        line
    }
}

/// Requested byes (`240`): the kind at column 5 (`F`, `H`, `Z`), the round at 7-9, the
/// players from 11.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeRequest {
    pub kind: char,
    pub round: u32,
    pub players: Vec<u16>,
}

impl ByeRequest {
    /// Reads a `240` record; `None` when it cannot be read.
    pub fn read(line: &str) -> Option<ByeRequest> {
        let kind = match columns(line, 5, 5).as_str() {
            "F" => 'F',
            "H" => 'H',
            "Z" => 'Z',
            _ => return None,
        };
        Some(ByeRequest {
            kind,
            round: columns(line, 7, 9).parse().ok().filter(|&r| r >= 1)?,
            players: player_numbers(line, 11)?,
        })
    }
}

fn field(line: &[char], from: usize, to: usize) -> String {
    // Columns are 1-based and inclusive.
    line.get(from - 1..to.min(line.len()))
        .map(|cs| cs.iter().collect::<String>())
        .unwrap_or_default()
        .trim()
        .to_owned()
}

fn number<T: std::str::FromStr>(
    line_no: usize,
    column: usize,
    text: &str,
    name: &'static str,
) -> Result<Option<T>, ParseTrfError> {
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| ParseTrfError {
        line: line_no,
        column,
        kind: TrfErrorKind::NotANumber {
            field: name,
            text: text.to_owned(),
        },
    })
}

fn check_date(line_no: usize, column: usize, text: &str) -> Result<(), ParseTrfError> {
    let parts: Vec<&str> = text.split('/').collect();
    let ok = match parts.as_slice() {
        [y, m, d] => {
            y.len() == 4
                && y.bytes().all(|b| b.is_ascii_digit())
                && m.parse::<u32>().is_ok_and(|m| (1..=12).contains(&m))
                && d.parse::<u32>().is_ok_and(|d| (1..=31).contains(&d))
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(ParseTrfError {
            line: line_no,
            column,
            kind: TrfErrorKind::BadDate(text.to_owned()),
        })
    }
}

fn parse_player(line_no: usize, line: &[char]) -> Result<TrfPlayer, ParseTrfError> {
    let rank_text = field(line, 5, 8);
    // A program that writes more than 9999 players pushes a fifth digit into column 9 and every
    // later field one column right; read as it stands, the sex letter would be taken for a
    // title. The starting rank is the field at fault, so it is named with all its digits.
    if line.get(8).is_some_and(char::is_ascii_digit) && !rank_text.is_empty() {
        let digits: String = line[4..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        return Err(ParseTrfError {
            line: line_no,
            column: 5,
            kind: TrfErrorKind::BadStartingRank(digits),
        });
    }
    let id: u16 = match rank_text.parse() {
        Ok(n) if (1..=9999).contains(&n) => n,
        _ => {
            return Err(ParseTrfError {
                line: line_no,
                column: 5,
                kind: TrfErrorKind::BadStartingRank(rank_text),
            });
        }
    };
    let sex = match field(line, 10, 10).as_str() {
        "m" | "M" => Some(Sex::Male),
        "w" | "W" | "f" | "F" => Some(Sex::Female),
        _ => None,
    };
    let title_text = field(line, 11, 13);
    let title = if title_text.is_empty() {
        None
    } else {
        Some(
            title_text
                .parse::<Title>()
                .map_err(|message| ParseTrfError {
                    line: line_no,
                    column: 11,
                    kind: TrfErrorKind::BadTitle(message),
                })?,
        )
    };
    let name = field(line, 15, 47);
    let rating = number::<u16>(line_no, 49, &field(line, 49, 52), "rating")?.filter(|&r| r > 0);
    let federation = Some(field(line, 54, 56)).filter(|f| !f.is_empty());
    let fide_id = number::<u64>(line_no, 58, &field(line, 58, 68), "FIDE ID")?.filter(|&i| i > 0);
    let birth = Some(field(line, 70, 79)).filter(|b| !b.is_empty());
    let points_text = field(line, 81, 84);
    let points = if points_text.is_empty() {
        Points::ZERO
    } else {
        points_text.parse().map_err(|_| ParseTrfError {
            line: line_no,
            column: 81,
            kind: TrfErrorKind::NotANumber {
                field: "points",
                text: points_text.clone(),
            },
        })?
    };
    let rank = number::<u16>(line_no, 86, &field(line, 86, 89), "rank")?;
    let mut rounds = Vec::new();
    let mut start = 92;
    while line.len() >= start {
        let opponent_text = field(line, start, start + 3);
        let opponent = match number::<u16>(line_no, start, &opponent_text, "opponent")? {
            None | Some(0) => None,
            Some(n) => Some(PlayerId(n)),
        };
        let colour = line.get(start + 4).copied().unwrap_or(' ');
        if !matches!(colour, 'w' | 'b' | 'W' | 'B' | '-' | ' ') {
            return Err(ParseTrfError {
                line: line_no,
                column: start + 5,
                kind: TrfErrorKind::BadColour(colour),
            });
        }
        let code = line.get(start + 6).copied().unwrap_or(' ');
        let round = TrfRound {
            opponent,
            colour,
            code,
        };
        match round.result() {
            None if "1=0WDLwdl".contains(code) => {
                return Err(ParseTrfError {
                    line: line_no,
                    column: start + 7,
                    kind: TrfErrorKind::OpponentMismatch { code },
                });
            }
            None => {
                return Err(ParseTrfError {
                    line: line_no,
                    column: start + 7,
                    kind: TrfErrorKind::BadResultCode(code),
                });
            }
            Some(
                RoundResult::HalfPointBye
                | RoundResult::FullPointBye
                | RoundResult::PairingAllocatedBye
                | RoundResult::ZeroPointBye,
            ) if opponent.is_some() => {
                return Err(ParseTrfError {
                    line: line_no,
                    column: start + 7,
                    kind: TrfErrorKind::OpponentMismatch { code },
                });
            }
            Some(_) => rounds.push(round),
        }
        start += 10;
    }
    Ok(TrfPlayer {
        player: Player {
            id: PlayerId(id),
            name,
            sex,
            title,
            rating,
            national_rating: None,
            federation,
            fide_id,
            birth,
            club: None,
        },
        points,
        rank,
        rounds,
    })
}

/// Reads a TRF. Returns the report and the warnings (points that do not add up, unknown
/// records), or the first error with its line and column.
pub fn parse(text: &str) -> Result<(Trf, Vec<TrfWarning>), ParseTrfError> {
    let mut trf = Trf::default();
    let mut warnings = Vec::new();
    let mut lines_of: HashMap<u16, usize> = HashMap::new();
    // Lines may end with CR (as the standard says), LF or CRLF.
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    for (index, raw) in normalized.split('\n').enumerate() {
        let line_no = index + 1;
        let line: Vec<char> = raw.chars().collect();
        if raw.trim().is_empty() {
            continue;
        }
        // A tab or another control character shifts or splits the fixed columns; a record
        // holding one cannot be read as meant.
        if let Some(column) = line.iter().position(|c| c.is_control()) {
            return Err(ParseTrfError {
                line: line_no,
                column: column + 1,
                kind: TrfErrorKind::ControlCharacter(line[column]),
            });
        }
        if let Some(comment) = raw.strip_prefix("###") {
            trf.comments.push(comment.trim().to_owned());
            continue;
        }
        let code: String = line.iter().take(3).collect();
        let rest = || field(&line, 5, line.len().max(5));
        match code.as_str() {
            "001" => {
                let player = parse_player(line_no, &line)?;
                let id = player.player.id.0;
                if lines_of.insert(id, line_no).is_some() {
                    return Err(ParseTrfError {
                        line: line_no,
                        column: 5,
                        kind: TrfErrorKind::DuplicateStartingRank(id),
                    });
                }
                trf.players.push(player);
            }
            "012" => trf.name = Some(rest()),
            "022" => trf.city = Some(rest()),
            "032" => trf.federation = Some(rest()),
            "042" => {
                check_date(line_no, 5, &rest())?;
                trf.start_date = Some(rest());
            }
            "052" => {
                check_date(line_no, 5, &rest())?;
                trf.end_date = Some(rest());
            }
            "102" => trf.chief_arbiter = Some(rest()),
            "112" => trf.deputy_arbiters.push(rest()),
            "122" => trf.time_control = Some(rest()),
            "142" => trf.rounds = number(line_no, 5, &rest(), "number of rounds")?,
            "152" => {
                trf.initial_colour = match rest().as_str() {
                    "W" | "w" => Some(Color::White),
                    "B" | "b" => Some(Color::Black),
                    _ => None,
                }
            }
            "XXR" => {
                trf.rounds = number(line_no, 5, &rest(), "number of rounds")?;
            }
            "XXC" => {
                let text = rest().to_ascii_lowercase();
                if text.starts_with("white1") {
                    trf.initial_colour = Some(Color::White);
                } else if text.starts_with("black1") {
                    trf.initial_colour = Some(Color::Black);
                } else {
                    warnings.push(TrfWarning {
                        line: line_no,
                        message: format!("XXC `{text}` is neither white1 nor black1; ignored"),
                    });
                }
            }
            // Acceleration records stay as written (a program's own columns go back out as they
            // came), but one that no reading fits is refused here, where its line is known.
            "250" | "XXA" => {
                let read = if code == "250" {
                    Acceleration::read(raw).map(|_| ())
                } else {
                    PlayerAcceleration::read(raw).map(|_| ())
                };
                if let Err(error) = read {
                    return Err(ParseTrfError {
                        line: line_no,
                        column: error.column,
                        kind: TrfErrorKind::Acceleration {
                            code: if code == "250" { "250" } else { "XXA" },
                            expected: error.expected,
                            found: error.found,
                        },
                    });
                }
                trf.other.push((code, raw.to_owned()));
            }
            _ => {
                let known = [
                    "062", "072", "082", "092", "132", "162", "172", "182", "192", "202", "212",
                    "222", "240", "250", "260", "299", "XXA", "XXS", "XXP", "BBW", "BBD", "BBL",
                    "BBZ", "BBF", "BBU",
                ];
                // A national rating record: a federation's code, then a player's number.
                let national = code.len() == 3
                    && code.bytes().all(|b| b.is_ascii_uppercase())
                    && raw
                        .get(4..8)
                        .is_some_and(|n| n.trim().parse::<u16>().is_ok());
                if !known.contains(&code.as_str()) && !national {
                    warnings.push(TrfWarning {
                        line: line_no,
                        message: format!(
                            "record `{code}` is not one we read; it is kept as written"
                        ),
                    });
                }
                trf.other.push((code, raw.to_owned()));
            }
        }
    }
    check_rounds(&trf, &lines_of)?;
    check_points(&trf, &lines_of, &mut warnings);
    Ok((trf, warnings))
}

/// Every opponent exists and lists the player back with the other colour and the matching
/// result.
fn check_rounds(trf: &Trf, lines_of: &HashMap<u16, usize>) -> Result<(), ParseTrfError> {
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
fn check_points(trf: &Trf, lines_of: &HashMap<u16, usize>, warnings: &mut Vec<TrfWarning>) {
    let values = PointValues::of(trf);
    let (assigned, bonuses) = abnormal_points(trf);
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
            warnings.push(TrfWarning {
                line: lines_of.get(&player.player.id.0).copied().unwrap_or(0),
                message: format!(
                    "player {} has {} points written but the rounds add up to {all}",
                    player.player.id, player.points
                ),
            });
        }
    }
}

/// The points each kind of round result is worth in a report: the standard values, or those
/// of a `162` record (FIDE) or of the `BBx` lines (bbpPairings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointValues {
    /// Win, forfeit win, full-point bye.
    pub win: Points,
    /// Draw, half-point bye.
    pub draw: Points,
    /// Loss over the board.
    pub loss: Points,
    /// Forfeit loss, zero-point bye, absence.
    pub absence: Points,
    /// Pairing-allocated bye.
    pub bye: Points,
}

impl Default for PointValues {
    fn default() -> PointValues {
        PointValues {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            absence: Points::ZERO,
            bye: Points::ONE,
        }
    }
}

impl PointValues {
    /// The values a report declares, the standard ones where it declares none.
    pub fn of(trf: &Trf) -> PointValues {
        let mut values = PointValues::default();
        for (code, line) in &trf.other {
            let chars: Vec<char> = line.chars().collect();
            let column = |from: usize, to: usize| field(&chars, from, to);
            match code.as_str() {
                "162" => {
                    // A code at column 6, its points at 7-10, then every nine columns.
                    let mut start = 6;
                    while chars.len() >= start {
                        if let Ok(points) = column(start + 1, start + 4).parse::<Points>() {
                            match column(start, start).as_str() {
                                "W" => values.win = points,
                                "D" => values.draw = points,
                                "L" => values.loss = points,
                                "A" => values.absence = points,
                                "P" => values.bye = points,
                                _ => {}
                            }
                        }
                        start += 9;
                    }
                }
                "BBW" | "BBD" | "BBL" | "BBF" | "BBU" => {
                    if let Ok(points) = column(5, chars.len()).parse::<Points>() {
                        match code.as_str() {
                            "BBW" => values.win = points,
                            "BBD" => values.draw = points,
                            "BBL" => values.loss = points,
                            "BBF" => values.absence = points,
                            _ => values.bye = points,
                        }
                    }
                }
                _ => {}
            }
        }
        values
    }

    /// What one round result is worth.
    pub fn points(&self, result: RoundResult) -> Points {
        match result {
            RoundResult::Played {
                outcome: Outcome::Win,
                ..
            }
            | RoundResult::Forfeit { won: true, .. }
            | RoundResult::FullPointBye => self.win,
            RoundResult::Played {
                outcome: Outcome::Draw,
                ..
            }
            | RoundResult::HalfPointBye => self.draw,
            RoundResult::Played {
                outcome: Outcome::Loss,
                ..
            } => self.loss,
            RoundResult::PairingAllocatedBye => self.bye,
            RoundResult::Forfeit { won: false, .. }
            | RoundResult::ZeroPointBye
            | RoundResult::Absent => self.absence,
        }
    }
}

/// The `299` records (abnormal point assignments): points given for a kind of result in a
/// round instead of the 162 value, by (player, round); and penalties or bonuses (blank kind)
/// added to a player's total. Kind at column 5, points at 14-17, round at 20-22, players from
/// column 24 every five columns.
fn abnormal_points(trf: &Trf) -> (HashMap<(u16, u32), Points>, HashMap<u16, Points>) {
    let mut assigned = HashMap::new();
    let mut bonuses: HashMap<u16, Points> = HashMap::new();
    for (code, line) in &trf.other {
        if code != "299" {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let kind = field(&chars, 5, 5);
        let Ok(points) = field(&chars, 14, 17).parse::<Points>() else {
            continue;
        };
        let round = field(&chars, 20, 22).parse::<u32>().unwrap_or(0);
        for id in player_numbers(line, 24).unwrap_or_default() {
            if kind.is_empty() || round == 0 {
                *bonuses.entry(id).or_default() =
                    bonuses.get(&id).copied().unwrap_or_default() + points;
            } else {
                assigned.insert((id, round), points);
            }
        }
    }
    (assigned, bonuses)
}

/// Writes a TRF-2026 report: tournament records first, then the players, then the records
/// kept as written and the `###` comments.
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    let mut record = |code: &str, value: &Option<String>| {
        if let Some(value) = value {
            out.push_str(&format!("{code} {value}\n"));
        }
    };
    record("012", &trf.name);
    record("022", &trf.city);
    record("032", &trf.federation);
    record("042", &trf.start_date);
    record("052", &trf.end_date);
    record("102", &trf.chief_arbiter);
    for deputy in &trf.deputy_arbiters {
        record("112", &Some(deputy.clone()));
    }
    record("122", &trf.time_control);
    record("142", &trf.rounds.map(|r| r.to_string()));
    record(
        "152",
        &trf.initial_colour.map(|c| c.fold("W", "B").to_owned()),
    );
    for (_, line) in &trf.other {
        out.push_str(line);
        out.push('\n');
    }
    for player in &trf.players {
        out.push_str(&player_line(player));
        out.push('\n');
    }
    for comment in &trf.comments {
        out.push_str(&format!("### {comment}\n"));
    }
    out
}

/// One `001` line in its fixed columns.
pub fn player_line(player: &TrfPlayer) -> String {
    let p = &player.player;
    let sex = match p.sex {
        Some(Sex::Male) => "m",
        Some(Sex::Female) => "w",
        None => " ",
    };
    let title = p.title.map_or("", |t| t.as_str());
    // Title at columns 11-13, left-aligned after the sex at column 10.
    let name: String = p.name.chars().take(33).collect();
    let mut line = format!(
        "001 {:>4} {sex}{title:<3} {name:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id.0,
        p.rating.map_or(String::new(), |r| r.to_string()),
        p.federation.as_deref().unwrap_or(""),
        p.fide_id.map_or(String::new(), |i| i.to_string()),
        p.birth.as_deref().unwrap_or(""),
        player.points.to_string(),
        player.rank.map_or(String::new(), |r| r.to_string()),
    );
    for round in &player.rounds {
        let opponent = round
            .opponent
            .map_or("0000".to_owned(), |o| format!("{:>4}", o.0));
        line.push_str(&format!("  {opponent} {} {}", round.colour, round.code));
    }
    line.trim_end().to_owned()
}
