//! Paths and the replacement of files: what every stage that reads or writes files shares,
//! below them all (the catalogue's cache, [`crate::write`], the build script's `Builder`).

use std::path::{Component, Path, PathBuf};

/// `a/b/../c` → `a/c`, without touching the file system (so that the same file reached
/// through two spellings is one link of a cycle, and a git revision's tree works too).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(c),
            },
            _ => out.push(c),
        }
    }
    out.iter().collect()
}

/// Replaces `path` with `bytes` through a temporary file in the same directory.
///
/// The rename makes the replacement atomic for every reader: a file is either its old bytes
/// or its new ones, never a part. The file is not `fsync`ed: that guards only against a
/// power loss between the write and the kernel's own flush, which a regenerated file does not
/// need (`errdex generate --check` finds such a file, and the next run rewrites it), and it
/// cost most of a small catalogue's `errdex generate` (one disk flush per file: the 34 files
/// of errdex's own catalogue took 165–248 ms to write with a flush each on the shared
/// development machine, 16–39 ms without; the whole run's CPU time is about 36 ms).
/// cargo's and prost-build's writers do not sync either.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace(path, bytes, false)
}

/// Writes only when the bytes differ (for `build.rs`: keeps mtimes, avoids rebuilds).
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    match holds(path, bytes) {
        Held::Same => Ok(false),
        Held::Other => replace(path, bytes, true).map(|()| true),
        Held::Nothing => replace(path, bytes, false).map(|()| true),
    }
}

/// [`write_atomic`]; `swap` when a regular file is known to be at `path`.
///
/// With `swap`, on Linux, the new file takes the old one's place by `renameat2`'s
/// `RENAME_EXCHANGE` (still atomic for readers), and the old file, now under the temporary
/// name, is then removed. A plain rename over an existing file costs more on ext4: the
/// kernel starts writing the new file out at once (`auto_da_alloc`), so when the next run
/// replaces it, freeing its blocks waits on the disk (with the `discard` mount option, a
/// synchronous discard per file, which `perf` showed as the one place a regeneration after
/// an edit waited: 8 files of the 266-code catalogue, about 1.7 ms). An exchanged file stays
/// in the page cache until the kernel's own flush, like a new one. The price is ext4's
/// rename heuristic for a power loss within that flush's delay, which, as above, a
/// regenerated file does not need. A file system without the exchange gets the rename.
fn replace(path: &Path, bytes: &[u8], swap: bool) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.errdex-tmp-{}", std::process::id()));
    let result = (|| {
        // The folder is made only when the file cannot be created without it: most files
        // go into a folder that exists, where `create_dir_all` would cost two system calls.
        let mut f = match std::fs::File::create(&tmp) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(dir)?;
                std::fs::File::create(&tmp)?
            }
            other => other?,
        };
        write_in_pieces(&mut f, bytes)?;
        drop(f);
        if swap && exchange(&tmp, path) {
            return std::fs::remove_file(&tmp);
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// How much of a file one `write` hands the kernel: see [`write_in_pieces`].
pub const PIECE: usize = 64 * 1024;

/// Writes `bytes` to `f` in pieces of [`PIECE`] bytes, not in one call.
///
/// On Linux since 6.x, ext4 caches a file in folios as large as the `write` that fills them
/// allows: one call with a 20 MiB buffer fills the page cache with 2 MiB folios. On a virtual
/// machine whose guest hands free memory back to the host (free page reporting, which works
/// in 2 MiB blocks), those are exactly the blocks the host has taken back, and every page of
/// them is faulted in again on the host as it is copied into. Writing 200 MiB into new files
/// after a 2.5 s pause took 640–810 ms of system time in one call per 20 MiB file, and
/// 60–76 ms in calls of 64 KiB (BENCHMARKS.md, thirtieth session). `errdex generate` at
/// 50,000 codes writes 196 MiB: in pieces, it took 0.86–0.95× the time. The calls cost
/// nothing worth counting (3,000 for 196 MiB); a file is still replaced atomically, since it
/// is written under a temporary name.
pub fn write_in_pieces(f: &mut impl std::io::Write, bytes: &[u8]) -> std::io::Result<()> {
    for piece in bytes.chunks(PIECE) {
        f.write_all(piece)?;
    }
    Ok(())
}

/// Swaps the files at `a` and `b` atomically; false where that cannot be done.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> bool {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> bool {
    false
}

/// What [`holds`] found at a path.
#[derive(Debug, PartialEq, Eq)]
enum Held {
    /// A regular file with exactly the bytes.
    Same,
    /// A regular file with other bytes.
    Other,
    /// No regular file that could be read (none, a folder, an error).
    Nothing,
}

/// What the file at `path` holds against `bytes`. Its length is asked first (an edited
/// output usually changes size); then it is read in pieces into one buffer on the stack
/// and held against `bytes` piece by piece. Reading each old file whole, as before, took a
/// fresh allocation the size of every output on each run: at 266 codes a sixth of the
/// page faults of a regeneration after an edit. Any error reading means "differs": the
/// file is written again.
fn holds(path: &Path, bytes: &[u8]) -> Held {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Held::Nothing;
    };
    match file.metadata() {
        Ok(m) if m.is_file() && m.len() == bytes.len() as u64 => {}
        Ok(m) if m.is_file() => return Held::Other,
        _ => return Held::Nothing,
    }
    let mut buf = [0u8; 64 * 1024];
    let mut rest = bytes;
    loop {
        match file.read(&mut buf) {
            Ok(0) if rest.is_empty() => return Held::Same,
            Ok(n) => match rest.split_at_checked(n) {
                Some((head, tail)) if n > 0 && head == &buf[..n] => rest = tail,
                _ => return Held::Other,
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Held::Other,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test's failure is its panic, as in `cli/tests`
mod tests {
    use super::write_if_changed;

    /// A file goes to the kernel in calls of at most `PIECE` bytes, which together are the
    /// file: the first and last pieces, a file of exactly one piece, and an empty one.
    #[test]
    fn writes_in_pieces_that_make_up_the_file() {
        struct Calls(Vec<Vec<u8>>);
        impl std::io::Write for Calls {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.push(buf.to_vec());
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        for len in [0, 1, super::PIECE, super::PIECE + 1, 3 * super::PIECE + 7] {
            let bytes: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            let mut calls = Calls(Vec::new());
            super::write_in_pieces(&mut calls, &bytes).unwrap();
            assert!(
                calls
                    .0
                    .iter()
                    .all(|c| !c.is_empty() && c.len() <= super::PIECE)
            );
            assert_eq!(calls.0.len(), len.div_ceil(super::PIECE), "{len} bytes");
            assert_eq!(calls.0.concat(), bytes, "{len} bytes");
        }
    }

    /// `write_if_changed` against files that hold the same bytes, or differ only in their
    /// last piece (beyond the first 64 KiB buffer), in length, or are no file at all.
    #[test]
    fn rewrites_exactly_the_files_that_differ() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        let big: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();

        // Missing: written.
        assert!(write_if_changed(&path, &big).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), big);
        // The same bytes: left alone.
        assert!(!write_if_changed(&path, &big).unwrap());

        // Same length, one byte changed in the last piece: written.
        let mut last = big.clone();
        *last.last_mut().unwrap() = b'!';
        assert!(write_if_changed(&path, &last).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), last);
        // One byte changed in the first piece.
        let mut first = last.clone();
        first[0] = b'?';
        assert!(write_if_changed(&path, &first).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), first);

        // Shorter, longer, empty.
        for bytes in [&first[..first.len() - 1], &big[..], &[][..]] {
            assert!(write_if_changed(&path, bytes).unwrap());
            assert_eq!(std::fs::read(&path).unwrap(), bytes);
            assert!(!write_if_changed(&path, bytes).unwrap());
        }

        // A folder where the file should be: never "the same"; the write fails, and the
        // folder stays a folder (it is never swapped for the file).
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        assert!(write_if_changed(&folder, b"").is_err());
        assert!(folder.is_dir());

        // A replaced file leaves nothing behind: the old file, swapped to the temporary
        // name, is removed; a new inode holds the new bytes.
        let names = || {
            let mut v: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names(), ["folder", "out.txt"]);
        assert!(write_if_changed(&path, b"new").unwrap());
        assert_eq!(names(), ["folder", "out.txt"]);
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }

    /// A reader that opened the old file keeps reading the old bytes whole after the
    /// replacement (the swap gives the path a new file; it never rewrites the old one).
    #[test]
    fn a_reader_of_the_old_file_keeps_its_bytes() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        assert!(write_if_changed(&path, b"old bytes").unwrap());
        let mut reader = std::fs::File::open(&path).unwrap();
        assert!(write_if_changed(&path, b"new bytes, longer").unwrap());
        let mut seen = String::new();
        reader.read_to_string(&mut seen).unwrap();
        assert_eq!(seen, "old bytes");
        assert_eq!(std::fs::read(&path).unwrap(), b"new bytes, longer");
    }
}
