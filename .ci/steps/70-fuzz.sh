#!/usr/bin/env bash
# The README's fuzz command, as printed, for a short run (issue 30): 60 s of `load_generate`
# (ERRDEX_FUZZ_SECONDS to change it), so that the command, the fuzz crate and its lock file
# cannot rot. A crash fails the step; libFuzzer leaves the input in fuzz/artifacts/ (keep it
# as the CI artifact, and add it to fuzz/regressions/ with the fix).
#
# cargo-fuzz needs nightly rustc flags (-Zsanitizer=address); RUSTC_BOOTSTRAP=1 lets the stable
# toolchain accept them, as the README says. New inputs accumulate in fuzz/corpus/load_generate
# (not committed) from one run to the next.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"
if cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz present: $(cargo fuzz --version)"
else
  echo "installing cargo-fuzz (cargo install --locked cargo-fuzz; takes a few minutes)"
  cargo install --locked cargo-fuzz
  cargo fuzz --version
fi
# cargo fuzz would silently rewrite a stale lock file: fail instead.
if ! cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null; then
  echo "fuzz/Cargo.lock is stale: run \`cargo metadata --manifest-path fuzz/Cargo.toml\` and commit it" >&2
  exit 1
fi
cd fuzz
RUSTC_BOOTSTRAP=1 cargo fuzz run load_generate corpus/load_generate seeds/load_generate -- \
  -max_total_time="${ERRDEX_FUZZ_SECONDS:-60}"
