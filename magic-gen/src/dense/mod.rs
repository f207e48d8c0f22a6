//! Dense packing of fixed-shift magics (black `((occ | !mask) * magic) >> shift`, or white
//! `((occ & mask) * magic) >> shift`) into one shared attack array.
//!
//! * [`candidate`]: the frozen, seekable candidate stream (a recipe stores only seed, `k`, offset).
//! * [`pack`]: per-square data, the validity test, the bitset packer and the seeded search.
//! * [`recipe`]: the recipe file (CSV with `#` header lines), atomic writes, exact verification.

pub mod candidate;
pub mod pack;
pub mod recipe;

pub use candidate::{Candidates, black_candidate};
pub use pack::{Layout, Packer, Params};
pub use recipe::{Recipe, verify_recipe};
