//! Tuned seeds: regenerate with `cargo run --release -p magic-gen --example tune-seeds -- magic32`.
//! Each is the smallest seed whose search finds its square's minimal-bit 32-bit (Osborne) magic pair
//! within `TUNED_CANDIDATES` candidates (see `magic_gen::seeds::tune_seed`).

/// `TUNED_SEEDS_MAGIC32[slider][square]`, rook first, each a1 … h8 (eight squares, one rank, a line).
#[rustfmt::skip]
pub const TUNED_SEEDS_MAGIC32: [[u64; 64]; 2] = [
    [
        2090, 285, 2818, 643, 10523, 7233, 12836, 5107,
        105, 1221, 1889, 915, 633, 47, 2165, 20829,
        2279, 1293, 1839, 1553, 10272, 8583, 10887, 5432,
        14718, 500, 5168, 494, 383, 3974, 440, 4686,
        344, 1670, 382, 2733, 2495, 6140, 930, 5111,
        3413, 1194, 2337, 4214, 5356, 1766, 6882, 2035,
        671, 566, 2113, 6710, 65, 8450, 31, 6105,
        79, 6981, 36140, 8738, 4750, 10092, 2701, 87493,
    ],
    [
        4903, 19, 33, 3728, 639, 390, 453, 346,
        121, 507, 193, 973, 1484, 81, 2904, 259,
        250, 324, 1099, 1587, 275, 578, 220, 342,
        107, 341, 348, 36, 839, 503, 368, 572,
        223, 46, 1977, 7398, 10546, 940, 454, 244,
        371, 292, 727, 176, 2098, 2710, 539, 358,
        328, 629, 558, 3237, 77, 412, 404, 169,
        3443, 118, 185, 21, 441, 183, 595, 2747,
    ],
];
