//! Every `magic_tables::xiangqi` lookup against a reference written here from the rules alone
//! (it shares no code with the generator or its core): on every square, every occupancy of the
//! squares that can change the answer, each with random bits everywhere else (bits 90 to 127
//! too), and random boards; the plain tables on every square. The same for `xiangqi::pext`
//! (its `pext` tables where this build's target has BMI2, else its fallback to the magic ones).
//! And the tables are at most 1/50 of the bytes of Pikafish's (the `pext` ones 1/20).

use magic_tables::xiangqi::{self, Color, Square, advisor_attacks, king_attacks, pawn_attacks};

/// One module's occupancy-dependent lookups.
struct Way {
    name: &'static str,
    rook: fn(Square, u128) -> u128,
    cannon: fn(Square, u128) -> u128,
    rook_and_cannon: fn(Square, u128) -> (u128, u128),
    horse: fn(Square, u128) -> u128,
    horse_to: fn(Square, u128) -> u128,
    elephant: fn(Square, u128) -> u128,
}

/// `xiangqi` (magics) and `xiangqi::pext`.
const WAYS: [Way; 2] = [
    Way {
        name: "magic",
        rook: xiangqi::rook_attacks,
        cannon: xiangqi::cannon_attacks,
        rook_and_cannon: xiangqi::rook_and_cannon_attacks,
        horse: xiangqi::horse_attacks,
        horse_to: xiangqi::horse_attacks_to,
        elephant: xiangqi::elephant_attacks,
    },
    Way {
        name: "pext",
        rook: xiangqi::pext::rook_attacks,
        cannon: xiangqi::pext::cannon_attacks,
        rook_and_cannon: xiangqi::pext::rook_and_cannon_attacks,
        horse: xiangqi::pext::horse_attacks,
        horse_to: xiangqi::pext::horse_attacks_to,
        elephant: xiangqi::pext::elephant_attacks,
    },
];

fn at(file: i32, rank: i32) -> Option<u128> {
    ((0..9).contains(&file) && (0..10).contains(&rank)).then(|| 1 << (file + 9 * rank))
}

fn coordinates(square: Square) -> (i32, i32) {
    (i32::from(square.index() % 9), i32::from(square.index() / 9))
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Rook (`hop` false) or cannon (`hop` true) along the four rays.
fn rays(square: Square, occupied: u128, hop: bool) -> u128 {
    let (f, r) = coordinates(square);
    let mut attacks = 0;
    for (df, dr) in ORTHOGONAL {
        let mut screened = false;
        let mut k = 1;
        while let Some(here) = at(f + k * df, r + k * dr) {
            k += 1;
            if hop && !screened {
                screened = occupied & here != 0;
                continue;
            }
            attacks |= here;
            if occupied & here != 0 {
                break;
            }
        }
    }
    attacks
}

/// Squares along the rays with a square beyond them.
fn ray_mask(square: Square) -> u128 {
    let (f, r) = coordinates(square);
    let mut mask = 0;
    for (df, dr) in ORTHOGONAL {
        let mut k = 1;
        while let (Some(here), Some(_)) = (at(f + k * df, r + k * dr), at(f + (k + 1) * df, r + (k + 1) * dr)) {
            mask |= here;
            k += 1;
        }
    }
    mask
}

/// (target offset, blocker offset) of the horse's jumps from its square: the leg is one step
/// along the jump's long direction.
fn horse_jumps() -> Vec<((i32, i32), (i32, i32))> {
    let mut jumps = Vec::new();
    for (long, short) in [(2, 1), (2, -1), (-2, 1), (-2, -1)] {
        jumps.push(((short, long), (0, long / 2)));
        jumps.push(((long, short), (long / 2, 0)));
    }
    jumps
}

/// (targets, blockers) of a leaper on `square`: `to` reverses the horse (the attacker stands on
/// the target square and its leg is next to it); the elephant jumps two diagonal steps over the
/// eye and stays on its side of the river.
fn leaper(square: Square, kind: &str) -> Vec<(u128, u128)> {
    let (f, r) = coordinates(square);
    let mut moves = Vec::new();
    match kind {
        "horse" | "horse-to" => {
            for ((df, dr), (lf, lr)) in horse_jumps() {
                let leg = if kind == "horse" { at(f + lf, r + lr) } else { at(f + df - lf, r + dr - lr) };
                if let (Some(target), Some(leg)) = (at(f + df, r + dr), leg) {
                    moves.push((target, leg));
                }
            }
        }
        _ => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let same_side = (r < 5) == (r + 2 * dr < 5);
                if let (Some(target), Some(eye), true) = (at(f + 2 * df, r + 2 * dr), at(f + df, r + dr), same_side) {
                    moves.push((target, eye));
                }
            }
        }
    }
    moves
}

fn leaper_attacks(square: Square, kind: &str, occupied: u128) -> u128 {
    leaper(square, kind).iter().filter(|(_, blocker)| occupied & blocker == 0).map(|(target, _)| target).sum()
}

fn subsets(mask: u128) -> impl Iterator<Item = u128> {
    let mut next = Some(0u128);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

fn squares() -> impl Iterator<Item = Square> {
    (0..90).map(|i| Square::from_index(i).unwrap())
}

struct Noise(u64);

impl Noise {
    fn word(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn board(&mut self) -> u128 {
        u128::from(self.word()) << 64 | u128::from(self.word())
    }
}

#[test]
fn rook_and_cannon_on_every_relevant_occupancy() {
    for way in WAYS {
        let (name, mut noise) = (way.name, Noise(0x9E37_79B9_7F4A_7C15));
        let mut checked = 0usize;
        for square in squares() {
            let mask = ray_mask(square);
            for subset in subsets(mask) {
                for occupied in [subset, subset | (noise.board() & noise.board() & !mask)] {
                    let (rook, cannon) = (rays(square, occupied, false), rays(square, occupied, true));
                    assert_eq!((way.rook)(square, occupied), rook, "{name}: rook {square} {occupied:#x}");
                    assert_eq!((way.cannon)(square, occupied), cannon, "{name}: cannon {square} {occupied:#x}");
                    assert_eq!((way.rook_and_cannon)(square, occupied), (rook, cannon), "{name}: {square}");
                }
                checked += 1;
            }
        }
        // Every square's every subset: Pikafish's 0x108000 per piece.
        assert_eq!(checked, 0x108000);
    }
}

#[test]
fn lame_leapers_on_every_relevant_occupancy() {
    let mut noise = Noise(0x2545_F491_4F6C_DD1D);
    for (kind, lookup) in
        WAYS.iter().flat_map(|way| [("horse", way.horse), ("horse-to", way.horse_to), ("elephant", way.elephant)])
    {
        for square in squares() {
            let mask: u128 = leaper(square, kind).iter().map(|(_, blocker)| blocker).fold(0, |m, b| m | b);
            for subset in subsets(mask) {
                for occupied in [subset, subset | (noise.board() & !mask)] {
                    assert_eq!(lookup(square, occupied), leaper_attacks(square, kind, occupied), "{kind} {square}");
                }
            }
            for _ in 0..256 {
                let occupied = noise.board() & noise.board();
                assert_eq!(lookup(square, occupied), leaper_attacks(square, kind, occupied), "{kind} {square}");
            }
        }
    }
}

#[test]
fn plain_tables_on_every_square() {
    let palace = |file: i32, rank: i32| (3..=5).contains(&file) && (rank <= 2 || rank >= 7);
    for square in squares() {
        let (f, r) = coordinates(square);
        let steps = |deltas: &[(i32, i32)], keep: &dyn Fn(i32, i32) -> bool| -> u128 {
            deltas.iter().filter(|&&(df, dr)| keep(f + df, r + dr)).filter_map(|&(df, dr)| at(f + df, r + dr)).sum()
        };
        assert_eq!(king_attacks(square), steps(&ORTHOGONAL, &palace), "king {square}");
        assert_eq!(advisor_attacks(square), steps(&[(1, 1), (1, -1), (-1, 1), (-1, -1)], &palace), "advisor {square}");
        let anywhere = |_: i32, _: i32| true;
        let red = steps(&[(0, 1)], &anywhere) | if r >= 5 { steps(&[(1, 0), (-1, 0)], &anywhere) } else { 0 };
        let black = steps(&[(0, -1)], &anywhere) | if r <= 4 { steps(&[(1, 0), (-1, 0)], &anywhere) } else { 0 };
        assert_eq!(pawn_attacks(Color::White, square), red, "red soldier {square}");
        assert_eq!(pawn_attacks(Color::Black, square), black, "black soldier {square}");
    }
}

#[test]
fn squares_parse_print_and_refuse() {
    assert_eq!("e4".parse::<Square>().map(Square::index), Ok(40));
    assert_eq!(Square::new(8, 9).map(|s| s.to_string()), Some("i9".to_owned()));
    assert_eq!(Square::from_index(90), None);
    assert_eq!(Square::new(9, 0), None);
    for bad in ["j0", "a10", "", "e", "4e"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
}

#[test]
fn the_tables_are_a_fiftieth_of_pikafish() {
    // Pikafish's tables (figures in the notes): rook and cannon 0x108000 entries each, elephant
    // 0x228, horse 0x380, horse-to 0x3E0, every entry 16 bytes.
    let pikafish = (2 * 0x108000 + 0x228 + 0x380 + 0x3E0) * 16;
    assert_eq!(pikafish, 34_642_048);
    assert!(xiangqi::TABLE_BYTES * 50 <= pikafish, "{} bytes", xiangqi::TABLE_BYTES);
    // The pext tables, where this target has BMI2, are larger: still under a twentieth.
    assert!(xiangqi::pext::TABLE_BYTES * 20 <= pikafish, "{} bytes", xiangqi::pext::TABLE_BYTES);
    let expected = if xiangqi::pext::ACTIVE { 723_952 } else { xiangqi::TABLE_BYTES };
    assert_eq!(xiangqi::pext::TABLE_BYTES, expected);
}
