//! The FIDE rating list around an event: importing a list into the rating lists a user's
//! events share, registering a player from it, checking the registered players against it,
//! and filling imported rows from it.
//!
//! Which list an event uses: the period it noted (the setting `rating-period`, set when its
//! players' values are first taken from a list), else the latest imported list not after the
//! event's start month (FIDE publishes a list on the first of each month, valid for that
//! month), else the latest imported. The event copies the values it takes (rating, K, the
//! games on the list, titles), so it stays complete when the list moves on.

use std::path::Path;

use crate::chess::Rate;
use crate::ratinglist::{self, ListFormat, ListPlayer, ReadListError};
use crate::store::{PlayerChanges, PlayerField, RatingList, Store, StoreError};
use crate::tournament::{Player, PlayerId, Sex, Title};

use super::EventError;

/// What `ratings import` stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListImport {
    pub period: String,
    pub format: ListFormat,
    /// The file inside a zip that was read.
    pub member: Option<String>,
    pub players: u64,
    /// How many players the period had before (0 for a new period).
    pub replaced: u64,
}

/// The period a list is imported as when `--period` is not given: the period in the file's
/// name (FIDE's monthly archives, `players_list_foa_jul26.zip`), else the event's start month,
/// else none (the caller asks for --period).
pub fn default_period(file: &Path, start: Option<&str>) -> Option<String> {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    name.as_deref()
        .and_then(ratinglist::period_in_name)
        .or_else(|| start.filter(|s| s.len() >= 7).map(|s| s[..7].to_owned()))
}

/// Reads FIDE's list from `file` into `period` of the rating lists: all of it or (if the list
/// is malformed anywhere) nothing, the period's previous list left as it was.
pub fn import_list(
    list: &mut RatingList,
    file: &Path,
    period: &str,
) -> Result<ListImport, EventError> {
    let shown = file.display().to_string();
    let period = ratinglist::parse_period(period).map_err(EventError::invalid)?;
    let input = std::fs::File::open(file)
        .map_err(|err| EventError::Io(format!("cannot read {shown}: {err}")))?;
    let extension = file
        .extension()
        .map_or(String::new(), |e| e.to_string_lossy().to_ascii_lowercase());
    let format = match extension.as_str() {
        "zip" | "xml" => extension.clone(),
        _ => "txt".to_owned(),
    };
    let mut summary = None;
    let (replaced, players) = list.replace_period(&period, &shown, &format, |writer| {
        let read = ratinglist::read_list(input, |player| writer.add(&player));
        match read {
            Ok(read) => {
                summary = Some(read);
                Ok(())
            }
            Err(ReadListError::Parse(err)) => Err(EventError::invalid(format!(
                "{shown}: {err}; nothing was imported"
            ))),
            Err(ReadListError::Sink {
                line,
                error: StoreError::Invalid(why),
            }) => Err(EventError::invalid(format!(
                "{shown}: line {line}: {why}; nothing was imported"
            ))),
            Err(ReadListError::Sink { error, .. }) => Err(error.into()),
        }
    })?;
    let summary = summary.expect("a list that was stored was read");
    Ok(ListImport {
        period,
        format: summary.format,
        member: summary.member,
        players,
        replaced,
    })
}

/// The period of the list an event uses (see the module's notes); an error says what to
/// import when there is none.
pub fn event_period(store: &Store, list: &RatingList) -> Result<String, EventError> {
    let noted = store.setting("rating-period")?;
    let imported = list.periods()?;
    if !noted.is_empty() {
        if imported.iter().any(|p| p.period == noted) {
            return Ok(noted);
        }
        return Err(EventError::refused(format!(
            "the event uses the {noted} rating list, which is not imported in this rating-list file"
        ))
        .with_hint(format!(
            "import it with `arbiter ratings import FILE --period {noted}`, or choose another with `arbiter config rating-period YYYY-MM`"
        )));
    }
    let start = store.setting("start")?;
    let month = (start.len() >= 7).then(|| &start[..7]);
    match list.period_valid_in(month)? {
        Some(period) => Ok(period),
        None => Err(EventError::refused(match month {
            Some(m) => format!("no rating list of {m} or before is imported"),
            None => "no rating list is imported".to_owned(),
        })
        .with_hint(
            "download FIDE's players_list_foa.zip and import it with `arbiter ratings import FILE`",
        )),
    }
}

/// The better of a list's title and women's title, as C.04.2's order of titles ranks them
/// (GM, IM, WGM, FM, WIM, CM, WFM, WCM); a title this program does not know (`WH`) is none.
fn best_title(entry: &ListPlayer) -> Option<Title> {
    let rank = |t: &Title| Title::ALL.iter().position(|x| x == t);
    [&entry.title, &entry.women_title]
        .into_iter()
        .filter_map(|t| t.parse::<Title>().ok())
        .min_by_key(rank)
}

fn figures(entry: &ListPlayer, rate: Rate) -> ratinglist::RateFigures {
    match rate {
        Rate::Standard => entry.standard,
        Rate::Rapid => entry.rapid,
        Rate::Blitz => entry.blitz,
    }
}

fn non_empty(text: &str) -> Option<String> {
    (!text.trim().is_empty()).then(|| text.trim().to_owned())
}

/// A player as the list has them, for the event's rate.
pub fn from_list(entry: &ListPlayer, rate: Rate) -> Player {
    let rated = figures(entry, rate);
    Player {
        sex: match entry.sex.as_str() {
            "M" | "m" => Some(Sex::Male),
            "F" | "f" | "W" | "w" => Some(Sex::Female),
            _ => None,
        },
        title: best_title(entry),
        rating: rated.rating,
        federation: Some(entry.federation.clone())
            .filter(|f| f.len() == 3 && f.bytes().all(|b| b.is_ascii_alphabetic())),
        fide_id: Some(entry.fide_id),
        birth: entry.birth_year.map(|y| y.to_string()),
        k_factor: rated.k,
        list_games: rated.games,
        other_titles: non_empty(&entry.other_titles),
        ..Player::new(PlayerId(0), entry.name.trim())
    }
}

/// Fills what `player` leaves empty from the list; returns whether anything was filled.
pub fn fill(player: &mut Player, entry: &ListPlayer, rate: Rate) -> bool {
    let listed = from_list(entry, rate);
    let mut filled = false;
    macro_rules! take {
        ($field:ident) => {
            if player.$field.is_none() && listed.$field.is_some() {
                player.$field = listed.$field.clone();
                filled = true;
            }
        };
    }
    if player.name.trim().is_empty() {
        player.name = listed.name.clone();
        filled = true;
    }
    take!(sex);
    take!(title);
    take!(rating);
    take!(federation);
    take!(birth);
    take!(k_factor);
    take!(list_games);
    take!(other_titles);
    filled
}

/// What `player add` did with the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromList {
    /// The player's empty details were filled from the list of `period`.
    Filled {
        period: String,
        /// Where the details given on the command line differ from the list's.
        differences: Vec<Difference>,
    },
    /// The FIDE ID is not on the list of `period`: registered as given.
    NotOnList { period: String },
    /// No list was used (no FIDE ID, or no list imported): registered as given.
    NotUsed,
}

/// `player add`: registers `given`, filling what it leaves empty from the list when it has a
/// FIDE ID and a list is imported (details given on the command line win). Without a name, the
/// FIDE ID must be on the list.
pub fn add_player(
    store: &mut Store,
    list: Option<&RatingList>,
    given: Player,
) -> Result<(PlayerId, Player, FromList), EventError> {
    let nameless = given.name.trim().is_empty();
    let (Some(list), Some(fide_id)) = (list, given.fide_id) else {
        if nameless {
            return Err(EventError::invalid(match given.fide_id {
                Some(_) => "a player needs a name: no rating list is imported to take it from",
                None => "a player needs a name (or --fide-id with a rating list imported)",
            })
            .with_hint("give the name, or import FIDE's list with `arbiter ratings import FILE`"));
        }
        let id = store.add_player(&given)?;
        return Ok((id, given, FromList::NotUsed));
    };
    let period = match event_period(store, list) {
        Ok(period) => period,
        Err(err) if nameless => return Err(err),
        Err(_) => {
            let id = store.add_player(&given)?;
            return Ok((id, given, FromList::NotUsed));
        }
    };
    let rate = store.event_settings()?.rate;
    match list.player(&period, fide_id)? {
        Some(entry) => {
            let mut player = given;
            fill(&mut player, &entry, rate);
            let id = store.add_player_from_list(&player, Some(&period))?;
            player.id = id;
            // A title the program does not know (`WH`) differs with nothing given: no warning.
            let (mut differences, _) = compare(&player, &entry, rate);
            differences.retain(|d| !d.event.is_empty());
            Ok((
                id,
                player,
                FromList::Filled {
                    period,
                    differences,
                },
            ))
        }
        None if nameless => Err(EventError::invalid(format!(
            "FIDE ID {fide_id} is not on the {period} rating list"
        ))
        .with_hint("check the ID, or register the player with a name and the details")),
        None => {
            let id = store.add_player(&given)?;
            Ok((id, given, FromList::NotOnList { period }))
        }
    }
}

/// One value that differs between a registered player and the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub number: u16,
    pub name: String,
    pub fide_id: u64,
    /// `name`, `federation`, `title`, `rating`, `k`, `games`, `birth year`, `other titles`.
    pub field: &'static str,
    /// The event's value and the list's, as shown (empty for none).
    pub event: String,
    pub list: String,
}

/// `ratings check`: the differences, the players whose FIDE ID is not on the list, and the
/// changes `--update` would make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListCheck {
    pub period: String,
    pub checked: usize,
    pub differences: Vec<Difference>,
    /// (number, name, FIDE ID) of registered players the list does not have.
    pub not_on_list: Vec<(u16, String, u64)>,
    changes: Vec<(u16, PlayerChanges)>,
}

fn shown<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map_or(String::new(), ToString::to_string)
}

/// The year a birth date as given starts with (`1990/05/12`, `1990`).
fn birth_year(birth: &Option<String>) -> Option<u16> {
    birth
        .as_deref()
        .and_then(|b| b.get(..4))
        .and_then(|y| y.parse().ok())
}

/// The values in which `player` differs from the list's `entry`, and the changes that take
/// the list's. A name, federation, birth year or other title the list leaves blank is no
/// difference; a blank rating (the player is unrated for the event's rate, so K and games are
/// blank too) and no title at all are differences, since the list is FIDE's record of both.
fn compare(player: &Player, entry: &ListPlayer, rate: Rate) -> (Vec<Difference>, PlayerChanges) {
    let listed = from_list(entry, rate);
    let mut change = PlayerChanges::default();
    let mut found = Vec::new();
    let mut differ = |field: &'static str, event: String, list: String| {
        found.push(Difference {
            number: player.id.0,
            name: player.name.clone(),
            fide_id: entry.fide_id,
            field,
            event,
            list,
        });
    };
    if !listed.name.is_empty() && listed.name != player.name {
        differ("name", player.name.clone(), listed.name.clone());
        change.name = Some(listed.name.clone());
    }
    if listed.federation.is_some() && listed.federation != player.federation {
        differ(
            "federation",
            shown(&player.federation),
            shown(&listed.federation),
        );
        change.federation = listed.federation.clone();
    }
    // A title the program does not know (`WH`) is shown but cannot be taken.
    let raw_title = [&entry.title, &entry.women_title]
        .into_iter()
        .find(|t| !t.is_empty())
        .cloned();
    if listed.title.is_some() && listed.title != player.title {
        differ("title", shown(&player.title), shown(&listed.title));
        change.title = listed.title;
    } else if listed.title.is_none() && player.title.is_none() && raw_title.is_some() {
        differ(
            "title",
            String::new(),
            raw_title.clone().unwrap_or_default(),
        );
    } else if raw_title.is_none() && player.title.is_some() {
        // The list is FIDE's record of titles: a title it does not show was typed by
        // mistake (or is a national one), and the rating report must not carry it.
        differ("title", shown(&player.title), "none".to_owned());
        change.cleared.push(PlayerField::Title);
    }
    if listed.rating.is_some() && listed.rating != player.rating {
        differ("rating", shown(&player.rating), shown(&listed.rating));
        change.rating = listed.rating;
    }
    // Unrated on the list for the event's rate: the rating, K and games the event holds
    // are not FIDE's, and Ro, K and the 30-game rule would be computed from them.
    let unrated = listed.rating.is_none();
    if unrated && player.rating.is_some() {
        differ("rating", shown(&player.rating), "unrated".to_owned());
        change.cleared.push(PlayerField::Rating);
    }
    if unrated && listed.k_factor.is_none() && player.k_factor.is_some() {
        differ("k", shown(&player.k_factor), "none".to_owned());
        change.cleared.push(PlayerField::KFactor);
    }
    if unrated && listed.list_games.is_none() && player.list_games.is_some() {
        differ("games", shown(&player.list_games), "none".to_owned());
        change.cleared.push(PlayerField::ListGames);
    }
    if listed.k_factor.is_some() && listed.k_factor != player.k_factor {
        differ("k", shown(&player.k_factor), shown(&listed.k_factor));
        change.k_factor = listed.k_factor;
    }
    if listed.list_games.is_some() && listed.list_games != player.list_games {
        differ(
            "games",
            shown(&player.list_games),
            shown(&listed.list_games),
        );
        change.list_games = listed.list_games;
    }
    let year = entry.birth_year;
    if year.is_some() && year != birth_year(&player.birth) {
        differ("birth year", shown(&player.birth), shown(&year));
        change.birth = year.map(|y| y.to_string());
    }
    if listed.other_titles.is_some() && listed.other_titles != player.other_titles {
        differ(
            "other titles",
            shown(&player.other_titles),
            shown(&listed.other_titles),
        );
        change.other_titles = listed.other_titles.clone();
    }
    (found, change)
}

/// Compares every registered player with a FIDE ID against the list the event uses (see
/// [`compare`] for what counts as a difference).
pub fn check(store: &Store, list: &RatingList) -> Result<ListCheck, EventError> {
    let period = event_period(store, list)?;
    let rate = store.event_settings()?.rate;
    let mut out = ListCheck {
        period: period.clone(),
        checked: 0,
        differences: Vec::new(),
        not_on_list: Vec::new(),
        changes: Vec::new(),
    };
    for player in store.players()? {
        let Some(fide_id) = player.fide_id else {
            continue;
        };
        out.checked += 1;
        let Some(entry) = list.player(&period, fide_id)? else {
            out.not_on_list
                .push((player.id.0, player.name.clone(), fide_id));
            continue;
        };
        let (found, change) = compare(&player, &entry, rate);
        out.differences.extend(found);
        if change != PlayerChanges::default() {
            out.changes.push((player.id.0, change));
        }
    }
    Ok(out)
}

impl ListCheck {
    /// How many players `--update` would change.
    pub fn players_to_change(&self) -> usize {
        self.changes.len()
    }
}

/// `ratings check --update`: takes the list's values the check found, in one transaction,
/// each change logged, and notes the period in the event. Returns the pairing numbers that
/// moved (old, new).
pub fn update(store: &mut Store, check: &ListCheck) -> Result<Vec<(u16, u16)>, EventError> {
    Ok(store.edit_players_from_list(&check.changes, &check.period, "ratings check --update")?)
}

/// Fills the empty fields of players with a FIDE ID from `period`'s list (`import players`,
/// `import trf`). Returns how many players had something filled.
pub fn fill_players(
    players: &mut [Player],
    list: &RatingList,
    period: &str,
    rate: Rate,
) -> Result<usize, StoreError> {
    let mut filled = 0;
    for player in players.iter_mut() {
        let Some(fide_id) = player.fide_id else {
            continue;
        };
        if let Some(entry) = list.player(period, fide_id)?
            && fill(player, &entry, rate)
        {
            filled += 1;
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(id: u64) -> ListPlayer {
        let text = include_str!("../../fixtures/ratings/players_list_foa.txt");
        let mut found = None;
        ratinglist::read_list(text.as_bytes(), |p| {
            if p.fide_id == id {
                found = Some(p);
            }
            Ok::<(), ()>(())
        })
        .unwrap();
        found.unwrap()
    }

    #[test]
    fn a_player_from_the_list_takes_the_rate_of_the_event() {
        // Hou Yifan's line: GM and WGM, 2633 standard (K 10), 2574 rapid (K 20), born 1994.
        let hou = listed(8602980);
        let standard = from_list(&hou, Rate::Standard);
        assert_eq!(standard.title, Some(Title::Gm));
        assert_eq!(
            (standard.rating, standard.k_factor, standard.list_games),
            (Some(2633), Some(10), Some(0))
        );
        assert_eq!(standard.sex, Some(Sex::Female));
        assert_eq!(standard.birth.as_deref(), Some("1994"));
        let rapid = from_list(&hou, Rate::Rapid);
        assert_eq!((rapid.rating, rapid.k_factor), (Some(2574), Some(20)));
        // The unknown title `WH` is none; the arbiter's other titles are kept.
        assert_eq!(from_list(&listed(4100026), Rate::Standard).title, None);
        assert_eq!(
            from_list(&listed(1000500), Rate::Standard)
                .other_titles
                .as_deref(),
            Some("IA,FA,FST,FI,DI,IO")
        );
    }

    #[test]
    fn filling_keeps_what_was_given() {
        let mut player = Player {
            rating: Some(2700),
            fide_id: Some(1503014),
            ..Player::new(PlayerId(0), "")
        };
        assert!(fill(&mut player, &listed(1503014), Rate::Standard));
        assert_eq!(player.name, "Carlsen, Magnus");
        assert_eq!(player.rating, Some(2700));
        assert_eq!(player.k_factor, Some(10));
        assert_eq!(player.federation.as_deref(), Some("NOR"));
    }

    #[test]
    fn the_period_comes_from_an_archive_name_else_the_start() {
        assert_eq!(
            default_period(
                Path::new("/x/players_list_foa_jul26.zip"),
                Some("2026-08-03")
            ),
            Some("2026-07".into())
        );
        assert_eq!(
            default_period(Path::new("players_list_foa.zip"), Some("2026-08-03")),
            Some("2026-08".into())
        );
        assert_eq!(
            default_period(Path::new("players_list_foa.zip"), None),
            None
        );
    }
}
