//! The seeded, deterministic dense packer.
//!
//! Every (slider, square) draws candidates from its own frozen stream
//! ([`crate::search::dense_stream`] or [`crate::search::few_term_stream`]); valid ones (no
//! destructive collision) join a pool of the candidates with the fewest used slots. The table
//! is a bitset of used slots ([`Board`]); a candidate is fitted at the lowest offset where none
//! of its used slots is taken, 1,024 offsets per probe. Squares never share slots (attack sets of different squares almost never
//! coincide), so a placement is just its bits.
//!
//! A placement of a square is scored `top + lambda * used` (lower is better; `top` is one past
//! its highest slot, `used` its number of slots), so that candidates with many constructive
//! collisions are preferred when they cost little height.
//!
//! With walks (`params.walks`, `walk.rs`), each square's pool also holds the candidates of
//! its valid-space walks for the whole run: few used slots over short spans, which the streams
//! almost never draw. A recipe states a placed walked magic as `walk:N`.
//!
//! Search: a greedy construction (rooks by mask size, then bishops; for each square at least
//! `init_valid` valid candidates, or `init_draws` draws, each fitted at its lowest offset; the
//! best score is placed), then iterated improvement, each iteration driven by its own RNG
//! derived from (seed, iteration number):
//! * *sink* (otherwise): take one square out (half the time one of the 12 that end highest,
//!   else any), draw `fresh` candidates from its stream (valid ones join the pool), and put back
//!   the best-scoring fit among the fresh ones, the pool and its current candidate, below its
//!   old top;
//! * *kick* (1 in `kick_every`): take out the squares crossing a random window of
//!   `0..=kick_window` slots plus random ones (at least 2 to `kick_size`) and put them back one
//!   by one in random order at their best score; kept if the table end does not grow and the
//!   sum of the squares' tops grows by at most `kick_slack`, otherwise undone;
//! * *rebuild* (every `rebuild_every` iterations): all squares re-placed in the order of their
//!   offsets (with a few random swaps); kept only if it is better, otherwise undone.
//!
//! Everything is counted in iterations and candidates; the result depends on nothing else.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::magic_set::Indexing;
use crate::recipe::searched_candidate;
use crate::recipe::{Checkpoint, PackedStream, Recipe, RecipeLayout, RecipeRow};
use crate::reference::ReferenceSet;
use crate::search::dense_stream::DenseCandidates;
use crate::search::few_term_stream::few_term_candidates;
use crate::search::terms::Terms;
use magic_tables_core::pair_index;

use super::board::{Board, CAPACITY};
use super::meter::{Meter, Phase};
use super::params::Params;
use super::rng::IterationRng;
use super::square::{Candidate, CandidateTester, SquareData, pair_parts};
use super::walk::{
    Known, WALK_BITS, WALKED, WalkPlan, valid_starts, walk_from, walk_number, walk_square, walk_start, walked_position,
};
use super::walk_cache::WalkCache;

/// Where a restored packer's walks come from.
pub(super) enum Walks<'a> {
    /// Another packer of the same run made them (a restart in place).
    Adopt(Arc<Vec<Vec<Candidate>>>),
    /// The packer walks, taking what a cache knows, unless the flag is set; the meter counts
    /// the walks.
    Walk(Option<&'a WalkCache>, &'a AtomicBool, &'a Meter),
}

/// A placed square.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Its candidate.
    pub candidate: Candidate,
    /// Board position of its lowest used index (the recipe's offset is `start - low`).
    pub start: usize,
}

impl Placed {
    /// One past its highest slot.
    pub fn top(&self) -> usize {
        self.start + self.candidate.span as usize
    }
}

/// The whole search state.
#[derive(Clone, Debug)]
pub struct Packer {
    /// Black or white (fixed-shift) indexing.
    pub indexing: Indexing,
    /// Master seed.
    pub seed: u64,
    /// The frozen candidate stream every square draws from: [`PackedStream::Dense`] or
    /// [`PackedStream::FewTerm`].
    pub stream: PackedStream,
    /// Per pair, the few-term stream's terms (empty for the dense stream).
    pub(super) terms: Vec<Terms>,
    /// Index bits per pair: [`super::fixed_bits`] for the fixed-shift layouts, or per square.
    pub bits: Vec<u32>,
    /// Parameters.
    pub params: Params,
    /// Per pair (rook a1 … h8, bishop a1 … h8).
    pub squares: Vec<SquareData>,
    /// Next candidate position per pair.
    pub cursors: Vec<u64>,
    /// Pools per pair.
    pub pools: Vec<Vec<Candidate>>,
    /// Placements per pair.
    pub placed: Vec<Option<Placed>>,
    /// Used slots.
    pub board: Board,
    /// Iterations done (improvement phase).
    pub iteration: u64,
    /// Candidates drawn in total.
    pub drawn: u64,
    /// Valid candidates found in total.
    pub valid: u64,
    /// Kick moves kept.
    pub kicks_kept: u64,
    /// Rebuild moves kept.
    pub rebuilds_kept: u64,
    /// Per pair: the black magic of a search it keeps ([`Packer::use_searched`]), or `None`
    /// for a square that draws from its stream.
    pub searched: Vec<Option<Found>>,
    /// Per pair, the candidates of its valid-space walks ([`Packer::walk`]; empty without
    /// walks): shared by the packers of one run, since restarts keep them.
    pub walked: Arc<Vec<Vec<Candidate>>>,
    pub(super) tester: CandidateTester,
}

/// A black magic that a search found for one square with `bits` index bits, which the square
/// keeps instead of drawing from the packer's stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// Pair (rook a1 = 0 … bishop h8 = 127).
    pub pair: usize,
    /// Index bits.
    pub bits: u32,
    /// Which search found it.
    pub found: Found,
}

/// Where a [`Searched`] magic comes from.
// A climb's path (up to 64 moves) makes `Spanned` large; a packer holds one `Found` per square,
// so boxing it would buy nothing but a heap allocation per square.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Candidate `number` (1-based) of the random search (`magic-gen search --black`) with the
    /// packer's seed, re-derived from that search's stream (`search:N` in a recipe).
    Candidate(u64),
    /// Magic `index` (1-based) of the ascending list an exhaustive sweep (`magic-gen sweep
    /// --black`) wrote, and the magic itself: a sweep takes minutes, so a recipe states the
    /// magic (`sweep:N` with the `magic` column) and the build checks it rather than re-deriving
    /// it.
    Swept {
        /// Its place in the sweep's list.
        index: u64,
        /// The black magic.
        magic: u64,
        /// The shard of the sweep whose list it is (`None`: the whole sweep's).
        shard: Option<crate::search::sweep_shard::Shard>,
    },
    /// Candidate `number` (1-based) of the span search (`magic-gen span`) with the packer's
    /// seed, and the magic: a recipe states the magic (`span:N` with the `magic` column) and the
    /// build checks it; `pack --searched` re-derives it from its number when it reads the list.
    Spanned {
        /// The candidate number (the walk's number for a climb from a walk).
        number: u64,
        /// For a climb from walk `number` of the packer's walks (`walk:N@K+a.b.c`, `span
        /// --walks`): the stream position `K` the walk started from. The packer walks that walk
        /// again and replays the climb before it takes the magic.
        walk: Option<u64>,
        /// The moves it climbed from that candidate (`span:N+a.b.c`; empty: none).
        climb: super::ClimbPath,
        /// The annealing that found it from that magic (`…~j.m`; `None`: none).
        anneal: Option<super::Anneal>,
        /// The black magic.
        magic: u64,
    },
    /// A term sum of the span search (`magic-gen span --terms`), and the magic it names: its
    /// value turned to its shortest span (`terms:+1.2+3.13…` in a recipe, the magic stated
    /// and checked by the build); `pack --searched` re-derives it from the sum.
    Summed {
        /// The sum.
        sum: crate::search::term_sums::TermSum,
        /// The annealing that found it from the sum's magic (`terms:…~j.m`; `None`: none).
        anneal: Option<super::Anneal>,
        /// The black magic.
        magic: u64,
    },
}

/// `~j.m` for an annealed magic, else nothing: what follows its start's name.
fn annealed(anneal: Option<super::Anneal>) -> String {
    anneal.map_or(String::new(), |a| a.to_string())
}

impl Found {
    /// The candidate's position: the search's candidate number or the sweep's list index.
    pub fn position(self) -> u64 {
        match self {
            Found::Candidate(number) => number,
            Found::Swept { index, .. } => index,
            Found::Spanned { number, .. } => number,
            // A sum has no number: its pool candidate sits at position 0.
            Found::Summed { .. } => 0,
        }
    }
}

impl Packer {
    /// An empty search of `indexing` magics with `bits[pair]` index bits (at most 12), drawing
    /// from `stream` ([`PackedStream::Dense`] or [`PackedStream::FewTerm`]).
    pub fn new(
        references: &ReferenceSet,
        indexing: Indexing,
        stream: PackedStream,
        seed: u64,
        bits: &[u32],
        params: Params,
    ) -> Self {
        assert_eq!(bits.len(), references.iter().count(), "index bits for every square");
        // The keys in an order that rejects the stream's candidates sooner (the same answers).
        let occupancies: Vec<_> = references.iter().zip(bits).collect();
        let squares: Vec<SquareData> =
            occupancies.into_par_iter().map(|(o, &bits)| SquareData::learned(o, indexing, bits)).collect();
        let pairs = squares.len();
        let terms = match stream {
            PackedStream::FewTerm => (0..pairs)
                .map(|pair| {
                    let (slider, square) = pair_parts(pair);
                    Terms::signed(slider, square, bits[pair], indexing == Indexing::Black)
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut tester = CandidateTester::default();
        tester.gap = params.pool_gap;
        Packer {
            indexing,
            seed,
            stream,
            terms,
            bits: bits.to_vec(),
            params,
            squares,
            cursors: vec![0; pairs],
            pools: vec![Vec::new(); pairs],
            placed: vec![None; pairs],
            board: Board::default(),
            iteration: 0,
            drawn: 0,
            valid: 0,
            kicks_kept: 0,
            rebuilds_kept: 0,
            searched: vec![None; pairs],
            walked: Arc::new(Vec::new()),
            tester,
        }
    }

    /// Runs every square's valid-space walks (`params.walks` of `params.walk_steps` moves, from
    /// the first valid candidates of its stream; squares in parallel, the same on any thread
    /// count) and adds their candidates to the pools; nothing without walks or if they ran.
    pub fn walk(&mut self) {
        self.walk_reusing(None).expect("walks without a cache do not fail");
    }

    /// [`Packer::walk`], taking each square's first walks from `known` (the walks of an earlier
    /// run, [`WalkCache`]) instead of walking them again; the candidates are the same. An error
    /// says why `known` is not this run's walks (another seed, layout, stream, moves, gap or
    /// index bits, or a square whose walks it states wrongly).
    pub fn walk_reusing(&mut self, known: Option<&WalkCache>) -> Result<(), String> {
        match self.walk_unless(known, &AtomicBool::new(false), &Meter::default())? {
            None => Ok(()),
            Some(_) => unreachable!("walks that are never stopped finish"),
        }
    }

    /// [`Packer::walk_reusing`] unless `stop` is set while the squares walk (each looks at it
    /// every few milliseconds; `meter` counts the squares and walks done): `Ok(None)` when every
    /// square walked, `Ok(Some(done))` when stopped, with the walks of the squares that finished
    /// (for a cache). A stopped packer keeps those squares' walks in their pools, and none of
    /// the others: enough to place every square in haste ([`Packer::complete`]), not to
    /// go on with the run.
    pub fn walk_unless(
        &mut self,
        known: Option<&WalkCache>,
        stop: &AtomicBool,
        meter: &Meter,
    ) -> Result<Option<WalkCache>, String> {
        if self.params.walks == 0 || !self.walked.is_empty() {
            return Ok(None);
        }
        if let Some(known) = known {
            known.check_for(&self.walk_cache())?;
        }
        // A searched square keeps its one magic and draws nothing: it does not walk (its bits
        // may be one fewer, where valid starts are too rare to draw).
        let walking = self.searched.iter().filter(|searched| searched.is_none()).count();
        meter.enter(Phase::Walks, walking);
        // The walking to do: a square's new walks, and the last of those a cache holds, walked
        // again to check it (the others are taken as the cache states them), each move weighed
        // by the square's keys, as the walks count it.
        let to_walk = |pair: usize| {
            let reused = known.map_or(0, |known| known.squares[pair].1.len().min(self.params.walks));
            let walks = self.params.walks - reused + usize::from(reused > 0);
            (walks as u64).saturating_mul(self.params.walk_steps).saturating_mul(self.squares[pair].keys.len() as u64)
        };
        let walking_work = (0..self.squares.len()).filter(|&pair| self.searched[pair].is_none()).map(to_walk);
        meter.expect_walks(walking_work.fold(0, u64::saturating_add));
        let walked = (0..self.squares.len())
            .into_par_iter()
            .map(|pair| {
                if self.searched[pair].is_some() {
                    return Ok(Some(Vec::new()));
                }
                let (magics, starts) =
                    known.map_or((&[][..], &[][..]), |known| (&known.squares[pair].1[..], &known.starts[pair][..]));
                let walks = self.walk_pair_from(pair, starts, magics, (stop, meter.walks_done()))?;
                if walks.is_some() {
                    meter.square_done();
                }
                Ok(walks)
            })
            .collect::<Result<Vec<_>, String>>()?;
        let stopped = walked.iter().any(Option::is_none);
        self.adopt_walks(Arc::new(walked.into_iter().map(Option::unwrap_or_default).collect()));
        Ok(stopped.then(|| self.walk_cache()))
    }

    /// The walks of pair `pair` alone, taking the first ones from `known` (that square's walks
    /// in an earlier run of the same walks): `Ok(None)` if `stop` was set first. They do not
    /// depend on any other square, so shards of squares walk apart (`magic-gen walk`).
    pub fn walk_pair(&self, pair: usize, known: &[u64], stop: &AtomicBool) -> Result<Option<Vec<Candidate>>, String> {
        self.walk_pair_from(pair, &[], known, (stop, &AtomicU64::new(0)))
    }

    /// [`Packer::walk_pair`] with the stream positions of the first walks' starts known
    /// (`known_starts`, from a cache): those starts are not drawn again. `walked` counts the
    /// walks as they are done.
    pub fn walk_pair_from(
        &self,
        pair: usize,
        known_starts: &[u64],
        known: &[u64],
        (stop, walked): (&AtomicBool, &AtomicU64),
    ) -> Result<Option<Vec<Candidate>>, String> {
        let known_starts: Vec<(u64, u64)> = known_starts
            .iter()
            .take(self.params.walks)
            .map(|&position| (position, self.magic_at(pair, position)))
            .collect();
        let from = known_starts.last().map_or(0, |&(position, _)| position + 1);
        let starts = self.candidates(pair, self.terms.get(pair), from);
        let plan = WalkPlan { walks: self.params.walks, steps: self.params.walk_steps, gap: self.params.walk_gap };
        let black = self.indexing == Indexing::Black;
        let known = Known { starts: &known_starts, magics: known };
        walk_square(self.seed, &self.squares[pair], black, known, starts, plan, (stop, walked))
            .map_err(|e| format!("the walk cache is not this run's walks: {e}"))
    }

    /// Walk `number` (1-based) of pair `pair` alone, as [`Packer::walk_pair`] makes it, from the
    /// magic at stream position `start` if given (else from the `number`-th valid one): what a
    /// recipe's `walk:N@K` row names, re-derived at the cost of one walk (`magic-gen verify
    /// --rederive`). `None` if `stop` was set first or `start` is not a valid magic.
    pub fn walk_number(&self, pair: usize, number: u64, start: Option<u64>, stop: &AtomicBool) -> Option<u64> {
        let data = &self.squares[pair];
        let start = match start {
            Some(position) => self.magic_at(pair, position),
            None => {
                let starts = self.candidates(pair, self.terms.get(pair), 0);
                let index = usize::try_from(number.checked_sub(1)?).ok()?;
                valid_starts(data, starts, index + 1, stop)?.get(index)?.1
            }
        };
        let plan = WalkPlan { walks: self.params.walks, steps: self.params.walk_steps, gap: self.params.walk_gap };
        walk_from(self.seed, data, self.indexing == Indexing::Black, start, number, plan, stop)
    }

    /// This packer's walks as a cache for later runs (no magics before it walked).
    pub fn walk_cache(&self) -> WalkCache {
        let bits: Vec<u32> = self.squares.iter().map(|data| 64 - data.shift).collect();
        let mut cache = WalkCache::empty(
            self.seed,
            self.indexing,
            self.stream,
            self.params.walk_steps,
            self.params.walk_gap,
            &bits,
        );
        for (pair, candidates) in self.walked.iter().enumerate() {
            cache.squares[pair].1.extend(candidates.iter().map(|candidate| candidate.magic));
            cache.starts[pair].extend(candidates.iter().filter_map(|candidate| walk_start(candidate.position)));
        }
        cache
    }

    /// Takes `walked` (the walks of a packer of the same run) as its own and adds the walked
    /// candidates to the pools of the squares that draw from the stream.
    fn adopt_walks(&mut self, walked: Arc<Vec<Vec<Candidate>>>) {
        for (pair, candidates) in walked.iter().enumerate() {
            if self.searched[pair].is_none() {
                for candidate in candidates {
                    // A walk's tester has no pool gap: its candidates get their blocked slots here.
                    let blocked = candidate.blocked_with(self.params.pool_gap);
                    let candidate = Candidate { blocked, ..candidate.clone() };
                    insert_pool(&mut self.pools[pair], candidate, &self.params);
                }
            }
        }
        self.walked = walked;
    }

    /// Moves pair `pair`'s cursor past stream position `position` (not past a walk number).
    pub(super) fn advance_cursor(&mut self, pair: usize, position: u64) {
        if position & WALKED == 0 {
            self.cursors[pair] = self.cursors[pair].max(position + 1);
        }
    }

    /// Gives a square a black magic a search found (candidate of `magic-gen search --black
    /// --seed <this seed>`, or a magic of `magic-gen sweep --black`), with that search's index
    /// bits: the square keeps this one candidate and draws nothing from its stream. For a
    /// square not placed yet; an error if the packer is not black or the magic does not index
    /// the square without a destructive collision. A climb from a walk is walked again and
    /// replayed; that replay polls `stop` (an annealed row's moves are the file's claim, not
    /// bounded), and a raised flag gives [`super::STOPPED_REPLAYING`].
    pub fn use_searched(
        &mut self,
        references: &ReferenceSet,
        searched: Searched,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        self.use_searched_checked(references, searched, Some(stop))
    }

    /// [`Packer::use_searched`]; a climb from a walk is walked again and replayed only with
    /// `check_walks`, the stop flag the replay polls (a restart in place takes the squares its
    /// run already checked).
    fn use_searched_checked(
        &mut self,
        references: &ReferenceSet,
        searched: Searched,
        check_walks: Option<&AtomicBool>,
    ) -> Result<(), String> {
        let Searched { pair, bits, found } = searched;
        let number = found.position();
        let (slider, square) = pair_parts(pair);
        if self.indexing != Indexing::Black {
            return Err(format!("{slider} {square}: searched magics are black magics; this packing is not"));
        }
        if self.placed[pair].is_some() {
            return Err(format!("{slider} {square} is already placed"));
        }
        let mask_bits = magic_tables_core::geometry::relevant_mask(slider, square).count_ones();
        if !(1..=mask_bits.min(12)).contains(&bits) || (number == 0 && !matches!(found, Found::Summed { .. })) {
            return Err(format!("{slider} {square}: {bits} index bits or candidate {number} is out of range"));
        }
        let occupancies = references.get(slider, square);
        let data = SquareData::with_bits(occupancies, self.indexing, bits);
        let (magic, what) = match found {
            Found::Candidate(number) => (
                searched_candidate(self.seed, slider, square, bits, number),
                format!("candidate {number} of the search for {bits} bits with seed {}", self.seed),
            ),
            Found::Swept { index, magic, .. } => (magic, format!("magic {index} of the sweep for {bits} bits")),
            Found::Spanned { number, walk: None, climb, anneal, magic } => {
                (magic, format!("candidate {number}{climb}{} of the span search for {bits} bits", annealed(anneal)))
            }
            Found::Spanned { number, walk: Some(start), climb, anneal, magic } => {
                (magic, format!("the climb walk:{number}@{start}{climb}{} for {bits} bits", annealed(anneal)))
            }
            Found::Summed { sum, anneal, magic } => {
                (magic, format!("the term sum terms:{sum}{} for {bits} bits", annealed(anneal)))
            }
        };
        if !self.tester.is_valid(&data, magic) {
            return Err(format!("{slider} {square}: {what} ({magic:#018X}) is not a black magic"));
        }
        let candidate = self.tester.candidate(&data, number, magic);
        self.squares[pair] = data;
        self.bits[pair] = bits;
        if let (Found::Spanned { number, walk: Some(start), climb, anneal, magic }, Some(stop)) = (found, check_walks) {
            self.check_walk_climb(pair, occupancies, (number, start), (&climb, anneal), magic, stop).map_err(|e| {
                if e == super::STOPPED_REPLAYING { e } else { format!("{slider} {square}: {what}: {e}") }
            })?;
        }
        self.pools[pair] = vec![candidate];
        self.searched[pair] = Some(found);
        Ok(())
    }

    /// Walks walk `number` of pair `pair` from stream position `start` again, as this run
    /// walks ([`Packer::walk_number`]), and replays `climb` from its magic
    /// ([`super::SpanSearch::derive_walked`]), then the annealing if any: an error unless that
    /// gives `magic`.
    fn check_walk_climb(
        &self,
        pair: usize,
        occupancies: &crate::geometry::Occupancies,
        (number, start): (u64, u64),
        climb: (&super::ClimbPath, Option<super::Anneal>),
        magic: u64,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        if self.params.walks == 0 {
            return Err("a climb from a walk, but this run makes no walks (--set walks=…)".to_owned());
        }
        let stopped = || stop.load(Ordering::Relaxed).then(|| super::STOPPED_REPLAYING.to_owned());
        let walk_magic = self.walk_number(pair, number, Some(start), stop).ok_or_else(|| {
            stopped().unwrap_or_else(|| format!("stream position {start} starts no walk in this run"))
        })?;
        let replayed = self.replay_walk_climb(occupancies, pair, (number, start), walk_magic, climb, stop)?;
        if let Some(stopped) = stopped() {
            return Err(stopped);
        }
        match replayed {
            Some(climbed) if climbed == magic => Ok(()),
            Some(climbed) => {
                Err(format!("gives {climbed:#018X} in this run, not {magic:#018X} (other walk settings?)"))
            }
            None => Err("its moves do not each shorten the walk's magic in this run (other walk settings?)".to_owned()),
        }
    }

    /// The magic of walk `number` of pair `pair` (from stream position `start`; its magic
    /// `walk_magic`, [`Packer::walk_number`]) climbed by `climb`
    /// ([`super::SpanSearch::derive_walked`] with this run's seed and the pair's bits), then
    /// annealed by `anneal` ([`super::SpanSearch::derive_annealed`]): `None` if a move does
    /// not better it by a walk climb's rule or the annealing does not end there, or `stop` was
    /// raised during the annealing. What `pack` checks and `verify --rederive` re-derives of a
    /// `walk:N@K+a.b.c` (`…~j.m`) row.
    pub fn replay_walk_climb(
        &self,
        occupancies: &crate::geometry::Occupancies,
        pair: usize,
        (number, start): (u64, u64),
        walk_magic: u64,
        (climb, anneal): (&super::ClimbPath, Option<super::Anneal>),
        stop: &AtomicBool,
    ) -> Result<Option<u64>, String> {
        let search = super::SpanSearch::new(occupancies, self.bits[pair])?;
        let climbed =
            search.derive_walked(self.seed, (number, start), walk_magic, climb, &mut CandidateTester::default());
        let found = match (climbed, anneal) {
            (Some(climbed), Some(anneal)) => search.derive_annealed(self.seed, climbed, anneal, stop),
            (climbed, _) => climbed,
        };
        Ok(found.map(|found| found.magic))
    }

    /// The search state `recipe` describes: its placement, iteration and stream cursors, with
    /// empty pools (each square's holds only its placed candidate). Resuming a run and
    /// restarting it in place both start from here, so a run restarted every N iterations and
    /// a chain of resumptions of N iterations give the same recipes. Squares the recipe does
    /// not list are left unplaced. An error names a square that is not valid or does not fit
    /// where the recipe says, or a recipe of another layout.
    ///
    /// With walks (`params.walks`), the packer walks again, as the run did at its start.
    pub fn restore(references: &ReferenceSet, recipe: &Recipe, params: Params) -> Result<Packer, String> {
        Self::restore_walked(references, recipe, params, Walks::Walk(None, &AtomicBool::new(false), &Meter::default()))
    }

    /// [`Packer::restore`], taking the walks `known` holds rather than walking them again
    /// ([`Packer::walk_reusing`]; `meter` counts them). Stopped by `stop` while walking, it
    /// returns [`super::STOPPED_EARLY`].
    pub fn restore_reusing(
        references: &ReferenceSet,
        recipe: &Recipe,
        params: Params,
        known: Option<&WalkCache>,
        (stop, meter): (&AtomicBool, &Meter),
    ) -> Result<Packer, String> {
        Self::restore_walked(references, recipe, params, Walks::Walk(known, stop, meter))
    }

    /// [`Packer::restore`] with the walks a packer of the same run already made (a restart in
    /// place), or walking (reusing what a cache knows).
    pub(super) fn restore_walked(
        references: &ReferenceSet,
        recipe: &Recipe,
        params: Params,
        walks: Walks<'_>,
    ) -> Result<Packer, String> {
        let (RecipeLayout::Packed(indexing), PackedStream::Dense | PackedStream::FewTerm) =
            (recipe.layout, recipe.stream)
        else {
            return Err("not a packed (black or fixed-shift) recipe of the dense or few-term stream".into());
        };
        let bits = super::recipe_bits(recipe);
        let mut packer = Packer::new(references, indexing, recipe.stream, recipe.seed, &bits, params);
        let check_walks = match walks {
            Walks::Adopt(_) => None,
            Walks::Walk(_, stop, _) => Some(stop),
        };
        for row in &recipe.rows {
            let found = match (row.searched, row.swept, row.spanned, row.walked) {
                (true, ..) => Found::Candidate(row.position),
                (false, None, Some(magic), _) if row.summed.is_some() => {
                    Found::Summed { sum: row.summed.expect("checked"), anneal: row.anneal, magic }
                }
                (false, Some(magic), ..) => Found::Swept { index: row.position, magic, shard: row.sweep_shard },
                (false, None, Some(magic), _) => {
                    Found::Spanned { number: row.position, walk: None, climb: row.climb, anneal: row.anneal, magic }
                }
                // A climb from a walk is a searched square, not one of the walks' candidates.
                (false, None, None, Some(magic)) if !row.climb.is_empty() => Found::Spanned {
                    number: row.position,
                    walk: row.walk_start,
                    climb: row.climb,
                    anneal: row.anneal,
                    magic,
                },
                _ => continue,
            };
            let pair = pair_index(row.slider, row.square);
            packer.use_searched_checked(references, Searched { pair, bits: bits[pair], found }, check_walks).map_err(
                // Cut while replaying: as cut while walking, the recipe is kept as it was.
                |e| if e == super::STOPPED_REPLAYING { super::STOPPED_EARLY.to_owned() } else { e },
            )?;
        }
        match walks {
            Walks::Adopt(walked) => packer.adopt_walks(walked),
            Walks::Walk(known, stop, meter) => {
                if packer.walk_unless(known, stop, meter)?.is_some() {
                    return Err(super::STOPPED_EARLY.to_owned());
                }
            }
        }
        for row in &recipe.rows {
            let offset = row.offset.expect("packed rows have offsets") as usize;
            let pair = pair_index(row.slider, row.square);
            let position = match row.walked {
                Some(magic) if row.climb.is_empty() => {
                    // The walk of that number from the start the row names; a row that names none
                    // (`walk:N`) means the run's walk of that number, wherever it started.
                    let position = match row.walk_start {
                        Some(start) if row.position < 1 << WALK_BITS => walked_position(row.position, start),
                        _ => packer
                            .walked
                            .get(pair)
                            .and_then(|walks| walks.iter().find(|c| walk_number(c.position) == Some(row.position)))
                            .map_or(WALKED | row.position, |c| c.position),
                    };
                    if packer.candidate_at(pair, position).is_none_or(|walked| walked.magic != magic) {
                        return Err(format!(
                            "{} {}: walk:{} is not {magic:#018X} in this run (other --walks or --walk-steps?)",
                            row.slider, row.square, row.position
                        ));
                    }
                    position
                }
                _ => row.position,
            };
            if !packer.place_recipe(pair, position, offset) {
                return Err(format!(
                    "{} {} is not valid or does not fit where the recipe says",
                    row.slider, row.square
                ));
            }
        }
        if let Some(checkpoint) = &recipe.checkpoint {
            for (cursor, &saved) in packer.cursors.iter_mut().zip(&checkpoint.cursors) {
                *cursor = (*cursor).max(saved);
            }
            packer.iteration = checkpoint.iteration;
        }
        Ok(packer)
    }

    /// The recipe of the current placement, with the run's state as its checkpoint.
    pub fn recipe(&self, command: &str, stopped: &str) -> Recipe {
        let variable = super::is_variable(&self.bits);
        let rows = self
            .placed
            .iter()
            .enumerate()
            .filter_map(|(pair, placed)| {
                let placed = placed.as_ref()?;
                let (slider, square) = pair_parts(pair);
                let offset = (placed.start - placed.candidate.low as usize) as u32;
                // A walked candidate is written as its walk number, with its magic.
                let candidate = &placed.candidate;
                let (position, walked, walk_start) = match (walk_number(candidate.position), self.searched[pair]) {
                    (Some(number), _) => (number, Some(candidate.magic), walk_start(candidate.position)),
                    // A climb from a walk is written as that walk with its moves.
                    (None, Some(Found::Spanned { walk: Some(start), magic, .. })) => {
                        (candidate.position, Some(magic), Some(start))
                    }
                    (None, _) => (candidate.position, None, None),
                };
                let bits = variable.then_some(self.bits[pair]);
                let none = super::ClimbPath::default();
                let summed = match self.searched[pair] {
                    Some(Found::Summed { sum, .. }) => Some(sum),
                    _ => None,
                };
                let anneal = match self.searched[pair] {
                    Some(Found::Summed { anneal, .. } | Found::Spanned { anneal, .. }) => anneal,
                    _ => None,
                };
                let (searched, swept, spanned, sweep_shard, climb) = match self.searched[pair] {
                    Some(Found::Candidate(_)) => (true, None, None, None, none),
                    Some(Found::Summed { magic, .. }) => (false, None, Some(magic), None, none),
                    Some(Found::Swept { magic, shard, .. }) => (false, Some(magic), None, shard, none),
                    Some(Found::Spanned { walk: Some(_), climb, .. }) => (false, None, None, None, climb),
                    Some(Found::Spanned { magic, climb, .. }) => (false, None, Some(magic), None, climb),
                    None => (false, None, None, None, none),
                };
                Some(RecipeRow {
                    line: 0,
                    slider,
                    square,
                    position,
                    offset: Some(offset),
                    bits,
                    swept,
                    sweep_shard,
                    searched,
                    walked,
                    walk_start,
                    spanned,
                    climb,
                    summed,
                    anneal,
                })
            })
            .collect();
        Recipe {
            seed: self.seed,
            layout: RecipeLayout::Packed(self.indexing),
            stream: self.stream,
            command: Some(command.to_owned()),
            rows,
            stated_size: None,
            checkpoint: Some(Checkpoint {
                iteration: self.iteration,
                cursors: self.cursors.clone(),
                stopped: stopped.to_owned(),
            }),
        }
    }

    /// Table size: one past the highest used slot.
    pub fn table_end(&self) -> usize {
        self.placed.iter().flatten().map(Placed::top).max().unwrap_or(0)
    }

    /// Sum of all squares' tops.
    pub fn sum_tops(&self) -> usize {
        self.placed.iter().flatten().map(Placed::top).sum()
    }

    /// Used slots.
    pub fn used_slots(&self) -> usize {
        self.placed.iter().flatten().map(|p| p.candidate.used.len()).sum()
    }

    /// The candidate at `position` of pair `pair` if it is valid.
    pub fn candidate_at(&mut self, pair: usize, position: u64) -> Option<Candidate> {
        if self.searched[pair].is_some() {
            return self.pools[pair].iter().find(|c| c.position == position).cloned();
        }
        if walk_number(position).is_some() {
            return self.walked.get(pair)?.iter().find(|c| c.position == position).cloned();
        }
        let magic = self.magic_at(pair, position);
        let data = &self.squares[pair];
        self.tester.is_valid(data, magic).then(|| self.tester.candidate(data, position, magic))
    }

    /// Draws `count` candidates of pair `pair` from its cursor. Valid ones join the pool and are
    /// fitted; returns the best (lowest top, then fewest slots) placement with top at most
    /// `max_top` whose score beats `incumbent`, if any.
    pub fn draw_and_fit(
        &mut self,
        pair: usize,
        count: u64,
        max_top: usize,
        incumbent: Option<(usize, usize)>,
    ) -> Option<(Candidate, usize)> {
        if self.searched[pair].is_some() {
            // A searched square keeps its one candidate.
            return None;
        }
        let fresh = self.scan_stream(pair, self.cursors[pair], count, |tester, data, position, magic| {
            Some(tester.candidate(data, position, magic))
        });
        let refs: Vec<&Candidate> = fresh.iter().collect();
        let best = self
            .first_best(&refs, max_top, incumbent.unwrap_or((usize::MAX, usize::MAX)))
            .map(|(at, start)| (fresh[at].clone(), start));
        self.valid += fresh.len() as u64;
        for candidate in fresh {
            insert_pool(&mut self.pools[pair], candidate, &self.params);
        }
        self.cursors[pair] += count;
        self.drawn += count;
        best
    }

    /// `keep(tester, square, position, magic)` of each valid candidate among the `count` draws
    /// of pair `pair`'s stream from `from` on, where it gives something, in stream order. The
    /// draws are tested in chunks on every thread (each chunk seeks its own stream position),
    /// so the result is the same on any thread count; `keep` sees the tester that has just
    /// accepted the magic ([`CandidateTester::candidate`] reads it).
    pub(super) fn scan_stream<T: Send>(
        &self,
        pair: usize,
        from: u64,
        count: u64,
        keep: impl Fn(&CandidateTester, &SquareData, u64, u64) -> Option<T> + Sync,
    ) -> Vec<T> {
        /// Draws per chunk: enough to pay for seeking the stream, few enough to share a sink's.
        const CHUNK: u64 = 1024;
        let data = &self.squares[pair];
        let terms = self.terms.get(pair);
        let chunks: Vec<u64> = (from..from + count).step_by(CHUNK as usize).collect();
        let found: Vec<Vec<T>> = chunks
            .into_par_iter()
            .map(|start| {
                let mut tester = CandidateTester::default();
                tester.gap = self.tester.gap;
                let draws = CHUNK.min(from + count - start) as usize;
                self.candidates(pair, terms, start)
                    .take(draws)
                    .filter_map(|(position, magic)| {
                        tester.is_valid(data, magic).then(|| keep(&tester, data, position, magic)).flatten()
                    })
                    .collect()
            })
            .collect();
        found.into_iter().flatten().collect()
    }

    /// The magic at `position` of pair `pair`'s stream.
    fn magic_at(&self, pair: usize, position: u64) -> u64 {
        let (_, magic) = self.candidates(pair, self.terms.get(pair), position).next().expect("the streams are endless");
        magic
    }

    /// Pair `pair`'s stream from `position` on, as `(position, magic)`; `terms` are its terms
    /// for the few-term stream (`self.terms.get(pair)`, `None` for the dense stream), borrowed
    /// apart from the packer so that its other fields stay free to change while it draws.
    pub(super) fn candidates<'a>(
        &self,
        pair: usize,
        terms: Option<&'a Terms>,
        position: u64,
    ) -> Box<dyn Iterator<Item = (u64, u64)> + 'a> {
        let (slider, square) = pair_parts(pair);
        match terms {
            Some(terms) => Box::new(few_term_candidates(self.seed, slider, square, terms, position)),
            None => Box::new(DenseCandidates::new(self.seed, slider, square, position)),
        }
    }

    pub(super) fn place(&mut self, pair: usize, candidate: Candidate, start: usize) {
        self.board.set(&candidate, start, true);
        self.placed[pair] = Some(Placed { candidate, start });
    }

    pub(super) fn unplace(&mut self, pair: usize) -> Option<Placed> {
        let old = self.placed[pair].take()?;
        self.board.set(&old.candidate, old.start, false);
        Some(old)
    }

    /// Score of a placement ending at `top` whose slots weigh `weight` sixteenths (see
    /// [`Packer::weight`]): lower is better.
    fn score(&self, top: usize, weight: usize) -> (usize, usize) {
        (top + self.params.lambda * weight / 16, top)
    }

    /// The slots a placement of `candidate` is charged for, in sixteenths of a slot: its used
    /// slots, or with `params.score_blocked` its blocked ones (those it keeps from other
    /// squares) and `params.used_weight` sixteenths per used slot.
    fn weight(&self, candidate: &Candidate) -> usize {
        slot_weight(candidate, &self.params)
    }

    /// The lowest fit of `candidate` with top at most `max_top` and a score whose first part is
    /// at most `bound`, and its score.
    fn fit_within(&self, candidate: &Candidate, max_top: usize, bound: usize) -> Option<(usize, (usize, usize))> {
        let weight = self.weight(candidate);
        let penalty = self.params.lambda * weight / 16;
        let limit = max_top.min(bound.checked_sub(penalty)?);
        let start = self.board.lowest_fit(candidate, candidate.low as usize, limit)?;
        Some((start, self.score(start + candidate.span as usize, weight)))
    }

    /// The best-scoring fit among `candidates` (see [`Packer::score`]; the first of them on a
    /// tie) whose score beats `incumbent`, with top at most `max_top`: its index and start. What
    /// fitting them one by one and keeping each strictly better one gives, computed on every
    /// thread: each fit is cut short by the best score any thread has found so far (a fit whose
    /// score's first part is above it cannot be the best), and the choice is then made in order,
    /// so it does not depend on the thread count.
    fn first_best(
        &self,
        candidates: &[&Candidate],
        max_top: usize,
        incumbent: (usize, usize),
    ) -> Option<(usize, usize)> {
        let bound = AtomicUsize::new(incumbent.0);
        let fits: Vec<Option<(usize, (usize, usize))>> = candidates
            .par_iter()
            .with_min_len(16)
            .map(|candidate| {
                let (start, score) = self.fit_within(candidate, max_top, bound.load(Ordering::Relaxed))?;
                bound.fetch_min(score.0, Ordering::Relaxed);
                Some((start, score))
            })
            .collect();
        fits.into_iter()
            .enumerate()
            .filter_map(|(at, fit)| fit.map(|(start, score)| (score, at, start)))
            .filter(|&(score, ..)| score < incumbent)
            .min()
            .map(|(_, at, start)| (at, start))
    }

    /// The best placement (see [`Packer::score`]) of pair `pair` among its pool and `extra`,
    /// with top at most `max_top`.
    fn best_fit(&self, pair: usize, extra: Option<&Candidate>, max_top: usize) -> Option<(Candidate, usize)> {
        let candidates: Vec<&Candidate> = extra.into_iter().chain(&self.pools[pair]).collect();
        let (at, start) = self.first_best(&candidates, max_top, (usize::MAX, usize::MAX))?;
        Some((candidates[at].clone(), start))
    }

    /// Greedy construction of all unplaced squares.
    pub fn construct(&mut self) {
        self.construct_unless(&AtomicBool::new(false), &Meter::default());
    }

    /// [`Packer::construct`], stopping between two squares (or two batches of draws) once
    /// `stop` is raised; `meter` counts the squares placed. Returns whether every square was
    /// placed.
    pub fn construct_unless(&mut self, stop: &AtomicBool, meter: &Meter) -> bool {
        let wanted = (self.params.init_valid as u64, self.params.init_draws);
        self.place_unplaced(Phase::Construction, wanted, stop, meter)
    }

    /// What a run stopped before it placed every square does instead, so that it still has a
    /// table: each square not placed yet, in the construction's order, at its best fit among
    /// its pool (its finished walks, what the construction drew), or, if that is empty, at the
    /// best fit among the first valid candidates of its stream (a batch of draws): about a
    /// second when no square has a candidate yet, more on a busy machine. Once `finish` is
    /// raised, the squares still unplaced take the first candidate of their pool (or the first
    /// valid one of their stream) at its lowest fit, one fit each, so the run ends on time
    /// whatever the load. Returns whether every square was placed (false only if the board has
    /// no room left for one).
    pub fn complete(&mut self, finish: &AtomicBool, meter: &Meter) -> bool {
        if self.place_unplaced(Phase::Completion, (0, 0), finish, meter) {
            return true;
        }
        for pair in 0..self.squares.len() {
            if self.placed[pair].is_some() {
                continue;
            }
            let candidate = match self.pools[pair].first() {
                Some(candidate) => candidate.clone(),
                None => self.draw_first_valid(pair),
            };
            let Some(start) = self.board.lowest_fit(&candidate, candidate.low as usize, CAPACITY) else {
                return false;
            };
            self.place(pair, candidate, start);
            let end = self.table_end();
            meter.table(end, self.used_slots(), end);
            meter.square_done();
        }
        true
    }

    /// Takes the walked candidates `dropped(pair, walk number)` names out of the pools, and
    /// off the board where placed: walks a cache states that a run placing in haste has no
    /// time to walk again before its recipe names them ([`super::UnconfirmedWalks`]).
    pub fn drop_walks(&mut self, dropped: impl Fn(usize, u64) -> bool) {
        let is_dropped =
            |pair: usize, candidate: &Candidate| walk_number(candidate.position).is_some_and(|n| dropped(pair, n));
        for pair in 0..self.squares.len() {
            self.pools[pair].retain(|candidate| !is_dropped(pair, candidate));
            if self.placed[pair].as_ref().is_some_and(|placed| is_dropped(pair, &placed.candidate)) {
                self.unplace(pair);
            }
        }
    }

    /// The first valid candidate of pair `pair`'s stream from its cursor on (added to its pool,
    /// as every valid candidate drawn is).
    fn draw_first_valid(&mut self, pair: usize) -> Candidate {
        let mut stream = self.candidates(pair, self.terms.get(pair), self.cursors[pair]);
        let data = &self.squares[pair];
        let mut drawn = 0;
        let candidate = loop {
            let (position, magic) = stream.next().expect("the stream is endless");
            drawn += 1;
            if self.tester.is_valid(data, magic) {
                break self.tester.candidate(data, position, magic);
            }
        };
        self.valid += 1;
        self.cursors[pair] += drawn;
        self.drawn += drawn;
        insert_pool(&mut self.pools[pair], candidate.clone(), &self.params);
        candidate
    }

    /// Places every unplaced square (rooks by mask size, then bishops), each at its best fit
    /// once it has drawn `init_valid` valid candidates or `init_draws` draws (at least one
    /// valid candidate that fits, in any case); `stop` is looked at between squares and between
    /// batches of draws (returns false). The meter is in `phase`, counting squares placed.
    fn place_unplaced(
        &mut self,
        phase: Phase,
        (init_valid, init_draws): (u64, u64),
        stop: &AtomicBool,
        meter: &Meter,
    ) -> bool {
        let mut order: Vec<usize> = (0..self.squares.len()).filter(|&pair| self.placed[pair].is_none()).collect();
        order.sort_by_key(|&pair| (pair / 64, std::cmp::Reverse(self.squares[pair].keys.len()), pair));
        meter.enter(phase, order.len());
        for pair in order {
            if stop.load(Ordering::Relaxed) {
                return false;
            }
            let mut best = self.best_fit(pair, None, CAPACITY);
            let (mut draws, valid_before) = (0, self.valid);
            // A searched square has its one candidate in its pool and draws nothing.
            let draws_more = self.searched[pair].is_none();
            while draws_more && (best.is_none() || (draws < init_draws && self.valid - valid_before < init_valid)) {
                // A square whose valid magics are rare can draw for a long time: the stop flag is
                // looked at between batches.
                if stop.load(Ordering::Relaxed) {
                    return false;
                }
                let incumbent = best.as_ref().map(|(c, start)| self.score(start + c.span as usize, self.weight(c)));
                if let Some(found) = self.draw_and_fit(pair, 16_384, CAPACITY, incumbent) {
                    best = Some(found);
                }
                draws += 16_384;
            }
            let (candidate, start) = best.expect("the loop ends with a placement");
            self.place(pair, candidate, start);
            let end = self.table_end();
            meter.table(end, self.used_slots(), end);
            meter.square_done();
        }
        true
    }

    /// Places pair `pair` with the candidate at `position` at `offset` (resuming). False if it
    /// is not valid or does not fit.
    pub fn place_recipe(&mut self, pair: usize, position: u64, offset: usize) -> bool {
        let Some(candidate) = self.candidate_at(pair, position) else { return false };
        self.place_candidate(pair, candidate, offset)
    }

    /// Places pair `pair` with `candidate` at `offset` (resuming). False if it does not fit.
    fn place_candidate(&mut self, pair: usize, candidate: Candidate, offset: usize) -> bool {
        let position = candidate.position;
        let start = offset + candidate.low as usize;
        let top = start + candidate.span as usize;
        if top > CAPACITY || self.board.lowest_fit(&candidate, start, top) != Some(start) {
            return false;
        }
        if self.searched[pair].is_none() {
            insert_pool(&mut self.pools[pair], candidate.clone(), &self.params);
            self.advance_cursor(pair, position);
        }
        self.place(pair, candidate, start);
        true
    }

    /// One improvement iteration.
    pub fn step(&mut self) {
        let mut rng = IterationRng::member(self.seed, self.params.member, self.iteration);
        self.iteration += 1;
        let pairs = self.squares.len();
        if self.params.rebuild_every > 0 && self.iteration % self.params.rebuild_every == 0 {
            self.rebuild(&mut rng);
            return;
        }
        if self.params.kick_every > 0 && rng.below(self.params.kick_every) == 0 {
            self.kick(&mut rng);
            return;
        }
        let pair = if rng.below(2) == 0 { self.top_pair(&mut rng) } else { rng.below(pairs as u64) as usize };
        self.sink(pair);
    }

    /// One of the 12 pairs that end highest, drawn by `rng`.
    fn top_pair(&self, rng: &mut IterationRng) -> usize {
        let mut by_top: Vec<(usize, usize)> =
            (0..self.squares.len()).map(|pair| (self.placed[pair].as_ref().map_or(0, Placed::top), pair)).collect();
        by_top.sort_unstable_by(|a, b| b.cmp(a));
        by_top[rng.below(12) as usize].1
    }

    /// Sink move on pair `pair`: fresh candidates join the pool, then the pool and the current
    /// candidate are fitted below the current top; the lowest top wins (ties: fewer slots).
    pub fn sink(&mut self, pair: usize) {
        let old = self.unplace(pair).expect("all squares are placed");
        let mut best = self.best_fit(pair, Some(&old.candidate), old.top()).expect("the old place is free");
        let incumbent = self.score(best.1 + best.0.span as usize, self.weight(&best.0));
        if let Some(found) = self.draw_and_fit(pair, self.params.fresh, old.top(), Some(incumbent)) {
            best = found;
        }
        self.place(pair, best.0, best.1);
    }

    /// Rebuild move: every square taken out and put back from its pool (and its current
    /// candidate), in the order of their current offsets with a few random swaps; kept if the
    /// table end shrinks (or stays and the sum of tops shrinks), otherwise undone.
    fn rebuild(&mut self, rng: &mut IterationRng) {
        let pairs = self.squares.len();
        let (end_before, sum_before) = (self.table_end(), self.sum_tops());
        let mut order: Vec<usize> = (0..pairs).collect();
        order.sort_by_key(|&pair| (self.placed[pair].as_ref().map_or(0, |placed| placed.start), pair));
        for _ in 0..pairs / 4 {
            let i = rng.below(pairs as u64 - 1) as usize;
            order.swap(i, i + 1);
        }
        // Better: a lower end, or the same end and a lower sum of tops.
        let better = Acceptance { end: end_before, sum: sum_before.checked_sub(1) };
        if self.replace_or_undo(&order, better) {
            self.rebuilds_kept += 1;
        }
    }

    /// Takes the squares `order` lists out and places each again, in that order, at its best
    /// fit (its old candidate among the choices). Keeps the result if every square found a place
    /// and `keep` accepts it; otherwise puts everything back as it was. Returns whether it kept
    /// the result.
    ///
    /// Once the squares placed so far already rule the result out (`keep` is doomed: the end
    /// and the sum of tops only grow as the others go back), the others are not placed: the
    /// move is undone all the same, and nothing else depends on where they would have gone.
    fn replace_or_undo(&mut self, order: &[usize], keep: Acceptance) -> bool {
        let saved: Vec<(usize, Placed)> =
            order.iter().map(|&pair| (pair, self.unplace(pair).expect("all squares are placed"))).collect();
        let mut all_placed = true;
        for (pair, old) in &saved {
            match self.best_fit(*pair, Some(&old.candidate), CAPACITY) {
                Some((candidate, start)) => self.place(*pair, candidate, start),
                None => {
                    all_placed = false;
                    break;
                }
            }
            if keep.doomed(self.table_end(), self.sum_tops()) {
                all_placed = false;
                break;
            }
        }
        if all_placed && keep.accepts(self.table_end(), self.sum_tops()) {
            return true;
        }
        for &(pair, _) in &saved {
            self.unplace(pair);
        }
        for (pair, old) in saved {
            self.place(pair, old.candidate, old.start);
        }
        false
    }

    fn kick(&mut self, rng: &mut IterationRng) {
        let pairs = self.squares.len();
        let (end_before, sum_before) = (self.table_end(), self.sum_tops());
        let slot = rng.below(end_before as u64) as usize;
        let width =
            if self.params.kick_window > 0 { rng.below(self.params.kick_window as u64 + 1) as usize } else { 0 };
        let mut chosen: Vec<usize> = (0..pairs)
            .filter(|&pair| {
                self.placed[pair].as_ref().is_some_and(|placed| placed.start <= slot + width && slot < placed.top())
            })
            .collect();
        let want = 2 + rng.below(self.params.kick_size.max(2) - 1) as usize;
        while chosen.len() < want {
            let pair = rng.below(pairs as u64) as usize;
            if !chosen.contains(&pair) {
                chosen.push(pair);
            }
        }
        // Random order.
        for i in (1..chosen.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            chosen.swap(i, j);
        }
        let keep = Acceptance { end: end_before, sum: Some(sum_before + self.params.kick_slack) };
        if self.replace_or_undo(&chosen, keep) {
            self.kicks_kept += 1;
        }
    }
}

/// Which results a kick or a rebuild keeps: a table end below `end`, or equal to it with a sum
/// of the squares' tops of at most `sum` (`None`: no sum is low enough).
#[derive(Clone, Copy, Debug)]
struct Acceptance {
    end: usize,
    sum: Option<usize>,
}

impl Acceptance {
    /// Whether a result of table end `end` and sum of tops `sum` is kept.
    fn accepts(self, end: usize, sum: usize) -> bool {
        end < self.end || (end == self.end && self.sum.is_some_and(|most| sum <= most))
    }

    /// Whether no result is kept whose table end is at least `end` and sum of tops at least
    /// `sum`: what is known with squares still to place, each of which can only raise both.
    fn doomed(self, end: usize, sum: usize) -> bool {
        end > self.end || (end == self.end && self.sum.is_none_or(|most| sum > most))
    }
}

/// A candidate's charge in sixteenths of a slot under `params` ([`Packer::weight`]): 16 per
/// used slot, or with blocked-slot scoring 16 per blocked slot and `used_weight` per used one.
fn slot_weight(candidate: &Candidate, params: &Params) -> usize {
    if params.score_blocked { blocked_charge(candidate, params) } else { 16 * candidate.used.len() }
}

/// A candidate's charge in sixteenths of a slot where blocked slots count (pools with a gap,
/// and placements with blocked-slot scoring): 16 per blocked slot and `used_weight` per used one.
fn blocked_charge(candidate: &Candidate, params: &Params) -> usize {
    16 * candidate.blocked as usize + params.used_weight * candidate.used.len()
}

/// Adds `candidate` to `pool`, kept sorted by (used slots, span, position), or with a pool gap
/// by (charge, used slots, span, position), the charge being its blocked slots
/// (`candidate.blocked`, which the packer's tester computed with that gap) plus the used-slot
/// weight's share ([`blocked_charge`]), and at most `params.pool` long; a magic already in the pool
/// is not added twice.
pub(super) fn insert_pool(pool: &mut Vec<Candidate>, candidate: Candidate, params: &Params) {
    if pool.iter().any(|d| d.magic == candidate.magic) {
        return;
    }
    let at = if params.pool_gap == 0 {
        let key = |c: &Candidate| (c.used.len(), c.span, c.position);
        pool.partition_point(|d| key(d) < key(&candidate))
    } else {
        let key = |c: &Candidate| (blocked_charge(c, params), c.used.len(), c.span, c.position);
        pool.partition_point(|d| key(d) < key(&candidate))
    };
    if at >= params.pool {
        return;
    }
    pool.insert(at, candidate);
    pool.truncate(params.pool);
}

#[cfg(test)]
mod tests {
    use super::Acceptance;

    /// A kick or rebuild ended early is one that would have been undone: a doomed partial result
    /// (end and sum so far) is accepted at no end and sum at least as large. And the rule is not
    /// empty: each acceptance keeps something, and a partial result it keeps is never doomed.
    #[test]
    fn a_doomed_move_is_never_kept() {
        for sum in [None, Some(0), Some(5), Some(9)] {
            let keep = Acceptance { end: 6, sum };
            let mut kept = 0;
            for (end, total) in (0..10).flat_map(|end| (0..12).map(move |total| (end, total))) {
                if keep.doomed(end, total) {
                    for (later_end, later_total) in (end..12).flat_map(|e| (total..14).map(move |t| (e, t))) {
                        assert!(!keep.accepts(later_end, later_total), "{keep:?} {end} {total}");
                    }
                }
                if keep.accepts(end, total) {
                    kept += 1;
                    assert!(!keep.doomed(end, total), "{keep:?} {end} {total}");
                }
            }
            assert!(kept > 0);
        }
        // A sum one over the bound at the same end is doomed; a lower end never is.
        let keep = Acceptance { end: 6, sum: Some(5) };
        assert!(keep.doomed(6, 6) && !keep.doomed(6, 5) && !keep.doomed(5, 100) && keep.doomed(7, 0));
    }
}
