//! [`BuildError`]: the one error type of building a table, whatever the layout and whichever step
//! failed (search, data file, placement, verification).

use core::fmt;

use crate::magic_set::SetError;
use crate::records::RecordError;
use crate::search::SearchError;
use magic_tables_core::{Slider, Square};

/// Why a layout's tables could not be built. Every variant names the layout (as its cargo
/// feature spells it) first, so a build script can print the message as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A seeded search failed.
    Search {
        /// Layout being built.
        layout: &'static str,
        /// The failure.
        source: SearchError,
    },
    /// A data file could not be read.
    Records {
        /// Layout being built.
        layout: &'static str,
        /// The data file.
        file: String,
        /// The failure.
        source: RecordError,
    },
    /// The magics do not form a valid table (not magic, or overlapping squares that need
    /// different attack sets in one slot).
    Set {
        /// Layout being built.
        layout: &'static str,
        /// The failure.
        source: SetError,
    },
    /// The data is complete and well formed but unusable for the layout.
    Data {
        /// Layout being built.
        layout: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A lookup through the layout's formula disagrees with the slow reference.
    Mismatch {
        /// Layout being built.
        layout: &'static str,
        /// Slider.
        slider: Slider,
        /// Square.
        square: Square,
        /// The occupancy (possibly with bits outside the mask).
        occupancy: u64,
        /// The reference attacks.
        expected: u64,
        /// What the layout gave, or `None` if the formula's slot lies outside its array.
        found: Option<u64>,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Search { layout, source } => write!(f, "{layout}: {source}"),
            // The one location format: `file:line:` (`RecordError::located`).
            BuildError::Records { layout, file, source } => write!(f, "{layout}: {}", source.located(file)),
            BuildError::Set { layout, source } => write!(f, "{layout}: {source}"),
            BuildError::Data { layout, message } => write!(f, "{layout}: {message}"),
            BuildError::Mismatch { layout, slider, square, occupancy, expected, found } => {
                write!(f, "{layout}: {slider} {square}: occupancy {occupancy:#018x} looks up ")?;
                match found {
                    Some(found) => write!(f, "{found:#018x}")?,
                    None => f.write_str("a slot outside the array")?,
                }
                write!(f, ", expected {expected:#018x}")
            }
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::Search { source, .. } => Some(source),
            BuildError::Records { source, .. } => Some(source),
            BuildError::Set { source, .. } => Some(source),
            BuildError::Data { .. } | BuildError::Mismatch { .. } => None,
        }
    }
}
