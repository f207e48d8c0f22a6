//! Stopping a long run without losing its work: SIGINT (Ctrl-C), SIGTERM (what Slurm and
//! `kill` send at a time limit or preemption) and `--time` all raise one flag that the searches
//! poll; the command then writes what it has (search: the results so far; pack: the checkpoint)
//! and exits 130 (SIGINT) or 143 (SIGTERM), or normally for `--time`.
//!
//! A command that needs time after its search to turn what it has into its output (`pack`:
//! a table from a cut construction, the bishops' compaction) reserves part of `--time` for it
//! ([`Stop::install_reserving`]): the flag is raised that much before the limit, and a second
//! one, the finish flag, which ends that finishing work, just before it (a signal raises both
//! at once). The same timer raises both, so the whole command ends on time.
//!
//! Also: a closed standard output (`magic-gen verify … | head -1`) ends the process quietly by
//! SIGPIPE, as Unix tools do, instead of a panic or an error after the work.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::Failure;

/// Why a run was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `--time` ran out.
    Time,
    /// SIGINT.
    Interrupt,
    /// SIGTERM.
    Terminate,
}

impl Reason {
    /// How a recipe or a message names it.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Time => "time limit",
            Reason::Interrupt => "SIGINT",
            Reason::Terminate => "SIGTERM",
        }
    }

    /// The exit code of a run stopped for this reason, if it is not a normal end: 128 plus the
    /// signal's number, as a shell reports a process a signal ended.
    pub fn exit_code(self) -> Option<u8> {
        match self {
            Reason::Time => None,
            Reason::Interrupt => Some(130),
            Reason::Terminate => Some(143),
        }
    }
}

/// The flag a run polls, the finish flag, and why they were raised.
#[derive(Clone, Debug)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    finish: Arc<AtomicBool>,
    reason: Arc<AtomicUsize>,
    /// When `--time` runs out.
    deadline: Option<Instant>,
    /// When the flag is raised for `--time`: the deadline less the reserve.
    search_end: Option<Instant>,
}

/// How much of `--time` a command keeps for the work after its search ([`Stop::install_reserving`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Reserve {
    /// Seconds for finishing: between the flag and the finish flag.
    pub finishing: f64,
    /// Seconds for writing the output and exiting: between the finish flag and the limit.
    pub writing: f64,
}

const TIME: usize = 1;
const SIGINT: usize = 2;
const SIGTERM: usize = 15;

/// The longest `--time` (and other duration) accepted: a year, in seconds.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// `--time SECONDS`: above 0 and at most a year (not NaN or infinite).
fn check_time(seconds: Option<f64>) -> Result<(), Failure> {
    match seconds {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= MAX_SECONDS) => {
            Err(Failure(format!("--time {t} is out of range: above 0 and at most a year ({MAX_SECONDS})")))
        }
        _ => Ok(()),
    }
}

impl Stop {
    /// A flag that SIGINT and SIGTERM raise from now on, and a timer after `seconds` (checked
    /// by [`check_time`]).
    pub fn install(seconds: Option<f64>) -> Result<Stop, Failure> {
        Stop::install_reserving(seconds, Reserve::default())
    }

    /// [`Stop::install`], with the flag raised `reserve.finishing + reserve.writing` seconds
    /// before the limit (at once if the limit is shorter) and the finish flag
    /// `reserve.writing` seconds before it.
    pub fn install_reserving(seconds: Option<f64>, reserve: Reserve) -> Result<Stop, Failure> {
        check_time(seconds)?;
        let started = Instant::now();
        let deadline = seconds.and_then(|seconds| started.checked_add(Duration::from_secs_f64(seconds)));
        let before = |deadline: Instant, seconds: f64| {
            deadline.checked_sub(Duration::from_secs_f64(seconds.max(0.0))).unwrap_or(started).max(started)
        };
        let search_end = deadline.map(|deadline| before(deadline, reserve.finishing + reserve.writing));
        let stop = Stop {
            flag: Arc::new(AtomicBool::new(false)),
            finish: Arc::new(AtomicBool::new(false)),
            reason: Arc::new(AtomicUsize::new(0)),
            deadline,
            search_end,
        };
        for (signal, code) in [(signal_hook::consts::SIGINT, SIGINT), (signal_hook::consts::SIGTERM, SIGTERM)] {
            // The reason first, then the flags: a poller that sees a flag sees a reason.
            signal_hook::flag::register_usize(signal, Arc::clone(&stop.reason), code)
                .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop.flag)))
                .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop.finish)))
                .map_err(|e| Failure(format!("cannot handle signals: {e}")))?;
        }
        if let (Some(deadline), Some(search_end)) = (deadline, search_end) {
            let finish_end = before(deadline, reserve.writing);
            let timer = stop.clone();
            std::thread::spawn(move || {
                // A signal raises both flags: the timer has nothing left to do.
                if timer.sleep_until(search_end) {
                    let _ = timer.reason.compare_exchange(0, TIME, Ordering::SeqCst, Ordering::SeqCst);
                    timer.flag.store(true, Ordering::SeqCst);
                    if timer.sleep_until(finish_end) {
                        timer.finish.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
        Ok(stop)
    }

    /// Sleeps until `when`; false if the finish flag was raised first.
    fn sleep_until(&self, when: Instant) -> bool {
        loop {
            if self.finish.load(Ordering::Relaxed) {
                return false;
            }
            let now = Instant::now();
            if now >= when {
                return true;
            }
            std::thread::sleep((when - now).min(Duration::from_millis(100)));
        }
    }

    /// The flag, for the library's runs to poll.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// The finish flag: raised `reserve.writing` seconds before the time limit, or by a signal.
    pub fn finish_flag(&self) -> &AtomicBool {
        &self.finish
    }

    /// The time until `--time` runs out, if it was given.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }

    /// The time until `--time` stops the search (the reserve before the limit kept for finishing),
    /// if it was given.
    pub fn search_left(&self) -> Option<Duration> {
        self.search_end.map(|end| end.saturating_duration_since(Instant::now()))
    }

    /// Why the run was asked to stop, if it was.
    pub fn reason(&self) -> Option<Reason> {
        if !self.flag.load(Ordering::SeqCst) {
            return None;
        }
        Some(match self.reason.load(Ordering::SeqCst) {
            SIGINT => Reason::Interrupt,
            SIGTERM => Reason::Terminate,
            _ => Reason::Time,
        })
    }
}

/// Lets SIGPIPE end the process quietly when standard output is closed early, as it does for
/// every Unix tool (Rust programs ignore it by default, and then fail on the next write).
pub fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default disposition at start-up, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
