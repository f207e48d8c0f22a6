//! `magic-gen emit`: a complete verified table as Rust or C source.

use magic_gen::files::read_results;
use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};

use crate::cli::{EmitArgs, SourceFormat};
use crate::output::{complete_table, write_text};
use crate::{Failure, Outcome};

pub fn run(args: EmitArgs) -> Result<Outcome, Failure> {
    if args.max_candidates == 0 {
        return Err(Failure(format!("--max-candidates 0 is out of range: 1 to {}", u64::MAX)));
    }
    let generated = match (&args.input, args.seed.as_deref()) {
        (Some(path), _) => {
            let text = crate::output::read_text(path)?;
            let results = read_results(path, &text)?;
            match complete_table(&results, SeedPlan::Master(results.seed)) {
                Ok(generated) => generated,
                Err(error) => return error.into_outcome(),
            }
        }
        (None, Some(seed)) => {
            let plan = if seed == "tuned" {
                SeedPlan::Tuned
            } else {
                SeedPlan::Master(
                    seed.parse()
                        .map_err(|_| Failure(format!("--seed `{seed}` is neither a whole number nor `tuned`")))?,
                )
            };
            match generate_fancy(&ReferenceSet::new(), plan, args.max_candidates) {
                Ok(generated) => generated,
                Err(error) => {
                    eprintln!("{error}");
                    return Ok(Outcome::Negative);
                }
            }
        }
        (None, None) => unreachable!("clap requires --input or --seed"),
    };
    let text = match args.format {
        SourceFormat::Rust => magic_gen::emit::rust_source(&generated),
        SourceFormat::C => magic_gen::emit::c_header(&generated),
    };
    write_text(args.output.as_deref(), &text)?;
    Ok(Outcome::Success)
}
