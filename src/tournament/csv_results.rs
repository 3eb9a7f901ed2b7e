//! Results from a CSV file with a header row (`import results`): one game per row, found by
//! its board or by its players, with the result from White's side as `arbiter result` takes
//! it. Every row is checked before anything is entered.

use super::ResultCode;
pub use super::csv_players::CsvError;
use super::csv_players::{line_at, reader};

/// One row: where the game is and its result, from White's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultRow {
    /// 1-based line of the file.
    pub line: u64,
    /// The round, when the file has a round column.
    pub round: Option<u32>,
    pub board: Option<u32>,
    pub white: Option<u16>,
    pub black: Option<u16>,
    pub result: ResultCode,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Round,
    Board,
    White,
    Black,
    Result,
}

fn field_of(header: &str) -> Option<Field> {
    let key: String = header
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    Some(match key.as_str() {
        "round" | "rd" | "rnd" | "r" => Field::Round,
        "board" | "bd" | "table" | "brd" => Field::Board,
        "white" | "whiteno" | "whitenumber" | "w" | "whiteid" => Field::White,
        "black" | "blackno" | "blacknumber" | "b" | "blackid" => Field::Black,
        "result" | "res" | "score" => Field::Result,
        _ => return None,
    })
}

/// Reads the rows of a results CSV (comma or semicolon separated). Needs a result column and
/// a board or white column; returns the rows or the first error with its line and column.
pub fn results_from_csv(text: &str) -> Result<Vec<ResultRow>, CsvError> {
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
    for (index, header) in headers.iter().enumerate() {
        if let Some(field) = field_of(header)
            && !columns.iter().any(|(_, f)| *f == field)
        {
            columns.push((index, field));
        }
    }
    let has = |f: Field| columns.iter().any(|(_, x)| *x == f);
    if !has(Field::Result) {
        return Err(CsvError {
            line: 1,
            column: None,
            message: "no result column: the header row needs `result`".into(),
        });
    }
    if !has(Field::Board) && !has(Field::White) {
        return Err(CsvError {
            line: 1,
            column: None,
            message: "no board or white column: the header row needs `board` or `white`".into(),
        });
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| CsvError {
            line: e.position().map_or(0, |p| line_at(text, p.byte())),
            column: None,
            message: e.to_string(),
        })?;
        let line = record.position().map_or(0, |p| line_at(text, p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        let mut row = ResultRow {
            line,
            round: None,
            board: None,
            white: None,
            black: None,
            // Replaced by the row's result below; a row without one is refused.
            result: ResultCode::Adjourned,
        };
        let mut has_result = false;
        for &(index, field) in &columns {
            let value = record.get(index).unwrap_or_default();
            let bad = |message: String| CsvError {
                line,
                column: Some(index + 1),
                message,
            };
            if value.is_empty() {
                continue;
            }
            let number = |what: &str| {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| {
                        bad(format!("`{value}` is not a {what} (a whole number from 1)"))
                    })
            };
            match field {
                Field::Round => row.round = Some(number("round")?),
                Field::Board => row.board = Some(number("board")?),
                Field::White | Field::Black => {
                    let n = number("player number")?;
                    let n = u16::try_from(n)
                        .map_err(|_| bad(format!("`{value}` is not a player number")))?;
                    if field == Field::White {
                        row.white = Some(n);
                    } else {
                        row.black = Some(n);
                    }
                }
                Field::Result => {
                    row.result = ResultCode::from_text(value).ok_or_else(|| {
                        bad(format!(
                            "unknown result `{value}`: expected 1-0, 0-1, 1/2, +-, -+, --, 1-0u, 0-1u, 1/2u or *"
                        ))
                    })?;
                    has_result = true;
                }
            }
        }
        if !has_result {
            return Err(CsvError {
                line,
                column: columns
                    .iter()
                    .find(|(_, f)| *f == Field::Result)
                    .map(|(i, _)| i + 1),
                message: "the result is empty".into(),
            });
        }
        if row.board.is_none() && row.white.is_none() {
            return Err(CsvError {
                line,
                column: None,
                message: "the row names neither a board nor White".into(),
            });
        }
        rows.push(row);
    }
    Ok(rows)
}
