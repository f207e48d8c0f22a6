//! Two real move generators, shakmaty 0.30.1 and cozy-chess 0.3.4, each linked three times: as
//! published (`own`), with its rook and bishop lookups calling `magic_tables`' top-level
//! functions (`default`), and calling `magic_tables::auto`'s free functions (`auto`), the way
//! such a library would adopt them (it has no place to keep an `auto::Sliders`). `measure.sh`
//! makes the copies; this program times them.
//!
//! Two loads per crate: perft of the five standard perft positions (Chess Programming Wiki,
//! "Perft Results"; counts checked against the published ones), and legal-move generation for
//! the 300 positions of `tests/data/positions.fen`. Each round times every variant once, in an
//! order that rotates from round to round; the report is each variant's median over rounds
//! and its median per-round ratio to `own`.
//!
//! Then the lookups alone, each way of `magic-tables` in its own loop (`lookups/…`): the
//! default, the `pext` module (the real instruction only in a build for BMI2), `auto::run`, a
//! kept `Sliders`, and `auto`'s free functions.
//!
//!     real-movegen [ROUNDS [FILTER]]    (default 51 rounds; FILTER: run only the crates, loads
//!                                        and variants whose "crate/load/variant" contains it)

use std::hint::black_box;
use std::time::Instant;

/// FEN, perft depth, and the published node count at that depth.
const PERFT: [(&str, u32, u64); 5] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
];

/// Times the legal-move load repeats over the 300 positions. Both loads last some tens of
/// milliseconds: on a machine whose speed drifts, many short rounds, each comparing the variants
/// back to back, give steadier ratios than a few long ones.
const MOVEGEN_PASSES: usize = 600;

const POSITIONS: &str = include_str!("../../data/positions.fen");

/// One variant of one crate: perft over `PERFT`, and the legal-move load.
struct Variant {
    name: &'static str,
    perft: fn() -> u64,
    movegen: fn() -> u64,
}

macro_rules! shakmaty_variant {
    ($krate:ident, $name:literal) => {{
        mod $krate {
            use $krate::fen::Fen;
            use $krate::{CastlingMode, Chess, Position};

            fn position(fen: &str) -> Chess {
                let fen: Fen = fen.parse().expect("FEN");
                fen.into_position(CastlingMode::Standard).expect("legal position")
            }

            pub fn perft() -> u64 {
                let mut total = 0;
                for (fen, depth, expected) in super::PERFT {
                    let nodes = $krate::perft(&position(fen), depth);
                    assert_eq!(nodes, expected, "{fen} depth {depth}");
                    total += nodes;
                }
                total
            }

            pub fn movegen() -> u64 {
                let positions: Vec<Chess> = super::POSITIONS.lines().map(position).collect();
                let mut moves = 0;
                for _ in 0..super::MOVEGEN_PASSES {
                    for position in std::hint::black_box(&positions) {
                        moves += position.legal_moves().len() as u64;
                    }
                }
                moves
            }
        }
        Variant { name: $name, perft: $krate::perft, movegen: $krate::movegen }
    }};
}

macro_rules! cozy_variant {
    ($krate:ident, $name:literal) => {{
        mod $krate {
            use $krate::Board;

            fn board(fen: &str) -> Board {
                Board::from_fen(fen, false).expect("legal position")
            }

            /// Perft with bulk counting at the last ply, as shakmaty's does.
            fn perft_of(board: &Board, depth: u32) -> u64 {
                let mut nodes = 0;
                if depth == 1 {
                    board.generate_moves(|moves| {
                        nodes += moves.len() as u64;
                        false
                    });
                } else {
                    board.generate_moves(|moves| {
                        for mv in moves {
                            let mut child = board.clone();
                            child.play_unchecked(mv);
                            nodes += perft_of(&child, depth - 1);
                        }
                        false
                    });
                }
                nodes
            }

            pub fn perft() -> u64 {
                let mut total = 0;
                for (fen, depth, expected) in super::PERFT {
                    let nodes = perft_of(&board(fen), depth);
                    assert_eq!(nodes, expected, "{fen} depth {depth}");
                    total += nodes;
                }
                total
            }

            pub fn movegen() -> u64 {
                let boards: Vec<Board> = super::POSITIONS.lines().map(board).collect();
                let mut moves = 0;
                for _ in 0..super::MOVEGEN_PASSES {
                    for board in std::hint::black_box(&boards) {
                        board.generate_moves(|piece_moves| {
                            moves += piece_moves.len() as u64;
                            false
                        });
                    }
                }
                moves
            }
        }
        Variant { name: $name, perft: $krate::perft, movegen: $krate::movegen }
    }};
}

/// The slider lookups of `magic-tables` on their own, each way in its own monomorphized loop:
/// 4,096 independent pseudo-random (square, occupancy) pairs, and the rook and bishop lookups
/// of every slider in the 300 positions (as the layouts benchmark's `movegen` load).
mod lookups {
    use magic_tables::Square;
    use magic_tables::auto::{self, Job, Lookups};

    /// The top-level functions, the `pext` module (real `pext` only in a build for BMI2) and
    /// the free functions of `auto`, as `Lookups`.
    #[derive(Clone, Copy)]
    pub struct Module(pub u8);

    impl Lookups for Module {
        #[inline(always)]
        fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
            match self.0 {
                0 => magic_tables::rook_attacks(square, occupied),
                1 => magic_tables::pext::rook_attacks(square, occupied),
                _ => auto::rook_attacks(square, occupied),
            }
        }
        #[inline(always)]
        fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
            match self.0 {
                0 => magic_tables::bishop_attacks(square, occupied),
                1 => magic_tables::pext::bishop_attacks(square, occupied),
                _ => auto::bishop_attacks(square, occupied),
            }
        }
    }

    pub struct Inputs {
        pub queries: Vec<(Square, u64)>,
        /// Occupancy, rook movers, bishop movers.
        pub positions: Vec<(u64, Vec<Square>, Vec<Square>)>,
    }

    pub fn inputs() -> Inputs {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let queries = (0..4096).map(|_| (Square::new(next() as u8), next() & next())).collect();
        let positions = super::POSITIONS
            .lines()
            .map(|fen| {
                let (mut occupied, mut rooks, mut bishops) = (0u64, Vec::new(), Vec::new());
                for (row, rank) in fen.split_whitespace().next().expect("placement").split('/').enumerate() {
                    let mut file = 0u8;
                    for c in rank.chars() {
                        if let Some(empty) = c.to_digit(10) {
                            file += empty as u8;
                            continue;
                        }
                        let square = Square::new((7 - row as u8) * 8 + file);
                        occupied |= square.bit();
                        if matches!(c, 'r' | 'R' | 'q' | 'Q') {
                            rooks.push(square);
                        }
                        if matches!(c, 'b' | 'B' | 'q' | 'Q') {
                            bishops.push(square);
                        }
                        file += 1;
                    }
                }
                (occupied, rooks, bishops)
            })
            .collect();
        Inputs { queries, positions }
    }

    /// Both loads with `lookups`: (independent, movegen) results.
    #[inline(always)]
    fn loads<L: Lookups>(inputs: &Inputs, lookups: L, movegen: bool) -> u64 {
        let mut acc = 0u64;
        if movegen {
            for _ in 0..20 {
                for (occupied, rooks, bishops) in std::hint::black_box(&inputs.positions) {
                    for &square in rooks {
                        acc ^= lookups.rook_attacks(square, *occupied);
                    }
                    for &square in bishops {
                        acc ^= lookups.bishop_attacks(square, *occupied);
                    }
                }
            }
        } else {
            for _ in 0..20 {
                for &(square, occupied) in std::hint::black_box(&inputs.queries) {
                    acc ^= lookups.rook_attacks(square, occupied) ^ lookups.bishop_attacks(square, occupied);
                }
            }
        }
        acc
    }

    #[inline(never)]
    pub fn with<L: Lookups>(inputs: &Inputs, lookups: L, movegen: bool) -> u64 {
        loads(inputs, lookups, movegen)
    }

    /// The loads under `auto::run`'s decision.
    pub struct Run<'a>(pub &'a Inputs, pub bool);

    impl Job for Run<'_> {
        type Output = u64;
        #[inline(never)]
        fn run<L: Lookups>(self, lookups: L) -> u64 {
            loads(self.0, lookups, self.1)
        }
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(51, |r| r.parse().expect("ROUNDS: a number"));
    assert!(rounds > 0, "ROUNDS: at least 1");
    let filter = std::env::args().nth(2).unwrap_or_default();
    // MAGIC_TABLES_AUTO=fallback: `auto` forced to its fallback (`auto::run` and `Sliders` in
    // the lookups part then take the default layout; the free functions always do).
    if std::env::var("MAGIC_TABLES_AUTO").as_deref() == Ok("fallback") {
        magic_tables::auto::force_fallback();
    }
    println!("auto chooses pext here: {}", magic_tables::auto::uses_pext());
    let crates: [(&str, [Variant; 3]); 2] = [
        (
            "shakmaty 0.30.1",
            [
                shakmaty_variant!(shakmaty_own, "own"),
                shakmaty_variant!(shakmaty_default, "default"),
                shakmaty_variant!(shakmaty_auto, "auto"),
            ],
        ),
        (
            "cozy-chess 0.3.4",
            [
                cozy_variant!(cozy_chess_own, "own"),
                cozy_variant!(cozy_chess_default, "default"),
                cozy_variant!(cozy_chess_auto, "auto"),
            ],
        ),
    ];
    let inputs = lookups::inputs();
    type Way = (&'static str, Box<dyn Fn(&lookups::Inputs, bool) -> u64>);
    let sliders = magic_tables::auto::Sliders::new();
    let ways: Vec<Way> = vec![
        ("default", Box::new(|i, m| lookups::with(i, lookups::Module(0), m))),
        (
            if magic_tables::pext::ACTIVE { "pext (native)" } else { "pext (its fallback)" },
            Box::new(|i, m| lookups::with(i, lookups::Module(1), m)),
        ),
        ("auto::run", Box::new(|i, m| magic_tables::auto::run(lookups::Run(i, m)))),
        ("Sliders", Box::new(move |i, m| lookups::with(i, std::hint::black_box(sliders), m))),
        ("auto free", Box::new(|i, m| lookups::with(i, lookups::Module(2), m))),
    ];
    for (load, movegen) in [("independent lookups", false), ("movegen lookups", true)] {
        if !format!("lookups/{load}").contains(&filter) {
            continue;
        }
        let rounds = rounds * 20;
        let mut times = vec![Vec::new(); ways.len()];
        let mut results = vec![0; ways.len()];
        for round in 0..rounds {
            for k in 0..ways.len() {
                let w = (round + k) % ways.len();
                let start = Instant::now();
                results[w] = black_box((ways[w].1)(&inputs, movegen));
                times[w].push(start.elapsed().as_secs_f64());
            }
        }
        assert!(results.iter().all(|&r| r == results[0]), "lookups {load}: the ways disagree");
        let count = if movegen {
            20 * inputs.positions.iter().map(|(_, r, b)| r.len() + b.len()).sum::<usize>()
        } else {
            20 * 2 * inputs.queries.len()
        };
        println!("lookups, {load} ({rounds} rounds, ns per lookup):");
        for (w, (name, _)) in ways.iter().enumerate() {
            let mut t = times[w].clone();
            let fastest = t.iter().copied().fold(f64::INFINITY, f64::min);
            println!(
                "  {:<20} median {:6.3} (fastest {:6.3})",
                name,
                median(&mut t) * 1e9 / count as f64,
                fastest * 1e9 / count as f64
            );
        }
    }
    for (krate, variants) in &crates {
        for (load, pick) in [("perft", 0), ("legal moves", 1)] {
            let chosen: Vec<bool> =
                variants.iter().map(|v| format!("{krate}/{load}/{}", v.name).contains(&filter)).collect();
            if !chosen.contains(&true) {
                continue;
            }
            // times[variant][round], in seconds.
            let mut times = vec![Vec::new(); variants.len()];
            let mut results = vec![0; variants.len()];
            for round in 0..rounds {
                for k in 0..variants.len() {
                    let v = (round + k) % variants.len();
                    if !chosen[v] {
                        times[v].push(f64::NAN);
                        continue;
                    }
                    let run = if pick == 0 { variants[v].perft } else { variants[v].movegen };
                    let start = Instant::now();
                    results[v] = black_box(run());
                    times[v].push(start.elapsed().as_secs_f64());
                }
            }
            let run: Vec<u64> = results.iter().zip(&chosen).filter(|(_, c)| **c).map(|(r, _)| *r).collect();
            assert!(run.iter().all(|&r| r == run[0]), "{krate} {load}: the variants disagree: {results:?}");
            let mut ratios: Vec<Vec<f64>> =
                times.iter().map(|t| t.iter().zip(&times[0]).map(|(a, own)| a / own).collect()).collect();
            println!("{krate}, {load} ({rounds} rounds):");
            for (v, variant) in variants.iter().enumerate().filter(|(v, _)| chosen[*v]) {
                let mut t = times[v].clone();
                let fastest = t.iter().copied().fold(f64::INFINITY, f64::min);
                println!(
                    "  {:<8} median {:8.1} ms (fastest {:8.1})   median ratio to own {:.3}",
                    variant.name,
                    median(&mut t) * 1e3,
                    fastest * 1e3,
                    median(&mut ratios[v])
                );
            }
        }
    }
}
