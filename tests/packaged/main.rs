// The program tests/packaged/check.sh builds against the packaged crates: the default and
// fixed-shift sliders on 100,000 random boards, and the other pieces on every square and pair,
// against definitions written here from scratch.

use magic_tables::{Color, Square, between, king_attacks, knight_attacks, line, pawn_attacks};

/// The squares a slider on `square` attacks along `rays`, up to and including the first blocker.
fn slow(square: u8, occupied: u64, rays: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in rays {
        let (mut f, mut r) = (i32::from(square % 8) + df, i32::from(square / 8) + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            attacks |= 1u64 << (r * 8 + f);
            if occupied >> (r * 8 + f) & 1 == 1 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const QUEEN: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

fn main() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut sliders = 0;
    for _ in 0..100_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let square = Square::from_index((state >> 58) as u8).unwrap();
        let occupied = state & state.rotate_left(23);
        let (rook, bishop) = (slow(square.index(), occupied, &ROOK), slow(square.index(), occupied, &BISHOP));
        assert_eq!(magic_tables::rook_attacks(square, occupied), rook);
        assert_eq!(magic_tables::bishop_attacks(square, occupied), bishop);
        assert_eq!(magic_tables::fixed_shift::rook_attacks(square, occupied), rook);
        assert_eq!(magic_tables::fixed_shift::queen_attacks(square, occupied), rook | bishop);
        sliders += 4;
    }
    let mut pieces = 0;
    for a in Square::ALL {
        let near = |keep: &dyn Fn(i32, i32) -> bool| {
            Square::ALL
                .iter()
                .filter(|t| keep(i32::from(t.file()) - i32::from(a.file()), i32::from(t.rank()) - i32::from(a.rank())))
                .fold(0u64, |board, t| board | t.bit())
        };
        assert_eq!(knight_attacks(a), near(&|f, r| f * f + r * r == 5));
        assert_eq!(king_attacks(a), near(&|f, r| (f, r) != (0, 0) && f.abs() <= 1 && r.abs() <= 1));
        assert_eq!(pawn_attacks(Color::White, a), near(&|f, r| r == 1 && f.abs() == 1));
        assert_eq!(pawn_attacks(Color::Black, a), near(&|f, r| r == -1 && f.abs() == 1));
        for b in Square::ALL {
            // On one line when a queen on `a` sees `b` on an empty board; the line is what a
            // queen on `a` sees in that direction and the opposite one, with `a`.
            let direction = QUEEN.iter().find(|&&d| slow(a.index(), 0, &[d]) & b.bit() != 0);
            let (expected_line, expected_between) = match direction {
                Some(&(df, dr)) => (
                    slow(a.index(), 0, &[(df, dr), (-df, -dr)]) | a.bit(),
                    slow(a.index(), b.bit(), &[(df, dr)]) & !b.bit(),
                ),
                None => (0, 0),
            };
            assert_eq!(line(a, b), expected_line, "line({a}, {b})");
            assert_eq!(between(a, b), expected_between, "between({a}, {b})");
        }
        pieces += 4 + 2 * 64;
    }
    const E1_H4: u64 = between(Square::E1, Square::H4);
    assert_eq!(E1_H4, Square::F2.bit() | Square::G3.bit());
    println!("the packaged crates: {sliders} slider lookups and {pieces} other lookups agree");
}
