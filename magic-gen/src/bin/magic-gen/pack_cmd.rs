//! `magic-gen pack`: the dense packing search ([`magic_gen::dense::run`]), with progress on
//! stderr, atomic checkpoints of the best recipe so far, resumption, and an iteration budget
//! that makes runs reproducible (`--time` may stop one early, and the recipe then says so).
//!
//! `--time T` ends the whole command within T seconds, whatever the run is doing: the search
//! (walks, construction, iterations) stops a little before T ([`reserve`]), the run then turns
//! what it has into a table (the squares a cut construction left, placed in haste; the bishops'
//! compaction, cut at the finish flag just before T if it is not done) and the last checkpoint
//! is written. A thread prints where the run is every `--progress` seconds, in every phase.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use magic_gen::atomic_write::write_file;
use magic_gen::dense::{
    Control, Finished, Found, Halt, Meter, Observer, Phase, Preset, Progress, Reading, RunPlan, SUSPENDED, Searched,
    Settings, Start, WalkCache, run as run_packer,
};
use magic_gen::files::read_black_results;
use magic_gen::magic_set::Indexing;
use magic_gen::recipe::{PackedStream, Recipe, RecipeLayout, searched_candidate};
use magic_gen::search::Shard;
use magic_gen::search::exhaustive::{Color, ExhaustiveSearch};
use magic_gen::{ReferenceSet, pair_index};

use crate::cli::{MAX_SHARDS, PackArgs, PackLayout, RunArgs};
use crate::interrupt::{Reason, Reserve, Stop};
use crate::output::write_text;
use crate::{Failure, Outcome};

/// Saves checkpoints to the output file; stops the run at `--time` or on a signal.
struct Watch<'a> {
    references: &'a ReferenceSet,
    output: &'a Path,
    started: Instant,
    stop: Stop,
    /// What an iteration is called in the last line.
    unit: &'static str,
    /// (table entries, used slots) of the last checkpoint written.
    written: Option<(usize, usize)>,
    /// `--walk-cache`: the file, and the walks it held when the run started.
    walk_cache: Option<(&'a Path, Option<WalkCache>)>,
}

impl Observer for Watch<'_> {
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
        // Verified before it replaces the previous checkpoint, which stays if anything fails.
        let report = best.check("the best placement", self.references).map_err(|e| format!("internal: {e}"))?;
        let size = (report.entries, report.used);
        write_file(self.output, magic_gen::text::seal(&best.render(Some(size))).as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.output.display()))?;
        // A run cut before its iterations writes its one table at its end.
        if self.written.is_none() && best.checkpoint.as_ref().is_some_and(|c| c.stopped == "running") {
            note!("constructed: table {}, used {}", report.entries, report.used);
        }
        self.written = Some(size);
        Ok(())
    }

    fn poll(&mut self, _: &Progress) -> Option<Halt> {
        // A time limit ends the run with its best table; a signal suspends it, to continue.
        match self.stop.reason()? {
            Reason::Time => Some(Halt::End(Reason::Time.describe().to_owned())),
            reason => Some(Halt::Suspend(reason.describe().to_owned())),
        }
    }

    fn walked(&mut self, walks: &WalkCache) -> Result<(), String> {
        let Some((path, held)) = &mut self.walk_cache else { return Ok(()) };
        // Squares may hold more walks in the file than this run makes: those stay.
        let keep = held.as_ref().map_or_else(|| walks.clone(), |held| held.merged(walks));
        if held.as_ref() != Some(&keep) {
            write_file(path, keep.render().as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            note!("walks kept in {}: {} per square", path.display(), keep.walks());
            *held = Some(keep);
        }
        Ok(())
    }
}

/// A walk cache's text, read: an error names the file and line.
pub fn parse_walk_cache(path: &Path, text: &str) -> Result<WalkCache, Failure> {
    WalkCache::parse(text).map_err(|(line, message)| match line {
        0 => Failure(format!("{}: {message}", path.display())),
        line => Failure(format!("{}:{line}: {message}", path.display())),
    })
}

/// What a command of `run` means without `--preset`: the layout's default for a new run, `record`
/// for one that resumes a recipe (whose layout the recipe names).
pub fn default_settings(run: &RunArgs, resumed: bool) -> Settings {
    if resumed { Preset::Record.settings() } else { magic_gen::dense::layout_default(run.layout.layout()) }
}

/// The settings `run` names: its `--preset` (or the default, [`default_settings`]) with its
/// `--set` changes, checked.
pub fn settings(run: &RunArgs, resumed: bool) -> Result<Settings, Failure> {
    let mut settings = run.preset.map_or_else(|| default_settings(run, resumed), Preset::settings);
    for item in &run.set {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| Failure(format!("--set {}: expected KEY=VALUE", magic_gen::text::quote_prefix(item))))?;
        settings.set(key, value).map_err(Failure)?;
    }
    settings.params.check().map_err(Failure)?;
    Ok(settings)
}

/// The walks `--walk-cache FILE` holds: `None` if FILE does not exist yet (the run writes it).
fn read_walk_cache(args: &PackArgs, settings: &Settings) -> Result<Option<WalkCache>, Failure> {
    let Some(path) = &args.walk_cache else { return Ok(None) };
    if settings.params.walks == 0 {
        return Err(Failure("--walk-cache keeps the walks of a run with walks (these settings have none)".to_owned()));
    }
    if *path == args.output || args.resume.as_ref() == Some(path) {
        return Err(Failure(format!(
            "--walk-cache {}: give the walks a file of their own, not the recipe's",
            path.display()
        )));
    }
    // The same file by another name (`./x.csv`, a link) is refused by identity.
    let mut recipes: Vec<(&str, &Path)> = vec![("-o", &args.output)];
    recipes.extend(args.resume.as_deref().map(|resume| ("--resume", resume)));
    for (flag, recipe) in recipes {
        crate::output::check_not_input(Some(recipe), &[("--walk-cache", path)]).map_err(|_| {
            Failure(format!(
                "--walk-cache {} is the file of {flag}: give the walks a file of their own",
                path.display()
            ))
        })?;
    }
    crate::output::check_writable(Some(path))?;
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::output::read_text(path)?;
    let cache = parse_walk_cache(path, &text)?;
    if cache.part.is_some() {
        return Err(Failure(format!(
            "{}: one shard of a walk array: `magic-gen merge` its shards into the whole cache",
            path.display()
        )));
    }
    Ok(Some(cache))
}

pub fn run(args: PackArgs) -> Result<Outcome, Failure> {
    crate::check_threads(args.threads)?;
    // Every parallel part of the run (walks, draws, fits) runs on these threads.
    crate::worker_pool(args.threads)?.install(|| run_on_threads(args))
}

fn run_on_threads(args: PackArgs) -> Result<Outcome, Failure> {
    let started = Instant::now();
    if args.output == Path::new("-") {
        return Err(Failure("pack writes its checkpoints to -o: give a file, not `-`".to_owned()));
    }
    if !(args.progress.is_finite() && args.progress > 0.0 && args.progress <= 86_400.0) {
        return Err(Failure(format!("--progress {} is out of range: above 0 and at most 86400", args.progress)));
    }
    if args.portfolio.is_some_and(|n| !(1..=MAX_SHARDS).contains(&n)) {
        return Err(Failure(format!("--portfolio is out of range: 1 to {MAX_SHARDS}")));
    }
    // Checked here as well as by the run, so that no progress line comes before the error.
    if args.iterations > magic_gen::dense::MAX_ITERATIONS {
        return Err(Failure(format!(
            "--iterations {} is out of range: 0 to {}",
            args.iterations,
            magic_gen::dense::MAX_ITERATIONS
        )));
    }
    if !args.searched.is_empty() && args.resume.is_none() && args.run.layout != PackLayout::BlackVariable {
        return Err(Failure(
            "--searched gives squares of --layout black-variable their searched black magics".to_owned(),
        ));
    }
    let settings = settings(&args.run, args.resume.is_some())?;
    // `--time` counts from here: reading the inputs is part of the run.
    let reserve = reserve(&settings, args.time);
    let stop = Stop::install_reserving(args.time, reserve)?;
    crate::output::check_checkpoint_file(&args.output)?;
    // A resumed recipe may be continued in place (`--resume r.csv -o r.csv`); the lists it
    // reads may not be replaced by it.
    let lists: Vec<(&str, &Path)> = args.searched.iter().map(|path| ("--searched", path.as_path())).collect();
    crate::output::check_not_input(Some(&args.output), &lists)?;
    let walk_cache = read_walk_cache(&args, &settings)?;
    let references = ReferenceSet::new();
    if let Some(members) = args.portfolio {
        return run_portfolio(&args, (&references, &settings), members, walk_cache, (&stop, started));
    }
    let command = reproduce_command(&args, &settings, args.shard, args.iterations);
    let mut iterations = args.iterations;
    let mut searched_files = args.searched.as_slice();
    let start = match (&args.resume, args.continue_run) {
        (Some(path), _) => {
            let recipe = read_checked_recipe(path, &references)?;
            if !args.searched.is_empty() && recipe.rows.iter().all(|row| row.bits.is_none()) {
                return Err(Failure(format!(
                    "--searched: {} is not a black-variable recipe (it has no bits column)",
                    path.display()
                )));
            }
            Start::Resume(recipe)
        }
        (None, true) => match continued(&args, &references, &command)? {
            Continued::Finished => return Ok(Outcome::Success),
            Continued::From(recipe) => {
                let done = recipe.checkpoint.as_ref().map_or(0, |c| c.iteration);
                iterations = iterations.saturating_sub(done);
                // Its searched squares are in the recipe already: placing them again would
                // not be the run that never stopped.
                searched_files = &[];
                Start::Resume(recipe)
            }
            Continued::Anew => new_start(&args, &settings),
        },
        (None, false) => new_start(&args, &settings),
    };
    let seed = match &start {
        Start::Resume(recipe) => recipe.seed,
        Start::New { seed, .. } => *seed,
    };
    let plan = RunPlan {
        iterations,
        restart_every: settings.restart_every,
        compact_bishops: (settings.compact_bishops > 0).then_some(settings.compact_bishops),
        command,
        searched: match read_searched(searched_files, seed, stop.flag()) {
            Err(failure) => return stopped_reading(&stop, failure),
            Ok(searched) => searched,
        },
        walk_cache: walk_cache.clone(),
    };
    // The walk cache is checked against the run here, before anything is said: an error comes
    // first and alone, naming the file.
    if let (Some(path), Some(cache), Some((indexing, stream, seed, bits))) =
        (&args.walk_cache, &walk_cache, walk_settings(&start))
    {
        let this_run =
            WalkCache::empty(seed, indexing, stream, settings.params.walk_steps, settings.params.walk_gap, &bits);
        cache.check_for(&this_run).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    }
    let mut watch = Watch::new(&references, &args, "iteration", (stop.clone(), started));
    // Every input is read and checked: what the run starts from can be said now (not before an
    // error about a later input).
    if let (Some(path), Some(cache)) = (&args.walk_cache, &walk_cache) {
        note!("walk cache {}: {} walks per square", path.display(), cache.walks());
    }
    if let Start::Resume(Recipe { seed, checkpoint: Some(checkpoint), .. }) = &start {
        note!("resumed seed {seed} at iteration {}", checkpoint.iteration);
    }
    watch.walk_cache = args.walk_cache.as_deref().map(|path| (path, walk_cache));
    note!("placing every square, then {iterations} iterations");
    if let Some(seconds) = args.time {
        note!(
            "--time {seconds}: the search ends {:.1} s before it, to finish and write the table",
            reserve.finishing + reserve.writing
        );
    }
    let params = member_params(&settings, args.shard);
    let meter = Meter::new();
    let control = Control { stop: stop.flag(), finish: stop.finish_flag(), meter: &meter };
    let every = Duration::from_secs_f64(args.progress);
    let mut result = with_progress((&meter, &stop, started), every, || {
        run_packer(&references, start, params, &plan, &mut watch, control)
    });
    if let Ok(Finished { bishop_lines: Some((before, after)), .. }) = &result {
        note!("bishops' cache lines: {before} -> {after}");
    }
    if let (Ok(Finished { recipe: Recipe { checkpoint: Some(checkpoint), .. }, complete: false, .. }), Some(reason)) =
        (&result, stop.reason())
    {
        if checkpoint.stopped.starts_with(SUSPENDED) {
            note!("{}: stopped while walking again; the suspended state is kept as it was", reason.describe());
        }
    }
    if let Ok(finished) = &mut result {
        if let Some(budget) = time_stop_as_budget(&args, &settings, finished) {
            watch.checkpoint(&finished.recipe).map_err(Failure)?;
            note!(
                "--time ended the run after {budget} iterations: its recipe records that budget, which gives the same table"
            );
        }
    }
    let outcome = watch.finish(result)?;
    if let (Some(seconds), Some((entries, _))) = (args.time, watch.written) {
        // What a short budget gives, against the table that needs no packing.
        let fancy: usize = references.iter().map(|square| 1 << square.mask_bits()).sum();
        if entries > fancy {
            note!(
                "the table ({entries} entries) is larger than the fancy layout's {fancy}, which needs no packing: --time {seconds} was too short for this run to pack (docs/cli.md: what time buys)"
            );
        }
    }
    Ok(outcome)
}

/// What a run's walks depend on besides the walk settings: indexing, stream, seed and each
/// square's index bits, for a new run or for the recipe a run resumes (`None`: not a packed
/// recipe, which the run refuses itself).
fn walk_settings(start: &Start) -> Option<(Indexing, PackedStream, u64, Vec<u32>)> {
    match start {
        Start::New { indexing, stream, seed, bits } => Some((*indexing, *stream, *seed, bits.clone())),
        Start::Resume(recipe) => {
            let RecipeLayout::Packed(indexing) = recipe.layout else { return None };
            Some((indexing, recipe.stream, recipe.seed, magic_gen::dense::recipe_bits(recipe)))
        }
    }
}

/// A run that `--time` ended after `K` iterations is the run with the budget `--iterations K`:
/// the loop checks for a stop before each iteration, and both end the same way (bishop
/// compaction from the best placement, the last checkpoint). So that the recipe's `# command=`
/// reproduces it, this rewrites the command with that budget and `# stopped=budget`, and returns
/// `K`; it returns `None` and leaves the recipe alone where the two runs differ (see
/// [`equivalent_budget`]).
fn time_stop_as_budget(args: &PackArgs, settings: &Settings, finished: &mut Finished) -> Option<u64> {
    let checkpoint = finished.recipe.checkpoint.as_mut()?;
    // A run the time limit cut in its construction or its compaction is no budget's run.
    if !finished.complete || !checkpoint.stopped.starts_with(Reason::Time.describe()) {
        return None;
    }
    let budget = equivalent_budget(finished.iteration, settings.restart_every, args.resume.is_some())?;
    checkpoint.stopped = "budget".to_owned();
    finished.recipe.command = Some(reproduce_command(args, settings, args.shard, budget));
    Some(budget)
}

/// The part of `--time` that `pack` keeps for the work after its search ([`Reserve`]): 2.5 s
/// to place in haste the squares a cut construction left (about a second when none has a
/// candidate yet), with the bishops' compaction a tenth of the limit more (at most 120 s in
/// all, and at most half the limit), and 0.25 s to write the table. A compaction the finish
/// flag cuts leaves a table that no `--iterations` budget reproduces (its recipe says so);
/// the tenth lets it finish in long runs (about 100 s for the `record` preset's 2,000,000
/// draws per bishop), whose recipes then record the budget they reached.
fn reserve(settings: &Settings, seconds: Option<f64>) -> Reserve {
    let Some(limit) = seconds else { return Reserve::default() };
    let compaction = if settings.compact_bishops > 0 { limit / 10.0 } else { 0.0 };
    Reserve { finishing: (2.5 + compaction).min(120.0).min(limit / 2.0), writing: 0.25_f64.min(limit / 10.0) }
}

/// Runs `work` while a thread prints where the run `meter` counts is on stderr: within a
/// second, then every `every`, until `work` returns. With `--time`, it also looks at the walks
/// every quarter of a second until it knows whether they end before the search does, and says
/// at once, on one line, when they will not ([`walks_forecast`]).
fn with_progress<T>((meter, stop, started): (&Meter, &Stop, Instant), every: Duration, work: impl FnOnce() -> T) -> T {
    const LOOK: Duration = Duration::from_millis(250);
    let (done, finished) = channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut next_line = started + every.min(Duration::from_secs(1));
            // Until the walks are known to end in time (or not), and when they began.
            let (mut forecast, mut walks_began) = (stop.search_left().is_some(), None);
            loop {
                let now = Instant::now();
                let until_line = next_line.saturating_duration_since(now);
                let wait = if forecast { LOOK.min(until_line) } else { until_line };
                // The work's end: the forecast is made once more (a run cut in its walks may end
                // between two looks), and no progress line.
                let ended = !matches!(finished.recv_timeout(wait), Err(RecvTimeoutError::Timeout));
                let reading = meter.read();
                if forecast {
                    // The walks began at the first look that saw them (a quarter second late at most).
                    if reading.phase == Phase::Walks {
                        walks_began.get_or_insert_with(Instant::now);
                    }
                    let walking = walks_began.filter(|_| reading.phase == Phase::Walks).map(|began| began.elapsed());
                    match walks_forecast(&reading, walking, stop.search_left()) {
                        Forecast::Unknown => {}
                        Forecast::InTime => forecast = false,
                        Forecast::Late(message) => {
                            note!("{message}");
                            forecast = false;
                        }
                    }
                }
                if ended {
                    break;
                }
                let now = Instant::now();
                if now >= next_line {
                    note!("{}", progress_line(&reading, started.elapsed(), stop.time_left()));
                    // A thread woken late (a loaded machine) prints one line, not one per
                    // interval it missed.
                    next_line += every;
                    if next_line <= now {
                        next_line = now + every;
                    }
                }
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// What the walks of a run under `--time` will come to, as [`walks_forecast`] says it.
#[derive(Debug, PartialEq)]
enum Forecast {
    /// Not known yet: the run has not started its walks, or is walking at a pace that ends
    /// them in time so far (looked at again until they are over).
    Unknown,
    /// They are over (or the run has none): nothing to say.
    InTime,
    /// They will not: the line that says so.
    Late(String),
}

/// Whether the walks `reading` counts end before the search does (`search_left` from now), at
/// the pace of the walking done in `walking` (the time since the walks began, while the run
/// walks): the walking left at that pace, each walk weighed by its square's keys as the meter
/// counts it (a rook walk costs many bishop walks). A run cut in its walks places every square in haste, far
/// larger than a packed table: that is said on one line as soon as it is known, and at the
/// latest when the cut comes.
fn walks_forecast(reading: &Reading, walking: Option<Duration>, search_left: Option<Duration>) -> Forecast {
    let (Some(search_left), (done, of)) = (search_left, reading.walks) else { return Forecast::InTime };
    let late = |rest: Option<f64>| {
        let when = match rest {
            Some(rest) => format!(
                "at this pace the walks need about {rest:.0} s more, and the search ends in {:.0} s",
                search_left.as_secs_f64()
            ),
            None => format!(
                "the search ends before the walks ({}% of the walking done)",
                done.saturating_mul(100) / of.max(1)
            ),
        };
        Forecast::Late(format!(
            "--time is too short for a packed table: {when}; every square will be placed in haste, far larger than a packed table (give the walks the time they need, or make them apart: `magic-gen walk`, then --walk-cache)"
        ))
    };
    match (reading.phase, walking) {
        (Phase::Start, _) => Forecast::Unknown,
        // A pace measured over half a second at least.
        (Phase::Walks, Some(walking)) if done > 0 && walking.as_secs_f64() >= 0.5 => {
            let rest = walking.as_secs_f64() * (of.saturating_sub(done)) as f64 / done as f64;
            if rest < search_left.as_secs_f64() { Forecast::Unknown } else { late(Some(rest)) }
        }
        (Phase::Walks, _) if search_left.is_zero() => late(None),
        (Phase::Walks, _) => Forecast::Unknown,
        // Cut in its walks before the pace was known.
        (Phase::Completion | Phase::End, _) if done < of => late(None),
        _ => Forecast::InTime,
    }
}

/// A progress line: the phase, the squares (and walks) done of how many, the table so far, the
/// time since the start and the time left.
fn progress_line(reading: &Reading, elapsed: Duration, left: Option<Duration>) -> String {
    let (done, of) = reading.squares;
    let table = |end: u64| if end > 0 { format!(", table {end} entries") } else { String::new() };
    let what = match reading.phase {
        Phase::Start => "starting".to_owned(),
        Phase::Walks => {
            let (walked, walking) = reading.walks;
            let share = walked.saturating_mul(100).checked_div(walking).unwrap_or(100);
            format!("walks: {done} of {of} squares walked, {share}% of the walking")
        }
        Phase::Construction => format!("construction: {done} of {of} squares placed{}", table(reading.end)),
        Phase::Completion => format!("placing in haste: {done} of {of} squares placed{}", table(reading.end)),
        Phase::Iterations => format!(
            "iteration {} of {}: best {} entries, now {}, {} slots used",
            reading.iteration.0, reading.iteration.1, reading.best_end, reading.end, reading.used
        ),
        Phase::Compaction => format!("bishops' compaction: {done} of {of} squares{}", table(reading.best_end)),
        Phase::End => "writing the table".to_owned(),
    };
    let left = left.map_or(String::new(), |left| format!(", {:.0} s left", left.as_secs_f64()));
    format!("{what}, {:.0} s{left}", elapsed.as_secs_f64())
}

/// The budget whose run ends as one that a time limit stopped at iteration `stopped` (counted
/// from scratch): `stopped` itself, except
/// - for `--resume` (its command names the recipe it resumed, which `-o` may have replaced since,
///   so the command may no longer reproduce anything; its record stays as it was), and
/// - at a restart (a multiple of `restart_every`): a run with budget left restarts there from
///   its best placement, one whose budget ends there does not.
fn equivalent_budget(stopped: u64, restart_every: u64, resumed: bool) -> Option<u64> {
    let at_restart = restart_every > 0 && stopped > 0 && stopped % restart_every == 0;
    (!resumed && !at_restart).then_some(stopped)
}

/// The settings' parameters for portfolio member `shard` (member 0 without one).
fn member_params(settings: &Settings, shard: Option<Shard>) -> magic_gen::dense::Params {
    magic_gen::dense::Params { member: shard.map_or(0, Shard::index), ..settings.params.clone() }
}

/// A new run of `args`' layout and seed.
fn new_start(args: &PackArgs, settings: &Settings) -> Start {
    Start::New {
        indexing: args.run.layout.indexing(),
        stream: settings.stream,
        seed: args.run.seed,
        bits: args.run.layout.bits(),
    }
}

/// What `--continue` finds in the output file.
enum Continued {
    /// The run finished: nothing to do.
    Finished,
    /// A suspended run of this command, to resume.
    From(Recipe),
    /// No file, or a run that cannot be continued exactly: start.
    Anew,
}

fn continued(args: &PackArgs, references: &ReferenceSet, command: &str) -> Result<Continued, Failure> {
    let path = &args.output;
    if !path.exists() {
        return Ok(Continued::Anew);
    }
    let text = crate::output::read_text(path)?;
    if text.trim().is_empty() {
        // Made empty ahead of the run (a scheduler's output file, `touch`): nothing to continue.
        note!("{} is empty: starting", path.display());
        return Ok(Continued::Anew);
    }
    // Only what this command wrote is continued: its checkpoints are sealed, so a file whose
    // checksum line is gone (or that never had one) is not taken for one.
    if !magic_gen::text::is_sealed(&text) {
        return Err(Failure(format!(
            "--continue: {} is not a checkpoint of magic-gen pack (no `# checksum=` line at its end); give another --output, or remove it",
            path.display()
        )));
    }
    let recipe = read_checked_recipe(path, references)?;
    if let Some((held_budget, _)) = other_budget(recipe.command.as_deref().unwrap_or(""), command) {
        // Typically a run `--time` ended, which records the budget it reached.
        return Err(Failure(format!(
            "--continue: {} holds this run with another budget, --iterations {held_budget} (a run --time ended records the budget it reached); `--resume` it to go on, or give another --output",
            path.display()
        )));
    }
    if recipe.command.as_deref() != Some(command) {
        return Err(Failure(format!(
            "--continue: {} holds another run (its command: {}); give another --output, or remove it",
            path.display(),
            recipe.command.as_deref().map_or("none".into(), magic_gen::text::quote_prefix)
        )));
    }
    let stopped = recipe.checkpoint.as_ref().map_or("", |c| c.stopped.as_str());
    if stopped == "budget" {
        note!("{} is this run, finished: nothing to do", path.display());
        return Ok(Continued::Finished);
    }
    if stopped.starts_with(SUSPENDED) {
        note!("continuing {} ({stopped})", path.display());
        return Ok(Continued::From(recipe));
    }
    note!("{} ({stopped}) was not suspended at a restart: starting again", path.display());
    Ok(Continued::Anew)
}

impl<'a> Watch<'a> {
    fn new(
        references: &'a ReferenceSet,
        args: &'a PackArgs,
        unit: &'static str,
        (stop, started): (Stop, Instant),
    ) -> Self {
        Watch { references, output: &args.output, started, stop, unit, written: None, walk_cache: None }
    }

    /// The end of a run that returned `result`: its last line, or why it wrote nothing.
    fn finish(&self, result: Result<Finished, String>) -> Result<Outcome, Failure> {
        let stopped = self.stop.reason();
        let finished = match result {
            Ok(finished) => finished,
            Err(message) => {
                return match stopped {
                    Some(reason) => {
                        note!("{}: {message}", reason.describe());
                        Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped))
                    }
                    None => Err(Failure(match self.walk_cache {
                        // A walk the cache misstates, found while the run walked it again.
                        Some((path, _)) if message.starts_with("the walk cache is not this run's walks") => {
                            format!("{}: {message}", path.display())
                        }
                        _ => message,
                    })),
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
        note!(
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
    let recipe = Recipe::parse(&text).map_err(|e| Failure(e.located(&path.display().to_string())))?;
    // Its errors name the file (and a failing square's line).
    recipe.check(&path.display().to_string(), references).map_err(Failure)?;
    Ok(recipe)
}

/// Keeps the last recipe a run hands out, in memory; ends the run when `stop` says so.
struct Keep<'a>(Option<Recipe>, Option<WalkCache>, &'a Stop);

impl Observer for Keep<'_> {
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
        self.0 = Some(best.clone());
        Ok(())
    }

    fn poll(&mut self, _: &Progress) -> Option<Halt> {
        // The portfolio writes nothing then: the run need only end.
        self.2.reason().map(|reason| Halt::End(reason.describe().to_owned()))
    }

    fn walked(&mut self, walks: &WalkCache) -> Result<(), String> {
        self.1 = Some(walks.clone());
        Ok(())
    }
}

/// `--portfolio N`: every member in turn (the walks made once), the smallest verified table
/// written (ties: the lower member), exactly what `merge` of the members' `--shard I/N` recipes
/// writes.
fn run_portfolio(
    args: &PackArgs,
    (references, settings): (&ReferenceSet, &Settings),
    members: u64,
    mut walk_cache: Option<WalkCache>,
    (stop, started): (&Stop, Instant),
) -> Result<Outcome, Failure> {
    if args.resume.is_some() || args.continue_run {
        return Err(Failure("--portfolio runs its members from scratch: no --resume or --continue".to_owned()));
    }
    // Read once: every member places the same searched squares.
    let searched = match read_searched(&args.searched, args.run.seed, stop.flag()) {
        Err(failure) => return stopped_reading(stop, failure),
        Ok(searched) => searched,
    };
    let mut recipes = Vec::new();
    for member in 0..members {
        let shard = Shard::new(member, members).map_err(|e| Failure(e.to_string()))?;
        note!("member {shard}");
        let plan = RunPlan {
            iterations: args.iterations,
            restart_every: settings.restart_every,
            compact_bishops: (settings.compact_bishops > 0).then_some(settings.compact_bishops),
            command: reproduce_command(args, settings, Some(shard), args.iterations),
            searched: searched.clone(),
            walk_cache: walk_cache.clone(),
        };
        let mut keep = Keep(None, None, stop);
        let meter = Meter::new();
        let control = Control { stop: stop.flag(), finish: stop.finish_flag(), meter: &meter };
        let every = Duration::from_secs_f64(args.progress);
        let result = with_progress((&meter, stop, started), every, || {
            let params = member_params(settings, Some(shard));
            run_packer(references, new_start(args, settings), params, &plan, &mut keep, control)
        });
        if let Some(reason) = stop.reason() {
            note!("{}: the portfolio is incomplete; nothing written", reason.describe());
            return Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped));
        }
        result.map_err(Failure)?;
        // The members share their walks: the first one's serve the others.
        walk_cache = walk_cache.or(keep.1);
        recipes.push((format!("member {member}"), keep.0.expect("a finished run hands out its recipe")));
    }
    let text = crate::merge_cmd::merge_portfolio(references, recipes)?;
    write_text(Some(&args.output), &text)?;
    Ok(Outcome::Success)
}

/// The end of a run whose inputs could not be read: the failure, unless the stop flag cut the
/// reading (an annealed row replayed), which ends the run as any stop that has nothing to
/// write (exit 1 for `--time`, 130 or 143 for a signal).
fn stopped_reading(stop: &Stop, failure: Failure) -> Result<Outcome, Failure> {
    match stop.reason() {
        Some(reason) => {
            note!("{}: stopped while checking the --searched lists; nothing written", reason.describe());
            Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped))
        }
        None => Err(failure),
    }
}

/// The magic a `span` list gives its square: its best (shortest span, then fewest used slots,
/// then the first), as `span:N` (or `terms:…`), re-derived from its candidate number (or its
/// sum) first.
fn read_span_list(path: &Path, text: &str, seed: u64, stop: &AtomicBool) -> Result<Searched, Failure> {
    let name = path.display();
    let list = magic_gen::dense::SpanList::parse(text).map_err(|e| Failure(format!("{name}: {e}")))?;
    if list.seed != seed {
        return Err(Failure(format!(
            "{name}: a span search with seed {}, not this packing's seed {seed}: span --seed {seed}",
            list.seed
        )));
    }
    let best = list.best().ok_or_else(|| Failure(format!("{name}: the span search found no magic")))?;
    let search = list.search(&ReferenceSet::new()).map_err(|e| Failure(format!("{name}: {e}")))?;
    // A climb from a walk is checked by the packer, which walks that walk again.
    if best.walk.is_none() {
        list.check_found(&search, &best, stop).map_err(|e| Failure(format!("{name}: {e}")))?;
    }
    let found = match best.sum {
        Some(sum) => Found::Summed { sum, anneal: best.anneal, magic: best.magic },
        None => Found::Spanned {
            number: best.number,
            walk: best.walk,
            climb: best.climb,
            anneal: best.anneal,
            magic: best.magic,
        },
    };
    Ok(Searched { pair: pair_index(list.slider, list.square), bits: list.bits, found })
}

/// The squares the `search --black` CSVs at `paths` found, each checked to be the candidate its
/// number gives in the search of `seed` (the packer's: a recipe has one seed). A square found
/// in several files must be the same magic in each.
fn read_searched(paths: &[std::path::PathBuf], seed: u64, stop: &AtomicBool) -> Result<Vec<Searched>, Failure> {
    let mut searched: Vec<Searched> = Vec::new();
    for path in paths {
        for square in read_searched_file(path, seed, stop)? {
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

fn read_searched_file(path: &Path, seed: u64, stop: &AtomicBool) -> Result<Vec<Searched>, Failure> {
    let text = crate::output::read_text(path)?;
    if text.starts_with(crate::sweep_cmd::TITLE) {
        return read_sweep_file(path, &text).map(|found| vec![found]);
    }
    if text.starts_with(magic_gen::dense::SPAN_LIST_TITLE) {
        return read_span_list(path, &text, seed, stop).map(|found| vec![found]);
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
    let name = path.display().to_string();
    let file = crate::sweep_cmd::parse(&name, text)?;
    if file.color == Color::White {
        return Err(Failure(format!("{name}: a sweep of white magics; the packing takes black ones")));
    }
    // A row `sweep:N@I/S` names entry N of the complete shard: a stopped one would name another.
    let search = ExhaustiveSearch::with_color(file.slider, file.square, file.bits, file.color)
        .map_err(|e| Failure(format!("{name}: {e}")))?;
    crate::sweep_cmd::check_complete(&name, &file, &search)?;
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
    let shard = (file.cursor.shard != magic_gen::search::exhaustive::Shard::WHOLE).then_some(file.cursor.shard);
    let found = Found::Swept { index, magic, shard };
    Ok(Searched { pair: pair_index(file.slider, file.square), bits: file.bits, found })
}

/// `path` as a word of a recorded command line (quoted if it has blanks or quotes).
pub fn quote_path(path: &Path) -> String {
    magic_gen::text::shell_quote(&path.display().to_string())
}

/// A recorded `pack` command without its `--iterations N`, and `N`: two commands of one run that
/// differ only in their budgets have the same first part.
fn split_budget(command: &str) -> Option<(String, u64)> {
    let (before, after) = command.split_once(" --iterations ")?;
    let (number, rest) = after.split_once(' ').unwrap_or((after, ""));
    Some((format!("{before} {rest}"), number.parse().ok()?))
}

/// The budgets of two recorded `pack` commands, `(held's, other's)`, when they are the same run
/// but for their `--iterations` (as a run `--time` ended records the budget it reached).
pub fn other_budget(held: &str, other: &str) -> Option<(u64, u64)> {
    let ((held_rest, held_budget), (rest, budget)) = (split_budget(held)?, split_budget(other)?);
    (held_rest == rest && held_budget != budget).then_some((held_budget, budget))
}

/// The command line that reproduces this run (member `shard` of a portfolio, if any) with the
/// budget `iterations`, as the recipe records it: its layout and seed (or the recipe it
/// resumes), the preset and each setting that differs from it, the budget, the searched lists,
/// and the member last.
fn reproduce_command(args: &PackArgs, settings: &Settings, shard: Option<Shard>, iterations: u64) -> String {
    let mut words = vec!["magic-gen pack".to_owned()];
    match &args.resume {
        Some(path) => words.push(format!("--resume {}", quote_path(path))),
        None => words.push(format!("--layout {} --seed {}", args.run.layout.name(), args.run.seed)),
    }
    words.extend(settings.command_words(&default_settings(&args.run, args.resume.is_some())));
    words.push(format!("--iterations {iterations}"));
    for path in &args.searched {
        words.push(format!("--searched {}", quote_path(path)));
    }
    if let Some(shard) = shard {
        words.push(format!("--shard {shard}"));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    /// Two commands of one run with different budgets split into the same rest.
    #[test]
    fn budgets_split_from_commands() {
        let (a, n) = split_budget("magic-gen pack --layout black --seed 1 --iterations 741755 --shard 1/4").unwrap();
        let (b, m) = split_budget("magic-gen pack --layout black --seed 1 --iterations 1000000 --shard 1/4").unwrap();
        assert_eq!((a.as_str(), n, m), ("magic-gen pack --layout black --seed 1 --shard 1/4", 741_755, 1_000_000));
        assert_eq!(a, b);
        assert_eq!(split_budget("magic-gen pack --layout black --seed 1 --iterations 5").unwrap().1, 5);
        assert_eq!(split_budget("magic-gen pack --layout black --seed 1"), None);
        let timed = "magic-gen pack --layout black --seed 1 --iterations 741755 --shard 1/4";
        let asked = "magic-gen pack --layout black --seed 1 --iterations 1000000 --shard 1/4";
        assert_eq!(other_budget(timed, asked), Some((741_755, 1_000_000)));
        assert_eq!(other_budget(asked, asked), None);
        assert_eq!(
            other_budget(timed, "magic-gen pack --layout black --seed 2 --iterations 1000000 --shard 1/4"),
            None
        );
    }

    /// The walks' forecast: unknown until a walk is done, then the remaining walks at the pace so
    /// far against the search's time left; a run cut in its walks is late at the latest then;
    /// a run without `--time` or without walks has nothing to forecast.
    #[test]
    fn walks_are_forecast_against_the_search() {
        let reading =
            |phase, walks| Reading { phase, squares: (0, 128), walks, iteration: (0, 0), best_end: 0, end: 0, used: 0 };
        let secs = Duration::from_secs_f64;
        let late = |f: Forecast| matches!(f, Forecast::Late(line) if line.starts_with("--time is too short for a packed table: ") && !line.contains('\n'));
        assert_eq!(walks_forecast(&reading(Phase::Walks, (3, 128)), Some(secs(1.0)), None), Forecast::InTime);
        assert_eq!(walks_forecast(&reading(Phase::Start, (0, 0)), None, Some(secs(15.0))), Forecast::Unknown);
        assert_eq!(
            walks_forecast(&reading(Phase::Walks, (0, 128)), Some(secs(1.0)), Some(secs(15.0))),
            Forecast::Unknown
        );
        // 4 of 128 in a second: 31 s more, after a search that ends in 15 s; in time with 40.
        let slow = walks_forecast(&reading(Phase::Walks, (4, 128)), Some(secs(1.0)), Some(secs(15.0)));
        assert!(
            matches!(&slow, Forecast::Late(line) if line.contains("the walks need about 31 s more, and the search ends in 15 s")),
            "{slow:?}"
        );
        assert_eq!(
            walks_forecast(&reading(Phase::Walks, (4, 128)), Some(secs(1.0)), Some(secs(40.0))),
            Forecast::Unknown
        );
        // No pace from less than half a second of walking.
        assert_eq!(
            walks_forecast(&reading(Phase::Walks, (4, 128)), Some(secs(0.2)), Some(secs(15.0))),
            Forecast::Unknown
        );
        // Cut before the pace was known, or the search over while walking.
        assert!(late(walks_forecast(&reading(Phase::Completion, (0, 128)), None, Some(secs(0.0)))));
        assert!(late(walks_forecast(&reading(Phase::End, (5, 128)), None, Some(secs(0.0)))));
        assert!(late(walks_forecast(&reading(Phase::Walks, (0, 128)), Some(secs(2.0)), Some(secs(0.0)))));
        // Walks done, or none to make.
        assert_eq!(walks_forecast(&reading(Phase::Construction, (128, 128)), None, Some(secs(1.0))), Forecast::InTime);
        assert_eq!(walks_forecast(&reading(Phase::Construction, (0, 0)), None, Some(secs(1.0))), Forecast::InTime);
        assert_eq!(walks_forecast(&reading(Phase::End, (0, 0)), None, Some(secs(0.0))), Forecast::InTime);
    }

    /// A time stop is recorded as its budget, except after `--resume` and on a restart.
    #[test]
    fn time_stops_become_budgets_where_they_are_the_same_run() {
        assert_eq!(equivalent_budget(741_755, 100_000, false), Some(741_755));
        assert_eq!(equivalent_budget(0, 100_000, false), Some(0));
        assert_eq!(equivalent_budget(300_000, 0, false), Some(300_000));
        assert_eq!(equivalent_budget(300_000, 100_000, false), None);
        assert_eq!(equivalent_budget(741_755, 100_000, true), None);
    }

    /// Every `magic-gen pack` of every shipped recipe's `# command=` (and the lab's) is a
    /// command this binary takes, and the one it writes for those settings: the recipes name
    /// their settings in the shortest form, so their commands reproduce them.
    #[test]
    fn shipped_commands_parse_and_are_written_as_they_read() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut packs = 0;
        for dir in ["magic-gen/recipes", "magic-gen/lab"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                // The lab keeps lists in directories of their own (`spans/`).
                if path.is_dir() {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let Some(command) = text.lines().find_map(|l| l.strip_prefix("# command=")) else { continue };
                for part in command.split(" && ").filter(|part| part.starts_with("magic-gen pack ")) {
                    // A recipe's own command leaves its output out.
                    let line = if part.contains(" -o ") { part.to_owned() } else { format!("{part} -o x") };
                    let cli = Cli::try_parse_from(line.split(' ')).unwrap_or_else(|e| panic!("{part}: {e}"));
                    let Command::Pack(args) = cli.command else { panic!("{part}: not pack") };
                    let settings = settings(&args.run, args.resume.is_some()).unwrap();
                    let written = reproduce_command(&args, &settings, args.shard, args.iterations);
                    let without_output = part.split(" -o ").next().unwrap();
                    assert_eq!(written, without_output);
                    packs += 1;
                }
            }
        }
        // fixed-shift (two: the run it resumes, then the resumed run), black (a portfolio
        // member), the lab's four black checkpoints (two of them portfolio members) and
        // black-variable (one each).
        assert_eq!(packs, 8);
    }

    /// The shipped fixed-shift and black commands are the settings their runs were made with,
    /// spelled out flag by flag before presets existed.
    #[test]
    fn shipped_commands_are_the_settings_of_their_runs() {
        let parse = |command: &str| {
            let Command::Pack(args) = Cli::try_parse_from(command.split(' ')).unwrap().command else { unreachable!() };
            settings(&args.run, args.resume.is_some()).unwrap()
        };
        let fixed_shift = parse("magic-gen pack --layout fixed-shift --seed 1 --iterations 919481 -o x");
        let mut explicit = Preset::Classic.settings();
        for (key, value) in [
            ("stream", "few-term"),
            ("compact-bishops", "2000000"),
            ("pool", "300"),
            ("init-valid", "2000"),
            ("kick-every", "2"),
            ("kick-window", "4000"),
            ("rebuild-every", "0"),
            ("walks", "256"),
            ("walk-steps", "100000"),
            ("restart-every", "100000"),
        ] {
            explicit.set(key, value).unwrap();
        }
        assert_eq!(parse("magic-gen pack --layout black --seed 1 --preset span --iterations 703780 -o x"), explicit);
        for (key, value) in [("walk-gap", "16"), ("pool-gap", "16"), ("score-blocked", "1")] {
            explicit.set(key, value).unwrap();
        }
        assert_eq!(fixed_shift, explicit);
    }
}
