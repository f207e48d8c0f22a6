//! Checks an emitted board file (the crate `emitted`) against a reference written here from the
//! rules alone: for every square, every occupancy of the squares a rider or cannon can be
//! stopped by (with random bits everywhere else, above the board too), the file's rook, bishop
//! and cannon equal a walk along the rays. `FILES` and `RANKS` are set by the test.

use emitted::Bitboard;

const FILES: i32 = 0; // FILES
const RANKS: i32 = 0; // RANKS

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn bit(file: i32, rank: i32) -> Option<Bitboard> {
    (file >= 0 && rank >= 0 && file < FILES && rank < RANKS).then(|| 1 << (file + FILES * rank))
}

/// A rider up to and including the first piece; a cannon (`hop`) beyond the first piece up to
/// and including the next.
fn walk(square: i32, occupied: Bitboard, directions: &[(i32, i32); 4], hop: bool) -> Bitboard {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank, mut screened) = (square % FILES, square / FILES, false);
        loop {
            (file, rank) = (file + df, rank + dr);
            let Some(here) = bit(file, rank) else { break };
            if hop && !screened {
                screened = occupied & here != 0;
                continue;
            }
            attacks |= here;
            if occupied & here != 0 {
                break;
            }
        }
    }
    attacks
}

/// The squares along the rays that have a square beyond them.
fn stoppers(square: i32, directions: &[(i32, i32); 4]) -> Bitboard {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = (square % FILES + df, square / FILES + dr);
        while let (Some(here), Some(_)) = (bit(file, rank), bit(file + df, rank + dr)) {
            mask |= here;
            (file, rank) = (file + df, rank + dr);
        }
    }
    mask
}

fn main() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut noise = move || -> Bitboard {
        let mut word = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as Bitboard
        };
        let high = word();
        high.checked_shl(64).unwrap_or(0) | word()
    };
    let pieces: [(&str, fn(usize, Bitboard) -> Bitboard, &[(i32, i32); 4], bool); 3] = [
        ("rook", emitted::rook_attacks, &ORTHOGONAL, false),
        ("bishop", emitted::bishop_attacks, &DIAGONAL, false),
        ("cannon", emitted::cannon_attacks, &ORTHOGONAL, true),
    ];
    let mut checked = 0u64;
    for (name, lookup, directions, hop) in pieces {
        for square in 0..FILES * RANKS {
            let mask = stoppers(square, directions);
            let mut subset: Bitboard = 0;
            loop {
                let occupied = subset | (noise() & noise() & !mask);
                assert_eq!(lookup(square as usize, occupied), walk(square, occupied, directions, hop), "{name} on {square}");
                checked += 1;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
    println!("{checked} occupancies agree");
}
