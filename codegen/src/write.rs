//! The one place that touches the file system for outputs: compare, then write atomically.
//!
//! [`generate`] is pure (IR → paths and bytes). [`write_outputs`] replaces each changed file
//! through a temporary file and a rename in the same directory, and leaves unchanged files
//! alone (their mtime kept). [`check`] writes nothing and reports stale files with a diff.
//!
//! Everything but [`write_atomic`] and [`write_if_changed`] (which [`crate::Builder`] uses)
//! needs the `generate` feature.

#[cfg(feature = "generate")]
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
#[cfg(feature = "generate")]
use std::path::PathBuf;

#[cfg(feature = "generate")]
use crate::emit::rust::RustOptions;
#[cfg(feature = "generate")]
use crate::emit::{self, Files, Inputs};
#[cfg(feature = "generate")]
use crate::ir::Catalogue;
#[cfg(feature = "generate")]
use crate::support::raised_at::RaisedAt;
#[cfg(feature = "generate")]
use crate::targets::{OutputKind, Owned, TARGETS, TargetId};

/// Which targets to produce and where each goes, relative to the project root.
#[cfg(feature = "generate")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Where each target writes (a folder, or the Rust module's file); a target left out
    /// is not written. By default every target of [`TARGETS`] at its default path, which
    /// leaves out the Rust module: it is byte for byte what [`crate::Builder`] writes into
    /// `OUT_DIR` for a catalogue named `errors.yaml`, written here only when a project
    /// commits it (`--rust-file`).
    pub outputs: BTreeMap<TargetId, PathBuf>,
    /// Options of the Rust module (as [`crate::Builder::options`]).
    pub rust: RustOptions,
    /// Where each code is raised, listed under it in the docs (`usage.docs`; built from a
    /// scan by the command, see `usage::raised_at`); `None` (the default) lists nothing.
    pub raised_at: Option<RaisedAt>,
}

#[cfg(feature = "generate")]
impl Default for Settings {
    fn default() -> Self {
        Settings {
            outputs: TARGETS
                .iter()
                .filter_map(|t| Some((t.id, PathBuf::from(t.output.default?))))
                .collect(),
            rust: RustOptions::default(),
            raised_at: None,
        }
    }
}

#[cfg(feature = "generate")]
impl Settings {
    /// Where `target` writes, `None` when it is not written.
    pub fn path(&self, target: TargetId) -> Option<&Path> {
        self.outputs.get(&target).map(PathBuf::as_path)
    }
}

#[cfg(feature = "generate")]
/// Generated files: relative path → bytes, in a deterministic order.
pub type Outputs = BTreeMap<PathBuf, Vec<u8>>;

#[cfg(feature = "generate")]
/// Runs the emitter of every target [`Settings::outputs`] names (and of the targets whose
/// files one of them ships, [`crate::targets::Target::ships`]). Pure: same catalogue and
/// settings, same bytes.
///
/// The emitters are independent (each reads the IR, returns its files), so each is a task of
/// the thread pool ([`crate::par::map`]): `errdex generate` runs inside every build, and on a
/// multi-core machine this cuts its wall time. The result is the same map whatever the
/// scheduling.
pub fn generate(cat: &Catalogue, settings: &Settings) -> Outputs {
    let inputs = Inputs {
        rust: settings.rust.clone(),
        raised_at: settings.raised_at.as_ref(),
    };
    let run = emitters(settings);
    let emitted: BTreeMap<TargetId, Files> = run
        .iter()
        .zip(crate::par::map(&run, |&id| emit::emit(id, cat, &inputs)))
        .map(|(&id, files)| (id, files.unwrap_or_else(|e| std::panic::resume_unwind(e))))
        .collect();
    // A text is copied only for a second destination (a shipped file), else moved: at
    // 50,000 codes the outputs weigh hundreds of MiB, and a copy of each doubled the peak
    // memory of `errdex generate`.
    let mut out = Outputs::new();
    for (id, files) in emitted {
        for (rel, text) in files {
            let mut at = destinations(settings, id, &rel);
            let last = at.pop();
            for path in at {
                out.insert(path, text.clone().into_bytes());
            }
            if let Some(path) = last {
                out.insert(path, text.into_bytes());
            }
        }
    }
    out
}

#[cfg(feature = "generate")]
/// The targets whose emitters a run with `settings` needs: those it writes and those whose
/// files one of them ships; in the order they start ([`crate::targets::Target::start`]:
/// the costliest first, one that splits its work last, so that the last to end is short and
/// can be shared).
fn emitters(settings: &Settings) -> Vec<TargetId> {
    let mut run: BTreeSet<TargetId> = settings.outputs.keys().copied().collect();
    for target in settings.outputs.keys() {
        run.extend(target.target().ships.iter().map(|(other, _)| *other));
    }
    let mut run: Vec<TargetId> = run.into_iter().collect();
    run.sort_by_key(|id| id.target().start);
    run
}

#[cfg(feature = "generate")]
/// Where the file `rel` of target `id` goes: under its own output when `settings` writes
/// that target, and under every written target that ships it.
fn destinations(settings: &Settings, id: TargetId, rel: &str) -> Vec<PathBuf> {
    let mut at = Vec::new();
    if let Some(path) = settings.outputs.get(&id) {
        at.push(match id.target().output.kind {
            OutputKind::File => path.clone(),
            OutputKind::Folder => path.join(rel),
        });
    }
    for (&other, path) in &settings.outputs {
        if other
            .target()
            .ships
            .iter()
            .any(|&(t, f)| t == id && f == rel)
        {
            at.push(path.join(rel));
        }
    }
    at
}

#[cfg(feature = "generate")]
/// What [`generate_and_write`] did: the files it wrote or found unchanged, and every path
/// it produced (for [`obsolete`]).
#[derive(Debug, Default)]
pub struct Streamed {
    pub report: WriteReport,
    pub produced: BTreeSet<PathBuf>,
}

#[cfg(feature = "generate")]
/// [`generate`] then [`write_outputs`], without holding every target's text at once: each
/// emitter's files are written under `root` as soon as it returns them, then dropped, and at
/// most [`crate::par::threads`] emitters run at a time. At 50,000 codes the outputs weigh
/// hundreds of MiB; holding them all until the last emitter finished set the peak memory of
/// `errdex generate`. Each file is still replaced atomically and only when its bytes differ,
/// and the bytes are [`generate`]'s (the same emitters and [`destinations`]).
///
/// On a failure the other emitters stop after their current file; `not_attempted` names the
/// outputs (files or folders) of the targets never started and the failing target's files
/// after the one that failed.
pub fn generate_and_write(
    root: &Path,
    cat: &Catalogue,
    settings: &Settings,
) -> Result<Streamed, Box<WriteError>> {
    let written = streamed(root, cat, settings, None::<fn() -> bool>)?;
    Ok(written.unwrap_or_else(|| unreachable!("without a check every output is written")))
}

#[cfg(feature = "generate")]
/// [`generate_and_write`] while `check` runs beside the emitters: `check` on the calling
/// worker of the pool, the emitters on the others (and on that one once `check` returns).
/// No file is written before `check` has returned `true`: an emitter that ends sooner
/// leaves its files to be written then. When it returns `false`, nothing is written
/// (`Ok(None)`), and no emitter starts after that. `errdex generate` checks the rules
/// across entries so ([`crate::catalogue::Deferred`]), which keeps its promise of never a
/// half-written output for a catalogue those rules refuse.
///
/// `check` runs serially: it must not wait on the pool (the emitters never wait on it).
pub fn generate_and_write_checked(
    root: &Path,
    cat: &Catalogue,
    settings: &Settings,
    check: impl FnOnce() -> bool + Send,
) -> Result<Option<Streamed>, Box<WriteError>> {
    streamed(root, cat, settings, Some(check))
}

#[cfg(feature = "generate")]
/// [`generate`] while `check` runs beside it, as [`generate_and_write_checked`]: the
/// outputs only when `check` returns `true`.
pub fn generate_checked(
    cat: &Catalogue,
    settings: &Settings,
    check: impl FnOnce() -> bool + Send,
) -> Option<Outputs> {
    let (ok, outputs) = crate::par::join(check, || generate(cat, settings));
    ok.then_some(outputs)
}

#[cfg(feature = "generate")]
/// [`generate_and_write`], and [`generate_and_write_checked`] when `check` is given.
fn streamed(
    root: &Path,
    cat: &Catalogue,
    settings: &Settings,
    check: Option<impl FnOnce() -> bool + Send>,
) -> Result<Option<Streamed>, Box<WriteError>> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    struct Shared {
        done: Streamed,
        failed: Option<(PathBuf, std::io::Error, Vec<PathBuf>)>,
        /// The files of targets emitted before the check passed and not written, because
        /// a write failed first.
        held_back: Vec<PathBuf>,
    }
    /// Whether files may be written yet.
    enum Gate {
        /// The check is running: each target's files, as its emitter returns them.
        Waiting(Vec<(TargetId, Files)>),
        /// The check passed, or there is none.
        Open,
        /// The check failed: nothing is written.
        Shut,
    }
    let inputs = Inputs {
        rust: settings.rust.clone(),
        raised_at: settings.raised_at.as_ref(),
    };
    let run = emitters(settings);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let shared = Mutex::new(Shared {
        done: Streamed::default(),
        failed: None,
        held_back: Vec::new(),
    });
    let gate = Mutex::new(match check {
        Some(_) => Gate::Waiting(Vec::new()),
        None => Gate::Open,
    });
    let lock = || {
        shared
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let lock_gate = || {
        gate.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    // Writes one target's files; `false` once a write has failed (here or elsewhere).
    let write_target = |id: TargetId, files: Files| -> bool {
        let all: Vec<PathBuf> = files
            .iter()
            .flat_map(|(rel, _)| destinations(settings, id, rel))
            .collect();
        let mut i = 0;
        for (rel, text) in files {
            for at in destinations(settings, id, &rel) {
                i += 1;
                let result = write_file(root, &at, text.as_bytes());
                let mut s = lock();
                match result {
                    Ok(written) => {
                        let list = if written {
                            &mut s.done.report.written
                        } else {
                            &mut s.done.report.unchanged
                        };
                        list.push(at.clone());
                        s.done.produced.insert(at);
                    }
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        if s.failed.is_none() {
                            s.failed = Some((at, error, all[i..].to_vec()));
                        }
                        return false;
                    }
                }
            }
            if stop.load(Ordering::Relaxed) {
                return false;
            }
        }
        true
    };
    let work = || {
        while !stop.load(Ordering::Relaxed) {
            let Some(&id) = run.get(next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let files = emit::emit(id, cat, &inputs);
            match &mut *lock_gate() {
                Gate::Open => {}
                Gate::Waiting(held) => {
                    held.push((id, files));
                    continue;
                }
                Gate::Shut => return,
            }
            if !write_target(id, files) {
                return;
            }
        }
    };
    let workers = crate::par::threads().min(run.len()).max(1);
    let passed = match check {
        None => {
            crate::par::workers(workers, work);
            true
        }
        Some(check) => {
            let settle = || {
                let ok = check();
                let before =
                    std::mem::replace(&mut *lock_gate(), if ok { Gate::Open } else { Gate::Shut });
                if !ok {
                    stop.store(true, Ordering::Relaxed);
                    return false;
                }
                let Gate::Waiting(held) = before else {
                    return true;
                };
                let mut held = held.into_iter();
                for (id, files) in held.by_ref() {
                    if !write_target(id, files) {
                        break;
                    }
                }
                let rest: Vec<PathBuf> = held
                    .flat_map(|(id, files)| {
                        files
                            .iter()
                            .flat_map(|(rel, _)| destinations(settings, id, rel))
                            .collect::<Vec<_>>()
                    })
                    .collect();
                lock().held_back.extend(rest);
                true
            };
            crate::par::join(settle, || crate::par::workers(workers, work)).0
        }
    };
    let Shared {
        mut done,
        failed,
        held_back,
    } = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if !passed {
        return Ok(None);
    }
    done.report.written.sort();
    done.report.unchanged.sort();
    match failed {
        None => Ok(Some(done)),
        Some((failed, error, mut not_attempted)) => {
            not_attempted.extend(held_back);
            let started = next.load(Ordering::Relaxed).min(run.len());
            for id in &run[started..] {
                not_attempted.extend(settings.outputs.get(id).cloned());
            }
            Err(Box::new(WriteError {
                report: done.report,
                failed,
                error,
                not_attempted,
            }))
        }
    }
}

#[cfg(feature = "generate")]
/// What a write did, file by file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    pub written: Vec<PathBuf>,
    pub unchanged: Vec<PathBuf>,
}

#[cfg(feature = "generate")]
/// A write that failed part-way: which files were updated before the failure, which one
/// failed and why, and which were not attempted.
#[derive(Debug)]
pub struct WriteError {
    pub report: WriteReport,
    pub failed: PathBuf,
    pub error: std::io::Error,
    pub not_attempted: Vec<PathBuf>,
}

#[cfg(feature = "generate")]
/// Writes every output under `root`, skipping files whose bytes are already right.
pub fn write_outputs(root: &Path, outputs: &Outputs) -> Result<WriteReport, Box<WriteError>> {
    let mut report = WriteReport::default();
    let paths: Vec<&PathBuf> = outputs.keys().collect();
    for (i, (rel, bytes)) in outputs.iter().enumerate() {
        match write_file(root, rel, bytes) {
            Ok(false) => report.unchanged.push(rel.clone()),
            Ok(true) => report.written.push(rel.clone()),
            Err(error) => {
                return Err(Box::new(WriteError {
                    report,
                    failed: rel.clone(),
                    error,
                    not_attempted: paths[i + 1..].iter().map(|p| (*p).clone()).collect(),
                }));
            }
        }
    }
    Ok(report)
}

#[cfg(feature = "generate")]
/// Writes `root/rel` unless its bytes are already right; `true` when it wrote.
fn write_file(root: &Path, rel: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    write_if_changed(&root.join(rel), bytes)
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

#[cfg(feature = "generate")]
/// A committed output that differs from what the catalogue generates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stale {
    pub path: PathBuf,
    /// Unified diff, committed (`a/`) → generated (`b/`); the whole file when it is missing.
    pub diff: String,
}

#[cfg(feature = "generate")]
/// Files that an earlier `errdex generate` of this catalogue wrote and that it no longer
/// produces — the page of a removed namespace, say — relative to `root`, sorted.
///
/// Only files errdex owns are considered: they sit where the enabled targets write, as each
/// target's [`crate::targets::Target::owns`] says (the TypeScript and schema directories,
/// not their subdirectories, so a `node_modules` is never looked at; the docs' `book.toml`
/// and `src/` tree, not mdBook's `book/` output), and carry this catalogue's `@generated by
/// errdex from <catalogue>` header in their first KiB. A file a user wrote never has that
/// header, so it is never touched. `produced` says whether this run produces a path (the
/// keys of [`generate`]'s outputs, or [`Streamed::produced`]).
pub fn obsolete(
    root: &Path,
    settings: &Settings,
    produced: impl Fn(&Path) -> bool,
    source_name: &str,
) -> Vec<PathBuf> {
    let marker = crate::support::header::header_text(source_name);
    let mut candidates: Vec<PathBuf> = Vec::new();
    for (&id, dir) in &settings.outputs {
        match id.target().owns {
            Owned::File => {}
            Owned::Files => list_files(root, dir, false, &mut candidates),
            Owned::FilesAndPackages => {
                // The package directory's files too (one level down), never a virtual
                // environment.
                list_files(root, dir, false, &mut candidates);
                if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
                    for e in entries.flatten() {
                        let name = e.file_name();
                        let hidden = name.to_string_lossy().starts_with('.');
                        if !hidden && e.file_type().is_ok_and(|t| t.is_dir()) {
                            list_files(root, &dir.join(&name), false, &mut candidates);
                        }
                    }
                }
            }
            Owned::Book { files, tree } => {
                candidates.extend(files.iter().map(|f| dir.join(f)));
                list_files(root, &dir.join(tree), true, &mut candidates);
            }
        }
    }
    let mut found: Vec<PathBuf> = candidates
        .into_iter()
        .filter(|rel| !produced(rel))
        .filter(|rel| has_marker(&root.join(rel), &marker))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[cfg(feature = "generate")]
/// Appends the files under `root/dir` (relative to `root`; hidden entries skipped).
fn list_files(root: &Path, dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&d)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            if name.to_string_lossy().starts_with('.') {
                continue;
            }
            let rel = d.join(&name);
            match e.file_type() {
                Ok(t) if t.is_dir() && recursive => stack.push(rel),
                Ok(t) if t.is_file() => out.push(rel),
                _ => {}
            }
        }
    }
}

#[cfg(feature = "generate")]
/// `true` when the first KiB of `path` contains `marker`.
fn has_marker(path: &Path, marker: &str) -> bool {
    use std::io::Read as _;
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(1024);
    if f.take(1024).read_to_end(&mut head).is_err() {
        return false;
    }
    let marker = marker.as_bytes();
    head.windows(marker.len()).any(|w| w == marker)
}

#[cfg(feature = "generate")]
/// Removes the [`obsolete`] files; stops at the first failure (the path and the error).
pub fn remove_obsolete(root: &Path, obsolete: &[PathBuf]) -> Result<(), (PathBuf, std::io::Error)> {
    for rel in obsolete {
        std::fs::remove_file(root.join(rel)).map_err(|e| (rel.clone(), e))?;
    }
    Ok(())
}

#[cfg(feature = "generate")]
/// An obsolete file as a [`Stale`] entry: its diff deletes the whole file.
pub fn stale_obsolete(root: &Path, rel: &Path) -> Stale {
    let old = std::fs::read(root.join(rel)).unwrap_or_default();
    stale_entry(rel, &old, b"", "/dev/null")
}

#[cfg(feature = "generate")]
/// A stale file with its unified diff, committed (`a/`) → `new` (under `new_header`).
fn stale_entry(rel: &Path, old: &[u8], new: &[u8], new_header: &str) -> Stale {
    let name = rel.display().to_string();
    let diff = similar::TextDiff::from_lines(
        String::from_utf8_lossy(old).as_ref(),
        String::from_utf8_lossy(new).as_ref(),
    )
    .unified_diff()
    .context_radius(3)
    .header(&format!("a/{name}"), new_header)
    .to_string();
    Stale {
        path: rel.to_path_buf(),
        diff,
    }
}

#[cfg(feature = "generate")]
/// Compares outputs with the files under `root`; writes nothing.
pub fn check(root: &Path, outputs: &Outputs) -> Vec<Stale> {
    let mut stale = Vec::new();
    for (rel, bytes) in outputs {
        let old = std::fs::read(root.join(rel)).ok();
        if old.as_deref() == Some(bytes.as_slice()) {
            continue;
        }
        let new_header = format!("b/{}", rel.display());
        stale.push(stale_entry(
            rel,
            old.as_deref().unwrap_or_default(),
            bytes,
            &new_header,
        ));
    }
    stale
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test's failure is its panic, as in `cli/tests`
mod tests {
    use super::write_if_changed;

    /// Every target is run once, in the order of `Target::start` (each rank once), and the
    /// one started last splits its work, so that the worker left without a target shares it.
    #[cfg(feature = "generate")]
    #[test]
    fn targets_start_costliest_first_and_end_with_one_that_splits() {
        let mut settings = super::Settings::default();
        settings
            .outputs
            .insert(super::TargetId::Rust, "errors.rs".into());
        let run = super::emitters(&settings);
        assert_eq!(run.len(), super::TARGETS.len());
        let starts: Vec<u8> = run.iter().map(|id| id.target().start).collect();
        let expected: Vec<u8> = (0..super::TARGETS.len() as u8).collect();
        assert_eq!(starts, expected, "each rank once, in order");
        assert_eq!(run[0], super::TargetId::Rust);
        assert!(run.last().unwrap().target().splits);
    }

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
