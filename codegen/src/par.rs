//! errdex's threads: one pool of workers, one per core, for every parallel stage (the
//! chunked parse, the parts' parses, each entry's checks, the emitters and their halves).
//!
//! One pool rather than threads of each stage's own, for two measured reasons (BENCHMARKS.md,
//! twelfth session):
//! - **Memory.** mimalloc gives each thread its own heap in a segment of its own, whose
//!   first pages a new thread faults in, zeroed. Threads spawned per stage came to 8 a run
//!   at 266 codes (with transparent huge pages, which the CLI asked for then, 14 huge pages
//!   zeroed); the pool's workers keep their heaps from stage to stage (11).
//! - **Start-up.** A thread spawned by a thread that goes on computing starts late: Linux
//!   queues it on its parent's CPU until the next load balance (1.9 ms median on this VM;
//!   BENCHMARKS.md, eleventh session). The pool's workers are spawned once, by a thread that
//!   then waits in [`rayon::ThreadPool::install`], and every stage after that only wakes them.
//!
//! The calling thread never does a stage's work itself: it hands the whole stage to the pool
//! and waits. The `errdex` command goes further and runs its whole body on a worker
//! ([`run`]), so the serial steps between stages use a worker's heap too. Inside the pool,
//! rayon's work stealing runs nested parallelism (an emitter's own halves) on whichever
//! worker is free, and in line when none is, so the machine is never oversubscribed. When the pool cannot be built (a sandbox's thread limit) or the machine has
//! one core, everything runs on the calling thread, in order: the same results.

use std::num::NonZeroUsize;
use std::sync::OnceLock;

/// The machine's available parallelism, read once (it reads cgroup files on Linux).
pub(crate) fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// The pool, built on first use; `None` with one core, or when no thread can be started.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        (threads() > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads())
                    .thread_name(|i| format!("errdex-{i}"))
                    .build()
                    .ok()
            })
            .flatten()
    })
    .as_ref()
}

/// Builds the pool now and has each worker set up its heap, without waiting for them: a
/// command calls this first thing, so that the workers are up by the first parallel stage
/// while the command ([`run`] on one of them) parses its arguments and reads the catalogue.
pub fn start() {
    if let Some(pool) = pool() {
        pool.spawn_broadcast(|_| drop(std::hint::black_box(Vec::<u8>::with_capacity(64))));
    }
}

/// `f` on a worker of the pool while this thread waits (on this thread without a pool). A
/// command runs its whole body so, arguments parsed and catalogue checked included: the
/// calling thread then allocates next to nothing, and every stage draws on the workers'
/// heaps, which the parse and the emitters warm anyway, instead of a third heap faulting in
/// fresh pages of its own on the critical path (at 266 codes, with the huge pages of then, two 2 MiB pages zeroed while
/// clap built the command and the checks ran; BENCHMARKS.md, fourteenth session). Nested
/// stages run as they would from any worker: on this one and on whichever is free. A panic
/// in `f` is resumed here.
pub fn run<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match pool() {
        Some(pool) => pool.install(f),
        None => f(),
    }
}

/// `f` on a worker of the pool, some time later, without waiting for it (on this thread, now,
/// without a pool). For work nothing waits on, such as freeing a parsed tree: it leaves the
/// critical path, and a process that ends first simply never runs it.
pub(crate) fn detach(f: impl FnOnce() + Send + 'static) {
    match pool() {
        Some(pool) => pool.spawn(f),
        None => f(),
    }
}

/// `f` of every item, in order, each item a task of the pool while this thread waits (one
/// item runs here). A panic in `f` comes back as that item's `Err`, for the caller to
/// resume or to treat as a failure.
pub(crate) fn map<I: Sync, T: Send>(
    items: &[I],
    f: impl Fn(&I) -> T + Sync,
) -> Vec<std::thread::Result<T>> {
    use rayon::prelude::*;
    let one = |item: &I| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(item)));
    match pool() {
        Some(pool) if items.len() > 1 => {
            pool.install(|| items.par_iter().with_max_len(1).map(one).collect())
        }
        _ => items.iter().map(one).collect(),
    }
}

/// `f` of every item, in order, each pair split between two vectors, the items shared
/// among the pool's workers as each is free (at least `min_len` items a task). Each result is
/// written in place, at its index: no worker's results are appended to another's afterwards
/// (at 50,000 entries that copy, into pages touched for the first time, was 50 ms of one
/// worker). A panic in `f` is resumed here. Without a pool, in order on this thread.
pub(crate) fn map_unzip<I: Sync, A: Send, B: Send>(
    items: &[I],
    min_len: usize,
    f: impl Fn(&I) -> (A, B) + Sync + Send,
) -> (Vec<A>, Vec<B>) {
    use rayon::prelude::*;
    match pool() {
        Some(pool) if items.len() > 1 => pool.install(|| {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            items
                .par_iter()
                .with_min_len(min_len.max(1))
                .map(f)
                .unzip_into_vecs(&mut a, &mut b);
            (a, b)
        }),
        _ => items.iter().map(f).unzip(),
    }
}

/// `a()` and `b()`, on two workers of the pool when one is free (else one after the other).
/// An emitter splits its largest files so: when it is the last to run, the worker that has
/// finished the others takes the second half instead of waiting.
#[cfg(any(feature = "rust", feature = "typescript", feature = "python"))]
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    match pool() {
        Some(pool) => pool.install(|| rayon::join(a, b)),
        None => (a(), b()),
    }
}

/// `work` on `n` tasks of the pool at once (each typically takes jobs from a shared queue
/// until it is empty), returning when all have; on this thread, once, without a pool.
#[cfg(feature = "generate")]
pub(crate) fn workers(n: usize, work: impl Fn() + Sync) {
    match pool() {
        Some(pool) if n > 1 => pool.install(|| {
            rayon::scope(|scope| {
                for _ in 0..n {
                    scope.spawn(|_| work());
                }
            })
        }),
        _ => work(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn map_keeps_the_order_and_returns_each_panic_as_its_item() {
        let items: Vec<u32> = (0..20).collect();
        let out = super::map(&items, |&i| {
            assert!(i != 7, "seven");
            i * 2
        });
        for (i, r) in out.into_iter().enumerate() {
            match r {
                Ok(v) => assert_eq!(v, 2 * i as u32),
                Err(_) => assert_eq!(i, 7),
            }
        }
    }

    #[test]
    fn detach_runs_the_work_without_being_waited_for() {
        let (tx, rx) = std::sync::mpsc::channel();
        super::detach(move || tx.send(7).expect("the test waits for it"));
        assert_eq!(rx.recv_timeout(std::time::Duration::from_secs(10)), Ok(7));
    }

    #[cfg(feature = "generate")]
    #[test]
    fn workers_run_every_task() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let ran = AtomicUsize::new(0);
        super::workers(3, || {
            ran.fetch_add(1, Ordering::Relaxed);
        });
        let expected = if super::threads() > 1 { 3 } else { 1 };
        assert_eq!(ran.load(Ordering::Relaxed), expected);
    }

    #[cfg(any(feature = "rust", feature = "typescript", feature = "python"))]
    #[test]
    fn join_returns_both_halves() {
        assert_eq!(super::join(|| 1, || "two"), (1, "two"));
    }
}
