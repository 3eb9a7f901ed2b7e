//! The director's commands on the event database: `new`, `config`, `player add|list`, `log`,
//! `import trf`, `export trf`. Each opens the database, makes its change in one transaction
//! (the store sees to it) and prints the outcome.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::{Exit, Failure};
use crate::render::text::{fit, name_width};
use crate::store::{Entered, PlayerChanges, Store, StoreError, UnpairGround};
use crate::tournament::settings::KEYS;
use crate::tournament::{ADJOURNED, result_codes};
use crate::tournament::{Player, PlayerId, Sex, Title};

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Failure {
        let exit = match err {
            StoreError::Invalid(_) => Exit::InvalidInput,
            _ => Exit::Database,
        };
        Failure {
            exit,
            message: err.to_string(),
            hint: None,
        }
    }
}

/// The database file: `--db`, else `$ARBITER_DB`, else `tournament.db` here.
pub fn database_path(flag: Option<&Path>) -> PathBuf {
    flag.map(Path::to_path_buf)
        .or_else(|| std::env::var_os("ARBITER_DB").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("tournament.db"))
}

#[derive(Args)]
#[command(
    about = "Create the event database (refuses a file that exists); every setting can be changed later with `arbiter config`",
    after_help = "Examples:\n  arbiter new 'Oslo Open 2026' --rounds 9 --start 2026-07-01 --end 2026-07-09 --city Oslo --federation NOR --time-control 90+30\n  arbiter --db club.db new 'Club Closed' --system berger --tiebreaks DE,SB,WIN"
)]
pub struct NewArgs {
    /// The event's name, as the pages, the TRF and the PGN Event tag show it.
    name: String,
    /// The pairing system: dutch (FIDE Dutch Swiss, the default), berger (round robin by the
    /// Berger tables) or double-berger (double round robin).
    #[arg(long, value_name = "SYSTEM")]
    system: Option<String>,
    /// The number of rounds planned; the standings are called final only after the last.
    #[arg(long, value_name = "N")]
    rounds: Option<String>,
    /// The first day, YYYY-MM-DD (also decides the tie-break rules edition under auto).
    #[arg(long, value_name = "DATE")]
    start: Option<String>,
    /// The last day, YYYY-MM-DD.
    #[arg(long, value_name = "DATE")]
    end: Option<String>,
    /// The city where the event is played.
    #[arg(long, value_name = "CITY")]
    city: Option<String>,
    /// The host federation, three letters (e.g. NOR).
    #[arg(long, value_name = "FED")]
    federation: Option<String>,
    /// The chief arbiter, e.g. "Hansen, Kari".
    #[arg(long, value_name = "NAME")]
    arbiter: Option<String>,
    /// The time control, minutes + seconds per move, e.g. 90+30 (or 40/90+30).
    #[arg(long = "time-control", value_name = "TC")]
    time_control: Option<String>,
    /// The rate of play: standard (the default), rapid or blitz; decides penalties and
    /// automatic endings with --laws.
    #[arg(long, value_name = "RATE")]
    rate: Option<String>,
    /// The colour of the first player in round 1: white, black or lots (the default: drawn
    /// with a logged seed when round 1 is paired).
    #[arg(long = "initial-colour", value_name = "COLOUR")]
    initial_colour: Option<String>,
    /// none (the default) or baku (Baku acceleration, C.04.7).
    #[arg(long, value_name = "METHOD")]
    acceleration: Option<String>,
    /// The tie-break list in order, comma-separated, e.g. BH/C1,BH,SB,DE (default: none set;
    /// the standings use a common list and say so).
    #[arg(long, value_name = "LIST")]
    tiebreaks: Option<String>,
    /// The tie-break rules edition: auto (the default: by the start date), 2026, 2024 or
    /// legacy.
    #[arg(long = "tiebreak-rules", value_name = "EDITION")]
    tiebreak_rules: Option<String>,
    /// The Laws of Chess edition for scoresheets and claims: 2023 (the default), 2018, 2017,
    /// 2014, 2009 or 2001.
    #[arg(long, value_name = "EDITION")]
    laws: Option<String>,
    /// Points for a win (default 1).
    #[arg(long = "points-win", value_name = "POINTS")]
    points_win: Option<String>,
    /// Points for a draw (default 0.5).
    #[arg(long = "points-draw", value_name = "POINTS")]
    points_draw: Option<String>,
    /// Points for the pairing-allocated bye (default 1).
    #[arg(long = "points-pab", value_name = "POINTS")]
    points_pab: Option<String>,
    /// Points for a loss (default 0).
    #[arg(long = "points-loss", value_name = "POINTS")]
    points_loss: Option<String>,
    /// Points for a forfeit win (default 1).
    #[arg(long = "points-forfeit-win", value_name = "POINTS")]
    points_forfeit_win: Option<String>,
    /// Points for a forfeit loss (default 0).
    #[arg(long = "points-forfeit-loss", value_name = "POINTS")]
    points_forfeit_loss: Option<String>,
    /// Points for a requested half-point bye (default 0.5).
    #[arg(long = "points-hpb", value_name = "POINTS")]
    points_hpb: Option<String>,
    /// How pairing numbers are given: auto (the default: rating for Swiss, lots for round
    /// robins), rating (C.04.2: rating, title, name), lots (drawn before round 1) or given
    /// (registration order).
    #[arg(long = "pairing-numbers", value_name = "METHOD")]
    pairing_numbers: Option<String>,
    /// Round robins: a withdrawn player's games stand (the default; the rest are forfeits)
    /// or annul (all are annulled).
    #[arg(long = "withdrawal-games", value_name = "POLICY")]
    withdrawal_games: Option<String>,
    /// The date of each round, YYYY-MM-DD, comma-separated (the TRF and the PGN Date tag).
    #[arg(long = "round-dates", value_name = "DATES")]
    round_dates: Option<String>,
    /// Turn FIDE mode off: no locks on settings that decide results or pairings once round 1
    /// is paired, no FIDE warnings (for club and unrated events).
    #[arg(long = "no-fide-mode")]
    no_fide_mode: bool,
}

pub fn new(db: &Path, args: &NewArgs) -> Result<Exit, Failure> {
    let mut settings: Vec<(&str, String)> = [
        ("system", &args.system),
        ("rounds", &args.rounds),
        ("start", &args.start),
        ("end", &args.end),
        ("city", &args.city),
        ("federation", &args.federation),
        ("arbiter", &args.arbiter),
        ("time-control", &args.time_control),
        ("rate", &args.rate),
        ("initial-colour", &args.initial_colour),
        ("acceleration", &args.acceleration),
        ("tiebreaks", &args.tiebreaks),
        ("tiebreak-rules", &args.tiebreak_rules),
        ("laws", &args.laws),
        ("points-win", &args.points_win),
        ("points-draw", &args.points_draw),
        ("points-pab", &args.points_pab),
        ("points-loss", &args.points_loss),
        ("points-forfeit-win", &args.points_forfeit_win),
        ("points-forfeit-loss", &args.points_forfeit_loss),
        ("points-hpb", &args.points_hpb),
        ("pairing-numbers", &args.pairing_numbers),
        ("withdrawal-games", &args.withdrawal_games),
        ("round-dates", &args.round_dates),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
    .collect();
    if args.no_fide_mode {
        settings.push(("fide-mode", "off".into()));
    }
    // The start date decides which tie-break and Laws editions apply (`auto`); an event
    // created without one is taken to start today, and says so, rather than leaving the
    // standings unable to choose an edition.
    let today = args.start.is_none().then(|| {
        chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string()
    });
    if let Some(today) = &today {
        settings.push(("start", today.clone()));
    }
    Store::create(db, &args.name, &settings)?;
    println!("created {} for {}", db.display(), args.name);
    if let Some(today) = today {
        println!("start date {today} (today): `arbiter config start DATE` changes it");
    }
    Ok(Exit::Ok)
}

#[derive(Args)]
#[command(
    about = "Show the settings, or change one (logged; some need --force after round 1)",
    after_help = "Examples:\n  arbiter config\n  arbiter config rounds\n  arbiter config rounds 9"
)]
pub struct ConfigArgs {
    key: Option<String>,
    value: Option<String>,
    /// Change a setting that round 1 already depends on (FIDE mode).
    #[arg(long)]
    force: bool,
}

pub fn config(db: &Path, args: &ConfigArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    match (&args.key, &args.value) {
        (None, _) => {
            let width = KEYS.iter().map(|k| k.name.len()).max().unwrap_or(0);
            for (key, value) in store.settings()? {
                println!("{key:<width$}  {value}");
            }
        }
        (Some(key), None) => {
            if crate::tournament::settings::SettingKey::find(key).is_none() {
                return Err(Failure::invalid_input(format!(
                    "unknown setting `{key}`; `arbiter config` lists them"
                )));
            }
            println!("{}", store.setting(key)?);
        }
        (Some(key), Some(value)) => {
            let started = store.rounds_started()? > 0;
            let stored = store.set_setting(key, value, args.force)?;
            if started {
                eprintln!("warning: {key} changed after round 1 was paired");
            }
            println!("{key} = {stored}");
        }
    }
    Ok(Exit::Ok)
}

#[derive(Subcommand)]
pub enum PlayerCommand {
    /// Register a player.
    #[command(
        after_help = "Example:\n  arbiter player add 'Carlsen, Magnus' --rating 2830 --fide-id 1503014 --fed NOR --title GM"
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
    /// `Lastname, Firstname`.
    name: String,
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

pub fn player(db: &Path, command: &PlayerCommand) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    match command {
        PlayerCommand::Add(args) => {
            if args.name.trim().is_empty() {
                return Err(Failure::invalid_input("a player needs a name"));
            }
            let title = title(args.title.as_deref())?;
            let sex = sex(args.sex.as_deref())?;
            let federation = federation(args.fed.as_deref())?;
            let player = Player {
                id: PlayerId(0),
                name: args.name.trim().to_owned(),
                sex,
                title,
                rating: args.rating,
                national_rating: args.national_rating,
                federation,
                fide_id: args.fide_id,
                birth: args.birth.clone(),
                club: args.club.clone(),
            };
            let id = store.add_player(&player)?;
            println!("player {id}: {}", player.name);
        }
        PlayerCommand::Edit(args) => {
            let changes = PlayerChanges {
                name: args.name.clone(),
                rating: args.rating,
                fide_id: args.fide_id,
                federation: federation(args.fed.as_deref())?,
                title: title(args.title.as_deref())?,
                birth: args.birth.clone(),
                sex: sex(args.sex.as_deref())?,
                club: args.club.clone(),
                national_rating: args.national_rating,
            };
            if changes == PlayerChanges::default() {
                return Err(Failure::invalid_input(
                    "nothing to change: give at least one of --name --rating --fide-id --fed --title --birth --sex --club --national-rating",
                ));
            }
            let fixed = store.numbers_final_by_rating()?;
            let moved = store.edit_player(args.number, &changes)?;
            let now = moved
                .iter()
                .find(|(old, _)| *old == args.number)
                .map_or(args.number, |&(_, new)| new);
            println!("player {} changed", args.number);
            if !moved.is_empty() {
                let list: Vec<String> = moved.iter().map(|(o, n)| format!("{o}->{n}")).collect();
                println!(
                    "pairing numbers follow the starting order until round 4 is paired (C.04.2 2.3): {}; player {} is now number {now}",
                    list.join(" "),
                    args.number
                );
            } else if changes.rating.is_some() && fixed {
                println!(
                    "the rating is changed (the rating report and rating-based tie-breaks use it); the pairing numbers are not: they are final once round 4 is paired (C.04.2 2.3)"
                );
            }
        }
        PlayerCommand::Withdraw(args) => {
            let round = match args.from_round {
                Some(r) => r,
                None => store.rounds_started()? + 1,
            };
            store.set_withdrawn(args.number, Some(round))?;
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
            let mut players = store.players()?;
            match args.sort.as_str() {
                "number" => {}
                "rating" => players.sort_by_key(|p| std::cmp::Reverse(p.rating.unwrap_or(0))),
                "name" => players.sort_by(|a, b| a.name.cmp(&b.name)),
                other => {
                    return Err(Failure::invalid_input(format!(
                        "--sort `{other}`: expected number, rating or name"
                    )));
                }
            }
            match args.format.as_str() {
                "text" => {}
                "json" => {
                    let statuses = store.statuses()?;
                    let status = |n: u16| statuses.get(&n).cloned().unwrap_or_default();
                    println!("{}", crate::render::event::players_json(&players, &status));
                    return Ok(Exit::Ok);
                }
                "csv" => {
                    print!(
                        "{}",
                        crate::render::event::players_csv(&players).map_err(Failure::io)?
                    );
                    return Ok(Exit::Ok);
                }
                other => {
                    return Err(Failure::invalid_input(format!(
                        "--format `{other}`: expected text, csv or json"
                    )));
                }
            }
            let statuses = store.statuses()?;
            let width = name_width(players.iter().map(|p| p.name.as_str()), 33);
            println!(
                "{:>4}  {:<3}  {}  {:>6}  {:<3}  {:>10}  status",
                "no",
                "tit",
                fit("name", width),
                "rating",
                "fed",
                "FIDE ID"
            );
            for p in players {
                println!(
                    "{:>4}  {:<3}  {}  {:>6}  {:<3}  {:>10}  {}",
                    p.id,
                    p.title.map_or("", |t| t.as_str()),
                    fit(&p.name, width),
                    p.rating.map_or(String::new(), |r| r.to_string()),
                    p.federation.as_deref().unwrap_or(""),
                    p.fide_id.map_or(String::new(), |i| i.to_string()),
                    statuses.get(&p.id.0).map_or("", String::as_str),
                );
            }
        }
    }
    Ok(Exit::Ok)
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

#[derive(Args)]
#[command(
    about = "Record a requested bye or a known absence for a round not yet paired",
    after_help = "Examples:\n  arbiter bye 12 --round 3 --half\n  arbiter bye 7 --round 5 --zero\n  arbiter bye 12 --round 3 --cancel"
)]
pub struct ByeArgs {
    player: u16,
    #[arg(long)]
    round: u32,
    /// Half a point (FIDE mode warns from the second one).
    #[arg(long, group = "kind")]
    half: bool,
    /// No points: a known absence.
    #[arg(long, group = "kind")]
    zero: bool,
    /// A full point (FIDE mode warns: rated events rarely allow it).
    #[arg(long, group = "kind")]
    full: bool,
    /// Take back the bye requested for the round (before the round is paired; logged).
    #[arg(long, group = "kind")]
    cancel: bool,
}

pub fn bye(db: &Path, args: &ByeArgs) -> Result<Exit, Failure> {
    if args.cancel {
        let mut store = Store::open(db)?;
        let code = store.cancel_bye(args.player, args.round)?;
        println!(
            "player {}: {} in round {} cancelled; the player is paired in that round",
            args.player,
            match code {
                'H' => "half-point bye",
                'F' => "full-point bye",
                _ => "zero-point bye",
            },
            args.round
        );
        return Ok(Exit::Ok);
    }
    let code = match (args.half, args.zero, args.full) {
        (true, _, _) => 'H',
        (_, true, _) => 'Z',
        (_, _, true) => 'F',
        _ => {
            return Err(Failure {
                exit: Exit::Usage,
                message: "say which bye: --half, --zero or --full (or --cancel)".into(),
                hint: None,
            });
        }
    };
    let mut store = Store::open(db)?;
    let fide = store.setting("fide-mode")? == "on";
    if fide && code == 'F' {
        eprintln!("warning: full-point byes are unusual in rated events (FIDE mode)");
    }
    let others = if fide && code == 'H' {
        store.half_point_byes(args.player, args.round)?
    } else {
        Vec::new()
    };
    if !others.is_empty() {
        let rounds: Vec<String> = others.iter().map(u32::to_string).collect();
        eprintln!(
            "warning: player {} already has a half-point bye in {} {}",
            args.player,
            if others.len() == 1 { "round" } else { "rounds" },
            rounds.join(", ")
        );
    }
    store.request_bye(args.player, args.round, code)?;
    println!(
        "player {}: {} in round {}",
        args.player,
        match code {
            'H' => "half-point bye",
            'Z' => "zero-point bye",
            _ => "full-point bye",
        },
        args.round
    );
    Ok(Exit::Ok)
}

#[derive(Args)]
#[command(
    about = "Prohibit pairings among the listed players (e.g. family members)",
    after_help = "Examples:\n  arbiter forbid 4 17 23\n  arbiter forbid --list\n  arbiter forbid --remove 4 17"
)]
pub struct ForbidArgs {
    /// Two or more pairing numbers: every pairing among them is prohibited (or, with
    /// --remove, allowed again).
    #[arg(num_args = 2.., required_unless_present = "list")]
    players: Vec<u16>,
    /// List the prohibited pairings with the players' names.
    #[arg(long, conflicts_with_all = ["players", "remove"])]
    list: bool,
    /// Lift the prohibition among the listed players (logged).
    #[arg(long)]
    remove: bool,
}

pub fn forbid(db: &Path, args: &ForbidArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    if args.list {
        let names: std::collections::HashMap<u16, String> = store
            .players()?
            .into_iter()
            .map(|p| (p.id.0, p.name))
            .collect();
        let name = |n: u16| names.get(&n).map_or("", String::as_str);
        let pairs = store.forbidden()?;
        if pairs.is_empty() {
            println!("no prohibited pairings");
        }
        for (a, b) in pairs {
            println!("{a:>4} {:<28} - {b:>4} {}", name(a), name(b));
        }
        return Ok(Exit::Ok);
    }
    if args.remove {
        let removed = store.unforbid(&args.players)?;
        println!(
            "{} removed",
            crate::render::count(removed, "prohibited pairing", "prohibited pairings")
        );
        return Ok(Exit::Ok);
    }
    let added = store.forbid(&args.players)?;
    println!(
        "{} added",
        crate::render::count(added, "prohibited pairing", "prohibited pairings")
    );
    Ok(Exit::Ok)
}

#[derive(Args)]
#[command(
    about = "Enter a result by board or by player; --correct changes one already entered (logged)",
    after_help = "Results: 1-0, 0-1, 1/2 (also ½-½ or =), +- and -+ (forfeits), -- (double forfeit),\n1-0u 0-1u 1/2u (a game shorter than one move: not rated), * (adjourned: a draw for pairing,\npending in the standings; enter the final result later without --correct).\nBy board the result is from White's side; with --player, from that player's side.\n\nA correction counts by when it is reported (C.04.2 4.3): before the next round is paired,\nfor the standings and that pairing; after it is paired but before that round ends, for the\nstandings and the pairing after it (the published pairing stands); later, for the rating\nreport only (the tournament score stands).\n\nExamples:\n  arbiter result 3 12 1-0\n  arbiter result 3 12 -+\n  arbiter result 3 --player 27 1/2\n  arbiter result 3 12 0-1 --correct"
)]
pub struct ResultArgs {
    round: u32,
    /// The board (or, with --player, the result).
    #[arg(value_name = "BOARD", allow_hyphen_values = true)]
    first: String,
    /// The result, from White's side.
    #[arg(value_name = "RESULT", allow_hyphen_values = true)]
    second: Option<String>,
    /// Find the game by one of its players instead of the board; the result is then read
    /// from that player's side.
    #[arg(long)]
    player: Option<u16>,
    #[arg(long)]
    correct: bool,
}

/// The command line with `--` kept as a value of `result`: the double forfeit is written
/// `--`, which the parser would otherwise take for the end of the options. `result` takes
/// no file names or free text, so it needs no such escape.
pub fn result_values(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    // The subcommand is the first argument that is not the program, `--db` or its value.
    let mut i = 1;
    while i < args.len() {
        match args[i].to_str() {
            Some("--db") => i += 2,
            Some(arg) if arg.starts_with("--db=") => i += 1,
            _ => break,
        }
    }
    if args.get(i).and_then(|a| a.to_str()) != Some("result") {
        return args;
    }
    args.into_iter()
        .enumerate()
        .map(|(k, a)| {
            if k > i && a == "--" {
                std::ffi::OsString::from("-/-")
            } else {
                a
            }
        })
        .collect()
}

/// A result as results tables write it (`1 - 0`, `½ - ½`, `+ - -`).
fn shown(white: char, black: char) -> String {
    let side = |c: char| match c {
        '=' | 'D' => "½".to_owned(),
        'W' => "1".to_owned(),
        'L' => "0".to_owned(),
        ' ' => String::new(),
        other => other.to_string(),
    };
    if white == ' ' && black == ' ' {
        return String::new();
    }
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

pub fn result(db: &Path, args: &ResultArgs) -> Result<Exit, Failure> {
    let rest: Vec<&str> = std::iter::once(args.first.as_str())
        .chain(args.second.as_deref())
        .collect();
    let (board, text) = match (args.player, rest.as_slice()) {
        (Some(_), [result]) => (None, *result),
        (None, [board, result]) => {
            let board = board.parse::<u32>().map_err(|_| {
                Failure::invalid_input(format!(
                    "`{board}` is not a board number: arbiter result ROUND BOARD RESULT"
                ))
            })?;
            (Some(board), *result)
        }
        (Some(_), _) => {
            return Err(Failure::invalid_input(
                "with --player give only the result: arbiter result ROUND --player N RESULT",
            ));
        }
        (None, _) => {
            return Err(Failure::invalid_input(
                "give the board and the result: arbiter result ROUND BOARD RESULT",
            ));
        }
    };
    let codes = result_codes(text).ok_or_else(|| {
        Failure::invalid_input(format!(
            "unknown result `{text}`: expected 1-0, 0-1, 1/2, +-, -+, --, 1-0u, 0-1u, 1/2u or * (adjourned)"
        ))
    })?;
    let mut store = Store::open(db)?;
    store.require_paired(args.round)?;
    // With --player the result is read from that player's side: as Black, `1-0` is a win
    // for Black, so the codes are turned round before they are stored White first.
    let (player, as_black) = match (args.player, board) {
        (Some(p), _) => {
            let view = store.round(args.round)?;
            let as_black = view.games.iter().any(|g| g.black.0 == p);
            (p, as_black)
        }
        (None, Some(b)) => (store.white_on_board(args.round, b)?, false),
        (None, None) => return Err(Failure::invalid_input("give a board or --player")),
    };
    let stored = if as_black { (codes.1, codes.0) } else { codes };
    let (game, entered) = store.record_result(args.round, player, stored, args.correct)?;
    let names: std::collections::HashMap<PlayerId, String> = store
        .players()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let named = |id: PlayerId| format!("{id} {}", names.get(&id).map_or("", String::as_str));
    let board_text = game.board.map_or("-".to_owned(), |b| b.to_string());
    match args.player {
        Some(_) => {
            let (me, them, colour, mine) = if as_black {
                (
                    game.black,
                    game.white,
                    "Black",
                    (game.black_code, game.white_code),
                )
            } else {
                (
                    game.white,
                    game.black,
                    "White",
                    (game.white_code, game.black_code),
                )
            };
            println!(
                "round {} board {board_text}: {} ({colour}) {} against {}",
                args.round,
                named(me),
                shown(mine.0, mine.1),
                named(them)
            );
        }
        None => println!(
            "round {} board {board_text}: {} - {}  {}",
            args.round,
            named(game.white),
            named(game.black),
            shown(game.white_code, game.black_code)
        ),
    }
    match entered {
        Entered::Result => {}
        Entered::AdjournedFinished => println!(
            "the adjourned game is finished: it counted as a draw for any pairing made meanwhile (C.04.2 3.1); this result counts in full"
        ),
        Entered::BeforeNextPairing => println!(
            "correction before the next pairing (C.04.2 4.3): it counts for the standings and the pairing of round {}",
            args.round + 1
        ),
        Entered::AfterNextPairing { paired } => println!(
            "correction after round {paired} was paired (C.04.2 4.3): the published pairing of round {paired} stands; the correction counts for the standings and the pairing of round {}",
            paired + 1
        ),
        Entered::RatingOnly => println!(
            "correction after round {} ended (C.04.2 4.3): for rating evaluation only; the tournament score and the standings stay, `export trf` carries it",
            args.round + 1
        ),
    }
    Ok(Exit::Ok)
}

#[derive(Subcommand)]
pub enum RoundCommand {
    /// The boards of a round with their results, and who has a bye.
    #[command(after_help = "Example:\n  arbiter round show 3")]
    Show {
        /// The round (default: the last one paired).
        round: Option<u32>,
        /// text, csv or json.
        #[arg(long, default_value = "text")]
        format: String,
    },
}

pub fn round(db: &Path, command: &RoundCommand) -> Result<Exit, Failure> {
    let RoundCommand::Show { round, format } = command;
    let store = Store::open(db)?;
    let round = match round {
        Some(r) => *r,
        None => store.rounds_started()?.max(1),
    };
    // An unpaired round has no boards to show; an empty table would read as a round
    // without games.
    store.require_paired(round)?;
    let view = store.round(round)?;
    let names: std::collections::HashMap<PlayerId, String> = store
        .players()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    match format.as_str() {
        "text" => {}
        "json" => {
            println!("{}", crate::render::event::round_json(round, &view));
            return Ok(Exit::Ok);
        }
        "csv" => {
            let text = crate::render::event::round_csv(round, &view, &|n| name(PlayerId(n)))
                .map_err(Failure::io)?;
            print!("{text}");
            return Ok(Exit::Ok);
        }
        other => {
            return Err(Failure::invalid_input(format!(
                "--format `{other}`: expected text, csv or json"
            )));
        }
    }
    println!("round {round}");
    let names_shown: Vec<String> = view
        .games
        .iter()
        .map(|g| name(g.white))
        .chain(view.unpaired.iter().map(|(p, _)| name(*p)))
        .collect();
    let width = name_width(names_shown.iter().map(String::as_str), 28);
    println!(
        "{:>5}  {:>4} {}  {:<14}  {:>4} black",
        "board",
        "no",
        fit("white", width),
        "result",
        "no"
    );
    for game in &view.games {
        let line = format!(
            "{:>5}  {:>4} {}  {:<14}  {:>4} {}",
            game.board.map_or("-".to_owned(), |b| b.to_string()),
            game.white,
            fit(&name(game.white), width),
            shown(game.white_code, game.black_code),
            game.black,
            // The last column: nothing to align after it, so the whole name.
            name(game.black)
        );
        println!("{}", line.trim_end());
    }
    for (player, code) in &view.unpaired {
        let what = super::pair::unpaired_label(&store, *code)?;
        println!(
            "{:>5}  {:>4} {}  {what}",
            "",
            player,
            fit(&name(*player), width)
        );
    }
    Ok(Exit::Ok)
}

#[derive(Subcommand)]
pub enum GameCommand {
    /// Store a game's score (PGN) for a board, checked with the scoresheet checker; warns when
    /// the result on the sheet differs from the one entered.
    #[command(after_help = "Example:\n  arbiter game attach 3 12 board12.pgn")]
    Attach {
        round: u32,
        board: u32,
        file: PathBuf,
    },
}

pub fn game(db: &Path, command: &GameCommand) -> Result<Exit, Failure> {
    let GameCommand::Attach { round, board, file } = command;
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let games = crate::scoresheet::pgn::read_games(&text);
    let raw = match games.as_slice() {
        [one] => one,
        [] => return Err(Failure::invalid_input(format!("{shown} holds no game"))),
        more => {
            return Err(Failure::invalid_input(format!(
                "{shown} holds {} games; attach one game per board",
                more.len()
            )));
        }
    };
    let mut store = Store::open(db)?;
    let white = store.white_on_board(*round, *board)?;
    let view = store.round(*round)?;
    let game = view
        .games
        .iter()
        .find(|g| g.white.0 == white)
        .copied()
        .ok_or_else(|| Failure::invalid_input(format!("round {round} has no board {board}")))?;
    let laws: crate::chess::Laws = store.setting("laws")?.parse().unwrap_or_default();
    let rate: crate::chess::Rate = store.setting("rate")?.parse().unwrap_or_default();
    let report = crate::scoresheet::verify::verify(
        raw,
        crate::scoresheet::verify::Options {
            laws,
            rate,
            claims: false,
        },
    );
    print!(
        "{}",
        crate::render::scoresheet::report_text(&shown, &report)
    );
    let entered = match (game.white_code, game.black_code) {
        ('1', '0') | ('+', '-') => Some("1-0"),
        ('0', '1') | ('-', '+') => Some("0-1"),
        ('=', '=') => Some("1/2-1/2"),
        _ => None,
    };
    if let (Some(entered), Some(recorded)) = (entered, report.result.as_deref())
        && entered != recorded
    {
        eprintln!(
            "warning: the score sheet says {recorded} but {entered} is entered for round {round} board {board}; `arbiter result {round} {board} RESULT --correct` changes it"
        );
    }
    store.attach_game(*round, game.white.0, game.black.0, &text, &shown)?;
    println!("attached to round {round} board {board}");
    Ok(Exit::Ok)
}

#[derive(Args)]
#[command(
    about = "Remove the last round's pairing while it has no results (requested byes stay)",
    after_help = "Once the pairing is published (`arbiter publish`), it is changed only on a ground of\nC.04.2 4.4, stated with --ground and logged.\n\nExamples:\n  arbiter unpair\n  arbiter unpair --ground rematch"
)]
pub struct UnpairArgs {
    /// The ground of C.04.2 4.4 for changing a published pairing: rematch, rules,
    /// players-agree, late-entry or last-round.
    #[arg(long, value_parser = parse_ground)]
    ground: Option<UnpairGround>,
}

fn parse_ground(text: &str) -> Result<UnpairGround, String> {
    text.parse()
}

pub fn unpair(db: &Path, args: &UnpairArgs) -> Result<Exit, Failure> {
    let mut store = Store::open(db)?;
    let round = store.unpair_on(args.ground)?;
    match args.ground {
        Some(ground) => println!(
            "round {round} unpaired (C.04.2 4.4: {}); pair it again with `arbiter pair`",
            ground.reason()
        ),
        None => println!("round {round} unpaired"),
    }
    Ok(Exit::Ok)
}

#[derive(Args)]
#[command(about = "Every change to the event, oldest first")]
pub struct LogArgs {
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
}

pub fn log(db: &Path, args: &LogArgs) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    match args.format.as_str() {
        "text" => {}
        "json" => {
            println!("{}", crate::render::event::log_json(&store.log()?));
            return Ok(Exit::Ok);
        }
        other => {
            return Err(Failure::invalid_input(format!(
                "--format `{other}`: expected text or json"
            )));
        }
    }
    for entry in store.log()? {
        let change = match (&entry.old, &entry.new) {
            (Some(old), Some(new)) => format!(": {old} -> {new}"),
            (None, Some(new)) => format!(": {new}"),
            (Some(old), None) => format!(": was {old}"),
            (None, None) => String::new(),
        };
        println!(
            "{}  {:<14}  {}{change}",
            entry.at, entry.command, entry.what
        );
    }
    Ok(Exit::Ok)
}

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Read a FIDE TRF (TRF-2026, TRF16, engine extensions) into a new event.
    Trf { file: PathBuf },
    /// Register the players of a CSV file with a header row (name, rating, fide_id,
    /// federation, title, birth, sex, club, in any order and the usual spellings): every row
    /// is checked first, and nothing is registered if one is bad.
    #[command(after_help = "Example:\n  arbiter import players entries.csv --dry-run")]
    Players {
        file: PathBuf,
        /// Check and show what would be registered, without registering.
        #[arg(long = "dry-run")]
        dry_run: bool,
    },
    /// Enter a round's results from a CSV file with a header row: `board,result` (with
    /// --round or a `round` column) or `white,black,result`; results as `arbiter result`
    /// takes them. Every row is checked, and nothing is entered if one is bad.
    #[command(
        after_help = "Example (results.csv):\n  board,white,black,result\n  1,4,17,1-0\n  2,9,2,1/2\n\n  arbiter import results results.csv --round 3"
    )]
    Results {
        file: PathBuf,
        /// The round, when the file has no round column.
        #[arg(long)]
        round: Option<u32>,
        /// Allow changing results already entered (each change logged).
        #[arg(long)]
        correct: bool,
    },
}

#[derive(Subcommand)]
pub enum ExportCommand {
    /// Write the FIDE TRF-2026 report.
    Trf {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
    /// Write every attached game score as one PGN file, by round and board: tags from the
    /// event and the pairing, the entered result in the Result tag (Art. 8.7).
    Pgn {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
    /// Write the players as CSV (the columns `import players` reads).
    Players {
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
}

fn write_output(output: &Option<PathBuf>, text: &str) -> Result<(), Failure> {
    match output {
        Some(path) => std::fs::write(path, text)
            .map_err(|err| Failure::io(format!("cannot write {}: {err}", path.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

pub fn import(db: &Path, command: &ImportCommand) -> Result<Exit, Failure> {
    match command {
        ImportCommand::Trf { file } => {
            let shown = file.display().to_string();
            let text = std::fs::read(file)
                .map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
            let text = String::from_utf8_lossy(&text);
            let (trf, warnings) = crate::trf::parse(&text)
                .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
            for warning in &warnings {
                eprintln!("warning: {shown}: {warning}");
            }
            if let Some(warning) = super::standings::recorded_list_warning(&text, &trf) {
                eprintln!("warning: {shown}: {warning}");
            }
            if crate::pairing::baku::named_by(&trf)
                && !crate::pairing::baku::fits(&crate::trf::PointValues::of(&trf))
            {
                eprintln!(
                    "warning: {shown}: record 192 names the Baku method (C.04.7), which needs a win worth two draws and a loss worth nothing: with these point values the event is paired without it"
                );
            } else if let Some(warning) = crate::pairing::baku_rounds_unknown(&trf, 0) {
                eprintln!("warning: {shown}: {warning}");
            }
            // Importing into a file that does not exist yet creates the event from the report.
            let mut store = if db.exists() {
                Store::open(db)?
            } else {
                let name = trf.name.clone().unwrap_or_else(|| shown.clone());
                Store::create(db, &name, &[])?
            };
            store.import_trf(&trf, &shown)?;
            println!(
                "imported {} from {shown}",
                crate::render::count(trf.players.len(), "player", "players")
            );
            Ok(Exit::Ok)
        }
        ImportCommand::Results {
            file,
            round,
            correct,
        } => import_results(db, file, *round, *correct),
        ImportCommand::Players { file, dry_run } => import_players(db, file, *dry_run),
    }
}

/// `import players`: every bad row is listed, with what the store would refuse (a FIDE ID
/// registered already, more players than an event holds), before anything is registered; a
/// dry run finds exactly what the real import would.
fn import_players(db: &Path, file: &Path, dry_run: bool) -> Result<Exit, Failure> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let read = crate::tournament::csv_players::read_players(&text);
    for header in &read.unused {
        eprintln!("warning: {shown}: column `{header}` is not one we read; ignored");
    }
    let mut store = Store::open(db)?;
    let players: Vec<crate::tournament::Player> =
        read.players.iter().map(|(_, p)| p.clone()).collect();
    let mut problems: Vec<(u64, String)> = read
        .errors
        .iter()
        .map(|e| (e.line, format!("{shown}: {e}")))
        .collect();
    for (index, problem) in store.registration_problems(&players)? {
        let line = read.players.get(index).map_or(0, |(line, _)| *line);
        problems.push((line, format!("{shown}: line {line}: {problem}")));
    }
    problems.sort_by_key(|(line, _)| *line);
    if let Some(((_, last), rest)) = problems.split_last() {
        for (_, message) in rest {
            eprintln!("error: {message}");
        }
        let count = problems.len();
        // Bad rows are bad input (exit 3); a good file that the event cannot take, as one
        // with a FIDE ID registered already, is refused by the database (exit 4).
        let exit = if read.errors.is_empty() {
            Exit::Database
        } else {
            Exit::InvalidInput
        };
        return Err(Failure {
            exit,
            message: last.clone(),
            hint: None,
        }
        .with_hint(format!(
            "{count} problem{} in {shown}; nothing was registered: fix {} and import again",
            if count == 1 { "" } else { "s" },
            if count == 1 { "it" } else { "them" }
        )));
    }
    if dry_run {
        let width = name_width(players.iter().map(|p| p.name.as_str()), 33);
        for p in &players {
            println!(
                "{} {:>4} {:<3} {}",
                fit(&p.name, width),
                p.rating.map_or(String::new(), |r| r.to_string()),
                p.federation.as_deref().unwrap_or(""),
                p.fide_id.map_or(String::new(), |i| i.to_string())
            );
        }
        println!(
            "{} would be registered (dry run: nothing changed)",
            crate::render::count(players.len(), "player", "players")
        );
        return Ok(Exit::Ok);
    }
    let last = store.add_players(&players, &shown)?;
    println!(
        "registered {} (numbers up to {last})",
        crate::render::count(players.len(), "player", "players")
    );
    Ok(Exit::Ok)
}

pub fn export(db: &Path, command: &ExportCommand) -> Result<Exit, Failure> {
    match command {
        ExportCommand::Trf { output } => {
            let store = Store::open(db)?;
            let text = report_text(&store)?;
            write_output(output, &text)?;
            Ok(Exit::Ok)
        }
        ExportCommand::Players { output } => export_players(db, output),
        ExportCommand::Pgn { output } => {
            let store = Store::open(db)?;
            let text = super::publish::games_pgn(&store)?;
            write_output(output, &text)?;
            if text.trim().is_empty() {
                eprintln!(
                    "note: no game is attached to the event, so there is nothing to export; `arbiter game attach ROUND BOARD FILE` attaches one"
                );
            }
            Ok(Exit::Ok)
        }
    }
}

/// The FIDE report as `export trf` writes it (and the site offers it): the rating report,
/// with corrections for rating evaluation only, and each player's rank in the standings
/// after the last round paired.
pub(crate) fn report_text(store: &Store) -> Result<String, Failure> {
    // Both reports come from one read of the event: the tournament's record for the
    // standings, the rating report for the file.
    let (tournament, mut trf) = store.tournament_and_rating_reports()?;
    let paired = store.rounds_started()?;
    if paired > 0 {
        // Only the ranks are wanted, so the standings are made without each player's
        // working, which would cost more than the ranking itself and change no rank.
        let ranked = (1..=paired)
            .map(|r| store.round(r))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Failure::from)
            .and_then(|rounds| {
                super::standings::StandingsSource::from_read(
                    store,
                    &tournament,
                    &rounds,
                    None,
                    None,
                    None,
                )
            })
            .and_then(|mut source| {
                source.options.explain = false;
                for note in source.notes(false) {
                    eprintln!("note: the ranks: {note}");
                }
                source.after(paired)
            });
        match ranked {
            Ok(standings) => with_ranks(&mut trf, &standings.table),
            Err(failure) => {
                eprintln!("warning: the ranks (columns 86-89) are left blank: {failure}")
            }
        }
    }
    Ok(crate::trf::write(&trf))
}

/// Columns 86-89 of each `001` record: the player's rank in `table`, as the standings show
/// it (shared places repeat). Nothing before a round is counted.
pub(crate) fn with_ranks(trf: &mut crate::trf::Trf, table: &crate::standings::Standings) {
    if table.rounds == 0 {
        return;
    }
    let ranks: std::collections::HashMap<PlayerId, u32> = table
        .rows
        .iter()
        .map(|row| (row.player.id, row.rank))
        .collect();
    for player in &mut trf.players {
        player.rank = ranks
            .get(&player.player.id)
            .and_then(|&r| u16::try_from(r).ok());
    }
}

fn export_players(db: &Path, output: &Option<PathBuf>) -> Result<Exit, Failure> {
    let store = Store::open(db)?;
    let text = crate::render::event::players_csv(&store.players()?)
        .map_err(|e| Failure::io(format!("cannot write the players: {e}")))?;
    write_output(output, &text)?;
    Ok(Exit::Ok)
}

fn import_results(
    db: &Path,
    file: &Path,
    round: Option<u32>,
    correct: bool,
) -> Result<Exit, Failure> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|err| Failure::io(format!("cannot read {shown}: {err}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let rows = crate::tournament::csv_results::results_from_csv(&text)
        .map_err(|err| Failure::invalid_input(format!("{shown}: {err}")))?;
    let mut store = Store::open(db)?;
    let at = |line: u64, message: String| {
        Failure::invalid_input(format!("{shown}: line {line}: {message}"))
    };
    // Every row is placed on its game before anything is entered.
    let mut results = Vec::new();
    for row in &rows {
        let round = row
            .round
            .or(round)
            .ok_or_else(|| at(row.line, "no round: give --round or a round column".into()))?;
        store
            .require_paired(round)
            .map_err(|e| at(row.line, e.to_string()))?;
        let view = store.round(round)?;
        let game = match (row.board, row.white) {
            (Some(board), _) => view.games.iter().find(|g| g.board == Some(board)),
            (None, Some(white)) => view.games.iter().find(|g| g.white.0 == white),
            (None, None) => None,
        }
        .ok_or_else(|| {
            at(
                row.line,
                match (row.board, row.white) {
                    (Some(board), _) => format!("round {round} has no board {board}"),
                    (_, Some(white)) => {
                        format!("player {white} has no game with White in round {round}")
                    }
                    _ => "the row names neither a board nor White".into(),
                },
            )
        })?;
        if row.white.is_some_and(|w| w != game.white.0)
            || row.black.is_some_and(|b| b != game.black.0)
        {
            return Err(at(
                row.line,
                format!(
                    "round {round} board {} is {}-{}, not {}-{}",
                    game.board.map_or("-".into(), |b| b.to_string()),
                    game.white,
                    game.black,
                    row.white.map_or("?".into(), |w| w.to_string()),
                    row.black.map_or("?".into(), |b| b.to_string())
                ),
            ));
        }
        results.push((round, game.white.0, row.codes));
    }
    match store.enter_results(&results, correct, &shown) {
        Ok(games) => {
            println!(
                "entered {} from {shown}",
                crate::render::count(games.len(), "result", "results")
            );
            // Corrections count by when they are reported (C.04.2 4.3): say which kind each
            // one was, since a late one leaves the standings as they are.
            for (game, entered) in &games {
                let kind = match entered {
                    Entered::Result => continue,
                    Entered::AdjournedFinished => "adjourned game finished: counts in full",
                    Entered::BeforeNextPairing => "correction: counts for the standings",
                    Entered::AfterNextPairing { .. } => {
                        "correction: counts for the standings; the published pairing stands"
                    }
                    Entered::RatingOnly => {
                        "correction for rating evaluation only: the tournament score stands"
                    }
                };
                println!("  game {}-{}: {kind}", game.white, game.black);
            }
            Ok(Exit::Ok)
        }
        Err((index, err)) => {
            let line = rows.get(index).map_or(0, |r| r.line);
            let mut failure = Failure::from(err);
            failure.message = format!(
                "{shown}: line {line}: {}; nothing was entered",
                failure.message
            );
            Err(failure)
        }
    }
}

/// A seed for a drawing of lots when the director gives none: the clock's nanoseconds. It is
/// printed and logged, so the draw can still be repeated.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
