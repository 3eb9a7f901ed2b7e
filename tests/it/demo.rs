//! `arbiter demo`: the README's main job, end to end, in a directory of its own.

use std::process::Command;

#[test]
fn the_demo_runs_a_whole_event_in_its_own_directory() {
    let dir = std::env::temp_dir().join(format!("arbiter-demo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let out = run(&["demo", "--out", "demo"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for expected in [
        "registered 40 players",
        "round 7:",
        "half-point bye",
        "withdrew",
        "forfeit",
        "illegal move",
        "published",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    let site = dir.join("demo/site");
    for file in [
        "index.html",
        "crosstable.html",
        "standings-r7.html",
        "pairings-r7.html",
        "players.html",
    ] {
        assert!(site.join(file).exists(), "{file} missing");
    }
    // It never creates or touches the default database.
    assert!(!dir.join("tournament.db").exists());
    // All seven rounds are in its database, with results, and a second run reuses the
    // directory it made.
    let standings = run(&["--db", "demo/demo.db", "standings", "--format", "csv"]);
    assert_eq!(
        String::from_utf8_lossy(&standings.stdout).lines().count(),
        41
    );
    assert!(run(&["demo", "--out", "demo"]).status.success());
    // A directory holding anything else is refused, and left as it was.
    std::fs::create_dir_all(dir.join("mine")).unwrap();
    std::fs::write(dir.join("mine/notes.txt"), "mine").unwrap();
    let out = run(&["demo", "--out", "mine"]);
    assert!(!out.status.success());
    assert_eq!(std::fs::read_dir(dir.join("mine")).unwrap().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
