//! `magic-gen pack`: the dense packing search ([`magic_gen::dense`]), with progress, atomic
//! checkpoints of the best recipe so far, resumption, and an iteration budget that makes runs
//! reproducible (`--time` may stop one early, and the recipe then says so).

use std::time::{Duration, Instant};

use magic_gen::ReferenceSet;
use magic_gen::dense::pack::{Packer, Params};
use magic_gen::dense::{Recipe, verify_recipe};
use magic_gen::magic_set::Indexing;

use crate::cli::{PackArgs, PackLayout};
use crate::{Failure, Outcome};

/// The most iterations one run may be asked for: beyond any run's lifetime, far below overflow.
const MAX_ITERATIONS: u64 = 1_000_000_000_000;

pub fn run(args: PackArgs) -> Result<Outcome, Failure> {
    if args.iterations > MAX_ITERATIONS {
        return Err(Failure(format!("--iterations {} is out of range: 0 to {MAX_ITERATIONS}", args.iterations)));
    }
    if args.compact_bishops.is_some_and(|n| !(1..=1 << 32).contains(&n)) {
        return Err(Failure("--compact-bishops is out of range: 1 to 4294967296 candidates".to_owned()));
    }
    if let Some(t) = args.time
        && !(t.is_finite() && t > 0.0 && t <= 365.0 * 24.0 * 3600.0)
    {
        return Err(Failure(format!("--time {t} is out of range: above 0 and at most a year (31536000)")));
    }
    if !(args.progress.is_finite() && args.progress > 0.0 && args.progress <= 86_400.0) {
        return Err(Failure(format!("--progress {} is out of range: above 0 and at most 86400", args.progress)));
    }
    let params = Params {
        pool: args.pool,
        fresh: args.fresh,
        init_valid: args.init_valid,
        init_draws: args.init_draws,
        kick_every: args.kick_every,
        kick_size: args.kick_size,
        kick_window: args.kick_window,
        rebuild_every: args.rebuild_every,
        ..Params::default()
    };
    if params.pool == 0 || params.fresh == 0 || params.kick_every == 0 || params.pool > 1 << 16 {
        return Err(Failure("--pool (1 to 65536), --fresh and --kick-every must be at least 1".to_owned()));
    }
    // A kick takes out up to --kick-size of the 128 squares (more would never be found: the
    // packer would loop for ever) and a window inside the table (beyond it, slot arithmetic
    // would overflow).
    if params.kick_size > 128 {
        return Err(Failure(format!(
            "--kick-size {} is out of range: 0 to 128 (the squares of a table)",
            params.kick_size
        )));
    }
    if params.kick_window > magic_gen::dense::pack::CAPACITY {
        return Err(Failure(format!(
            "--kick-window {} is out of range: 0 to {} (the largest table packed)",
            params.kick_window,
            magic_gen::dense::pack::CAPACITY
        )));
    }
    let command = reproduce_command(&args);
    let references = ReferenceSet::new();
    let resumed = match &args.resume {
        Some(path) => {
            let text = crate::output::read_text(path)?;
            let recipe = Recipe::parse(&text).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            verify_recipe(&references, &recipe).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            Some(recipe)
        }
        None => None,
    };
    let (seed, layout) = match &resumed {
        Some(recipe) => (recipe.seed, recipe.layout),
        None => (args.seed, if args.layout == PackLayout::Black { Indexing::Black } else { Indexing::White }),
    };
    let started = Instant::now();
    let mut packer = match &resumed {
        Some(recipe) => {
            let packer = recipe
                .restore(&references, params)
                .map_err(|pair| Failure(format!("the resumed recipe's pair {pair} does not fit where it says")))?;
            eprintln!("resumed seed {seed} at iteration {}: table {}", recipe.iteration, packer.table_end());
            packer
        }
        None => Packer::new(&references, layout, seed, params),
    };
    packer.construct();
    let snapshot = |packer: &Packer, stopped: &str| Recipe::of(packer, &command, stopped);
    // Restarts and the bishops' re-placement start again from the best placement.
    let restore = |best: &Recipe, params: Params| {
        best.restore(&references, params)
            .map_err(|pair| Failure(format!("internal: the best placement's pair {pair} does not fit again")))
    };
    let save = |recipe: &Recipe| -> Result<(usize, usize), Failure> {
        // Verified before it replaces the previous checkpoint, which stays if anything fails.
        recipe.write_atomic(&references, &args.output).map_err(Failure)
    };
    let mut best_end = packer.table_end();
    let mut best = snapshot(&packer, "running");
    save(&best)?;
    eprintln!("constructed: table {best_end}, used {}", packer.used_slots());

    let first = packer.iteration;
    let target = first.saturating_add(args.iterations);
    let deadline = args.time.and_then(|t| started.checked_add(Duration::from_secs_f64(t)));
    let every = Duration::from_secs_f64(args.progress);
    let mut next_progress = Instant::now() + every;
    let mut stopped = "budget".to_owned();
    while packer.iteration < target {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            stopped = format!("time limit after {} iterations (of {target})", packer.iteration);
            break;
        }
        packer.step();
        let end = packer.table_end();
        if end < best_end {
            best_end = end;
            best = snapshot(&packer, "running");
            save(&best)?;
        }
        if Instant::now() >= next_progress {
            next_progress = Instant::now() + every;
            eprintln!(
                "iteration {} of {target}: best {best_end} entries, now {end}, {} slots used, {:.0} s",
                packer.iteration,
                packer.used_slots(),
                started.elapsed().as_secs_f64()
            );
        }
        if args.restart_every > 0
            && packer.iteration < target
            && (packer.iteration - first).is_multiple_of(args.restart_every)
        {
            // What `--resume` of this run's recipe would start from now.
            (best.iteration, best.cursors) = (packer.iteration, packer.cursors.clone());
            packer = restore(&best, packer.params.clone())?;
        }
    }
    if let Some(draws) = args.compact_bishops {
        // From the best placement: the run may have wandered above it since. The run's counters
        // stay, so a resumption continues where it stopped.
        (best.iteration, best.cursors) = (packer.iteration, packer.cursors.clone());
        packer = restore(&best, packer.params.clone())?;
        let (before, after) = packer.compact_bishops(draws);
        eprintln!("bishops' cache lines: {before} -> {after}");
        best.rows = packer.placement();
    }
    // The best placement with the counters of the end of the run, so a resumption continues
    // where this run stopped.
    best.iteration = packer.iteration;
    best.cursors = packer.cursors.clone();
    best.stopped = stopped.clone();
    let (entries, used) = save(&best)?;
    eprintln!(
        "done ({stopped}): table {entries} entries, {used} slots used, iteration {}, {:.1} s; recipe in {}",
        packer.iteration,
        started.elapsed().as_secs_f64(),
        args.output.display()
    );
    Ok(Outcome::Success)
}

/// The command line that reproduces this run, as the recipe records it.
fn reproduce_command(args: &PackArgs) -> String {
    let defaults = Params::default();
    let mut words = vec!["magic-gen pack".to_owned()];
    match &args.resume {
        Some(path) => words.push(format!("--resume {}", path.display())),
        None => {
            let layout = if args.layout == PackLayout::Black { "black" } else { "fixed-shift" };
            words.push(format!("--layout {layout} --seed {}", args.seed));
        }
    }
    words.push(format!("--iterations {}", args.iterations));
    if let Some(draws) = args.compact_bishops {
        words.push(format!("--compact-bishops {draws}"));
    }
    for (flag, value, default) in [
        ("--pool", args.pool as u64, defaults.pool as u64),
        ("--fresh", args.fresh, defaults.fresh),
        ("--init-valid", args.init_valid as u64, defaults.init_valid as u64),
        ("--init-draws", args.init_draws, defaults.init_draws),
        ("--kick-every", args.kick_every, defaults.kick_every),
        ("--kick-size", args.kick_size, defaults.kick_size),
        ("--kick-window", args.kick_window as u64, defaults.kick_window as u64),
        ("--rebuild-every", args.rebuild_every, defaults.rebuild_every),
        ("--restart-every", args.restart_every, 0),
    ] {
        if value != default {
            words.push(format!("{flag} {value}"));
        }
    }
    words.join(" ")
}
