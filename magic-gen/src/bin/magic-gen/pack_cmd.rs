//! `magic-gen pack`: the dense packing search ([`magic_gen::dense::run`]), with progress on
//! stderr, atomic checkpoints of the best recipe so far, resumption, and an iteration budget
//! that makes runs reproducible (`--time` may stop one early, and the recipe then says so).

use std::path::Path;
use std::time::{Duration, Instant};

use magic_gen::atomic_write::write_file;
use magic_gen::dense::{
    AnnealParams, AnnealPlan, AnnealStart, Finished, Found, Observer, Params, PoolParams, Progress, RunPlan, Searched,
    Start, WalkCache, run as run_packer, run_anneal,
};
use magic_gen::files::read_black_results;
use magic_gen::magic_set::Indexing;
use magic_gen::recipe::{Recipe, searched_candidate};
use magic_gen::search::Shard;
use magic_gen::search::exhaustive::Color;
use magic_gen::{ReferenceSet, pair_index};

use crate::cli::{MAX_SHARDS, PackArgs, PackLayout, PackStream};
use crate::interrupt::{Reason, Stop};
use crate::output::write_text;
use crate::{Failure, Outcome};

/// Saves checkpoints to the output file and prints progress; stops the run at `--time` or on a
/// signal.
struct Watch<'a> {
    references: &'a ReferenceSet,
    output: &'a Path,
    started: Instant,
    stop: Stop,
    every: Duration,
    next_progress: Instant,
    /// What an iteration is called in progress lines.
    unit: &'static str,
    /// (table entries, used slots) of the last checkpoint written.
    written: Option<(usize, usize)>,
    /// `--walk-cache`: the file, and the walks it held when the run started.
    walk_cache: Option<(&'a Path, Option<WalkCache>)>,
}

impl Observer for Watch<'_> {
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
        // Verified before it replaces the previous checkpoint, which stays if anything fails.
        let report = best.check(self.references).map_err(|e| format!("internal: the best placement: {e}"))?;
        let size = (report.entries, report.used);
        write_file(self.output, best.render(Some(size)).as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.output.display()))?;
        if self.written.is_none() {
            eprintln!("constructed: table {}, used {}", report.entries, report.used);
        }
        self.written = Some(size);
        Ok(())
    }

    fn poll(&mut self, progress: &Progress) -> Option<String> {
        if let Some(reason) = self.stop.reason() {
            return Some(reason.describe().to_owned());
        }
        let now = Instant::now();
        if now >= self.next_progress {
            self.next_progress = now + self.every;
            eprintln!(
                "{} {} of {}: best {} entries, now {}, {} slots used, {:.0} s",
                self.unit,
                progress.iteration,
                progress.target,
                progress.best_end,
                progress.end,
                progress.used,
                self.started.elapsed().as_secs_f64()
            );
        }
        None
    }

    fn walked(&mut self, walks: &WalkCache) -> Result<(), String> {
        let Some((path, held)) = &mut self.walk_cache else { return Ok(()) };
        // Squares may hold more walks in the file than this run makes: those stay.
        let keep = held.as_ref().map_or_else(|| walks.clone(), |held| held.merged(walks));
        if held.as_ref() != Some(&keep) {
            write_file(path, keep.render().as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!("walks kept in {}: {} per square", path.display(), keep.walks());
            *held = Some(keep);
        }
        Ok(())
    }
}

/// The walks `--walk-cache FILE` holds: `None` if FILE does not exist yet (the run writes it).
fn read_walk_cache(args: &PackArgs) -> Result<Option<WalkCache>, Failure> {
    let Some(path) = &args.walk_cache else { return Ok(None) };
    if args.walks == 0 {
        return Err(Failure("--walk-cache keeps the walks of a run with --walks".to_owned()));
    }
    if *path == args.output || args.resume.as_ref() == Some(path) {
        return Err(Failure(format!(
            "--walk-cache {}: give the walks a file of their own, not the recipe's",
            path.display()
        )));
    }
    crate::output::check_writable(Some(path))?;
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::output::read_text(path)?;
    let cache = WalkCache::parse(&text).map_err(|(line, message)| match line {
        0 => Failure(format!("{}: {message}", path.display())),
        line => Failure(format!("{}:{line}: {message}", path.display())),
    })?;
    eprintln!("walk cache {}: {} walks per square", path.display(), cache.walks());
    Ok(Some(cache))
}

pub fn run(args: PackArgs) -> Result<Outcome, Failure> {
    if args.output == Path::new("-") {
        return Err(Failure("pack writes its checkpoints to -o: give a file, not `-`".to_owned()));
    }
    if let Some(t) = args.time
        && !(t.is_finite() && t > 0.0 && t <= 365.0 * 24.0 * 3600.0)
    {
        return Err(Failure(format!("--time {t} is out of range: above 0 and at most a year (31536000)")));
    }
    if !(args.progress.is_finite() && args.progress > 0.0 && args.progress <= 86_400.0) {
        return Err(Failure(format!("--progress {} is out of range: above 0 and at most 86400", args.progress)));
    }
    if !args.searched.is_empty()
        && (args.stream == PackStream::Compact || (args.resume.is_none() && args.layout != PackLayout::BlackVariable))
    {
        return Err(Failure(
            "--searched gives squares of --layout black-variable their searched black magics, with the first packer (--stream dense)"
                .to_owned(),
        ));
    }
    if args.stream == PackStream::Compact {
        if args.walks > 0
            || args.walk_gap > 0
            || args.pool_gap > 0
            || args.score_blocked
            || args.tailor_every > 0
            || args.walk_cache.is_some()
        {
            return Err(Failure(
                "--walks, --walk-gap, --walk-cache, --pool-gap, --score-blocked and --tailor-every are for the first packer's streams (dense, few-term), not --stream compact"
                    .into(),
            ));
        }
        return run_compact(&args);
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
        lambda: args.lambda,
        walks: args.walks,
        walk_steps: args.walk_steps,
        walk_gap: args.walk_gap,
        pool_gap: args.pool_gap,
        score_blocked: args.score_blocked,
        tailor_every: args.tailor_every,
        tailor_steps: args.tailor_steps,
        ..Params::default()
    };
    params.check().map_err(Failure)?;
    crate::output::check_writable(Some(&args.output))?;
    let walk_cache = read_walk_cache(&args)?;

    let references = ReferenceSet::new();
    let start = match &args.resume {
        Some(path) => {
            let recipe = read_checked_recipe(path, &references)?;
            if let Some(checkpoint) = &recipe.checkpoint {
                eprintln!("resumed seed {} at iteration {}", recipe.seed, checkpoint.iteration);
            }
            if !args.searched.is_empty() && recipe.rows.iter().all(|row| row.bits.is_none()) {
                return Err(Failure(format!(
                    "--searched: {} is not a black-variable recipe (it has no bits column)",
                    path.display()
                )));
            }
            Start::Resume(recipe)
        }
        None => Start::New {
            indexing: args.layout.indexing(),
            stream: args.stream.packed(),
            seed: args.seed,
            bits: args.layout.bits(),
        },
    };
    let seed = match &start {
        Start::Resume(recipe) => recipe.seed,
        Start::New { seed, .. } => *seed,
    };
    let plan = RunPlan {
        iterations: args.iterations,
        restart_every: args.restart_every,
        compact_bishops: args.compact_bishops,
        command: reproduce_command(&args),
        searched: read_searched(&args.searched, seed)?,
        walk_cache: walk_cache.clone(),
    };
    let mut watch = Watch::new(&references, &args, "iteration")?;
    watch.walk_cache = args.walk_cache.as_deref().map(|path| (path, walk_cache));
    eprintln!("placing every square, then {} iterations", args.iterations);
    let stop = watch.stop.clone();
    let result = run_packer(&references, start, params, &plan, &mut watch, stop.flag());
    if let Ok(Finished { bishop_lines: Some((before, after)), .. }) = &result {
        eprintln!("bishops' cache lines: {before} -> {after}");
    }
    watch.finish(result)
}

impl<'a> Watch<'a> {
    fn new(references: &'a ReferenceSet, args: &'a PackArgs, unit: &'static str) -> Result<Self, Failure> {
        let started = Instant::now();
        // Progress within a second of the start, then every --progress seconds.
        let every = Duration::from_secs_f64(args.progress);
        Ok(Watch {
            references,
            output: &args.output,
            started,
            stop: Stop::install(args.time)?,
            every,
            next_progress: started + every.min(Duration::from_secs(1)),
            unit,
            written: None,
            walk_cache: None,
        })
    }

    /// The end of a run that returned `result`: its last line, or why it wrote nothing.
    fn finish(&self, result: Result<Finished, String>) -> Result<Outcome, Failure> {
        let stopped = self.stop.reason();
        let finished = match result {
            Ok(finished) => finished,
            Err(message) => {
                return match stopped {
                    Some(reason) => {
                        eprintln!("{}: {message}", reason.describe());
                        Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped))
                    }
                    None => Err(Failure(message)),
                };
            }
        };
        self.done(&finished)?;
        Ok(stopped.and_then(Reason::exit_code).map_or(Outcome::Success, Outcome::Stopped))
    }

    /// The last line of a run.
    fn done(&self, finished: &Finished) -> Result<(), Failure> {
        let (entries, used) = self.written.expect("a finished run wrote its recipe");
        let stopped = finished.recipe.checkpoint.as_ref().map_or("", |c| c.stopped.as_str());
        eprintln!(
            "done ({stopped}): table {entries} entries, {used} slots used, {} {}, {:.1} s; recipe in {}",
            self.unit,
            finished.iteration,
            self.started.elapsed().as_secs_f64(),
            self.output.display()
        );
        Ok(())
    }
}

/// The recipe at `path`, parsed and checked exhaustively (a resumption starts from it).
fn read_checked_recipe(path: &Path, references: &ReferenceSet) -> Result<Recipe, Failure> {
    let text = crate::output::read_text(path)?;
    let recipe = Recipe::parse(&text).map_err(|e| Failure(format!("{}:{}: {}", path.display(), e.line, e.message)))?;
    recipe.check(references).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    Ok(recipe)
}

/// A portfolio member's seed: the master seed plus its index.
fn member_seed(seed: u64, member: u64) -> Result<u64, Failure> {
    seed.checked_add(member).ok_or_else(|| Failure(format!("--seed {seed} plus member {member} overflows")))
}

/// `pack --stream compact`: the annealing packer, one run, one array task's member of a
/// portfolio, or a whole portfolio.
fn run_compact(args: &PackArgs) -> Result<Outcome, Failure> {
    let references = ReferenceSet::new();
    let indexing = args.layout.indexing();
    if args.pool_size == 0 || args.pool_size > 4096 {
        return Err(Failure(format!("--pool-size {} is out of range: 1 to 4096", args.pool_size)));
    }
    if args.portfolio.is_some_and(|n| !(1..=MAX_SHARDS).contains(&n)) {
        return Err(Failure(format!("--portfolio is out of range: 1 to {MAX_SHARDS}")));
    }
    crate::output::check_writable(Some(&args.output))?;
    let plan = |member: Option<Shard>| -> Result<AnnealPlan, Failure> {
        Ok(AnnealPlan {
            indexing,
            seed: member_seed(args.seed, member.map_or(0, Shard::index))?,
            bits: args.layout.bits(),
            pools: PoolParams {
                rook_draws: args.rook_draws,
                bishop_draws: args.bishop_draws,
                size: args.pool_size,
                span_size: args.span_pool_size,
                sample_size: args.sample_pool_size,
                min_valid: 16,
            },
            anneal: AnnealParams {
                chains: args.chains,
                cycle_moves: args.cycle_moves,
                t_start: args.t_start,
                t_end: args.t_end,
                choices: args.choices,
                used_weight: args.used_weight,
            },
            cycles: args.cycles,
            compact_bishops: true,
            command: compact_command(args, member.map(|m| format!("--shard {m}"))),
        })
    };
    if let Some(members) = args.portfolio {
        return run_portfolio(args, &references, members, plan);
    }
    let plan = plan(args.shard)?;
    let start = match &args.resume {
        Some(path) => AnnealStart::Resume(read_checked_recipe(path, &references)?),
        None => AnnealStart::New,
    };
    let mut watch = Watch::new(&references, args, "cycle")?;
    eprintln!(
        "drawing the candidate pools: {} per rook, {} per bishop square, then {} cycles",
        args.rook_draws, args.bishop_draws, args.cycles
    );
    let stop = watch.stop.clone();
    let result = run_anneal(&references, start, &plan, &mut watch, stop.flag());
    watch.finish(result)
}

/// Keeps the last recipe a run hands out, in memory.
struct Keep(Option<Recipe>);

impl Observer for Keep {
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
        self.0 = Some(best.clone());
        Ok(())
    }

    fn poll(&mut self, _: &Progress) -> Option<String> {
        None
    }
}

/// `--portfolio N`: every member in turn, the smallest verified table written (ties: the lower
/// member), exactly what `merge` of the members' `--shard I/N` recipes writes.
fn run_portfolio(
    args: &PackArgs,
    references: &ReferenceSet,
    members: u64,
    plan: impl Fn(Option<Shard>) -> Result<AnnealPlan, Failure>,
) -> Result<Outcome, Failure> {
    let stop = Stop::install(args.time)?;
    let mut recipes = Vec::new();
    for member in 0..members {
        let shard = Shard::new(member, members).map_err(|e| Failure(e.to_string()))?;
        eprintln!("member {member} of {members} (seed {})", member_seed(args.seed, member)?);
        let mut keep = Keep(None);
        run_anneal(references, AnnealStart::New, &plan(Some(shard))?, &mut keep, stop.flag()).map_err(Failure)?;
        if let Some(reason) = stop.reason() {
            eprintln!("{}: the portfolio is incomplete; nothing written", reason.describe());
            return Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped));
        }
        recipes.push((format!("member {member}"), keep.0.expect("a finished run hands out its recipe")));
    }
    let text = crate::merge_cmd::merge_portfolio(references, recipes)?;
    write_text(Some(&args.output), &text)?;
    Ok(Outcome::Success)
}

/// The command line that runs `pack --stream compact` from scratch with these flags and
/// `member` (`--shard I/N`) if any (a resumed run's recipe names the command it continues).
pub fn compact_command(args: &PackArgs, member: Option<String>) -> String {
    let layout = args.layout.name();
    let command = format!(
        "magic-gen pack --stream compact --layout {layout} --seed {} --cycles {} --chains {} --cycle-moves {} --t-start {} --t-end {} --choices {} --used-weight {} --rook-draws {} --bishop-draws {} --pool-size {} --span-pool-size {} --sample-pool-size {}",
        args.seed,
        args.cycles,
        args.chains,
        args.cycle_moves,
        args.t_start,
        args.t_end,
        args.choices,
        args.used_weight,
        args.rook_draws,
        args.bishop_draws,
        args.pool_size,
        args.span_pool_size,
        args.sample_pool_size
    );
    match member {
        Some(member) => format!("{command} {member}"),
        None => command,
    }
}

/// The command line that reproduces this run, as the recipe records it.
/// The squares the `search --black` CSVs at `paths` found, each checked to be the candidate its
/// number gives in the search of `seed` (the packer's: a recipe has one seed). A square found
/// in several files must be the same magic in each.
fn read_searched(paths: &[std::path::PathBuf], seed: u64) -> Result<Vec<Searched>, Failure> {
    let mut searched: Vec<Searched> = Vec::new();
    for path in paths {
        for square in read_searched_file(path, seed)? {
            match searched.iter().find(|s| s.pair == square.pair) {
                Some(seen) if *seen != square => {
                    let (slider, board_square) = magic_gen::dense::pair_parts(square.pair);
                    return Err(Failure(format!(
                        "{}: {slider} {board_square} is another magic than an earlier --searched file's",
                        path.display()
                    )));
                }
                Some(_) => {}
                None => searched.push(square),
            }
        }
    }
    searched.sort_by_key(|s| s.pair);
    Ok(searched)
}

fn read_searched_file(path: &Path, seed: u64) -> Result<Vec<Searched>, Failure> {
    let text = crate::output::read_text(path)?;
    if text.starts_with(crate::sweep_cmd::TITLE) {
        return read_sweep_file(path, &text).map(|found| vec![found]);
    }
    let results = read_black_results(path, &text).map_err(|e| Failure(e.to_string()))?;
    if results.seed != seed {
        return Err(Failure(format!(
            "{}: searched with seed {}, not this packing's seed {seed}: search with --seed {seed}",
            path.display(),
            results.seed
        )));
    }
    let mut searched = Vec::new();
    for square in &results.squares {
        let Some((magic, number)) = square.found else { continue };
        let derived = searched_candidate(seed, square.slider, square.square, square.bits, number);
        if derived != magic {
            return Err(Failure(format!(
                "{}: {} {}: {magic:#018X} is not candidate {number} of the search with seed {seed} ({derived:#018X}): search with --seed {seed}",
                path.display(),
                square.slider,
                square.square
            )));
        }
        let found = Found::Candidate(number);
        searched.push(Searched { pair: pair_index(square.slider, square.square), bits: square.bits, found });
    }
    Ok(searched)
}

/// The magic a `sweep --black` file gives its square: of the magics it lists, the one whose
/// used indices span the fewest slots (the first on a tie), as `sweep:N` with `N` its place in
/// the list. The packer checks that it is a black magic.
fn read_sweep_file(path: &Path, text: &str) -> Result<Searched, Failure> {
    let file = crate::sweep_cmd::parse(&path.display().to_string(), text)?;
    if file.color == Color::White {
        return Err(Failure(format!("{}: a sweep of white magics; the packing takes black ones", path.display())));
    }
    let mask = magic_gen::geometry::relevant_mask(file.slider, file.square);
    let span = |magic: u64| {
        let indices =
            magic_gen::geometry::subsets(mask).map(|occ| Indexing::Black.index(occ, mask, magic, 64 - file.bits));
        let (low, high) = indices.fold((u64::MAX, 0), |(low, high), i| (low.min(i), high.max(i)));
        high - low
    };
    let (index, magic) = (1u64..)
        .zip(file.cursor.magics.iter().copied())
        .min_by_key(|&(index, magic)| (span(magic), index))
        .ok_or_else(|| Failure(format!("{}: the sweep lists no magic", path.display())))?;
    let found = Found::Swept { index, magic };
    Ok(Searched { pair: pair_index(file.slider, file.square), bits: file.bits, found })
}

fn reproduce_command(args: &PackArgs) -> String {
    let defaults = Params::default();
    let mut words = vec!["magic-gen pack".to_owned()];
    match &args.resume {
        Some(path) => words.push(format!("--resume {}", path.display())),
        None => {
            let layout = args.layout.name();
            if args.stream != PackStream::Dense {
                words.push(format!("--stream {}", args.stream.packed().name()));
            }
            words.push(format!("--layout {layout} --seed {}", args.seed));
        }
    }
    for path in &args.searched {
        words.push(format!("--searched {}", path.display()));
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
        ("--lambda", args.lambda as u64, defaults.lambda as u64),
        ("--walks", args.walks as u64, 0),
        ("--walk-steps", args.walk_steps, 0),
        ("--walk-gap", args.walk_gap as u64, 0),
        ("--pool-gap", args.pool_gap as u64, 0),
        ("--tailor-every", args.tailor_every, 0),
        ("--tailor-steps", args.tailor_steps, 0),
        ("--restart-every", args.restart_every, 0),
    ] {
        if value != default {
            words.push(format!("{flag} {value}"));
        }
    }
    if args.score_blocked {
        words.push("--score-blocked".to_owned());
    }
    words.join(" ")
}
