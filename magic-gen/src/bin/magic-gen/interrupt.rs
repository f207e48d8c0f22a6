//! Stopping a long run without losing its work: SIGINT (Ctrl-C), SIGTERM (what Slurm and
//! `kill` send at a time limit or preemption) and `--time` all raise one flag that the searches
//! poll; the command then writes what it has (search: the results so far; pack: the checkpoint)
//! and exits 130 (SIGINT) or 143 (SIGTERM), or normally for `--time`.
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

/// The flag a run polls, and why it was raised.
#[derive(Clone, Debug)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    reason: Arc<AtomicUsize>,
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
        check_time(seconds)?;
        let stop = Stop { flag: Arc::new(AtomicBool::new(false)), reason: Arc::new(AtomicUsize::new(0)) };
        for (signal, code) in [(signal_hook::consts::SIGINT, SIGINT), (signal_hook::consts::SIGTERM, SIGTERM)] {
            // The reason first, then the flag: a poller that sees the flag sees a reason.
            signal_hook::flag::register_usize(signal, Arc::clone(&stop.reason), code)
                .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop.flag)))
                .map_err(|e| Failure(format!("cannot handle signals: {e}")))?;
        }
        if let Some(seconds) = seconds {
            let deadline = Instant::now().checked_add(Duration::from_secs_f64(seconds));
            let timer = stop.clone();
            if let Some(deadline) = deadline {
                std::thread::spawn(move || {
                    while Instant::now() < deadline {
                        std::thread::sleep((deadline - Instant::now()).min(Duration::from_millis(200)));
                        if timer.flag.load(Ordering::Relaxed) {
                            return;
                        }
                    }
                    let _ = timer.reason.compare_exchange(0, TIME, Ordering::SeqCst, Ordering::SeqCst);
                    timer.flag.store(true, Ordering::SeqCst);
                });
            }
        }
        Ok(stop)
    }

    /// The flag, for the library's runs to poll.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
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
