//! Writing results: to standard output, or to a file that appears whole or not at all.

use std::io::Write as _;
use std::path::Path;

use magic_gen::atomic_write::write_file;
use magic_gen::emit;
use magic_gen::files::{NoTable, SearchResults, results_to_csv, results_to_json};
use magic_gen::layouts::fancy;
use magic_gen::text::strip_bom;
use magic_gen::{Generated, Layout, ReferenceSet, SeedPlan};

use crate::cli::ResultFormat;
use crate::{Failure, Outcome};

/// The contents of `path` without a leading byte-order mark, or an error that names it (and, for
/// text that is not UTF-8, the line of the first bad byte).
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let cannot_read = |e: std::io::Error| Failure(format!("cannot read {}: {e}", path.display()));
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes).map_err(cannot_read)?;
        bytes
    } else {
        std::fs::read(path).map_err(cannot_read)?
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        Failure(format!("{}:{line}: not UTF-8 text (an invalid byte at column {column})", path.display()))
    })?;
    Ok(strip_bom(&text).to_owned())
}

/// Checks, before any work, that `path` can be written: an existing file must be a writable
/// regular file (or a device or fifo, written in place later), a new one needs a writable
/// directory. Nothing is created or changed.
pub fn check_writable(path: Option<&Path>) -> Result<(), Failure> {
    let Some(path) = path.filter(|path| *path != Path::new("-")) else { return Ok(()) };
    let cannot = |e: std::io::Error| Failure(format!("cannot write {}: {e}", path.display()));
    let target = magic_gen::atomic_write::resolve_links(path).map_err(cannot)?;
    match std::fs::metadata(&target) {
        Ok(metadata) if metadata.is_dir() => {
            Err(Failure(format!("cannot write {}: it is a directory", path.display())))
        }
        Ok(metadata) if metadata.is_file() => {
            // Opening to write without truncating changes nothing.
            std::fs::OpenOptions::new().write(true).open(&target).map(drop).map_err(cannot)?;
            writable_dir(&target).map_err(cannot)
        }
        // A device or fifo: opening it could block or have effects; it is written in place.
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => writable_dir(&target).map_err(cannot),
        Err(e) => Err(cannot(e)),
    }
}

/// Whether a new file can be made in `target`'s directory, where the whole-or-nothing write puts
/// its temporary file.
fn writable_dir(target: &Path) -> std::io::Result<()> {
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let metadata = std::fs::metadata(dir)?;
    if !metadata.is_dir() {
        return Err(std::io::Error::other("its directory is not a directory"));
    }
    // Ask the system: a probe file, created exclusively and removed at once.
    let probe = dir.join(format!(".magic-gen-probe.{}", std::process::id()));
    std::fs::OpenOptions::new().write(true).create_new(true).open(&probe)?;
    std::fs::remove_file(&probe)
}

/// Writes `text` to `path` whole or not at all ([`magic_gen::atomic_write`]), or prints it when
/// there is no path or it is `-`.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    let Some(path) = path.filter(|path| *path != Path::new("-")) else {
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(Failure::from);
    };
    write_file(path, text.as_bytes()).map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))
}

/// Why a results file gives no table.
pub enum TableError {
    /// The input cannot describe a table (a square without a magic, bits out of range): exit 2.
    Input(Failure),
    /// The magics were checked and do not make a valid table: a negative result, exit 1.
    NotVerified(String),
}

impl From<Failure> for TableError {
    fn from(failure: Failure) -> Self {
        TableError::Input(failure)
    }
}

impl TableError {
    /// The subcommand's end: bad input is an error, a table that does not verify is reported on
    /// stderr and ends the run with a negative outcome.
    pub fn into_outcome(self) -> Result<Outcome, Failure> {
        match self {
            TableError::Input(failure) => Err(failure),
            TableError::NotVerified(message) => {
                eprintln!("{message}");
                Ok(Outcome::Negative)
            }
        }
    }
}

/// The fancy table of complete results, verified ([`SearchResults::table`]), or why there is
/// none.
pub fn complete_table(results: &SearchResults, plan: SeedPlan) -> Result<Generated, TableError> {
    results.table(&ReferenceSet::new(), plan).map_err(|e| match e {
        NoTable::Incomplete(message) => TableError::Input(Failure(message)),
        NoTable::NotVerified(e) => TableError::NotVerified(format!("the magics do not verify, no table written: {e}")),
    })
}

/// `results` in `format`.
pub fn render_results(results: &SearchResults, format: ResultFormat) -> Result<String, TableError> {
    Ok(match format {
        ResultFormat::Json => results_to_json(results),
        ResultFormat::Csv => results_to_csv(results),
        ResultFormat::Rust => {
            let file = fancy::file(&complete_table(results, SeedPlan::Master(results.seed))?);
            emit::rust_source(Layout::Fancy, &file)
        }
        ResultFormat::C => {
            let file = fancy::file(&complete_table(results, SeedPlan::Master(results.seed))?);
            emit::c_source(Layout::Fancy, &file, "magic").expect("a fancy layout file and a valid prefix")
        }
    })
}
