//! Standard output and standard error for every command.
//!
//! The `println!`, `print!`, `eprintln!` and `eprint!` macros of this module shadow the standard
//! ones for all of `src/cli` (they are declared before the command modules), so every command
//! prints through here without knowing it. The standard macros panic when a write fails; a
//! reader that goes away early (`arbiter player list | head -1`) closes the pipe, and a panic
//! then would end the command half done, with its transaction rolled back. Here a closed pipe
//! only stops the output: the command runs to its end, commits what it came to write, and the
//! program ends quietly, as other Unix tools do. Any other write error (a full disk behind a
//! redirection) also stops the output, and [`finish`] reports it so that no one mistakes a cut
//! listing for a whole one.

use std::fmt;
use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write to standard output has failed: nothing more is written.
static STOPPED: AtomicBool = AtomicBool::new(false);

/// The first write error that was not a closed pipe, for [`finish`] to report.
static ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Writes to standard output unless an earlier write failed.
pub fn print(args: fmt::Arguments<'_>) {
    if STOPPED.load(Ordering::Relaxed) {
        return;
    }
    if let Err(err) = io::stdout().lock().write_fmt(args) {
        stop(err);
    }
}

/// Writes to standard error; a closed standard error is no reason to stop a command.
pub fn eprint(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}

fn stop(err: io::Error) {
    STOPPED.store(true, Ordering::Relaxed);
    if err.kind() != io::ErrorKind::BrokenPipe
        && let Ok(mut first) = ERROR.lock()
    {
        first.get_or_insert_with(|| err.to_string());
    }
}

/// Sends what was printed so far on its way, for a command that streams its answers one at a
/// time: a reader at the other end of a pipe sees each as soon as it is decided.
pub fn flush() {
    if STOPPED.load(Ordering::Relaxed) {
        return;
    }
    if let Err(err) = io::stdout().lock().flush() {
        stop(err);
    }
}

/// Whether output has stopped (the reader went away, or a write failed): a command that only
/// answers questions may then end early, as there is no one left to answer.
pub fn stopped() -> bool {
    STOPPED.load(Ordering::Relaxed)
}

/// Flushes standard output at the end of a command: `Err` with the message when output was
/// lost for any reason but a reader that went away.
pub fn finish() -> Result<(), String> {
    if !STOPPED.load(Ordering::Relaxed)
        && let Err(err) = io::stdout().lock().flush()
    {
        stop(err);
    }
    match ERROR.lock().ok().and_then(|mut first| first.take()) {
        Some(err) => Err(format!("cannot write to standard output: {err}")),
        None => Ok(()),
    }
}

macro_rules! println {
    () => {
        $crate::cli::output::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

macro_rules! print {
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!($($arg)*))
    };
}

macro_rules! eprintln {
    () => {
        $crate::cli::output::eprint(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::eprint(format_args!("{}\n", format_args!($($arg)*)))
    };
}

macro_rules! eprint {
    ($($arg:tt)*) => {
        $crate::cli::output::eprint(format_args!($($arg)*))
    };
}
