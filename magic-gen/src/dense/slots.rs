//! Free and used slots of one magic's index range: its shortest span over the rotations a black
//! magic allows, and the long free runs inside a span that other squares can fill. Shared by
//! the walks' score and the pools' blocked slots.

/// The shortest span of the used slots `used` (a bitset of `range` slots) over the cuts at
/// multiples of `granule`: cut at `p`, slot `p` becomes the first, and the span is the range
/// less the free slots on both sides of the cut. Returns (span, cut).
pub(super) fn shortest_span(used: &[u64], range: usize, granule: usize) -> (u32, u32) {
    let slots = used_slots(used);
    let (mut first, mut previous): (Option<usize>, usize) = (None, 0);
    // The cut at 0: the free slots after the last used one and before the first.
    let (mut best_free, mut best_cut) = (0, 0);
    for slot in slots {
        match first {
            None => first = Some(slot),
            Some(_) => {
                // Free run previous+1 ..= slot-1; a cut at a multiple of granule in
                // previous+1 ..= slot frees all of it.
                let cut = (previous + 1).div_ceil(granule) * granule;
                let free = slot - previous - 1;
                if cut <= slot && free > best_free {
                    (best_free, best_cut) = (free, cut);
                }
            }
        }
        previous = slot;
    }
    let first = first.expect("a magic uses at least one slot");
    let wrapped = range - 1 - previous + first;
    if wrapped >= best_free {
        (best_free, best_cut) = (wrapped, 0);
    }
    ((range - best_free) as u32, best_cut as u32)
}

/// The free slots of `used` (a bitset of `range` slots) in runs of at least `gap` slots that
/// lie between its first and last used slot once the range is cut at `cut` (slot `cut` first).
pub fn large_runs_inside(used: &[u64], range: usize, cut: usize, gap: usize) -> u32 {
    // In the cut range the slots at or above the cut come first, then those below it: one pass
    // in increasing order sees the lower part, then the upper, and the run from the upper
    // part's last slot round to the lower part's first is the one that crosses the range's end.
    let (mut total, mut previous, mut lower_first, mut upper_last) = (0, None, None, None);
    for slot in used_slots(used) {
        if slot >= cut && upper_last.is_none() {
            // The first slot of the upper part: no run ends here (the cut lies below it).
            previous = None;
        }
        if let Some(previous) = previous {
            let free = slot - previous - 1;
            if free >= gap {
                total += free;
            }
        }
        if slot < cut {
            lower_first.get_or_insert(slot);
        } else {
            upper_last = Some(slot);
        }
        previous = Some(slot);
    }
    if let (Some(last), Some(first)) = (upper_last, lower_first) {
        let free = range - 1 - last + first;
        if free >= gap {
            total += free;
        }
    }
    total as u32
}

/// The used slots of the bitset `used`, in increasing order.
fn used_slots(used: &[u64]) -> impl Iterator<Item = usize> + '_ {
    used.iter().enumerate().flat_map(|(w, &word)| {
        std::iter::successors((word != 0).then_some(word), |&rest| {
            let rest = rest & (rest - 1);
            (rest != 0).then_some(rest)
        })
        .map(move |bits| w * 64 + bits.trailing_zeros() as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bitset of 1 to `most` random slots out of `range` (a multiple of 64), from a small LCG.
    fn random_slots(state: &mut u64, most: u64, range: usize) -> Vec<u64> {
        let mut used = vec![0u64; range / 64];
        for _ in 0..1 + *state % most {
            *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let slot = (*state >> 33) as usize % range;
            used[slot / 64] |= 1 << (slot % 64);
        }
        used
    }

    /// The shortest span over cuts, against trying every cut.
    #[test]
    fn shortest_span_is_the_best_cut() {
        let range = 256;
        let mut state = 12345u64;
        for granule in [1, 4, 32, 256] {
            for _ in 0..200 {
                let used = random_slots(&mut state, 20, range);
                let is_used = |slot: usize| used[slot / 64] >> (slot % 64) & 1 == 1;
                let brute = (0..range)
                    .step_by(granule)
                    .map(|cut| {
                        let shifted: Vec<usize> = (0..range).filter(|&s| is_used((s + cut) % range)).collect();
                        shifted[shifted.len() - 1] - shifted[0] + 1
                    })
                    .min()
                    .unwrap();
                let (span, cut) = shortest_span(&used, range, granule);
                assert_eq!(span as usize, brute, "granule {granule}");
                assert_eq!(cut as usize % granule, 0);
                let shifted: Vec<usize> = (0..range).filter(|&s| is_used((s + cut as usize) % range)).collect();
                assert_eq!(shifted[shifted.len() - 1] - shifted[0] + 1, span as usize, "the cut gives the span");
            }
        }
    }

    /// The large free runs inside a span: those between the first and the last used slot after
    /// the cut, of at least `gap` slots, against a scan of the rotated slots.
    #[test]
    fn large_runs_inside_are_the_long_holes_between_clusters() {
        let range = 256;
        let mut state = 99u64;
        for gap in [1, 3, 16, 64] {
            for _ in 0..200 {
                let used = random_slots(&mut state, 30, range);
                let cut = (state >> 20) as usize % range;
                let rotated: Vec<bool> =
                    (0..range).map(|s| used[(s + cut) % range / 64] >> ((s + cut) % 64) & 1 == 1).collect();
                let (first, last) =
                    (rotated.iter().position(|&u| u).unwrap(), rotated.iter().rposition(|&u| u).unwrap());
                let runs: usize =
                    rotated[first..=last].split(|&u| u).map(<[bool]>::len).filter(|&len| len >= gap).sum();
                assert_eq!(large_runs_inside(&used, range, cut, gap) as usize, runs, "gap {gap}, cut {cut}");
            }
        }
        // Two clusters at the ends of a white range: the hole between them is room for others.
        let mut used = vec![0u64; 4];
        for slot in [0, 2, 5, 250, 255] {
            used[slot / 64] |= 1 << (slot % 64);
        }
        assert_eq!(large_runs_inside(&used, range, 0, 100), 244);
        assert_eq!(large_runs_inside(&used, range, 0, 245), 0);
    }
}
