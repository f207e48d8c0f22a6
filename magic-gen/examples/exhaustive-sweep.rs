//! Sweeps one (slider, square, bits) exhaustively, or one shard of it, on one core, and prints
//! every magic found (hex), the tests and nodes counted (per level too) and the CPU time:
//!
//! ```text
//! cargo run --release -p magic-gen --example exhaustive-sweep -- rook g7 9
//! cargo run --release -p magic-gen --example exhaustive-sweep -- rook g7 9 5/2048
//! cargo run --release -p magic-gen --example exhaustive-sweep -- bishop d8 4 --black
//! ```
//!
//! `I/N` is shard `I` of `N` (contiguous ranges of the first field); the magics of all `N`
//! shards together are the whole sweep's. White magics are printed below the period.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use magic_gen::search::exhaustive::{Color, ExhaustiveSearch, Shard, Status};
use magic_gen::{Slider, Square};

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_seconds;

fn usage(message: &str) -> ExitCode {
    eprintln!("{message}\nusage: exhaustive-sweep SLIDER SQUARE BITS [I/N] [--black]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let color = match args.iter().position(|a| a == "--black") {
        Some(i) => {
            args.remove(i);
            Color::Black
        }
        None => Color::White,
    };
    if !(3..=4).contains(&args.len()) {
        return usage("expected 3 or 4 arguments");
    }
    let Ok(slider) = args[0].parse::<Slider>() else { return usage("bad slider") };
    let Ok(square) = args[1].parse::<Square>() else { return usage("bad square") };
    let Ok(bits) = args[2].parse::<u32>() else { return usage("bad bits") };
    let shard = match args.get(3).map(|s| s.parse::<Shard>()) {
        None => Shard::WHOLE,
        Some(Ok(shard)) => shard,
        Some(Err(e)) => return usage(&e),
    };
    let search = match ExhaustiveSearch::with_color(slider, square, bits, color) {
        Ok(search) => search,
        Err(e) => return usage(&e.to_string()),
    };
    let range = search.shard_range(shard);
    println!(
        "# {slider} {square} {bits} bits {color:?}: mask {:#x}, period 2^{}, field widths {:?}, shard {shard}: first-field values {}..{} of {}",
        search.mask(),
        search.period_bits(),
        search.field_widths(),
        range.start,
        range.end,
        search.first_field_values()
    );
    let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
    let never = AtomicBool::new(false);
    let outcome = match search.run(shard, None, &never, None) {
        Ok(outcome) => outcome,
        Err(e) => return usage(&e.to_string()),
    };
    let wall = wall0.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    assert_eq!(outcome.status, Status::Complete);
    let cursor = outcome.cursor;
    for magic in &cursor.magics {
        println!("{magic:#018x}");
    }
    let tests = cursor.tests();
    println!("# magics {}", cursor.magics.len());
    println!("# tests per level {:?}", cursor.level_tests);
    println!("# tests {tests} nodes {}", cursor.nodes);
    println!(
        "# cpu {cpu:.3} s (wall {wall:.3} s), {:.4e} tests/s, {:.4e} nodes/s",
        tests as f64 / cpu,
        cursor.nodes as f64 / cpu
    );
    ExitCode::SUCCESS
}
