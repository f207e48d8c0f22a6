//! Writing results: to standard output, or to a file that appears whole or not at all.

use std::io::Write as _;
use std::path::Path;

use magic_gen::files::{SearchResults, results_to_csv, results_to_json};
use magic_gen::search::check_bits;
use magic_gen::{Generated, ReferenceSet, SeedPlan, tables_from_magics};

use crate::Failure;
use crate::cli::ResultFormat;

/// The contents of `path`, or an error that names it.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))
}

/// Writes `text` to `path` through a temporary file in the same directory, renamed into place
/// only once complete, so an interrupted or failed run never leaves a partial file; or prints
/// it when there is no path.
pub fn write_text(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    let Some(path) = path else {
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(Failure::from);
    };
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| Failure(format!("cannot create a file in {}: {e}", dir.display())))?;
    file.write_all(text.as_bytes()).map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
    file.persist(path).map_err(|e| Failure(format!("cannot write {}: {}", path.display(), e.error)))?;
    Ok(())
}

/// The fancy table of complete results, verified, or why there is none.
pub fn complete_table(results: &SearchResults, plan: SeedPlan) -> Result<Generated, Failure> {
    let references = ReferenceSet::new();
    let mut found = Vec::with_capacity(128);
    for occ in references.iter() {
        let result = results.squares.iter().find(|r| (r.slider, r.square) == (occ.slider, occ.square));
        match result.and_then(|r| r.found.map(|f| (r.bits, f))) {
            Some((bits, (magic, candidates))) => {
                check_bits(occ, bits)?;
                found.push(magic_gen::search::FoundMagic { magic, bits, candidates, drawn: candidates })
            }
            None => {
                return Err(Failure(format!(
                    "a table needs a magic for all 128 squares; {} {} has none",
                    occ.slider, occ.square
                )));
            }
        }
    }
    let found = found.try_into().expect("one per reference pair");
    tables_from_magics(&references, found, plan).map_err(|e| Failure(format!("the magics do not verify: {e}")))
}

/// `results` in `format`.
pub fn render_results(results: &SearchResults, format: ResultFormat) -> Result<String, Failure> {
    Ok(match format {
        ResultFormat::Json => results_to_json(results),
        ResultFormat::Csv => results_to_csv(results),
        ResultFormat::Rust => magic_gen::emit::rust_source(&complete_table(results, SeedPlan::Master(results.seed))?),
        ResultFormat::C => magic_gen::emit::c_header(&complete_table(results, SeedPlan::Master(results.seed))?),
    })
}
