#!/usr/bin/env bash
# First step of `npm test`: the browser tests need Chromium, the PostgreSQL variants a server on 127.0.0.1:5432
# (user postgres, trust). As root on Debian/Ubuntu, whatever is missing is installed and started; elsewhere one
# line says what to install or set and which tests are skipped without it (with CI=true they fail instead).
# `setup-test.sh --browser` only answers whether Chromium is there (exit 0) or not (exit 1).
set -euo pipefail

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
has_chromium() { [ -x "$chromium" ]; }
has_postgres() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }

if [ "${1:-}" = "--browser" ]; then has_chromium; exit; fi

can_install=no
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then can_install=yes; fi
apt_updated=no
apt_install() {
  if [ "$apt_updated" = no ]; then apt-get update -qq; apt_updated=yes; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

if ! has_chromium && [ "$can_install" = yes ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "Installiere Chromium für die Browsertests …"
  apt_install chromium
fi
# Beside it Debian's headless shell, the lighter build most browser tests run in, and its German language files, so
# a date field shows the German form (playwright.config.ts). Where either is missing, the tests still run.
if has_chromium && [ "$can_install" = yes ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  [ -x /usr/bin/chromium-headless-shell ] || apt_install chromium-headless-shell ||
    echo "chromium-headless-shell nicht installierbar: alle Browsertests laufen im vollen Chromium."
  [ -e /usr/lib/chromium/locales/de.pak ] || apt_install chromium-l10n ||
    echo "chromium-l10n nicht installierbar: Datumsfelder zeigen in den Browsertests die englische Form."
fi

if ! has_postgres && [ "$can_install" = yes ]; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "Installiere PostgreSQL für die Datenbanktests …"
    apt_install postgresql
    # The tests connect as postgres over TCP without a password, as on the development machines.
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' /etc/postgresql/*/main/pg_hba.conf
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do has_postgres && break; sleep 1; done
fi

missing=()
skipped=()
if ! has_chromium; then
  missing+=("Chromium fehlt ($chromium): apt install chromium oder CHROMIUM_PATH=/pfad/zu/chromium setzen")
  skipped+=("die Browsertests (npm run test:e2e, server/routes/csp-browser.test.ts)")
fi
if ! has_postgres; then
  missing+=("kein PostgreSQL auf 127.0.0.1:5432 (Benutzer postgres, trust): apt install postgresql")
  skipped+=("die PostgreSQL-Varianten der Servertests")
fi
if [ ${#missing[@]} -gt 0 ]; then
  joined_missing=$(IFS=';'; echo "${missing[*]}" | sed 's/;/; /g')
  joined_skipped=$(IFS=';'; echo "${skipped[*]}" | sed 's/;/ und /g')
  if [ "${CI:-}" = true ]; then
    echo "npm test: ${joined_missing}. Mit CI=true fehlen damit ${joined_skipped}: Abbruch." >&2
    exit 1
  fi
  echo "npm test: ${joined_missing}; übersprungen werden ${joined_skipped}." >&2
fi
exit 0
