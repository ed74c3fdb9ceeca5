//! One emitter per target. Each takes the validated IR and returns text; none sees YAML.
//!
//! The emitters stand side by side: none imports another's internals. What two of them
//! share sits below them, in [`crate::support`] (the generated header, the pretty JSON
//! writer, the bidi list) and [`crate::names`] (every identifier a target uses).

pub mod json_schema;
pub mod markdown;
pub mod python;
pub mod rust;
pub mod typescript;
