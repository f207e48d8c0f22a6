use magic_gen::board::{BoardTables, verify};
use magic_tables_core::board::{Board, Piece};
fn main() {
    for (f, r, pieces) in [
        (9u8, 10u8, vec![Piece::Rook, Piece::Cannon, Piece::Horse, Piece::HorseTo, Piece::Elephant]),
        (12, 10, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
        (6, 6, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
        (10, 8, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
        (16, 8, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
        (8, 16, vec![Piece::Rook, Piece::Bishop, Piece::Cannon]),
    ] {
        let t0 = std::time::Instant::now();
        let board = Board::new(f, r).unwrap();
        let t = BoardTables::build(board, &pieces, 1).unwrap();
        let t1 = t0.elapsed();
        let rep = verify::verify(&t).unwrap();
        let mut bytes = 0;
        for l in &t.lines {
            let pat: usize = l.patterns.iter().map(|p| p.1.len() * 2).sum();
            let sp = l.spread.as_ref().map_or(0, |s| (s.0.len() + s.1.len()) * 8);
            let ent = l.index.len() * 32;
            let minimal: usize = l.patterns[0].1.len();
            println!("  {:?}: patterns {} slots/piece, spread {} B, entries {} B", l.direction, minimal, sp, ent);
            bytes += pat + sp + ent;
        }
        for l in &t.leapers {
            println!("  {:?}: {} sets", l.piece, l.sets.len() / 2);
            bytes += l.sets.len() * 8 + l.index.len() * 32;
        }
        println!(
            "{f}x{r}: {bytes} B, candidates {}, build {:?}, verify {:?} {:?}",
            t.candidates,
            t1,
            t0.elapsed() - t1,
            rep
        );
    }
}
#[allow(dead_code)]
fn dbg() {}
