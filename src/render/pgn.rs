//! Attached game scores written as PGN for export (`export pgn`, the site's `games.pgn`).
//!
//! A score is stored as the text it was attached with: a PGN from a board or a program, or a
//! hand-typed sheet in any notation the checker reads. Exported, each becomes one game in the
//! PGN standard's export format: the tags come from the event and the pairing, not from the
//! sheet (the Seven Tag Roster first, then Board, titles, ratings, FIDE ids, EventDate and
//! TimeControl), the moves are the sheet's legal moves in English SAN, and the result is the
//! one entered, which is the official one (Laws Art. 8.7). Whatever the sheet says that the
//! official record does not — another result, an illegal move and the rest of its score —
//! goes into comments, so nothing written is lost.

use crate::scoresheet::pgn::read_games;
use crate::scoresheet::verify::{self, move_number};
use crate::tournament::Player;
use crate::tournament::settings::EventSettings;

/// One attached score with its pairing and the result entered (TRF codes of both sides).
pub struct PgnGame<'a> {
    pub round: u32,
    pub board: Option<u32>,
    pub white: &'a Player,
    pub black: &'a Player,
    pub white_code: char,
    pub black_code: char,
    /// The text as attached.
    pub text: &'a str,
}

/// A tag value as the PGN standard (8.1) writes it: a quote or backslash inside is preceded
/// by a backslash; a line break or other control character, which a string may not hold,
/// becomes a space.
pub fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Text for a brace comment: the standard has no escape inside comments, so a closing brace,
/// which would end the comment early, becomes a parenthesis, and line breaks become spaces.
fn comment(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| match c {
            '}' => ')',
            '{' => '(',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!(
        "{{{}}}",
        cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

/// A `YYYY-MM-DD` date as PGN writes it (`YYYY.MM.DD`); `????.??.??` when unknown.
fn pgn_date(date: &str) -> String {
    let parts: Vec<&str> = date.trim().split('-').collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => format!("{y}.{m}.{d}"),
        _ => "????.??.??".to_owned(),
    }
}

/// The PGN standard's TimeControl (9.6.1) for a control typed as minutes plus seconds per
/// move: `90+30` is `5400+30`, `90` is `5400`; with moves first, `40/90+30` is `40/5400+30`.
/// Other forms (several periods) are not guessed at: the tag is left out.
pub fn time_control(text: &str) -> Option<String> {
    let text = text.trim();
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => (Some(moves.trim().parse::<u32>().ok()?), rest.trim()),
        None => (None, text),
    };
    let (minutes, increment) = match rest.split_once('+') {
        Some((m, i)) => (m.trim(), Some(i.trim().parse::<u32>().ok()?)),
        None => (rest, None),
    };
    let seconds = minutes.parse::<u32>().ok()?.checked_mul(60)?;
    let mut out = moves.map_or(String::new(), |m| format!("{m}/"));
    out.push_str(&seconds.to_string());
    if let Some(i) = increment {
        out.push_str(&format!("+{i}"));
    }
    Some(out)
}

/// The result entered, as PGN writes it, and a note when PGN's four results cannot say it
/// all (forfeits, unrated games, a double forfeit): [`ResultCode::pgn`]. Codes that make no
/// result together are `*`, with "adjourned" when one side is adjourned.
///
/// [`ResultCode::pgn`]: crate::tournament::ResultCode::pgn
fn entered_result(white: char, black: char) -> (&'static str, Option<&'static str>) {
    use crate::tournament::{ADJOURNED, ResultCode};
    match ResultCode::from_codes(white, black) {
        Some(result) => result.pgn(),
        None if white == ADJOURNED || black == ADJOURNED => ("*", Some("adjourned")),
        None => ("*", None),
    }
}

/// A suffix mark as the export format writes it: a NAG (PGN standard 8.2.3.8).
fn nag(mark: &str) -> String {
    match mark {
        "!" => "$1",
        "?" => "$2",
        "!!" => "$3",
        "??" => "$4",
        "!?" => "$5",
        "?!" => "$6",
        other => other,
    }
    .to_owned()
}

/// Tags the exporter sets itself: the sheet's own values of these are not copied.
const OWN_TAGS: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Board",
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteFideId",
    "BlackFideId",
    "WhiteFed",
    "BlackFed",
    "EventDate",
    "TimeControl",
    "SetUp",
    "FEN",
];

/// One game in export format, ending with a blank line.
/// The event's details (name, place, dates, time control, Laws and rate) give every game its
/// tags.
pub fn game_pgn(event: &EventSettings, game: &PgnGame<'_>) -> String {
    let raw = read_games(game.text).into_iter().next();
    let (result, result_note) = entered_result(game.white_code, game.black_code);

    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag = |name: &str, value: String| tags.push((name.to_owned(), value));
    tag("Event", nonempty(&event.name));
    let site = [event.city.trim(), event.federation.trim()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    tag("Site", nonempty(&site));
    // The round's own date; a one-day event's date is every round's.
    let date = match event.round_dates.get(game.round as usize - 1) {
        Some(d) if !d.trim().is_empty() => d.clone(),
        _ if !event.start.is_empty() && (event.end.is_empty() || event.end == event.start) => {
            event.start.clone()
        }
        _ => String::new(),
    };
    tag("Date", pgn_date(&date));
    tag("Round", game.round.to_string());
    tag("White", nonempty(&game.white.name));
    tag("Black", nonempty(&game.black.name));
    tag("Result", result.to_owned());
    if let Some(board) = game.board {
        tag("Board", board.to_string());
    }
    for (side, player) in [("White", game.white), ("Black", game.black)] {
        if let Some(title) = player.title {
            tag(&format!("{side}Title"), title.to_string());
        }
    }
    for (side, player) in [("White", game.white), ("Black", game.black)] {
        if let Some(rating) = player.rating {
            tag(&format!("{side}Elo"), rating.to_string());
        }
    }
    for (side, player) in [("White", game.white), ("Black", game.black)] {
        if let Some(id) = player.fide_id {
            tag(&format!("{side}FideId"), id.to_string());
        }
    }
    for (side, player) in [("White", game.white), ("Black", game.black)] {
        if let Some(fed) = player.federation.as_deref().filter(|f| !f.is_empty()) {
            tag(&format!("{side}Fed"), fed.to_owned());
        }
    }
    if !event.start.is_empty() {
        tag("EventDate", pgn_date(&event.start));
    }
    if let Some(tc) = time_control(&event.time_control) {
        tag("TimeControl", tc);
    }

    let mut words: Vec<String> = Vec::new();
    if let Some(raw) = &raw {
        if let Some(fen) = raw.tag("FEN") {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push(("FEN".to_owned(), fen.to_owned()));
        }
        // The sheet's other tags (opening, termination, annotator...) are kept after ours.
        for t in &raw.tags {
            if !OWN_TAGS.contains(&t.name.as_str())
                && !tags.iter().any(|(n, _)| t.name == n.as_str())
            {
                tags.push((t.name.to_string(), t.value.to_string()));
            }
        }
        let options = verify::Options {
            laws: event.laws,
            rate: event.rate,
            claims: false,
            ..Default::default()
        };
        let (report, played) = verify::verify_with_game(raw, options);
        for c in raw.comments() {
            words.push(comment(c));
        }
        let start = *played.start();
        for (i, &mv) in played.moves().iter().enumerate() {
            let ply = i + 1;
            let (number, black) = move_number(&start, ply);
            if !black {
                words.push(format!("{number}."));
            } else if i == 0 || words.last().is_some_and(|w| w.ends_with('}')) {
                // Black's move after a comment or at the start repeats its number.
                words.push(format!("{number}..."));
            }
            let before = played.position_at(i).copied().unwrap_or(start);
            words.push(before.san(mv));
            // Token i is the written move that became ply i + 1.
            if let Some(token) = raw.moves.get(i) {
                words.extend(raw.annotations_of(token).map(nag));
                words.extend(raw.comments_of(token).map(comment));
            }
        }
        let rest: Vec<&str> = raw
            .moves
            .iter()
            .skip(played.plies())
            .map(|t| t.text.as_str())
            .collect();
        if let Some(illegal) = &report.first_illegal {
            words.push(comment(&format!(
                "the score sheet continues with an illegal move, {} {}: {}; as written from there: {}",
                illegal.label,
                illegal.token,
                illegal.reason,
                rest.join(" ")
            )));
        } else if !rest.is_empty() {
            let why = report.ended.map_or("after the game ended".to_owned(), |e| {
                format!("after the game ended ({})", e.ending)
            });
            words.push(comment(&format!(
                "written on the score sheet {why}: {}",
                rest.join(" ")
            )));
        }
        if let Some(recorded) = report.result.as_deref().filter(|r| *r != result) {
            words.push(comment(&if result == "*" {
                format!("the score sheet gives {recorded}; no result is entered")
            } else {
                format!(
                    "the score sheet gives {recorded}; the result entered, {result}, stands (Art. 8.7)"
                )
            }));
        }
    }
    if let Some(note) = result_note {
        words.push(comment(note));
    }
    words.push(result.to_owned());

    let mut out = String::new();
    for (name, value) in &tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    out.push('\n');
    out.push_str(&wrap(&words, 79));
    out.push_str("\n\n");
    out
}

/// `?`, the PGN standard's "unknown", for an empty value.
fn nonempty(value: &str) -> String {
    if value.trim().is_empty() {
        "?".to_owned()
    } else {
        value.to_owned()
    }
}

/// Movetext in lines of at most `width` characters (the export format's 80 at most), broken
/// between words; comments may be broken at their spaces.
fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in words.iter().flat_map(|w| w.split(' ')) {
        let len = word.chars().count();
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        // A `%` in the first column makes the line an escape that readers skip (PGN
        // standard 6): such a word starts one column in.
        if line == 0 && word.starts_with('%') {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PGN standard 8.1: "a quote inside a string is represented by the backslash
    /// immediately followed by a quote; a backslash inside a string is represented by two
    /// adjacent backslashes".
    #[test]
    fn tag_values_escape_quotes_and_backslashes() {
        assert_eq!(escape_tag(r#"O"Neil \ Co"#), r#"O\"Neil \\ Co"#);
        assert_eq!(escape_tag("two\nlines"), "two lines");
    }

    /// The standard's 9.6.1 examples: "40/9000" style periods and "sudden death" seconds.
    #[test]
    fn time_controls_in_seconds() {
        assert_eq!(time_control("90+30").as_deref(), Some("5400+30"));
        assert_eq!(time_control("90").as_deref(), Some("5400"));
        assert_eq!(time_control("40/120").as_deref(), Some("40/7200"));
        assert_eq!(time_control("90 min + 30 s"), None);
    }

    /// PGN standard 6: a line with `%` in its first column is skipped by readers, so a
    /// comment's word must never open a line that way.
    #[test]
    fn no_movetext_line_starts_with_a_percent_sign() {
        let words: Vec<String> = ["1.", "e4", "{50%", "%keep}", "e5"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let text = wrap(&words, 8);
        assert!(text.lines().all(|l| !l.starts_with('%')), "{text}");
        assert!(text.contains(" %keep}"), "{text}");
    }

    #[test]
    fn comments_cannot_be_closed_early() {
        assert_eq!(comment("a } b\nc"), "{a ) b c}");
    }
}
