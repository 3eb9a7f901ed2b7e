//! The HTML machinery the site's pages share: the tera templates from `templates/` (every one
//! with an `.html` name, so tera escapes every value), the frame of header, navigation and
//! footer around each page, and the small formatting helpers. Split from `site.rs` so that the
//! pages there read as what they show, not how a page is put together.

use serde::Serialize;
use tera::{Context, Tera};

use super::site::{EventInfo, MissingGame, SiteInput, status};
const BASE: &str = include_str!("../../templates/base.html");
const TEMPLATES: &[(&str, &str)] = &[
    ("index.html", include_str!("../../templates/index.html")),
    ("players.html", include_str!("../../templates/players.html")),
    (
        "standings.html",
        include_str!("../../templates/standings.html"),
    ),
    (
        "pairings.html",
        include_str!("../../templates/pairings.html"),
    ),
    (
        "crosstable.html",
        include_str!("../../templates/crosstable.html"),
    ),
    ("player.html", include_str!("../../templates/player.html")),
];

pub(super) fn engine() -> Result<Tera, String> {
    let mut tera = Tera::new();
    tera.autoescape_on(vec![".html"]);
    let mut all = vec![("base.html", BASE)];
    all.extend_from_slice(TEMPLATES);
    tera.add_raw_templates(all).map_err(|e| error_chain(&e))?;
    Ok(tera)
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// The header, navigation and footer every page shares.
#[derive(Serialize)]
struct Page<'a, T: Serialize> {
    title: String,
    event: &'a EventInfo,
    state: String,
    /// The games without a result, listed on every page while there are any.
    missing: Vec<MissingGame>,
    generated: &'a str,
    nav: Vec<Link>,
    body: T,
}

#[derive(Serialize, Clone)]
pub(super) struct Link {
    href: String,
    label: String,
}

pub(super) fn link(href: impl Into<String>, label: impl Into<String>) -> Link {
    Link {
        href: href.into(),
        label: label.into(),
    }
}

pub(super) fn state(input: &SiteInput<'_>) -> String {
    let n = input.played();
    let missing = input.missing(n).len();
    let status = status(missing, input.planned == Some(n));
    match input.planned {
        Some(total) => format!("after round {n} of {total} ({status})"),
        None => format!("after round {n} ({status})"),
    }
}

fn nav(input: &SiteInput<'_>) -> Vec<Link> {
    let n = input.played();
    let mut nav = vec![link("index.html", "Event"), link("players.html", "Players")];
    if n > 0 {
        nav.push(link(format!("pairings-r{n}.html"), "Pairings"));
        nav.push(link(format!("standings-r{n}.html"), "Standings"));
    }
    nav.push(link("crosstable.html", "Crosstable"));
    nav
}

/// What every page shares besides its body: the event, the state of the event, when the
/// page was made, and the navigation (empty on a page that stands alone, whose links would
/// point at files that do not exist beside it).
#[derive(Clone)]
pub(super) struct Frame<'a> {
    event: &'a EventInfo,
    state: String,
    missing: Vec<MissingGame>,
    generated: &'a str,
    nav: Vec<Link>,
}

impl<'a> Frame<'a> {
    /// A page of the site. Every page of the site shares it, so [`site_pages`](super::site::site_pages) makes it once
    /// and clones it: finding the games without a result looks through every game of every
    /// round, which for each of the thousands of player cards of a large open cost more than
    /// rendering the card.
    pub(super) fn site(input: &'a SiteInput<'_>) -> Frame<'a> {
        Frame {
            event: &input.event,
            state: state(input),
            missing: input.missing(input.played()),
            generated: &input.generated,
            nav: nav(input),
        }
    }

    /// A page written on its own (`standings --format html`, `crosstable --format html`),
    /// listing the games without a result that the page's table depends on.
    pub(super) fn alone(
        event: &'a EventInfo,
        state: String,
        missing: Vec<MissingGame>,
        generated: &'a str,
    ) -> Frame<'a> {
        Frame {
            event,
            state,
            missing,
            generated,
            nav: Vec::new(),
        }
    }
}

pub(super) fn render_page<T: Serialize>(
    tera: &Tera,
    template: &str,
    frame: Frame<'_>,
    title: String,
    body: T,
) -> Result<String, String> {
    let page = Page {
        title,
        event: frame.event,
        state: frame.state,
        missing: frame.missing,
        generated: frame.generated,
        nav: frame.nav,
        body,
    };
    let context = Context::from_serialize(&page).map_err(|e| error_chain(&e))?;
    tera.render(template, &context)
        .map_err(|e| format!("{template}: {}", error_chain(&e)))
}

pub(super) fn opt<T: ToString>(value: Option<T>) -> String {
    value.map_or(String::new(), |v| v.to_string())
}
