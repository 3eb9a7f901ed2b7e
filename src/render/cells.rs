//! CSV cells that a spreadsheet would run as formulas, made plain text.
//!
//! Spreadsheets read a cell that begins with `=`, `+`, `-` or `@` as a formula, and some also
//! after a leading tab or carriage return; a player registered as `=HYPERLINK("http://x","y")`
//! would turn a director's standings into a link or worse (OWASP, "CSV Injection"). As OWASP
//! advises, such a cell is written with a single quote in front, which spreadsheets show and
//! never evaluate. A sign followed only by digits, signs, separators and `½` (`-3`, `+1.5`,
//! a crosstable's `-½`, the forfeit results `+-` and `--`) is left alone: with no letter it
//! can name no function and no cell, and it is what the column means. `import players` drops
//! the quote again (see [`crate::tournament::csv_players`]), so our exports read back as they
//! were.

use crate::tournament::csv_players::FORMULA_START;

/// A cell as a spreadsheet may safely open it.
pub fn neutralised(cell: &str) -> String {
    let mut chars = cell.chars();
    let dangerous = match chars.next() {
        Some('+' | '-') => !chars.all(|c| c.is_ascii_digit() || ".,½+-/ ".contains(c)),
        Some(c) => FORMULA_START.contains(&c),
        None => false,
    };
    if dangerous {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// A record's cells, each [`neutralised`].
pub fn record<S: AsRef<str>>(cells: &[S]) -> Vec<String> {
    cells.iter().map(|c| neutralised(c.as_ref())).collect()
}

#[cfg(test)]
mod tests {
    use super::neutralised;

    /// The triggers OWASP's "CSV Injection" page lists, each as the first character.
    #[test]
    fn formula_starts_get_a_quote() {
        for cell in [
            "=HYPERLINK(\"http://x\",\"y\"), A",
            "+cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0",
            "@SUM(1+1)*cmd|' /C calc'!A0",
            "\t=1+1",
            "\r=1+1",
        ] {
            assert_eq!(neutralised(cell), format!("'{cell}"));
        }
    }

    /// Numbers, signs alone and ordinary names are what the columns mean and stay as they are.
    #[test]
    fn numbers_and_names_stay() {
        for cell in [
            "-3",
            "+1.5",
            "-½",
            "-",
            "+",
            "12w1",
            "Carlsen, Magnus",
            "",
            "'t Hart, Jan",
        ] {
            assert_eq!(neutralised(cell), cell);
        }
    }
}
