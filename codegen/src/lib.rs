//! errdex's generator library: `errors.yaml` → located tree → validated IR → emitters →
//! in-memory files. No CLI and no process exit here; writing files lives in [`write`].
//!
//! ```no_run
//! let src = std::fs::read_to_string("errors.yaml").unwrap();
//! let loaded = errdex_codegen::load_str(&src, "errors.yaml");
//! let catalogue = loaded.catalogue.expect("valid catalogue");
//! let outputs = errdex_codegen::generate(&catalogue, &errdex_codegen::Settings::default());
//! ```
//!
//! # Features
//!
//! Loading and validating a catalogue is always compiled. Each target and tool is a
//! feature, all on by default: `rust` (the Rust emitter and [`Builder`]), `typescript`,
//! `markdown`, `json-schema`, `generate` (every target at once, [`write::check`]'s diffs:
//! what `errdex generate` does), `diff`, `explain` and `usage` (`errdex usage`). A build script needs only `rust`:
//!
//! ```toml
//! [build-dependencies]
//! errdex-codegen = { version = "0.1", default-features = false, features = ["rust"] }
//! ```

#[cfg(feature = "rust")]
pub mod builder;
pub mod catalogue;
pub mod diag;
#[cfg(feature = "diff")]
pub mod diff;
pub mod emit;
#[cfg(feature = "explain")]
pub mod explain;
pub mod files;
pub mod idents;
pub mod ir;
pub mod names;
mod par;
pub use par::run as run_on_pool;
pub use par::start as start_threads;
pub mod payload;
pub mod support;
pub mod targets;
pub mod template;
pub mod text;
#[cfg(feature = "usage")]
pub mod usage;
pub mod write;

#[cfg(feature = "rust")]
pub use builder::Builder;
pub use catalogue::{Loaded, load_bytes, load_path, load_path_as, load_str};
pub use diag::{DiagCode, Diagnostic, Severity, Span};
pub use ir::Catalogue;
#[cfg(feature = "generate")]
pub use write::{Outputs, Settings, generate};
