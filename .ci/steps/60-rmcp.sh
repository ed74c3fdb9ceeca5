#!/usr/bin/env bash
# examples/tmux-mcp/rmcp: the tmux example server on rmcp (the official Rust MCP SDK), driven
# by rmcp's client in its tests. Its own workspace, so that rmcp and tokio stay out of
# `cargo test --workspace`; built into the repository's target directory. Prints its time.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
manifest=examples/tmux-mcp/rmcp/Cargo.toml
cargo clippy --locked --manifest-path "$manifest" --target-dir target --all-targets -- -D warnings
cargo test --locked --manifest-path "$manifest" --target-dir target
echo "examples/tmux-mcp/rmcp: clippy + test in $(( $(date +%s) - start )) s"
