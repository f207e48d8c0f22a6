//! `magic-gen stats`: the per-square figures: mask bits, occupancies, distinct attack sets and
//! the index bits they need.

use magic_gen::geometry::{distinct_attack_sets, lower_bound_bits, relevant_mask};
use magic_gen::{Slider, Square};

use crate::cli::{StatsArgs, StatsFormat};
use crate::{Failure, Outcome};

/// The figures of one slider on one square.
struct Figures {
    bits: u32,
    occupancies: usize,
    distinct: usize,
    lower_bound: u32,
}

fn figures(slider: Slider, square: Square) -> Figures {
    let bits = relevant_mask(slider, square).count_ones();
    Figures {
        bits,
        occupancies: 1 << bits,
        distinct: distinct_attack_sets(slider, square),
        lower_bound: lower_bound_bits(slider, square),
    }
}

pub fn run(args: StatsArgs) -> Result<Outcome, Failure> {
    let text = match args.format {
        StatsFormat::Csv => csv(),
        StatsFormat::Board => board(),
    };
    crate::output::write_text(None, &text)?;
    Ok(Outcome::Success)
}

fn csv() -> String {
    let mut out = "slider,square,index,mask_bits,occupancies,distinct_attack_sets,lower_bound_bits\n".to_owned();
    for slider in Slider::ALL {
        for square in Square::ALL {
            let f = figures(slider, square);
            out += &format!(
                "{slider},{square},{},{},{},{},{}\n",
                square.index(),
                f.bits,
                f.occupancies,
                f.distinct,
                f.lower_bound
            );
        }
    }
    out
}

/// Per slider: a board of `occupancies/distinct attack sets` cells
/// and a board of `mask bits/lower bound` cells, then the totals.
fn board() -> String {
    let mut out = String::new();
    for slider in Slider::ALL {
        let mut occupancies = 0;
        let mut distinct = 0;
        out += &format!("{slider}: relevant occupancies / distinct attack sets\n");
        out += &grid(|sq| {
            let f = figures(slider, sq);
            format!("{}/{}", f.occupancies, f.distinct)
        });
        out += &format!("\n{slider}: mask bits / lower bound bits (log2 of distinct attack sets, rounded up)\n");
        out += &grid(|sq| {
            let f = figures(slider, sq);
            occupancies += f.occupancies;
            distinct += f.distinct;
            format!("{}/{}", f.bits, f.lower_bound)
        });
        out += &format!(
            "\n{slider} totals: {occupancies} minimal fancy entries ({:.1} KiB), {distinct} distinct attack sets\n\n",
            occupancies as f64 * 8.0 / 1024.0
        );
    }
    out.trim_end().to_owned() + "\n"
}

/// An 8x8 grid of right-aligned cells, rank 8 on top, with rank and file labels.
fn grid(mut cell: impl FnMut(Square) -> String) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out += &format!("{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_file_rank(file, rank).expect("file and rank are below 8");
            out += &format!(" {:>9}", cell(sq));
        }
        out.push('\n');
    }
    out += "  ";
    for file in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
        out += &format!(" {file:>9}");
    }
    out.push('\n');
    out
}
