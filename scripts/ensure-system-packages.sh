#!/usr/bin/env bash
# Installs from Debian what the tests need and the machine lacks: chromium (e2e), a CJK font (the
# e2e screenshots and text measurements), xmllint (the customs XSD cross-check). `npm test` runs it
# first, so the README's test command passes on a fresh Debian machine; `.ci/run` runs it with
# `--with-postgresql` for the API suite on PostgreSQL. Does nothing when all is there.
set -euo pipefail
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
dpkg-query -W -f='${Status}' fonts-wqy-microhei 2>/dev/null | grep -q 'ok installed' || missing+=(fonts-wqy-microhei)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
if [[ ${1:-} == --with-postgresql ]]; then
  [[ -x /usr/lib/postgresql/15/bin/initdb ]] || missing+=(postgresql-15)
fi
((${#missing[@]})) || exit 0
if ! command -v apt-get >/dev/null; then
  echo "the tests need: ${missing[*]} (install them with your system's package manager)" >&2
  exit 1
fi
SUDO=()
[[ $(id -u) -eq 0 ]] || SUDO=(sudo -n)
echo "installing what the tests need: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
if ! { timeout 2m "${SUDO[@]}" apt-get update -q && timeout 10m "${SUDO[@]}" apt-get install -y -q -o Dpkg::Use-Pty=0 "${missing[@]}"; } >"$log" 2>&1; then
  tail -40 "$log" >&2
  echo "could not install: ${missing[*]}" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
echo "installed: ${missing[*]}"
