//! What every test binary of the workspace shares, whatever it tests: tools from outside Rust
//! ([`tool`]; Go's in [`go`]) and golden files ([`golden`]). `codegen/tests/*.rs` declare `mod testkit;`;
//! `cli/tests/*.rs` reach the same files with
//! `#[path = "../../codegen/tests/testkit/mod.rs"] mod testkit;`.

#![allow(dead_code)]

pub mod go;
pub mod golden;
pub mod rng;
pub mod tool;
pub mod trees;

use std::path::{Path, PathBuf};

/// The repository's root: the parent of the including crate (`codegen/`, `cli/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the repository")
        .to_path_buf()
}

/// `f` of every item, the items shared among one thread per core (at most four) as each is
/// free; returns when all are done. For checks that run an outside tool once per case (a `go
/// build`, a `tsc`): most of each run is the tool starting, and one after another they left a
/// core idle. A panic in `f` (a failed check) is resumed here, once every thread has stopped.
pub fn each_on_cores<T: Sync>(items: &[T], f: impl Fn(&T) + Sync) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let failures: Vec<_> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                        f(item);
                    }
                })
            })
            .collect();
        threads.into_iter().filter_map(|t| t.join().err()).collect()
    });
    if let Some(panic) = failures.into_iter().next() {
        std::panic::resume_unwind(panic);
    }
}
