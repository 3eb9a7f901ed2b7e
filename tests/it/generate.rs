//! The random tournament generator with a naive pairer written here: its reports read back
//! without warnings, add up and reciprocate, the seed decides everything, and every feature
//! asked for appears. Expected values come from the TRF rules (trf.md: codes, reciprocity,
//! points) and C.04.2 / C.04.7 (numbering, Baku group A); nothing is compared with another
//! program.

use std::collections::{HashMap, HashSet};

use arbiter::pairing::generate::{Boards, GenerateError, GeneratorConfig, generate};
use arbiter::tournament::{PlayerId, Points, Title};
use arbiter::trf::{Trf, parse, write};

/// Pairs by score order (then starting rank), each player with the next one not met yet (the
/// next one at all when there is none); an odd field gives the bye to the lowest player who
/// has not had one. White to whoever has had fewer Whites. Naive on purpose.
fn naive_pairer(trf: &Trf, round: u32) -> Result<Boards, String> {
    let r = round as usize;
    let mut to_pair: Vec<(Points, PlayerId)> = trf
        .players
        .iter()
        .filter(|p| p.rounds.len() < r)
        .map(|p| (p.points, p.player.id))
        .collect();
    to_pair.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let by_id: HashMap<PlayerId, usize> = trf
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.player.id, i))
        .collect();
    let history = |id: PlayerId| &trf.players[by_id[&id]].rounds;
    let mut boards = Vec::new();
    let mut ids: Vec<PlayerId> = to_pair.into_iter().map(|(_, id)| id).collect();
    if ids.len() % 2 == 1 {
        let at = ids
            .iter()
            .rposition(|&id| !history(id).iter().any(|x| x.code == 'U'))
            .unwrap_or(ids.len() - 1);
        boards.push((ids.remove(at), None));
    }
    let mut paired = vec![false; ids.len()];
    for i in 0..ids.len() {
        if paired[i] {
            continue;
        }
        paired[i] = true;
        let met: HashSet<PlayerId> = history(ids[i]).iter().filter_map(|x| x.opponent).collect();
        let j = (i + 1..ids.len())
            .find(|&j| !paired[j] && !met.contains(&ids[j]))
            .or_else(|| (i + 1..ids.len()).find(|&j| !paired[j]))
            .ok_or("nobody left")?;
        paired[j] = true;
        let whites = |id: PlayerId| history(id).iter().filter(|x| x.colour == 'w').count();
        let (a, b) = (ids[i], ids[j]);
        if whites(a) <= whites(b) {
            boards.push((a, Some(b)));
        } else {
            boards.push((b, Some(a)));
        }
    }
    Ok(boards)
}

fn run(config: &GeneratorConfig) -> Trf {
    generate(config, &mut naive_pairer).unwrap_or_else(|e| panic!("{e}"))
}

fn busy(players: usize, rounds: u32, seed: u64) -> GeneratorConfig {
    GeneratorConfig {
        draw_percent: 35,
        forfeit_rate: 0.03,
        bye_rate: 0.04,
        withdrawal_rate: 0.01,
        late_entry_rate: 0.05,
        baku: true,
        ..GeneratorConfig::new(players, rounds, seed)
    }
}

/// The report reads back with no warning, every game is listed by both players with the
/// other colour and the matching result, and the points column is the sum of the rounds.
fn check_report(trf: &Trf, rounds: u32) -> Trf {
    let text = write(trf);
    let (read, warnings) = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(read.rounds, Some(rounds));
    let by_id: HashMap<PlayerId, _> = read.players.iter().map(|p| (p.player.id, p)).collect();
    for player in &read.players {
        assert_eq!(player.rounds.len(), rounds as usize, "{}", player.player.id);
        let mut total = Points::ZERO;
        for (r, round) in player.rounds.iter().enumerate() {
            total = total + round.result().expect("known code").standard_points();
            if let Some(opponent) = round.opponent {
                let back = by_id[&opponent].rounds[r];
                assert_eq!(back.opponent, Some(player.player.id));
                let pair = (round.colour, back.colour);
                assert!(pair == ('w', 'b') || pair == ('b', 'w'), "{pair:?}");
                let codes = (round.code, back.code);
                assert!(
                    [
                        ('1', '0'),
                        ('0', '1'),
                        ('=', '='),
                        ('+', '-'),
                        ('-', '+'),
                        ('-', '-')
                    ]
                    .contains(&codes),
                    "{codes:?}"
                );
            } else {
                assert!("HFZU".contains(round.code), "{:?}", round);
            }
        }
        assert_eq!(player.points, total, "player {}", player.player.id);
    }
    read
}

#[test]
fn reports_read_back_add_up_and_reciprocate() {
    for seed in 0..20 {
        let players = 7 + (seed as usize * 13) % 60;
        let rounds = 3 + (seed as u32) % 9;
        let config = busy(players, rounds, seed);
        check_report(&run(&config), rounds);
        check_report(&run(&GeneratorConfig::new(players, rounds, seed)), rounds);
    }
}

#[test]
fn the_report_given_to_the_pairer_reads_back_too() {
    // Before each round: completed rounds plus trailing requested byes and absences, points of
    // the completed rounds only. It must read without warnings, as an engine would read it.
    let config = busy(40, 9, 5);
    let mut trailing = 0;
    let mut pairer = |trf: &Trf, round: u32| {
        let (read, warnings) = parse(&write(trf)).map_err(|e| e.to_string())?;
        assert!(warnings.is_empty(), "round {round}: {warnings:?}");
        for p in &read.players {
            assert!(p.rounds.len() + 1 >= round as usize);
            if p.rounds.len() == round as usize {
                let last = p.rounds[round as usize - 1];
                assert_eq!(last.opponent, None);
                assert!("HFZ".contains(last.code), "{last:?}");
                trailing += 1;
            }
        }
        naive_pairer(trf, round)
    };
    generate(&config, &mut pairer).unwrap();
    assert!(trailing > 0);
}

#[test]
fn the_seed_decides_everything() {
    let config = busy(80, 9, 1234);
    let once = write(&run(&config));
    assert_eq!(once, write(&run(&config)));
    let other = write(&run(&busy(80, 9, 1235)));
    assert_ne!(once, other);
    // Another rate leaves the field as it was (the field has its own stream).
    let mut calmer = config.clone();
    calmer.forfeit_rate = 0.0;
    let a = run(&config);
    let b = run(&calmer);
    let field = |t: &Trf| -> Vec<_> { t.players.iter().map(|p| p.player.clone()).collect() };
    assert_eq!(field(&a), field(&b));
}

#[test]
fn pinned_output_does_not_drift() {
    // The first player line of a small event, as this version wrote it when the test was
    // added (a regression pin, not an independent value). A change here means that logged
    // seeds no longer reproduce their events: change it only on purpose.
    let trf = run(&GeneratorConfig::new(12, 5, 7));
    let text = write(&trf);
    let first = text.lines().find(|l| l.starts_with("001")).unwrap();
    assert_eq!(first, PINNED_FIRST_LINE);
}

const PINNED_FIRST_LINE: &str = "001    1 mCM  Johansson, Sven                   2291 NOR    29632754 1967/08/17  3.5          2 w 0    12 b 1     8 b 1     4 w 1     3 w =";

/// Opponent and result code of one round of one player.
type Entry = (Option<PlayerId>, char);

fn codes(trf: &Trf) -> Vec<Entry> {
    trf.players
        .iter()
        .flat_map(|p| p.rounds.iter().map(|r| (r.opponent, r.code)))
        .collect()
}

#[test]
fn every_feature_asked_for_appears() {
    let config = busy(300, 11, 99);
    let trf = run(&config);
    check_report(&trf, 11);
    let codes = codes(&trf);
    let has = |f: &dyn Fn(&Entry) -> bool| codes.iter().any(f);
    assert!(has(&|c| c.1 == '='), "draws");
    assert!(has(&|c| c.0.is_some() && c.1 == '+'), "forfeit wins");
    assert!(has(&|c| c.0.is_some() && c.1 == '-'), "forfeit losses");
    assert!(has(&|c| c.1 == 'H'), "half-point byes");
    assert!(has(&|c| c.1 == 'F'), "full-point byes");
    assert!(has(&|c| c.0.is_none() && c.1 == 'Z'), "zero-point byes");
    assert!(has(&|c| c.1 == 'U'), "pairing-allocated byes");

    // Withdrawals: from the round named in the comment on, only `0000 - Z`.
    let withdrawn: Vec<(usize, usize)> = trf
        .comments
        .iter()
        .filter_map(|c| c.strip_prefix("withdrawn: player "))
        .map(|rest| {
            let (p, r) = rest.split_once(" from round ").unwrap();
            (p.parse().unwrap(), r.parse().unwrap())
        })
        .collect();
    assert!(!withdrawn.is_empty(), "withdrawals");
    for &(p, r) in &withdrawn {
        let rounds = &trf.players[p - 1].rounds;
        assert!(
            rounds[r - 1..]
                .iter()
                .all(|x| x.opponent.is_none() && x.code == 'Z')
        );
    }
    // Late entries: `0000 - Z` before the entry round.
    let late: Vec<(usize, usize)> = trf
        .comments
        .iter()
        .filter_map(|c| c.strip_prefix("late entry: player "))
        .map(|rest| {
            let (p, r) = rest.split_once(" from round ").unwrap();
            (p.parse().unwrap(), r.parse().unwrap())
        })
        .collect();
    assert!(!late.is_empty(), "late entries");
    for &(p, r) in &late {
        assert!((2..=6).contains(&r));
        let rounds = &trf.players[p - 1].rounds;
        assert!(
            rounds[..r - 1]
                .iter()
                .all(|x| x.opponent.is_none() && x.code == 'Z')
        );
    }

    // Baku (C.04.7 as dutch.md states it): group A is the first 2 ceil(N/4) players entered
    // in round 1, plus late entries numbered above the last of them; +1 in rounds 1-3 and
    // +0.5 in rounds 4-6 of eleven (ceil(11/2) = 6 accelerated, ceil(6/2) = 3 with a point).
    let xxa: Vec<&str> = trf
        .other
        .iter()
        .filter(|(code, _)| code == "XXA")
        .map(|(_, line)| line.as_str())
        .collect();
    let late_ids: HashSet<usize> = late.iter().map(|&(p, _)| p).collect();
    let round_one: Vec<usize> = (1..=300).filter(|p| !late_ids.contains(p)).collect();
    let last = round_one[2 * round_one.len().div_ceil(4) - 1];
    assert_eq!(xxa.len(), last);
    for (index, line) in xxa.iter().enumerate() {
        assert_eq!(
            *line,
            format!("XXA {:>4}  1.0  1.0  1.0  0.5  0.5  0.5", index + 1)
        );
    }
    assert!(write(&trf).contains("\nXXA    1  1.0"));
    assert!(write(&trf).contains("\nXXR 11\n"));
}

#[test]
fn nothing_extra_at_rate_zero() {
    let config = GeneratorConfig {
        draw_percent: 0,
        ..GeneratorConfig::new(101, 7, 3)
    };
    let trf = run(&config);
    check_report(&trf, 7);
    for (opponent, code) in codes(&trf) {
        match opponent {
            Some(_) => assert!(code == '1' || code == '0', "{code}"),
            None => assert_eq!(code, 'U'),
        }
    }
    assert!(!trf.other.iter().any(|(code, _)| code == "XXA"));
    assert_eq!(trf.comments.len(), 1);
}

#[test]
fn numbering_follows_c_04_2_and_the_field_looks_like_an_open() {
    let trf = run(&GeneratorConfig::new(2000, 1, 8));
    let players: Vec<_> = trf.players.iter().map(|p| &p.player).collect();
    let title_rank = |t: Option<Title>| {
        t.and_then(|t| Title::ALL.iter().position(|&x| x == t))
            .unwrap_or(8)
    };
    for pair in players.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let key = |p: &arbiter::tournament::Player| {
            (
                std::cmp::Reverse(p.rating.unwrap_or(0)),
                title_rank(p.title),
                p.name.clone(),
            )
        };
        assert!(key(a) <= key(b), "{a:?} before {b:?}");
    }
    for (i, p) in players.iter().enumerate() {
        assert_eq!(usize::from(p.id.0), i + 1);
    }
    let ratings: Vec<u16> = players.iter().filter_map(|p| p.rating).collect();
    assert!(ratings.iter().all(|r| (1000..=2800).contains(r)));
    assert!(ratings.len() < players.len(), "some unrated");
    assert!(ratings[0] >= 2400 && *ratings.last().unwrap() < 1300);
    assert!(players.iter().any(|p| p.title == Some(Title::Gm)));
    let ids: HashSet<u64> = players.iter().filter_map(|p| p.fide_id).collect();
    assert_eq!(ids.len(), players.len());
    let federations: HashSet<&str> = players
        .iter()
        .filter_map(|p| p.federation.as_deref())
        .collect();
    assert!(federations.len() > 20);
}

#[test]
fn the_stronger_player_scores_more() {
    // Elo expectancy: with 200 points or more in hand (expected score over 0.76) the stronger
    // side wins far more often than it loses.
    let config = GeneratorConfig {
        draw_percent: 20,
        ..GeneratorConfig::new(1000, 9, 17)
    };
    let trf = run(&config);
    let (mut stronger_won, mut weaker_won) = (0, 0);
    for p in &trf.players {
        for r in &p.rounds {
            let Some(opponent) = r.opponent else { continue };
            let them = trf.players[usize::from(opponent.0) - 1].player.rating;
            let (Some(mine), Some(them)) = (p.player.rating, them) else {
                continue;
            };
            if mine >= them + 200 {
                match r.code {
                    '1' => stronger_won += 1,
                    '0' => weaker_won += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(
        stronger_won > 2 * weaker_won,
        "{stronger_won} / {weaker_won}"
    );
}

#[test]
fn a_large_event() {
    // 5,000 players and 11 rounds with the naive pairer; timed by hand, not asserted.
    let config = busy(5000, 11, 2026);
    let trf = run(&config);
    check_report(&trf, 11);
}

#[test]
fn bad_configurations_and_bad_pairings_are_errors() {
    let error = |config: GeneratorConfig| generate(&config, &mut naive_pairer).unwrap_err();
    assert_eq!(
        error(GeneratorConfig::new(1, 5, 0)),
        GenerateError::Players(1)
    );
    assert_eq!(
        error(GeneratorConfig::new(10_000, 5, 0)),
        GenerateError::Players(10_000)
    );
    assert_eq!(
        error(GeneratorConfig::new(10, 0, 0)),
        GenerateError::Rounds(0)
    );
    let mut config = GeneratorConfig::new(10, 5, 0);
    config.draw_percent = 101;
    assert_eq!(error(config), GenerateError::DrawPercent(101));
    let mut config = GeneratorConfig::new(10, 5, 0);
    config.bye_rate = 1.5;
    assert_eq!(
        error(config).to_string(),
        "the bye rate is a probability from 0 to 1, not 1.5"
    );

    let config = GeneratorConfig::new(10, 5, 0);
    let mut twice = |_: &Trf, _: u32| -> Result<Boards, String> {
        Ok(vec![(PlayerId(1), Some(PlayerId(2))), (PlayerId(2), None)])
    };
    assert_eq!(
        generate(&config, &mut twice).unwrap_err().to_string(),
        "round 1: player 2 is paired twice"
    );
    let mut short =
        |_: &Trf, _: u32| -> Result<Boards, String> { Ok(vec![(PlayerId(1), Some(PlayerId(2)))]) };
    assert_eq!(
        generate(&config, &mut short).unwrap_err().to_string(),
        "round 1: player 3 is not paired"
    );
    let mut failing = |_: &Trf, round: u32| -> Result<Boards, String> {
        if round == 1 {
            naive_pairer(&Trf::default(), 1)
        } else {
            Err("no pairing".into())
        }
    };
    assert!(matches!(
        generate(&config, &mut failing),
        Err(GenerateError::BadPairing { round: 1, .. })
    ));
    let mut gives_up = |_: &Trf, _: u32| -> Result<Boards, String> { Err("no pairing".into()) };
    assert_eq!(
        generate(&config, &mut gives_up).unwrap_err().to_string(),
        "round 1: the pairing failed: no pairing"
    );
}
