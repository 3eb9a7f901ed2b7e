//! The event's lists for programs: players, the log and a round's boards as JSON or CSV.

use serde::Serialize;

use crate::tournament::record::{LogEntry, RoundView};
use crate::tournament::{Player, Sex};

#[derive(Serialize)]
struct PlayerView<'a> {
    number: u16,
    name: &'a str,
    title: Option<&'static str>,
    rating: Option<u16>,
    national_rating: Option<u16>,
    fide_id: Option<u64>,
    federation: Option<&'a str>,
    birth: Option<&'a str>,
    sex: Option<&'static str>,
    club: Option<&'a str>,
    /// The K factor, the rated games and the other titles the FIDE rating list gave.
    k: Option<u8>,
    list_games: Option<u16>,
    other_titles: Option<&'a str>,
    /// `active`, `withdrawn from round k` or `late entry from round k`.
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<String>,
}

fn player_view(p: &Player) -> PlayerView<'_> {
    PlayerView {
        number: p.id.0,
        name: &p.name,
        title: p.title.map(|t| t.as_str()),
        rating: p.rating,
        national_rating: p.national_rating,
        fide_id: p.fide_id,
        federation: p.federation.as_deref(),
        birth: p.birth.as_deref(),
        sex: p.sex.map(|s| match s {
            Sex::Male => "m",
            Sex::Female => "w",
        }),
        club: p.club.as_deref(),
        k: p.k_factor,
        list_games: p.list_games,
        other_titles: p.other_titles.as_deref(),
        status: None,
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// `player list --format json`: an array of players with their status.
pub fn players_json(players: &[Player], status: &dyn Fn(u16) -> String) -> String {
    to_json(
        &players
            .iter()
            .map(|p| PlayerView {
                status: Some(status(p.id.0)),
                ..player_view(p)
            })
            .collect::<Vec<_>>(),
    )
}

/// `player list --format csv` and `export players`: the columns `import players` reads.
pub fn players_csv(players: &[Player]) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record([
            "number",
            "name",
            "title",
            "rating",
            "fide_id",
            "federation",
            "birth",
            "sex",
            "club",
            "national_rating",
            "k",
            "list_games",
            "other_titles",
        ])
        .map_err(|e| e.to_string())?;
    for p in players.iter().map(player_view) {
        writer
            .write_record(super::cells::record(&[
                p.number.to_string(),
                p.name.to_owned(),
                p.title.unwrap_or_default().to_owned(),
                p.rating.map_or(String::new(), |r| r.to_string()),
                p.fide_id.map_or(String::new(), |i| i.to_string()),
                p.federation.unwrap_or_default().to_owned(),
                p.birth.unwrap_or_default().to_owned(),
                p.sex.unwrap_or_default().to_owned(),
                p.club.unwrap_or_default().to_owned(),
                p.national_rating.map_or(String::new(), |r| r.to_string()),
                p.k.map_or(String::new(), |k| k.to_string()),
                p.list_games.map_or(String::new(), |g| g.to_string()),
                p.other_titles.unwrap_or_default().to_owned(),
            ]))
            .map_err(|e| e.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

#[derive(Serialize)]
struct LogView<'a> {
    at: &'a str,
    command: &'a str,
    what: &'a str,
    old: Option<&'a str>,
    new: Option<&'a str>,
}

/// `log --format json`: every change, oldest first.
pub fn log_json(entries: &[LogEntry]) -> String {
    to_json(
        &entries
            .iter()
            .map(|e| LogView {
                at: &e.at,
                command: &e.command,
                what: &e.what,
                old: e.old.as_deref(),
                new: e.new.as_deref(),
            })
            .collect::<Vec<_>>(),
    )
}

#[derive(Serialize)]
struct BoardView {
    board: Option<u32>,
    white: u16,
    black: u16,
    /// TRF result codes of White and Black; blank while the game is unfinished.
    white_code: String,
    black_code: String,
}

#[derive(Serialize)]
struct UnpairedView {
    player: u16,
    code: String,
}

#[derive(Serialize)]
struct RoundJson {
    round: u32,
    boards: Vec<BoardView>,
    unpaired: Vec<UnpairedView>,
}

/// `round show --format json`.
pub fn round_json(round: u32, view: &RoundView) -> String {
    to_json(&RoundJson {
        round,
        boards: view
            .games
            .iter()
            .map(|g| BoardView {
                board: g.board,
                white: g.white.0,
                black: g.black.0,
                white_code: g.white_code.to_string().trim().to_owned(),
                black_code: g.black_code.to_string().trim().to_owned(),
            })
            .collect(),
        unpaired: view
            .unpaired
            .iter()
            .map(|(p, c)| UnpairedView {
                player: p.0,
                code: c.to_string().trim().to_owned(),
            })
            .collect(),
    })
}

/// `round show --format csv`: one row per board, then one per unpaired player (board empty),
/// with TRF result codes; `white_points`/`black_points` are blank until a result is in.
pub fn round_csv(
    round: u32,
    view: &RoundView,
    names: &dyn Fn(u16) -> String,
) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record([
            "round",
            "board",
            "white",
            "white_name",
            "black",
            "black_name",
            "result",
            "white_code",
            "black_code",
        ])
        .map_err(|e| e.to_string())?;
    for g in &view.games {
        writer
            .write_record(super::cells::record(&[
                round.to_string(),
                g.board.map_or(String::new(), |b| b.to_string()),
                g.white.0.to_string(),
                names(g.white.0),
                g.black.0.to_string(),
                names(g.black.0),
                result_text(g.white_code, g.black_code),
                g.white_code.to_string().trim().to_owned(),
                g.black_code.to_string().trim().to_owned(),
            ]))
            .map_err(|e| e.to_string())?;
    }
    for (p, code) in &view.unpaired {
        writer
            .write_record(super::cells::record(&[
                round.to_string(),
                String::new(),
                p.0.to_string(),
                names(p.0),
                String::new(),
                String::new(),
                String::new(),
                code.to_string().trim().to_owned(),
                String::new(),
            ]))
            .map_err(|e| e.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// A game's result from White's side as `import results` and `result` read it (`1-0`,
/// `1/2`, `+-`, `1-0u`, `*` for adjourned), empty while there is none.
pub fn result_text(white: char, black: char) -> String {
    crate::tournament::ResultCode::from_codes(white, black)
        .map_or("", crate::tournament::ResultCode::text)
        .to_owned()
}
