// The program `cli.rs` compiles against the emitted Rust files (as the crate `emitted`, one
// module per layout): each layout's lookups against a slow reference written here from
// scratch, rays walked square by square, and the other pieces' functions against definitions
// written here. Not a test of its own (`// CHECKS` is replaced by one `check` and one
// `check_pieces` call per layout).

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

/// Every square's knight, king and pawn attacks, and every pair's `between` and `line`, against
/// their definitions by coordinates.
#[allow(dead_code)] // Called only from the calls that replace `// CHECKS`.
fn check_pieces(
    name: &str,
    knight: fn(usize) -> u64,
    king: fn(usize) -> u64,
    [white_pawn, black_pawn]: [fn(usize) -> u64; 2],
    between: fn(usize, usize) -> u64,
    line: fn(usize, usize) -> u64,
) {
    let coordinates = |square: usize| ((square % 8) as i32, (square / 8) as i32);
    let squares_where = |keep: &dyn Fn(i32, i32) -> bool| (0..64).filter(|&t| {
        let (file, rank) = coordinates(t);
        keep(file, rank)
    }).fold(0u64, |board, t| board | 1 << t);
    for a in 0..64 {
        let (fa, ra) = coordinates(a);
        let distance = |f: i32, r: i32| ((f - fa).abs(), (r - ra).abs());
        let knight_expected = squares_where(&|f, r| matches!(distance(f, r), (1, 2) | (2, 1)));
        let king_expected = squares_where(&|f, r| distance(f, r).0.max(distance(f, r).1) == 1);
        let white_expected = squares_where(&|f, r| r == ra + 1 && distance(f, r).0 == 1);
        let black_expected = squares_where(&|f, r| r == ra - 1 && distance(f, r).0 == 1);
        let got = (knight(a), king(a), white_pawn(a), black_pawn(a));
        assert_eq!(got, (knight_expected, king_expected, white_expected, black_expected), "{name} {a}");
        for b in 0..64 {
            let (fb, rb) = coordinates(b);
            let (df, dr) = (fb - fa, rb - ra);
            let aligned = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
            let step = (df.signum(), dr.signum());
            let (line_expected, between_expected) = if aligned {
                let line = slow(a, 0, [step, (-step.0, -step.1), step, step]) | 1 << a;
                (line, slow(a, 1 << b, [step; 4]) & !(1 << b))
            } else {
                (0, 0)
            };
            assert_eq!((line(a, b), between(a, b)), (line_expected, between_expected), "{name} {a} {b}");
        }
    }
}

fn main() {
    // CHECKS
    println!("13 layouts agree");
}
