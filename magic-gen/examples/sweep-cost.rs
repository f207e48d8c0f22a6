//! Measures what a whole exhaustive sweep costs by sweeping a random sample of its shards on one
//! core: each sampled shard's CPU time, tests and nodes, then the mean per shard with its
//! standard error, scaled to all `N` shards (CPU-hours), and the tests per level scaled the
//! same way. The sample is `Shard::draw(N, SAMPLES, SEED)`, so a seed names it.
//!
//! ```text
//! cargo run --release -p magic-gen --example sweep-cost -- rook a1 11 black-from-top 16777216 64 1
//! cargo run --release -p magic-gen --example sweep-cost -- rook h1 11 white 4398046511104 200 1 2000000
//! ```
//!
//! `sweep-cost draw N SAMPLES SEED` prints the sample's shard indices alone, one a line.
//!
//! Arguments: `SLIDER SQUARE BITS COLOR N SAMPLES SEED [BUDGET]`, COLOR `white`, `black` or
//! `black-from-top`, `N` a shard count `magic-gen sweep --shard I/N` takes. A shard that needs
//! more than BUDGET nodes (default: no limit) is stopped and reported as censored: the estimate
//! then counts the nodes it searched until the budget as all it costs, a lower bound.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use magic_gen::search::exhaustive::{Color, ExhaustiveSearch, Shard, Status};
use magic_gen::{Slider, Square};

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_seconds;

fn usage(message: &str) -> ExitCode {
    eprintln!("{message}\nusage: sweep-cost SLIDER SQUARE BITS white|black|black-from-top N SAMPLES SEED [BUDGET]");
    ExitCode::from(2)
}

/// Mean and standard error of the mean.
fn mean_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `draw N SAMPLES SEED`: the sample's shard indices alone, one a line (to run them with
    // `magic-gen sweep --shard I/N`).
    if args.first().map(String::as_str) == Some("draw") {
        let numbers: Vec<u64> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
        let [count, samples, seed] = numbers[..] else { return usage("draw N SAMPLES SEED") };
        for shard in Shard::draw(count.max(1), samples, seed) {
            println!("{}", shard.index());
        }
        return ExitCode::SUCCESS;
    }
    if !(7..=8).contains(&args.len()) {
        return usage("expected 7 or 8 arguments");
    }
    let Ok(slider) = args[0].parse::<Slider>() else { return usage("bad slider") };
    let Ok(square) = args[1].parse::<Square>() else { return usage("bad square") };
    let Ok(bits) = args[2].parse::<u32>() else { return usage("bad bits") };
    let color = match args[3].as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        "black-from-top" => Color::BlackFromTop,
        _ => return usage("bad color"),
    };
    let (Ok(count), Ok(samples), Ok(seed)) = (args[4].parse::<u64>(), args[5].parse::<u64>(), args[6].parse::<u64>())
    else {
        return usage("N, SAMPLES and SEED are whole numbers");
    };
    let budget = match args.get(7).map(|b| b.parse::<u64>()) {
        None => None,
        Some(Ok(b)) => Some(b),
        Some(Err(_)) => return usage("bad budget"),
    };
    let search = match ExhaustiveSearch::with_color(slider, square, bits, color) {
        Ok(search) => search,
        Err(e) => return usage(&e.to_string()),
    };
    let Ok(first) = Shard::new(0, count) else { return usage("N must be at least 1") };
    if let Err(e) = search.check_shard(first) {
        return usage(&e.to_string());
    }
    println!(
        "# {slider} {square} {bits} bits {color:?}: {} first-field values, {count} shards, {samples} drawn with seed {seed}",
        search.first_field_values()
    );
    println!("shard,cpu_s,tests,nodes,magics,status");
    let never = AtomicBool::new(false);
    let (mut seconds, mut nodes, mut censored) = (Vec::new(), Vec::new(), 0);
    let mut level_tests = vec![0u64; search.start(first).level_tests.len()];
    for shard in Shard::draw(count, samples, seed) {
        let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
        let outcome = match search.run(shard, None, &never, budget) {
            Ok(outcome) => outcome,
            Err(e) => return usage(&e.to_string()),
        };
        let cpu = match (cpu0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => wall0.elapsed().as_secs_f64(),
        };
        let c = &outcome.cursor;
        let status = if outcome.status == Status::Complete { "complete" } else { "censored" };
        censored += usize::from(outcome.status != Status::Complete);
        println!("{},{cpu:.4},{},{},{},{status}", shard.index(), c.tests(), outcome.nodes_run, c.magics.len());
        for magic in &c.magics {
            println!("# MAGIC {magic:#018x} in shard {shard}");
        }
        seconds.push(cpu);
        nodes.push(outcome.nodes_run as f64);
        level_tests.iter_mut().zip(&c.level_tests).for_each(|(a, b)| *a += b);
    }
    let n = seconds.len() as f64;
    let (mean, se) = mean_se(&seconds);
    let (node_mean, node_se) = mean_se(&nodes);
    let scale = count as f64;
    let max = seconds.iter().copied().fold(0.0, f64::max);
    let zero = nodes.iter().filter(|&&v| v == 0.0).count();
    println!("# sampled {n} shards ({censored} censored at the budget, {zero} searched no node), max {max:.3} s");
    println!("# per shard: {mean:.4} +- {se:.4} CPU-s, {node_mean:.4e} +- {node_se:.3e} nodes");
    println!(
        "# whole sweep: {:.4e} +- {:.3e} CPU-hours ({:.3e} +- {:.2e} CPU-years), {:.4e} +- {:.3e} nodes",
        mean * scale / 3600.0,
        se * scale / 3600.0,
        mean * scale / 3600.0 / 8766.0,
        se * scale / 3600.0 / 8766.0,
        node_mean * scale,
        node_se * scale
    );
    let scaled: Vec<String> = level_tests.iter().map(|&t| format!("{:.3e}", t as f64 / n * scale)).collect();
    println!("# tests per level, scaled to the whole sweep (complete shards' counts): {}", scaled.join(" "));
    ExitCode::SUCCESS
}
