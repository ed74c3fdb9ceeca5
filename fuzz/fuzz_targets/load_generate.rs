//! Fuzz target: any bytes → load + validate → (when valid) every emitter.
//! Must never panic, hang or allocate without bound. And wherever the loader's fast path
//! (a tree straight from the parser's events) takes a text, its tree must be serde-saphyr's.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let limits = errdex_codegen::catalogue::Limits::default();
        if let Some(fast) = errdex_codegen::catalogue::parse_events(text, &limits) {
            let slow = errdex_codegen::catalogue::parse_serde(text, &limits);
            assert_eq!(
                format!("{:#?}", Some(&fast)),
                format!("{:#?}", slow.as_ref().ok()),
                "the events' tree differs from serde-saphyr's"
            );
        }
    }
    let loaded = errdex_codegen::load_bytes(data, "errors.yaml");
    // Rendering diagnostics must not panic either (spans vs. lossy source).
    let src = String::from_utf8_lossy(data);
    let _ = errdex_codegen::diag::render_human(&loaded.diagnostics, "errors.yaml", &src, false);
    if let Some(cat) = loaded.catalogue {
        let _ = errdex_codegen::write::generate(&cat, &errdex_codegen::Settings::default());
        let _ = errdex_codegen::emit::rust::emit(&cat, &Default::default());
    }
});
