//! Generates the attack tables into `OUT_DIR/fancy_magics.rs`.
//!
//! It runs unoptimized in every dependent's build, so it does only cheap work: each of the
//! 128 searches starts from a tuned seed whose first candidate is its magic
//! (`magic_gen::seeds::TUNED_SEEDS`), then the table is built, verified exhaustively against
//! the slow reference, rendered and written only if it changed.

use std::path::PathBuf;
use std::process::ExitCode;

use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=build.rs");
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Cargo shows a failed build script's stderr under "--- stderr".
            eprintln!("error: magic-tables could not generate its tables: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let out_dir =
        PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set: run this build script through Cargo")?);
    let references = ReferenceSet::new();
    // The budget only applies to master seeds; tuned seeds must succeed within their own bound,
    // so a broken seed fails fast with the square's name instead of searching at length.
    let generated = generate_fancy(&references, SeedPlan::Tuned, 0).map_err(|e| e.to_string())?;
    let source = magic_gen::emit::rust_source(&generated);
    let path = out_dir.join(build_support::FANCY_FILE_NAME);
    build_support::write_if_changed(&path, &source).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}
