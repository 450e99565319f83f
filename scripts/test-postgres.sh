#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the API tests on a temporary folder and prints its URL
# (postgres://...). Installs Debian's postgresql when missing. PostgreSQL refuses to run as root,
# so as root it runs as the 'postgres' user (created by the package). Stop it with
#   scripts/test-postgres.sh stop   (the folder is kept in .tmp/test-postgres.dir).
# TEST_PG_OPTIONS adds server settings (the scale benchmark loads pg_stat_statements and gives the
# bulk load more memory), e.g. TEST_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements".
set -euo pipefail
if [ "${1:-}" = "stop" ]; then
  DIR="$(cat .tmp/test-postgres.dir 2>/dev/null || true)"
  [ -n "$DIR" ] || exit 0
  BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true; else "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true; fi
  rm -rf "$DIR" .tmp/test-postgres.dir
  exit 0
fi
PORT="${TEST_PG_PORT:-$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$BIN" ]; then
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update >&2
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql >&2
  BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
DIR="$(mktemp -d /tmp/porchlight-pg-XXXXXX)"
RUN=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$DIR"; RUN=(runuser -u postgres --); fi
"${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U porchlight --auth=trust -E UTF8 >/dev/null
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 ${TEST_PG_OPTIONS:-}" start >&2
echo "PostgreSQL on port $PORT, data in $DIR/data" >&2
mkdir -p .tmp && echo "$DIR" > .tmp/test-postgres.dir
echo "postgres://porchlight@127.0.0.1:$PORT/postgres"
