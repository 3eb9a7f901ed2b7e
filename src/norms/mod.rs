//! Title norms (FIDE Handbook B.01, the Title Regulations applied from 1 January 2024): for a
//! player and a norm (GM, IM, WGM, WIM), each requirement of the regulations with its article,
//! met or not, with the numbers an arbiter checks by hand; and, once the next round is paired,
//! the result against that opponent that would make the norm.
//!
//! What decides a norm (articles of the 2024 edition; docs/b01-norms.md says which wording
//! was seen verbatim and which only paraphrased):
//! - the games (1.4.1, 1.4.2): at least 9 counted games (7 in a World or Continental Team or
//!   Club Championship, 8 counted as 9 in the World Cup: the `norm-event` setting, 1.4.1b),
//!   games played over the board only (forfeits, byes and games shorter than one move do not
//!   count), not against an opponent of no FIDE federation (1.4.2a), in a round robin not
//!   against an unrated opponent who scored nothing against rated players (1.4.2b); 8 games
//!   of a 9-round event count as 9 when the missing round is a forfeit win or the
//!   pairing-allocated bye (1.4.1c); a forfeit win in the event's last round counts as a game
//!   lost when the player needed it for the number of games and the norm then holds (1.4.2c);
//!   a Swiss event may stop at any round once the norm is made, and may leave out won games
//!   (1.4.1e, f), a round robin counts every round and leaves out won games only when the mix
//!   of all its rounds allows a norm (1.4.1f); each full point above the score needed counts
//!   as one more game (1.4.1d), at most 13 (1.7);
//! - the federations (1.4.3, 1.4.4): at least two federations other than the player's, at
//!   most 3/5 of the opponents from the player's own and at most 2/3 from any one, FID (the
//!   FIDE flag) being no federation, unless the event is exempt (a national championship or a
//!   national team championship for the host federation's players, a zonal, or a Swiss whose
//!   every round has 20 rated players of at least 3 other federations than the host's, 10 of
//!   them GM, IM, WGM or WIM);
//! - the titles (1.4.5): half the opponents titled (CM and WCM not counted), a third and at
//!   least 3 holding the title the norm needs or a higher one; in a double round robin of at
//!   least 6 players, half the opponents, each counted once (1.4.5f);
//! - the ratings (1.4.6 to 1.4.9): the ratings at the start, an unrated opponent counted as
//!   1400, the one lowest opponent below the floor raised to it (2200, 2050, 2000, 1850), Ra
//!   rounded half up, p rounded half up to whole per cent, Rp = Ra + dp (table 1.4.9, which is
//!   table 8.1.1), Rp and Ra at least the norm's (2600/2380, 2450/2230, 2400/2180, 2250/2030)
//!   and at least 35 %. The 2024 text sets no largest share of unrated opponents (older
//!   editions allowed 20 %), so none is checked.
//!
//! The event's own eligibility (1.1: rate of play, rounds and hours a day, the chief arbiter)
//! is judged by the caller from the event's settings and passed in, so that every norm of the
//! event carries it.
//!
//! **Invariant:** depends on `tournament` and `rating::tables` only; exact integers.

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::rating::tables::dp;
use crate::tournament::{Outcome, Player, PlayerId, RoundResult, Sex, Title};

/// A title norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NormKind {
    Gm,
    Im,
    Wgm,
    Wim,
}

impl NormKind {
    pub const ALL: [NormKind; 4] = [NormKind::Gm, NormKind::Im, NormKind::Wgm, NormKind::Wim];

    pub const fn name(self) -> &'static str {
        match self {
            NormKind::Gm => "GM",
            NormKind::Im => "IM",
            NormKind::Wgm => "WGM",
            NormKind::Wim => "WIM",
        }
    }

    /// The title performance (0.5, 1.4.8).
    pub const fn performance(self) -> i64 {
        match self {
            NormKind::Gm => 2600,
            NormKind::Im => 2450,
            NormKind::Wgm => 2400,
            NormKind::Wim => 2250,
        }
    }

    /// The lowest average rating of the opponents (1.4.8a).
    pub const fn average(self) -> i64 {
        match self {
            NormKind::Gm => 2380,
            NormKind::Im => 2230,
            NormKind::Wgm => 2180,
            NormKind::Wim => 2030,
        }
    }

    /// The adjusted rating floor (1.4.6b).
    pub const fn floor(self) -> i64 {
        match self {
            NormKind::Gm => 2200,
            NormKind::Im => 2050,
            NormKind::Wgm => 2000,
            NormKind::Wim => 1850,
        }
    }

    /// Whether an opponent with `title` holds the title this norm asks a third of the
    /// opponents to hold (1.4.5b to e).
    pub fn counts_title(self, title: Title) -> bool {
        match self {
            NormKind::Gm => title == Title::Gm,
            NormKind::Im => matches!(title, Title::Gm | Title::Im),
            NormKind::Wgm => matches!(title, Title::Gm | Title::Im | Title::Wgm),
            NormKind::Wim => matches!(title, Title::Gm | Title::Im | Title::Wgm | Title::Wim),
        }
    }

    /// The article of 1.4.5 for this norm's titled opponents.
    const fn title_article(self) -> &'static str {
        match self {
            NormKind::Gm => "1.4.5b",
            NormKind::Im => "1.4.5c",
            NormKind::Wgm => "1.4.5d",
            NormKind::Wim => "1.4.5e",
        }
    }

    /// The titles the norm's third may hold, for the text.
    const fn title_list(self) -> &'static str {
        match self {
            NormKind::Gm => "GM",
            NormKind::Im => "GM or IM",
            NormKind::Wgm => "GM, IM or WGM",
            NormKind::Wim => "GM, IM, WGM or WIM",
        }
    }

    /// Whether the norm means anything for `player`: not for a holder of the title or a
    /// higher one, and the women's norms for women only.
    pub fn sought_by(self, player: &Player) -> bool {
        let title = player.title;
        let woman = player.sex == Some(Sex::Female);
        match self {
            NormKind::Gm => title != Some(Title::Gm),
            NormKind::Im => !matches!(title, Some(Title::Gm | Title::Im)),
            NormKind::Wgm => woman && !matches!(title, Some(Title::Gm | Title::Wgm)),
            NormKind::Wim => {
                woman && !matches!(title, Some(Title::Gm | Title::Im | Title::Wgm | Title::Wim))
            }
        }
    }
}

/// Titles that count as titled opponents (1.4.5a: CM and WCM do not).
fn titled(title: Option<Title>) -> bool {
    matches!(
        title,
        Some(Title::Gm | Title::Im | Title::Fm | Title::Wgm | Title::Wim | Title::Wfm)
    )
}

pub use crate::tournament::settings::NormEventKind as EventKind;
pub use crate::tournament::settings::NormExemption as Exemption;

/// The federation code of a player under the FIDE flag: accepted as an opponent, but no
/// federation for the mix of 1.4.2a to 1.4.4 (1.4.2a).
pub const FIDE_FLAG: &str = "FID";

/// The federation code `arbiter` reads as "belongs to no FIDE federation": games against such
/// an opponent do not count for a norm (1.4.2a). FIDE lists have no code for it; `NON` is the
/// one other norm programs use.
pub const NO_FIDE_FEDERATION: &str = "NON";

/// The fewest games a norm needs (1.4.1a, b) and the article that says so.
fn minimum_games(kind: EventKind) -> (usize, &'static str) {
    match kind {
        EventKind::Standard => (9, "1.4.1a"),
        EventKind::TeamChampionship => (7, "1.4.1b"),
        EventKind::WorldCup => (8, "1.4.1b"),
    }
}

/// One requirement, as an arbiter checks it: the article, what it asks, and whether it holds
/// (`None`: the event's data cannot say, for instance a federation missing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub article: &'static str,
    pub what: String,
    pub met: Option<bool>,
    /// The numbers behind the verdict.
    pub detail: String,
}

impl Requirement {
    pub fn new(
        article: &'static str,
        what: impl Into<String>,
        met: Option<bool>,
        detail: impl Into<String>,
    ) -> Requirement {
        Requirement {
            article,
            what: what.into(),
            met,
            detail: detail.into(),
        }
    }
}

/// The event as the norm rules see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormEvent<'a> {
    pub players: &'a [Player],
    /// Each player's rounds, in the order of `players`, round 1 first.
    pub rounds: &'a [Vec<RoundResult>],
    /// A round robin (all rounds count, 1.4.1e).
    pub round_robin: bool,
    /// A double round robin (1.4.5f: at least 6 players, half the opponents holding the
    /// title the norm needs).
    pub double_round_robin: bool,
    /// The kind of event for the number of games (1.4.1a, b).
    pub kind: EventKind,
    /// The rounds the event has (the 8-of-9 rule of 1.4.1c).
    pub scheduled_rounds: Option<u32>,
    /// The host federation (the Swiss exemption of 1.4.3d).
    pub host_federation: Option<&'a str>,
    pub exemption: Exemption,
    /// The event's own requirements (1.1), judged from its settings.
    pub eligibility: Vec<Requirement>,
}

/// One counted game of the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormGame {
    pub round: u32,
    pub opponent: PlayerId,
    /// The opponent's rating at the start (`None`: unrated).
    pub rating: Option<u16>,
    /// The rating counted (1400 for an unrated opponent; the floor for the one raised).
    pub counted: i64,
    pub score: i64,
}

/// A player's norm, judged on the best set of games the rules allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormCheck {
    pub player: PlayerId,
    pub kind: NormKind,
    /// The games judged (after the exclusions of 1.4.2 and the subset chosen).
    pub games: Vec<NormGame>,
    /// The games the norm counts for: the games, plus one for the missing round of 1.4.1c,
    /// plus one per full point above the score needed (1.4.1d), at most 13 (1.7).
    pub credited: u32,
    /// The score in half points.
    pub score: i64,
    pub ra: Option<i64>,
    pub rp: Option<i64>,
    /// The score needed for Rp, in half points, at this Ra (none: no score is enough).
    pub needed: Option<i64>,
    /// The event's requirements and the player's, in article order.
    pub requirements: Vec<Requirement>,
    /// Games left out to make the norm (1.4.1e, f): the rounds.
    pub left_out: Vec<u32>,
}

impl NormCheck {
    /// Every requirement holds.
    pub fn met(&self) -> bool {
        self.requirements.iter().all(|r| r.met == Some(true))
    }

    /// No requirement fails, but some cannot be judged from the event's data.
    pub fn undecided(&self) -> bool {
        !self.met() && self.requirements.iter().all(|r| r.met != Some(false))
    }
}

/// The score in half points of a game.
fn halves(outcome: Outcome) -> i64 {
    match outcome {
        Outcome::Win => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    }
}

/// `numerator / denominator` rounded half up (both positive).
fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

/// The event's facts every norm reads: who is who, and which unrated players scored nothing
/// against rated ones (1.4.2b).
pub struct Field<'a> {
    by_id: HashMap<PlayerId, (&'a Player, &'a [RoundResult])>,
    /// The Swiss exemption of 1.4.3d holds for the event.
    swiss_exempt: bool,
}

impl<'a> Field<'a> {
    fn new(event: &'a NormEvent<'a>) -> Field<'a> {
        Field {
            by_id: event
                .players
                .iter()
                .zip(event.rounds)
                .map(|(p, r)| (p.id, (p, r.as_slice())))
                .collect(),
            swiss_exempt: !event.round_robin && swiss_exemption(event),
        }
    }

    fn player(&self, id: PlayerId) -> Option<&'a Player> {
        self.by_id.get(&id).map(|(p, _)| *p)
    }

    /// An unrated player who scored nothing against rated opponents.
    fn unrated_zero(&self, id: PlayerId) -> bool {
        let Some((player, rounds)) = self.by_id.get(&id) else {
            return false;
        };
        if player.rating.is_some_and(|r| r > 0) {
            return false;
        }
        let mut against_rated = 0;
        for r in rounds.iter() {
            if let RoundResult::Played {
                opponent, outcome, ..
            } = r
                && self
                    .player(*opponent)
                    .and_then(|o| o.rating)
                    .is_some_and(|r| r > 0)
            {
                against_rated += halves(*outcome);
            }
        }
        against_rated == 0
    }
}

/// The games of `player` that a norm may count (1.4.2): played over the board (a game of
/// less than one move is not), not against an opponent of no FIDE federation (1.4.2a), and in
/// a round robin not against an unrated opponent who scored nothing against rated players
/// (1.4.2b). Also returns a note for each rule that left a game out, so the arbiter sees why.
fn counted_games(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    rounds: &[RoundResult],
) -> (Vec<NormGame>, Vec<Requirement>) {
    let mut games = Vec::new();
    let (mut no_federation, mut unrated_zero) = (Vec::new(), Vec::new());
    for (round, result) in (1..).zip(rounds) {
        if let RoundResult::Played {
            opponent,
            outcome,
            rated: true,
            ..
        } = *result
        {
            let who = field.player(opponent);
            if who.and_then(|o| o.federation.as_deref()) == Some(NO_FIDE_FEDERATION) {
                no_federation.push(format!("round {round} against {opponent}"));
                continue;
            }
            if event.round_robin && field.unrated_zero(opponent) {
                unrated_zero.push(format!("round {round} against {opponent}"));
                continue;
            }
            let rating = who.and_then(|o| o.rating).filter(|&r| r > 0);
            games.push(NormGame {
                round,
                opponent,
                rating,
                counted: rating.map_or(1400, i64::from),
                score: halves(outcome),
            });
        }
    }
    let mut notes = Vec::new();
    if !no_federation.is_empty() {
        notes.push(Requirement::new(
            "1.4.2a",
            "games against opponents of no FIDE federation not counted",
            Some(true),
            format!("left out: {}", no_federation.join(", ")),
        ));
    }
    if !unrated_zero.is_empty() {
        notes.push(Requirement::new(
            "1.4.2b",
            "games against unrated opponents who scored nothing against rated ones not counted (round robin)",
            Some(true),
            format!("left out: {}", unrated_zero.join(", ")),
        ));
    }
    (games, notes)
}

/// Ra of `games` for `kind`: the one lowest opponent below the floor raised to it (1.4.6c),
/// unrated counted 1400 (1.4.6d), the mean rounded half up (1.4.7b). Also returns the games
/// with their counted ratings.
fn average(kind: NormKind, games: &[NormGame]) -> (i64, Vec<NormGame>) {
    let mut games = games.to_vec();
    for g in &mut games {
        g.counted = g.rating.map_or(1400, i64::from);
    }
    if let Some(lowest) = games
        .iter_mut()
        .filter(|g| g.counted < kind.floor())
        .min_by_key(|g| g.counted)
    {
        lowest.counted = kind.floor();
    }
    let total: i64 = games.iter().map(|g| g.counted).sum();
    (round_half_up(total, games.len() as i64), games)
}

/// p in whole per cent, rounded half up (1.4.9).
fn percent(score: i64, games: usize) -> i64 {
    round_half_up(score * 50, games as i64)
}

/// The least score in half points whose Rp reaches the norm at `ra` over `n` games, if any.
fn score_needed(kind: NormKind, ra: i64, n: usize) -> Option<i64> {
    (0..=2 * n as i64)
        .find(|&s| ra + dp(percent(s, n)) >= kind.performance() && s * 100 >= 70 * n as i64)
}

/// Judges one set of `games` (already chosen): every requirement of the player's side.
fn judge(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    player: &Player,
    kind: NormKind,
    games: &[NormGame],
    bonus_game: bool,
    left_out: Vec<u32>,
) -> NormCheck {
    let n = games.len();
    let score: i64 = games.iter().map(|g| g.score).sum();
    let mut requirements = event.eligibility.clone();
    // Games (1.4.1): 1.4.1c adds the missing round of a 9-round event; 1.4.1b counts the
    // World Cup's 8 games as 9.
    let (need, article) = minimum_games(event.kind);
    let world_cup = event.kind == EventKind::WorldCup && n == 8;
    let counted_n = if world_cup {
        9
    } else {
        n + usize::from(bonus_game)
    };
    requirements.push(Requirement::new(
        if bonus_game { "1.4.1c" } else { article },
        format!("at least {need} games"),
        Some(n + usize::from(bonus_game) >= need),
        if bonus_game {
            format!("{n} games played, counted as {counted_n}: the missing round is a forfeit win or the pairing-allocated bye (only one such norm may serve a title application)")
        } else if world_cup {
            format!("{n} games, counted as 9 (the World Cup)")
        } else {
            format!("{n} games")
        },
    ));
    if n == 0 {
        return NormCheck {
            player: player.id,
            kind,
            games: games.to_vec(),
            credited: 0,
            score,
            ra: None,
            rp: None,
            needed: None,
            requirements,
            left_out,
        };
    }
    requirements.extend(mix(event, field, player, kind, games));
    // Ratings (1.4.6 to 1.4.9).
    let (ra, rated) = average(kind, games);
    let raised = rated
        .iter()
        .find(|g| g.counted == kind.floor() && g.rating.map_or(1400, i64::from) < kind.floor())
        .map(|g| {
            format!(
                "; opponent {} raised to the floor {} (1.4.6c)",
                g.opponent,
                kind.floor()
            )
        })
        .unwrap_or_default();
    let unrated = rated
        .iter()
        .filter(|g| g.rating.is_none() && g.counted == 1400)
        .count();
    let unrated_note = if unrated > 0 {
        format!("; {unrated} unrated counted as 1400 (1.4.6d)")
    } else {
        String::new()
    };
    requirements.push(Requirement::new(
        "1.4.8a",
        format!("Ra at least {}", kind.average()),
        Some(ra >= kind.average()),
        format!("Ra {ra}{raised}{unrated_note}"),
    ));
    let p = percent(score, n);
    let rp = ra + dp(p);
    requirements.push(Requirement::new(
        "1.4.8",
        format!("Rp = Ra + dp at least {}", kind.performance()),
        Some(rp >= kind.performance()),
        format!(
            "{} of {n} = {p} %, dp {}: Rp {rp}",
            score_text(score),
            dp(p)
        ),
    ));
    requirements.push(Requirement::new(
        "1.4.8b",
        "a score of at least 35 %",
        Some(score * 100 >= 70 * n as i64),
        format!("{} of {n}", score_text(score)),
    ));
    let needed = score_needed(kind, ra, n);
    // 1.4.1d: each full point above the score needed counts as one more game; 1.7: at most
    // 13.
    let over = needed.map_or(0, |need| ((score - need).max(0) / 2) as u32);
    let credited = ((counted_n as u32) + over).min(13);
    NormCheck {
        player: player.id,
        kind,
        games: rated,
        credited,
        score,
        ra: Some(ra),
        rp: Some(rp),
        needed,
        requirements,
        left_out,
    }
}

/// The opponent mix of `games` (1.4.3 to 1.4.5): the federations, unless the event is exempt
/// for this player, and the titles.
fn mix(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    player: &Player,
    kind: NormKind,
    games: &[NormGame],
) -> Vec<Requirement> {
    let n = games.len();
    let mut out = Vec::new();
    let own = player.federation.as_deref();
    let feds: Vec<Option<&str>> = games
        .iter()
        .map(|g| {
            field
                .player(g.opponent)
                .and_then(|o| o.federation.as_deref())
        })
        .collect();
    let unknown: Vec<String> = games
        .iter()
        .zip(&feds)
        .filter(|(_, f)| f.is_none())
        .map(|(g, _)| g.opponent.to_string())
        .collect();
    // 1.4.3a and b exempt only the players of the federation that registered the event; a
    // player of another federation there meets the normal rules.
    let claimed = match event.exemption {
        Exemption::NationalChampionship | Exemption::NationalTeams => {
            let what = if event.exemption == Exemption::NationalTeams {
                "1.4.3b: a national team championship"
            } else {
                "1.4.3a: the final of a national championship"
            };
            match (event.host_federation, own) {
                (Some(host), Some(own)) if host == own => {
                    Some((Some(true), format!("{what}, and the player is of {host}")))
                }
                (Some(_), Some(_)) => None,
                _ => Some((
                    None,
                    format!(
                        "{what} exempts the host federation's players only; the host's or the player's federation is not given"
                    ),
                )),
            }
        }
        Exemption::Zonal => Some((Some(true), "1.4.3c: a zonal tournament".to_owned())),
        Exemption::None => None,
    };
    let exempt = claimed.or_else(|| {
        field.swiss_exempt.then(|| {
            (
                Some(true),
                "1.4.3d: a Swiss with 20 rated players of 3 other federations than the host's in every round, 10 of them titled".to_owned(),
            )
        })
    });
    if let Some((met, why)) = exempt {
        out.push(Requirement::new(
            "1.4.3",
            "federations: the event is exempt",
            met,
            why,
        ));
    } else if own.is_none() || !unknown.is_empty() {
        let mut missing = Vec::new();
        if own.is_none() {
            missing.push(format!("the player {}", player.id));
        }
        if !unknown.is_empty() {
            missing.push(format!("opponents {}", unknown.join(", ")));
        }
        out.push(Requirement::new(
            "1.4.3",
            "opponents from at least 2 federations other than the player's",
            None,
            format!("no federation given for {}", missing.join(" and ")),
        ));
    } else {
        let own = own.unwrap_or_default();
        // FID (the FIDE flag) is no federation for the mix (1.4.2a): not a foreign one, not
        // the player's own, and not the one federation of 1.4.4b.
        let mut per_fed: BTreeMap<&str, usize> = BTreeMap::new();
        for f in feds.iter().flatten().filter(|f| **f != FIDE_FLAG) {
            *per_fed.entry(f).or_default() += 1;
        }
        let foreign: Vec<&str> = per_fed.keys().copied().filter(|f| *f != own).collect();
        out.push(Requirement::new(
            "1.4.3",
            "opponents from at least 2 federations other than the player's",
            Some(foreign.len() >= 2),
            format!("{}: {}", foreign.len(), foreign.join(", ")),
        ));
        let own_max = 3 * n / 5;
        out.push(if own == FIDE_FLAG {
            Requirement::new(
                "1.4.4a",
                "at most 3/5 of the opponents from the player's federation",
                Some(true),
                "the player is under the FIDE flag, which is no federation (1.4.2a)",
            )
        } else {
            let own_count = per_fed.get(own).copied().unwrap_or(0);
            Requirement::new(
                "1.4.4a",
                "at most 3/5 of the opponents from the player's federation",
                Some(own_count <= own_max),
                format!("{own_count} of {n} from {own} (at most {own_max})"),
            )
        });
        let (top_fed, top) = per_fed
            .iter()
            .max_by_key(|(_, c)| **c)
            .map_or(("-", 0), |(f, c)| (*f, *c));
        let one_max = 2 * n / 3;
        out.push(Requirement::new(
            "1.4.4b",
            "at most 2/3 of the opponents from any one federation",
            Some(top <= one_max),
            format!("at most {top} from one federation ({top_fed}), of {n} (at most {one_max})"),
        ));
    }
    // Titles (1.4.5), as registered: the titles at the event's start.
    let titles: Vec<Option<Title>> = games
        .iter()
        .map(|g| field.player(g.opponent).and_then(|o| o.title))
        .collect();
    let titled_count = titles.iter().filter(|t| titled(**t)).count();
    let titled_min = n.div_ceil(2);
    out.push(Requirement::new(
        "1.4.5a",
        "at least half the opponents titled (CM and WCM not counted)",
        Some(titled_count >= titled_min),
        format!("{titled_count} of {n} (at least {titled_min})"),
    ));
    if event.double_round_robin {
        // 1.4.5f: in a double round robin the opponents are counted once each, and half of
        // them, rounded up, hold the title 1.4.5b to e ask for; the event has 6 players or
        // more.
        let mut opponents: Vec<(PlayerId, Option<Title>)> = games
            .iter()
            .zip(&titles)
            .map(|(g, t)| (g.opponent, *t))
            .collect();
        opponents.sort_by_key(|(id, _)| *id);
        opponents.dedup_by_key(|(id, _)| *id);
        let holders = opponents
            .iter()
            .filter(|(_, t)| t.is_some_and(|t| kind.counts_title(t)))
            .count();
        let holders_min = opponents.len().div_ceil(2);
        let size = event.players.len();
        out.push(Requirement::new(
            "1.4.5f",
            format!(
                "a double round robin of at least 6 players, half its opponents {}",
                kind.title_list()
            ),
            Some(size >= 6 && holders >= holders_min),
            format!(
                "{size} players; {holders} of {} opponents (at least {holders_min})",
                opponents.len()
            ),
        ));
    } else {
        let holders = titles
            .iter()
            .filter(|t| t.is_some_and(|t| kind.counts_title(t)))
            .count();
        let holders_min = n.div_ceil(3).max(3);
        out.push(Requirement::new(
            kind.title_article(),
            format!(
                "at least a third of the opponents, and at least 3, {}",
                kind.title_list()
            ),
            Some(holders >= holders_min),
            format!("{holders} of {n} (at least {holders_min})"),
        ));
    }
    out
}

/// The time each player has for 60 moves, in minutes, from a time control written as
/// `90+30` (minutes, then seconds a move from move 1), `90` or `90/40+30+30` (minutes for a
/// number of moves, then minutes for the rest, then seconds a move), spaces and a trailing
/// `'`, `min`, `s` or `"` allowed. `None`: not in one of these forms.
pub fn minutes_for_60_moves(time_control: &str) -> Option<i64> {
    let cleaned: String = time_control
        .to_ascii_lowercase()
        .replace("min", "")
        .chars()
        .filter(|c| !matches!(c, ' ' | '\'' | '"' | 's' | 'm'))
        .collect();
    let number = |t: &str| t.parse::<i64>().ok().filter(|&n| n >= 0);
    let parts: Vec<&str> = cleaned.split('+').collect();
    match parts.as_slice() {
        [base] => number(base),
        [base, increment] if !base.contains('/') => Some(number(base)? + number(increment)?),
        [first, second] => {
            let (minutes, moves) = first.split_once('/')?;
            let (minutes, moves) = (number(minutes)?, number(moves)?);
            (moves < 60).then_some(())?;
            Some(minutes + number(second)?)
        }
        [first, second, increment] => {
            let (minutes, moves) = first.split_once('/')?;
            let (minutes, moves) = (number(minutes)?, number(moves)?);
            (moves < 60).then_some(())?;
            // The increment from move 1 adds one minute a move over 60 moves per 60 seconds.
            Some(minutes + number(second)? + number(increment)?)
        }
        _ => None,
    }
}

/// The event's own conditions for norms (B.01 1.1), from its settings.
#[derive(Debug, Clone, Copy)]
pub struct Conditions<'a> {
    pub time_control: &'a str,
    /// One date a round, in round order (`YYYY-MM-DD`), as far as given.
    pub round_dates: &'a [String],
    pub rounds: Option<u32>,
    /// `IA`, `FA`, `NA`, `none`, or empty when not given.
    pub arbiter_title: &'a str,
    /// The first and last days (`YYYY-MM-DD`), or empty when not given (1.1.4).
    pub start: &'a str,
    pub end: &'a str,
}

/// The event's requirements (1.1.3, 1.1.2, 1.1.5, and 1.1.4 for an event of more than 30
/// days): every norm of the event carries them.
pub fn eligibility(c: &Conditions<'_>) -> Vec<Requirement> {
    let minutes = minutes_for_60_moves(c.time_control);
    let mut out = vec![match minutes {
        Some(m) => Requirement::new(
            "1.1.3",
            "at least 120 minutes a player for 60 moves",
            Some(m >= 120),
            format!("{} gives {m} minutes", c.time_control),
        ),
        None if c.time_control.trim().is_empty() => Requirement::new(
            "1.1.3",
            "at least 120 minutes a player for 60 moves",
            None,
            "the event has no time control (`arbiter config time-control 90+30`)",
        ),
        None => Requirement::new(
            "1.1.3",
            "at least 120 minutes a player for 60 moves",
            None,
            format!(
                "the time control `{}` does not read; give it as 90+30 or 90/40+30+30",
                c.time_control
            ),
        ),
    }];
    let mut per_day: BTreeMap<&str, u32> = BTreeMap::new();
    for date in c.round_dates {
        *per_day.entry(date.as_str()).or_default() += 1;
    }
    let dated = c.round_dates.len() as u32;
    let complete = c.rounds.is_some_and(|r| dated >= r) || (c.rounds.is_none() && dated > 0);
    let most = per_day.values().copied().max().unwrap_or(0);
    out.push(if complete {
        Requirement::new(
            "1.1.3",
            "at most 2 rounds a day",
            Some(most <= 2),
            format!("at most {most} on one day"),
        )
    } else {
        Requirement::new(
            "1.1.3",
            "at most 2 rounds a day",
            None,
            "the round dates are not all given (`arbiter config round-dates ...`)",
        )
    });
    out.push(match minutes {
        Some(m) if complete => {
            // Both players' time, every round of the busiest day.
            let hours = i64::from(most) * 2 * m;
            Requirement::new(
                "1.1.2",
                "at most 12 hours of play a day (60-move games)",
                Some(hours <= 12 * 60),
                format!(
                    "{most} rounds of up to {} h {:02} min",
                    2 * m / 60,
                    2 * m % 60
                ),
            )
        }
        _ => Requirement::new(
            "1.1.2",
            "at most 12 hours of play a day (60-move games)",
            None,
            "needs the time control and the round dates",
        ),
    });
    out.push(match c.arbiter_title {
        "IA" | "FA" => Requirement::new(
            "1.1.5",
            "the chief arbiter an IA or FA",
            Some(true),
            c.arbiter_title,
        ),
        "" => Requirement::new(
            "1.1.5",
            "the chief arbiter an IA or FA",
            None,
            "the chief arbiter's title is not given (`arbiter config arbiter-title IA`)",
        ),
        other => Requirement::new("1.1.5", "the chief arbiter an IA or FA", Some(false), other),
    });
    // 1.1.4: an event of more than 30 days takes each opponent's rating and title when the
    // game was played; `arbiter` holds those at the start only, so the arbiter checks them.
    let day = |d: &str| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
    if let (Some(start), Some(end)) = (day(c.start), day(c.end)) {
        let days = (end - start).num_days() + 1;
        if days > 30 {
            out.push(Requirement::new(
                "1.1.4",
                "over 30 days: the opponents' ratings and titles when each game was played",
                None,
                format!("{days} days; only the ratings and titles at the start are registered: check each game's"),
            ));
        }
    }
    out
}

/// A score in half points as `6.5`.
pub fn score_text(score: i64) -> String {
    if score % 2 == 0 {
        (score / 2).to_string()
    } else {
        format!("{}.5", score / 2)
    }
}

/// 1.4.3d: every round has at least 20 rated players not of the host federation, from at
/// least 3 federations, at least 10 of them GM, IM, WGM or WIM; a player counts only if they
/// missed at most one round (the pairing-allocated bye is not missing one).
fn swiss_exemption(event: &NormEvent<'_>) -> bool {
    let Some(host) = event.host_federation else {
        return false;
    };
    let played_rounds = event.rounds.iter().map(Vec::len).max().unwrap_or(0);
    if played_rounds == 0 {
        return false;
    }
    let mut every_round = true;
    for round in 0..played_rounds {
        let mut feds = HashSet::new();
        let (mut rated, mut titled_count) = (0, 0);
        for (player, rounds) in event.players.iter().zip(event.rounds) {
            let missed = rounds
                .iter()
                .filter(|r| {
                    !matches!(
                        r,
                        RoundResult::Played { .. } | RoundResult::PairingAllocatedBye
                    )
                })
                .count()
                + played_rounds.saturating_sub(rounds.len());
            let present = matches!(
                rounds.get(round),
                Some(RoundResult::Played { .. } | RoundResult::PairingAllocatedBye)
            );
            let Some(fed) = player.federation.as_deref() else {
                continue;
            };
            // Players under the FIDE flag are of no federation (1.4.2a), so neither among the
            // 20 from other federations than the host's nor one of the 3 federations.
            if !present
                || missed > 1
                || fed == host
                || fed == FIDE_FLAG
                || fed == NO_FIDE_FEDERATION
                || player.rating.is_none_or(|r| r == 0)
            {
                continue;
            }
            rated += 1;
            feds.insert(fed);
            if matches!(
                player.title,
                Some(Title::Gm | Title::Im | Title::Wgm | Title::Wim)
            ) {
                titled_count += 1;
            }
        }
        every_round &= rated >= 20 && feds.len() >= 3 && titled_count >= 10;
    }
    every_round
}

/// The check of one norm for one player: every game counted, unless a subset the rules
/// allow makes the norm (a Swiss stopped after a round, 1.4.1e; won games left out, 1.4.1f).
pub fn best_norm(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    player: &Player,
    rounds: &[RoundResult],
    kind: NormKind,
) -> NormCheck {
    let (games, notes) = counted_games(event, field, rounds);
    let with_notes = |mut check: NormCheck| {
        check.requirements.extend(notes.iter().cloned());
        check
    };
    let bonus = bonus_game(event, rounds, games.len());
    let full = judge(event, field, player, kind, &games, bonus, Vec::new());
    if full.met() {
        return with_notes(full);
    }
    if let Some(check) = last_round_forfeit(event, field, player, rounds, kind, &games) {
        return with_notes(check);
    }
    let (least, _) = minimum_games(event.kind);
    if games.len() <= least {
        return with_notes(full);
    }
    // 1.4.1f: in a round robin the opponent mix of the whole event must allow a norm before
    // won games may be left out.
    let whole_mix = event.round_robin.then(|| {
        let mix = mix(event, field, player, kind, &games);
        let holds = mix.iter().all(|r| r.met == Some(true));
        Requirement::new(
            "1.4.1f",
            "won games left out of a round robin: the opponent mix of every round allows a norm",
            Some(holds),
            if holds {
                "the mix of all rounds meets 1.4.3 to 1.4.5".to_owned()
            } else {
                let failed: Vec<&str> = mix
                    .iter()
                    .filter(|r| r.met != Some(true))
                    .map(|r| r.article)
                    .collect();
                format!("the mix of all rounds fails {}", failed.join(", "))
            },
        )
    });
    if whole_mix.as_ref().is_some_and(|r| r.met != Some(true)) {
        return with_notes(full);
    }
    // Swiss: any prefix of rounds with enough games (1.4.1e); either system: leave out won
    // games while enough remain (1.4.1f). The first that makes the norm, fewest games left
    // out first. At most 4 wins are left out of one prefix, which bounds the search.
    let prefixes: Vec<usize> = if event.round_robin {
        vec![games.len()]
    } else {
        (least..=games.len()).rev().collect()
    };
    for len in prefixes {
        let prefix = &games[..len];
        let wins: Vec<usize> = (0..len).filter(|&i| prefix[i].score == 2).collect();
        let spare = len - least;
        for drop in 0..=spare.min(wins.len()).min(4) {
            for chosen in combinations(&wins, drop) {
                if len == games.len() && drop == 0 {
                    continue;
                }
                let kept: Vec<NormGame> = (0..len)
                    .filter(|i| !chosen.contains(i))
                    .map(|i| prefix[i])
                    .collect();
                let mut left_out: Vec<u32> = chosen.iter().map(|&i| prefix[i].round).collect();
                left_out.extend(games[len..].iter().map(|g| g.round));
                left_out.sort_unstable();
                let mut check = judge(event, field, player, kind, &kept, false, left_out);
                if check.met() {
                    check.requirements.extend(whole_mix.iter().cloned());
                    return with_notes(check);
                }
            }
        }
    }
    with_notes(full)
}

/// 1.4.2c: a player whose opponent did not appear in the event's last round, who needed
/// that game for the number of games and could have afforded to lose it, keeps the norm: the
/// forfeit counts as a game lost to that opponent.
fn last_round_forfeit(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    player: &Player,
    rounds: &[RoundResult],
    kind: NormKind,
    games: &[NormGame],
) -> Option<NormCheck> {
    let last = rounds.len() as u32;
    if event.scheduled_rounds != Some(last) {
        return None;
    }
    let RoundResult::Forfeit {
        opponent,
        won: true,
        ..
    } = *rounds.last()?
    else {
        return None;
    };
    // The rule is for a player who needed the game for the number of games.
    if games.len() >= minimum_games(event.kind).0 {
        return None;
    }
    let who = field.player(opponent)?;
    if who.federation.as_deref() == Some(NO_FIDE_FEDERATION) {
        return None;
    }
    let rating = who.rating.filter(|&r| r > 0);
    let mut with_loss = games.to_vec();
    with_loss.push(NormGame {
        round: last,
        opponent,
        rating,
        counted: rating.map_or(1400, i64::from),
        score: 0,
    });
    let mut check = judge(event, field, player, kind, &with_loss, false, Vec::new());
    check.requirements.push(Requirement::new(
        "1.4.2c",
        "the last round's forfeit win counted as a game lost",
        Some(true),
        format!("round {last} against {opponent}, who did not appear"),
    ));
    check.met().then_some(check)
}

/// 1.4.1c: 8 games of a 9-round event count as 9 when the one round not played is a forfeit
/// win or the pairing-allocated bye.
fn bonus_game(event: &NormEvent<'_>, rounds: &[RoundResult], games: usize) -> bool {
    if event.scheduled_rounds != Some(9) || games != 8 || rounds.len() != 9 {
        return false;
    }
    let unplayed: Vec<&RoundResult> = rounds
        .iter()
        .filter(|r| !matches!(r, RoundResult::Played { rated: true, .. }))
        .collect();
    matches!(
        unplayed.as_slice(),
        [RoundResult::PairingAllocatedBye | RoundResult::Forfeit { won: true, .. }]
    )
}

/// Every choice of `k` items of `items`.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// With the next round paired, what result against `opponent` would make the norm: the
/// least of loss, draw, win that does, judged on every game so far plus that one; `None` when
/// none does.
pub fn result_needed(
    event: &NormEvent<'_>,
    field: &Field<'_>,
    player: &Player,
    rounds: &[RoundResult],
    kind: NormKind,
    opponent: PlayerId,
    color: crate::chess::Color,
) -> Option<Outcome> {
    [Outcome::Loss, Outcome::Draw, Outcome::Win]
        .into_iter()
        .find(|&outcome| {
            let mut next = rounds.to_vec();
            next.push(RoundResult::Played {
                opponent,
                color,
                outcome,
                rated: true,
            });
            best_norm(event, field, player, &next, kind).met()
        })
}

/// Builds the field view for [`best_norm`] callers outside this module.
pub fn field<'a>(event: &'a NormEvent<'a>) -> Field<'a> {
    Field::new(event)
}
