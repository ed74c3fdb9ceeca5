//! errdex's own error codes, generated from the repository's `errors.yaml` by errdex itself
//! (it eats its own cooking): `errdex_errors.rs` is the module `errdex_codegen::Builder`
//! would write from a build script, committed so the crate builds and publishes without the
//! catalogue, which lives outside the package. Regenerate it with
//! `cargo run -p errdex -- generate` (the catalogue's `outputs.rust_file` names this file).
//!
//! Every failure of the `errdex` command is an [`Error`] built with the typed constructor
//! of its code; its process exit code is [`Error::exit_code`]. The API is the one errdex
//! generates for every catalogue:
//!
//! - [`ErrorCode`]: one variant per code, `const fn` accessors (code string, NAME,
//!   category, retryability, exit code, HTTP status, JSON-RPC code, log level, docs URL,
//!   templates), `FromStr` for codes, NAMEs, aliases and legacy codes;
//! - [`Category`] and [`Namespace`] with their own accessors;
//! - [`Error`]: typed constructors, `with_*` builders, and the renderings `Display`
//!   (terminal), [`Error::to_wire`], [`Error::to_mcp_tool_result`],
//!   [`Error::to_jsonrpc_error`], [`Error::to_problem_json`]; [`Error::from_wire`] parses
//!   any payload, even one with a code this build does not know.

include!("errdex_errors.rs");
