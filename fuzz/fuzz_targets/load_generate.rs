//! Fuzz target: any bytes → load + validate → (when valid) every emitter.
//! Must never panic, hang or allocate without bound.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let loaded = errdex_codegen::load_bytes(data, "errors.yaml");
    // Rendering diagnostics must not panic either (spans vs. lossy source).
    let src = String::from_utf8_lossy(data);
    let _ = errdex_codegen::diag::render_human(&loaded.diagnostics, "errors.yaml", &src, false);
    if let Some(cat) = loaded.catalogue {
        let _ = errdex_codegen::write::generate(&cat, &errdex_codegen::Settings::default());
        let _ = errdex_codegen::emit::rust::emit(&cat, &Default::default());
    }
});
