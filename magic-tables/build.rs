//! Generates the attack tables of the default layout (black magics) and of every enabled
//! layout feature into `OUT_DIR`, one file per layout (`black.rs`, `fancy.rs`, `plain.rs`,
//! …): a loop over the layout registry (`magic_gen::layout::Layout`), whose entries say where
//! each layout's magics come from.
//!
//! It runs unoptimized in every dependent's build, so it does only cheap work: searches start
//! from tuned seeds whose first candidate is the magic (`magic_gen::seeds`), and the tables that
//! took this project's searches minutes or hours (the dense packings, the fewer-bit magics) come
//! as recipes (`magic-gen/recipes/*.recipe.csv`, compiled into `magic-gen`: a seed and each
//! magic's position in its square's candidate stream), from which every magic is re-derived by
//! seeking the stream (`magic_gen::shipped`, which `magic-gen emit` builds with too). Every table is checked
//! exhaustively against the slow reference before it is rendered and written (only if it
//! changed). Any failure stops the build with a message naming the layout, the file, the line
//! and the square.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use magic_gen::layout::Layout;
use magic_gen::reference::ReferenceSet;
use magic_gen::shipped::{DEFAULT_LAYOUT, Shipped};

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(magic_tables_pext)");
    println!("cargo::rustc-check-cfg=cfg(magic_tables_pext_tables)");
    println!("cargo::rustc-check-cfg=cfg(magic_tables_xiangqi_pext)");
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
    // The default layout is always built: the top-level functions use it. `auto` needs the pext
    // tables on every x86-64 target, whether or not it has BMI2: the CPU is asked at run time.
    let auto = feature("auto") && std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64");
    let enabled: Vec<Layout> = Layout::ALL
        .iter()
        .copied()
        .filter(|&layout| layout == DEFAULT_LAYOUT || feature(layout.name()) || (auto && layout == Layout::Pext))
        .collect();
    let references = ReferenceSet::new();
    let shipped = Shipped::new(&references, &enabled).map_err(|e| e.to_string())?;
    for layout in enabled {
        if layout == Layout::Pext {
            let native = feature("pext") && target_has_bmi2();
            if !native && !auto {
                // The module falls back to the default layout; nothing to generate.
                continue;
            }
            if native {
                println!("cargo::rustc-cfg=magic_tables_pext");
            }
            println!("cargo::rustc-cfg=magic_tables_pext_tables");
        }
        let file = shipped.build(layout).map_err(|e| e.to_string())?;
        write(&out_dir.join(layout.file_name()), &build_support::render(&file))?;
    }
    #[cfg(feature = "xiangqi")]
    write_xiangqi(&out_dir)?;
    #[cfg(feature = "xiangqi")]
    if feature("pext") && target_has_bmi2() {
        write_xiangqi_pext(&out_dir)?;
        println!("cargo::rustc-cfg=magic_tables_xiangqi_pext");
    }
    Ok(())
}

/// The xiangqi tables (`magic_gen::board::shipped`), verified, as `xiangqi.rs`: compiled only
/// with the feature, which is what turns `magic_gen::board` on.
#[cfg(feature = "xiangqi")]
fn write_xiangqi(out_dir: &Path) -> Result<(), String> {
    let file = magic_gen::board::shipped::xiangqi_file().map_err(|e| format!("xiangqi: {e}"))?;
    write(&out_dir.join("xiangqi.rs"), &build_support::render(&file))
}

/// The xiangqi tables in the `pext` layout, verified, as `xiangqi_pext.rs`: for
/// `magic_tables::xiangqi::pext` on a target with BMI2 (without it, that module falls back to
/// the split tables and needs no file).
#[cfg(feature = "xiangqi")]
fn write_xiangqi_pext(out_dir: &Path) -> Result<(), String> {
    let file = magic_gen::board::shipped::xiangqi_pext_file().map_err(|e| format!("xiangqi pext: {e}"))?;
    write(&out_dir.join("xiangqi_pext.rs"), &build_support::render(&file))
}

fn write(path: &Path, source: &str) -> Result<(), String> {
    build_support::write_if_changed(path, source).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}
