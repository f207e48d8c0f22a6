//! A small xiangqi move generator, written here from the rules alone, whose attack sets come
//! from `magic_tables_core::board`'s reference definitions (rook, cannon, horse, horse-to,
//! elephant): perft from the published positions gives the published counts (Chess
//! Programming Wiki, "Chinese Chess Perft Results"), which checks those definitions inside a
//! whole game's rules. The any-board tables are checked against the same definitions.

use magic_tables_core::board::{Board, Piece, slow_attacks};

const BOARD: Board = Board::XIANGQI;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Rook,
    Horse,
    Elephant,
    Advisor,
    King,
    Cannon,
    Pawn,
}

/// Red moves first and stands on ranks 0-4; black on 5-9.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Red,
    Black,
}

impl Side {
    fn other(self) -> Side {
        if self == Side::Red { Side::Black } else { Side::Red }
    }
}

#[derive(Clone)]
struct Position {
    squares: [Option<(Side, Kind)>; 90],
    to_move: Side,
}

fn parse(fen: &str) -> Position {
    let mut fields = fen.split_whitespace();
    let mut squares = [None; 90];
    for (row, text) in fields.next().unwrap().split('/').enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
                continue;
            }
            let side = if c.is_ascii_uppercase() { Side::Red } else { Side::Black };
            let kind = match c.to_ascii_lowercase() {
                'r' => Kind::Rook,
                'n' | 'h' => Kind::Horse,
                'b' | 'e' => Kind::Elephant,
                'a' => Kind::Advisor,
                'k' => Kind::King,
                'c' => Kind::Cannon,
                'p' => Kind::Pawn,
                other => panic!("piece {other}"),
            };
            squares[BOARD.square(file, rank).unwrap() as usize] = Some((side, kind));
            file += 1;
        }
        assert_eq!(file, 9, "{text}");
    }
    let to_move = if fields.next() == Some("b") { Side::Black } else { Side::Red };
    Position { squares, to_move }
}

impl Position {
    fn occupied(&self) -> u128 {
        self.squares.iter().enumerate().filter(|(_, p)| p.is_some()).map(|(s, _)| 1u128 << s).sum()
    }

    fn of(&self, side: Side) -> u128 {
        self.squares
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_some_and(|(s, _)| s == side))
            .map(|(s, _)| 1u128 << s)
            .sum()
    }

    fn pieces(&self, side: Side, kind: Kind) -> u128 {
        let wanted = Some((side, kind));
        self.squares.iter().enumerate().filter(|(_, p)| **p == wanted).map(|(s, _)| 1u128 << s).sum()
    }

    fn king(&self, side: Side) -> u8 {
        self.pieces(side, Kind::King).trailing_zeros() as u8
    }
}

/// `side`'s palace: files d-f, ranks 0-2 for red, 7-9 for black.
fn palace(side: Side) -> u128 {
    let ranks = if side == Side::Red { 0..=2 } else { 7..=9 };
    ranks.flat_map(|rank| (3..=5).map(move |file| BOARD.bit(BOARD.square(file, rank).unwrap()))).sum()
}

/// Whether a pawn of `side` on `square` has crossed the river.
fn crossed(side: Side, square: u8) -> bool {
    let rank = BOARD.rank_of(square);
    if side == Side::Red { rank >= 5 } else { rank <= 4 }
}

/// The squares a piece of `side` and `kind` on `square` moves to or captures on, before its
/// own pieces are removed and before the check test.
fn targets(position: &Position, side: Side, kind: Kind, square: u8) -> u128 {
    let occupied = position.occupied();
    let steps = |deltas: &[(i8, i8)]| -> u128 {
        deltas.iter().filter_map(|&(df, dr)| BOARD.offset(square, df, dr)).map(|s| BOARD.bit(s)).sum()
    };
    match kind {
        Kind::Rook => slow_attacks(BOARD, Piece::Rook, square, occupied),
        // Quiet moves slide like a rook; captures hop.
        Kind::Cannon => {
            (slow_attacks(BOARD, Piece::Rook, square, occupied) & !occupied)
                | (slow_attacks(BOARD, Piece::Cannon, square, occupied) & occupied)
        }
        Kind::Horse => slow_attacks(BOARD, Piece::Horse, square, occupied),
        Kind::Elephant => slow_attacks(BOARD, Piece::Elephant, square, occupied),
        Kind::Advisor => steps(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]) & palace(side),
        Kind::King => steps(&[(1, 0), (-1, 0), (0, 1), (0, -1)]) & palace(side),
        Kind::Pawn => {
            let forward = if side == Side::Red { 1 } else { -1 };
            let mut deltas = vec![(0, forward)];
            if crossed(side, square) {
                deltas.extend([(1, 0), (-1, 0)]);
            }
            steps(&deltas)
        }
    }
}

/// Whether `side`'s general is attacked, or faces the other general on an open file.
fn in_check(position: &Position, side: Side) -> bool {
    let king = position.king(side);
    let them = side.other();
    let occupied = position.occupied();
    let their = |kind| position.pieces(them, kind);
    if slow_attacks(BOARD, Piece::Rook, king, occupied) & their(Kind::Rook) != 0
        || slow_attacks(BOARD, Piece::Cannon, king, occupied) & their(Kind::Cannon) != 0
        || slow_attacks(BOARD, Piece::HorseTo, king, occupied) & their(Kind::Horse) != 0
    {
        return true;
    }
    // Their pawns that step onto the king.
    let mut pawns = their(Kind::Pawn);
    while pawns != 0 {
        let pawn = pawns.trailing_zeros() as u8;
        pawns &= pawns - 1;
        if targets(position, them, Kind::Pawn, pawn) & BOARD.bit(king) != 0 {
            return true;
        }
    }
    // The generals may not face each other with nothing between them.
    let other = position.king(them);
    BOARD.file_of(other) == BOARD.file_of(king)
        && slow_attacks(BOARD, Piece::Rook, king, occupied) & BOARD.bit(other) != 0
}

/// Every legal position one move from `position`.
fn children(position: &Position) -> Vec<Position> {
    let side = position.to_move;
    let own = position.of(side);
    let mut result = Vec::new();
    for from in 0..90u8 {
        let Some((s, kind)) = position.squares[from as usize] else { continue };
        if s != side {
            continue;
        }
        let mut moves = targets(position, side, kind, from) & !own;
        while moves != 0 {
            let to = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let mut child = position.clone();
            child.squares[to as usize] = child.squares[from as usize].take();
            if !in_check(&child, side) {
                child.to_move = side.other();
                result.push(child);
            }
        }
    }
    result
}

fn perft(position: &Position, depth: u32) -> u64 {
    let children = children(position);
    if depth == 1 {
        return children.len() as u64;
    }
    children.iter().map(|child| perft(child, depth - 1)).sum()
}

#[test]
fn perft_of_the_published_positions() {
    let start = parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    let second = parse("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w");
    for (name, position, counts) in [("start", &start, [44, 1_920, 79_666]), ("second", &second, [38, 1_128, 43_929])] {
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(perft(position, depth), expected, "{name} depth {depth}");
        }
    }
}
