#!/usr/bin/env bash
# errdex-codegen's features: a build script takes only `rust` (the README's recipe), and
# every feature alone, and none, must build without warnings. `cargo test --workspace`
# builds the default set.
set -euo pipefail
cd "$(dirname "$0")/../.."
for features in rust "" typescript python markdown json-schema generate diff explain usage; do
  echo "errdex-codegen --no-default-features --features '$features'"
  cargo clippy -q -p errdex-codegen --no-default-features --features "$features" -- -D warnings
done
