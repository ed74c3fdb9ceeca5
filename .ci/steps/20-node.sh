#!/usr/bin/env bash
# Node tools the tests run: TypeScript 7 (tsc), ajv, yaml-language-server, publint,
# @arethetypeswrong/cli, the MCP SDK and playwright-core, pinned in tools/node/package-lock.json.
# Idempotent and fast when already installed: `npm ci` runs only when the lock file changed.
set -euo pipefail
cd "$(dirname "$0")/../../tools/node"
stamp=node_modules/.errdex-lock
if [ -f "$stamp" ] && cmp -s package-lock.json "$stamp"; then
  echo "tools/node: up to date ($(node node_modules/typescript/bin/tsc --version))"
  exit 0
fi
npm ci --no-audit --no-fund
cp package-lock.json "$stamp"
node node_modules/typescript/bin/tsc --version
