//! Output for people and programs: view structs built from the library's results, turned
//! into text, JSON or (later) HTML strings. Nothing here prints or touches files.

pub mod cells;
pub mod event;
pub mod scoresheet;
pub mod site;
pub mod standings;
