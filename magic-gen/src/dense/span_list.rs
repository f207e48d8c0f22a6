//! The results of one square's span search ([`super::span`]) as `magic-gen span` writes them:
//! the settings that decide every candidate, how many candidates were tested, and the valid
//! ones of shortest span among them (at most [`super::span::KEEP`]). `pack --searched` reads it
//! and gives the square its best magic; a later run of the same search (`span --continue`) goes
//! on from the last candidate.
//!
//! ```text
//! # magic-gen span search
//! # seed=1
//! # slider=rook
//! # square=b1
//! # bits=11
//! # candidates=24000000
//! candidate,magic,span,used
//! 2204518,0x0030001C00840006,1542,1280
//! ```
//!
//! After `span --climb T`, a `# climb=T` line says how many moves each climb tried, and a
//! climbed magic is listed as its start and the moves it took (`2204518+41.977.30211`).
//!
//! `span --walks FILE --climb T` climbs from the square's magics in a walk cache of `magic-gen
//! walk` or `pack --walk-cache` instead of the span stream's: the list then tests no candidate
//! (`# candidates=0`), says which walks it climbed from (`# walks=W`, the first `W` of the
//! square, made with `# walk_steps=` moves and `# walk_gap=`), and lists only climbs, each
//! named by its walk's number and start and the moves it took (`walk:12@3071+5.880.90211`).
//! The packer that reads it walks that walk again before it takes the magic.
//!
//! `span --terms K --bound B` lists the best of the square's term sums of at most `K` terms
//! and cost at most `B` slots ([`crate::search::term_sums`]) instead: the list tests no
//! candidate (`# candidates=0`), says `# terms=K` and `# bound=B`, and names each magic by its
//! sum (`terms:+1.2+3.13-3.26@half`), from which one test re-derives it.
//!
//! `span --anneal M --chains K --from LIST` copies a list and anneals its best magic
//! ([`super::span::Anneal`]): the copy says `# anneal=M` (moves per chain) and `# chains=K`,
//! and lists, after the magic they started from, the chains' magics that beat it, each named by
//! the start's name, its chain and the move that found it (`walk:12@3071+5.880.90211~2.1789112`).

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

use crate::reference::ReferenceSet;
use crate::text::quote_prefix;
use magic_tables_core::{Slider, Square};

use super::span::{Anneal, CLIMBS, KEEP, MAX_ANNEAL_MOVES, MAX_CHAINS, SpanFound, SpanSearch};
use super::square::CandidateTester;
use crate::search::climb_stream::{ClimbPath, MAX_MOVES};

/// The first line of a span list.
pub const TITLE: &str = "# magic-gen span search";

/// The column header of the found roots.
const COLUMNS: &str = "candidate,magic,span,used";

/// The error of a check whose replay of an annealed magic the stop flag cut (`--time`, a
/// signal): the row is neither confirmed nor refused.
pub const STOPPED_REPLAYING: &str = "stopped while replaying an annealed magic: not checked";

/// The walks a list's climbs started from (`span --walks`): the square's first `walks` walks
/// of `steps` moves with gap `gap` in the packer's run of the list's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkSource {
    /// Walks of the square climbed from: walks `1 ..= walks`.
    pub walks: u64,
    /// Moves per walk (`--walk-steps`).
    pub steps: u64,
    /// The walks' gap (`--walk-gap`).
    pub gap: u64,
    /// Climbs from each walk (`span --rounds`).
    pub rounds: u64,
}

/// The enumeration a list of term sums comes from (`span --terms K --bound B [--quarters]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumSource {
    /// The most terms of a sum (`K`).
    pub terms: u64,
    /// The most cost of a sum, in slots (`B`).
    pub bound: u64,
    /// Whether each sum is tried at every quarter of a slot (`--quarters`, the list's
    /// `# quarters=1`), not only at 0 and the half.
    pub quarters: bool,
    /// `None` when the enumeration ran to its end; `Some(D)` when only its parts 1 to D
    /// ([`crate::search::term_sums::TermSums::parts`], in order) were enumerated (the list's
    /// `# parts_done=D`): a run stopped by `--time` or a signal, or limited by `span --parts`,
    /// which `span --continue` takes on from there.
    pub parts_done: Option<u64>,
}

/// The annealing of a list's best magic (`span --anneal M --chains K`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnnealSource {
    /// Moves each chain made (`M`).
    pub moves: u64,
    /// Chains (`K`): chains `0 .. K`.
    pub chains: u32,
}

/// One square's span search and what it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpanList {
    /// Master seed.
    pub seed: u64,
    /// Slider.
    pub slider: Slider,
    /// Square.
    pub square: Square,
    /// Index bits.
    pub bits: u32,
    /// Candidates tested: `1 ..= candidates`.
    pub candidates: u64,
    /// Moves each climb tried (`span --climb`; 0: no climbs).
    pub climb: u64,
    /// For climbs from walks (`span --walks`): how many walks of the square they started
    /// from, and the moves and gap of those walks; `None` for the span stream's candidates.
    pub walks: Option<WalkSource>,
    /// For term sums (`span --terms`): the enumeration's most terms and bound; `None` otherwise.
    pub sums: Option<SumSource>,
    /// For an annealed list (`span --anneal`): the moves and chains; `None` otherwise.
    pub anneal: Option<AnnealSource>,
    /// The valid ones among them of shortest span ([`SpanFound::merit`]), in increasing order.
    pub found: Vec<SpanFound>,
}

impl SpanList {
    /// The magic a packing takes: the best merit (shortest span, then fewest used slots, then
    /// the first candidate).
    pub fn best(&self) -> Option<SpanFound> {
        self.found.iter().copied().min_by_key(SpanFound::merit)
    }

    /// The row an annealed magic `found` started from: the one its name names without `~j.m`.
    fn start_of(&self, found: &SpanFound) -> Option<&SpanFound> {
        let start = SpanFound { anneal: None, ..*found }.list_order();
        self.found.iter().find(|f| f.list_order() == start)
    }

    /// The search these candidates come from.
    pub fn search(&self, references: &ReferenceSet) -> Result<SpanSearch, String> {
        SpanSearch::new(references.get(self.slider, self.square), self.bits)
    }

    /// Re-derives the listed candidate `found` and compares: an error names the square, the
    /// candidate and both magics. A climb from a walk is not this list's to re-derive (that
    /// takes the walk: the packer checks it, `Packer::check_walk_climb`), and is refused.
    /// A term sum is re-derived from its terms, and must be one the list's enumeration lists
    /// (its terms and its cost within the list's). An annealed row's replay polls `stop` (its
    /// claimed moves come from the file and are not bounded): raised, it gives [`STOPPED_REPLAYING`].
    pub fn check_found(&self, search: &SpanSearch, found: &SpanFound, stop: &AtomicBool) -> Result<(), String> {
        // An annealed magic: its start (a row of the list, checked as such), then its chain.
        if let Some(anneal) = found.anneal {
            let start = self.start_of(found).ok_or_else(|| {
                format!("{} {}: {} anneals no magic of the list", self.slider, self.square, found.name())
            })?;
            self.check_found(search, start, stop)?;
            let derived = search.derive_annealed(self.seed, *start, anneal, stop);
            if derived.is_none() && stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(STOPPED_REPLAYING.to_owned());
            }
            return self.agree(found, derived, (&found.name(), "of the annealing", "not its best"));
        }
        let derived = match (found.sum, found.walk) {
            (Some(sum), _) => {
                let source = self.sums.ok_or_else(|| format!("{} in a list without `# terms=`", found.name()))?;
                let within =
                    (sum.terms().len() as u64) <= source.terms && search.costs_at_most(sum.terms_value(), source.bound);
                if !within {
                    return Err(format!(
                        "{} {}: {} is not a sum of at most {} terms and {} slots of cost",
                        self.slider,
                        self.square,
                        found.name(),
                        source.terms,
                        source.bound
                    ));
                }
                search.summed(sum, &mut CandidateTester::default())
            }
            (None, None) => search.derive(self.seed, found.number, &found.climb, &mut CandidateTester::default()),
            (None, Some(_)) => None,
        };
        self.agree(found, derived, (&format!("candidate {}", found.name()), "of the span search", "no valid climb"))
    }

    /// An error unless `derived` is the listed `found`, naming both: `(label, what, none)` say
    /// which row it is, where its magic comes from and what no derived magic means.
    fn agree(
        &self,
        found: &SpanFound,
        derived: Option<SpanFound>,
        (label, what, none): (&str, &str, &str),
    ) -> Result<(), String> {
        if derived == Some(*found) {
            return Ok(());
        }
        let derived = derived.map_or(none.to_owned(), |d| format!("{:#018X} (span {})", d.magic, d.span));
        Err(format!(
            "{} {}: {label} {what} is {derived}, not the listed {:#018X} (span {}, {} used)",
            self.slider, self.square, found.magic, found.span, found.used
        ))
    }

    /// The file text.
    pub fn render(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "{TITLE}");
        let _ = writeln!(text, "# seed={}", self.seed);
        let _ = writeln!(text, "# slider={}", self.slider);
        let _ = writeln!(text, "# square={}", self.square);
        let _ = writeln!(text, "# bits={}", self.bits);
        let _ = writeln!(text, "# candidates={}", self.candidates);
        if self.climb > 0 {
            let _ = writeln!(text, "# climb={}", self.climb);
        }
        if let Some(WalkSource { walks, steps, gap, rounds }) = self.walks {
            let _ = writeln!(text, "# walks={walks}");
            let _ = writeln!(text, "# walk_steps={steps}");
            let _ = writeln!(text, "# walk_gap={gap}");
            let _ = writeln!(text, "# rounds={rounds}");
        }
        if let Some(SumSource { terms, bound, quarters, parts_done }) = self.sums {
            let _ = writeln!(text, "# terms={terms}");
            let _ = writeln!(text, "# bound={bound}");
            if quarters {
                let _ = writeln!(text, "# quarters=1");
            }
            if let Some(done) = parts_done {
                let _ = writeln!(text, "# parts_done={done}");
            }
        }
        if let Some(AnnealSource { moves, chains }) = self.anneal {
            let _ = writeln!(text, "# anneal={moves}");
            let _ = writeln!(text, "# chains={chains}");
        }
        let _ = writeln!(text, "{COLUMNS}");
        for f in &self.found {
            let _ = writeln!(text, "{},0x{:016X},{},{}", f.name(), f.magic, f.span, f.used);
        }
        crate::text::seal(&text)
    }

    /// Parses a list. An error gives the line (1-based) and what is wrong: a missing or
    /// repeated setting, a row that is not four numbers, candidates out of order or beyond
    /// those tested, more than [`KEEP`] of them. Whether the candidates are those magics is
    /// [`SpanList::check_found`]'s to say.
    pub fn parse(text: &str) -> Result<SpanList, String> {
        // Sealed: a row dropped or edited, or a list cut short, is refused as a whole.
        let text = crate::text::unseal(text)?;
        let mut lines = text.lines().enumerate().map(|(i, line)| (i as u64 + 1, line));
        match lines.next() {
            Some((_, line)) if line == TITLE => {}
            _ => return Err(format!("line 1: not a span list (it starts with `{TITLE}`)")),
        }
        let mut settings: [Option<u64>; 14] = [None; 14];
        let (mut slider, mut square) = (None, None);
        const NUMBERS: [&str; 14] = [
            "seed",
            "bits",
            "candidates",
            "climb",
            "walks",
            "walk_steps",
            "walk_gap",
            "rounds",
            "terms",
            "bound",
            "anneal",
            "chains",
            "quarters",
            "parts_done",
        ];
        let mut found: Vec<SpanFound> = Vec::new();
        let mut keys: Vec<(&str, u64)> = Vec::new();
        let mut header = false;
        let mut last = 1;
        for (number, line) in lines {
            last = number;
            let at = |message: String| format!("line {number}: {message}");
            if !header {
                if line == COLUMNS {
                    header = true;
                    continue;
                }
                let (key, value) = line
                    .strip_prefix("# ")
                    .and_then(|rest| rest.split_once('='))
                    .ok_or_else(|| at(format!("expected `# key=value` or `{COLUMNS}`")))?;
                // A setting given twice names both lines.
                if let Some(&(_, first)) = keys.iter().find(|(given, _)| *given == key) {
                    return Err(at(format!("`{}` is given twice (first on line {first})", quote_prefix(key))));
                }
                keys.push((key, number));
                match key {
                    "slider" if slider.is_none() => {
                        slider = Some(value.parse::<Slider>().map_err(|e| at(format!("slider: {e}")))?)
                    }
                    "square" if square.is_none() => {
                        square = Some(value.parse::<Square>().map_err(|e| at(format!("square: {e}")))?)
                    }
                    key => {
                        let index = NUMBERS
                            .iter()
                            .position(|&name| name == key)
                            .filter(|&i| settings[i].is_none())
                            .ok_or_else(|| at(format!("`{}` is not a setting", quote_prefix(key))))?;
                        settings[index] = Some(
                            value
                                .parse()
                                .map_err(|_| at(format!("{key}: `{}` is not a whole number", quote_prefix(value))))?,
                        );
                    }
                }
                continue;
            }
            let fields: Vec<&str> = line.split(',').collect();
            let parsed = (fields.len() == 4)
                .then(|| {
                    let hex = fields[1].strip_prefix("0x")?;
                    // An annealed magic: its start's name, then `~j.m`.
                    let (name, anneal) = match fields[0].split_once('~') {
                        Some((name, anneal)) => (name, Some(anneal.parse::<Anneal>().ok()?)),
                        None => (fields[0], None),
                    };
                    // A term sum: `terms:+1.2+3.13…` (its `+` are the terms' signs).
                    if let Some(sum) = name.strip_prefix("terms:") {
                        return Some(SpanFound {
                            number: 0,
                            walk: None,
                            climb: ClimbPath::default(),
                            magic: u64::from_str_radix(hex, 16).ok()?,
                            span: fields[2].parse().ok()?,
                            used: fields[3].parse().ok()?,
                            sum: Some(sum.parse().ok()?),
                            anneal,
                        });
                    }
                    let (number, climb) = match name.split_once('+') {
                        Some((number, path)) => (number, ClimbPath::parse(path).ok()?),
                        None => (name, ClimbPath::default()),
                    };
                    // A climb from a walk: `walk:N@K+a.b.c` (never without its moves).
                    let (number, walk) = match number.strip_prefix("walk:") {
                        Some(walk) if !climb.is_empty() => {
                            let (number, start) = walk.split_once('@')?;
                            (number, Some(start.parse().ok()?))
                        }
                        Some(_) => return None,
                        None => (number, None),
                    };
                    Some(SpanFound {
                        number: number.parse().ok()?,
                        walk,
                        climb,
                        magic: u64::from_str_radix(hex, 16).ok()?,
                        span: fields[2].parse().ok()?,
                        used: fields[3].parse().ok()?,
                        sum: None,
                        anneal,
                    })
                })
                .flatten()
                .ok_or_else(|| {
                    at(format!(
                        "expected `{COLUMNS}` (a number, a climb N+a.b.c or walk:N@K+a.b.c of increasing moves, or a term sum terms:+1.2+3.13…, each perhaps annealed ~j.m, a 0x magic, two numbers)"
                    ))
                })?;
            if found.last().is_some_and(|previous| previous.list_order() >= parsed.list_order())
                || (parsed.number == 0 && parsed.walk.is_none() && parsed.sum.is_none())
            {
                return Err(at(format!("candidate {} is out of order (they increase from 1)", parsed.name())));
            }
            if parsed.walk.is_none() && parsed.climb.moves().len() > MAX_MOVES {
                return Err(at(format!("climb {} takes more than {MAX_MOVES} moves", parsed.name())));
            }
            let annealed = found.iter().filter(|f| f.anneal.is_some()).count();
            let climbed = found.iter().filter(|f| !f.climb.is_empty() && f.anneal.is_none()).count();
            if parsed.anneal.is_some() {
                if annealed == MAX_CHAINS as usize {
                    return Err(at(format!("more than {MAX_CHAINS} annealed magics")));
                }
            } else if found.len() - climbed - annealed == KEEP && parsed.climb.is_empty() {
                return Err(at(format!("more than {KEEP} candidates")));
            } else if climbed == CLIMBS && !parsed.climb.is_empty() {
                return Err(at(format!("more than {CLIMBS} climbs")));
            }
            found.push(parsed);
        }
        let missing = |what: &str| format!("line {last}: no `# {what}=` line");
        let [
            seed,
            bits,
            candidates,
            climb,
            walks,
            walk_steps,
            walk_gap,
            rounds,
            terms,
            bound,
            anneal,
            chains,
            quarters,
            parts_done,
        ] = settings;
        let anneal = match (anneal, chains) {
            (None, None) => None,
            (Some(moves), Some(chains))
                if (1..=MAX_ANNEAL_MOVES).contains(&moves) && (1..=u64::from(MAX_CHAINS)).contains(&chains) =>
            {
                Some(AnnealSource { moves, chains: chains as u32 })
            }
            _ => {
                return Err(format!(
                    "line {last}: `# anneal=` (1 to 2^36) and `# chains=` (1 to {MAX_CHAINS}) go together"
                ));
            }
        };
        let sums = match (terms, bound, quarters, parts_done) {
            (None, None, None, None) => None,
            (Some(terms), Some(bound), None | Some(1), parts_done)
                if (1..=crate::search::term_sums::MAX_TERMS as u64).contains(&terms) =>
            {
                Some(SumSource { terms, bound, quarters: quarters.is_some(), parts_done })
            }
            _ => {
                return Err(format!(
                    "line {last}: `# terms=` (1 to {}) and `# bound=` go together, and `# quarters=1` only with them (`# parts_done=` too)",
                    crate::search::term_sums::MAX_TERMS
                ));
            }
        };
        let walks = match (walks, walk_steps, walk_gap, rounds) {
            (None, None, None, None) => None,
            (Some(walks), Some(steps), Some(gap), Some(rounds)) if walks > 0 && rounds > 0 => {
                Some(WalkSource { walks, steps, gap, rounds })
            }
            _ => {
                return Err(format!(
                    "line {last}: `# walks=`, `# walk_steps=`, `# walk_gap=` and `# rounds=` go together (walks and rounds from 1)"
                ));
            }
        };
        let list = SpanList {
            seed: seed.ok_or_else(|| missing("seed"))?,
            slider: slider.ok_or_else(|| missing("slider"))?,
            square: square.ok_or_else(|| missing("square"))?,
            bits: bits.and_then(|b| u32::try_from(b).ok()).ok_or_else(|| missing("bits"))?,
            candidates: candidates.ok_or_else(|| missing("candidates"))?,
            climb: climb.unwrap_or(0),
            walks,
            sums,
            anneal,
            found,
        };
        if !header {
            return Err(format!("line {last}: no `{COLUMNS}` line"));
        }
        // Climbs from walks: `rounds` per walk ([`super::span::walk_climb_plan`]).
        let climbs = list.walks.map_or(CLIMBS as u64, |source| source.walks.saturating_mul(source.rounds));
        let tried = list.climb.saturating_mul(climbs);
        if let Some(beyond) = list.found.iter().find(|f| f.climb.moves().last().is_some_and(|&last| last > tried)) {
            return Err(format!("climb {} took a move beyond the {tried} its climbs tried", beyond.name()));
        }
        // Walk rows in a list of walks only, each of a walk it climbed from; span candidates
        // in a list of the span stream only.
        if let Some(WalkSource { walks, .. }) = list.walks {
            if list.candidates > 0 {
                return Err("a list of climbs from walks tests no span candidates (`# candidates=0`)".to_owned());
            }
            if let Some(other) = list.found.iter().find(|f| f.walk.is_none() || f.number > walks || f.number == 0) {
                return Err(format!("{} is not a climb from walks 1 to {walks}", other.name()));
            }
        } else if let Some(walked) = list.found.iter().find(|f| f.walk.is_some()) {
            return Err(format!("{} is a climb from a walk in a list without `# walks=`", walked.name()));
        }
        // Term sums in a list of term sums only, which tests no candidate and climbs nothing.
        if let Some(SumSource { terms, quarters, .. }) = list.sums {
            if list.candidates > 0 || list.climb > 0 || list.walks.is_some() {
                return Err(
                    "a list of term sums tests no span candidate and climbs nothing (`# candidates=0`, no `# climb=` or `# walks=`)"
                        .to_owned(),
                );
            }
            if let Some(other) = list.found.iter().find(|f| f.sum.is_none_or(|sum| sum.terms().len() as u64 > terms)) {
                return Err(format!("{} is not a sum of at most {terms} terms", other.name()));
            }
            let fractions = crate::search::term_sums::fractions(quarters);
            if let Some(other) =
                list.found.iter().find(|f| f.sum.is_some_and(|sum| !fractions.contains(&sum.quarters())))
            {
                return Err(format!("{} adds a quarter of a slot in a list without `# quarters=1`", other.name()));
            }
        } else if let Some(summed) = list.found.iter().find(|f| f.sum.is_some()) {
            return Err(format!("{} is a term sum in a list without `# terms=`", summed.name()));
        }
        // Annealed magics in an annealed list only, each of a chain it ran, within its moves,
        // after the magic it started from.
        for annealed in list.found.iter().filter(|f| f.anneal.is_some()) {
            let (Some(source), Some(a)) = (list.anneal, annealed.anneal) else {
                return Err(format!("{} is annealed in a list without `# anneal=`", annealed.name()));
            };
            if a.chain >= source.chains || a.moves > source.moves {
                return Err(format!(
                    "{} lies beyond the {} chains of {} moves the list ran",
                    annealed.name(),
                    source.chains,
                    source.moves
                ));
            }
            if list.start_of(annealed).is_none() {
                return Err(format!("{} anneals no magic of the list", annealed.name()));
            }
        }
        if let Some(beyond) = list.found.iter().find(|f| f.walk.is_none() && f.number > list.candidates) {
            return Err(format!("candidate {} lies beyond the {} candidates tested", beyond.number, list.candidates));
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SpanList {
        SpanList {
            seed: 1,
            slider: Slider::Rook,
            square: "a1".parse().unwrap(),
            bits: 12,
            candidates: 500,
            climb: 1000,
            walks: None,
            sums: None,
            anneal: None,
            found: vec![
                SpanFound {
                    number: 7,
                    walk: None,
                    climb: ClimbPath::default(),
                    magic: 0xFF97_FFCB_FDFB_0004,
                    span: 3432,
                    used: 2560,
                    sum: None,
                    anneal: None,
                },
                SpanFound {
                    number: 7,
                    walk: None,
                    climb: ClimbPath::parse("3.40.999").unwrap(),
                    magic: 0xFF97_FFCB_FDFB_0005,
                    span: 3400,
                    used: 2560,
                    sum: None,
                    anneal: None,
                },
                SpanFound {
                    number: 90,
                    walk: None,
                    climb: ClimbPath::default(),
                    magic: 0x1234,
                    span: 3432,
                    used: 2304,
                    sum: None,
                    anneal: None,
                },
            ],
        }
    }

    #[test]
    fn round_trips_and_picks_the_shortest_then_fewest_used() {
        let list = sample();
        let parsed = SpanList::parse(&list.render()).unwrap();
        assert_eq!(parsed, list);
        // The climb is shortest; without it, the fewest used slots win at equal spans.
        assert_eq!(parsed.best().unwrap().name(), "7+3.40.999");
        let unclimbed =
            SpanList { found: parsed.found.iter().copied().filter(|f| f.climb.is_empty()).collect(), ..parsed };
        assert_eq!(unclimbed.best().unwrap().number, 90);
    }

    /// Each damaged list body, sealed again so that the check behind the checksum speaks, is
    /// refused with an error that says `expected`.
    fn refused<const N: usize>(cases: [(String, &str); N]) {
        for (damaged, expected) in cases {
            let error = SpanList::parse(&crate::text::seal(&damaged)).unwrap_err();
            assert!(error.contains(expected), "{error} / {expected}");
        }
    }

    /// The walk list annealed: two chains' magics after their start.
    fn annealed_sample() -> SpanList {
        let list = walk_sample();
        let start = list.found[1];
        let chain =
            |chain, moves, magic, span| SpanFound { magic, span, anneal: Some(Anneal { chain, moves }), ..start };
        let mut found = list.found.clone();
        found.extend([chain(0, 77, 0x5555, 700), chain(5, 3_000_000, 0x6666, 650)]);
        SpanList { anneal: Some(AnnealSource { moves: 4_000_000, chains: 8 }), found, ..list }
    }

    #[test]
    fn annealed_lists_round_trip_and_refuse_strays() {
        let list = annealed_sample();
        let text = list.render();
        assert!(text.contains("# anneal=4000000\n# chains=8\n"), "{text}");
        assert!(text.contains("walk:12@3071+5.880~5.3000000,0x0000000000006666,650,600"), "{text}");
        let parsed = SpanList::parse(&text).unwrap();
        assert_eq!(parsed, list);
        assert_eq!(parsed.best().unwrap().name(), "walk:12@3071+5.880~5.3000000");
        let body = crate::text::unseal(&text).unwrap().to_owned();
        let row = "walk:12@3071+5.880~5.3000000";
        refused([
            (body.replace("# chains=8\n", ""), "`# anneal=` (1 to 2^36) and `# chains=` (1 to 64) go together"),
            (body.replace("# anneal=4000000\n# chains=8\n", ""), "is annealed in a list without `# anneal=`"),
            (body.replace("# chains=8", "# chains=5"), "lies beyond the 5 chains of 4000000 moves the list ran"),
            (body.replace("# anneal=4000000", "# anneal=2999999"), "lies beyond the 8 chains of 2999999 moves"),
            (body.replace(row, "walk:13@3071+5.880~5.3000000"), "anneals no magic of the list"),
            (body.replace(row, "walk:12@3071+5.880~64.3"), "expected `candidate,magic,span,used`"),
        ]);
    }

    /// A list of climbs from walks.
    fn walk_sample() -> SpanList {
        let climb = ClimbPath::parse("5.880").unwrap();
        let found = |number, walk, magic, span| SpanFound {
            number,
            walk: Some(walk),
            climb,
            magic,
            span,
            used: 600,
            sum: None,
            anneal: None,
        };
        SpanList {
            candidates: 0,
            walks: Some(WalkSource { walks: 64, steps: 100_000, gap: 16, rounds: 2 }),
            found: vec![found(3, 70, 0xABCD, 800), found(12, 3071, 0x1234, 790)],
            ..sample()
        }
    }

    #[test]
    fn walk_lists_round_trip_and_refuse_mixed_rows() {
        let list = walk_sample();
        let text = list.render();
        assert!(text.contains("# walks=64\n# walk_steps=100000\n# walk_gap=16\n# rounds=2\n"), "{text}");
        assert!(text.contains("\nwalk:12@3071+5.880,0x0000000000001234,790,600\n"), "{text}");
        let parsed = SpanList::parse(&text).unwrap();
        assert_eq!(parsed, list);
        assert_eq!(parsed.best().unwrap().name(), "walk:12@3071+5.880");
        let body = crate::text::unseal(&text).unwrap().to_owned();
        let cases = [
            (body.replacen("walk:3@70+5.880", "walk:3@70", 1), "line 13: expected"),
            (
                body.replacen("walk:3@70+5.880", "walk:65@70+5.880", 1),
                "walk:65@70+5.880 is not a climb from walks 1 to 64",
            ),
            (body.replacen("walk:3@70+5.880", "3+5.880", 1), "3+5.880 is not a climb from walks"),
            (body.replacen("# candidates=0", "# candidates=9", 1), "tests no span candidates"),
            (body.replacen("# walk_gap=16\n", "", 1), "go together"),
            (body.replacen("# walks=64", "# walks=0", 1), "go together"),
            (body.replacen("# rounds=2", "# rounds=0", 1), "go together"),
            (body.replacen("+5.880,0x0000000000001234", "+5.128000001,0x0000000000001234", 1), "beyond the 128000"),
        ];
        refused(cases);
        // A walk row in a list of the span stream.
        let mixed = crate::text::unseal(&sample().render()).unwrap().replacen("90,0x", "walk:90@4+7,0x", 1);
        refused([(mixed, "walk:90@4+7 is a climb from a walk in a list without `# walks=`")]);
    }

    /// A list of term sums.
    fn sum_sample() -> SpanList {
        let found = |sum: &str, magic, span| SpanFound {
            number: 0,
            walk: None,
            climb: ClimbPath::default(),
            magic,
            span,
            used: 700,
            sum: Some(sum.parse().unwrap()),
            anneal: None,
        };
        SpanList {
            candidates: 0,
            climb: 0,
            sums: Some(SumSource { terms: 5, bound: 960, quarters: false, parts_done: None }),
            found: vec![found("+1.2+3.13", 0xABCD, 800), found("-1.2+3.13+3.26@half", 0x1234, 790)],
            ..sample()
        }
    }

    #[test]
    fn sum_lists_round_trip_and_refuse_other_rows() {
        let list = sum_sample();
        let text = list.render();
        assert!(text.contains("# candidates=0\n# terms=5\n# bound=960\n"), "{text}");
        assert!(text.contains("\nterms:-1.2+3.13+3.26@half,0x0000000000001234,790,700\n"), "{text}");
        let parsed = SpanList::parse(&text).unwrap();
        assert_eq!(parsed, list);
        assert_eq!(parsed.best().unwrap().name(), "terms:-1.2+3.13+3.26@half");
        let body = crate::text::unseal(&text).unwrap().to_owned();
        let cases = [
            (body.replacen("# terms=5", "# terms=2", 1), "terms:-1.2+3.13+3.26@half is not a sum of at most 2 terms"),
            (body.replacen("# terms=5", "# terms=9", 1), "go together"),
            (body.replacen("# bound=960\n", "", 1), "go together"),
            (body.replacen("# candidates=0", "# candidates=5", 1), "a list of term sums tests no span candidate"),
            (body.replacen("# bound=960\n", "# bound=960\n# climb=4\n", 1), "climbs nothing"),
            (body.replacen("terms:+1.2+3.13,", "terms:+1.2+3.14+1.15,", 1), "line 10: expected"),
            (body.replacen("terms:-1.2+3.13+3.26@half,", "terms:-3.2,", 1), "out of order"),
            (body.replacen("terms:+1.2+3.13,", "5,", 1), "5 is not a sum of at most 5 terms"),
        ];
        refused(cases);
        // Quarters only in a list that says so, and then round trip.
        let quartered = body.replacen("+3.26@half,", "+3.26@3/4,", 1);
        refused([
            (quartered.clone(), "terms:-1.2+3.13+3.26@3/4 adds a quarter of a slot in a list without `# quarters=1`"),
            (body.replacen("# bound=960\n", "# bound=960\n# quarters=2\n", 1), "`# quarters=1` only with them"),
            (body.replacen("# terms=5\n# bound=960\n", "# quarters=1\n", 1), "`# quarters=1` only with them"),
        ]);
        let with_quarters = SpanList {
            sums: Some(SumSource { terms: 5, bound: 960, quarters: true, parts_done: None }),
            found: vec![list.found[0], SpanFound { sum: Some("-1.2+3.13+3.26@1/4".parse().unwrap()), ..list.found[1] }],
            ..list.clone()
        };
        let text = with_quarters.render();
        assert!(text.contains("# bound=960\n# quarters=1\n"), "{text}");
        assert_eq!(SpanList::parse(&text).unwrap(), with_quarters);
        // An unfinished enumeration says how many of its parts it covers, only as a list of sums.
        let unfinished =
            SpanList { sums: Some(SumSource { parts_done: Some(1234), ..list.sums.unwrap() }), ..list.clone() };
        let text = unfinished.render();
        assert!(text.contains("# bound=960\n# parts_done=1234\ncandidate,"), "{text}");
        assert_eq!(SpanList::parse(&text).unwrap(), unfinished);
        let stream = crate::text::unseal(&sample().render()).unwrap().replacen(
            "# candidates=",
            "# parts_done=3\n# candidates=",
            1,
        );
        refused([(stream, "`# parts_done=` too")]);
        // A term sum in a list of the span stream.
        let mixed = crate::text::unseal(&sample().render()).unwrap().replacen("90,0x", "terms:+1.2,0x", 1);
        refused([(mixed, "terms:+1.2 is a term sum in a list without `# terms=`")]);
    }

    #[test]
    fn damaged_lists_are_refused_with_the_line() {
        let sealed = sample().render();
        // Any edit breaks the checksum; a list cut short has none.
        let error = SpanList::parse(&sealed.replacen("90,", "91,", 1)).unwrap_err();
        assert!(error.contains("a line was changed"), "{error}");
        let cut = &sealed[..sealed.rfind("# checksum").unwrap()];
        assert!(SpanList::parse(cut).unwrap_err().contains("cut short"));
        // A damaged line under a matching checksum is still refused, naming its line.
        let text = crate::text::unseal(&sealed).unwrap().to_owned();
        let cases = [
            (text.replacen("# candidates=500\n", "", 1), "no `# candidates=` line"),
            (text.replacen("# seed=1\n", "# seed=1\n# seed=2\n", 1), "line 3: `seed` is given twice (first on line 2)"),
            (text.replacen("# seed=1\n", "# seed=1\n# sed=2\n", 1), "line 3: `sed` is not a setting"),
            (text.replacen("90,", "5,", 1), "candidate 5 is out of order"),
            (text.replacen("90,", "501,", 1), "candidate 501 lies beyond the 500 candidates tested"),
            (text.replacen(",3432,2304", ",x,2304", 1), "line 11: expected"),
            (text.replacen("7+3.40.999", "7+40.3", 1), "line 10: expected"),
            (text.replacen("7+3.40.999", "7+3.40.8001", 1), "climb 7+3.40.8001 took a move beyond the 8000"),
            (text.replacen("7+3.40.999", "6+3", 1), "candidate 6+3 is out of order"),
            (
                text.replacen(
                    "7+3.40.999",
                    &format!("7+{}", (1..=25).map(|m| m.to_string()).collect::<Vec<_>>().join(".")),
                    1,
                ),
                "takes more than 24 moves",
            ),
            (text.replacen("# magic-gen span search", "# other", 1), "line 1: not a span list"),
            (text.replacen("# square=a1", "# square=z9", 1), "line 4: square:"),
        ];
        refused(cases);
    }
}
