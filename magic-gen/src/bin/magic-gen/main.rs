//! `magic-gen`: find, verify and export magic bitboard multipliers.
//!
//! Exit codes: 0 success; 1 the work was done but its answer is "no" (a magic not found within
//! the budget, a table that does not verify, a file with no magic to verify); 2 bad input
//! (arguments, files) or an I/O error; 130 and 143 stopped by SIGINT and SIGTERM after writing
//! what was found (search) or the checkpoint (pack).

/// `writeln!` into a report `String` (which cannot fail); the report is written with
/// [`output::write_text`], which turns a failed write into an error instead of a panic.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

/// A progress or information line on standard error. A standard error that cannot be written
/// (closed, a full disk) loses the line instead of ending the run with a panic.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

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

use clap::FromArgMatches;

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

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

/// `--threads N` of every command that takes it: 1 to [`MAX_THREADS`], checked before any work.
pub fn check_threads(threads: Option<usize>) -> Result<(), Failure> {
    match threads.filter(|threads| !(1..=MAX_THREADS).contains(threads)) {
        Some(threads) => Err(Failure(format!("--threads {threads} is out of range: 1 to {MAX_THREADS}"))),
        None => Ok(()),
    }
}

/// The worker threads of `--threads N` (all cores when `None`).
pub fn worker_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure(format!("cannot start worker threads: {e}")))
}

fn main() -> ExitCode {
    interrupt::default_sigpipe();
    let parsed = cli::command().try_get_matches().and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            note!("{}", argument_error(&error));
            return ExitCode::from(2);
        }
    };
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
            note!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// A command-line error as one `error:` line: a value our parser refused is named with its
/// flag and our reason (which quotes the value cut and without control characters); clap's
/// own messages lose their usage lines, their line breaks, and long words.
fn argument_error(error: &clap::Error) -> String {
    use clap::error::{ContextKind, ErrorKind};
    let validation = error.kind() == ErrorKind::ValueValidation;
    let context = (error.get(ContextKind::InvalidArg), std::error::Error::source(error));
    if let (true, (Some(arg), Some(why))) = (validation, context) {
        let value = error.get(ContextKind::InvalidValue).map(|v| v.to_string()).unwrap_or_default();
        let value = magic_gen::text::quote_prefix(&value.replace(|c: char| c.is_control(), "?"));
        return format!(
            "error: invalid value '{value}' for '{arg}': {}",
            why.to_string().replace(|c: char| c.is_control(), "?")
        );
    }
    let rendered = error.render().to_string();
    let message = rendered.split("\n\nUsage:").next().unwrap_or_default();
    let message = message.split("\n\nFor more information").next().unwrap_or_default();
    let words: Vec<&str> = message.split_whitespace().collect();
    let line = cut_long_words(&words.join(" ")).replace(|c: char| c.is_control(), "?");
    if line.starts_with("error:") { line } else { format!("error: {line}") }
}

/// `text` with every word (run of non-blanks) longer than 64 characters cut to its first 24
/// and `…`: how an error message quotes a pasted blob without printing all of it.
fn cut_long_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().count() > 64 {
            out.push_str(&magic_gen::text::quote_prefix(word));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}
