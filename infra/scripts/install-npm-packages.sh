#!/usr/bin/env bash
# Installs npm packages from the lockfile when they are missing or the lockfile changed since the
# last install (better-sqlite3 compiles from source here: about 2.5 minutes, so we skip when we can).
set -euo pipefail
cd "$(dirname "$0")/../.."
stamp=node_modules/.lockfile-hash
want=$( (cat package-lock.json; node --version) | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d node_modules/better-sqlite3/build ]; then
  exit 0
fi
echo "Installing npm packages from package-lock.json..."
# onnxruntime-node would otherwise fetch CUDA libraries from nuget.org at install (unreachable, unused).
ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
