// The module `tests/targets/measure-wasm.sh` builds for wasm32-unknown-unknown: every layout's
// independent rook and bishop lookups over 4,096 fixed boards, run by `run(layout, slider,
// rounds)` inside the module (one call per measurement, not one per lookup), and `hash(layout,
// slider)` of every answer, which must equal the host's. `layouts()` says how many there are.

#![no_std]

use magic_tables::Square;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

const QUERIES: usize = 4096;

fn queries() -> [(Square, u64); QUERIES] {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    core::array::from_fn(|_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (Square::ALL[(state >> 58) as usize], state & state.rotate_left(23))
    })
}

/// `rounds` passes over the queries through `lookup`, results XORed; and a hash of one pass.
fn pass(rounds: u32, lookup: impl Fn(Square, u64) -> u64) -> (u64, u64) {
    let queries = queries();
    let mut acc = 0;
    for _ in 0..rounds {
        for &(square, occupied) in core::hint::black_box(&queries) {
            acc ^= lookup(square, occupied);
        }
    }
    let hash = queries.iter().fold(0u64, |hash, &(square, occupied)| hash.rotate_left(5) ^ lookup(square, occupied));
    (acc, hash)
}

macro_rules! dispatch {
    ($(($module:ident, $name:literal)),* $(,)?) => {
        /// Number of layouts (the default first, then every module).
        #[unsafe(no_mangle)]
        pub extern "C" fn layouts() -> u32 {
            1 $(+ { let _ = $name; 1 })*
        }

        fn run_layout(layout: u32, bishop: bool, rounds: u32) -> (u64, u64) {
            let mut index = 0;
            if layout == index {
                return if bishop {
                    pass(rounds, |sq, occ| magic_tables::bishop_attacks(sq, occ))
                } else {
                    pass(rounds, |sq, occ| magic_tables::rook_attacks(sq, occ))
                };
            }
            $(
                index += 1;
                if layout == index {
                    return if bishop {
                        pass(rounds, |sq, occ| magic_tables::$module::bishop_attacks(sq, occ))
                    } else {
                        pass(rounds, |sq, occ| magic_tables::$module::rook_attacks(sq, occ))
                    };
                }
            )*
            let _ = index;
            (0, 0)
        }
    };
}

magic_tables::for_each_layout!(dispatch);

/// `rounds` passes of layout `layout`'s lookups (`slider` 0 rook, 1 bishop); their XOR.
#[unsafe(no_mangle)]
pub extern "C" fn run(layout: u32, slider: u32, rounds: u32) -> u64 {
    run_layout(layout, slider == 1, rounds).0
}

/// A hash of one pass of layout `layout`'s answers.
#[unsafe(no_mangle)]
pub extern "C" fn hash(layout: u32, slider: u32) -> u64 {
    run_layout(layout, slider == 1, 0).1
}
