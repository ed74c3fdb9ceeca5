//! The one place that touches the file system for outputs: compare, then write atomically.
//!
//! [`generate`] is pure (IR → paths and bytes). [`write_outputs`] replaces each changed file
//! through a temporary file and a rename in the same directory, and leaves unchanged files
//! alone (their mtime kept). [`check`] writes nothing and reports stale files with a diff.
//!
//! The files themselves are replaced by [`crate::files`]. Everything here needs the
//! `generate` feature.

#[cfg(feature = "generate")]
use std::collections::{BTreeMap, BTreeSet};
#[cfg(feature = "generate")]
use std::path::{Path, PathBuf};

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
    crate::files::write_if_changed(&root.join(rel), bytes)
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
}
