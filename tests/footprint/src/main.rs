//! `magic-tables-footprint SQUARE OCCUPIED`: prints the rook and bishop attacks of `SQUARE`
//! (0 = a1 … 63 = h8) on the occupancy `OCCUPIED` (a decimal u64), and `TABLE_BYTES`.
//! Both come from the arguments, so the compiler cannot fold the lookups away. One layout per
//! build: see `Cargo.toml`'s features and `measure.sh`.

#[cfg(feature = "baseline")]
mod layout {
    pub const TABLE_BYTES: usize = 0;
    // The same shape of work without a table: what the program costs without magic-tables.
    pub fn rook_attacks(square: u8, occupied: u64) -> u64 {
        occupied.rotate_left(u32::from(square))
    }
    pub fn bishop_attacks(square: u8, occupied: u64) -> u64 {
        occupied.rotate_right(u32::from(square))
    }
}

// The layout under test, as `layout`: one module of magic-tables, or its top level.
macro_rules! choose {
    ($($feature:literal => $module:ident),* $(,)?) => {
        $(
            #[cfg(feature = $feature)]
            use magic_tables::$module as layout;
        )*
        /// How many layouts this build enabled (exactly one, checked below).
        const CHOSEN: usize = 0 $(+ cfg!(feature = $feature) as usize)*
            + cfg!(feature = "baseline") as usize + cfg!(feature = "top-level") as usize;
    };
}

choose! {
    "fancy" => fancy, "plain" => plain, "fancy-dense" => fancy_dense, "fixed-shift" => fixed_shift,
    "black" => black, "black-variable" => black_variable, "byte-lookup" => byte_lookup,
    "magic32" => magic32, "shared" => shared, "folded" => folded, "pext" => pext,
    "pext-pdep" => pext_pdep, "tableless" => tableless, "auto" => auto,
}

#[cfg(feature = "top-level")]
mod layout {
    pub use magic_tables::{TABLE_BYTES, bishop_attacks, rook_attacks};
}

const _: () = assert!(CHOSEN == 1, "build with exactly one feature: --no-default-features --features LAYOUT");

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(square), Some(occupied)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: magic-tables-footprint SQUARE OCCUPIED");
        std::process::exit(2);
    };
    let square: u8 = square.parse().expect("a square 0 to 63");
    let occupied: u64 = occupied.parse().expect("a decimal u64");
    #[cfg(not(feature = "baseline"))]
    let square = magic_tables::Square::from_index(square).expect("a square 0 to 63");
    let rook = layout::rook_attacks(square, occupied);
    let bishop = layout::bishop_attacks(square, occupied);
    println!("rook {rook:#018x} bishop {bishop:#018x} table_bytes {}", layout::TABLE_BYTES);
}
