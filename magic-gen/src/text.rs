//! Small text helpers every reader of this crate's files shares: the byte-order mark that
//! spreadsheet programs put at the start of CSV files, and hexadecimal magics.

/// `text` without a leading UTF-8 byte-order mark, which would otherwise become part of the
/// first line (a CSV header's first column name, say).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Parses `0x…` (or bare) hexadecimal of 1 to 16 digits, surrounding blanks ignored.
pub fn parse_hex(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix("0x").or_else(|| trimmed.strip_prefix("0X")).unwrap_or(trimmed);
    if digits.is_empty() || digits.len() > 16 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("`{text}` is not a 64-bit hexadecimal number"));
    }
    u64::from_str_radix(digits, 16).map_err(|e| format!("`{text}`: {e}"))
}

/// At most the first 24 characters of `text`, and `…` if there were more: how a message quotes a
/// bad token without printing a whole line of garbage.
pub fn quote_prefix(text: &str) -> String {
    match text.char_indices().nth(24) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex() {
        assert_eq!(parse_hex("0x1F"), Ok(0x1f));
        assert_eq!(parse_hex(" 0XfFfFfFfFfFfFfFfF "), Ok(u64::MAX));
        assert_eq!(parse_hex("abc"), Ok(0xabc));
        for bad in ["", "0x", "0x1_0", "0x10000000000000000", "-1", "0xg"] {
            assert!(parse_hex(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn quoted_prefixes() {
        assert_eq!(quote_prefix("x9529"), "x9529");
        assert_eq!(quote_prefix(&"é".repeat(30)), format!("{}…", "é".repeat(24)));
    }

    #[test]
    fn bom() {
        assert_eq!(strip_bom("\u{feff}square,"), "square,");
        assert_eq!(strip_bom("square,"), "square,");
    }
}
