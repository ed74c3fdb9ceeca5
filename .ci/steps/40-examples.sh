#!/usr/bin/env bash
# The examples' committed outputs (docs-site, generated/ts, generated/schema, generated/python) must be what
# errdex writes from each example's errors.yaml. Their consumers' tests (Rust crates in the
# workspace, Node tests run by cli/tests/examples.rs) run inside `cargo test --workspace`.
set -euo pipefail
cd "$(dirname "$0")/../.."
for name in postgres agent-cli runtime mcp-server tmux-mcp http-api; do
  cargo run -q -p errdex -- lint --deny-warnings "examples/$name/errors.yaml"
  cargo run -q -p errdex -- generate --check --catalogue "examples/$name/errors.yaml"
  echo "examples/$name: outputs up to date"
done
# The rmcp example commits its Rust module (the committed-module way).
cargo run -q -p errdex -- generate --check --catalogue examples/tmux-mcp/errors.yaml \
  --rust-file rmcp/src/libtmux_mcp_errors.rs
