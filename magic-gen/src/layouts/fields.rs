//! How each entry type of `magic_tables_core::layouts` is written in a generated file: its
//! type name and its fields in declaration order. Entries that hold an address at run time are
//! checked with offsets (`usize`) and written as `Slots::at(&ATTACKS, offset)`.

use build_support_model::{EntryTable, Field};
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

/// An entry type as the generated file writes it.
pub(crate) trait RenderedEntry {
    /// The type's name, as the runtime module brings it into scope.
    const TYPE: &'static str;
    /// Its fields, in declaration order.
    fn fields(&self) -> Vec<(&'static str, Field)>;
}

impl RenderedEntry for PextPdepEntry {
    const TYPE: &'static str = "PextPdepEntry";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            ("mask", Field::Hex(self.mask)),
            ("attack_mask", Field::Hex(self.attack_mask)),
            ("offset", Field::U32(self.offset)),
        ]
    }
}

/// `offset` as the address of that slot of `ATTACKS`.
fn slots(offset: usize) -> Field {
    Field::Slots { array: "ATTACKS", offset: u32::try_from(offset).expect("attack arrays stay below 2^32 slots") }
}

impl RenderedEntry for Magic {
    const TYPE: &'static str = "Magic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let (mask, magic) = (Field::Hex(self.mask), Field::Hex(self.magic));
        vec![("mask", mask), ("magic", magic), ("shift", Field::U32(self.shift)), ("offset", Field::U32(self.offset))]
    }
}

impl RenderedEntry for PlainMagic {
    const TYPE: &'static str = "PlainMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("mask", Field::Hex(self.mask)), ("magic", Field::Hex(self.magic))]
    }
}

impl RenderedEntry for FixedMagic<usize> {
    const TYPE: &'static str = "FixedMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("mask", Field::Hex(self.mask)), ("magic", Field::Hex(self.magic)), ("attacks", slots(self.attacks))]
    }
}

impl RenderedEntry for BlackMagic<usize> {
    const TYPE: &'static str = "BlackMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            ("not_mask", Field::Hex(self.not_mask)),
            ("magic", Field::Hex(self.magic)),
            ("attacks", slots(self.attacks)),
        ]
    }
}

impl RenderedEntry for BlackVariableMagic<usize> {
    const TYPE: &'static str = "BlackVariableMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let black = BlackMagic { not_mask: self.not_mask, magic: self.magic, attacks: self.attacks };
        let mut fields = black.fields();
        fields.push(("shift", Field::U32(self.shift)));
        fields
    }
}

impl RenderedEntry for ByteMagic {
    const TYPE: &'static str = "ByteMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let mut fields = Magic { mask: self.mask, magic: self.magic, shift: self.shift, offset: self.offset }.fields();
        fields.push(("base", Field::U32(self.base)));
        fields
    }
}

impl RenderedEntry for Magic32 {
    const TYPE: &'static str = "Magic32";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let (lo, hi) = (Field::Hex32(self.lo), Field::Hex32(self.hi));
        let (shift, offset) = (Field::U32(self.shift), Field::U32(self.offset));
        vec![("mask", Field::Hex(self.mask)), ("lo", lo), ("hi", hi), ("shift", shift), ("offset", offset)]
    }
}

impl RenderedEntry for SharedMagic {
    const TYPE: &'static str = "SharedMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let mut fields = Magic { mask: self.mask, magic: self.magic, shift: self.shift, offset: self.offset }.fields();
        fields.insert(2, ("postmask", Field::Hex(self.postmask)));
        fields
    }
}

impl RenderedEntry for FoldedMagic {
    const TYPE: &'static str = "FoldedMagic";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("mask", Field::Hex(self.mask)), ("magic", Field::Hex(self.magic)), ("offset", Field::U32(self.offset))]
    }
}

impl RenderedEntry for PextEntry<usize> {
    const TYPE: &'static str = "PextEntry";
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("mask", Field::Hex(self.mask)), ("attacks", slots(self.attacks))]
    }
}

/// The rook and bishop entry tables (`ROOK_MAGICS`, `BISHOP_MAGICS`) of 128 entries in stream
/// order, documented as holding `what` ("mask, magic, shift and offset").
pub(crate) fn entry_tables<E: RenderedEntry>(what: &str, entries: &[E]) -> Vec<EntryTable> {
    let (rook, bishop) = entries.split_at(64);
    [("ROOK_MAGICS", "Rook", rook), ("BISHOP_MAGICS", "Bishop", bishop)]
        .into_iter()
        .map(|(name, slider, entries)| EntryTable {
            name: name.into(),
            doc: format!("{slider} {what}, indexed by square (a1 = 0 … h8 = 63)."),
            type_name: E::TYPE.into(),
            rows: entries.iter().map(E::fields).collect(),
        })
        .collect()
}
