//! The application layer: one module per thing a director or publisher does with an event
//! (cargo's `ops/`, TaskChampion's `Replica`). Each use case takes a [`Store`] and typed
//! arguments, decides with the pure modules (`pairing`, `standings`, `trf`, `render`), saves
//! through the store, and returns typed results: the command line only parses, calls and
//! prints. Nothing here prints, and nothing here knows clap.
//!
//! [`Store`]: crate::store::Store

pub mod engine;
pub mod export;
pub mod game;
pub mod import;
pub mod new;
pub mod norms;
pub mod pages;
pub mod pair;
pub mod players;
pub mod publish;
pub mod rating;
pub mod ratings;
pub mod result;
pub mod round;
pub mod standings;

use std::fmt;

use crate::store::StoreError;

/// Why a use case could not do its job; nothing changed. The command line gives each kind its
/// exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventError {
    /// The database refused or failed.
    Store(StoreError),
    /// The request does not fit the event (a round that does not exist, a malformed value):
    /// the message says what was expected.
    Invalid {
        message: String,
        /// What the user can do next.
        hint: Option<String>,
    },
    /// The event's state does not allow it now (no players to pair, a round already paired).
    Refused {
        message: String,
        hint: Option<String>,
    },
    /// A file could not be read or written.
    Io(String),
}

impl EventError {
    pub fn invalid(message: impl Into<String>) -> EventError {
        EventError::Invalid {
            message: message.into(),
            hint: None,
        }
    }

    pub fn refused(message: impl Into<String>) -> EventError {
        EventError::Refused {
            message: message.into(),
            hint: None,
        }
    }

    /// The same error with a hint of what to do next (kept for `Invalid` and `Refused`).
    pub fn with_hint(self, hint: impl Into<String>) -> EventError {
        match self {
            EventError::Invalid { message, .. } => EventError::Invalid {
                message,
                hint: Some(hint.into()),
            },
            EventError::Refused { message, .. } => EventError::Refused {
                message,
                hint: Some(hint.into()),
            },
            other => other,
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Store(err) => err.fmt(f),
            EventError::Invalid { message, .. } | EventError::Refused { message, .. } => {
                f.write_str(message)
            }
            EventError::Io(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for EventError {}

impl From<StoreError> for EventError {
    fn from(err: StoreError) -> EventError {
        EventError::Store(err)
    }
}
