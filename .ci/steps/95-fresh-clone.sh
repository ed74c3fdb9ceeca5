#!/usr/bin/env bash
# The new user (issue 30): this commit cloned into a folder with nothing beside it (no
# ../shared, no tools/node/node_modules, no venv, no target/), where
#   1. the README's two commands run as printed: `cargo run -p errdex -- generate` changes
#      nothing, `cargo test --workspace` passes — with CI set, so a test that reaches outside
#      the clone fails instead of skipping;
#   2. every `cargo xtask` benchmark runs at a tiny scale (a smoke test: only that each command
#      runs; the figures are not judged).
#
# What the clone gets, and what it reuses:
# - its own tools, installed by its own .ci/steps/20-node.sh and 25-python.sh (npm ci and pip
#   from the machine's download caches); mdbook (~/.cargo/bin) and Chromium (/usr/bin) are
#   machine-wide installs that 30-mdbook.sh and 35-browser.sh made, not files beside it;
# - the checkout's cargo target directory (${CARGO_TARGET_DIR:-target}), with the same build
#   settings as the rest of CI (.ci/run: no incremental data, line tables only): the
#   dependencies, built from the same Cargo.lock by 90-test.sh, are reused, and every crate of
#   the repository is compiled again from the clone's own sources (its path differs, so none of
#   the checkout's artifacts stand in for it). Compiling the dependencies a second time took
#   about a third of a 40-minute step on a 2-core machine (thirteenth session) and proved
#   nothing more: a fresh machine compiles the same crates in 90-test.sh. The commands the
#   README prints leave their binaries in target/debug/ as the clone's; nothing runs after
#   this step.
# The clone is the committed HEAD: uncommitted changes of the checkout are not in it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

# Tools the benchmarks need (they say so when missing): ripgrep for bench-usage, GNU time for
# bench-rust and bench-consumer.
missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# One folder per checkout (several checkouts may run CI at once), outside the checkout, with
# the clone alone in it; the same path every run, so the target directory's artifacts are
# replaced rather than piled up.
work="${TMPDIR:-/tmp}/errdex-fresh-$(printf %s "$root" | sha256sum | cut -c1-12)"
clone="$work/errdex"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$clone"
git -C "$clone" checkout -q --detach "$(git -C "$root" rev-parse HEAD)"
if [ -n "$(git -C "$root" status --porcelain)" ]; then
  echo "note: the checkout has uncommitted changes; the clone tests HEAD $(git -C "$root" rev-parse --short HEAD)"
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
# The same settings as .ci/run's (this step may run alone): the dependencies' artifacts are
# found only when every setting that goes into them is the same.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
export CARGO_PROFILE_DEV_DEBUG="${CARGO_PROFILE_DEV_DEBUG:-line-tables-only}"
cd "$clone"
echo "clone: $clone (alone in $work), target: $CARGO_TARGET_DIR"

timed() { # label, command...
  local label="$1" start=$SECONDS
  shift
  "$@"
  echo "== fresh clone: $label: $((SECONDS - start)) s"
}

timed "tools/node" bash .ci/steps/20-node.sh
timed "tools/python" bash .ci/steps/25-python.sh

# README: `cargo run -p errdex -- generate` then `cargo test --workspace`.
timed "cargo run -p errdex -- generate" cargo run -p errdex -- generate
if [ -n "$(git status --porcelain)" ]; then
  git status --short
  git diff --stat
  echo "cargo run -p errdex -- generate changed the fresh clone" >&2
  exit 1
fi
timed "cargo test --workspace" cargo test --workspace
if [ -n "$(git status --porcelain)" ]; then
  git status --short
  echo "cargo test --workspace left files in the fresh clone" >&2
  exit 1
fi

# README "Fuzzing": the folders the printed command names ship with the repository (70-fuzz.sh
# runs the command itself), and its lock file is current.
test -d fuzz/corpus/load_generate && test -d fuzz/seeds/load_generate
cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null

# Each benchmark of BENCHMARKS.md at a tiny scale.
timed "xtask bench-load" cargo xtask bench-load 50
timed "xtask bench-generate" cargo xtask bench-generate 50
timed "xtask bench-tsc" cargo xtask bench-tsc 50 --runs 1
timed "xtask bench-go" cargo xtask bench-go 50 --runs 1
timed "xtask bench-rust" cargo xtask bench-rust 50 --runs 1
timed "xtask bench-book" cargo xtask bench-book 20 --runs 1
# --baseline: the same build against itself (CI has no second one), for the option's path;
# --idle: a short pause before each timed process of the 266-code rows.
timed "xtask bench-registry" cargo xtask bench-registry 200 --parts 4 --runs 1 \
  --baseline "$CARGO_TARGET_DIR/release/errdex" --idle 0.1
timed "xtask bench-usage" cargo xtask bench-usage --codes 50 --files 30 --lines 20 --runs 1
# Two of the four consumer ways: build-dep-opt and build-dep-o1 differ from build-dep only in
# profile lines, and each costs a cold build of minutes more on 2 cores.
timed "xtask bench-consumer" cargo xtask bench-consumer 20 --runs 1 --cold-runs 1 --ways build-dep,committed
echo "fresh clone: the README's commands and every benchmark ran"
