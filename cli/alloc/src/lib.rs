//! The one setting the `errdex` command changes in its allocator (mimalloc 2, declared
//! `#[global_allocator]` by the binary): [`tune`]. It is a crate of its own because that
//! setting is a C call, which needs `unsafe`, and the rest of the workspace forbids unsafe
//! code.
//!
//! Why mimalloc at all, and why without transparent huge pages, is told in the binary
//! (`cli/src/main.rs`) and in BENCHMARKS.md.

/// mimalloc 2's `mi_option_purge_delay` (`include/mimalloc.h`, the 16th entry of
/// `mi_option_e`); `libmimalloc-sys` exports only some of the options as constants.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// How long freed memory stays with the process before mimalloc gives it back to the system,
/// in milliseconds; negative: never, until the process ends (mimalloc 2's default is 10).
///
/// A run of `errdex generate` frees the parsed catalogue's trees, then its emitters allocate
/// about as much again for their text. Given back after 10 ms, those pages were faulted in and
/// zeroed a second time, and on a virtual machine whose host reclaims freed memory (free page
/// reporting) each fault is paid on the host too: an edit to one part of a 50,000-code
/// registry then `generate --only rust` took 0.89× the time with 1,000 ms than with 10
/// (108,000 page faults down to 84,000; BENCHMARKS.md, twenty-sixth session).
///
/// Never, rather than after a second, because every errdex command is one process that ends
/// within seconds, and its exit hands everything back at once. With any delay, mimalloc's
/// exit handler (`mi_process_done`, which collects with `force`) gave back every page still
/// waiting for its delay, one `madvise` at a time, on the main thread after the last file
/// was written: `perf` put about 20 ms of a 1.3 s `errdex generate` there at 50,000 codes
/// in 50 parts, and 4–5 `madvise` calls a run became 1 (in wall-clock comparisons, 0.89–1.00×:
/// within their noise; BENCHMARKS.md, thirtieth session). At 266 codes it changed nothing
/// measurable. Long-lived processes would want a delay; errdex has none.
pub const PURGE_DELAY_MS: std::ffi::c_long = -1;

/// Sets the purge delay to [`PURGE_DELAY_MS`], unless the environment sets it
/// (`MIMALLOC_PURGE_DELAY`, or its old name `MIMALLOC_RESET_DELAY`, which mimalloc has already
/// read). Call it first thing in `main`, before any thread starts: mimalloc's options are not
/// synchronised.
pub fn tune() {
    let set = |name: &str| std::env::var_os(name).is_some();
    if set("MIMALLOC_PURGE_DELAY") || set("MIMALLOC_RESET_DELAY") {
        return;
    }
    #[allow(unsafe_code)]
    // SAFETY: `mi_option_set` writes one entry of mimalloc's option table, which is
    // initialised before `main` (mimalloc's constructor reads the environment into it); the
    // option exists in the mimalloc 2 this crate builds (the `v2` feature, checked by the
    // test below), and no other thread is running to read the entry meanwhile.
    unsafe {
        libmimalloc_sys::mi_option_set(PURGE_DELAY, PURGE_DELAY_MS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The delay mimalloc uses now, in milliseconds.
    fn purge_delay_ms() -> std::ffi::c_long {
        #[allow(unsafe_code)]
        // SAFETY: `mi_option_get` reads one entry of the option table (see `tune`).
        unsafe {
            libmimalloc_sys::mi_option_get(PURGE_DELAY)
        }
    }

    /// The option's number is mimalloc 2's `purge_delay` (its default is 10 ms, unless the
    /// environment of the test run sets it), and `tune` sets it.
    #[test]
    fn tune_sets_the_purge_delay() {
        let from_env = std::env::var_os("MIMALLOC_PURGE_DELAY").is_some()
            || std::env::var_os("MIMALLOC_RESET_DELAY").is_some();
        if !from_env {
            assert_eq!(purge_delay_ms(), 10, "not mimalloc 2's purge_delay");
        }
        let before = purge_delay_ms();
        tune();
        let expected = if from_env { before } else { PURGE_DELAY_MS };
        assert_eq!(purge_delay_ms(), expected);
    }
}
