//! Prints the blocker mask, blocker board and move board of a slider as 8x8 diagrams (rank 8 at
//! the top), the three boards of the Chess Programming Wiki's
//! [Magic Bitboards](https://www.chessprogramming.org/Magic_Bitboards) explanation:
//!
//! ```text
//! cargo run -p magic-tables --example attacks -- rook e4 b4,c4,e2,e5,e7
//! cargo run -p magic-tables --example attacks -- bishop c1              # the empty board
//! ```

use std::process::ExitCode;

use magic_tables::{BISHOP_MAGICS, ROOK_MAGICS, Square, bishop_attacks, rook_attacks};

const USAGE: &str = "usage: attacks <rook|bishop> <square> [blocker,blocker,...]   (e.g. attacks rook e4 b4,c4,e2,e5,e7; \
     no blockers, or \"\", for the empty board)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    // The blocker list may be left out (or given empty) for the empty board.
    let (slider, square, blockers) = match args {
        [slider, square] => (slider, square, ""),
        [slider, square, blockers] => (slider, square, blockers.as_str()),
        _ => return Err(format!("expected 2 or 3 arguments, got {}\n{USAGE}", args.len())),
    };
    let square: Square = square.parse().map_err(|_| format!("`{square}` is not a square name (a1 .. h8)"))?;
    let occupied = parse_blockers(blockers)?;
    let (name, mask, moves) = match slider.to_ascii_lowercase().as_str() {
        "rook" => ("Rook", !ROOK_MAGICS[square.index() as usize].not_mask, rook_attacks(square, occupied)),
        "bishop" => ("Bishop", !BISHOP_MAGICS[square.index() as usize].not_mask, bishop_attacks(square, occupied)),
        _ => return Err(format!("unknown slider `{slider}` (expected rook or bishop)")),
    };
    let boards = [("Blocker Mask", mask), ("Blocker Board", occupied & mask), ("Move Board", moves)];
    Ok(draw(&format!("{name} on {square}"), &boards))
}

/// The boards side by side under their headings, rank 8 at the top, files a to h from left to
/// right, `1` for a set square: each board a column 24 characters wide, lines without trailing
/// spaces. (Drawn here so that the example needs no dependency but the crate.)
fn draw(title: &str, boards: &[(&str, u64)]) -> String {
    // The heading, the underline, then ranks 8 down to 1.
    let mut lines = vec![String::new(); 10];
    for &(heading, board) in boards {
        lines[0] += &format!("{heading:<24}");
        lines[1] += &format!("{:<24}", "-".repeat(15));
        for (line, rank) in lines[2..].iter_mut().zip((0..8).rev()) {
            let cells: Vec<&str> =
                (0..8).map(|file| if board >> (rank * 8 + file) & 1 == 1 { "1" } else { "0" }).collect();
            *line += &format!("{:<24}", cells.join(" "));
        }
    }
    let mut text = format!("{title}\n\n");
    for line in &lines {
        text += line.trim_end();
        text.push('\n');
    }
    text
}

/// Parses a comma-separated list of square names into a bitboard; an empty (or blank) list is
/// the empty board.
fn parse_blockers(list: &str) -> Result<u64, String> {
    if list.trim().is_empty() {
        return Ok(0);
    }
    list.split(',').try_fold(0u64, |board, name| {
        let name = name.trim();
        name.parse::<Square>()
            .map(|sq| board | sq.bit())
            .map_err(|_| format!("`{name}` in the blocker list is not a square name (a1 .. h8)"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reproduces_the_rook_e4_example() {
        let text = run(&args(&["rook", "e4", "b4,c4,e2,e5,e7"])).unwrap();
        let expected = "\
Rook on e4

Blocker Mask            Blocker Board           Move Board
---------------         ---------------         ---------------
0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0
0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0         0 0 0 0 0 0 0 0
0 0 0 0 1 0 0 0         0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0
0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0
0 1 1 1 0 1 1 0         0 1 1 0 0 0 0 0         0 0 1 1 0 1 1 1
0 0 0 0 1 0 0 0         0 0 0 0 0 0 0 0         0 0 0 0 1 0 0 0
0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0
0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0
";
        assert_eq!(text, expected);
    }

    #[test]
    fn bishop_boards() {
        let text = run(&args(&["Bishop", "c1", "e3"])).unwrap();
        assert!(text.starts_with("Bishop on c1\n"));
        // Rank 3 of the move board: e3 is attacked (a capture), nothing beyond it on rank 4.
        let rank3 = text.lines().nth(9).unwrap();
        assert_eq!(rank3, "0 0 0 0 1 0 0 0         0 0 0 0 1 0 0 0         1 0 0 0 1 0 0 0");
    }

    /// No blocker list, an empty one and a blank one all draw the empty board: the bishop on c1
    /// sees both of its diagonals to the edge.
    #[test]
    fn the_empty_board() {
        let without = run(&args(&["bishop", "c1"])).unwrap();
        assert_eq!(run(&args(&["bishop", "c1", ""])).unwrap(), without);
        assert_eq!(run(&args(&["bishop", "c1", " "])).unwrap(), without);
        let lines: Vec<&str> = without.lines().collect();
        assert_eq!(lines[0], "Bishop on c1");
        // Rank 6 (a6 on the a-file side) and rank 2 (b2, d2) of the move board; no blocker.
        assert_eq!(lines[6], "0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 0         0 0 0 0 0 0 0 1");
        assert_eq!(lines[10], "0 1 0 1 0 0 0 0         0 0 0 0 0 0 0 0         0 1 0 1 0 0 0 0");
        assert!(lines[4..12].iter().all(|line| line[24..39] == *"0 0 0 0 0 0 0 0"), "{without}");
        let rook = run(&args(&["rook", "a1"])).unwrap();
        assert_eq!(rook.lines().nth(11).unwrap(), "0 1 1 1 1 1 1 0         0 0 0 0 0 0 0 0         0 1 1 1 1 1 1 1");
    }

    #[test]
    fn bad_arguments_are_one_line_errors() {
        for (list, needle) in [
            (&["queen", "e4", "b4"][..], "unknown slider `queen`"),
            (&["rook", "e9", "b4"][..], "`e9` is not a square name"),
            (&["rook", "e4", "b4,,c4"][..], "`` in the blocker list"),
            (&["rook", "e4", ","][..], "`` in the blocker list"),
            (&["rook"][..], "expected 2 or 3 arguments, got 1"),
            (&["rook", "e4", "b4", "c4"][..], "expected 2 or 3 arguments, got 4"),
        ] {
            let err = run(&args(list)).unwrap_err();
            assert!(err.contains(needle), "{list:?}: {err}");
            assert!(!err.lines().next().unwrap().is_empty());
        }
    }
}
