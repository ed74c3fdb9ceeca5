#!/usr/bin/env bash
# Headless Chromium (Debian's package) for the browser check of the generated docs sites:
# codegen/tests/docs_browser.rs, run by `cargo test --workspace` (90-test.sh), builds
# docs-site/ and every examples/*/docs-site/ with mdbook, opens each page at 1280 and
# 1920 px through playwright-core (installed by 20-node.sh into tools/node), asserts that
# nothing overflows the content column and that each code's docs URL lands on its heading,
# and leaves screenshots in target/browser-artifacts/ (keep that directory as the CI
# artifact). Under CI the test fails instead of skipping when Chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -x /usr/bin/chromium ]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null)"
else
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
  /usr/bin/chromium --version 2>/dev/null
fi
# playwright-core drives the system Chromium: check that it launches before the tests.
node -e "
const { chromium } = require('./tools/node/node_modules/playwright-core');
chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  .then(async (b) => { console.log('playwright-core launches chromium ' + b.version()); await b.close(); })
  .catch((e) => { console.error(e.message); process.exit(1); });
"
echo "browser check: cargo test -p errdex-codegen --test docs_browser (screenshots in target/browser-artifacts/)"
