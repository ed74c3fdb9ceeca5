#!/usr/bin/env bash
# The README's test command, then the committed outputs must match the catalogue.
set -euo pipefail
cargo test --workspace
cargo run -q -p errdex -- lint --deny-warnings
cargo run -q -p errdex -- generate --check
# errdex-errors publishes: nothing in it reads ../errors.yaml (its module is committed), and
# the packaged crate builds on its own.
cargo package -p errdex-errors --allow-dirty
