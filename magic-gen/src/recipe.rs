//! Recipe files: how `magic-tables` ships the tables this project's own searches found, and the
//! dense packer's checkpoints. A recipe holds no magic a reader has to trust: for every (slider,
//! square) it names the position of the magic in that square's seeded candidate stream (and,
//! for overlapping layouts, the offset of the square's range), so the build re-derives each
//! magic in O(1) by seeking the stream, checks it exhaustively and lays the table out from it.
//!
//! ```text
//! # dense magic recipe (magic-gen dense packer)
//! # seed=1
//! # layout=black
//! # table_entries=93306
//! # used_slots=75270
//! # iteration=40000
//! # command=magic-gen pack --layout black --seed 1 --iterations 40000
//! # stopped=budget
//! # cursors=123 456 ... (128 numbers: the next stream position of each square)
//! slider,square,k,offset,magic
//! rook,a1,81234,5012,0x...
//! ```
//!
//! * `layout=black` or `layout=white` (fixed-shift): rows `slider,square,k,offset`; candidate `k`
//!   (0-based) of [`crate::search::dense_stream::dense_candidate`], its range starting at
//!   `offset`. A black recipe with per-square bits (`black-variable`: a `bits` column) may
//!   name instead `search:N`, candidate `N` of `magic-gen search --black` with the recipe's
//!   seed, or `sweep:N`, magic `N` of a `magic-gen sweep --black` list, stated in the `magic`
//!   column and checked rather than re-derived. A packed recipe may name `walk:N`, the magic
//!   the `N`-th valid-space walk of its square found in the run its `# command=` line gives
//!   (`pack --walks`), also stated in the `magic` column and checked: a walk takes seconds, too
//!   long for a build script to repeat. A span, climb or term-sum row's name may end with
//!   `~j.m`: the magic chain `j` of `magic-gen span --anneal` met after `m` moves from the
//!   magic the rest of the name gives, also stated and checked.
//! * `layout=fancy-dense`: rows `slider,square,bits,candidate`; the magic with `bits` index bits
//!   that [`crate::search::find_magic`] finds as its candidate number `candidate` (1-based) from
//!   master seed `seed` (its family depends on the bits: [`crate::search::Family::for_bits`]).
//!   Squares not listed keep their minimal fancy magic.
//!
//! An optional last column `magic` repeats the derived multiplier for readers; it must match.
//! `# table_entries=` and `# used_slots=` state the checked table's size and are compared with it
//! by [`Recipe::check`]. `# iteration=`, `# cursors=` and `# stopped=` are a packing run's state
//! ([`Checkpoint`]), from which `magic-gen pack --resume` continues. Other comment lines are for
//! the reader.

use std::fmt::Write as _;

use crate::geometry::relevant_mask;
use crate::magic_set::{Indexing, MagicSet, SetEntry, SetError, SetReport, check_set};
use crate::records::RecordError;
use crate::reference::ReferenceSet;
use crate::search::climb_stream::ClimbPath;
use crate::search::dense_stream::dense_candidate;
use crate::search::few_term_stream::few_term_candidate;
use crate::search::term_sums::TermSum;
use crate::search::terms::Terms;
use crate::search::{Family, nth_candidate};
use crate::text::{parse_hex, quote_prefix, strip_bom};
use magic_tables_core::{Slider, Square, pair_index};

/// What a recipe describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecipeLayout {
    /// Overlapping ranges at fixed shifts, black (`occupied | !mask`) or white (`occupied & mask`)
    /// indexing: all 128 squares with offsets.
    Packed(Indexing),
    /// Fancy slices with fewer index bits on the listed squares.
    FewerBits,
}

impl RecipeLayout {
    /// The name on the `# layout=` line.
    pub fn name(self) -> &'static str {
        match self {
            RecipeLayout::Packed(Indexing::Black) => "black",
            RecipeLayout::Packed(Indexing::White) => "fixed-shift",
            RecipeLayout::FewerBits => "fancy-dense",
        }
    }

    /// The columns of a row, without the optional `magic`.
    fn columns(self) -> &'static [&'static str] {
        match self {
            RecipeLayout::Packed(_) => &["slider", "square", "k", "offset"],
            RecipeLayout::FewerBits => &["slider", "square", "bits", "candidate"],
        }
    }
}

/// Which frozen candidate stream a packed recipe's positions point into (its `# stream=` line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackedStream {
    /// [`crate::search::dense_stream`], the first packer's (no `# stream=` line).
    Dense,
    /// [`crate::search::few_term_stream`], few-term magics of varied budgets (`# stream=few-term`).
    FewTerm,
}

impl PackedStream {
    /// Its name in a recipe's `# stream=` line and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PackedStream::Dense => "dense",
            PackedStream::FewTerm => "few-term",
        }
    }
}

/// One square of a recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecipeRow {
    /// Line of the file (1-based) for messages; 0 for a recipe not read from a file.
    pub line: u64,
    /// Slider.
    pub slider: Slider,
    /// Square.
    pub square: Square,
    /// Position of the magic in the square's candidate stream: `k` (0-based) for packed layouts,
    /// the candidate number (1-based) for fewer-bit fancy magics.
    pub position: u64,
    /// Start of the square's range (packed layouts).
    pub offset: Option<u32>,
    /// Index bits (fewer-bit fancy magics).
    pub bits: Option<u32>,
    /// A magic found by an exhaustive sweep (`sweep:N` in the `candidate` column of a fewer-bit
    /// recipe or the `k` column of a black one, the magic in the `magic` column): the `N`-th
    /// (1-based, `position`) of the ascending list `magic-gen sweep` writes. A sweep takes
    /// minutes, so the build checks the magic itself rather than re-deriving it.
    pub swept: Option<u64>,
    /// The shard of the sweep that lists a swept magic of a packed recipe (`sweep:N@I/S`: magic
    /// `N` of the list of `magic-gen sweep --shard I/S`), so that re-deriving it costs that
    /// shard, not the whole sweep; `None` for a whole sweep's list (`sweep:N`).
    pub sweep_shard: Option<crate::search::sweep_shard::Shard>,
    /// A black magic of the random search (`search:N` in the `k` column of a packed recipe
    /// with per-square bits): the `N`-th candidate (1-based, `position`) of `magic-gen search
    /// --black --seed <the recipe's seed>` for the row's bits, re-derived from that stream like
    /// a fewer-bit fancy row. The packer's own stream has no such magics near its start.
    pub searched: bool,
    /// A magic of the packing run's valid-space walks (`walk:N` in the `k` column of a packed
    /// recipe, the magic in the `magic` column): walk `N` (1-based, `position`) of the square
    /// in the run the recipe's `# command=` gives. The build checks it rather than walking again.
    pub walked: Option<u64>,
    /// The stream position of a walked magic's start (`walk:N@K`: walk `N` from candidate `K`
    /// of the square's stream), so that re-deriving it costs one walk, not the drawing of the
    /// valid magics before its start; `None` in a recipe that does not say (`walk:N`).
    pub walk_start: Option<u64>,
    /// A black magic of the span search (`span:N` in the `k` column of a packed recipe with
    /// per-square bits, the magic in the `magic` column): candidate `N` (1-based, `position`)
    /// of the span stream of `magic-gen span` with the recipe's seed for the row's bits
    /// (`search::span_stream`, feature `pack`). The build checks it.
    pub spanned: Option<u64>,
    /// The moves a span row's magic climbed from its candidate (`span:N+a.b.c`, see
    /// `magic_gen::dense::SpanSearch::derive`); empty for every other row.
    pub climb: ClimbPath,
    /// The term sum a `terms:+1.2+3.13…` row names (a black magic with its bits, the magic in
    /// the `magic` column and in `spanned`, `position` 0): that sum's value turned to its
    /// shortest span (`magic_gen::dense::SpanSearch::summed`). The build checks the magic.
    pub summed: Option<TermSum>,
    /// The annealing that found a span, climb or term-sum row's magic from the magic the rest
    /// of its name gives (`…~j.m`, `magic_gen::dense::SpanSearch::anneal`); `None` otherwise.
    pub anneal: Option<crate::search::climb_stream::Anneal>,
}

impl RecipeRow {
    /// Where its magic comes from, as its `k` (or `candidate`) column says it: a stream
    /// position `N`, or `search:N`, `sweep:N` (`sweep:N@I/S`), `walk:N` (`walk:N@K`), `span:N`
    /// (`span:N+a.b.c`).
    pub fn source(&self) -> String {
        let annealed = self.anneal.map_or(String::new(), |a| a.to_string());
        if let Some(sum) = self.summed {
            return format!("terms:{sum}{annealed}");
        }
        let kind = match (self.searched, self.swept, self.walked, self.spanned) {
            (true, ..) => "search:",
            (false, Some(_), ..) => "sweep:",
            (false, None, Some(_), _) => "walk:",
            (false, None, None, Some(_)) => "span:",
            (false, None, None, None) => "",
        };
        let shard = self.sweep_shard.map_or(String::new(), |shard| format!("@{shard}"));
        let start = self.walk_start.map_or(String::new(), |start| format!("@{start}"));
        format!("{kind}{}{shard}{start}{}{annealed}", self.position, self.climb)
    }
}

/// A packing run's state when it wrote the recipe, from which a resumed run continues exactly
/// as the run that never stopped would.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// Improvement iterations done.
    pub iteration: u64,
    /// Next stream position of each of the 128 squares, in stream order (rook a1 … bishop h8).
    pub cursors: Vec<u64>,
    /// Why the run stopped (`budget`, a time limit), or `running` for a checkpoint written
    /// during the run.
    pub stopped: String,
}

/// A recipe: parsed by [`Recipe::parse`], written by [`Recipe::render`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Master seed of every square's stream.
    pub seed: u64,
    /// What it describes.
    pub layout: RecipeLayout,
    /// The candidate stream of a packed recipe (a fewer-bit recipe's is [`PackedStream::Dense`]
    /// and unused).
    pub stream: PackedStream,
    /// The `# command=` line: how the recipe was made, if it says.
    pub command: Option<String>,
    /// The squares, in file order.
    pub rows: Vec<RecipeRow>,
    /// The `# table_entries=` and `# used_slots=` lines, if present.
    pub stated_size: Option<(usize, usize)>,
    /// A packing run's state, if the recipe records one.
    pub checkpoint: Option<Checkpoint>,
}

/// The metadata lines that must hold a whole number.
fn number_line(key: &str, value: &str) -> Result<u64, String> {
    value.parse().map_err(|_| format!("`# {key}=` must be a whole number, not `{}`", quote_prefix(value)))
}

impl Recipe {
    /// The multiplier of `row`, re-derived from the seed and its stream position.
    pub fn magic(&self, row: &RecipeRow) -> u64 {
        derive_magic(self.seed, self.layout, self.stream, row)
    }

    /// What reading this recipe re-derives and what it only checks, for the generated file's
    /// header (`by` = "this build") and `magic-gen verify` ("this check"): stream rows and
    /// `search:N` rows are sought in their streams when the recipe is read; `walk:N`, `sweep:N`
    /// and `span:N` rows state their magics, which are checked (valid, placed) and which
    /// `magic-gen verify --rederive` derives again.
    pub fn audit_lines(&self, file: &str, by: &str) -> Vec<String> {
        let count = |kind: fn(&RecipeRow) -> bool| self.rows.iter().filter(|row| kind(row)).count();
        let walks = count(|row| row.walked.is_some() && row.climb.is_empty());
        let walk_climbs = count(|row| row.walked.is_some() && !row.climb.is_empty());
        let sweeps = count(|row| row.swept.is_some());
        let sums = count(|row| row.summed.is_some());
        let spans = count(|row| row.spanned.is_some() && row.climb.is_empty() && row.summed.is_none());
        let climbs = count(|row| row.spanned.is_some() && !row.climb.is_empty());
        let annealed = count(|row| row.anneal.is_some());
        let derived = self.rows.len() - walks - walk_climbs - sweeps - spans - climbs - sums;
        let mut lines = vec![format!(
            "Re-derived by {by} from the seed: {derived} of {} rows (stream positions, search:N).",
            self.rows.len()
        )];
        if derived < self.rows.len() {
            // What is checked here, then what re-deriving each kind would cost: only
            // `--rederive` walks, sweeps, seeks or anneals.
            let (mut kinds, mut costs) = (Vec::new(), Vec::new());
            for (rows, what, cost) in [
                (walks, "walk:N", "one walk each"),
                (sweeps, "sweep:N", "one sweep shard each"),
                (spans, "span:N", "a seek of the span stream"),
                (climbs, "span:N+a.b.c", "a seek of the span stream and each move of its climb"),
                (walk_climbs, "walk:N@K+a.b.c", "one walk and each move of its climb"),
                (sums, "terms:+c.e…", "its terms summed and turned, one test"),
                (annealed, "of these annealed, …~j.m", "then m moves of chain j of its annealing"),
            ] {
                if rows > 0 {
                    kinds.push(format!("{rows} {what}"));
                    costs.push(format!("{}: {cost}", what.trim_start_matches("of these annealed, ")));
                }
            }
            lines.push(format!(
                "Checked, not re-derived, by {by} (the magics they state, each valid and placed): {}.",
                kinds.join(", ")
            ));
            // No figure here: the command prints the CPU time it measures, and docs/auditing.md
            // keeps the one measurement of the shipped recipes.
            lines.push(format!(
                "`magic-gen verify --rederive {file}` re-derives every row ({}) and prints the CPU time it took (docs/auditing.md).",
                costs.join("; ")
            ));
        }
        lines
    }

    /// The recipe's magics as a set: with offsets for packed layouts, with their index bits for
    /// fewer-bit fancy magics. Whether they are magic, whether the ranges agree where they
    /// overlap and whether every square a packed table needs is there is for
    /// [`crate::magic_set::check_set`] to say ([`Recipe::check`]).
    pub fn magic_set(&self) -> MagicSet {
        let indexing = match self.layout {
            RecipeLayout::Packed(indexing) => indexing,
            RecipeLayout::FewerBits => Indexing::White,
        };
        let entries = self
            .rows
            .iter()
            .map(|row| SetEntry {
                slider: row.slider,
                square: row.square,
                magic: self.magic(row),
                shift: 64 - row_bits(row),
                offset: row.offset,
                line: row.line,
            })
            .collect();
        MagicSet { indexing, entries }
    }

    /// Checks the recipe's table exhaustively through [`check_set`], the check of every other
    /// table, and its stated size (`# table_entries=`, `# used_slots=`) against the result. Every
    /// error names `file`, and a failing square its line ([`SetError::in_file`]).
    pub fn check(&self, file: &str, references: &ReferenceSet) -> Result<SetReport, String> {
        let set = self.magic_set();
        let report = check_set(&set, references).map_err(|e: SetError| e.in_file(file, &set))?;
        match self.stated_size.and_then(|stated| report.stated_size_error(file, &set, stated)) {
            Some(error) => Err(error),
            None => Ok(report),
        }
    }

    /// The name of the layout the recipe makes, as its `# layout=` line says it: a packed black
    /// recipe with per-square index bits is `black-variable`.
    pub fn layout_name(&self) -> &'static str {
        match self.layout {
            RecipeLayout::Packed(Indexing::Black) if self.rows.iter().any(|row| row.bits.is_some()) => "black-variable",
            layout => layout.name(),
        }
    }

    /// The file text. `size` (table entries, used slots), from [`Recipe::check`], is written as
    /// `# table_entries=` and `# used_slots=`; a packed recipe's rows carry a `magic` column.
    pub fn render(&self, size: Option<(usize, usize)>) -> String {
        let mut text = String::new();
        let title = match self.layout {
            RecipeLayout::Packed(_) => "dense magic recipe (magic-gen dense packer)",
            RecipeLayout::FewerBits => "magic-gen recipe: one-bit-fewer fancy magics",
        };
        let _ = writeln!(text, "# {title}");
        let _ = writeln!(text, "# seed={}", self.seed);
        let _ = writeln!(text, "# layout={}", self.layout_name());
        if self.stream != PackedStream::Dense {
            let _ = writeln!(text, "# stream={}", self.stream.name());
        }
        if let Some((entries, used)) = size {
            let _ = writeln!(text, "# table_entries={entries}");
            let _ = writeln!(text, "# used_slots={used}");
        }
        if let Some(checkpoint) = &self.checkpoint {
            let _ = writeln!(text, "# iteration={}", checkpoint.iteration);
        }
        if let Some(command) = &self.command {
            let _ = writeln!(text, "# command={command}");
        }
        if let Some(checkpoint) = &self.checkpoint {
            let _ = writeln!(text, "# stopped={}", checkpoint.stopped);
            let cursors: Vec<String> = checkpoint.cursors.iter().map(u64::to_string).collect();
            let _ = writeln!(text, "# cursors={}", cursors.join(" "));
        }
        let packed = matches!(self.layout, RecipeLayout::Packed(_));
        let swept = self.rows.iter().any(|row| row.swept.is_some());
        // Per-square index bits in a packed recipe: a `bits` column before `magic`.
        let variable = packed && self.rows.iter().any(|row| row.bits.is_some());
        let _ = writeln!(
            text,
            "{}{}{}",
            self.layout.columns().join(","),
            if variable { ",bits" } else { "" },
            if packed || swept { ",magic" } else { "" }
        );
        for row in &self.rows {
            let (slider, square) = (row.slider, row.square);
            match (row.offset, row.bits) {
                (Some(offset), bits) => {
                    let magic = self.magic(row);
                    let bits = bits.map_or(String::new(), |bits| format!("{bits},"));
                    let _ = writeln!(text, "{slider},{square},{},{offset},{bits}0x{magic:016X}", row.source());
                }
                (None, Some(bits)) => match row.swept {
                    Some(magic) => {
                        let _ = writeln!(text, "{slider},{square},{bits},{},0x{magic:016X}", row.source());
                    }
                    None => {
                        let _ =
                            writeln!(text, "{slider},{square},{bits},{}{}", row.position, if swept { "," } else { "" });
                    }
                },
                (None, None) => unreachable!("a row has an offset (packed) or index bits (fewer-bit)"),
            }
        }
        text
    }

    /// Parses a recipe. Every problem is a [`RecordError`] naming the line (and the square, once
    /// the line has one): a missing or unknown `# seed=` or `# layout=` line, a bad column, a
    /// square listed twice, a `magic` column that does not match the derivation, metadata lines
    /// that are not numbers, cursors that are not one per square or lie before a square's
    /// position. Whether the squares make a table is [`Recipe::check`]'s to say.
    pub fn parse(text: &str) -> Result<Recipe, RecordError> {
        let text = strip_bom(text);
        // The packer seals what it writes (checkpoints, members of a portfolio): a sealed recipe
        // must match its checksum. Hand-kept recipes (the shipped ones) are checked by their
        // table alone.
        let text = if crate::text::is_sealed(text) {
            let lines = text.lines().count() as u64;
            crate::text::unseal(text).map_err(|message| RecordError { line: lines, message })?
        } else {
            text
        };
        let (mut seed, mut layout, mut command) = (None, None, None);
        let mut stream = PackedStream::Dense;
        let (mut entries, mut used) = (None, None);
        let (mut iteration, mut cursors, mut stopped) = (None, None, None);
        let mut header: Option<Vec<&str>> = None;
        let mut rows: Vec<RecipeRow> = Vec::new();
        // The line of each square's row, so that a second row names the first.
        let mut seen = [[0u64; 64]; 2];
        let mut last_line = 0;
        let mut named_variable = false;
        for (number, line) in text.lines().enumerate() {
            let line_number = number as u64 + 1;
            last_line = line_number;
            let at = |message: String| RecordError { line: line_number, message };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(comment) = line.strip_prefix('#') {
                let Some((key, value)) = comment.split_once('=') else { continue };
                let (key, value) = (key.trim(), value.trim());
                match key {
                    "seed" => {
                        seed = Some(
                            value.parse::<u64>().map_err(|_| at(format!("`{}` is not a seed", quote_prefix(value))))?,
                        )
                    }
                    "layout" => {
                        // `black-variable` is black indexing with a `bits` column (checked with the
                        // columns); recipes written before it had a name of its own say `black`.
                        named_variable = value == "black-variable";
                        layout = Some(match value {
                            "black" | "black-variable" => RecipeLayout::Packed(Indexing::Black),
                            "white" | "fixed-shift" => RecipeLayout::Packed(Indexing::White),
                            "fancy-dense" => RecipeLayout::FewerBits,
                            other => {
                                return Err(at(format!(
                                    "unknown layout `{}`: black, black-variable, fixed-shift or fancy-dense",
                                    quote_prefix(other)
                                )));
                            }
                        })
                    }
                    "command" => command = Some(value.to_owned()),
                    "stream" => {
                        stream = match value {
                            "dense" => PackedStream::Dense,
                            "few-term" => PackedStream::FewTerm,
                            other => {
                                return Err(at(format!("unknown stream `{}`: dense or few-term", quote_prefix(other))));
                            }
                        }
                    }
                    "table_entries" => entries = Some(number_line(key, value).map_err(at)? as usize),
                    "used_slots" => used = Some(number_line(key, value).map_err(at)? as usize),
                    "iteration" => iteration = Some(number_line(key, value).map_err(at)?),
                    "stopped" => stopped = Some(value.to_owned()),
                    "cursors" => {
                        let parsed: Vec<u64> = value
                            .split_whitespace()
                            .map(|v| number_line(key, v))
                            .collect::<Result<_, _>>()
                            .map_err(at)?;
                        if parsed.len() != 128 {
                            return Err(at(format!(
                                "`# cursors=` needs 128 numbers, one per square, not {}",
                                parsed.len()
                            )));
                        }
                        cursors = Some((line_number, parsed));
                    }
                    _ => {}
                }
                continue;
            }
            let (Some(seed), Some(layout)) = (seed, layout) else {
                return Err(at("a recipe names its `# seed=` and `# layout=` before its rows".into()));
            };
            let Some(columns) = &header else {
                let columns: Vec<&str> = line.split(',').map(str::trim).collect();
                let expected = layout.columns();
                let bits_column =
                    matches!(layout, RecipeLayout::Packed(_)) && columns.get(expected.len()) == Some(&"bits");
                let extra = &columns[expected.len().min(columns.len()) + usize::from(bits_column)..];
                if !columns.starts_with(expected) || !(extra.is_empty() || extra == ["magic"]) {
                    return Err(at(format!("the columns must be {}[,bits][,magic]", expected.join(","))));
                }
                if named_variable && !bits_column {
                    return Err(at(format!(
                        "a black-variable recipe has a bits column: {},bits[,magic]",
                        expected.join(",")
                    )));
                }
                header = Some(columns);
                continue;
            };
            let row = parse_row(seed, layout, stream, columns, line, line_number)?;
            let first = std::mem::replace(&mut seen[row.slider.ordinal()][row.square.index() as usize], line_number);
            if first > 0 {
                return Err(at(format!("{} {}: listed twice (first on line {first})", row.slider, row.square)));
            }
            rows.push(row);
        }
        let at_end = |message: &str| RecordError { line: last_line, message: message.into() };
        let seed = seed.ok_or_else(|| at_end("no `# seed=` line"))?;
        let layout = layout.ok_or_else(|| at_end("no `# layout=` line"))?;
        if header.is_none() || rows.is_empty() {
            return Err(at_end("the recipe lists no squares"));
        }
        let stated_size = match (entries, used) {
            (Some(entries), Some(used)) => Some((entries, used)),
            (None, None) => None,
            _ => return Err(at_end("`# table_entries=` and `# used_slots=` go together")),
        };
        let checkpoint = match (iteration, cursors, stopped) {
            (None, None, None) => None,
            (Some(iteration), Some((cursors_line, cursors)), Some(stopped)) => {
                // A searched, swept, walked or spanned row's position is in the search's list,
                // the square's walks or the span search's roots, not the packer's stream.
                for row in rows
                    .iter()
                    .filter(|row| !row.searched && row.swept.is_none() && row.walked.is_none() && row.spanned.is_none())
                {
                    let cursor = cursors[pair_index(row.slider, row.square)];
                    if row.position >= cursor {
                        return Err(RecordError {
                            line: cursors_line,
                            message: format!(
                                "{} {}: the cursor {cursor} is not past the square's position {} (line {})",
                                row.slider, row.square, row.position, row.line
                            ),
                        });
                    }
                }
                Some(Checkpoint { iteration, cursors, stopped })
            }
            _ => return Err(at_end("a checkpoint has all of `# iteration=`, `# cursors=` and `# stopped=`")),
        };
        Ok(Recipe { seed, layout, stream, command, rows, stated_size, checkpoint })
    }
}

/// The index bits of `row`: its own, or its slider's fixed shift's.
pub(crate) fn row_bits(row: &RecipeRow) -> u32 {
    row.bits.unwrap_or(64 - row.slider.fixed_shift())
}

/// The multiplier of `row` in a recipe of `layout` from `stream` with master `seed`.
fn derive_magic(seed: u64, layout: RecipeLayout, stream: PackedStream, row: &RecipeRow) -> u64 {
    if let Some(magic) = row.swept.or(row.walked).or(row.spanned) {
        return magic;
    }
    if row.searched {
        return searched_candidate(seed, row.slider, row.square, row_bits(row), row.position);
    }
    match (layout, stream) {
        (RecipeLayout::Packed(_), PackedStream::Dense) => dense_candidate(seed, row.slider, row.square, row.position),
        (RecipeLayout::Packed(indexing), PackedStream::FewTerm) => {
            let terms = Terms::signed(row.slider, row.square, row_bits(row), indexing == Indexing::Black);
            few_term_candidate(seed, row.slider, row.square, &terms, row.position)
        }
        (RecipeLayout::FewerBits, _) => {
            let bits = row.bits.expect("fewer-bit rows have bits");
            searched_candidate(seed, row.slider, row.square, bits, row.position)
        }
    }
}

/// Candidate `number` (1-based) of the random search of (`slider`, `square`) for `bits` index
/// bits with master `seed`: what `magic-gen search --seed <seed> --bits <bits>` (white or
/// `--black`) reports as its `candidate`.
pub fn searched_candidate(seed: u64, slider: Slider, square: Square, bits: u32, number: u64) -> u64 {
    let mask_bits = relevant_mask(slider, square).count_ones();
    nth_candidate(seed, slider, square, Family::for_bits(slider, bits, mask_bits), number)
        .expect("candidate numbers start at 1")
}

/// One row of a recipe of `layout`, whose header has `columns`.
fn parse_row(
    seed: u64,
    layout: RecipeLayout,
    stream: PackedStream,
    columns: &[&str],
    line: &str,
    line_number: u64,
) -> Result<RecipeRow, RecordError> {
    let at = |message: String| RecordError { line: line_number, message };
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    if fields.len() != columns.len() {
        return Err(at(format!("{} fields where the header has {}", fields.len(), columns.len())));
    }
    let slider: Slider = fields[0].parse().map_err(|e| at(format!("`{}` is {e}", quote_prefix(fields[0]))))?;
    let square: Square = fields[1].parse().map_err(|e| at(format!("`{}` is {e}", quote_prefix(fields[1]))))?;
    let at_square = |message: String| at(format!("{slider} {square}: {message}"));
    // An annealed magic of a packed recipe: the `k` column names the magic it was annealed
    // from, then `~j.m`; the rest of the row reads as that magic's row would.
    let (fields, anneal) = match fields[2].split_once('~') {
        Some((k_field, anneal)) if matches!(layout, RecipeLayout::Packed(_)) => {
            let anneal: crate::search::climb_stream::Anneal = anneal.parse().map_err(|e: String| at_square(e))?;
            let fields: Vec<&str> = fields.iter().enumerate().map(|(i, &f)| if i == 2 { k_field } else { f }).collect();
            (fields, Some(anneal))
        }
        _ => (fields, None),
    };
    let number = |col: usize| -> Result<u64, RecordError> {
        fields[col].parse().map_err(|_| {
            at_square(format!("`{}` in column `{}` is not a whole number", quote_prefix(fields[col]), columns[col]))
        })
    };
    let row = match layout {
        RecipeLayout::Packed(_) => {
            let offset = number(3)?;
            let offset = u32::try_from(offset).ok().filter(|&o| o <= crate::magic_set::MAX_SLOTS).ok_or_else(|| {
                at_square(format!("offset {offset} is out of range: 0 to {}", crate::magic_set::MAX_SLOTS))
            })?;
            let bits = match columns.get(4) {
                Some(&"bits") => {
                    let bits = number(4)?;
                    if !(1..=12).contains(&bits) {
                        return Err(at_square(format!("{bits} index bits is out of range: 1 to 12")));
                    }
                    Some(bits as u32)
                }
                _ => None,
            };
            // `terms:+1.2+3.13…`: a term sum of `span --terms`, its magic stated.
            if let Some(sum) = fields[2].strip_prefix("terms:") {
                let sum: TermSum = sum.parse().map_err(|e: String| at_square(e))?;
                if layout != RecipeLayout::Packed(Indexing::Black) || bits.is_none() {
                    return Err(at_square(
                        "a term sum is a black magic with its bits: only in black-variable recipes".to_owned(),
                    ));
                }
                let stated = fields.last().filter(|_| columns.last() == Some(&"magic")).copied().unwrap_or("");
                let magic = parse_hex(stated)
                    .map_err(|_| at_square("a `terms:` row needs its magic in the `magic` column".to_owned()))?;
                return Ok(RecipeRow {
                    line: line_number,
                    slider,
                    square,
                    position: 0,
                    offset: Some(offset),
                    bits,
                    swept: None,
                    sweep_shard: None,
                    searched: false,
                    walked: None,
                    walk_start: None,
                    spanned: Some(magic),
                    climb: ClimbPath::default(),
                    summed: Some(sum),
                    anneal,
                });
            }
            // `search:N` (a candidate of `search --black`), `sweep:N` (a magic of `sweep
            // --black`), `walk:N` (a magic of the run's walks) or `span:N` (a root of `span`),
            // the last three stated in the `magic` column, instead of a position in the
            // packer's stream.
            let found = ["search", "sweep", "walk", "span"].into_iter().find_map(|kind| {
                let number = fields[2].strip_prefix(kind)?.strip_prefix(':')?;
                Some((kind, number))
            });
            // What a row names after `@`: a swept magic the shard of its list (`sweep:N@I/S`), a
            // walked one its start's stream position (`walk:N@K`). Other kinds take no `@`
            // (their number then does not read).
            let (found, suffix) = match found {
                Some((kind @ ("sweep" | "walk"), number)) => match number.split_once('@') {
                    Some((number, suffix)) => (Some((kind, number)), Some(suffix)),
                    None => (found, None),
                },
                _ => (found, None),
            };
            // A climb from a walk names its moves after its start (`walk:N@K+a.b.c`).
            let (suffix, walk_climb) = match (found, suffix) {
                (Some(("walk", _)), Some(suffix)) => match suffix.split_once('+') {
                    Some((start, path)) => {
                        let climb = ClimbPath::parse(path)
                            .map_err(|e| at_square(format!("`{}`: {e}", quote_prefix(fields[2]))))?;
                        if layout != RecipeLayout::Packed(Indexing::Black) || bits.is_none() {
                            return Err(at_square(
                                "a climb from a walk is a black magic with its bits: only in black-variable recipes"
                                    .to_owned(),
                            ));
                        }
                        (Some(start), climb)
                    }
                    None => (Some(suffix), ClimbPath::default()),
                },
                _ => (suffix, ClimbPath::default()),
            };
            // A climbed span magic names its moves after `+` (`span:N+a.b.c`).
            let (found, climb) = match found {
                Some(("span", number)) => match number.split_once('+') {
                    Some((number, path)) => {
                        let climb = ClimbPath::parse(path)
                            .map_err(|e| at_square(format!("`{}`: {e}", quote_prefix(fields[2]))))?;
                        if climb.moves().len() > crate::search::climb_stream::MAX_MOVES {
                            return Err(at_square(format!(
                                "`{}`: a span candidate's climb takes at most {} moves",
                                quote_prefix(fields[2]),
                                crate::search::climb_stream::MAX_MOVES
                            )));
                        }
                        (Some(("span", number)), climb)
                    }
                    None => (found, ClimbPath::default()),
                },
                _ => (found, walk_climb),
            };
            let (mut sweep_shard, mut walk_start) = (None, None);
            match (found, suffix) {
                (Some(("sweep", _)), Some(shard)) => {
                    let shard = shard.parse::<crate::search::sweep_shard::Shard>();
                    sweep_shard = Some(shard.map_err(|e| at_square(format!("`{}`: {e}", quote_prefix(fields[2]))))?);
                }
                (Some(("walk", _)), Some(start)) => {
                    let start = start.parse::<u64>().ok().filter(|&k| k < 1 << 52);
                    walk_start = Some(start.ok_or_else(|| {
                        at_square(format!("`{}` is not walk:N@K with K a stream position", quote_prefix(fields[2])))
                    })?);
                }
                _ => {}
            }
            let (position, searched, swept, walked, spanned) = match found {
                Some((kind, number)) => {
                    // Walked magics are the packer's own, in either layout.
                    let packer_made = kind == "walk";
                    let black = layout == RecipeLayout::Packed(Indexing::Black);
                    if !packer_made && !black {
                        return Err(at_square(format!("`{kind}:N` rows are black magics: only in black recipes")));
                    }
                    if !packer_made && bits.is_none() {
                        return Err(at_square(format!("a `{kind}:N` row needs its index bits in the `bits` column")));
                    }
                    let number = number.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                        at_square(format!("`{}` is not {kind}:N with N from 1", quote_prefix(fields[2])))
                    })?;
                    if kind == "search" {
                        (number, true, None, None, None)
                    } else {
                        let stated = fields.last().filter(|_| columns.last() == Some(&"magic")).copied().unwrap_or("");
                        let magic = parse_hex(stated).map_err(|_| {
                            at_square(format!("a `{kind}:N` row needs its magic in the `magic` column"))
                        })?;
                        match kind {
                            "sweep" => (number, false, Some(magic), None, None),
                            "span" => (number, false, None, None, Some(magic)),
                            _ => (number, false, None, Some(magic), None),
                        }
                    }
                }
                None => (number(2)?, false, None, None, None),
            };
            RecipeRow {
                line: line_number,
                slider,
                square,
                position,
                offset: Some(offset),
                bits,
                swept,
                sweep_shard,
                searched,
                walked,
                walk_start,
                spanned,
                climb,
                summed: None,
                anneal,
            }
        }
        RecipeLayout::FewerBits => {
            let mask_bits = relevant_mask(slider, square).count_ones();
            let bits = number(2)?;
            if !(1..u64::from(mask_bits)).contains(&bits) {
                return Err(at_square(format!(
                    "{bits} index bits is out of range: 1 to {} (fewer than the mask's {mask_bits})",
                    mask_bits - 1
                )));
            }
            let (field, sweep_shard) = match fields[3].split_once('@') {
                Some((field, shard)) if field.starts_with("sweep:") => {
                    let shard = shard
                        .parse::<crate::search::sweep_shard::Shard>()
                        .map_err(|e| at_square(format!("`{}`: {e}", quote_prefix(fields[3]))))?;
                    (field, Some(shard))
                }
                _ => (fields[3], None),
            };
            let swept = match field.strip_prefix("sweep:") {
                Some(index) => {
                    let stated = fields.get(4).filter(|_| columns.last() == Some(&"magic")).copied().unwrap_or("");
                    let magic = parse_hex(stated)
                        .map_err(|_| at_square("a `sweep:N` row needs its magic in the `magic` column".into()))?;
                    let index = index.parse::<u64>().ok().filter(|&i| i > 0).ok_or_else(|| {
                        at_square(format!("`{}` is not sweep:N with N from 1", quote_prefix(fields[3])))
                    })?;
                    Some((index, magic))
                }
                None => None,
            };
            let candidate = match swept {
                Some((index, _)) => index,
                None => number(3)?,
            };
            if candidate == 0 {
                return Err(at_square("candidate numbers start at 1".into()));
            }
            let bits = Some(bits as u32);
            RecipeRow {
                line: line_number,
                slider,
                square,
                position: candidate,
                offset: None,
                bits,
                swept: swept.map(|s| s.1),
                sweep_shard,
                searched: false,
                walked: None,
                walk_start: None,
                spanned: None,
                climb: ClimbPath::default(),
                summed: None,
                anneal: None,
            }
        }
    };
    if row.anneal.is_some() && row.spanned.is_none() && row.climb.is_empty() {
        return Err(at_square(format!(
            "`{}`: only a span, climb or term-sum row is annealed",
            quote_prefix(&row.source())
        )));
    }
    // An empty `magic` field states nothing (rows without one in a file with sweep rows).
    if columns.last() == Some(&"magic")
        && !fields[fields.len() - 1].is_empty()
        && row.swept.is_none()
        && row.walked.is_none()
        && row.spanned.is_none()
    {
        let stated = fields[fields.len() - 1];
        let derived = derive_magic(seed, layout, stream, &row);
        if parse_hex(stated).ok() != Some(derived) {
            return Err(at_square(format!(
                "magic {} is not the one its seed and position give ({derived:#018X})",
                quote_prefix(stated)
            )));
        }
    }
    Ok(row)
}
