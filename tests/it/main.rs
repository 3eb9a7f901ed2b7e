//! The one integration-test binary (as in ripgrep): one link step, shared helpers in `util`.

// Shared helpers: fixture readers, running the binary, the seeded generator.
mod util;

// Perft over the fixture suite: the proof of the move generator.
mod perft;
// FEN read/write round trips and rejections on real fixtures.
mod fen;
// SAN read/write round trips over random legal games, and their automatic endings.
mod games;
// The FIDE 9.2.3 repetition key on the tricky cases.
mod repetition;
// The material test against the unwinnability test vector.
mod material;
// Readers never panic: property tests over random and mutated text.
mod robustness;
// The command line as a user runs it: output, exit codes, errors.
mod cli;
// Scoresheets and claims through `arbiter check` / `arbiter claim`, and the real samples.
mod scoresheets;
// Random games written in every language and notation style read back move for move.
mod notation_styles;
// The scoresheet reader and checker never panic and always say where: random and edited text.
mod scoresheet_robustness;
// The FIDE TRF reader and writer.
mod trf;
// The director's commands on a real database file.
mod director;
// The Dutch engine against the reference engine's pairings.
mod dutch;
// The Dutch engine against the reference engine on generated events with every feature.
mod oracle_cases;
// Big opens (300 to 2,500 players) against the reference engine.
mod big_events;
// Properties over generated events: absolute criteria always hold, pairing is deterministic.
mod pairing_properties;
// Round robins against the Berger tables.
mod berger;
// The random tournament generator: reports that read back, add up and repeat from a seed.
mod generate;
// `arbiter pair` on a real database: Swiss, manual, round robin, no pairing.
mod pair;
// Standings and tie-breaks against FIDE's golden values, the oracle's random events, properties.
mod standings;
// The published site and the crosstable: files, links, order, cells, escaping, grids.
mod publish;
// `arbiter demo`: the main job end to end.
mod demo;
// The demo's site in headless Chromium: rows, links, hostile names, nothing external.
mod browser;
// One test per bug found.
mod regression;
// The README's tour run as written, and what a director would check afterwards.
mod tour;
// Field repairs (issue 12): byes and their rounds, refused pairings, free rounds, forbid, remove.
mod rounds;
// Issue 12 (publishing): provisional pages, PGN tags from the event, help and text tables.
mod field_publish;
// Field repairs (issue 12): closed pipes, concurrent writers, CSV cells, links, limits, settings.
mod field_safety;
// Field repairs: corrections by when they are reported, published pairings, results as values.
mod field_corrections;
// Field repairs of the scoresheet checker and claims (issue 12): endings, bounds, recording faults, --before.
mod sheet_repairs;
// Review of issue 12's merge: one test per defect a director, an arbiter or an attacker found.
mod review;
// Standings of files from other programs (issue 13, items 7 and 8): no start date, TRF-2026 tie-break codes not computed.
mod real_standings;
// Acceleration in files from other programs (issue 13): 250 in every form, 192 Baku, XXA columns, partial generate.
mod acceleration;
// TRF files in the forms other programs write (issue 13): dates, titles, rounds in progress, team events.
mod real_forms;
// Files from the reference engine (issue 13): its random tournaments and its Baku file through pairing check.
mod reference_generated;
// Winnability (issue 15): the CHA and CHA-Solver test sets and our own oracle cases, both colours.
mod winnable;
// `arbiter winnable` (issue 15): FEN, file and stdin, text and JSON, helpmates replayed on a CHA sample.
mod winnable_cli;
// `arbiter rating`: the B.02 figures of an event, worked by hand.
mod rating;
// The FIDE rating list: import (TXT, XML, zip), register from it, check against it.
mod ratings;
// `arbiter norms`: a GM norm in a round robin, the result needed, the IT1 certificate.
mod norms;
