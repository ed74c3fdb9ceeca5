#!/usr/bin/env bash
# errdex-codegen's features: a build script takes only `rust` (the README's recipe), and
# every feature alone, and none, must build without warnings. `cargo test --workspace`
# builds the default set. The features are read from the manifest, so a new target's
# feature (codegen/src/targets.rs, `Target::feature`) is checked without editing this step.
set -euo pipefail
cd "$(dirname "$0")/../.."
features="$(cargo metadata -q --no-deps --format-version 1 | python3 -c '
import json, sys
meta = json.load(sys.stdin)
package = next(p for p in meta["packages"] if p["name"] == "errdex-codegen")
print("\n".join(sorted(f for f in package["features"] if f != "default")))
')"
for feature in "" $features; do
  echo "errdex-codegen --no-default-features --features '$feature'"
  cargo clippy -q -p errdex-codegen --no-default-features --features "$feature" -- -D warnings
done
