//! The one place that touches the file system for outputs: compare, then write atomically.
//!
//! [`generate`] is pure (IR → paths and bytes). [`write_outputs`] replaces each changed file
//! through a temporary file and a rename in the same directory, and leaves unchanged files
//! alone (their mtime kept). [`check`] writes nothing and reports stale files with a diff.
//!
//! Everything but [`write_atomic`] and [`write_if_changed`] (which [`crate::Builder`] uses)
//! needs the `generate` feature.

#[cfg(feature = "generate")]
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;
#[cfg(feature = "generate")]
use std::path::PathBuf;

#[cfg(feature = "generate")]
use crate::catalogue::format::output_defaults;
#[cfg(feature = "generate")]
use crate::emit;
#[cfg(feature = "generate")]
use crate::emit::rust::RustOptions;
#[cfg(feature = "generate")]
use crate::ir::Catalogue;
#[cfg(feature = "generate")]
use crate::names;
#[cfg(feature = "generate")]
use crate::support::raised_at::RaisedAt;

/// Where each target goes, relative to the project root, and which targets to produce.
#[cfg(feature = "generate")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub docs_dir: PathBuf,
    pub ts_dir: PathBuf,
    pub schema_dir: PathBuf,
    pub python_dir: PathBuf,
    pub docs: bool,
    pub typescript: bool,
    pub schema: bool,
    /// The Rust module, byte for byte what [`crate::Builder`] writes into `OUT_DIR` for a
    /// catalogue named `errors.yaml` (the header names the catalogue by
    /// [`Catalogue::source_name`]); off (`None`) by default.
    pub rust_file: Option<PathBuf>,
    /// Options of the Rust module (as [`crate::Builder::options`]).
    pub rust: RustOptions,
    pub python: bool,
    /// Where each code is raised, listed under it in the docs (`usage.docs`; built from a
    /// scan by the command, see `usage::raised_at`); `None` (the default) lists nothing.
    pub raised_at: Option<RaisedAt>,
}

#[cfg(feature = "generate")]
impl Default for Settings {
    fn default() -> Self {
        Settings {
            docs_dir: PathBuf::from(output_defaults::DOCS_DIR),
            ts_dir: PathBuf::from(output_defaults::TS_DIR),
            schema_dir: PathBuf::from(output_defaults::SCHEMA_DIR),
            python_dir: PathBuf::from(output_defaults::PYTHON_DIR),
            docs: true,
            typescript: true,
            schema: true,
            rust_file: None,
            rust: RustOptions::default(),
            python: true,
            raised_at: None,
        }
    }
}

#[cfg(feature = "generate")]
/// Generated files: relative path → bytes, in a deterministic order.
pub type Outputs = BTreeMap<PathBuf, Vec<u8>>;

#[cfg(feature = "generate")]
/// Runs every enabled emitter. Pure: same catalogue and settings, same bytes.
///
/// The emitters are independent (each reads the IR, returns its files), so the docs and the
/// TypeScript module are emitted on scoped threads while this thread emits the schemas:
/// `errdex generate` runs inside every build, and on a multi-core machine this cuts its wall
/// time. The result is the same map whatever the scheduling.
pub fn generate(cat: &Catalogue, settings: &Settings) -> Outputs {
    type Files = Vec<(String, String)>;
    /// An emitter running on its own thread, or the emitter itself when no thread started.
    type Job<'s> = Result<std::thread::ScopedJoinHandle<'s, Files>, fn(&Catalogue) -> Files>;
    let (docs, ts, schema, python) = std::thread::scope(|scope| {
        // A thread that cannot be started (a sandbox's thread limit) is no error: that
        // emitter then runs on this thread.
        let start = |on: bool, f: fn(&Catalogue) -> Files| {
            on.then(|| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || f(cat))
                    .map_err(|_| f)
            })
        };
        // The docs take a second input (where codes are raised), so they run in a
        // closure of their own.
        let raised = settings.raised_at.as_ref();
        let docs = settings.docs.then(|| {
            let f = move || emit::markdown::emit_with(cat, raised);
            std::thread::Builder::new().spawn_scoped(scope, f).map_err(|_| f)
        });
        let ts = start(settings.typescript, emit::typescript::emit);
        let python = start(settings.python, emit::python::emit);
        // The npm package ships the wire schema too, so the schema target runs for it.
        let schema = (settings.schema || settings.typescript).then(|| emit::json_schema::emit(cat));
        let join = |h: Option<Job<'_>>| {
            h.map(|h| match h {
                Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                Err(f) => f(cat),
            })
        };
        let docs = docs.map(|h| match h {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(f) => f(),
        });
        (docs, join(ts), schema, join(python))
    });
    let mut out = Outputs::new();
    let mut add = |dir: &Path, files: Option<Vec<(String, String)>>| {
        for (rel, text) in files.into_iter().flatten() {
            out.insert(dir.join(rel), text.into_bytes());
        }
    };
    add(&settings.docs_dir, docs);
    add(&settings.ts_dir, ts);
    if settings.typescript {
        let wire = schema.iter().flatten().filter(|(rel, _)| rel == names::WIRE_ERROR_SCHEMA_FILE);
        add(&settings.ts_dir, Some(wire.cloned().collect()));
    }
    add(&settings.schema_dir, schema.filter(|_| settings.schema));
    add(&settings.python_dir, python);
    if let Some(path) = &settings.rust_file {
        out.insert(
            path.clone(),
            emit::rust::emit(cat, &settings.rust).into_bytes(),
        );
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
        f.sync_all()?;
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
/// Only files errdex owns are considered: they sit where the enabled targets write (the
/// TypeScript and schema directories, not their subdirectories, so a `node_modules` is never
/// looked at; the docs' `book.toml` and `src/` tree, not mdBook's `book/` output) and carry
/// this catalogue's `@generated by errdex from <catalogue>` header in their first KiB. A file
/// a user wrote never has that header, so it is never touched.
pub fn obsolete(
    root: &Path,
    settings: &Settings,
    outputs: &Outputs,
    source_name: &str,
) -> Vec<PathBuf> {
    let marker = crate::support::header::header_text(source_name);
    let mut candidates: Vec<PathBuf> = Vec::new();
    if settings.docs {
        candidates.push(settings.docs_dir.join("book.toml"));
        candidates.push(settings.docs_dir.join("errdex.css"));
        list_files(root, &settings.docs_dir.join("src"), true, &mut candidates);
    }
    if settings.typescript {
        list_files(root, &settings.ts_dir, false, &mut candidates);
    }
    if settings.schema {
        list_files(root, &settings.schema_dir, false, &mut candidates);
    }
    if settings.python {
        // The package directory's files too (one level down), never a virtual environment.
        list_files(root, &settings.python_dir, false, &mut candidates);
        let dir = root.join(&settings.python_dir);
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for e in entries.flatten() {
                let name = e.file_name();
                let hidden = name.to_string_lossy().starts_with('.');
                if !hidden && e.file_type().is_ok_and(|t| t.is_dir()) {
                    list_files(root, &settings.python_dir.join(&name), false, &mut candidates);
                }
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
