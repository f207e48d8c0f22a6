//! Term sums: every magic that is a sum of a few terms `±c·2^e` (`c` 1 or 3) whose index
//! weights fit a budget, enumerated in a fixed order, for the span search of the dense black
//! tables (`magic-gen span --terms K --bound B`).
//!
//! The shortest published black magics of the inner rooks are such sums: rook d3's
//! `0x000600600C006004` is `2^2 + 3·2^13 + 3·2^26 + 3·2^37 + 3·2^49`. One term gives the mask
//! bits of a rank weights that double from square to square (3, 6, 12, …), the others give each
//! file square its own; the weights of d3's ten mask bits are 0.5, 1.5, 3, 6, … 384 slots, and
//! they sum to its span, 768 of the 1,024 slots of 10 index bits. Random streams (the span
//! stream's sparse magics, the few-term stream's draws) almost never draw them: the few-term
//! stream's valid draws on d3 all span the whole range. Enumerating the sums with few terms
//! finds them in minutes, because a sum's cost bounds its span and partial sums already fix
//! the cost of the mask's high bits.
//!
//! **Frozen.** A recipe names such a magic by its terms (`terms:+1.2+3.13-3.26`), and the order
//! below decides which sums a search lists; changing either changes those recipes.
//!
//! # Definition
//!
//! For a mask and `bits` index bits (`shift = 64 - bits`), let `top = 64 - b0` with `b0` the
//! mask's lowest bit: a term `c·2^e` with `e >= top` moves no mask bit's weight (`2^e << b`
//! overflows for every mask bit `b`), so exponents run over `0 .. top`. The **terms**, in order:
//! for `e` in `0 .. top`, `c` in `1, 3` (skipped if `c·2^e` overflows), the sign `+` then `-`.
//! A **sum** is 1 to `K` terms whose exponents increase by at least 2 (so that no two terms
//! could merge into one of larger coefficient), written lowest first; its value is their
//! wrapping sum. The enumeration visits sums depth first: each term of the list in order as the
//! first (the **roots**), then, after each sum, the sums that extend it by a later term in list
//! order. A sum is **listed** when its cost (`Σ_{b in mask} |((value << b) as i64)|`,
//! [`super::terms::cost`]) is at most `B · 2^shift`. Adding a term of exponent `e` leaves the
//! products of mask bits `b > 63 - e` as they are, so once the next exponent is at least `e`,
//! those bits' part of the cost is final: a sum whose final part already exceeds the budget
//! is neither listed nor extended (none of its extensions could be). Threads take the
//! enumeration in parts ([`TermSums::parts`]: the sums of up to three first terms), whose
//! listed sums together are the enumeration's, so what a search keeps does not depend on them.
//!
//! A listed sum names two magics: its value, and its value plus half a slot (`2^(shift - 1)`,
//! `@half`): the half moves every index's fraction, which decides the constructive collisions
//! of weights such as 0.5 and 1.5. With quarters (`span --quarters`) it names four: plus a
//! quarter, a half and three quarters of a slot (`@1/4`, `@half`, `@3/4`). Some sums are valid
//! at one quarter only: the published rook e5 magic of the per-square-shift black record is
//! four terms that no fraction but a quarter makes valid. The span search turns each to its
//! shortest span.

use std::fmt;
use std::str::FromStr;
#[cfg(feature = "pack")]
use std::sync::atomic::{AtomicBool, Ordering};

/// The most terms a sum has.
pub const MAX_TERMS: usize = 8;

/// The coefficients a term may have (and their negatives).
pub const COEFFICIENTS: [u64; 2] = [1, 3];

/// One term `coefficient · 2^exponent` (the coefficient signed: ±1 or ±3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Term {
    /// `e`: 0 to 63.
    pub exponent: u8,
    /// `±c`.
    pub coefficient: i8,
}

impl Term {
    /// Its value as a 64-bit word (a negative term wraps).
    pub fn value(self) -> u64 {
        let magnitude = u64::from(self.coefficient.unsigned_abs()) << self.exponent;
        if self.coefficient < 0 { magnitude.wrapping_neg() } else { magnitude }
    }

    /// Whether it is a term of the definition: a coefficient of ±1 or ±3 whose value does not
    /// overflow 64 bits.
    fn is_valid(self) -> bool {
        let c = u64::from(self.coefficient.unsigned_abs());
        COEFFICIENTS.contains(&c) && self.exponent < 64 && (c << self.exponent) >> self.exponent == c
    }
}

/// A sum of 1 to [`MAX_TERMS`] terms, exponents increasing by at least 2, and the quarters of
/// a slot added (0 to 3; 2 is the half): what a `terms:` row of a list or a recipe names. Sums
/// order by their number of terms, then their terms (lowest first, each by exponent then
/// signed coefficient), then the quarters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TermSum {
    len: u8,
    terms: [Term; MAX_TERMS],
    quarters: u8,
}

/// The quarters of a slot a sum adds: none and the half, or all four with `span --quarters`.
pub fn fractions(quarters: bool) -> &'static [u8] {
    if quarters { &[0, 1, 2, 3] } else { &[0, 2] }
}

impl TermSum {
    /// The sum of `terms` (lowest exponent first), plus `quarters` quarters of a slot: an error
    /// unless there are 1 to [`MAX_TERMS`] valid terms whose exponents increase by at least 2,
    /// and 0 to 3 quarters.
    pub fn new(terms: &[Term], quarters: u8) -> Result<TermSum, String> {
        if quarters > 3 {
            return Err(format!("a term sum adds 0 to 3 quarters of a slot, not {quarters}"));
        }
        if !(1..=MAX_TERMS).contains(&terms.len()) {
            return Err(format!("a term sum has 1 to {MAX_TERMS} terms, not {}", terms.len()));
        }
        if let Some(bad) = terms.iter().find(|t| !t.is_valid()) {
            return Err(format!("{} is not a term (±1 or ±3 times 2^e, within 64 bits)", TermDisplay(*bad)));
        }
        if terms.windows(2).any(|pair| pair[1].exponent < pair[0].exponent + 2) {
            return Err("the exponents of a term sum increase by at least 2".to_owned());
        }
        let mut sum = TermSum { len: terms.len() as u8, terms: [Term::default(); MAX_TERMS], quarters };
        sum.terms[..terms.len()].copy_from_slice(terms);
        Ok(sum)
    }

    /// Its terms, lowest exponent first.
    pub fn terms(&self) -> &[Term] {
        &self.terms[..usize::from(self.len)]
    }

    /// The quarters of a slot added: 0 to 3 (2: `@half`).
    pub fn quarters(&self) -> u8 {
        self.quarters
    }

    /// The magic it names for `bits` index bits (1 to 62; before the span search turns it):
    /// the wrapping sum of its terms, plus [`TermSum::quarters`] times `2^(62 - bits)`.
    pub fn value(&self, bits: u32) -> u64 {
        self.terms_value().wrapping_add(u64::from(self.quarters) << (62 - bits))
    }

    /// The wrapping sum of its terms alone: the value whose cost the enumeration bounds.
    pub fn terms_value(&self) -> u64 {
        self.terms().iter().fold(0u64, |sum, term| sum.wrapping_add(term.value()))
    }
}

/// A term as a sum writes it: `+3.13` for `3·2^13`, `-1.2` for `-2^2`.
struct TermDisplay(Term);

impl fmt::Display for TermDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0.coefficient < 0 { '-' } else { '+' };
        write!(f, "{sign}{}.{}", self.0.coefficient.unsigned_abs(), self.0.exponent)
    }
}

/// `+1.2+3.13-3.26`, then `@1/4`, `@half` or `@3/4` if a fraction of a slot is added.
impl fmt::Display for TermSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &term in self.terms() {
            write!(f, "{}", TermDisplay(term))?;
        }
        match self.quarters {
            0 => Ok(()),
            1 => write!(f, "@1/4"),
            2 => write!(f, "@half"),
            _ => write!(f, "@3/4"),
        }
    }
}

impl FromStr for TermSum {
    type Err = String;

    /// Reads what [`fmt::Display`] writes, and only that (each term signed, no spaces).
    fn from_str(text: &str) -> Result<TermSum, String> {
        let shape =
            || format!("`{}` is not a term sum such as +1.2+3.13-3.26 (or …@half)", crate::text::quote_prefix(text));
        let (body, quarters) = [("@1/4", 1), ("@half", 2), ("@3/4", 3)]
            .into_iter()
            .find_map(|(suffix, quarters)| Some((text.strip_suffix(suffix)?, quarters)))
            .unwrap_or((text, 0));
        let mut terms = Vec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let negative = match rest.as_bytes()[0] {
                b'+' => false,
                b'-' => true,
                _ => return Err(shape()),
            };
            let end = rest[1..].find(['+', '-']).map_or(rest.len(), |i| i + 1);
            let (c, e) = rest[1..end].split_once('.').ok_or_else(shape)?;
            let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(c) || !digits(e) || terms.len() == MAX_TERMS {
                return Err(shape());
            }
            let (c, exponent): (i8, u8) = (c.parse().map_err(|_| shape())?, e.parse().map_err(|_| shape())?);
            terms.push(Term { exponent, coefficient: if negative { -c } else { c } });
            rest = &rest[end..];
        }
        TermSum::new(&terms, quarters)
    }
}

/// The enumeration of one mask's term sums for `bits` index bits, at most `most_terms` terms and
/// a cost of at most `bound` slots (the module's definition).
#[derive(Clone, Debug)]
#[cfg(feature = "pack")]
pub struct TermSums {
    mask: u64,
    most_terms: usize,
    /// The budget in the cost's units: `bound · 2^shift`.
    budget: u128,
    /// The terms in the definition's order.
    terms: Vec<Term>,
    /// The mask's bits, highest first (a term finalizes them in this order).
    mask_bits: Vec<u32>,
}

/// The sums an enumeration has visited, and the flag that ends it.
#[cfg(feature = "pack")]
struct Visits<'a> {
    count: u64,
    stop: &'a AtomicBool,
}

#[cfg(feature = "pack")]
impl TermSums {
    /// The sums of `mask` (not empty) for `bits` index bits (1 to 16), with 1 to `most_terms`
    /// terms (at most [`MAX_TERMS`]) and a cost of at most `bound` slots.
    pub fn new(mask: u64, bits: u32, most_terms: usize, bound: u32) -> Result<TermSums, String> {
        if mask == 0 || !(1..=16).contains(&bits) {
            return Err("term sums need a mask and 1 to 16 index bits".to_owned());
        }
        if !(1..=MAX_TERMS).contains(&most_terms) {
            return Err(format!("{most_terms} terms is out of range: 1 to {MAX_TERMS}"));
        }
        let top = 64 - mask.trailing_zeros();
        let mut terms = Vec::new();
        for exponent in 0..top as u8 {
            for c in COEFFICIENTS {
                for negative in [false, true] {
                    let coefficient = if negative { -(c as i8) } else { c as i8 };
                    let term = Term { exponent, coefficient };
                    if term.is_valid() {
                        terms.push(term);
                    }
                }
            }
        }
        let mut mask_bits: Vec<u32> = (0..64).filter(|b| mask >> b & 1 == 1).collect();
        mask_bits.reverse();
        Ok(TermSums { mask, most_terms, budget: u128::from(bound) << (64 - bits), terms, mask_bits })
    }

    /// The enumeration split into parts for threads, in the enumeration's order: each sum of
    /// fewer than three terms (or K, if fewer) alone, and each sum of that many with the sums
    /// that extend it (prefixes already pruned are left out, as the enumeration leaves them). One
    /// root's sums can outnumber all others' together: rook h3 at 5 terms and 1,999 slots took
    /// 145 s on 2 cores in parts by root (1.2 cores busy), 112 s two terms deep and 92 s three
    /// deep (2.0). Every listed sum is in exactly one part.
    pub fn parts(&self) -> Vec<SumPart> {
        let depth = PART_DEPTH.min(self.most_terms);
        let mut parts = Vec::new();
        let mut prefix = Vec::with_capacity(depth);
        self.split(&mut prefix, 0, depth, &mut parts);
        parts
    }

    /// The parts of [`TermSums::parts`] that begin with `prefix` (of value `value`), extended
    /// by the terms from index `from` on.
    fn split(&self, prefix: &mut Vec<u16>, value: u64, depth: usize, parts: &mut Vec<SumPart>) {
        let from = match prefix.last() {
            None => 0,
            Some(&last) => self.terms.partition_point(|t| t.exponent < self.terms[usize::from(last)].exponent + 2),
        };
        for i in from..self.terms.len() {
            prefix.push(i as u16);
            let value = value.wrapping_add(self.terms[i].value());
            let mut part = SumPart { terms: [0; PART_DEPTH], len: prefix.len() as u8, whole: prefix.len() == depth };
            part.terms[..prefix.len()].copy_from_slice(prefix);
            parts.push(part);
            if !part.whole && !self.pruned(self.terms[i], value) {
                self.split(prefix, value, depth, parts);
            }
            prefix.pop();
        }
    }

    /// Calls `listed` with every listed sum (no fraction of a slot added) of `part` and its value,
    /// in the enumeration's order, until it returns `false` or `stop` is raised (looked at every
    /// few thousand sums visited, listed or not: a part can visit millions it does not list).
    /// Returns whether the part ran to its end.
    pub fn each_in(&self, part: SumPart, stop: &AtomicBool, listed: &mut impl FnMut(&[Term], u64) -> bool) -> bool {
        let mut path = Vec::with_capacity(self.most_terms);
        path.extend(part.terms[..usize::from(part.len)].iter().map(|&i| self.terms[usize::from(i)]));
        let value = path.iter().fold(0u64, |sum, term| sum.wrapping_add(term.value()));
        let mut visits = Visits { count: 0, stop };
        if part.whole {
            self.visit(&mut path, value, &mut visits, listed)
        } else {
            !matches!(self.node(&path, value, &mut visits, listed), Node::Stop)
        }
    }

    /// Whether no sum extending a sum of value `value` whose last term is `last` can be listed:
    /// the cost of the mask bits no later term changes (bits b > 63 - (last + 2)) already
    /// exceeds the budget.
    fn pruned(&self, last: Term, value: u64) -> bool {
        let next = u32::from(last.exponent) + 2;
        let mut fixed = 0u128;
        for &b in &self.mask_bits {
            if b + next <= 63 {
                break;
            }
            fixed += u128::from(((value << b) as i64).unsigned_abs());
        }
        fixed > self.budget
    }

    /// Visits one sum: lists it if its cost fits, and says whether to extend it.
    fn node(
        &self,
        path: &[Term],
        value: u64,
        visits: &mut Visits<'_>,
        listed: &mut impl FnMut(&[Term], u64) -> bool,
    ) -> Node {
        visits.count += 1;
        if visits.count % (1 << 12) == 0 && visits.stop.load(Ordering::Relaxed) {
            return Node::Stop;
        }
        if self.pruned(path[path.len() - 1], value) {
            return Node::Leaf;
        }
        if super::terms::cost(value, self.mask) <= self.budget && !listed(path, value) {
            return Node::Stop;
        }
        if path.len() == self.most_terms { Node::Leaf } else { Node::Extend }
    }

    fn visit(
        &self,
        path: &mut Vec<Term>,
        value: u64,
        visits: &mut Visits<'_>,
        listed: &mut impl FnMut(&[Term], u64) -> bool,
    ) -> bool {
        match self.node(path, value, visits, listed) {
            Node::Stop => return false,
            Node::Leaf => return true,
            Node::Extend => {}
        }
        let next = path[path.len() - 1].exponent + 2;
        let from = self.terms.partition_point(|t| t.exponent < next);
        for i in from..self.terms.len() {
            let term = self.terms[i];
            path.push(term);
            let going = self.visit(path, value.wrapping_add(term.value()), visits, listed);
            path.pop();
            if !going {
                return false;
            }
        }
        true
    }
}

/// What visiting one sum decided.
#[cfg(feature = "pack")]
enum Node {
    /// Stopped (the flag, or `listed` said so).
    Stop,
    /// Not extended: pruned, or as many terms as allowed.
    Leaf,
    /// Extended by every later term.
    Extend,
}

/// How many first terms name a part of an enumeration ([`TermSums::parts`]).
#[cfg(feature = "pack")]
const PART_DEPTH: usize = 3;

/// One part of an enumeration ([`TermSums::parts`]): the sum of its first terms alone, or
/// (`whole`) that sum and every sum that extends it. The terms are indices into the
/// enumeration's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg(feature = "pack")]
pub struct SumPart {
    terms: [u16; PART_DEPTH],
    len: u8,
    whole: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(text: &str) -> TermSum {
        text.parse().unwrap()
    }

    #[test]
    fn sums_print_parse_and_add_up() {
        let d3 = sum("+1.2+3.13+3.26+3.37+3.49");
        assert_eq!(d3.value(10), 0x0006_0060_0C00_6004);
        assert_eq!(d3.to_string(), "+1.2+3.13+3.26+3.37+3.49");
        let halved = sum("-1.0+3.62@half");
        assert_eq!(halved.value(10), 1u64.wrapping_neg().wrapping_add(3 << 62).wrapping_add(1 << 53));
        assert_eq!(halved.to_string(), "-1.0+3.62@half");
        // A quarter of a slot of 10 index bits is 2^52; three quarters 3·2^52.
        let base = sum("+3.10+3.21+1.30+3.37");
        for (suffix, quarters) in [("@1/4", 1u64), ("@half", 2), ("@3/4", 3)] {
            let text = format!("+3.10+3.21+1.30+3.37{suffix}");
            assert_eq!(sum(&text).value(10), base.value(10) + (quarters << 52), "{text}");
            assert_eq!(sum(&text).to_string(), text);
            assert_eq!(u64::from(sum(&text).quarters()), quarters);
        }
        assert!(TermSum::new(base.terms(), 4).is_err());
        assert!(
            sum("+1.2@1/4") < sum("+1.2@half") && sum("+1.2@half") < sum("+1.2@3/4") && sum("+1.2") < sum("+1.2@1/4")
        );
        for bad in [
            "",
            "1.2",
            "+1.2+1.3",
            "+5.2",
            "+3.63",
            "+1.2 ",
            "+1.2@Half",
            "+1.64",
            "+01.2+1.200",
            "+1.2+",
            "+1.2@2/4",
            "+1.2@1/4@half",
            "+1.2@1/2",
        ] {
            assert!(bad.parse::<TermSum>().is_err(), "{bad}");
        }
        let nine = (0..9).map(|i| format!("+1.{}", 2 * i)).collect::<String>();
        assert!(nine.parse::<TermSum>().is_err());
    }

    /// Every listed sum is within the budget, has its terms in order and is listed once; a
    /// sum the pruning could wrongly drop (all within budget) is listed; the count is what a
    /// plain enumeration of all sums with the cost filter gives; and the parts list them in
    /// the plain enumeration's order (depth first), each part's sums together.
    #[test]
    #[cfg(feature = "pack")]
    fn the_enumeration_lists_exactly_the_sums_within_budget() {
        use magic_tables_core::geometry::relevant_mask;
        use magic_tables_core::{Slider, Square};

        /// Every sum extending `path` (of value `value`) by later terms, depth first.
        fn plain(terms: &[Term], mask: u64, budget: u128, most: usize, path: &mut Vec<Term>, out: &mut Vec<TermSum>) {
            for &t in terms {
                if path.last().is_some_and(|last| t.exponent < last.exponent + 2) {
                    continue;
                }
                path.push(t);
                let value = path.iter().fold(0u64, |v, t| v.wrapping_add(t.value()));
                if super::super::terms::cost(value, mask) <= budget {
                    out.push(TermSum::new(path, 0).unwrap());
                }
                if path.len() < most {
                    plain(terms, mask, budget, most, path, out);
                }
                path.pop();
            }
        }

        let square: Square = "d4".parse().unwrap();
        let mask = relevant_mask(Slider::Bishop, square);
        for (most, bound) in [(2, 300), (3, 200), (4, 60)] {
            let sums = TermSums::new(mask, 9, most, bound).unwrap();
            let parts = sums.parts();
            let mut listed = Vec::new();
            let mut part_of = Vec::new();
            for (i, &part) in parts.iter().enumerate() {
                sums.each_in(part, &AtomicBool::new(false), &mut |terms, value| {
                    listed.push((TermSum::new(terms, 0).unwrap(), value));
                    part_of.push(i);
                    true
                });
            }
            let mut expected = Vec::new();
            plain(&sums.terms, mask, u128::from(bound) << 55, most, &mut Vec::new(), &mut expected);
            assert!(expected.len() > 100, "{most} terms: {}", expected.len());
            assert!(listed.iter().all(|(s, v)| s.value(9) == *v));
            let names: Vec<TermSum> = listed.iter().map(|&(s, _)| s).collect();
            assert_eq!(names, expected, "{most} terms");
            assert!(part_of.windows(2).all(|w| w[0] <= w[1]));
            // A part is a sum of fewer than three terms (or `most`) alone, or that many and
            // their extensions: every sum lies in the part of its first terms.
            for (name, &i) in names.iter().zip(&part_of) {
                let part = parts[i];
                let named: Vec<Term> =
                    part.terms[..usize::from(part.len)].iter().map(|&j| sums.terms[usize::from(j)]).collect();
                assert_eq!(named, name.terms()[..name.terms().len().min(most.min(3))]);
                assert_eq!(part.whole, name.terms().len() >= most.min(3));
            }
        }
    }
}
