//! Unit tests of the Dutch engine.
