//! Perft through `magic_tables::xiangqi` (and `xiangqi::pext`) in a move generator written from the rules gives the
//! published counts of both positions to depth 4 (8 of 8; Chess Programming Wiki, "Chinese Chess
//! Perft Results"), and the coordinate walk and Pikafish's way agree with it where they are
//! cheap enough to run.

use xiangqi_perft::{
    PikafishWay, Position, SECOND, START, perft_pext_tables, perft_pikafish_way, perft_reference, perft_tables,
};

const COUNTS: [(&str, &str, [u64; 4]); 2] =
    [("start", START, [44, 1_920, 79_666, 3_290_240]), ("second", SECOND, [38, 1_128, 43_929, 1_339_047])];

#[test]
fn the_tables_give_the_published_counts() {
    for (name, fen, counts) in COUNTS {
        let position = Position::from_fen(fen).unwrap();
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(perft_tables(&position, depth), expected, "{name} depth {depth}");
            assert_eq!(perft_pext_tables(&position, depth), expected, "{name} depth {depth}, xiangqi::pext");
        }
    }
}

#[test]
fn the_reference_and_pikafish_way_agree() {
    let pikafish = PikafishWay::new();
    for (name, fen, counts) in COUNTS {
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(perft_reference(&position, 3), counts[2], "{name}: the coordinate walk");
        assert_eq!(perft_pikafish_way(&pikafish, &position, 3), counts[2], "{name}: Pikafish's way");
    }
}

#[test]
fn pikafish_way_has_pikafish_sizes() {
    // The rook's and cannon's tables are exactly Pikafish's 0x108000 entries each.
    let entries = PikafishWay::new().entries();
    assert_eq!(entries[..2], [0x108000, 0x108000]);
}

#[test]
fn bad_positions_are_refused() {
    for fen in
        ["", "9/9/9 w", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "9/9/9/9/9/9/9/9/9/9 w"]
    {
        assert!(Position::from_fen(fen).is_err(), "{fen}");
    }
}

#[test]
fn fairy_way_has_fairy_sizes_and_agrees_with_the_12x10_tables() {
    use xiangqi_perft::{FAIRY_BOARD, FairyWay, board12x10, random_pairs_on};
    let fairy = FairyWay::new();
    // Fairy-Stockfish's figures: rook (and cannon) horizontal 0x11800 and vertical 0x4800, bishop 0x33C00.
    assert_eq!(fairy.entries(), [0x11800, 0x4800, 0x11800, 0x4800, 0x33C00]);
    assert_eq!(fairy.bytes(), 6_275_072);
    assert!(board12x10::TABLE_BYTES * 50 <= fairy.bytes());
    for (square, occupied) in random_pairs_on(FAIRY_BOARD, 20_000) {
        let s = usize::from(square);
        assert_eq!(board12x10::rook_attacks(s, occupied), fairy.rook(square, occupied));
        assert_eq!(board12x10::bishop_attacks(s, occupied), fairy.bishop(square, occupied));
        assert_eq!(board12x10::cannon_attacks(s, occupied), fairy.cannon(square, occupied));
    }
}
