//! `magic_tables::Square` agrees with the generator's square and parses names strictly.

use magic_tables::Square;

#[test]
fn names_indices_and_constants_agree_with_the_generator() {
    for generator_square in magic_gen::Square::ALL {
        let name = generator_square.to_string();
        let square: Square = name.parse().unwrap();
        assert_eq!(square.index(), generator_square.index());
        assert_eq!(square.to_string(), name);
        assert_eq!((square.file(), square.rank()), (generator_square.file(), generator_square.rank()));
        assert_eq!(square.bit(), generator_square.bit());
        assert_eq!(Square::ALL[square.index() as usize], square);
    }
    assert_eq!(Square::E4.index(), 28);
    assert_eq!(Square::H8.index(), 63);
    assert_eq!(Square::from_index(64), None);
    assert_eq!(Square::from_file_rank(0, 8), None);
}

#[test]
fn bad_names_are_errors() {
    for bad in ["", "e", "e9", "i4", "e0", "e44", " e4", "44", "ee"] {
        let err = bad.parse::<Square>().unwrap_err();
        assert!(err.to_string().contains("not a square name"), "{bad:?}");
    }
}
