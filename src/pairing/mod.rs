//! Pairing engines: pure functions from a tournament's history to the next round's boards.
//!
//! - [`dutch`]: the FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.
//! - [`berger`]: round robins by the Berger tables of C.05 Annex 1.

pub mod berger;
pub mod dutch;
pub mod generate;
