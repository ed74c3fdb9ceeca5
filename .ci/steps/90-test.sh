#!/usr/bin/env bash
# The committed outputs must match the catalogue, and the published crate must build alone.
#
# The README's test command, `cargo test --workspace`, runs once, in 95-fresh-clone.sh: in a
# clone with nothing beside it, which is what a new user has, and a stricter place than this
# checkout (a test that reaches for ../shared or for tools outside the clone fails there under
# CI). Until the twenty-second session it ran here too: the whole suite twice, 1,285 s + 978 s
# of a 4,260 s run, and one run then missed CI's 5,400 s (stop 47). The one test that reads
# what lies beside the checkout runs here, where ../shared is: the YAML event parser against
# serde-saphyr on the seeds and fixtures as well as the repository's own catalogues.
set -euo pipefail
cargo test -p errdex-codegen --test tree_events
cargo run -q -p errdex -- lint --deny-warnings
cargo run -q -p errdex -- generate --check
# errdex-errors publishes: nothing in it reads ../errors.yaml (its module is committed), and
# the packaged crate builds on its own.
cargo package -p errdex-errors --allow-dirty
