//! The `build.rs` API for other projects (not yet written).

/// Generates Rust code from a catalogue inside a `build.rs`.
#[derive(Debug, Default, Clone)]
pub struct Builder {}
