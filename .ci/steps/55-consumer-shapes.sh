#!/usr/bin/env bash
# Issue 17 item 5: the generated Rust module raises no warning in any consumer shape. Three
# crates outside the workspace include a generated module (errdex's own and each example's):
# a binary that raises one code, a library that exports the module, and a library that keeps
# it private and uses one code. Each must pass `cargo clippy -- -D warnings` and
# `cargo doc` with `-D warnings`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/target/consumer-shapes"
export CARGO_TARGET_DIR="$work/target"
mkdir -p "$work"

# module path, one constructor call
modules=("$root/generated/src/errdex_errors.rs|empty_catalogue()")
for example in "$root"/examples/*/; do
  name="$(basename "$example")"
  [ -f "$example/errors.yaml" ] || continue
  module="$work/$name.rs"
  cargo run -q -p errdex -- generate --catalogue "$example/errors.yaml" --root "$work/gen-$name" \
    --docs-dir docs --ts-dir ts --schema-dir schema --python-dir python --rust-file "../$name.rs" >/dev/null 2>&1
  # The first constructor the module defines.
  call="$(grep -m1 -oE '^    pub fn [a-z_0-9]+\(\) -> Error' "$module" | sed -E 's/^    pub fn ([a-z_0-9]+)\(\) -> Error/\1()/')"
  if [ -z "$call" ]; then
    call="$(grep -m1 -oE '^    pub fn [a-z_0-9]+\(' "$module" | sed -E 's/^    pub fn ([a-z_0-9]+)\(/\1/')"
    echo "note: $name has no constructor without params; using ErrorCode::ALL instead"
    call=""
  fi
  modules+=("$module|$call")
done

shape() { # kind, dir, module, call
  local kind="$1" dir="$2" module="$3" call="$4"
  rm -rf "$dir" && mkdir -p "$dir/src"
  cat >"$dir/Cargo.toml" <<TOML
[package]
name = "shape-$kind"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
serde = "1"
serde_json = "1"
TOML
  # A catalogue's `rust.integrations` make its module implement the framework's traits: the
  # consumer depends on the framework too (the versions the workspace uses).
  if grep -q 'axum::' "$module"; then
    printf 'axum = { version = "0.8", default-features = false }\n' >>"$dir/Cargo.toml"
  fi
  if grep -q 'actix_web::' "$module"; then
    printf 'actix-web = { version = "4", default-features = false }\n' >>"$dir/Cargo.toml"
  fi
  printf '\n[workspace]\n' >>"$dir/Cargo.toml"
  local use_one
  if [ -n "$call" ]; then use_one="errors::Error::$call"; else use_one="errors::ErrorCode::ALL[0]"; fi
  case "$kind" in
    bin)
      printf 'mod errors {\n    include!("%s");\n}\n\nfn main() {\n    println!("{}", %s);\n}\n' "$module" "$use_one" >"$dir/src/main.rs" ;;
    lib)
      printf '//! A library exporting the generated module.\n\n/// The error codes.\npub mod errors {\n    include!("%s");\n}\n' "$module" >"$dir/src/lib.rs" ;;
    module)
      printf '//! A library keeping the module private.\n\nmod errors {\n    include!("%s");\n}\n\n/// One code, rendered.\npub fn one() -> String {\n    format!("{:?}", %s)\n}\n' "$module" "$use_one" >"$dir/src/lib.rs" ;;
  esac
  (cd "$dir" && cargo clippy -q --all-targets -- -D warnings && RUSTDOCFLAGS="-D warnings" cargo doc -q --no-deps)
}

for entry in "${modules[@]}"; do
  module="${entry%%|*}"
  call="${entry#*|}"
  for kind in bin lib module; do
    echo "$kind shape: $(basename "$module")"
    shape "$kind" "$work/$kind" "$module" "$call"
  done
done
echo "consumer shapes: no warnings"
