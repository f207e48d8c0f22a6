//! The README's build script for a board of one's own: shogi's 9x9 rook and bishop tables,
//! searched, verified and written into OUT_DIR.

use magic_gen::board::BoardLayout;
use magic_gen::board::emit::write_rust_file;
use magic_tables_core::board::{Board, Piece};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("attacks.rs");
    let shogi = Board::new(9, 9).unwrap();
    if let Err(error) = write_rust_file(&out, shogi, &[Piece::Rook, Piece::Bishop], 1, BoardLayout::Compact) {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}
