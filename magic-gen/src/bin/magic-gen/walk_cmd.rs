//! `magic-gen walk`: the valid-space walks of a packing run alone, for all squares or one shard
//! of them, written as the walk cache `pack --walk-cache` takes. A square's walks depend on
//! nothing but the seed, the layout and the walk settings, so a cluster's array walks the
//! squares apart and `merge` of its shards is the cache one process writes, byte for byte.
//!
//! The file is written after every square (atomically), so a task stopped by a signal or
//! `--time` keeps the squares it finished, and `--continue` walks only the others.

use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use magic_gen::ReferenceSet;
use magic_gen::atomic_write::write_file;
use magic_gen::dense::{Packer, WalkCache, pair_parts, walk_start};
use magic_gen::search::Shard;

use crate::cli::WalkArgs;
use crate::interrupt::Stop;
use crate::pack_cmd::{parse_walk_cache, settings};
use crate::{Failure, Outcome};

pub fn run(args: WalkArgs) -> Result<Outcome, Failure> {
    crate::check_threads(args.threads)?;
    crate::worker_pool(args.threads)?.install(|| run_on_threads(args))
}

fn run_on_threads(args: WalkArgs) -> Result<Outcome, Failure> {
    if args.output == Path::new("-") {
        return Err(Failure("walk writes its file after every square: give a file, not `-`".to_owned()));
    }
    let settings = settings(&args.run, false)?;
    let walks = settings.params.walks;
    if walks == 0 {
        return Err(Failure("these settings make no walks: --set walks=N".to_owned()));
    }
    if let Some(shard) = args.shard.filter(|shard| shard.count() > 128) {
        return Err(Failure(format!("--shard {shard}: at most 128 shards (one square each)")));
    }
    crate::output::check_checkpoint_file(&args.output)?;
    let references = ReferenceSet::new();
    let packer = Packer::new(
        &references,
        args.run.layout.indexing(),
        settings.stream,
        args.run.seed,
        &args.run.layout.bits(),
        settings.params.clone(),
    );
    let mut cache = packer.walk_cache();
    cache.part = args.shard.map(|shard| (shard, walks));
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let mine = |pair: usize| pair as u64 % shard.count() == shard.index();
    if args.continue_run && args.output.exists() {
        let held = parse_walk_cache(&args.output, &crate::output::read_text(&args.output)?)?;
        let settings_differ = held.mismatch(&cache);
        if settings_differ.is_some() || held.part != cache.part {
            let why = settings_differ.unwrap_or_else(|| "another shard or number of walks".to_owned());
            return Err(Failure(format!(
                "--continue: {} holds other walks ({why}); give another --output, or remove it",
                args.output.display()
            )));
        }
        held.check_valid(&references).map_err(|e| Failure(format!("{}: {e}", args.output.display())))?;
        for (pair, (square, starts)) in held.squares.into_iter().zip(held.starts).enumerate() {
            // Only a square's whole walks count: a square is written when all its walks are done.
            if mine(pair) && square.1.len() == walks {
                cache.squares[pair] = square;
                cache.starts[pair] = starts;
            }
        }
    }
    let todo: Vec<usize> = (0..128).filter(|&pair| mine(pair) && cache.squares[pair].1.len() < walks).collect();
    let total = (0..128).filter(|&pair| mine(pair)).count();
    note!(
        "walking {} of the shard's {total} squares: {walks} walks of {} moves each",
        todo.len(),
        settings.params.walk_steps
    );
    let stop = Stop::install(args.time)?;
    let started = Instant::now();
    let output = &args.output;
    let write = |cache: &WalkCache| {
        write_file(output, cache.render().as_bytes())
            .map_err(|e| Failure(format!("cannot write {}: {e}", output.display())))
    };
    write(&cache)?;
    let shared = Mutex::new(cache);
    todo.par_iter().try_for_each(|&pair| -> Result<(), Failure> {
        let Some(walked) = packer.walk_pair(pair, &[], stop.flag()).map_err(Failure)? else { return Ok(()) };
        let mut cache = shared.lock().expect("a walk that failed stops the others");
        cache.squares[pair].1 = walked.iter().map(|candidate| candidate.magic).collect();
        cache.starts[pair] = walked.iter().filter_map(|candidate| walk_start(candidate.position)).collect();
        write(&cache)?;
        let (slider, square) = pair_parts(pair);
        note!("{slider} {square}: {walks} walks, {:.0} s", started.elapsed().as_secs_f64());
        Ok(())
    })?;
    let cache = shared.into_inner().expect("no walk panicked");
    let done = (0..128).filter(|&pair| mine(pair) && cache.squares[pair].1.len() == walks).count();
    if let Some(reason) = stop.reason() {
        note!(
            "{}: {done} of {total} squares walked, kept in {}; --continue walks the others",
            reason.describe(),
            output.display()
        );
        return Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped));
    }
    note!("done: {total} squares walked, {:.1} s; walks in {}", started.elapsed().as_secs_f64(), output.display());
    Ok(Outcome::Success)
}
