//! Every reader of a file magic-gen takes, fed text it did not write: arbitrary strings, and
//! real files with one byte changed, a line dropped or the end cut. Each must answer with a
//! value or an error, never a panic (the command line turns the error into one `error:` line).

#![cfg(feature = "cli")]

use std::path::Path;

use magic_gen::dense::{SpanList, WalkCache};
use magic_gen::files::{read_black_results, read_magic_list, read_magic_set, read_results};
use magic_gen::recipe::Recipe;
use proptest::prelude::*;

/// Runs every reader on `text`; they may refuse it, but must not panic.
fn read_with_every_reader(text: &str) {
    let path = Path::new("f.csv");
    let _ = Recipe::parse(text);
    let _ = SpanList::parse(text);
    let _ = WalkCache::parse(text);
    let _ = read_results(path, text);
    let _ = read_black_results(path, text);
    let _ = read_magic_set(path, text);
    let _ = read_magic_list(path, text);
    let _ = magic_gen::records::parse_record_set(text);
}

/// Real files of every kind, to damage.
fn samples() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut texts: Vec<String> = ["magic-gen/recipes/black.recipe.csv", "magic-gen/recipes/black_variable.recipe.csv"]
        .iter()
        .map(|file| std::fs::read_to_string(root.join(file)).unwrap())
        .collect();
    for file in std::fs::read_dir(root.join("tests/data")).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_some_and(|e| e == "csv") {
            texts.push(std::fs::read_to_string(path).unwrap());
        }
    }
    let span = std::fs::read_to_string(root.join("magic-gen/lab/spans/rook-a3.csv")).unwrap();
    texts.push(span);
    texts
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_is_refused_or_read(text in "(?s).{0,400}") {
        read_with_every_reader(&text);
    }

    #[test]
    fn damaged_files_are_refused_or_read(which in 0usize..64, at in 0usize..1_000_000, byte in 0u8..128, cut in 0usize..1_000_000) {
        let texts = samples();
        let text = &texts[which % texts.len()];
        let mut bytes = text.clone().into_bytes();
        let at = at % bytes.len();
        bytes[at] = byte;
        if let Ok(changed) = String::from_utf8(bytes) {
            read_with_every_reader(&changed);
        }
        let mut end = cut % text.len();
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        read_with_every_reader(&text[..end]);
        let lines: Vec<&str> = text.lines().collect();
        let dropped: String = lines.iter().enumerate().filter(|(i, _)| *i != at % lines.len()).map(|(_, l)| format!("{l}\n")).collect();
        read_with_every_reader(&dropped);
    }
}
