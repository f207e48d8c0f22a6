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

/// `word` as one word of a POSIX shell command line: as it is when it has only letters, digits
/// and `-_./+=:,@%`, else in single quotes (a `'` inside written `'\''`). How a recorded
/// `# command=` names a path with blanks or quotes so that it can be run again, and read back
/// by [`shell_words`].
pub fn shell_quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./+=:,@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The words of a command line as [`shell_quote`] writes them: blanks separate words, single
/// quotes keep everything up to the next one, and outside them a backslash keeps the next
/// character. An error for an unclosed quote or a trailing backslash.
pub fn shell_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let (mut quoted, mut escaped) = (false, false);
    for c in line.chars() {
        if escaped {
            word.get_or_insert_with(String::new).push(c);
            escaped = false;
            continue;
        }
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            '\\' if !quoted => escaped = true,
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quoted || escaped {
        return Err("an unclosed `'` or a trailing `\\` in the command line".to_owned());
    }
    words.extend(word);
    Ok(words)
}

/// The key of the last line of a sealed file: `# checksum=fnv1a64:` and 16 hexadecimal digits.
pub const CHECKSUM_KEY: &str = "# checksum=fnv1a64:";

/// `text` (whole lines) with a last line `# checksum=fnv1a64:…`, the FNV-1a 64 of every byte
/// before it. How the files that other runs continue or combine (sweep shards, walk caches,
/// span lists, black search results, packing checkpoints) carry what is needed to notice a
/// dropped, added, swapped or edited line, or a file cut short: [`unseal`] checks it. It guards
/// against accidents (a copy cut short, a hand edit), not against someone who recomputes it.
pub fn seal(text: &str) -> String {
    debug_assert!(text.is_empty() || text.ends_with('\n'), "whole lines");
    format!("{text}{CHECKSUM_KEY}{:016x}\n", line_hash(text))
}

/// FNV-1a 64 of `text`'s lines, each ended by one `\n` (a `\r\n` counts as `\n`, so a copy whose
/// line ends were converted still checks).
fn line_hash(text: &str) -> u64 {
    let mut hash = build_support_model::checksum::Fnv1a64::new();
    for line in text.lines() {
        hash.write_bytes(line.as_bytes());
        hash.write_bytes(b"\n");
    }
    hash.finish()
}

/// Whether `text` ends with a checksum line (see [`seal`]), right or wrong.
pub fn is_sealed(text: &str) -> bool {
    text.trim_end_matches(['\n', '\r']).rsplit('\n').next().is_some_and(|last| last.starts_with(CHECKSUM_KEY))
}

/// The text of a sealed file without its checksum line, or why it cannot be trusted: no
/// checksum line at its end (cut short, or not written by this version), or one that does not
/// match (a line changed, added, dropped or moved).
pub fn unseal(text: &str) -> Result<&str, String> {
    let body_end = text.trim_end_matches(['\n', '\r']).rfind('\n').map_or(0, |at| at + 1);
    let (body, last) = text.split_at(body_end);
    let Some(stated) = last.trim_end().strip_prefix(CHECKSUM_KEY) else {
        return Err(format!(
            "no `{CHECKSUM_KEY}` line at its end: the file is cut short, edited, or not written by this version of magic-gen"
        ));
    };
    let actual = format!("{:016x}", line_hash(body));
    if stated != actual {
        return Err(format!(
            "its checksum line says {}, its lines hash to {actual}: a line was changed, added, dropped or moved since it was written",
            quote_prefix(stated)
        ));
    }
    Ok(body)
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
    fn shell_words_read_back_what_is_quoted() {
        let words = ["magic-gen", "--searched", "my lists/a1.csv", "it's", "", "plain-1.csv", "a\\b"];
        let line: Vec<String> = words.iter().map(|w| shell_quote(w)).collect();
        let line = line.join(" ");
        assert_eq!(line, "magic-gen --searched 'my lists/a1.csv' 'it'\\''s' '' plain-1.csv 'a\\b'");
        assert_eq!(shell_words(&line).unwrap(), words);
        assert_eq!(shell_words("  a   b ").unwrap(), ["a", "b"]);
        assert!(shell_words("a 'b").is_err());
    }

    #[test]
    fn sealed_text_reads_back_and_every_change_is_noticed() {
        let body = "# magic-gen sweep\n# magics=2\n0x01\n0x02\n";
        let sealed = seal(body);
        assert!(is_sealed(&sealed) && !is_sealed(body));
        assert_eq!(unseal(&sealed), Ok(body));
        assert!(unseal(&sealed.replace('\n', "\r\n")).is_ok());
        for changed in [
            sealed.replace("0x01\n0x02\n", "0x02\n0x01\n"),
            sealed.replace("0x02\n", ""),
            sealed.replace("0x01\n", "0x01\n0x01\n"),
            sealed.replace("magics=2", "magics=3"),
        ] {
            assert!(unseal(&changed).unwrap_err().contains("a line was changed"), "{changed}");
        }
        assert!(unseal(body).unwrap_err().contains("cut short"));
        assert!(unseal("").is_err());
    }

    #[test]
    fn bom() {
        assert_eq!(strip_bom("\u{feff}square,"), "square,");
        assert_eq!(strip_bom("square,"), "square,");
    }
}
