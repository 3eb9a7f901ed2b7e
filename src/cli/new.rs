//! `arbiter new`: creates the event database with its settings (the use case, which also
//! settles the start date, is `event::new`).

use std::path::Path;

use clap::Args;

use super::{Exit, Failure};

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

pub fn run(db: &Path, args: &NewArgs) -> Result<Exit, Failure> {
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
    let created = crate::event::new::create(db, &args.name, settings)?;
    println!("created {} for {}", db.display(), args.name);
    if let Some(today) = created.start_today {
        println!("start date {today} (today): `arbiter config start DATE` changes it");
    }
    Ok(Exit::Ok)
}
