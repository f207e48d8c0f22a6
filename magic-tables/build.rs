//! Generates the attack tables of the default layout (black magics) and of every enabled
//! layout feature into `OUT_DIR`, one file per layout (`black.rs`, `fancy.rs`, `plain.rs`,
//! …): a loop over the layout registry (`magic_gen::layout::Layout`), whose entries say where
//! each layout's magics come from.
//!
//! It runs unoptimized in every dependent's build, so it does only cheap work: searches start
//! from tuned seeds whose first candidate is the magic (`magic_gen::seeds`), and the tables that
//! took this project's searches minutes or hours (the dense packings, the fewer-bit magics) come
//! as recipes (`data/*.recipe.csv`: a seed and each magic's position in its square's candidate
//! stream), from which every magic is re-derived by seeking the stream. Every table is checked
//! exhaustively against the slow reference before it is rendered and written (only if it
//! changed). Any failure stops the build with a message naming the layout, the file, the line
//! and the square.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use magic_gen::layout::Layout;
use magic_gen::layouts::{self, Inputs};
use magic_gen::reference::ReferenceSet;
use magic_gen::{SeedPlan, generate_fancy};

/// The layout behind the crate's top-level functions (see the README for why).
const DEFAULT_LAYOUT: Layout = Layout::Black;

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=data");
    println!("cargo::rustc-check-cfg=cfg(magic_tables_pext)");
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Cargo shows a failed build script's stderr under "--- stderr".
            eprintln!("error: magic-tables could not generate its tables: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether the cargo feature `name` is enabled.
fn feature(name: &str) -> bool {
    std::env::var_os(format!("CARGO_FEATURE_{}", name.to_uppercase().replace('-', "_"))).is_some()
}

/// Whether the target (not the host running this script) has BMI2: Cargo passes the target's
/// features to build scripts in `CARGO_CFG_TARGET_FEATURE`.
fn target_has_bmi2() -> bool {
    std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64")
        && std::env::var("CARGO_CFG_TARGET_FEATURE").is_ok_and(|features| features.split(',').any(|f| f == "bmi2"))
}

fn run() -> Result<(), String> {
    let out_dir =
        PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set: run this build script through Cargo")?);
    let data_dir =
        PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").ok_or("CARGO_MANIFEST_DIR is not set")?).join("data");
    // The default layout is always built: the top-level functions use it.
    let enabled: Vec<Layout> =
        Layout::ALL.iter().copied().filter(|&layout| layout == DEFAULT_LAYOUT || feature(layout.name())).collect();
    let references = ReferenceSet::new();
    // The tuned search's fancy magics, once for every layout that reuses them. Tuned seeds find
    // their magic within their own bound, so a broken seed fails fast with the square's name.
    let tuned = if enabled.iter().any(|layout| layout.source().needs_tuned_search()) {
        Some(generate_fancy(&references, SeedPlan::Tuned, 0).map_err(|e| e.to_string())?)
    } else {
        None
    };
    for layout in enabled {
        if layout == Layout::Pext {
            if !target_has_bmi2() {
                // The module falls back to the default layout; nothing to generate.
                continue;
            }
            println!("cargo::rustc-cfg=magic_tables_pext");
        }
        let recipe = match layout.source().recipe_file() {
            Some(file) => {
                let path = data_dir.join(file);
                let text =
                    std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Some((format!("data/{file}"), text))
            }
            None => None,
        };
        let inputs = Inputs {
            tuned: tuned.as_ref(),
            recipe: recipe.as_ref().map(|(name, text)| (name.as_str(), text.as_str())),
        };
        let file = layouts::build(layout, &references, inputs).map_err(|e| e.to_string())?;
        write(&out_dir.join(layout.file_name()), &file.render())?;
    }
    Ok(())
}

fn write(path: &Path, source: &str) -> Result<(), String> {
    build_support::write_if_changed(path, source).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}
