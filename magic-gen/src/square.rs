//! Board squares, numbered a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares of the board (little-endian rank-file mapping: a1 = 0, h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square in index order, a1 first and h8 last.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, or `None` if `index >= 64`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square on `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8), if both are on the board.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The index `0..64` of this square.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The single-bit bitboard of this square.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        let rank = char::from(b'1' + self.rank());
        write!(f, "{file}{rank}")
    }
}

/// Returned when a string is not a square name such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square name (expected a file a-h followed by a rank 1-8, such as `e4`)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e4` or `E4`; surrounding whitespace is not accepted.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSquareError(s.to_owned());
        match s.as_bytes() {
            [file, rank] => {
                let file = file.to_ascii_lowercase().checked_sub(b'a').ok_or_else(err)?;
                let rank = rank.checked_sub(b'1').ok_or_else(err)?;
                Square::from_file_rank(file, rank).ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_square() {
        for sq in Square::ALL {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::ALL[28].to_string(), "e4");
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
        assert_eq!("A1".parse::<Square>().map(Square::index), Ok(0));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "e", "e9", "i1", "e0", "e44", " e4", "4e", "é4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn index_bounds() {
        assert_eq!(Square::from_index(63).map(Square::index), Some(63));
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::from_file_rank(4, 3).map(|s| s.to_string()), Some("e4".into()));
        assert_eq!(Square::from_file_rank(8, 0), None);
    }
}
