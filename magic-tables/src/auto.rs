//! The fastest lookup this CPU has, chosen at run time: BMI2 `pext` where the CPU running the
//! program has a fast one, the default layout (black magics) elsewhere, in a **portable build**
//! (no `-C target-cpu`), as engines ship binaries.
//!
//! `pext` is fast on Intel since Haswell and AMD since Zen 3, but microcoded and slow on AMD and
//! Hygon before Zen 3 (family below 0x19), so a build cannot simply turn it on. Here the CPU is
//! asked once, by `cpuid`, the first time a choice is needed (nothing is initialized before it,
//! no `std`, no allocation). The instruction is issued by inline assembly, so the lookups inline
//! into callers built without BMI2: a function with `#[target_feature(enable = "bmi2")]` could
//! not be inlined into them, and measured 1.7 to 2.2 times as slow on independent lookups
//! (PERFORMANCE.md).
//!
//! **Where the choice is made.** A choice made again at every lookup (a load and a branch)
//! costs more than `pext` saves: measured in copies of shakmaty and cozy-chess, such lookups
//! made perft and move generation 1–11 % slower than the default layout's, on a CPU whose
//! `pext` is fast (PERFORMANCE.md). So the choice is made where it can be hoisted out of the
//! hot loop:
//! * [`run`] runs an engine's hot code (a search, a perft, a move generator's loop) once under
//!   one decision: the code is written generic over [`Lookups`] and compiled once for [`Pext`]
//!   and once for [`DefaultLayout`], with no choice left inside it;
//! * [`Sliders`], a copy of the choice kept by the caller (in a move generator or a position),
//!   branches on a field the compiler keeps in a register and can hoist out of a loop;
//! * the free functions [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`] are for a
//!   library that has nowhere to keep either: they are the default layout's lookups, so such a
//!   library is never slower than with the default, and never faster.
//!
//! Both ways' tables are linked where [`run`] or [`Sliders`] is used: [`TABLE_BYTES`] is their
//! sum. On targets other than x86-64 every way is the default layout.
//!
//! ```
//! use magic_tables::Square;
//! use magic_tables::auto::{self, Job, Lookups};
//!
//! /// The engine's hot code, generic over the way of looking up.
//! struct Mobility<'a>(&'a [(Square, u64)]);
//!
//! impl Job for Mobility<'_> {
//!     type Output = u32;
//!     fn run<L: Lookups>(self, lookups: L) -> u32 {
//!         self.0.iter().map(|&(square, occupied)| lookups.queen_attacks(square, occupied).count_ones()).sum()
//!     }
//! }
//!
//! let boards = [(Square::D4, 0), (Square::A1, Square::A4.bit())];
//! assert_eq!(auto::run(Mobility(&boards)), 27 + (3 + 7) + 7);
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

/// The way taken: [`UNKNOWN`] until the first [`uses_pext`] (or [`run`], [`Sliders::new`])
/// asks the CPU.
static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(magic_tables_pext_tables)]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES + crate::pext_tables::TABLE_BYTES;
/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(not(magic_tables_pext_tables))]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES;

/// Whether [`run`] and [`Sliders`] use `pext`: asks the CPU the first time (see
/// [`Cpuid::pext_is_fast`]), then returns what it said, unless [`force_fallback`] or
/// [`force_pext`] decided.
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

/// A way of looking up slider attacks, as a value whose type code can be generic over: [`Pext`],
/// [`DefaultLayout`], or [`Sliders`] (the choice in a field). Every way gives the same attack
/// sets as [`crate::rook_attacks`] and [`crate::bishop_attacks`].
pub trait Lookups: Copy {
    /// Squares a rook on `square` attacks; see [`crate::rook_attacks`].
    fn rook_attacks(self, square: Square, occupied: u64) -> u64;

    /// Squares a bishop on `square` attacks; see [`crate::rook_attacks`].
    fn bishop_attacks(self, square: Square, occupied: u64) -> u64;

    /// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks`.
    #[inline]
    fn queen_attacks(self, square: Square, occupied: u64) -> u64 {
        self.rook_attacks(square, occupied) | self.bishop_attacks(square, occupied)
    }
}

/// The default layout's lookups (those of [`crate::rook_attacks`]), as a [`Lookups`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DefaultLayout;

impl Lookups for DefaultLayout {
    #[inline(always)]
    fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
        crate::rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
        crate::bishop_attacks(square, occupied)
    }
}

/// BMI2 `pext` lookups, as a [`Lookups`]: `attacks[pext(occupied, mask)]`, issued by inline
/// assembly so that they inline into code built without BMI2. A value exists only where the CPU
/// has BMI2 (it is the proof that the instruction can run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pext {
    _proof_of_bmi2: (),
}

impl Pext {
    /// The `pext` lookups, if this CPU has BMI2 and the module has `pext` tables (x86-64),
    /// whether or not its `pext` is fast ([`run`] asks for that too).
    pub fn new() -> Option<Pext> {
        let bmi2 = Cpuid::read().is_some_and(|cpu| cpu.has_bmi2());
        (bmi2 && cfg!(magic_tables_pext_tables)).then_some(Pext { _proof_of_bmi2: () })
    }

    /// The `pext` lookups without asking the CPU.
    ///
    /// # Safety
    ///
    /// The CPU must have BMI2, and the target must be x86-64.
    pub const unsafe fn new_unchecked() -> Pext {
        Pext { _proof_of_bmi2: () }
    }
}

impl Lookups for Pext {
    #[inline(always)]
    fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
        // SAFETY: a `Pext` exists only where the CPU has BMI2.
        unsafe { pext_lookup(Slider::Rook, square, occupied) }
    }

    #[inline(always)]
    fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
        // SAFETY: as above.
        unsafe { pext_lookup(Slider::Bishop, square, occupied) }
    }
}

/// One slider's `pext` lookup (`slider` is a constant where it is inlined).
///
/// # Safety
///
/// The CPU must have BMI2.
#[inline(always)]
unsafe fn pext_lookup(slider: Slider, square: Square, occupied: u64) -> u64 {
    #[cfg(magic_tables_pext_tables)]
    {
        let table = match slider {
            Slider::Rook => &crate::pext_tables::ROOK_MAGICS,
            Slider::Bishop => &crate::pext_tables::BISHOP_MAGICS,
        };
        // SAFETY: the caller guarantees BMI2.
        unsafe { bmi2::lookup(crate::entry(table, square), occupied) }
    }
    // No `pext` tables (not x86-64): no `Pext` can be made; the default layout keeps this total.
    #[cfg(not(magic_tables_pext_tables))]
    default_lookup(slider, square, occupied)
}

/// One slider's lookup in the default layout (`slider` is a constant where it is inlined).
#[inline(always)]
const fn default_lookup(slider: Slider, square: Square, occupied: u64) -> u64 {
    match slider {
        Slider::Rook => crate::rook_attacks(square, occupied),
        Slider::Bishop => crate::bishop_attacks(square, occupied),
    }
}

/// Code to run under one decision: [`run`] calls [`Job::run`] with [`Pext`] or with
/// [`DefaultLayout`], so the code is compiled once for each way and decides nothing inside.
/// (A trait rather than a closure: a closure cannot be generic over the way.)
pub trait Job {
    /// What the code returns.
    type Output;

    /// Runs the code with the chosen lookups.
    fn run<L: Lookups>(self, lookups: L) -> Self::Output;
}

/// Runs `job` with [`Pext`] where [`uses_pext`] (asking the CPU the first time), else with
/// [`DefaultLayout`]: one decision for the whole job. Put the hot loop inside, not around: each
/// call decides once.
#[inline]
pub fn run<J: Job>(job: J) -> J::Output {
    if uses_pext() {
        // SAFETY: `uses_pext` is true only where cpuid reported BMI2 (on x86-64, where the
        // module has `pext` tables), or a caller of `force_pext` promised it.
        job.run(unsafe { Pext::new_unchecked() })
    } else {
        job.run(DefaultLayout)
    }
}

/// The choice of way, copied where the caller keeps it: its lookups test a field of this value,
/// not the process-wide choice, so the compiler can keep it in a register and hoist the test out
/// of a loop, and a loop over them runs as fast as the way itself (for code that cannot be made
/// generic for [`run`]).
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

    /// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks`.
    #[inline]
    pub fn queen_attacks(self, square: Square, occupied: u64) -> u64 {
        self.rook_attacks(square, occupied) | self.bishop_attacks(square, occupied)
    }

    /// One slider's lookup the chosen way (`slider` is a constant where it is inlined).
    #[inline(always)]
    fn attacks(self, slider: Slider, square: Square, occupied: u64) -> u64 {
        if self.pext {
            // SAFETY: `pext` is true only as `uses_pext` was: where cpuid reported BMI2, or a
            // caller of `force_pext` promised it.
            return unsafe { pext_lookup(slider, square, occupied) };
        }
        default_lookup(slider, square, occupied)
    }
}

impl Default for Sliders {
    fn default() -> Sliders {
        Sliders::new()
    }
}

impl Lookups for Sliders {
    #[inline(always)]
    fn rook_attacks(self, square: Square, occupied: u64) -> u64 {
        Sliders::rook_attacks(self, square, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(self, square: Square, occupied: u64) -> u64 {
        Sliders::bishop_attacks(self, square, occupied)
    }
}

/// Squares a rook on `square` attacks: the default layout's lookup ([`crate::rook_attacks`]),
/// for a library with nowhere to keep a choice (see the module's documentation: a choice at
/// every call would make it slower, never faster).
#[inline]
pub const fn rook_attacks(square: Square, occupied: u64) -> u64 {
    crate::rook_attacks(square, occupied)
}

/// Squares a bishop on `square` attacks: the default layout's lookup; see [`rook_attacks`].
#[inline]
pub const fn bishop_attacks(square: Square, occupied: u64) -> u64 {
    crate::bishop_attacks(square, occupied)
}

/// Squares a queen on `square` attacks: the default layout's lookup; see [`rook_attacks`].
#[inline]
pub const fn queen_attacks(square: Square, occupied: u64) -> u64 {
    crate::queen_attacks(square, occupied)
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
