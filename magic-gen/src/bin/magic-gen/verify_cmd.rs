//! `magic-gen verify`: exhaustive checks of magic set files.

use magic_gen::ReferenceSet;
use magic_gen::files::{LoadedSet, is_magic_list, read_magic_list, read_magic_set};
use magic_gen::magic_set::{check_set, check_structure};
use magic_gen::search::MagicTester;

use crate::cli::VerifyArgs;
use crate::output::write_text;
use crate::{Failure, Outcome};

pub fn run(args: VerifyArgs) -> Result<Outcome, Failure> {
    if args.rederive {
        return crate::rederive::run(&args.files, args.time);
    }
    // Read every file first, so a malformed one stops the run before any report.
    let mut loaded = Vec::new();
    for path in &args.files {
        let text = crate::output::read_text(path)?;
        if is_magic_list(&text) {
            loaded.push((path, Input::List(read_magic_list(path, &text)?)));
            continue;
        }
        let file = read_magic_set(path, &text)?;
        // A set that cannot describe a table at all (a square twice or missing) is bad input,
        // not a table that fails verification.
        check_structure(&file.set).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        loaded.push((path, Input::Set(file)));
    }
    // The options describe a plain list's square; a set names its own squares, and silently
    // checking all of them when the user asked for one would be a wrong answer to the question.
    let plain_list_options = args.slider.is_some() || args.square.is_some() || args.bits.is_some();
    let set = loaded.iter().find(|(_, input)| matches!(input, Input::Set(_))).filter(|_| plain_list_options);
    if let Some((path, _)) = set {
        return Err(Failure(format!(
            "{}: --slider, --square and --bits describe a plain list of magics; this file is a magic set that names its own squares (give them without these options)",
            path.display()
        )));
    }
    let list_square = if loaded.iter().any(|(_, input)| matches!(input, Input::List(_))) {
        match (args.slider, args.square, args.bits) {
            (Some(slider), Some(square), Some(bits)) => Some((slider, square, bits)),
            _ => return Err(Failure("a plain list of magics needs --slider, --square and --bits".to_owned())),
        }
    } else {
        None
    };
    let references = ReferenceSet::new();
    let mut all_valid = true;
    for (path, input) in loaded {
        // Each file's report is written when it is complete, and a failed write is an error.
        let mut out = String::new();
        let file = match input {
            Input::Set(file) => file,
            Input::List(magics) => {
                let square = list_square.expect("set when a list was read");
                all_valid &= verify_list(path, &references, square, &magics, &mut out)?;
                write_text(None, &out)?;
                continue;
            }
        };
        say!(out, "{}: {}", path.display(), file.kind);
        for line in &file.derivation {
            say!(out, "  {line}");
        }
        let rooks = file.set.entries.iter().filter(|e| e.slider == magic_gen::Slider::Rook).count();
        say!(out, "  squares: {} (rook {rooks}, bishop {})", file.set.entries.len(), file.set.entries.len() - rooks);
        if !file.not_found.is_empty() {
            let names: Vec<String> = file.not_found.iter().map(|(sl, sq)| format!("{sl} {sq}")).collect();
            say!(out, "  without a magic in the file: {}", names.join(", "));
        }
        if file.set.entries.is_empty() {
            // Checking nothing is not a success: an empty file, or results without a single
            // magic, answer "no" to "are these magics valid?".
            all_valid = false;
            say!(out, "  valid: no: the file has no magic to check");
            write_text(None, &out)?;
            continue;
        }
        let name = path.display().to_string();
        let checked = check_set(&file.set, &references).map_err(|e| e.in_file(&name, &file.set)).and_then(|report| {
            // A recipe's stated size is part of what it claims.
            match file.stated_size.and_then(|stated| report.stated_size_error(&name, &file.set, stated)) {
                Some(error) => Err(error),
                None => Ok(report),
            }
        });
        match checked {
            Ok(report) => {
                say!(out, "  valid: yes ({} occupancies checked against the reference)", report.occupancies_checked);
                say!(
                    out,
                    "  entries: {} (max index + 1), {:.1} KiB; slots used: {} ({:.1}%)",
                    report.entries,
                    report.entries as f64 * 8.0 / 1024.0,
                    report.used,
                    100.0 * report.used as f64 / report.entries.max(1) as f64
                );
                if report.entries_with_unlisted_minimal != report.entries {
                    say!(
                        out,
                        "  entries with minimal (mask-sized) slices for the {} unlisted squares: {}",
                        128 - report.squares,
                        report.entries_with_unlisted_minimal
                    );
                }
                if report.overlapping_squares == 0 {
                    say!(out, "  overlapping squares: none");
                } else {
                    say!(
                        out,
                        "  overlapping squares: {} of {} interleave with another, all compatible ({} slots shared by two squares)",
                        report.overlapping_squares,
                        report.squares,
                        report.shared_slots
                    );
                }
            }
            Err(error) => {
                all_valid = false;
                say!(out, "  valid: no: {error}");
            }
        }
        write_text(None, &out)?;
    }
    Ok(if all_valid { Outcome::Success } else { Outcome::Negative })
}

/// What a file holds.
enum Input {
    /// A magic set in some layout.
    Set(LoadedSet),
    /// (line, magic) of a plain list for one square.
    List(Vec<(u64, u64)>),
}

/// Checks every magic of a plain list for one (slider, square, bits); reports the first failure.
fn verify_list(
    path: &std::path::Path,
    references: &ReferenceSet,
    (slider, square, bits): (magic_gen::Slider, magic_gen::Square, u32),
    magics: &[(u64, u64)],
    out: &mut String,
) -> Result<bool, Failure> {
    let occ = references.get(slider, square);
    let mut tester = MagicTester::new(occ, bits)?;
    say!(out, "{}: list of {} magics for {slider} {square} with {bits} index bits", path.display(), magics.len());
    match magics.iter().find(|&&(_, magic)| !tester.is_magic(magic)) {
        None => {
            say!(out, "  valid: yes, all {} (each checked on all {} occupancies)", magics.len(), occ.blockers.len());
            Ok(true)
        }
        Some(&(line, magic)) => {
            say!(out, "  valid: no: {}:{line}: {magic:#018x} has a destructive collision", path.display());
            Ok(false)
        }
    }
}
