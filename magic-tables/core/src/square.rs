//! Board squares: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares, numbered a1 = 0, b1 = 1, …, h8 = 63 (rank by rank, from White's side).
///
/// The index is always below 64: the lookups rely on it.
///
/// ```
/// use magic_tables_core::Square;
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.index(), 28);
/// assert_eq!(Square::from_index(28), Some(e4));
/// assert_eq!(Square::from_index(64), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $index:literal),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($index);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// All 64 squares in index order, a1 first.
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

    /// The square with index `index % 64`, for an engine that keeps its own square index (a
    /// `u8` from a bitboard's `trailing_zeros`, a field of its own square enum) and knows it is
    /// below 64: no `Option` to unwrap and no `unsafe`, and it costs nothing where the lookup is
    /// inlined. The mask takes the place of the zero-extension the lookup does anyway
    /// (`and` instead of `movzx`), so the lookup is as many instructions as through a `Square`
    /// it already had; `tests/square-codegen/check.sh` compares the two functions' machine code.
    ///
    /// An index of 64 or more wraps (65 is b1): it can never read outside a table, but it is
    /// the wrong square, so give [`Square::from_index`] any index that is not known to be on the
    /// board. `From<u8>` and `From<usize>` do the same.
    ///
    /// ```
    /// use magic_tables_core::Square;
    ///
    /// let mut pieces: u64 = Square::C3.bit() | Square::G7.bit();
    /// let mut found = [Square::A1; 2];
    /// for slot in &mut found {
    ///     *slot = Square::new(pieces.trailing_zeros() as u8);
    ///     pieces &= pieces - 1;
    /// }
    /// assert_eq!(found, [Square::C3, Square::G7]);
    /// assert_eq!(Square::new(28), Square::E4);
    /// assert_eq!(Square::from(28u8), Square::E4);
    /// assert_eq!(Square::from(28usize), Square::E4);
    /// ```
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        Square(index & 63)
    }

    /// The square on `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8), if both are below 8.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The index, `0..64`.
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

    /// The bitboard with only this square set.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

impl From<u8> for Square {
    /// [`Square::new`]: the index modulo 64.
    #[inline(always)]
    fn from(index: u8) -> Square {
        Square::new(index)
    }
}

impl From<usize> for Square {
    /// The index modulo 64, as [`Square::new`].
    #[inline(always)]
    fn from(index: usize) -> Square {
        Square::new((index & 63) as u8)
    }
}

impl From<Square> for u8 {
    /// [`Square::index`].
    #[inline(always)]
    fn from(square: Square) -> u8 {
        square.index()
    }
}

impl From<Square> for usize {
    /// [`Square::index`] as a `usize`.
    #[inline(always)]
    fn from(square: Square) -> usize {
        square.index() as usize
    }
}

impl fmt::Display for Square {
    /// Writes the square's name, such as `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = [b'a' + self.file(), b'1' + self.rank()];
        // Both bytes are ASCII letters or digits.
        f.write_str(core::str::from_utf8(&name).map_err(|_| fmt::Error)?)
    }
}

/// The error of parsing a string that is not a square name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (expected a file a-h followed by a rank 1-8, such as `e4`)")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a name such as `e4` (the file letter may be upper case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            [file, rank] => {
                let file = file.to_ascii_lowercase().wrapping_sub(b'a');
                let rank = rank.wrapping_sub(b'1');
                Square::from_file_rank(file, rank).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_square() {
        for square in Square::ALL {
            let mut name = [0u8; 2];
            let mut writer = Buffer(&mut name, 0);
            core::fmt::write(&mut writer, format_args!("{square}")).unwrap();
            let name = core::str::from_utf8(&name).unwrap();
            assert_eq!(name.parse::<Square>(), Ok(square));
        }
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
        assert_eq!("A1".parse::<Square>().map(Square::index), Ok(0));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "e", "e9", "i1", "e0", "e44", " e4", "4e", "é4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?} parsed");
        }
    }

    #[test]
    fn new_and_from_wrap_to_the_board() {
        for index in 0..=255u8 {
            let square = Square::new(index);
            assert_eq!(square.index(), index % 64);
            assert_eq!(Square::from(index), square);
            assert_eq!(Square::from(index as usize + 64 * 1000), square);
            assert_eq!(u8::from(square), index % 64);
            assert_eq!(usize::from(square), usize::from(index % 64));
        }
        for square in Square::ALL {
            assert_eq!(Square::new(square.index()), square);
        }
        const H8: Square = Square::new(63);
        assert_eq!(H8, Square::H8);
    }

    #[test]
    fn index_bounds() {
        assert_eq!(Square::from_index(63), Some(Square::H8));
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::from_file_rank(4, 3), Some(Square::E4));
        assert_eq!(Square::from_file_rank(8, 0), None);
    }

    /// A fixed-size `fmt::Write` target: the crate has no `String`.
    struct Buffer<'a>(&'a mut [u8], usize);

    impl fmt::Write for Buffer<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let end = self.1 + s.len();
            self.0.get_mut(self.1..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
            self.1 = end;
            Ok(())
        }
    }
}
