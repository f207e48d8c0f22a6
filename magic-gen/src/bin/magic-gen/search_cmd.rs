//! `magic-gen search`: seeded, deterministic magic search over many squares at once.

use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use magic_gen::files::{SearchResults, SquareResult, black_results_to_csv};
use magic_gen::geometry::Occupancies;
use magic_gen::search::{FoundMagic, Scheme, SquareSearch, check_bits};
use magic_gen::{ReferenceSet, Slider, Square};
use rayon::prelude::*;

use crate::cli::{DEFAULT_MAX_CANDIDATES, MAX_SHARDS, ResultFormat, SearchArgs};
use crate::interrupt::{Reason, Stop};
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

/// Candidates each square may draw per round: small enough that every square gets its share of a
/// `--time` budget and the clock is looked at often (a round of 128 squares takes a fraction of a
/// second), large enough that sharing out the work costs nothing measurable.
const ROUND: u64 = 1 << 16;

pub fn run(args: SearchArgs) -> Result<Outcome, Failure> {
    crate::check_threads(args.threads)?;
    if args.shard.count() > MAX_SHARDS {
        return Err(Failure(format!(
            "--shard {} is out of range: the shard count must be 1 to {MAX_SHARDS}",
            args.shard
        )));
    }
    if args.max_candidates == Some(0) {
        return Err(Failure(format!("--max-candidates 0 is out of range: 1 to {}", u64::MAX)));
    }
    // With --time alone, search until the time is up; otherwise the candidate limit applies.
    let max_candidates = match (args.max_candidates, args.time) {
        (Some(max), _) => max,
        (None, Some(_)) => u64::MAX,
        (None, None) => DEFAULT_MAX_CANDIDATES,
    };
    if args.after != 0 && !(args.black || args.format == ResultFormat::Json) {
        return Err(Failure(
            "--after needs an output that records it: --black (CSV) or --format json; a plain CSV, Rust or C table would hide that the first candidates were skipped".to_owned(),
        ));
    }
    if args.after >= max_candidates {
        return Err(Failure(format!(
            "--after {} leaves nothing to search below --max-candidates {max_candidates}: the limit is a candidate number in the whole sequence, so raise it above {}",
            args.after, args.after
        )));
    }
    if args.black && args.format != ResultFormat::Csv {
        return Err(Failure(
            "--black writes CSV only (--format csv): the other formats describe fancy (white) magics".to_owned(),
        ));
    }
    let references = ReferenceSet::new();
    let mut searches: Vec<SquareSearch> = selected_pairs(&args.slider, &args.square)
        .into_iter()
        .map(|(slider, square)| {
            let occ = references.get(slider, square);
            let bits = requested_bits(&args, occ)?;
            let mut search = if args.black {
                SquareSearch::black(occ, bits, args.seed, args.shard)?
            } else {
                SquareSearch::new(occ, Scheme::Fancy, bits, args.seed, args.shard)?
            };
            search.skip_to_after(args.after);
            Ok(search)
        })
        .collect::<Result<_, Failure>>()?;
    if matches!(args.format, ResultFormat::Rust | ResultFormat::C) && searches.len() != 128 {
        return Err(Failure("--format rust and c write a whole table: search all 128 squares".to_owned()));
    }

    crate::output::check_writable(args.output.as_deref())?;
    let started = Instant::now();
    let stop = Stop::install(args.time)?;
    let progress = progress_bar(searches.len() as u64);
    let pool = crate::worker_pool(args.threads)?;
    // Round robin: every square still searching draws up to ROUND more candidates per round, so
    // a --time budget is shared out evenly. Each square's search depends only on (seed, slider,
    // square, shard, bits) and always yields the first magic of its sequence: the rounds and
    // the pool decide the order of the work, never the result.
    let mut found: Vec<Option<FoundMagic>> = vec![None; searches.len()];
    let mut next_log = started + Duration::from_secs(60);
    loop {
        let mut active: Vec<(&mut SquareSearch, &mut Option<FoundMagic>)> = searches
            .iter_mut()
            .zip(found.iter_mut())
            .filter(|(search, found)| found.is_none() && !search.exhausted() && search.next_number() <= max_candidates)
            .collect();
        if active.is_empty() {
            break;
        }
        if stop.reason().is_some() {
            break;
        }
        pool.install(|| {
            active.par_iter_mut().for_each(|(search, found)| {
                **found = search.advance(ROUND, max_candidates);
                if found.is_some() {
                    progress.inc(1);
                }
            })
        });
        let drawn: u64 = searches.iter().map(SquareSearch::drawn).sum();
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        progress.set_message(format!("{:.1} M candidates/s", drawn as f64 / seconds / 1e6));
        // Without a terminal (a cluster task's log), a line a minute instead of the bar.
        if progress.is_hidden() && Instant::now() >= next_log {
            next_log = Instant::now() + Duration::from_secs(60);
            let done = found.iter().filter(|f| f.is_some()).count();
            note!(
                "{seconds:.0} s: {done} of {} squares found, {drawn} candidates tested ({:.2} M/s)",
                found.len(),
                drawn as f64 / seconds / 1e6
            );
        }
    }
    progress.finish_and_clear();
    let elapsed = started.elapsed();

    let squares: Vec<SquareResult> = searches
        .iter()
        .zip(&found)
        .map(|(search, found)| SquareResult {
            slider: search.slider(),
            square: search.square(),
            bits: search.bits(),
            found: found.map(|f| (f.magic, f.candidates)),
            drawn: found.map_or(search.drawn(), |f| f.drawn),
        })
        .collect();
    let limit = (max_candidates != u64::MAX).then_some(max_candidates);
    let results =
        SearchResults { seed: args.seed, shard: args.shard, max_candidates: limit, after: args.after, squares };
    let missing: Vec<String> =
        results.squares.iter().filter(|r| r.found.is_none()).map(|r| format!("{} {}", r.slider, r.square)).collect();
    if missing.is_empty() || matches!(args.format, ResultFormat::Json | ResultFormat::Csv) {
        let rendered =
            if args.black { Ok(black_results_to_csv(&results)) } else { render_results(&results, args.format) };
        let text = match rendered {
            Ok(text) => text,
            Err(error) => return error.into_outcome(),
        };
        write_text(args.output.as_deref(), &text)?;
    }
    note!("{}", summary(&results, elapsed));
    let stopped = stop.reason();
    if let Some(reason) = stopped.filter(|_| !missing.is_empty()) {
        let start =
            if args.after == 0 { "the first".to_owned() } else { format!("the next (after candidate {})", args.after) };
        note!(
            "stopped by {} after {:.3} s: the squares below were searched through {start} candidates of their sequences that their `drawn` counts give, and the same seed finds the same magics there on any machine",
            if reason == Reason::Time { "--time" } else { reason.describe() },
            elapsed.as_secs_f64()
        );
    }
    if let Some(code) = stopped.and_then(Reason::exit_code) {
        return Ok(Outcome::Stopped(code));
    }
    if missing.is_empty() {
        Ok(Outcome::Success)
    } else {
        note!("not found within the budget: {}", missing.join(", "));
        if matches!(args.format, ResultFormat::Rust | ResultFormat::C) {
            note!("no table written: it needs all 128 magics");
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
    let slices = if found == results.squares.len() { "table" } else { "partial: the found squares' slices" };
    format!(
        "found {found}/{} squares; {slices} {entries} entries ({:.1} KiB); {drawn} candidates tested in {seconds:.3} s ({:.2} M/s); seed {}, shard {}",
        results.squares.len(),
        entries as f64 * 8.0 / 1024.0,
        drawn as f64 / seconds.max(1e-9) / 1e6,
        results.seed,
        results.shard,
    )
}
