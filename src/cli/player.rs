//! `arbiter player add|edit|list|withdraw|reinstate|remove|draw-lots`: the event's players
//! (the use cases are in `event::players`), and the checks of a federation, sex and title as
//! typed.

use std::path::Path;

use clap::{Args, Subcommand, ValueEnum};

use super::{Exit, Failure, clock_seed};
use crate::event::players::{self, PlayerOrder, Renumbered};
use crate::event::ratings::{self, FromList};
use crate::render::text::{fit, name_width};
use crate::store::{PlayerChanges, PlayerField, Store};
use crate::tournament::{Player, PlayerId, Sex, Title};

#[derive(Subcommand)]
pub enum PlayerCommand {
    /// Register a player. With --fide-id and a FIDE rating list imported (`arbiter ratings
    /// import`), what is not given is taken from the list the event uses: name, federation,
    /// sex, titles, birth year, and the rating, K and games of the event's rate.
    #[command(
        after_help = "Examples:\n  arbiter player add 'Carlsen, Magnus' --rating 2830 --fide-id 1503014 --fed NOR --title GM\n  arbiter player add --fide-id 1503014          # everything else from the rating list"
    )]
    Add(PlayerAddArgs),
    /// List the players.
    List(PlayerListArgs),
    /// Change a player's details (logged).
    #[command(after_help = "Example:\n  arbiter player edit 12 --rating 2415 --fed GER")]
    Edit(PlayerEditArgs),
    /// Withdraw a player: not paired from the given round on.
    #[command(after_help = "Example:\n  arbiter player withdraw 12 --from-round 5")]
    Withdraw(PlayerRoundArgs),
    /// Take back a withdrawal.
    Reinstate(PlayerRoundArgs),
    /// Draw the pairing numbers by lot (round robins; before round 1). The seed is logged,
    /// so the draw can be repeated; without --seed one is taken from the clock.
    #[command(
        name = "draw-lots",
        after_help = "Example:\n  arbiter player draw-lots --seed 20260701"
    )]
    DrawLots {
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Delete a registration before round 1 is paired (logged); the numbers close up. After
    /// that a player is withdrawn instead (`player withdraw`).
    #[command(after_help = "Example:\n  arbiter player remove 12")]
    Remove { number: u16 },
}

#[derive(Args)]
pub struct PlayerEditArgs {
    number: u16,
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    details: PlayerDetails,
    /// Details to forget (comma-separated), e.g. a rating given by mistake to an unrated
    /// player: rating, fide-id, fed, title, birth, sex, club, national-rating, k, list-games,
    /// other-titles.
    #[arg(long, value_delimiter = ',')]
    clear: Vec<ClearField>,
}

/// The names `player edit --clear` takes: the same as the options that set each detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClearField {
    Rating,
    FideId,
    Fed,
    Title,
    Birth,
    Sex,
    Club,
    NationalRating,
    K,
    ListGames,
    OtherTitles,
}

impl ClearField {
    fn field(self) -> PlayerField {
        match self {
            ClearField::Rating => PlayerField::Rating,
            ClearField::FideId => PlayerField::FideId,
            ClearField::Fed => PlayerField::Federation,
            ClearField::Title => PlayerField::Title,
            ClearField::Birth => PlayerField::Birth,
            ClearField::Sex => PlayerField::Sex,
            ClearField::Club => PlayerField::Club,
            ClearField::NationalRating => PlayerField::NationalRating,
            ClearField::K => PlayerField::KFactor,
            ClearField::ListGames => PlayerField::ListGames,
            ClearField::OtherTitles => PlayerField::OtherTitles,
        }
    }

    /// Whether the same command also gives the detail a new value.
    fn also_given(self, details: &PlayerDetails) -> bool {
        match self {
            ClearField::Rating => details.rating.is_some(),
            ClearField::FideId => details.fide_id.is_some(),
            ClearField::Fed => details.fed.is_some(),
            ClearField::Title => details.title.is_some(),
            ClearField::Birth => details.birth.is_some(),
            ClearField::Sex => details.sex.is_some(),
            ClearField::Club => details.club.is_some(),
            ClearField::NationalRating => details.national_rating.is_some(),
            ClearField::K => details.k.is_some(),
            ClearField::ListGames => details.list_games.is_some(),
            ClearField::OtherTitles => details.other_titles.is_some(),
        }
    }
}

/// What `player add` and `player edit` both take besides the name.
#[derive(Args)]
pub struct PlayerDetails {
    #[arg(long)]
    rating: Option<u16>,
    #[arg(long = "fide-id")]
    fide_id: Option<u64>,
    #[arg(long)]
    fed: Option<String>,
    #[arg(long)]
    title: Option<String>,
    #[arg(long)]
    birth: Option<String>,
    #[arg(long)]
    sex: Option<String>,
    #[arg(long)]
    club: Option<String>,
    #[arg(long = "national-rating")]
    national_rating: Option<u16>,
    /// The K factor for the event's rate (B.02 8.3.3), as on the rating list.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=99))]
    k: Option<u8>,
    /// The player's rated games for the event's rate on the rating list.
    #[arg(long = "list-games")]
    list_games: Option<u16>,
    /// Arbiter, trainer and organiser titles as FIDE writes them, e.g. IA,FI.
    #[arg(long = "other-titles")]
    other_titles: Option<String>,
}

#[derive(Args)]
pub struct PlayerRoundArgs {
    number: u16,
    /// The first round the change applies to (default: the next round to be paired).
    #[arg(long = "from-round")]
    from_round: Option<u32>,
}

#[derive(Args)]
pub struct PlayerAddArgs {
    /// `Lastname, Firstname` (may be left out with --fide-id when the rating list has it).
    name: Option<String>,
    #[command(flatten)]
    details: PlayerDetails,
}

/// What `player list` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Csv,
    Json,
}

#[derive(Args)]
pub struct PlayerListArgs {
    /// number, rating or name.
    #[arg(long, default_value = "number")]
    sort: String,
    /// text, csv or json.
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn run(db: &Path, command: &PlayerCommand) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    match command {
        PlayerCommand::Add(args) => {
            let name = args.name.as_deref().unwrap_or("").trim();
            if name.is_empty() && args.details.fide_id.is_none() {
                return Err(Failure::invalid_input("a player needs a name"));
            }
            let title = title(args.details.title.as_deref())?;
            let sex = sex(args.details.sex.as_deref())?;
            let federation = federation(args.details.fed.as_deref())?;
            let given = Player {
                id: PlayerId(0),
                name: name.to_owned(),
                sex,
                title,
                rating: args.details.rating,
                national_rating: args.details.national_rating,
                federation,
                fide_id: args.details.fide_id,
                birth: args.details.birth.clone(),
                club: args.details.club.clone(),
                k_factor: args.details.k,
                list_games: args.details.list_games,
                other_titles: args.details.other_titles.clone(),
            };
            let list = if given.fide_id.is_some() {
                super::ratings::existing_list()?
            } else {
                None
            };
            let (id, player, from_list) = ratings::add_player(&mut store, list.as_ref(), given)?;
            println!("player {id}: {}", player.name);
            match from_list {
                FromList::Filled {
                    period,
                    differences,
                } => {
                    if differences.is_empty() {
                        println!("from the {period} rating list: {}", listed_details(&player));
                    } else {
                        println!(
                            "filled from the {period} rating list where not given: {}",
                            listed_details(&player)
                        );
                        let given: Vec<String> = differences
                            .iter()
                            .map(|d| format!("{} {} (list: {})", d.field, d.event, d.list))
                            .collect();
                        eprintln!(
                            "warning: registered as given where the list differs: {}; `arbiter ratings check --update` takes the list's values",
                            given.join(", ")
                        );
                    }
                }
                FromList::NotOnList { period } => eprintln!(
                    "warning: FIDE ID {} is not on the {period} rating list; registered as given",
                    player.fide_id.unwrap_or_default()
                ),
                FromList::NotUsed => {}
            }
        }
        PlayerCommand::Edit(args) => {
            if let Some(both) = args.clear.iter().find(|f| f.also_given(&args.details)) {
                let name = both.to_possible_value().map(|v| v.get_name().to_owned());
                return Err(Failure::invalid_input(format!(
                    "--clear {0} and --{0} in one command: give one of them",
                    name.unwrap_or_default()
                )));
            }
            let changes = PlayerChanges {
                name: args.name.clone(),
                rating: args.details.rating,
                fide_id: args.details.fide_id,
                federation: federation(args.details.fed.as_deref())?,
                title: title(args.details.title.as_deref())?,
                birth: args.details.birth.clone(),
                sex: sex(args.details.sex.as_deref())?,
                club: args.details.club.clone(),
                national_rating: args.details.national_rating,
                k_factor: args.details.k,
                list_games: args.details.list_games,
                other_titles: args.details.other_titles.clone(),
                cleared: args.clear.iter().map(|f| f.field()).collect(),
            };
            if changes == PlayerChanges::default() {
                return Err(Failure::invalid_input(
                    "nothing to change: give at least one of --name --rating --fide-id --fed --title --birth --sex --club --national-rating --k --list-games --other-titles --clear",
                ));
            }
            match players::edit(&mut store, args.number, &changes)? {
                Renumbered::Nothing => println!("player {} changed", args.number),
                Renumbered::Moved { moved, now } => {
                    println!("player {} changed", args.number);
                    let list: Vec<String> =
                        moved.iter().map(|(o, n)| format!("{o}->{n}")).collect();
                    println!(
                        "pairing numbers follow the starting order until round 4 is paired (C.04.2 2.3): {}; player {} is now number {now}",
                        list.join(" "),
                        args.number
                    );
                }
                Renumbered::RatingOnly => {
                    println!("player {} changed", args.number);
                    println!(
                        "the rating is changed (the rating report and rating-based tie-breaks use it); the pairing numbers are not: they are final once round 4 is paired (C.04.2 2.3)"
                    );
                }
            }
        }
        PlayerCommand::Withdraw(args) => {
            let round = players::withdraw(&mut store, args.number, args.from_round)?;
            println!("player {} withdrawn from round {round}", args.number);
        }
        PlayerCommand::DrawLots { seed } => {
            let seed = seed.unwrap_or_else(clock_seed);
            let moved = store.draw_lots(seed)?;
            println!(
                "pairing numbers drawn by lot with seed {seed} ({} moved)",
                crate::render::count(moved.len(), "player", "players")
            );
            for p in store.players()? {
                println!("{:>4}  {}", p.id, p.name);
            }
        }
        PlayerCommand::Remove { number } => {
            let (name, moved) = store.remove_player(*number)?;
            println!("player {number} ({name}) removed");
            if !moved.is_empty() {
                let list: Vec<String> = moved.iter().map(|(o, n)| format!("{o}->{n}")).collect();
                println!("pairing numbers moved: {}", list.join(" "));
            }
        }
        PlayerCommand::Reinstate(args) => {
            store.set_withdrawn(args.number, None)?;
            println!("player {} reinstated", args.number);
        }
        PlayerCommand::List(args) => {
            let order = match args.sort.as_str() {
                "number" => PlayerOrder::Number,
                "rating" => PlayerOrder::Rating,
                "name" => PlayerOrder::Name,
                other => {
                    return Err(Failure::invalid_input(format!(
                        "--sort `{other}`: expected number, rating or name"
                    )));
                }
            };
            let list = players::list(&store, order)?;
            match super::format_value::<ListFormat>(&args.format)? {
                ListFormat::Text => {}
                ListFormat::Json => {
                    let status = |n: u16| list.status(n).to_owned();
                    println!(
                        "{}",
                        crate::render::event::players_json(&list.players, &status)
                    );
                    return Ok(Exit::Ok);
                }
                ListFormat::Csv => {
                    print!(
                        "{}",
                        crate::render::event::players_csv(&list.players).map_err(Failure::io)?
                    );
                    return Ok(Exit::Ok);
                }
            }
            let width = name_width(list.players.iter().map(|p| p.name.as_str()), 33);
            println!(
                "{:>4}  {:<3}  {}  {:>6}  {:<3}  {:>10}  status",
                "no",
                "tit",
                fit("name", width),
                "rating",
                "fed",
                "FIDE ID"
            );
            for p in &list.players {
                println!(
                    "{:>4}  {:<3}  {}  {:>6}  {:<3}  {:>10}  {}",
                    p.id,
                    p.title.map_or("", |t| t.as_str()),
                    fit(&p.name, width),
                    p.rating.map_or(String::new(), |r| r.to_string()),
                    p.federation.as_deref().unwrap_or(""),
                    p.fide_id.map_or(String::new(), |i| i.to_string()),
                    list.status(p.id.0),
                );
            }
        }
    }
    Ok(Exit::Ok)
}

/// What a player registered from the rating list has: `GM NOR 2833 K 10 (0 games) born 1990`.
fn listed_details(p: &Player) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(t) = p.title {
        parts.push(t.as_str().to_owned());
    }
    if let Some(f) = &p.federation {
        parts.push(f.clone());
    }
    parts.push(match p.rating {
        Some(r) => r.to_string(),
        None => "unrated".to_owned(),
    });
    if let Some(k) = p.k_factor {
        parts.push(format!("K {k}"));
    }
    if let Some(g) = p.list_games {
        parts.push(format!("({g} games)"));
    }
    if let Some(b) = &p.birth {
        parts.push(format!("born {b}"));
    }
    if let Some(o) = &p.other_titles {
        parts.push(o.clone());
    }
    parts.join(" ")
}

fn federation(text: Option<&str>) -> Result<Option<String>, Failure> {
    match text {
        Some(f) if f.len() == 3 && f.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Ok(Some(f.to_ascii_uppercase()))
        }
        Some(f) => Err(Failure::invalid_input(format!(
            "--fed `{f}`: expected a three-letter federation code such as NOR"
        ))),
        None => Ok(None),
    }
}

fn sex(text: Option<&str>) -> Result<Option<Sex>, Failure> {
    match text {
        None => Ok(None),
        Some("m") | Some("M") => Ok(Some(Sex::Male)),
        Some("w") | Some("W") | Some("f") | Some("F") => Ok(Some(Sex::Female)),
        Some(other) => Err(Failure::invalid_input(format!(
            "--sex `{other}`: expected m or w"
        ))),
    }
}

fn title(text: Option<&str>) -> Result<Option<Title>, Failure> {
    text.map(|t| t.parse::<Title>().map_err(Failure::invalid_input))
        .transpose()
}
