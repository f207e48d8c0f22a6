//! Tuned seeds: regenerate with `cargo run --release -p magic-gen --example tune-seeds`.
//! Each is the smallest seed whose search finds its square's minimal-bit magic
//! within `TUNED_CANDIDATES` candidates (see `magic_gen::seeds::tune_seed`).

/// Candidates a tuned seed's search may draw.
pub const TUNED_CANDIDATES: u64 = 1;

/// `TUNED_SEEDS[slider][square]`, rook first, each a1 … h8 (eight squares, one rank, a line).
#[rustfmt::skip]
pub const TUNED_SEEDS: [[u64; 64]; 2] = [
    [
        24494, 37313, 88617, 78729, 23472, 28778, 17867, 23271,
        134, 8995, 22520, 20217, 10272, 12599, 4365, 27001,
        15293, 1559, 13923, 40408, 17646, 100714, 35138, 3527,
        20408, 16594, 6206, 24001, 81590, 55790, 6281, 3290,
        2044, 9090, 2086, 30529, 12675, 10001, 10943, 33036,
        3025, 9932, 37366, 70064, 301875, 31688, 40332, 50486,
        13340, 10776, 34095, 36695, 26558, 17895, 2970, 21442,
        1257, 1008, 51489, 183227, 820, 189650, 54972, 15191,
    ],
    [
        10310, 3681, 225, 484, 7, 451, 1124, 3371,
        3958, 3044, 112, 1208, 117, 554, 489, 4108,
        3480, 1301, 7122, 1799, 5996, 334, 2509, 5617,
        1839, 2097, 841, 33129, 7261, 775, 993, 1543,
        1391, 4642, 1293, 6539, 67782, 1276, 456, 4100,
        998, 1642, 3958, 1819, 4430, 359, 2131, 1791,
        996, 462, 1353, 36, 286, 158, 81, 1758,
        12022, 494, 535, 138, 1986, 2, 4779, 19652,
    ],
];
