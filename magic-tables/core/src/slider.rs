//! The two sliding pieces whose attacks magic bitboards index.

use core::fmt;
use core::str::FromStr;

/// A sliding piece with its own masks and magics. A queen is the union of both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slider {
    /// Moves along ranks and files.
    Rook,
    /// Moves along diagonals.
    Bishop,
}

impl Slider {
    /// Both sliders, rook first: the order of every per-(slider, square) list and of the
    /// generator's RNG stream numbers.
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// Lower-case name, as used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    /// 0 for the rook, 1 for the bishop.
    pub const fn ordinal(self) -> usize {
        self as usize
    }

    /// The right shift of the layouts with one shift per slider (`plain`, `fixed-shift`,
    /// `black`): 52 for rooks and 55 for bishops, leaving 12 and 9 index bits, the largest
    /// relevant masks (a rook in a corner, a bishop in the centre).
    pub const fn fixed_shift(self) -> u32 {
        match self {
            Slider::Rook => 52,
            Slider::Bishop => 55,
        }
    }

    /// The four ray directions as (file step, rank step).
    pub const fn directions(self) -> [(i8, i8); 4] {
        match self {
            Slider::Rook => [(1, 0), (-1, 0), (0, 1), (0, -1)],
            Slider::Bishop => [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        }
    }
}

impl fmt::Display for Slider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a string that names no slider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSliderError;

impl fmt::Display for ParseSliderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a slider (expected `rook` or `bishop`)")
    }
}

impl core::error::Error for ParseSliderError {}

impl FromStr for Slider {
    type Err = ParseSliderError;

    /// Accepts `rook` and `bishop` in any letter case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("rook") {
            Ok(Slider::Rook)
        } else if s.eq_ignore_ascii_case("bishop") {
            Ok(Slider::Bishop)
        } else {
            Err(ParseSliderError)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for slider in Slider::ALL {
            assert_eq!(slider.name().parse::<Slider>(), Ok(slider));
        }
        assert_eq!("Rook".parse::<Slider>(), Ok(Slider::Rook));
        assert_eq!("queen".parse::<Slider>(), Err(ParseSliderError));
        assert_eq!("".parse::<Slider>(), Err(ParseSliderError));
    }
}
