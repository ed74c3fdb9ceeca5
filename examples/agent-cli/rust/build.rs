//! Generates `agent_cli_errors.rs` in `OUT_DIR` from the example's catalogue, `../errors.yaml`.
//! Reruns only when the catalogue changes; an invalid catalogue fails the build with every
//! diagnostic printed.

fn main() {
    errdex_codegen::Builder::new("../errors.yaml")
        .out_file("agent_cli_errors.rs")
        .generate()
        .unwrap_or_else(|e| e.exit());
}
