//! The `build.rs` API: generate a project's error crate from its catalogue at build time.
//!
//! ```no_run
//! // build.rs: the body of `fn main()`
//! errdex_codegen::Builder::new("errors.yaml")
//!     .out_file("errors.rs")
//!     .generate()
//!     .unwrap_or_else(|e| e.exit());
//! ```
//!
//! and in `src/lib.rs`: `include!(concat!(env!("OUT_DIR"), "/errors.rs"));`, with `serde`
//! and `serde_json` as dependencies and `errdex-codegen` as a build-dependency.
//!
//! [`Builder::generate`] prints `cargo:rerun-if-changed` for the catalogue (and each of its parts), prints
//! catalogue warnings as `cargo:warning=` lines, and writes the output only when its bytes
//! changed (so an unchanged catalogue never triggers a rebuild of the crate). On an invalid
//! catalogue it writes nothing and returns a [`BuildError`] whose [`exit`](BuildError::exit)
//! prints every diagnostic rustc-style and ends the build script with status 1 (no panic
//! backtrace).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::diag::{Counts, Diagnostic, Style};
use crate::emit::rust::{RustOptions, emit};
use crate::ir::Catalogue;

/// Generates Rust code from a catalogue inside a `build.rs`.
#[derive(Debug, Clone)]
pub struct Builder {
    catalogue: PathBuf,
    out_file: String,
    out_dir: Option<PathBuf>,
    options: RustOptions,
    cargo_directives: bool,
}

/// Why generation failed.
#[derive(Debug)]
pub enum BuildError {
    /// The catalogue could not be read.
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The catalogue has errors; `rendered` shows them with source snippets.
    Invalid {
        path: PathBuf,
        diagnostics: Vec<Diagnostic>,
        rendered: String,
    },
    /// Neither [`Builder::out_dir`] nor `OUT_DIR` is set (not running under cargo).
    NoOutDir,
    /// The output could not be written.
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Read { path, error } => {
                write!(
                    f,
                    "errdex: cannot read catalogue {}: {error}",
                    path.display()
                )
            }
            BuildError::Invalid {
                path,
                diagnostics,
                rendered,
            } => {
                let errors = Counts::of(diagnostics).errors;
                write!(
                    f,
                    "{rendered}errdex: the catalogue {} has {errors} error{}; no Rust code was generated",
                    path.display(),
                    if errors == 1 { "" } else { "s" }
                )
            }
            BuildError::NoOutDir => write!(
                f,
                "errdex: OUT_DIR is not set; call Builder::generate from a build script or set Builder::out_dir"
            ),
            BuildError::Write { path, error } => {
                write!(f, "errdex: cannot write {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::Read { error, .. } | BuildError::Write { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl BuildError {
    /// Prints the error (every diagnostic, with snippets) to stderr and exits the process
    /// with status 1. Meant for `build.rs`: `.generate().unwrap_or_else(|e| e.exit())`.
    pub fn exit(&self) -> ! {
        eprintln!("{self}");
        std::process::exit(1)
    }
}

impl Builder {
    /// A builder for the catalogue at `catalogue`; a relative path is resolved against
    /// `CARGO_MANIFEST_DIR` (the crate being built) when set.
    pub fn new(catalogue: impl Into<PathBuf>) -> Builder {
        Builder {
            catalogue: catalogue.into(),
            out_file: "errors.rs".to_string(),
            out_dir: None,
            options: RustOptions::default(),
            cargo_directives: true,
        }
    }

    /// File name of the output inside the output directory (default `errors.rs`).
    pub fn out_file(mut self, name: impl Into<String>) -> Builder {
        self.out_file = name.into();
        self
    }

    /// Output directory (default: `OUT_DIR`).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Builder {
        self.out_dir = Some(dir.into());
        self
    }

    /// Also put the wire object under `structuredContent` in MCP tool results (default
    /// off).
    pub fn mcp_structured_content(mut self, on: bool) -> Builder {
        self.options.mcp_structured_content = on;
        self
    }

    /// All Rust-target options at once.
    pub fn options(mut self, options: RustOptions) -> Builder {
        self.options = options;
        self
    }

    /// Whether to print `cargo:` directives (default on; turn off outside build scripts).
    pub fn cargo_directives(mut self, on: bool) -> Builder {
        self.cargo_directives = on;
        self
    }

    fn resolved_catalogue(&self) -> PathBuf {
        match std::env::var_os("CARGO_MANIFEST_DIR") {
            Some(dir) if self.catalogue.is_relative() => Path::new(&dir).join(&self.catalogue),
            _ => self.catalogue.clone(),
        }
    }

    /// Loads and validates the catalogue. Warnings are printed as `cargo:warning=` lines
    /// when cargo directives are on.
    pub fn load(&self) -> Result<Catalogue, BuildError> {
        let path = self.resolved_catalogue();
        if self.cargo_directives {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        let source = std::fs::read_to_string(&path).map_err(|error| BuildError::Read {
            path: path.clone(),
            error,
        })?;
        // The name as the user wrote it: it goes into the generated header, which must not
        // depend on where the project is checked out.
        let name = self.catalogue.to_string_lossy().replace('\\', "/");
        // With its parts (`parts:`), read beside it; a build reruns when any of them changes.
        let files = crate::catalogue::Disk::beside(&path);
        // Its imports (`imports:`) are read from the file system, relative to its folder.
        let loaded = crate::catalogue::load_registry(
            source.as_bytes(),
            &name,
            &path,
            &files,
            &crate::catalogue::FileSystem,
        );
        if self.cargo_directives {
            let prefix = name.rfind('/').map_or("", |i| &name[..=i]);
            let dir = path.parent().unwrap_or(Path::new("."));
            for file in loaded.sources.files().iter().skip(1) {
                if let Some(rel) = file.name.strip_prefix(prefix) {
                    println!("cargo:rerun-if-changed={}", dir.join(rel).display());
                }
            }
        }
        let crate::catalogue::Loaded {
            catalogue,
            diagnostics,
            sources,
            ..
        } = loaded;
        let report =
            |diags: &[Diagnostic], style| crate::diag::report_sources(diags, &sources, style);
        match catalogue {
            Some(cat) => {
                if self.cargo_directives {
                    let warnings = report(&diagnostics, Style::Short);
                    for line in warnings.lines() {
                        println!("cargo:warning={line}");
                    }
                }
                Ok(cat)
            }
            None => Err(BuildError::Invalid {
                rendered: report(&diagnostics, Style::Human { color: false }),
                diagnostics,
                path,
            }),
        }
    }

    /// The generated source, without writing anything.
    pub fn emit_to_string(&self) -> Result<String, BuildError> {
        Ok(emit(&self.load()?, &self.options))
    }

    /// Generates and writes the output if its bytes changed; returns its path.
    pub fn generate(&self) -> Result<PathBuf, BuildError> {
        let text = self.emit_to_string()?;
        let dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(BuildError::NoOutDir)?,
        };
        let path = dir.join(&self.out_file);
        crate::files::write_if_changed(&path, text.as_bytes()).map_err(|error| {
            BuildError::Write {
                path: path.clone(),
                error,
            }
        })?;
        Ok(path)
    }
}
