//! Exhaustive "fewer-bit" magic search: every magic of one (slider, square) for a given index
//! width, not just the first one a random stream happens to hit.
//!
//! # What is enumerated
//!
//! For the relevant mask `mask` (`n` bits) and `bits = S` index bits, a white (fancy) magic `m`
//! indexes an occupancy `occ` at `((occ & mask) * m) >> (64 - S)` (wrapping). It is a magic when
//! no two occupancies with different [`slow_attacks`] share an index; occupancies with equal
//! attack sets may share one ("constructive collisions"). Every subset of the mask is a multiple
//! of `2^t` with `t = mask.trailing_zeros()`, so only the magic's bits below the **period**
//! `P = 64 - t` reach the index: the search lists every magic below `2^P`, and every 64-bit magic
//! is one of them plus a multiple of `2^P`.
//!
//! # The algorithm
//!
//! Sort the mask's squares from the highest bit down, `b_0 > b_1 > … > b_(n-1)`, and let level
//! `i` be the sub-mask `M_i = {b_0, …, b_i}`. A subset of `M_i` is a multiple of `2^(b_i)`, so
//! its index depends only on the magic modulo `2^(P_i)`, `P_i = 64 - b_i`: level 0 fixes the
//! magic's bits `[0, P_0)` (the **first field**, which the shards split), level `i` the field
//! `[P_(i-1), P_i)` of width `w = b_(i-1) - b_i`. A depth-first search fixes the fields in turn
//! and keeps one table of `2^S` slots holding small attack-set ids, writing only the entries of
//! the subsets a level adds (those containing `b_i`) and undoing them on the way back.
//!
//! The key fact: a new subset `x = 2^(b_i) * y` has `y ≡ 1 (mod 2^w)` (every other square of
//! `x` is at least `w` bits above `b_i`), so adding `k * 2^(P_(i-1))` to the magic adds exactly
//! `k * 2^(64-w)` to `x * m` (mod `2^64`). For `w <= S` that is `k * 2^(S-w)` slots exactly
//! (mod `2^S`, no carry into or out of the index bits) for *every* new subset, while the old
//! subsets do not move. So all `2^w` children of a node are tested at once: a collision among
//! the new subsets themselves prunes all of them, and each new subset with id `a` at base slot
//! `h` forbids the children `k` with slot `h + k * 2^(S-w)` held by an id other than `a`. That
//! set is a rotation of a per-id bitset ("slots held by a different attack set"), kept in a
//! layout where the slots `≡ h (mod 2^(S-w))` are contiguous; the forbidden sets are ORed until
//! every child is forbidden (early exit) or the new subsets run out, and the children left are
//! descended into in ascending order. For `w > S` the low `w - S` bits of the field are
//! enumerated one by one and the top `S` bits rotate the whole table (one slot per step).
//!
//! Writing a child's entries (and undoing them) costs more than testing all its siblings, and
//! most children die at the next level. So when the next level uses the same rotation layout
//! (the 8-bit levels of a rook on rank 7), a level is *lazy*: it records its new subsets once
//! per node as a pattern (per-id bitsets at the base magic), and the next level reads child
//! `t`'s entries as that pattern rotated by `t`. A slot holds one id, so "held by another id"
//! splits into a table part and a pattern part, each rotated into the forbidden set on its own.
//! The entries are written only when that next level has a valid child in turn. This made the
//! search about 6 times faster on rook g7.
//!
//! Counting follows niklasf's `daq.c`: one **test** is one candidate value of a level's field
//! checked under one valid parent (his counts skip the values of a field that send the level's
//! lowest square to slot 0, which always collides with the empty occupancy; so do these); one
//! **node** is one candidate found valid at its level (a leaf node is a magic).
//!
//! # Shards and resuming
//!
//! A [`Shard`] is a contiguous range of first-field values; the shards of one count partition
//! them, and since every magic has exactly one first-field value, the union of all shards'
//! magics is the whole sweep's. Within a shard the magics are reported in ascending order. The
//! first field holds a magic's *lowest* bits, so shards do not partition the magics into ranges
//! of value: merging shards' lists is a sort (or a k-way merge), not a concatenation.
//! [`ExhaustiveSearch::run`] can be stopped by a flag or a node budget and returns a [`Cursor`]
//! (next first-field value, magics and counts of the values finished so far) from which the same
//! shard resumes; the final cursor is identical to an uninterrupted run's.
//!
//! Where one first-field value is too much for one shard (rook a1 and h1 with 11 bits: hours
//! to years a value), a shard count `N = V * p` above the `V` values splits each value into `p`
//! equal parts of its **positions** ([`ExhaustiveSearch::value_positions`]): the candidates
//! below the value in the order the search visits them, the later fields read as the digits
//! of one number (the first level's the highest; from the top, the negation's bits below its
//! first field). A part searches the value's subtree but descends only into the children whose
//! positions meet it; a node whose positions span several parts (the value itself, and the
//! nodes along a part's edges) is searched in each of them and counted, tests and nodes, only
//! in the part holding its first position, so the parts' counts add up to the value's.
//!
//! # Black magics
//!
//! A black magic indexes `((occ | !mask) * m) >> (64 - S)`. With `x = occ & mask`,
//! `occ | !mask = x + !mask`, so the index is the top `S` bits of `x * m + c` with
//! `c = !mask * m` (mod `2^64`). This is searched exhaustively too (see [`Color::Black`]), as a
//! search over `c` instead of `m` (`!mask` is odd, so `c` determines `m`):
//! * `x * m` depends on `m mod 2^P`, that is on `c mod 2^P`;
//! * `c`'s bits below `64 - P` never carry into the index (`x * m` is zero there);
//! * `c`'s top `S` bits add the same number to every index (mod `2^S`), a rotation of the table
//!   that keeps collisions as they are.
//!
//! So a black magic is exactly determined up to equivalence by `c`'s bits in
//! `[0, P) ∪ [64 - P, 64 - S)`: each class is reported once, as the magic `m = c * !mask^-1`
//! whose `c` is zero outside those bits. The search is the same level by level search, where
//! level `i` depends on `c`'s bits `[0, P_i) ∪ [b_i, 64 - S)`: the magic's field as before, plus
//! `c`'s new bits `[max(b_i, P_i), b_(i-1))` (below `64 - S`) as an extra, explicitly enumerated
//! field; once `P_i` passes bits chosen earlier, the magic's field must reproduce them (the
//! candidates that do not are skipped). These extra bits move the new subsets by carries, not by
//! one common rotation, so the black search tests each candidate explicitly (like `daq.c`, but
//! with the table kept down the recursion) and is far slower; its space is larger too: for rook
//! g7 with 9 bits, `2^55` classes against the white `2^50`, and the pruning levels 8 and 9 fix
//! no new bit. Measured (one core, release build): bishop d8 with 4 bits takes 0.03 s white but
//! about 13 s per 1/1024 of its black first field (`2^48` classes against `2^26`); one of rook
//! g7's 8,192 black first-field values did not finish in 120 s. The magic's own field could
//! still be tested by rotation at the levels where it lies below `b_i` (not done).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use magic_tables_core::geometry::{lower_bound_bits, relevant_mask, slow_attacks};
use magic_tables_core::{Slider, Square};

use super::from_top::FromTop;

/// The widest index this search supports: a table of `2^12` slots, the largest relevant mask.
pub const MAX_BITS: u32 = 12;

/// A free table slot.
const EMPTY: u8 = u8::MAX;

/// Words of the largest rotation bitset: `2^MAX_BITS` bits.
const MAX_WORDS: usize = (1 << MAX_BITS) / 64;

/// How often (in node evaluations) the stop flag and the node budget are looked at. One
/// evaluation takes from well under a microsecond to some tens of them (the last level of a
/// 12-bit mask), so this is every few milliseconds at most.
const CHECK_EVERY: u64 = 128;

/// Which lookup the magics are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Fancy ("white") magics: `((occ & mask) * magic) >> (64 - bits)`.
    White,
    /// Black magics: `((occ | !mask) * magic) >> (64 - bits)`. Reported one per equivalence
    /// class (see the module documentation); slower, with a larger space.
    Black,
    /// Black magics, every class of them as [`Color::Black`], searched from the magic's
    /// negation's highest bit down (`search/from_top.rs`): fast where the level search is slow
    /// (rook d2 and e2 with 9 bits), and each class reported as the rotation whose used slots
    /// span the fewest. For masks whose lowest square is at most bit 32 (every rook).
    BlackFromTop,
    /// Black magics whose negation is small: `magic = class * 2^P - s` (modulo `2^64`, `P` the
    /// period) with `s < 2^below` and at most `ones` bits set in `s`, every one of them (see
    /// [`ExhaustiveSearch::negated_black`]). Searched with the white (rotation) machinery.
    NegatedBlack {
        /// `s` is below `2^below`.
        below: u32,
        /// `s` has at most this many bits set (64: no limit).
        ones: u32,
        /// The multiple of `2^P` added to `-s`; below `2^(64 - bits - P)` (0 when `P >= 64 - bits`,
        /// where it only rotates the table).
        class: u64,
    },
}

impl Color {
    /// Whether the white (rotation) machinery searches this color.
    fn rotates(self) -> bool {
        !matches!(self, Color::Black | Color::BlackFromTop)
    }
}

/// Why a search cannot be set up or run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The index width cannot work (fewer bits than distinct attack sets need) or is wider than
    /// the mask (or than [`MAX_BITS`]).
    BitsOutOfRange {
        /// Requested index bits.
        bits: u32,
        /// `ceil(log2(distinct attack sets))`.
        min: u32,
        /// The mask's bit count (at most [`MAX_BITS`]).
        max: u32,
    },
    /// A shard index not below its count, or a count of 0.
    ShardOutOfRange {
        /// Requested shard index.
        index: u64,
        /// Requested shard count.
        count: u64,
    },
    /// A cursor passed to [`ExhaustiveSearch::run`] that does not belong to that shard of that
    /// search (same mask, bits and color).
    CursorMismatch,
    /// A shard count above the number of first-field values that is not a multiple of it, or
    /// that splits a value into more parts than it has positions (see
    /// [`ExhaustiveSearch::max_shards`]).
    ShardTooFine {
        /// Requested shard count.
        count: u64,
        /// First-field values.
        values: u64,
        /// The most shards this search splits into.
        max: u64,
    },
    /// A [`Color::NegatedBlack`] class at or above the number of classes.
    ClassOutOfRange {
        /// Requested class.
        class: u64,
        /// Number of classes, `2^(64 - bits - P)` (1 when the period reaches the index bits).
        classes: u64,
    },
    /// A limit of 0 or more than 64 on the set bits of [`Color::NegatedBlack`] negations.
    OnesOutOfRange {
        /// Requested limit.
        ones: u32,
    },
    /// A bound on the negation of [`Color::NegatedBlack`] magics below the first field or above
    /// the period.
    BoundOutOfRange {
        /// Requested bound (bits).
        below: u32,
        /// The first field's width: the smallest bound the search takes.
        min: u32,
        /// The period: the largest.
        max: u32,
    },
    /// [`Color::BlackFromTop`] on a mask whose lowest square is above bit 32.
    LowestSquareTooHigh {
        /// The mask's lowest square (bit).
        lowest: u32,
    },
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::BitsOutOfRange { bits, min, max } => {
                write!(f, "{bits} index bits is out of range: the search takes {min} to {max}")
            }
            Error::ShardOutOfRange { index, count } => write!(f, "shard {index}/{count} does not exist"),
            Error::CursorMismatch => write!(f, "the cursor belongs to another shard or search"),
            Error::ShardTooFine { count, values, max } => write!(
                f,
                "{count} shards do not split this sweep: take at most {values} (ranges of its {values} first-field values) or a multiple of {values} up to {max} (each value split into equal parts of the candidates below it)"
            ),
            Error::ClassOutOfRange { class, classes } => {
                write!(f, "class {class} is out of range: this square and width have classes 0 to {}", classes - 1)
            }
            Error::OnesOutOfRange { ones } => {
                write!(f, "at most {ones} set bits is out of range: the search takes 1 to 64")
            }
            Error::BoundOutOfRange { below, min, max } => {
                write!(f, "a bound of 2^{below} is out of range: the search takes 2^{min} to 2^{max}")
            }
            Error::LowestSquareTooHigh { lowest } => write!(
                f,
                "the mask's lowest square is bit {lowest}: the search from the top takes masks reaching bit {} or lower (every rook); sweep --black without --from-top",
                super::from_top::MAX_LOWEST_SQUARE
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<ShardOutOfRange> for Error {
    fn from(ShardOutOfRange { index, count }: ShardOutOfRange) -> Error {
        Error::ShardOutOfRange { index, count }
    }
}

pub use super::sweep_shard::{Shard, ShardOutOfRange};

/// Where a shard's sweep stands: everything needed to resume it, and its results so far. Only
/// first-field values searched to the end are counted in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cursor {
    /// The mask of the search this cursor belongs to.
    pub mask: u64,
    /// Its index bits.
    pub bits: u32,
    /// Its color.
    pub color: Color,
    /// The shard this cursor belongs to.
    pub shard: Shard,
    /// The next first-field value to search (the shard's end once it is done).
    pub next: u64,
    /// Magics found so far, ascending (below the period for white magics; one per class for
    /// black and negated-black ones), each verified against the slow reference.
    pub magics: Vec<u64>,
    /// Tests (candidates checked) per level; level 0 is the first field.
    pub level_tests: Vec<u64>,
    /// Nodes (candidates found valid at their level) so far.
    pub nodes: u64,
}

impl Cursor {
    /// All tests so far.
    pub fn tests(&self) -> u64 {
        self.level_tests.iter().sum()
    }
}

/// Why [`ExhaustiveSearch::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The shard is done: the cursor holds its final results.
    Complete,
    /// The stop flag was raised.
    Stopped,
    /// The run searched more nodes than its budget allowed.
    BudgetSpent,
}

/// Why a run must stop now, if it must: the stop flag is raised, or `nodes_run` reached the
/// budget.
pub(super) fn halt(stop: &AtomicBool, nodes_run: u64, budget: u64) -> Option<Status> {
    if stop.load(Ordering::Relaxed) {
        Some(Status::Stopped)
    } else if nodes_run >= budget {
        Some(Status::BudgetSpent)
    } else {
        None
    }
}

/// The result of one [`ExhaustiveSearch::run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Where the shard stands; pass it back to [`ExhaustiveSearch::run`] to go on.
    pub cursor: Cursor,
    /// Why the run returned.
    pub status: Status,
    /// Nodes this run searched, the abandoned ones included.
    pub nodes_run: u64,
    /// Nodes searched in the first-field value that was interrupted (they are not in the
    /// cursor: the value is searched again from its start when the shard resumes).
    pub nodes_discarded: u64,
}

/// A subset of the mask (already a key `occ & mask`) and its attack-set id.
#[derive(Clone, Copy, Debug)]
struct Sub {
    occ: u64,
    id: u8,
}

/// One level of the search: the mask square it adds and the magic bits it fixes.
#[derive(Clone, Debug)]
struct Level {
    /// Magic bits this level starts at, `P_(i-1)`.
    lo: u32,
    /// Width of the field this level fixes, `w`.
    width: u32,
    /// The subsets this level adds (those containing its square), in a fixed shuffled order.
    new: Vec<Sub>,
    /// Offset of this level's base slots in [`State::hs`].
    h_off: usize,
    /// Tests per parent node.
    tests: u64,
    /// White: the field values the bound leaves, `0..field_values` (all `2^width` without one).
    field_values: u64,
    // White.
    /// Low field bits enumerated one by one (`w - S` when `w > S`, else 0).
    explicit: u32,
    /// Field bits tested by rotation, `min(w, S)`.
    rot: u32,
    /// `S - rot`: child `k` moves the new subsets by `k << ushift` slots.
    ushift: u32,
    /// Index of the rotation layout this level reads.
    layout: usize,
    /// Words per rotation class (`2^rot / 64`), 0 when a class is shorter than a word.
    nw: usize,
    /// Layouts this level's table entries must be entered in (those of the deeper levels).
    update: Vec<usize>,
    /// Per word of rotation children (one word when a class is shorter than one): the children
    /// that keep the magic below the bound (all of them without one).
    live: Vec<u64>,
    /// With a limit on set bits: per number of bits still allowed `r` (0 to `rot`), the words
    /// of [`Level::live`] restricted to children with at most `r` bits set; empty without one.
    live_ones: Vec<u64>,
    /// Low field values (enumerated one by one) that keep the magic below the bound.
    explicit_values: u64,
    /// Whether the next level reads this level's entries as a rotated pattern (same layout)
    /// instead of from the table, so that they are written only for its valid children.
    lazy: bool,
    /// Index of this level's pattern in [`State::pocc`] and [`State::pheld`] (if lazy).
    pat: usize,
    // Black.
    /// First bit of `c`'s new free bits.
    e_lo: u32,
    /// Number of `c`'s new free bits.
    e_bits: u32,
    /// Bits of `c` chosen earlier that this level's field determines.
    con: u64,
    /// Bits below `P_i`.
    low: u64,
    /// `c`'s bits that reach this level's indices, `[b_i, 64 - S)`.
    rel: u64,
}

/// The first field (level 0): the two subsets of `{b_0}`.
#[derive(Clone, Debug)]
struct Root {
    subs: Vec<Sub>,
    /// `P_0`: magic bits in the first field.
    m_bits: u32,
    /// Black: `c`'s free bits in the first field, from `e_lo`.
    e_lo: u32,
    /// Black: how many of `c`'s bits the first field holds.
    e_bits: u32,
    /// Black: `c`'s bits that reach the first level's indices.
    rel: u64,
    /// First-field values below this are not counted as tests (as in `daq.c`).
    min_test: u64,
    /// Layouts the root's entries must be entered in.
    update: Vec<usize>,
}

/// A rotation layout: slot `s` sits at position `(s mod u) * 2^rot + s / u`, `u = 2^(S - rot)`,
/// so that the slots a new subset can reach at one level are one contiguous cyclic run.
#[derive(Clone, Debug)]
struct Layout {
    rot: u32,
}

/// Every magic of one (slider, square) with a given index width and [`Color`], found by the
/// exhaustive search described in the [module documentation](self).
#[derive(Clone, Debug)]
pub struct ExhaustiveSearch {
    color: Color,
    mask: u64,
    bits: u32,
    period: u32,
    root: Root,
    levels: Vec<Level>,
    layouts: Vec<Layout>,
    ids: usize,
    /// `(occ & mask, attacks)` for every subset of the mask, to verify found magics.
    reference: Vec<(u64, u64)>,
    /// The inverse of `!mask` modulo `2^64` (black magics).
    inv_not_mask: u64,
    /// The most bits the enumerated number may have set (64: no limit).
    ones: u32,
    /// Keys whose part below the index bits is at least this are *uncertain*: for
    /// [`Color::NegatedBlack`], adding the unknown `s < 2^below` may carry them into the next
    /// slot, so they take no part in pruning (`2^(64 - bits)`, never reached, for the others).
    certain_below: u64,
    /// [`Color::NegatedBlack`]'s class times `2^P` (else 0): added to `-s` to make the black
    /// magic, so subtracted from every white key.
    class_term: u64,
    /// [`Color::BlackFromTop`]: the search that runs instead of the levels.
    from_top: Option<FromTop>,
}

/// A new subset whose key is uncertain (see [`ExhaustiveSearch::certain_below`]): it is not
/// entered in the table.
const UNCERTAIN: u16 = u16::MAX;

/// Bits `[lo, hi)` of a word (empty when `hi <= lo`).
fn bit_range(lo: u32, hi: u32) -> u64 {
    if hi <= lo {
        return 0;
    }
    let below = |b: u32| if b >= 64 { !0 } else { (1u64 << b) - 1 };
    below(hi) & !below(lo)
}

/// The inverse of an odd number modulo `2^64` (Newton's iteration doubles the correct bits).
fn inverse_odd(a: u64) -> u64 {
    debug_assert!(a & 1 == 1);
    let mut x = a; // correct to 3 bits: a * a ≡ 1 (mod 8)
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

/// A small deterministic generator (SplitMix64) for the subsets' order.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl ExhaustiveSearch {
    /// The search for every white (fancy) magic of `slider` on `square` with `bits` index bits.
    ///
    /// `bits` must lie between `ceil(log2(distinct attack sets))`
    /// ([`lower_bound_bits`]) and the mask's bit count.
    pub fn new(slider: Slider, square: Square, bits: u32) -> Result<ExhaustiveSearch, Error> {
        ExhaustiveSearch::with_color(slider, square, bits, Color::White)
    }

    /// [`ExhaustiveSearch::new`] for magics of either [`Color`].
    pub fn with_color(slider: Slider, square: Square, bits: u32, color: Color) -> Result<ExhaustiveSearch, Error> {
        let mask = relevant_mask(slider, square);
        let (min, max) = (lower_bound_bits(slider, square), mask.count_ones().min(MAX_BITS));
        if bits < min || bits > max {
            return Err(Error::BitsOutOfRange { bits, min, max });
        }
        if color == Color::BlackFromTop {
            let lowest = mask.trailing_zeros();
            if lowest > super::from_top::MAX_LOWEST_SQUARE {
                return Err(Error::LowestSquareTooHigh { lowest });
            }
            return Ok(ExhaustiveSearch::from_reference(mask, bits, color, |occ| slow_attacks(slider, square, occ)));
        }
        let Color::NegatedBlack { below, ones, class } = color else {
            return Ok(ExhaustiveSearch::from_reference(mask, bits, color, |occ| slow_attacks(slider, square, occ)));
        };
        let (first, period) = (64 - (63 - mask.leading_zeros()), 64 - mask.trailing_zeros());
        if below < first || below > period {
            return Err(Error::BoundOutOfRange { below, min: first, max: period });
        }
        if ones == 0 || ones > 64 {
            return Err(Error::OnesOutOfRange { ones });
        }
        let classes = 1u64 << (64 - bits).saturating_sub(period);
        if class >= classes {
            return Err(Error::ClassOutOfRange { class, classes });
        }
        // The class count is a small power of two (at most 2^5 on a real mask).
        debug_assert!((64 - bits).saturating_sub(period) <= 8);
        Ok(ExhaustiveSearch::from_reference(mask, bits, color, |y| slow_attacks(slider, square, mask & !y)))
    }

    /// Every black magic `class * 2^P - s` (modulo `2^64`, `P` the period) with `s < 2^below`
    /// and at most `ones` bits set in `s` ([`Color::NegatedBlack`]).
    ///
    /// Why it works: with `y = mask & !occ` (the complement of the occupancy within the mask),
    /// `occ | !mask = -(y + 1)`, so the black key of `m = -s` is `(y + 1) * s = y * s + s`: the
    /// *white* key of `s` for `y`, plus `s`. This search runs the white search over the
    /// complemented subsets (each `y` labelled with the attack set of `mask & !y`). Adding
    /// `s < 2^below` moves a white key into the next slot only when the key's part below the
    /// index bits is within `2^below` of the slot's end; such *uncertain* keys take no part in
    /// the pruning (a fraction `2^(below + bits - 64)` of them), the others sit in their final
    /// slots, so no black magic of this form is pruned, and each `s` that survives is checked
    /// against the slow reference as the black magic `-s`. With `below >= 64 - bits` every key
    /// is uncertain and nothing is pruned.
    ///
    /// Adding `class * 2^P` to the magic adds `-class * 2^P` to every black key (`y * 2^P`
    /// vanishes modulo `2^64`): a whole number of slots when `P >= 64 - bits`, where all classes
    /// index alike, and otherwise a shift within a slot that changes which magics work. So for
    /// such squares (rook h8 at 11 bits: 16 classes) each class is a search of its own, with
    /// that known shift added to every white key before the certainty test.
    ///
    /// Rook one-bit-fewer magics have small negations (below `2^42` in every published white
    /// one, and 12 to 16 bits set in the black ones our random search found). The bound alone
    /// does not make this fast: the middle fields still branch in full (rook b8 with 10 bits
    /// and a bound of 42 did not finish the first of its 4 first-field values in 300 s,
    /// release build, one core). The limit on `s`'s set bits does: a field's children are only
    /// the values whose bits fit in what the lower fields left of the limit, so the middle
    /// fields shrink from `2^w` children to a few, and raising the limit one step at a time
    /// (each step exhaustive) finds the sparsest `s` first, the way the fewer-bit white rook
    /// magics were found by searching their sparse negations.
    pub fn negated_black(
        slider: Slider,
        square: Square,
        bits: u32,
        below: u32,
        ones: u32,
        class: u64,
    ) -> Result<ExhaustiveSearch, Error> {
        ExhaustiveSearch::with_color(slider, square, bits, Color::NegatedBlack { below, ones, class })
    }

    /// The search over any mask, with `label` giving each subset's attack set (the tests use
    /// small sub-masks of real ones). Panics on widths the search cannot take.
    fn from_reference(mask: u64, bits: u32, color: Color, label: impl Fn(u64) -> u64) -> ExhaustiveSearch {
        if color == Color::BlackFromTop {
            return ExhaustiveSearch::from_reference(mask, bits, Color::Black, label).searched_from_top();
        }
        let n = mask.count_ones();
        assert!((1..=16).contains(&n) && (1..=MAX_BITS.min(n)).contains(&bits), "mask {mask:#x} with {bits} bits");
        // Every subset and its attack set; ids in order of first appearance.
        let mut reference = Vec::with_capacity(1 << n);
        let mut sub = 0u64;
        loop {
            reference.push((sub, label(sub)));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let (ids, n_ids) = attack_ids(&reference);
        let id = |occ: u64| ids.iter().find(|e| e.0 == occ).map(|e| e.1).unwrap_or(EMPTY);
        assert!(1usize << bits >= n_ids, "{bits} bits cannot separate {n_ids} attack sets");

        let s = bits;
        let squares: Vec<u32> = {
            let mut v: Vec<u32> = (0..64).filter(|b| mask >> b & 1 == 1).collect();
            v.reverse(); // highest first
            v
        };
        let top = 64 - s; // c's bits from here up only rotate the table
        let b0 = squares[0];
        let p0 = 64 - b0;
        let root_subs = vec![Sub { occ: 0, id: id(0) }, Sub { occ: 1 << b0, id: id(1 << b0) }];
        let (limit, ones) = match color {
            Color::NegatedBlack { below, ones, .. } => (below, ones),
            Color::White | Color::Black | Color::BlackFromTop => (64, 64),
        };
        let (root_e_lo, root_e_bits) = match color {
            Color::White | Color::NegatedBlack { .. } => (0, 0),
            Color::Black | Color::BlackFromTop => {
                let lo = b0.max(p0);
                (lo, top.saturating_sub(lo))
            }
        };
        // daq.c's first magic tested at a level: below it, the level's square lands at slot 0.
        let min_magic = |b: u32| if top > b { 1u64 << (top - b) } else { 0 };
        let min0 = min_magic(b0);
        let root = Root {
            subs: root_subs,
            m_bits: p0,
            e_lo: root_e_lo,
            e_bits: root_e_bits,
            rel: bit_range(b0, top),
            min_test: if min0 > 1 { min0 } else { 0 },
            update: Vec::new(),
        };

        let mut seed = mask ^ (u64::from(bits) << 58);
        let mut levels = Vec::new();
        let mut layouts: Vec<Layout> = Vec::new();
        let mut h_off = 0;
        for i in 1..squares.len() {
            let (b, prev) = (squares[i], squares[i - 1]);
            let (lo, width) = (64 - prev, prev - b);
            let hi = lo + width; // P_i = 64 - b
            // The new subsets: every subset of the squares above, plus this one.
            let above: u64 = squares[..i].iter().map(|&q| 1u64 << q).sum();
            let mut new = Vec::with_capacity(1 << i);
            let mut x = 0u64;
            loop {
                let occ = x | 1 << b;
                new.push(Sub { occ, id: id(occ) });
                x = x.wrapping_sub(above) & above;
                if x == 0 {
                    break;
                }
            }
            // Fisher-Yates, fixed seed: any order is correct, a mixed one fails faster.
            for j in (1..new.len()).rev() {
                let r = ((u128::from(splitmix(&mut seed)) * (j as u128 + 1)) >> 64) as usize;
                new.swap(j, r);
            }
            let explicit = width.saturating_sub(s);
            let rot = width.min(s);
            let layout = match layouts.iter().position(|l| l.rot == rot) {
                Some(p) => p,
                None => {
                    layouts.push(Layout { rot });
                    layouts.len() - 1
                }
            };
            let nw = if rot >= 6 { 1usize << (rot - 6) } else { 0 };
            let (min_i, step_i) = (min_magic(b), if lo >= 64 { u64::MAX } else { 1u64 << lo });
            let skip = if min_i > step_i { min_i / step_i } else { 0 };
            let (e_lo, e_bits, con) = match color {
                Color::White | Color::NegatedBlack { .. } => (0, 0, 0),
                Color::Black | Color::BlackFromTop => {
                    let e_lo = b.max(hi);
                    let e_hi = prev.min(top);
                    (e_lo, e_hi.saturating_sub(e_lo), bit_range(lo, hi) & bit_range(prev, top))
                }
            };
            // The bound leaves the field values whose bits stay below it.
            let allowed_bits = |from: u32, width: u32| limit.saturating_sub(from).min(width);
            let tshift = lo + explicit;
            let explicit_values = 1u64 << allowed_bits(lo, explicit);
            let rot_values = 1u64 << allowed_bits(tshift, rot);
            // Child `t` is bit `t mod 64` of word `t / 64` (one word when a class is shorter).
            let live: Vec<u64> = (0..nw.max(1) as u64)
                .map(|wi| bit_range(0, rot_values.saturating_sub(wi * 64).min(64) as u32))
                .collect();
            let live_ones: Vec<u64> = if ones < 64 {
                (0..=rot)
                    .flat_map(|r| {
                        live.iter().enumerate().map(move |(wi, &word)| {
                            let fits = (0..64u64).filter(|k| (wi as u64 * 64 + k).count_ones() <= r);
                            word & fits.fold(0, |acc, k| acc | 1 << k)
                        })
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let tests = match color {
                Color::White | Color::NegatedBlack { .. } => {
                    explicit_values * rot_values - skip.min(explicit_values * rot_values)
                }
                Color::Black | Color::BlackFromTop => 1u64 << (width + e_bits - con.count_ones()),
            };
            levels.push(Level {
                lo,
                width,
                h_off,
                tests,
                field_values: explicit_values * rot_values,
                explicit,
                rot,
                ushift: s - rot,
                layout,
                nw,
                update: Vec::new(),
                live,
                live_ones,
                explicit_values,
                lazy: false,
                pat: 0,
                e_lo,
                e_bits,
                con,
                low: bit_range(0, hi),
                rel: bit_range(b, top),
                new,
            });
            h_off += 1 << i;
        }
        // An entry written at a level is read by the layouts of the deeper levels.
        let mut needed: Vec<usize> = Vec::new();
        if color.rotates() {
            for level in levels.iter_mut().rev() {
                level.update = needed.clone();
                level.update.sort_unstable();
                if !needed.contains(&level.layout) {
                    needed.push(level.layout);
                }
            }
            needed.sort_unstable();
            let mut pats = 0;
            for i in 0..levels.len().saturating_sub(1) {
                if levels[i].nw > 0 && levels[i + 1].layout == levels[i].layout {
                    levels[i].lazy = true;
                    levels[i].pat = pats;
                    pats += 1;
                }
            }
        } else {
            layouts.clear();
        }
        let root = Root { update: needed, ..root };
        assert!(root.m_bits + root.e_bits <= 62, "a first field of {} bits", root.m_bits + root.e_bits);
        assert!(color == Color::White || mask & 1 == 0, "black magics need !mask odd");
        assert!(root.m_bits <= limit, "a bound below the first field");
        ExhaustiveSearch {
            color,
            mask,
            bits,
            period: 64 - mask.trailing_zeros(),
            root,
            levels,
            layouts,
            ids: n_ids,
            reference,
            inv_not_mask: inverse_odd(!mask | 1),
            ones,
            class_term: match color {
                Color::NegatedBlack { class, .. } => class.wrapping_shl(64 - mask.trailing_zeros()),
                Color::White | Color::Black | Color::BlackFromTop => 0,
            },
            certain_below: match color {
                Color::NegatedBlack { below, .. } => (1u64 << top).saturating_sub(1u64 << below.min(63)),
                Color::White | Color::Black | Color::BlackFromTop => 1u64 << top,
            },
            from_top: None,
        }
    }
}

impl ExhaustiveSearch {
    /// This black search turned into [`Color::BlackFromTop`]: the same reference and checks,
    /// with the search from the top to run instead of the levels.
    fn searched_from_top(mut self) -> ExhaustiveSearch {
        let (ids, _) = attack_ids(&self.reference);
        self.from_top = Some(FromTop::new(self.mask, self.bits, ids.into_iter()));
        self.color = Color::BlackFromTop;
        self
    }
}

/// Each `(occ, attack)` of `reference` with a small attack-set id (in order of first
/// appearance), and the number of ids. Panics beyond 254 attack sets.
pub(super) fn attack_ids(reference: &[(u64, u64)]) -> (Vec<(u64, u8)>, usize) {
    let mut distinct: Vec<u64> = Vec::new();
    let ids = reference
        .iter()
        .map(|&(occ, attack)| {
            let id = distinct.iter().position(|&a| a == attack).unwrap_or_else(|| {
                distinct.push(attack);
                distinct.len() - 1
            });
            assert!(id < EMPTY as usize, "more than 254 distinct attack sets");
            (occ, id as u8)
        })
        .collect();
    (ids, distinct.len())
}

/// Position of `slot` in the rotation layout of `rot` bits for `bits`-bit indices.
#[inline(always)]
fn layout_pos(slot: usize, rot: u32, bits: u32) -> usize {
    let ushift = bits - rot;
    ((slot & ((1 << ushift) - 1)) << rot) | (slot >> ushift)
}

/// ORs `d` rotated right by `t` bits (bit `k` of the result is bit `(t + k) mod 64 NW` of `d`)
/// into `f`; whether `f` is then all ones.
#[inline(always)]
fn rotate_or<const NW: usize>(f: &mut [u64; NW], d: &[u64; NW], t: usize) -> bool {
    let (q, r) = (t >> 6, (t & 63) as u32);
    let mut all = !0u64;
    for (i, fi) in f.iter_mut().enumerate() {
        let lo = d[(i + q) & (NW - 1)];
        let hi = d[(i + q + 1) & (NW - 1)];
        *fi |= (lo >> r) | ((hi << 1) << (63 - r));
        all &= *fi;
    }
    all == !0
}

/// The working state of one run: the table, its rotation bitsets, undo log and counters.
struct State<'a> {
    /// Attack-set id per slot, or [`EMPTY`].
    tbl: Vec<u8>,
    /// Per layout (`words` words each): the occupied slots.
    occ: Vec<u64>,
    /// Per layout and id (`words` words each): the slots held by that id.
    held: Vec<u64>,
    /// Words per table bitset.
    words: usize,
    /// Distinct attack sets.
    ids: usize,
    /// Per lazy level: its new subsets' slots under the node's base magic (layout positions).
    pocc: Vec<u64>,
    /// Per lazy level and id: the same, for the subsets of that id.
    pheld: Vec<u64>,
    /// New-subset collision check: `epoch << 8 | id` per slot.
    scratch: Vec<u32>,
    epoch: u32,
    /// Slots written, in order, to undo.
    undo: Vec<u16>,
    /// Per level, [`MAX_WORDS`] words: the forbidden children of the node being expanded.
    forb: Vec<u64>,
    /// Per level, the new subsets' slots under the node's base magic.
    hs: Vec<u16>,
    /// A shard finer than the first field: the positions below its value it searches
    /// ([`ExhaustiveSearch::shard_positions`]).
    part: Option<Range<u64>>,
    /// Counters of the first-field value in progress.
    level_tests: Vec<u64>,
    nodes: u64,
    found: Vec<u64>,
    /// Counters of the whole run.
    evals: u64,
    nodes_run: u64,
    stop: &'a AtomicBool,
    budget: u64,
    halted: Option<Status>,
}

impl<'a> State<'a> {
    fn new(search: &ExhaustiveSearch, stop: &'a AtomicBool, budget: Option<u64>) -> State<'a> {
        let slots = 1usize << search.bits;
        let words = slots.div_ceil(64);
        let (layouts, ids) = (search.layouts.len(), search.ids);
        let lazy = search.levels.iter().filter(|l| l.lazy).count();
        State {
            tbl: vec![EMPTY; slots],
            occ: vec![0; layouts * words],
            held: vec![0; layouts * ids * words],
            words,
            ids,
            pocc: vec![0; lazy * words],
            pheld: vec![0; lazy * ids * words],
            scratch: vec![0; slots],
            epoch: 0,
            undo: Vec::with_capacity(1 << search.mask.count_ones()),
            forb: vec![0; search.levels.len() * MAX_WORDS],
            hs: vec![0; 1 << search.mask.count_ones()],
            part: None,
            level_tests: vec![0; search.levels.len() + 1],
            nodes: 0,
            found: Vec::new(),
            evals: 0,
            nodes_run: 0,
            stop,
            budget: budget.unwrap_or(u64::MAX),
            halted: None,
        }
    }

    /// Resets the counters of one first-field value.
    fn begin_value(&mut self) {
        self.level_tests.iter_mut().for_each(|t| *t = 0);
        self.nodes = 0;
        self.found.clear();
    }

    /// Counts one evaluation; every [`CHECK_EVERY`] of them, whether to stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.evals += 1;
        if self.evals & (CHECK_EVERY - 1) == 0 {
            return self.check();
        }
        true
    }

    /// Whether the run may go on (the stop flag is down and the budget not spent).
    #[cold]
    fn check(&mut self) -> bool {
        self.halted = halt(self.stop, self.nodes_run, self.budget);
        self.halted.is_none()
    }

    /// A new stamp for the new-subset collision check (24 bits; the scratch is cleared when it
    /// wraps).
    #[inline(always)]
    fn next_epoch(&mut self) -> u32 {
        self.epoch += 1;
        if self.epoch == 1 << 24 {
            self.scratch.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
        self.epoch
    }

    #[inline(always)]
    fn node(&mut self) {
        self.nodes += 1;
        self.nodes_run += 1;
    }

    /// Writes `id` into the free `slot` and into the layouts of `update`, logging it for undo.
    #[inline(always)]
    fn enter(&mut self, slot: usize, id: u8, update: &[usize], layouts: &[Layout], bits: u32) {
        let State { tbl, occ, held, undo, words, ids, .. } = self;
        tbl[slot] = id;
        undo.push(slot as u16);
        for &l in update {
            let p = layout_pos(slot, layouts[l].rot, bits);
            let bit = 1u64 << (p & 63);
            occ[l * *words + (p >> 6)] |= bit;
            held[(l * *ids + usize::from(id)) * *words + (p >> 6)] |= bit;
        }
    }

    /// Frees the slots written since the undo log was `mark` long.
    #[inline(always)]
    fn undo_to(&mut self, mark: usize, update: &[usize], layouts: &[Layout], bits: u32) {
        let State { tbl, occ, held, undo, words, ids, .. } = self;
        while undo.len() > mark {
            let slot = usize::from(undo.pop().unwrap_or_default());
            let id = tbl[slot];
            tbl[slot] = EMPTY;
            for &l in update {
                let p = layout_pos(slot, layouts[l].rot, bits);
                let bit = !(1u64 << (p & 63));
                occ[l * *words + (p >> 6)] &= bit;
                held[(l * *ids + usize::from(id)) * *words + (p >> 6)] &= bit;
            }
        }
    }
}

impl ExhaustiveSearch {
    /// The lookup the magics are for.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The relevant mask.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Index bits `S`: the lookup shifts right by `64 - S`.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The number of distinct attack sets over the mask's subsets.
    pub fn distinct_attack_sets(&self) -> usize {
        self.ids
    }

    /// `P = 64 - mask.trailing_zeros()`: white magics are listed below `2^P`. For
    /// [`Color::BlackFromTop`], the `K` whose `2^K` negations hold one of each class.
    pub fn period_bits(&self) -> u32 {
        self.from_top.as_ref().map_or(self.period, FromTop::period_bits)
    }

    /// Widths of the magic's fields, level by level: the first field, then one per further
    /// mask square (highest first). They add up to [`ExhaustiveSearch::period_bits`]. A black
    /// search's first field also holds [`ExhaustiveSearch::first_field_bits`] minus the first
    /// width of `c`'s bits. [`Color::BlackFromTop`] fixes the negation's first field, then
    /// one bit a level.
    pub fn field_widths(&self) -> Vec<u32> {
        if let Some(top) = &self.from_top {
            return core::iter::once(top.first_field_bits()).chain(vec![1; top.levels() - 1]).collect();
        }
        core::iter::once(self.root.m_bits).chain(self.levels.iter().map(|l| l.width)).collect()
    }

    /// Bits of the first field, the value the shards split: the magic's bits
    /// `[0, 64 - b_0)` (`b_0` the mask's highest square), and for black magics `c`'s free bits
    /// that reach the first level's indices. For [`Color::BlackFromTop`], the negation's
    /// highest bits below `2^K`.
    pub fn first_field_bits(&self) -> u32 {
        self.from_top.as_ref().map_or(self.root.m_bits + self.root.e_bits, FromTop::first_field_bits)
    }

    /// The number of first-field values, `2^first_field_bits`.
    pub fn first_field_values(&self) -> u64 {
        1 << self.first_field_bits()
    }

    /// Tests one node at each level makes (level 0, the first field: one per value). A white
    /// level skips the candidates `daq.c` skips (see the module documentation).
    pub fn tests_per_node(&self) -> Vec<u64> {
        if let Some(top) = &self.from_top {
            // One interval a value, then its two halves (levels where nothing settles are
            // stepped over, their intervals not counted as tests).
            return core::iter::once(1).chain(vec![2; top.levels() - 1]).collect();
        }
        core::iter::once(1).chain(self.levels.iter().map(|l| l.tests)).collect()
    }

    /// The first-field values of `shard`: `[V * i / N, V * (i + 1) / N)` for `V` values, shard
    /// `i` of `N`. Consecutive shards meet, and together they cover `0..V` once. A shard finer
    /// than the first field (`N = V * p`, see [`ExhaustiveSearch::shard_positions`]) has the one
    /// value `i / p`.
    pub fn shard_range(&self, shard: Shard) -> Range<u64> {
        let v = self.first_field_values();
        if shard.count() > v {
            let v = shard.index() / (shard.count() / v);
            return v..v + 1;
        }
        let at = |i: u64| (u128::from(v) * u128::from(i) / u128::from(shard.count())) as u64;
        at(shard.index())..at(shard.index() + 1)
    }

    /// Positions below a first-field value that shards finer than the first field split: the
    /// values of all further fields read as one number in the order the search visits them
    /// (the first level's field the highest digit, the last level's the lowest), `2^(P - P_0)`
    /// for white and negated black magics; for [`Color::BlackFromTop`], the negation's bits
    /// below the first field, `2^(K - 12)`; 1 where a value cannot be split (the black level
    /// search, or a mask of one square).
    pub fn value_positions(&self) -> u64 {
        if let Some(top) = &self.from_top {
            return 1 << (top.period_bits() - top.first_field_bits());
        }
        if self.color.rotates() { 1u64.checked_shl(self.period - self.root.m_bits).unwrap_or(u64::MAX) } else { 1 }
    }

    /// The most shards this sweep splits into: every first-field value into its
    /// [`ExhaustiveSearch::value_positions`], one a part.
    pub fn max_shards(&self) -> u64 {
        self.first_field_values().saturating_mul(self.value_positions())
    }

    /// Whether this sweep splits into `shard.count()` shards: at most `V` (ranges of the `V`
    /// first-field values), or a multiple of `V` up to [`ExhaustiveSearch::max_shards`].
    pub fn check_shard(&self, shard: Shard) -> Result<(), Error> {
        let (count, values, max) = (shard.count(), self.first_field_values(), self.max_shards());
        if count > values && (count % values != 0 || count > max) {
            return Err(Error::ShardTooFine { count, values, max });
        }
        Ok(())
    }

    /// The positions below its first-field value that `shard` searches, if it is finer than the
    /// first field: with `N = V * p` shards of `V` values, shard `i` takes part `j = i mod p`
    /// of the value's `C` positions ([`ExhaustiveSearch::value_positions`]), `[C * j / p,
    /// C * (j + 1) / p)`. The `p` parts of a value meet and cover `0..C` once, so the shards
    /// still partition the candidates: every magic is in exactly one, and a node whose
    /// candidates span several parts (the value itself, or a node at a part's edge) is searched
    /// in each but counted (tests, nodes) only in the part that holds its first position.
    /// `None` for a shard of whole values (or a count [`ExhaustiveSearch::check_shard`]
    /// refuses).
    pub fn shard_positions(&self, shard: Shard) -> Option<Range<u64>> {
        let (values, positions) = (self.first_field_values(), self.value_positions());
        if shard.count() <= values || self.check_shard(shard).is_err() {
            return None;
        }
        let parts = shard.count() / values;
        let at = |j: u64| (u128::from(positions) * u128::from(j) / u128::from(parts)) as u64;
        let j = shard.index() % parts;
        Some(at(j)..at(j + 1))
    }

    /// The cursor of a shard not yet started.
    pub fn start(&self, shard: Shard) -> Cursor {
        Cursor {
            mask: self.mask,
            bits: self.bits,
            color: self.color,
            shard,
            next: self.shard_range(shard).start,
            magics: Vec::new(),
            level_tests: vec![0; self.level_count()],
            nodes: 0,
        }
    }

    /// Counters in a cursor's `level_tests`.
    fn level_count(&self) -> usize {
        self.from_top.as_ref().map_or(self.levels.len() + 1, FromTop::levels)
    }

    /// Searches `shard` from `cursor` (its start when `None`) until the shard is done, `stop`
    /// is raised or the run has searched more than `node_budget` nodes. The flag and budget are
    /// looked at before each first-field value and every 128 node evaluations (256 nodes from
    /// the top; every few milliseconds at most); the first-field value in progress when the run
    /// stops is dropped from the counts and searched again on resuming, so a budget smaller
    /// than one value's nodes never completes it. Resuming from the returned cursor, however
    /// often, ends with the same cursor as one uninterrupted run.
    pub fn run(
        &self,
        shard: Shard,
        cursor: Option<Cursor>,
        stop: &AtomicBool,
        node_budget: Option<u64>,
    ) -> Result<Outcome, Error> {
        let range = self.shard_range(shard);
        self.check_shard(shard)?;
        let part = self.shard_positions(shard);
        let mut cursor = match cursor {
            None => self.start(shard),
            Some(c) => {
                if (c.mask, c.bits, c.color, c.shard) != (self.mask, self.bits, self.color, shard)
                    || !(range.start..=range.end).contains(&c.next)
                    || c.level_tests.len() != self.level_count()
                {
                    return Err(Error::CursorMismatch);
                }
                c
            }
        };
        if let Some(top) = &self.from_top {
            return Ok(top.run(cursor, range.end, stop, node_budget, part, |class| {
                let magic = top.narrowest(class);
                assert!(self.is_magic(magic), "the search found {magic:#x}, which the reference rejects");
                magic
            }));
        }
        let mut st = State::new(self, stop, node_budget);
        st.part = part;
        while cursor.next < range.end {
            st.begin_value();
            let done = st.check()
                && match self.color {
                    Color::White | Color::NegatedBlack { .. } => self.white_value(&mut st, cursor.next),
                    Color::Black | Color::BlackFromTop => self.black_value(&mut st, cursor.next),
                };
            if !done {
                cursor.magics.sort_unstable();
                let status = st.halted.unwrap_or(Status::Stopped);
                return Ok(Outcome { cursor, status, nodes_run: st.nodes_run, nodes_discarded: st.nodes });
            }
            cursor.level_tests.iter_mut().zip(&st.level_tests).for_each(|(c, t)| *c += t);
            cursor.nodes += st.nodes;
            cursor.magics.extend_from_slice(&st.found);
            cursor.next += 1;
        }
        cursor.magics.sort_unstable();
        Ok(Outcome { cursor, status: Status::Complete, nodes_run: st.nodes_run, nodes_discarded: 0 })
    }

    /// Searches `shard` to its end in one go.
    pub fn sweep(&self, shard: Shard) -> Cursor {
        let never = AtomicBool::new(false);
        match self.run(shard, None, &never, None) {
            Ok(outcome) => outcome.cursor,
            Err(e) => unreachable!("a fresh cursor always fits: {e}"),
        }
    }

    /// Whether `magic` is a magic of this search's color and width, checked against the slow
    /// reference over every subset of the mask (independent of the search's machinery).
    pub fn is_magic(&self, magic: u64) -> bool {
        let slots = 1usize << self.bits;
        let mut table: Vec<Option<u64>> = vec![None; slots];
        self.reference.iter().all(|&(occ, attack)| {
            let key = match self.color {
                Color::White => occ,
                Color::Black | Color::BlackFromTop => occ | !self.mask,
                // The reference holds complemented subsets `y`, labelled with the attack set
                // of `mask & !y`.
                Color::NegatedBlack { .. } => (self.mask & !occ) | !self.mask,
            };
            let slot = (key.wrapping_mul(magic) >> (64 - self.bits)) as usize;
            match table[slot] {
                None => {
                    table[slot] = Some(attack);
                    true
                }
                Some(held) => held == attack,
            }
        })
    }

    /// Records a found magic once the slow reference confirms it. For
    /// [`Color::NegatedBlack`], `magic` is an `s` that survived the certain keys' collisions;
    /// the black magic `-s` is recorded if the reference confirms it (the uncertain keys were
    /// not checked).
    fn record(&self, st: &mut State, magic: u64) {
        if let Color::NegatedBlack { .. } = self.color {
            let black = magic.wrapping_neg().wrapping_add(self.class_term);
            if self.is_magic(black) {
                st.found.push(black);
            }
            return;
        }
        assert!(self.is_magic(magic), "the search found {magic:#x}, which the reference rejects");
        st.found.push(magic);
    }

    /// Whether `key`'s slot is its final one (always, but for [`Color::NegatedBlack`] keys near
    /// the top of a slot).
    #[inline(always)]
    fn certain(&self, key: u64) -> bool {
        key & ((1u64 << (64 - self.bits)) - 1) < self.certain_below
    }

    /// Places `subs` under magic `m` and additive constant `c` (0 for white magics), writing
    /// the new entries; on the first destructive collision undoes them and returns false.
    /// Uncertain keys are left out.
    #[inline(always)]
    fn place(&self, st: &mut State, subs: &[Sub], m: u64, c: u64, update: &[usize]) -> bool {
        let shift = 64 - self.bits;
        let mark = st.undo.len();
        for sub in subs {
            let key = sub.occ.wrapping_mul(m).wrapping_add(c);
            if !self.certain(key) {
                continue;
            }
            let slot = (key >> shift) as usize;
            let held = st.tbl[slot];
            if held == EMPTY {
                st.enter(slot, sub.id, update, &self.layouts, self.bits);
            } else if held != sub.id {
                st.undo_to(mark, update, &self.layouts, self.bits);
                return false;
            }
        }
        true
    }

    // ---------------------------------------------------------------------------------------
    // White magics.

    /// Searches first-field value `v`; false if the run was stopped.
    fn white_value(&self, st: &mut State, v: u64) -> bool {
        if v.count_ones() > self.ones {
            // Over the limit on set bits: not a candidate, so no test.
            return true;
        }
        // A value split into parts is counted in the part holding its first position.
        let owned = st.part.as_ref().is_none_or(|c| c.start == 0);
        if v >= self.root.min_test && owned {
            st.level_tests[0] += 1;
        }
        if !st.tick() {
            return false;
        }
        let update = &self.root.update;
        let mark = st.undo.len();
        if !self.place(st, &self.root.subs, v, self.class_term.wrapping_neg(), update) {
            return true;
        }
        if owned {
            st.node();
        } else {
            st.nodes_run += 1;
        }
        let ok = if self.levels.is_empty() {
            self.record(st, v);
            true
        } else {
            self.white_node(st, 0, v, None, st.part.is_some())
        };
        st.undo_to(mark, update, &self.layouts, self.bits);
        ok
    }

    /// For a node of level `li` (magic `m`) on the edge of the part `part` of a shard finer
    /// than the first field (see [`ExhaustiveSearch::shard_positions`]; positions in the order
    /// the search visits the candidates below a first-field value: the fields from the first
    /// level's down, each the next digit): the field values of the node's children whose
    /// candidates meet the part, the values of those whose first candidate lies in it (the
    /// children this part counts), and the positions each child's candidates take.
    fn part_fields(
        &self,
        part: &Range<u64>,
        li: usize,
        m: u64,
    ) -> (Range<u64>, Range<u64>, impl Fn(u64) -> bool + use<>) {
        let lv = &self.levels[li];
        let rest = self.period - (lv.lo + lv.width);
        let digit = |l: &Level| m >> l.lo & ((1 << l.width) - 1);
        let prefix = self.levels[..li].iter().fold(0u64, |p, l| p << l.width | digit(l));
        let base = prefix << lv.width;
        let clip = |x: u64| x.saturating_sub(base).min(1 << lv.width);
        let (start, end) = (part.start >> rest, part.end.div_ceil(1 << rest));
        let first = part.start.div_ceil(1 << rest);
        let (from, to) = (part.start, part.end);
        // A child whose candidates are not all in the part is on its edge too.
        let edge = move |f: u64| {
            let c = (base | f) << rest;
            c < from || c + (1 << rest) > to
        };
        (clip(start)..clip(end), clip(first)..clip(end), edge)
    }

    /// Expands a valid node of level `li` (its magic `m` fixes the bits below the field of
    /// `self.levels[li]`); false if the run was stopped. With `pend = Some(t)` the parent level
    /// is lazy: its new subsets are not in the table but sit at rotation `t` of its pattern.
    /// With `edge`, the node's candidates are not all in the part of its fine shard
    /// (`st.part`): it searches only the children that meet that part, and counts those whose
    /// first position lies in it.
    fn white_node(&self, st: &mut State, li: usize, m: u64, pend: Option<usize>, edge: bool) -> bool {
        let lv = &self.levels[li];
        let limited = self.ones < 64;
        let part = match (&st.part, edge) {
            (Some(part), true) => Some(self.part_fields(part, li, m)),
            _ => None,
        };
        if !limited {
            st.level_tests[li + 1] += match &part {
                None => lv.tests,
                // The tests among the values the part counts (the values daq.c skips come first).
                Some((_, owned, _)) => {
                    let skip = lv.field_values - lv.tests;
                    owned.end.min(lv.field_values).saturating_sub(owned.start.max(skip))
                }
            };
        }
        let last = li + 1 == self.levels.len();
        let words = lv.nw.max(1);
        let tshift = lv.lo + lv.explicit;
        // Undo mark of the parent's entries, once they had to be written.
        let mut written: Option<usize> = None;
        let mut ok = true;
        let mut in_part = [0u64; MAX_WORDS];
        'fields: for j in 0..lv.explicit_values {
            let base = m | j << lv.lo;
            // The children this value leaves: those within the limit on set bits, if any.
            let mut live = if limited {
                let Some(left) = self.ones.checked_sub(base.count_ones()) else {
                    continue;
                };
                let r = left.min(lv.rot) as usize;
                &lv.live_ones[r * words..(r + 1) * words]
            } else {
                &lv.live[..]
            };
            if let Some((meet, owned, _)) = &part {
                // The field is `j + (t << explicit)`: the part's rotation children `t` for `j`.
                let first_t = |f: u64| f.saturating_sub(j).div_ceil(1 << lv.explicit);
                let (from, counted, to) = (first_t(meet.start), first_t(owned.start), first_t(meet.end));
                if from >= to {
                    continue;
                }
                let mut tests = 0;
                for (wi, (word, &l)) in in_part.iter_mut().zip(live).enumerate() {
                    let at = |t: u64| t.saturating_sub(wi as u64 * 64).min(64) as u32;
                    *word = l & bit_range(at(from), at(to));
                    tests += (l & bit_range(at(counted), at(to))).count_ones();
                }
                live = &in_part[..words];
                if limited {
                    st.level_tests[li + 1] += u64::from(tests);
                }
            } else if limited {
                st.level_tests[li + 1] += live.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
            }
            if !st.tick() {
                ok = false;
                break;
            }
            let pt = pend.unwrap_or(0);
            let alive = match (lv.nw, pend.is_some()) {
                (0, _) => self.eval_small(st, li, base, live),
                (1, false) => self.eval_words::<1, false>(st, li, base, pt, live),
                (1, true) => self.eval_words::<1, true>(st, li, base, pt, live),
                (2, false) => self.eval_words::<2, false>(st, li, base, pt, live),
                (2, true) => self.eval_words::<2, true>(st, li, base, pt, live),
                (4, false) => self.eval_words::<4, false>(st, li, base, pt, live),
                (4, true) => self.eval_words::<4, true>(st, li, base, pt, live),
                (8, false) => self.eval_words::<8, false>(st, li, base, pt, live),
                (8, true) => self.eval_words::<8, true>(st, li, base, pt, live),
                (16, false) => self.eval_words::<16, false>(st, li, base, pt, live),
                (16, true) => self.eval_words::<16, true>(st, li, base, pt, live),
                (32, false) => self.eval_words::<32, false>(st, li, base, pt, live),
                (32, true) => self.eval_words::<32, true>(st, li, base, pt, live),
                (_, false) => self.eval_words::<64, false>(st, li, base, pt, live),
                (_, true) => self.eval_words::<64, true>(st, li, base, pt, live),
            };
            if !alive {
                continue;
            }
            if lv.lazy {
                self.build_pattern(st, li);
            }
            for (wi, &live) in live.iter().enumerate().take(words) {
                let mut free = !st.forb[li * MAX_WORDS + wi] & live;
                while free != 0 {
                    let t = (wi as u64) << 6 | u64::from(free.trailing_zeros());
                    free &= free - 1;
                    let child = base | t << tshift;
                    // On the part's edge: whether this part counts the child, and whether its
                    // own children are all in the part.
                    let (counted, child_edge) = match &part {
                        None => (true, false),
                        Some((_, owned, on_edge)) => {
                            let f = j + (t << lv.explicit);
                            (owned.contains(&f), on_edge(f))
                        }
                    };
                    if counted {
                        st.node();
                    } else {
                        st.nodes_run += 1;
                    }
                    if last {
                        self.record(st, child);
                        continue;
                    }
                    // The child's level reads this level's entries, and those of the parent.
                    if let (Some(pt), None) = (pend, written) {
                        written = Some(st.undo.len());
                        self.write_level(st, li - 1, pt);
                    }
                    let t = t as usize;
                    let fine = if lv.lazy {
                        self.white_node(st, li + 1, child, Some(t), child_edge)
                    } else {
                        let mark = st.undo.len();
                        self.write_level(st, li, t);
                        let fine = self.white_node(st, li + 1, child, None, child_edge);
                        st.undo_to(mark, &lv.update, &self.layouts, self.bits);
                        fine
                    };
                    if !fine {
                        ok = false;
                        break 'fields;
                    }
                }
            }
        }
        if let Some(mark) = written {
            st.undo_to(mark, &self.levels[li - 1].update, &self.layouts, self.bits);
        }
        ok
    }

    /// Tests all rotations of level `li`'s new subsets under `base` at once, for rotation
    /// classes of `64 * NW` slots: false if every child is pruned, else the forbidden children
    /// are in `st.forb` and the new subsets' base slots in `st.hs`. With `PEND`, the parent
    /// level's entries are its pattern rotated by `pt` instead of table entries. Only the
    /// children in `live` are candidates.
    #[inline(always)]
    fn eval_words<const NW: usize, const PEND: bool>(
        &self,
        st: &mut State,
        li: usize,
        base: u64,
        pt: usize,
        live: &[u64],
    ) -> bool {
        let lv = &self.levels[li];
        let shift = 64 - self.bits;
        let umask = (1usize << lv.ushift) - 1;
        let epoch = st.next_epoch();
        let State { occ, held, words, ids, pocc, pheld, scratch, hs, forb, .. } = st;
        let words = *words;
        let occ = &occ[lv.layout * words..(lv.layout + 1) * words];
        let held = &held[lv.layout * *ids * words..(lv.layout + 1) * *ids * words];
        let (pocc, pheld) = if PEND {
            let pat = self.levels[li - 1].pat;
            (&pocc[pat * words..(pat + 1) * words], &pheld[pat * *ids * words..(pat + 1) * *ids * words])
        } else {
            (&pocc[..0], &pheld[..0])
        };
        let hs = &mut hs[lv.h_off..lv.h_off + lv.new.len()];
        // Children above the bound (or over the limit on set bits) start out forbidden.
        let mut f = [0u64; NW];
        for (f, &live) in f.iter_mut().zip(live) {
            *f = !live;
        }
        for (sub, h_out) in lv.new.iter().zip(hs.iter_mut()) {
            let key = sub.occ.wrapping_mul(base).wrapping_sub(self.class_term);
            // A child moves the key by whole slots, so certainty is the same for all of them.
            if !self.certain(key) {
                *h_out = UNCERTAIN;
                continue;
            }
            let h = (key >> shift) as usize;
            let a = u32::from(sub.id);
            if !stamp(scratch, h, epoch, a) {
                return false;
            }
            *h_out = h as u16;
            // The slots this subset can reach: class `h mod u`, from position `h / u` on.
            let w0 = (h & umask) * NW;
            let t = h >> lv.ushift;
            let hb = a as usize * words + w0;
            let mut d = [0u64; NW];
            for ((d, &o), &hd) in d.iter_mut().zip(&occ[w0..w0 + NW]).zip(&held[hb..hb + NW]) {
                *d = o & !hd;
            }
            let mut full = rotate_or(&mut f, &d, t);
            if PEND {
                // The parent's entries sit `pt` positions further on than in its pattern.
                for ((d, &o), &hd) in d.iter_mut().zip(&pocc[w0..w0 + NW]).zip(&pheld[hb..hb + NW]) {
                    *d = o & !hd;
                }
                full = rotate_or(&mut f, &d, t.wrapping_sub(pt) & (64 * NW - 1));
            }
            if full {
                return false;
            }
        }
        forb[li * MAX_WORDS..li * MAX_WORDS + NW].copy_from_slice(&f);
        true
    }

    /// [`ExhaustiveSearch::eval_words`] for rotation classes shorter than a word (at most 32
    /// slots, so a class and its copy fit one word); never with a lazy parent.
    #[inline(always)]
    fn eval_small(&self, st: &mut State, li: usize, base: u64, live: &[u64]) -> bool {
        let lv = &self.levels[li];
        let shift = 64 - self.bits;
        let umask = (1usize << lv.ushift) - 1;
        let len = 1u32 << lv.rot;
        let lmask = (1u64 << len) - 1;
        let epoch = st.next_epoch();
        let State { occ, held, words, ids, scratch, hs, forb, .. } = st;
        let words = *words;
        let occ = &occ[lv.layout * words..(lv.layout + 1) * words];
        let held = &held[lv.layout * *ids * words..(lv.layout + 1) * *ids * words];
        let hs = &mut hs[lv.h_off..lv.h_off + lv.new.len()];
        let mut f = lmask & !live[0];
        for (sub, h_out) in lv.new.iter().zip(hs.iter_mut()) {
            let key = sub.occ.wrapping_mul(base).wrapping_sub(self.class_term);
            if !self.certain(key) {
                *h_out = UNCERTAIN;
                continue;
            }
            let h = (key >> shift) as usize;
            let a = u32::from(sub.id);
            if !stamp(scratch, h, epoch, a) {
                return false;
            }
            *h_out = h as u16;
            let p = (h & umask) << lv.rot;
            let (w, off) = (p >> 6, p & 63);
            let d = ((occ[w] & !held[a as usize * words + w]) >> off) & lmask;
            f |= ((d | d << len) >> (h >> lv.ushift)) & lmask;
            if f == lmask {
                return false;
            }
        }
        forb[li * MAX_WORDS] = f;
        true
    }

    /// Records the new subsets of lazy level `li` (slots in `st.hs`) as its pattern: layout
    /// positions under the node's base magic, per id.
    #[inline(always)]
    fn build_pattern(&self, st: &mut State, li: usize) {
        let lv = &self.levels[li];
        let rot = self.layouts[lv.layout].rot;
        let State { words, ids, pocc, pheld, hs, .. } = st;
        let words = *words;
        let pocc = &mut pocc[lv.pat * words..(lv.pat + 1) * words];
        let pheld = &mut pheld[lv.pat * *ids * words..(lv.pat + 1) * *ids * words];
        pocc.fill(0);
        pheld.fill(0);
        for (sub, &h) in lv.new.iter().zip(&hs[lv.h_off..lv.h_off + lv.new.len()]) {
            if h == UNCERTAIN {
                continue;
            }
            let p = layout_pos(usize::from(h), rot, self.bits);
            let bit = 1u64 << (p & 63);
            pocc[p >> 6] |= bit;
            pheld[usize::from(sub.id) * words + (p >> 6)] |= bit;
        }
    }

    /// Writes the new subsets of level `li` for its child `t` (rotation `t << ushift`).
    #[inline(always)]
    fn write_level(&self, st: &mut State, li: usize, t: usize) {
        let lv = &self.levels[li];
        let add = t << lv.ushift;
        let smask = (1usize << self.bits) - 1;
        let State { tbl, occ, held, undo, words, ids, hs, .. } = st;
        let (words, ids) = (*words, *ids);
        for (sub, &h) in lv.new.iter().zip(&hs[lv.h_off..lv.h_off + lv.new.len()]) {
            if h == UNCERTAIN {
                continue;
            }
            let slot = (usize::from(h) + add) & smask;
            let cur = tbl[slot];
            if cur != EMPTY {
                debug_assert_eq!(cur, sub.id, "a child the bitsets allowed collides");
                continue;
            }
            tbl[slot] = sub.id;
            undo.push(slot as u16);
            for &l in &lv.update {
                let p = layout_pos(slot, self.layouts[l].rot, self.bits);
                let bit = 1u64 << (p & 63);
                occ[l * words + (p >> 6)] |= bit;
                held[(l * ids + usize::from(sub.id)) * words + (p >> 6)] |= bit;
            }
        }
    }

    // ---------------------------------------------------------------------------------------
    // Black magics.

    /// `c = !mask * m` modulo `2^64`, of which a level uses the bits below its `P_i`.
    #[inline(always)]
    fn c_of(&self, m: u64) -> u64 {
        (!self.mask).wrapping_mul(m)
    }

    /// The reported black magic of a leaf: `m` below the period and `c`'s free bits `cf`.
    fn black_magic(&self, m: u64, cf: u64) -> u64 {
        let low = bit_range(0, self.period);
        let c = (self.c_of(m) & low) | (cf & !low);
        c.wrapping_mul(self.inv_not_mask)
    }

    /// Searches black first-field value `v` (magic bits, then `c`'s free bits).
    fn black_value(&self, st: &mut State, v: u64) -> bool {
        st.level_tests[0] += 1;
        if !st.tick() {
            return false;
        }
        let root = &self.root;
        let low = bit_range(0, root.m_bits);
        let m = v & low;
        let cf = if root.e_bits == 0 { 0 } else { (v >> root.m_bits) << root.e_lo };
        let c = ((self.c_of(m) & low) | cf) & root.rel;
        let mark = st.undo.len();
        if !self.place(st, &root.subs, m, c, &[]) {
            return true;
        }
        st.node();
        let ok = if self.levels.is_empty() {
            let magic = self.black_magic(m, cf);
            self.record(st, magic);
            true
        } else {
            self.black_node(st, 0, m, cf)
        };
        st.undo_to(mark, &[], &self.layouts, self.bits);
        ok
    }

    /// Expands a valid black node of level `li`: `m` holds the magic's bits so far, `cf` the
    /// free bits of `c` chosen so far.
    fn black_node(&self, st: &mut State, li: usize, m: u64, cf: u64) -> bool {
        let lv = &self.levels[li];
        st.level_tests[li + 1] += lv.tests;
        let last = li + 1 == self.levels.len();
        for k in 0..1u64 << lv.width {
            let m2 = m | k << lv.lo;
            let derived = self.c_of(m2) & lv.low;
            // The field must reproduce c's bits chosen earlier that it now determines.
            if (derived ^ cf) & lv.con != 0 {
                continue;
            }
            for e in 0..1u64 << lv.e_bits {
                let cf2 = if lv.e_bits == 0 { cf } else { cf | e << lv.e_lo };
                if !st.tick() {
                    return false;
                }
                let c = (derived | (cf2 & !lv.low)) & lv.rel;
                let mark = st.undo.len();
                if !self.place(st, &lv.new, m2, c, &[]) {
                    continue;
                }
                st.node();
                let ok = if last {
                    let magic = self.black_magic(m2, cf2);
                    self.record(st, magic);
                    true
                } else {
                    self.black_node(st, li + 1, m2, cf2)
                };
                st.undo_to(mark, &[], &self.layouts, self.bits);
                if !ok {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
impl ExhaustiveSearch {
    /// The white magics below the node that fixes the first field and the fields of the first
    /// `depth` further levels to `m` (like `daq.c`'s prefix arguments), ascending.
    fn subtree(&self, depth: usize, m: u64) -> Vec<u64> {
        assert_eq!(self.color, Color::White);
        let never = AtomicBool::new(false);
        let mut st = State::new(self, &never, None);
        if !self.place(&mut st, &self.root.subs, m, 0, &self.root.update) {
            return Vec::new();
        }
        for lv in &self.levels[..depth] {
            if !self.place(&mut st, &lv.new, m, 0, &lv.update) {
                return Vec::new();
            }
        }
        if depth == self.levels.len() {
            self.record(&mut st, m);
        } else {
            assert!(self.white_node(&mut st, depth, m, None, false));
        }
        st.found.sort_unstable();
        st.found
    }

    /// Magic bits the first field and the first `depth` further levels fix.
    fn prefix_bits(&self, depth: usize) -> u32 {
        if depth == 0 { self.root.m_bits } else { self.levels[depth - 1].lo + self.levels[depth - 1].width }
    }
}

/// Claims slot `h` of the epoch-stamped `scratch` table for attack set `a`: false if the slot
/// already holds another set in this epoch (a collision among a level's new subsets).
#[inline(always)]
fn stamp(scratch: &mut [u32], h: usize, epoch: u32, a: u32) -> bool {
    let seen = scratch[h];
    if seen >> 8 == epoch {
        return seen & 0xff == a;
    }
    scratch[h] = epoch << 8 | a;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn search(slider: Slider, name: &str, bits: u32) -> ExhaustiveSearch {
        ExhaustiveSearch::new(slider, sq(name), bits).unwrap()
    }

    /// A magic list of the test data (one hex number a line).
    fn list(name: &str) -> Vec<u64> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/lists").join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| u64::from_str_radix(l.trim_start_matches("0x"), 16).unwrap())
            .collect()
    }

    /// Every subset of `mask`.
    fn subsets(mask: u64) -> Vec<u64> {
        let mut all = vec![0];
        let mut sub = mask & mask.wrapping_neg();
        while sub != 0 {
            all.push(sub);
            sub = sub.wrapping_sub(mask) & mask;
        }
        all
    }

    /// The definition, written out: no two subsets with different labels share an index.
    struct Brute {
        keys: Vec<(u64, u64)>,
        bits: u32,
        stamp: Vec<u32>,
        held: Vec<u64>,
        epoch: u32,
    }

    impl Brute {
        fn new(mask: u64, bits: u32, color: Color, label: &dyn Fn(u64) -> u64) -> Brute {
            let key = |occ: u64| if color == Color::White { occ } else { occ | !mask };
            let keys = subsets(mask).into_iter().map(|occ| (key(occ), label(occ))).collect();
            Brute { keys, bits, stamp: vec![0; 1 << bits], held: vec![0; 1 << bits], epoch: 0 }
        }

        fn separates(&mut self, magic: u64) -> bool {
            self.epoch += 1;
            for &(key, label) in &self.keys {
                let slot = (key.wrapping_mul(magic) >> (64 - self.bits)) as usize;
                if self.stamp[slot] != self.epoch {
                    self.stamp[slot] = self.epoch;
                    self.held[slot] = label;
                } else if self.held[slot] != label {
                    return false;
                }
            }
            true
        }
    }

    /// The `keep` highest squares of `mask`.
    fn top_squares(mask: u64, keep: u32) -> u64 {
        let mut kept = 0u64;
        for b in (0..64).rev() {
            if mask >> b & 1 == 1 && kept.count_ones() < keep {
                kept |= 1 << b;
            }
        }
        kept
    }

    /// Fewest bits that tell the labels apart.
    fn min_bits(mask: u64, label: &dyn Fn(u64) -> u64) -> u32 {
        let labels: BTreeSet<u64> = subsets(mask).into_iter().map(label).collect();
        labels.len().next_power_of_two().trailing_zeros().max(1)
    }

    /// A subset's attack set, or any label standing for one.
    type Label = Box<dyn Fn(u64) -> u64>;

    /// Small masks (the highest squares of real masks, with their real attack sets, and random
    /// high bits with random labels) whose whole period space can be brute-forced quickly.
    fn small_cases() -> Vec<(u64, Label)> {
        let mut cases: Vec<(u64, Label)> = Vec::new();
        for (slider, name, keep) in
            [(Slider::Rook, "d7", 4), (Slider::Rook, "g7", 5), (Slider::Bishop, "d8", 3), (Slider::Bishop, "h2", 2)]
        {
            let square = sq(name);
            let mask = top_squares(relevant_mask(slider, square), keep);
            cases.push((mask, Box::new(move |occ| slow_attacks(slider, square, occ))));
        }
        let mut seed = 7;
        for round in 0..8u64 {
            let n = 3 + (round % 3) as u32;
            let mut mask = 0u64;
            while mask.count_ones() < n {
                mask |= 1 << (50 + splitmix(&mut seed) % 14);
            }
            let (salt, kinds) = (splitmix(&mut seed), 2 + splitmix(&mut seed) % (1 << n));
            cases.push((
                mask,
                Box::new(move |occ| {
                    let mut s = occ ^ salt;
                    splitmix(&mut s) % kinds
                }),
            ));
        }
        // Levels of 6 bits with 6 index bits: rotation classes of a word, lazy levels.
        cases
            .push((0xf800_0000_0000_0000 | 1 << 53 | 1 << 47, Box::new(|occ: u64| u64::from(occ.count_ones().min(5)))));
        cases
    }

    #[test]
    fn a_field_step_moves_every_new_subset_by_one_rotation() {
        let mut seed = 1;
        for (slider, name, bits) in [
            (Slider::Rook, "g7", 9),
            (Slider::Rook, "h7", 10),
            (Slider::Rook, "a1", 11),
            (Slider::Rook, "a8", 11),
            (Slider::Bishop, "h2", 4),
            (Slider::Bishop, "d4", 7),
        ] {
            let s = search(slider, name, bits);
            let smask = (1u64 << bits) - 1;
            let index = |x: u64, m: u64| x.wrapping_mul(m) >> (64 - bits);
            let mut old: Vec<u64> = s.root.subs.iter().map(|x| x.occ).collect();
            for lv in &s.levels {
                let rot = lv.width.min(bits);
                for _ in 0..40 {
                    let m = splitmix(&mut seed) & bit_range(0, lv.lo);
                    // Any explicit low bits of the field, then a step of the rotated part.
                    let m = m | (splitmix(&mut seed) & bit_range(0, lv.explicit)) << lv.lo;
                    let k = splitmix(&mut seed) & bit_range(0, rot);
                    let child = m | k << (lv.lo + lv.explicit);
                    for x in &lv.new {
                        let moved = (index(x.occ, m) + (k << (bits - rot))) & smask;
                        assert_eq!(index(x.occ, child), moved, "{slider} {name} {:#x}", x.occ);
                    }
                    for &x in &old {
                        assert_eq!(index(x, child), index(x, m));
                    }
                }
                old.extend(lv.new.iter().map(|x| x.occ));
            }
            assert_eq!(old.len(), 1 << s.mask.count_ones());
            assert_eq!(s.field_widths().iter().sum::<u32>(), s.period_bits());
        }
    }

    #[test]
    fn field_widths_are_the_gaps_between_mask_squares() {
        assert_eq!(search(Slider::Rook, "g7", 9).field_widths(), [11, 1, 1, 1, 1, 3, 8, 8, 8, 8]);
        assert_eq!(search(Slider::Rook, "h7", 10).field_widths(), [10, 1, 1, 1, 1, 1, 2, 8, 8, 8, 8]);
        let d7 = search(Slider::Rook, "d7", 9);
        assert_eq!((d7.period_bits(), d7.first_field_values()), (53, 1024));
    }

    #[test]
    fn white_search_equals_brute_force_on_small_masks() {
        for (mask, label) in small_cases() {
            let period = 64 - mask.trailing_zeros();
            for bits in min_bits(mask, &*label)..=mask.count_ones() {
                let s = ExhaustiveSearch::from_reference(mask, bits, Color::White, &*label);
                let mut brute = Brute::new(mask, bits, Color::White, &*label);
                let brute: Vec<u64> = (0..1u64 << period).filter(|&m| brute.separates(m)).collect();
                let found = s.sweep(Shard::WHOLE);
                assert_eq!(found.magics, brute, "mask {mask:#x} bits {bits}");
                assert_eq!(found.next, s.first_field_values());
            }
        }
    }

    /// `c`'s bits that decide a black magic's lookup, up to a rotation of the table.
    fn black_class(mask: u64, bits: u32, magic: u64) -> u64 {
        let period = 64 - mask.trailing_zeros();
        let kept = bit_range(0, period) | bit_range(64 - period, 64 - bits);
        ((!mask).wrapping_mul(magic) & kept).wrapping_mul(inverse_odd(!mask))
    }

    /// Every `s < 2^below` with at most `ones` bits set, ascending by bit count.
    fn sparse_numbers(below: u32, ones: u32) -> Vec<u64> {
        let mut all = vec![0u64];
        let mut frontier = vec![0u64];
        for _ in 0..ones {
            let mut next = Vec::new();
            for &s in &frontier {
                // Add a bit above the highest one set, so each number comes once.
                let from = if s == 0 { 0 } else { 64 - s.leading_zeros() };
                next.extend((from..below).map(|b| s | 1 << b));
            }
            all.extend_from_slice(&next);
            frontier = next;
        }
        all
    }

    #[test]
    fn negated_black_with_a_limit_on_set_bits_equals_brute_force() {
        // Eight squares one byte apart (fields of 8 bits, a first field of one bit): the limit
        // on set bits makes a period of 57 bits searchable.
        let mask = (0..8).fold(0u64, |mask, i| mask | 1 << (7 + 8 * i));
        let (mut seed, mut listed) = (11, 0);
        for round in 0..3 {
            // Labels that depend on a few squares (as a slider's attacks depend on the nearest
            // blockers), so that magics with few set bits exist.
            let salt = splitmix(&mut seed);
            let few = mask & salt & (salt >> 7) | 1 << (7 + 8 * (round + 4));
            let label = move |occ: u64| (occ & few).count_ones() as u64;
            // The negated search labels the complemented subsets.
            let complemented = move |y: u64| label(mask & !y);
            for bits in min_bits(mask, &label)..=7 {
                let mut black = Brute::new(mask, bits, Color::Black, &label);
                // Bounds that leave most keys certain, fewer, and (at 7 bits) none; the classes
                // `class * 2^57 - s` below 2^(64 - bits - 57).
                for below in [40, 54, 57] {
                    for ones in 1..=3 {
                        let classes = 1u64 << (7 - bits);
                        for class in [0, classes / 2, classes - 1] {
                            let color = Color::NegatedBlack { below, ones, class };
                            let search = ExhaustiveSearch::from_reference(mask, bits, color, complemented);
                            let mut brute: Vec<u64> = sparse_numbers(below, ones)
                                .into_iter()
                                .map(|s| (class << 57).wrapping_sub(s))
                                .filter(|&magic| black.separates(magic))
                                .collect();
                            brute.sort_unstable();
                            let found = search.sweep(Shard::WHOLE).magics;
                            let what =
                                format!("round {round}, {bits} bits, below 2^{below}, {ones} set, class {class}");
                            assert_eq!(found, brute, "{what}");
                            listed += found.len();
                        }
                    }
                }
            }
        }
        // Not a comparison of two empty lists.
        assert!(listed > 0);
    }

    #[test]
    fn negated_black_bounds_are_checked() {
        let b8 = sq("b8");
        assert!(matches!(
            ExhaustiveSearch::negated_black(Slider::Rook, b8, 10, 1, 64, 0),
            Err(Error::BoundOutOfRange { below: 1, min: 2, max: 55 })
        ));
        assert!(ExhaustiveSearch::negated_black(Slider::Rook, b8, 10, 56, 64, 0).is_err());
        for ones in [0, 65] {
            assert_eq!(
                ExhaustiveSearch::negated_black(Slider::Rook, b8, 10, 42, ones, 0).unwrap_err(),
                Error::OnesOutOfRange { ones }
            );
        }
        // b8: period 55 = 64 - 9, so one class at 9 bits and 2 at 8; h8: period 49, 16 at 11.
        let class =
            |square: &str, bits, class| ExhaustiveSearch::negated_black(Slider::Rook, sq(square), bits, 40, 12, class);
        assert_eq!(class("b8", 9, 1).unwrap_err(), Error::ClassOutOfRange { class: 1, classes: 1 });
        assert!(class("b8", 8, 1).is_ok());
        assert!(class("h8", 11, 15).is_ok());
        assert_eq!(class("h8", 11, 16).unwrap_err(), Error::ClassOutOfRange { class: 16, classes: 16 });
        let search =
            ExhaustiveSearch::with_color(Slider::Rook, b8, 10, Color::NegatedBlack { below: 42, ones: 64, class: 0 })
                .unwrap();
        // A rook b8 black magic of this form (found by an earlier prototype search): the
        // reference of the negated search checks black lookups.
        assert!(search.is_magic(0xEBFF_FD7D_9787_BF66));
        assert!(!search.is_magic(0xEBFF_FD7D_9787_BF67));
    }

    #[test]
    fn black_search_equals_brute_force_on_small_masks() {
        let mut seed = 3;
        let cases = small_cases().into_iter().filter(|(mask, _)| 64 - mask.trailing_zeros() <= 13);
        for (mask, label) in cases {
            let period = 64 - mask.trailing_zeros();
            for bits in min_bits(mask, &*label)..=mask.count_ones() {
                let s = ExhaustiveSearch::from_reference(mask, bits, Color::Black, &*label);
                // Brute force over the classes: m below the period, c's free bits above it.
                let free = bit_range(period.max(64 - period), 64 - bits);
                let mut check = Brute::new(mask, bits, Color::Black, &*label);
                let mut brute = Vec::new();
                for m in 0..1u64 << period {
                    let c_low = (!mask).wrapping_mul(m) & bit_range(0, period);
                    let mut f = 0u64;
                    loop {
                        let magic = (c_low | f).wrapping_mul(inverse_odd(!mask));
                        if check.separates(magic) {
                            brute.push(magic);
                        }
                        f = f.wrapping_sub(free) & free;
                        if f == 0 {
                            break;
                        }
                    }
                }
                brute.sort_unstable();
                let found = s.sweep(Shard::WHOLE).magics;
                assert_eq!(found, brute, "mask {mask:#x} bits {bits}");
                // Any 64-bit multiplier is a black magic exactly when its class is listed.
                let listed: BTreeSet<u64> = found.iter().copied().collect();
                for i in 0..3000u64 {
                    let magic = match found.get(i as usize % found.len().max(1)) {
                        // A listed class with random bits where they must not matter.
                        Some(&m) if i % 2 == 0 => {
                            let noise =
                                splitmix(&mut seed) & !(bit_range(0, period) | bit_range(64 - period, 64 - bits));
                            let c = (!mask).wrapping_mul(m).wrapping_add(noise & !bit_range(0, 64 - period))
                                ^ (noise & bit_range(0, 64 - period) & !bit_range(0, period));
                            c.wrapping_mul(inverse_odd(!mask))
                        }
                        _ => splitmix(&mut seed),
                    };
                    let class = black_class(mask, bits, magic);
                    assert_eq!(
                        check.separates(magic),
                        listed.contains(&class),
                        "mask {mask:#x} bits {bits} magic {magic:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn black_search_is_complete_where_fields_meet_chosen_bits_of_c() {
        // Low squares: level 3's field [33, 35) determines c's bits 33 and 34, chosen freely at
        // level 1. The space is too large to sweep, so sample multipliers and search only the
        // first-field value of each one's class.
        let mask = (1 << 35) | (1 << 33) | (1 << 31) | (1 << 29);
        let label = |occ: u64| u64::from(occ == mask || occ == 1 << 29);
        let mut seed = 11;
        for bits in [3, 4] {
            let s = ExhaustiveSearch::from_reference(mask, bits, Color::Black, label);
            assert!(s.levels.iter().any(|l| l.con != 0));
            let mut check = Brute::new(mask, bits, Color::Black, &label);
            let mut valid = 0;
            for _ in 0..3000 {
                let magic = splitmix(&mut seed);
                let class = black_class(mask, bits, magic);
                let c = (!mask).wrapping_mul(class);
                let m0 = class & bit_range(0, s.root.m_bits);
                let v = m0 | (c >> s.root.e_lo & bit_range(0, s.root.e_bits)) << s.root.m_bits;
                let found = s.sweep(Shard::new(v, s.first_field_values()).unwrap()).magics;
                assert!(found.windows(2).all(|w| w[0] < w[1]), "each class once");
                let is_magic = check.separates(magic);
                valid += usize::from(is_magic);
                assert_eq!(found.contains(&class), is_magic, "{bits} bits, {magic:#x}");
            }
            assert!(valid > 20, "{valid}");
        }
    }

    #[test]
    fn counts_match_daq_c_on_rook_g7_value_1500() {
        // niklasf's v2/daq.c with SQUARE=54 SHIFT=9 and prefix 1500: SET s1 .. s9.
        let s = search(Slider::Rook, "g7", 9);
        let cursor = s.sweep(Shard::new(1500, 2048).unwrap());
        assert_eq!(cursor.level_tests, [1, 2, 4, 8, 16, 120, 22528, 2331392, 14363136, 0]);
        assert!(cursor.magics.is_empty());
    }

    #[test]
    fn rook_d7_magics_below_sampled_prefixes_are_the_listed_ones() {
        let s = search(Slider::Rook, "d7", 9);
        let period = bit_range(0, s.period_bits());
        let listed: BTreeSet<u64> =
            list("rook_d7_shift9_all354_magics_niklasf.txt").iter().map(|m| m & period).collect();
        assert_eq!(listed.len(), 354);
        // All 354 share first-field value 512 (a 12 s shard in a release build), so sample
        // nodes of level 6 instead: prefixes of listed magics, and neighbours without any.
        let depth = 6;
        let low = bit_range(0, s.prefix_bits(depth));
        let prefixes: BTreeSet<u64> = listed.iter().map(|m| m & low).collect();
        let mut sampled: Vec<u64> = prefixes.iter().copied().step_by(prefixes.len().div_ceil(4)).collect();
        sampled.extend(sampled.clone().iter().map(|p| p ^ 1 << 20));
        for prefix in sampled {
            let expected: Vec<u64> = listed.iter().copied().filter(|m| m & low == prefix).collect();
            assert_eq!(s.subtree(depth, prefix), expected, "prefix {prefix:#x}");
        }
    }

    #[test]
    #[ignore = "a 3.5-minute sweep in a release build: cargo test --release -- --ignored rook_d7_all"]
    fn rook_d7_all_354_magics() {
        let s = search(Slider::Rook, "d7", 9);
        let period = bit_range(0, s.period_bits());
        let mut listed: Vec<u64> =
            list("rook_d7_shift9_all354_magics_niklasf.txt").iter().map(|m| m & period).collect();
        listed.sort_unstable();
        assert_eq!(s.sweep(Shard::WHOLE).magics, listed);
    }

    /// niklasf's GPU search reports the first magic of each of 2^19 equal chunks of the period,
    /// so its list is the smallest magic of each chunk of 2^23 that holds one.
    fn first_per_chunk(magics: &[u64]) -> Vec<u64> {
        let mut firsts: Vec<u64> = Vec::new();
        for &m in magics {
            if firsts.last().is_none_or(|&f| f >> 23 != m >> 23) {
                firsts.push(m);
            }
        }
        firsts
    }

    #[test]
    fn bishop_h2_sampled_shards_agree_with_the_gpu_list() {
        let s = search(Slider::Bishop, "h2", 4);
        let listed = list("bishop_h2_4bit_magics_niklasf_cuda_first2000.txt");
        let last = *listed.last().unwrap();
        assert_eq!(s.first_field_values(), 1 << 14);
        let low = s.first_field_values() - 1;
        for v in [0x1ff0, 0x1fe9, 0x2000, 0x3ff0, 12345] {
            let found = s.sweep(Shard::new(v, 1 << 14).unwrap()).magics;
            assert!(found.iter().all(|m| m & low == v));
            let mine: BTreeSet<u64> = found.iter().copied().collect();
            for &m in listed.iter().filter(|&&m| m & low == v) {
                // Listed, so the smallest magic of its chunk: found, and nothing below it there.
                assert!(mine.contains(&m), "{m:#x}");
                assert!(found.iter().all(|&f| f >> 23 != m >> 23 || f >= m), "{m:#x}");
            }
            // Every chunk below the list's end that holds a magic has its first one listed.
            for &f in found.iter().filter(|&&f| f <= last) {
                let first = listed.iter().find(|&&l| l >> 23 == f >> 23);
                assert!(first.is_some_and(|&l| l <= f), "{f:#x}");
            }
        }
    }

    #[test]
    #[ignore = "a 2.5-minute sweep in a release build: cargo test --release -- --ignored bishop_h2_all"]
    fn bishop_h2_all_magics_reproduce_the_gpu_list() {
        let s = search(Slider::Bishop, "h2", 4);
        let all = s.sweep(Shard::WHOLE).magics;
        assert_eq!(all.len(), 5_229_050);
        let firsts = first_per_chunk(&all);
        assert_eq!(firsts.len(), 14_237);
        assert_eq!(firsts[..2000], list("bishop_h2_4bit_magics_niklasf_cuda_first2000.txt")[..]);
    }

    #[test]
    #[ignore = "67 M candidates by brute force: cargo test --release -- --ignored bishop_d8"]
    fn bishop_d8_equals_brute_force() {
        let (slider, square) = (Slider::Bishop, sq("d8"));
        let label = |occ| slow_attacks(slider, square, occ);
        for bits in [4, 5] {
            let s = ExhaustiveSearch::new(slider, square, bits).unwrap();
            let mut brute = Brute::new(s.mask(), bits, Color::White, &label);
            let brute: Vec<u64> = (0..1u64 << s.period_bits()).filter(|&m| brute.separates(m)).collect();
            assert_eq!(s.sweep(Shard::WHOLE).magics, brute, "{bits} bits");
        }
    }

    /// A real case cheap enough for unoptimized builds, with magics spread over many values.
    fn small_real() -> ExhaustiveSearch {
        let (slider, square) = (Slider::Rook, sq("g7"));
        ExhaustiveSearch::from_reference(top_squares(relevant_mask(slider, square), 6), 6, Color::White, |occ| {
            slow_attacks(slider, square, occ)
        })
    }

    #[test]
    fn shards_partition_the_first_field_and_the_magics() {
        let s = small_real();
        let whole = s.sweep(Shard::WHOLE);
        assert!(whole.magics.len() > 600, "{}", whole.magics.len());
        assert!(whole.magics.windows(2).all(|w| w[0] < w[1]));
        for count in [1, 3, 7, 64, 2048] {
            let mut merged = Vec::new();
            let (mut tests, mut nodes, mut next) = (0, 0, 0);
            for i in 0..count {
                let shard = Shard::new(i, count).unwrap();
                assert_eq!(s.shard_range(shard).start, next);
                let part = s.sweep(shard);
                next = part.next;
                assert_eq!(next, s.shard_range(shard).end);
                assert!(part.magics.windows(2).all(|w| w[0] < w[1]));
                tests += part.tests();
                nodes += part.nodes;
                merged.extend(part.magics);
            }
            assert_eq!(next, s.first_field_values());
            merged.sort_unstable();
            assert_eq!((merged, tests, nodes), (whole.magics.clone(), whole.tests(), whole.nodes), "{count} shards");
        }
    }

    /// Sweeps the shards `first..first + parts` of `count` and checks that they partition
    /// `whole`, the sweep of what they split: the union of their magics is its list, each once,
    /// and the tests (level by level) and nodes add up. A white magic must be in the shard of its
    /// first field and its position below it.
    fn assert_partition(s: &ExhaustiveSearch, whole: &Cursor, first: u64, parts: u64, count: u64) {
        let mut merged = Vec::new();
        let (mut level_tests, mut nodes) = (vec![0; whole.level_tests.len()], 0);
        for i in first..first + parts {
            let shard = Shard::new(i, count).unwrap();
            let part = s.sweep(shard);
            assert!(part.magics.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(part.next, s.shard_range(shard).end);
            if let (Color::White, Some(positions)) = (s.color, s.shard_positions(shard)) {
                let digit = |m: u64, l: &Level| m >> l.lo & ((1 << l.width) - 1);
                let position = |m: u64| s.levels.iter().fold(0, |p, l| p << l.width | digit(m, l));
                let range = s.shard_range(shard);
                let value = |m: u64| m & ((1 << s.root.m_bits) - 1);
                assert!(part.magics.iter().all(|&m| positions.contains(&position(m)) && range.contains(&value(m))));
            }
            level_tests.iter_mut().zip(&part.level_tests).for_each(|(a, b)| *a += b);
            nodes += part.nodes;
            merged.extend(part.magics);
        }
        merged.sort_unstable();
        let what = format!("shards {first}..{} of {count}", first + parts);
        assert_eq!(
            (merged, level_tests, nodes),
            (whole.magics.clone(), whole.level_tests.clone(), whole.nodes),
            "{what}"
        );
    }

    /// Splits each of `values` of `s` into each of `parts` and checks the parts partition it.
    fn assert_values_split(s: &ExhaustiveSearch, values: &[u64], parts: &[u64]) {
        let count = s.first_field_values();
        for &value in values {
            let whole = s.sweep(Shard::new(value, count).unwrap());
            for &p in parts {
                assert_partition(s, &whole, value * p, p, count * p);
            }
        }
    }

    #[test]
    fn shards_finer_than_the_first_field_partition_the_magics() {
        // Rook g7's top six squares: fields of 11, then 1, 1, 1, 1 and 3 bits (128 positions).
        let s = small_real();
        let (values, whole) = (s.first_field_values(), s.sweep(Shard::WHOLE));
        assert_eq!((s.value_positions(), s.max_shards()), (128, 128 * values));
        assert_partition(&s, &whole, 0, 3 * values, 3 * values);
        let fine = Shard::new(4 * 1234 + 1, 4 * values).unwrap();
        assert_eq!((s.shard_range(fine), s.shard_positions(fine)), (1234..1235, Some(32..64)));
        // Values that hold magics, split into parts that cut levels anywhere, and one a position.
        let busy: Vec<u64> = whole.magics.iter().map(|m| m & (values - 1)).step_by(97).take(6).collect();
        assert_values_split(&s, &busy, &[5, 16, 33, 128]);
        // A first level of 8 bits with 3 index bits (5 enumerated, 3 rotated) and values daq.c
        // does not count, then levels of 2 and 5 bits.
        let mask = 1 << 60 | 1 << 52 | 1 << 50 | 1 << 45;
        let label = |occ: u64| u64::from((occ & (1 << 60 | 1 << 50)).count_ones() + (occ >> 45 & 1) as u32);
        let s = ExhaustiveSearch::from_reference(mask, 3, Color::White, label);
        let whole = s.sweep(Shard::WHOLE);
        assert!(!whole.magics.is_empty() && s.levels[0].explicit == 5 && s.levels[0].tests < 256);
        assert_partition(&s, &whole, 0, 7 * 16, 7 * 16);
        assert_values_split(&s, &[3, 9, 14], &[3, 256, 1000, 1 << 15]);
        // Negated black magics with a limit on set bits (live children are counted one by one).
        let mask = (0..4).fold(0u64, |mask, i| mask | 1 << (39 + 8 * i));
        let label = move |y: u64| u64::from((mask & !y & (1 << 47 | 1 << 63)).count_ones());
        let color = Color::NegatedBlack { below: 40, ones: 3, class: 0 };
        let s = ExhaustiveSearch::from_reference(mask, 2, color, label);
        let whole = s.sweep(Shard::WHOLE);
        assert!(!whole.magics.is_empty());
        let count = 5 * s.first_field_values();
        assert_partition(&s, &whole, 0, count, count);
    }

    #[test]
    fn shard_counts_finer_than_the_first_field_are_checked() {
        let s = small_real();
        let values = s.first_field_values();
        let down = AtomicBool::new(false);
        for count in [values + 1, 3 * values / 2, 129 * values] {
            let shard = Shard::new(0, count).unwrap();
            let error = Error::ShardTooFine { count, values, max: 128 * values };
            assert_eq!(s.check_shard(shard), Err(error.clone()));
            assert_eq!(s.run(shard, None, &down, None), Err(error));
            assert_eq!(s.shard_positions(shard), None);
        }
        // The black level search does not split its values.
        let mask = top_squares(relevant_mask(Slider::Rook, sq("g7")), 4);
        let black = ExhaustiveSearch::from_reference(mask, 4, Color::Black, |o| o);
        assert_eq!(black.value_positions(), 1);
        let count = 2 * black.first_field_values();
        assert!(black.check_shard(Shard::new(1, count).unwrap()).is_err());
        assert!(Error::ShardTooFine { count: 5, values: 2, max: 4 }.to_string().contains("a multiple of 2 up to 4"));
    }

    #[test]
    fn from_top_shards_finer_than_the_first_field_partition_a_value() {
        // The value of d2's widened first field holding the published magic's class: 2^12
        // negations, split into 5, 16 and 4,096 parts.
        let (s, shard) = d2_near_the_published_magic();
        let value = (PUBLISHED_D2.wrapping_neg() & bit_range(0, 55)) >> 12;
        assert_eq!((s.first_field_values(), s.value_positions()), (1 << 43, 1 << 12));
        assert!(s.shard_range(shard).contains(&value));
        assert!(!s.sweep(Shard::new(value, 1 << 43).unwrap()).magics.is_empty());
        assert_values_split(&s, &[value], &[5, 16, 4096]);
    }

    // The published one-bit-fewer black magic of rook d2 (comparison data), defined once.
    use crate::search::from_top::tests::PUBLISHED_D2;

    /// Rook d2 with 9 bits searched from the top, its first field widened to 43 bits so that a
    /// value is 2^12 negations, and a shard of 8 values around the published magic's class.
    fn d2_near_the_published_magic() -> (ExhaustiveSearch, Shard) {
        let mut s = ExhaustiveSearch::with_color(Slider::Rook, sq("d2"), 9, Color::BlackFromTop).unwrap();
        s.from_top = s.from_top.map(|top| top.with_first_field(43));
        let value = (PUBLISHED_D2.wrapping_neg() & bit_range(0, 55)) >> 12;
        (s, Shard::new(value / 8, 1 << 40).unwrap())
    }

    #[test]
    fn from_top_sweeps_list_what_brute_force_finds() {
        let (s, shard) = d2_near_the_published_magic();
        let top = s.from_top.as_ref().unwrap();
        let range = s.shard_range(shard);
        let mut brute: Vec<u64> = (range.start << 12..range.end << 12)
            .filter(|&n| s.is_magic(n.wrapping_neg()))
            .map(|n| top.narrowest(n))
            .collect();
        brute.sort_unstable();
        let swept = s.sweep(shard);
        assert!(swept.magics.contains(&top.narrowest(PUBLISHED_D2.wrapping_neg() & bit_range(0, 55))));
        assert_eq!(swept.magics, brute);
        assert_eq!(swept.next, range.end);
    }

    #[test]
    fn stopped_runs_resume_to_the_same_result() {
        stopped_runs_resume_to(&small_real(), Shard::new(1, 3).unwrap(), 200, 10);
        // The search from the top: rook d2 with 7 bits (no magic; its values end fast).
        let from_top = ExhaustiveSearch::with_color(Slider::Rook, sq("d2"), 7, Color::BlackFromTop).unwrap();
        stopped_runs_resume_to(&from_top, Shard::new(0, 64).unwrap(), 200, 10);
        // And where it lists magics, stopped inside values that hold some.
        let (near, shard) = d2_near_the_published_magic();
        assert!(!near.sweep(shard).magics.is_empty());
        stopped_runs_resume_to(&near, shard, 1, 3);
        // Shards finer than the first field: a part of a value of each search (small: a run
        // may end before it looks at its budget, so they need not stop at all).
        let s = small_real();
        let value = s.sweep(Shard::WHOLE).magics[300] & (s.first_field_values() - 1);
        stopped_runs_resume_to(&s, Shard::new(value * 4 + 1, s.first_field_values() * 4).unwrap(), 1, 0);
        let value = (PUBLISHED_D2.wrapping_neg() & bit_range(0, 55)) >> 12;
        stopped_runs_resume_to(&near, Shard::new(value * 16 + 3, near.first_field_values() * 16).unwrap(), 1, 0);
    }

    /// Runs `shard` in pieces of a node budget that starts at `budget` (more than `runs`
    /// pieces), then stopped by flags: always the uninterrupted run's cursor.
    fn stopped_runs_resume_to(s: &ExhaustiveSearch, shard: Shard, budget: u64, min_runs: u32) {
        let whole = s.sweep(shard);
        let down = AtomicBool::new(false);
        // Small node budgets: many returns, most in the middle of a value.
        let (mut cursor, mut budget, mut runs) = (None, budget, 0);
        let last = loop {
            let before = cursor.as_ref().map(|c: &Cursor| c.next);
            let out = s.run(shard, cursor.take(), &down, Some(budget)).unwrap();
            runs += 1;
            if out.status == Status::Complete {
                break out.cursor;
            }
            assert_eq!(out.status, Status::BudgetSpent);
            assert!(out.nodes_run >= budget);
            // A value needing more than the budget never completes: grow it when stuck.
            if before == Some(out.cursor.next) {
                budget *= 2;
            }
            cursor = Some(out.cursor);
        };
        assert!(runs > min_runs, "{runs}");
        assert_eq!(last, whole);
        // A raised flag stops before anything is searched.
        let up = AtomicBool::new(true);
        let out = s.run(shard, None, &up, None).unwrap();
        assert_eq!((out.status, out.nodes_run, &out.cursor), (Status::Stopped, 0, &s.start(shard)));
        // Raised from another thread at some point: resuming still ends the same.
        let flag = AtomicBool::new(false);
        let first = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                flag.store(true, Ordering::Relaxed);
            });
            s.run(shard, None, &flag, None).unwrap()
        });
        let resumed = s.run(shard, Some(first.cursor), &down, None).unwrap();
        assert_eq!((resumed.status, resumed.cursor), (Status::Complete, whole));
    }

    #[test]
    fn errors() {
        let (rook, a1) = (Slider::Rook, sq("a1"));
        assert_eq!(ExhaustiveSearch::new(rook, a1, 5).unwrap_err(), Error::BitsOutOfRange { bits: 5, min: 6, max: 12 });
        assert!(ExhaustiveSearch::new(rook, a1, 13).is_err());
        assert!(ExhaustiveSearch::new(rook, a1, 6).is_ok());
        assert_eq!(Shard::new(3, 3).map_err(Error::from), Err(Error::ShardOutOfRange { index: 3, count: 3 }));
        assert_eq!("2/5".parse::<Shard>(), Shard::new(2, 5).map_err(|e| e.to_string()));
        assert!("5/5".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err());
        let s = small_real();
        let down = AtomicBool::new(false);
        let other = s.start(Shard::new(0, 2).unwrap());
        assert_eq!(s.run(Shard::new(1, 2).unwrap(), Some(other), &down, None), Err(Error::CursorMismatch));
        let elsewhere = search(Slider::Rook, "g7", 9).start(Shard::WHOLE);
        assert_eq!(s.run(Shard::WHOLE, Some(elsewhere), &down, None), Err(Error::CursorMismatch));
        // The search from the top takes masks reaching bit 32 or lower: not bishop d8's (38).
        let d8 = ExhaustiveSearch::with_color(Slider::Bishop, sq("d8"), 4, Color::BlackFromTop);
        assert_eq!(d8.unwrap_err(), Error::LowestSquareTooHigh { lowest: 38 });
        let d2 = ExhaustiveSearch::with_color(Slider::Rook, sq("d2"), 9, Color::BlackFromTop).unwrap();
        let widths = d2.field_widths();
        assert_eq!((d2.period_bits(), d2.first_field_values(), widths.iter().sum::<u32>()), (55, 4096, 55));
        assert_eq!(d2.tests_per_node().len(), widths.len());
        assert_eq!(d2.start(Shard::WHOLE).level_tests.len(), widths.len());
        // A cursor of the black level search's color is another search's.
        let mut black = d2.start(Shard::WHOLE);
        black.color = Color::Black;
        assert_eq!(d2.run(Shard::WHOLE, Some(black), &down, None), Err(Error::CursorMismatch));
    }

    #[test]
    fn is_magic_checks_the_definition() {
        let s = search(Slider::Rook, "g7", 9);
        assert!(s.is_magic(0x0003ff95e5e6a4c0));
        assert!(s.is_magic(0x0003ff95e5e6a4c0 | 0xabc << 50), "bits above the period do not matter");
        assert!(!s.is_magic(0x0003ff95e5e6a4c1));
        // Volker Annuss's black magic for rook a1 (12 index bits, tests/data/published).
        let black = ExhaustiveSearch::with_color(Slider::Rook, sq("a1"), 12, Color::Black).unwrap();
        assert!(black.is_magic(0x80280013FF84FFFF));
        // Multiplying by 0 or 1 sends every occupancy of a1 to one slot.
        assert!(!black.is_magic(0) && !black.is_magic(1));
    }
}
