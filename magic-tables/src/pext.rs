//! BMI2 indexing: `pext(occupied, mask)` packs the mask's bits into a dense index, a perfect
//! hash with no magic and no shift (107,648 slots, in pext order).
//!
//! The build script decides from the *target's* features (`CARGO_CFG_TARGET_FEATURE`, so it is
//! right when cross-compiling) whether `bmi2` is available, for example with
//! `RUSTFLAGS="-C target-cpu=native"` on a BMI2 machine. Without it this module falls back to
//! the default layout's functions and tables, so code written against it builds everywhere;
//! [`ACTIVE`] says which one it got. `pext` is an intrinsic, so these functions are not `const`.

#[cfg(magic_tables_pext)]
mod bmi2 {
    pub use crate::pext_tables::{ATTACKS, BISHOP_MAGICS, PextEntry, ROOK_MAGICS, TABLE_BYTES, TABLE_ENTRIES};

    #[inline(always)]
    fn lookup(e: &PextEntry, occupied: u64) -> u64 {
        // SAFETY: this module is only compiled for targets with `bmi2` (see the build script).
        let index = unsafe { core::arch::x86_64::_pext_u64(occupied, e.mask) };
        // SAFETY: see `crate::load`; pext of any occupancy equals pext of its subset of the mask,
        // and the build script checked every subset.
        unsafe { e.attacks.get(index as usize) }
    }

    slider_functions!(; rook: lookup, bishop: lookup);

    /// Whether this module uses `pext` (true) or the default layout's fallback (false).
    pub const ACTIVE: bool = true;
}

#[cfg(magic_tables_pext)]
pub use bmi2::*;

#[cfg(not(magic_tables_pext))]
mod fallback {
    pub use crate::{TABLE_BYTES, TABLE_ENTRIES, bishop_attacks, queen_attacks, rook_attacks};

    /// Whether this module uses `pext` (true) or the default layout's fallback (false).
    pub const ACTIVE: bool = false;
}

#[cfg(not(magic_tables_pext))]
pub use fallback::*;
