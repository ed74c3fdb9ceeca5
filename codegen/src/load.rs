//! Entry points: text or path → diagnostics and, when there is no error, the IR.

use crate::diag::Diagnostic;
use crate::ir::Catalogue;

/// The result of loading: every diagnostic, and the IR when none of them is an error.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub catalogue: Option<Catalogue>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads a catalogue from text. `name` is the file name used in diagnostics and headers.
pub fn load_str(_src: &str, _name: &str) -> Loaded {
    Loaded { catalogue: None, diagnostics: Vec::new() }
}

/// Loads a catalogue from a file (not yet written).
pub fn load_path(path: &std::path::Path) -> std::io::Result<Loaded> {
    let src = std::fs::read_to_string(path)?;
    Ok(load_str(&src, &path.display().to_string()))
}
