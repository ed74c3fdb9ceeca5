//! Emitter: typescript (not yet written).

use crate::ir::Catalogue;

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(_cat: &Catalogue) -> Vec<(String, String)> {
    Vec::new()
}
