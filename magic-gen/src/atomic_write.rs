//! The one way this crate writes a file: whole or not at all.
//!
//! A regular file (new or existing) is written through a temporary file in its directory,
//! renamed over it once complete and synced, so an interrupted or failed run never leaves a
//! partial file, and a reader never sees one. A symbolic link is followed, and the file it
//! points to is replaced the same way, so the link stays a link. Anything else that exists (a
//! device such as `/dev/null`, a fifo) is written directly: renaming over it would replace the
//! device itself. A directory is an error.
//!
//! A new file gets the permissions the user's umask gives (`0o666` minus the umask, as a shell
//! redirection would); a replaced file keeps its permissions. The temporary file has a name of
//! its own (`.<name>.<pid>.<n>.tmp`, created exclusively), so no other file is ever clobbered.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` as the module documentation says.
pub fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = resolve_links(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(metadata) => Some(metadata),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Some(metadata) = existing.as_ref().filter(|metadata| !metadata.is_file()) {
        if metadata.is_dir() {
            return Err(std::io::Error::other("it is a directory"));
        }
        let mut file = std::fs::OpenOptions::new().write(true).open(&target)?;
        return file.write_all(bytes).and_then(|()| file.flush());
    }
    replace_file(&target, bytes, existing.map(|m| m.permissions()))
}

/// `path` with every symbolic link along its last component followed (a dangling link gives the
/// path it points to, which is then created). Directories on the way are left to the system.
pub fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
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

/// Writes `bytes` to a new file beside `target` and renames it over `target`. `permissions`,
/// those of the file replaced, are given to the new one; without them the file is created with
/// mode `0o666`, which the system reduces by the umask.
fn replace_file(target: &Path, bytes: &[u8], permissions: Option<std::fs::Permissions>) -> std::io::Result<()> {
    let dir = directory_of(target);
    let name = target.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let (temp, mut file) = create_temp(dir, &name)?;
    let written = (|| {
        file.write_all(bytes)?;
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

/// The directory `path` is in: its parent, or `.` for a bare file name.
pub fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Whether a new file can be made in `dir`: one of a name no file has yet (as the whole-or-nothing
/// write makes), created and removed at once. A file left by another run is never in the way.
pub fn probe_dir(dir: &Path) -> std::io::Result<()> {
    let (probe, file) = create_temp(dir, "magic-gen-probe")?;
    drop(file);
    std::fs::remove_file(probe)
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
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 1000 => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_files_and_follows_links() {
        let dir = std::env::temp_dir().join(format!("magic-gen-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out.txt");
        write_file(&file, b"one").unwrap();
        write_file(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        // A stray file of the old temporary name is left alone.
        std::fs::write(dir.join("out.txt.tmp"), b"stray").unwrap();
        #[cfg(unix)]
        {
            let link = dir.join("link.txt");
            std::os::unix::fs::symlink("out.txt", &link).unwrap();
            write_file(&link, b"three").unwrap();
            assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
            assert_eq!(std::fs::read(&file).unwrap(), b"three");
        }
        assert_eq!(std::fs::read(dir.join("out.txt.tmp")).unwrap(), b"stray");
        assert!(write_file(&dir, b"x").is_err());
        // Stale probe and temporary files of this very process id are never in the way.
        let pid = std::process::id();
        let stale = [
            format!(".magic-gen-probe.{pid}.0.tmp"),
            format!(".magic-gen-probe.{pid}.1.tmp"),
            format!(".out.txt.{pid}.0.tmp"),
        ];
        for name in &stale {
            std::fs::write(dir.join(name), b"stale").unwrap();
        }
        probe_dir(&dir).unwrap();
        write_file(&file, b"four").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"four");
        for name in &stale {
            std::fs::remove_file(dir.join(name)).unwrap();
        }
        let leftovers = std::fs::read_dir(&dir).unwrap().filter(|e| {
            e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".tmp")
                && e.as_ref().unwrap().file_name() != "out.txt.tmp"
        });
        assert_eq!(leftovers.count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
