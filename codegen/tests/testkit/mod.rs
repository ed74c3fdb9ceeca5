//! What every test binary of the workspace shares, whatever it tests: tools from outside Rust
//! ([`tool`]; Go's in [`go`]) and golden files ([`golden`]). `codegen/tests/*.rs` declare `mod testkit;`;
//! `cli/tests/*.rs` reach the same files with
//! `#[path = "../../codegen/tests/testkit/mod.rs"] mod testkit;`.

#![allow(dead_code)]

pub mod go;
pub mod golden;
pub mod tool;
pub mod trees;

use std::path::{Path, PathBuf};

/// The repository's root: the parent of the including crate (`codegen/`, `cli/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the repository")
        .to_path_buf()
}
