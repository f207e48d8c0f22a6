//! The streamed writer of large `u64` arrays: one pass over the data, no syntax tree.

use std::fmt::Write as _;

/// Literals per line: four fixed-width hex literals fit in 100 columns.
const PER_LINE: usize = 4;

/// A run of the array under one comment, such as one square's slice.
#[derive(Clone, Debug)]
pub struct Segment<'a> {
    /// Text of the comment line before the run.
    pub label: String,
    /// The values.
    pub values: &'a [u64],
}

/// Appends `pub static NAME: [u64; N] = [ … ];` to `out`, where N is the total length of
/// `segments`: a `// label` line before each segment and at most four literals per line.
pub fn write_rust_array(out: &mut String, name: &str, segments: &[Segment<'_>]) {
    let len: usize = segments.iter().map(|s| s.values.len()).sum();
    out.reserve(len * 20 + segments.len() * 64);
    writeln!(out, "/// Attack sets of every square's slice, in the order the entries' offsets give.").unwrap();
    writeln!(out, "pub static {name}: [u64; {len}] = [").unwrap();
    write_elements(out, segments, "");
    out.push_str("];\n");
}

/// Appends `static const uint64_t NAME[N] = { … };` to `out`, laid out as [`write_rust_array`] does,
/// with `ULL` suffixes.
pub fn write_c_array(out: &mut String, name: &str, segments: &[Segment<'_>]) {
    let len: usize = segments.iter().map(|s| s.values.len()).sum();
    out.reserve(len * 23 + segments.len() * 64);
    writeln!(out, "static const uint64_t {name}[{len}] = {{").unwrap();
    write_elements(out, segments, "ULL");
    out.push_str("};\n");
}

/// The elements of an array literal: a `// label` line before each segment, then the values as
/// fixed-width hex literals with `suffix`, four a line.
fn write_elements(out: &mut String, segments: &[Segment<'_>], suffix: &str) {
    for segment in segments {
        writeln!(out, "    // {}", segment.label).unwrap();
        for line in segment.values.chunks(PER_LINE) {
            out.push_str("   ");
            for &value in line {
                out.push(' ');
                push_hex_literal(out, value);
                out.push_str(suffix);
                out.push(',');
            }
            out.push('\n');
        }
    }
}

/// Upper-case hex digit pairs of every byte value.
const HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut pairs = [[0; 2]; 256];
    let mut byte = 0;
    while byte < 256 {
        pairs[byte] = [DIGITS[byte >> 4], DIGITS[byte & 15]];
        byte += 1;
    }
    pairs
};

/// Appends `value` as `0x` and 16 upper-case hex digits, the same text as `format!("0x{value:016X}")`.
///
/// Hand-rolled because the build script formats 107,648 of these unoptimized, where
/// `core::fmt` with padding costs about three times as much as this table walk.
pub fn push_hex_literal(out: &mut String, value: u64) {
    let mut text = *b"0x0000000000000000";
    let bytes = value.to_be_bytes();
    let mut i = 0;
    while i < 8 {
        let [high, low] = HEX_PAIRS[bytes[i] as usize];
        text[2 + 2 * i] = high;
        text[3 + 2 * i] = low;
        i += 1;
    }
    out.push_str(std::str::from_utf8(&text).expect("hex digits are ASCII"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_literals_match_core_fmt() {
        for value in [0, 1, 0xFF, 0x0123_4567_89AB_CDEF, u64::MAX, 0x8000_0000_0000_0000] {
            let mut out = String::new();
            push_hex_literal(&mut out, value);
            assert_eq!(out, format!("0x{value:016X}"));
        }
    }

    #[test]
    fn writes_labels_lines_and_length() {
        let values = [1u64, 2, 3, 4, 5];
        let mut out = String::new();
        write_rust_array(
            &mut out,
            "T",
            &[
                Segment { label: "first".into(), values: &values[..2] },
                Segment { label: "second".into(), values: &values[2..] },
            ],
        );
        let expected = "/// Attack sets of every square's slice, in the order the entries' offsets give.\n\
                        pub static T: [u64; 5] = [\n    // first\n    0x0000000000000001, 0x0000000000000002,\n    // second\n    \
                        0x0000000000000003, 0x0000000000000004, 0x0000000000000005,\n];\n";
        assert_eq!(out, expected);
    }
}
