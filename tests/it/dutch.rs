//! The Dutch engine against the reference pairings (fixtures/pairing).
