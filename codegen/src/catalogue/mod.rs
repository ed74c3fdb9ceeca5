//! The catalogue front end: `errors.yaml` → located tree → validated IR. The only part of
//! errdex that sees YAML; everything after it reads the IR ([`crate::ir`]).
//!
//! Entry points here: bytes, text or a path → every diagnostic and, when none is an error,
//! the IR.

use std::path::Path;

use crate::diag::{DiagCode, Diagnostic, Severity, SourceMap, Span};
use crate::ir::Catalogue;

#[cfg(feature = "cache")]
mod cache;
mod classes;
mod docs_url;
mod entry;
mod facts;
pub mod format;
mod imports;
pub mod modeline;
mod param_type;
mod parts;
mod profiles;
mod read;
mod rules;
mod sections;
mod sink;
pub mod sources;
pub mod tree;
mod usage;
mod validate;

#[cfg(feature = "cache")]
pub use cache::TreeCache;
pub use docs_url::{DOCS_URL_PLACEHOLDERS, check_url};
pub use format::{FORMAT_VERSION, defaults};
pub use imports::{FileSystem, ImportFiles, registry_json_as_catalogue};
pub use parts::{Allowed, PartHeader, part_header};
pub use sections::RESERVED_PAGES;
pub use sources::{Disk, Files, load_with_parts};
pub use tree::{Limits, parse, parse_chunked, parse_events, parse_serde, parse_serial};
pub use usage::entry_spans;
pub use validate::{Deferred, validate};

/// The result of loading: every diagnostic (errors and warnings, in source order), and the
/// IR when none of them is an error.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub catalogue: Option<Catalogue>,
    pub diagnostics: Vec<Diagnostic>,
    /// Where the text declares each code ([`entry_spans`]), read off the tree the load
    /// parsed (empty when it did not parse): `errdex usage` points its findings about a
    /// declared code there without parsing the text again.
    pub entry_spans: Vec<(String, Span)>,
    /// Where the root declares each import's pinned version, by the import's name
    /// (`imports.<name>.version`): `errdex diff` places what an upgrade changed there.
    pub import_spans: Vec<(String, Span)>,
    /// The files the catalogue was read from (one, or the root and its parts), which the
    /// spans point into: [`crate::diag::report_sources`] shows the diagnostics with them.
    pub sources: SourceMap,
    /// Each part that names an owner (`part.owner`): its path relative to the root's folder
    /// (a folder's ending in `/`) and the owner, in reading order. `errdex generate
    /// --codeowners` writes them as a CODEOWNERS block.
    pub owners: Vec<(String, String)>,
    /// Every part the root lists, as it was read: its path relative to the root's folder
    /// (a folder part's ending in `/`), in reading order. Empty for a catalogue in one file.
    pub parts: Vec<String>,
    /// Only from a load that asked for it ([`load_registry_deferred`]) and found no error:
    /// the rules across entries that only report, not yet run. `catalogue` is then the IR
    /// they are to check, and `diagnostics` are in the order found; [`Loaded::settle`]
    /// completes the load with what [`Deferred::run`] found.
    pub deferred: Option<Deferred>,
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    }

    /// Completes a deferred load with `found`, what its rules found ([`Deferred::run`]):
    /// the same diagnostics, in the same order, as a load that ran them itself, and no
    /// catalogue when one of them is an error. Nothing to do for a load that was not
    /// deferred.
    pub fn settle(&mut self, found: Vec<Diagnostic>) {
        if let Some(deferred) = self.deferred.take() {
            deferred.settle(&mut self.diagnostics, found);
            if self.has_errors() {
                self.catalogue = None;
            }
        }
    }
}

/// Loads a catalogue from text with the default [`Limits`]. `name` is the file name used in
/// diagnostics and in the `@generated` headers.
pub fn load_str(src: &str, name: &str) -> Loaded {
    load_str_with(src, name, &Limits::default())
}

/// Loads a catalogue from text with explicit limits. Its `imports:`, if any, are refused:
/// there is no folder to read them from ([`load_registry`] has one).
pub fn load_str_with(src: &str, name: &str, limits: &Limits) -> Loaded {
    load_text(src, name, limits, None)
}

/// Loads a catalogue file's bytes with everything it names: its parts, read through
/// `parts` (relative to its folder), and its imports, read through `imports` (relative to
/// `path`'s folder). What `errdex` does with every catalogue it is given.
pub fn load_registry(
    bytes: &[u8],
    name: &str,
    path: &Path,
    parts: &dyn Files,
    imports: &dyn ImportFiles,
) -> Loaded {
    registry_with(bytes, name, path, parts, imports, None, false)
}

/// [`load_registry`], each part's tree taken from `cache` when its text has not changed
/// since a run that kept it (and kept there otherwise): the same [`Loaded`] as without it.
#[cfg(feature = "cache")]
pub fn load_registry_cached(
    bytes: &[u8],
    name: &str,
    path: &Path,
    parts: &dyn Files,
    imports: &dyn ImportFiles,
    cache: &TreeCache,
) -> Loaded {
    registry_with(bytes, name, path, parts, imports, Some(cache), false)
}

/// [`load_registry`] (through `cache` when given), leaving the rules across entries that
/// only report to the caller when nothing so far is an error ([`Loaded::deferred`]): what
/// `errdex generate` runs, which checks them beside the emitters and writes nothing until
/// they have found no error.
#[cfg(feature = "cache")]
pub fn load_registry_deferred(
    bytes: &[u8],
    name: &str,
    path: &Path,
    parts: &dyn Files,
    imports: &dyn ImportFiles,
    cache: Option<&TreeCache>,
) -> Loaded {
    registry_with(bytes, name, path, parts, imports, cache, true)
}

/// The registry loads: `path`'s imports resolved from its folder.
fn registry_with(
    bytes: &[u8],
    name: &str,
    path: &Path,
    parts: &dyn Files,
    imports: &dyn ImportFiles,
    cache: Option<&sources::Cache>,
    defer: bool,
) -> Loaded {
    let chain = [crate::files::normalize(path)];
    let icx = imports::ImportCx {
        files: imports,
        chain: &chain,
        load: load_import,
    };
    sources::load_with_parts_and(bytes, name, parts, Some(icx), cache, defer)
}

/// An imported file, loaded as the root is ([`imports::LoadImport`]).
fn load_import(
    text: &str,
    name: &str,
    json: bool,
    parts: &dyn Files,
    limits: &Limits,
    icx: imports::ImportCx<'_>,
) -> Loaded {
    if json {
        load_text(text, name, limits, Some(icx))
    } else {
        sources::load_with_parts_and(text.as_bytes(), name, parts, Some(icx), None, false)
    }
}

/// Loads text, resolving imports through `icx` when given.
fn load_text(src: &str, name: &str, limits: &Limits, icx: Option<imports::ImportCx<'_>>) -> Loaded {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let mut loaded = match tree::parse(src, limits) {
        Err(diagnostics) => Loaded {
            catalogue: None,
            diagnostics,
            entry_spans: Vec::new(),
            import_spans: Vec::new(),
            sources: SourceMap::default(),
            owners: Vec::new(),
            parts: Vec::new(),
            deferred: None,
        },
        Ok(root) => finish(root, src, name, limits, icx, false, false),
    };
    loaded.sources = SourceMap::single(name, src);
    loaded
}

/// A parsed tree (one file's, or the root's with its parts merged in, `src` then the texts
/// of every file at their bases) → the validated catalogue, its imports read through `icx`.
/// `parts_read`: the root's `parts:` were read and merged (else a `parts:` list is refused).
/// `defer`: leave the rules that only report to the caller when no error is found before
/// them ([`Loaded::deferred`]).
fn finish(
    root: tree::Node,
    src: &str,
    name: &str,
    limits: &Limits,
    icx: Option<imports::ImportCx<'_>>,
    parts_read: bool,
    defer: bool,
) -> Loaded {
    let validated = validate::validate_with(&root, src, name, limits, icx, parts_read, defer);
    let entry_spans = usage::entry_spans_of(&root);
    let import_spans = usage::import_spans_of(&root);
    tree::drop_tree(root, limits.threads());
    Loaded {
        catalogue: validated.catalogue,
        diagnostics: validated.diagnostics,
        entry_spans,
        import_spans,
        sources: SourceMap::default(),
        owners: Vec::new(),
        parts: Vec::new(),
        deferred: validated.deferred,
    }
}

/// Loads raw bytes: refuses text that is not UTF-8 (EDX0002) with its position. Its
/// `imports:`, if any, are refused ([`load_registry`] reads them).
pub fn load_bytes(bytes: &[u8], name: &str) -> Loaded {
    load_bytes_inner(bytes, name, None)
}

fn load_bytes_inner(bytes: &[u8], name: &str, icx: Option<imports::ImportCx<'_>>) -> Loaded {
    let limits = Limits::default();
    if bytes.len() > limits.max_bytes {
        return Loaded {
            catalogue: None,
            diagnostics: vec![tree::too_large(bytes.len() as u64, &limits)],
            entry_spans: Vec::new(),
            import_spans: Vec::new(),
            sources: SourceMap::single(name, ""),
            owners: Vec::new(),
            parts: Vec::new(),
            deferred: None,
        };
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => load_text(s, name, &limits, icx),
        Err(e) => {
            let (d, before) = not_utf8(bytes, e, 0);
            Loaded {
                catalogue: None,
                diagnostics: vec![d],
                entry_spans: Vec::new(),
                import_spans: Vec::new(),
                sources: SourceMap::single(name, before),
                owners: Vec::new(),
                parts: Vec::new(),
                deferred: None,
            }
        }
    }
}

/// Reads and loads a catalogue file, with the parts it lists (`parts:`, read beside it).
/// The `name` in diagnostics is the path as given.
pub fn load_path(path: &Path) -> std::io::Result<Loaded> {
    load_path_as(path, &path.display().to_string())
}

/// [`load_path`], the catalogue shown as `name` in diagnostics and generated headers (its
/// parts by their paths relative to `name`'s folder): what a build script or a test that
/// names its catalogue `errors.yaml` wherever it is read from uses.
pub fn load_path_as(path: &Path, name: &str) -> std::io::Result<Loaded> {
    let meta = std::fs::metadata(path)?;
    let limits = Limits::default();
    let name = name.to_string();
    if meta.len() > limits.max_bytes as u64 {
        return Ok(Loaded {
            catalogue: None,
            diagnostics: vec![tree::too_large(meta.len(), &limits)],
            entry_spans: Vec::new(),
            import_spans: Vec::new(),
            sources: SourceMap::single(&name, ""),
            owners: Vec::new(),
            parts: Vec::new(),
            deferred: None,
        });
    }
    let bytes = std::fs::read(path)?;
    Ok(load_registry(
        &bytes,
        &name,
        path,
        &Disk::beside(path),
        &FileSystem,
    ))
}

/// EDX0002 for `bytes`, which are not UTF-8 from `e.valid_up_to()`, located in the file
/// whose first byte is at `base`; with the valid text before the bad byte, which the
/// excerpt shows.
pub(crate) fn not_utf8(bytes: &[u8], e: std::str::Utf8Error, base: usize) -> (Diagnostic, &str) {
    let offset = e.valid_up_to();
    let before = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let d = Diagnostic::new(
        DiagCode::NotUtf8,
        Some(Span {
            offset: base + offset,
            len: 1,
            line,
            column,
        }),
        &[("offset", &offset.to_string())],
    )
    .with_label("not UTF-8")
    .with_help("save the file as UTF-8");
    (d, before)
}
