//! One perft from the start position through one attack source, for counting what it costs
//! under `valgrind` (instructions, simulated cache misses), where the `measure` example's
//! rotation of every source would mix them:
//!
//! `cargo run --release -p xiangqi-perft --example perft -- SOURCE DEPTH`, SOURCE one of `magic`
//! (`magic_tables::xiangqi`), `pext` (`magic_tables::xiangqi::pext`) or `pikafish` (Pikafish's
//! way, its tables filled first: subtract `PikafishWay::new` from the counts).
//!
//! PERFORMANCE.md's counts: built with `RUSTFLAGS="-C target-cpu=haswell"` (valgrind has no
//! AVX-512) and run as `valgrind --tool=cachegrind --cache-sim=yes --D1=49152,12,64
//! --LL=2097152,16,64 target/haswell/release/examples/perft pext 5`.

use std::process::ExitCode;

use xiangqi_perft::{PikafishWay, Position, START, START_PERFT, perft_pext_tables, perft_pikafish_way, perft_tables};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [source, depth] = args.as_slice() else {
        eprintln!("usage: perft SOURCE DEPTH (SOURCE: magic, pext or pikafish; DEPTH: 0 to 5)");
        return ExitCode::from(2);
    };
    let Some(depth) = depth.parse::<u32>().ok().filter(|&depth| depth < START_PERFT.len() as u32) else {
        eprintln!("DEPTH is 0 to 5, not {depth:?}");
        return ExitCode::from(2);
    };
    let start = Position::from_fen(START).expect("the start position reads");
    let count = match source.as_str() {
        "magic" => perft_tables(&start, depth),
        "pext" => perft_pext_tables(&start, depth),
        "pikafish" => perft_pikafish_way(&PikafishWay::new(), &start, depth),
        other => {
            eprintln!("SOURCE is magic, pext or pikafish, not {other:?}");
            return ExitCode::from(2);
        }
    };
    println!("perft {depth} through {source}: {count}");
    if count != START_PERFT[depth as usize] {
        eprintln!("expected {}", START_PERFT[depth as usize]);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
