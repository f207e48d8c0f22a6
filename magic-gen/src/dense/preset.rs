//! Named settings of the packer (`pack --preset`), and the one way to change a single setting
//! (`pack --set KEY=VALUE`): what the shipped recipes were made with, so that a short command
//! reproduces them and a user's command starts from what made the records.
//!
//! Every setting is a count or a switch, part of the run's identity like the seed: a recipe's
//! `# command=` names its preset and every setting that differs from it, in the order of
//! [`KEYS`], so the same settings always give the same command.

use crate::layout::Layout;
use crate::recipe::PackedStream;

use super::params::Params;

/// A named set of packer settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The shipped dense tables' settings (the black table, 84,907 entries, adds `used-weight=8`
    /// and is member 3 of a portfolio of 8, `--shard 3/8`; the fixed-shift table runs 919,481
    /// iterations as they are, 87,967 entries, then resumes them so, 87,289): few-term stream,
    /// 256 walks of 100,000 moves per square that count free runs of 16 slots or more as room,
    /// pools and placements ranked by blocked slots, restarts every 100,000 iterations, bishops
    /// compacted.
    Record,
    /// The earlier black table's settings (90,647 entries): as `record`, but walks score a
    /// magic's whole span, and pools and placements count used slots.
    Span,
    /// The first packer's original settings (dense stream, no walks, no restarts), kept so that
    /// its runs can be repeated. No shipped recipe uses it: the black-variable chain packs with
    /// `record` and `walks=64`.
    Classic,
}

/// What `magic-gen pack --layout LAYOUT` starts from when no `--preset` is given: the `record`
/// preset with what measured best for the layout in a ten-minute run (`DENSE_PACKING.md`, "The
/// defaults"): for `black`, `used-weight=8`; for the others `record` as it is. A run that resumes
/// a recipe starts from `record` (the layout it names is the recipe's).
pub fn layout_default(layout: Layout) -> Settings {
    let mut settings = Preset::Record.settings();
    if layout == Layout::Black {
        settings.params.used_weight = 8;
    }
    settings
}

/// The default iteration budget of every preset: large enough that `--time` is what usually
/// ends a run (the shipped commands name their own budgets).
pub const DEFAULT_ITERATIONS: u64 = 1_000_000;

/// What a preset fixes besides the seed, the layout and the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The frozen candidate stream the squares draw from.
    pub stream: PackedStream,
    /// The packer's parameters.
    pub params: Params,
    /// Restart from the best placement every this many iterations (0: never).
    pub restart_every: u64,
    /// Re-place the bishops among the first this many candidates at the end (0: do not).
    pub compact_bishops: u64,
}

/// The keys of `--set`, in the order a command names them.
pub const KEYS: [&str; 18] = [
    "stream",
    "pool",
    "fresh",
    "init-valid",
    "init-draws",
    "kick-every",
    "kick-size",
    "kick-window",
    "rebuild-every",
    "lambda",
    "walks",
    "walk-steps",
    "walk-gap",
    "pool-gap",
    "score-blocked",
    "used-weight",
    "restart-every",
    "compact-bishops",
];

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 3] = [Preset::Record, Preset::Span, Preset::Classic];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Record => "record",
            Preset::Span => "span",
            Preset::Classic => "classic",
        }
    }

    /// The preset named `name`.
    pub fn parse(name: &str) -> Result<Preset, String> {
        Preset::ALL.into_iter().find(|preset| preset.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
            format!("unknown preset `{}`: {}", crate::text::quote_prefix(name), names.join(", "))
        })
    }

    /// Its settings.
    pub fn settings(self) -> Settings {
        let classic =
            Settings { stream: PackedStream::Dense, params: Params::default(), restart_every: 0, compact_bishops: 0 };
        let span = Settings {
            stream: PackedStream::FewTerm,
            params: Params {
                pool: 300,
                init_valid: 2000,
                kick_every: 2,
                kick_window: 4000,
                rebuild_every: 0,
                walks: 256,
                walk_steps: 100_000,
                ..Params::default()
            },
            restart_every: 100_000,
            compact_bishops: 2_000_000,
        };
        match self {
            Preset::Classic => classic,
            Preset::Span => span,
            Preset::Record => {
                Settings { params: Params { walk_gap: 16, pool_gap: 16, score_blocked: true, ..span.params }, ..span }
            }
        }
    }
}

impl Settings {
    /// Sets `key` (one of [`KEYS`]) to `value`; an error names the key and what it takes.
    /// Ranges are checked with the whole set ([`Params::check`]).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("--set {key}={}: not a whole number", crate::text::quote_prefix(value)))
        };
        let size = || -> Result<usize, String> {
            usize::try_from(number()?).map_err(|_| format!("--set {key}={value}: out of range"))
        };
        let p = &mut self.params;
        match key {
            "stream" => {
                self.stream = match value {
                    "dense" => PackedStream::Dense,
                    "few-term" => PackedStream::FewTerm,
                    _ => return Err(format!("--set stream={}: dense or few-term", crate::text::quote_prefix(value))),
                }
            }
            "pool" => p.pool = size()?,
            "fresh" => p.fresh = number()?,
            "init-valid" => p.init_valid = size()?,
            "init-draws" => p.init_draws = number()?,
            "kick-every" => p.kick_every = number()?,
            "kick-size" => p.kick_size = number()?,
            "kick-window" => p.kick_window = size()?,
            "rebuild-every" => p.rebuild_every = number()?,
            "lambda" => p.lambda = size()?,
            "walks" => p.walks = size()?,
            "walk-steps" => p.walk_steps = number()?,
            "walk-gap" => p.walk_gap = size()?,
            "pool-gap" => p.pool_gap = size()?,
            "score-blocked" => {
                p.score_blocked = match value {
                    "0" | "false" => false,
                    "1" | "true" => true,
                    _ => return Err(format!("--set score-blocked={}: 0 or 1", crate::text::quote_prefix(value))),
                }
            }
            "used-weight" => p.used_weight = size()?,
            "restart-every" => self.restart_every = number()?,
            "compact-bishops" => {
                let draws = number()?;
                if draws > 1 << 32 {
                    return Err(format!("--set compact-bishops={draws}: 0 (off) to 4294967296 candidates"));
                }
                self.compact_bishops = draws;
            }
            _ => {
                return Err(format!(
                    "--set {}: unknown key; the keys are {}",
                    crate::text::quote_prefix(key),
                    KEYS.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The value of `key` (one of [`KEYS`]) as `--set` takes it.
    pub fn get(&self, key: &str) -> String {
        let p = &self.params;
        match key {
            "stream" => self.stream.name().to_owned(),
            "pool" => p.pool.to_string(),
            "fresh" => p.fresh.to_string(),
            "init-valid" => p.init_valid.to_string(),
            "init-draws" => p.init_draws.to_string(),
            "kick-every" => p.kick_every.to_string(),
            "kick-size" => p.kick_size.to_string(),
            "kick-window" => p.kick_window.to_string(),
            "rebuild-every" => p.rebuild_every.to_string(),
            "lambda" => p.lambda.to_string(),
            "walks" => p.walks.to_string(),
            "walk-steps" => p.walk_steps.to_string(),
            "walk-gap" => p.walk_gap.to_string(),
            "pool-gap" => p.pool_gap.to_string(),
            "score-blocked" => u8::from(p.score_blocked).to_string(),
            "used-weight" => p.used_weight.to_string(),
            "restart-every" => self.restart_every.to_string(),
            "compact-bishops" => self.compact_bishops.to_string(),
            _ => unreachable!("not a key: {key}"),
        }
    }

    /// `KEY=VALUE` for every key whose value differs from `base`'s, in the order of [`KEYS`].
    pub fn differences(&self, base: &Settings) -> Vec<String> {
        KEYS.iter().filter(|key| self.get(key) != base.get(key)).map(|key| format!("{key}={}", self.get(key))).collect()
    }

    /// The preset and `--set` changes that give these settings, as a command names them:
    /// `--preset P` (left out when `default`, what the command means without one, needs no more
    /// changes than any preset) and `--set KEY=VALUE` for each difference, against whichever
    /// needs the fewest. So a recorded command means the same settings whatever a later default.
    pub fn command_words(&self, default: &Settings) -> Vec<String> {
        let (preset, differences) = [(None, self.differences(default))]
            .into_iter()
            .chain(Preset::ALL.into_iter().map(|preset| (Some(preset), self.differences(&preset.settings()))))
            .min_by_key(|(_, differences)| differences.len())
            .expect("there are presets");
        let mut words = Vec::new();
        if let Some(preset) = preset {
            words.push(format!("--preset {}", preset.name()));
        }
        words.extend(differences.into_iter().map(|d| format!("--set {d}")));
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The presets are the settings the shipped recipes were made with, flag for flag (their
    /// earlier commands spelled them out).
    #[test]
    fn presets_are_the_shipped_settings() {
        let record = Preset::Record.settings();
        let p = &record.params;
        assert_eq!(record.stream, PackedStream::FewTerm);
        assert_eq!((p.pool, p.fresh, p.init_valid, p.init_draws), (300, 4096, 2000, 2_000_000));
        assert_eq!((p.kick_every, p.kick_size, p.kick_window, p.rebuild_every, p.lambda), (2, 6, 4000, 0, 8));
        assert_eq!((p.walks, p.walk_steps, p.walk_gap, p.pool_gap, p.score_blocked), (256, 100_000, 16, 16, true));
        assert_eq!((record.restart_every, record.compact_bishops), (100_000, 2_000_000));
        let span = Preset::Span.settings();
        assert_eq!(span.differences(&record), ["walk-gap=0", "pool-gap=0", "score-blocked=0"]);
        let classic = Preset::Classic.settings();
        assert_eq!(classic.params, Params::default());
        assert_eq!((classic.stream, classic.restart_every, classic.compact_bishops), (PackedStream::Dense, 0, 0));
        for preset in Preset::ALL {
            preset.settings().params.check().unwrap();
            assert_eq!(Preset::parse(preset.name()), Ok(preset));
        }
    }

    /// Every key reads back what it set, and a command names the fewest changes.
    #[test]
    fn settings_round_trip_through_their_keys() {
        let mut settings = Preset::Record.settings();
        for (key, value) in [("pool", "7"), ("stream", "dense"), ("score-blocked", "0"), ("compact-bishops", "0")] {
            settings.set(key, value).unwrap();
            assert_eq!(settings.get(key), value);
        }
        let record = Preset::Record.settings();
        assert_eq!(
            settings.command_words(&record),
            ["--set stream=dense", "--set pool=7", "--set score-blocked=0", "--set compact-bishops=0"]
        );
        let mut again = Preset::Record.settings();
        for key in KEYS {
            again.set(key, &settings.get(key)).unwrap();
        }
        assert_eq!(again, settings);
        assert_eq!(Preset::Span.settings().command_words(&record), ["--preset span"]);
        assert!(record.command_words(&record).is_empty());
        let mut classic = Preset::Classic.settings();
        classic.set("pool", "200").unwrap();
        assert_eq!(classic.command_words(&record), ["--preset classic", "--set pool=200"]);
        // Against black's default, `record` itself is named, and the default is not.
        let black = layout_default(Layout::Black);
        assert_eq!(record.command_words(&black), ["--preset record"]);
        assert!(black.command_words(&black).is_empty());
        assert_eq!(black.command_words(&record), ["--set used-weight=8"]);
        assert_eq!(layout_default(Layout::FixedShift), record);
        assert_eq!(layout_default(Layout::BlackVariable), record);
    }

    #[test]
    fn bad_settings_are_named() {
        let mut settings = Preset::Record.settings();
        for (key, value, message) in [
            ("pools", "1", "unknown key"),
            ("pool", "x", "not a whole number"),
            ("stream", "compact", "dense or few-term"),
            ("score-blocked", "yes", "0 or 1"),
            ("compact-bishops", "99999999999", "4294967296"),
        ] {
            let error = settings.set(key, value).unwrap_err();
            assert!(error.contains(message), "{key}={value}: {error}");
        }
        assert!(Preset::parse("fast").unwrap_err().contains("record, span, classic"));
    }
}
