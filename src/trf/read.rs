//! Reading a report: the player records by their columns, every other record kept as
//! written, the dates of the round-dates record, and the notes that become warnings (one per
//! kind, with their lines). The checks across players are in `check.rs`.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;

use super::date;
use super::records::TEAM_RECORDS;
use super::{
    ParseTrfError, RecordKind, Trf, TrfErrorKind, TrfPlayer, TrfRound, TrfWarning, line_ranges,
};
use crate::chess::Color;
use crate::tournament::{Player, PlayerId, Points, RoundResult, Sex, Title};

use super::check::{check_points, check_rounds};

pub(super) fn field(line: &[char], from: usize, to: usize) -> String {
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

/// What the reader noticed on the way, summarised into warnings at the end: one warning per
/// kind, not one per line (a team event has hundreds of records we do not read).
#[derive(Debug, Default)]
struct Notes {
    /// Titles we do not know, with the lines that hold them.
    unknown_titles: BTreeMap<String, Vec<usize>>,
    /// Games written `Z` with an opponent (lichess: a game in progress).
    ongoing: Vec<usize>,
    /// Records we do not read, by code.
    unread: BTreeMap<String, Vec<usize>>,
    /// Column rulers and headings written without `###`.
    headings: Vec<usize>,
}

/// A column ruler (`123456789012...`, `         1         2`) or a heading that names the
/// columns with repeated letters (`DDD SSSS sTTT NNNN...`), as some programs and FIDE's own
/// samples write above a block of records without marking it as a `###` comment. Such a line
/// holds no data; it is left out with a notice rather than kept as a record.
fn is_heading(line: &str) -> bool {
    let ruler = line.bytes().all(|b| b == b' ' || b.is_ascii_digit())
        && (line.contains("1234567890") || line.trim_start().starts_with("1 "));
    let tokens: Vec<&str> = line.split_whitespace().collect();
    // Every token a column's name: runs of a repeated letter, at most two (`NNNN`, `sTTT`,
    // `GGGGf`, `RRF`), with perhaps the digits of a round (`PPP1`, `T01`) or the slashes of a
    // date (`BBBB/BB/BB`). A name (`Test0014`, `India`) has more runs than that.
    let column_name = |token: &str| {
        let letters: Vec<char> = token
            .chars()
            .filter(|c| *c != '/' && !c.is_ascii_digit())
            .collect();
        let runs = letters.windows(2).filter(|w| w[0] != w[1]).count() + 1;
        token.chars().all(|c| c == '/' || c.is_ascii_alphanumeric())
            && (letters.is_empty() || runs <= 2)
    };
    let named = tokens.len() >= 3
        && tokens[0].len() == 3
        && tokens[0].chars().all(|c| c.is_ascii_uppercase())
        && tokens.iter().all(|t| column_name(t));
    ruler || named
}

/// A title as written in columns 11-13: TRF16 and TRF-2026 write `GM IM WGM FM WIM CM WFM
/// WCM`; older files (Swiss-Manager's exports of the 2000s, JaVaFo's sample) write the FIDE
/// rating list's one-letter codes `g m f c` and `wg wm wf wc`. `None` for a title we do not
/// know.
fn read_title(text: &str) -> Option<Title> {
    let title = match text.to_ascii_lowercase().as_str() {
        "g" => Title::Gm,
        "m" => Title::Im,
        "f" => Title::Fm,
        "c" => Title::Cm,
        "wg" => Title::Wgm,
        "wm" => Title::Wim,
        "wf" => Title::Wfm,
        "wc" => Title::Wcm,
        _ => return text.parse::<Title>().ok(),
    };
    Some(title)
}

fn parse_player(
    line_no: usize,
    line: &[char],
    notes: &mut Notes,
) -> Result<TrfPlayer, ParseTrfError> {
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
    // A title we do not know is left out with a warning: the rest of the record reads.
    let title = read_title(&title_text);
    if title.is_none() && !title_text.is_empty() {
        notes
            .unknown_titles
            .entry(title_text)
            .or_default()
            .push(line_no);
    }
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
        let mut code = line.get(start + 6).copied().unwrap_or(' ');
        // lichess writes a bye or an absence with neither opponent nor colour (`         U`);
        // the standard's form is `0000 - U`, which the export then writes.
        let colour = if opponent.is_none() && colour == ' ' && code != ' ' {
            '-'
        } else {
            colour
        };
        // lichess writes a game in progress as `Z` with the opponent and colour ("Ongoing" in
        // its exporter): a paired round without a result yet, as a blank code says it. The
        // opponent must list it back alike, as for any blank result.
        if matches!(code, 'Z' | 'z') && opponent.is_some() {
            notes.ongoing.push(line_no);
            code = ' ';
        }
        // Vega writes a requested half-point bye as `0000 - =` (its manual's trfx section:
        // "absent with a forfeited draw"): the standard's `H`, which the export then writes.
        if code == '=' && opponent.is_none() {
            code = 'H';
        }
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
            k_factor: None,
            list_games: None,
            other_titles: None,
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
    let mut notes = Notes::default();
    let mut lines_of: HashMap<u16, usize> = HashMap::new();
    // The dates of 042, 052 and 132, read once the whole file is known: the file decides the
    // order of an ambiguous date.
    let mut dates: Vec<DateField> = Vec::new();
    // Where the 132 record sits among the records kept as written, to write it back standard.
    let mut round_dates_at: Option<usize> = None;
    // Lines may end with CR (as the standard says), LF or CRLF.
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    for (index, raw) in normalized.split('\n').enumerate() {
        let line_no = index + 1;
        // Blanks and tabs after the last field move nothing (real files end records with a
        // stray tab); a tab inside a record does, and is refused below.
        let raw = match raw.trim_end_matches([' ', '\t']) {
            trimmed if raw[trimmed.len()..].contains('\t') => trimmed,
            _ => raw,
        };
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
        // A record written with its code and nothing after it says nothing.
        let text = || Some(rest()).filter(|t| !t.is_empty());
        match code.as_str() {
            "001" => {
                let player = parse_player(line_no, &line, &mut notes)?;
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
            "012" => trf.name = text(),
            "022" => trf.city = text(),
            "032" => trf.federation = text(),
            "042" | "052" => dates.push(DateField {
                code: if code == "042" { "042" } else { "052" },
                line: line_no,
                column: 5,
                text: rest(),
                round: 0,
            }),
            "102" => trf.chief_arbiter = text(),
            "112" => trf.deputy_arbiters.extend(text()),
            "122" => trf.time_control = text(),
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
                let read = match RecordKind::read(&code, raw) {
                    RecordKind::Acceleration(read) => read.map(|_| ()),
                    RecordKind::PlayerAcceleration(read) => read.map(|_| ()),
                    _ => unreachable!("the acceleration records are read as such"),
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
            "132" => {
                dates.extend(round_date_fields(line_no, &line));
                round_dates_at = Some(trf.other.len());
                trf.other.push((code, raw.to_owned()));
            }
            _ => {
                let known = [
                    "062", "072", "082", "092", "162", "172", "182", "192", "202", "212", "222",
                    "240", "250", "260", "299", "XXA", "XXS", "XXP", "BBW", "BBD", "BBL", "BBZ",
                    "BBF", "BBU",
                ];
                // A national rating record: a federation's code, then a player's number.
                let national = code.len() == 3
                    && code.bytes().all(|b| b.is_ascii_uppercase())
                    && raw
                        .get(4..8)
                        .is_some_and(|n| n.trim().parse::<u16>().is_ok());
                if !known.contains(&code.as_str()) && !national {
                    if is_heading(raw) {
                        notes.headings.push(line_no);
                        continue;
                    }
                    notes.unread.entry(code.clone()).or_default().push(line_no);
                }
                trf.other.push((code, raw.to_owned()));
            }
        }
    }
    read_dates(&mut trf, &dates, round_dates_at, &mut warnings)?;
    check_rounds(&trf, &lines_of)?;
    notes.summarise(&trf, &mut warnings);
    check_points(&trf, &lines_of, &mut warnings);
    Ok((trf, warnings))
}

impl Notes {
    /// One warning per kind of thing noticed, and first of all, plainly, that a team event is
    /// read as individual games.
    fn summarise(&self, trf: &Trf, warnings: &mut Vec<TrfWarning>) {
        let team_codes: Vec<&str> = TEAM_RECORDS
            .into_iter()
            .filter(|code| self.unread.contains_key(*code))
            .collect();
        let team_system = trf
            .other
            .iter()
            .any(|(code, line)| code == "192" && line.to_ascii_uppercase().contains("TEAM"));
        if !team_codes.is_empty() || team_system {
            let message = if team_codes.is_empty() {
                "this is a team event (its 192 record names a team system): it is read here as individual games; teams and match points are not read".to_owned()
            } else {
                let mut lines: Vec<usize> = team_codes
                    .iter()
                    .flat_map(|code| self.unread[*code].iter().copied())
                    .collect();
                lines.sort_unstable();
                let counts: Vec<String> = team_codes
                    .iter()
                    .map(|code| match self.unread[*code].len() {
                        1 => format!("`{code}`"),
                        n => format!("{n} `{code}`"),
                    })
                    .collect();
                format!(
                    "this is a team event: it is read here as individual games; its team records ({}; {}) are not read, and they are kept as written",
                    counts.join(", "),
                    line_ranges(&lines)
                )
            };
            warnings.push(TrfWarning { line: 0, message });
        }
        for (code, lines) in &self.unread {
            if TEAM_RECORDS.contains(&code.as_str()) {
                continue;
            }
            let message = match lines.as_slice() {
                [_] => format!("record `{code}` is not one we read; it is kept as written"),
                _ => format!(
                    "{} `{code}` records ({}) are not ones we read; they are kept as written",
                    lines.len(),
                    line_ranges(lines)
                ),
            };
            warnings.push(TrfWarning {
                line: if lines.len() == 1 { lines[0] } else { 0 },
                message,
            });
        }
        if !self.headings.is_empty() {
            warnings.push(TrfWarning {
                line: if self.headings.len() == 1 {
                    self.headings[0]
                } else {
                    0
                },
                message: format!(
                    "{} ({}) read as column headings or rulers written without `###`: they hold no data and are left out",
                    if self.headings.len() == 1 {
                        "a line".to_owned()
                    } else {
                        format!("{} lines", self.headings.len())
                    },
                    line_ranges(&self.headings)
                ),
            });
        }
        for (title, lines) in &self.unknown_titles {
            warnings.push(TrfWarning {
                line: if lines.len() == 1 { lines[0] } else { 0 },
                message: format!(
                    "title `{title}`{} is not one we know (GM IM WGM FM WIM CM WFM WCM, or the older g m wg wm f wf c wc): read without a title",
                    if lines.len() == 1 {
                        String::new()
                    } else {
                        format!(" ({})", line_ranges(lines))
                    }
                ),
            });
        }
        if !self.ongoing.is_empty() {
            warnings.push(TrfWarning {
                line: 0,
                message: format!(
                    "{} games written `Z` with an opponent ({}; lichess writes a game in progress so) are read as paired without a result yet",
                    self.ongoing.len() / 2 + self.ongoing.len() % 2,
                    line_ranges(&self.ongoing)
                ),
            });
        }
    }
}

/// One date field: `042`, `052`, or one round's date in `132` (`round` from 1).
#[derive(Debug, Clone)]
struct DateField {
    code: &'static str,
    line: usize,
    column: usize,
    text: String,
    round: usize,
}

/// The round dates of a `132` record. The standard puts round `r`'s date at columns
/// 92 + 10(r-1) to 99 + 10(r-1); programs put them a column or two off (Sharly-Chess writes
/// from column 93), so a date belongs to the round whose columns it starts nearest. A record
/// whose dates start before column 87 is not in columns at all: its dates are the rounds in
/// order.
fn round_date_fields(line_no: usize, line: &[char]) -> Vec<DateField> {
    let mut fields = Vec::new();
    let mut column = 4;
    while column < line.len() {
        if line[column] == ' ' {
            column += 1;
            continue;
        }
        // A date ends at two blanks or the line's end: the forms with single blanks inside
        // (`28. 07. 2005`, `Oct 13, 2024`) stay whole.
        let start = column;
        while column < line.len()
            && !(line[column] == ' ' && line.get(column + 1).is_none_or(|&c| c == ' '))
        {
            column += 1;
        }
        fields.push((start + 1, line[start..column].iter().collect::<String>()));
    }
    let in_columns = fields.first().is_some_and(|&(c, _)| c >= 87);
    fields
        .into_iter()
        .enumerate()
        .map(|(i, (column, text))| DateField {
            code: "132",
            line: line_no,
            column,
            text,
            round: if in_columns {
                (column - 87) / 10 + 1
            } else {
                i + 1
            },
        })
        .collect()
}

/// Reads the dates of 042, 052 and 132 in whichever real form they are written, writes them
/// back in the standard's form, and says in one warning how dates with the year last (day and
/// month in either order) were read. A date no form fits is refused where it stands.
fn read_dates(
    trf: &mut Trf,
    fields: &[DateField],
    round_dates_at: Option<usize>,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(), ParseTrfError> {
    let readings: Vec<date::DateReading> = fields.iter().map(|f| date::read(&f.text)).collect();
    if let Some(bad) = fields
        .iter()
        .zip(&readings)
        .find(|(_, r)| **r == date::DateReading::Bad)
    {
        return Err(ParseTrfError {
            line: bad.0.line,
            column: bad.0.column,
            kind: TrfErrorKind::BadDate(bad.0.text.clone()),
        });
    }
    let (order, decider) = date::order_of(&readings);
    let mut round_dates: BTreeMap<usize, String> = BTreeMap::new();
    for (field, reading) in fields.iter().zip(&readings) {
        let Some(day) = reading.resolve(order) else {
            continue;
        };
        match field.code {
            "042" => trf.start_date = Some(date::standard(day)),
            "052" => trf.end_date = Some(date::standard(day)),
            _ => {
                round_dates.insert(field.round, date::short(day));
            }
        }
    }
    if let Some(at) = round_dates_at {
        // Written back in the standard's columns, so that every reader of the kept record
        // (the event database, the export) finds each date under its round.
        let mut line = format!("{:<91}", "132");
        let last = round_dates.keys().max().copied().unwrap_or(0);
        for round in 1..=last {
            let text = round_dates.get(&round).map_or("", String::as_str);
            line.push_str(&format!("{text:<10}"));
        }
        trf.other[at].1 = line.trim_end().to_owned();
    }
    // Two-digit years: the standard's YY/MM/DD is taken (it is the standard's form in 132);
    // in 042/052, where the standard writes four digits, say so once when DD/MM/YY would give
    // another date, so that a director can see a misreading.
    let short: Vec<(&DateField, NaiveDate, NaiveDate)> = fields
        .iter()
        .zip(&readings)
        .filter_map(|(field, reading)| match *reading {
            date::DateReading::ShortYear {
                year_first: Some(a),
                year_last: Some(b),
            } if a != b && field.code != "132" => Some((field, a, b)),
            _ => None,
        })
        .collect();
    if let Some(&(first, standard, other)) = short.first() {
        let mut lines: Vec<usize> = short.iter().map(|(f, ..)| f.line).collect();
        lines.dedup();
        warnings.push(TrfWarning {
            line: if lines.len() == 1 { lines[0] } else { 0 },
            message: format!(
                "dates with two-digit years ({}) are read as the standard's YY/MM/DD: `{}` is {}, where DD/MM/YY would give {}",
                line_ranges(&lines),
                first.text,
                date::standard(standard),
                date::standard(other)
            ),
        });
    }
    let either: Vec<(&DateField, date::DateReading)> = fields
        .iter()
        .zip(readings.iter().copied())
        .filter(|(_, r)| matches!(r, date::DateReading::Either { .. }))
        .collect();
    let ambiguous = either.iter().find(|(_, r)| r.is_ambiguous());
    let (name, other) = match order {
        date::Order::DayFirst => ("day first (DD/MM/YYYY)", date::Order::MonthFirst),
        date::Order::MonthFirst => ("month first (MM/DD/YYYY)", date::Order::DayFirst),
    };
    let lines: Vec<usize> = {
        let mut lines: Vec<usize> = either.iter().map(|(f, _)| f.line).collect();
        lines.dedup();
        lines
    };
    let why = match (decider, ambiguous) {
        (Some(i), _) => format!(
            "as `{}` on line {} can only be read so",
            fields[i].text, fields[i].line
        ),
        (None, Some((field, reading))) => {
            let shown = |order| {
                reading
                    .resolve(order)
                    .map(date::standard)
                    .unwrap_or_default()
            };
            format!(
                "the habit of the European pairing programs, as no date of the file decides it: `{}` is read as {}, not {}",
                field.text,
                shown(order),
                shown(other)
            )
        }
        (None, None) => return Ok(()),
    };
    let conflicting = either
        .iter()
        .any(|(_, r)| r.decides().is_some_and(|o| o != order));
    let message = if conflicting {
        format!(
            "dates with the year last ({}) disagree on the order of day and month: each is read in the order that fits it, and the others {name}",
            line_ranges(&lines)
        )
    } else {
        format!(
            "dates with the year last ({}) are read {name}, {why}",
            line_ranges(&lines)
        )
    };
    warnings.push(TrfWarning { line: 0, message });
    Ok(())
}
