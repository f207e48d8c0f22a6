//! `magic-gen emit`: any layout's complete verified tables as Rust or C source, from a search
//! now, search results, a recipe or a published table.

use std::path::Path;

use build_support::checksum::Fnv1a64;
use magic_gen::emit;
use magic_gen::files::read_results;
use magic_gen::layout::MagicSource;
use magic_gen::layouts::{self, Inputs, fancy_dense, overlapped};
use magic_gen::pieces::PieceTables;
use magic_gen::records::is_record_file;
use magic_gen::shipped;
use magic_gen::text::quote_prefix;
use magic_gen::{Generated, ReferenceSet, SeedPlan, generate_fancy};

use crate::cli::{EmitArgs, EmitLayout, SourceFormat};
use crate::output::{complete_table, write_text};
use crate::{Failure, Outcome};

/// The fancy magics a layout built on them uses: from a results file or a search now.
enum Fancy {
    Found(Box<Generated>),
    /// The search or the results gave no table: the outcome to end with.
    Ended(Result<Outcome, Failure>),
}

fn seed_plan(seed: &str) -> Result<SeedPlan, Failure> {
    if seed == "tuned" {
        return Ok(SeedPlan::Tuned);
    }
    seed.parse()
        .map(SeedPlan::Master)
        .map_err(|_| Failure(format!("--seed `{}` is neither a whole number nor `tuned`", quote_prefix(seed))))
}

fn search(references: &ReferenceSet, plan: SeedPlan, max_candidates: u64) -> Fancy {
    match generate_fancy(references, plan, max_candidates) {
        Ok(generated) => Fancy::Found(Box::new(generated)),
        Err(error) => {
            note!("{error}");
            Fancy::Ended(Ok(Outcome::Negative))
        }
    }
}

pub fn run(args: EmitArgs) -> Result<Outcome, Failure> {
    if args.max_candidates == 0 {
        return Err(Failure(format!("--max-candidates 0 is out of range: 1 to {}", u64::MAX)));
    }
    if args.format == SourceFormat::C && !build_support::c_header::valid_prefix(&args.prefix) {
        return Err(Failure(format!(
            "--prefix `{}` is not a C identifier of 1 to 32 letters, digits and `_`",
            quote_prefix(&args.prefix)
        )));
    }
    let output = args.output.as_deref();
    crate::output::check_writable(output)?;
    if let Some(input) = &args.input {
        crate::output::check_not_input(output, &[("--input", input)])?;
    }
    let layout = match args.layout {
        _ if args.board.is_some() => return run_board(args),
        None => shipped::DEFAULT_LAYOUT,
        Some(EmitLayout::Chess(layout)) => layout,
        Some(EmitLayout::Board(layout)) => {
            return Err(Failure(format!(
                "--layout {} is a layout of another board's tables: add --board FILESxRANKS",
                layout.name()
            )));
        }
    };
    if args.pieces.is_some() {
        return Err(Failure("--pieces chooses the pieces of --board: chess's emit writes every piece".to_owned()));
    }
    let source = layout.source();
    let references = ReferenceSet::new();
    let given = match &args.input {
        Some(path) => Some((path.display().to_string(), crate::output::read_text(path)?)),
        None => None,
    };
    let plan = args.seed.as_deref().map(seed_plan).transpose()?;
    if matches!(source, MagicSource::OwnScheme(_) | MagicSource::None)
        && (given.is_some() || plan.is_some_and(|p| p != SeedPlan::Tuned))
    {
        return Err(Failure(format!(
            "--layout {} is built from its own tuned search{}: it takes no --input and no --seed but `tuned`",
            layout.name(),
            if source == MagicSource::None { " (none: pext has no magics)" } else { "" }
        )));
    }
    if let (MagicSource::Recipe(_), Some(_)) = (source, &args.seed) {
        return Err(Failure(format!(
            "--layout {} is built from a recipe (the shipped one, or --input), not a search: it takes no --seed",
            layout.name()
        )));
    }
    // Without --input, a layout built from a recipe uses the one magic-tables ships (compiled
    // into this binary, so no checkout is needed).
    let from_file = given.is_some();
    let input = given.or_else(|| shipped::recipe(layout).map(|r| (r.path.to_owned(), r.text.to_owned())));
    // The fancy magics, where the layout needs them.
    let fancy = if source.needs_tuned_search() {
        let found = match (&input, source) {
            (Some((name, text)), MagicSource::TunedSearch) => {
                if plan.is_some() {
                    return Err(Failure("give --input or --seed, not both".to_owned()));
                }
                let results = read_results(Path::new(name), text)?;
                match complete_table(&results, SeedPlan::Master(results.seed)) {
                    Ok(generated) => Fancy::Found(Box::new(generated)),
                    // Magics read from a file that do not make the table: bad input.
                    Err(crate::output::TableError::NotVerified(message)) => {
                        Fancy::Ended(Err(Failure(format!("{name}: {message}"))))
                    }
                    Err(error) => Fancy::Ended(error.into_outcome()),
                }
            }
            _ => search(&references, plan.unwrap_or(SeedPlan::Tuned), args.max_candidates),
        };
        match found {
            Fancy::Found(generated) => Some(*generated),
            Fancy::Ended(outcome) => return outcome,
        }
    } else {
        None
    };
    let built = match (&input, source) {
        // A published table instead of a recipe.
        (Some((name, text)), MagicSource::Recipe(_)) if is_record_file(text) => {
            overlapped::build_from_records(layout, &references, name, text)
        }
        (Some((name, text)), MagicSource::TunedSearchAndRecipe(_)) if is_record_file(text) => {
            fancy_dense::build_from_records(&references, fancy.as_ref().expect("searched above"), name, text)
        }
        (Some((name, text)), MagicSource::Recipe(_) | MagicSource::TunedSearchAndRecipe(_)) => layouts::build(
            layout,
            &references,
            Inputs { tuned: fancy.as_ref(), recipe: Some((name.as_str(), text.as_str())) },
        ),
        _ => layouts::build(layout, &references, Inputs { tuned: fancy.as_ref(), recipe: None }),
    };
    let mut file = match built {
        Ok(file) => file,
        // The input was read but its magics do not make this layout's table: bad input, as
        // every other command reports it (the message names the layout and the file).
        Err(error) => return Err(Failure(error.to_string())),
    };
    // Where the magics came from, and how to get this very output again.
    let format = match args.format {
        SourceFormat::Rust => "rust",
        SourceFormat::C => "c",
    };
    let mut command = format!("magic-gen emit --layout {} --format {format}", layout.name());
    if args.format == SourceFormat::C {
        command += &format!(" --prefix {}", args.prefix);
    }
    if let (true, Some((name, text))) = (from_file, &input) {
        file.provenance.seed = format!(
            "{} (read from {name}, FNV-1a 64 of its text {:#018x}, byte-order mark left out)",
            file.provenance.seed,
            {
                let mut hash = Fnv1a64::new();
                hash.write_bytes(text.as_bytes());
                hash.finish()
            }
        );
        command += &format!(" --input {}", magic_gen::text::shell_quote(name));
    }
    if let (Some(plan), true) = (plan, source.needs_tuned_search()) {
        command += &format!(" --seed {}", plan.argument());
    }
    if args.sliders_only {
        command += " --sliders-only";
    }
    file.provenance.reproduce = vec![format!("`{command}` prints this file.")];
    // The other pieces' tables, checked against their reference before they are written.
    let pieces = if args.sliders_only {
        None
    } else {
        Some(PieceTables::checked().map_err(|e| Failure(format!("the other pieces' tables are wrong: {e}")))?)
    };
    let text = match args.format {
        SourceFormat::Rust => emit::rust_source(layout, &file, pieces.as_ref()),
        SourceFormat::C => emit::c_source(layout, &file, pieces.as_ref(), &args.prefix).map_err(Failure)?,
    };
    write_text(output, &text)?;
    Ok(Outcome::Success)
}

/// `emit --board FxR`: the tables of `--pieces` on that board, searched from `--seed` (default
/// 1), verified, as a Rust file or a C header.
fn run_board(args: EmitArgs) -> Result<Outcome, Failure> {
    use magic_gen::board::{BoardLayout, BoardTables, emit as board_emit, file};
    use magic_tables_core::board::Piece;

    let board = args.board.expect("called with --board");
    let layout = match args.layout {
        None => BoardLayout::Compact,
        Some(EmitLayout::Board(layout)) => layout,
        // `pext` names a layout of both.
        Some(EmitLayout::Chess(layout)) => BoardLayout::from_name(layout.name()).ok_or_else(|| {
            Failure(format!(
                "--layout {} is a layout of chess's tables; with --board, compact, split or pext",
                layout.name()
            ))
        })?,
    };
    if args.input.is_some() || args.sliders_only {
        return Err(Failure("--board searches its own tables: it takes no --input and no --sliders-only".to_owned()));
    }
    let seed = match args.seed.as_deref() {
        None => 1,
        Some(text) => text.parse::<u64>().map_err(|_| {
            Failure(format!("--seed `{}` is not a whole number (--board has no tuned seeds)", quote_prefix(text)))
        })?,
    };
    let pieces = args.pieces.clone().map_or_else(|| vec![Piece::Rook, Piece::Bishop, Piece::Cannon], |list| list.0);
    let output = args.output.as_deref();
    crate::output::check_writable(output)?;
    let tables = BoardTables::build(board, &pieces, seed, layout).map_err(Failure)?;
    let format = match args.format {
        SourceFormat::Rust => "rust".to_owned(),
        SourceFormat::C => format!("c --prefix {}", args.prefix),
    };
    let command = format!("{} --format {format}", file::emit_command(&tables));
    let layout_file = file::checked_file(&tables, vec![format!("`{command}` prints this file.")]).map_err(Failure)?;
    let text = match args.format {
        SourceFormat::Rust => board_emit::rust(&tables, &layout_file),
        SourceFormat::C => board_emit::c(&tables, &layout_file, &args.prefix).map_err(Failure)?,
    };
    write_text(output, &text)?;
    Ok(Outcome::Success)
}
