//! errdex's generator library: `errors.yaml` → located tree → validated IR → emitters →
//! in-memory files. No CLI and no process exit here; writing files lives in [`write`].
//!
//! ```no_run
//! let src = std::fs::read_to_string("errors.yaml").unwrap();
//! let loaded = errdex_codegen::load_str(&src, "errors.yaml");
//! let catalogue = loaded.catalogue.expect("valid catalogue");
//! let outputs = errdex_codegen::generate(&catalogue, &errdex_codegen::Settings::default());
//! ```

pub mod builder;
pub mod catalogue;
pub mod diag;
pub mod diff;
pub mod emit;
pub mod explain;
pub mod ir;
pub mod names;
mod par;
pub mod payload;
pub mod support;
pub mod template;
pub mod write;

pub use builder::Builder;
pub use diag::{DiagCode, Diagnostic, Severity, Span};
pub use ir::Catalogue;
pub use catalogue::{Loaded, load_bytes, load_path, load_str};
pub use write::{Outputs, Settings, generate};
