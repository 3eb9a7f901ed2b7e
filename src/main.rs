//! The `arbiter` binary: everything happens in [`arbiter::cli`].

fn main() -> std::process::ExitCode {
    arbiter::cli::main()
}
