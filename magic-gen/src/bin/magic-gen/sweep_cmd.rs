//! `magic-gen sweep`: every magic of one (slider, square) with a given number of index bits, by
//! the exhaustive search ([`magic_gen::search::exhaustive`]), or one shard of it.
//!
//! The output is a list of magics (one hexadecimal number a line, which `verify` reads) headed
//! by `# key=value` lines that hold the settings and the shard's cursor, so that `--resume`
//! continues a stopped run and `merge` of every shard gives the unsharded file byte for byte.

use std::path::Path;

use magic_gen::search::exhaustive::{Color, Cursor, ExhaustiveSearch, Shard, Status};
use magic_gen::text::parse_hex;
use magic_gen::{Slider, Square};

use crate::cli::SweepArgs;
use crate::interrupt::{Reason, Stop};
use crate::output::{check_writable, read_text, write_text};
use crate::{Failure, Outcome};

/// The first line of a sweep file.
pub const TITLE: &str = "# magic-gen sweep: every magic below the period, ascending";

/// A sweep file: its settings and cursor.
pub struct SweepFile {
    /// The square swept.
    pub slider: Slider,
    /// The square swept.
    pub square: Square,
    /// Index bits.
    pub bits: u32,
    /// Black or white magics.
    pub color: Color,
    /// Where the shard stands.
    pub cursor: Cursor,
    /// The shard's last first-field value plus one.
    pub end: u64,
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
        Color::BlackFromTop => "black-from-top",
        Color::NegatedBlack { .. } => "negated-black",
    }
}

/// The file's text.
pub fn render(file: &SweepFile) -> String {
    let cursor = &file.cursor;
    let status = if cursor.next == file.end { "complete" } else { "partial" };
    let levels: Vec<String> = cursor.level_tests.iter().map(u64::to_string).collect();
    let mut text = format!(
        "{TITLE}\n# slider={}\n# square={}\n# bits={}\n# color={}\n# shard={}\n# next={}\n# end={}\n# status={status}\n# tests={}\n# nodes={}\n# level_tests={}\n",
        file.slider,
        file.square,
        file.bits,
        color_name(file.color),
        cursor.shard,
        cursor.next,
        file.end,
        cursor.tests(),
        cursor.nodes,
        levels.join(" ")
    );
    if let Color::NegatedBlack { below, ones, class } = file.color {
        text += &format!("# below={below}\n");
        if ones < 64 {
            text += &format!("# ones={ones}\n");
        }
        if class > 0 {
            text += &format!("# class={class}\n");
        }
    }
    // The count and the checksum let a reader notice a list cut short or edited.
    text += &format!("# magics={}\n", cursor.magics.len());
    for magic in &cursor.magics {
        text += &format!("{magic:#018x}\n");
    }
    magic_gen::text::seal(&text)
}

/// Reads a sweep file (`name` for messages).
pub fn parse(name: &str, text: &str) -> Result<SweepFile, Failure> {
    let text = magic_gen::text::unseal(text).map_err(|e| Failure(format!("{name}: {e}")))?;
    let mut fields = std::collections::BTreeMap::new();
    let mut magics = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let at = |message: String| Failure(format!("{name}:{}: {message}", number + 1));
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some((key, value)) = comment.split_once('=') {
                fields.insert(key.trim().to_owned(), value.trim().to_owned());
            }
        } else if !line.is_empty() {
            let magic = parse_hex(line).map_err(at)?;
            // A sweep lists each magic once, ascending.
            if magics.last().is_some_and(|&last| last >= magic) {
                return Err(at(format!("{magic:#018x} is not above the magic before it: the list is not a sweep's")));
            }
            magics.push(magic);
        }
    }
    let field = |key: &str| {
        fields.get(key).cloned().ok_or_else(|| Failure(format!("{name}: no `# {key}=` line: not a sweep file")))
    };
    let number = |key: &str| -> Result<u64, Failure> {
        field(key)?.parse().map_err(|_| Failure(format!("{name}: `# {key}=` is not a whole number")))
    };
    // A line a sweep writes only when it differs from its default.
    let number_or = |key: &str, default: u64| if fields.contains_key(key) { number(key) } else { Ok(default) };
    let slider: Slider = field("slider")?.parse().map_err(|e| Failure(format!("{name}: {e}")))?;
    let square: Square = field("square")?.parse().map_err(|e| Failure(format!("{name}: {e}")))?;
    let bits = u32::try_from(number("bits")?).map_err(|_| Failure(format!("{name}: bits out of range")))?;
    let color = match field("color")?.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        "black-from-top" => Color::BlackFromTop,
        "negated-black" => {
            let below = u32::try_from(number("below")?).map_err(|_| Failure(format!("{name}: below out of range")))?;
            // Files of sweeps without a limit on set bits have no `# ones=` line, and of class 0
            // no `# class=` line.
            let ones =
                u32::try_from(number_or("ones", 64)?).map_err(|_| Failure(format!("{name}: ones out of range")))?;
            let class = number_or("class", 0)?;
            Color::NegatedBlack { below, ones, class }
        }
        other => {
            return Err(Failure(format!(
                "{name}: color `{other}` is not white, black, black-from-top or negated-black"
            )));
        }
    };
    let shard: Shard = field("shard")?.parse().map_err(|e| Failure(format!("{name}: {e}")))?;
    let level_tests = field("level_tests")?
        .split_whitespace()
        .map(|v| v.parse().map_err(|_| Failure(format!("{name}: `# level_tests=` holds whole numbers"))))
        .collect::<Result<Vec<u64>, _>>()?;
    if number("magics")? != magics.len() as u64 {
        return Err(Failure(format!(
            "{name}: `# magics=` says {}, the file lists {}",
            number("magics")?,
            magics.len()
        )));
    }
    let mask = magic_gen::geometry::relevant_mask(slider, square);
    let cursor =
        Cursor { mask, bits, color, shard, next: number("next")?, magics, level_tests, nodes: number("nodes")? };
    if cursor.tests() != number("tests")? {
        return Err(Failure(format!("{name}: `# tests=` is not the sum of `# level_tests=`")));
    }
    Ok(SweepFile { slider, square, bits, color, cursor, end: number("end")? })
}

/// Checks `file` (its magics and range, [`check_magics`], through `search`, a search of the
/// file's settings) and that its shard is complete.
pub fn check_complete(name: &str, file: &SweepFile, search: &ExhaustiveSearch) -> Result<(), Failure> {
    check_magics(name, file, search)?;
    if file.cursor.next != file.end {
        return Err(Failure(format!("{name}: shard {} is not complete: --resume it", file.cursor.shard)));
    }
    Ok(())
}

/// Checks every magic of `file` against the slow reference (through `search`, a search of the
/// file's settings) and its shard's range: a list that says where a sweep stands must hold
/// only magics, and a complete one must say it is.
fn check_magics(name: &str, file: &SweepFile, search: &ExhaustiveSearch) -> Result<(), Failure> {
    let range = search.shard_range(file.cursor.shard);
    if file.end != range.end || !(range.start..=range.end).contains(&file.cursor.next) {
        return Err(Failure(format!(
            "{name}: shard {} covers first-field values {}..{}, the file says it ends at {} and stands at {}",
            file.cursor.shard, range.start, range.end, file.end, file.cursor.next
        )));
    }
    for &magic in &file.cursor.magics {
        if !search.is_magic(magic) {
            return Err(Failure(format!("{name}: {magic:#018x} is not a magic of this sweep")));
        }
    }
    Ok(())
}

pub fn run(args: SweepArgs) -> Result<Outcome, Failure> {
    check_writable(Some(&args.output))?;
    let bits = args.target.bits(false)?;
    let (slider, square) = (args.target.slider, args.target.square);
    let color = args.color();
    let search = ExhaustiveSearch::with_color(slider, square, bits, color)
        .map_err(|e| Failure(format!("{} {}: {e}", slider, square)))?;
    let shard = args.shard.unwrap_or(Shard::new(0, 1).expect("0/1 exists"));
    Shard::new(shard.index(), shard.count()).map_err(|e| Failure(e.to_string()))?;
    search.check_shard(shard).map_err(|e| Failure(format!("--shard {shard}: {e}")))?;
    let cursor = match &args.resume {
        Some(path) => {
            let name = path.display().to_string();
            let file = parse(&name, &read_text(path)?)?;
            if (file.slider, file.square, file.bits, file.color) != (slider, square, bits, color) {
                return Err(Failure(format!("{name}: a sweep of other settings")));
            }
            if file.cursor.shard != shard {
                return Err(Failure(format!(
                    "{name}: shard {} of the sweep, not shard {shard}: resume it with --shard {}",
                    file.cursor.shard, file.cursor.shard
                )));
            }
            check_magics(&name, &file, &search)?;
            Some(file.cursor)
        }
        None => None,
    };
    let stop = Stop::install(args.time)?;
    let started = std::time::Instant::now();
    let outcome = search
        .run(shard, cursor, stop.flag(), None)
        .map_err(|e| Failure(format!("{}: {e}", args.resume.as_deref().unwrap_or(Path::new("-")).display())))?;
    let end = search.shard_range(shard).end;
    let file = SweepFile { slider, square, bits, color, cursor: outcome.cursor, end };
    write_text(Some(&args.output), &render(&file))?;
    let seconds = started.elapsed().as_secs_f64();
    note!(
        "{} {} {bits} bits ({}), shard {shard}: {} magics, {} tests in {seconds:.1} s ({:.1} M tests/s){}",
        slider,
        square,
        color_name(color),
        file.cursor.magics.len(),
        file.cursor.tests(),
        outcome.nodes_run as f64 / seconds.max(1e-9) / 1e6,
        if outcome.status == Status::Complete {
            "; complete".to_owned()
        } else {
            format!("; stopped before value {} of {end}: --resume goes on", file.cursor.next)
        },
    );
    match stop.reason().and_then(Reason::exit_code) {
        Some(code) if outcome.status != Status::Complete => Ok(Outcome::Stopped(code)),
        _ => Ok(Outcome::Success),
    }
}

/// `merge` of sweep files: every shard of one sweep once, each complete; the union of their
/// magics, ascending, as one unsharded sweep writes it. It says how far the sweep is (`k of N
/// shards complete, magics found: …`, the magics of every file given, partial ones too): on
/// standard error when all are there, else in the error, which names the first shard missing
/// or partial.
pub fn merge(files: &[(String, String)]) -> Result<String, Failure> {
    let parsed = files.iter().map(|(name, text)| parse(name, text)).collect::<Result<Vec<_>, _>>()?;
    let first = parsed.first().ok_or_else(|| Failure("nothing to merge".to_owned()))?;
    let count = first.cursor.shard.count();
    let search = ExhaustiveSearch::with_color(first.slider, first.square, first.bits, first.color)
        .map_err(|e| Failure(e.to_string()))?;
    search.check_shard(first.cursor.shard).map_err(|e| Failure(format!("{}: {e}", files[0].0)))?;
    // The file each shard came from, so that one given twice names both.
    let mut seen = std::collections::BTreeMap::new();
    for (file, (name, _)) in parsed.iter().zip(files) {
        if (file.slider, file.square, file.bits, file.color, file.cursor.shard.count())
            != (first.slider, first.square, first.bits, first.color, count)
        {
            return Err(Failure(format!("{name}: a sweep of other settings than {}", files[0].0)));
        }
        if let Some(earlier) = seen.insert(file.cursor.shard.index(), name) {
            return Err(Failure(format!("{name}: shard {} is given twice (also {earlier})", file.cursor.shard)));
        }
        // Every file has the first's settings (checked above): one search checks them all.
        check_magics(name, file, &search)?;
    }
    let complete = parsed.iter().filter(|f| f.cursor.next == f.end).count();
    let mut found: Vec<u64> = parsed.iter().flat_map(|f| f.cursor.magics.iter().copied()).collect();
    found.sort_unstable();
    let progress = progress(complete, count, &found);
    if let Some((file, (name, _))) = parsed.iter().zip(files).find(|(f, _)| f.cursor.next != f.end) {
        return Err(Failure(format!("{progress}; {name}: shard {} is not complete: --resume it", file.cursor.shard)));
    }
    // The first index not given: the first place where the given ones skip one.
    let missing =
        seen.keys().enumerate().find(|&(i, &index)| i as u64 != index).map_or(seen.len() as u64, |(i, _)| i as u64);
    if missing < count {
        return Err(Failure(format!("{progress}; shard {missing}/{count} is missing")));
    }
    note!("{progress}");
    let whole = Shard::new(0, 1).expect("0/1 exists");
    let mut cursor = search.start(whole);
    cursor.next = search.shard_range(whole).end;
    for file in &parsed {
        cursor.nodes += file.cursor.nodes;
        cursor.level_tests.iter_mut().zip(&file.cursor.level_tests).for_each(|(a, b)| *a += b);
    }
    cursor.magics = found;
    let end = cursor.next;
    Ok(render(&SweepFile {
        slider: first.slider,
        square: first.square,
        bits: first.bits,
        color: first.color,
        cursor,
        end,
    }))
}

/// `k of N shards complete, magics found: …` (the first few, and how many).
pub fn progress(complete: usize, count: u64, magics: &[u64]) -> String {
    const SHOWN: usize = 8;
    let listed: Vec<String> = magics.iter().take(SHOWN).map(|m| format!("{m:#018x}")).collect();
    let found = match magics.len() {
        0 => "none".to_owned(),
        n if n <= SHOWN => listed.join(" "),
        n => format!("{n}: {} …", listed.join(" ")),
    };
    format!("{complete} of {count} shards complete, magics found: {found}")
}
