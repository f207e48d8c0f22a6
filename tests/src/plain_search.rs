//! The plain reference the search benchmark measures `magic-gen` against: a magic search as
//! Stockfish's `init_magics` does it, on the same occupancy lists.
//!
//! * Candidates: the AND of three draws of Stockfish's PRNG (xorshift64*), about 8 bits set.
//! * Pre-filter: at least six bits in the top byte of `mask * magic` (a heuristic: it also
//!   rejects many magics).
//! * Verification: every occupancy in enumeration order, on a table whose slots carry the number
//!   of the candidate that last wrote them, so it is never cleared.

use magic_gen::geometry::Occupancies;

/// Stockfish's PRNG: xorshift64* (Sebastiano Vigna), as its `PRNG` class.
struct Prng(u64);

impl Prng {
    fn rand64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2_685_821_657_736_338_717)
    }

    fn sparse(&mut self) -> u64 {
        self.rand64() & self.rand64() & self.rand64()
    }
}

/// A minimal-bit fancy magic of `occ` and how many candidates passed the pre-filter before it,
/// from a PRNG keyed by `seed` and the pair (so every square has its own sequence).
pub fn plain_magic(occ: &Occupancies, seed: u64) -> (u64, u64) {
    let bits = occ.mask_bits();
    let shift = 64 - bits;
    let pair = (occ.slider.ordinal() * 64 + occ.square.index() as usize) as u64;
    // splitmix64 of (seed, pair): a non-zero, well mixed xorshift state.
    let mut z = seed.wrapping_add(pair.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    let mut prng = Prng((z ^ (z >> 31)) | 1);
    let mut epoch = vec![0u32; 1 << bits];
    let mut used = vec![0u64; 1 << bits];
    let mut count = 0u32;
    loop {
        let magic = loop {
            let magic = prng.sparse();
            if (magic.wrapping_mul(occ.mask) >> 56).count_ones() >= 6 {
                break magic;
            }
        };
        count += 1;
        let mut ok = true;
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            let index = (blockers.wrapping_mul(magic) >> shift) as usize;
            if epoch[index] < count {
                epoch[index] = count;
                used[index] = attacks;
            } else if used[index] != attacks {
                ok = false;
                break;
            }
        }
        if ok {
            return (magic, u64::from(count));
        }
    }
}

#[cfg(test)]
mod tests {
    use magic_gen::ReferenceSet;
    use magic_gen::search::MagicTester;

    #[test]
    fn the_plain_search_finds_true_magics() {
        let references = ReferenceSet::new();
        for occ in references.iter().step_by(9) {
            let (magic, _) = super::plain_magic(occ, 3);
            assert!(MagicTester::new(occ, occ.mask_bits()).unwrap().is_magic(magic), "{} {}", occ.slider, occ.square);
        }
    }
}
