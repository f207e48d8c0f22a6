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

use std::fmt::Write as _;

use crate::reference::ReferenceSet;
use crate::text::quote_prefix;
use magic_tables_core::{Slider, Square};

use super::span::{CLIMBS, KEEP, SpanFound, SpanSearch};
use super::square::CandidateTester;
use crate::search::climb_stream::{ClimbPath, MAX_MOVES};

/// The first line of a span list.
pub const TITLE: &str = "# magic-gen span search";

/// The column header of the found roots.
const COLUMNS: &str = "candidate,magic,span,used";

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
    /// The valid ones among them of shortest span ([`SpanFound::merit`]), in increasing order.
    pub found: Vec<SpanFound>,
}

impl SpanList {
    /// The magic a packing takes: the best merit (shortest span, then fewest used slots, then
    /// the first candidate).
    pub fn best(&self) -> Option<SpanFound> {
        self.found.iter().copied().min_by_key(SpanFound::merit)
    }

    /// The search these candidates come from.
    pub fn search(&self, references: &ReferenceSet) -> Result<SpanSearch, String> {
        SpanSearch::new(references.get(self.slider, self.square), self.bits)
    }

    /// Re-derives the listed candidate `found` and compares: an error names the square, the
    /// candidate and both magics.
    pub fn check_found(&self, search: &SpanSearch, found: &SpanFound) -> Result<(), String> {
        let derived = search.derive(self.seed, found.number, &found.climb, &mut CandidateTester::default());
        if derived != Some(*found) {
            let derived =
                derived.map_or("no valid climb".to_owned(), |d| format!("{:#018X} (span {})", d.magic, d.span));
            return Err(format!(
                "{} {}: candidate {} of the span search is {derived}, not the listed {:#018X} (span {}, {} used)",
                self.slider,
                self.square,
                found.name(),
                found.magic,
                found.span,
                found.used
            ));
        }
        Ok(())
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
        let mut settings: [Option<u64>; 4] = [None; 4];
        let (mut slider, mut square) = (None, None);
        const NUMBERS: [&str; 4] = ["seed", "bits", "candidates", "climb"];
        let mut found: Vec<SpanFound> = Vec::new();
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
                            .ok_or_else(|| at(format!("`{}` is not a setting or is given twice", quote_prefix(key))))?;
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
                    let (number, climb) = match fields[0].split_once('+') {
                        Some((number, path)) => (number, ClimbPath::parse(path).ok()?),
                        None => (fields[0], ClimbPath::default()),
                    };
                    Some(SpanFound {
                        number: number.parse().ok()?,
                        climb,
                        magic: u64::from_str_radix(hex, 16).ok()?,
                        span: fields[2].parse().ok()?,
                        used: fields[3].parse().ok()?,
                    })
                })
                .flatten()
                .ok_or_else(|| {
                    at(format!(
                        "expected `{COLUMNS}` (a number or a climb N+a.b.c of at most {MAX_MOVES} increasing moves, a 0x magic, two numbers)"
                    ))
                })?;
            if found.last().is_some_and(|previous| previous.list_order() >= parsed.list_order()) || parsed.number == 0 {
                return Err(at(format!("candidate {} is out of order (they increase from 1)", parsed.name())));
            }
            let climbed = found.iter().filter(|f| !f.climb.is_empty()).count();
            if found.len() - climbed == KEEP && parsed.climb.is_empty() {
                return Err(at(format!("more than {KEEP} candidates")));
            }
            if climbed == CLIMBS && !parsed.climb.is_empty() {
                return Err(at(format!("more than {CLIMBS} climbs")));
            }
            found.push(parsed);
        }
        let missing = |what: &str| format!("line {last}: no `# {what}=` line");
        let [seed, bits, candidates, climb] = settings;
        let list = SpanList {
            seed: seed.ok_or_else(|| missing("seed"))?,
            slider: slider.ok_or_else(|| missing("slider"))?,
            square: square.ok_or_else(|| missing("square"))?,
            bits: bits.and_then(|b| u32::try_from(b).ok()).ok_or_else(|| missing("bits"))?,
            candidates: candidates.ok_or_else(|| missing("candidates"))?,
            climb: climb.unwrap_or(0),
            found,
        };
        if !header {
            return Err(format!("line {last}: no `{COLUMNS}` line"));
        }
        let tried = list.climb.saturating_mul(CLIMBS as u64);
        if let Some(beyond) = list.found.iter().find(|f| f.climb.moves().last().is_some_and(|&last| last > tried)) {
            return Err(format!("climb {} took a move beyond the {tried} its climbs tried", beyond.name()));
        }
        if let Some(beyond) = list.found.iter().find(|f| f.number > list.candidates) {
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
            found: vec![
                SpanFound {
                    number: 7,
                    climb: ClimbPath::default(),
                    magic: 0xFF97_FFCB_FDFB_0004,
                    span: 3432,
                    used: 2560,
                },
                SpanFound {
                    number: 7,
                    climb: ClimbPath::parse("3.40.999").unwrap(),
                    magic: 0xFF97_FFCB_FDFB_0005,
                    span: 3400,
                    used: 2560,
                },
                SpanFound { number: 90, climb: ClimbPath::default(), magic: 0x1234, span: 3432, used: 2304 },
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
            (
                text.replacen("# seed=1\n", "# seed=1\n# seed=2\n", 1),
                "line 3: `seed` is not a setting or is given twice",
            ),
            (text.replacen("90,", "5,", 1), "candidate 5 is out of order"),
            (text.replacen("90,", "501,", 1), "candidate 501 lies beyond the 500 candidates tested"),
            (text.replacen(",3432,2304", ",x,2304", 1), "line 11: expected"),
            (text.replacen("7+3.40.999", "7+40.3", 1), "line 10: expected"),
            (text.replacen("7+3.40.999", "7+3.40.8001", 1), "climb 7+3.40.8001 took a move beyond the 8000"),
            (text.replacen("7+3.40.999", "6+3", 1), "candidate 6+3 is out of order"),
            (text.replacen("# magic-gen span search", "# other", 1), "line 1: not a span list"),
            (text.replacen("# square=a1", "# square=z9", 1), "line 4: square:"),
        ];
        for (damaged, expected) in cases {
            let error = SpanList::parse(&crate::text::seal(&damaged)).unwrap_err();
            assert!(error.contains(expected), "{error} / {expected}");
        }
    }
}
