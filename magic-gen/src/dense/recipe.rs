//! Recipe files: which candidate of its stream each (slider, square) uses and at which offset.
//!
//! ```text
//! # dense magic recipe
//! # seed=1
//! # layout=black
//! # table_entries=98765
//! # used_slots=81234
//! # iteration=40000
//! # command=pack --seed 1 ...
//! # stopped=budget
//! # cursors=123 456 ... (128 numbers: next candidate position per pair, for resuming)
//! slider,square,k,offset,magic
//! rook,a1,81234,5012,0x...
//! ```
//!
//! `magic` is informative: a reader re-derives it from (seed, slider, square, k) and checks it.
//! A square's entries live at `offset + index` with `index = (key * magic) >> shift`.

use std::fmt::Write as _;
use std::path::Path;

use crate::magic_set::{Indexing, MagicSet, SetEntry, check_set};
use crate::recipe::{RecipeLayout, parse_recipe};
use crate::{ReferenceSet, Slider, Square, pair_index};

use super::candidate::black_candidate;
use super::pack::{Packer, Params, pair_parts};

/// A parsed or to-be-written recipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Master seed.
    pub seed: u64,
    /// Black or white (fixed-shift) indexing.
    pub layout: Indexing,
    /// (pair (rook a1 = 0 .. bishop h8 = 127), k, offset).
    pub rows: Vec<(usize, u64, usize)>,
    /// Iterations done when written.
    pub iteration: u64,
    /// Next candidate per pair when written (empty if unknown).
    pub cursors: Vec<u64>,
    /// Command line that made it.
    pub command: String,
    /// Why the run stopped, or `running` for a checkpoint.
    pub stopped: String,
}

impl Recipe {
    /// The recipe of `packer`'s current placement, iteration and stream cursors.
    pub fn of(packer: &Packer, command: &str, stopped: &str) -> Recipe {
        Recipe {
            seed: packer.seed,
            layout: packer.layout,
            rows: packer.placement(),
            iteration: packer.iteration,
            cursors: packer.cursors.clone(),
            command: command.to_owned(),
            stopped: stopped.to_owned(),
        }
    }

    /// The search state this recipe describes: its placement, iteration and stream cursors,
    /// with empty pools (each square's holds only its placed candidate). Resuming a run and
    /// restarting it in place both start from here, so a run restarted every N iterations and
    /// a chain of resumptions of N iterations give the same recipes. `Err(pair)` names a square
    /// that is not valid or does not fit where the recipe says.
    pub fn restore(&self, references: &ReferenceSet, params: Params) -> Result<Packer, usize> {
        let mut packer = Packer::new(references, self.layout, self.seed, params);
        for &(pair, k, offset) in &self.rows {
            if !packer.place_recipe(pair, k, offset) {
                return Err(pair);
            }
        }
        for (cursor, &saved) in packer.cursors.iter_mut().zip(&self.cursors) {
            *cursor = (*cursor).max(saved);
        }
        packer.iteration = self.iteration;
        Ok(packer)
    }

    /// The file text; `entries` and `used` come from [`verify_recipe`].
    pub fn render(&self, entries: usize, used: usize) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "# dense magic recipe (magic-gen dense packer)");
        let _ = writeln!(s, "# seed={}", self.seed);
        let _ = writeln!(s, "# layout={}", RecipeLayout::Packed(self.layout).name());
        let _ = writeln!(s, "# table_entries={entries}");
        let _ = writeln!(s, "# used_slots={used}");
        let _ = writeln!(s, "# iteration={}", self.iteration);
        let _ = writeln!(s, "# command={}", self.command);
        let _ = writeln!(s, "# stopped={}", self.stopped);
        let cursors: Vec<String> = self.cursors.iter().map(u64::to_string).collect();
        let _ = writeln!(s, "# cursors={}", cursors.join(" "));
        let _ = writeln!(s, "slider,square,k,offset,magic");
        for &(p, k, offset) in &self.rows {
            let (sl, sq) = pair_parts(p);
            let slider = Slider::ALL[sl as usize];
            let square = Square::from_index(sq as u8).unwrap();
            let magic = black_candidate(self.seed, sl, sq, k);
            let _ = writeln!(s, "{slider},{square},{k},{offset},0x{magic:016X}");
        }
        s
    }

    /// Parses a recipe file's text: the rows and seed through [`crate::recipe::parse_recipe`]
    /// (which checks them and names the line of any problem), the search's state from the
    /// `# iteration=`, `# cursors=`, `# command=` and `# stopped=` lines.
    pub fn parse(text: &str) -> Result<Recipe, String> {
        let parsed = parse_recipe(text).map_err(|e| e.to_string())?;
        let RecipeLayout::Packed(layout) = parsed.layout else {
            return Err("not a packed (black or fixed-shift) recipe".into());
        };
        let rows = parsed
            .rows
            .iter()
            .map(|row| (pair_index(row.slider, row.square), row.position, row.offset.map_or(0, |o| o as usize)))
            .collect();
        let mut r = Recipe {
            seed: parsed.seed,
            layout,
            rows,
            iteration: 0,
            cursors: Vec::new(),
            command: parsed.command.unwrap_or_default(),
            stopped: String::new(),
        };
        for line in text.lines() {
            let Some((key, value)) = line.trim().strip_prefix('#').and_then(|h| h.split_once('=')) else { continue };
            let bad = |what: &str| format!("bad {what} line: {line}");
            match key.trim() {
                "iteration" => r.iteration = value.trim().parse().map_err(|_| bad("iteration"))?,
                "stopped" => r.stopped = value.trim().to_owned(),
                "cursors" => {
                    r.cursors = value
                        .split_whitespace()
                        .map(|v| v.parse().map_err(|_| bad("cursors")))
                        .collect::<Result<_, _>>()?;
                }
                _ => {}
            }
        }
        Ok(r)
    }

    /// Writes `path` atomically (`<path>.tmp`, then rename) after verifying; returns
    /// (entries, used slots).
    pub fn write_atomic(&self, references: &ReferenceSet, path: &Path) -> Result<(usize, usize), String> {
        let (entries, used) = verify_recipe(references, self)?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        std::fs::write(&tmp, self.render(entries, used)).map_err(|e| format!("{}: {e}", path.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((entries, used))
    }
}

/// Exact check of a complete recipe against the slow reference attacks, through
/// [`crate::magic_set::check_set`]: every relevant occupancy of all 128 squares is written to its
/// slot; a slot written twice must get the same attack set. Returns (table entries = highest
/// slot + 1, used slots).
pub fn verify_recipe(references: &ReferenceSet, r: &Recipe) -> Result<(usize, usize), String> {
    let mut have = [false; 128];
    for &(p, _, _) in &r.rows {
        if p >= 128 || std::mem::replace(&mut have[p], true) {
            return Err(format!("pair {p} missing or repeated"));
        }
    }
    if have.iter().any(|h| !h) {
        return Err("not all 128 squares are in the recipe".into());
    }
    let entries = r
        .rows
        .iter()
        .map(|&(p, k, offset)| {
            let (sl, sq) = pair_parts(p);
            let (slider, square) = (Slider::ALL[sl as usize], Square::ALL[sq as usize]);
            let offset =
                u32::try_from(offset).map_err(|_| format!("{slider} {square}: offset {offset} is too large"))?;
            let magic = black_candidate(r.seed, sl, sq, k);
            Ok(SetEntry { slider, square, magic, shift: slider.fixed_shift(), offset: Some(offset) })
        })
        .collect::<Result<Vec<_>, String>>()?;
    // The same placement and overlap check as every other overlapping table.
    let report = check_set(&MagicSet { indexing: r.layout, entries }, references).map_err(|e| e.to_string())?;
    Ok((report.entries, report.used))
}
