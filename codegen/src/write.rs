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
use std::io::Write as _;
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
/// The emitters are independent (each reads the IR, returns its files), so all but one run
/// on scoped threads while this thread runs the last: `errdex generate` runs inside every
/// build, and on a multi-core machine this cuts its wall time. The result is the same map
/// whatever the scheduling.
pub fn generate(cat: &Catalogue, settings: &Settings) -> Outputs {
    let inputs = Inputs {
        rust: settings.rust.clone(),
        raised_at: settings.raised_at.as_ref(),
    };
    let mut run: BTreeSet<TargetId> = settings.outputs.keys().copied().collect();
    for target in settings.outputs.keys() {
        run.extend(target.target().ships.iter().map(|(other, _)| *other));
    }
    let run: Vec<TargetId> = run.into_iter().collect();
    let emitted: BTreeMap<TargetId, Files> = std::thread::scope(|scope| {
        let inputs = &inputs;
        let (last, rest) = match run.split_last() {
            Some((last, rest)) => (Some(*last), rest),
            None => (None, &[][..]),
        };
        // A thread that cannot be started (a sandbox's thread limit) is no error: that
        // emitter then runs on this thread.
        let handles: Vec<_> = rest
            .iter()
            .map(|&id| {
                let job = move || emit::emit(id, cat, inputs);
                (
                    id,
                    std::thread::Builder::new().spawn_scoped(scope, job).ok(),
                )
            })
            .collect();
        let mut emitted: BTreeMap<TargetId, Files> = last
            .map(|id| (id, emit::emit(id, cat, inputs)))
            .into_iter()
            .collect();
        for (id, handle) in handles {
            let files = match handle {
                Some(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                None => emit::emit(id, cat, inputs),
            };
            emitted.insert(id, files);
        }
        emitted
    });
    // Shipped files are copied first, so that every emitted text can then be moved into the
    // map: at 50,000 codes the outputs weigh hundreds of MiB, and a copy of each doubled
    // the peak memory of `errdex generate`.
    let mut out = Outputs::new();
    for (&id, path) in &settings.outputs {
        for (other, file) in id.target().ships {
            let shipped = emitted
                .get(other)
                .into_iter()
                .flatten()
                .filter(|(rel, _)| rel == file);
            for (rel, text) in shipped {
                out.insert(path.join(rel), text.clone().into_bytes());
            }
        }
    }
    for (id, files) in emitted {
        let Some(path) = settings.outputs.get(&id) else {
            continue;
        };
        for (rel, text) in files {
            let at = match id.target().output.kind {
                OutputKind::File => path.clone(),
                OutputKind::Folder => path.join(&rel),
            };
            out.insert(at, text.into_bytes());
        }
    }
    out
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
        let path = root.join(rel);
        if std::fs::read(&path).is_ok_and(|old| old == *bytes) {
            report.unchanged.push(rel.clone());
            continue;
        }
        if let Err(error) = write_atomic(&path, bytes) {
            return Err(Box::new(WriteError {
                report,
                failed: rel.clone(),
                error,
                not_attempted: paths[i + 1..].iter().map(|p| (*p).clone()).collect(),
            }));
        }
        report.written.push(rel.clone());
    }
    Ok(report)
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
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.errdex-tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes only when the bytes differ (for `build.rs`: keeps mtimes, avoids rebuilds).
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> std::io::Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    write_atomic(path, bytes)?;
    Ok(true)
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
/// header, so it is never touched.
pub fn obsolete(
    root: &Path,
    settings: &Settings,
    outputs: &Outputs,
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
        .filter(|rel| !outputs.contains_key(rel))
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
