//! Output for people and programs: view structs built from the library's results, turned
//! into text, JSON, CSV or HTML strings. Nothing here prints or touches files.

pub mod cells;
pub mod crosstable;
pub mod event;
pub mod explain;
mod html;
mod json;
pub mod norms;
pub mod pgn;
pub mod rating;
pub mod scoresheet;
pub mod site;
pub mod standings;
pub mod text;
pub mod winnable;

/// A number with its noun in the right form: `1 player`, `2 players`, `0 results`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
