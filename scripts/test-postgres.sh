# The throwaway PostgreSQL of `npm test` (sourced by scripts/test.sh; the one place that starts it, ADR 048): a
# server on a free loopback port and a streaming replica of it on another (reporting refreshes read from it), in a
# temporary directory, Debian's binaries (/usr/lib/postgresql/<newest>/bin). Postgres refuses to run as root: as
# root its commands run as the `postgres` OS user (su), otherwise as the current user. Both servers stop and the
# directory goes when the shell that sourced this exits (trap on EXIT).
# start_test_postgres exports DATABASE_URL (database osep) and TEST_READ_REPLICA_URL, or returns 1 with a message.

_pg_as() {
  if [ "$(id -u)" = "0" ]; then su postgres -c "$*"; else bash -c "$*"; fi
}

_pg_free_ports() {
  node -e '
    const net = require("node:net");
    const take = () => new Promise((r) => { const s = net.createServer(); s.listen(0, "127.0.0.1", () => r(s)); });
    Promise.all([take(), take()]).then((ss) => { console.log(ss.map((s) => s.address().port).join(" ")); ss.forEach((s) => s.close()); });'
}

stop_test_postgres() {
  [ -n "${_PG_WORK:-}" ] || return 0
  _pg_as "$_PG_BIN/pg_ctl -D $_PG_WORK/replica -m fast stop" >/dev/null 2>&1 || true
  _pg_as "$_PG_BIN/pg_ctl -D $_PG_WORK/data -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$_PG_WORK"
  _PG_WORK=
}

start_test_postgres() {
  _PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -x "$_PG_BIN/initdb" ] || { echo "No hay binarios de PostgreSQL en /usr/lib/postgresql/*/bin"; return 1; }
  local ports primary replica
  ports=$(_pg_free_ports) || return 1
  read -r primary replica <<<"$ports"
  _PG_WORK=$(mktemp -d "${TMPDIR:-/tmp}/osep-test-pg.XXXXXX")
  trap stop_test_postgres EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  chmod 755 "$_PG_WORK"
  mkdir -p "$_PG_WORK/data" "$_PG_WORK/log" "$_PG_WORK/sock"
  install -d -m 700 "$_PG_WORK/replica"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$_PG_WORK/data" "$_PG_WORK/log" "$_PG_WORK/sock" "$_PG_WORK/replica"
  local opts="-c listen_addresses=127.0.0.1 -k $_PG_WORK/sock"
  _pg_as "$_PG_BIN/initdb -D $_PG_WORK/data -A trust -U postgres -E UTF8 --locale=C.UTF-8" >/dev/null || return 1
  _pg_as "$_PG_BIN/pg_ctl -D $_PG_WORK/data -l $_PG_WORK/log/postgres.log -w -o '-p $primary $opts' start" >/dev/null ||
    { cat "$_PG_WORK/log/postgres.log"; return 1; }
  _pg_as "$_PG_BIN/psql -h 127.0.0.1 -p $primary -U postgres -qc 'create database osep'" || return 1
  _pg_as "$_PG_BIN/pg_basebackup -h 127.0.0.1 -p $primary -U postgres -D $_PG_WORK/replica -R -X stream -c fast" || return 1
  _pg_as "$_PG_BIN/pg_ctl -D $_PG_WORK/replica -l $_PG_WORK/log/replica.log -w -o '-p $replica $opts -c hot_standby=on' start" >/dev/null ||
    { cat "$_PG_WORK/log/replica.log"; return 1; }
  local in_recovery
  in_recovery=$(_pg_as "$_PG_BIN/psql -h 127.0.0.1 -p $replica -U postgres -Atc 'select pg_is_in_recovery()'")
  [ "$in_recovery" = "t" ] || { echo "La réplica no quedó en modo standby"; return 1; }
  export DATABASE_URL="postgres://postgres@127.0.0.1:$primary/osep"
  export TEST_READ_REPLICA_URL="postgres://postgres@127.0.0.1:$replica/osep"
  echo "PostgreSQL $("$_PG_BIN/postgres" --version | awk '{print $3}') descartable en 127.0.0.1:$primary, réplica en streaming en 127.0.0.1:$replica ($_PG_WORK)"
}
