//! Writing generated files.

use std::io;
use std::path::Path;

/// Writes `contents` to `path` unless the file already holds exactly that, so an unchanged
/// table keeps its modification time and does not make Cargo recompile the including crate.
/// Returns whether the file was written.
pub fn write_if_changed(path: &Path, contents: &str) -> io::Result<bool> {
    match std::fs::read(path) {
        Ok(existing) if existing == contents.as_bytes() => Ok(false),
        Ok(_) => std::fs::write(path, contents).map(|()| true),
        Err(err) if err.kind() == io::ErrorKind::NotFound => std::fs::write(path, contents).map(|()| true),
        Err(err) => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_only_on_change() {
        let dir = std::env::temp_dir().join(format!("build-support-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.rs");
        let _ = std::fs::remove_file(&path);
        assert!(write_if_changed(&path, "a").unwrap());
        assert!(!write_if_changed(&path, "a").unwrap());
        assert!(write_if_changed(&path, "b").unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "b");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
