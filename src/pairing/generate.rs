//! Random tournaments, reproducible bit for bit from a seed: a field like a real open, then
//! round after round the requested byes, withdrawals and late entries, a pairing from the
//! caller's engine, and results drawn from the players' ratings. The output is a TRF that the
//! pairing engines (ours and the reference ones) read.
//!
//! Everything random comes from [`SplitMix64`], a 64-bit generator small enough to state in
//! full, with no floating point in any decision except the Elo table, which is built from
//! additions, multiplications and divisions only (exact IEEE operations, the same on every
//! machine). The same seed and configuration, with a deterministic pairer, give the same text.
//!
//! The generator draws from three independent streams of the seed, so that changing one rate
//! does not change the rest: the field (players, late entries), the availability of players
//! round by round (byes, withdrawals), and the results.
//!
//! What the TRF holds, per round `r`, before the pairer is called (as the engines read it): a
//! trailing round column for every player who is not to be paired, `0000 - H`, `0000 - F` or
//! `0000 - Z` for a requested bye, `0000 - Z` for a player who has withdrawn or not yet
//! entered; the points column counts the completed rounds only. After the round: each game
//! as `opp w 1` / `opp b 0` (or `=`, or `+`/`-` for a forfeit with the scheduled colours, `-`
//! on both sides for a double forfeit), the pairing-allocated bye as `0000 - U`, and the
//! points updated. `XXR` gives the number of rounds and `XXC` the initial colour (with `142`
//! and `152`); with Baku acceleration, `XXA` lines give group A's virtual points.

use std::collections::HashSet;
use std::fmt;

use crate::chess::Color;
use crate::tournament::{Player, PlayerId, Points, Sex, Title};
use crate::trf::{PlayerAcceleration, PointValues, Trf, TrfPlayer, TrfRound};

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014, with the constants of Vigna's public-domain `splitmix64.c`): a Weyl sequence
/// of step `0x9E3779B97F4A7C15` through a 64-bit mixing function. Seed 0 gives
/// `0xE220A8397B1DCDAF`, `0x6E789E6AA1B965F4`, `0x06C45D188009454F`, ...
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// An independent generator for sub-stream `stream` of `seed`: seeded with the
    /// `stream`-th output of `SplitMix64::new(seed)`.
    pub fn stream(seed: u64, stream: u64) -> SplitMix64 {
        let mut root = SplitMix64::new(seed);
        let mut value = root.next_u64();
        for _ in 0..stream {
            value = root.next_u64();
        }
        SplitMix64::new(value)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound` > 0), without modulo bias: outputs below
    /// `2^64 mod bound` are drawn again.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0)");
        let reject_under = bound.wrapping_neg() % bound;
        loop {
            let x = self.next_u64();
            if x >= reject_under {
                return x % bound;
            }
        }
    }

    /// Uniform index in `0..len` (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `ppm` parts per million.
    pub fn chance(&mut self, ppm: u32) -> bool {
        ppm > 0 && self.below(1_000_000) < u64::from(ppm)
    }

    /// Fisher-Yates (Durstenfeld): from the last place down, swap each place with a uniform
    /// place at or before it.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// What to generate. Rates are probabilities from 0 to 1.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorConfig {
    /// Players registered over the whole event, late entries included (2 to 9999).
    pub players: usize,
    /// Rounds (at least 1).
    pub rounds: u32,
    pub seed: u64,
    /// Share of games drawn, in percent (0 to 100), as far as the ratings allow: a game whose
    /// expected score is `e` is drawn with probability at most `2 min(e, 1 - e)`.
    pub draw_percent: u32,
    /// Per game: one side (one time in twenty both) does not appear.
    pub forfeit_rate: f64,
    /// Per player and round: a requested bye (seven in ten half-point, two zero-point, one
    /// full-point).
    pub bye_rate: f64,
    /// Per player and round from round 2: the player withdraws, and is absent from then on.
    pub withdrawal_rate: f64,
    /// Per player: a late entry, first paired in a round from 2 to `ceil(rounds / 2)`.
    pub late_entry_rate: f64,
    /// Baku acceleration (C.04.7) as explicit `XXA` lines.
    pub baku: bool,
}

impl GeneratorConfig {
    /// A plain event: 30 % draws, no forfeits, byes, withdrawals or late entries.
    pub fn new(players: usize, rounds: u32, seed: u64) -> GeneratorConfig {
        GeneratorConfig {
            players,
            rounds,
            seed,
            draw_percent: 30,
            forfeit_rate: 0.0,
            bye_rate: 0.0,
            withdrawal_rate: 0.0,
            late_entry_rate: 0.0,
            baku: false,
        }
    }
}

/// Why no tournament came out.
#[derive(Debug, Clone, PartialEq)]
pub enum GenerateError {
    /// Fewer than 2 or more than 9999 players (the TRF's starting ranks have four digits).
    Players(usize),
    /// No rounds.
    Rounds(u32),
    /// A draw percentage over 100.
    DrawPercent(u32),
    /// A rate outside 0 to 1.
    Rate { name: &'static str, value: f64 },
    /// The pairer gave up on `round`. `partial` is the report of the rounds before it, a
    /// whole report that reads back (the round's own columns are left out).
    Pairer {
        round: u32,
        message: String,
        partial: Box<Trf>,
    },
    /// The pairer's boards are not a pairing of the players to pair.
    BadPairing { round: u32, message: String },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Players(n) => {
                write!(f, "a generated tournament has 2 to 9999 players, not {n}")
            }
            GenerateError::Rounds(r) => write!(f, "a generated tournament needs rounds, not {r}"),
            GenerateError::DrawPercent(p) => {
                write!(f, "the draw percentage is 0 to 100, not {p}")
            }
            GenerateError::Rate { name, value } => {
                write!(
                    f,
                    "the {name} rate is a probability from 0 to 1, not {value}"
                )
            }
            GenerateError::Pairer { round, message, .. } => {
                write!(f, "round {round}: the pairing failed: {message}")
            }
            GenerateError::BadPairing { round, message } => {
                write!(f, "round {round}: {message}")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// The pairer's answer for one round: `(white, Some(black))` per board, `(player, None)` for
/// the pairing-allocated bye.
pub type Boards = Vec<(PlayerId, Option<PlayerId>)>;

/// A pairing as the generator takes it: the boards, then the bye.
pub fn boards(pairing: &super::Pairing) -> Boards {
    let mut boards: Boards = pairing
        .boards
        .iter()
        .map(|b| (b.white, Some(b.black)))
        .collect();
    boards.extend(pairing.bye.map(|p| (p, None)));
    boards
}

/// The pairer for a Dutch Swiss: each round paired by our engine from the report so far.
pub fn pair_dutch(trf: &Trf, round: u32) -> Result<Boards, String> {
    let input = super::PairingInput::from_trf(trf, round).map_err(|e| e.to_string())?;
    let pairing = super::dutch::pair(&input).map_err(|e| e.to_string())?;
    Ok(boards(&pairing))
}

/// Generates a tournament. `pair(trf, round)` is called before each round with the report so
/// far (see the module documentation for what it holds) and returns the boards of `round`:
/// every player without a column for that round exactly once, and at most one
/// pairing-allocated bye.
pub fn generate(
    config: &GeneratorConfig,
    pair: &mut dyn FnMut(&Trf, u32) -> Result<Boards, String>,
) -> Result<Trf, GenerateError> {
    check(config)?;
    let n = config.players;
    let rounds = config.rounds;
    let mut field_rng = SplitMix64::stream(config.seed, 0);
    let mut presence_rng = SplitMix64::stream(config.seed, 1);
    let mut result_rng = SplitMix64::stream(config.seed, 2);

    let host = FEDERATIONS[field_rng.index(FEDERATIONS.len())];
    let players = field(n, host, &mut field_rng);

    // Late entries: the player is numbered with everybody (as if the list were renumbered at
    // the entry, C.04.2) and is absent, not yet registered, before the entry round.
    let last_late_round = rounds.div_ceil(2).max(2);
    let late_ppm = ppm(config.late_entry_rate);
    let entry: Vec<u32> = (0..n)
        .map(|_| {
            if rounds >= 2 && field_rng.chance(late_ppm) {
                2 + field_rng.below(u64::from(last_late_round - 1)) as u32
            } else {
                1
            }
        })
        .collect();

    let initial_colour = if presence_rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let rated = players.iter().filter(|p| p.rating.is_some()).count();
    let mut trf = Trf {
        name: Some(format!("Generated open (seed {})", config.seed)),
        federation: Some(host.to_owned()),
        rounds: Some(rounds),
        initial_colour: Some(initial_colour),
        ..Trf::default()
    };
    for (code, value) in [
        ("062", n.to_string()),
        ("072", rated.to_string()),
        ("092", "Individual: Swiss-System".to_owned()),
        ("XXR", rounds.to_string()),
        ("XXC", initial_colour.fold("white1", "black1").to_owned()),
    ] {
        trf.other.push((code.to_owned(), format!("{code} {value}")));
    }
    if config.baku {
        for line in baku_lines(&entry, rounds) {
            trf.other.push(("XXA".to_owned(), line));
        }
    }
    trf.comments.push(format!(
        "generated by arbiter: seed {}, {} players, {} rounds, draws {}%, forfeits {}, byes {}, withdrawals {}, late entries {}{}",
        config.seed,
        n,
        rounds,
        config.draw_percent,
        config.forfeit_rate,
        config.bye_rate,
        config.withdrawal_rate,
        config.late_entry_rate,
        if config.baku { ", baku" } else { "" }
    ));
    for (index, &round) in entry.iter().enumerate() {
        if round > 1 {
            trf.comments.push(format!(
                "late entry: player {} from round {round}",
                index + 1
            ));
        }
    }
    trf.players = players
        .into_iter()
        .map(|player| TrfPlayer {
            player,
            points: Points::ZERO,
            rank: None,
            rounds: Vec::with_capacity(rounds as usize),
        })
        .collect();

    let expectancy = EloTable::new();
    let draw_ppm = config.draw_percent * 10_000;
    let forfeit_ppm = ppm(config.forfeit_rate);
    let bye_ppm = ppm(config.bye_rate);
    let withdrawal_ppm = ppm(config.withdrawal_rate);
    let mut withdrawn: Vec<Option<u32>> = vec![None; n];
    let mut points = vec![Points::ZERO; n];
    let mut to_pair = vec![false; n];
    let mut seen = vec![false; n];

    for round in 1..=rounds {
        // Who is not to be paired, written as a trailing column the engines read.
        for index in 0..n {
            let code = if entry[index] > round || withdrawn[index].is_some() {
                Some('Z')
            } else if round >= 2 && presence_rng.chance(withdrawal_ppm) {
                withdrawn[index] = Some(round);
                trf.comments.push(format!(
                    "withdrawn: player {} from round {round}",
                    index + 1
                ));
                Some('Z')
            } else if presence_rng.chance(bye_ppm) {
                Some(match presence_rng.below(10) {
                    0..=6 => 'H',
                    7..=8 => 'Z',
                    _ => 'F',
                })
            } else {
                None
            };
            to_pair[index] = code.is_none();
            if let Some(code) = code {
                trf.players[index].rounds.push(TrfRound {
                    opponent: None,
                    colour: '-',
                    code,
                });
            }
        }

        let boards = match pair(&trf, round) {
            Ok(boards) => boards,
            Err(message) => {
                // The rounds made stand: the report without this round's columns (requested
                // byes and absences written for it) is a report of rounds 1 to round - 1.
                for player in &mut trf.players {
                    player.rounds.truncate(round as usize - 1);
                }
                trf.comments
                    .push(format!("round {round} could not be paired: {message}"));
                return Err(GenerateError::Pairer {
                    round,
                    message,
                    partial: Box::new(trf),
                });
            }
        };
        check_boards(&boards, &to_pair, &mut seen, round)?;

        for &(white, black) in &boards {
            let w = usize::from(white.0) - 1;
            let Some(black) = black else {
                trf.players[w].rounds.push(TrfRound {
                    opponent: None,
                    colour: '-',
                    code: 'U',
                });
                continue;
            };
            let b = usize::from(black.0) - 1;
            let (white_code, black_code) = if result_rng.chance(forfeit_ppm) {
                if result_rng.below(20) == 0 {
                    ('-', '-')
                } else if result_rng.below(2) == 0 {
                    ('-', '+')
                } else {
                    ('+', '-')
                }
            } else {
                let difference = i32::from(trf.players[w].player.rating.unwrap_or(UNRATED))
                    + WHITE_EDGE
                    - i32::from(trf.players[b].player.rating.unwrap_or(UNRATED));
                let expected = expectancy.ppm(difference);
                let draw = draw_ppm.min(2 * expected.min(1_000_000 - expected));
                let win = expected - draw / 2;
                let x = result_rng.below(1_000_000) as u32;
                if x < win {
                    ('1', '0')
                } else if x < win + draw {
                    ('=', '=')
                } else {
                    ('0', '1')
                }
            };
            trf.players[w].rounds.push(TrfRound {
                opponent: Some(black),
                colour: 'w',
                code: white_code,
            });
            trf.players[b].rounds.push(TrfRound {
                opponent: Some(white),
                colour: 'b',
                code: black_code,
            });
        }

        for (index, player) in trf.players.iter_mut().enumerate() {
            let result = player.rounds[round as usize - 1]
                .result()
                .expect("the generator writes known codes");
            points[index] = points[index] + result.standard_points();
            player.points = points[index];
        }
    }
    Ok(trf)
}

/// Rating used for the expectancy of an unrated player.
const UNRATED: u16 = 1200;
/// White's edge, in rating points, in the expectancy.
const WHITE_EDGE: i32 = 35;

fn check(config: &GeneratorConfig) -> Result<(), GenerateError> {
    if !(2..=9999).contains(&config.players) {
        return Err(GenerateError::Players(config.players));
    }
    if config.rounds == 0 {
        return Err(GenerateError::Rounds(config.rounds));
    }
    if config.draw_percent > 100 {
        return Err(GenerateError::DrawPercent(config.draw_percent));
    }
    for (name, value) in [
        ("forfeit", config.forfeit_rate),
        ("bye", config.bye_rate),
        ("withdrawal", config.withdrawal_rate),
        ("late entry", config.late_entry_rate),
    ] {
        if !(0.0..=1.0).contains(&value) {
            return Err(GenerateError::Rate { name, value });
        }
    }
    Ok(())
}

/// A probability as parts per million (one rounding of one multiplication: the same
/// everywhere).
fn ppm(rate: f64) -> u32 {
    (rate * 1_000_000.0).round() as u32
}

/// Every player to pair once, nobody else, at most one pairing-allocated bye.
fn check_boards(
    boards: &Boards,
    to_pair: &[bool],
    seen: &mut [bool],
    round: u32,
) -> Result<(), GenerateError> {
    let bad = |message: String| Err(GenerateError::BadPairing { round, message });
    seen.fill(false);
    let mut byes = 0;
    for &(white, black) in boards {
        if black.is_none() {
            byes += 1;
        }
        for id in std::iter::once(white).chain(black) {
            let index = usize::from(id.0).wrapping_sub(1);
            if index >= to_pair.len() {
                return bad(format!("player {id} does not exist"));
            }
            if !to_pair[index] {
                return bad(format!("player {id} is not to be paired this round"));
            }
            if seen[index] {
                return bad(format!("player {id} is paired twice"));
            }
            seen[index] = true;
        }
    }
    if byes > 1 {
        return bad(format!("{byes} pairing-allocated byes"));
    }
    if let Some(index) = (0..to_pair.len()).find(|&i| to_pair[i] && !seen[i]) {
        return bad(format!("player {} is not paired", index + 1));
    }
    Ok(())
}

/// Baku acceleration (C.04.7, computed in [`super::baku`]): group A is the first
/// `2 ceil(N/4)` players of the round-1 list (those entered in round 1); a late entry numbered
/// above the last of them joins it (the last player of group A stays the same player). One
/// `XXA` line per player of group A with the virtual points of each accelerated round.
fn baku_lines(entry: &[u32], rounds: u32) -> Vec<String> {
    let first_list: Vec<usize> = (0..entry.len()).filter(|&i| entry[i] == 1).collect();
    let size = super::baku::group_size(first_list.len());
    let Some(&last) = size.checked_sub(1).and_then(|i| first_list.get(i)) else {
        return Vec::new();
    };
    let values = PointValues::default();
    (0..=last)
        .map(|index| {
            PlayerAcceleration {
                player: u16::try_from(index + 1).unwrap_or(u16::MAX),
                points: (1..=super::baku::accelerated_rounds(rounds))
                    .map(|round| super::baku::virtual_points(round, rounds, &values))
                    .collect(),
            }
            .record()
        })
        .collect()
}

/// Elo expectancy in parts per million for a rating difference, from `10^(d/400)` built by
/// repeated multiplication (no `powf`, whose last bit may differ between platforms).
struct EloTable {
    ppm: Vec<u32>,
}

impl EloTable {
    const LIMIT: i32 = 800;

    fn new() -> EloTable {
        // 10^(1/400), correctly rounded.
        const STEP: f64 = 1.005_773_063_001_738_3;
        let mut power = 1.0f64;
        let mut ppm = Vec::with_capacity(Self::LIMIT as usize + 1);
        for _ in 0..=Self::LIMIT {
            // The stronger side's expectancy: 1 - 1 / (1 + 10^(d/400)).
            ppm.push((power / (1.0 + power) * 1_000_000.0).round() as u32);
            power *= STEP;
        }
        EloTable { ppm }
    }

    fn ppm(&self, difference: i32) -> u32 {
        let d = difference.clamp(-Self::LIMIT, Self::LIMIT);
        if d >= 0 {
            self.ppm[d as usize]
        } else {
            1_000_000 - self.ppm[(-d) as usize]
        }
    }
}

/// The field, numbered as C.04.2 asks: rating (unrated last), then title (GM, IM, WGM, FM,
/// WIM, CM, WFM, WCM, none), then name; the FIDE ID settles what is left.
fn field(n: usize, host: &str, rng: &mut SplitMix64) -> Vec<Player> {
    let mut ids = HashSet::with_capacity(n);
    let mut players: Vec<Player> = (0..n)
        .map(|_| {
            let female = rng.chance(150_000);
            let first = if female {
                FEMALE_NAMES[rng.index(FEMALE_NAMES.len())]
            } else {
                MALE_NAMES[rng.index(MALE_NAMES.len())]
            };
            let last = LAST_NAMES[rng.index(LAST_NAMES.len())];
            // Ratings of an open: a bell from 1000 to 2800 around 1900, a few unrated.
            let rating = if rng.chance(40_000) {
                None
            } else {
                Some(1000 + (0..3).map(|_| rng.below(601) as u16).sum::<u16>())
            };
            let title = rating.and_then(|r| title(r, female, rng));
            let federation = if rng.below(2) == 0 {
                host
            } else {
                FEDERATIONS[rng.index(FEDERATIONS.len())]
            };
            let fide_id = loop {
                let id = 1_000_000 + rng.below(899_000_000);
                if ids.insert(id) {
                    break id;
                }
            };
            let birth = format!(
                "{}/{:02}/{:02}",
                1940 + rng.below(76),
                1 + rng.below(12),
                1 + rng.below(28)
            );
            Player {
                id: PlayerId(0),
                name: format!("{last}, {first}"),
                sex: Some(if female { Sex::Female } else { Sex::Male }),
                title,
                rating,
                national_rating: None,
                federation: Some(federation.to_owned()),
                fide_id: Some(fide_id),
                birth: Some(birth),
                club: None,
                k_factor: None,
                list_games: None,
                other_titles: None,
            }
        })
        .collect();
    // Numbered as C.04.2 Art. 2.2 orders a field: rating, title, name.
    for (index, player) in players.iter_mut().enumerate() {
        player.id = PlayerId(index as u16 + 1);
    }
    let order = crate::tournament::starting_order(&players);
    let mut by_id: Vec<Option<Player>> = players.into_iter().map(Some).collect();
    let mut players: Vec<Player> = order
        .iter()
        .filter_map(|id| by_id[id.0 as usize - 1].take())
        .collect();
    for (index, player) in players.iter_mut().enumerate() {
        player.id = PlayerId(index as u16 + 1);
    }
    players
}

/// A title that fits the rating, some of the time.
fn title(rating: u16, female: bool, rng: &mut SplitMix64) -> Option<Title> {
    let roll = rng.below(100);
    let pick = |table: &[(u64, Title)]| {
        let mut total = 0;
        for &(share, title) in table {
            total += share;
            if roll < total {
                return Some(title);
            }
        }
        None
    };
    use Title::*;
    match (female, rating) {
        (false, 2500..) => pick(&[(85, Gm), (15, Im)]),
        (false, 2400..) => pick(&[(15, Gm), (60, Im), (20, Fm)]),
        (false, 2300..) => pick(&[(15, Im), (55, Fm), (10, Cm)]),
        (false, 2200..) => pick(&[(20, Fm), (35, Cm)]),
        (true, 2450..) => pick(&[(60, Gm), (25, Im), (15, Wgm)]),
        (true, 2300..) => pick(&[(20, Im), (50, Wgm), (20, Wim)]),
        (true, 2200..) => pick(&[(10, Wgm), (50, Wim), (20, Wfm)]),
        (true, 2100..) => pick(&[(15, Wim), (45, Wfm)]),
        (true, 2000..) => pick(&[(15, Wfm), (30, Wcm)]),
        _ => None,
    }
}

const FEDERATIONS: [&str; 40] = [
    "NED", "GER", "FRA", "ESP", "ITA", "ENG", "POL", "CZE", "HUN", "SRB", "CRO", "GRE", "TUR",
    "UKR", "IND", "CHN", "USA", "ARG", "BRA", "CAN", "AUS", "NOR", "SWE", "DEN", "BEL", "SUI",
    "AUT", "ISR", "ARM", "AZE", "GEO", "IRI", "EGY", "RSA", "PHI", "VIE", "KAZ", "UZB", "PER",
    "MEX",
];

const LAST_NAMES: [&str; 64] = [
    "Andersen",
    "Bakker",
    "Berg",
    "Novak",
    "Kowalski",
    "Nagy",
    "Horvat",
    "Papadopoulos",
    "Yilmaz",
    "Kovalenko",
    "Sharma",
    "Patel",
    "Wang",
    "Li",
    "Zhang",
    "Smith",
    "Johnson",
    "Garcia",
    "Martinez",
    "Rodriguez",
    "Silva",
    "Santos",
    "Muller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Dubois",
    "Martin",
    "Bernard",
    "Rossi",
    "Russo",
    "Ferrari",
    "Jansen",
    "De Vries",
    "Van Dijk",
    "Nielsen",
    "Hansen",
    "Johansson",
    "Lindqvist",
    "Peeters",
    "Meier",
    "Huber",
    "Cohen",
    "Levi",
    "Petrosian",
    "Aliyev",
    "Beridze",
    "Hosseini",
    "Hassan",
    "Naidoo",
    "Reyes",
    "Nguyen",
    "Tran",
    "Nurlanov",
    "Karimov",
    "Quispe",
    "Hernandez",
    "Brown",
    "Wilson",
    "Taylor",
    "Ivanovic",
    "Popescu",
    "Dimitrov",
];

const MALE_NAMES: [&str; 40] = [
    "Anish",
    "Magnus",
    "Levon",
    "Maxime",
    "Jan",
    "Peter",
    "Ivan",
    "Luka",
    "Nikolaos",
    "Emre",
    "Oleksandr",
    "Arjun",
    "Rahul",
    "Wei",
    "Hao",
    "John",
    "Michael",
    "David",
    "Carlos",
    "Diego",
    "Pedro",
    "Lukas",
    "Felix",
    "Thomas",
    "Pierre",
    "Louis",
    "Marco",
    "Luca",
    "Sven",
    "Lars",
    "Erik",
    "Pieter",
    "Daniel",
    "Ori",
    "Aram",
    "Rauf",
    "Giorgi",
    "Reza",
    "Ahmed",
    "Minh",
];

const FEMALE_NAMES: [&str; 24] = [
    "Anna",
    "Maria",
    "Judit",
    "Hou",
    "Ju",
    "Alexandra",
    "Elisabeth",
    "Sophie",
    "Laura",
    "Elena",
    "Nana",
    "Mariya",
    "Irina",
    "Koneru",
    "Harika",
    "Zhu",
    "Lei",
    "Valentina",
    "Olga",
    "Eva",
    "Katarzyna",
    "Monika",
    "Lucia",
    "Nino",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        // Vigna's splitmix64.c from state 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_below_and_covers() {
        let mut rng = SplitMix64::new(1);
        let mut hits = [0u32; 7];
        for _ in 0..7000 {
            hits[rng.index(7)] += 1;
        }
        assert!(hits.iter().all(|&h| (800..1200).contains(&h)), "{hits:?}");
    }

    #[test]
    fn elo_table_is_symmetric_and_known() {
        let table = EloTable::new();
        assert_eq!(table.ppm(0), 500_000);
        // 1 / (1 + 10^(-1)) = 0.909090...
        assert_eq!(table.ppm(400), 909_091);
        assert_eq!(table.ppm(-400), 90_909);
        assert_eq!(table.ppm(5000), table.ppm(800));
        for d in 0..=800 {
            assert_eq!(table.ppm(d) + table.ppm(-d), 1_000_000);
        }
    }

    #[test]
    fn baku_group_a_follows_the_round_one_list() {
        // 10 players, all entered in round 1, 9 rounds: group A = 2 * ceil(10/4) = 6 players,
        // +1 in rounds 1-3, +0.5 in rounds 4-5.
        let lines = baku_lines(&[1; 10], 9);
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[0], "XXA    1  1.0  1.0  1.0  0.5  0.5");
        // A late entry numbered 3 joins; group A still ends at the same player (7th number).
        let mut entry = [1u32; 11];
        entry[2] = 3;
        assert_eq!(baku_lines(&entry, 9).len(), 7);
    }
}
