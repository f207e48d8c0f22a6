//! The published record tables' CSV format (the comparison data in `tests/data/published/*.csv`,
//! and any such table a user has), read without any dependency, so that the library's layout
//! builders ([`crate::layouts::overlapped::build_from_records`]) and the command line share it.
//!
//! A record file has a header `square,index,piece,…` and one row per square. Which other
//! columns it has says what it holds: `magic_hex` + `bits_used` (fancy magics with their index
//! bits), `magic_hex` + `shift` + `offset` (fixed-shift "white" magics with offsets into one
//! array) or `black_magic_hex` + `shift` + `offset` (black magics). No field of these files
//! contains a comma, so a row is split on commas; columns after the ones read (such as
//! `source`) are ignored.

use core::fmt;

use crate::magic_set::{Indexing, MagicSet, SetEntry};
use crate::text::{parse_hex, strip_bom};
use magic_tables_core::{Slider, Square};

/// What a record file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// Fancy magics with their index bits (no offsets).
    Fancy,
    /// Fixed-shift ("white") magics with offsets into one shared array.
    FixedShift,
    /// Black magics with offsets into one shared array.
    Black,
}

/// A problem in a record file, at a 1-based line (0: the file as a whole, such as a line it
/// lacks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// The one location format: `file:line: message`, or `file: message` for the file as a
    /// whole (no line 0 is ever named).
    pub fn located(&self, file: &str) -> String {
        match self.line {
            0 => format!("{file}: {}", self.message),
            line => format!("{file}:{line}: {}", self.message),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(&self.message),
            line => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// Whether `text` starts like a record file (its header begins with `square,`).
pub fn is_record_file(text: &str) -> bool {
    strip_bom(text).lines().next().unwrap_or("").trim().starts_with("square,")
}

/// Reads a record file. Every square may appear at most once; the error names the line of its
/// second appearance and of its first.
pub fn parse_record_set(text: &str) -> Result<(RecordKind, MagicSet), RecordError> {
    let mut lines = strip_bom(text).lines().enumerate().map(|(i, line)| (i as u64 + 1, line.trim()));
    let header_error = |message: String| RecordError { line: 1, message };
    let (_, header) = lines.next().ok_or_else(|| header_error("the file is empty".into()))?;
    let header: Vec<&str> = header.split(',').map(str::trim).collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let required = |name: &str| column(name).ok_or_else(|| header_error(format!("no `{name}` column")));
    let (kind, magic_col) = if let Some(c) = column("black_magic_hex") {
        (RecordKind::Black, c)
    } else if column("offset").is_some() {
        (RecordKind::FixedShift, required("magic_hex")?)
    } else {
        (RecordKind::Fancy, required("magic_hex")?)
    };
    let square_col = required("square")?;
    let piece_col = required("piece")?;
    let index_col = column("index");
    let (shift_col, offset_col, bits_col) = match kind {
        RecordKind::Fancy => (None, None, Some(required("bits_used")?)),
        _ => (Some(required("shift")?), Some(required("offset")?), None),
    };
    let indexing = if kind == RecordKind::Black { Indexing::Black } else { Indexing::White };
    let mut entries = Vec::new();
    let mut seen: [[Option<u64>; 64]; 2] = [[None; 64]; 2];
    for (line, row) in lines.filter(|(_, row)| !row.is_empty()) {
        let at = |message: String| RecordError { line, message };
        let fields: Vec<&str> = row.split(',').map(str::trim).collect();
        if fields.len() != header.len() {
            return Err(at(format!("{} fields where the header has {}", fields.len(), header.len())));
        }
        let whole = |col: usize, name: &str| -> Result<u32, RecordError> {
            fields[col].parse().map_err(|_| {
                at(format!("`{}` in column `{name}` is not a whole number from 0 to {}", fields[col], u32::MAX))
            })
        };
        let slider: Slider = fields[piece_col]
            .parse()
            .map_err(|e: magic_tables_core::ParseSliderError| at(format!("`{}` is {e}", fields[piece_col])))?;
        let square: Square = fields[square_col]
            .parse()
            .map_err(|e: magic_tables_core::ParseSquareError| at(format!("`{}` is {e}", fields[square_col])))?;
        if let Some(col) = index_col {
            let index = whole(col, "index")?;
            if index != u32::from(square.index()) {
                return Err(at(format!("index {index} does not match square {square} (index {})", square.index())));
            }
        }
        let magic = parse_hex(fields[magic_col]).map_err(at)?;
        let shift = match (shift_col, bits_col) {
            (Some(col), _) => whole(col, "shift")?,
            (None, Some(col)) => {
                let bits = whole(col, "bits_used")?;
                64u32
                    .checked_sub(bits)
                    .filter(|_| bits > 0)
                    .ok_or_else(|| at(format!("{bits} index bits is out of range")))?
            }
            (None, None) => unreachable!("every record kind has a shift or bits column"),
        };
        let offset = offset_col.map(|col| whole(col, "offset")).transpose()?;
        let place = &mut seen[slider.ordinal()][square.index() as usize];
        if let Some(first) = *place {
            return Err(at(format!("{slider} {square} appears twice (first on line {first})")));
        }
        *place = Some(line);
        entries.push(SetEntry { slider, square, magic, shift, offset, line });
    }
    Ok((kind, MagicSet { indexing, entries }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_kind_and_names_bad_lines() {
        let fancy = "square,index,piece,magic_hex,bits_used,source\na7,48,rook,0x48fffe99fecfaa00,10,x\n";
        let (kind, set) = parse_record_set(fancy).unwrap();
        assert_eq!(kind, RecordKind::Fancy);
        assert_eq!(set.entries[0].shift, 54);
        let black = "square,index,piece,black_magic_hex,shift,offset\na1,0,bishop,0x1,55,7\n";
        let (kind, set) = parse_record_set(black).unwrap();
        assert_eq!((kind, set.indexing, set.entries[0].offset), (RecordKind::Black, Indexing::Black, Some(7)));
        let twice = "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,0\n\na1,0,rook,0x2,52,9\n";
        assert_eq!(parse_record_set(twice).unwrap_err().to_string(), "line 4: rook a1 appears twice (first on line 2)");
        let bad_hex = "square,index,piece,magic_hex,bits_used\nb1,1,rook,0xZZ,11\n";
        assert!(parse_record_set(bad_hex).unwrap_err().to_string().starts_with("line 2: `0xZZ`"));
        let short = "square,index,piece,magic_hex,bits_used\nb1,1,rook\n";
        assert_eq!(parse_record_set(short).unwrap_err().line, 2);
        assert!(parse_record_set("square,piece\n").unwrap_err().message.contains("magic_hex"));
        let with_bom = "\u{feff}square,index,piece,magic_hex,bits_used\nb1,1,rook,0x1,11\n";
        assert!(is_record_file(with_bom));
        assert_eq!(parse_record_set(with_bom).unwrap().1.entries.len(), 1);
    }
}
