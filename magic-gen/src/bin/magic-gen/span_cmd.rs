//! `magic-gen span`: the span search of one square ([`magic_gen::dense::SpanSearch`]), the
//! candidates of its span stream tested in order, the valid ones of shortest span kept in a
//! list (`pack --searched` gives the square the best). One square per run, so a cluster runs
//! one task per square.
//!
//! The candidates are tested in rounds of [`CHUNK`] per thread; the list is written after every
//! round (atomically) and states how many candidates it covers, so a run stopped by a signal or
//! `--time` keeps every finished round and `--continue` goes on from there, ending with the list
//! an unstopped run writes.
//!
//! With `--climb T`, once the candidates are tested, the list's best candidates climb
//! ([`magic_gen::dense::climb_plan`], [`magic_gen::dense::SpanSearch::climb`]), one climb per
//! thread, and the climbed magics join the list. The climbs depend only on the candidates
//! tested and `T`: every run that ends its candidates climbs again from them, dropping the
//! climbs of an earlier run, so the list is the same however the run was stopped and continued.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use magic_gen::ReferenceSet;
use magic_gen::atomic_write::write_file;
use magic_gen::dense::{SpanFound, SpanList, climb_plan, keep_best};

use crate::cli::SpanArgs;
use crate::interrupt::Stop;
use crate::{Failure, Outcome};

/// Candidates a thread tests between two looks at the stop flag: about a quarter of a second.
const CHUNK: u64 = 1 << 20;

/// The most worker threads `--threads` accepts.
const MAX_THREADS: usize = 256;

/// The most moves `--climb` tries from one start.
const MAX_CLIMB: u64 = 1 << 32;

pub fn run(args: SpanArgs) -> Result<Outcome, Failure> {
    if args.output == Path::new("-") {
        return Err(Failure("span writes its list after every round: give a file, not `-`".to_owned()));
    }
    if let Some(threads) = args.threads
        && !(1..=MAX_THREADS).contains(&threads)
    {
        return Err(Failure(format!("--threads {threads} is out of range: 1 to {MAX_THREADS}")));
    }
    if args.candidates == Some(0) {
        return Err(Failure("--candidates 0: test at least one candidate".to_owned()));
    }
    if let Some(tries) = args.climb
        && !(1..=MAX_CLIMB).contains(&tries)
    {
        return Err(Failure(format!("--climb {tries} is out of range: 1 to {MAX_CLIMB}")));
    }
    let references = ReferenceSet::new();
    let (slider, square) = (args.target.slider, args.target.square);
    let occupancies = references.get(slider, square);
    let bits = args.target.bits(true)?;
    let search = magic_gen::dense::SpanSearch::new(occupancies, bits).map_err(Failure)?;
    crate::output::check_checkpoint_file(&args.output)?;
    let climb = args.climb.unwrap_or(0);
    let mut list = SpanList { seed: args.seed, slider, square, bits, candidates: 0, climb, found: Vec::new() };
    if args.continue_run && args.output.exists() {
        let name = args.output.display();
        let held =
            SpanList::parse(&crate::output::read_text(&args.output)?).map_err(|e| Failure(format!("{name}: {e}")))?;
        if (held.seed, held.slider, held.square, held.bits) != (list.seed, list.slider, list.square, list.bits) {
            return Err(Failure(format!(
                "--continue: {name} holds another search ({} {}, {} bits, seed {}); give another --output, or remove it",
                held.slider, held.square, held.bits, held.seed
            )));
        }
        for found in &held.found {
            held.check_found(&search, found).map_err(|e| Failure(format!("{name}: {e}")))?;
        }
        // A list keeps the best of what it tested: more than that is another search's.
        if keep_best(&held.found, &[]) != held.found {
            return Err(Failure(format!("{name}: the list is not the best of its candidates")));
        }
        if held.climb != 0 && args.climb.is_some_and(|tries| tries != held.climb) {
            return Err(Failure(format!(
                "--continue: {name} climbed {} moves from each start, not {climb}; give another --output",
                held.climb
            )));
        }
        list = SpanList { climb: args.climb.unwrap_or(held.climb), ..held };
    }
    let last = args.candidates.unwrap_or(u64::MAX);
    let threads = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure(format!("cannot start worker threads: {e}")))?;
    note!(
        "{} {}, {bits} bits, seed {}: testing candidates from {} to {}",
        slider,
        square,
        args.seed,
        list.candidates + 1,
        args.candidates.map_or("the time limit".to_owned(), |n| n.to_string())
    );
    let stop = Stop::install(args.time)?;
    let started = Instant::now();
    let write = |list: &SpanList| {
        write_file(&args.output, list.render().as_bytes())
            .map_err(|e| Failure(format!("cannot write {}: {e}", args.output.display())))
    };
    write(&list)?;
    let width = threads.current_num_threads() as u64;
    while list.candidates < last && !stop.flag().load(std::sync::atomic::Ordering::Relaxed) {
        let from = list.candidates + 1;
        let to = from.saturating_add(width * CHUNK - 1).min(last);
        let chunks: Vec<(u64, u64)> =
            (from..=to).step_by(CHUNK as usize).map(|start| (start, start.saturating_add(CHUNK - 1).min(to))).collect();
        let found: Vec<Vec<SpanFound>> =
            threads.install(|| chunks.par_iter().map(|&(a, b)| search.scan(args.seed, a, b)).collect());
        list.found = keep_best(&list.found, &found.concat());
        list.candidates = to;
        write(&list)?;
    }
    if list.climb > 0 && !stop.flag().load(std::sync::atomic::Ordering::Relaxed) {
        // The climbs of an earlier run are made again from the candidates alone.
        list.found.retain(|f| f.climb.is_empty());
        let plan = climb_plan(&list.found, list.climb);
        if !plan.is_empty() {
            note!("{} climbs of {} moves each", plan.len(), list.climb);
            let climbed: Vec<Option<SpanFound>> = threads.install(|| {
                plan.par_iter()
                    .map(|(start, moves)| search.climb(args.seed, *start, moves.clone(), stop.flag()))
                    .collect()
            });
            // Stopped, the list keeps no climb: the next run climbs them all again.
            if let Some(climbed) = climbed.into_iter().collect::<Option<Vec<SpanFound>>>() {
                list.found.extend(climbed);
                list.found.sort_by_key(SpanFound::list_order);
                list.found.dedup_by_key(|f| f.list_order());
            }
            write(&list)?;
        }
    }
    let best = list.best().map_or("no valid magic yet".to_owned(), |b| {
        format!("best span {} ({} used, candidate {}, {:#018X})", b.span, b.used, b.name(), b.magic)
    });
    let rate = list.candidates as f64 / started.elapsed().as_secs_f64().max(1e-9);
    if let Some(reason) = stop.reason() {
        note!(
            "{}: {} candidates tested, {best}; kept in {}; --continue goes on",
            reason.describe(),
            list.candidates,
            args.output.display()
        );
        return Ok(reason.exit_code().map_or(Outcome::Success, Outcome::Stopped));
    }
    note!("done: {} candidates tested ({rate:.0} per second), {best}", list.candidates);
    Ok(Outcome::Success)
}
