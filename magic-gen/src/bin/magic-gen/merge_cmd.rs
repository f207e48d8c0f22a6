//! `magic-gen merge`: shard results into the result of the whole search.

use magic_gen::files::{SearchResults, read_results};
use magic_gen::search::Shard;

use crate::cli::{MAX_SHARDS, MergeArgs};
use crate::output::{render_results, write_text};
use crate::{Failure, Outcome};

/// Combines shard results: per square the found magic with the smallest candidate number,
/// which is the magic the unsharded search finds first, and the candidates drawn added up.
pub fn merge(parts: &[SearchResults]) -> Result<SearchResults, Failure> {
    let first = parts.first().ok_or_else(|| Failure("nothing to merge".to_owned()))?;
    let count = first.shard.count();
    // A corrupt count must not size the table below; `search` writes at most MAX_SHARDS.
    if count > MAX_SHARDS {
        return Err(Failure(format!(
            "shard {} is out of range: the shard count must be 1 to {MAX_SHARDS}",
            first.shard
        )));
    }
    let mut seen = vec![false; count as usize];
    for part in parts {
        if part.seed != first.seed {
            return Err(Failure(format!("seeds differ: {} and {}", first.seed, part.seed)));
        }
        if part.shard.count() != count {
            return Err(Failure(format!("shard counts differ: {} and {}", first.shard, part.shard)));
        }
        let pairs = |r: &SearchResults| r.squares.iter().map(|s| (s.slider, s.square, s.bits)).collect::<Vec<_>>();
        if pairs(part) != pairs(first) {
            return Err(Failure(format!(
                "shards {} and {} searched different squares or bits",
                first.shard, part.shard
            )));
        }
        let slot = &mut seen[part.shard.index() as usize];
        if *slot {
            return Err(Failure(format!("shard {} is given twice", part.shard)));
        }
        *slot = true;
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(Failure(format!("shard {missing}/{count} is missing")));
    }
    let mut merged = first.clone();
    merged.shard = Shard::WHOLE;
    for (i, square) in merged.squares.iter_mut().enumerate() {
        square.drawn = parts.iter().map(|p| p.squares[i].drawn).sum();
        square.found = parts.iter().filter_map(|p| p.squares[i].found).min_by_key(|&(_, candidate)| candidate);
    }
    Ok(merged)
}

pub fn run(args: MergeArgs) -> Result<Outcome, Failure> {
    crate::output::check_writable(args.output.as_deref())?;
    let mut parts = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        if !text.trim_start().starts_with('{') {
            return Err(Failure(format!(
                "{}: merge needs JSON results (they record the seed and shard); CSV results do not",
                path.display()
            )));
        }
        let part = read_results(path, &text)?;
        if part.squares.is_empty() {
            return Err(Failure(format!("{}: lists no squares, so there is nothing to merge", path.display())));
        }
        parts.push(part);
    }
    let merged = merge(&parts)?;
    let text = match render_results(&merged, args.format) {
        Ok(text) => text,
        Err(error) => return error.into_outcome(),
    };
    write_text(args.output.as_deref(), &text)?;
    let missing = merged.squares.iter().filter(|s| s.found.is_none()).count();
    eprintln!(
        "merged {} shards: {} of {} squares have a magic",
        parts.len(),
        merged.squares.len() - missing,
        merged.squares.len()
    );
    Ok(if missing == 0 { Outcome::Success } else { Outcome::Negative })
}
