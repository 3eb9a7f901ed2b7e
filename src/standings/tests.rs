//! Unit tests: hand-made events.
