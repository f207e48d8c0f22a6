//! `magic-gen show`: one slider, one square, one occupancy, drawn; and where the table of a
//! layout (`--layout`, default the crate's default layout, the table `magic-tables`' top-level
//! lookups use) looks it up: the square's entry as the generated file holds it, the layout's
//! lookup formula, and the index and slot the formula gives, computed by the same core
//! functions the runtime calls.

use build_support::{Field, LayoutFile};
use magic_gen::geometry::{relevant_mask, slow_attacks};
use magic_gen::shipped::Shipped;
use magic_gen::{Layout, ReferenceSet, Slider, Square};
use magic_tables_core::layouts::black::BlackMagic;
use magic_tables_core::layouts::black_variable::BlackVariableMagic;
use magic_tables_core::layouts::byte_lookup::ByteMagic;
use magic_tables_core::layouts::fancy::Magic;
use magic_tables_core::layouts::fixed_shift::FixedMagic;
use magic_tables_core::layouts::folded::FoldedMagic;
use magic_tables_core::layouts::magic32::Magic32;
use magic_tables_core::layouts::pext::PextEntry;
use magic_tables_core::layouts::pext_pdep::PextPdepEntry;
use magic_tables_core::layouts::plain::PlainMagic;
use magic_tables_core::layouts::shared::SharedMagic;

use crate::cli::ShowArgs;
use crate::{Failure, Outcome};

pub fn run(args: ShowArgs) -> Result<Outcome, Failure> {
    let occupied = args.occupied.iter().fold(0u64, |board, sq| board | sq.bit());
    let mask = relevant_mask(args.slider, args.square);
    let moves = slow_attacks(args.slider, args.square, occupied);
    let name = match args.slider {
        Slider::Rook => "Rook",
        Slider::Bishop => "Bishop",
    };
    let boards = [("Blocker Mask", mask), ("Blocker Board", occupied & mask), ("Move Board", moves)];
    let mut text = magic_gen::diagram::side_by_side(&format!("{name} on {}", args.square), &boards);
    let references = ReferenceSet::new();
    let file = Shipped::new(&references, &[args.layout])?.build(args.layout)?;
    text += &lookup_text(args.layout, &file, (args.slider, args.square), occupied);
    crate::output::write_text(None, &text)?;
    Ok(Outcome::Success)
}

/// Where `layout`'s table (`file`, as `emit --layout` writes it) looks up `occupied` for the
/// slider on its square: the entry, the formula, the index and the slot.
fn lookup_text(layout: Layout, file: &LayoutFile, (slider, square): (Slider, Square), occupied: u64) -> String {
    let name = layout.name();
    // The description's `Lookup:` and the lines that continue it (indented).
    let lines = file.description.iter().skip_while(|line| !line.contains("Lookup:"));
    let formula: Vec<&str> = lines
        .enumerate()
        .take_while(|(at, line)| *at == 0 || line.starts_with("  "))
        .map(|(at, line)| if at == 0 { &line[line.find("Lookup:").expect("found")..] } else { line.as_str() })
        .collect();
    let formula = formula.join("\n");
    let table = match slider {
        Slider::Rook => "ROOK_MAGICS",
        Slider::Bishop => "BISHOP_MAGICS",
    };
    let Some(row) = file.entry_tables.iter().find(|t| t.name == table).map(|t| &t.rows[usize::from(square.index())])
    else {
        return format!("\n{name} has no table: {formula}\n");
    };
    let entry: Vec<String> = row
        .iter()
        .map(|&(field, value)| match value {
            Field::Hex(v) => format!("{field} {v:#018x}"),
            Field::Hex32(v) => format!("{field} {v:#010x}"),
            Field::U32(v) | Field::Slots { offset: v, .. } => format!("{field} {v}"),
            Field::U8(v) => format!("{field} {v}"),
        })
        .collect();
    let Lookup { index, offset, shift, array } = lookup(layout, row, (slider, square), occupied);
    let shift = shift.map_or("no shift".to_owned(), |(shift, bits)| format!("shift {shift} ({bits} index bits)"));
    let blockers = occupied & relevant_mask(slider, square);
    format!(
        "\n{name} (`emit --layout {name}`): {slider} {square}: {}\n{formula}\n\
         {shift}: blocker board {blockers:#018x} maps to index {index}, slot {} of {array} (offset {offset})\n",
        entry.join(", "),
        offset + index
    )
}

/// What a layout's formula gives for one occupancy.
struct Lookup {
    /// The index within the square's range.
    index: usize,
    /// Where the square's range starts in `array`.
    offset: usize,
    /// The shift and the index bits, for the layouts that shift a product.
    shift: Option<(u32, u32)>,
    /// The array the slot is in.
    array: String,
}

/// The index of `occupied` through `layout`'s entry `row`, computed by the core's formula of
/// the layout (the one the generated tables are checked with and looked up through).
fn lookup(layout: Layout, row: &[(&'static str, Field)], (slider, square): (Slider, Square), occupied: u64) -> Lookup {
    let get = |name: &str| {
        row.iter()
            .find(|(field, _)| *field == name)
            .map(|(_, value)| value.value())
            .unwrap_or_else(|| panic!("internal: the {} entry has no field `{name}`", layout.name()))
    };
    let (mask, magic, offset) = (|| get("mask"), || get("magic"), || get("offset") as u32);
    let shifted = |shift: u32| Some((shift, 64 - shift));
    let attacks = "ATTACKS".to_owned();
    let (slot_or_index, start, shift, array) = match layout {
        Layout::Fancy | Layout::FancyDense => {
            let entry = Magic { mask: mask(), magic: magic(), shift: get("shift") as u32, offset: offset() };
            (entry.slot(occupied), entry.offset, shifted(entry.shift), attacks)
        }
        Layout::ByteLookup => {
            let entry =
                ByteMagic { mask: mask(), magic: magic(), shift: get("shift") as u32, offset: offset(), base: 0 };
            (entry.slot(occupied), entry.offset, shifted(entry.shift), "INDEXES".to_owned())
        }
        Layout::Shared => {
            let (shift, postmask) = (get("shift") as u32, get("postmask"));
            let entry = SharedMagic { mask: mask(), magic: magic(), postmask, shift, offset: offset() };
            (entry.slot(occupied), entry.offset, shifted(shift), attacks)
        }
        Layout::Magic32 => {
            let (lo, hi, shift) = (get("lo") as u32, get("hi") as u32, get("shift") as u32);
            let entry = Magic32 { mask: mask(), lo, hi, shift, offset: offset() };
            (entry.slot(occupied), entry.offset, Some((shift, 32 - shift)), attacks)
        }
        Layout::Folded => {
            let entry = FoldedMagic { mask: mask(), magic: magic(), offset: offset() };
            (entry.slot(occupied), entry.offset, shifted((entry.magic >> 58) as u32), attacks)
        }
        Layout::Plain => {
            let entry = PlainMagic { mask: mask(), magic: magic() };
            let array = format!("{}_ATTACKS[{}]", slider.to_string().to_uppercase(), square.index());
            (entry.index(occupied, slider), 0, shifted(slider.fixed_shift()), array)
        }
        Layout::FixedShift => {
            let entry = FixedMagic { mask: mask(), magic: magic(), attacks: get("attacks") as usize };
            (
                entry.attacks + entry.index(occupied, slider),
                entry.attacks as u32,
                shifted(slider.fixed_shift()),
                attacks,
            )
        }
        Layout::Black => {
            let entry = BlackMagic { not_mask: get("not_mask"), magic: magic(), attacks: get("attacks") as usize };
            (
                entry.attacks + entry.index(occupied, slider),
                entry.attacks as u32,
                shifted(slider.fixed_shift()),
                attacks,
            )
        }
        Layout::BlackVariable => {
            let (not_mask, shift) = (get("not_mask"), get("shift") as u32);
            let entry = BlackVariableMagic { not_mask, magic: magic(), attacks: get("attacks") as usize, shift };
            (entry.attacks + entry.index(occupied), entry.attacks as u32, shifted(shift), attacks)
        }
        Layout::Pext => {
            let entry = PextEntry { mask: mask(), attacks: get("attacks") as usize };
            (entry.attacks + entry.index(occupied), entry.attacks as u32, None, attacks)
        }
        Layout::PextPdep => {
            let entry = PextPdepEntry { mask: mask(), attack_mask: get("attack_mask"), offset: offset() };
            (entry.offset as usize + entry.index(occupied), entry.offset, None, attacks)
        }
        Layout::Tableless => unreachable!("tableless has no entry table"),
    };
    let offset = start as usize;
    Lookup { index: slot_or_index - offset, offset, shift, array }
}

#[cfg(test)]
mod tests {
    use build_support::Values;

    use super::*;

    /// The slot `show` names holds the move board, in every layout whose array holds attack
    /// sets (`shared` after its postmask), for a few squares and occupancies of each slider.
    #[test]
    fn the_slot_shown_holds_the_move_board() {
        let references = ReferenceSet::new();
        let shipped = Shipped::new(&references, Layout::ALL).unwrap();
        let cases = [(Slider::Rook, "a1", 0), (Slider::Rook, "e4", 0x0010_0010_0600_1000), (Slider::Bishop, "c1", 0)];
        let mut checked = 0;
        for &layout in Layout::ALL {
            let file = shipped.build(layout).unwrap();
            for (slider, square, occupied) in cases {
                let square: Square = square.parse().unwrap();
                let table = if slider == Slider::Rook { 0 } else { 1 };
                let Some(row) = file.entry_tables.get(table).map(|t| &t.rows[usize::from(square.index())]) else {
                    assert_eq!(layout, Layout::Tableless);
                    continue;
                };
                let Lookup { index, offset, array, .. } = lookup(layout, row, (slider, square), occupied);
                let Some(Values::U64(values)) = file.arrays.iter().find(|a| a.name == array).map(|a| &a.values) else {
                    continue;
                };
                let postmask = row.iter().find(|(name, _)| *name == "postmask").map_or(!0, |(_, f)| f.value());
                let moves = slow_attacks(slider, square, occupied);
                assert_eq!(values[offset + index] & postmask, moves, "{} {slider} {square}", layout.name());
                checked += 1;
            }
        }
        assert!(checked >= 8 * 3, "{checked}");
    }
}
