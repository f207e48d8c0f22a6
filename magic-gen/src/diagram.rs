//! Bitboards drawn as 8x8 diagrams of 0s and 1s, rank 8 at the top.

/// Draws `boards` side by side under their headings: `1` for a set square, `0` for an empty
/// one, files a to h from left to right. Lines carry no trailing spaces.
pub fn side_by_side(title: &str, boards: &[(&str, u64)]) -> String {
    const WIDTH: usize = 24;
    let mut out = format!("{title}\n\n");
    let mut line = String::new();
    for (heading, _) in boards {
        line.push_str(&format!("{heading:<WIDTH$}"));
    }
    push_trimmed(&mut out, &line);
    line.clear();
    for _ in boards {
        line.push_str(&format!("{:<WIDTH$}", "-".repeat(15)));
    }
    push_trimmed(&mut out, &line);
    for rank in (0..8).rev() {
        line.clear();
        for &(_, board) in boards {
            let cells: Vec<&str> =
                (0..8).map(|file| if board & (1u64 << (rank * 8 + file)) != 0 { "1" } else { "0" }).collect();
            line.push_str(&format!("{:<WIDTH$}", cells.join(" ")));
        }
        push_trimmed(&mut out, &line);
    }
    out
}

fn push_trimmed(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    #[test]
    fn draws_rank_8_on_top() {
        let text = super::side_by_side("T", &[("A", 1 << 63), ("B", 1)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "A                       B");
        assert_eq!(lines[4], "0 0 0 0 0 0 0 1         0 0 0 0 0 0 0 0");
        assert_eq!(lines[11], "0 0 0 0 0 0 0 0         1 0 0 0 0 0 0 0");
    }
}
