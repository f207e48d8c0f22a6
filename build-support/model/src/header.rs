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
