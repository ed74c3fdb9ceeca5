//! Generates `orders_errors.rs` in `OUT_DIR` from the example's catalogue, `../errors.yaml`
//! (its `rust.integrations: [axum]` makes `Error` an axum response). For the tests, the same
//! catalogue with `rust.integrations: [actix-web]` as `orders_errors_actix.rs`, which
//! `tests/actix.rs` serves through actix-web. Reruns only when the catalogue changes.

use errdex_codegen::ir::RustIntegration;

fn main() {
    let builder = errdex_codegen::Builder::new("../errors.yaml").out_file("orders_errors.rs");
    builder.generate().unwrap_or_else(|e| e.exit());
    let mut cat = builder.load().unwrap_or_else(|e| e.exit());
    cat.rust.integrations = vec![RustIntegration::ActixWeb];
    let text =
        errdex_codegen::emit::rust::emit(&cat, &errdex_codegen::emit::rust::RustOptions::default());
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("orders_errors_actix.rs");
    if std::fs::read_to_string(&out).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&out, text).expect("OUT_DIR is writable");
    }
}
