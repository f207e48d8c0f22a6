//! Dense packing of fixed-shift magics (black `((occ | !mask) * magic) >> shift`, or white
//! `((occ & mask) * magic) >> shift`) into one shared attack array (feature `pack`, part of
//! `cli`; the build script needs only the candidate stream its recipes point into,
//! [`crate::search::dense_stream`], and leaves the search out).
//!
//! * `square`: one (slider, square) prepared for candidate tests, and a valid candidate's slots;
//! * `board`: the bitset of used slots;
//! * `meter`: where a run is, for progress lines printed by another thread;
//! * `rng`: the per-iteration decision RNG;
//! * `params`: the search's parameters;
//! * `preset`: the named settings of the shipped recipes, and `--set`;
//! * `packer`: the packing search ([`Packer`]), and its recipes;
//! * `compact`: the bishops' cache-line compaction;
//! * `slots`: a magic's shortest span and the long free runs inside it;
//! * `walk`: valid-space walks, candidates with few slots and short spans for the pools;
//! * `walk_cache`: a run's walks kept in a file for later runs of the same walks;
//! * `walk_confirm`: the walks a run took from a cache, walked again before a recipe names them;
//! * `span`: the per-square span search, black magics whose indices span few slots;
//! * `span_list`: one square's span search results in a file, which the packer reads;
//! * `run`: a whole run with restarts and checkpoints ([`run()`]).

mod board;
mod compact;
mod meter;
mod packer;
mod params;
mod preset;
mod rng;
mod run;
mod slots;
mod span;
mod span_list;
mod square;
mod walk;
mod walk_cache;
mod walk_confirm;

pub use crate::search::climb_stream::{ClimbPath, MAX_MOVES};
pub use crate::search::term_sums::{MAX_TERMS, TermSum};
pub use board::{Board, CAPACITY};
pub use compact::Compaction;
pub use meter::{Meter, Phase, Reading};
pub use packer::{Found, Packer, Placed, Searched};
pub use params::Params;
pub use preset::{DEFAULT_ITERATIONS, KEYS, Preset, Settings, layout_default};
pub use rng::IterationRng;
pub use run::{
    Control, Finished, Halt, MAX_ITERATIONS, Observer, Progress, RunPlan, STOPPED_EARLY, SUSPENDED, Start, run,
};
pub use span::{
    ANNEAL_CYCLE, ANNEAL_WINDOWS, Anneal, CLIMBS, KEEP as SPAN_KEEP, MAX_ANNEAL_MOVES, MAX_CHAINS, SpanFound,
    SpanSearch, climb_plan, keep_best, keep_best_sums, walk_climb_plan,
};
pub use span_list::{AnnealSource, STOPPED_REPLAYING, SpanList, SumSource, TITLE as SPAN_LIST_TITLE, WalkSource};
pub use square::{
    Candidate, CandidateTester, SquareData, fixed_bits, is_variable, pair_parts, recipe_bits, relevant_bits,
};
pub use walk::{WALK_BITS, WALKED, walk_number, walk_start, walked_position};
pub use walk_cache::{TITLE as WALK_CACHE_TITLE, WalkCache};
pub use walk_confirm::{STOPPED_CONFIRMING, UnconfirmedWalks};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic_set::Indexing;
    use crate::recipe::{PackedStream, Recipe, RecipeRow};
    use crate::reference::ReferenceSet;
    use magic_tables_core::pair_index;

    fn small_params() -> Params {
        Params { pool: 4, init_valid: 1, init_draws: 1, fresh: 64, ..Params::default() }
    }

    fn small(indexing: Indexing, seed: u64, references: &ReferenceSet) -> Packer {
        let mut packer = Packer::new(references, indexing, PackedStream::Dense, seed, &fixed_bits(), small_params());
        packer.construct();
        for _ in 0..30 {
            packer.step();
        }
        packer
    }

    #[test]
    fn packs_verify_and_round_trip() {
        let references = ReferenceSet::new();
        let recipe = small(Indexing::Black, 3, &references).recipe("test", "budget");
        let report = recipe.check("test", &references).unwrap();
        assert!(report.used <= report.entries && report.used >= 6328, "{report:?}");
        let text = recipe.render(Some((report.entries, report.used)));
        let parsed = Recipe::parse(&text).unwrap();
        assert_eq!(parsed.rows.len(), 128);
        assert_eq!(parsed.render(parsed.stated_size), text);
        assert_eq!(parsed.checkpoint, recipe.checkpoint);
    }

    /// Slow unoptimised (about a minute): `cargo test --release -p magic-gen dense -- --ignored`.
    #[test]
    #[ignore]
    fn both_layouts_are_deterministic() {
        let references = ReferenceSet::new();
        for indexing in [Indexing::Black, Indexing::White] {
            let recipe = small(indexing, 3, &references).recipe("test", "budget");
            recipe.check("test", &references).unwrap();
            assert_eq!(small(indexing, 3, &references).recipe("test", "budget"), recipe);
        }
    }

    /// Per-square index bits (`black-variable`): each square's shift is its mask's size, the
    /// recipe lists them, verifies, and restores to the same placement.
    #[test]
    fn per_square_bits_verify_and_restore() {
        let references = ReferenceSet::new();
        let bits = relevant_bits();
        let mut packer = Packer::new(&references, Indexing::Black, PackedStream::Dense, 7, &bits, small_params());
        packer.construct();
        for _ in 0..10 {
            packer.step();
        }
        let recipe = packer.recipe("test", "budget");
        let report = recipe.check("test", &references).unwrap();
        // Below the fancy table's 107,648 slots only if the ranges really are c bits wide.
        assert!(report.used <= 107_648 && report.used >= 6_328, "{report:?}");
        for row in &recipe.rows {
            assert_eq!(row.bits, Some(bits[pair_index(row.slider, row.square)]), "{} {}", row.slider, row.square);
        }
        for entry in &recipe.magic_set().entries {
            assert_eq!(64 - entry.shift, bits[pair_index(entry.slider, entry.square)]);
        }
        let text = recipe.render(Some((report.entries, report.used)));
        let restored = Packer::restore(&references, &Recipe::parse(&text).unwrap(), small_params()).unwrap();
        assert_eq!(restored.bits, bits);
        assert_eq!(restored.recipe("test", "budget").rows, recipe.rows);
    }

    #[test]
    fn verification_catches_a_conflict() {
        let references = ReferenceSet::new();
        let mut recipe = small(Indexing::Black, 5, &references).recipe("test", "budget");
        // Put two squares on top of each other.
        recipe.rows[0].offset = recipe.rows[1].offset;
        recipe.rows[0].position = recipe.rows[1].position;
        assert!(recipe.check("test", &references).is_err());
    }

    /// A run observed by a test: keeps every checkpoint, stops at a given iteration.
    struct Recorder {
        checkpoints: Vec<Recipe>,
        stop_at: Option<u64>,
        walks: Option<WalkCache>,
    }

    impl Observer for Recorder {
        fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
            self.checkpoints.push(best.clone());
            Ok(())
        }

        fn poll(&mut self, progress: &Progress) -> Option<Halt> {
            (Some(progress.iteration) == self.stop_at).then(|| Halt::End("stopped by the test".to_owned()))
        }

        fn walked(&mut self, walks: &WalkCache) -> Result<(), String> {
            self.walks = Some(walks.clone());
            Ok(())
        }
    }

    /// A run stopped and resumed from its last checkpoint ends exactly as the run that never
    /// stopped, when restarts make every run start from its recipe (as the shipped runs do), on
    /// both streams of the first packer and both indexings.
    #[test]
    fn a_resumed_run_is_the_run_that_never_stopped() {
        for (indexing, stream) in [
            (Indexing::White, PackedStream::Dense),
            (Indexing::Black, PackedStream::FewTerm),
            (Indexing::White, PackedStream::FewTerm),
        ] {
            resumed_equals_straight(indexing, stream, small_params());
        }
    }

    /// The same with walks: restarts keep the walked candidates, a resumption walks again and
    /// finds them, and recipes name the walked magics they place (`walk:N`). The white run's
    /// walks leave holes of 256 slots or more out of their spans (`--walk-gap`).
    #[test]
    #[ignore = "10 to 36 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
    fn a_resumed_run_with_walks_is_the_run_that_never_stopped() {
        // Each pool variant on one of the two indexings (they differ only in the index formula):
        // every variant resumes in every run, at five runs' cost instead of eight.
        for (indexing, walk_gap, first_pools) in [(Indexing::Black, 0, true), (Indexing::White, 256, false)] {
            let params = Params { walks: 2, walk_steps: 300, walk_gap, ..small_params() };
            let recipe = resumed_equals_straight(indexing, PackedStream::FewTerm, params.clone());
            let scored = Params { pool_gap: 32, score_blocked: true, ..params.clone() };
            if first_pools {
                // Pools that rank by blocked slots restart and resume alike.
                resumed_equals_straight(indexing, PackedStream::FewTerm, Params { pool_gap: 32, ..params.clone() });
                // And so do pools and placements that weigh used slots beside blocked ones.
                resumed_equals_straight(indexing, PackedStream::FewTerm, Params { used_weight: 24, ..scored });
            } else {
                resumed_equals_straight(indexing, PackedStream::FewTerm, scored);
            }
            let walked = recipe.rows.iter().filter(|row| row.walked.is_some()).count();
            assert!(walked > 20, "{indexing:?}: {walked} squares on walked candidates");
            // Walks of another length or gap find other magics: the recipe does not restore
            // under them.
            let others = [
                Params { walk_steps: 100, ..params.clone() },
                Params { walk_gap: if walk_gap == 0 { 64 } else { 0 }, ..params },
            ];
            for other in others {
                let Err(error) = Packer::restore(&ReferenceSet::new(), &recipe, other) else {
                    panic!("{indexing:?}: restored under other walks")
                };
                assert!(error.contains("walk:"), "{error}");
            }
        }
    }

    /// A candidate's blocked slots are its span less its free runs of at least the gap (against
    /// a scan of random slot sets), and a pool with a gap ranks a candidate with long holes
    /// before a denser one with fewer used slots, which a pool without a gap prefers.
    #[test]
    fn pools_with_a_gap_keep_candidates_with_long_holes() {
        let candidate = |used: &[u16]| {
            let span = u32::from(*used.iter().max().unwrap()) + 1;
            let magic = used.iter().fold(0u64, |h, &u| h.wrapping_mul(31).wrapping_add(u64::from(u) + 1));
            Candidate { position: used.len() as u64, magic, low: 0, span, used: used.to_vec(), blocked: span }
        };
        // Used 0, 2, 3, 10 and 30 (span 31): free runs of 1, 6 and 19 slots.
        let c = candidate(&[30, 0, 10, 2, 3]);
        let blocked: Vec<u32> = [0, 1, 2, 6, 7, 19, 20].iter().map(|&gap| c.blocked_with(gap)).collect();
        assert_eq!(blocked, [31, 5, 6, 6, 12, 12, 31]);
        let mut state = 7u64;
        for _ in 0..300 {
            let mut used = vec![0u16];
            for _ in 0..state % 40 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                used.push((state >> 40) as u16 % 500);
            }
            used.sort_unstable();
            used.dedup();
            let gap = (state >> 20) as usize % 30;
            let runs: usize =
                used.windows(2).map(|w| usize::from(w[1] - w[0] - 1)).filter(|&r| gap > 0 && r >= gap).sum();
            let c = candidate(&used);
            assert_eq!(c.blocked_with(gap), c.span - runs as u32, "{used:?}, gap {gap}");
        }
        let holes = candidate(&[0, 1, 2, 3, 100, 101, 102, 103]);
        let dense = candidate(&[0, 2, 4, 6, 8, 10, 12]);
        let third = candidate(&[0, 1, 2, 3, 4, 5, 6, 7, 8]);
        // Charges in sixteenths with gap 16: holes 16·8 + 8w, third 16·9 + 9w, dense 16·13 + 7w;
        // the dense one ranks before the third from 32 sixteenths and before the holes from 80
        // (ties that its fewer used slots break).
        for (gap, used_weight, first, second) in
            [(0, 0, &dense, &holes), (16, 0, &holes, &third), (16, 64, &holes, &dense), (16, 96, &dense, &holes)]
        {
            let params = Params { pool: 2, pool_gap: gap, score_blocked: gap > 0, used_weight, ..Params::default() };
            params.check().unwrap();
            let mut pool = Vec::new();
            for c in [&third, &holes, &dense] {
                packer::insert_pool(&mut pool, Candidate { blocked: c.blocked_with(gap), ..c.clone() }, &params);
            }
            let magics: Vec<u64> = pool.iter().map(|c| c.magic).collect();
            assert_eq!(magics, [first.magic, second.magic], "gap {gap}, used weight {used_weight}");
        }
    }

    /// A run whose stop flag cuts its walks or its construction still hands out a valid table,
    /// its squares placed in haste, and says where it was cut; one whose finish flag cuts the
    /// bishops' compaction hands out its best placement, compacted so far; with both flags
    /// raised before anything is placed, it has nothing. A resumed run stopped while it walks
    /// again hands out what it resumed (a suspended state as it was).
    #[test]
    #[ignore = "10 to 36 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
    fn a_stopped_run_still_hands_out_a_valid_table() {
        use std::sync::atomic::AtomicBool;
        let references = ReferenceSet::new();
        let (raised, lowered, meter) = (AtomicBool::new(true), AtomicBool::new(false), Meter::new());
        let plan = |compact_bishops| RunPlan {
            iterations: 20,
            restart_every: 0,
            compact_bishops,
            command: "t".into(),
            searched: Vec::new(),
            walk_cache: None,
        };
        let new = Start::New { indexing: Indexing::White, stream: PackedStream::FewTerm, seed: 6, bits: fixed_bits() };
        let go = |start: &Start, params: &Params, plan: RunPlan, (stop, finish): (&AtomicBool, &AtomicBool)| {
            let mut recorder = Recorder { checkpoints: Vec::new(), stop_at: None, walks: None };
            let control = Control { stop, finish, meter: &meter };
            let finished = run(&references, start.clone(), params.clone(), &plan, &mut recorder, control)?;
            assert_eq!(recorder.checkpoints.last(), Some(&finished.recipe));
            finished.recipe.check("test", &references).unwrap();
            Ok::<_, String>(finished)
        };
        let stopped = |finished: &Finished| finished.recipe.checkpoint.as_ref().unwrap().stopped.clone();
        let walking = Params { walks: 2, walk_steps: 300, ..small_params() };
        let cut = go(&new, &walking, plan(None), (&raised, &lowered)).unwrap();
        assert_eq!((cut.complete, cut.iteration, cut.recipe.rows.len()), (false, 0, 128));
        assert_eq!(stopped(&cut), "stopped while walking (0 of 128 squares walked); every square placed in haste");
        let cut = go(&new, &small_params(), plan(None), (&raised, &lowered)).unwrap();
        assert_eq!(stopped(&cut), "stopped in the construction after 0 of 128 squares; the others placed in haste");
        assert_eq!(meter.read().phase, Phase::End);
        // The finish flag too (a signal, or the last quarter second of --time): first fits, but
        // a table all the same.
        let both = go(&new, &small_params(), plan(None), (&raised, &raised)).unwrap();
        assert_eq!(stopped(&both), "stopped in the construction after 0 of 128 squares; the others placed in haste");
        // The compaction cut at once leaves the best placement as the run without one has it.
        let plain = go(&new, &small_params(), plan(None), (&lowered, &lowered)).unwrap();
        let compacted = go(&new, &small_params(), plan(Some(500)), (&lowered, &lowered)).unwrap();
        let cut = go(&new, &small_params(), plan(Some(500)), (&lowered, &raised)).unwrap();
        assert_eq!((plain.complete, compacted.complete, cut.complete), (true, true, false));
        assert_ne!(compacted.recipe.rows, plain.recipe.rows, "the compaction changes something");
        assert_eq!(cut.recipe.rows, plain.recipe.rows);
        assert_eq!(stopped(&cut), "stopped in the bishops' compaction after 0 of 64 squares, every iteration done");
        // Resumed, then stopped while walking again.
        let walked = go(&new, &walking, plan(None), (&lowered, &lowered)).unwrap().recipe;
        let mut suspended = walked.clone();
        suspended.checkpoint.as_mut().unwrap().stopped = format!("{SUSPENDED} at a restart");
        for (resumed, says) in [
            (walked, "stopped while walking again; the resumed placement unchanged"),
            (suspended, "suspended: at a restart"),
        ] {
            let cut = go(&Start::Resume(resumed.clone()), &walking, plan(None), (&raised, &lowered)).unwrap();
            assert_eq!((cut.complete, cut.iteration, &cut.recipe.rows), (false, 20, &resumed.rows));
            assert_eq!(stopped(&cut), says);
            assert_eq!(cut.recipe.checkpoint.as_ref().unwrap().cursors, resumed.checkpoint.unwrap().cursors);
        }
    }

    /// The plan of a test run with `iterations`, restarts every `restart_every`, no compaction,
    /// and the walks of `walk_cache` if given.
    fn cached_plan(iterations: u64, restart_every: u64, walk_cache: Option<WalkCache>) -> RunPlan {
        RunPlan {
            iterations,
            restart_every,
            compact_bishops: None,
            command: "t".into(),
            searched: Vec::new(),
            walk_cache,
        }
    }

    /// A run that takes its walks from a cache (all of them, the first of each square's, or
    /// from a cache with more walks than it makes) is the run that walked, new or resumed; a
    /// cache of other walks is refused.
    #[test]
    #[ignore = "10 to 36 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
    fn a_run_reusing_cached_walks_is_the_run_that_walked() {
        let references = ReferenceSet::new();
        let params = Params { walks: 2, walk_steps: 300, walk_gap: 64, ..small_params() };
        let plan = |iterations, walk_cache| cached_plan(iterations, 10, walk_cache);
        let start =
            Start::New { indexing: Indexing::White, stream: PackedStream::FewTerm, seed: 9, bits: fixed_bits() };
        let go = |start: Start, plan: RunPlan, params: Params| {
            let mut recorder = Recorder { checkpoints: Vec::new(), stop_at: None, walks: None };
            run(&references, start, params, &plan, &mut recorder, Control::unstopped())
                .map(|finished| (finished.recipe, recorder.walks.expect("a run with walks hands them out")))
        };
        let (walked, walks) = go(start.clone(), plan(30, None), params.clone()).unwrap();
        assert_eq!(walks.walks(), 2);
        let mut first = walks.clone();
        for (_, magics) in &mut first.squares {
            magics.truncate(1);
        }
        let (_, three) = go(start.clone(), plan(0, None), Params { walks: 3, ..params.clone() }).unwrap();
        for cache in [walks.clone(), first, three] {
            let (reused, handed) = go(start.clone(), plan(30, Some(cache.clone())), params.clone()).unwrap();
            assert_eq!(reused, walked);
            // Its own walks, and any further walks the cache held (a cache file loses none).
            assert_eq!(handed, cache.merged(&walks), "the run hands out its walks and the cache's");
            assert_eq!(handed.walks(), cache.walks().max(2));
        }
        let resume = Start::Resume(walked.clone());
        let (resumed, _) = go(resume.clone(), plan(5, None), params.clone()).unwrap();
        let (resumed_cached, _) = go(resume, plan(5, Some(walks.clone())), params.clone()).unwrap();
        assert_eq!(resumed_cached, resumed);
        let other = Params { walk_steps: 200, ..params.clone() };
        let error = go(start.clone(), plan(0, Some(walks.clone())), other).unwrap_err();
        assert!(
            error.contains("another run's walks: made with walk_steps=300, this run has walk_steps=200"),
            "{error}"
        );
        let mut wrong = walks.clone();
        wrong.squares[5].1.swap(0, 1);
        let error = go(start, plan(0, Some(wrong)), params).unwrap_err();
        assert!(error.contains("rook f1 walk 2") && error.contains("not this run's walks"), "{error}");
    }

    /// A run from a cache whose finish flag comes after its walks, before the cache's walks its
    /// constructed table names are walked again (a loaded machine at the end of a short
    /// `--time`), still hands out a valid table: the squares that name such a walk placed in
    /// haste without it, no unconfirmed walk named. It once handed out nothing (exit 1).
    #[test]
    fn a_run_whose_walks_are_not_walked_again_in_time_still_hands_out_a_table() {
        use std::sync::atomic::{AtomicBool, Ordering};
        /// Raises the finish flag once the walks are made: a deterministic stand-in for a
        /// clock that runs out during the construction's checkpoint.
        struct FinishAfterWalks<'a>(&'a AtomicBool, Vec<Recipe>);
        impl Observer for FinishAfterWalks<'_> {
            fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
                self.1.push(best.clone());
                Ok(())
            }
            fn poll(&mut self, _: &Progress) -> Option<Halt> {
                None
            }
            fn walked(&mut self, _: &WalkCache) -> Result<(), String> {
                self.0.store(true, Ordering::SeqCst);
                Ok(())
            }
        }
        let references = ReferenceSet::new();
        let params = Params { walks: 3, walk_steps: 300, walk_gap: 64, ..small_params() };
        let plan = |walk_cache| cached_plan(20, 0, walk_cache);
        let start =
            Start::New { indexing: Indexing::White, stream: PackedStream::FewTerm, seed: 9, bits: fixed_bits() };
        let mut recorder = Recorder { checkpoints: Vec::new(), stop_at: None, walks: None };
        let walked = run(&references, start.clone(), params.clone(), &plan(None), &mut recorder, Control::unstopped())
            .unwrap()
            .recipe;
        let cache = recorder.walks.unwrap();
        // Its construction names walks 1 and 2 (taken from the cache on its word) somewhere.
        let unconfirmed = UnconfirmedWalks::of(Some(&cache), 3);
        let names_unconfirmed = |recipe: &Recipe| {
            recipe.rows.iter().any(|row| {
                row.walked.is_some() && unconfirmed.contains(pair_index(row.slider, row.square), row.position)
            })
        };
        assert!(names_unconfirmed(&recorder.checkpoints[0]), "the test needs a table that names such walks");
        let (stop, finish, meter) = (AtomicBool::new(false), AtomicBool::new(false), Meter::new());
        let mut observer = FinishAfterWalks(&finish, Vec::new());
        let control = Control { stop: &stop, finish: &finish, meter: &meter };
        let finished = run(&references, start, params, &plan(Some(cache)), &mut observer, control).unwrap();
        assert_eq!(observer.1.last(), Some(&finished.recipe));
        assert!(!finished.complete);
        let stopped = &finished.recipe.checkpoint.as_ref().unwrap().stopped;
        assert!(stopped.starts_with("stopped while walking again the cache's walks the constructed table names ("));
        assert!(stopped.ends_with(" of 128 squares kept); the others placed in haste"), "{stopped}");
        finished.recipe.check("test", &references).unwrap();
        assert!(!names_unconfirmed(&finished.recipe));
        assert_ne!(finished.recipe.rows, walked.rows);
    }

    /// The compaction re-places a bishop only where its offset (`start - low`) is not negative:
    /// a black bishop's lowest index can lie far above 0, and the free board below it must not
    /// tempt the compaction (it once did, at the end of a long run whose check then refused it).
    #[test]
    fn compaction_never_places_below_a_candidates_lowest_index() {
        let references = ReferenceSet::new();
        let mut packer =
            Packer::new(&references, Indexing::Black, PackedStream::FewTerm, 5, &fixed_bits(), small_params());
        let mut checked = 0;
        for pair in 64..128 {
            let Some(candidate) = (0..4000)
                .filter_map(|position| packer.candidate_at(pair, position))
                .find(|candidate| candidate.low >= 64)
            else {
                continue;
            };
            let low = candidate.low as usize;
            let fewest = (0..8).map(|shift| compact::lines_at(&candidate, shift)).min().unwrap();
            let end = low + candidate.span as usize + 64;
            // On an empty board every start fits; the lowest allowed is its lowest index.
            let (lines, start) = packer.fewest_lines_fit(&candidate, end, usize::MAX, fewest).unwrap();
            assert!(start >= low && start < low + 8, "bishop {pair}: start {start}, lowest index {low}");
            assert_eq!(lines, fewest);
            // With the slots from there on taken, nothing fits (nothing below it is a fit).
            let wall = Candidate { low: 0, span: 64, used: (0..64).collect(), ..candidate.clone() };
            for base in (low..end).step_by(64) {
                packer.board.set(&wall, base, true);
            }
            assert_eq!(packer.fewest_lines_fit(&candidate, end, usize::MAX, fewest), None, "bishop {pair}");
            packer.board = Board::default();
            checked += 1;
        }
        assert!(checked >= 8, "{checked} bishops with a lowest index of 64 or more");
    }

    /// Suspends a run when it reaches an iteration.
    struct Suspender {
        at: u64,
        written: Vec<Recipe>,
    }

    impl Observer for Suspender {
        fn checkpoint(&mut self, best: &Recipe) -> Result<(), String> {
            self.written.push(best.clone());
            Ok(())
        }

        fn poll(&mut self, progress: &Progress) -> Option<Halt> {
            (progress.iteration == self.at).then(|| Halt::Suspend("SIGTERM".to_owned()))
        }
    }

    /// A run suspended between two restarts hands out the state of the last one; resumed from
    /// it (and suspended again), it ends exactly as the run that never stopped. Suspended
    /// before its first restart, it ends as a time limit would end it.
    #[test]
    fn a_suspended_run_resumes_as_the_run_that_never_stopped() {
        let references = ReferenceSet::new();
        let params = Params { walks: 2, walk_steps: 100, ..small_params() };
        let plan = |iterations| RunPlan {
            iterations,
            restart_every: 10,
            compact_bishops: Some(50),
            command: "t".into(),
            searched: Vec::new(),
            walk_cache: None,
        };
        let start =
            Start::New { indexing: Indexing::Black, stream: PackedStream::FewTerm, seed: 4, bits: fixed_bits() };
        let go = |start: Start, iterations: u64, at: u64| {
            let mut observer = Suspender { at, written: Vec::new() };
            let finished =
                run(&references, start, params.clone(), &plan(iterations), &mut observer, Control::unstopped())
                    .unwrap();
            assert_eq!(observer.written.last(), Some(&finished.recipe));
            finished
        };
        let straight = go(start.clone(), 45, u64::MAX);
        let early = go(start.clone(), 45, 7);
        assert!(!early.recipe.checkpoint.as_ref().unwrap().stopped.starts_with(SUSPENDED));
        let first = go(start, 45, 27);
        let state = first.recipe.checkpoint.clone().unwrap();
        assert_eq!((first.iteration, state.iteration), (27, 20));
        assert!(state.stopped.starts_with(SUSPENDED), "{}", state.stopped);
        assert_eq!(first.bishop_lines, None);
        // Resumed, suspended right away (its start is a restart's state), and resumed again.
        let second = go(Start::Resume(first.recipe.clone()), 25, 20);
        assert_eq!(second.recipe.rows, first.recipe.rows);
        assert_eq!(second.recipe.checkpoint.as_ref().unwrap().iteration, 20);
        let second = go(Start::Resume(second.recipe), 25, 33);
        assert_eq!(second.recipe.checkpoint.as_ref().unwrap().iteration, 30);
        let resumed = go(Start::Resume(second.recipe), 15, u64::MAX);
        assert_eq!(resumed.recipe, straight.recipe);
        assert_eq!(resumed.bishop_lines, straight.bishop_lines);
    }

    /// Runs 60 iterations straight and as 20 + 40 resumed; returns the straight run's recipe.
    fn resumed_equals_straight(indexing: Indexing, stream: PackedStream, params: Params) -> Recipe {
        let references = ReferenceSet::new();
        let plan = |iterations| RunPlan {
            iterations,
            restart_every: 20,
            compact_bishops: None,
            command: "t".into(),
            searched: Vec::new(),
            walk_cache: None,
        };
        let start = Start::New { indexing, stream, seed: 9, bits: fixed_bits() };
        let mut whole = Recorder { checkpoints: Vec::new(), stop_at: None, walks: None };
        let straight =
            run(&references, start.clone(), params.clone(), &plan(60), &mut whole, Control::unstopped()).unwrap();
        let mut first = Recorder { checkpoints: Vec::new(), stop_at: Some(20), walks: None };
        let stopped = run(&references, start, params.clone(), &plan(60), &mut first, Control::unstopped()).unwrap();
        assert_eq!(stopped.iteration, 20);
        let mut second = Recorder { checkpoints: Vec::new(), stop_at: None, walks: None };
        let resumed =
            run(&references, Start::Resume(stopped.recipe), params, &plan(40), &mut second, Control::unstopped())
                .unwrap();
        assert_eq!(resumed.recipe.rows, straight.recipe.rows);
        assert_eq!(
            resumed.recipe.checkpoint.as_ref().map(|c| (c.iteration, &c.cursors)),
            straight.recipe.checkpoint.as_ref().map(|c| (c.iteration, &c.cursors))
        );
        assert_eq!(whole.checkpoints.last().unwrap(), &straight.recipe);
        assert_eq!(straight.recipe.stream, stream);
        // The recipe derives its magics again from its stream, and they verify.
        let report = straight.recipe.check("test", &references).unwrap();
        let text = straight.recipe.render(Some((report.entries, report.used)));
        let parsed = Recipe::parse(&text).unwrap();
        // The same magics; only the parsed set knows its rows' lines.
        let unlined = |set: crate::magic_set::MagicSet| crate::magic_set::MagicSet {
            entries: set.entries.into_iter().map(|e| crate::magic_set::SetEntry { line: 0, ..e }).collect(),
            ..set
        };
        assert_eq!(unlined(parsed.magic_set()), straight.recipe.magic_set());
        let unnumbered = |rows: &[RecipeRow]| rows.iter().map(|row| RecipeRow { line: 0, ..*row }).collect::<Vec<_>>();
        assert_eq!(unnumbered(&parsed.rows), unnumbered(&straight.recipe.rows));
        straight.recipe
    }
}
