//! Generates `errdex_errors.rs` in `OUT_DIR` from the repository's `errors.yaml`.
//! Reruns only when the catalogue changes; rewrites the file only when its bytes change.

fn main() {
    errdex_codegen::Builder::new("../errors.yaml")
        .out_file("errdex_errors.rs")
        .generate()
        .unwrap_or_else(|e| e.exit());
}
