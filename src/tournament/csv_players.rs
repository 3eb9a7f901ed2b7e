//! Players from a CSV file with a header row, as federations and registration forms produce
//! them: the columns are found by their headers, in any order and under the usual spellings.
//! Every row is checked before anything is used, and the first bad field is named by line and
//! column.

use std::fmt;

use super::{Player, PlayerId, Sex, Title};

/// A field of a CSV file that cannot be read, or a header that is missing (players and
/// results files alike).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    /// 1-based line of the file.
    pub line: u64,
    /// 1-based column (field), when one is to blame.
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {column}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for CsvError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Rating,
    NationalRating,
    FideId,
    Federation,
    Title,
    Birth,
    Sex,
    Club,
}

/// The field a header names: letters and digits only, case ignored (`FIDE ID`, `fide_id`
/// and `FideId` are one header).
fn field_of(header: &str) -> Option<Field> {
    let key: String = header
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    Some(match key.as_str() {
        "name" | "player" | "playername" | "fullname" | "lastnamefirstname" => Field::Name,
        "rating" | "elo" | "fiderating" | "rtg" | "ratingfide" | "fideelo" => Field::Rating,
        "nationalrating" | "national" | "nat" | "natrating" | "nationalelo" | "dwz" | "ecf"
        | "uscf" | "nrating" => Field::NationalRating,
        "fideid" | "id" | "fidenumber" | "idfide" | "fidecode" => Field::FideId,
        "federation" | "fed" | "country" | "nation" => Field::Federation,
        "title" | "tit" | "fidetitle" => Field::Title,
        "birth" | "born" | "birthdate" | "birthyear" | "dateofbirth" | "dob" | "year" => {
            Field::Birth
        }
        "sex" | "gender" => Field::Sex,
        "club" | "team" | "clubcity" => Field::Club,
        _ => return None,
    })
}

/// A CSV reader for a file with a header row as spreadsheets write it: comma or semicolon
/// separated (a semicolon is the separator of spreadsheets in much of Europe; it is taken
/// when the header line has more semicolons than commas), fields trimmed, a BOM ignored.
pub(crate) fn reader(text: &str) -> csv::Reader<&[u8]> {
    let header_line = text.lines().next().unwrap_or_default();
    let delimiter = if header_line.matches(';').count() > header_line.matches(',').count() {
        b';'
    } else {
        b','
    };
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes())
}

/// Reads the players of a CSV text. Returns them with the headers that were not used (to
/// be reported, never dropped silently), or the first error.
pub fn players_from_csv(text: &str) -> Result<(Vec<Player>, Vec<String>), CsvError> {
    let mut reader = reader(text);
    let headers = reader
        .headers()
        .map_err(|e| CsvError {
            line: 1,
            column: None,
            message: format!("cannot read the header row: {e}"),
        })?
        .clone();
    let mut columns: Vec<(usize, Field)> = Vec::new();
    let mut unused = Vec::new();
    for (index, header) in headers.iter().enumerate() {
        match field_of(header) {
            Some(field) if !columns.iter().any(|(_, f)| *f == field) => {
                columns.push((index, field))
            }
            _ => unused.push(header.to_owned()),
        }
    }
    if !columns.iter().any(|(_, f)| *f == Field::Name) {
        return Err(CsvError {
            line: 1,
            column: None,
            message: "no name column: the header row needs a column such as `name`".into(),
        });
    }
    let mut players = Vec::new();
    let mut lines = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| CsvError {
            line: e.position().map_or(0, |p| p.line()),
            column: None,
            message: e.to_string(),
        })?;
        let line = record.position().map_or(0, |p| p.line());
        if record.iter().all(str::is_empty) {
            continue;
        }
        let mut player = Player {
            id: PlayerId(0),
            name: String::new(),
            sex: None,
            title: None,
            rating: None,
            national_rating: None,
            federation: None,
            fide_id: None,
            birth: None,
            club: None,
        };
        for &(index, field) in &columns {
            let value = record.get(index).unwrap_or_default();
            let bad = |message: String| CsvError {
                line,
                column: Some(index + 1),
                message,
            };
            if value.is_empty() {
                if field == Field::Name {
                    return Err(bad("the name is empty".into()));
                }
                continue;
            }
            if let Some(message) = super::control_character_message("field", value) {
                return Err(bad(message));
            }
            match field {
                Field::Name => player.name = value.to_owned(),
                Field::Rating => {
                    player.rating = Some(
                        value
                            .parse::<u16>()
                            .ok()
                            .filter(|&r| r <= 3500)
                            .ok_or_else(|| {
                                bad(format!(
                                    "`{value}` is not a rating (a whole number up to 3500)"
                                ))
                            })?,
                    )
                }
                Field::NationalRating => {
                    player.national_rating = Some(
                        value
                            .parse::<u16>()
                            .ok()
                            .filter(|&r| r <= 3500)
                            .ok_or_else(|| {
                                bad(format!(
                                    "`{value}` is not a national rating (a whole number up to 3500)"
                                ))
                            })?,
                    )
                }
                Field::FideId => {
                    player.fide_id =
                        Some(value.parse::<u64>().map_err(|_| {
                            bad(format!("`{value}` is not a FIDE ID (digits only)"))
                        })?)
                }
                Field::Federation => {
                    if value.len() != 3 || !value.bytes().all(|b| b.is_ascii_alphabetic()) {
                        return Err(bad(format!(
                            "`{value}` is not a federation code (three letters such as NOR)"
                        )));
                    }
                    player.federation = Some(value.to_ascii_uppercase());
                }
                Field::Title => player.title = Some(value.parse::<Title>().map_err(bad)?),
                Field::Birth => player.birth = Some(value.to_owned()),
                Field::Sex => {
                    player.sex = Some(match value.to_ascii_lowercase().as_str() {
                        "m" | "male" => Sex::Male,
                        "w" | "f" | "female" => Sex::Female,
                        _ => return Err(bad(format!("`{value}` is not a sex: expected m or w"))),
                    })
                }
                Field::Club => player.club = Some(value.to_owned()),
            }
        }
        players.push(player);
        lines.push(line);
    }
    // A FIDE ID twice in one file is a mistake to fix before anything is registered.
    for (i, a) in players.iter().enumerate() {
        if let Some(id) = a.fide_id
            && players[..i].iter().any(|b| b.fide_id == Some(id))
        {
            return Err(CsvError {
                line: lines[i],
                column: None,
                message: format!("FIDE ID {id} appears twice (here for {})", a.name),
            });
        }
    }
    Ok((players, unused))
}
