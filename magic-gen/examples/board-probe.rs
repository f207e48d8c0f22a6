//! Board tables at a glance: `-- found` prints the xiangqi block numbers `magic_gen::board::shipped`
//! ships (after a change of the search, paste them into `src/board/xiangqi_found.in`); with no
//! argument, each layout's bytes, candidates and build and verification times on the boards the
//! issue names and xiangqi, and the time of the shipped xiangqi files (split, and pext for BMI2
//! targets) as the build script makes them (run unoptimized to see what a dependent's build pays).

use std::time::Instant;

use build_support_model::LayoutFile;
use magic_gen::board::shipped::{XIANGQI_LAYOUT, XIANGQI_PIECES, XIANGQI_SEED, xiangqi_file, xiangqi_pext_file};
use magic_gen::board::{BoardLayout, BoardTables, file, verify};
use magic_tables_core::board::{Board, Piece};

fn main() {
    if std::env::args().nth(1).as_deref() == Some("found") {
        let tables = BoardTables::build(Board::XIANGQI, &XIANGQI_PIECES, XIANGQI_SEED, XIANGQI_LAYOUT).unwrap();
        let found: Vec<String> = tables.found().iter().map(u64::to_string).collect();
        println!("[{}]", found.join(", "));
        return;
    }
    time_file("the shipped xiangqi file", xiangqi_file);
    time_file("the xiangqi pext file (features xiangqi and pext, BMI2 targets)", xiangqi_pext_file);
    let (xiangqi, others) = (XIANGQI_PIECES.to_vec(), vec![Piece::Rook, Piece::Bishop, Piece::Cannon]);
    for layout in BoardLayout::ALL {
        for (files, ranks, pieces) in [(9, 10, &xiangqi), (12, 10, &others), (10, 8, &others), (6, 6, &others)] {
            let board = Board::new(files, ranks).unwrap();
            let start = Instant::now();
            let tables = BoardTables::build(board, pieces, 1, layout).unwrap();
            let built = start.elapsed();
            let report = verify::verify(&tables).unwrap();
            let bytes = file::layout_file(&tables, &report, vec![]).table_bytes();
            println!(
                "{:8} {files}x{ranks}: {bytes:>9} bytes, {:>7} candidates, searched (pext: laid out) in {built:?}, verified in {:?}",
                layout.name(),
                tables.candidates(),
                start.elapsed() - built
            );
        }
    }
}

/// Makes (and verifies) a file as the build script does, renders it, and prints its bytes and
/// the time of each step.
fn time_file(label: &str, make: fn() -> Result<LayoutFile, String>) {
    let start = Instant::now();
    let made = make().unwrap();
    let making = start.elapsed();
    let source = build_support::render(&made);
    println!(
        "{label}: {} bytes of tables, made and verified in {making:?}, rendered ({} bytes of source) in {:?}",
        made.table_bytes(),
        source.len(),
        start.elapsed() - making
    );
}
