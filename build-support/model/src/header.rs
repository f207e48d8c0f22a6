//! The comment block at the top of every generated file.

/// Where a table set came from: what the header says beyond what the tables themselves show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// Generator name and version, such as `magic-gen 0.1.0`.
    pub generator: String,
    /// How the magics were chosen, such as `tuned per-square seeds (…)` or `master seed 42`.
    pub seed: String,
    /// Candidates tested to find the magics, if known.
    pub candidates: Option<u64>,
    /// Occupancies the exhaustive verification compared before rendering.
    pub verified_occupancies: usize,
    /// How to reproduce the file, one line each.
    pub reproduce: Vec<String>,
    /// For a board other than chess's, what the file covers; `None` for chess's 128 (slider,
    /// square) pairs.
    pub scope: Option<Scope>,
}

/// What a file of a board other than chess's covers, in the header's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    /// The board and its bitboards, such as `9x10 (90 squares, u128 bitboards; square = file + 9 * rank)`.
    pub board: String,
    /// What the searched candidates were for, such as `41 blocks`.
    pub searched: String,
    /// The lines that say what was verified before the file was written.
    pub verified: Vec<String>,
}

/// `lines` as comments starting with `marker` (`//` for Rust and C); an empty line becomes a
/// bare marker.
pub fn comment_block(lines: &[String], marker: &str) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(marker);
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}
