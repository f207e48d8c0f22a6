//! `magic_tables::auto` asks the CPU when the program loads, where the target has a list of
//! functions run before `main` (x86-64 Linux, the other ELF systems, Apple's, Windows): the
//! choice is made before any lookup, so the free functions need not ask. The only test of its
//! own binary, so that nothing in the process has looked up or asked before it runs.

use magic_tables::auto::{self, Cpuid};

#[test]
fn the_choice_is_made_before_main() {
    let has_constructor = cfg!(all(
        target_arch = "x86_64",
        any(target_os = "linux", target_os = "freebsd", target_vendor = "apple", target_os = "windows")
    ));
    if has_constructor {
        let fast = Cpuid::read().is_some_and(|cpu| cpu.pext_is_fast());
        assert_eq!(auto::decided(), Some(fast), "the constructor did not run");
    } else if cfg!(not(target_arch = "x86_64")) {
        // No pext tables: nothing to decide until asked, and then the default layout.
        assert!(!auto::uses_pext());
    }
}
