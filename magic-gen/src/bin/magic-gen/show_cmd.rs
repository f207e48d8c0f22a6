//! `magic-gen show`: one slider, one square, one occupancy, drawn; and where the fancy table of
//! the tuned seeds (`magic-tables` with its `fancy` feature, `emit --seed tuned`) looks it up.

use magic_gen::geometry::{relevant_mask, slow_attacks};
use magic_gen::{ReferenceSet, SeedPlan, generate_fancy};

use crate::cli::ShowArgs;
use crate::{Failure, Outcome};

pub fn run(args: ShowArgs) -> Result<Outcome, Failure> {
    let occupied = args.occupied.iter().fold(0u64, |board, sq| board | sq.bit());
    let mask = relevant_mask(args.slider, args.square);
    let moves = slow_attacks(args.slider, args.square, occupied);
    let name = match args.slider {
        magic_gen::Slider::Rook => "Rook",
        magic_gen::Slider::Bishop => "Bishop",
    };
    let boards = [("Blocker Mask", mask), ("Blocker Board", occupied & mask), ("Move Board", moves)];
    let mut text = magic_gen::diagram::side_by_side(&format!("{name} on {}", args.square), &boards);

    let references = ReferenceSet::new();
    let generated = generate_fancy(&references, SeedPlan::Tuned, 0)?;
    let entry = generated.tables.entry(args.slider, args.square);
    let index = ((occupied & mask).wrapping_mul(entry.magic)) >> entry.shift;
    text += &format!(
        "\nmagic {:#018x}, shift {} ({} index bits): blocker board {:#018x} maps to index {index},\n\
         slot {} of the fancy table of `emit --seed tuned` (offset {})\n",
        entry.magic,
        entry.shift,
        entry.bits(),
        occupied & mask,
        entry.slot(occupied),
        entry.offset,
    );
    crate::output::write_text(None, &text)?;
    Ok(Outcome::Success)
}
