//! Writing results: to standard output, or to a file that appears whole or not at all.

use std::io::Write as _;
use std::path::Path;

use magic_gen::atomic_write::write_file;
use magic_gen::emit;
use magic_gen::files::{NoTable, SearchResults, results_to_csv, results_to_json};
use magic_gen::input::read_bounded;
use magic_gen::layouts::fancy;
use magic_gen::{Generated, Layout, ReferenceSet, SeedPlan};

use crate::cli::ResultFormat;
use crate::{Failure, Outcome};

/// The contents of `path` (`-`: standard input) without a leading byte-order mark, read by the
/// one bounded reader ([`magic_gen::input::read_bounded`]): an error names the file and, for
/// bytes that are not text, the line.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let name = path.display().to_string();
    let text = if path == Path::new("-") {
        read_bounded(std::io::stdin().lock(), &name)
    } else {
        let file = std::fs::File::open(path).map_err(|e| Failure(format!("cannot read {name}: {e}")))?;
        read_bounded(file, &name)
    };
    text.map_err(Failure)
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

/// Refuses an output that is one of the inputs (`(flag, path)`): the same file by identity
/// (device and inode, through links: a hard link or a symbolic link to it), or the same path
/// once links, `.` and `..` are resolved, which also catches a file neither exists yet (`-o
/// x.csv` against `--walk-cache ./x.csv`, which the run would write first). Writing it would
/// replace what the run reads, or has read, with another kind of file. Every command with an
/// output and file inputs calls this before any work.
pub fn check_not_input(output: Option<&Path>, inputs: &[(&str, &Path)]) -> Result<(), Failure> {
    let Some(output) = output.filter(|path| *path != Path::new("-")) else { return Ok(()) };
    let (written, written_at) = (identity(output), resolved(output));
    for &(flag, input) in inputs {
        let same_file = written.is_some() && identity(input) == written;
        let same_path = written_at.is_some() && resolved(input) == written_at;
        if input != Path::new("-") && (same_file || same_path) {
            return Err(Failure(format!(
                "the output {} is the input {flag} {}: write the output to another file",
                output.display(),
                input.display()
            )));
        }
    }
    Ok(())
}

/// Where `path` leads with every link, `.` and `..` resolved: the file, if it exists, else its
/// resolved directory and its name (a file yet to be written). `None` if its directory does not
/// exist either.
fn resolved(path: &Path) -> Option<std::path::PathBuf> {
    let target = magic_gen::atomic_write::resolve_links(path).ok()?;
    if let Ok(file) = std::fs::canonicalize(&target) {
        return Some(file);
    }
    let dir = magic_gen::atomic_write::directory_of(&target);
    Some(std::fs::canonicalize(dir).ok()?.join(target.file_name()?))
}

/// The device and inode of the file `path` names (following links), if it exists.
fn identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(path).ok().map(|p| {
            let mut hash = build_support::checksum::Fnv1a64::new();
            hash.write_bytes(p.to_string_lossy().as_bytes());
            (0, hash.finish())
        })
    }
}

/// [`check_writable`] for a command that writes its output again and again (checkpoints):
/// it must be a regular file or not exist yet. A fifo would block the second write for ever
/// once its reader has gone, and a device would receive every checkpoint.
pub fn check_checkpoint_file(path: &Path) -> Result<(), Failure> {
    check_writable(Some(path))?;
    if path == Path::new("-") {
        return Err(Failure("this command writes its file again at every checkpoint: give a file, not `-`".to_owned()));
    }
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(Failure(format!(
            "{}: not a regular file; this command writes its file again at every checkpoint, so give a regular file",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Whether a new file can be made in `target`'s directory, where the whole-or-nothing write puts
/// its temporary file.
fn writable_dir(target: &Path) -> std::io::Result<()> {
    let dir = magic_gen::atomic_write::directory_of(target);
    let metadata = std::fs::metadata(dir)?;
    if !metadata.is_dir() {
        return Err(std::io::Error::other("its directory is not a directory"));
    }
    // Ask the system: a probe file of a name no other file has, created and removed at once.
    magic_gen::atomic_write::probe_dir(dir)
}

/// Writes `text` to `path` whole or not at all ([`magic_gen::atomic_write`]), or prints it when
/// there is no path or it is `-`.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    let Some(path) = path.filter(|path| *path != Path::new("-")) else {
        let cannot = |e: std::io::Error| Failure(format!("cannot write to standard output: {e}"));
        if stdout_closed() {
            return Err(Failure("cannot write to standard output: it is closed".to_owned()));
        }
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(cannot);
    };
    write_file(path, text.as_bytes()).map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))
}

/// Whether standard output was closed when the process started (`magic-gen … >&-`). The Rust
/// runtime then puts `/dev/null`, opened for reading and writing, on the descriptor, so what is
/// written vanishes and the run would end with success and nothing written. A shell's
/// `>/dev/null` opens it for writing only, which stays allowed.
fn stdout_closed() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        // SAFETY: fstat and F_GETFL only read the descriptor's state into a local buffer.
        let (stat, flags) = unsafe {
            let mut stat: libc::stat = std::mem::zeroed();
            (
                (libc::fstat(libc::STDOUT_FILENO, &mut stat) == 0).then_some(stat),
                libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL),
            )
        };
        let Some(stat) = stat else { return true };
        let null = std::fs::metadata("/dev/null").map(|m| m.rdev()).ok();
        (stat.st_mode & libc::S_IFMT) == libc::S_IFCHR
            && Some(stat.st_rdev) == null
            && flags != -1
            && (flags & libc::O_ACCMODE) == libc::O_RDWR
    }
    #[cfg(not(unix))]
    {
        false
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
                note!("{message}");
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
            emit::rust_source(Layout::Fancy, &file, None)
        }
        ResultFormat::C => {
            let file = fancy::file(&complete_table(results, SeedPlan::Master(results.seed))?);
            emit::c_source(Layout::Fancy, &file, None, "magic").expect("a fancy layout file and a valid prefix")
        }
    })
}
