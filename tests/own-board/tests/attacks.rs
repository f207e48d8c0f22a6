//! The build script's tables against a ray walk written here, on every square and every
//! occupancy of the squares that can stop a rook or a bishop (with the rest of the board and the
//! bits above it filled at random).

const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..9).contains(&r)
}

/// The squares along the rays up to and including the first piece; with `stoppers`, only those
/// with a square beyond them.
fn walk(square: i32, occupied: u128, directions: &[(i32, i32)], stoppers: bool) -> u128 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (square % 9 + df, square / 9 + dr);
        while on_board(f, r) && (!stoppers || on_board(f + df, r + dr)) {
            let here = 1u128 << (f + 9 * r);
            attacks |= here;
            if occupied & here != 0 {
                break;
            }
            (f, r) = (f + df, r + dr);
        }
    }
    attacks
}

#[test]
fn every_square_and_occupancy() {
    let mut noise = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for square in 0..81 {
        for (directions, lookup) in
            [(&ROOK, own_board::rook_attacks as fn(usize, u128) -> u128), (&BISHOP, own_board::bishop_attacks)]
        {
            let mask = walk(square, 0, directions, true);
            let mut subset = 0u128;
            loop {
                noise = noise.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                let occupied = subset | (u128::from(noise) << 64 | u128::from(noise.rotate_left(29))) & !mask;
                assert_eq!(lookup(square as usize, occupied), walk(square, occupied, directions, false), "{square}");
                checked += 1;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
    assert!(checked > 81 * 2);
}
