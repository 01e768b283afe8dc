#!/bin/sh
# Installs the real MCP servers the integration tests of collectkit run
# against, at the versions captured in testdata/corpus (and their
# MCP SDK and zod at the captured versions, so served schemas match),
# and the MCP Inspector, whose CLI lists the tools of
# `assay test-injection --serve` in internal/cli's tests, into
# $ASSAY_NPM_DIR (default: .cache/npm-servers in the repository).
# The tests find them through the same variable and need no network.
set -eu

SERVERS_VERSION=2026.8.31 # server-everything, server-filesystem, server-memory
SDK_VERSION=1.32.2
ZOD_VERSION=4.6.7
# 2.12.0 is current; any version from 0.14.1 on has the fix for
# CVE-2025-49596 (no unauthenticated proxy). Its CLI runs on Node 20
# although its package asks for 22.
INSPECTOR_VERSION=2.12.0

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${ASSAY_NPM_DIR:-$root/.cache/npm-servers}
mkdir -p "$dir"
cd "$dir"
cat > package.json <<JSON
{
  "name": "assay-npm-servers",
  "private": true,
  "dependencies": {
    "@modelcontextprotocol/server-everything": "$SERVERS_VERSION",
    "@modelcontextprotocol/server-filesystem": "$SERVERS_VERSION",
    "@modelcontextprotocol/server-memory": "$SERVERS_VERSION",
    "@modelcontextprotocol/inspector": "$INSPECTOR_VERSION"
  },
  "overrides": {
    "@modelcontextprotocol/sdk": "$SDK_VERSION",
    "zod": "$ZOD_VERSION"
  }
}
JSON
npm install --no-audit --no-fund
echo "installed MCP servers and the MCP Inspector into $dir"
