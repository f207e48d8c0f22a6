//! Recipe files: how `magic-tables` ships the tables this project's own searches found. A recipe
//! holds no magic a reader has to trust: for every (slider, square) it names the position of the
//! magic in that square's seeded candidate stream (and, for overlapping layouts, the offset of
//! the square's range), so the build re-derives each magic in O(1) by seeking the stream, checks
//! it exhaustively and lays the table out from it.
//!
//! ```text
//! # magic-gen recipe
//! # seed=1
//! # layout=black
//! # command=magic-gen pack --layout black --seed 1 --iterations 300000
//! slider,square,k,offset,magic
//! rook,a1,81234,5012,0x...
//! ```
//!
//! * `layout=black` or `layout=white` (fixed-shift): rows `slider,square,k,offset`; candidate `k`
//!   (0-based) of [`crate::dense::black_candidate`], placed at `offset`.
//! * `layout=fancy-dense`: rows `slider,square,bits,candidate`; the magic with `bits` index bits
//!   that [`crate::search::find_magic`] finds as its candidate number `candidate` (1-based) from
//!   master seed `seed` (its family depends on the bits: [`crate::search::Family::for_bits`]).
//!   Squares not listed keep their minimal fancy magic.
//!
//! An optional last column `magic` repeats the derived multiplier for readers; it must match.
//! Other `# key=value` lines (sizes, the search's state) are kept for the reader and ignored here.

use crate::dense::black_candidate;
use crate::geometry::relevant_mask;
use crate::magic_set::{Indexing, MagicSet, SetEntry};
use crate::records::RecordError;
use crate::search::{Family, nth_candidate};
use crate::{Slider, Square};

/// What a recipe describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecipeLayout {
    /// Overlapping ranges at fixed shifts, black (`occupied | !mask`) or white (`occupied & mask`)
    /// indexing: all 128 squares with offsets.
    Packed(Indexing),
    /// Fancy slices with fewer index bits on the listed squares.
    FewerBits,
}

impl RecipeLayout {
    /// The name on the `# layout=` line.
    pub fn name(self) -> &'static str {
        match self {
            RecipeLayout::Packed(Indexing::Black) => "black",
            RecipeLayout::Packed(Indexing::White) => "white",
            RecipeLayout::FewerBits => "fancy-dense",
        }
    }
}

/// One square of a recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecipeRow {
    /// Line of the file (1-based), for messages.
    pub line: u64,
    /// Slider.
    pub slider: Slider,
    /// Square.
    pub square: Square,
    /// Position of the magic in the square's candidate stream: `k` (0-based) for packed layouts,
    /// the candidate number (1-based) for fewer-bit fancy magics.
    pub position: u64,
    /// Start of the square's range (packed layouts).
    pub offset: Option<u32>,
    /// Index bits (fewer-bit fancy magics).
    pub bits: Option<u32>,
}

/// A parsed recipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Master seed of every square's stream.
    pub seed: u64,
    /// What it describes.
    pub layout: RecipeLayout,
    /// The `# command=` line: how the recipe was made, if it says.
    pub command: Option<String>,
    /// The squares, in file order.
    pub rows: Vec<RecipeRow>,
}

impl Recipe {
    /// The multiplier of `row`, re-derived from the seed and its stream position.
    pub fn magic(&self, row: &RecipeRow) -> u64 {
        match self.layout {
            RecipeLayout::Packed(_) => {
                black_candidate(self.seed, row.slider.ordinal() as u32, u32::from(row.square.index()), row.position)
            }
            RecipeLayout::FewerBits => {
                let bits = row.bits.expect("fewer-bit rows have bits");
                let mask_bits = relevant_mask(row.slider, row.square).count_ones();
                let family = Family::for_bits(row.slider, bits, mask_bits);
                nth_candidate(self.seed, row.slider, row.square, family, row.position)
                    .expect("candidate numbers start at 1")
            }
        }
    }

    /// The recipe's magics as a set: with offsets for packed layouts, with their index bits for
    /// fewer-bit fancy magics. Whether they are magic, and whether the ranges agree where they
    /// overlap, is for [`crate::magic_set::build_set`] to check.
    pub fn magic_set(&self) -> MagicSet {
        let indexing = match self.layout {
            RecipeLayout::Packed(indexing) => indexing,
            RecipeLayout::FewerBits => Indexing::White,
        };
        let entries = self
            .rows
            .iter()
            .map(|row| SetEntry {
                slider: row.slider,
                square: row.square,
                magic: self.magic(row),
                shift: match row.bits {
                    Some(bits) => 64 - bits,
                    None => row.slider.fixed_shift(),
                },
                offset: row.offset,
            })
            .collect();
        MagicSet { indexing, entries }
    }
}

/// Parses a recipe. Every problem is a [`RecordError`] naming the line (and the square, once the
/// line has one): a missing or unknown `# seed=` or `# layout=` line, a bad column, a square
/// listed twice, a packed recipe without all 128 squares, a `magic` column that does not match
/// the derivation.
pub fn parse_recipe(text: &str) -> Result<Recipe, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (mut seed, mut layout, mut command) = (None, None, None);
    let mut header: Option<(u64, Vec<&str>)> = None;
    let mut rows = Vec::new();
    let mut seen = [[false; 64]; 2];
    for (number, line) in text.lines().enumerate() {
        let line_number = number as u64 + 1;
        let at = |message: String| RecordError { line: line_number, message };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let Some((key, value)) = comment.split_once('=') else { continue };
            let value = value.trim();
            match key.trim() {
                "seed" => seed = Some(value.parse::<u64>().map_err(|_| at(format!("`{value}` is not a seed")))?),
                "layout" => {
                    layout = Some(match value {
                        "black" => RecipeLayout::Packed(Indexing::Black),
                        "white" | "fixed-shift" => RecipeLayout::Packed(Indexing::White),
                        "fancy-dense" => RecipeLayout::FewerBits,
                        other => return Err(at(format!("unknown layout `{other}`: black, white or fancy-dense"))),
                    })
                }
                "command" => command = Some(value.to_owned()),
                _ => {}
            }
            continue;
        }
        let (Some(seed), Some(layout)) = (seed, layout) else {
            return Err(at("a recipe names its `# seed=` and `# layout=` before its rows".into()));
        };
        let Some((_, columns)) = &header else {
            let columns: Vec<&str> = line.split(',').map(str::trim).collect();
            let expected: &[&str] = match layout {
                RecipeLayout::Packed(_) => &["slider", "square", "k", "offset"],
                RecipeLayout::FewerBits => &["slider", "square", "bits", "candidate"],
            };
            let magic_column = columns.len() == expected.len() + 1 && columns[expected.len()] == "magic";
            if !columns.starts_with(expected) || !(columns.len() == expected.len() || magic_column) {
                return Err(at(format!("the columns must be {}[,magic]", expected.join(","))));
            }
            header = Some((line_number, columns));
            continue;
        };
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() != columns.len() {
            return Err(at(format!("{} fields where the header has {}", fields.len(), columns.len())));
        }
        let slider: Slider = fields[0].parse().map_err(|e| at(format!("`{}` is {e}", fields[0])))?;
        let square: Square = fields[1].parse().map_err(|e| at(format!("`{}` is {e}", fields[1])))?;
        let at_square = |message: String| at(format!("{slider} {square}: {message}"));
        let number = |col: usize| -> Result<u64, RecordError> {
            fields[col]
                .parse()
                .map_err(|_| at_square(format!("`{}` in column `{}` is not a whole number", fields[col], columns[col])))
        };
        if std::mem::replace(&mut seen[slider.ordinal()][square.index() as usize], true) {
            return Err(at_square("listed twice".into()));
        }
        let (position, offset, bits) = match layout {
            RecipeLayout::Packed(_) => {
                let offset = number(3)?;
                let offset = u32::try_from(offset)
                    .ok()
                    .filter(|&o| o < crate::magic_set::MAX_SLOTS)
                    .ok_or_else(|| at_square(format!("offset {offset} is beyond any table worth building")))?;
                (number(2)?, Some(offset), None)
            }
            RecipeLayout::FewerBits => {
                let mask_bits = relevant_mask(slider, square).count_ones();
                let bits = number(2)?;
                if !(1..u64::from(mask_bits)).contains(&bits) {
                    return Err(at_square(format!(
                        "{bits} index bits: a fewer-bit magic has fewer than the mask's {mask_bits}"
                    )));
                }
                let candidate = number(3)?;
                if candidate == 0 {
                    return Err(at_square("candidate numbers start at 1".into()));
                }
                (candidate, None, Some(bits as u32))
            }
        };
        let row = RecipeRow { line: line_number, slider, square, position, offset, bits };
        if columns.last() == Some(&"magic") {
            let stated = fields[fields.len() - 1];
            let derived = Recipe { seed, layout, command: None, rows: Vec::new() }.magic(&row);
            let parsed = u64::from_str_radix(stated.trim_start_matches("0x").trim_start_matches("0X"), 16).ok();
            if parsed != Some(derived) {
                return Err(at_square(format!(
                    "magic {stated} is not the one its seed and position give ({derived:#018X})"
                )));
            }
        }
        rows.push(row);
    }
    let no_line = |message: &str| RecordError { line: text.lines().count() as u64, message: message.into() };
    let seed = seed.ok_or_else(|| no_line("no `# seed=` line"))?;
    let layout = layout.ok_or_else(|| no_line("no `# layout=` line"))?;
    if header.is_none() || rows.is_empty() {
        return Err(no_line("the recipe lists no squares"));
    }
    if let RecipeLayout::Packed(_) = layout {
        for slider in Slider::ALL {
            for square in Square::ALL {
                if !seen[slider.ordinal()][square.index() as usize] {
                    return Err(no_line(&format!(
                        "{slider} {square} is missing: a packed table needs all 128 squares"
                    )));
                }
            }
        }
    }
    Ok(Recipe { seed, layout, command, rows })
}
