//! The fastest lookup this CPU has, chosen at run time: BMI2 `pext` where the CPU running the
//! program has a fast one, the default layout (black magics) elsewhere, in a **portable build**
//! (no `-C target-cpu`), as engines ship binaries.
//!
//! `pext` is fast on Intel since Haswell and AMD since Zen 3, but microcoded and slow on AMD and
//! Hygon before Zen 3 (family below 0x19), so a build cannot simply turn it on. Here the CPU is
//! asked once, by `cpuid`, **when the program loads**: a constructor (the platform's list of
//! functions run before `main`: `.init_array` on ELF systems, `__mod_init_func` on Apple's,
//! `.CRT$XCU` on Windows) stores the answer in one byte. Nothing else runs at load time: no
//! table is built, nothing is allocated, and the library stays `no_std`. On a target with no
//! such list the CPU is asked at the first lookup instead (see [`decided`]).
//!
//! The instruction is issued by inline assembly, so the lookups inline into callers built
//! without BMI2: a function with `#[target_feature(enable = "bmi2")]` could not be inlined into
//! them, and measured 1.7 to 2.2 times as slow on independent lookups (PERFORMANCE.md).
//!
//! Two ways to call it:
//! * the free functions [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`], for a
//!   library that has nowhere to keep a value (the way shakmaty or cozy-chess would call them):
//!   each lookup reads the byte and takes one well-predicted branch, with no call on either
//!   side, so it inlines as small as the default's own lookup. In copies of shakmaty and
//!   cozy-chess whose slider lookups call them, perft and legal-move generation run no slower
//!   than the crates' own lookups (`tests/real-movegen/measure.sh`, PERFORMANCE.md);
//! * [`Sliders`], a copy of the choice kept by the caller (in an engine's move generator or
//!   position): its lookups branch on a field the compiler keeps in a register and can hoist out
//!   of a loop, so they run at the speed of the way chosen, within a few percent of a native
//!   `pext` build.
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

/// The way taken: [`UNKNOWN`] until the CPU is asked (at load time, see [`ASK_AT_LOAD`], or by
/// [`uses_pext`]).
static CHOICE: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(magic_tables_pext_tables)]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES + crate::pext_tables::TABLE_BYTES;
/// Bytes of both ways' tables, which are both linked (on x86-64; elsewhere the default's alone).
#[cfg(not(magic_tables_pext_tables))]
pub const TABLE_BYTES: usize = crate::TABLE_BYTES;

/// Whether a constructor asks the CPU when the program loads on this target (the build script
/// sets `magic_tables_ask_at_load` where the target has a list of functions run before
/// `main`): then the free functions need not ask, and take the default layout while nothing has
/// been decided (only possible in other constructors that run before this one).
const ASKED_AT_LOAD: bool = cfg!(magic_tables_ask_at_load);

/// The constructor: a pointer to [`ask_at_load`] in the section whose functions the platform's
/// loader (or C runtime) calls before `main`. `#[used]` keeps it although nothing refers to it.
#[cfg(magic_tables_ask_at_load)]
#[used]
#[cfg_attr(magic_tables_init_section = "init_array", unsafe(link_section = ".init_array"))]
#[cfg_attr(magic_tables_init_section = "mod_init_func", unsafe(link_section = "__DATA,__mod_init_func"))]
#[cfg_attr(magic_tables_init_section = "crt_xcu", unsafe(link_section = ".CRT$XCU"))]
static ASK_AT_LOAD: extern "C" fn() = ask_at_load;

/// Asks the CPU, unless the program decided already. Runs before `main`: it must not panic,
/// allocate or depend on anything initialized (it only runs `cpuid` and stores a byte).
#[cfg(magic_tables_ask_at_load)]
extern "C" fn ask_at_load() {
    if CHOICE.load(Ordering::Relaxed) == UNKNOWN {
        ask_the_cpu();
    }
}

/// Whether the lookups use `pext`: asks the CPU if nobody has yet (see [`Cpuid::pext_is_fast`]),
/// then returns what it said, unless [`force_fallback`] or [`force_pext`] decided.
#[inline]
pub fn uses_pext() -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        PEXT => true,
        FALLBACK => false,
        _ => ask_the_cpu(),
    }
}

/// What has been decided, without asking: `Some(true)` for `pext`, `Some(false)` for the
/// default layout, `None` while the CPU has not been asked. On targets where the CPU is asked
/// when the program loads (Linux and the other ELF systems, Apple's, Windows, on x86-64), this
/// is `Some` from the start of `main`; elsewhere it is `None` until the first call of
/// [`uses_pext`], [`Sliders::new`] or a free function.
pub fn decided() -> Option<bool> {
    match CHOICE.load(Ordering::Relaxed) {
        PEXT => Some(true),
        FALLBACK => Some(false),
        _ => None,
    }
}

#[cold]
#[inline(never)]
fn ask_the_cpu() -> bool {
    let fast = Cpuid::read().is_some_and(|cpu| cpu.pext_is_fast());
    // Every thread that asks gets the same answer, so a race stores the same byte.
    CHOICE.store(if fast { PEXT } else { FALLBACK }, Ordering::Relaxed);
    fast
}

/// The choice as the free functions read it: one load and one comparison. Where the CPU was
/// asked at load time an undecided byte means the default layout (and no call, which would make
/// every function that looks up attacks save and restore registers around it); elsewhere the
/// first lookup asks.
#[inline(always)]
fn free_functions_use_pext() -> bool {
    if ASKED_AT_LOAD { CHOICE.load(Ordering::Relaxed) == PEXT } else { uses_pext() }
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
            // SAFETY: `pext` is true only as `uses_pext` was: where cpuid reported BMI2, or a
            // caller of `force_pext` promised it.
            return unsafe { pext_lookup(slider, square, occupied) };
        }
        black_lookup(slider, square, occupied)
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

/// The default layout's lookup.
#[inline(always)]
fn black_lookup(slider: Slider, square: Square, occupied: u64) -> u64 {
    match slider {
        Slider::Rook => crate::rook_attacks(square, occupied),
        Slider::Bishop => crate::bishop_attacks(square, occupied),
    }
}

/// The `pext` lookup.
///
/// # Safety
///
/// The CPU must have BMI2.
#[cfg(magic_tables_pext_tables)]
#[inline(always)]
unsafe fn pext_lookup(slider: Slider, square: Square, occupied: u64) -> u64 {
    let entry = crate::entry(
        match slider {
            Slider::Rook => &crate::pext_tables::ROOK_MAGICS,
            Slider::Bishop => &crate::pext_tables::BISHOP_MAGICS,
        },
        square,
    );
    // SAFETY: the caller guarantees BMI2; see `crate::load`: pext of any occupancy is pext of
    // its subset of the mask, and the build script checked every subset through this formula.
    unsafe { entry.attacks.get(bmi2::pext(occupied, entry.mask)) }
}

/// Squares a rook on `square` attacks; see [`crate::rook_attacks`]. Reads the process-wide
/// choice on every call (one byte and one well-predicted branch).
#[inline]
pub fn rook_attacks(square: Square, occupied: u64) -> u64 {
    Sliders { pext: free_functions_use_pext() }.rook_attacks(square, occupied)
}

/// Squares a bishop on `square` attacks; see [`rook_attacks`].
#[inline]
pub fn bishop_attacks(square: Square, occupied: u64) -> u64 {
    Sliders { pext: free_functions_use_pext() }.bishop_attacks(square, occupied)
}

/// Squares a queen on `square` attacks: `rook_attacks | bishop_attacks` (one choice for both).
#[inline]
pub fn queen_attacks(square: Square, occupied: u64) -> u64 {
    Sliders { pext: free_functions_use_pext() }.queen_attacks(square, occupied)
}

#[cfg(magic_tables_pext_tables)]
mod bmi2 {
    /// `pext(occupied, mask)`: the bits of `occupied` under `mask`, packed to the low end.
    ///
    /// # Safety
    ///
    /// The CPU must have BMI2.
    #[inline(always)]
    pub unsafe fn pext(occupied: u64, mask: u64) -> usize {
        let index: u64;
        // SAFETY: the caller guarantees BMI2. `pext` reads only its registers. Intel syntax:
        // `pext dest, source, mask`.
        unsafe {
            core::arch::asm!(
                "pext {index}, {occupied}, {mask}",
                index = lateout(reg) index,
                occupied = in(reg) occupied,
                mask = in(reg) mask,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        index as usize
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
