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
//!     real-movegen [ROUNDS [FILTER]]    (default 7 rounds; FILTER: run only the crates, loads
//!                                        and variants whose "crate/load/variant" contains it)

use std::hint::black_box;
use std::time::Instant;

/// FEN, perft depth, and the published node count at that depth.
const PERFT: [(&str, u32, u64); 5] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
];

/// Times the legal-move load repeats over the 300 positions, to last about as long as perft.
const MOVEGEN_PASSES: usize = 2_000;

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

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(7, |r| r.parse().expect("ROUNDS: a number"));
    assert!(rounds > 0, "ROUNDS: at least 1");
    let filter = std::env::args().nth(2).unwrap_or_default();
    // MAGIC_TABLES_AUTO=fallback: `auto` forced to its fallback, to tell the branch's cost from
    // the way's.
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
