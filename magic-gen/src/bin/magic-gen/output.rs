//! Writing results: to standard output, or to a file that appears whole or not at all.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use magic_gen::files::{SearchResults, results_to_csv, results_to_json};
use magic_gen::search::check_bits;
use magic_gen::{Generated, ReferenceSet, SeedPlan, tables_from_magics};

use crate::cli::ResultFormat;
use crate::{Failure, Outcome};

/// The contents of `path` without a leading byte-order mark, or an error that names it (and, for
/// text that is not UTF-8, the line of the first bad byte).
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        Failure(format!("{}:{line}: not UTF-8 text (an invalid byte at column {column})", path.display()))
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// Writes `text` to `path`, or prints it when there is no path.
///
/// A regular file (new or existing) is written whole or not at all: through a temporary file in
/// its directory, renamed over it once complete, so an interrupted or failed run never leaves a
/// partial file. A symbolic link is followed, and the file it points to is replaced the same way,
/// so the link stays a link. Anything else that exists (a device such as `/dev/null`, a fifo) is
/// written directly: renaming over it would replace the device itself.
///
/// A new file gets the permissions the user's umask gives (`0o666` minus the umask, as a shell
/// redirection would); a replaced file keeps its permissions.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    let Some(path) = path else {
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(Failure::from);
    };
    let cannot_write = |e: std::io::Error| Failure(format!("cannot write {}: {e}", path.display()));
    let target = resolve_links(path).map_err(cannot_write)?;
    let existing = match std::fs::metadata(&target) {
        Ok(metadata) => Some(metadata),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(cannot_write(e)),
    };
    if let Some(metadata) = &existing
        && !metadata.is_file()
    {
        if metadata.is_dir() {
            return Err(Failure(format!("cannot write {}: it is a directory", path.display())));
        }
        let mut file = std::fs::OpenOptions::new().write(true).open(&target).map_err(cannot_write)?;
        return file.write_all(text.as_bytes()).and_then(|()| file.flush()).map_err(cannot_write);
    }
    replace_file(&target, text, existing.map(|m| m.permissions())).map_err(cannot_write)
}

/// `path` with every symbolic link along its last component followed (a dangling link gives the
/// path it points to, which is then created). Directories on the way are left to the system.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    // The limit the kernel uses for a path's links (MAXSYMLINKS), so that a loop is an error.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Writes `text` to a new file beside `target` and renames it over `target`. `permissions`, those
/// of the file replaced, are given to the new one; without them the file is created with mode
/// `0o666`, which the system reduces by the umask.
fn replace_file(target: &Path, text: &str, permissions: Option<std::fs::Permissions>) -> std::io::Result<()> {
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = target.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let (temp, mut file) = create_temp(dir, &name)?;
    let written = (|| {
        file.write_all(text.as_bytes())?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// A new file `.<name>.<pid>.<n>.tmp` in `dir`, created exclusively.
fn create_temp(dir: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
    let mut attempt = 0;
    loop {
        let temp = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
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

/// The fancy table of complete results, verified, or why there is none.
pub fn complete_table(results: &SearchResults, plan: SeedPlan) -> Result<Generated, TableError> {
    let references = ReferenceSet::new();
    let mut found = Vec::with_capacity(128);
    for occ in references.iter() {
        let result = results.squares.iter().find(|r| (r.slider, r.square) == (occ.slider, occ.square));
        match result.and_then(|r| r.found.map(|f| (r.bits, f))) {
            Some((bits, (magic, candidates))) => {
                check_bits(occ, bits).map_err(Failure::from)?;
                found.push(magic_gen::search::FoundMagic { magic, bits, candidates, drawn: candidates })
            }
            None => {
                return Err(TableError::Input(Failure(format!(
                    "a table needs a magic for all 128 squares; {} {} has none",
                    occ.slider, occ.square
                ))));
            }
        }
    }
    let found = found.try_into().expect("one per reference pair");
    tables_from_magics(&references, found, plan)
        .map_err(|e| TableError::NotVerified(format!("the magics do not verify, no table written: {e}")))
}

/// `results` in `format`.
pub fn render_results(results: &SearchResults, format: ResultFormat) -> Result<String, TableError> {
    Ok(match format {
        ResultFormat::Json => results_to_json(results),
        ResultFormat::Csv => results_to_csv(results),
        ResultFormat::Rust => magic_gen::emit::rust_source(&complete_table(results, SeedPlan::Master(results.seed))?),
        ResultFormat::C => magic_gen::emit::c_header(&complete_table(results, SeedPlan::Master(results.seed))?),
    })
}
