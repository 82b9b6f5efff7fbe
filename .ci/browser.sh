#!/usr/bin/env bash
# Install what the browser tests need, and print the path of axe-core's script:
#   * Debian's chromium (driven by Playwright for Python, launched from /usr/bin/chromium);
#   * axe-core from the npm registry (the accessibility check; used by the tests only, never served).
# Safe to run again.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq >&2
    as_root apt-get install -y -qq "${need[@]}" >&2
fi
axe=.cache/npm/node_modules/axe-core/axe.min.js
if [ ! -f "$axe" ]; then
    npm install --silent --no-save --no-audit --no-fund --prefix .cache/npm 'axe-core@~4.10.3' >&2
fi
echo "$PWD/$axe"
