//! Times `magic_tables::xiangqi` beside Pikafish's way in one run, in rotating order, and prints
//! the medians and ratios that PERFORMANCE.md quotes:
//!
//! * the start-up fill of Pikafish's way (which `magic-tables` does not have);
//! * rook + cannon lookups on 4096 random (square, occupancy) pairs, in ns per lookup;
//! * the same pairs as a dependent chain (rook and cannon, then horse-to, each occupancy changed
//!   by the last result), in ns per link;
//! * rook, bishop and cannon lookups on 4096 random pairs of 12x10, this project's `compact`
//!   tables beside Fairy-Stockfish's way (`FairyWay`), in ns per lookup;
//! * perft from the start position through one move generator (default depth 5, 133,312,995
//!   leaves; the count is checked);
//! * the lookups and perft again through `xiangqi::pext` (on a BMI2 build its `pext` tables,
//!   else its fallback to the magic ones).
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo run --release -p xiangqi-perft --example measure -- [rounds] [depth] [perft]`
//! on a BMI2 machine gives Pikafish's way its `pext`; `perft` as the third argument times only
//! the perft rows (`-- 201 4 perft`: many short rounds). Each row gives the ratio of the medians,
//! of the minimums, the median of the rounds' own ratios, and how many rounds were faster.

use std::hint::black_box;
use std::time::Instant;

use xiangqi_perft::{
    Attacks, FAIRY_BOARD, FairyWay, PextTables, PikafishWay, Position, START, START_PERFT, TABLE_BYTES, Tables,
    board12x10, dependent_chain, perft, random_pairs, random_pairs_on, rook_and_cannon, sliders_12x10_fairy,
    sliders_12x10_ours,
};

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().map_or(5, |a| a.parse().expect("rounds: a number"));
    let depth: u32 = args.next().map_or(5, |a| a.parse().expect("depth: a number"));
    // `perft` as a third argument: only the perft rows, for many quick rounds.
    let only_perft = match args.next().as_deref() {
        None => false,
        Some("perft") => true,
        Some(other) => panic!("the third argument is `perft` or nothing, not {other:?}"),
    };
    assert!((1..START_PERFT.len() as u32).contains(&depth), "depth 1 to 5");
    let bmi2 = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));
    println!(
        "build: {}",
        if bmi2 { "native, with BMI2 pext" } else { "portable (Pikafish's way without BMI2 uses a bit-by-bit pext)" }
    );

    let fill = Instant::now();
    let pikafish = PikafishWay::new();
    let fill = fill.elapsed();
    println!(
        "tables: magic-tables {TABLE_BYTES} bytes, compiled in; Pikafish's way {} bytes, filled in {:.0} ms at start-up ({:.0}x)",
        pikafish.bytes(),
        fill.as_secs_f64() * 1e3,
        pikafish.bytes() as f64 / TABLE_BYTES as f64
    );

    let fill = Instant::now();
    let fairy = FairyWay::new();
    let fill = fill.elapsed();
    println!(
        "12x10 rook, bishop and cannon: magic-tables' compact layout {} bytes, compiled in; Fairy-Stockfish's way {} bytes, filled in {:.0} ms at start-up ({:.0}x)",
        board12x10::TABLE_BYTES,
        fairy.bytes(),
        fill.as_secs_f64() * 1e3,
        fairy.bytes() as f64 / board12x10::TABLE_BYTES as f64
    );
    let pairs_12x10 = random_pairs_on(FAIRY_BOARD, 4096);
    let pairs = random_pairs(4096);
    let repeats = 200;
    let start = Position::from_fen(START).unwrap();
    let (mut magic, mut pext, mut board_12x10) = (SourceRows::default(), SourceRows::default(), Row::default());
    for round in 0..rounds {
        let case = Case { round, repeats, pairs: &pairs, start: &start, depth, pikafish: &pikafish, only_perft };
        magic.time(&case, &Tables);
        if !only_perft {
            board_12x10.time(
                round,
                repeats,
                per(pairs_12x10.len() * 3),
                || {
                    black_box(sliders_12x10_ours(black_box(&pairs_12x10)));
                },
                || {
                    black_box(sliders_12x10_fairy(&fairy, black_box(&pairs_12x10)));
                },
            );
        }
        pext.time(&case, &PextTables);
    }
    println!("medians of {rounds} rounds (the other way: Pikafish's on 9x10, Fairy-Stockfish's on 12x10):");
    println!(
        "| | magic-tables | the other way | ratio of medians | ratio of minimums | median of round ratios | rounds faster |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    magic.print(depth);
    board_12x10.print("12x10 rook + bishop + cannon, random pairs", "ns");
    let active = if magic_tables::xiangqi::pext::ACTIVE { "pext tables" } else { "no BMI2: its magic fallback" };
    println!(
        "through xiangqi::pext ({active}, {} bytes), beside Pikafish's way:",
        magic_tables::xiangqi::pext::TABLE_BYTES
    );
    pext.print(depth);
}

/// Nanoseconds per lookup (or per link of the chain) from the seconds of one pass.
fn per(lookups_per_pass: usize) -> f64 {
    1e9 / lookups_per_pass as f64
}

/// What one round times a xiangqi source on, beside Pikafish's way.
struct Case<'a> {
    round: usize,
    repeats: usize,
    pairs: &'a [(u8, u128)],
    start: &'a Position,
    depth: u32,
    pikafish: &'a PikafishWay,
    only_perft: bool,
}

/// The rows of one xiangqi source (`xiangqi` or `xiangqi::pext`) beside Pikafish's way.
#[derive(Default)]
struct SourceRows {
    lookups: Row,
    chain: Row,
    perft: Row,
}

impl SourceRows {
    /// One round of `ours` and Pikafish's way: the independent lookups and the chain (unless
    /// only perft is asked for), a perft (its count checked).
    fn time<A: Attacks>(&mut self, case: &Case<'_>, ours: &A) {
        let (pikafish, depth) = (case.pikafish, case.depth);
        if !case.only_perft {
            self.time_lookups(case, ours);
        }
        let expected = START_PERFT[depth as usize];
        self.perft.time(
            case.round,
            1,
            1.0,
            || assert_eq!(perft(ours, black_box(case.start), depth), expected, "perft {depth}"),
            || assert_eq!(perft(pikafish, black_box(case.start), depth), expected, "perft {depth}"),
        );
    }

    /// The lookups' two rows of one round.
    fn time_lookups<A: Attacks>(&mut self, case: &Case<'_>, ours: &A) {
        let (pairs, pikafish) = (case.pairs, case.pikafish);
        self.lookups.time(
            case.round,
            case.repeats,
            per(pairs.len() * 2),
            || {
                black_box(rook_and_cannon(ours, black_box(pairs)));
            },
            || {
                black_box(rook_and_cannon(pikafish, black_box(pairs)));
            },
        );
        self.chain.time(
            case.round,
            case.repeats,
            per(pairs.len()),
            || {
                black_box(dependent_chain(ours, black_box(pairs)));
            },
            || {
                black_box(dependent_chain(pikafish, black_box(pairs)));
            },
        );
    }

    /// The three rows.
    fn print(self, depth: u32) {
        self.lookups.print("rook + cannon lookup, random pairs", "ns");
        self.chain.print("rook + cannon, then horse-to, each waiting for the last", "ns");
        let expected = START_PERFT[depth as usize];
        self.perft.print(&format!("perft {depth} from the start ({expected} leaves)"), "s");
    }
}

/// One row of the table: this project's times and the other way's, one of each per round.
#[derive(Default)]
struct Row {
    ours: Vec<f64>,
    theirs: Vec<f64>,
}

impl Row {
    /// Runs `ours` and `theirs` `repeats` times each, the one that goes first alternating with the
    /// round so that drift favours neither, and keeps each one's seconds per run times `scale`.
    fn time(&mut self, round: usize, repeats: usize, scale: f64, mut ours: impl FnMut(), mut theirs: impl FnMut()) {
        for turn in 0..2 {
            let mine = (round + turn) % 2 == 0;
            let timer = Instant::now();
            for _ in 0..repeats {
                if mine { ours() } else { theirs() }
            }
            let value = timer.elapsed().as_secs_f64() / repeats as f64 * scale;
            if mine { self.ours.push(value) } else { self.theirs.push(value) }
        }
    }

    /// Prints as a Markdown row the medians, their ratio, the ratio of the minimums (noise only
    /// adds time), and the round by round comparison: the median of each round's ratio (the two
    /// ran back to back, so a drift slower than a round cancels) and in how many rounds this
    /// project's was the faster.
    fn print(self, label: &str, unit: &str) {
        if self.ours.is_empty() {
            return;
        }
        let least = |values: &[f64]| values.iter().copied().fold(f64::INFINITY, f64::min);
        let minimums = least(&self.ours) / least(&self.theirs);
        let rounds: Vec<f64> = self.ours.iter().zip(&self.theirs).map(|(ours, theirs)| ours / theirs).collect();
        let faster = rounds.iter().filter(|&&ratio| ratio < 1.0).count();
        let count = rounds.len();
        let by_round = median(rounds);
        let (ours, theirs) = (median(self.ours), median(self.theirs));
        println!(
            "| {label} | {ours:.2} {unit} | {theirs:.2} {unit} | {:.2} | {minimums:.2} | {by_round:.3} | {faster} of {count} |",
            ours / theirs
        );
    }
}
