//! How many threads errdex's own work may use on this machine.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

/// The machine's available parallelism, read once (it reads cgroup files on Linux).
pub(crate) fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// `f` of every item, in order: the first on this thread, each other on a scoped thread of
/// its own (or on this thread when no thread can be had). A panic on another thread comes
/// back as that item's `Err`, for the caller to resume or to treat as a failure.
pub(crate) fn map<I: Sync, T: Send>(
    items: &[I],
    f: impl Fn(&I) -> T + Sync,
) -> Vec<std::thread::Result<T>> {
    let Some((first, rest)) = items.split_first() else {
        return Vec::new();
    };
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = rest
            .iter()
            .map(|item| {
                std::thread::Builder::new()
                    .spawn_scoped(s, move || f(item))
                    .map_err(|_| item)
            })
            .collect();
        let mut out = Vec::with_capacity(items.len());
        out.push(Ok(f(first)));
        out.extend(handles.into_iter().map(|h| match h {
            Ok(h) => h.join(),
            Err(item) => Ok(f(item)),
        }));
        out
    })
}
