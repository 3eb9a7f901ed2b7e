//! `arbiter`: a chess tournament arbiter and scoring system, exact to the FIDE regulations.
//!
//! Modules in reading order, each depending only on those before it:
//! - [`chess`]: the rules engine (std only): positions, legal moves, FEN, SAN, UCI,
//!   repetition keys, game history and automatic endings.
//! - [`scoresheet`]: PGN and hand-written notation, read into moves and verified: illegal
//!   moves, automatic endings, results, notation remarks, draw-claim opportunities.
//! - [`tournament`]: the vocabulary of a tournament: players, every kind of round result,
//!   exact points.
//! - [`trf`]: the FIDE Tournament Report File, read with its checks and written.
//! - [`rating`]: the FIDE rating arithmetic (B.02) of one event: We, the change, Rp and an
//!   initial rating estimate, per edition; its tables serve the performance tie-breaks too.
//! - [`norms`]: title norms (B.01): every requirement with its article, met or not.
//! - [`pairing`]: the pairing engines (Dutch, Berger), pure functions.
//! - [`ratinglist`]: the FIDE rating list (TXT, XML, zip) read as a stream (std and the
//!   parser crates only).
//! - [`standings`]: standings and the FIDE tie-breaks (C.07), exact per edition.
//! - [`store`]: the tournament database (SQLite); no other module touches it.
//! - [`render`]: reports as text, JSON, CSV and HTML strings; it does not know the store.
//! - [`event`]: the application layer, one module per use case: the store and typed
//!   arguments in, typed results out.
//! - [`cli`]: the command line, the only module that prints: parse, call [`event`], print.

pub mod chess;
pub mod cli;
pub mod event;
pub mod norms;
pub mod pairing;
pub mod rating;
pub mod ratinglist;
pub mod render;
pub mod scoresheet;
pub mod standings;
pub mod store;
pub mod tournament;
pub mod trf;
