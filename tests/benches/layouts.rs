//! Every layout of `magic-tables`, and the crates users would pick instead, on three loads in
//! one run:
//!
//! * `independent-{rook,bishop}`: 4,096 fixed pseudo-random (square, occupancy) pairs, results
//!   XORed together, so lookups overlap in the pipeline (throughput);
//! * `chain-{rook,bishop}`: the same pairs, each lookup's result XORed into the next occupancy,
//!   so every lookup waits for the one before (latency);
//! * `movegen`: the rook and bishop attacks of every slider (queens count as both) in the 300
//!   positions of `tests/data/positions.fen`, 4,596 lookups.
//!
//! ```text
//! cargo bench -p magic-tests --features peers --bench layouts
//! cargo run -p magic-tests --example perf-table -- target/criterion
//! RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native cargo bench -p magic-tests --features peers --bench layouts
//! RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native cargo run -p magic-tests --example perf-table -- tests/target/native/criterion
//! ```
//!
//! `auto` runs twice: as this CPU makes it choose (`auto-run`: the loop under `auto::run`;
//! `auto-sliders`: a kept `Sliders`), and forced to its fallback (`…-fallback`); `auto-free` is
//! its free functions, the default layout's lookups.
//! The native run gives the `pext` layout BMI2 and cozy-chess its `pext` feature; its own target
//! directory keeps its results (criterion writes under `$CARGO_TARGET_DIR/criterion`) apart from
//! the portable run's. Without the `layouts` feature only the default layout runs; without
//! `peers`, no other crate.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};
use magic_tests::{SliderPosition, benchmark_positions, random_queries};

const QUERIES: usize = 4096;

/// One implementation's rook and bishop lookups on raw square indices and bitboards.
trait Lookups {
    const NAME: &'static str;
    /// The implementation's square type, converted once outside the timed loops.
    type Square: Copy;
    fn square(index: u8) -> Self::Square;
    fn rook(square: Self::Square, occupied: u64) -> u64;
    fn bishop(square: Self::Square, occupied: u64) -> u64;
}

macro_rules! layout {
    ($ty:ident, $name:literal, $($path:tt)+) => {
        pub struct $ty;
        impl Lookups for $ty {
            const NAME: &'static str = $name;
            type Square = magic_tables::Square;
            fn square(index: u8) -> magic_tables::Square {
                magic_tables::Square::from_index(index).expect("index below 64")
            }
            #[inline(always)]
            fn rook(square: magic_tables::Square, occupied: u64) -> u64 {
                $($path)+::rook_attacks(square, occupied)
            }
            #[inline(always)]
            fn bishop(square: magic_tables::Square, occupied: u64) -> u64 {
                $($path)+::bishop_attacks(square, occupied)
            }
        }
    };
}

layout!(Default, "default", magic_tables);

/// `auto` as this CPU makes it choose (`fallback` false) or forced to its fallback.
fn set_auto(fallback: bool) {
    let fast = magic_tables::auto::Cpuid::read().is_some_and(|cpu| cpu.pext_is_fast());
    if fast && !fallback {
        // SAFETY: `pext_is_fast` holds only where the CPU has BMI2.
        unsafe { magic_tables::auto::force_pext() };
    } else {
        magic_tables::auto::force_fallback();
    }
}

/// One module per layout of `magic-tables`, each with its `Lookups`, from the runtime crate's
/// one list of layouts.
macro_rules! layout_lookups {
    ($(($module:ident, $name:literal)),* $(,)?) => {
        mod layouts {
            $(pub mod $module {
                use super::super::Lookups;
                layout!(Layout, $name, magic_tables::$module);
            })*
        }

        /// Benchmarks every layout on `load`.
        fn bench_layouts(group: &mut BenchmarkGroup<'_, WallTime>, load: Load, inputs: &Inputs) {
            $(bench_one::<layouts::$module::Layout>(group, load, inputs);)*
        }
    };
}

magic_tables::for_each_layout!(layout_lookups);

#[cfg(feature = "peers")]
mod peers {
    use super::Lookups;

    /// shakmaty's fixed-shift overlapped magics (88,772 slots).
    pub struct Shakmaty;
    impl Lookups for Shakmaty {
        const NAME: &'static str = "shakmaty";
        type Square = shakmaty::Square;
        fn square(index: u8) -> shakmaty::Square {
            shakmaty::Square::new(u32::from(index))
        }
        #[inline(always)]
        fn rook(square: shakmaty::Square, occupied: u64) -> u64 {
            shakmaty::attacks::rook_attacks(square, shakmaty::Bitboard(occupied)).0
        }
        #[inline(always)]
        fn bishop(square: shakmaty::Square, occupied: u64) -> u64 {
            shakmaty::attacks::bishop_attacks(square, shakmaty::Bitboard(occupied)).0
        }
    }

    /// shakmaty 0.30 without its `magics` feature: no attack table (Hyperbola Quintessence),
    /// the peer of the `tableless` layout.
    pub struct ShakmatyTableless;
    impl Lookups for ShakmatyTableless {
        const NAME: &'static str = "shakmaty-tableless";
        type Square = shakmaty_tableless::Square;
        fn square(index: u8) -> shakmaty_tableless::Square {
            shakmaty_tableless::Square::new(u32::from(index))
        }
        #[inline(always)]
        fn rook(square: shakmaty_tableless::Square, occupied: u64) -> u64 {
            shakmaty_tableless::attacks::rook_attacks(square, shakmaty_tableless::Bitboard(occupied)).0
        }
        #[inline(always)]
        fn bishop(square: shakmaty_tableless::Square, occupied: u64) -> u64 {
            shakmaty_tableless::attacks::bishop_attacks(square, shakmaty_tableless::Bitboard(occupied)).0
        }
    }

    /// cozy-chess: black magics (87,988 slots), or its pext tables on BMI2 targets.
    pub struct Cozy;
    impl Lookups for Cozy {
        const NAME: &'static str = if cfg!(target_feature = "bmi2") { "cozy-chess-pext" } else { "cozy-chess" };
        type Square = cozy_chess::Square;
        fn square(index: u8) -> cozy_chess::Square {
            cozy_chess::Square::index(usize::from(index))
        }
        #[inline(always)]
        fn rook(square: cozy_chess::Square, occupied: u64) -> u64 {
            cozy_chess::get_rook_moves(square, cozy_chess::BitBoard(occupied)).0
        }
        #[inline(always)]
        fn bishop(square: cozy_chess::Square, occupied: u64) -> u64 {
            cozy_chess::get_bishop_moves(square, cozy_chess::BitBoard(occupied)).0
        }
    }
}

/// A position's occupancy and its rook-moving and bishop-moving squares, in one crate's type.
type PositionSquares<S> = (u64, Vec<S>, Vec<S>);

/// The loads' inputs, in raw form.
struct Inputs {
    queries: Vec<(u8, u64)>,
    positions: Vec<SliderPosition>,
}

/// The benchmark loads, one criterion group each.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Load {
    IndependentRook,
    IndependentBishop,
    ChainRook,
    ChainBishop,
    Movegen,
}

impl Load {
    const ALL: [Load; 5] =
        [Load::IndependentRook, Load::IndependentBishop, Load::ChainRook, Load::ChainBishop, Load::Movegen];

    fn name(self) -> &'static str {
        match self {
            Load::IndependentRook => "independent-rook",
            Load::IndependentBishop => "independent-bishop",
            Load::ChainRook => "chain-rook",
            Load::ChainBishop => "chain-bishop",
            Load::Movegen => "movegen",
        }
    }
}

fn bench_one<L: Lookups>(group: &mut BenchmarkGroup<'_, WallTime>, load: Load, inputs: &Inputs) {
    bench_with(group, load, inputs, L::NAME, L::square, L::rook, L::bishop);
}

/// Benchmarks the lookups `rook` and `bishop` (on squares made by `square`) as `name` on `load`.
fn bench_with<S: Copy>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    load: Load,
    inputs: &Inputs,
    name: &str,
    square: impl Fn(u8) -> S,
    rook: impl Fn(S, u64) -> u64 + Copy,
    bishop: impl Fn(S, u64) -> u64 + Copy,
) {
    let queries: Vec<(S, u64)> = inputs.queries.iter().map(|&(sq, occ)| (square(sq), occ)).collect();
    match load {
        Load::IndependentRook => group.bench_function(name, |b| b.iter(|| independent(black_box(&queries), rook))),
        Load::IndependentBishop => group.bench_function(name, |b| b.iter(|| independent(black_box(&queries), bishop))),
        Load::ChainRook => group.bench_function(name, |b| b.iter(|| chain(black_box(&queries), rook))),
        Load::ChainBishop => group.bench_function(name, |b| b.iter(|| chain(black_box(&queries), bishop))),
        Load::Movegen => {
            let positions: Vec<PositionSquares<S>> = inputs
                .positions
                .iter()
                .map(|p| {
                    let convert = |squares: &[u8]| squares.iter().map(|&s| square(s)).collect();
                    (p.occupied, convert(&p.rook_movers), convert(&p.bishop_movers))
                })
                .collect();
            group.bench_function(name, |b| {
                b.iter(|| {
                    let mut acc = 0u64;
                    for (occupied, rooks, bishops) in black_box(&positions) {
                        for &sq in rooks {
                            acc ^= rook(sq, *occupied);
                        }
                        for &sq in bishops {
                            acc ^= bishop(sq, *occupied);
                        }
                    }
                    acc
                })
            })
        }
    };
}

#[inline(always)]
fn independent<S: Copy>(queries: &[(S, u64)], lookup: impl Fn(S, u64) -> u64) -> u64 {
    let mut acc = 0;
    for &(square, occupied) in queries {
        acc ^= lookup(square, occupied);
    }
    acc
}

#[inline(always)]
fn chain<S: Copy>(queries: &[(S, u64)], lookup: impl Fn(S, u64) -> u64) -> u64 {
    let mut acc = 0;
    for &(square, occupied) in queries {
        acc = lookup(square, occupied ^ acc);
    }
    acc
}

/// One load benchmarked under `auto::run`'s decision: the timed loop is compiled for the way
/// `run` hands in, with no choice inside it.
struct BenchAuto<'a, 'g> {
    group: &'a mut BenchmarkGroup<'g, WallTime>,
    load: Load,
    inputs: &'a Inputs,
    name: &'static str,
}

impl magic_tables::auto::Job for BenchAuto<'_, '_> {
    type Output = ();
    fn run<L: magic_tables::auto::Lookups>(self, lookups: L) {
        let square = |index| magic_tables::Square::from_index(index).expect("index below 64");
        let rook = move |sq, occupied| lookups.rook_attacks(sq, occupied);
        let bishop = move |sq, occupied| lookups.bishop_attacks(sq, occupied);
        bench_with(self.group, self.load, self.inputs, self.name, square, rook, bishop);
    }
}

fn layouts(c: &mut Criterion) {
    let queries = random_queries(QUERIES, 0x5eed).into_iter().map(|(sq, occ)| (sq.index(), occ)).collect();
    let inputs = Inputs { queries, positions: benchmark_positions() };
    let movegen_lookups: usize = inputs.positions.iter().map(|p| p.rook_movers.len() + p.bishop_movers.len()).sum();
    for load in Load::ALL {
        let mut group = c.benchmark_group(load.name());
        let elements = if load == Load::Movegen { movegen_lookups } else { QUERIES };
        group.throughput(Throughput::Elements(elements as u64));
        group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_millis(1500)).sample_size(30);
        bench_one::<Default>(&mut group, load, &inputs);
        bench_layouts(&mut group, load, &inputs);
        // `auto` as this CPU chooses, then forced to its fallback: the loop run under one
        // decision (`auto::run`), and a `Sliders` kept by the caller; and the free functions
        // (the default layout's lookups, whatever the choice).
        let square = |index| magic_tables::Square::from_index(index).expect("index below 64");
        for (fallback, run, kept) in
            [(false, "auto-run", "auto-sliders"), (true, "auto-run-fallback", "auto-sliders-fallback")]
        {
            set_auto(fallback);
            magic_tables::auto::run(BenchAuto { group: &mut group, load, inputs: &inputs, name: run });
            let sliders = black_box(magic_tables::auto::Sliders::new());
            let rook = move |sq, occupied| sliders.rook_attacks(sq, occupied);
            let bishop = move |sq, occupied| sliders.bishop_attacks(sq, occupied);
            bench_with(&mut group, load, &inputs, kept, square, rook, bishop);
        }
        let (rook, bishop) = (magic_tables::auto::rook_attacks, magic_tables::auto::bishop_attacks);
        bench_with(&mut group, load, &inputs, "auto-free", square, rook, bishop);
        #[cfg(feature = "peers")]
        {
            bench_one::<peers::Shakmaty>(&mut group, load, &inputs);
            bench_one::<peers::ShakmatyTableless>(&mut group, load, &inputs);
            bench_one::<peers::Cozy>(&mut group, load, &inputs);
        }
        group.finish();
    }
}

criterion_group!(benches, layouts);
criterion_main!(benches);
