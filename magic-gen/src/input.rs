//! The one way this crate's command line reads a file: bounded and streaming, so that no input
//! (`/dev/zero`, an endless pipe, a multi-gigabyte file given by mistake) can grow memory or
//! run forever before it is refused.
//!
//! Every file magic-gen reads is small line-oriented text (the largest, a walk cache of 1,024
//! walks a square, is about 5 MB), so the reader refuses, at the first byte that shows it:
//! - more than [`MAX_INPUT_BYTES`] in all, or a line longer than [`MAX_LINE_BYTES`];
//! - a control byte other than tab, line feed and carriage return (NUL, escape, DEL, …): text
//!   with those is not a file of ours, and they would otherwise reach terminals and messages;
//! - bytes that are not UTF-8.
//!
//! Each refusal is one message naming the file, the line and the column.

use std::io::Read;

/// The most bytes a file may have: 64 MiB, ten times the largest file magic-gen writes.
pub const MAX_INPUT_BYTES: usize = 64 << 20;

/// The longest line a file may have, in bytes (a recipe's `# command=` line is a few KB).
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// How much is read at a time.
const CHUNK: usize = 64 << 10;

/// Reads `reader` to its end as text, refusing it as soon as it breaks a rule of this module;
/// `name` is what messages call it. The text is returned without a leading byte-order mark.
/// An I/O error is reported as `cannot read NAME: …`.
pub fn read_bounded(mut reader: impl Read, name: &str) -> Result<String, String> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    // The line being read, where it starts, and how far the bytes are known to be UTF-8.
    let (mut line, mut line_start, mut valid_to) = (1usize, 0usize, 0usize);
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read {name}: {e}")),
        };
        if bytes.len() + read > MAX_INPUT_BYTES {
            return Err(format!("{name}: larger than {} MiB: not a file magic-gen reads", MAX_INPUT_BYTES >> 20));
        }
        let start = bytes.len();
        bytes.extend_from_slice(&chunk[..read]);
        for (at, &byte) in bytes.iter().enumerate().skip(start) {
            if byte == b'\n' {
                line += 1;
                line_start = at + 1;
                continue;
            }
            let column = at - line_start + 1;
            if column > MAX_LINE_BYTES {
                return Err(format!("{name}:{line}: a line longer than {MAX_LINE_BYTES} bytes"));
            }
            // A byte below 0x80 is never part of a multi-byte UTF-8 sequence, so it is checked
            // here, alone.
            if (byte < 0x20 && byte != b'\t' && byte != b'\r') || byte == 0x7f {
                return Err(format!("{name}:{line}: not text (control byte {byte:#04x} at column {column})"));
            }
        }
        match std::str::from_utf8(&bytes[valid_to..]) {
            Ok(_) => valid_to = bytes.len(),
            // An invalid byte: the first one ends the read.
            Err(e) if e.error_len().is_some() => return Err(not_utf8(name, &bytes, valid_to + e.valid_up_to())),
            // A character cut by the chunk's end: the next chunk completes it.
            Err(e) => valid_to += e.valid_up_to(),
        }
    }
    if valid_to < bytes.len() {
        return Err(not_utf8(name, &bytes, valid_to));
    }
    let text = String::from_utf8(bytes).map_err(|e| not_utf8(name, e.as_bytes(), e.utf8_error().valid_up_to()))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// The message for bytes that are not UTF-8 from `at` on.
fn not_utf8(name: &str, bytes: &[u8], at: usize) -> String {
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
    format!("{name}:{line}: not UTF-8 text (an invalid byte at column {column})")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of `bytes` that hands them out `step` at a time (cutting characters and lines
    /// at every place), and then, if `endless`, zeros forever.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        endless: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.bytes.is_empty() {
                let n = if self.endless { buf.len() } else { 0 };
                buf[..n].fill(0);
                return Ok(n);
            }
            let n = self.step.min(self.bytes.len()).min(buf.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn read(bytes: &[u8], step: usize) -> Result<String, String> {
        read_bounded(Trickle { bytes, step, endless: false }, "f.csv")
    }

    #[test]
    fn text_reads_back_whole_in_any_pieces() {
        let text = "\u{feff}slider,square\r\nrook,a1,é€😀\n\tend";
        for step in [1, 2, 3, 7, 1 << 20] {
            assert_eq!(read(text.as_bytes(), step).unwrap(), &text[3..]);
        }
    }

    #[test]
    fn the_first_bad_byte_is_named() {
        assert_eq!(read(b"a\nb\nc\0d", 1).unwrap_err(), "f.csv:3: not text (control byte 0x00 at column 2)");
        assert_eq!(read(b"ok\n\x1b[31m", 4).unwrap_err(), "f.csv:2: not text (control byte 0x1b at column 1)");
        assert_eq!(read(b"a\n\xffb", 1).unwrap_err(), "f.csv:2: not UTF-8 text (an invalid byte at column 1)");
        assert_eq!(
            read("x\né".as_bytes().split_last().unwrap().1, 2).unwrap_err(),
            "f.csv:2: not UTF-8 text (an invalid byte at column 1)"
        );
        let long = vec![b'x'; MAX_LINE_BYTES + 1];
        assert_eq!(read(&long, 1 << 20).unwrap_err(), format!("f.csv:1: a line longer than {MAX_LINE_BYTES} bytes"));
    }

    /// `/dev/zero` and an endless stream of lines both end at once, within the size limit.
    #[test]
    fn endless_inputs_end() {
        let zero = read_bounded(Trickle { bytes: b"", step: 1, endless: true }, "/dev/zero").unwrap_err();
        assert_eq!(zero, "/dev/zero:1: not text (control byte 0x00 at column 1)");
        let lines = std::io::repeat(b'\n');
        let error = read_bounded(lines, "-").unwrap_err();
        assert_eq!(error, "-: larger than 64 MiB: not a file magic-gen reads");
    }

    proptest::proptest! {
        /// Any bytes are read back exactly or refused with one line naming the file: never a
        /// panic, and never text with a control byte.
        #[test]
        fn any_bytes_are_read_or_refused(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..300), step in 1usize..64) {
            match read(&bytes, step) {
                Ok(text) => {
                    let whole = std::str::from_utf8(&bytes).unwrap();
                    proptest::prop_assert_eq!(text.as_str(), whole.strip_prefix('\u{feff}').unwrap_or(whole));
                    proptest::prop_assert!(!text.bytes().any(|b| (b < 0x20 && !b"\t\r\n".contains(&b)) || b == 0x7f));
                }
                Err(message) => {
                    proptest::prop_assert!(message.starts_with("f.csv:"));
                    proptest::prop_assert!(!message.contains('\n'));
                }
            }
        }
    }
}
