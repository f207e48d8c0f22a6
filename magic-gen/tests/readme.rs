//! Every command of the README's `sh` blocks runs and succeeds, so the recipes stay true.
//!
//! The commands run in order in one temporary directory (so `-o magics.json` feeds a later
//! `verify magics.json`), with the `magic-gen` under test first on `PATH` and `tests` and
//! `magic-tables` links to the repository's directories for the data files the recipes name. Commands that are too slow for
//! a test or need what a test run does not have are listed in [`SKIPPED`] with the reason; every
//! entry there must still match a command, so the list cannot go stale.

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
    ("--example tune-seeds", "about 2 minutes of release-build CPU; tests/tests/tuned_seeds.rs re-derives a sample"),
    ("--bits-below 1 --time 600", "a 600 s search"),
    ("--bits-below 1 --seed 2026 --threads 1", "15 s (bishop) to 600 s (rook) of release-build search"),
    ("--shard $i/4 --time 3600", "an hour-long sharded search; magic-gen/tests/cli.rs merges real shards"),
    ("magic-gen merge shard0.json", "needs the hour-long shards above"),
    ("cargo bench", "benchmarks take minutes"),
    (
        "magic-gen pack --layout fixed-shift --seed 3",
        "a minute of unoptimized walks and packing; scale/slurm/test.sh packs this size (release build)",
    ),
    ("magic-gen verify small.recipe.csv", "needs the pack above"),
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
/// (`<<'END'` … `END`) belongs to the line that opens it.
fn sh_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_block = false;
    let mut heredoc_end: Option<String> = None;
    for line in readme.lines() {
        if let Some(end) = &heredoc_end {
            let last = commands.last_mut().expect("a here-document follows its command");
            *last = format!("{last}\n{line}");
            if line.trim() == end {
                heredoc_end = None;
            }
            continue;
        }
        if !in_block {
            in_block = line.trim() == "```sh";
            continue;
        }
        if line.trim() == "```" {
            in_block = false;
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

#[test]
fn every_readme_command_runs() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut commands = sh_commands(&readme);
    assert!(commands.len() >= 15, "too few commands found: {commands:#?}");
    // This crate's own README (the one crates.io shows), after the workspace's.
    let own = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    commands.extend(sh_commands(&own));

    let dir = tempfile::tempdir().unwrap();
    for data in ["tests", "magic-tables"] {
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
        assert!(command.starts_with("magic-gen "), "a README command neither run nor skipped: {command}");
        let output =
            Command::new("sh").args(["-c", command]).current_dir(dir.path()).env("PATH", &path).output().unwrap();
        assert!(
            output.status.success(),
            "README command failed ({}): {command}\nstdout: {}\nstderr: {}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        ran += 1;
    }
    for ((text, reason), used) in SKIPPED.iter().zip(skip_used) {
        assert!(used, "SKIPPED lists `{text}` ({reason}), but no README command contains it");
    }
    assert!(ran >= 8, "only {ran} README commands ran");
}

/// The JSON example of the results format is a file `verify` reads and finds valid.
#[test]
fn the_readme_json_example_is_valid() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
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
