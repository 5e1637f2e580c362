#!/usr/bin/env bash
# `npm test`: lint, then the three test tiers, each run even when an earlier one failed, then one closing total.
set -u
cd "$(dirname "$0")/.."
rm -f test-artifacts/summary.jsonl
status=0
echo "=== setup (Chromium, code-server, PHP: installed once into .cache/ and from Debian) ==="
bash scripts/ensure-code-server.sh || status=1
echo "=== lint (eslint: engine without vscode, webview without Node, no import cycles) ==="
node out/scripts/lintTier.js || status=1
echo "=== unit tier (plain mocha, no VS Code) ==="
PW_TEST_TIER=unit npm run -s test:unit || status=1
echo "=== integration tier (mocha inside a real VS Code extension host) ==="
npm run -s test:integration || status=1
npm run -s test:integration:restricted || status=1
echo "=== e2e tier (code-server + Chromium, extension installed from the .vsix) ==="
PW_TEST_TIER=e2e npm run -s test:e2e || status=1
node out/scripts/printTestSummary.js || status=1
exit $status
