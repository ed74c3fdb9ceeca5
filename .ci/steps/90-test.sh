#!/usr/bin/env bash
# The README's test command, then the committed outputs must match the catalogue.
set -euo pipefail
cargo test --workspace
cargo run -q -p errdex -- lint --deny-warnings
cargo run -q -p errdex -- generate --check
