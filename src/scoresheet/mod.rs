//! Scoresheets: PGN files and hand-typed movetext, read into moves in any notation a
//! scoresheet may legally use, and verified on the rules engine.
//!
//! The layers: [`text`] decodes bytes (UTF-8 or Windows-1252, any line ends); [`pgn`] splits
//! the text into games and tokens with line and column; [`notation`] reads one move token
//! without knowing the language yet; [`verify`] decides the language once per game, replays
//! the moves and writes the [`verify::Report`]. Nothing here prints or fails: unreadable text
//! becomes a finding.

pub mod notation;
pub mod pgn;
pub mod text;
pub mod verify;

#[cfg(test)]
mod pgn_tests;
#[cfg(test)]
mod tests;
