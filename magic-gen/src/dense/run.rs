//! A whole packing run: construction, improvement iterations with restarts, the bishops'
//! compaction, and the best placement kept and handed out as checkpoints. This is what makes a
//! recipe reproducible from its `# command=` line, so it lives here, testable without the
//! command line; the command line only parses flags, writes files and watches the clock.
//!
//! A run is stopped by two flags ([`Control`]): `stop` ends the search (walks, construction,
//! iterations), `finish` the work that turns what the run has into a table (the squares a
//! stopped construction left, placed in haste; the bishops' compaction). The command line
//! raises `stop` a little before its time limit and `finish` just before it, so a run stopped
//! at any point still writes a valid table on time; its `# stopped=` line says what was cut.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::magic_set::Indexing;
use crate::recipe::{PackedStream, Recipe};
use crate::reference::ReferenceSet;

use super::meter::{Meter, Phase};
use super::packer::{Packer, Searched, Walks};
use super::params::Params;
use super::walk_cache::WalkCache;
use super::walk_confirm::{STOPPED_CONFIRMING, UnconfirmedWalks};

/// The error of a run stopped before it had anything to write: stopped (both flags of its
/// [`Control`]) before its first placement.
pub const STOPPED_EARLY: &str = "stopped before the first placement: nothing to write";

/// What a run looks at and reports to while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Control<'a> {
    /// Raised to end the search: every long loop (a walk, the construction's draws, the
    /// iterations through [`Observer::poll`]) looks at it within milliseconds, and the run then
    /// finishes with what it has: a construction it cut is completed in haste
    /// ([`Packer::complete`]), the bishops are compacted.
    pub stop: &'a AtomicBool,
    /// Raised (with or after `stop`) to end that finishing work too: the run then hands out
    /// what it has at once, the best placement with the bishops compacted so far, its unplaced
    /// squares (if any) at first fits.
    pub finish: &'a AtomicBool,
    /// Where the run is, for progress lines.
    pub meter: &'a Meter,
}

impl Control<'static> {
    /// Flags that are never raised and a meter no one reads: a run that goes to its end.
    pub fn unstopped() -> Self {
        static NEVER: AtomicBool = AtomicBool::new(false);
        static METER: Meter = Meter::new();
        Control { stop: &NEVER, finish: &NEVER, meter: &METER }
    }
}

/// The most iterations one run may be asked for: beyond any run's lifetime, far below overflow.
pub const MAX_ITERATIONS: u64 = 1_000_000_000_000;

/// Where a run starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// An empty table of `indexing` magics from master `seed`.
    New {
        /// Black or white (fixed-shift) indexing.
        indexing: Indexing,
        /// The frozen candidate stream: [`PackedStream::Dense`] or [`PackedStream::FewTerm`].
        stream: PackedStream,
        /// Master seed of the candidate streams.
        seed: u64,
        /// Index bits per pair ([`super::fixed_bits`] for the fixed-shift layouts).
        bits: Vec<u32>,
    },
    /// A recipe's placement and run state (`magic-gen pack --resume`).
    Resume(Recipe),
}

/// How long a run goes and what it does at its end; with [`Params`] and the [`Start`], all that
/// decides its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunPlan {
    /// Improvement iterations to run (after those a resumed recipe already did).
    pub iterations: u64,
    /// Every this many iterations, start again from the best placement with empty pools, as a
    /// resumption of its recipe would (0: never).
    pub restart_every: u64,
    /// At the end, re-place the bishops among the first this many candidates of their streams
    /// to touch the fewest cache lines ([`Packer::compact_bishops`]).
    pub compact_bishops: Option<u64>,
    /// The command line that reproduces the run, for the recipe's `# command=` line.
    pub command: String,
    /// Squares that keep a black magic of the random search instead of drawing from their
    /// stream ([`Packer::use_searched`]; their bits replace the start's): placed afresh, at
    /// their lowest fit, in a new run and in a resumed one alike.
    pub searched: Vec<Searched>,
    /// Walks an earlier run of the same walks made (`pack --walk-cache`): taken instead of
    /// walking them again, which gives the same run.
    pub walk_cache: Option<WalkCache>,
}

/// Where a run is, for an observer's progress lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Iterations done.
    pub iteration: u64,
    /// The run's budget in the same unit.
    pub target: u64,
    /// The best table end so far.
    pub best_end: usize,
    /// The current placement's table end.
    pub end: usize,
    /// The current placement's used slots.
    pub used: usize,
}

/// Why an observer stops a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The run ends here (a time limit): its best placement, compacted, is its result, as at
    /// the end of its budget.
    End(String),
    /// The run is suspended (a signal: a cluster's preemption or time limit, Ctrl-C): it hands
    /// out the state of its last restart (or of its resumed start), from which a resumed run
    /// ends exactly as the run that never stopped. A run suspended before its first restart
    /// ends as with [`Halt::End`].
    Suspend(String),
}

/// The start of a suspended run's `# stopped=` line: `pack --continue` resumes such a recipe.
pub const SUSPENDED: &str = "suspended:";

/// What watches a run: it saves checkpoints and may stop the run (at a time limit, on a signal).
/// The run itself never looks at a clock, so its result depends only on its inputs and on the
/// iteration at which it is stopped (and, for a run whose stop flag cut its construction or its
/// compaction, on how far those got).
pub trait Observer {
    /// A new best placement, or the final one: the observer saves it (a failure ends the run).
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String>;
    /// Called before every iteration; `Some` stops the run there, its reason going into the
    /// recipe's `# stopped=`. Also called once the stop flag has cut the walks, the construction
    /// or the compaction, for the reason the recipe gives (`None`: "stopped").
    fn poll(&mut self, progress: &Progress) -> Option<Halt>;
    /// The run's walks, once made (runs with walks only), for the observer to keep for later
    /// runs ([`RunPlan::walk_cache`]); a failure ends the run.
    fn walked(&mut self, _walks: &WalkCache) -> Result<(), String> {
        Ok(())
    }
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The best placement, with the run's final counters (so a resumption continues where this
    /// run stopped) and the reason it stopped.
    pub recipe: Recipe,
    /// The bishops' cache lines before and after compaction, if it ran.
    pub bishop_lines: Option<(usize, usize)>,
    /// Iteration the run stopped at.
    pub iteration: u64,
    /// Whether the run did all of its work up to that iteration: its own construction and, if
    /// its plan compacts the bishops, the whole compaction. Only then is a run stopped at
    /// iteration `K` the run with budget `K`.
    pub complete: bool,
}

/// Runs a packing search from `start`. The observer gets a checkpoint after the construction,
/// at each improvement of the table's end, and at the end ([`Finished::recipe`]).
pub fn run(
    references: &ReferenceSet,
    start: Start,
    params: Params,
    plan: &RunPlan,
    observer: &mut dyn Observer,
    control: Control<'_>,
) -> Result<Finished, String> {
    let Control { stop, finish, meter } = control;
    params.check()?;
    // Walks a cache states are walked again before a recipe names them; that is part of
    // finishing a checkpoint, so only the finish flag cuts it.
    let unconfirmed = UnconfirmedWalks::of(plan.walk_cache.as_ref(), params.walks);
    let observer = &mut Confirming { observer, unconfirmed, references, params: params.clone(), finish };
    if plan.iterations > MAX_ITERATIONS {
        return Err(format!("--iterations {} is out of range: 0 to {MAX_ITERATIONS}", plan.iterations));
    }
    if plan.compact_bishops.is_some_and(|draws| !(1..=1 << 32).contains(&draws)) {
        return Err("--compact-bishops is out of range: 1 to 4294967296 candidates".to_owned());
    }
    let mut packer = match &start {
        Start::New { indexing, stream, seed, bits } => {
            if bits.len() != 128 || bits.iter().any(|bits| !(1..=12).contains(bits)) {
                return Err("index bits for all 128 squares, each 1 to 12".into());
            }
            Packer::new(references, *indexing, *stream, *seed, bits, params)
        }
        Start::Resume(recipe) => {
            recipe.check("the recipe resumed", references)?;
            match Packer::restore_reusing(references, recipe, params, plan.walk_cache.as_ref(), (stop, meter)) {
                Err(error) if error == STOPPED_EARLY => return resumed_unchanged(recipe, plan, observer, control),
                restored => restored?,
            }
        }
    };
    for &square in &plan.searched {
        packer.unplace(square.pair);
        packer.use_searched(references, square, stop)?;
    }
    // A new run walks here; a resumed one walked when it was restored.
    let walks_stopped = packer.walk_unless(plan.walk_cache.as_ref(), stop, meter)?.is_some();
    if packer.params.walks > 0 {
        // Searched squares do not walk: the cache keeps whatever walks it held of them. A run
        // stopped while walking hands out the squares that finished.
        let walked = packer.walk_cache();
        observer.walked(&match &plan.walk_cache {
            Some(known) => known.merged(&walked),
            None => walked,
        })?;
    }
    if walks_stopped {
        return completed_in_haste(packer, Cut::Walks, plan, observer, control);
    }
    if !packer.construct_unless(stop, meter) {
        return completed_in_haste(packer, Cut::Construction, plan, observer, control);
    }
    // A restart keeps the run's walks: walking again would find the same candidates.
    let restore = |best: &Recipe, packer: &Packer| {
        Packer::restore_walked(references, best, packer.params.clone(), Walks::Adopt(packer.walked.clone()))
            .map_err(|e| format!("internal: the best placement: {e}"))
    };
    let mut best_end = packer.table_end();
    let mut best = packer.recipe(&plan.command, "running");
    match observer.checkpoint(&best) {
        // The finish flag came before the cache's walks the constructed table names were walked
        // again: the squares that name one not walked yet are placed in haste without it, so
        // that the run still hands out a table.
        Err(error) if error == STOPPED_CONFIRMING => {
            return completed_in_haste(packer, Cut::Confirmation, plan, observer, control);
        }
        written => written?,
    }
    // The state a suspended run hands out: that of its last restart, which is what a
    // resumption of it restores. A resumed start is one; a new run's construction is not (its
    // pools hold the construction's candidates, which a resumption would not have).
    let mut restart: Option<Recipe> = matches!(start, Start::Resume(_)).then(|| best.clone());

    let first = packer.iteration;
    let target = first.saturating_add(plan.iterations);
    let mut stopped = "budget".to_owned();
    // Whether a better table was left out for want of time to walk again the walks it names.
    let mut left_out = false;
    meter.enter(Phase::Iterations, 0);
    while packer.iteration < target {
        let progress = progress_of(&packer, target, best_end);
        meter.iteration(progress.iteration, target);
        meter.table(progress.end, progress.used, best_end);
        match observer.poll(&progress) {
            None => {}
            Some(Halt::Suspend(reason)) if restart.is_some() => {
                let mut state = restart.take().expect("checked");
                let checkpoint = state.checkpoint.as_mut().expect("a packer's recipe has a checkpoint");
                checkpoint.stopped = format!(
                    "{SUSPENDED} {reason} after {} iterations (of {target}); resumes from iteration {}",
                    packer.iteration, checkpoint.iteration
                );
                meter.enter(Phase::End, 0);
                observer.checkpoint(&state)?;
                let iteration = packer.iteration;
                return Ok(Finished { recipe: state, bishop_lines: None, iteration, complete: true });
            }
            Some(Halt::End(reason) | Halt::Suspend(reason)) => {
                stopped = format!("{reason} after {} iterations (of {target})", packer.iteration);
                break;
            }
        }
        packer.step();
        let end = packer.table_end();
        if end < best_end {
            let better = packer.recipe(&plan.command, "running");
            match observer.checkpoint(&better) {
                // No time left to walk again the cache's walks it names: the run ends with the
                // best table it could hand out, the last one written.
                Err(error) if error == STOPPED_CONFIRMING => {
                    let reason = stop_reason(observer, &progress_of(&packer, target, best_end));
                    stopped = format!(
                        "{reason} after {} iterations (of {target}), before the cache's walks of a better table ({end} entries) were walked again",
                        packer.iteration
                    );
                    left_out = true;
                    break;
                }
                written => written?,
            }
            best_end = end;
            best = better;
        }
        if plan.restart_every > 0 && packer.iteration < target && (packer.iteration - first) % plan.restart_every == 0 {
            // What `--resume` of this run's recipe would start from now.
            best.checkpoint = packer.recipe(&plan.command, "running").checkpoint;
            packer = restore(&best, &packer)?;
            restart = Some(best.clone());
        }
    }
    let mut bishop_lines = None;
    let mut complete = !left_out;
    if let Some(draws) = plan.compact_bishops {
        // From the best placement: the run may have wandered above it since. The run's counters
        // stay, so a resumption continues where it stopped.
        best.checkpoint = packer.recipe(&plan.command, "running").checkpoint;
        packer = restore(&best, &packer)?;
        let compaction = packer.compact_bishops(draws, finish, meter);
        bishop_lines = Some(compaction.lines);
        best.rows = packer.recipe(&plan.command, "running").rows;
        if let Some(squares) = compaction.stopped {
            // Every square still fits where it is: the table, less compacted.
            complete = false;
            let cut = format!("in the bishops' compaction after {squares} of 64 squares");
            stopped = match stopped.as_str() {
                "budget" => {
                    let reason = stop_reason(observer, &progress_of(&packer, target, best_end));
                    format!("{reason} {cut}, every iteration done")
                }
                _ => format!("{stopped}, and {cut}"),
            };
        }
    }
    // The best placement with the counters of the end of the run.
    best.checkpoint = packer.recipe(&plan.command, &stopped).checkpoint;
    meter.enter(Phase::End, 0);
    observer.checkpoint(&best)?;
    Ok(Finished { recipe: best, bishop_lines, iteration: packer.iteration, complete })
}

/// An observer that first walks again the cache's walks a recipe names
/// ([`UnconfirmedWalks::confirm`]): a checkpoint naming a walk the cache misstates is refused.
struct Confirming<'a> {
    observer: &'a mut dyn Observer,
    unconfirmed: UnconfirmedWalks,
    references: &'a ReferenceSet,
    params: Params,
    finish: &'a AtomicBool,
}

impl Observer for Confirming<'_> {
    fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
        self.unconfirmed.confirm(self.references, best, &self.params, self.finish)?;
        self.observer.checkpoint(best)
    }

    fn poll(&mut self, progress: &Progress) -> Option<Halt> {
        self.observer.poll(progress)
    }

    fn walked(&mut self, walks: &WalkCache) -> Result<(), String> {
        self.observer.walked(walks)
    }
}

/// Where `packer` is, for the observer.
fn progress_of(packer: &Packer, target: u64, best_end: usize) -> Progress {
    Progress { iteration: packer.iteration, target, best_end, end: packer.table_end(), used: packer.used_slots() }
}

/// Why the stop flag was raised, as the observer names it ([`Observer::poll`]).
fn stop_reason(observer: &mut dyn Observer, progress: &Progress) -> String {
    match observer.poll(progress) {
        Some(Halt::End(reason) | Halt::Suspend(reason)) => reason,
        None => "stopped".to_owned(),
    }
}

/// What a run placing in haste was cut in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// Its walks (the stop flag).
    Walks,
    /// Its construction (the stop flag).
    Construction,
    /// The walking again of the cache's walks its constructed table names (the finish flag).
    Confirmation,
}

/// The end of a run whose stop flag cut its walks or its construction, or whose finish flag cut
/// the walking again of the walks its construction names: the squares not placed
/// yet are placed in haste ([`Packer::complete`]: best fits until the finish flag, then first
/// fits), and that
/// placement is the run's table, neither improved nor compacted; its `# stopped=` says where
/// the run was cut.
fn completed_in_haste(
    mut packer: Packer,
    cut: Cut,
    plan: &RunPlan,
    observer: &mut Confirming<'_>,
    Control { finish, meter, .. }: Control<'_>,
) -> Result<Finished, String> {
    // No time to walk again the cache's walks before the recipe names them: placed in haste
    // without them (the square's last reused walk, walked again, stays).
    packer.drop_walks(|pair, number| observer.unconfirmed.contains(pair, number));
    let placed = packer.placed.iter().flatten().count();
    if !packer.complete(finish, meter) {
        return Err(STOPPED_EARLY.to_owned());
    }
    let reason = stop_reason(observer, &progress_of(&packer, packer.iteration, packer.table_end()));
    let (pairs, walking) = (packer.squares.len(), packer.searched.iter().filter(|s| s.is_none()).count());
    let stopped = match cut {
        Cut::Walks => {
            let walked = packer.walked.iter().filter(|walks| !walks.is_empty()).count();
            format!("{reason} while walking ({walked} of {walking} squares walked); every square placed in haste")
        }
        Cut::Construction => {
            format!("{reason} in the construction after {placed} of {pairs} squares; the others placed in haste")
        }
        Cut::Confirmation => format!(
            "{reason} while walking again the cache's walks the constructed table names ({placed} of {pairs} squares kept); the others placed in haste"
        ),
    };
    let recipe = packer.recipe(&plan.command, &stopped);
    meter.enter(Phase::End, 0);
    observer.checkpoint(&recipe)?;
    Ok(Finished { recipe, bishop_lines: None, iteration: packer.iteration, complete: false })
}

/// The end of a resumed run stopped while it walked again, before it could place anything:
/// its table is the one it resumed, unchanged. A suspended state stays as it was (`pack
/// --continue` resumes it as before); any other says why nothing changed. Nothing is handed out
/// if the finish flag is raised too (a signal), or the recipe has no run state to keep.
fn resumed_unchanged(
    recipe: &Recipe,
    plan: &RunPlan,
    observer: &mut dyn Observer,
    Control { finish, meter, .. }: Control<'_>,
) -> Result<Finished, String> {
    let Some(checkpoint) = recipe.checkpoint.as_ref().filter(|_| !finish.load(Ordering::SeqCst)) else {
        return Err(STOPPED_EARLY.to_owned());
    };
    let mut state = Recipe { command: Some(plan.command.clone()), ..recipe.clone() };
    let iteration = checkpoint.iteration;
    if !checkpoint.stopped.starts_with(SUSPENDED) {
        let reason = stop_reason(observer, &Progress { iteration, target: iteration, best_end: 0, end: 0, used: 0 });
        let checkpoint = state.checkpoint.as_mut().expect("checked");
        checkpoint.stopped = format!("{reason} while walking again; the resumed placement unchanged");
    }
    meter.enter(Phase::End, 0);
    observer.checkpoint(&state)?;
    Ok(Finished { recipe: state, bishop_lines: None, iteration, complete: false })
}
