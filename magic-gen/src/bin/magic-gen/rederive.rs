//! `magic-gen verify --rederive RECIPE...`: every row of a recipe derived again from the
//! recipe's seed and what the row names, and compared with the magic it states. What each kind
//! of row costs:
//!
//! * a stream row (a position in the packer's stream, or a fewer-bit row's candidate) and a
//!   `search:N` row: a seek of the stream, done when the recipe is read, which compares the
//!   derived magic with the stated one (the build does the same);
//! * `span:N`: a seek of the span stream;
//! * `walk:N`: one walk, walk N of the square with the walk settings of the recipe's `pack`
//!   command (from the N-th valid magic of the square's stream); `walk:N@K+a.b.c`: that walk
//!   from stream position K, then each move of its climb (`span --walks`);
//! * `…~j.m` (an annealed magic): the magic the rest of the name gives, derived as above, then
//!   chain `j` of its annealing for `m` moves;
//! * `sweep:N@I/S`: shard I of S of the sweep the recipe's command runs for the square, magic N
//!   of its list (`sweep:N`: the whole sweep).
//!
//! Rows re-derive in parallel; the report gives, per recipe and kind, the rows and the CPU time
//! (from the threads' CPU clocks), and in all the wall time and the process's CPU time.
//! A mismatch is an `error:` line naming the file, line, square, row, stated and derived magic,
//! and the command exits 1.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Parser;
use rayon::prelude::*;

use magic_gen::ReferenceSet;
use magic_gen::dense::{CandidateTester, Packer, SpanSearch};
use magic_gen::recipe::{Recipe, RecipeLayout, RecipeRow};
use magic_gen::search::exhaustive::{ExhaustiveSearch, Shard};
use magic_gen::search::span_stream::{SpanCosts, span_candidate};
use magic_tables_core::pair_index;

use crate::cli::{Cli, Command, PackArgs, SweepArgs};
use crate::interrupt::Stop;
use crate::{Failure, Outcome};

/// The kinds of rows, in the order of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Stream,
    Search,
    Span,
    Terms,
    Walk,
    Anneal,
    Sweep,
}

impl Kind {
    const ALL: [Kind; 7] = [Kind::Stream, Kind::Search, Kind::Span, Kind::Terms, Kind::Walk, Kind::Anneal, Kind::Sweep];

    fn of(row: &RecipeRow) -> Kind {
        if row.anneal.is_some() {
            return Kind::Anneal;
        }
        Kind::of_start(row)
    }

    /// The kind of the magic an annealed row started from (of any row: its own kind).
    fn of_start(row: &RecipeRow) -> Kind {
        if row.summed.is_some() {
            return Kind::Terms;
        }
        match (row.searched, row.swept, row.walked, row.spanned) {
            (true, ..) => Kind::Search,
            (_, Some(_), ..) => Kind::Sweep,
            (_, _, Some(_), _) => Kind::Walk,
            (_, _, _, Some(_)) => Kind::Span,
            _ => Kind::Stream,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Stream => "stream",
            Kind::Search => "search",
            Kind::Span => "span",
            Kind::Terms => "terms",
            Kind::Walk => "walk",
            Kind::Anneal => "anneal",
            Kind::Sweep => "sweep",
        }
    }
}

/// One row to derive again, and how.
struct Job<'a> {
    row: &'a RecipeRow,
    kind: Kind,
}

/// What re-deriving a row gave.
struct Derived {
    kind: Kind,
    seconds: f64,
    mismatch: Option<String>,
}

pub fn run(files: &[PathBuf], time: Option<f64>) -> Result<Outcome, Failure> {
    // Read every recipe first: a file that is not one stops the run before any work.
    let mut recipes = Vec::new();
    for path in files {
        let text = crate::output::read_text(path)?;
        let recipe = Recipe::parse(&text).map_err(|e| Failure(e.located(&path.display().to_string())))?;
        recipes.push((path, recipe));
    }
    let references = ReferenceSet::new();
    let stop = Stop::install(time)?;
    let started = Instant::now();
    let process_started = cpu_seconds(libc::CLOCK_PROCESS_CPUTIME_ID);
    // The rows of every recipe in one pool: a long sweep shard of one recipe overlaps the
    // walks of another.
    let mut walkers = Vec::new();
    let mut sweeps = Vec::new();
    for (path, recipe) in &recipes {
        let name = path.display().to_string();
        let walks = recipe.rows.iter().any(|row| row.walked.is_some());
        walkers.push(if walks { Some(walker(&name, recipe, &references)?) } else { None });
        sweeps.push(sweep_commands(recipe));
    }
    let jobs: Vec<(usize, Job)> = recipes
        .iter()
        .enumerate()
        .flat_map(|(file, (_, recipe))| recipe.rows.iter().map(move |row| (file, Job { row, kind: Kind::of(row) })))
        .collect();
    let results: Vec<(usize, Derived)> = jobs
        .par_iter()
        .map(|(file, job)| {
            let (path, recipe) = &recipes[*file];
            let name = path.display().to_string();
            derive(&name, recipe, job, walkers[*file].as_ref(), &sweeps[*file], &references, stop.flag())
                .map(|d| (*file, d))
        })
        .collect::<Result<_, Failure>>()?;
    if let Some(reason) = stop.reason() {
        note!(
            "{}: stopped while re-deriving; the recipes are not re-derived (exit 1): give more --time",
            reason.describe()
        );
        return Ok(reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped));
    }
    let mut all_agree = true;
    let mut out = String::new();
    for (file, (path, recipe)) in recipes.iter().enumerate() {
        let name = path.display().to_string();
        let results: Vec<&Derived> = results.iter().filter(|(f, _)| *f == file).map(|(_, d)| d).collect();
        let mismatches: Vec<&String> = results.iter().filter_map(|r| r.mismatch.as_ref()).collect();
        for mismatch in &mismatches {
            note!("error: {mismatch}");
        }
        all_agree &= mismatches.is_empty();
        let cpu: f64 = results.iter().map(|r| r.seconds).sum();
        say!(
            out,
            "{name}: {} of {} rows re-derived from seed {} ({cpu:.1} CPU-s){}",
            results.len() - mismatches.len(),
            results.len(),
            recipe.seed,
            if mismatches.is_empty() { String::new() } else { format!("; {} differ", mismatches.len()) }
        );
        for kind in Kind::ALL {
            let of_kind: Vec<&&Derived> = results.iter().filter(|r| r.kind == kind).collect();
            if of_kind.is_empty() {
                continue;
            }
            let seconds: f64 = of_kind.iter().map(|r| r.seconds).sum();
            let how = match kind {
                Kind::Stream | Kind::Search => "sought in their streams as read".to_owned(),
                _ => format!("{seconds:.1} CPU-s"),
            };
            say!(out, "  {}: {} rows, {how}", kind.name(), of_kind.len());
        }
    }
    say!(
        out,
        "{} recipes re-derived in {:.1} s wall, {:.1} s of CPU (the process's clock)",
        recipes.len(),
        started.elapsed().as_secs_f64(),
        cpu_seconds(libc::CLOCK_PROCESS_CPUTIME_ID) - process_started
    );
    crate::output::write_text(None, &out)?;
    Ok(if all_agree { Outcome::Success } else { Outcome::Negative })
}

/// The packer of the recipe's `pack` command (its walk settings), for its `walk:N` rows: the
/// last `pack` of `# command=`, the one that writes the recipe (a chain may first write the
/// recipe it resumes, with the same walk settings).
fn walker(name: &str, recipe: &Recipe, references: &ReferenceSet) -> Result<Packer, Failure> {
    let RecipeLayout::Packed(indexing) = recipe.layout else {
        return Err(Failure(format!("{name}: walk rows in a recipe that is not packed")));
    };
    let mut pack = commands(recipe)
        .map_err(|e| Failure(format!("{name}: `# command=`: {e}")))?
        .into_iter()
        .rfind(|words| words.get(1).is_some_and(|w| w == "pack"))
        .ok_or_else(|| Failure(format!("{name}: walk:N rows, but `# command=` names no `magic-gen pack`")))?;
    // The recipe's own command leaves its output out; an earlier one of a chain names it.
    if !pack.iter().any(|word| word == "-o" || word == "--output") {
        pack.extend(["-o".to_owned(), "-".to_owned()]);
    }
    let args: PackArgs = match Cli::try_parse_from(pack) {
        Ok(Cli { command: Command::Pack(args) }) => *args,
        _ => return Err(Failure(format!("{name}: `# command=` has a `magic-gen pack` this version does not take"))),
    };
    let settings = crate::pack_cmd::settings(&args.run, args.resume.is_some())
        .map_err(|e| Failure(format!("{name}: `# command=`: {}", e.0)))?;
    if settings.params.walks == 0 {
        return Err(Failure(format!("{name}: walk:N rows, but the `pack` of `# command=` makes no walks")));
    }
    let bits = magic_gen::dense::recipe_bits(recipe);
    Ok(Packer::new(references, indexing, recipe.stream, recipe.seed, &bits, settings.params))
}

/// The `magic-gen` commands of the recipe's `# command=` (joined by `&&`), each as its words,
/// quoted names read as [`magic_gen::text::shell_quote`] writes them.
fn commands(recipe: &Recipe) -> Result<Vec<Vec<String>>, String> {
    let words = magic_gen::text::shell_words(recipe.command.as_deref().unwrap_or(""))?;
    Ok(words
        .split(|word| word == "&&")
        .filter(|words| words.first().is_some_and(|w| w == "magic-gen"))
        .map(<[String]>::to_vec)
        .collect())
}

/// The `magic-gen sweep` commands of the recipe's `# command=`, parsed.
fn sweep_commands(recipe: &Recipe) -> Vec<SweepArgs> {
    commands(recipe)
        .unwrap_or_default()
        .into_iter()
        .filter(|words| words.get(1).is_some_and(|w| w == "sweep"))
        .filter_map(|words| match Cli::try_parse_from(words) {
            Ok(Cli { command: Command::Sweep(args) }) => Some(args),
            _ => None,
        })
        .collect()
}

/// The CPU time `clock` (this thread's or the whole process's) has counted, in seconds.
fn cpu_seconds(clock: libc::clockid_t) -> f64 {
    let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `time` is a valid, writable timespec; both clocks exist on every Linux and BSD.
    let status = unsafe { libc::clock_gettime(clock, &mut time) };
    if status != 0 {
        return 0.0;
    }
    time.tv_sec as f64 + time.tv_nsec as f64 * 1e-9
}

/// Derives `job`'s row again and compares.
fn derive(
    name: &str,
    recipe: &Recipe,
    job: &Job,
    walker: Option<&Packer>,
    sweeps: &[SweepArgs],
    references: &ReferenceSet,
    stop: &AtomicBool,
) -> Result<Derived, Failure> {
    let started = cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID);
    let row = job.row;
    let stated = recipe.magic(row);
    let bits = row.bits.unwrap_or(64 - row.slider.fixed_shift());
    // The row as the recipe names it, for messages.
    let what = row.source();
    let kind = Kind::of_start(row);
    // An annealed span or term-sum row: its start derived, then its chain.
    let anneal_from = |start: Option<magic_gen::dense::SpanFound>, search: &SpanSearch| match (start, row.anneal) {
        (Some(start), Some(anneal)) => search.derive_annealed(recipe.seed, start, anneal, stop),
        (start, _) => start,
    };
    let derived = match kind {
        // Sought and compared when the recipe was read.
        Kind::Stream | Kind::Search => Some(stated),
        Kind::Span if row.climb.is_empty() && row.anneal.is_none() => {
            Some(span_candidate(recipe.seed, &SpanCosts::new(row.slider, row.square, bits), row.position))
        }
        // A climbed magic: its candidate and every move replayed (each must still shorten it).
        Kind::Span => {
            let search = SpanSearch::new(references.get(row.slider, row.square), bits).map_err(Failure)?;
            let climbed = search.derive(recipe.seed, row.position, &row.climb, &mut CandidateTester::default());
            Some(anneal_from(climbed, &search).map_or(0, |found| found.magic))
        }
        // A term sum: summed and turned to its shortest span again.
        Kind::Terms => {
            let search = SpanSearch::new(references.get(row.slider, row.square), bits).map_err(Failure)?;
            let sum = row.summed.expect("a terms row names its sum");
            let summed = search.summed(sum, &mut CandidateTester::default());
            Some(anneal_from(summed, &search).map_or(0, |found| found.magic))
        }
        Kind::Walk => {
            let packer = walker.expect("a walker for walk rows");
            let pair = pair_index(row.slider, row.square);
            match packer.walk_number(pair, row.position, row.walk_start, stop) {
                Some(magic) if row.climb.is_empty() => Some(magic),
                // A climb from the walk: its moves replayed from the walk's magic.
                Some(magic) => {
                    let start = row.walk_start.expect("a climb from a walk names its start");
                    let occupancies = references.get(row.slider, row.square);
                    let climbed = packer
                        .replay_walk_climb(
                            occupancies,
                            pair,
                            (row.position, start),
                            magic,
                            (&row.climb, row.anneal),
                            stop,
                        )
                        .map_err(Failure)?;
                    Some(climbed.unwrap_or(0))
                }
                // An invalid start, or stopped (the caller reports a stop).
                None => (!stop.load(std::sync::atomic::Ordering::Relaxed)).then_some(0),
            }
        }
        Kind::Anneal => unreachable!("a start is not annealed"),
        Kind::Sweep => {
            let shard = row.sweep_shard.unwrap_or(Shard::WHOLE);
            // A recipe may sweep a square twice, in other colours or shards: the row's colour is
            // that of the commands of its own shard, else of the square's sweeps; refused when
            // those disagree, rather than derived in a colour that may not be the row's.
            let of_square: Vec<&SweepArgs> =
                sweeps.iter().filter(|a| (a.target.slider, a.target.square) == (row.slider, row.square)).collect();
            let own: Vec<&SweepArgs> =
                of_square.iter().copied().filter(|a| a.shard.unwrap_or(Shard::WHOLE) == shard).collect();
            let candidates = if own.is_empty() { of_square } else { own };
            let at = || format!("{name}:{}: {} {}: {what}", row.line, row.slider, row.square);
            let color = candidates
                .first()
                .ok_or_else(|| Failure(format!("{}, but `# command=` runs no sweep of the square", at())))?
                .color();
            if candidates.iter().any(|a| a.color() != color) {
                return Err(Failure(format!(
                    "{}, but `# command=` sweeps the square in more than one colour for its shard: \
                     which one made the row is not said",
                    at()
                )));
            }
            let search = ExhaustiveSearch::with_color(row.slider, row.square, bits, color)
                .map_err(|e| Failure(format!("{name}:{}: {} {}: {e}", row.line, row.slider, row.square)))?;
            let outcome = search
                .run(shard, None, stop, None)
                .map_err(|e| Failure(format!("{name}:{}: {} {}: {e}", row.line, row.slider, row.square)))?;
            let listed = usize::try_from(row.position - 1).ok().and_then(|i| outcome.cursor.magics.get(i).copied());
            Some(listed.unwrap_or(0))
        }
    };
    // Each row runs on one thread from start to end (nothing inside it runs in parallel), so
    // the thread's clock is the row's CPU time.
    let seconds = cpu_seconds(libc::CLOCK_THREAD_CPUTIME_ID) - started;
    let mismatch = derived.and_then(|derived| {
        (derived != stated).then(|| {
            format!(
                "{name}:{}: {} {}: {what} states {stated:#018X}, re-deriving it gives {derived:#018X}",
                row.line, row.slider, row.square
            )
        })
    });
    Ok(Derived { kind: job.kind, seconds, mismatch })
}
