//! `arbiter norms` as text and JSON, and the norm certificate's data (FIDE form IT1) as JSON
//! or CSV.

use serde::Serialize;

use crate::event::norms::{EventNorms, PlayerNorm};
use crate::norms::{Requirement, score_text};
use crate::tournament::{Outcome, Player, PlayerId};

use super::text::{fit, name_width};

fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "a win",
        Outcome::Draw => "a draw",
        Outcome::Loss => "a loss or better",
    }
}

fn verdict(n: &PlayerNorm) -> &'static str {
    if n.check.met() {
        "met"
    } else if n.check.undecided() {
        "undecided"
    } else {
        "not met"
    }
}

/// The summary table: every norm met, undecided for want of data, or within reach of the
/// next round; with `all`, every norm sought.
pub fn norms_text(event: &EventNorms, all: bool) -> String {
    let shown: Vec<&PlayerNorm> = event
        .norms
        .iter()
        .filter(|n| {
            all || n.check.met()
                || (n.check.undecided() && !n.check.games.is_empty())
                || n.next.as_ref().is_some_and(|next| next.needed.is_some())
        })
        .collect();
    let name = |id: PlayerId| event.player(id).map_or(String::new(), |p| p.name.clone());
    let names: Vec<String> = shown.iter().map(|n| name(n.check.player)).collect();
    let width = name_width(names.iter().map(String::as_str), 20);
    let mut out = format!(
        "{:>4}  {}  {:<4}  {:>5}  {:>5}  {:>4}  {:>4}  verdict\n",
        "no",
        fit("name", width),
        "norm",
        "games",
        "score",
        "Ra",
        "Rp"
    );
    if shown.is_empty() {
        out.push_str("  no norm made, undecided or within reach of the next round\n");
    }
    for (n, player_name) in shown.iter().zip(&names) {
        let c = &n.check;
        let mut line = format!(
            "{:>4}  {}  {:<4}  {:>5}  {:>5}  {:>4}  {:>4}  {}",
            c.player,
            fit(player_name, width),
            c.kind.name(),
            c.games.len(),
            score_text(c.score),
            c.ra.map_or("-".to_owned(), |r| r.to_string()),
            c.rp.map_or("-".to_owned(), |r| r.to_string()),
            verdict(n)
        );
        if c.met() && c.credited as usize != c.games.len() {
            line.push_str(&format!(" (counts as {} games)", c.credited));
        }
        if !c.met()
            && let Some(next) = &n.next
            && let Some(needed) = next.needed
        {
            line.push_str(&format!(
                "; round {} against {}: {} makes it",
                next.round,
                next.opponent,
                outcome_text(needed)
            ));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn mark(met: Option<bool>) -> &'static str {
    match met {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "?",
    }
}

/// One player's norms, requirement by requirement.
pub fn player_text(event: &EventNorms, player: &Player) -> String {
    let mut out = format!("{} {}\n", player.id, player.name);
    let norms: Vec<&PlayerNorm> = event
        .norms
        .iter()
        .filter(|n| n.check.player == player.id)
        .collect();
    if norms.is_empty() {
        out.push_str("  seeks no norm: holds the title, or the women's norms do not apply\n");
    }
    for n in norms {
        let c = &n.check;
        out.push_str(&format!(
            "\n{} norm: {} ({} of {} games",
            c.kind.name(),
            verdict(n),
            score_text(c.score),
            c.games.len()
        ));
        if !c.left_out.is_empty() {
            let rounds: Vec<String> = c.left_out.iter().map(u32::to_string).collect();
            out.push_str(&format!(
                "; rounds {} left out, 1.4.1e/f",
                rounds.join(", ")
            ));
        }
        out.push_str(")\n");
        for r in &c.requirements {
            out.push_str(&requirement_line(r));
        }
        if let Some(next) = &n.next {
            out.push_str(&match next.needed {
                Some(needed) => format!(
                    "  next: round {} against {}: {} makes the norm\n",
                    next.round,
                    next.opponent,
                    outcome_text(needed)
                ),
                None => format!(
                    "  next: round {} against {}: no result makes the norm\n",
                    next.round, next.opponent
                ),
            });
        }
    }
    out
}

fn requirement_line(r: &Requirement) -> String {
    format!(
        "  {:<3} {:<7} {}: {}\n",
        mark(r.met),
        r.article,
        r.what,
        r.detail
    )
}

#[derive(Serialize)]
struct RequirementJson<'a> {
    article: &'a str,
    what: &'a str,
    met: Option<bool>,
    detail: &'a str,
}

#[derive(Serialize)]
struct NextJson {
    round: u32,
    opponent: u16,
    /// `win`, `draw`, `loss` (the least result that makes the norm) or null.
    result_needed: Option<&'static str>,
}

#[derive(Serialize)]
struct NormJson<'a> {
    start_no: u16,
    norm: &'static str,
    met: bool,
    undecided: bool,
    games: usize,
    credited_games: u32,
    score: serde_json::Number,
    ra: Option<i64>,
    rp: Option<i64>,
    score_needed: Option<serde_json::Number>,
    left_out_rounds: &'a [u32],
    requirements: Vec<RequirementJson<'a>>,
    next: Option<NextJson>,
}

fn halves_number(halves: i64) -> serde_json::Number {
    serde_json::Number::from_f64(halves as f64 / 2.0).unwrap_or_else(|| serde_json::Number::from(0))
}

/// `norms --format json`: every norm sought, in start-number order.
pub fn norms_json(norms: &[&PlayerNorm]) -> String {
    let rows: Vec<NormJson<'_>> = norms
        .iter()
        .map(|n| {
            let c = &n.check;
            NormJson {
                start_no: c.player.0,
                norm: c.kind.name(),
                met: c.met(),
                undecided: c.undecided(),
                games: c.games.len(),
                credited_games: c.credited,
                score: halves_number(c.score),
                ra: c.ra,
                rp: c.rp,
                score_needed: c.needed.map(halves_number),
                left_out_rounds: &c.left_out,
                requirements: c
                    .requirements
                    .iter()
                    .map(|r| RequirementJson {
                        article: r.article,
                        what: &r.what,
                        met: r.met,
                        detail: &r.detail,
                    })
                    .collect(),
                next: n.next.as_ref().map(|next| NextJson {
                    round: next.round,
                    opponent: next.opponent.0,
                    result_needed: next.needed.map(|o| match o {
                        Outcome::Win => "win",
                        Outcome::Draw => "draw",
                        Outcome::Loss => "loss",
                    }),
                }),
            }
        })
        .collect();
    serde_json::to_string_pretty(&rows).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The fields of the certificate of a title result (FIDE form IT1), in the form's order.
#[derive(Debug, Clone, Serialize)]
pub struct Certificate {
    pub title_result: String,
    pub player: CertificatePlayer,
    pub event: CertificateEvent,
    pub opposition: CertificateOpposition,
    pub opponents: Vec<CertificateOpponent>,
    pub games: usize,
    pub credited_games: u32,
    pub total_score: String,
    pub rating_average: i64,
    pub performance: i64,
    pub score_required: String,
    pub exceeding_norm_by: String,
    pub left_out_rounds: Vec<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CertificatePlayer {
    pub name: String,
    pub fide_id: u64,
    pub federation: String,
    pub sex: Option<&'static str>,
    pub birth: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CertificateEvent {
    pub name: String,
    pub city: String,
    pub federation: String,
    pub start: String,
    pub end: String,
    pub system: String,
    pub rounds: Option<u32>,
    pub rate_of_play: String,
    pub chief_arbiter: String,
    pub chief_arbiter_title: String,
    pub chief_arbiter_fide_id: String,
    pub exemption: String,
    /// The kind of event for the number of games (B.01 1.4.1b).
    pub norm_event: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct CertificateOpposition {
    pub federations: usize,
    pub not_from_players_federation: usize,
    pub from_host_federation: usize,
    pub rated: usize,
    pub titled: usize,
    pub gm: usize,
    pub im: usize,
    pub wgm: usize,
    pub wim: usize,
    pub fm: usize,
    pub wfm: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct CertificateOpponent {
    pub round: u32,
    pub name: String,
    pub fide_id: Option<u64>,
    pub federation: String,
    pub rating: Option<u16>,
    /// The rating counted: 1400 for an unrated opponent, the floor for the one raised.
    pub rating_counted: i64,
    pub title: String,
    pub result: String,
}

/// The certificate as JSON.
pub fn certificate_json(c: &Certificate) -> String {
    serde_json::to_string_pretty(c).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The certificate as CSV: `field,value` rows in the form's order, one row per field, the
/// opponents' rows named by round (`round 3 opponent`, `round 3 FIDE ID`, ...).
pub fn certificate_csv(c: &Certificate) -> Result<String, String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut row = |field: &str, value: String| {
        writer
            .write_record([field, value.as_str()])
            .map_err(|e| e.to_string())
    };
    let opt = |v: Option<String>| v.unwrap_or_default();
    row("field", "value".to_owned())?;
    row("title result", c.title_result.clone())?;
    row("name", c.player.name.clone())?;
    row("FIDE ID", c.player.fide_id.to_string())?;
    row("federation", c.player.federation.clone())?;
    row("sex", c.player.sex.unwrap_or_default().to_owned())?;
    row("date of birth", opt(c.player.birth.clone()))?;
    row("event", c.event.name.clone())?;
    row("city", c.event.city.clone())?;
    row("host federation", c.event.federation.clone())?;
    row("start date", c.event.start.clone())?;
    row("end date", c.event.end.clone())?;
    row("system", c.event.system.clone())?;
    row("rounds", opt(c.event.rounds.map(|r| r.to_string())))?;
    row("rate of play", c.event.rate_of_play.clone())?;
    row("chief arbiter", c.event.chief_arbiter.clone())?;
    row("chief arbiter title", c.event.chief_arbiter_title.clone())?;
    row(
        "chief arbiter FIDE ID",
        c.event.chief_arbiter_fide_id.clone(),
    )?;
    row("federation exemption (1.4.3)", c.event.exemption.clone())?;
    row("kind of event (1.4.1b)", c.event.norm_event.clone())?;
    let o = &c.opposition;
    row("number of federations", o.federations.to_string())?;
    row(
        "opponents not from the player's federation",
        o.not_from_players_federation.to_string(),
    )?;
    row(
        "opponents from the host federation",
        o.from_host_federation.to_string(),
    )?;
    row("rated opponents", o.rated.to_string())?;
    row("titled opponents", o.titled.to_string())?;
    for (title, count) in [
        ("GM", o.gm),
        ("IM", o.im),
        ("WGM", o.wgm),
        ("WIM", o.wim),
        ("FM", o.fm),
        ("WFM", o.wfm),
    ] {
        row(&format!("{title} opponents"), count.to_string())?;
    }
    for g in &c.opponents {
        let r = g.round;
        row(&format!("round {r} opponent"), g.name.clone())?;
        row(
            &format!("round {r} FIDE ID"),
            opt(g.fide_id.map(|i| i.to_string())),
        )?;
        row(&format!("round {r} federation"), g.federation.clone())?;
        row(
            &format!("round {r} rating"),
            opt(g.rating.map(|x| x.to_string())),
        )?;
        row(
            &format!("round {r} rating counted (1.4.6)"),
            g.rating_counted.to_string(),
        )?;
        row(&format!("round {r} title"), g.title.clone())?;
        row(&format!("round {r} result"), g.result.clone())?;
    }
    row("number of games", c.games.to_string())?;
    row("games counted (1.4.1d)", c.credited_games.to_string())?;
    row("total score", c.total_score.clone())?;
    row("rating average (Ra)", c.rating_average.to_string())?;
    row("performance (Rp)", c.performance.to_string())?;
    row("score required", c.score_required.clone())?;
    row("exceeding the norm by", c.exceeding_norm_by.clone())?;
    String::from_utf8(writer.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}
