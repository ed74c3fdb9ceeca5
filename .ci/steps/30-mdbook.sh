#!/usr/bin/env bash
# Installs mdbook for the docs-site build check (codegen/tests/markdown_mdbook.rs).
# Idempotent: does nothing when mdbook is already on PATH or in ~/.cargo/bin.
set -euo pipefail
export PATH="$HOME/.cargo/bin:$PATH"
if command -v mdbook >/dev/null 2>&1; then
  echo "mdbook present: $(mdbook --version)"
  exit 0
fi
echo "installing mdbook (cargo install --locked mdbook; takes a few minutes)"
cargo install --locked mdbook
mdbook --version
