#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing. Usage:
#   install-system-packages.sh run    # what `make run` needs
#   install-system-packages.sh test   # what `make test` needs (adds Chromium for browser tests)
set -euo pipefail
purpose=${1:-run}

# command-to-check:debian-package
needs=("nats-server:nats-server")
if [ "$purpose" = test ]; then
  needs+=("chromium:chromium")
fi

missing=()
for pair in "${needs[@]}"; do
  cmd=${pair%%:*}
  pkg=${pair#*:}
  command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || [ -x "/usr/bin/$cmd" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages: ${missing[*]}. This machine has no apt-get: install them by hand." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else echo "Installing ${missing[*]} needs root or sudo." >&2; exit 1; fi
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
