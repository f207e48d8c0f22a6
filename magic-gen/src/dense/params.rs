//! The packer's parameters: all counts, so that a run is reproduced by its parameters, its seed
//! and its iteration budget, whatever the machine.

/// Search parameters (all part of the result's identity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Pool size per square (candidates with the fewest used slots).
    pub pool: usize,
    /// Valid candidates wanted per square before the greedy construction places it.
    pub init_valid: usize,
    /// Candidates drawn at most per square in the construction (more if none is valid yet).
    pub init_draws: u64,
    /// Fresh candidates drawn per sink move.
    pub fresh: u64,
    /// One iteration in this many is a kick.
    pub kick_every: u64,
    /// Squares taken out by a kick, at most.
    pub kick_size: u64,
    /// A kick that keeps the table end is kept if the sum of tops grows by at most this.
    pub kick_slack: usize,
    /// A kick takes out every square crossing `slot ..= slot + w`, `w` uniform in `0..=kick_window`.
    pub kick_window: usize,
    /// Every this many iterations, a rebuild move (0: never).
    pub rebuild_every: u64,
    /// Weight of a used slot against a slot of height when choosing a placement: a placement's
    /// score is `top + lambda * used`.
    pub lambda: usize,
    /// Valid-space walks per square (`magic-gen/src/dense/walk.rs`), whose candidates join its pool for the
    /// whole run (0: none).
    pub walks: usize,
    /// Moves per walk.
    pub walk_steps: u64,
    /// A walk scores a magic's span less its free runs of at least this many slots: such runs
    /// are room for other squares' clusters, as in the published fixed-shift tables, whose rooks
    /// sit in two or three clusters far apart (0: the whole span counts).
    pub walk_gap: usize,
    /// Pools keep the candidates that keep the fewest slots from other squares: their span
    /// less its free runs of at least this many slots (ties: fewer used slots), instead of
    /// those with the fewest used slots (0). A corner rook of the published fixed-shift table
    /// uses more slots than ours but leaves its holes in runs of hundreds, which others fill.
    pub pool_gap: usize,
    /// With a pool gap: a placement is charged for its blocked slots rather than its used ones
    /// (`top + lambda · blocked`), so a square takes the candidate that leaves the most room
    /// for others.
    pub score_blocked: bool,
    /// With blocked-slot scoring: sixteenths of a slot charged per used slot on top of the
    /// blocked ones, in pools and placements (`top + lambda · (blocked + used · w / 16)`; 0:
    /// used slots only break ties). Blocked slots alone prefer a magic whose used slots fill
    /// its span; this also rewards constructive collisions, the slots the magic saves.
    pub used_weight: usize,
    /// The run's member of a portfolio (`pack --shard I/N`): it keys the iterations' decisions
    /// (member 0: the plain run), not the candidate streams or the walks.
    pub member: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            pool: 48,
            init_valid: 400,
            init_draws: 2_000_000,
            fresh: 4096,
            kick_every: 4,
            kick_size: 6,
            kick_slack: 0,
            kick_window: 0,
            rebuild_every: 1000,
            lambda: 8,
            walks: 0,
            walk_steps: 0,
            walk_gap: 0,
            pool_gap: 0,
            score_blocked: false,
            used_weight: 0,
            member: 0,
        }
    }
}

impl Params {
    /// Checks that the parameters make a search that can run: at least one pool entry, fresh
    /// candidate and kick period, a pool of at most 65,536, a used-slot weight of at most 2^20
    /// (scores stay far from overflow), kicks of at most the 128 squares
    /// (more could never be found) and windows inside the largest table packed.
    pub fn check(&self) -> Result<(), String> {
        if self.pool == 0 || self.fresh == 0 || self.kick_every == 0 || self.pool > 1 << 16 {
            return Err("--set pool (1 to 65536), fresh and kick-every must be at least 1".to_owned());
        }
        if self.lambda > 1 << 20 {
            return Err(format!("--set lambda={} is out of range: 0 to 1048576", self.lambda));
        }
        if self.walks > 1024 || self.walk_steps > 1 << 40 || (self.walks > 0) != (self.walk_steps > 0) {
            return Err(format!(
                "--set walks={} and walk-steps={} are out of range: both 0, or 1 to 1024 walks of 1 to 2^40 moves",
                self.walks, self.walk_steps
            ));
        }
        if self.walk_gap > 0 && (self.walks == 0 || self.walk_gap > 4096) {
            return Err(format!(
                "--set walk-gap={} needs walks and is out of range: 1 to 4096 slots (the largest index range)",
                self.walk_gap
            ));
        }
        if self.score_blocked && self.pool_gap == 0 {
            return Err("--set score-blocked=1 needs pool-gap (the runs that count as room for others)".to_owned());
        }
        if self.used_weight > 0 && !self.score_blocked {
            return Err("--set used-weight needs score-blocked=1 (it weighs used slots beside blocked ones)".to_owned());
        }
        if self.used_weight > 256 {
            return Err(format!(
                "--set used-weight={} is out of range: 0 to 256 sixteenths of a slot",
                self.used_weight
            ));
        }
        if self.pool_gap > 4096 {
            return Err(format!(
                "--set pool-gap={} is out of range: 0 to 4096 slots (the largest index range)",
                self.pool_gap
            ));
        }
        if self.kick_size > 128 {
            return Err(format!(
                "--set kick-size={} is out of range: 0 to 128 (the squares of a table)",
                self.kick_size
            ));
        }
        if self.kick_window > super::board::CAPACITY {
            return Err(format!(
                "--set kick-window={} is out of range: 0 to {} (the largest table packed)",
                self.kick_window,
                super::board::CAPACITY
            ));
        }
        Ok(())
    }
}
