//! The event's title norms (`arbiter norms`): the tournament's record and settings read from
//! the store, judged by `norms` (B.01), with the result each player needs in a round that is
//! paired and not yet played.

use std::collections::HashMap;

use crate::chess::Color;
use crate::norms::{
    Conditions, NormCheck, NormEvent, NormKind, best_norm, eligibility, field, result_needed,
};
use crate::store::Store;
use crate::tournament::settings::{EventSettings, PairingSystem};
use crate::tournament::{ADJOURNED, Outcome, Player, PlayerId, RoundResult};

use super::EventError;

/// Each player of a round with their opponent and colour.
type Pairs = HashMap<PlayerId, (PlayerId, Color)>;

/// What a round paired and not yet played means for a norm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextGame {
    pub round: u32,
    pub opponent: PlayerId,
    /// The least result that makes the norm; `None`: none does.
    pub needed: Option<Outcome>,
}

/// One player's norm, with what the next round can do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerNorm {
    pub check: NormCheck,
    pub next: Option<NextGame>,
}

/// Every norm the event's players seek, in start-number order, and what they were judged on.
#[derive(Debug, Clone, PartialEq)]
pub struct EventNorms {
    pub players: Vec<Player>,
    pub norms: Vec<PlayerNorm>,
    pub settings: EventSettings,
    /// The rounds with every result in.
    pub complete_rounds: u32,
}

impl EventNorms {
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }
}

/// The event's norms from the store: every player, every norm the player can seek.
pub fn event_norms(store: &Store) -> Result<EventNorms, EventError> {
    let settings = store.event_settings()?;
    let trf = store.to_trf()?;
    let played = store.rounds_started()?;
    // A round with a result missing is judged as the next round: the games finished in it
    // count once the round is complete.
    let mut complete_rounds = 0;
    let mut pending: Option<(u32, Pairs)> = None;
    for r in 1..=played {
        let round = store.round(r)?;
        let open = round
            .games
            .iter()
            .any(|g| g.white_code == ' ' || g.white_code == ADJOURNED);
        if open {
            let mut pairs = HashMap::new();
            for g in &round.games {
                pairs.insert(g.white, (g.black, Color::White));
                pairs.insert(g.black, (g.white, Color::Black));
            }
            pending = Some((r, pairs));
            break;
        }
        complete_rounds = r;
    }
    let players: Vec<Player> = trf.players.iter().map(|p| p.player.clone()).collect();
    let rounds: Vec<Vec<RoundResult>> = trf
        .players
        .iter()
        .map(|p| {
            p.rounds
                .iter()
                .take(complete_rounds as usize)
                .map(|round| round.result().unwrap_or(RoundResult::Absent))
                .collect()
        })
        .collect();
    let conditions = Conditions {
        time_control: &settings.time_control,
        round_dates: &settings.round_dates,
        rounds: settings.rounds,
        arbiter_title: &settings.arbiter_title,
        start: &settings.start,
        end: &settings.end,
    };
    let event = NormEvent {
        players: &players,
        rounds: &rounds,
        round_robin: settings.system.is_round_robin(),
        double_round_robin: settings.system == PairingSystem::DoubleBerger,
        kind: settings.norm_event,
        scheduled_rounds: settings.rounds,
        host_federation: Some(settings.federation.as_str()).filter(|f| !f.is_empty()),
        exemption: settings.norm_exemption,
        eligibility: eligibility(&conditions),
    };
    let field = field(&event);
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| players[i].id);
    let mut norms = Vec::new();
    for &i in &order {
        let player = &players[i];
        for kind in NormKind::ALL {
            if !kind.sought_by(player) {
                continue;
            }
            let check = best_norm(&event, &field, player, &rounds[i], kind);
            let next = pending.as_ref().and_then(|(round, pairs)| {
                let &(opponent, color) = pairs.get(&player.id)?;
                Some(NextGame {
                    round: *round,
                    opponent,
                    needed: result_needed(
                        &event, &field, player, &rounds[i], kind, opponent, color,
                    ),
                })
            });
            norms.push(PlayerNorm { check, next });
        }
    }
    Ok(EventNorms {
        players: order.iter().map(|&i| players[i].clone()).collect(),
        norms,
        settings,
        complete_rounds,
    })
}

/// The certificate of a title result (FIDE form IT1) of `player` for `kind`: refused, with
/// every reason at once, when the norm is not met or the event lacks what the form asks for.
pub fn certificate(
    event: &EventNorms,
    player: PlayerId,
    kind: NormKind,
) -> Result<crate::render::norms::Certificate, EventError> {
    use crate::render::norms::{
        Certificate, CertificateEvent, CertificateOpponent, CertificateOpposition,
        CertificatePlayer,
    };
    use crate::tournament::Title;
    let who = event
        .player(player)
        .ok_or_else(|| EventError::invalid(format!("no player has the number {player}")))?;
    let norm = event
        .norms
        .iter()
        .find(|n| n.check.player == player && n.check.kind == kind)
        .ok_or_else(|| {
            EventError::refused(format!(
                "player {player} does not seek a {} norm (the title or a higher one is held, or the women's norms do not apply)",
                kind.name()
            ))
        })?;
    let check = &norm.check;
    let mut missing = Vec::new();
    if !check.met() {
        let failed: Vec<String> = check
            .requirements
            .iter()
            .filter(|r| r.met != Some(true))
            .map(|r| format!("{} {}", r.article, r.what))
            .collect();
        missing.push(format!("the norm is not met: {}", failed.join("; ")));
    }
    let s = &event.settings;
    for (value, what) in [
        (s.name.as_str(), "the event's name"),
        (
            s.federation.as_str(),
            "the host federation (`arbiter config federation NOR`)",
        ),
        (s.start.as_str(), "the start date"),
        (
            s.end.as_str(),
            "the end date (`arbiter config end YYYY-MM-DD`)",
        ),
        (
            s.arbiter.as_str(),
            "the chief arbiter (`arbiter config arbiter NAME`)",
        ),
        (
            s.arbiter_fide_id.as_str(),
            "the chief arbiter's FIDE ID (`arbiter config arbiter-fide-id ID`)",
        ),
    ] {
        if value.trim().is_empty() {
            missing.push(format!("{what} is not given"));
        }
    }
    if who.fide_id.is_none() {
        missing.push(format!("player {player} has no FIDE ID"));
    }
    if who.federation.is_none() {
        missing.push(format!("player {player} has no federation"));
    }
    let opponents: Vec<&Player> = check
        .games
        .iter()
        .filter_map(|g| event.player(g.opponent))
        .collect();
    let no_fed: Vec<String> = opponents
        .iter()
        .filter(|o| o.federation.is_none())
        .map(|o| o.id.to_string())
        .collect();
    if !no_fed.is_empty() {
        missing.push(format!(
            "opponents {} have no federation",
            no_fed.join(", ")
        ));
    }
    let no_id: Vec<String> = opponents
        .iter()
        .filter(|o| o.fide_id.is_none())
        .map(|o| o.id.to_string())
        .collect();
    if !no_id.is_empty() {
        missing.push(format!("opponents {} have no FIDE ID", no_id.join(", ")));
    }
    if !missing.is_empty() {
        return Err(EventError::refused(format!(
            "no certificate for player {player}'s {} norm: {}",
            kind.name(),
            missing.join("; ")
        )));
    }
    let own = who.federation.clone().unwrap_or_default();
    let feds: std::collections::BTreeSet<&str> = opponents
        .iter()
        .filter_map(|o| o.federation.as_deref())
        .collect();
    let count = |t: Title| opponents.iter().filter(|o| o.title == Some(t)).count();
    let titled = opponents
        .iter()
        .filter(|o| {
            matches!(
                o.title,
                Some(Title::Gm | Title::Im | Title::Fm | Title::Wgm | Title::Wim | Title::Wfm)
            )
        })
        .count();
    let needed = check.needed.unwrap_or(0);
    Ok(Certificate {
        title_result: kind.name().to_owned(),
        player: CertificatePlayer {
            name: who.name.clone(),
            fide_id: who.fide_id.unwrap_or_default(),
            federation: own.clone(),
            sex: who.sex.map(|s| match s {
                crate::tournament::Sex::Male => "m",
                crate::tournament::Sex::Female => "w",
            }),
            birth: who.birth.clone(),
        },
        event: CertificateEvent {
            name: s.name.clone(),
            city: s.city.clone(),
            federation: s.federation.clone(),
            start: s.start.clone(),
            end: s.end.clone(),
            system: s.system.as_str().to_owned(),
            rounds: s.rounds,
            rate_of_play: s.time_control.clone(),
            chief_arbiter: s.arbiter.clone(),
            chief_arbiter_title: s.arbiter_title.clone(),
            chief_arbiter_fide_id: s.arbiter_fide_id.clone(),
            exemption: s.norm_exemption.as_str().to_owned(),
            norm_event: s.norm_event.as_str().to_owned(),
        },
        opposition: CertificateOpposition {
            federations: feds.len(),
            not_from_players_federation: opponents
                .iter()
                .filter(|o| o.federation.as_deref() != Some(own.as_str()))
                .count(),
            from_host_federation: opponents
                .iter()
                .filter(|o| o.federation.as_deref() == Some(s.federation.as_str()))
                .count(),
            rated: opponents
                .iter()
                .filter(|o| o.rating.is_some_and(|r| r > 0))
                .count(),
            titled,
            gm: count(Title::Gm),
            im: count(Title::Im),
            wgm: count(Title::Wgm),
            wim: count(Title::Wim),
            fm: count(Title::Fm),
            wfm: count(Title::Wfm),
        },
        opponents: check
            .games
            .iter()
            .filter_map(|g| {
                let o = event.player(g.opponent)?;
                Some(CertificateOpponent {
                    round: g.round,
                    name: o.name.clone(),
                    fide_id: o.fide_id,
                    federation: o.federation.clone().unwrap_or_default(),
                    rating: g.rating,
                    rating_counted: g.counted,
                    title: o.title.map_or(String::new(), |t| t.to_string()),
                    result: match g.score {
                        2 => "1",
                        1 => "½",
                        _ => "0",
                    }
                    .to_owned(),
                })
            })
            .collect(),
        games: check.games.len(),
        credited_games: check.credited,
        total_score: crate::norms::score_text(check.score),
        rating_average: check.ra.unwrap_or_default(),
        performance: check.rp.unwrap_or_default(),
        score_required: crate::norms::score_text(needed),
        exceeding_norm_by: crate::norms::score_text((check.score - needed).max(0)),
        left_out_rounds: check.left_out.clone(),
    })
}
