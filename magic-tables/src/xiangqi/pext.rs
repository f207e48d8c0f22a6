//! Xiangqi lookups through BMI2 `pext` (features `xiangqi` and `pext`): the same functions as
//! [`crate::xiangqi`], indexed by `pext` instead of magics, for engines built for a target with
//! BMI2 (`RUSTFLAGS="-C target-cpu=native"` on an Intel CPU since Haswell or an AMD one since
//! Zen 3; Zen 1 and 2 have a slow `pext`).
//!
//! Every line through every square (its rank, its file) and every lame leaper's square has a
//! block of its own; the slot is the `pext` of the occupancy under the block's mask, and the
//! rook's and the cannon's sets lie side by side in it. A square's rank and file share one entry:
//! one `pext` of both lines' occupancy, split into each line's index by a second `pext`, so
//! [`rook_and_cannon_attacks`] is four `pext`s and two loads per word. Each entry holds its
//! blocks' addresses, so nothing is added to an index. Nothing is searched: the build script
//! writes every subset of every mask from the board's geometry and checks each through these
//! formulas before it writes `$OUT_DIR/xiangqi_pext.rs`. The tables are larger than the magic
//! ones ([`TABLE_BYTES`]: 723,952 bytes, against 339,648; Pikafish fills 34.6 MB), and in a move
//! generator faster: `PERFORMANCE.md` has the measurements.
//!
//! The build script decides from the *target's* features (`CARGO_CFG_TARGET_FEATURE`) whether
//! BMI2 is there. Without it this module is the magic lookups of [`crate::xiangqi`] under the same
//! names, so code written against it builds everywhere; [`ACTIVE`] says which it got. `pext` is
//! an intrinsic, so on BMI2 these functions are not `const`.

#[cfg(magic_tables_xiangqi_pext)]
mod bmi2 {
    use magic_tables_core::board_tables::all_blocks_fit;

    use super::super::Square;

    /// The generated tables: every square's [`PextPair`](tables::PextPair) into its rank and
    /// file blocks and [`PextBlock`](tables::PextBlock) into its leaper blocks (masks and the
    /// blocks' addresses), and the blocks' sets.
    pub mod tables {
        pub use magic_tables_core::Slots;
        pub use magic_tables_core::board_tables::{PextBlock, PextPair};

        include!(concat!(env!("OUT_DIR"), "/xiangqi_pext.rs"));
    }

    // SAFETY (of `all_blocks_fit`): the generated file makes every block from its own array.
    const _: () = unsafe {
        let mut square = 0;
        while square < 90 {
            assert!(tables::RANK_FILE_INDEX[square].fits(&tables::RANK_ATTACKS, &tables::FILE_ATTACKS, 2));
            square += 1;
        }
        assert!(all_blocks_fit(&tables::HORSE_INDEX, &tables::HORSE_ATTACKS, 1));
        assert!(all_blocks_fit(&tables::HORSE_TO_INDEX, &tables::HORSE_TO_ATTACKS, 1));
        assert!(all_blocks_fit(&tables::ELEPHANT_INDEX, &tables::ELEPHANT_ATTACKS, 1));
    };

    /// The entry of `square` (below 90, as every `Square` is).
    #[inline(always)]
    fn entry<T>(table: &'static [T; 90], square: Square) -> &'static T {
        // SAFETY: a `Square` is below 90 (its constructors check).
        unsafe { table.get_unchecked(usize::from(square.index())) }
    }

    /// [`crate::xiangqi::rook_attacks`], through `pext`.
    #[inline(always)]
    pub fn rook_attacks(square: Square, occupied: u128) -> u128 {
        rook_and_cannon_attacks(square, occupied).0
    }

    /// [`crate::xiangqi::cannon_attacks`], through `pext`.
    #[inline(always)]
    pub fn cannon_attacks(square: Square, occupied: u128) -> u128 {
        rook_and_cannon_attacks(square, occupied).1
    }

    /// [`crate::xiangqi::rook_and_cannon_attacks`], through `pext`: one `pext` of the rank's
    /// and the file's occupancy, split into an index into each line's block, each slot holding
    /// the rook's set and then the cannon's.
    #[inline(always)]
    pub fn rook_and_cannon_attacks(square: Square, occupied: u128) -> (u128, u128) {
        let pair = entry(&tables::RANK_FILE_INDEX, square);
        // SAFETY: both blocks fit their arrays with two movers (asserted above, at compile time).
        unsafe { (pair.attacks(2, 0, occupied), pair.attacks(2, 1, occupied)) }
    }

    /// [`crate::xiangqi::horse_attacks`], through `pext`.
    #[inline(always)]
    pub fn horse_attacks(square: Square, occupied: u128) -> u128 {
        // SAFETY: the block fits its array with one mover (asserted above).
        unsafe { entry(&tables::HORSE_INDEX, square).attacks(1, 0, occupied) }
    }

    /// [`crate::xiangqi::horse_attacks_to`], through `pext`.
    #[inline(always)]
    pub fn horse_attacks_to(square: Square, occupied: u128) -> u128 {
        // SAFETY: as above.
        unsafe { entry(&tables::HORSE_TO_INDEX, square).attacks(1, 0, occupied) }
    }

    /// [`crate::xiangqi::elephant_attacks`], through `pext`.
    #[inline(always)]
    pub fn elephant_attacks(square: Square, occupied: u128) -> u128 {
        // SAFETY: as above.
        unsafe { entry(&tables::ELEPHANT_INDEX, square).attacks(1, 0, occupied) }
    }

    /// Bytes of this module's tables and of the plain general, advisor and soldier tables.
    pub const TABLE_BYTES: usize = tables::TABLE_BYTES + super::super::PLAIN_TABLE_BYTES;

    /// Whether this module uses `pext` (true) or the magic lookups' fallback (false).
    pub const ACTIVE: bool = true;
}

#[cfg(magic_tables_xiangqi_pext)]
pub use bmi2::*;

#[cfg(not(magic_tables_xiangqi_pext))]
mod fallback {
    pub use super::super::{
        TABLE_BYTES, cannon_attacks, elephant_attacks, horse_attacks, horse_attacks_to, rook_and_cannon_attacks,
        rook_attacks,
    };

    /// Whether this module uses `pext` (true) or the magic lookups' fallback (false).
    pub const ACTIVE: bool = false;
}

#[cfg(not(magic_tables_xiangqi_pext))]
pub use fallback::*;

pub use super::{Color, Square, advisor_attacks, king_attacks, pawn_attacks};
