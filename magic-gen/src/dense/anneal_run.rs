//! A whole run of the annealing packer ([`super::anneal`]) over compact few-term candidates:
//! pools, a greedy first placement, annealing cycles, the bishops' cache-line compaction, and
//! checkpoints after every cycle that improved. The run's budget is a total number of cycles,
//! so the command that started a run also resumes it (`--resume` of its own output continues
//! to the same total) and gives the same recipe as a run that never stopped.

use std::sync::atomic::AtomicBool;

use crate::magic_set::Indexing;
use crate::recipe::{Checkpoint, PackedStream, Recipe, RecipeLayout, RecipeRow};
use crate::reference::ReferenceSet;
use magic_tables_core::pair_index;

use super::anneal::{AnnealParams, Placement, cycle};
use super::compact::lines_at;
use super::pools::{Pool, PoolParams, build_pools};
use super::run::{Finished, Observer, Progress};
use super::square::{is_variable, pair_parts};

/// The error of a run stopped before it had anything to write.
pub const STOPPED_EARLY: &str = "stopped before the first placement: nothing to write";

/// Everything that decides an annealing run's result besides where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnealPlan {
    /// Black or white (fixed-shift) indexing.
    pub indexing: Indexing,
    /// Master seed of the candidate streams and the moves.
    pub seed: u64,
    /// Index bits per pair (rook a1 … bishop h8): the fixed 12 and 9, or any per square.
    pub bits: Vec<u32>,
    /// How the pools are drawn.
    pub pools: PoolParams,
    /// The annealing.
    pub anneal: AnnealParams,
    /// Cycles in all (a resumed run continues to this total).
    pub cycles: u64,
    /// Re-place the bishops at the end to touch the fewest cache lines.
    pub compact_bishops: bool,
    /// The command line that reproduces the run, for the recipe's `# command=` line.
    pub command: String,
}

/// The recipe of `placement`, `cycles` cycles into the run of `plan`.
fn recipe_of(plan: &AnnealPlan, pools: &[Pool], placement: &Placement, cycles: u64, stopped: &str) -> Recipe {
    let variable = is_variable(&plan.bits);
    let rows = placement
        .spots
        .iter()
        .enumerate()
        .map(|(pair, spot)| {
            let (slider, square) = pair_parts(pair);
            let candidate = &pools[pair].candidates[spot.choice as usize];
            let offset = spot.start - candidate.low;
            let bits = variable.then_some(plan.bits[pair]);
            RecipeRow {
                line: 0,
                slider,
                square,
                position: candidate.position,
                offset: Some(offset),
                bits,
                swept: None,
                searched: false,
                walked: None,
                tailored: None,
            }
        })
        .collect();
    Recipe {
        seed: plan.seed,
        layout: RecipeLayout::Packed(plan.indexing),
        stream: PackedStream::Compact,
        command: Some(plan.command.clone()),
        rows,
        stated_size: None,
        checkpoint: Some(Checkpoint {
            iteration: cycles,
            cursors: pools.iter().map(|pool| pool.drawn).collect(),
            stopped: stopped.to_owned(),
        }),
    }
}

/// The placement a recipe of this plan describes: each row's candidate found in its square's
/// pool, at its offset.
fn restore(recipe: &Recipe, pools: &[Pool]) -> Result<Placement, String> {
    let mut choices = vec![0u32; 128];
    let mut starts = vec![0u32; 128];
    let mut listed = [false; 128];
    for row in &recipe.rows {
        let pair = pair_index(row.slider, row.square);
        let Some(choice) = pools[pair].candidates.iter().position(|c| c.position == row.position) else {
            return Err(format!(
                "{} {}: candidate {} is not in the square's pool: resume with the pool flags of the run that wrote the recipe",
                row.slider, row.square, row.position
            ));
        };
        choices[pair] = choice as u32;
        starts[pair] = row.offset.expect("packed rows have offsets") + pools[pair].candidates[choice].low;
        listed[pair] = true;
    }
    if let Some(pair) = listed.iter().position(|&l| !l) {
        let (slider, square) = pair_parts(pair);
        return Err(format!("{slider} {square} is missing from the recipe"));
    }
    let order: Vec<usize> = (0..128).collect();
    Placement::build(pools, &choices, Some(&starts), &order).ok_or_else(|| "the recipe's squares overlap".to_owned())
}

/// The greedy first placement: rooks by mask size (largest first), then bishops, each with the
/// pool candidate of the lowest score (`8 · top + used_weight · used`, as the moves choose) on
/// the board built so far.
fn construct(pools: &[Pool], used_weight: u32) -> Placement {
    let mut order: Vec<usize> = (0..pools.len()).collect();
    order.sort_by_key(|&pair| (pair / 64, std::cmp::Reverse(pools[pair].candidates[0].used.len()), pair));
    let mut placement = Placement::empty(pools.len());
    for pair in order {
        let candidates = &pools[pair].candidates;
        let (choice, start) =
            placement.best_fit(candidates, 0..candidates.len() as u32, used_weight).expect("the board has room");
        placement.put(pair, choice, start, &candidates[choice as usize]);
    }
    placement
}

/// Re-places every bishop with the pool candidate whose used slots touch the fewest cache
/// lines where it fits without raising the table's end: a chain of dependent bishop lookups
/// then misses L1 less often. Squares in order, candidates in pool order, the lowest offset
/// among equals.
fn compact_bishops(pools: &[Pool], placement: &Placement) -> Placement {
    let mut placement = placement.clone();
    let end = placement.end() as usize;
    for (pair, pool) in pools.iter().enumerate().skip(64) {
        let spot = placement.spots[pair];
        let pool = &pool.candidates;
        placement.take(pair, &pool[spot.choice as usize]);
        let mut best = (lines_at(&pool[spot.choice as usize], spot.start as usize), spot.choice, spot.start);
        for (choice, candidate) in pool.iter().enumerate() {
            // No placement touches fewer lines than its slots fill at the best alignment.
            let fewest = (0..8).map(|shift| lines_at(candidate, shift)).min().unwrap_or(0);
            if fewest >= best.0 {
                continue;
            }
            let mut from = candidate.low as usize;
            while let Some(start) = placement.fit(candidate, from, end) {
                let lines = lines_at(candidate, start);
                if lines < best.0 {
                    best = (lines, choice as u32, start as u32);
                }
                if lines == fewest {
                    break;
                }
                from = start + 1;
            }
        }
        let (_, choice, start) = best;
        placement.put(pair, choice, start, &pool[choice as usize]);
    }
    placement
}

/// Where an annealing run starts.
#[derive(Clone, Debug)]
pub enum AnnealStart {
    /// From nothing.
    New,
    /// From a recipe this plan's run wrote (its checkpoint says how many cycles were done).
    Resume(Recipe),
}

/// Runs the annealing packer. The observer gets a checkpoint after the first placement, after
/// each cycle that improved the best placement, and at the end.
pub fn run_anneal(
    references: &ReferenceSet,
    start: AnnealStart,
    plan: &AnnealPlan,
    observer: &mut dyn Observer,
    stop: &AtomicBool,
) -> Result<Finished, String> {
    plan.anneal.check()?;
    if plan.bits.len() != 128 {
        return Err("index bits for all 128 squares".into());
    }
    let Some((_, _, pools)) = build_pools(references, plan.indexing, plan.seed, &plan.bits, &plan.pools, stop) else {
        return Err(STOPPED_EARLY.to_owned());
    };
    // A finished run's recipe, resumed (a requeued array task that had finished): nothing to do.
    if let AnnealStart::Resume(recipe) = &start
        && let Some(checkpoint) = &recipe.checkpoint
        && checkpoint.stopped == "budget"
        && checkpoint.iteration >= plan.cycles
    {
        observer.checkpoint(recipe)?;
        return Ok(Finished { recipe: recipe.clone(), bishop_lines: None, iteration: checkpoint.iteration });
    }
    let (mut best, mut done) = match &start {
        AnnealStart::New => (construct(&pools, plan.anneal.used_weight), 0),
        AnnealStart::Resume(recipe) => {
            if recipe.stream != PackedStream::Compact || recipe.layout != RecipeLayout::Packed(plan.indexing) {
                return Err("the recipe is not of this run's layout and candidate stream".into());
            }
            (restore(recipe, &pools)?, recipe.checkpoint.as_ref().map_or(0, |c| c.iteration))
        }
    };
    observer.checkpoint(&recipe_of(plan, &pools, &best, done, "running"))?;
    let mut stopped = "budget".to_owned();
    while done < plan.cycles {
        let end = best.end() as usize;
        let progress = Progress { iteration: done, target: plan.cycles, best_end: end, end, used: best.used(&pools) };
        if let Some(reason) = observer.poll(&progress) {
            stopped = format!("{reason} after {done} cycles (of {})", plan.cycles);
            break;
        }
        let Some(next) = cycle(&pools, &best, &plan.anneal, plan.seed, done, stop) else {
            let reason = observer.poll(&progress).unwrap_or_else(|| "stopped".to_owned());
            stopped = format!("{reason} after {done} cycles (of {})", plan.cycles);
            break;
        };
        done += 1;
        if next.score() < best.score() {
            best = next;
            observer.checkpoint(&recipe_of(plan, &pools, &best, done, "running"))?;
        }
    }
    if plan.compact_bishops && stopped == "budget" {
        best = compact_bishops(&pools, &best);
    }
    let recipe = recipe_of(plan, &pools, &best, done, &stopped);
    observer.checkpoint(&recipe)?;
    Ok(Finished { recipe, bishop_lines: None, iteration: done })
}
