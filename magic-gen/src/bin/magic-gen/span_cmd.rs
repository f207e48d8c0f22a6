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
//!
//! With `--walks CACHE --climb T --rounds R`, no candidate is tested: the square's walks in a
//! walk cache (`magic-gen walk`, `pack --walk-cache`) climb instead, `R` climbs from each
//! ([`magic_gen::dense::walk_climb_plan`]) by the walk rule of
//! [`magic_gen::dense::SpanSearch::climb`] (a lower cost, or a lower span plus cost), and the
//! best 8 that took a move are the list. These
//! climbs take seconds, so they are not kept part-way: a stopped run writes nothing.
//!
//! With `--terms K --bound B`, no candidate is tested either: the square's term sums
//! ([`magic_gen::search::term_sums`]) are enumerated in parts spread over the threads, each
//! sum tried at 0 and half a slot (with `--quarters`, at every quarter), and the best 64 magics
//! they name are the list. A run at 6 terms takes an hour, so the list is written after every
//! round of parts and says how many it covers (`# parts_done=`) until the last: a stopped run
//! keeps every finished round and `--continue` goes on, ending with the unstopped run's list.
//!
//! With `--from LIST --anneal M --chains K`, no candidate is tested either: the best magic of
//! LIST (a span list of the same square, bits and seed; with `--starts S`, its best S, chains
//! `8i ..= 8i + 7` from the `(i mod S)`-th) is annealed
//! ([`magic_gen::dense::SpanSearch::anneal`]), K chains of M moves spread over the threads,
//! and LIST is written again to --output with `# anneal=M`, `# chains=K` and the chains' magics
//! that beat its best. Not kept part-way: a stopped run writes nothing.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use magic_gen::ReferenceSet;
use magic_gen::atomic_write::write_file;
use magic_gen::dense::{AnnealSource, SpanFound, SpanList, SumSource, climb_plan, keep_best, keep_best_sums};

use crate::cli::SpanArgs;
use crate::interrupt::{Reason, Stop};
use crate::{Failure, Outcome};

/// Candidates a thread tests between two looks at the stop flag: about a quarter of a second.
const CHUNK: u64 = 1 << 20;

/// Parts of a term-sum enumeration a thread takes at a time (`span --terms`): enough that
/// setting up a scan is a small share, few enough that a round ends evenly on all threads.
const PARTS_A_TASK: usize = 64;

/// The most moves `--climb` tries from one start.
const MAX_CLIMB: u64 = 1 << 32;

/// The most climbs `--rounds` makes from one walk.
const MAX_ROUNDS: u64 = 1024;

pub fn run(args: SpanArgs) -> Result<Outcome, Failure> {
    if args.output == Path::new("-") {
        return Err(Failure("span writes its list after every round: give a file, not `-`".to_owned()));
    }
    crate::check_threads(args.threads)?;
    if args.candidates == Some(0) {
        return Err(Failure("--candidates 0: test at least one candidate".to_owned()));
    }
    if let Some(tries) = args.climb.filter(|tries| !(1..=MAX_CLIMB).contains(tries)) {
        return Err(Failure(format!("--climb {tries} is out of range: 1 to {MAX_CLIMB}")));
    }
    let references = ReferenceSet::new();
    let (slider, square) = (args.target.slider, args.target.square);
    let occupancies = references.get(slider, square);
    let bits = args.target.bits(true)?;
    let search = magic_gen::dense::SpanSearch::new(occupancies, bits).map_err(Failure)?;
    crate::output::check_checkpoint_file(&args.output)?;
    let inputs: Vec<(&str, &Path)> = [("--from", &args.from), ("--walks", &args.walks)]
        .into_iter()
        .filter_map(|(f, p)| Some((f, p.as_deref()?)))
        .collect();
    crate::output::check_not_input(Some(&args.output), &inputs)?;
    let climb = args.climb.unwrap_or(0);
    if let Some(path) = &args.walks {
        return climb_from_walks(&args, path, &search, bits);
    }
    if let (Some(terms), Some(bound)) = (args.terms, args.bound) {
        return list_term_sums(
            &args,
            &search,
            bits,
            SumSource { terms, bound, quarters: args.quarters, parts_done: None },
        );
    }
    if let (Some(moves), Some(from)) = (args.anneal, &args.from) {
        return anneal_list(&args, from, &search, AnnealSource { moves, chains: args.chains });
    }
    let mut list = SpanList {
        seed: args.seed,
        slider,
        square,
        bits,
        candidates: 0,
        climb,
        walks: None,
        sums: None,
        anneal: None,
        found: Vec::new(),
    };
    if args.continue_run && args.output.exists() {
        let name = args.output.display();
        let held = held_list(&args, &search, |held| {
            (held.seed, held.slider, held.square, held.bits) == (list.seed, list.slider, list.square, list.bits)
                && held.walks.is_none()
                && held.sums.is_none()
        })?;
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
    let threads = crate::worker_pool(args.threads)?;
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
    let write = |list: &SpanList| write_list(&args.output, list);
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

/// The list `--continue` goes on from: `--output` read, refused unless `same` says it holds
/// this search and it is not annealed (an annealing does not go on), and each row checked to
/// be the magic it names (no annealed row, so no replay for a stop to cut).
fn held_list(
    args: &SpanArgs,
    search: &magic_gen::dense::SpanSearch,
    same: impl Fn(&SpanList) -> bool,
) -> Result<SpanList, Failure> {
    let name = args.output.display();
    let held =
        SpanList::parse(&crate::output::read_text(&args.output)?).map_err(|e| Failure(format!("{name}: {e}")))?;
    if held.anneal.is_some() || !same(&held) {
        return Err(Failure(format!(
            "--continue: {name} holds another search ({} {}, {} bits, seed {}); give another --output, or remove it",
            held.slider, held.square, held.bits, held.seed
        )));
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    for found in &held.found {
        held.check_found(search, found, &never).map_err(|e| Failure(format!("{name}: {e}")))?;
    }
    Ok(held)
}

/// The end of a run stopped before it had its whole list (`what`: its climbs, sums or
/// chains), which is written only whole: nothing was written, so a time limit is not a
/// success (exit 1); a signal exits with its code.
fn kept_nothing(reason: Reason, what: &str) -> Outcome {
    note!("{}: the {what} are not kept; nothing was written; run again with more time", reason.describe());
    reason.exit_code().map_or(Outcome::Negative, Outcome::Stopped)
}

/// `span --walks CACHE --climb T --rounds R`: the climbs of
/// [`magic_gen::dense::walk_climb_plan`] from the square's walks in the cache (each turned to
/// its shortest span first), written as a list of the best 8 that took a move. Climbs are not kept part-way: a stopped run writes nothing and is run again.
fn climb_from_walks(
    args: &SpanArgs,
    path: &Path,
    search: &magic_gen::dense::SpanSearch,
    bits: u32,
) -> Result<Outcome, Failure> {
    let (slider, square) = (args.target.slider, args.target.square);
    let name = path.display();
    let cache = crate::pack_cmd::parse_walk_cache(path, &crate::output::read_text(path)?)?;
    let pair = magic_tables_core::pair_index(slider, square);
    let (cache_bits, magics) = &cache.squares[pair];
    let starts = &cache.starts[pair];
    if cache.indexing != magic_gen::magic_set::Indexing::Black {
        return Err(Failure(format!("{name}: walks of white (fixed-shift) magics; a span list holds black magics")));
    }
    if cache.seed != args.seed {
        return Err(Failure(format!("{name}: walks of seed {}, not --seed {}", cache.seed, args.seed)));
    }
    if magics.is_empty() {
        return Err(Failure(format!("{name}: no walks of {slider} {square}")));
    }
    if *cache_bits != bits {
        return Err(Failure(format!("{name}: {slider} {square} walked with {cache_bits} index bits, not {bits}")));
    }
    if starts.len() != magics.len() {
        return Err(Failure(format!(
            "{name}: the walks of {slider} {square} do not name their starts (the run that made them did not walk it)"
        )));
    }
    let mut tester = magic_gen::dense::CandidateTester::default();
    let mut walked = Vec::with_capacity(magics.len());
    for (number, (&magic, &start)) in (1..).zip(magics.iter().zip(starts)) {
        walked.push(search.walked(number, start, magic, &mut tester).ok_or_else(|| {
            Failure(format!("{name}: walk {number} of {slider} {square} ({magic:#018X}) is not a black magic"))
        })?);
    }
    let tries = args.climb.expect("clap: --walks requires --climb");
    if !(1..=MAX_ROUNDS).contains(&args.rounds) {
        return Err(Failure(format!("--rounds {} is out of range: 1 to {MAX_ROUNDS}", args.rounds)));
    }
    // Every climb's moves lie below 2^64.
    if (magics.len() as u64 * args.rounds).checked_mul(tries).is_none() {
        return Err(Failure("--climb × --rounds × walks is beyond the climb stream".to_owned()));
    }
    let plan = magic_gen::dense::walk_climb_plan(&walked, tries, args.rounds);
    let threads = crate::worker_pool(args.threads)?;
    note!("{slider} {square}, {bits} bits, seed {}: {} climbs of {tries} moves from its walks", args.seed, plan.len());
    let stop = Stop::install(args.time)?;
    let climbed: Vec<Option<SpanFound>> = threads.install(|| {
        plan.par_iter().map(|(start, moves)| search.climb(args.seed, *start, moves.clone(), stop.flag())).collect()
    });
    let Some(climbed) = climbed.into_iter().collect::<Option<Vec<SpanFound>>>() else {
        let reason = stop.reason().expect("a climb stops only when asked");
        return Ok(kept_nothing(reason, "climbs"));
    };
    // The best climbs that took a move, as many as a list of the span stream keeps.
    let mut found: Vec<SpanFound> = climbed.into_iter().filter(|f| !f.climb.is_empty()).collect();
    found.sort_by_key(SpanFound::merit);
    found.truncate(magic_gen::dense::CLIMBS);
    found.sort_by_key(SpanFound::list_order);
    let walks = magic_gen::dense::WalkSource {
        walks: magics.len() as u64,
        steps: cache.steps,
        gap: cache.gap as u64,
        rounds: args.rounds,
    };
    let list = write_whole_list(args, bits, (tries, Some(walks), None), found)?;
    let best = walked.iter().min_by_key(|f| f.merit()).expect("walks are not empty");
    let climbed = describe_best(&list, "no climb took a move");
    note!("done: the walks' best span {} ({} used); {climbed}", best.span, best.used);
    Ok(Outcome::Success)
}

/// `span --terms K --bound B`: the square's term sums, the best 64 magics they name written
/// as the list. The parts of the enumeration ([`magic_gen::search::term_sums::TermSums::parts`]) are taken in rounds, in
/// order, and the list is written after each round with the parts it covers, so a stopped run
/// keeps every finished round and `--continue` ends with the list an unstopped run writes (the
/// best 64 of a union are the best of the parts' best, whatever the rounds).
fn list_term_sums(
    args: &SpanArgs,
    search: &magic_gen::dense::SpanSearch,
    bits: u32,
    source: SumSource,
) -> Result<Outcome, Failure> {
    let (slider, square) = (args.target.slider, args.target.square);
    let most = magic_gen::dense::MAX_TERMS as u64;
    if !(1..=most).contains(&source.terms) {
        return Err(Failure(format!("--terms {} is out of range: 1 to {most}", source.terms)));
    }
    let range = 1u64 << bits;
    if !(1..=range).contains(&source.bound) {
        return Err(Failure(format!(
            "--bound {} is out of range: 1 to the {range} slots of {bits} bits",
            source.bound
        )));
    }
    if args.parts == Some(0) {
        return Err(Failure("--parts 0: enumerate at least one part".to_owned()));
    }
    let sums = search.term_sums(source.terms as usize, source.bound as u32).map_err(Failure)?;
    let parts = sums.parts();
    let total = parts.len() as u64;
    let (mut done, mut found) = (0u64, Vec::new());
    if args.continue_run && args.output.exists() {
        let name = args.output.display();
        let held = held_list(args, search, |held| {
            (held.seed, held.slider, held.square, held.bits) == (args.seed, slider, square, bits)
                && held.sums.is_some_and(|h| SumSource { parts_done: None, ..h } == source)
        })?;
        if keep_best_sums(&held.found, &[]) != held.found {
            return Err(Failure(format!("{name}: the list is not the best of its sums")));
        }
        done = match held.sums.and_then(|h| h.parts_done) {
            Some(d) if d < total => d,
            Some(d) => return Err(Failure(format!("{name}: {d} parts done of an enumeration of {total}"))),
            None => {
                note!("{name} holds the whole enumeration ({total} parts): nothing to do");
                return Ok(Outcome::Success);
            }
        };
        found = held.found;
    }
    let last = args.parts.unwrap_or(total).min(total);
    let threads = crate::worker_pool(args.threads)?;
    note!(
        "{slider} {square}, {bits} bits: the sums of at most {} terms and {} slots of cost{}, parts {} to {last} of {total}",
        source.terms,
        source.bound,
        if source.quarters { ", at every quarter of a slot" } else { "" },
        done + 1
    );
    let stop = Stop::install(args.time)?;
    let started = Instant::now();
    let fractions = magic_gen::search::term_sums::fractions(source.quarters);
    // Rounds of a 256th of the enumeration (at least a few parts a thread): a stop loses at
    // most the round under way.
    let round = (total / 256).max(8 * threads.current_num_threads() as u64);
    let mut noted = Instant::now();
    let write = |done: u64, found: Vec<SpanFound>| {
        let source = SumSource { parts_done: (done < total).then_some(done), ..source };
        write_whole_list(args, bits, (0, None, Some(source)), found)
    };
    let mut written = None;
    while done < last && !stop.flag().load(std::sync::atomic::Ordering::Relaxed) {
        let to = done.saturating_add(round).min(last);
        // A thread takes a few parts at a time, with one tester for them all.
        let scanned: Vec<Option<Vec<SpanFound>>> = threads.install(|| {
            parts[done as usize..to as usize]
                .par_chunks(PARTS_A_TASK)
                .map(|chunk| search.scan_sums(&sums, chunk, fractions, stop.flag()))
                .collect()
        });
        // A round cut by a stop is dropped whole: the list covers a prefix of the parts.
        let Some(scanned) = scanned.into_iter().collect::<Option<Vec<Vec<SpanFound>>>>() else { break };
        found = keep_best_sums(&found, &scanned.concat());
        done = to;
        let list = write(done, found.clone())?;
        written = Some(list.clone());
        if noted.elapsed().as_secs() >= 60 {
            noted = Instant::now();
            note!(
                "parts {done} of {total}, {:.0} s: {}",
                started.elapsed().as_secs_f64(),
                describe_best(&list, "no valid magic yet")
            );
        }
    }
    // The last round wrote the list; a run that did none writes what it holds.
    let list = match written {
        Some(list) => list,
        None => write(done, found)?,
    };
    let best = describe_best(&list, "no valid magic");
    if let Some(reason) = stop.reason() {
        note!(
            "{}: {done} of the {total} parts done, {best}; kept in {}; --continue goes on",
            reason.describe(),
            args.output.display()
        );
        return Ok(reason.exit_code().map_or(Outcome::Success, Outcome::Stopped));
    }
    if done < total {
        note!(
            "{done} of the {total} parts done in {:.0} s: {best}; --continue goes on",
            started.elapsed().as_secs_f64()
        );
    } else {
        note!("done in {:.0} s: {best}", started.elapsed().as_secs_f64());
    }
    Ok(Outcome::Success)
}

/// Writes the list of a run that tests no span candidate (climbs from walks, term sums), made
/// whole at once: `(climb, walks, sums)` are its settings.
fn write_whole_list(
    args: &SpanArgs,
    bits: u32,
    (climb, walks, sums): (u64, Option<magic_gen::dense::WalkSource>, Option<SumSource>),
    found: Vec<SpanFound>,
) -> Result<SpanList, Failure> {
    let (slider, square) = (args.target.slider, args.target.square);
    let list =
        SpanList { seed: args.seed, slider, square, bits, candidates: 0, climb, walks, sums, anneal: None, found };
    write_list(&args.output, &list)?;
    Ok(list)
}

/// Writes `list` to `path`, atomically.
fn write_list(path: &Path, list: &SpanList) -> Result<(), Failure> {
    write_file(path, list.render().as_bytes()).map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))
}

/// The list's best magic for a closing note, or `none`.
fn describe_best(list: &SpanList, none: &str) -> String {
    list.best()
        .map_or(none.to_owned(), |b| format!("best span {} ({} used, {}, {:#018X})", b.span, b.used, b.name(), b.magic))
}

/// `span --from LIST --anneal M --chains K`: LIST's best magic annealed, K chains of M moves,
/// LIST written to --output with the chains' magics that beat it. Not kept part-way: a stopped
/// run writes nothing.
fn anneal_list(
    args: &SpanArgs,
    from: &Path,
    search: &magic_gen::dense::SpanSearch,
    source: AnnealSource,
) -> Result<Outcome, Failure> {
    let (slider, square) = (args.target.slider, args.target.square);
    let name = from.display();
    if !(1..=magic_gen::dense::MAX_CHAINS).contains(&source.chains) {
        return Err(Failure(format!(
            "--chains {} is out of range: 1 to {}",
            source.chains,
            magic_gen::dense::MAX_CHAINS
        )));
    }
    if !(1..=magic_gen::dense::MAX_ANNEAL_MOVES).contains(&source.moves) {
        return Err(Failure(format!("--anneal {} is out of range: 1 to 2^36 moves", source.moves)));
    }
    let list = SpanList::parse(&crate::output::read_text(from)?).map_err(|e| Failure(format!("{name}: {e}")))?;
    let bits = args.target.bits(true)?;
    if (list.seed, list.slider, list.square, list.bits) != (args.seed, slider, square, bits) {
        return Err(Failure(format!(
            "{name}: a list of {} {}, {} bits, seed {}, not of {slider} {square}, {bits} bits, seed {}",
            list.slider, list.square, list.bits, list.seed, args.seed
        )));
    }
    if list.anneal.is_some() {
        return Err(Failure(format!("{name}: already annealed; anneal the list it was made from")));
    }
    if !(1..=magic_gen::dense::SPAN_KEEP).contains(&args.starts) {
        return Err(Failure(format!("--starts {} is out of range: 1 to {}", args.starts, magic_gen::dense::SPAN_KEEP)));
    }
    let mut starts = list.found.clone();
    starts.sort_by_key(SpanFound::merit);
    starts.truncate(args.starts);
    if starts.is_empty() {
        return Err(Failure(format!("{name}: the list holds no magic")));
    }
    let mut tester = magic_gen::dense::CandidateTester::default();
    // Refused above if annealed, the list has no annealed row: no replay for a stop to cut.
    let never = std::sync::atomic::AtomicBool::new(false);
    for start in &starts {
        match start.walk {
            None => list.check_found(search, start, &never).map_err(|e| Failure(format!("{name}: {e}")))?,
            // A climb from a walk is re-derived by the packer that reads the list (it walks
            // again); here its magic must at least be one, as listed.
            Some(from) => {
                let turned = search.walked(start.number, from, start.magic, &mut tester);
                if turned.is_none_or(|t| (t.magic, t.span, t.used) != (start.magic, start.span, start.used)) {
                    return Err(Failure(format!(
                        "{name}: {} is not the black magic of {slider} {square} it lists",
                        start.name()
                    )));
                }
            }
        }
    }
    let start = starts[0];
    let threads = crate::worker_pool(args.threads)?;
    note!(
        "{slider} {square}, {bits} bits, seed {}: {} chains of {} moves from {}{} (span {}, {} used)",
        args.seed,
        source.chains,
        source.moves,
        start.name(),
        if starts.len() > 1 { format!(" and the next {} best", starts.len() - 1) } else { String::new() },
        start.span,
        start.used
    );
    let stop = Stop::install(args.time)?;
    let started = Instant::now();
    let chains: Vec<Option<SpanFound>> = threads.install(|| {
        (0..source.chains)
            .into_par_iter()
            .map(|chain| {
                let start = starts[(chain / magic_gen::dense::ANNEAL_WINDOWS) as usize % starts.len()];
                search.anneal(args.seed, start, chain, source.moves, stop.flag())
            })
            .collect()
    });
    let Some(chains) = chains.into_iter().collect::<Option<Vec<SpanFound>>>() else {
        let Some(reason) = stop.reason() else {
            // Not stopped: a start is not a valid magic (checked above, so not expected).
            return Err(Failure(format!("{name}: a start of the annealing is not a black magic of {slider} {square}")));
        };
        return Ok(kept_nothing(reason, "chains"));
    };
    let mut found = list.found.clone();
    // The chains that beat their start.
    found.extend(chains.into_iter().filter(|f| f.anneal.is_some()));
    found.sort_by_key(SpanFound::list_order);
    let list = SpanList { anneal: Some(source), found, ..list };
    write_list(&args.output, &list)?;
    note!("done in {:.0} s: {}", started.elapsed().as_secs_f64(), describe_best(&list, "no magic"));
    Ok(Outcome::Success)
}
