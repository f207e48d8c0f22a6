//! `magic-gen merge`: shard results into the result of the whole search.

use std::path::Path;

use magic_gen::ReferenceSet;
use magic_gen::files::{BLACK_RESULTS_TITLE, SearchResults, black_results_to_csv, read_black_results, read_results};
use magic_gen::recipe::Recipe;
use magic_gen::search::{Family, MagicTester, Shard, nth_candidate};

use crate::cli::{MAX_SHARDS, MergeArgs};
use crate::output::{render_results, write_text};
use crate::{Failure, Outcome};

/// Checks that every magic a shard claims is what it says: the candidate of that number in the
/// seed's stream for the square, and a magic (exhaustively, on every occupancy; a black magic
/// for the results of `search --black`, `black`).
fn check_claims(name: &str, part: &SearchResults, references: &ReferenceSet, black: bool) -> Result<(), Failure> {
    for square in &part.squares {
        let Some((magic, candidate)) = square.found else { continue };
        let (slider, board_square) = (square.slider, square.square);
        if candidate <= part.after {
            return Err(Failure(format!(
                "{name}: {slider} {board_square}: candidate {candidate} lies before the search's start (after candidate {})",
                part.after
            )));
        }
        let occupancies = references.get(slider, board_square);
        let family = Family::for_bits(slider, square.bits, occupancies.mask_bits());
        let derived = nth_candidate(part.seed, slider, board_square, family, candidate);
        if derived != Some(magic) {
            return Err(Failure(format!(
                "{name}: {slider} {board_square}: magic {magic:#018x} is not candidate {candidate} of seed {}'s stream",
                part.seed
            )));
        }
        let mut tester = if black {
            MagicTester::black(occupancies, square.bits)?
        } else {
            MagicTester::new(occupancies, square.bits)?
        };
        if !tester.is_magic(magic) {
            let kind = if black { "black magic" } else { "magic" };
            return Err(Failure(format!(
                "{name}: {slider} {board_square}: {magic:#018x} is not a {kind} with {} index bits",
                square.bits
            )));
        }
    }
    Ok(())
}

/// Combines shard results: per square the found magic with the smallest candidate number,
/// which is the magic the unsharded search finds first, and the candidates drawn added up.
/// Refuses shards of different settings (seed, shard count, candidate limit, start, squares and
/// bits), a shard given twice or missing, naming them.
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
        if part.max_candidates != first.max_candidates {
            let show = |limit: Option<u64>| limit.map_or("none".to_owned(), |l| l.to_string());
            return Err(Failure(format!(
                "candidate limits differ: {} ({}) and {} ({})",
                show(first.max_candidates),
                first.shard,
                show(part.max_candidates),
                part.shard
            )));
        }
        if part.after != first.after {
            return Err(Failure(format!(
                "starting points differ: after candidate {} ({}) and {} ({})",
                first.after, first.shard, part.after, part.shard
            )));
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
        square.found = parts.iter().filter_map(|p| p.squares[i].found).min_by_key(|&(_, candidate)| candidate);
        check_coverage(parts, i, square.found.map(|(_, candidate)| candidate))?;
        // What the unsharded search draws: from its start up to its magic, or (the shards
        // covering its candidates exactly) all of them.
        square.drawn = match square.found {
            Some((_, candidate)) => candidate.saturating_sub(first.after),
            None => parts.iter().map(|p| p.squares[i].drawn).sum(),
        };
    }
    Ok(merged)
}

/// Checks that the shards searched what a merged answer for square `i` claims: with a magic at
/// candidate `first`, that every shard drew all its candidates numbered below it (else a shard
/// stopped early, by `--time` or a signal, may own an earlier magic); without one, that every
/// shard drew its whole share of the candidate limit. A shard's `drawn` counts the candidates
/// it drew after the common start.
fn check_coverage(parts: &[SearchResults], i: usize, first: Option<u64>) -> Result<(), Failure> {
    for part in parts {
        let result = &part.squares[i];
        let owned_from_start =
            |number: u64| part.shard.owned_up_to(number).saturating_sub(part.shard.owned_up_to(part.after));
        let (needed, what) = match (first, part.max_candidates) {
            (Some(first), _) => {
                (owned_from_start(first - 1), format!("below candidate {first}, where another shard found its magic"))
            }
            (None, Some(limit)) => {
                (owned_from_start(part.after.saturating_add(limit)), format!("up to the limit of {limit}"))
            }
            // A search limited by time only claims nothing about what it did not draw.
            (None, None) => continue,
        };
        if result.drawn < needed {
            return Err(Failure(format!(
                "shard {}: {} {} drew {} of its {needed} candidates {what}: it stopped early (--time or a signal); run that shard again with a candidate limit before merging",
                part.shard, result.slider, result.square, result.drawn
            )));
        }
    }
    Ok(())
}

/// Combines the recipes of a portfolio's members (`pack --shard I/N`, named for
/// messages): each is verified exhaustively, all must be the same run but for the member, every
/// member once; the smallest table wins (ties: the lower member), and its command becomes the
/// one-process `--portfolio N` that gives the same recipe. Returns the recipe's text.
pub fn merge_portfolio(references: &ReferenceSet, recipes: Vec<(String, Recipe)>) -> Result<String, Failure> {
    /// (member, members, the command without `--shard`, the recipe, (entries, used)).
    type Member = (u64, u64, String, Recipe, (usize, usize));
    let mut members: Vec<Member> = Vec::new();
    // Each member's file, so that one given twice names both.
    let mut names: Vec<String> = Vec::new();
    for (name, recipe) in recipes {
        let command = recipe.command.clone().unwrap_or_default();
        let (base, member) = command
            .rsplit_once(" --shard ")
            .ok_or_else(|| Failure(format!("{name}: not a recipe of `pack --shard I/N`")))?;
        let shard: Shard = member.parse().map_err(|e| Failure(format!("{name}: --shard {member}: {e}")))?;
        if recipe.checkpoint.as_ref().is_some_and(|c| c.stopped != "budget") {
            return Err(Failure(format!("{name}: member {shard} did not finish (it was stopped): run it again")));
        }
        let report = recipe.check(&name, references).map_err(Failure)?;
        if let Some(first) = members.first() {
            if let Some((budget, first_budget)) = crate::pack_cmd::other_budget(base, &first.2) {
                return Err(Failure(format!(
                    "{name}: member {shard} ran another budget, --iterations {budget} against {first_budget} (a member --time ended records the budget it reached): merge members of one budget"
                )));
            }
            if first.2 != base || first.1 != shard.count() {
                return Err(Failure(format!("{name}: another run's member (its settings differ from {})", first.2)));
            }
            if let Some(at) = members.iter().position(|m| m.0 == shard.index()) {
                return Err(Failure(format!("{name}: member {shard} is given twice (also {})", names[at])));
            }
        }
        members.push((shard.index(), shard.count(), base.to_owned(), recipe, (report.entries, report.used)));
        names.push(name);
    }
    let count = members.first().ok_or_else(|| Failure("nothing to merge".to_owned()))?.1;
    if let Some(missing) = (0..count).find(|i| !members.iter().any(|m| m.0 == *i)) {
        return Err(Failure(format!("member {missing}/{count} is missing")));
    }
    let (member, _, base, mut best, size) =
        members.into_iter().min_by_key(|m| (m.4.0, m.0)).expect("at least one member");
    note!("portfolio of {count}: member {member} has the smallest table, {} entries", size.0);
    best.command = Some(format!("{base} --portfolio {count}"));
    Ok(magic_gen::text::seal(&best.render(Some(size))))
}

pub fn run(args: MergeArgs) -> Result<Outcome, Failure> {
    crate::output::check_writable(args.output.as_deref())?;
    let inputs: Vec<(&str, &Path)> = args.files.iter().map(|path| ("file", path.as_path())).collect();
    crate::output::check_not_input(args.output.as_deref(), &inputs)?;
    let references = ReferenceSet::new();
    let mut parts = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        if magic_gen::text::strip_bom(&text).starts_with(BLACK_RESULTS_TITLE) {
            return merge_black(&args, &references);
        }
        if text.starts_with(crate::sweep_cmd::TITLE) {
            let mut files = Vec::new();
            for path in &args.files {
                files.push((path.display().to_string(), crate::output::read_text(path)?));
            }
            write_text(args.output.as_deref(), &crate::sweep_cmd::merge(&files)?)?;
            return Ok(Outcome::Success);
        }
        if text.starts_with(magic_gen::dense::WALK_CACHE_TITLE) {
            return merge_walks(&args, &references);
        }
        if text.trim_start().starts_with('#') {
            return merge_recipes(&args, &references);
        }
        if !text.trim_start().starts_with('{') {
            return Err(Failure(format!(
                "{}: merge needs JSON results (they record the seed and shard); CSV results do not",
                path.display()
            )));
        }
        let part = read_results(path, &text)?;
        check_claims(&path.display().to_string(), &part, &references, false)?;
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
    Ok(report(parts.len(), &merged, "magic"))
}

/// Says how many squares the merged result has a `kind` for; exit code 1 if any has none.
fn report(shards: usize, merged: &SearchResults, kind: &str) -> Outcome {
    let missing = merged.squares.iter().filter(|s| s.found.is_none()).count();
    let squares = merged.squares.len();
    note!("merged {shards} shards: {} of {squares} squares have a {kind}", squares - missing);
    if missing == 0 { Outcome::Success } else { Outcome::Negative }
}

/// `merge` of the CSV results of `search --black --shard I/N` runs: checked and combined as
/// JSON results are, written as the CSV the unsharded search writes (whatever `--format` says:
/// black results have no other format).
fn merge_black(args: &MergeArgs, references: &ReferenceSet) -> Result<Outcome, Failure> {
    let mut parts = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        let part = read_black_results(path, &text).map_err(|e| Failure(e.to_string()))?;
        check_claims(&path.display().to_string(), &part, references, true)?;
        if part.squares.is_empty() {
            return Err(Failure(format!("{}: lists no squares, so there is nothing to merge", path.display())));
        }
        parts.push(part);
    }
    let merged = merge(&parts)?;
    write_text(args.output.as_deref(), &black_results_to_csv(&merged))?;
    Ok(report(parts.len(), &merged, "black magic"))
}

/// `merge` of walk caches: the shards of `walk --shard I/N` into the cache one process writes,
/// every magic checked valid.
fn merge_walks(args: &MergeArgs, references: &ReferenceSet) -> Result<Outcome, Failure> {
    let mut parts = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        let cache = crate::pack_cmd::parse_walk_cache(path, &text)?;
        cache.check_valid(references).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        parts.push((path.display().to_string(), cache));
    }
    let merged = magic_gen::dense::WalkCache::merge_shards(&parts).map_err(Failure)?;
    write_text(args.output.as_deref(), &merged.render())?;
    note!("merged {} walk shards: {} walks of each of the 128 squares", parts.len(), merged.walks());
    Ok(Outcome::Success)
}

/// `merge` of recipes: a portfolio's members.
fn merge_recipes(args: &MergeArgs, references: &ReferenceSet) -> Result<Outcome, Failure> {
    let mut recipes = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        // A member's `--shard` is what tells it apart, and no check of its table can confirm
        // it: only a member as the packer wrote it, checksum and all, is merged.
        if !magic_gen::text::is_sealed(&text) {
            return Err(Failure(format!(
                "{}: no checksum line: not a portfolio member as `pack --shard I/N` writes it",
                path.display()
            )));
        }
        let recipe = Recipe::parse(&text).map_err(|e| Failure(e.located(&path.display().to_string())))?;
        recipes.push((path.display().to_string(), recipe));
    }
    let text = merge_portfolio(references, recipes)?;
    write_text(args.output.as_deref(), &text)?;
    Ok(Outcome::Success)
}
