//! Field repairs of the scoresheet checker and the claim judge (issue 12, items 7, 12, 17 and
//! 20): one regression test per defect, each saying how the defect showed itself.

use serde_json::Value;

use arbiter::chess::{ClaimError, ClaimKind, ClaimOpportunity, Ending, Game, Laws, Position, Role};
use arbiter::scoresheet::pgn::read_games;
use arbiter::scoresheet::verify::{Options, verify_with_game};

use crate::util::{RANDOM_GAMES, TempDir, arbiter, json_lines};

fn fixture(name: &str) -> String {
    crate::util::fixture("scoresheets", name)
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

// ---- Item 7: no claim once the game is over ----------------------------------------------------

/// `claim --ply 1` after `80. Ra8#` (from `6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80`) gave the mated
/// player a valid fifty-move claim. Art. 5.1.1: the checkmate ends the game at once, so there is
/// nothing to claim; the command refuses the moment as it refuses one beyond the record.
#[test]
fn a_claim_after_checkmate_is_refused() {
    let out = arbiter(&["claim", &fixture("ended.pgn"), "--ply", "1"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the game ended by itself after half-move 1 (checkmate, white wins, Art. 5.1.1), so no claim can follow"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// `check --claims` listed a fifty-move claim at the mate and at the stalemate that the
/// hundredth half-move gave (5.1.1, 5.2.1: the game is over). The claim just before that move
/// stays: the player to move could write a quiet move and claim (9.3.1).
#[test]
fn check_lists_no_claim_at_mate_or_stalemate() {
    let out = arbiter(&["check", &fixture("ended.pgn"), "--claims", "--json"]);
    let games = json_lines(&out);
    for (game, by) in games.iter().zip(["checkmate", "stalemate"]) {
        assert_eq!(game["ended"]["by"], by);
        assert_eq!(game["ended"]["ply"], 1);
        let claims = game["claims_available"].as_array().expect("claims");
        assert_eq!(claims.len(), 1, "{game}");
        assert_eq!(claims[0]["ply"], 0);
        assert_eq!(claims[0]["kind"], "fifty_moves");
        assert!(claims[0]["by_move"].is_string());
    }
}

/// The library said the same as the command: `Game::judge_claim` judged a claim in a mated
/// position. It now answers that the game is over, under every edition (checkmate ends the
/// game in all of them).
#[test]
fn the_library_refuses_a_claim_in_a_finished_game() {
    let start = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").expect("fen");
    let mut game = Game::new(start);
    let mate = start.parse_san("Ra8#").expect("san");
    game.play(mate).expect("legal");
    for laws in [Laws::Y2009, Laws::Y2023] {
        assert_eq!(
            game.judge_claim_under(1, None, laws),
            Err(ClaimError::GameOver {
                ply: 1,
                ending: Ending::Checkmate {
                    winner: arbiter::chess::Color::White
                }
            })
        );
    }
    // Before the mate the claim is judged: 99 half-moves, so not yet valid on the board.
    let judged = game.judge_claim(0, None).expect("judged");
    assert!(!judged.fifty_moves.valid);
}

/// Kept on purpose, so that nobody "fixes" it: a claim with a written move that would itself
/// mate is still a claim. The move is not played when the claim is made (9.2.1, 9.3.1: the
/// player writes it and declares it), so `Ra8` written after 99 quiet half-moves completes the
/// fifty moves and the claim is correct.
#[test]
fn a_written_move_that_would_mate_is_still_judged_as_a_claim() {
    let out = arbiter(&[
        "claim",
        &fixture("ended.pgn"),
        "--ply",
        "0",
        "--move",
        "Ra8",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(answer["move"], "Ra8#");
    assert_eq!(answer["fifty_moves"]["valid"], true);
    assert_eq!(answer["fifty_moves"]["halfmoves"], 100);
    assert_eq!(answer["consequence"], Value::Null);
}

// ---- Item 12: bounded nesting, linear claim scan, short messages --------------------------------

/// `check` on one line of 1,000,000 `(` took 23 s and 209 MB and printed 1,000,002 error lines
/// (55 MB). The nesting is bounded: one problem says the variations nest too deep, one says
/// they never closed.
#[test]
fn a_million_open_parentheses_are_reported_once() {
    let dir = TempDir::new("parens");
    let file = dir.path("parens.txt");
    std::fs::write(&file, "(".repeat(1_000_000) + "\n").expect("write");
    let out = arbiter(&["check", &file]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!(
                "error: {file}:1:1: 1000000 variations never closed, the outermost opened here"
            ),
            format!("error: {file}:1:65: variations nested more than 64 deep"),
        ]
    );
    assert!(out.stdout.len() < 1_000, "{}", out.stdout.len());
}

/// A million stray `}` gave a million problems, each printed twice. A game lists at most 100
/// problems and counts the rest in one more.
#[test]
fn problems_of_one_game_are_bounded() {
    let dir = TempDir::new("braces");
    let file = dir.path("braces.txt");
    std::fs::write(&file, "}".repeat(1_000_000) + "\n").expect("write");
    let out = arbiter(&["check", &file]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 101);
    assert_eq!(lines[0], format!("error: {file}:1:1: unexpected `}}`"));
    assert_eq!(
        lines[100],
        format!(
            "error: {file}:1:101: 999900 more problems from here on not listed (a game lists at most 100)"
        )
    );
}

/// An illegal "move" of a megabyte was repeated whole in the report, twice (the token and the
/// reason). Messages cut it short after 40 characters.
#[test]
fn a_megabyte_token_is_not_repeated() {
    let dir = TempDir::new("token");
    let file = dir.path("token.txt");
    let token = format!("N{}", "a".repeat(1_000_000));
    std::fs::write(&file, format!("1. {token}\n")).expect("write");
    let out = arbiter(&["check", &file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.len() < 2_000, "{}", out.stdout.len());
    let short = format!("N{}…", "a".repeat(39));
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("illegal move 1. {short} ")));
    let out = arbiter(&["check", &file, "--json"]);
    let games = json_lines(&out);
    assert_eq!(games[0]["first_illegal"]["token"], short);
}

/// The claim scan (`check --claims`) looked back over the game at every half-move: a
/// 100,000-half-move game under the 2009 Laws took minutes. It now counts each position once.
/// This test holds its answers to the definition: at each half-move, a claim on the board is
/// a third occurrence or 100 quiet half-moves, and a claim by a written move is the first
/// legal move that `judge_claim_under` finds correct, judged one by one.
#[test]
fn the_linear_claim_scan_finds_what_judging_every_claim_finds() {
    let mut games: Vec<Game> = read_games(RANDOM_GAMES)
        .iter()
        .take(8)
        .map(|raw| verify_with_game(raw, Options::default()).1)
        .collect();
    // Games that repeat a lot: seeded random walks that mostly move pieces back and forth.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..30 {
        let mut game = Game::new(Position::new());
        for _ in 0..160 {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() || game.ending_at_under(game.plies(), Laws::Y2009).is_some() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let quiet: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.role() == Role::Knight || m.role() == Role::King)
                .collect();
            let pool: Vec<_> = if !seed.is_multiple_of(23) && !quiet.is_empty() {
                quiet
            } else {
                moves.iter().copied().collect()
            };
            game.play(pool[(seed >> 32) as usize % pool.len()])
                .expect("legal");
        }
        games.push(game);
    }
    let mut repetitions = 0;
    for game in &games {
        for laws in [Laws::Y2009, Laws::Y2023] {
            let fast = game.claim_opportunities_under(game.plies(), laws);
            let slow = claims_one_by_one(game, laws);
            assert_eq!(fast, slow, "{laws}: {:?}", game.moves());
            repetitions += fast
                .iter()
                .filter(|c| c.kind == ClaimKind::Threefold)
                .count();
        }
    }
    // The walks do repeat positions, so the threefold side is exercised.
    assert!(repetitions > 100, "{repetitions}");
}

/// Every claim by its definition, judging each ply and each written move on its own.
fn claims_one_by_one(game: &Game, laws: Laws) -> Vec<ClaimOpportunity> {
    let mut found = Vec::new();
    for ply in 0..=game.plies() {
        if game.ending_at_under(ply, laws).is_some() {
            break;
        }
        let pos = game.position_at(ply).expect("ply");
        let on_board = game.judge_claim_under(ply, None, laws).expect("judged");
        let legal = pos.legal_moves();
        let written = |valid: &dyn Fn(&arbiter::chess::ClaimJudgement) -> bool| {
            legal.iter().copied().find(|&mv| {
                game.judge_claim_under(ply, Some(mv), laws)
                    .is_ok_and(|j| valid(&j))
            })
        };
        if on_board.threefold.valid {
            found.push(ClaimOpportunity {
                ply,
                kind: ClaimKind::Threefold,
                by_move: None,
            });
        } else if let Some(mv) = written(&|j| j.threefold.valid) {
            found.push(ClaimOpportunity {
                ply,
                kind: ClaimKind::Threefold,
                by_move: Some(mv),
            });
        }
        if on_board.fifty_moves.valid {
            found.push(ClaimOpportunity {
                ply,
                kind: ClaimKind::FiftyMoves,
                by_move: None,
            });
        } else if let Some(mv) = written(&|j| j.fifty_moves.valid) {
            found.push(ClaimOpportunity {
                ply,
                kind: ClaimKind::FiftyMoves,
                by_move: Some(mv),
            });
        }
    }
    found
}

// ---- Item 20: --help and `claim --before` ------------------------------------------------------

/// `check --help` and `claim --help` did not say where the games come from; a director looked
/// for them in the event database. Both now say they read files.
#[test]
fn check_and_claim_help_say_they_read_files() {
    for command in ["check", "claim"] {
        let out = arbiter(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains("not from the event database"),
            "{command}: {help}"
        );
    }
}

/// Arbiters say "before Black's 4th move", not "after 7 half-moves", and `claim` took only
/// `--ply`. `--before 4...` is the moment before Black's 4th move is played: White's 4th move,
/// half-move 7, is done. It gives the same answer as `--ply 7`, and the answer says the moment
/// both ways.
#[test]
fn claim_before_a_move_is_the_same_moment_as_its_ply() {
    let file = fixture("claims.pgn");
    for (before, ply) in [("4...", 7), ("5.", 8), ("3.", 4), ("1.", 0)] {
        let by_move = arbiter(&["claim", &file, "--before", before, "--json"]);
        let by_ply = arbiter(&["claim", &file, "--ply", &ply.to_string(), "--json"]);
        assert_eq!(by_move.status.code(), by_ply.status.code(), "{before}");
        assert_eq!(by_move.stdout, by_ply.stdout, "{before}");
        let answer: Value = serde_json::from_slice(&by_move.stdout).expect("json");
        assert_eq!(answer["ply"], ply);
        assert_eq!(answer["before"], before);
    }
    let text = arbiter(&["claim", &file, "--before", "4..."]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.starts_with("black claims a draw before 4..., after 4. Ng1 (half-move 7)"),
        "{text}"
    );
}

/// The moment before a move is counted from the game's own start: a game from a FEN with Black
/// to move at move 30 starts before `30...`; `31.` is after one half-move, and `30.` is before
/// the record and is refused.
#[test]
fn claim_before_counts_from_the_start_position() {
    let file = fixture("ended.pgn");
    let out = arbiter(&["claim", &file, "--game", "3", "--before", "31.", "--json"]);
    let answer: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(answer["ply"], 1);
    assert_eq!(answer["claimant"], "white");
    let out = arbiter(&["claim", &file, "--game", "3", "--before", "30.", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("there is no moment before 30.: the record starts with 30..."),
        "{}",
        stderr(&out)
    );
    let out = arbiter(&["claim", &file, "--before", "28", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected a move number with its dots"));
}

// ---- Item 17: recording faults are not illegal moves -------------------------------------------

/// `3. Ne2` with knights on c3 and g1 was reported as an illegal move with the 7.5.5 penalty.
/// It is a recording fault (8.1.1, C.10): both readings are legal moves. Here only Nge2 lets
/// `4. Nb5` follow (the knight must still be on c3), so the check names it and follows it to
/// the end of the record.
#[test]
fn an_ambiguous_record_is_a_recording_fault_and_the_standing_reading_is_followed() {
    let out = arbiter(&["check", &fixture("recording.pgn"), "--json"]);
    let games = json_lines(&out);
    let game = &games[0];
    assert_eq!(game["first_illegal"], Value::Null);
    assert_eq!(game["plies"], 7);
    assert_eq!(
        game["recording"],
        serde_json::json!([{
            "ply": 5, "move": "3.", "token": "Ne2", "kind": "ambiguous",
            "readings": ["Nge2", "Nce2"], "chosen": "Nge2", "line": 6, "column": 24
        }])
    );
    // After 4. Nb5 with the g-knight on e2 and the other on b5.
    assert_eq!(
        game["final_fen"],
        "r1bqkb1r/pppp1ppp/2n2n2/1N2p3/4P3/8/PPPPNPPP/R1BQKB1R b KQkq - 5 4"
    );
    // When both readings stand, none is chosen and the check stops there.
    let both = &games[1];
    assert_eq!(both["first_illegal"], Value::Null);
    assert_eq!(both["recording"][0]["chosen"], Value::Null);
    assert_eq!(both["plies"], 4);
    assert_eq!(both["result_consistent"], true);
}

/// `2. Nf3 3. Bc4` (Black's 2nd move not written) was reported as an illegal move. A record
/// that fits with one move put back is a missing move. In the Ruy Lopez below Black's 10th
/// move is missing; only 10...c6 lets `12... c5` follow (10...c5 would leave no pawn to move
/// there), so the check puts it back and reads the game to its end.
#[test]
fn a_skipped_move_is_a_recording_fault_and_the_one_fitting_move_is_put_back() {
    let out = arbiter(&["check", &fixture("recording.pgn"), "--json"]);
    let games = json_lines(&out);
    let game = &games[2];
    assert_eq!(game["first_illegal"], Value::Null);
    assert_eq!(game["plies"], 24);
    let fault = &game["recording"][0];
    assert_eq!(fault["kind"], "missing_move");
    assert_eq!(fault["ply"], 20);
    assert_eq!(fault["move"], "10...");
    assert_eq!(fault["token"], "d4");
    assert_eq!(fault["readings"], serde_json::json!(["c6"]));
    assert_eq!(fault["chosen"], "c6");
    // The issue's own example: after 2. Nf3 any Black move that leaves c4 reachable fits.
    let many = &games[3];
    assert_eq!(many["first_illegal"], Value::Null);
    assert_eq!(many["recording"][0]["kind"], "missing_move");
    assert_eq!(many["recording"][0]["token"], "Bc4");
    assert_eq!(many["recording"][0]["chosen"], Value::Null);
    let readings = many["recording"][0]["readings"]
        .as_array()
        .expect("readings");
    assert!(readings.len() > 20, "{readings:?}");
    assert!(readings.contains(&Value::from("Nc6")));
}

/// Games whose only findings are recording faults exited 1 like games with illegal moves.
/// They exit 0 like a remark, and the summary counts them apart.
#[test]
fn recording_faults_alone_exit_0() {
    let out = arbiter(&["check", &fixture("recording.pgn")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(
        "  recording fault at half-move 5 (line 6, column 24): 3. Ne2 fits more than one move"
    ));
    assert!(text.ends_with(
        "4 games: 0 without findings, 0 with an illegal move, 0 with a result that does not fit, 4 with a recording fault\n"
    ));
    // Every game carries the list, empty when the record is sound.
    let out = arbiter(&["check", &fixture("findings.pgn"), "--json"]);
    for game in json_lines(&out) {
        assert!(game["recording"].is_array(), "{game}");
    }
}

/// The penalty of an illegal move read as if the move was surely made on the board; a
/// scoresheet does not show that (7.5.1 is about a move completed on the board). A token whose
/// own move number says it is White's first move (`1. e5`) is not read as a skipped move: it
/// stays the illegal move it is.
#[test]
fn the_penalty_says_if_this_move_was_made_on_the_board() {
    let dir = TempDir::new("penalty");
    let file = dir.path("e5.pgn");
    std::fs::write(&file, "1. e5 1-0\n").expect("write");
    let out = arbiter(&["check", &file, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let games = json_lines(&out);
    let illegal = &games[0]["first_illegal"];
    assert_eq!(illegal["token"], "e5");
    assert!(
        illegal["penalty"]
            .as_str()
            .expect("penalty")
            .starts_with("if this move was made on the board: 7.5.5: ")
    );
    assert_eq!(games[0]["recording"], serde_json::json!([]));
}
