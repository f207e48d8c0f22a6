//! `magic-gen search`: seeded, deterministic magic search over many squares at once.

use std::io::IsTerminal as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use magic_gen::files::{SearchResults, SquareResult};
use magic_gen::geometry::Occupancies;
use magic_gen::search::{Budget, SearchError, check_bits, search_magic};
use magic_gen::{ReferenceSet, Slider, Square};
use rayon::prelude::*;

use crate::cli::{ResultFormat, SearchArgs};
use crate::output::{render_results, write_text};
use crate::{Failure, Outcome};

/// The (slider, square) pairs selected by `--slider` and `--square`, in stream order.
pub fn selected_pairs(sliders: &[Slider], squares: &[Square]) -> Vec<(Slider, Square)> {
    let sliders: Vec<Slider> = if sliders.is_empty() { Slider::ALL.to_vec() } else { sliders.to_vec() };
    let squares: Vec<Square> = if squares.is_empty() { Square::ALL.to_vec() } else { squares.to_vec() };
    let mut pairs: Vec<(Slider, Square)> =
        sliders.iter().flat_map(|&sl| squares.iter().map(move |&sq| (sl, sq))).collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The index bits asked for on `occ`, checked against what is possible there.
fn requested_bits(args: &SearchArgs, occ: &Occupancies) -> Result<u32, Failure> {
    let bits = match args.bits {
        Some(bits) => bits,
        None => occ.mask_bits().checked_sub(args.bits_below).ok_or_else(|| {
            Failure(format!(
                "{} {}: --bits-below {} is more than its {} mask bits",
                occ.slider,
                occ.square,
                args.bits_below,
                occ.mask_bits()
            ))
        })?,
    };
    check_bits(occ, bits)?;
    Ok(bits)
}

pub fn run(args: SearchArgs) -> Result<Outcome, Failure> {
    if args.time.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err(Failure("--time must be a positive number of seconds".to_owned()));
    }
    if args.threads == Some(0) {
        return Err(Failure("--threads must be at least 1".to_owned()));
    }
    let references = ReferenceSet::new();
    let jobs: Vec<(&Occupancies, u32)> = selected_pairs(&args.slider, &args.square)
        .into_iter()
        .map(|(slider, square)| {
            let occ = references.get(slider, square);
            requested_bits(&args, occ).map(|bits| (occ, bits))
        })
        .collect::<Result<_, _>>()?;
    if matches!(args.format, ResultFormat::Rust | ResultFormat::C) && jobs.len() != 128 {
        return Err(Failure("--format rust and c write a whole table: search all 128 squares".to_owned()));
    }

    let started = Instant::now();
    let budget = Budget {
        max_candidates: args.max_candidates,
        deadline: args.time.map(|t| started + Duration::from_secs_f64(t)),
    };
    let progress = progress_bar(jobs.len() as u64);
    let drawn_total = AtomicU64::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure(format!("cannot start worker threads: {e}")))?;
    // Each square's search depends only on (seed, slider, square, shard, bits): the pool
    // decides the order, never the result.
    let squares: Vec<SquareResult> = pool.install(|| {
        jobs.par_iter()
            .map(|&(occ, bits)| {
                let outcome = search_magic(occ, bits, args.seed, args.shard, budget);
                let (found, drawn) = match outcome {
                    Ok(f) => (Some((f.magic, f.candidates)), f.drawn),
                    Err(SearchError::NotFound { candidates, .. }) => (None, candidates),
                    Err(SearchError::BitsOutOfRange { .. }) => unreachable!("bits were checked before searching"),
                };
                let total = drawn_total.fetch_add(drawn, Ordering::Relaxed) + drawn;
                progress.inc(1);
                let seconds = started.elapsed().as_secs_f64().max(1e-9);
                progress.set_message(format!("{:.1} M candidates/s", total as f64 / seconds / 1e6));
                SquareResult { slider: occ.slider, square: occ.square, bits, found, drawn }
            })
            .collect()
    });
    progress.finish_and_clear();
    let elapsed = started.elapsed();

    let results = SearchResults { seed: args.seed, shard: args.shard, squares };
    let missing: Vec<String> =
        results.squares.iter().filter(|r| r.found.is_none()).map(|r| format!("{} {}", r.slider, r.square)).collect();
    if missing.is_empty() || matches!(args.format, ResultFormat::Json | ResultFormat::Csv) {
        let text = render_results(&results, args.format)?;
        write_text(args.output.as_deref(), &text)?;
    }
    eprintln!("{}", summary(&results, elapsed));
    if missing.is_empty() {
        Ok(Outcome::Success)
    } else {
        eprintln!("not found within the budget: {}", missing.join(", "));
        if matches!(args.format, ResultFormat::Rust | ResultFormat::C) {
            eprintln!("no table written: it needs all 128 magics");
        }
        Ok(Outcome::Negative)
    }
}

/// A bar on a terminal, nothing when stderr is a pipe or a file.
fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} squares {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar
}

/// `found 128/128; table 107648 entries (841.0 KiB); 1234567 candidates in 0.512 s (2.41 M/s)`.
fn summary(results: &SearchResults, elapsed: Duration) -> String {
    let found = results.squares.iter().filter(|r| r.found.is_some()).count();
    let entries: u64 = results.squares.iter().filter(|r| r.found.is_some()).map(|r| 1u64 << r.bits).sum();
    let drawn: u64 = results.squares.iter().map(|r| r.drawn).sum();
    let seconds = elapsed.as_secs_f64();
    format!(
        "found {found}/{} squares; table {entries} entries ({:.1} KiB); {drawn} candidates tested in {seconds:.3} s ({:.2} M/s); seed {}, shard {}",
        results.squares.len(),
        entries as f64 * 8.0 / 1024.0,
        drawn as f64 / seconds.max(1e-9) / 1e6,
        results.seed,
        results.shard,
    )
}
