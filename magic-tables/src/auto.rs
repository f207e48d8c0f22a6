//! The fastest lookup this CPU has, chosen at run time: BMI2 `pext` where the CPU running the
//! program has a fast one, the default layout (black magics) elsewhere, in a **portable build**
//! (no `-C target-cpu`), as engines ship binaries.
//!
//! `pext` is fast on Intel since Haswell and AMD since Zen 3, but microcoded and slow on AMD and
//! Hygon before Zen 3 (family below 0x19), so a build cannot simply turn it on. Here the CPU is
//! asked once, by `cpuid`, at the first lookup (nothing is initialized before it, no `std`, no
//! allocation). The instruction is issued by inline assembly, so the lookups inline into callers
//! built without BMI2: a function with `#[target_feature(enable = "bmi2")]` could not be inlined
//! into them, and measured 1.7 to 2.2 times as slow on independent lookups (PERFORMANCE.md).
//!
//! Two ways to call it:
//! * [`Sliders`], a copy of the choice kept by the caller (in an engine's move generator or
//!   position): its lookups branch on a field the compiler keeps in a register and can hoist out
//!   of a loop, so they run at the speed of the way chosen;
//! * the free functions [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`], which read the
//!   process-wide choice (an atomic byte) on every call: simpler, but in a tight loop that load
//!   and branch are measurable (PERFORMANCE.md).
//!
//! Both ways' tables are linked: [`TABLE_BYTES`] is their sum. On targets other than x86-64 the
//! module is the default layout.
//!
//! ```
//! use magic_tables::{Square, auto};
//!
//! let occupied = Square::E7.bit() | Square::B4.bit();
//! assert_eq!(auto::rook_attacks(Square::E4, occupied), magic_tables::rook_attacks(Square::E4, occupied));
//! println!("pext: {}", auto::uses_pext());
//! ```

use core::sync::atomic::{AtomicU8, Ordering};

use crate::{Slider, Square};

/// Not asked yet.
const UNKNOWN: u8 = 0;
/// `pext` is used.
const PEXT: u8 = 1;
/// The default layout is used.
const FALLBACK: u8 = 2;

/// The way taken: [`UNKNOWN`] until the first lookup (or [`uses_pext`]) asks the CPU.
static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(magic_tables_pext_tables)]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES + crate::pext_tables::TABLE_BYTES;
/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(not(magic_tables_pext_tables))]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES;

/// Whether the lookups use `pext`: asks the CPU the first time (see [`Cpuid::pext_is_fast`]),
/// then returns what it said, unless [`force_fallback`] or [`force_pext`] decided.
#[inline]
pub fn uses_pext() -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        PEXT => true,
        FALLBACK => false,
        _ => ask_the_cpu(),
    }
}

#[cold]
fn ask_the_cpu() -> bool {
    let fast = Cpuid::read().is_some_and(|cpu| cpu.pext_is_fast());
    // Every thread that asks gets the same answer, so a race stores the same byte.
    CHOICE.store(if fast { PEXT } else { FALLBACK }, Ordering::Relaxed);
    fast
}

/// Uses the default layout from now on, whatever the CPU (for tests, and for users who know
/// better than `cpuid`).
pub fn force_fallback() {
    CHOICE.store(FALLBACK, Ordering::Relaxed);
}

/// Uses `pext` from now on, whatever `cpuid` says of its speed.
///
/// # Safety
///
/// The CPU must have BMI2 (`cpuid` leaf 7, `ebx` bit 8): on one without it the instruction
/// faults. Returns `false` and changes nothing where the module has no `pext` tables (targets
/// other than x86-64).
pub unsafe fn force_pext() -> bool {
    if cfg!(magic_tables_pext_tables) {
        CHOICE.store(PEXT, Ordering::Relaxed);
        true
    } else {
        false
    }
}

/// The choice of way, copied where the caller keeps it: its lookups test a field of this value,
/// not the process-wide atomic, so a loop over them runs as fast as the way itself.
///
/// ```
/// use magic_tables::{Square, auto::Sliders};
///
/// let sliders = Sliders::new(); // asks the CPU the first time in the process
/// let attacks = sliders.rook_attacks(Square::A1, Square::A4.bit());
/// assert_eq!(attacks, magic_tables::rook_attacks(Square::A1, Square::A4.bit()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sliders {
    pext: bool,
}

impl Sliders {
    /// The process-wide choice ([`uses_pext`]), asking the CPU if nobody has yet.
    #[inline]
    pub fn new() -> Sliders {
        Sliders { pext: uses_pext() }
    }

    /// Whether these lookups use `pext`.
    #[inline]
    pub fn uses_pext(self) -> bool {
        self.pext
    }

    /// Squares a rook on `square` attacks; see [`crate::rook_attacks`].
    #[inline]
    pub fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
        self.attacks(Slider::Rook, square, occupied)
    }

    /// Squares a bishop on `square` attacks; see [`crate::rook_attacks`].
    #[inline]
    pub fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
        self.attacks(Slider::Bishop, square, occupied)
    }

    /// One slider's lookup the chosen way (`slider` is a constant where it is inlined).
    #[inline(always)]
    fn attacks(self, slider: Slider, square: Square, occupied: u64) -> u64 {
        #[cfg(magic_tables_pext_tables)]
        if self.pext {
            let table = match slider {
                Slider::Rook => &crate::pext_tables::ROOK_MAGICS,
                Slider::Bishop => &crate::pext_tables::BISHOP_MAGICS,
            };
            // SAFETY: `pext` is true only as `uses_pext` was: where cpuid reported BMI2, or a
            // caller of `force_pext` promised it.
            return unsafe { bmi2::lookup(crate::entry(table, square), occupied) };
        }
        match slider {
            Slider::Rook => crate::rook_attacks(square, occupied),
            Slider::Bishop => crate::bishop_attacks(square, occupied),
        }
    }

    /// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks`.
    #[inline]
    pub fn queen_attacks(self, square: Square, occupied: u64) -> u64 {
        self.rook_attacks(square, occupied) | self.bishop_attacks(square, occupied)
    }
}

impl Default for Sliders {
    fn default() -> Sliders {
        Sliders::new()
    }
}

/// Squares a rook on `square` attacks; see [`crate::rook_attacks`]. Reads the process-wide
/// choice on every call: in a loop, [`Sliders`] is faster.
#[inline]
pub fn rook_attacks(square: Square, occupied: u64) -> u64 {
    Sliders::new().rook_attacks(square, occupied)
}

/// Squares a bishop on `square` attacks; see [`rook_attacks`].
#[inline]
pub fn bishop_attacks(square: Square, occupied: u64) -> u64 {
    Sliders::new().bishop_attacks(square, occupied)
}

/// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks` (one choice for both).
#[inline]
pub fn queen_attacks(square: Square, occupied: u64) -> u64 {
    Sliders::new().queen_attacks(square, occupied)
}

#[cfg(magic_tables_pext_tables)]
mod bmi2 {
    use crate::pext_tables::PextEntry;

    /// `attacks[pext(occupied, mask)]` of one square's entry.
    ///
    /// # Safety
    ///
    /// The CPU must have BMI2.
    #[inline(always)]
    pub unsafe fn lookup(entry: &PextEntry, occupied: u64) -> u64 {
        let index: u64;
        // SAFETY: the caller guarantees BMI2. `pext` reads only its registers. Intel syntax:
        // `pext dest, source, mask`.
        unsafe {
            core::arch::asm!(
                "pext {index}, {occupied}, {mask}",
                index = lateout(reg) index,
                occupied = in(reg) occupied,
                mask = in(reg) entry.mask,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        // SAFETY: see `crate::load`: pext of any occupancy is pext of its subset of the mask, and
        // the build script checked every subset through the same formula.
        unsafe { entry.attacks.get(index as usize) }
    }
}

/// What `cpuid` says that decides the way: the vendor, the family and whether BMI2 is there.
/// Public so that the decision can be tested on recorded values of other CPUs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cpuid {
    /// The vendor string of leaf 0 (`ebx`, `edx`, `ecx`), such as `GenuineIntel`.
    pub vendor: [u8; 12],
    /// The highest standard leaf (leaf 0 `eax`).
    pub max_leaf: u32,
    /// Leaf 1 `eax`: stepping, model, family, extended model and family.
    pub leaf1_eax: u32,
    /// Leaf 7, sub-leaf 0, `ebx`: bit 8 is BMI2.
    pub leaf7_ebx: u32,
}

impl Cpuid {
    /// This CPU's values; `None` on targets other than x86-64.
    pub fn read() -> Option<Cpuid> {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{__cpuid, __cpuid_count};
            // `cpuid` exists on every x86-64 CPU; these intrinsics are safe on newer compilers.
            #[allow(unused_unsafe)]
            // SAFETY: x86-64 always has `cpuid`, and leaves above `max_leaf` are not read.
            let (leaf0, leaf1, leaf7) = unsafe {
                let leaf0 = __cpuid(0);
                let leaf1 = __cpuid(1);
                let leaf7 = if leaf0.eax >= 7 { __cpuid_count(7, 0).ebx } else { 0 };
                (leaf0, leaf1, leaf7)
            };
            let mut vendor = [0; 12];
            vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
            vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
            vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
            Some(Cpuid { vendor, max_leaf: leaf0.eax, leaf1_eax: leaf1.eax, leaf7_ebx: leaf7 })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            None
        }
    }

    /// Whether the CPU has BMI2 (leaf 7 `ebx` bit 8).
    pub const fn has_bmi2(&self) -> bool {
        self.max_leaf >= 7 && self.leaf7_ebx & (1 << 8) != 0
    }

    /// The family: leaf 1's base family, plus its extended family when the base is 0xF.
    pub const fn family(&self) -> u32 {
        let base = (self.leaf1_eax >> 8) & 0xF;
        if base == 0xF { base + ((self.leaf1_eax >> 20) & 0xFF) } else { base }
    }

    /// Whether `pext` is fast here: BMI2, and not an AMD or Hygon CPU before Zen 3 (family
    /// 0x19), where it is microcoded (tens of cycles, depending on the mask).
    pub const fn pext_is_fast(&self) -> bool {
        let slow_vendor = matches!(&self.vendor, b"AuthenticAMD" | b"HygonGenuine");
        self.has_bmi2() && !(slow_vendor && self.family() < 0x19)
    }
}
