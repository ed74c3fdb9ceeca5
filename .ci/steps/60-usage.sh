#!/usr/bin/env bash
# `errdex usage` on this repository and on each example (issue 19).
#
# This repository: every EDX code is raised somewhere outside generated files and tests, and
# no string that looks like an EDX code is unknown or retired — any finding fails the build
# (--deny-warnings).
#
# The examples transcribe whole registries (PostgreSQL's SQLSTATEs, the milo framework's
# codes) and their demos raise a few of them, so most of their codes are never raised there;
# the postgres demos also parse the unknown SQLSTATE 22ZZZ on purpose, to show how an unknown
# code is handled. Those findings are the report working, not a failure: the step prints each
# example's summary and fails only when the scan itself fails (exit status other than 0 and
# the findings' 65).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build -q -p errdex
errdex="${CARGO_TARGET_DIR:-target}/debug/errdex"
"$errdex" usage --deny-warnings
for name in postgres agent-cli runtime mcp-server; do
  status=0
  "$errdex" usage --catalogue "examples/$name/errors.yaml" "examples/$name" 2>"target/usage-$name.txt" || status=$?
  tail -n 1 "target/usage-$name.txt"
  if [ "$status" -ne 0 ] && [ "$status" -ne 65 ]; then
    cat "target/usage-$name.txt"
    echo "errdex usage failed on examples/$name (exit $status)" >&2
    exit 1
  fi
done
