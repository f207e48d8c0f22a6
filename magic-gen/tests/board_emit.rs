//! `magic-gen emit --board`, run as a user runs it: the C headers (12x10 with `unsigned
//! __int128`, 6x6 with `uint64_t` alone, xiangqi in the split layout, 6x6 and 9x10 in the pext
//! layout, with `-mbmi2` where this machine has BMI2) compile without a warning under C99's
//! pedantic rules and the Rust files (10x8 with `u128`, 6x6 with `u64`, 10x8 in the pext layout,
//! bit by bit and with BMI2) compile without one; on every square, every occupancy of the squares that can stop a rider or cannon (with
//! random bits everywhere else) gives the rook, bishop and cannon a reference written in the test
//! program itself from the rules gives. And the 12x10 tables are at most 1/50 of the bytes of
//! Fairy-Stockfish's for the same pieces.

use std::path::Path;
use std::process::Command;

fn emit(args: &[&str], output: &Path) {
    let result =
        Command::new(env!("CARGO_BIN_EXE_magic-gen")).arg("emit").args(args).arg("-o").arg(output).output().unwrap();
    assert!(result.status.success(), "{args:?}: {}", String::from_utf8_lossy(&result.stderr));
}

fn which_cc() -> Option<&'static str> {
    ["cc", "gcc", "clang"]
        .into_iter()
        .find(|cc| Command::new(cc).arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// The number in the line `// <name>: N ...` of a generated header.
/// Whether this machine runs BMI2 code (`pext`), so that the pext layout's files are also
/// compiled and run with the instruction, not only bit by bit.
fn host_has_bmi2() -> bool {
    std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|info| info.split_whitespace().any(|flag| flag == "bmi2"))
}

fn header_number(text: &str, name: &str) -> usize {
    let line = text.lines().find(|l| l.starts_with(&format!("// {name}: "))).unwrap_or_else(|| panic!("no {name}"));
    line[name.len() + 5..].split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn c_headers_agree_with_a_reference_on_every_square() {
    let Some(cc) = which_cc() else {
        eprintln!("note: no C compiler found; the board headers were not compiled");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let check = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/board_check.c");
    let all = &["HAS_ROOK", "HAS_BISHOP", "HAS_CANNON"][..];
    let pext = &["--layout", "pext"][..];
    let cases = [
        ("12x10", true, &[][..], all, &[][..]),
        ("6x6", false, &[][..], all, &[][..]),
        (
            "9x10",
            true,
            &["--layout", "split", "--pieces", "rook,cannon,horse,horse-to,elephant"][..],
            &["HAS_ROOK", "HAS_CANNON"][..],
            &[][..],
        ),
        // The pext layout bit by bit on 6x6, and on 9x10 with the instruction where this
        // machine has it.
        ("6x6", false, pext, all, &[][..]),
        ("9x10", true, pext, all, if host_has_bmi2() { &["-mbmi2"][..] } else { &[][..] }),
    ];
    for (case, (board, wide, extra, pieces, cc_flags)) in cases.into_iter().enumerate() {
        let header = dir.path().join(format!("b{board}_{case}.h"));
        let mut args = vec!["--board", board, "--format", "c", "--prefix", "b"];
        args.extend_from_slice(extra);
        emit(&args, &header);
        let text = std::fs::read_to_string(&header).unwrap();
        assert_eq!(text.contains("__int128"), wide, "{board}: 128-bit sets only above 64 squares");
        if board == "12x10" {
            // Fairy-Stockfish's rook, bishop and cannon tables (figures in the notes):
            // 0x11800 + 0x4800 + 0x33C00 + 0x11800 + 0x4800 entries of 16 bytes.
            let fairy = (0x11800 + 0x4800 + 0x33C00 + 0x11800 + 0x4800) * 16;
            assert_eq!(fairy, 6_275_072);
            let bytes = header_number(&text, "TABLE_BYTES");
            assert!(bytes * 50 <= fairy, "{bytes} bytes is more than 1/50 of Fairy-Stockfish's {fairy}");
        }
        let (files, ranks) = board.split_once('x').unwrap();
        let exe = dir.path().join(format!("check{board}_{case}"));
        let mut command = Command::new(cc);
        command
            .args(["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2"])
            .args(cc_flags)
            .arg(format!("-DHEADER=\"{}\"", header.display()))
            .arg(format!("-DFILES={files}"))
            .arg(format!("-DRANKS={ranks}"))
            .arg(format!("-DWIDE={}", u8::from(wide)))
            .args(pieces.iter().map(|p| format!("-D{p}")))
            .arg("-o")
            .arg(&exe)
            .arg(check);
        let compiled = command.output().unwrap();
        assert!(compiled.status.success(), "{board} {extra:?}: {}", String::from_utf8_lossy(&compiled.stderr));
        let run = Command::new(&exe).output().unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && stdout.ends_with("occupancies agree\n"), "{board} {extra:?}: {stdout}");
    }
}

#[test]
fn rust_files_agree_with_a_reference_on_every_square() {
    let dir = tempfile::tempdir().unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let mut cases = vec![("10x8", "compact", &[][..]), ("6x6", "compact", &[][..]), ("10x8", "pext", &[][..])];
    if host_has_bmi2() {
        cases.push(("10x8", "pext", &["-C", "target-feature=+bmi2"][..]));
    }
    for (case, (board, layout, rustc_flags)) in cases.into_iter().enumerate() {
        let file = dir.path().join(format!("b{board}_{case}.rs"));
        emit(&["--board", board, "--layout", layout, "--format", "rust"], &file);
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.contains("pub type Bitboard = u128;"), board == "10x8");
        let (files, ranks) = board.split_once('x').unwrap();
        let main = include_str!("support/board_check.rs")
            .replace("const FILES: i32 = 0; // FILES", &format!("const FILES: i32 = {files};"))
            .replace("const RANKS: i32 = 0; // RANKS", &format!("const RANKS: i32 = {ranks};"));
        let main_path = dir.path().join(format!("main{board}_{case}.rs"));
        std::fs::write(&main_path, main).unwrap();
        let compile = |args: &[&str]| {
            let output = Command::new(&rustc)
                .args(["--edition", "2024", "-O"])
                .args(rustc_flags)
                .args(args)
                .current_dir(dir.path())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success() && stderr.is_empty(), "{board} {layout} {args:?}: {stderr}");
        };
        let rlib = format!("libemitted{board}_{case}.rlib");
        compile(&["--crate-type", "lib", "--crate-name", "emitted", "-o", &rlib, file.to_str().unwrap()]);
        let exe = format!("check{board}_{case}");
        compile(&["--extern", &format!("emitted={rlib}"), "-o", &exe, main_path.to_str().unwrap()]);
        let run = Command::new(dir.path().join(&exe)).output().unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && stdout.ends_with("occupancies agree\n"), "{board}: {stdout}");
    }
}

#[test]
fn bad_boards_are_refused() {
    for (args, needle) in [
        (&["--board", "17x2"][..], "2 to 16"),
        (&["--board", "12x11"][..], "at most 128"),
        (&["--board", "9by10"][..], "FILESxRANKS"),
        (&["--board", "9x10", "--pieces", "queen"][..], "not a piece"),
        (&["--board", "9x10", "--layout", "black"][..], "compact, split or pext"),
        (&["--layout", "split"][..], "add --board"),
        (&["--pieces", "rook"][..], "--pieces chooses the pieces of --board"),
        (&["--board", "9x10", "--seed", "tuned"][..], "no tuned seeds"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_magic-gen")).arg("emit").args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle) && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
