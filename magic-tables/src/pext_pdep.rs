//! BMI2 indexing with 16-bit entries: `pext(occupied, mask)` is the index, as in `pext`, and
//! each entry is the attack set compressed to 16 bits over the square's attack mask (its
//! attacks on an empty board); `pdep` expands it. The same 107,648 entries as `pext` at 2 bytes
//! each: about 218 KB in all instead of 861 KB, for engines that care about their binary's or
//! their cache's size (<https://www.chessprogramming.org/BMI2#PEXTBitboards>).
//!
//! The tables are the same on every target. With BMI2 enabled at compile time (for example
//! `RUSTFLAGS="-C target-cpu=native"` on a BMI2 machine) the lookups use the `pext` and `pdep`
//! instructions; without it they compute both bit by bit (correct everywhere, and slower):
//! [`ACTIVE`] says which. The instructions are intrinsics, so these functions are not `const`.

pub use magic_tables_core::layouts::pext_pdep::PextPdepEntry;

mod generated {
    use super::PextPdepEntry;
    include!(concat!(env!("OUT_DIR"), "/pext_pdep.rs"));
}

pub use generated::{ATTACKS, BISHOP_MAGICS, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

/// Whether the lookups use the BMI2 instructions (true) or compute `pext` and `pdep` bit by
/// bit (false); the tables and the answers are the same.
pub const ACTIVE: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn lookup(e: &PextPdepEntry, occupied: u64) -> u64 {
    use core::arch::x86_64::{_pdep_u64, _pext_u64};
    // SAFETY: compiled only for targets with `bmi2`.
    let index = unsafe { _pext_u64(occupied, e.mask) } as usize;
    // SAFETY: see `crate::load`; pext of any occupancy equals pext of its subset of the mask,
    // and the build script checked every subset through this formula.
    let code = unsafe { crate::load(&ATTACKS, e.offset as usize + index) };
    // SAFETY: compiled only for targets with `bmi2`.
    unsafe { _pdep_u64(u64::from(code), e.attack_mask) }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline(always)]
fn lookup(e: &PextPdepEntry, occupied: u64) -> u64 {
    // SAFETY: as above; `index` is the same function bit by bit.
    e.expand(unsafe { crate::load(&ATTACKS, e.offset as usize + e.index(occupied)) })
}

slider_functions!(; rook: lookup, bishop: lookup);
