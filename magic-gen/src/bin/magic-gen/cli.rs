//! The command line's grammar, as clap derive types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use magic_gen::Layout;
use magic_gen::dense::{DEFAULT_ITERATIONS, Preset, fixed_bits, relevant_bits};
use magic_gen::magic_set::Indexing;
use magic_gen::search::Shard;
use magic_gen::{Slider, Square};

/// Find, verify and export magic bitboard multipliers for rook and bishop attacks.
///
/// A magic multiplier turns the blockers of a slider on a square into an index of a small
/// attack table: attacks = table[((occupied & mask) * magic) >> shift], or with a black magic
/// attacks = table[((occupied | !mask) * magic) >> shift]. This tool exports the verified
/// tables magic-tables ships as self-contained Rust or C, checks magic sets exhaustively (your
/// engine's, or published ones), and searches for magics and dense packings, deterministically:
/// the same seed gives the same magics on every machine and thread count.
#[derive(Debug, Parser)]
#[command(name = "magic-gen", version, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands an engine author needs: export a table, check magics, look at the geometry,
/// find magics of one's own.
pub const FOR_ENGINE_AUTHORS: [&str; 5] = ["emit", "verify", "show", "stats", "search"];

/// The commands that make the dense record tables (their design: `magic-gen/DENSE_PACKING.md`).
pub const FOR_MAKING_TABLES: [&str; 5] = ["pack", "walk", "span", "sweep", "merge"];

/// The command line's grammar, with `--help` listing the commands in their two groups (clap
/// lists a command's subcommands under one heading; the template lists them by group instead,
/// with each one's own `about`).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let command = Cli::command();
    let list = |names: &[&str]| -> String {
        names
            .iter()
            .map(|&name| {
                let about = command.find_subcommand(name).and_then(|sub| sub.get_about()).map(|a| a.to_string());
                format!("  {name:<7} {}\n", about.unwrap_or_default())
            })
            .collect()
    };
    let template = format!(
        "{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n\
         Commands for engine authors:\n{}\n\
         Commands that make tables (the record searches):\n{}  help    Print this message or the help of the given \
         subcommand(s)\n\n\
         Options:\n{{options}}{{after-help}}",
        list(&FOR_ENGINE_AUTHORS),
        list(&FOR_MAKING_TABLES)
    );
    command.help_template(template)
}

/// The subcommands, in the order `--help` lists them ([`FOR_ENGINE_AUTHORS`], then
/// [`FOR_MAKING_TABLES`]).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write a complete, verified table as self-contained Rust or a C header (default: black).
    Emit(EmitArgs),
    /// Check magic sets exhaustively: this tool's results or published record tables (CSV).
    Verify(VerifyArgs),
    /// Draw the blocker mask, blocker board and move board of one slider on one square.
    Show(ShowArgs),
    /// Print the per-square table: mask bits, occupancies, distinct attack sets, lower bound.
    Stats(StatsArgs),
    /// Search for magics (all 128 slider squares unless --slider/--square narrow it down).
    Search(SearchArgs),
    /// Combine the results of shard runs (search, sweep, walk, pack --shard I/N) into one result.
    Merge(MergeArgs),
    /// Search black or fixed-shift magics packed densely into one shared array; writes a recipe.
    Pack(Box<PackArgs>),
    /// Run the valid-space walks of a packing run (or one shard of them); writes a walk cache.
    Walk(WalkArgs),
    /// List every magic of one square with the given index bits, exhaustively (or one shard).
    Sweep(SweepArgs),
    /// Search one square for black magics of short index span; writes a list `pack --searched`
    /// takes.
    Span(SpanArgs),
}

/// The span search of one square: the candidates of its span stream, in order, keeping the
/// valid ones of shortest span.
#[derive(Debug, Args)]
pub struct SpanArgs {
    /// The square and its index bits [default: the mask's size].
    #[command(flatten)]
    pub target: SquareBits,
    /// Master seed of the span stream; the default is `pack`'s and `walk`'s, since a packing
    /// reads the list only with its own seed.
    #[arg(long, default_value_t = DEFAULT_PACK_SEED)]
    pub seed: u64,
    /// Test the candidates 1 to N [default: no limit with --time].
    #[arg(long, value_name = "N", required_unless_present_any = ["time", "walks", "terms", "anneal"], conflicts_with_all = ["walks", "terms", "anneal"])]
    pub candidates: Option<u64>,
    /// Stop after this many seconds (the file records how far the search went).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Go on from the candidates --output already holds (the same search's list; with --terms,
    /// from the parts of the enumeration it holds).
    #[arg(long = "continue")]
    pub continue_run: bool,
    /// Once the candidates up to --candidates are tested (not after a stop), climb from the
    /// list's 8 best: 8 climbs of TRIES moves each of the square's climb stream, each taking
    /// the moves that shorten its magic's span (1 to 2^32; a list keeps one number of tries).
    #[arg(long, value_name = "TRIES")]
    pub climb: Option<u64>,
    /// Climb from the square's walks in this walk cache (of `magic-gen walk` or `pack
    /// --walk-cache`, with --seed's seed and the square's bits) instead of the span stream's
    /// candidates: with --climb, --rounds climbs start from each walk, and the best 8 are the
    /// list. A packing that reads the list walks the chosen walk again with its own walk
    /// settings.
    #[arg(long, value_name = "CACHE", value_parser = parse_path, requires = "climb", conflicts_with = "continue_run")]
    pub walks: Option<PathBuf>,
    /// With --walks: climbs from each walk, each over moves of its own (1 to 1024).
    #[arg(long, value_name = "R", default_value_t = 1, requires = "walks", conflicts_with = "candidates")]
    pub rounds: u64,
    /// List the square's term sums instead of the span stream's candidates: every magic that
    /// is a sum of 1 to K terms ±c·2^e (c 1 or 3, exponents at least 2 apart) with a cost of
    /// at most --bound slots, each also with half a slot added (--quarters: every quarter),
    /// turned to its shortest span; the best 64 are the list (1 to 8 terms; minutes for a rook
    /// at 5, an hour on 2 cores at 6). The list is written as the parts of the enumeration end,
    /// so --time and a signal keep what was done and --continue goes on.
    #[arg(long, value_name = "K", requires = "bound", conflicts_with_all = ["walks", "climb"])]
    pub terms: Option<u64>,
    /// With --terms: enumerate its parts 1 to N only (the sums of up to three first terms,
    /// alone or with their extensions, in the enumeration's order); the list says how far it
    /// went (`# parts_done=`) and --continue goes on [default: all].
    #[arg(long, value_name = "N", requires = "terms")]
    pub parts: Option<u64>,
    /// With --terms: the most cost of a sum, in slots (the summed index weights of the mask
    /// bits, which bound the span; 1 to the index range).
    #[arg(long, value_name = "SLOTS", requires = "terms", conflicts_with = "candidates")]
    pub bound: Option<u64>,
    /// With --terms: try each sum at a quarter and three quarters of a slot too (twice the
    /// tests; some sums are valid at a quarter only). The list says `# quarters=1`.
    #[arg(long, requires = "terms")]
    pub quarters: bool,
    /// Anneal the best magic of the span list --from instead (a list of this square, bits and
    /// seed): --chains chains of MOVES moves each, each with its own moves and window, that
    /// also take worse magics by a seeded rule; the list is written again with the chains'
    /// magics that beat it (1 to 2^36 moves; about a million a second for a rook).
    #[arg(long, value_name = "MOVES", requires = "from", conflicts_with_all = ["walks", "terms", "climb", "continue_run"])]
    pub anneal: Option<u64>,
    /// With --anneal: the span list whose best magic is annealed.
    #[arg(long, value_name = "LIST", value_parser = parse_path, requires = "anneal", conflicts_with = "candidates")]
    pub from: Option<PathBuf>,
    /// With --anneal: chains, 1 to 64.
    #[arg(long, value_name = "K", default_value_t = 8, requires = "anneal", conflicts_with = "candidates")]
    pub chains: u32,
    /// With --anneal: the list's best S magics are starts; chains 8i to 8i + 7 anneal the
    /// (i mod S)-th best, each of the eight with its own window (1 to 64).
    #[arg(long, value_name = "S", default_value_t = 1, requires = "anneal", conflicts_with = "candidates")]
    pub starts: usize,
    /// Worker threads, 1 to 256 [default: all cores]. Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the list here (after every round of candidates, atomically).
    #[arg(long, short, value_parser = parse_path)]
    pub output: PathBuf,
}

/// One slider on one square and its index bits, as `sweep` and `span` take them.
#[derive(Debug, Args)]
pub struct SquareBits {
    /// The slider.
    #[arg(long)]
    pub slider: Slider,
    /// The square, such as g7.
    #[arg(long)]
    pub square: Square,
    /// Index bits.
    #[arg(long, conflicts_with = "bits_below")]
    pub bits: Option<u32>,
    /// Index bits fewer than the mask's (1: the "one bit fewer" magics).
    #[arg(long)]
    pub bits_below: Option<u32>,
}

impl SquareBits {
    /// The index bits asked for: `--bits`, the mask's size less `--bits-below`, or the mask's
    /// size if `mask_by_default` (else an error asking for one of them).
    pub fn bits(&self, mask_by_default: bool) -> Result<u32, crate::Failure> {
        let mask_bits = magic_gen::geometry::relevant_mask(self.slider, self.square).count_ones();
        match (self.bits, self.bits_below) {
            (Some(bits), _) => Ok(bits),
            (None, Some(below)) => mask_bits.checked_sub(below).ok_or_else(|| {
                crate::Failure(format!("--bits-below {below} is out of range: 0 to the mask's {mask_bits} bits"))
            }),
            (None, None) if mask_by_default => Ok(mask_bits),
            (None, None) => Err(crate::Failure("give --bits or --bits-below".to_owned())),
        }
    }
}

/// An exhaustive sweep of one square.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The square and its index bits (one of --bits, --bits-below).
    #[command(flatten)]
    pub target: SquareBits,
    /// Black magics (`(occupied | !mask) * magic`), one per class of equivalent ones.
    #[arg(long)]
    pub black: bool,
    /// With --black: search from the negation's highest bit down (every class, each listed at
    /// its narrowest rotation); fast where the default black search is slow, such as rook d2
    /// and e2 with 9 bits (1 to 30 s a shard of 4,096). For masks reaching bit 32 or lower
    /// (every rook).
    #[arg(long, requires = "black", conflicts_with = "negation_below")]
    pub from_top: bool,
    /// With --black: only black magics `-s` (plus a multiple of 2^period) with `s` below
    /// 2^BITS, searched as white magics `s` of the complemented occupancies. Not complete;
    /// rook one-bit-fewer magics have small negations (try 40 to 44).
    #[arg(long, value_name = "BITS", requires = "black")]
    pub negation_below: Option<u32>,
    /// With --negation-below: only `s` with at most N bits set, 1 to 64. This is what makes
    /// the negated sweep fast: run it with N = 8, 9, 10, ... (each run exhaustive for its N)
    /// to find the sparsest negations first.
    #[arg(long, value_name = "N", requires = "negation_below", default_value_t = 64)]
    pub max_ones: u32,
    /// With --negation-below: the black magics `H * 2^period - s` instead of `-s`, for the
    /// squares whose period is shorter than 64 - bits (each H a sweep of its own).
    #[arg(long, value_name = "H", requires = "negation_below", default_value_t = 0)]
    pub class: u64,
    /// Sweep shard I of N (contiguous ranges of the first field's V values: the magic's lowest
    /// bits, with --from-top its negation's 12 highest); `merge` joins them. N above V must be
    /// a multiple of V (not with --black alone): each value is then split into N / V equal
    /// parts of the candidates below it, in the order the search visits them (rook a1 with 11
    /// bits: `--black --from-top --shard I/65536`, about a CPU-minute at most).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<magic_gen::search::exhaustive::Shard>,
    /// Continue a stopped sweep from its file.
    #[arg(long, value_name = "FILE", value_parser = parse_path)]
    pub resume: Option<PathBuf>,
    /// Stop after this many seconds (the file records where; --resume goes on).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Write the list here.
    #[arg(long, short, value_parser = parse_path)]
    pub output: PathBuf,
}

impl SweepArgs {
    /// The magics swept: white, black, or black negations of sparse numbers.
    pub fn color(&self) -> magic_gen::search::exhaustive::Color {
        use magic_gen::search::exhaustive::Color;
        match (self.black, self.negation_below) {
            (true, Some(below)) => Color::NegatedBlack { below, ones: self.max_ones, class: self.class },
            (true, None) if self.from_top => Color::BlackFromTop,
            (true, None) => Color::Black,
            (false, _) => Color::White,
        }
    }
}

/// Output formats of `search` and `merge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ResultFormat {
    /// This tool's JSON results (readable by verify, merge and emit).
    Json,
    /// One line per square: slider,square,bits,magic,candidate,drawn.
    Csv,
    /// The complete table as Rust source (needs all 128 squares).
    Rust,
    /// The complete table as a C header (needs all 128 squares).
    C,
}

/// Output formats of `emit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SourceFormat {
    /// Rust source, as the magic-tables build script writes it.
    Rust,
    /// A C99 header: inline lookups, the data in the one file that defines
    /// `<PREFIX>_IMPLEMENTATION` before including it.
    C,
}

/// The most shards `--shard I/N` may split a search into: far more processes than anyone runs,
/// small enough that candidate numbers (a block of 4,096 per shard in turn) stay far from
/// overflowing.
pub const MAX_SHARDS: u64 = 1 << 20;

/// The master seed of `pack`, `walk` and `span` when `--seed` is not given: one default, since
/// a packing reads the walks and span lists of its own seed only (every shipped recipe is of
/// seed 1).
pub const DEFAULT_PACK_SEED: u64 = 1;

/// Candidates a square may draw when neither --max-candidates nor --time is given.
pub const DEFAULT_MAX_CANDIDATES: u64 = 100_000_000;

/// Where the magics searched come from and how long to look.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Sliders to search (repeat or separate with commas) [default: rook,bishop].
    #[arg(long, value_delimiter = ',', value_name = "rook|bishop")]
    pub slider: Vec<Slider>,
    /// Squares to search, such as e4 (repeat or separate with commas) [default: all 64].
    #[arg(long, value_delimiter = ',', value_name = "SQUARE")]
    pub square: Vec<Square>,
    /// Index bits for every searched square [default: the mask size, the usual minimal fancy magic].
    #[arg(long, conflicts_with = "bits_below")]
    pub bits: Option<u32>,
    /// Ask for N index bits fewer than the mask size ("best magics": each bit halves a table).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub bits_below: u32,
    /// Search black magics, `((occupied | !mask) * magic) >> (64 - bits)`, among the same
    /// candidates; the result is CSV whose magic column is named `black_magic`.
    #[arg(long)]
    pub black: bool,
    /// Master seed of the random streams (one stream per slider and square).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads, 1 to 256 [default: all cores]. Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Give up on a square after drawing this many candidates, at least 1 [default: 100000000, or
    /// no limit with --time].
    #[arg(long, value_name = "N")]
    pub max_candidates: Option<u64>,
    /// Continue a search that stopped at candidate N (say, one run with --max-candidates N):
    /// every square starts after its candidate N, so the magic found is the first numbered
    /// above N, and no candidate is drawn twice. Candidate numbers and --max-candidates stay
    /// numbers in the whole sequence. Needs an output that records it: --black (its CSV says
    /// `# after=N`) or --format json.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub after: u64,
    /// Give up on the squares still searching after this many seconds (e.g. 30 or 0.5). The
    /// squares share the time: each round, every square still searching draws its next 65,536
    /// candidates.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Search only shard I of N (N from 1 to 1048576) of every square's candidate sequence (see
    /// `merge`).
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub shard: Shard,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ResultFormat::Json)]
    pub format: ResultFormat,
    /// Write the output to this file instead of standard output.
    #[arg(long, short, value_parser = parse_path)]
    pub output: Option<PathBuf>,
}

/// Files to check.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Magic set files: this tool's JSON or CSV results, or record CSVs with a header starting
    /// `square,index,piece,` (fancy with bits_used, fixed-shift with offsets, black magics).
    /// Files that are plain lists of magics (one hex number a line) are all checked for one
    /// square: give it with --slider, --square and --bits.
    #[arg(required = true, value_name = "FILE", value_parser = parse_path)]
    pub files: Vec<PathBuf>,
    /// Slider of the magics in a plain list.
    #[arg(long, value_name = "rook|bishop")]
    pub slider: Option<Slider>,
    /// Square of the magics in a plain list.
    #[arg(long)]
    pub square: Option<Square>,
    /// Index bits of the magics in a plain list.
    #[arg(long)]
    pub bits: Option<u32>,
    /// The files are recipes: derive every row's magic again from the recipe's seed and what
    /// the row names (a stream position, `search:N`, `span:N`, one walk for `walk:N`, the
    /// sweep shard for `sweep:N@I/S`) and compare it with the magic the row states.
    #[arg(long, conflicts_with_all = ["slider", "square", "bits"])]
    pub rederive: bool,
    /// With --rederive: stop after this many seconds; the rows not re-derived by then are
    /// reported as such, and the exit status is 1 (a row may claim hours of annealing).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, requires = "rederive")]
    pub time: Option<f64>,
}

/// Layout of the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Board-shaped text, rank 8 on top.
    Board,
    /// One CSV line per slider and square.
    Csv,
}

/// Statistics options.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Board)]
    pub format: StatsFormat,
}

/// What to draw.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The slider.
    #[arg(long, value_name = "rook|bishop")]
    pub slider: Slider,
    /// Its square.
    #[arg(long)]
    pub square: Square,
    /// Occupied squares, separated by commas, such as b4,c4,e2,e5,e7 [default: none].
    #[arg(long, value_delimiter = ',', value_name = "SQUARES")]
    pub occupied: Vec<Square>,
    /// The layout whose lookup is shown: the square's entry in its table, its formula, and the
    /// index and slot the occupancy maps to (the names `emit --layout` takes) [default: black,
    /// the crate's default, which `magic_tables::rook_attacks` and the others use].
    #[arg(long, default_value = magic_gen::shipped::DEFAULT_LAYOUT.name(), hide_default_value = true, value_parser = parse_layout)]
    pub layout: Layout,
}

/// What to emit.
#[derive(Debug, Args)]
pub struct EmitArgs {
    /// Layout to emit, as magic-tables names its features [default: black, the crate's
    /// default]; with --board, `compact` (the smallest, the default), `split` (faster on narrow
    /// boards, larger) or `pext` (no magics: BMI2 `pext`, the fastest where the target has it,
    /// larger still; bit by bit elsewhere).
    #[arg(long, value_parser = parse_emit_layout)]
    pub layout: Option<EmitLayout>,
    /// A board other than 8x8: FILESxRANKS, each 2 to 16, at most 128 squares (`9x10` is
    /// xiangqi's). Emits the tables of --pieces on it instead of chess's.
    #[arg(long, value_name = "FxR", value_parser = parse_board)]
    pub board: Option<magic_tables_core::board::Board>,
    /// With --board: the pieces, comma-separated, of rook, bishop, cannon, horse, horse-to and
    /// elephant [default: rook,bishop,cannon].
    #[arg(long, value_name = "LIST", value_parser = parse_pieces)]
    pub pieces: Option<PieceList>,
    /// Where the magics come from: search results (`search`, `merge`) for the layouts built on
    /// the fancy magics; a recipe or a published table with offsets for `black`,
    /// `black-variable`, `fixed-shift` and `fancy-dense` [default: the tuned search, or the
    /// recipe magic-tables ships, built into this binary]. `-` reads standard input.
    #[arg(long, value_name = "FILE", value_parser = parse_path)]
    pub input: Option<PathBuf>,
    /// Search the fancy magics now: a master seed, or `tuned` for the seeds magic-tables builds
    /// from [default: tuned, where the layout needs them and --input does not give them].
    #[arg(long, value_name = "N|tuned")]
    pub seed: Option<String>,
    /// Candidates per square for a --seed search, at least 1.
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub max_candidates: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SourceFormat::Rust)]
    pub format: SourceFormat,
    /// C: the prefix of every symbol (`<prefix>_rook_attacks`, `<PREFIX>_ATTACKS`, …).
    #[arg(long, default_value = "magic")]
    pub prefix: String,
    /// Leave out the other pieces' tables and functions (knight, king and pawn attacks, `between`
    /// and `line`, 34,816 bytes), written by default after the sliders' lookups.
    #[arg(long)]
    pub sliders_only: bool,
    /// Write to this file instead of standard output (`-`: standard output).
    #[arg(long, short, value_parser = parse_path)]
    pub output: Option<PathBuf>,
}

/// A layout's name as the command line takes it.
fn parse_layout(name: &str) -> Result<Layout, String> {
    Layout::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Layout::ALL.iter().map(|l| l.name()).collect();
        format!("unknown layout; one of {}", names.join(", "))
    })
}

/// What `emit --layout` names: a chess layout, or a layout of `--board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmitLayout {
    /// A layout of chess's tables (a magic-tables feature).
    Chess(Layout),
    /// A layout of a board's tables.
    Board(magic_gen::board::BoardLayout),
}

/// `emit --layout`: a chess layout's name, or `compact` or `split` (`pext`, a chess layout's
/// name too, is read as chess's and taken as the board's with `--board`).
fn parse_emit_layout(name: &str) -> Result<EmitLayout, String> {
    parse_layout(name).map(EmitLayout::Chess).or_else(|e| {
        magic_gen::board::BoardLayout::from_name(name)
            .map(EmitLayout::Board)
            .ok_or_else(|| format!("{e}; with --board, compact, split or pext"))
    })
}

/// `--board FxR`: files by ranks, each 2 to 16, at most 128 squares.
fn parse_board(text: &str) -> Result<magic_tables_core::board::Board, String> {
    let quoted = magic_gen::text::quote_prefix(text);
    let (files, ranks) =
        text.split_once(['x', 'X']).ok_or_else(|| format!("`{quoted}` is not FILESxRANKS, such as 9x10"))?;
    let side = |side: &str| side.trim().parse::<u8>().ok();
    match (side(files), side(ranks)) {
        (Some(f), Some(r)) => magic_tables_core::board::Board::new(f, r)
            .ok_or_else(|| format!("`{quoted}` is not a board of 2 to 16 files and ranks and at most 128 squares")),
        _ => Err(format!("`{quoted}` is not FILESxRANKS, such as 9x10")),
    }
}

/// The pieces `--pieces` names (one value, so clap keeps it whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceList(pub Vec<magic_tables_core::board::Piece>);

/// `--pieces`: a comma-separated list of piece names, at least one.
fn parse_pieces(text: &str) -> Result<PieceList, String> {
    use magic_tables_core::board::Piece;
    text.split(',')
        .map(|name| {
            Piece::from_name(name.trim()).ok_or_else(|| {
                let names: Vec<&str> = Piece::ALL.iter().map(|p| p.name()).collect();
                format!("`{}` is not a piece; the pieces are {}", magic_gen::text::quote_prefix(name), names.join(", "))
            })
        })
        .collect::<Result<_, _>>()
        .map(PieceList)
}

/// A file name as the command line takes it: not empty, and without control characters. A name
/// with a line break would split the `# command=` line a recipe records, and in a generated
/// header it would start a line of code (`#error`, `compile_error!`); no file of this tool needs
/// one, so it is refused here, where every path enters. (Names that are not UTF-8 are refused
/// by the parser before this.)
fn parse_path(text: &str) -> Result<PathBuf, String> {
    if text.is_empty() {
        return Err("an empty file name".to_owned());
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the file name `{}` has a control character ({:?}); rename the file",
            magic_gen::text::quote_prefix(&text.replace(|c: char| c.is_control(), "?")),
            c
        ));
    }
    Ok(PathBuf::from(text))
}

/// A `--time` (or other duration) in seconds: a number above 0 and at most a year. NaN,
/// infinities, zero and negative numbers are refused here, before any work, with the text cut
/// to a readable length.
fn parse_seconds(text: &str) -> Result<f64, String> {
    let (quoted, max) = (magic_gen::text::quote_prefix(text), crate::interrupt::MAX_SECONDS);
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= max => Ok(seconds),
        Ok(_) => Err(format!("`{quoted}` is out of range: seconds above 0 and at most {max} (a year)")),
        Err(_) => Err(format!("`{quoted}` is not a number of seconds above 0 and at most {max} (a year)")),
    }
}

/// Shard results to combine.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Results of `search --shard I/N` runs (the same seed, squares and limits, every shard 0..N
    /// once; JSON, or the CSV of `search --black`, which merges to that CSV whatever --format
    /// says), lists of `sweep --shard`, walk caches of `walk --shard I/N` (into the cache one
    /// process writes), or recipes of `pack --shard I/N` runs (the smallest table wins).
    #[arg(required = true, value_name = "FILE", value_parser = parse_path)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ResultFormat::Json)]
    pub format: ResultFormat,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_parser = parse_path)]
    pub output: Option<PathBuf>,
}

/// Layouts the dense packer builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PackLayout {
    /// Black magics: `((occupied | !mask) * magic) >> shift`.
    Black,
    /// Fixed-shift ("white") magics: `((occupied & mask) * magic) >> shift`.
    FixedShift,
    /// Black magics with a per-square shift: as many index bits as the square's mask has.
    BlackVariable,
}

impl PackLayout {
    /// The layout in the registry.
    pub fn layout(self) -> Layout {
        match self {
            PackLayout::Black => Layout::Black,
            PackLayout::FixedShift => Layout::FixedShift,
            PackLayout::BlackVariable => Layout::BlackVariable,
        }
    }

    /// The layout's name, as `--layout` takes it: the registry's.
    pub fn name(self) -> &'static str {
        self.layout().name()
    }

    /// Black or white indexing.
    pub fn indexing(self) -> Indexing {
        match self {
            PackLayout::FixedShift => Indexing::White,
            PackLayout::Black | PackLayout::BlackVariable => Indexing::Black,
        }
    }

    /// Index bits per pair (rook a1 … bishop h8).
    pub fn bits(self) -> Vec<u32> {
        match self {
            PackLayout::Black | PackLayout::FixedShift => fixed_bits(),
            PackLayout::BlackVariable => relevant_bits(),
        }
    }
}

/// A dense packing search: what, from which seed, for how long.
///
/// The defaults are each layout's best measured settings (`--preset record`, and for black
/// `--set used-weight=8`; magic-gen/DENSE_PACKING.md, "The defaults"): 256 valid-space walks per
/// square (about 1.4 CPU-hours, on every core), then the packing (on every core).
/// `magic-gen pack --layout fixed-shift --time 3600` is a complete command. The same
/// seed, settings and iteration budget give a byte-identical recipe on every machine. The best
/// recipe so far is verified and written to --output (to a temporary file, then renamed).
/// Every setting of the lab (`--set KEY=VALUE`) is described in magic-gen/DENSE_PACKING.md.
#[derive(Debug, Args)]
pub struct PackArgs {
    /// What is packed, and with which settings.
    #[command(flatten)]
    pub run: RunArgs,
    /// Improvement iterations to run (after a --resume, more), 0 to 10^12.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ITERATIONS)]
    pub iterations: u64,
    /// End the whole run within this many seconds, in any phase, with a valid table: the search
    /// stops a little earlier (2.75 s, with the bishops' compaction a tenth of SECONDS more, at
    /// most 120 s and half of SECONDS in all) to finish the table: squares not placed yet are
    /// placed in haste, a compaction not done by the limit is cut; the run ends when that is
    /// done, up to that reserve early. The recipe's `# stopped=` says what was cut; if nothing
    /// was, it records the budget reached (`--iterations K`), which writes the same recipe. A
    /// limit whose search ends before the walks do is said at once, on one line.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Continue from this recipe (a checkpoint or a finished run's output), with these settings.
    #[arg(long, value_name = "RECIPE", conflicts_with = "continue_run", value_parser = parse_path)]
    pub resume: Option<PathBuf>,
    /// Requeue-safe: if --output holds this same command's run, suspended by a signal (SIGTERM,
    /// SIGINT), continue it and end exactly as the run that never stopped; if it holds the
    /// finished run, do nothing; otherwise start.
    #[arg(long = "continue")]
    pub continue_run: bool,
    /// Black-variable: the squares found in FILE (repeatable), the CSV of `magic-gen search
    /// --black --seed <this seed>` or the list of `magic-gen sweep --black`, keep that black
    /// magic and its index bits instead of drawing from their stream (with --resume: placed
    /// afresh). The recipe names them `search:N` (re-derived) or `sweep:N` (checked).
    #[arg(long, value_name = "FILE", value_parser = parse_path)]
    pub searched: Vec<PathBuf>,
    /// Take the walks FILE holds instead of walking them again (`magic-gen walk`, `merge` of its
    /// shards, or an earlier run's), and keep this run's walks there; the recipe is the same.
    #[arg(long, value_name = "FILE", value_parser = parse_path)]
    pub walk_cache: Option<PathBuf>,
    /// This array task's member I of a portfolio of N runs: its iterations decide otherwise
    /// (same candidates and walks); `merge` of all N recipes keeps the smallest table.
    #[arg(long, value_name = "I/N", conflicts_with = "portfolio")]
    pub shard: Option<Shard>,
    /// Run the N members of a portfolio one after the other and keep the smallest table: what
    /// `merge` of a `--shard I/N` array gives, byte for byte.
    #[arg(long, value_name = "N")]
    pub portfolio: Option<u64>,
    /// Seconds between progress lines on stderr, in every phase (walks, construction,
    /// iterations, compaction: squares and walks done, the table, the time left); the first
    /// within a second.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    pub progress: f64,
    /// Worker threads of the walks, draws and fits, 1 to 256 [default: all cores]. The recipe
    /// does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the recipe (and checkpoints) here.
    #[arg(long, short, value_parser = parse_path)]
    pub output: PathBuf,
}

/// The valid-space walks of a packing run alone (all squares, or one shard of them), written as
/// the walk cache `pack --walk-cache` takes: the first stage of the record pipeline on a cluster.
#[derive(Debug, Args)]
pub struct WalkArgs {
    /// The packing run whose walks these are: its layout, seed and settings decide them.
    #[command(flatten)]
    pub run: RunArgs,
    /// Walk only shard I of N: the squares I, I + N, … (rook a1 = 0 … bishop h8 = 127).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Requeue-safe: keep the squares --output already has every walk of (a stopped task's).
    #[arg(long = "continue")]
    pub continue_run: bool,
    /// Stop after this many seconds, keeping the squares that finished.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Worker threads, one square each at a time, 1 to 256 [default: all cores]. The walks do
    /// not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the walks here (after every square, atomically).
    #[arg(long, short, value_parser = parse_path)]
    pub output: PathBuf,
}

/// What a packing run (or its walks) is of: the layout, the seed and the settings.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Layout to pack (ignored with --resume: the recipe says).
    #[arg(long, value_enum, default_value_t = PackLayout::Black)]
    pub layout: PackLayout,
    /// Master seed of the candidate streams and walks (ignored with --resume: the recipe says).
    #[arg(long, default_value_t = DEFAULT_PACK_SEED)]
    pub seed: u64,
    /// Named settings: `record` (the shipped fixed-shift and black tables': walks that leave
    /// holes of 16 slots or more as room, blocked-slot scoring), `span` (the earlier black
    /// table's: walks and scores on whole spans), `classic` (the first packer's: dense stream, no
    /// walks) [default: the layout's best measured: `record`, with `used-weight=8` for black;
    /// `record` with --resume].
    #[arg(long, value_parser = parse_preset)]
    pub preset: Option<Preset>,
    /// Change one setting of the preset (repeatable), such as `--set walks=64`: stream, pool,
    /// fresh, init-valid, init-draws, kick-every, kick-size, kick-window, rebuild-every, lambda,
    /// walks, walk-steps, walk-gap, pool-gap, score-blocked, used-weight, restart-every, compact-bishops
    /// (a walk depends only on the stream and the walk settings).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

/// `--preset NAME`.
fn parse_preset(name: &str) -> Result<Preset, String> {
    Preset::parse(name)
}

#[cfg(test)]
mod tests {
    /// Every command is in exactly one of `--help`'s two groups.
    #[test]
    fn help_groups_every_command_once() {
        use clap::CommandFactory;
        let mut grouped: Vec<&str> = FOR_ENGINE_AUTHORS.iter().chain(&FOR_MAKING_TABLES).copied().collect();
        let mut commands: Vec<String> = Cli::command().get_subcommands().map(|c| c.get_name().to_owned()).collect();
        grouped.sort_unstable();
        commands.sort_unstable();
        assert_eq!(grouped, commands);
        let help = command().render_help().to_string();
        for name in grouped {
            assert_eq!(help.matches(&format!("\n  {name} ")).count(), 1, "{name} in:\n{help}");
        }
    }

    use super::*;

    /// `--layout` of `pack` takes each layout by its registry name, and names it so in recipes.
    #[test]
    fn pack_layouts_are_named_as_in_the_registry() {
        for layout in PackLayout::value_variants() {
            let value = layout.to_possible_value().expect("no variant is skipped");
            assert_eq!(value.get_name(), layout.name());
        }
    }
}
