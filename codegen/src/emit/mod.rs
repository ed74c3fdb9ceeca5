//! One emitter per target. Each takes the validated IR and returns text; none sees YAML.
//!
//! The emitters stand side by side: none imports another's internals. What two of them
//! share sits below them, in [`crate::support`] (the generated header, the pretty JSON
//! writer, the bidi list) and [`crate::names`] (every identifier a target uses).

#[cfg(feature = "json-schema")]
pub mod json_schema;
#[cfg(feature = "markdown")]
pub mod markdown;
#[cfg(feature = "python")]
pub mod python;
#[cfg(feature = "rust")]
pub mod rust;
#[cfg(feature = "typescript")]
pub mod typescript;
