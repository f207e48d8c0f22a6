//! Regenerates `tests/data/positions.fen`, the positions of the move-generation-like benchmark
//! load: 300 positions from seeded random legal games (shakmaty plays the moves), sampled
//! between plies 8 and 120 so that openings, middlegames and endgames all appear.
//!
//! ```text
//! cargo run -p magic-tests --features peers --example positions > tests/data/positions.fen
//! ```

use rand_chacha::rand_core::Rng;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

fn main() {
    let mut rng = magic_tests::test_rng(0x9051_7105);
    let mut written = 0;
    while written < 300 {
        let plies = 8 + rng.next_u32() % 113;
        let mut position = Chess::default();
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let chosen = moves[(rng.next_u32() as usize) % moves.len()];
            position = position.play(chosen).expect("legal move");
        }
        if position.legal_moves().is_empty() {
            continue;
        }
        println!("{}", Fen::from_position(&position, EnPassantMode::Legal));
        written += 1;
    }
}
