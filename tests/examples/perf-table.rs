//! Prints the `PERFORMANCE.md` table from the results the `layouts` benchmark left in
//! criterion's directory: nanoseconds per lookup for every implementation and load, its
//! tables' bytes, and each time's ratio to the fastest in its column.
//!
//! ```text
//! cargo run -p magic-tests --example perf-table -- [--median] [TARGET_DIR/criterion ...]
//! ```
//!
//! Given several directories (copies of `target/criterion` after each of several runs), each
//! cell is the best (smallest) of the runs' means, or with `--median` their median: on a noisy
//! virtual machine one run's means can differ by 25 % between two rows that run the same code,
//! and the best of several runs is what the code can do. A line under the table says of how
//! many runs (a warning if cells differ). The bytes are those of this build's layouts: for runs
//! of an older build (another default, other tables), read them from that build.
//!
//! Build it with the same `RUSTFLAGS` as the benchmark run it reads (for the native run,
//! `-C target-cpu=native`), so that its `pext` module, and so its bytes, are the ones measured.

use std::path::{Path, PathBuf};

use magic_tests::benchmark_positions;

const LOADS: [&str; 5] = ["independent-rook", "independent-bishop", "chain-rook", "chain-bishop", "movegen"];

/// (benchmark id, table bytes) of every implementation the benchmark may have run.
fn implementations() -> Vec<(&'static str, String)> {
    macro_rules! layout_bytes {
        ($(($module:ident, $name:literal)),* $(,)?) => {
            vec![$(($name, magic_tables::$module::TABLE_BYTES.to_string())),*]
        };
    }
    let mut rows = vec![("default", magic_tables::TABLE_BYTES.to_string())];
    rows.extend(magic_tables::for_each_layout!(layout_bytes));
    // This example's own build decides which pext module it sees: run it with the benchmark's
    // RUSTFLAGS, or the bytes are the fallback's, and say so.
    if !magic_tables::pext::ACTIVE {
        let pext = rows.iter_mut().find(|(name, _)| *name == "pext").expect("pext is a layout");
        pext.1 += " (fallback)";
    }
    // `auto`, as this CPU chooses and forced to its fallback: both ways' tables are linked.
    for name in ["auto-run", "auto-sliders", "auto-run-fallback", "auto-sliders-fallback"] {
        rows.push((name, magic_tables::auto::TABLE_BYTES.to_string()));
    }
    // The free functions are the default layout's lookups and link its tables alone.
    rows.push(("auto-free", magic_tables::TABLE_BYTES.to_string()));
    // Attack arrays only: 88,772, 87,988 and 107,648 slots of 8 bytes.
    rows.extend([
        ("shakmaty", "710,176+".into()),
        ("shakmaty-tableless", "2,048 (masks)".into()),
        ("cozy-chess", "703,904+".into()),
        ("cozy-chess-pext", "861,184+".into()),
    ]);
    rows
}

/// Mean time of one benchmark iteration in nanoseconds, if criterion recorded it.
fn mean_ns(dir: &Path, load: &str, id: &str) -> Option<f64> {
    let text = std::fs::read_to_string(dir.join(load).join(id).join("new/estimates.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["mean"]["point_estimate"].as_f64()
}

/// How several runs' means of one cell become one number.
#[derive(Clone, Copy)]
enum Statistic {
    /// The smallest mean.
    Best,
    /// The median mean (the mean of the two middle ones for an even count).
    Median,
}

impl Statistic {
    /// `values` summarised, or `None` if no run measured the cell.
    fn of(self, mut values: Vec<f64>) -> Option<f64> {
        if values.is_empty() {
            return None;
        }
        values.sort_by(f64::total_cmp);
        Some(match self {
            Statistic::Best => values[0],
            Statistic::Median => {
                let middle = values.len() / 2;
                if values.len() % 2 == 1 { values[middle] } else { (values[middle - 1] + values[middle]) / 2.0 }
            }
        })
    }
}

fn main() {
    let mut statistic = Statistic::Best;
    let mut dirs = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--median" => statistic = Statistic::Median,
            flag if flag.starts_with("--") => {
                eprintln!("error: unknown option `{flag}` (expected --median)");
                std::process::exit(2);
            }
            _ => dirs.push(PathBuf::from(arg)),
        }
    }
    if dirs.is_empty() {
        dirs.push(PathBuf::from("target/criterion"));
    }
    if let Some(missing) = dirs.iter().find(|dir| !dir.is_dir()) {
        eprintln!(
            "error: {} is not a directory: run the layouts benchmark first, or give criterion's output directories",
            missing.display()
        );
        std::process::exit(2);
    }
    let movegen: usize = benchmark_positions().iter().map(|p| p.rook_movers.len() + p.bishop_movers.len()).sum();
    let per_iteration = |load: &str| if load == "movegen" { movegen as f64 } else { 4096.0 };
    // How many runs measured each cell: a best of fewer runs is not comparable, so say so.
    let mut counts = std::collections::BTreeSet::new();
    let rows: Vec<(&str, String, Vec<Option<f64>>)> = implementations()
        .into_iter()
        .map(|(id, bytes)| {
            let times = LOADS
                .iter()
                .map(|load| {
                    let runs: Vec<f64> = dirs
                        .iter()
                        .filter_map(|dir| mean_ns(dir, load, id))
                        .map(|ns| ns / per_iteration(load))
                        .collect();
                    if !runs.is_empty() {
                        counts.insert(runs.len());
                    }
                    statistic.of(runs)
                })
                .collect();
            (id, bytes, times)
        })
        .filter(|(_, _, times): &(_, _, Vec<Option<f64>>)| times.iter().any(Option::is_some))
        .collect();
    if rows.is_empty() {
        let names: Vec<String> = dirs.iter().map(|dir| dir.display().to_string()).collect();
        eprintln!("error: no results under {}: run the layouts benchmark first", names.join(", "));
        std::process::exit(2);
    }
    let fastest: Vec<f64> =
        (0..LOADS.len()).map(|i| rows.iter().filter_map(|r| r.2[i]).fold(f64::INFINITY, f64::min)).collect();
    println!("| implementation | table bytes | {} |", LOADS.map(|l| format!("{l} ns (ratio)")).join(" | "));
    println!("|---|---:|{}", "---:|".repeat(LOADS.len()));
    for (id, bytes, times) in &rows {
        let cells: Vec<String> = times
            .iter()
            .zip(&fastest)
            .map(|(t, best)| t.map_or("–".into(), |t| format!("{t:.2} ({:.2})", t / best)))
            .collect();
        println!("| {id} | {bytes} | {} |", cells.join(" | "));
    }
    if dirs.len() > 1 {
        let what = match statistic {
            Statistic::Best => "best",
            Statistic::Median => "median",
        };
        let runs: Vec<String> = counts.iter().map(usize::to_string).collect();
        println!("\n{what} of {} runs per cell", runs.join(" or "));
        if counts.len() > 1 {
            eprintln!("warning: the cells were measured by different numbers of runs ({})", runs.join(", "));
        }
    }
}
