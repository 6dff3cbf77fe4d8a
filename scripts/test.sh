#!/usr/bin/env bash
# npm test: the whole suite, the same here and in CI (.ci/run only calls it; ADR 048). Installs Debian's chromium,
# postgresql and poppler-utils (pdftotext, to read the PDFs the tests download), nginx, prometheus (promtool),
# pgbackrest and systemd (systemd-analyze) when missing, starts a throwaway
# loopback PostgreSQL and its streaming replica (scripts/test-postgres.sh) unless DATABASE_URL names a server to use,
# builds, type-checks, lints (ESLint + Prettier check + knip), runs vitest and Playwright in real Chromium against the built
# app on that server (the embedded PGlite of `npm start` is covered by tests/unit/first-start.test.ts and the tests
# that pin it), then prints one summary line. TEST_ALSO_ON_NODE=22: vitest once more on that Node version (the npm
# registry's `node` package), against the same server, before the summary.
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# operations (issue 36): nginx in front of the built app, promtool for the alert rules, pgBackRest for the backup
# drill, systemd-analyze for the units of deploy/
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
command -v pgbackrest >/dev/null 2>&1 || missing+=(pgbackrest)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== Instalando paquetes de Debian: ${missing[*]}"
    # RUNLEVEL=1: the packages' services (nginx, prometheus) are installed, not started
    apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" fonts-dejavu-core >/dev/null || { echo "No se pudo instalar ${missing[*]}"; exit 1; }
  else
    echo "Faltan paquetes de Debian (${missing[*]}): instálelos con apt-get o ejecute como root."; exit 1
  fi
fi

out=$(mktemp -d)
status=0

if [ -n "${DATABASE_URL:-}" ]; then
  echo "== Base de datos de las pruebas: PostgreSQL de DATABASE_URL ($(node -e 'const u=new URL(process.env.DATABASE_URL); console.log(u.host+u.pathname)'))"
else
  echo "== Base de datos de las pruebas: PostgreSQL descartable (sin DATABASE_URL)"
  # shellcheck source=scripts/test-postgres.sh
  . scripts/test-postgres.sh
  start_test_postgres || { echo "No se pudo iniciar el PostgreSQL de las pruebas"; exit 1; }
fi

echo "== Compilando"
npm run --silent build || exit 1
echo "== Verificando tipos"
npx tsc --noEmit || status=1
echo "== Lint (ESLint, Prettier y exportaciones sin uso: knip)"
if npm run --silent lint; then echo "Lint, formato y exportaciones: sin problemas"; else status=1; fi

echo "== Pruebas unitarias y de módulos (vitest, Node $(node --version)) contra PostgreSQL${TEST_READ_REPLICA_URL:+ y su réplica}"
npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" || status=1

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

echo "== Pruebas de punta a punta (Playwright, Chromium) contra PostgreSQL"
PLAYWRIGHT_JSON_OUTPUT_NAME="$out/playwright.json" npx playwright test --reporter=list,json || status=1

if [ -n "${TEST_ALSO_ON_NODE:-}" ]; then
  echo "== vitest otra vez en Node ${TEST_ALSO_ON_NODE} (paquete node del registro npm), mismo PostgreSQL"
  npx -y "node@${TEST_ALSO_ON_NODE}" --version || status=1
  npx -y "node@${TEST_ALSO_ON_NODE}" node_modules/vitest/vitest.mjs run --reporter=dot --reporter=json \
    --outputFile.json="$out/vitest-node${TEST_ALSO_ON_NODE}.json" || status=1
  node scripts/test-summary.mjs --only "Node ${TEST_ALSO_ON_NODE}" "$out/vitest-node${TEST_ALSO_ON_NODE}.json" || status=1
fi

node scripts/test-summary.mjs "$out/vitest.json" "$out/playwright.json" || status=1
exit $status
