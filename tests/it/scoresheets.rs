//! `arbiter check` and `arbiter claim` as a user runs them, on the fixtures in
//! `fixtures/scoresheets/` (each game's expected findings are worked out by hand from the Laws
//! in the comments) and on the real game samples.

use serde_json::Value;

use arbiter::chess::{DeadReason, Ending};
use arbiter::scoresheet::pgn::read_games;
use arbiter::scoresheet::verify::{Options, verify};

use crate::util::{arbiter, json_lines};

fn fixture(name: &str) -> String {
    crate::util::fixture("scoresheets", name)
}

// ---- check -----------------------------------------------------------------------------------

#[test]
fn check_json_follows_the_contract() {
    let file = fixture("findings.pgn");
    let out = arbiter(&["check", &file, "--json"]);
    // An illegal move and a result that does not fit: the answer is "no".
    assert_eq!(out.status.code(), Some(1));
    let games = json_lines(&out);
    assert_eq!(games.len(), 4);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["file"], Value::from(file.as_str()));
        assert_eq!(game["game"], Value::from(i + 1));
        for field in [
            "white",
            "black",
            "result",
            "plies",
            "language",
            "languages",
            "first_illegal",
            "ended",
            "moves_after_end",
            "result_consistent",
            "result_note",
            "final_fen",
            "remarks",
        ] {
            assert!(game.get(field).is_some(), "game {} lacks {field}", i + 1);
        }
        // Only with --claims.
        assert!(game.get("claims_available").is_none());
    }
    let clean = &games[0];
    assert_eq!(clean["white"], "Carlsen, Magnus");
    assert_eq!(clean["plies"], 6);
    assert_eq!(clean["language"], "English");
    assert_eq!(clean["first_illegal"], Value::Null);
    assert_eq!(clean["result_consistent"], true);

    // 4. Nd5 is White's 7th half-move; the knight on c3 is pinned by the bishop on b4.
    let pinned = &games[1]["first_illegal"];
    assert_eq!(pinned["ply"], 7);
    assert_eq!(pinned["move"], "4.");
    assert_eq!(pinned["token"], "Nd5");
    assert_eq!(
        pinned["reason"],
        "the knight on c3 is pinned by the bishop on b4 against its king"
    );
    assert_eq!(games[1]["plies"], 6);
    // The position before the illegal move is the one to reinstate (7.5.1).
    assert_eq!(
        games[1]["final_fen"],
        "rnbqk2r/pppp1ppp/5n2/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 3 4"
    );

    // Mate with the 150th half-move without capture or pawn move: the mate stands (9.6.2).
    let mate = &games[2];
    assert_eq!(mate["ended"]["by"], "checkmate");
    assert_eq!(mate["ended"]["article"], "5.1.1");
    assert_eq!(mate["result_consistent"], true);

    // Stalemate after 1. Qf7: 1...Kh7 is void and 1-0 does not fit.
    let stalemate = &games[3];
    assert_eq!(stalemate["ended"]["by"], "stalemate");
    assert_eq!(stalemate["ended"]["ply"], 1);
    assert_eq!(stalemate["moves_after_end"], 1);
    assert_eq!(stalemate["result_consistent"], false);
    assert_eq!(stalemate["final_fen"], "7k/5Q2/8/8/8/8/8/K7 b - - 1 1");
}

#[test]
fn check_text_report_has_one_line_per_clean_game_and_a_summary() {
    let out = arbiter(&["check", &fixture("findings.pgn")]);
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    assert!(first.ends_with(", ok"), "{first}");
    assert!(text.contains("illegal move 4. Nd5"), "{text}");
    assert_eq!(
        text.lines().last(),
        Some(
            "4 games: 2 without findings, 1 with an illegal move, 1 with a result that does not fit"
        )
    );
}

#[test]
fn check_reads_a_plain_german_scoresheet() {
    let out = arbiter(&["check", &fixture("german.txt"), "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let game = &json_lines(&out)[0];
    assert_eq!(game["language"], "German");
    assert_eq!(game["plies"], 20);
    assert_eq!(game["white"], Value::Null);
}

#[test]
fn check_lists_claims_when_asked() {
    let out = arbiter(&["check", &fixture("claims.pgn"), "--claims", "--json"]);
    let games = json_lines(&out);
    // Knights out and back: at ply 7 Black could claim by writing Ng8; at ply 8 the start
    // position stands for the third time.
    assert_eq!(
        games[0]["claims_available"],
        serde_json::json!([
            {"ply": 7, "kind": "threefold", "by_move": "Ng8"},
            {"ply": 8, "kind": "threefold", "by_move": null}
        ])
    );
}

#[test]
fn check_reports_unreadable_text_with_line_and_column() {
    let file = fixture("unclosed.pgn");
    let out = arbiter(&["check", &file]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("error: {file}:4:7: comment never closed")),
        "{err}"
    );
}

#[test]
fn check_of_a_missing_file_exits_5() {
    let out = arbiter(&["check", "/nonexistent/games.pgn"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read"));
}

/// `--jobs N` checks games on N threads and must write exactly what one thread writes, in the
/// same order: reports, problems on stderr, the summary and the exit code, whatever the mix
/// of files (real games, findings, unreadable text, a missing file in the middle).
#[test]
fn check_on_several_threads_writes_what_one_thread_writes() {
    let twic = crate::util::fixture("pgn", "twic-sample.pgn");
    let files = [
        fixture("findings.pgn"),
        twic,
        fixture("unclosed.pgn"),
        "/nonexistent/games.pgn".to_string(),
        fixture("winnability.pgn"),
        fixture("german.txt"),
    ];
    for json in [false, true] {
        let run = |jobs: &str| {
            let mut args = vec!["check", "--jobs", jobs];
            args.extend(files.iter().map(String::as_str));
            if json {
                args.push("--json");
            }
            arbiter(&args)
        };
        let one = run("1");
        assert_eq!(
            one.status.code(),
            Some(5),
            "the missing file decides the exit code"
        );
        // Every game of the files is reported (twic-sample alone has 1,110).
        let reports = String::from_utf8_lossy(&one.stdout).lines().count();
        assert!(reports > 1110, "{reports} lines");
        for jobs in ["2", "3", "8"] {
            let many = run(jobs);
            assert_eq!(many.status.code(), one.status.code(), "--jobs {jobs}");
            assert!(
                many.stdout == one.stdout,
                "--jobs {jobs}: stdout differs (json: {json})"
            );
            assert_eq!(
                String::from_utf8_lossy(&many.stderr),
                String::from_utf8_lossy(&one.stderr),
                "--jobs {jobs}"
            );
        }
    }
}

#[test]
fn check_applies_the_laws_edition() {
    // Under the 2009 Laws there is no 75-move rule: the game goes on, and the same file
    // checks the same otherwise.
    let out = arbiter(&[
        "check",
        &fixture("findings.pgn"),
        "--json",
        "--laws",
        "2009",
    ]);
    let games = json_lines(&out);
    assert_eq!(games[2]["ended"]["article"], "5.1 a");
    assert!(
        games[1]["first_illegal"]["penalty"]
            .as_str()
            .unwrap()
            .starts_with("if this move was made on the board: 7.4")
    );
    let out = arbiter(&["check", &fixture("findings.pgn"), "--laws", "1999"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `fixtures/scoresheets/winnability.pgn`: dead positions that material does not show, and
/// wins not by checkmate judged by whether the winner could still mate. Expected values from
/// the Laws (2023 unless said): a locked pawn wall is a dead position (5.2.2) and what follows
/// is void; a flag fall (6.9), a resignation (5.1.2) and a second illegal move (7.5.5) against
/// a winner who cannot checkmate are draws. The positions are worked out by hand in the unit
/// tests (`src/scoresheet/tests.rs`, `BEFORE_WALL` and `BEFORE_KF4`).
#[test]
fn check_judges_dead_positions_and_wins_by_winnability() {
    let out = arbiter(&["check", &fixture("winnability.pgn"), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let games = json_lines(&out);
    assert_eq!(games.len(), 8);
    // The wall locks with 40. h5; the five half-moves after it are void.
    let wall = &games[0];
    assert_eq!(
        wall["ended"],
        serde_json::json!({"ply": 1, "by": "dead_position", "article": "5.2.2", "reason": "blocked"})
    );
    assert_eq!(wall["moves_after_end"], 5);
    assert_eq!(wall["plies"], 1);
    assert_eq!(
        wall["final_fen"],
        "7k/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 b - - 0 40"
    );
    assert_eq!(wall["result_consistent"], true);
    // An illegal move after the wall is void, and 1-0 cannot stand.
    let illegal = &games[1];
    assert_eq!(illegal["first_illegal"], Value::Null);
    assert_eq!(illegal["ended"]["ply"], 1);
    assert_eq!(illegal["moves_after_end"], 3);
    assert_eq!(illegal["result_consistent"], false);
    // Dead from the start.
    assert_eq!(games[2]["ended"]["ply"], 0);
    assert_eq!(games[2]["moves_after_end"], 2);
    // White cannot mate after 50. Kf4: on time, by resignation, by illegal moves, untagged.
    for (i, ending) in [
        (3, "the game is drawn (6.9)"),
        (4, "a resignation here is a draw (5.1.2)"),
        (5, "the game is drawn (7.5.5)"),
        (6, "by illegal moves a draw (7.5.5)"),
    ] {
        let game = &games[i];
        assert_eq!(game["ended"], Value::Null, "game {}", i + 1);
        assert_eq!(game["result_consistent"], false, "game {}", i + 1);
        let note = game["result_note"].as_str().unwrap_or_default();
        assert!(
            note.contains("white cannot checkmate by any series of legal moves")
                && note.ends_with(ending),
            "game {}: {note}",
            i + 1
        );
    }
    // Bare material keeps its own wording.
    assert_eq!(games[7]["ended"]["reason"], "material");
    // Up to 2018 a resignation stands, and so does the untagged win (5.1.2 is from 2023).
    let out = arbiter(&[
        "check",
        &fixture("winnability.pgn"),
        "--json",
        "--laws",
        "2018",
    ]);
    let games = json_lines(&out);
    assert_eq!(games[4]["result_consistent"], true);
    assert_eq!(games[6]["result_consistent"], true);
    assert_eq!(games[3]["result_consistent"], false);
    // The text report names the proof of the wall.
    let out = arbiter(&["check", &fixture("winnability.pgn")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(
        "the game ended by itself after half-move 1: dead position (no series of legal moves can checkmate: the pawns are locked and no piece can reach a mate) (Art. 5.2.2); 5 half-moves recorded after it are void"
    ), "{text}");
}

// ---- claim -----------------------------------------------------------------------------------

fn claim(args: &[&str]) -> (Option<i32>, Value) {
    let file = fixture("claims.pgn");
    let mut all = vec!["claim", file.as_str(), "--json"];
    all.extend_from_slice(args);
    let out = arbiter(&all);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let value = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    (out.status.code(), value)
}

#[test]
fn threefold_claim_on_the_board_and_with_a_written_move() {
    // 9.2.2: after 4...Ng8 the start position stands for the third time (plies 0, 4, 8).
    let (code, answer) = claim(&["--ply", "8"]);
    assert_eq!(code, Some(0));
    assert_eq!(answer["claimant"], "white");
    assert_eq!(answer["threefold"]["valid"], true);
    assert_eq!(
        answer["threefold"]["occurrences"],
        serde_json::json!([0, 4, 8])
    );
    assert_eq!(answer["consequence"], Value::Null);
    // 9.2.1: after 4. Ng1 Black writes Ng8, which will make it appear for the third time.
    let (code, answer) = claim(&["--ply", "7", "--move", "Ng8"]);
    assert_eq!(code, Some(0));
    assert_eq!(answer["claimant"], "black");
    assert_eq!(answer["move"], "Ng8");
    assert_eq!(answer["threefold"]["count"], 3);
    // Only twice so far: the claim is incorrect, and under the 2023 standard Laws two
    // minutes go to the opponent (9.5.3).
    let (code, answer) = claim(&["--ply", "6"]);
    assert_eq!(code, Some(1));
    assert_eq!(answer["threefold"]["count"], 2);
    assert_eq!(
        answer["consequence"],
        "9.5.3: two minutes added to the opponent's remaining time"
    );
    // A written move that does not repeat: it must then be played.
    let (code, answer) = claim(&["--ply", "7", "--move", "Nh5"]);
    assert_eq!(code, Some(1));
    assert!(
        answer["consequence"]
            .as_str()
            .unwrap()
            .ends_with("the written move must be played")
    );
    // Rapid under the 2023 Laws: one minute (A.3).
    let (_, answer) = claim(&["--ply", "6", "--rate", "rapid"]);
    assert!(
        answer["consequence"]
            .as_str()
            .unwrap()
            .contains("one minute")
    );
}

#[test]
fn an_illegal_written_move_is_said_to_be_illegal() {
    let out = arbiter(&[
        "claim",
        &fixture("claims.pgn"),
        "--ply",
        "7",
        "--move",
        "Qd5",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("the written move `Qd5` is illegal here")
    );
    let (code, answer) = claim(&["--ply", "7", "--move", "Qd5"]);
    assert_eq!(code, Some(1));
    assert_eq!(answer["move"], "Qd5");
    assert_eq!(answer["threefold"]["valid"], false);
    assert_eq!(answer["move_illegal"], "no queen can reach d5");
}

#[test]
fn en_passant_counts_only_when_the_capture_is_legal() {
    // Game 2: after 1. e4 Black could take en passant, so the position after 3. Ke1 (the same
    // placement) is a different one; after 5. Ke1 it has stood only twice (plies 5 and 9).
    let (code, answer) = claim(&["--game", "2", "--ply", "9"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        answer["threefold"]["occurrences"],
        serde_json::json!([5, 9])
    );
    // Game 3: the d4 pawn is pinned on the long diagonal, so the double step changes nothing
    // and the position stands for the third time (plies 1, 5, 9).
    let (code, answer) = claim(&["--game", "3", "--ply", "9"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        answer["threefold"]["occurrences"],
        serde_json::json!([1, 5, 9])
    );
}

#[test]
fn castling_rights_lost_by_walking_back_make_a_different_position() {
    // Game 4: at the start Black may still castle long; after the king's walk it may not, so
    // the start does not count: plies 4 and 8 only.
    let (code, answer) = claim(&["--game", "4", "--ply", "8"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        answer["threefold"]["occurrences"],
        serde_json::json!([4, 8])
    );
}

#[test]
fn a_promoted_piece_is_an_ordinary_piece() {
    let (code, answer) = claim(&["--game", "5", "--ply", "9"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        answer["threefold"]["occurrences"],
        serde_json::json!([1, 5, 9])
    );
}

#[test]
fn fifty_moves_on_the_board_and_with_a_written_move() {
    // The clock starts at 98: after 80. Ra2 Kd8 it is 100 (9.3.2).
    let (code, answer) = claim(&["--game", "6", "--ply", "2"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        answer["fifty_moves"],
        serde_json::json!({"valid": true, "halfmoves": 100})
    );
    // After 80. Ra2 it is 99: not yet, unless Black writes a move without capture or pawn
    // move (9.3.1).
    let (code, answer) = claim(&["--game", "6", "--ply", "1"]);
    assert_eq!(code, Some(1));
    assert_eq!(answer["fifty_moves"]["halfmoves"], 99);
    let (code, answer) = claim(&["--game", "6", "--ply", "1", "--move", "Kd7"]);
    assert_eq!(code, Some(0));
    assert_eq!(answer["fifty_moves"]["halfmoves"], 100);
}

/// A claim made after the position became dead is void: the game had already ended, drawn
/// (5.2.2). That is an answer (exit 1), by the search's wall and by bare material alike; a
/// moment beyond the record is still no moment (exit 3).
#[test]
fn a_claim_after_a_dead_position_is_void() {
    let file = fixture("winnability.pgn");
    let out = arbiter(&["claim", &file, "--ply", "3", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let answer: Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).expect("json");
    // After 40. h5 Kg7 41. Kb2 it is Black's move 41.
    assert_eq!(answer["ply"], 3);
    assert_eq!(answer["before"], "41...");
    assert_eq!(answer["claimant"], "black");
    assert_eq!(answer["threefold"]["valid"], false);
    assert_eq!(answer["fifty_moves"]["valid"], false);
    assert_eq!(answer["ended"]["ply"], 1);
    assert_eq!(answer["ended"]["by"], "dead_position");
    assert!(
        answer["void"]
            .as_str()
            .unwrap_or_default()
            .starts_with("the game had already ended after half-move 1: dead position"),
        "{answer}"
    );
    assert_eq!(
        answer["consequence"],
        "none: the game was drawn when the position became dead (5.2.2); the claim, and every move after half-move 1, are void"
    );
    let out = arbiter(&["claim", &file, "--ply", "1", "--move", "Kg7"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "black claims a draw before 40... (half-move 1), with the written move `Kg7`\nthe claim is void: the game had already ended after half-move 1"
        ),
        "{text}"
    );
    // Bare material (game 8): 1. Kxe2 leaves king and bishop against king.
    let out = arbiter(&["claim", &file, "--game", "8", "--ply", "2", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let answer: Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).expect("json");
    assert_eq!(answer["ended"]["reason"], "material");
    // Beyond the record there is no moment at all.
    let out = arbiter(&["claim", &file, "--ply", "40"]);
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn claim_beyond_the_record_is_refused() {
    let out = arbiter(&["claim", &fixture("claims.pgn"), "--ply", "40"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no position after half-move 40"));
}

// ---- Real games ------------------------------------------------------------------------------

const LICHESS: &str = include_str!("../../fixtures/pgn/lichess-sample.pgn");
const TWIC: &str = include_str!("../../fixtures/pgn/twic-sample.pgn");

/// Every game of a real sample is read without a dropped token: no unreadable text, every
/// token a legal move, every result fitting the board.
fn check_sample(text: &str, games: usize) -> Vec<arbiter::scoresheet::verify::Report> {
    let raws = read_games(text);
    assert_eq!(raws.len(), games);
    let reports: Vec<_> = raws.iter().map(|g| verify(g, Options::default())).collect();
    for (raw, report) in raws.iter().zip(&reports) {
        assert!(
            report.problems.is_empty(),
            "game {}: {:?}",
            raw.index,
            report.problems
        );
        assert_eq!(report.first_illegal, None, "game {}", raw.index);
        assert!(
            report.result_consistent,
            "game {}: {:?}",
            raw.index, report.result_note
        );
        // Every move token was played, or voided by an automatic ending.
        assert_eq!(
            report.plies + report.moves_after_end,
            raw.moves.len(),
            "game {}",
            raw.index
        );
    }
    reports
}

#[test]
fn lichess_sample_reads_whole() {
    let reports = check_sample(LICHESS, 438);
    // Online games: the server ends them at mate, so nothing is recorded after an ending.
    assert!(reports.iter().all(|r| r.moves_after_end == 0));
}

#[test]
fn twic_sample_reads_whole_and_finds_the_known_endings() {
    let reports = check_sample(TWIC, 1_110);
    let count = |ending: Ending| {
        reports
            .iter()
            .filter(|r| r.ended.map(|e| e.ending) == Some(ending))
            .count()
    };
    // The sample's notes (shared data README): two games end on a fivefold repetition, and
    // some were recorded past a dead position.
    assert_eq!(count(Ending::FivefoldRepetition), 2);
    assert!(reports.iter().any(|r| r.ended.map(|e| e.ending)
        == Some(Ending::DeadPosition {
            reason: DeadReason::Material
        })
        && r.moves_after_end > 0));
}

// ---- Streaming -------------------------------------------------------------------------------

/// A file of `count` copies of one game, produced piece by piece as it is read, so that the
/// test itself holds no million-game text.
struct RepeatedGames {
    game: &'static [u8],
    left: usize,
    offset: usize,
}

impl std::io::Read for RepeatedGames {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let rest = &self.game[self.offset..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.offset += n;
        if self.offset == self.game.len() {
            self.offset = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A million games go through the reader and the checker in constant memory (RUN_SLOW_TESTS).
#[test]
fn a_million_games_stream_in_constant_memory() {
    if !crate::util::slow_tests() {
        return;
    }
    const GAMES: usize = 1_000_000;
    let source = RepeatedGames {
        game:
            b"[Event \"stream\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n",
        left: GAMES,
        offset: 0,
    };
    let reader = std::io::BufReader::new(source);
    let start = resident_kib().unwrap_or(0);
    let mut peak = start;
    let mut count = 0;
    for game in arbiter::scoresheet::pgn::PgnReader::new(reader) {
        let report = verify(&game.expect("read"), Options::default());
        assert!(report.is_clean());
        count += 1;
        if count % 50_000 == 0 {
            peak = peak.max(resident_kib().unwrap_or(0));
        }
    }
    assert_eq!(count, GAMES);
    // Holding every game would take hundreds of megabytes; one at a time takes next to none.
    assert!(
        peak - start < 32 * 1024,
        "resident memory grew by {} KiB",
        peak - start
    );
}
