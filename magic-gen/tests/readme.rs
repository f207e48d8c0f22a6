//! Every command of the `sh` blocks of the user-facing documents runs and succeeds, so the
//! recipes stay true; and the documents keep their shape: every relative link resolves, the
//! README stays a short page, no Markdown file grows into a log.
//!
//! The commands run in order in one temporary directory (so `-o magics.json` feeds a later
//! `verify magics.json`), with the `magic-gen` under test first on `PATH` and `tests`,
//! `magic-tables` and `magic-gen` links to the repository's directories for the data files the
//! recipes name. Commands that are too slow for a test or need what a test run does not have
//! are listed in [`SKIPPED`] with the reason; every entry there must still match a command, so
//! the list cannot go stale.

use std::path::{Path, PathBuf};
use std::process::Command;

/// (text the command contains, why it is not run here).
const SKIPPED: &[(&str, &str)] = &[
    (
        "cargo run -p magic-tables --example attacks",
        "a cargo build inside the test run; tests/tests/lookups.rs checks that example's squares",
    ),
    ("cargo test --workspace", "the test suite itself"),
    (
        "python3 - target/debug/build/",
        "needs a finished build's OUT_DIR; the checksum is checked by tests/tests/golden.rs",
    ),
    (
        "grep -h '^// Checksum' target/debug/build/",
        "needs a finished build's OUT_DIR; tests/tests/golden.rs checks the checksums",
    ),
    (
        "out=$(cargo build -p magic-tables --message-format=json",
        "a cargo build inside the test run; tests/tests/golden.rs checks the build's checksums",
    ),
    (
        "diff <(grep '^// Checksum' \"$out/black.rs\")",
        "needs the OUT_DIR of the build above (and bash); tests/tests/recipes.rs builds the shipped recipes as the build does",
    ),
    (
        "magic-gen verify --rederive",
        "minutes of CPU (docs/auditing.md); magic-gen/tests/cli.rs re-derives every kind of recipe row, and every row in CI (release)",
    ),
    ("--example tune-seeds", "about 2 minutes of release-build CPU; tests/tests/tuned_seeds.rs re-derives a sample"),
    ("--bits-below 1 --time 600", "a 600 s search"),
    ("--bits-below 1 --seed 2026 --threads 1", "15 s (bishop) to 600 s (rook) of release-build search"),
    ("--shard $i/4 --time 3600", "an hour-long sharded search; magic-gen/tests/cli.rs merges real shards"),
    ("magic-gen merge shard0.json", "needs the hour-long shards above"),
    (
        "magic-gen pack --layout fixed-shift --seed 3",
        "a minute of unoptimized walks and packing; scale/slurm/test.sh packs this size (release build)",
    ),
    ("magic-gen verify small.recipe.csv", "needs the pack above"),
    ("cp magic-gen/lab/walks-black-record-seed1.csv walks.csv", "the copy for the ten-minute run below"),
    (
        "--walk-cache walks.csv --shard 3/8 --time 600",
        "a ten-minute packing run; magic-gen/tests/cli.rs packs from a walk cache and stops packs by --time",
    ),
    (
        "tests/independent/check_dense_recipe.py",
        "Python 3, which a machine with only the Rust toolchain may lack; `magic-gen verify` checks the same tables",
    ),
    ("--searched found.csv", "minutes of unoptimized packing; magic-gen/tests/cli.rs packs with a searched square"),
    (
        "--max-ones 12 -o e8.txt",
        "30 s of release-build sweep; magic-gen/tests/cli.rs and the exhaustive module's tests run limited sweeps",
    ),
];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().unwrap()
}

/// The commands of every ```` ```sh ```` block: one a line, except that a here-document
/// (`<<'END'` … `END`) belongs to the line that opens it. A block indented in a list item has
/// its fence's indentation taken off every line.
fn sh_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut block_indent: Option<usize> = None;
    let mut heredoc_end: Option<String> = None;
    for raw in readme.lines() {
        let line = match block_indent {
            Some(indent) => {
                let spaces = raw.len() - raw.trim_start_matches(' ').len();
                &raw[spaces.min(indent)..]
            }
            None => raw,
        };
        if let Some(end) = &heredoc_end {
            let last = commands.last_mut().expect("a here-document follows its command");
            *last = format!("{last}\n{line}");
            if line.trim() == end {
                heredoc_end = None;
            }
            continue;
        }
        let Some(_) = block_indent else {
            if raw.trim() == "```sh" {
                block_indent = Some(raw.len() - raw.trim_start().len());
            }
            continue;
        };
        if line.trim() == "```" {
            block_indent = None;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        if let Some(start) = line.find("<<'") {
            let rest = &line[start + 3..];
            heredoc_end = Some(rest[..rest.find('\'').expect("a closing quote")].to_owned());
        }
        commands.push(line.to_owned());
    }
    commands
}

/// The documents whose `sh` commands run, in this order (relative to the repository): the
/// README, the guides it links, and this crate's own README (the one crates.io shows).
const DOCUMENTS: &[&str] =
    &["README.md", "docs/cli.md", "docs/auditing.md", "docs/reproducing.md", "magic-gen/README.md"];

#[test]
fn every_readme_command_runs() {
    let root = repo_root();
    let mut commands = Vec::new();
    for document in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(document)).unwrap();
        let found = sh_commands(&text);
        if *document == "README.md" {
            assert!(found.len() >= 5, "too few commands found in the README: {found:#?}");
        }
        commands.extend(found);
    }
    assert!(commands.len() >= 25, "too few commands found: {commands:#?}");

    let dir = tempfile::tempdir().unwrap();
    for data in ["tests", "magic-tables", "magic-gen"] {
        std::os::unix::fs::symlink(root.join(data), dir.path().join(data)).unwrap();
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_magic-gen")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin_dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();

    let mut skip_used = vec![false; SKIPPED.len()];
    let mut ran = 0;
    for command in &commands {
        if let Some(i) = SKIPPED.iter().position(|(text, _)| command.contains(text)) {
            skip_used[i] = true;
            continue;
        }
        assert!(command.starts_with("magic-gen "), "a documented command neither run nor skipped: {command}");
        let output =
            Command::new("sh").args(["-c", command]).current_dir(dir.path()).env("PATH", &path).output().unwrap();
        assert!(
            output.status.success(),
            "documented command failed ({}): {command}\nstdout: {}\nstderr: {}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        ran += 1;
    }
    for ((text, reason), used) in SKIPPED.iter().zip(skip_used) {
        assert!(used, "SKIPPED lists `{text}` ({reason}), but no documented command contains it");
    }
    assert!(ran >= 15, "only {ran} documented commands ran");
}

/// The JSON example of the results format (in the command-line guide) is a file `verify` reads
/// and finds valid.
#[test]
fn the_readme_json_example_is_valid() {
    let readme = std::fs::read_to_string(repo_root().join("docs/cli.md")).unwrap();
    let start = readme.find("```json\n").expect("a JSON example") + "```json\n".len();
    let example = &readme[start..start + readme[start..].find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("example.json");
    std::fs::write(&file, example).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_magic-gen")).arg("verify").arg(&file).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        stdout.contains("squares: 1 (rook 1, bishop 0)") && stdout.contains("without a magic in the file: rook a1")
    );
    // And it is what the command before it prints, byte for byte.
    let before = &readme[..start];
    let command = before[before.rfind("`magic-gen ").expect("the example's command") + 1..].split('`').next().unwrap();
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let printed = Command::new(env!("CARGO_BIN_EXE_magic-gen")).args(&args).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&printed.stdout), example, "{command}");
}

/// Every Markdown file of the repository, outside build directories (`target`) and hidden ones.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            markdown_files(&path, found);
        } else if name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// The lines of a Markdown text outside fenced code blocks, with their 1-based numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_code = false;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            lines.push((number + 1, line));
        }
    }
    lines
}

/// The anchor GitHub gives a heading: lower case, every character but letters, digits, `-`, `_`
/// and spaces dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text's headings.
fn anchors(text: &str) -> Vec<String> {
    prose_lines(text)
        .into_iter()
        .filter(|(_, line)| line.starts_with('#'))
        .map(|(_, line)| anchor(line.trim_start_matches('#')))
        .collect()
}

/// (line, target) of every inline link `[text](target)` outside code, inline code spans left out.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose_lines(text) {
        // Inline code spans (between backticks) cannot hold a link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join("``");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let target = &rest[at + 2..];
            let end = target.find(')').unwrap_or(target.len());
            found.push((number, target[..end].to_owned()));
            rest = &target[end..];
        }
    }
    found
}

/// Every relative link of every Markdown file points at a file that exists, and a link to a
/// heading (`file.md#heading`, `#heading`) at a heading that exists.
#[test]
fn every_relative_link_resolves() {
    let root = repo_root();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    assert!(files.len() >= 10, "too few Markdown files found: {files:#?}");
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, heading) = target.split_once('#').map_or((target.as_str(), None), |(p, h)| (p, Some(h)));
            let linked = if path.is_empty() { file.clone() } else { file.parent().unwrap().join(path) };
            let shown = format!("{}:{line}: {target}", file.strip_prefix(&root).unwrap().display());
            if !linked.exists() {
                broken.push(format!("{shown} (no such file)"));
            } else if heading.is_some_and(|heading| {
                linked.extension().is_some_and(|e| e == "md")
                    && !anchors(&std::fs::read_to_string(&linked).unwrap()).iter().any(|a| a == heading)
            }) {
                broken.push(format!("{shown} (no such heading)"));
            }
        }
    }
    assert!(checked >= 30, "only {checked} relative links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The README is the user's page: at most 250 lines, starting with the two commands, with no
/// table cell over 300 characters and no paragraph over 150 words; no Markdown file of the
/// repository is over 600 lines (design documents say how things work now; git keeps the logs).
#[test]
fn the_documents_keep_their_shape() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(readme.lines().count() <= 250, "README.md has {} lines, more than 250", readme.lines().count());
    // The title, then the two commands.
    let start: Vec<&str> = readme.lines().filter(|l| !l.trim().is_empty()).take(4).collect();
    assert!(
        start.len() == 4
            && start[0].starts_with("# ")
            && start[1] == "```sh"
            && start[2].starts_with("cargo run -p magic-tables --example attacks")
            && start[3].starts_with("cargo test --workspace --all-features"),
        "the README must start with its two commands: {start:?}"
    );
    let mut paragraph: Vec<&str> = Vec::new();
    let mut faults = Vec::new();
    for (number, line) in prose_lines(&readme) {
        let trimmed = line.trim_start();
        if trimmed.starts_with('|') {
            for cell in trimmed.trim_matches('|').split(" | ") {
                if cell.trim().chars().count() > 300 {
                    faults.push(format!(
                        "README.md:{number}: a table cell of {} characters",
                        cell.trim().chars().count()
                    ));
                }
            }
        }
        let item =
            trimmed.starts_with("- ") || trimmed.starts_with("* ") || trimmed.starts_with(|c: char| c.is_ascii_digit());
        if trimmed.is_empty() || trimmed.starts_with('|') || trimmed.starts_with('#') || item {
            end_paragraph(&mut paragraph, &mut faults);
        }
        if !trimmed.is_empty() && !trimmed.starts_with('|') && !trimmed.starts_with('#') {
            paragraph.push(line);
        }
    }
    end_paragraph(&mut paragraph, &mut faults);
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    for file in files {
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        if lines > 600 {
            faults.push(format!("{} has {lines} lines, more than 600", file.strip_prefix(&root).unwrap().display()));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Ends a paragraph of the README, noting it if it has more than 150 words.
fn end_paragraph(paragraph: &mut Vec<&str>, faults: &mut Vec<String>) {
    let words = paragraph.iter().map(|l| l.split_whitespace().count()).sum::<usize>();
    if words > 150 {
        faults.push(format!("README.md: a paragraph of {words} words: {}", paragraph[0]));
    }
    paragraph.clear();
}
