//! How many threads errdex's own work may use on this machine.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

/// The machine's available parallelism, read once (it reads cgroup files on Linux).
pub(crate) fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}
