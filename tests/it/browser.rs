//! The published site in a real browser: the demo's event, with a player and the event
//! renamed to hostile markup, is published and every page reachable from the index is loaded
//! in headless Chromium (`--dump-dom`). The assertions are on the document the browser built:
//! one standings row per player, every link resolving to a file of the site, the hostile
//! names shown as text with no element of theirs in the document, and nothing loaded from
//! outside the folder.
//!
//! Chromium is required, not optional: without it the test fails and says how to install it.
//! `ARBITER_CHROMIUM` names another binary.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{TempDir, arbiter};

/// How long one Chromium run may take before it is killed. A page that blocks (an injected
/// `alert()` stops a headless `--dump-dom` for good) must fail the test, not hang CI.
const CHROMIUM_TIMEOUT: Duration = Duration::from_secs(60);

/// The hostile player name: markup that would run a script if it reached a page unescaped.
const EVIL_PLAYER: &str = "<script>alert(1)</script>";
/// The hostile event name: an image whose error handler would mark the document.
const EVIL_EVENT: &str =
    "Demo <img src=x onerror=\"document.documentElement.setAttribute('data-pwned','1')\">";

/// The Chromium binary: `ARBITER_CHROMIUM`, else `chromium` or `chromium-browser` on the
/// `PATH`. Without one the test fails with the way to install it.
fn chromium() -> PathBuf {
    if let Some(path) = std::env::var_os("ARBITER_CHROMIUM").filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!(
        "the browser test needs headless Chromium, and neither `chromium` nor `chromium-browser` \
         is on the PATH: install it with `apt-get install -y chromium` (Debian; `.ci/run` does \
         this when it is missing), or set ARBITER_CHROMIUM to the browser's path"
    );
}

/// A `file://` URL for an absolute path, with every byte outside the unreserved set and `/`
/// percent-encoded.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for byte in path.display().to_string().bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

/// What one Chromium run left: the serialized document, and the console messages it logged.
struct Dump {
    dom: String,
    console: Vec<String>,
}

/// Loads `url` in headless Chromium and returns the document as the browser serializes it
/// after the load event. The profile lives in `work`, so that nothing is shared with another
/// run; output goes to files there, so that a large document cannot fill a pipe while the
/// browser is waited for.
fn dump_dom(browser: &Path, work: &Path, url: &str) -> Dump {
    let profile = work.join("chromium-profile");
    let stdout = work.join("chromium-stdout.html");
    let stderr = work.join("chromium-stderr.txt");
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            // The harness page reads the documents of the pages it frames; file URLs are
            // otherwise each an origin of their own.
            "--allow-file-access-from-files",
            // Console messages go to stderr as `CONSOLE` lines.
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).expect("chromium stdout file"))
        .stderr(std::fs::File::create(&stderr).expect("chromium stderr file"));
    // A group of its own, so that a timeout ends the browser's helper processes too.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", browser.display()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if started.elapsed() > CHROMIUM_TIMEOUT {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "chromium did not finish {url} within {} s and was killed; a script in a page \
                 (such as an injected alert) can block it",
                CHROMIUM_TIMEOUT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let log = std::fs::read_to_string(&stderr).unwrap_or_default();
    assert!(
        status.success(),
        "chromium failed on {url}: {status}\n{log}"
    );
    let dom = std::fs::read_to_string(&stdout).expect("chromium output");
    assert!(
        dom.contains("</html>"),
        "chromium printed no document for {url}:\n{log}"
    );
    Dump {
        dom,
        console: log
            .lines()
            .filter(|l| l.contains("CONSOLE"))
            .map(str::to_owned)
            .collect(),
    }
}

/// The documents of several pages from one Chromium run: a harness page outside the site
/// frames them all (its load event waits for every frame) and then puts each frame's
/// serialized document into a `<pre data-src>` of its own.
fn dump_pages(browser: &Path, work: &Path, site: &Path, pages: &[String]) -> Vec<(String, Dump)> {
    if let [page] = pages {
        return vec![(
            page.clone(),
            dump_dom(browser, work, &file_url(&site.join(page))),
        )];
    }
    let mut harness = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>harness</title></head><body>\n",
    );
    for page in pages {
        harness.push_str(&format!(
            "<iframe src=\"{}\"></iframe>\n",
            file_url(&site.join(page))
        ));
    }
    harness.push_str(
        "<script>
window.addEventListener('load', function () {
  for (const frame of Array.from(document.querySelectorAll('iframe'))) {
    const out = document.createElement('pre');
    out.setAttribute('data-src', frame.getAttribute('src'));
    let doc = null;
    try { doc = frame.contentDocument; } catch (e) {}
    out.textContent = doc && doc.documentElement ? doc.documentElement.outerHTML : 'unreadable';
    document.body.appendChild(out);
    frame.remove();
  }
});
</script></body></html>\n",
    );
    let path = work.join("harness.html");
    std::fs::write(&path, harness).expect("write the harness");
    let dump = dump_dom(browser, work, &file_url(&path));
    let mut framed = BTreeMap::new();
    let tokens = tokens(&dump.dom);
    for (i, token) in tokens.iter().enumerate() {
        if let Token::Start(name, attrs) = token
            && name == "pre"
            && let Some(src) = attr(attrs, "data-src")
        {
            let text = match tokens.get(i + 1) {
                Some(Token::Text(text)) => text.clone(),
                _ => String::new(),
            };
            framed.insert(src.to_owned(), text);
        }
    }
    pages
        .iter()
        .map(|page| {
            let url = file_url(&site.join(page));
            let dom = framed
                .remove(&url)
                .unwrap_or_else(|| panic!("the harness did not frame {page}"));
            assert_ne!(dom, "unreadable", "chromium could not load {page}");
            // Console messages are attributed to their source; the harness logs none.
            let console = dump
                .console
                .iter()
                .filter(|l| l.contains(&url))
                .cloned()
                .collect();
            (
                page.clone(),
                Dump {
                    dom: format!("<!DOCTYPE html>\n{dom}"),
                    console,
                },
            )
        })
        .collect()
}

/// A piece of a serialized document.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// A start tag: the element's name (lowercase) and its attributes, values decoded.
    Start(String, Vec<(String, String)>),
    End(String),
    /// Text with its character references decoded.
    Text(String),
}

fn attr<'a>(attrs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Decodes the character references a serializer writes (`&amp;` last, so that `&amp;lt;`
/// stays `&lt;`), and the numeric ones.
fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let end = rest.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &rest[1..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => name
                    .strip_prefix("#x")
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            }?;
            Some((c, e + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Splits a document as a browser serializes it into tags and text. The contents of
/// `<style>` and `<script>` are raw text, kept whole as one `Text`.
fn tokens(html: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            out.push(Token::Text(decode(rest)));
            break;
        };
        if open > 0 {
            out.push(Token::Text(decode(&rest[..open])));
        }
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |e| &after[e + 3..]);
            continue;
        }
        if rest.starts_with("<!") {
            rest = rest.find('>').map_or("", |e| &rest[e + 1..]);
            continue;
        }
        if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').expect("end tag closed");
            out.push(Token::End(after[..end].trim().to_ascii_lowercase()));
            rest = &after[end + 1..];
            continue;
        }
        // A start tag: the name, then attributes until `>` outside quotes.
        let body = &rest[1..];
        let name_end = body
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .expect("tag name ends");
        let name = body[..name_end].to_ascii_lowercase();
        let mut attrs = Vec::new();
        let mut i = name_end;
        let bytes = body.as_bytes();
        loop {
            while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] == b'>' {
                break;
            }
            let start = i;
            while i < bytes.len() && !b" \t\n\r=>/".contains(&bytes[i]) {
                i += 1;
            }
            let attr_name = body[start..i].to_ascii_lowercase();
            let mut value = String::new();
            if i < bytes.len() && bytes[i] == b'=' {
                i += 1;
                if i < bytes.len() && (bytes[i] == b'"' || bytes[i] == b'\'') {
                    let quote = bytes[i];
                    let close = body[i + 1..]
                        .find(quote as char)
                        .expect("attribute value closed")
                        + i
                        + 1;
                    value = decode(&body[i + 1..close]);
                    i = close + 1;
                } else {
                    let start = i;
                    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'>' {
                        i += 1;
                    }
                    value = decode(&body[start..i]);
                }
            }
            attrs.push((attr_name, value));
        }
        rest = body.get(i + 1..).unwrap_or("");
        let raw = name == "style" || name == "script";
        out.push(Token::Start(name.clone(), attrs));
        if raw {
            let close = format!("</{name}");
            let end = rest.find(&close).unwrap_or(rest.len());
            out.push(Token::Text(rest[..end].to_owned()));
            rest = &rest[end..];
        }
    }
    out
}

/// The text of the element that starts at `tokens[start]`, up to its end tag.
fn text_of(tokens: &[Token], start: usize) -> String {
    let Token::Start(name, _) = &tokens[start] else {
        panic!("not a start tag")
    };
    let mut text = String::new();
    let mut depth = 0;
    for token in &tokens[start + 1..] {
        match token {
            Token::Start(n, _) if n == name => depth += 1,
            Token::End(n) if n == name && depth == 0 => break,
            Token::End(n) if n == name => depth -= 1,
            Token::Text(t) => text.push_str(t),
            _ => {}
        }
    }
    text
}

/// The rows of the first table body of a document: each row's cells' text.
fn first_table_rows(tokens: &[Token]) -> Vec<Vec<String>> {
    let start = tokens
        .iter()
        .position(|t| matches!(t, Token::Start(n, _) if n == "tbody"))
        .expect("a table body");
    let mut rows = Vec::new();
    for (i, token) in tokens.iter().enumerate().skip(start + 1) {
        match token {
            Token::End(n) if n == "tbody" => break,
            Token::Start(n, _) if n == "tr" => rows.push(Vec::new()),
            Token::Start(n, _) if n == "td" || n == "th" => rows
                .last_mut()
                .expect("a cell in a row")
                .push(text_of(tokens, i)),
            _ => {}
        }
    }
    rows
}

/// Elements that would fetch or run something: none belongs on a self-contained page.
const FORBIDDEN_ELEMENTS: &[&str] = &[
    "script", "img", "link", "iframe", "object", "embed", "video", "audio", "source", "form",
    "base", "svg",
];
/// Attributes that would fetch or run something.
const FORBIDDEN_ATTRIBUTES: &[&str] = &[
    "src",
    "srcset",
    "action",
    "formaction",
    "poster",
    "data",
    "background",
    "style",
];

#[test]
fn the_demo_site_in_headless_chromium() {
    let browser = chromium();
    let dir = TempDir::new("browser");
    let out = dir.path("demo");
    let db = dir.path("demo/demo.db");
    let site = dir.0.join("demo/site");
    let run = |args: &[&str]| {
        let output = arbiter(args);
        assert!(
            output.status.success(),
            "arbiter {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("utf-8")
    };
    run(&["demo", "--out", &out]);
    // Untrusted names, entered as a director could: a player renamed, the event renamed.
    run(&["--db", &db, "player", "edit", "1", "--name", EVIL_PLAYER]);
    run(&["--db", &db, "config", "name", EVIL_EVENT]);
    run(&["--db", &db, "publish", &site.display().to_string()]);
    let standings_csv = run(&["--db", &db, "standings", "--format", "csv"]);
    let players = standings_csv.lines().count() - 1;
    assert_eq!(players, 40, "the demo registers 40 players");
    let last_round = 7;

    // Follow the links from the index, one Chromium run per level of the site.
    let work = dir.0.join("browser");
    std::fs::create_dir_all(&work).expect("work dir");
    let mut seen: BTreeSet<String> = BTreeSet::from(["index.html".to_owned()]);
    let mut level = vec!["index.html".to_owned()];
    let mut pages: BTreeMap<String, Vec<Token>> = BTreeMap::new();
    let mut serialized: BTreeMap<String, String> = BTreeMap::new();
    while !level.is_empty() {
        let mut next = Vec::new();
        for (page, dump) in dump_pages(&browser, &work, &site, &level) {
            assert!(
                dump.console.is_empty(),
                "{page} wrote to the console:\n{}",
                dump.console.join("\n")
            );
            let tokens = tokens(&dump.dom);
            // Had the event's name become an element, its handler would have marked the
            // document.
            assert!(
                !tokens.iter().any(
                    |t| matches!(t, Token::Start(_, attrs) if attr(attrs, "data-pwned").is_some())
                ),
                "{page}: the injected handler ran"
            );
            for token in &tokens {
                let Token::Start(name, attrs) = token else {
                    continue;
                };
                assert!(
                    !FORBIDDEN_ELEMENTS.contains(&name.as_str()),
                    "{page} holds a <{name}> element: {attrs:?}"
                );
                for (attr_name, value) in attrs {
                    assert!(
                        !FORBIDDEN_ATTRIBUTES.contains(&attr_name.as_str())
                            && !attr_name.starts_with("on"),
                        "{page}: <{name}> has {attr_name}=\"{value}\""
                    );
                }
                let Some(href) = attr(attrs, "href") else {
                    continue;
                };
                // Relative links only, to files of the site folder: it works offline and
                // on any web host.
                let file = href.split('#').next().unwrap_or_default();
                assert!(
                    !file.is_empty()
                        && !file.contains(':')
                        && !file.starts_with('/')
                        && !file.split('/').any(|part| part == ".."),
                    "{page} links {href}, which is not a relative link within the site"
                );
                assert!(
                    site.join(file).is_file(),
                    "{page} links {href}, which is not a file of the site"
                );
                if file.ends_with(".html") && seen.insert(file.to_owned()) {
                    next.push(file.to_owned());
                }
            }
            // The style sheet is in the page and fetches nothing.
            for (i, token) in tokens.iter().enumerate() {
                if matches!(token, Token::Start(n, _) if n == "style") {
                    let css = text_of(&tokens, i);
                    assert!(
                        !css.contains("url(") && !css.contains("@import"),
                        "{page}: the style sheet loads a resource"
                    );
                }
            }
            serialized.insert(page.clone(), dump.dom);
            pages.insert(page, tokens);
        }
        level = next;
    }
    // Every page of the site is reached from the index.
    let files: BTreeSet<String> = std::fs::read_dir(&site)
        .expect("site")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".html"))
        .collect();
    let reached: BTreeSet<String> = pages.keys().cloned().collect();
    assert_eq!(reached, files, "pages not reached from the index");
    assert!(reached.contains(&format!("standings-r{last_round}.html")));
    assert_eq!(
        reached.iter().filter(|p| p.starts_with("player-")).count(),
        players
    );

    // The standings after each round: one row per player, the name linked to the player's
    // card, the hostile name as the text of its cell.
    let csv_names: Vec<String> = {
        let mut reader = csv::Reader::from_reader(standings_csv.as_bytes());
        reader
            .records()
            .map(|r| r.expect("csv row")[2].to_owned())
            .collect()
    };
    for round in 1..=last_round {
        let page = format!("standings-r{round}.html");
        let rows = first_table_rows(&pages[&page]);
        assert_eq!(rows.len(), players, "{page}: one row per player");
        let names: BTreeSet<&str> = rows.iter().map(|r| r[3].as_str()).collect();
        assert_eq!(names.len(), players, "{page}: every player once");
        assert!(names.contains(EVIL_PLAYER), "{page}: {names:?}");
        if round == last_round {
            let in_order: Vec<String> = rows.iter().map(|r| r[3].clone()).collect();
            assert_eq!(in_order, csv_names, "{page}: the command line's order");
        }
    }
    // The hostile names are text in every page the browser built, escaped when serialized.
    for (page, tokens) in &pages {
        let text: String = tokens
            .iter()
            .filter_map(|t| match t {
                Token::Text(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            text.contains(EVIL_EVENT),
            "{page}: the event's name as text"
        );
    }
    for page in [
        "players.html",
        "crosstable.html",
        "player-1.html",
        "pairings-r1.html",
    ] {
        let tokens = &pages[page];
        let text: String = tokens
            .iter()
            .filter_map(|t| match t {
                Token::Text(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            text.contains(EVIL_PLAYER),
            "{page}: the player's name as text"
        );
    }
    // And in the markup the browser serialized, as the issue puts it.
    assert!(serialized["players.html"].contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}
