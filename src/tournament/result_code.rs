//! The result of one board as a director enters it, with every way it is written: what a
//! director types (`1-0`, `1/2`, `+-`, `1-0u`, `*`...), the two TRF codes the event database
//! and the report keep (White's, Black's), the text of the results tables (`1 - 0`,
//! `½ - ½ (unrated)`), the short text of CSV and JSON (`1-0`, `1/2`, `+-`), and the PGN result
//! with its comment. One enum, so that these mappings are written once.

use super::ADJOURNED;

/// The result of a game, from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    WhiteWins,
    BlackWins,
    Draw,
    /// Black did not appear (TRF `+`/`-`).
    WhiteWinsByForfeit,
    /// White did not appear (TRF `-`/`+`).
    BlackWinsByForfeit,
    /// Neither player appeared (TRF `-`/`-`).
    DoubleForfeit,
    /// A game shorter than one move: it counts for points but not for rating (TRF `W`/`L`).
    WhiteWinsUnrated,
    BlackWinsUnrated,
    DrawUnrated,
    /// Not finished: a draw for pairing (C.04.1), pending in the standings (`*`/`*`).
    Adjourned,
}

impl ResultCode {
    pub const ALL: [ResultCode; 10] = [
        ResultCode::WhiteWins,
        ResultCode::BlackWins,
        ResultCode::Draw,
        ResultCode::WhiteWinsByForfeit,
        ResultCode::BlackWinsByForfeit,
        ResultCode::DoubleForfeit,
        ResultCode::WhiteWinsUnrated,
        ResultCode::BlackWinsUnrated,
        ResultCode::DrawUnrated,
        ResultCode::Adjourned,
    ];

    /// A result as a director types it (`arbiter result`, `import results`), from White's side.
    pub fn from_text(text: &str) -> Option<ResultCode> {
        Some(match text.trim() {
            "1-0" => ResultCode::WhiteWins,
            "0-1" => ResultCode::BlackWins,
            "1/2" | "1/2-1/2" | "½-½" | "½" | "=" => ResultCode::Draw,
            "+-" | "+/-" => ResultCode::WhiteWinsByForfeit,
            "-+" | "-/+" => ResultCode::BlackWinsByForfeit,
            "--" | "-/-" => ResultCode::DoubleForfeit,
            "1-0u" => ResultCode::WhiteWinsUnrated,
            "0-1u" => ResultCode::BlackWinsUnrated,
            "1/2u" | "½-½u" => ResultCode::DrawUnrated,
            "*" | "adj" | "adjourned" => ResultCode::Adjourned,
            _ => return None,
        })
    }

    /// The TRF codes of White and Black.
    pub const fn codes(self) -> (char, char) {
        match self {
            ResultCode::WhiteWins => ('1', '0'),
            ResultCode::BlackWins => ('0', '1'),
            ResultCode::Draw => ('=', '='),
            ResultCode::WhiteWinsByForfeit => ('+', '-'),
            ResultCode::BlackWinsByForfeit => ('-', '+'),
            ResultCode::DoubleForfeit => ('-', '-'),
            ResultCode::WhiteWinsUnrated => ('W', 'L'),
            ResultCode::BlackWinsUnrated => ('L', 'W'),
            ResultCode::DrawUnrated => ('D', 'D'),
            ResultCode::Adjourned => (ADJOURNED, ADJOURNED),
        }
    }

    /// The result whose codes are White's `white` and Black's `black`; none for a game
    /// without a result (blank codes) or codes that do not make a result together.
    pub fn from_codes(white: char, black: char) -> Option<ResultCode> {
        ResultCode::ALL
            .into_iter()
            .find(|r| r.codes() == (white, black))
    }

    /// The same result with the colours swapped: what it is from Black's side.
    pub const fn reversed(self) -> ResultCode {
        match self {
            ResultCode::WhiteWins => ResultCode::BlackWins,
            ResultCode::BlackWins => ResultCode::WhiteWins,
            ResultCode::WhiteWinsByForfeit => ResultCode::BlackWinsByForfeit,
            ResultCode::BlackWinsByForfeit => ResultCode::WhiteWinsByForfeit,
            ResultCode::WhiteWinsUnrated => ResultCode::BlackWinsUnrated,
            ResultCode::BlackWinsUnrated => ResultCode::WhiteWinsUnrated,
            ResultCode::Draw
            | ResultCode::DoubleForfeit
            | ResultCode::DrawUnrated
            | ResultCode::Adjourned => self,
        }
    }

    /// The short form CSV and JSON write, the one `arbiter result` reads first (`1-0`, `1/2`,
    /// `+-`, `--`, `1-0u`, `*`).
    pub const fn text(self) -> &'static str {
        match self {
            ResultCode::WhiteWins => "1-0",
            ResultCode::BlackWins => "0-1",
            ResultCode::Draw => "1/2",
            ResultCode::WhiteWinsByForfeit => "+-",
            ResultCode::BlackWinsByForfeit => "-+",
            ResultCode::DoubleForfeit => "--",
            ResultCode::WhiteWinsUnrated => "1-0u",
            ResultCode::BlackWinsUnrated => "0-1u",
            ResultCode::DrawUnrated => "1/2u",
            ResultCode::Adjourned => "*",
        }
    }

    /// As results tables write it: `1 - 0`, `½ - ½`, `+ - -`, `1 - 0 (unrated)`, `adjourned`.
    pub const fn shown(self) -> &'static str {
        match self {
            ResultCode::WhiteWins => "1 - 0",
            ResultCode::BlackWins => "0 - 1",
            ResultCode::Draw => "½ - ½",
            ResultCode::WhiteWinsByForfeit => "+ - -",
            ResultCode::BlackWinsByForfeit => "- - +",
            ResultCode::DoubleForfeit => "- - -",
            ResultCode::WhiteWinsUnrated => "1 - 0 (unrated)",
            ResultCode::BlackWinsUnrated => "0 - 1 (unrated)",
            ResultCode::DrawUnrated => "½ - ½ (unrated)",
            ResultCode::Adjourned => "adjourned",
        }
    }

    /// The PGN result tag, and a comment when PGN's four results cannot say it all (forfeits,
    /// unrated games, a double forfeit, an adjourned game).
    pub const fn pgn(self) -> (&'static str, Option<&'static str>) {
        const UNRATED: Option<&str> = Some("unrated: fewer than one move was played");
        match self {
            ResultCode::WhiteWins => ("1-0", None),
            ResultCode::BlackWins => ("0-1", None),
            ResultCode::Draw => ("1/2-1/2", None),
            ResultCode::WhiteWinsByForfeit => ("1-0", Some("White won by forfeit")),
            ResultCode::BlackWinsByForfeit => ("0-1", Some("Black won by forfeit")),
            ResultCode::DoubleForfeit => ("*", Some("both players forfeited")),
            ResultCode::WhiteWinsUnrated => ("1-0", UNRATED),
            ResultCode::BlackWinsUnrated => ("0-1", UNRATED),
            ResultCode::DrawUnrated => ("1/2-1/2", UNRATED),
            ResultCode::Adjourned => ("*", Some("adjourned")),
        }
    }

    /// The result a score sheet of this game should show (its PGN result), for the games
    /// whose moves decide it: rated games and forfeits. None for unrated, adjourned and
    /// double-forfeited games, which a sheet is not compared with.
    pub const fn sheet_result(self) -> Option<&'static str> {
        match self {
            ResultCode::WhiteWins | ResultCode::WhiteWinsByForfeit => Some("1-0"),
            ResultCode::BlackWins | ResultCode::BlackWinsByForfeit => Some("0-1"),
            ResultCode::Draw => Some("1/2-1/2"),
            _ => None,
        }
    }
}

/// Two TRF codes as results tables write them (see [`ResultCode::shown`]): empty while the
/// game has none, and codes that make no result together (only from files of other programs)
/// side by side, each as it reads.
pub fn shown_codes(white: char, black: char) -> String {
    if white == ' ' && black == ' ' {
        return String::new();
    }
    if let Some(result) = ResultCode::from_codes(white, black) {
        return result.shown().to_owned();
    }
    let side = |c: char| match c {
        '=' | 'D' => "½".to_owned(),
        'W' => "1".to_owned(),
        'L' => "0".to_owned(),
        ' ' => String::new(),
        other => other.to_string(),
    };
    if white == ADJOURNED {
        return "adjourned".to_owned();
    }
    let unrated = if matches!(white, 'W' | 'D' | 'L') {
        " (unrated)"
    } else {
        ""
    };
    format!("{} - {}{unrated}", side(white), side(black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_reads_back_from_its_codes_and_its_text() {
        for result in ResultCode::ALL {
            let (white, black) = result.codes();
            assert_eq!(ResultCode::from_codes(white, black), Some(result));
            assert_eq!(ResultCode::from_text(result.text()), Some(result));
            assert_eq!(result.reversed().reversed(), result);
            assert_eq!(result.reversed().codes(), (black, white));
            assert_eq!(shown_codes(white, black), result.shown());
        }
        assert_eq!(ResultCode::from_codes(' ', ' '), None);
        assert_eq!(shown_codes(' ', ' '), "");
        assert_eq!(ResultCode::from_text("½-½u"), Some(ResultCode::DrawUnrated));
        assert_eq!(ResultCode::from_text("2-0"), None);
    }
}
