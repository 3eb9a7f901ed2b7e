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
    KFactor,
    ListGames,
    OtherTitles,
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
        // The FIDE list's headers for the standard rate (`SK`, `SGm`, `OTit`) and ours.
        "k" | "kfactor" | "sk" => Field::KFactor,
        "listgames" | "sgm" => Field::ListGames,
        "othertitles" | "otit" | "otitle" => Field::OtherTitles,
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

/// The characters that make a spreadsheet read a cell as a formula when they come first.
/// Our CSV writers put a single quote before a cell that starts with one of them (OWASP's
/// advice against CSV injection; see `render::cells`), and [`players_from_csv`] drops such a
/// quote again, so that an exported list reads back as it was.
pub const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A field without the quote our CSV writers put before a cell a spreadsheet would run.
fn unquoted(value: &str) -> &str {
    match value.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_START) => rest,
        _ => value,
    }
}

/// The 1-based line on which the record at a byte offset of `text` starts. The CSV reader
/// puts a record's offset on the LF of the CRLF before it, so that its own line count was one
/// too low in files with CRLF line ends; here line ends at the offset are skipped and LF, CRLF
/// and a lone CR each count as one.
pub(crate) fn line_at(text: &str, byte: u64) -> u64 {
    let text = text.trim_start_matches('\u{feff}').as_bytes();
    let mut start = usize::try_from(byte).map_or(text.len(), |b| b.min(text.len()));
    while matches!(text.get(start), Some(b'\r' | b'\n')) {
        start += 1;
    }
    let before = &text[..start];
    let ends = before
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && before.get(i + 1) != Some(&b'\n')))
        .count();
    ends as u64 + 1
}

/// What a players file holds: each good row's player with its line, the headers that were not
/// used (to be reported, never dropped silently), and every bad row's error, in file order.
#[derive(Debug, Default)]
pub struct PlayersFile {
    pub players: Vec<(u64, Player)>,
    pub unused: Vec<String>,
    pub errors: Vec<CsvError>,
}

/// Reads the players of a CSV text. Returns them with the headers that were not used, or the
/// first error; [`read_players`] lists every error.
pub fn players_from_csv(text: &str) -> Result<(Vec<Player>, Vec<String>), CsvError> {
    let file = read_players(text);
    match file.errors.into_iter().next() {
        Some(first) => Err(first),
        None => Ok((
            file.players.into_iter().map(|(_, p)| p).collect(),
            file.unused,
        )),
    }
}

/// Reads the players of a CSV text, checking every row: a director fixes all the bad rows of
/// a file in one go rather than one per run.
pub fn read_players(text: &str) -> PlayersFile {
    let mut file = PlayersFile::default();
    let mut reader = reader(text);
    let headers = match reader.headers() {
        Ok(headers) => headers.clone(),
        Err(e) => {
            file.errors.push(CsvError {
                line: 1,
                column: None,
                message: format!("cannot read the header row: {e}"),
            });
            return file;
        }
    };
    let mut columns: Vec<(usize, Field)> = Vec::new();
    for (index, header) in headers.iter().enumerate() {
        match field_of(header) {
            Some(field) if !columns.iter().any(|(_, f)| *f == field) => {
                columns.push((index, field))
            }
            _ => file.unused.push(header.to_owned()),
        }
    }
    if !columns.iter().any(|(_, f)| *f == Field::Name) {
        file.errors.push(CsvError {
            line: 1,
            column: None,
            message: "no name column: the header row needs a column such as `name`".into(),
        });
        return file;
    }
    for record in reader.records() {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                file.errors.push(CsvError {
                    line: e.position().map_or(0, |p| line_at(text, p.byte())),
                    column: None,
                    message: e.to_string(),
                });
                continue;
            }
        };
        let line = record.position().map_or(0, |p| line_at(text, p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        match player_of(&record, &columns, line) {
            Ok(player) => file.players.push((line, player)),
            Err(err) => file.errors.push(err),
        }
    }
    // A FIDE ID twice in one file is a mistake to fix before anything is registered.
    for (i, (line, a)) in file.players.iter().enumerate() {
        if let Some(id) = a.fide_id
            && let Some((first, _)) = file.players[..i]
                .iter()
                .find(|(_, b)| b.fide_id == Some(id))
        {
            file.errors.push(CsvError {
                line: *line,
                column: None,
                message: format!(
                    "FIDE ID {id} appears twice (here for {}, first on line {first})",
                    a.name
                ),
            });
        }
    }
    file.errors.sort_by_key(|e| e.line);
    file
}

/// One row's player, or the first bad field of the row.
/// A rating as federations write it: a whole number up to 3500.
fn rating(value: &str, what: &str) -> Result<u16, String> {
    value
        .parse::<u16>()
        .ok()
        .filter(|&r| r <= 3500)
        .ok_or_else(|| format!("`{value}` is not a {what} (a whole number up to 3500)"))
}

fn player_of(
    record: &csv::StringRecord,
    columns: &[(usize, Field)],
    line: u64,
) -> Result<Player, CsvError> {
    let mut player = Player::new(PlayerId(0), String::new());
    for &(index, field) in columns {
        let value = unquoted(record.get(index).unwrap_or_default());
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
            Field::Rating => player.rating = Some(rating(value, "rating").map_err(bad)?),
            Field::NationalRating => {
                player.national_rating = Some(rating(value, "national rating").map_err(bad)?)
            }
            Field::FideId => {
                player.fide_id = Some(
                    value
                        .parse::<u64>()
                        .map_err(|_| bad(format!("`{value}` is not a FIDE ID (digits only)")))?,
                )
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
            Field::KFactor => {
                player.k_factor = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|k| (1..=99).contains(k))
                        .ok_or_else(|| {
                            bad(format!(
                                "`{value}` is not a K factor (a whole number 1 to 99)"
                            ))
                        })?,
                )
            }
            Field::ListGames => {
                player.list_games = Some(value.parse::<u16>().map_err(|_| {
                    bad(format!(
                        "`{value}` is not a number of rated games (a whole number)"
                    ))
                })?)
            }
            Field::OtherTitles => player.other_titles = Some(value.to_owned()),
        }
    }
    Ok(player)
}

#[cfg(test)]
mod tests {
    use super::{line_at, read_players};

    /// The lines of a file's records with LF, CRLF and lone CR line ends: the data rows of
    /// `name\n"A, B"\n"C, D"\n` are on lines 2 and 3, whatever ends the lines.
    #[test]
    fn record_lines_with_every_line_end() {
        for end in ["\n", "\r\n", "\r"] {
            let text = format!("name,rating{end}\"A, B\",2000{end}\"C, D\",x{end}");
            let file = read_players(&text);
            let lines: Vec<u64> = file.players.iter().map(|(line, _)| *line).collect();
            assert_eq!(lines, [2], "{end:?}");
            assert_eq!(file.errors.len(), 1, "{end:?}");
            assert_eq!(file.errors[0].line, 3, "{end:?}");
        }
        assert_eq!(line_at("a\r\nb", 0), 1);
    }

    /// K must be one of the factors B.02 8.3.3 can give, a whole number: 0 and 120 are not;
    /// the error names the line and the column.
    #[test]
    fn a_k_factor_out_of_range_is_refused_where_it_stands() {
        let file = read_players("name,k,list games\nA,40,12\nB,0,1\nC,120,x\n");
        assert_eq!(file.players.len(), 1);
        assert_eq!(file.players[0].1.k_factor, Some(40));
        assert_eq!(file.players[0].1.list_games, Some(12));
        let found: Vec<(u64, Option<usize>)> =
            file.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(found, [(3, Some(2)), (4, Some(2))]);
        assert!(file.errors[0].message.contains("is not a K factor"));
    }

    /// A cell our writers quoted against spreadsheet formulas reads back without the quote;
    /// a name that merely begins with a quote keeps it.
    #[test]
    fn neutralised_cells_read_back() {
        let text =
            "name,club\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\"), A\",'-cmd\n\"'t Hart, Jan\",\n";
        let file = read_players(text);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
        assert_eq!(file.players[0].1.name, "=HYPERLINK(\"http://x\",\"y\"), A");
        assert_eq!(file.players[0].1.club.as_deref(), Some("-cmd"));
        assert_eq!(file.players[1].1.name, "'t Hart, Jan");
    }
}
