//! Interim access to errdex's own catalogue (replaced by the generated `errdex-errors` crate).

use std::sync::OnceLock;

static OWN: OnceLock<Option<errdex_codegen::Catalogue>> = OnceLock::new();

fn own() -> Option<&'static errdex_codegen::Catalogue> {
    OWN.get_or_init(|| {
        errdex_codegen::load_str(include_str!("../../errors.yaml"), "errors.yaml").catalogue
    })
    .as_ref()
}

pub fn exit_code(code: &str) -> u8 {
    own()
        .and_then(|c| c.lookup(code))
        .map_or(1, |e| e.exit_code)
}
