//! CPU time of the calling thread, for the examples that measure searches.

/// CPU time of this thread in seconds (Linux `schedstat`), or `None` where it cannot be read.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
