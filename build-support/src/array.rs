//! The pieces of the streamed writer of large `u64` arrays: fixed-width hex literals, four a
//! line, one pass over the data and no syntax tree.

/// Literals per line: four fixed-width hex literals fit in 100 columns.
pub const PER_LINE: usize = 4;

/// Appends one indented line of `values` (at most [`PER_LINE`]) as fixed-width hex literals,
/// each followed by `suffix` and a comma.
///
/// The line is assembled on the stack and appended at once: this runs for every element of
/// every array in an unoptimized build script.
pub fn push_u64_line(out: &mut String, values: &[u64], suffix: &str) {
    assert!(values.len() <= PER_LINE && suffix.len() <= 3, "a line holds four literals with short suffixes");
    let mut text = [b' '; 3 + PER_LINE * 23];
    let mut used = 3;
    for &value in values {
        text[used + 1..used + 19].copy_from_slice(&hex_literal(value));
        used += 19;
        text[used..used + suffix.len()].copy_from_slice(suffix.as_bytes());
        used += suffix.len();
        text[used] = b',';
        used += 1;
    }
    out.push_str(std::str::from_utf8(&text[..used]).expect("ASCII"));
    out.push('\n');
}

/// The four upper-case hex digits of every 16-bit value, computed by the compiler.
static HEX_QUADS: [[u8; 4]; 65536] = {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut quads = [[0; 4]; 65536];
    let mut value = 0;
    while value < 65536 {
        quads[value] = [DIGITS[value >> 12], DIGITS[(value >> 8) & 15], DIGITS[(value >> 4) & 15], DIGITS[value & 15]];
        value += 1;
    }
    quads
};

/// `value` as `0x` and 16 upper-case hex digits, the same text as `format!("0x{value:016X}")`.
///
/// Hand-rolled because the build script formats over a million of these unoptimized (with every
/// layout enabled), where `core::fmt` with padding costs several times as much as four lookups
/// in a table the compiler built.
pub fn hex_literal(value: u64) -> [u8; 18] {
    let [a, b, c, d] = [
        (value >> 48) as usize,
        (value >> 32) as usize & 0xFFFF,
        (value >> 16) as usize & 0xFFFF,
        value as usize & 0xFFFF,
    ];
    let [a, b, c, d] = [HEX_QUADS[a], HEX_QUADS[b], HEX_QUADS[c], HEX_QUADS[d]];
    [b'0', b'x', a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3], d[0], d[1], d[2], d[3]]
}

/// Appends `value` as [`hex_literal`] writes it.
pub fn push_hex_literal(out: &mut String, value: u64) {
    out.push_str(std::str::from_utf8(&hex_literal(value)).expect("hex digits are ASCII"));
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
    fn lines_hold_suffixed_literals() {
        let mut out = String::new();
        push_u64_line(&mut out, &[1, u64::MAX], "ULL");
        assert_eq!(out, "    0x0000000000000001ULL, 0xFFFFFFFFFFFFFFFFULL,\n");
    }
}
