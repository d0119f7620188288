#!/usr/bin/env bash
# Debian packages the tests need: Chromium (its headless shell for e2e, the full browser for the benchmarks'
# Lighthouse), PostgreSQL for the scale-path tests, nginx for the two-instance suite (deploy/nginx.conf in front
# of two cms), Noto fonts so every script (Arabic, Devanagari, …) renders, poppler's pdftotext that reads poem
# PDFs in every script (issue 37; the cms refuses to start without it). Idempotent and quick when all are present.
# `system-deps.sh stack`: only what the running stack itself needs (npm start).
set -euo pipefail
# One at a time: .ci/run starts it beside npm install, and npm test's own call waits here until that one is done.
exec 9>"${TMPDIR:-/tmp}/writory-system-deps.lock"
flock 9
missing=()
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v prlimit >/dev/null 2>&1 || missing+=(util-linux)
if [ "${1:-}" != stack ]; then
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
# grep -c, not -q: -q stops reading, fc-list dies of SIGPIPE and pipefail would count the fonts as missing.
fc-list 2>/dev/null | grep -ci 'Noto Sans Arabic' >/dev/null || missing+=(fonts-noto-core)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "missing system packages: ${missing[*]} (install them with your package manager)" >&2
  exit 1
fi
echo "[system-deps] installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
