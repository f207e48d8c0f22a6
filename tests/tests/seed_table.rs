//! Per-square occupancy and attack-set counts against the published table of them (the
//! "#occs/#attset" table of the Chess Programming Wiki's Magic Bitboards page) and the
//! published per-square limits in `tests/data/per_square_limits.csv` (a copy of the records' file).

use std::path::PathBuf;

use magic_gen::geometry::{Occupancies, distinct_attack_sets, lower_bound_bits};
use magic_gen::{Slider, Square};

/// (relevant occupancies, distinct attack sets) of one slider on one square.
type Counts = (usize, usize);

/// The wiki's "#occs/#attset" table: files a-d of ranks 8-5, for (bishop, rook). The other
/// three quarters follow by mirroring files (a <-> h) and ranks (8 <-> 1).
const QUARTER: [[(Counts, Counts); 4]; 4] = [
    // rank 8: a8, b8, c8, d8
    [((64, 7), (4096, 49)), ((32, 6), (2048, 42)), ((32, 10), (2048, 70)), ((32, 12), (2048, 84))],
    // rank 7
    [((32, 6), (2048, 42)), ((32, 6), (1024, 36)), ((32, 10), (1024, 60)), ((32, 12), (1024, 72))],
    // rank 6
    [((32, 10), (2048, 70)), ((32, 10), (1024, 60)), ((128, 40), (1024, 100)), ((128, 48), (1024, 120))],
    // rank 5
    [((32, 12), (2048, 84)), ((32, 12), (1024, 72)), ((128, 48), (1024, 120)), ((512, 108), (1024, 144))],
];

fn seed_table_entry(slider: Slider, square: Square) -> Counts {
    let file = usize::from(square.file().min(7 - square.file()));
    let row = usize::from(square.rank().min(7 - square.rank()));
    let (bishop, rook) = QUARTER[row][file];
    match slider {
        Slider::Rook => rook,
        Slider::Bishop => bishop,
    }
}

fn counted(slider: Slider, square: Square) -> Counts {
    let occ = Occupancies::new(slider, square);
    let mut sets = occ.attacks.clone();
    sets.sort_unstable();
    sets.dedup();
    (occ.blockers.len(), sets.len())
}

#[test]
fn every_square_matches_the_seed_table() {
    let mut totals = [(0, 0); 2];
    for slider in Slider::ALL {
        for square in Square::ALL {
            let (occupancies, distinct) = counted(slider, square);
            assert_eq!((occupancies, distinct), seed_table_entry(slider, square), "{slider} {square}");
            assert_eq!(distinct, distinct_attack_sets(slider, square));
            let total = &mut totals[slider.ordinal()];
            total.0 += occupancies;
            total.1 += distinct;
        }
    }
    assert_eq!(totals, [(102_400, 4900), (5248, 1428)]);
}

#[test]
fn named_examples() {
    let sq = |name: &str| name.parse::<Square>().unwrap();
    assert_eq!(counted(Slider::Rook, sq("a8")), (4096, 49));
    assert_eq!(counted(Slider::Rook, sq("d5")), (1024, 144));
    assert_eq!(counted(Slider::Bishop, sq("a8")), (64, 7));
    assert_eq!(counted(Slider::Bishop, sq("d5")), (512, 108));
}

/// The published figures (`tests/data/per_square_limits.csv`: a copy of the records'
/// `per_square_limits.csv`, which cites the Chess Programming Wiki and niklasf/magics; see
/// `tests/data/README.md`).
#[test]
fn every_square_matches_the_published_limits() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/per_square_limits.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rows = 0;
    for (line_number, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let slider: Slider = fields[0].parse().unwrap();
        let square: Square = fields[1].parse().unwrap();
        let number =
            |i: usize| fields[i].trim().parse::<usize>().unwrap_or_else(|e| panic!("line {}: {e}", line_number + 1));
        assert_eq!(number(2), usize::from(square.index()));
        let (occupancies, distinct) = counted(slider, square);
        assert_eq!(number(3), occupancies.trailing_zeros() as usize, "mask bits of {slider} {square}");
        assert_eq!((number(4), number(5)), (occupancies, distinct), "{slider} {square}");
        assert_eq!(number(6), lower_bound_bits(slider, square) as usize, "lower bound of {slider} {square}");
        rows += 1;
    }
    assert_eq!(rows, 128);
}
