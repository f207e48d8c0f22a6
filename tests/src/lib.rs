//! Helpers shared by the workspace's integration tests and benchmarks.

pub mod plain_search;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use magic_gen::{Generated, ReferenceSet, SeedPlan, generate_fancy};

/// The lookup of the runtime crate for `slider`.
pub fn runtime_attacks(slider: magic_gen::Slider, square: magic_gen::Square, occupied: u64) -> u64 {
    match slider {
        magic_gen::Slider::Rook => magic_tables::rook_attacks(square, occupied),
        magic_gen::Slider::Bishop => magic_tables::bishop_attacks(square, occupied),
    }
}

/// A deterministic RNG for test data, independent of the search's streams.
pub fn test_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `count` (square, occupancy) pairs from a fixed seed: square uniform, occupancy a random
/// board with about a quarter of the squares set (the density of a middlegame).
pub fn random_queries(count: usize, seed: u64) -> Vec<(magic_tables::Square, u64)> {
    let mut rng = test_rng(seed);
    (0..count)
        .map(|_| {
            let square = magic_tables::Square::ALL[(rng.next_u32() % 64) as usize];
            (square, rng.next_u64() & rng.next_u64())
        })
        .collect()
}

/// What the build script generates: the fancy tables from the tuned seeds.
pub fn generate_tuned() -> (ReferenceSet, Generated) {
    let references = ReferenceSet::new();
    let generated = generate_fancy(&references, SeedPlan::Tuned, 0).expect("tuned seeds generate verified tables");
    (references, generated)
}

/// The golden text of a table set: the attack array's checksum and the 128 magics with
/// their shifts and offsets, one line each, in stream order.
pub fn golden_text(generated: &Generated) -> String {
    let tables = &generated.tables;
    let mut out = String::from(
        "# Golden output of magic_gen::generate_fancy(&ReferenceSet::new(), SeedPlan::Tuned, 0).\n\
         # Regenerate with: BLESS=1 cargo test -p magic-tests --test golden\n",
    );
    out += &format!("entries {}\n", tables.attacks.len());
    out += &format!("attacks_fnv1a64 {:#018x}\n", build_support::checksum::fnv1a64(&tables.attacks));
    for slider in magic_gen::Slider::ALL {
        for square in magic_gen::Square::ALL {
            let e = tables.entry(slider, square);
            out += &format!("{slider} {square} magic {:#018x} shift {} offset {}\n", e.magic, e.shift, e.offset);
        }
    }
    out
}

/// One position of the move-generation-like benchmark load: the occupied squares and the
/// squares of its rook-moving (rooks, queens) and bishop-moving (bishops, queens) pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliderPosition {
    /// All occupied squares.
    pub occupied: u64,
    /// Squares of rooks and queens, both colours.
    pub rook_movers: Vec<u8>,
    /// Squares of bishops and queens, both colours.
    pub bishop_movers: Vec<u8>,
}

/// The benchmark positions (`tests/data/positions.fen`, 300 positions from seeded random
/// games; regenerate with the `positions` example).
pub fn benchmark_positions() -> Vec<SliderPosition> {
    include_str!("../data/positions.fen").lines().map(|fen| parse_placement(fen).expect("valid FEN")).collect()
}

/// The piece placement (first field) of a FEN as a [`SliderPosition`], or `None` if malformed.
pub fn parse_placement(fen: &str) -> Option<SliderPosition> {
    let placement = fen.split_whitespace().next()?;
    let mut position = SliderPosition { occupied: 0, rook_movers: Vec::new(), bishop_movers: Vec::new() };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    // FEN lists rank 8 first.
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(empty) = c.to_digit(10) {
                file += empty as u8;
                continue;
            }
            if file >= 8 {
                return None;
            }
            let square = rank * 8 + file;
            position.occupied |= 1 << square;
            match c.to_ascii_lowercase() {
                'r' => position.rook_movers.push(square),
                'b' => position.bishop_movers.push(square),
                'q' => {
                    position.rook_movers.push(square);
                    position.bishop_movers.push(square);
                }
                'p' | 'n' | 'k' => {}
                _ => return None,
            }
            file += 1;
        }
        if file != 8 {
            return None;
        }
    }
    Some(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_start_position_and_rejects_garbage() {
        let start = parse_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(start.occupied, 0xFFFF_0000_0000_FFFF);
        assert_eq!(start.rook_movers, vec![56, 59, 63, 0, 3, 7]);
        assert_eq!(start.bishop_movers, vec![58, 59, 61, 2, 3, 5]);
        assert!(parse_placement("8/8/8 w").is_none());
        assert!(parse_placement("9/8/8/8/8/8/8/8 w").is_none());
        assert!(parse_placement("x7/8/8/8/8/8/8/8 w").is_none());
        assert_eq!(benchmark_positions().len(), 300);
    }
}

/// The README's Rust examples, compiled and run as doc tests (`cargo test --doc -p magic-tests`).
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeExamples;

/// The `magic-tables` crate README's example (the page a registry shows), as a doc test.
#[doc = include_str!("../../magic-tables/README.md")]
#[cfg(doctest)]
pub struct CrateReadmeExamples;
