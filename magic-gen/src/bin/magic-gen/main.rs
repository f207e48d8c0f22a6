//! `magic-gen`: find, verify and export magic bitboard multipliers.
//!
//! Exit codes: 0 success; 1 the work was done but its answer is "no" (a magic not found within
//! the budget, a table that does not verify, a file with no magic to verify); 2 bad input
//! (arguments, files) or an I/O error; 130 and 143 stopped by SIGINT and SIGTERM after writing
//! what was found (search) or the checkpoint (pack).

mod cli;
mod emit_cmd;
mod interrupt;
mod merge_cmd;
mod output;
mod pack_cmd;
mod rederive;
mod search_cmd;
mod show_cmd;
mod span_cmd;
mod stats_cmd;
mod sweep_cmd;
mod verify_cmd;
mod walk_cmd;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

/// The outcome of a subcommand that ran to the end.
pub enum Outcome {
    /// Everything asked for was done and is valid.
    Success,
    /// Done, but the answer is negative (reported on stderr already).
    Negative,
    /// Stopped by a signal after writing what it had: exit with this code (130, 143).
    Stopped(u8),
}

/// An error that stops a subcommand: bad input or I/O. Printed as one line.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
}

fn main() -> ExitCode {
    interrupt::default_sigpipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Search(args) => search_cmd::run(args),
        Command::Verify(args) => verify_cmd::run(args),
        Command::Stats(args) => stats_cmd::run(args),
        Command::Show(args) => show_cmd::run(args),
        Command::Emit(args) => emit_cmd::run(args),
        Command::Merge(args) => merge_cmd::run(args),
        Command::Pack(args) => pack_cmd::run(*args),
        Command::Sweep(args) => sweep_cmd::run(args),
        Command::Walk(args) => walk_cmd::run(args),
        Command::Span(args) => span_cmd::run(args),
    };
    match result {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Negative) => ExitCode::from(1),
        Ok(Outcome::Stopped(code)) => ExitCode::from(code),
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
