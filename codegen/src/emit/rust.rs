//! Emitter: Rust (not yet written).

use crate::ir::Catalogue;

/// Options of the Rust target.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RustOptions {}

/// The whole generated Rust source (one file, `include!`d by the crate's `lib.rs`).
pub fn emit(_cat: &Catalogue, _opts: &RustOptions) -> String {
    String::new()
}
