//! One emitter per target. Each takes the validated IR and returns text; none sees YAML.
//!
//! The emitters stand side by side: none imports another's internals. What two of them
//! share sits below them, in [`crate::support`] (the generated header, the pretty JSON
//! writer, the bidi list) and [`crate::names`] (every identifier a target uses). [`emit`]
//! is the one place that maps a row of [`crate::targets::TARGETS`] to its emitter.

#[cfg(feature = "go")]
pub mod go;
#[cfg(feature = "json-schema")]
pub mod json_schema;
#[cfg(feature = "markdown")]
pub mod markdown;
#[cfg(feature = "openapi")]
pub mod openapi;
#[cfg(feature = "python")]
pub mod python;
#[cfg(feature = "rust")]
pub mod rust;
#[cfg(feature = "typescript")]
pub mod typescript;

/// A target's files: path relative to its output (empty for a one-file target) → text.
pub type Files = Vec<(String, String)>;

/// Renders `template` into a string made with room for `capacity` bytes, for a file whose
/// size grows with the codes (`capacity`: their count times a generous size per code).
/// Growing a string of tens of MiB by doubling copies it over and over and faults in about
/// twice its pages; room that is never written is never faulted in.
#[cfg(any(feature = "typescript", feature = "python", feature = "markdown"))]
pub(crate) fn render_sized<T: askama::Template + ?Sized>(
    template: &T,
    capacity: usize,
) -> askama::Result<String> {
    let mut out = String::with_capacity(capacity);
    template.render_into(&mut out)?;
    Ok(out)
}

/// What an emitter takes besides the catalogue.
#[cfg(feature = "generate")]
#[derive(Debug, Clone, Default)]
pub struct Inputs<'a> {
    /// Options of the Rust module (as [`crate::Builder::options`]).
    pub rust: rust::RustOptions,
    /// Where each code is raised (`usage.docs`), listed under it in the docs.
    pub raised_at: Option<&'a crate::support::raised_at::RaisedAt>,
}

/// Runs the emitter of `target`. Pure: same catalogue and inputs, same files.
#[cfg(feature = "generate")]
pub fn emit(
    target: crate::targets::TargetId,
    cat: &crate::ir::Catalogue,
    inputs: &Inputs<'_>,
) -> Files {
    use crate::targets::TargetId;
    match target {
        TargetId::Rust => vec![(String::new(), rust::emit(cat, &inputs.rust))],
        TargetId::Docs => markdown::emit_with(cat, inputs.raised_at),
        TargetId::TypeScript => typescript::emit(cat),
        TargetId::Schema => json_schema::emit(cat),
        TargetId::Python => python::emit(cat),
        TargetId::OpenApi => openapi::emit(cat),
        TargetId::Go => go::emit(cat),
    }
}
