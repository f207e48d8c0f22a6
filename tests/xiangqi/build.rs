//! This project's 12x10 rook, bishop and cannon tables (for the comparison with Fairy-Stockfish's
//! way), written the way an engine's build script writes its own board's.

use magic_gen::board::BoardLayout;
use magic_gen::board::emit::write_rust_file;
use magic_tables_core::board::{Board, Piece};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo")).join("board12x10.rs");
    let board = Board::new(12, 10).expect("12x10 is a board");
    if let Err(error) =
        write_rust_file(&out, board, &[Piece::Rook, Piece::Bishop, Piece::Cannon], 1, BoardLayout::Compact)
    {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}
