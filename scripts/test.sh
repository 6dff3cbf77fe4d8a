#!/usr/bin/env bash
# npm test: the whole suite. Installs Debian's chromium, postgresql and poppler-utils (pdftotext, to read the PDFs
# the tests download) when missing, builds, type-checks, lints (ESLint + Prettier check),
# runs vitest (PGlite in-process, or the Postgres of DATABASE_URL) and Playwright in real Chromium against the
# built app, then prints one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== Instalando paquetes de Debian: ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" fonts-dejavu-core >/dev/null || { echo "No se pudo instalar ${missing[*]}"; exit 1; }
  else
    echo "Faltan paquetes de Debian (${missing[*]}): instálelos con apt-get o ejecute como root."; exit 1
  fi
fi

out=$(mktemp -d)
status=0

echo "== Compilando"
npx remix build || exit 1
echo "== Verificando tipos"
npx tsc --noEmit || status=1
echo "== Lint (ESLint) y formato (Prettier)"
if npx eslint . && npx prettier --check . --log-level warn; then echo "Lint y formato: sin problemas"; else status=1; fi

echo "== Pruebas unitarias y de módulos (vitest) ${DATABASE_URL:+contra PostgreSQL}"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" || status=1

if [ -n "${DATABASE_URL:-}" ]; then
  # A fresh database for the end-to-end run, on the same server.
  export E2E_DATABASE_URL
  E2E_DATABASE_URL=$(node -e 'const u=new URL(process.env.DATABASE_URL); u.pathname="/osep_e2e"; console.log(u.toString())')
  if [ -n "${TEST_READ_REPLICA_URL:-}" ]; then
    export E2E_READ_REPLICA_URL
    E2E_READ_REPLICA_URL=$(node -e 'const u=new URL(process.env.TEST_READ_REPLICA_URL); u.pathname="/osep_e2e"; console.log(u.toString())')
  fi
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    c.connect().then(() => c.query("drop database if exists osep_e2e with (force)")).then(() => c.query("create database osep_e2e")).then(() => c.end())
      .catch((e) => { console.error(e.message); process.exit(1); });' || exit 1
fi

echo "== Pruebas de punta a punta (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/playwright.json" npx playwright test --reporter=list,json || status=1

node scripts/test-summary.mjs "$out/vitest.json" "$out/playwright.json" || status=1
exit $status
