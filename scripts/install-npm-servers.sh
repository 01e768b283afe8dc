#!/bin/sh
# Installs the real MCP servers the integration tests of collectkit run
# against, at the versions captured in the shared corpus, into
# $ASSAY_NPM_DIR (default: .cache/npm-servers in the repository).
# The tests find them through the same variable.
set -eu

EVERYTHING_VERSION=2026.8.31
FILESYSTEM_VERSION=2026.8.31
MEMORY_VERSION=2026.8.31

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${ASSAY_NPM_DIR:-$root/.cache/npm-servers}
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || printf '{"name":"assay-npm-servers","private":true}\n' > package.json
npm install --no-audit --no-fund --save-exact \
	"@modelcontextprotocol/server-everything@$EVERYTHING_VERSION" \
	"@modelcontextprotocol/server-filesystem@$FILESYSTEM_VERSION" \
	"@modelcontextprotocol/server-memory@$MEMORY_VERSION"
echo "installed MCP servers into $dir"
