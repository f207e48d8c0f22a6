//! The file formats the command line reads and writes: its own search results (JSON and CSV)
//! and published record tables (such as `tests/data/published/*.csv`: fancy magics with index bits,
//! fixed-shift magics with offsets, black magics with offsets).
//!
//! Every reading error names the file's line where there is one.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::BuildError;
use crate::generate::{Generated, tables_from_magics};
use crate::magic_set::{Indexing, MagicSet, SetEntry};
use crate::recipe::Recipe;
use crate::records::{RecordKind, is_record_file, parse_record_set};
use crate::reference::ReferenceSet;
use crate::search::{FoundMagic, Shard, check_bits};
use crate::seeds::SeedPlan;
use crate::text::{parse_hex, strip_bom};
use magic_tables_core::{Slider, Square};

/// The `format` field of the JSON results this crate writes.
pub const RESULTS_FORMAT: &str = "magic-gen-results/1";

/// Column names of the results CSV, in order.
pub const RESULTS_CSV_HEADER: [&str; 6] = ["slider", "square", "bits", "magic", "candidate", "drawn"];

/// The header of a black search's CSV results (`search --black`): the magic column is named
/// `black_magic`, so that no reader of fancy results takes them for white magics.
pub const BLACK_RESULTS_CSV_HEADER: [&str; 6] = ["slider", "square", "bits", "black_magic", "candidate", "drawn"];

/// The first line of a black search's CSV results. The comment lines under it say what the
/// CSV rows cannot: `# seed=S`, `# shard=I/N`, when the search had one, `# max_candidates=N`,
/// and for a continuation (`--after`), `# after=N`, so that a shard's results can be checked and merged (`magic-gen merge`) like JSON results.
pub const BLACK_RESULTS_TITLE: &str = "# magic-gen search --black results";

/// A problem with an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// Where: the path, and the 1-based line if known.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

impl std::error::Error for FileError {}

fn error_at(path: &Path, line: Option<u64>, message: impl Into<String>) -> FileError {
    let location = match line {
        Some(line) => format!("{}:{line}", path.display()),
        None => path.display().to_string(),
    };
    FileError { location, message: message.into() }
}

/// One square's search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareResult {
    /// Slider.
    pub slider: Slider,
    /// Square.
    pub square: Square,
    /// Index bits searched for.
    pub bits: u32,
    /// The magic and its number in the square's candidate sequence, if one was found.
    pub found: Option<(u64, u64)>,
    /// Candidates drawn for this square.
    pub drawn: u64,
}

/// The results of one search run (or of merged shard runs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResults {
    /// Master seed.
    pub seed: u64,
    /// The shard searched (`0/1` for all of it, or after a merge of every shard).
    pub shard: Shard,
    /// The candidate limit per square the search ran with (`None`: only a time limit, or a file
    /// that does not say). Shards of one search share it, so a merge can tell.
    pub max_candidates: Option<u64>,
    /// The candidates numbered up to this were skipped (`search --after`: the continuation of
    /// a search that stopped there); 0 for a search from the start. Shards of one search share
    /// it, so a merge can tell.
    pub after: u64,
    /// One result per searched square, in stream order.
    pub squares: Vec<SquareResult>,
}

/// Why [`SearchResults::table`] gives no table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTable {
    /// The results cannot describe a table: a square without a magic, or index bits out of
    /// range for its square.
    Incomplete(String),
    /// The magics were checked and do not make a valid table.
    NotVerified(BuildError),
}

impl fmt::Display for NoTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTable::Incomplete(message) => f.write_str(message),
            NoTable::NotVerified(e) => write!(f, "the magics do not verify: {e}"),
        }
    }
}

impl std::error::Error for NoTable {}

impl SearchResults {
    /// The fancy table of complete results (a magic for all 128 squares), laid out and verified
    /// as if a search with `plan` had found them.
    pub fn table(&self, references: &ReferenceSet, plan: SeedPlan) -> Result<Generated, NoTable> {
        let mut found = Vec::with_capacity(128);
        for occupancies in references.iter() {
            let (slider, square) = (occupancies.slider, occupancies.square);
            let result = self.squares.iter().find(|r| (r.slider, r.square) == (slider, square));
            let Some((bits, (magic, candidates))) = result.and_then(|r| r.found.map(|f| (r.bits, f))) else {
                return Err(NoTable::Incomplete(format!(
                    "a table needs a magic for all 128 squares; {slider} {square} has none"
                )));
            };
            check_bits(occupancies, bits).map_err(|e| NoTable::Incomplete(e.to_string()))?;
            found.push(FoundMagic { magic, bits, candidates, drawn: candidates });
        }
        let found = found.try_into().expect("one per reference pair");
        tables_from_magics(references, found, plan).map_err(NoTable::NotVerified)
    }

    /// The found magics as a fancy [`MagicSet`] (squares without a magic are left out).
    pub fn magic_set(&self) -> MagicSet {
        let entries = self
            .squares
            .iter()
            .filter_map(|r| {
                r.found.map(|(magic, _)| SetEntry {
                    slider: r.slider,
                    square: r.square,
                    magic,
                    shift: 64 - r.bits,
                    offset: None,
                    line: 0,
                })
            })
            .collect();
        MagicSet { indexing: Indexing::White, entries }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultsJson {
    format: String,
    generator: String,
    seed: u64,
    shard: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_candidates: Option<u64>,
    #[serde(default, skip_serializing_if = "is_zero")]
    after: u64,
    squares: Vec<SquareJson>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SquareJson {
    slider: String,
    square: String,
    bits: u32,
    magic: Option<String>,
    candidate: Option<u64>,
    drawn: u64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

fn hex(value: u64) -> String {
    format!("{value:#018x}")
}

/// `results` as pretty-printed JSON.
pub fn results_to_json(results: &SearchResults) -> String {
    let file = ResultsJson {
        format: RESULTS_FORMAT.to_owned(),
        generator: format!("magic-gen {}", crate::VERSION),
        seed: results.seed,
        shard: results.shard.to_string(),
        max_candidates: results.max_candidates,
        after: results.after,
        squares: results
            .squares
            .iter()
            .map(|r| SquareJson {
                slider: r.slider.to_string(),
                square: r.square.to_string(),
                bits: r.bits,
                magic: r.found.map(|(m, _)| hex(m)),
                candidate: r.found.map(|(_, c)| c),
                drawn: r.drawn,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&file).expect("plain data serializes") + "\n"
}

/// `results` as CSV with [`RESULTS_CSV_HEADER`]; a square without a magic has empty `magic`
/// and `candidate` fields.
pub fn results_to_csv(results: &SearchResults) -> String {
    csv_with_header(results, &RESULTS_CSV_HEADER)
}

/// `results` of a black search as CSV with [`BLACK_RESULTS_CSV_HEADER`], rows as in
/// [`results_to_csv`], under [`BLACK_RESULTS_TITLE`] and the search's settings.
pub fn black_results_to_csv(results: &SearchResults) -> String {
    let mut out = format!("{BLACK_RESULTS_TITLE}\n# seed={}\n# shard={}\n", results.seed, results.shard);
    if let Some(limit) = results.max_candidates {
        out += &format!("# max_candidates={limit}\n");
    }
    if results.after != 0 {
        out += &format!("# after={}\n", results.after);
    }
    out + &csv_with_header(results, &BLACK_RESULTS_CSV_HEADER)
}

fn csv_with_header(results: &SearchResults, header: &[&str; 6]) -> String {
    let mut out = header.join(",") + "\n";
    for r in &results.squares {
        let (magic, candidate) = r.found.map_or((String::new(), String::new()), |(m, c)| (hex(m), c.to_string()));
        out += &format!("{},{},{},{magic},{candidate},{}\n", r.slider, r.square, r.bits, r.drawn);
    }
    out
}

/// Checks a square's fields and puts its result in place, refusing a pair seen before.
fn square_result(
    slider: &str,
    square: &str,
    bits: u32,
    magic: Option<u64>,
    candidate: Option<u64>,
    drawn: u64,
) -> Result<SquareResult, String> {
    let slider: Slider =
        slider.parse().map_err(|e: magic_tables_core::ParseSliderError| format!("`{slider}` is {e}"))?;
    let square: Square =
        square.parse().map_err(|e: magic_tables_core::ParseSquareError| format!("`{square}` is {e}"))?;
    // More index bits than the relevant mask has never helps a fancy magic, and the search never
    // writes them: a larger number is a corrupt file, reported in the file's own terms.
    let mask_bits = magic_tables_core::geometry::relevant_mask(slider, square).count_ones();
    if !(1..=mask_bits).contains(&bits) {
        return Err(format!(
            "{slider} {square}: {bits} index bits is out of range: 1 to {mask_bits} (the bits of its relevant mask)"
        ));
    }
    let found = match (magic, candidate) {
        (Some(m), Some(c)) => Some((m, c)),
        (None, None) => None,
        _ => return Err(format!("{slider} {square}: `magic` and `candidate` must both be given or both be empty")),
    };
    Ok(SquareResult { slider, square, bits, found, drawn })
}

/// Sorts results into stream order and refuses a (slider, square) listed twice.
fn into_stream_order(
    path: &Path,
    mut squares: Vec<(Option<u64>, SquareResult)>,
) -> Result<Vec<SquareResult>, FileError> {
    squares.sort_by_key(|(_, r)| (r.slider, r.square));
    for pair in squares.windows(2) {
        let ((first, _), (line, r)) = (&pair[0], &pair[1]);
        if (r.slider, r.square) == (pair[0].1.slider, pair[0].1.square) {
            // Both rows, in file order (the sort keeps equal squares in it).
            let first = first.map_or(String::new(), |first| format!(" (first on line {first})"));
            return Err(error_at(path, *line, format!("{} {} appears twice{first}", r.slider, r.square)));
        }
    }
    Ok(squares.into_iter().map(|(_, r)| r).collect())
}

/// Reads search results written by [`results_to_json`] or [`results_to_csv`] (decided by the
/// first non-blank character: `{` for JSON). A CSV file has no seed or shard, so they read as
/// seed 0, shard 0/1.
pub fn read_results(path: &Path, text: &str) -> Result<SearchResults, FileError> {
    let text = strip_bom(text);
    if text.trim_start().starts_with('{') {
        // Look at `format` first, so that some other JSON file is named as such rather than
        // reported as a results file with unknown fields.
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| error_at(path, Some(e.line() as u64), e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(RESULTS_FORMAT) {
            return Err(error_at(
                path,
                None,
                format!("not a magic-gen results file: it has no `\"format\": \"{RESULTS_FORMAT}\"` field"),
            ));
        }
        let file: ResultsJson =
            serde_json::from_str(text).map_err(|e| error_at(path, Some(e.line() as u64), e.to_string()))?;
        if file.format != RESULTS_FORMAT {
            return Err(error_at(path, None, format!("format `{}` is not `{RESULTS_FORMAT}`", file.format)));
        }
        let shard: Shard =
            file.shard.parse().map_err(|e: crate::search::ShardError| error_at(path, None, e.to_string()))?;
        let mut squares = Vec::new();
        for (i, s) in file.squares.iter().enumerate() {
            let at = |message: String| error_at(path, None, format!("squares[{i}]: {message}"));
            let magic = s.magic.as_deref().map(parse_hex).transpose().map_err(at)?;
            let result = square_result(&s.slider, &s.square, s.bits, magic, s.candidate, s.drawn).map_err(at)?;
            squares.push((None, result));
        }
        let squares = into_stream_order(path, squares)?;
        return Ok(SearchResults {
            seed: file.seed,
            shard,
            max_candidates: file.max_candidates,
            after: file.after,
            squares,
        });
    }
    read_results_csv(path, text, &RESULTS_CSV_HEADER, 0)
}

/// Reads the CSV results of a black search (`search --black`, [`BLACK_RESULTS_CSV_HEADER`]),
/// checked as [`read_results`] checks fancy ones; the magics are black magics.
/// The title and the `# seed=` and `# shard=` lines are required: without them a file cannot
/// be checked against the stream it claims to come from.
pub fn read_black_results(path: &Path, text: &str) -> Result<SearchResults, FileError> {
    let text = strip_bom(text);
    let (mut seed, mut shard, mut max_candidates, mut after) = (None, None, None, 0);
    // Bytes and lines of the title and the settings, above the CSV.
    let (mut consumed, mut lines) = (0, 0u64);
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let at = |message: String| error_at(path, Some(lines + 1), message);
        if lines == 0 {
            if trimmed != BLACK_RESULTS_TITLE {
                return Err(at(format!("not the results of `search --black`: no `{BLACK_RESULTS_TITLE}` line")));
            }
        } else {
            let Some(setting) = trimmed.strip_prefix('#') else { break };
            let (key, value) =
                setting.trim().split_once('=').ok_or_else(|| at(format!("`{trimmed}` is not `# key=value`")))?;
            let number = |value: &str| {
                value.parse::<u64>().map_err(|_| at(format!("`{value}` in `{key}=` is not a whole number")))
            };
            match key {
                "seed" => seed = Some(number(value)?),
                "shard" => shard = Some(value.parse::<Shard>().map_err(|e| at(e.to_string()))?),
                "max_candidates" => max_candidates = Some(number(value)?),
                "after" => after = number(value)?,
                _ => {
                    return Err(at(format!(
                        "unknown setting `{key}`: seed, shard, max_candidates and after are known"
                    )));
                }
            }
        }
        lines += 1;
        consumed += line.len();
    }
    let missing = |what: &str| error_at(path, None, format!("no `# {what}=` line: which search wrote this file?"));
    let (seed, shard) = (seed.ok_or_else(|| missing("seed"))?, shard.ok_or_else(|| missing("shard"))?);
    let results = read_results_csv(path, &text[consumed..], &BLACK_RESULTS_CSV_HEADER, lines)?;
    Ok(SearchResults { seed, shard, max_candidates, after, ..results })
}

/// `first_line`: lines of the file above `text`, for messages.
fn read_results_csv(
    path: &Path,
    text: &str,
    expected: &[&str; 6],
    first_line: u64,
) -> Result<SearchResults, FileError> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| csv_error(path, &e, first_line))?.clone();
    if header.iter().collect::<Vec<_>>() != expected {
        return Err(error_at(path, Some(first_line + 1), format!("expected the header `{}`", expected.join(","))));
    }
    let mut squares = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(path, &e, first_line))?;
        let line = record.position().map(|p| p.line() + first_line);
        let at = |message: String| error_at(path, line, message);
        let number = |i: usize| -> Result<Option<u64>, FileError> {
            let field = &record[i];
            if field.is_empty() {
                return Ok(None);
            }
            field.parse().map(Some).map_err(|_| {
                at(format!("`{field}` in column `{}` is not a whole number from 0 to {}", expected[i], u64::MAX))
            })
        };
        let bits = number(2)?.ok_or_else(|| at("`bits` is empty".to_owned()))?;
        let bits = u32::try_from(bits).map_err(|_| at(format!("{bits} index bits is out of range")))?;
        let magic = if record[3].is_empty() { None } else { Some(parse_hex(&record[3]).map_err(at)?) };
        let drawn = number(5)?.ok_or_else(|| at("`drawn` is empty".to_owned()))?;
        let result = square_result(&record[0], &record[1], bits, magic, number(4)?, drawn).map_err(at)?;
        squares.push((line, result));
    }
    Ok(SearchResults {
        seed: 0,
        shard: Shard::WHOLE,
        max_candidates: None,
        after: 0,
        squares: into_stream_order(path, squares)?,
    })
}

fn csv_error(path: &Path, error: &csv::Error, first_line: u64) -> FileError {
    let line = error.position().map(|p| p.line() + first_line);
    let message = match error.kind() {
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => {
            format!("wrong number of columns: {len} where the header has {expected_len}")
        }
        _ => error.to_string(),
    };
    error_at(path, line, message)
}

/// What kind of table a file describes, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// This crate's search results.
    Results,
    /// A record CSV of fancy magics with their index bits.
    RecordFancy,
    /// A record CSV of fixed-shift ("white") magics with offsets into one array.
    RecordFixedShift,
    /// A record CSV of black magics with offsets into one array.
    RecordBlack,
    /// A recipe of this project's searches ([`crate::recipe`]), of this layout: magics named by
    /// their place in seeded streams, searches and walks.
    Recipe(&'static str),
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Results => "magic-gen search results (fancy)",
            FileKind::RecordFancy => "record table: fancy magics with index bits",
            FileKind::RecordFixedShift => "record table: fixed-shift magics with offsets (overlapping)",
            FileKind::RecordBlack => "record table: black magics with offsets (overlapping)",
            FileKind::Recipe(layout) => {
                return write!(f, "recipe ({layout}): magics named by their place in this project's seeded searches");
            }
        })
    }
}

/// A magic set read from any supported file.
#[derive(Clone, Debug)]
pub struct LoadedSet {
    /// What the file was.
    pub kind: FileKind,
    /// The magics.
    pub set: MagicSet,
    /// Squares the file lists without a magic (search results only).
    pub not_found: Vec<(Slider, Square)>,
    /// The table size a recipe states (`# table_entries=`, `# used_slots=`), which a check
    /// compares with the table its rows make.
    pub stated_size: Option<(usize, usize)>,
    /// A recipe's rows by how reading it got their magics: which were re-derived from the seed
    /// and which are stated and only checked ([`Recipe::audit_lines`]); empty for other files.
    pub derivation: Vec<String>,
}

/// Reads a magic set from this crate's results (JSON or CSV), a recipe, or a record CSV
/// (header `square,index,piece,…` with `magic_hex` + `bits_used`, `magic_hex` + `shift` +
/// `offset`, or `black_magic_hex` + `shift` + `offset`).
pub fn read_magic_set(path: &Path, text: &str) -> Result<LoadedSet, FileError> {
    let text = strip_bom(text);
    if text.lines().any(|line| line.trim_start().starts_with("# layout=")) {
        let recipe = Recipe::parse(text).map_err(|e| error_at(path, Some(e.line).filter(|&l| l > 0), e.message))?;
        return Ok(LoadedSet {
            kind: FileKind::Recipe(recipe.layout_name()),
            set: recipe.magic_set(),
            not_found: Vec::new(),
            stated_size: recipe.stated_size,
            derivation: recipe.audit_lines(&path.display().to_string(), "this check"),
        });
    }
    if !is_record_file(text) {
        let results = read_results(path, text)?;
        let not_found = results.squares.iter().filter(|r| r.found.is_none()).map(|r| (r.slider, r.square)).collect();
        return Ok(LoadedSet {
            kind: FileKind::Results,
            set: results.magic_set(),
            not_found,
            stated_size: None,
            derivation: Vec::new(),
        });
    }
    let (kind, set) = parse_record_set(text).map_err(|e| error_at(path, Some(e.line).filter(|&l| l > 0), e.message))?;
    let kind = match kind {
        RecordKind::Fancy => FileKind::RecordFancy,
        RecordKind::FixedShift => FileKind::RecordFixedShift,
        RecordKind::Black => FileKind::RecordBlack,
    };
    Ok(LoadedSet { kind, set, not_found: Vec::new(), stated_size: None, derivation: Vec::new() })
}

/// Whether `text` is a plain list of magics: one hexadecimal number a line (blank lines and
/// `#` comments allowed), as the exhaustive-search record files are.
pub fn is_magic_list(text: &str) -> bool {
    strip_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| parse_hex(l).is_ok())
}

/// Reads a plain list of magics with the line of each.
pub fn read_magic_list(path: &Path, text: &str) -> Result<Vec<(u64, u64)>, FileError> {
    let mut magics = Vec::new();
    for (i, line) in strip_bom(text).lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = i as u64 + 1;
        magics.push((number, parse_hex(line).map_err(|e| error_at(path, Some(number), e))?));
    }
    if magics.is_empty() {
        return Err(error_at(path, None, "no magics in the file"));
    }
    Ok(magics)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> &'static Path {
        Path::new("t.csv")
    }

    #[test]
    fn results_round_trip_through_json_and_csv() {
        let results = SearchResults {
            seed: 9,
            shard: Shard::new(1, 3).unwrap(),
            max_candidates: Some(1000),
            after: 500,
            squares: vec![
                SquareResult {
                    slider: Slider::Rook,
                    square: Square::ALL[0],
                    bits: 12,
                    found: Some((0xabc, 17)),
                    drawn: 17,
                },
                SquareResult { slider: Slider::Bishop, square: Square::ALL[9], bits: 4, found: None, drawn: 100 },
            ],
        };
        assert_eq!(read_results(path(), &results_to_json(&results)).unwrap(), results);
        let from_csv = read_results(path(), &results_to_csv(&results)).unwrap();
        assert_eq!(from_csv.squares, results.squares);
    }

    #[test]
    fn csv_errors_carry_line_numbers() {
        let header = RESULTS_CSV_HEADER.join(",");
        let cases = [
            (format!("{header}\nrook,e4,10,0xzz,1,1\n"), "t.csv:2:", "not a 64-bit hexadecimal"),
            (format!("{header}\nrook,e4,10,0x1,1,1\nqueen,e4,10,0x1,1,1\n"), "t.csv:3:", "not a slider"),
            (format!("{header}\nrook,e9,10,0x1,1,1\n"), "t.csv:2:", "not a square name"),
            (format!("{header}\nrook,e4,10,0x1,1\n"), "t.csv:2:", "wrong number of columns"),
            (
                format!("{header}\nrook,e4,10,0x1,1,1\nrook,e4,10,0x1,1,1\n"),
                "t.csv:3:",
                "appears twice (first on line 2)",
            ),
            ("slider,square\n".to_owned(), "t.csv:1:", "expected the header"),
        ];
        for (text, location, needle) in cases {
            let err = read_results(path(), &text).unwrap_err().to_string();
            assert!(err.starts_with(location) && err.contains(needle), "{err}");
        }
    }

    /// Black results round-trip with their settings; errors below the settings name the line
    /// of the file, not of the CSV part.
    #[test]
    fn black_results_carry_their_settings() {
        let results = SearchResults {
            seed: 7,
            shard: Shard::new(2, 5).unwrap(),
            max_candidates: Some(1000),
            after: 0,
            squares: vec![SquareResult {
                slider: Slider::Rook,
                square: Square::ALL[4],
                bits: 11,
                found: Some((0x5, 9)),
                drawn: 9,
            }],
        };
        let text = black_results_to_csv(&results);
        assert_eq!(read_black_results(path(), &text).unwrap(), results);
        let unlimited = SearchResults { max_candidates: None, ..results.clone() };
        assert_eq!(read_black_results(path(), &black_results_to_csv(&unlimited)).unwrap(), unlimited);
        // A continuation says where it started; a search from the start writes no such line.
        assert!(!text.contains("# after="));
        let continued = SearchResults { after: 4, ..results.clone() };
        let continued_text = black_results_to_csv(&continued);
        assert!(continued_text.contains("# max_candidates=1000\n# after=4\n"), "{continued_text}");
        assert_eq!(read_black_results(path(), &continued_text).unwrap(), continued);
        let cases = [
            (text.replace("0x0000000000000005", "0xzz"), "t.csv:6:", "not a 64-bit hexadecimal"),
            (text.replace("# seed=7", "# seed=x"), "t.csv:2:", "not a whole number"),
            (text.replace("# shard=2/5", "# shard=5/5"), "t.csv:3:", "5/5"),
            (text.replace("# max_candidates", "# budget"), "t.csv:4:", "unknown setting `budget`"),
            (text.replace("# seed=7\n", ""), "t.csv", "no `# seed=` line"),
            (
                text.replacen(BLACK_RESULTS_TITLE, "# something else", 1),
                "t.csv:1:",
                "not the results of `search --black`",
            ),
            (results_to_csv(&results), "t.csv:1:", "not the results of `search --black`"),
        ];
        for (text, location, needle) in cases {
            let err = read_black_results(path(), &text).unwrap_err().to_string();
            assert!(err.starts_with(location) && err.contains(needle), "{err}");
        }
    }

    #[test]
    fn magic_lists() {
        let text = "# all of them\n0x1fffd1ffce9200\n\n0x1fffd5ffce9200\n";
        assert!(is_magic_list(text));
        assert_eq!(read_magic_list(path(), text).unwrap(), vec![(2, 0x1fffd1ffce9200), (4, 0x1fffd5ffce9200)]);
        assert!(!is_magic_list("square,index\n"));
        assert!(read_magic_list(path(), "0x1\nzz\n").unwrap_err().to_string().starts_with("t.csv:2:"));
    }

    #[test]
    fn record_files_of_each_kind() {
        let fancy = "square,index,piece,magic_hex,mask_bits_c,bits_used,source\nb7,49,rook,0x48fffe99fecfaa00,10,9,x\n";
        let loaded = read_magic_set(path(), fancy).unwrap();
        assert_eq!(loaded.kind, FileKind::RecordFancy);
        assert_eq!(loaded.set.entries[0].shift, 55);
        let black =
            "square,index,piece,black_magic_hex,shift,offset,source\na1,0,bishop,0xA7020080601803D8,55,60984,x\n";
        let loaded = read_magic_set(path(), black).unwrap();
        assert_eq!(
            (loaded.kind, loaded.set.indexing, loaded.set.entries[0].offset),
            (FileKind::RecordBlack, Indexing::Black, Some(60984))
        );
        let bad_index = "square,index,piece,magic_hex,shift,offset\na1,5,rook,0x1,52,0\n";
        assert!(read_magic_set(path(), bad_index).unwrap_err().to_string().contains("t.csv:2: index 5 does not match"));
        let twice = "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,0\na1,0,rook,0x1,52,0\n";
        assert!(
            read_magic_set(path(), twice)
                .unwrap_err()
                .to_string()
                .contains("t.csv:3: rook a1 appears twice (first on line 2)")
        );
        let no_piece = "square,index,magic_hex,shift,offset\na1,0,0x1,52,0\n";
        assert!(read_magic_set(path(), no_piece).unwrap_err().to_string().contains("no `piece` column"));
    }
}
