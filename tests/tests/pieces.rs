//! The crate's other pieces (`knight_attacks`, `king_attacks`, `pawn_attacks`, `between`,
//! `line`) against definitions written here, for every square, colour and pair of squares, and
//! each of them in a constant.
//!
//! The definitions are neither the bit shifts the tables are built with
//! (`magic_tables_core::pieces`) nor the coordinate walks `magic-gen emit` checks them against:
//! the leapers by the distance to every square of the board, and the pair sets from the slow
//! slider reference (`between` is what a slider on each square sees of the other; `line` what
//! both see on an empty board).

use magic_gen::geometry::slow_attacks;
use magic_tables::{Color, Slider, Square, between, king_attacks, knight_attacks, line, pawn_attacks};

/// The squares whose (file, rank) distance from `square` passes `keep`.
fn by_distance(square: Square, keep: impl Fn(i32, i32) -> bool) -> u64 {
    let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
    Square::ALL
        .iter()
        .filter(|t| keep(i32::from(t.file()) - file, i32::from(t.rank()) - rank))
        .fold(0, |board, t| board | t.bit())
}

/// The slider that moves from `a` to `b` on an empty board, if any.
fn slider_between(a: Square, b: Square) -> Option<Slider> {
    Slider::ALL.into_iter().find(|&slider| a != b && slow_attacks(slider, a, 0) & b.bit() != 0)
}

#[test]
fn leapers_and_pawns_on_every_square() {
    for square in Square::ALL {
        let knight = by_distance(square, |f, r| matches!((f.abs(), r.abs()), (1, 2) | (2, 1)));
        let king = by_distance(square, |f, r| f.abs().max(r.abs()) == 1);
        let white = by_distance(square, |f, r| r == 1 && f.abs() == 1);
        let black = by_distance(square, |f, r| r == -1 && f.abs() == 1);
        assert_eq!(knight_attacks(square), knight, "knight {square}");
        assert_eq!(king_attacks(square), king, "king {square}");
        assert_eq!(pawn_attacks(Color::White, square), white, "white pawn {square}");
        assert_eq!(pawn_attacks(Color::Black, square), black, "black pawn {square}");
    }
    assert_eq!(Color::White.other(), Color::Black);
    assert_eq!(Color::ALL.map(Color::index), [0, 1]);
}

/// The squares strictly between `x` and `y` for `slider`: what a slider on each sees of the
/// other's side when `y` is on one of `x`'s lines (two parallel lines never meet, so the two views
/// share only the squares between); 0 when it is not.
fn seen_between(slider: Slider, x: Square, y: Square) -> u64 {
    if x != y && slow_attacks(slider, x, 0) & y.bit() != 0 {
        slow_attacks(slider, x, y.bit()) & slow_attacks(slider, y, x.bit())
    } else {
        0
    }
}

#[test]
fn between_and_line_for_every_pair() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            let (expected_between, expected_line) = match slider_between(a, b) {
                Some(slider) => {
                    aligned += 1;
                    // A square is on the line through a and b when it is one of them, or one of
                    // the three lies between the other two.
                    let line = Square::ALL
                        .iter()
                        .filter(|&&t| {
                            t == a
                                || t == b
                                || seen_between(slider, a, t) & b.bit() != 0
                                || seen_between(slider, a, b) & t.bit() != 0
                                || seen_between(slider, t, b) & a.bit() != 0
                        })
                        .fold(0, |board, t| board | t.bit());
                    (seen_between(slider, a, b), line)
                }
                None => (0, 0),
            };
            assert_eq!(between(a, b), expected_between, "between({a}, {b})");
            assert_eq!(line(a, b), expected_line, "line({a}, {b})");
        }
    }
    // 1,456 ordered pairs share a rank, file or diagonal.
    assert_eq!(aligned, 1456);
    assert_eq!(line(Square::B1, Square::A1), 0xFF);
}

const KNIGHT_B1: u64 = knight_attacks(Square::B1);
const KING_E1: u64 = king_attacks(Square::E1);
const WHITE_PAWN_E4: u64 = pawn_attacks(Color::White, Square::E4);
const BLACK_PAWN_H7: u64 = pawn_attacks(Color::Black, Square::H7);
const BETWEEN_A1_H8: u64 = between(Square::A1, Square::H8);
const LINE_D1_D2: u64 = line(Square::D1, Square::D2);
/// A table built at compile time from the pair functions: the squares between each square and
/// e1 (where a white king's checks would be blocked).
const TO_E1: [u64; 64] = {
    let mut table = [0; 64];
    let mut i = 0;
    while i < 64 {
        table[i] = between(Square::ALL[i], Square::E1);
        i += 1;
    }
    table
};

#[test]
fn every_function_works_in_a_constant() {
    assert_eq!(KNIGHT_B1, Square::A3.bit() | Square::C3.bit() | Square::D2.bit());
    assert_eq!(
        KING_E1,
        [Square::D1, Square::F1, Square::D2, Square::E2, Square::F2].iter().fold(0, |b, s| b | s.bit())
    );
    assert_eq!(WHITE_PAWN_E4, Square::D5.bit() | Square::F5.bit());
    assert_eq!(BLACK_PAWN_H7, Square::G6.bit());
    assert_eq!(BETWEEN_A1_H8, 0x0040_2010_0804_0200);
    assert_eq!(LINE_D1_D2, 0x0808_0808_0808_0808);
    for square in Square::ALL {
        assert_eq!(TO_E1[square.index() as usize], between(square, Square::E1));
    }
    assert_eq!(TO_E1[Square::E8.index() as usize].count_ones(), 6);
}
