#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL on 127.0.0.1:54329 and TEST_DATABASE_URL exported.
# Installs Debian's postgresql only when no initdb is found. The cluster is owned by the
# `postgres` user (PostgreSQL refuses to run as root) and is always stopped and deleted on exit.
# Usage: scripts/with-postgres.sh npx vitest run --project server
# PG_OPTIONS adds server settings (the scale bench gives the cluster memory as production would).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command…>" >&2; exit 2; }

PORT="${PG_TEST_PORT:-54329}"
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
BIN="$(find_bin || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "with-postgres: installing postgresql (apt-get)…" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

D="$(mktemp -d /tmp/tessera-pg.XXXXXX)"
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$D"
  RUN_AS=(su postgres -s /bin/bash -c)
else
  RUN_AS=(bash -c)
fi
SUPERUSER="$( [ "$(id -u)" -eq 0 ] && echo postgres || id -un )"

cleanup() {
  "${RUN_AS[@]}" "'$BIN/pg_ctl' -D '$D/data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$D"
}
trap cleanup EXIT

"${RUN_AS[@]}" "'$BIN/initdb' -D '$D/data' -U '$SUPERUSER' -A trust -E UTF8 >/dev/null"
"${RUN_AS[@]}" "'$BIN/pg_ctl' -D '$D/data' -l '$D/log' -w -o \"-p $PORT -c listen_addresses=127.0.0.1 -k $D -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_OPTIONS:-}\" start >/dev/null"
"${RUN_AS[@]}" "'$BIN/psql' -h 127.0.0.1 -p $PORT -U '$SUPERUSER' -d postgres -v ON_ERROR_STOP=1 -q -c \"create role tessera login createdb password 'tessera'\" -c \"create database tessera_test owner tessera\""

export TEST_DATABASE_URL="postgres://tessera:tessera@127.0.0.1:$PORT/tessera_test"
echo "with-postgres: TEST_DATABASE_URL=$TEST_DATABASE_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
