//! The lookups are `const fn`: these constants are computed by the compiler.

use magic_tables::{Square, bishop_attacks, queen_attacks, rook_attacks};

const ROOK_A1_EMPTY: u64 = rook_attacks(Square::A1, 0);
const BISHOP_D4_BLOCKED: u64 = bishop_attacks(Square::D4, Square::F6.bit() | Square::B2.bit());
const QUEEN_E4_FULL: u64 = queen_attacks(Square::E4, u64::MAX);
/// A table of empty-board rook attacks, built at compile time from the lookups.
const ROOK_EMPTY_BOARD: [u64; 64] = {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = match Square::from_index(i as u8) {
            Some(sq) => rook_attacks(sq, 0),
            None => 0,
        };
        i += 1;
    }
    table
};

#[test]
fn constants_hold_the_right_attacks() {
    // a-file above a1 and first rank right of it.
    assert_eq!(ROOK_A1_EMPTY, 0x0101_0101_0101_01FE);
    let d4_expected = [
        Square::C3,
        Square::B2,
        Square::E5,
        Square::F6,
        Square::C5,
        Square::B6,
        Square::A7,
        Square::E3,
        Square::F2,
        Square::G1,
    ]
    .iter()
    .fold(0, |board, sq| board | sq.bit());
    assert_eq!(BISHOP_D4_BLOCKED, d4_expected);
    // On a full board a queen sees exactly its eight neighbours.
    assert_eq!(QUEEN_E4_FULL.count_ones(), 8);
    assert!(ROOK_EMPTY_BOARD.iter().all(|attacks| attacks.count_ones() == 14));
    for sq in Square::ALL {
        assert_eq!(ROOK_EMPTY_BOARD[sq.index() as usize], rook_attacks(sq, 0));
    }
}

/// The tableless module's lookups are `const` too, with no table behind them.
const TABLELESS_QUEEN_D4: u64 = magic_tables::tableless::queen_attacks(Square::D4, Square::F6.bit() | Square::D6.bit());

#[test]
fn tableless_lookups_are_constants() {
    assert_eq!(TABLELESS_QUEEN_D4, queen_attacks(Square::D4, Square::F6.bit() | Square::D6.bit()));
    const { assert!(magic_tables::tableless::TABLE_BYTES == 0) };
}
