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
    /// Both sliders, rook first: the order tables and RNG stream numbers use.
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    /// Lower-case name, as used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    /// The four ray directions as (file step, rank step).
    pub(crate) const fn directions(self) -> [(i8, i8); 4] {
        match self {
            Slider::Rook => [(1, 0), (-1, 0), (0, 1), (0, -1)],
            Slider::Bishop => [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        }
    }

    /// 0 for the rook, 1 for the bishop.
    pub const fn ordinal(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Slider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Returned when a string names no slider.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a slider (expected `rook` or `bishop`)")]
pub struct ParseSliderError(pub String);

impl FromStr for Slider {
    type Err = ParseSliderError;

    /// Accepts `rook` and `bishop` in any letter case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("rook") {
            Ok(Slider::Rook)
        } else if s.eq_ignore_ascii_case("bishop") {
            Ok(Slider::Bishop)
        } else {
            Err(ParseSliderError(s.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for slider in Slider::ALL {
            assert_eq!(slider.to_string().parse::<Slider>(), Ok(slider));
        }
        assert_eq!("Rook".parse::<Slider>(), Ok(Slider::Rook));
        assert!("queen".parse::<Slider>().is_err());
        assert!("".parse::<Slider>().is_err());
    }
}
