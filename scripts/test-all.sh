#!/usr/bin/env bash
# `npm test`: lint, then the three test tiers, each run even when an earlier one failed, then one closing total.
set -u
cd "$(dirname "$0")/.."
rm -f test-artifacts/summary.jsonl
status=0
# A tier that hangs (a process a failed test left running, a browser that never answers) is stopped
# with a message naming it, and the tiers after it still run: CI gets an answer, not a 90-minute timeout.
within() {
  local minutes=$1 tier=$2
  shift 2
  timeout --kill-after=30s "${minutes}m" "$@"
  local code=$?
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    echo "[test-all] the $tier tier did not finish within $minutes minutes: stopped. The test it was in is the last one printed above."
  fi
  return "$code"
}
echo "=== setup (Chromium, code-server, PHP: installed once into .cache/ and from Debian) ==="
bash scripts/ensure-code-server.sh || status=1
echo "=== lint (eslint: engine without vscode, webview without Node, no import cycles) ==="
node out/scripts/lintTier.js || status=1
echo "=== unit tier (plain mocha, no VS Code) ==="
PW_TEST_TIER=unit within 20 unit npm run -s test:unit || status=1
echo "=== integration tier (mocha inside a real VS Code extension host) ==="
within 15 integration npm run -s test:integration || status=1
within 10 "integration (Restricted Mode)" npm run -s test:integration:restricted || status=1
echo "=== e2e tier (code-server + Chromium, extension installed from the .vsix) ==="
PW_TEST_TIER=e2e within 30 e2e npm run -s test:e2e || status=1
node out/scripts/printTestSummary.js || status=1
exit $status
