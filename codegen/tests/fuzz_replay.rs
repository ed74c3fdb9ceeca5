//! Replays the fuzzing seeds and every input the fuzzer ever crashed on (`fuzz/regressions/`)
//! through the same path as the fuzz target: load + validate + every emitter, and rendering
//! the diagnostics. Runs on stable in CI; `cargo fuzz` itself is for finding new inputs.

use std::path::Path;

fn run_one(data: &[u8]) {
    let loaded = errdex_codegen::load_bytes(data, "errors.yaml");
    let src = String::from_utf8_lossy(data);
    let _ = errdex_codegen::diag::render_human(&loaded.diagnostics, "errors.yaml", &src, false);
    if let Some(cat) = loaded.catalogue {
        let _ = errdex_codegen::write::generate(&cat, &errdex_codegen::Settings::default());
        let _ = errdex_codegen::emit::rust::emit(&cat, &Default::default());
    }
}

#[test]
fn seeds_and_regressions_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut count = 0;
    for dir in ["seeds/load_generate", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.file_name().is_some_and(|n| n == "README.md") {
                continue;
            }
            let data = std::fs::read(&p).expect("readable");
            let r = std::panic::catch_unwind(|| run_one(&data));
            assert!(r.is_ok(), "panic on {}", p.display());
            count += 1;
        }
    }
    assert!(count >= 50, "only {count} inputs replayed");
}
