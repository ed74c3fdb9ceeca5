//! Transparent huge pages while the catalogue is small.
//!
//! mimalloc asks the kernel for transparent huge pages (THP) on its segments, so a run of a
//! few thousand codes faults its heap in as a handful of 2 MiB pages instead of thousands of
//! 4 KiB ones: at 266 codes, `generate` took about 320 page faults instead of about 2,700,
//! and 0.82–0.93× the time (BENCHMARKS.md, twelfth session). A registry near the format's limit
//! gains nothing from them and pays in memory, so once the catalogue text read in this
//! process passes [`HUGE_PAGES_UP_TO`] bytes, THP is turned off for the rest of it
//! (`prctl(PR_SET_THP_DISABLE)`, which the kernel applies to every later fault, whatever
//! mimalloc advised). Pages already faulted in stay as they are.
//!
//! The CLI counts what it reads: the root file, then each part, through [`catalogue_files`].

use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};

use errdex_codegen::catalogue::Files;

/// The catalogue text (root and parts, in bytes) up to which a run keeps transparent huge
/// pages: 4 MiB, about 16,000 codes of `cargo xtask scale`'s shape. At 10,000 codes (2.3
/// MiB) they still took a tenth off `generate` and left `lint` as it was.
pub const HUGE_PAGES_UP_TO: usize = 4 << 20;

/// Catalogue bytes read so far by this process.
static READ: AtomicUsize = AtomicUsize::new(0);

/// Counts `bytes` more of catalogue text; the call that takes the total past
/// [`HUGE_PAGES_UP_TO`] turns transparent huge pages off.
pub fn read(bytes: usize) {
    if crosses(&READ, bytes) {
        huge_pages_off();
    }
}

/// Adds `bytes` to `total`; whether this addition took it past [`HUGE_PAGES_UP_TO`].
fn crosses(total: &AtomicUsize, bytes: usize) -> bool {
    let before = total.fetch_add(bytes, Ordering::Relaxed);
    before <= HUGE_PAGES_UP_TO && before.saturating_add(bytes) > HUGE_PAGES_UP_TO
}

/// Turns transparent huge pages off for the rest of the process. A kernel that refuses (no
/// THP, or not Linux) leaves the pages as they are: only the time differs, never a result.
fn huge_pages_off() {
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}

/// The reader of a catalogue's parts, counting what it reads (see [`read`]), after
/// counting the root's `root` bytes.
pub fn catalogue_files<F: Files + 'static>(root: &[u8], files: F) -> Box<dyn Files> {
    read(root.len());
    Box::new(Counted(files))
}

/// A part reader that counts what it reads (see [`read`]).
struct Counted<F>(F);

impl<F: Files> Files for Counted<F> {
    fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        let bytes = self.0.read(path)?;
        read(bytes.len());
        Ok(bytes)
    }

    fn is_dir(&self, path: &str) -> bool {
        self.0.is_dir(path)
    }

    fn list(&self, dir: &str) -> io::Result<Vec<String>> {
        self.0.list(dir)
    }

    fn escapes(&self, path: &str) -> Option<String> {
        self.0.escapes(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_read_that_passes_the_limit_turns_them_off() {
        let total = AtomicUsize::new(0);
        assert!(!crosses(&total, 1000));
        assert!(
            !crosses(&total, HUGE_PAGES_UP_TO - 1000),
            "at the limit, not past it"
        );
        assert!(crosses(&total, 1));
        assert!(!crosses(&total, HUGE_PAGES_UP_TO), "once only");
        let big = AtomicUsize::new(0);
        assert!(crosses(&big, HUGE_PAGES_UP_TO + 1), "one large file");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn turning_them_off_is_what_the_kernel_then_reports() {
        match rustix::thread::transparent_huge_pages_are_disabled() {
            Err(e) => println!("skipped: this kernel does not report the THP flag ({e})"),
            Ok(true) => println!("skipped: THP was already off for this process (inherited)"),
            Ok(false) => {
                huge_pages_off();
                assert_eq!(
                    rustix::thread::transparent_huge_pages_are_disabled(),
                    Ok(true)
                );
            }
        }
    }
}
