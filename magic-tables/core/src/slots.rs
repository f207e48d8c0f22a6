//! [`Slots`]: where one square's range starts in a layout's attack array, stored as an address.

/// The first slot of one square's range in a layout's attack array.
///
/// The offset of a square's range is constant, but a lookup that stores it as a number must add
/// it to the computed index on every call, after the multiply and the shift, on the path the next
/// dependent lookup waits for. Stored as an address instead, the addition is done once, when the
/// tables are laid out, and the load takes the index as its only register operand: one
/// instruction fewer per lookup and one cycle less latency. See `PERFORMANCE.md`.
///
/// A `Slots` is made from a `static` array ([`Slots::at`]), so it points into that array and
/// lives as long as it; the generated tables make theirs from their own attack array, with an
/// offset the build script checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    start: *const u64,
}

// SAFETY: `start` points into an immutable `static` array, which every thread may read.
unsafe impl Sync for Slots {}
// SAFETY: as above; the pointer carries no ownership.
unsafe impl Send for Slots {}

impl Slots {
    /// The slots of `array` from `offset` on. Fails to compile (in the generated tables, which
    /// are evaluated at compile time) if `offset` is not a slot of `array`.
    pub const fn at(array: &'static [u64], offset: usize) -> Slots {
        assert!(offset < array.len(), "a square's range must start inside its attack array");
        Slots { start: array.as_ptr().wrapping_add(offset) }
    }

    /// How many slots of `array` come before this range: the square's offset, as the header of
    /// the generated file and the record files state it. `None` if the range is not in `array`.
    pub fn offset_in(self, array: &[u64]) -> Option<usize> {
        let start = array.as_ptr() as usize;
        let slot = (self.start as usize).checked_sub(start)? / size_of::<u64>();
        (slot < array.len()).then_some(slot)
    }

    /// [`Slots::offset_in`] in a `const fn`, for the compile-time checks of generated tables.
    ///
    /// # Safety
    ///
    /// The range must have been made from `array` ([`Slots::at`]). At compile time anything else
    /// is an error; at run time it is undefined behaviour.
    pub const unsafe fn offset_from_start(self, array: &[u64]) -> usize {
        // SAFETY: the caller guarantees both pointers are into `array`.
        unsafe { self.start.offset_from(array.as_ptr()) as usize }
    }

    /// The attack set in slot `index` of the range.
    ///
    /// # Safety
    ///
    /// `start + index` must be a slot of the array this range was made from. The generated tables
    /// guarantee it for the index their layout's formula gives for any occupancy: the build
    /// script checked every subset of every mask, and the formula reads nothing else.
    #[inline(always)]
    pub const unsafe fn get(self, index: usize) -> u64 {
        // SAFETY: the caller guarantees the slot is inside the attack array `start` points into.
        unsafe { *self.start.add(index) }
    }
}
