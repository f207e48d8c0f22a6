//! The layouts for small binaries (`pext-pdep`, `tableless`): their sizes, which path
//! `pext_pdep` takes, and a user's crate that depends on `magic-tables` and is built with
//! `-C target-cpu=native`, so that on a BMI2 machine the `pext`/`pdep` instructions are the
//! ones checked (the workspace's own tests build without BMI2 and check the bit-by-bit path,
//! exhaustively, in `layouts.rs`).

use std::path::Path;
use std::process::Command;

#[test]
fn sizes_and_paths() {
    const { assert!(magic_tables::pext_pdep::TABLE_BYTES <= 230_000) };
    assert_eq!(magic_tables::pext_pdep::TABLE_ENTRIES, 107_648);
    assert_eq!(magic_tables::pext_pdep::ATTACKS.len() * 2 + 128 * 24, magic_tables::pext_pdep::TABLE_BYTES);
    assert_eq!(magic_tables::tableless::TABLE_BYTES, 0);
    assert_eq!(magic_tables::tableless::TABLE_ENTRIES, 0);
    assert_eq!(magic_tables::pext_pdep::ACTIVE, cfg!(all(target_arch = "x86_64", target_feature = "bmi2")));
}

/// The user's program: 20,000 random boards per slider, each square, against its own ray walk.
const USER_MAIN: &str = r#"
fn walk(square: u8, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (file + df, rank + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

fn main() {
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for board in 0..20_000 {
        let occupied = match board % 3 { 0 => next(), 1 => next() & next(), _ => next() & next() & next() };
        let square = magic_tables::Square::from_index((board % 64) as u8).unwrap();
        let index = square.index();
        let (r, b) = (walk(index, occupied, &rook), walk(index, occupied, &bishop));
        assert_eq!(magic_tables::pext_pdep::rook_attacks(square, occupied), r, "pext-pdep rook {index} {occupied:#x}");
        assert_eq!(magic_tables::pext_pdep::bishop_attacks(square, occupied), b, "pext-pdep bishop {index} {occupied:#x}");
        assert_eq!(magic_tables::tableless::rook_attacks(square, occupied), r, "tableless rook {index} {occupied:#x}");
        assert_eq!(magic_tables::tableless::bishop_attacks(square, occupied), b, "tableless bishop {index} {occupied:#x}");
    }
    const E4: u64 = magic_tables::tableless::rook_attacks(magic_tables::Square::E4, 0);
    assert_eq!(E4.count_ones(), 14);
    println!("bmi2={} boards=20000", magic_tables::pext_pdep::ACTIVE);
}
"#;

#[test]
fn a_native_user_crate_gets_right_attack_sets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = tempfile::tempdir().unwrap();
    let manifest = format!(
        "[package]\nname = \"user\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n[dependencies]\n\
         magic-tables = {{ path = {:?}, features = [\"pext-pdep\", \"tableless\"] }}\n\n[workspace]\n",
        root.join("magic-tables").canonicalize().unwrap()
    );
    std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), USER_MAIN).unwrap();
    // A target directory of its own under the workspace's, kept between runs: the user's build
    // compiles magic-tables (and its build script) once.
    let target = root.join("target/native-user");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args(["run", "--quiet", "--offline", "--release"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", &target)
        .env("RUSTFLAGS", "-C target-cpu=native")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    let native_bmi2 =
        std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|info| info.split_whitespace().any(|f| f == "bmi2"));
    assert_eq!(stdout.trim(), format!("bmi2={native_bmi2} boards=20000"), "on this machine");
}
