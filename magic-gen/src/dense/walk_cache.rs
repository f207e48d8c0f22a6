//! A run's valid-space walks kept in a file (`pack --walk-cache FILE`), so that another run of
//! the same walks (a resumption, a run with other packing flags, one with more walks) does not
//! walk again: 256 walks of 100,000 moves per square cost about 1.3 CPU-hours, a resumption
//! paid them again, and the packing after them runs on one core.
//!
//! The walks depend only on the seed, the layout's indexing, the candidate stream, each
//! square's index bits, the moves per walk and the gap ([`super::walk`]), and walk `w` never
//! depends on how many walks a run makes. So a cache keyed by those serves any number of walks:
//! a run takes the first ones it needs and walks the rest. The cache only saves time: a run that
//! reuses it gives the recipe of the run that walked (the square's last reused walk is walked
//! again and must agree, and every reused magic must be valid), so the recipe's command does not
//! name it.
//!
//! ```text
//! # valid-space walks of magic-gen pack (--walk-cache): a cache, not a recipe
//! # seed=1
//! # layout=fixed-shift
//! # stream=few-term
//! # walk_steps=100000
//! # walk_gap=256
//! slider,square,bits,walk,magic
//! rook,a1,12,1,0x638801A62B3BFFFF
//! ```
//!
//! A square may have no walks yet (a run stopped while walking keeps those that finished).
//! A *shard* (`magic-gen walk --shard I/N`, one task of a cluster's array) has two more lines
//! after `# walk_gap=`: `# shard=I/N`, the squares it walks (pairs `I`, `I + N`, … in the order
//! rook a1 … bishop h8), and `# walks=W`, the walks each of them has when the shard is done.
//! `magic-gen merge` of every shard is the cache one process writes, byte for byte.

use std::fmt::Write;

use magic_tables_core::{Slider, Square, pair_index};

use crate::magic_set::Indexing;
use crate::recipe::{PackedStream, RecipeLayout};
use crate::search::Shard;

use super::square::pair_parts;

/// The first line of a walk cache.
pub const TITLE: &str = "# valid-space walks of magic-gen pack (--walk-cache): a cache, not a recipe";

/// The most walks a square may have (`--set walks=` takes at most as many).
pub const MAX_WALKS: usize = 1024;

/// The column line of a walk cache.
const COLUMNS: &str = "slider,square,bits,walk,magic";

/// The column line of a walk cache that names each walk's start: its stream position, so that
/// a run reusing the cache does not draw the square's first valid magics again.
const COLUMNS_WITH_START: &str = "slider,square,bits,walk,start,magic";

/// The walks of one run: what decides them, and per square the magics they found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkCache {
    /// Master seed of the run.
    pub seed: u64,
    /// Black or white (fixed-shift) indexing.
    pub indexing: Indexing,
    /// The candidate stream the walks start from.
    pub stream: PackedStream,
    /// Moves per walk (`--walk-steps`).
    pub steps: u64,
    /// The walk's gap (`--walk-gap`).
    pub gap: usize,
    /// Per pair (rook a1 = 0 … bishop h8 = 127): its index bits and the magics of its walks
    /// 1, 2, … in order (empty: none known, and the bits 0 if the file names no walk of it).
    pub squares: Vec<(u32, Vec<u64>)>,
    /// Per pair: the stream positions the walks started from, walk 1, 2, … (as many as the
    /// walks, or none when the file does not name them).
    pub starts: Vec<Vec<u64>>,
    /// For a shard: which squares it walks, and how many walks each has when it is done.
    pub part: Option<(Shard, usize)>,
}

impl WalkCache {
    /// The walks of a run that made none yet: every square known to have no walks.
    pub fn empty(seed: u64, indexing: Indexing, stream: PackedStream, steps: u64, gap: usize, bits: &[u32]) -> Self {
        let squares = bits.iter().map(|&bits| (bits, Vec::new())).collect();
        WalkCache { seed, indexing, stream, steps, gap, squares, starts: vec![Vec::new(); bits.len()], part: None }
    }

    /// The fewest walks any square has.
    pub fn walks(&self) -> usize {
        self.squares.iter().map(|(_, magics)| magics.len()).min().unwrap_or(0)
    }

    /// Whether this cache (read from a file) holds walks of `this_run` (its settings and bits,
    /// [`WalkCache::empty`]); else the one message, naming the first difference.
    pub fn check_for(&self, this_run: &WalkCache) -> Result<(), String> {
        match self.mismatch(this_run) {
            Some(mismatch) => Err(format!("the walk cache is another run's walks: {mismatch}")),
            None => Ok(()),
        }
    }

    /// Why these walks cannot serve a run of `other`'s seed, indexing, stream, moves, gap and
    /// index bits (they would be another run's), or `None` if they can.
    pub fn mismatch(&self, other: &WalkCache) -> Option<String> {
        let fields = [
            ("seed", self.seed.to_string(), other.seed.to_string()),
            (
                "layout",
                RecipeLayout::Packed(self.indexing).name().into(),
                RecipeLayout::Packed(other.indexing).name().into(),
            ),
            ("stream", self.stream.name().into(), other.stream.name().into()),
            ("walk_steps", self.steps.to_string(), other.steps.to_string()),
            ("walk_gap", self.gap.to_string(), other.gap.to_string()),
        ];
        if let Some((name, mine, theirs)) = fields.into_iter().find(|(_, mine, theirs)| mine != theirs) {
            return Some(format!("made with {name}={mine}, this run has {name}={theirs}"));
        }
        // A square the file has no walks of has no bits to compare.
        let known = |cache: &WalkCache, pair: usize| !cache.squares[pair].1.is_empty();
        let pair = (0..self.squares.len())
            .find(|&pair| known(self, pair) && known(other, pair) && self.squares[pair].0 != other.squares[pair].0)?;
        let (slider, square) = pair_parts(pair);
        Some(format!(
            "{slider} {square} has {} index bits there, {} in this run",
            self.squares[pair].0, other.squares[pair].0
        ))
    }

    /// These walks, with each square's longer list of walks where `more` (walks of the same run:
    /// the same first walks) knows more of them.
    pub fn merged(&self, more: &WalkCache) -> WalkCache {
        let mut merged = self.clone();
        for (pair, theirs) in more.squares.iter().enumerate() {
            // More walks, or the same walks with their starts named.
            let (mine, known_starts) = (merged.squares[pair].1.len(), merged.starts[pair].len());
            if theirs.1.len() > mine || (theirs.1.len() == mine && more.starts[pair].len() > known_starts) {
                merged.squares[pair].clone_from(theirs);
                merged.starts[pair].clone_from(&more.starts[pair]);
            }
        }
        merged
    }

    /// Whether this shard has every walk of each of its squares.
    pub fn shard_done(&self) -> bool {
        let Some((shard, walks)) = self.part else { return false };
        self.squares.iter().enumerate().all(|(pair, (_, magics))| {
            let mine = pair as u64 % shard.count() == shard.index();
            magics.len() == if mine { walks } else { 0 }
        })
    }

    /// Checks that every magic is valid for its square and bits (an error names the square and
    /// walk).
    pub fn check_valid(&self, references: &crate::reference::ReferenceSet) -> Result<(), String> {
        let mut tester = super::square::CandidateTester::default();
        for (pair, (bits, magics)) in self.squares.iter().enumerate().filter(|(_, (_, magics))| !magics.is_empty()) {
            let (slider, square) = pair_parts(pair);
            let data = super::square::SquareData::with_bits(references.get(slider, square), self.indexing, *bits);
            for (number, &magic) in (1..).zip(magics) {
                if !tester.is_valid(&data, magic) {
                    return Err(format!("{slider} {square} walk {number}: {magic:#018X} is not a valid magic"));
                }
            }
        }
        Ok(())
    }

    /// The cache one process writes, from every shard of one walk array (named for messages):
    /// all of the same walks (seed, layout, stream, moves, gap, shard count, walks), each shard
    /// once, none missing, each done. Validity is [`WalkCache::check_valid`]'s.
    pub fn merge_shards(parts: &[(String, WalkCache)]) -> Result<WalkCache, String> {
        let (first_name, first) = parts.first().ok_or("nothing to merge")?;
        let (shard, walks) = first.part.ok_or_else(|| format!("{first_name}: a whole cache, not a shard"))?;
        // The file each shard came from, so that one given twice names both.
        let mut seen: Vec<Option<&str>> = vec![None; usize::try_from(shard.count()).unwrap_or(usize::MAX).min(128)];
        if shard.count() > 128 {
            return Err(format!("{first_name}: shard {shard}: at most 128 shards (one square each)"));
        }
        let mut merged = WalkCache { part: None, ..first.clone() };
        for (name, part) in parts {
            let (this, this_walks) = part.part.ok_or_else(|| format!("{name}: a whole cache, not a shard"))?;
            if let Some(mismatch) = first.mismatch(part) {
                return Err(format!("{name}: another array's walks: {mismatch}"));
            }
            if this.count() != shard.count() || this_walks != walks {
                return Err(format!(
                    "{name}: shard {this} of {this_walks} walks, but {first_name} is shard {shard} of {walks} walks"
                ));
            }
            let slot = &mut seen[this.index() as usize];
            if let Some(earlier) = slot.replace(name.as_str()) {
                return Err(format!("{name}: shard {this} is given twice (also {earlier})"));
            }
            if !part.shard_done() {
                return Err(format!("{name}: shard {this} is not done (run its task again)"));
            }
            for (pair, square) in part.squares.iter().enumerate() {
                if pair as u64 % this.count() == this.index() {
                    merged.squares[pair].clone_from(square);
                    merged.starts[pair].clone_from(&part.starts[pair]);
                }
            }
        }
        if let Some(missing) = seen.iter().position(Option::is_none) {
            return Err(format!("shard {missing}/{} is missing", shard.count()));
        }
        Ok(merged)
    }

    /// The file's text.
    pub fn render(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "{TITLE}");
        let _ = writeln!(text, "# seed={}", self.seed);
        let _ = writeln!(text, "# layout={}", RecipeLayout::Packed(self.indexing).name());
        let _ = writeln!(text, "# stream={}", self.stream.name());
        let _ = writeln!(text, "# walk_steps={}", self.steps);
        let _ = writeln!(text, "# walk_gap={}", self.gap);
        if let Some((shard, walks)) = self.part {
            let _ = writeln!(text, "# shard={shard}");
            let _ = writeln!(text, "# walks={walks}");
        }
        // Starts are written when some square's walks have theirs; a square whose starts are
        // not known (walked by an older version) has an empty `start` field.
        let with_starts = self
            .squares
            .iter()
            .zip(&self.starts)
            .any(|((_, magics), starts)| !magics.is_empty() && starts.len() == magics.len());
        let _ = writeln!(text, "{}", if with_starts { COLUMNS_WITH_START } else { COLUMNS });
        for (pair, (bits, magics)) in self.squares.iter().enumerate() {
            let (slider, square) = pair_parts(pair);
            for (index, magic) in magics.iter().enumerate() {
                let number = index + 1;
                if with_starts {
                    let start = match self.starts[pair].get(index) {
                        Some(start) if self.starts[pair].len() == magics.len() => start.to_string(),
                        _ => String::new(),
                    };
                    let _ = writeln!(text, "{slider},{square},{bits},{number},{start},{magic:#018X}");
                } else {
                    let _ = writeln!(text, "{slider},{square},{bits},{number},{magic:#018X}");
                }
            }
        }
        crate::text::seal(&text)
    }

    /// Reads a file [`WalkCache::render`] wrote. An error gives the line (1-based) and what is
    /// wrong: a missing header, a square's walks out of order, a square whose bits change.
    pub fn parse(text: &str) -> Result<WalkCache, (usize, String)> {
        // Sealed: a cache with a walk dropped, added, moved or edited is refused as a whole.
        let text = crate::text::unseal(text).map_err(|e| (0, e))?;
        let mut lines = text.lines().enumerate().map(|(index, line)| (index + 1, line));
        let mut header = |key: &str| -> Result<String, (usize, String)> {
            let (number, line) = lines.next().ok_or((0, format!("ends before its `# {key}=` line")))?;
            match key {
                "title" if line == TITLE => Ok(String::new()),
                "title" => Err((number, "not a walk cache of magic-gen pack (its first line differs)".into())),
                _ => line
                    .strip_prefix("# ")
                    .and_then(|rest| rest.strip_prefix(key))
                    .and_then(|rest| rest.strip_prefix('='))
                    .map(str::to_owned)
                    .ok_or((number, format!("expected `# {key}=`"))),
            }
        };
        header("title")?;
        let number = |(line, value): (usize, String)| {
            value.parse::<u64>().map_err(|_| (line, format!("`{value}` is not a whole number")))
        };
        let seed = number((2, header("seed")?))?;
        let indexing = match header("layout")?.as_str() {
            "black" => Indexing::Black,
            "fixed-shift" => Indexing::White,
            other => return Err((3, format!("layout `{other}` is not black or fixed-shift"))),
        };
        let stream = match header("stream")?.as_str() {
            "dense" => PackedStream::Dense,
            "few-term" => PackedStream::FewTerm,
            other => return Err((4, format!("stream `{other}` is not dense or few-term (the streams that walk)"))),
        };
        let steps = number((5, header("walk_steps")?))?;
        let gap = number((6, header("walk_gap")?))?;
        let gap = usize::try_from(gap).map_err(|_| (6, format!("walk_gap {gap} is out of range")))?;
        let mut part = None;
        let mut lines = lines.peekable();
        if lines.peek().is_some_and(|(_, line)| line.starts_with("# shard=")) {
            let (line, text) = lines.next().expect("peeked");
            let shard: Shard = text["# shard=".len()..]
                .parse()
                .map_err(|e| (line, format!("`{}`: {e}", crate::text::quote_prefix(text))))?;
            let (line, text) = lines.next().ok_or((0, "ends before its `# walks=` line".to_owned()))?;
            let walks = text
                .strip_prefix("# walks=")
                .and_then(|walks| walks.parse::<usize>().ok())
                .filter(|walks| (1..=MAX_WALKS).contains(walks))
                .ok_or((line, format!("expected `# walks=W` with W from 1 to {MAX_WALKS} after `# shard=`")))?;
            part = Some((shard, walks));
        }
        let (line, text) = lines.next().ok_or((0, "ends before its column line".to_owned()))?;
        let with_starts = match text {
            COLUMNS => false,
            COLUMNS_WITH_START => true,
            _ => return Err((line, format!("expected the column line `{COLUMNS_WITH_START}` or `{COLUMNS}`"))),
        };
        let mut squares: Vec<Option<(u32, Vec<u64>)>> = vec![None; 128];
        let mut starts: Vec<Vec<u64>> = vec![Vec::new(); 128];
        // Each square's first line, which a later line that contradicts it names.
        let mut first_lines = [0; 128];
        for (line, text) in lines {
            let at = |message: String| (line, message);
            let mut fields: Vec<&str> = text.split(',').collect();
            let columns = if with_starts { 6 } else { 5 };
            if fields.len() != columns {
                return Err(at(format!("{} fields where the header has {columns}", fields.len())));
            }
            let start = if with_starts { Some(fields.remove(4)) } else { None };
            let [slider, square, bits, walk, magic] = fields[..] else { unreachable!("five fields") };
            let slider: Slider = slider.parse().map_err(|e| at(format!("`{slider}` is {e}")))?;
            let square: Square = square.parse().map_err(|e| at(format!("`{square}` is {e}")))?;
            let bits: u32 = bits
                .parse()
                .ok()
                .filter(|bits| (1..=12).contains(bits))
                .ok_or_else(|| at(format!("{slider} {square}: `{bits}` index bits is not 1 to 12")))?;
            let walk: usize =
                walk.parse().map_err(|_| at(format!("{slider} {square}: walk `{walk}` is not a number")))?;
            let magic = magic
                .strip_prefix("0x")
                .and_then(|hex| u64::from_str_radix(hex, 16).ok())
                .ok_or_else(|| at(format!("{slider} {square}: `{magic}` is not a 0x-prefixed hex magic")))?;
            let pair = pair_index(slider, square);
            if let Some((shard, _)) = part.filter(|(shard, _)| pair as u64 % shard.count() != shard.index()) {
                return Err(at(format!("{slider} {square} is not a square of shard {shard}")));
            }
            if first_lines[pair] == 0 {
                first_lines[pair] = line;
            }
            let (known_bits, magics) = squares[pair].get_or_insert((bits, Vec::new()));
            if *known_bits != bits {
                return Err(at(format!(
                    "{slider} {square}: {bits} index bits, {known_bits} on its earlier lines (first on line {})",
                    first_lines[pair]
                )));
            }
            if magics.len() == MAX_WALKS {
                return Err(at(format!("{slider} {square}: more than {MAX_WALKS} walks")));
            }
            if walk != magics.len() + 1 {
                return Err(at(format!("{slider} {square}: walk {walk} where walk {} comes next", magics.len() + 1)));
            }
            magics.push(magic);
            if let Some(start) = start.filter(|start| !start.is_empty()) {
                if starts[pair].len() + 1 != magics.len() {
                    return Err(at(format!(
                        "{slider} {square}: walk {walk} names its start, an earlier walk does not"
                    )));
                }
                let position = start.parse::<u64>().map_err(|_| {
                    at(format!(
                        "{slider} {square}: start `{}` is not a stream position",
                        crate::text::quote_prefix(start)
                    ))
                })?;
                // Walk w starts from the w-th valid magic: the positions rise.
                if starts[pair].last().is_some_and(|&last| last >= position) {
                    return Err(at(format!(
                        "{slider} {square}: walk {walk} starts at {position}, not after walk {}'s start",
                        walk - 1
                    )));
                }
                starts[pair].push(position);
            }
        }
        let squares: Vec<(u32, Vec<u64>)> =
            squares.into_iter().map(|square| square.unwrap_or((0, Vec::new()))).collect();
        // A square's starts count only when every one of its walks names one.
        for (pair, (_, magics)) in squares.iter().enumerate() {
            if starts[pair].len() != magics.len() {
                starts[pair].clear();
            }
        }
        Ok(WalkCache { seed, indexing, stream, steps, gap, squares, starts, part })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> WalkCache {
        let mut cache =
            WalkCache::empty(5, Indexing::White, PackedStream::FewTerm, 300, 64, &super::super::fixed_bits());
        for (pair, (_, magics)) in cache.squares.iter_mut().enumerate() {
            magics.extend((0..pair as u64 % 3 + 1).map(|w| 0x0123_4567_89AB_CDEF ^ (pair as u64) << 8 ^ w));
        }
        cache
    }

    #[test]
    fn a_cache_reads_back_as_written() {
        let cache = sample();
        let text = cache.render();
        assert!(text.starts_with(TITLE));
        assert!(text.contains("\nrook,a1,12,1,0x0123456789ABCDEF\n"), "{text}");
        assert_eq!(WalkCache::parse(&text), Ok(cache.clone()));
        assert_eq!(cache.walks(), 1);
        assert_eq!(cache.mismatch(&cache), None);
    }

    #[test]
    fn damaged_caches_are_refused_with_the_line() {
        let sealed = sample().render();
        // Any change to a written cache breaks its checksum: two walks swapped, one dropped.
        let swapped =
            sealed.replacen("rook,b1,12,1,", "rook,b1,12,9,", 1).replacen("rook,b1,12,2,", "rook,b1,12,1,", 1);
        let dropped = sealed.replacen("rook,b1,12,2,", "#", 1);
        for damaged in [swapped, dropped, sealed.replacen("0x0123456789ABCDEF", "0x0123456789ABCDEE", 1)] {
            assert!(WalkCache::parse(&damaged).unwrap_err().1.contains("a line was changed"));
        }
        assert!(WalkCache::parse(crate::text::unseal(&sealed).unwrap()).unwrap_err().1.contains("cut short"));
        // A damaged line with a checksum to match is still refused, naming its line.
        let text = crate::text::unseal(&sealed).unwrap().to_owned();
        let cases: [(String, usize, &str); 9] = [
            (text.replacen("# valid-space", "# some", 1), 1, "not a walk cache"),
            (text.replacen("# seed=5", "# seed=x", 1), 2, "not a whole number"),
            (text.replacen("fixed-shift", "fancy", 1), 3, "not black or fixed-shift"),
            (text.replacen("rook,a1,12,1,", "rook,a1,12,2,", 1), 8, "walk 2 where walk 1 comes next"),
            (
                text.replacen("rook,b1,12,2,", "rook,b1,11,2,", 1),
                10,
                "11 index bits, 12 on its earlier lines (first on line 9)",
            ),
            (text.replacen("rook,a1,12,1,0x", "rook,a1,12,1,", 1), 8, "not a 0x-prefixed hex magic"),
            (text.replacen("slider,square", "square,slider", 1), 7, "expected the column line"),
            (text.replacen("# walk_gap=64\n", "# walk_gap=64\n# shard=0/2\n# walks=0\n", 1), 8, "# walks=W"),
            (
                text.replacen("# walk_gap=64\n", "# walk_gap=64\n# shard=1/2\n# walks=3\n", 1),
                10,
                "not a square of shard 1/2",
            ),
        ];
        for (damaged, line, message) in cases {
            let error = WalkCache::parse(&crate::text::seal(&damaged)).unwrap_err();
            assert_eq!(error.0, line, "{error:?}");
            assert!(error.1.contains(message), "{error:?}");
        }
    }

    /// A cache whose walks all name their starts writes and reads them; starts must rise.
    #[test]
    fn starts_read_back_and_must_rise() {
        let mut cache = sample();
        for (pair, (_, magics)) in cache.squares.iter().enumerate() {
            cache.starts[pair] = (0..magics.len() as u64).map(|w| 10 * w + pair as u64).collect();
        }
        let text = cache.render();
        assert!(text.contains("\nslider,square,bits,walk,start,magic\nrook,a1,12,1,0,0x0123456789ABCDEF\n"), "{text}");
        assert_eq!(WalkCache::parse(&text), Ok(cache.clone()));
        let body = crate::text::unseal(&text).unwrap().replacen("rook,c1,12,2,12,", "rook,c1,12,2,2,", 1);
        let error = WalkCache::parse(&crate::text::seal(&body)).unwrap_err();
        assert!(error.1.contains("rook c1: walk 2 starts at 2, not after walk 1's start"), "{error:?}");
        // A square without starts has empty fields, and reads back without them.
        cache.starts[5].clear();
        let text = cache.render();
        assert!(text.contains("\nrook,f1,12,1,,0x"), "{text}");
        assert_eq!(WalkCache::parse(&text), Ok(cache.clone()));
        // No square with starts: the columns without them.
        cache.starts.iter_mut().for_each(Vec::clear);
        assert!(cache.render().contains("\nslider,square,bits,walk,magic\n"));
    }

    /// A square with no walks (a run stopped while walking) reads back without them, and its
    /// bits are not compared; a shard's lines read back.
    #[test]
    fn partial_caches_and_shards_read_back() {
        let mut cache = sample();
        cache.squares[127] = (0, Vec::new());
        let text = cache.render();
        assert!(!text.contains("bishop,h8"));
        assert_eq!(WalkCache::parse(&text), Ok(cache.clone()));
        assert_eq!((cache.walks(), cache.mismatch(&sample())), (0, None));
        let mut shard = cache.clone();
        for (pair, square) in shard.squares.iter_mut().enumerate() {
            if pair % 3 != 1 {
                *square = (0, Vec::new());
            }
        }
        shard.part = Some((Shard::new(1, 3).unwrap(), 2));
        let text = shard.render();
        assert!(text.contains("# walk_gap=64\n# shard=1/3\n# walks=2\nslider,"), "{text}");
        assert_eq!(WalkCache::parse(&text), Ok(shard));
    }

    /// Shards merge into the whole cache; a shard twice, missing, unfinished or of other walks
    /// is refused by name.
    #[test]
    fn shards_merge_into_the_whole_cache() {
        let mut whole = sample();
        for (_, magics) in &mut whole.squares {
            magics.truncate(1);
        }
        let shard = |index: u64| {
            let mut part = whole.clone();
            for (pair, square) in part.squares.iter_mut().enumerate() {
                if pair as u64 % 3 != index {
                    *square = (0, Vec::new());
                }
            }
            part.part = Some((Shard::new(index, 3).unwrap(), 1));
            (format!("s{index}"), part)
        };
        let parts: Vec<_> = [2, 0, 1].into_iter().map(shard).collect();
        assert_eq!(WalkCache::merge_shards(&parts), Ok(whole.clone()));
        let refused = |parts: Vec<(String, WalkCache)>, message: &str| {
            let error = WalkCache::merge_shards(&parts).unwrap_err();
            assert!(error.contains(message), "{error}");
        };
        refused(vec![shard(0), shard(1), shard(1)], "s1: shard 1/3 is given twice");
        refused(vec![shard(0), shard(2)], "shard 1/3 is missing");
        let mut unfinished = shard(1);
        unfinished.1.squares[1].1.clear();
        refused(vec![shard(0), unfinished, shard(2)], "s1: shard 1/3 is not done");
        let mut other = shard(2);
        other.1.steps = 1;
        refused(vec![shard(0), shard(1), other], "s2: another array's walks");
        refused(vec![("w".into(), whole)], "w: a whole cache");
    }

    #[test]
    fn another_runs_walks_are_named() {
        let cache = sample();
        let other = WalkCache { gap: 0, ..cache.clone() };
        assert_eq!(cache.mismatch(&other).unwrap(), "made with walk_gap=64, this run has walk_gap=0");
        let mut bits = cache.clone();
        bits.squares[64].0 = 8;
        assert_eq!(cache.mismatch(&bits).unwrap(), "bishop a1 has 9 index bits there, 8 in this run");
    }

    #[test]
    fn merging_keeps_each_squares_longer_walks() {
        let short = sample();
        let mut long = short.clone();
        long.squares[3].1.push(7);
        let mut shorter = short.clone();
        shorter.squares[4].1.clear();
        let merged = shorter.merged(&long);
        assert_eq!(merged.squares[3].1, long.squares[3].1);
        assert_eq!(merged.squares[4].1, short.squares[4].1);
        assert_eq!(long.merged(&short), long);
    }
}
