//! How many threads errdex's own work may use on this machine.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

/// The machine's available parallelism, read once (it reads cgroup files on Linux).
pub(crate) fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// `f` of every item, in order, each on a scoped thread of its own while this thread only
/// waits (or on this thread, after the others, when no thread can be had; a single item
/// runs here). A panic on another thread comes back as that item's `Err`, for the caller to
/// resume or to treat as a failure.
///
/// This thread does none of the work itself, on purpose, and neither does `write`'s pool of
/// emitter workers: a thread spawned by a thread that goes on computing starts late. Linux queues it on its parent's CPU, and an idle CPU takes it
/// only at the next load balance, up to a scheduler tick later; a thread spawned by one
/// that then blocks in `join` runs on the idle CPU at once. On this 2-vCPU machine, two
/// 3 ms jobs took 4.9 ms when the parent did one itself (the other started 1.9 ms late),
/// and 3.2 ms on two spawned threads (BENCHMARKS.md, eleventh session). The one exception
/// is the Rust emitter's data thread: it starts while the other emitter worker keeps the
/// second CPU busy, and putting its sibling part on a thread too measured slower.
pub(crate) fn map<I: Sync, T: Send>(
    items: &[I],
    f: impl Fn(&I) -> T + Sync,
) -> Vec<std::thread::Result<T>> {
    if items.len() < 2 {
        return items.iter().map(|item| Ok(f(item))).collect();
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .iter()
            .map(|item| {
                std::thread::Builder::new()
                    .spawn_scoped(s, move || f(item))
                    .map_err(|_| item)
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join(),
                Err(item) => Ok(f(item)),
            })
            .collect()
    })
}
