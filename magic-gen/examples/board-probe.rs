use magic_gen::board::{BoardLayout, BoardTables, verify};
use magic_tables_core::board::{Board, Piece};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() > 1 {
        let t = BoardTables::build(
            Board::XIANGQI,
            &magic_gen::board::shipped::XIANGQI_PIECES,
            1,
            magic_gen::board::shipped::XIANGQI_LAYOUT,
        )
        .unwrap();
        let f = t.found();
        println!("// {} blocks\n[{}]", f.len(), f.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", "));
        return;
    }
    for layout in BoardLayout::ALL {
        for (f, r, pieces) in [
            (9u8, 10u8, vec![Piece::Rook, Piece::Cannon, Piece::Horse, Piece::HorseTo, Piece::Elephant]),
            (12, 10, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
            (6, 6, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
            (10, 8, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
        ] {
            let t0 = std::time::Instant::now();
            let board = Board::new(f, r).unwrap();
            let t = BoardTables::build(board, &pieces, 1, layout).unwrap();
            let t1 = t0.elapsed();
            let rep = verify::verify(&t).unwrap();
            let file = magic_gen::board::file::layout_file(&t, &rep, vec![]);
            println!(
                "{} {f}x{r}: {} B, candidates {}, build {:?}, verify {:?} {:?}",
                layout.name(),
                file.table_bytes(),
                t.candidates(),
                t1,
                t0.elapsed() - t1,
                rep
            );
        }
    }
}
