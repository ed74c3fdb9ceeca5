#!/usr/bin/env bash
# The Go toolchain and staticcheck from Debian's packages (Go 1.19, the version the generated
# go.mod names), for the Go target's checks: codegen/tests/go_package.rs (gofmt, go vet,
# staticcheck, go test of the shared vectors, a consumer that names a missing code, the
# package without typed constructors), the examples' Go code (cli/tests/examples.rs: gofmt,
# go vet, staticcheck and go test of examples/*/go; cli/tests/http_api_go.rs: the net/http
# server of examples/http-api/go against the reference and Schemathesis) and
# `cargo xtask bench-go`. The Go modules need only the standard library and `replace`d local
# folders, so the tests run `go` offline (GOPROXY=off). Idempotent: nothing is installed when
# both are present.
set -euo pipefail
if command -v go >/dev/null 2>&1 && command -v go-staticcheck >/dev/null 2>&1; then
  echo "go present: $(go version); $(go-staticcheck -version 2>/dev/null | head -1)"
  exit 0
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q golang-go go-staticcheck
go version
go-staticcheck -version | head -1
