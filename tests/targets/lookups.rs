// The program `tests/targets/measure-i686.sh` builds for another target: ns per lookup of every
// layout of magic-tables (independent rook and bishop lookups over 4,096 fixed pseudo-random
// boards, each layout's lookups inlined into its own loop), and a checksum of every answer, which
// must equal the host build's.

use std::hint::black_box;
use std::time::Instant;

use magic_tables::Square;

const QUERIES: usize = 4096;
const ROUNDS: usize = 200;

fn queries() -> Vec<(Square, u64)> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..QUERIES)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (Square::from_index((state >> 58) as u8).unwrap(), state & state.rotate_left(23))
        })
        .collect()
}

/// Best of five: ns per lookup of `lookup` over the queries, and a hash of its answers in order.
fn measure(queries: &[(Square, u64)], lookup: impl Fn(Square, u64) -> u64) -> (f64, u64) {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        let mut acc = 0u64;
        for _ in 0..ROUNDS {
            for &(square, occupied) in black_box(queries) {
                acc ^= lookup(square, occupied);
            }
        }
        black_box(acc);
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / (ROUNDS * QUERIES) as f64);
    }
    let hash = queries.iter().fold(0u64, |hash, &(square, occupied)| hash.rotate_left(5) ^ lookup(square, occupied));
    (best, hash)
}

macro_rules! rows {
    ($(($module:ident, $name:literal)),* $(,)?) => {{
        let queries = queries();
        let mut checksum = 0u64;
        println!("| layout | independent-rook ns | independent-bishop ns |");
        println!("|---|---:|---:|");
        let (rook, r) = measure(&queries, |sq, occ| magic_tables::rook_attacks(sq, occ));
        let (bishop, b) = measure(&queries, |sq, occ| magic_tables::bishop_attacks(sq, occ));
        checksum ^= r ^ b.rotate_left(1);
        println!("| default | {rook:.2} | {bishop:.2} |");
        $(
            let (rook, r) = measure(&queries, |sq, occ| magic_tables::$module::rook_attacks(sq, occ));
            let (bishop, b) = measure(&queries, |sq, occ| magic_tables::$module::bishop_attacks(sq, occ));
            // Every layout gives the same answers as the default: a difference shows in the checksum.
            checksum ^= (r ^ b.rotate_left(1)) ^ checksum.rotate_left(7);
            println!("| {} | {rook:.2} | {bishop:.2} |", $name);
        )*
        println!("checksum {checksum:016x}");
    }};
}

fn main() {
    magic_tables::for_each_layout!(rows);
}
