// The program `cli.rs` compiles against the emitted Rust files (as the crate `emitted`, one
// module per layout): each layout's lookups against a slow reference written here from
// scratch, rays walked square by square. Not a test of its own (`// CHECKS` is replaced by
// one `check` call per layout).

/// The squares a slider on `square` attacks along `rays`, up to and including each first
/// blocker.
fn slow(square: usize, occupied: u64, rays: [(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    for (file_step, rank_step) in rays {
        let (mut file, mut rank) = ((square % 8) as i32 + file_step, (square / 8) as i32 + rank_step);
        while (0..8).contains(&file) && (0..8).contains(&rank) {
            attacks |= 1u64 << (rank * 8 + file);
            if occupied >> (rank * 8 + file) & 1 == 1 {
                break;
            }
            file += file_step;
            rank += rank_step;
        }
    }
    attacks
}

/// 20,000 random (square, occupancy) pairs (xorshift, fixed start) through one layout.
#[allow(dead_code)] // Called only from the calls that replace `// CHECKS`.
fn check(name: &str, rook: fn(usize, u64) -> u64, bishop: fn(usize, u64) -> u64, queen: fn(usize, u64) -> u64) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let square = (state >> 58) as usize;
        let occupied = state & state.rotate_left(29).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let expected_rook = slow(square, occupied, [(1, 0), (-1, 0), (0, 1), (0, -1)]);
        let expected_bishop = slow(square, occupied, [(1, 1), (-1, 1), (1, -1), (-1, -1)]);
        let got = (rook(square, occupied), bishop(square, occupied), queen(square, occupied));
        assert_eq!(
            got,
            (expected_rook, expected_bishop, expected_rook | expected_bishop),
            "{name} {square} {occupied:#x}"
        );
    }
}

fn main() {
    // CHECKS
    println!("13 layouts agree");
}
