#!/usr/bin/env bash
# The real services the multi-node tests run against: a PostgreSQL and a Redis of
# their own, on loopback ports, in a temporary directory (never the machine's own
# clusters).  Debian's packages, installed here when missing (as root, with apt-get).
#
#   eval "$(bash scripts/ci-services.sh start)"   # prints the export lines for the tests
#   bash scripts/ci-services.sh stop
#
# Works as root without systemd (PostgreSQL runs as the `postgres` user the package
# creates) and as an ordinary user with the binaries installed.  Everything it says
# goes to stderr; stdout carries only the `export` lines.
set -euo pipefail
cd "$(dirname "$0")/.."

STATE="${EMBARQUE_SERVICES_STATE:-.cache/services.state}"
PG_PORT="${EMBARQUE_PG_PORT:-54329}"
REDIS_PORT="${EMBARQUE_REDIS_PORT:-63799}"
say() { echo "ci-services: $*" >&2; }

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return; fi
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)"
}

install_packages() {
  local missing=()
  [ -n "$(pg_bin)" ] || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "instalando ${missing[*]} (pacotes Debian)…"
    apt-get update -qq >&2
    # policy-rc.d: the packages must not try to start their own services (no systemd here).
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
    rm -f /usr/sbin/policy-rc.d
  else
    say "faltam ${missing[*]} e não há como instalar (precisa de root e apt-get)"
    return 1
  fi
}

# The first free loopback port from $1 on (another checkout may be running its own services).
free_port() {
  local port=$1
  for _ in $(seq 1 50); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
    port=$((port + 1))
  done
  say "nenhuma porta livre a partir de $1"; return 1
}

as_pg_user() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  install_packages
  local bin dir
  PG_PORT=$(free_port "$PG_PORT")
  REDIS_PORT=$(free_port "$REDIS_PORT")
  bin=$(pg_bin)
  dir=$(mktemp -d /tmp/embarque-services.XXXXXX)
  chmod 755 "$dir"
  mkdir -p "$dir/pg"
  [ "$(id -u)" = "0" ] && chown postgres: "$dir/pg"
  say "PostgreSQL ($bin) em $dir/pg, porta $PG_PORT"
  as_pg_user "$bin/initdb" -D "$dir/pg/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
  # Loopback only; durable commits as in production (fsync, synchronous_commit and
  # full_page_writes left on: the crash-stop drill must lose nothing acknowledged, and
  # with synchronous_commit=off a 175 s crash-stop lost 3 acknowledged complaints,
  # issue #34); enough connections for the concurrency tests and the two-node drill.
  as_pg_user "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $dir/pg -c fsync=on -c synchronous_commit=on -c full_page_writes=on -c max_connections=200" >/dev/null
  as_pg_user "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres embarque_test
  say "Redis em 127.0.0.1:$REDIS_PORT"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --daemonize yes \
    --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir"
  for _ in $(seq 1 50); do [ -s "$dir/redis.pid" ] && break; sleep 0.1; done
  mkdir -p "$(dirname "$STATE")"
  printf 'DIR=%s\nPG_BIN=%s\n' "$dir" "$bin" > "$STATE"
  echo "export DATABASE_URL=postgresql://postgres@127.0.0.1:$PG_PORT/embarque_test"
  echo "export RATELIMIT_STORAGE_URI=redis://127.0.0.1:$REDIS_PORT/0"
  # For the PostgreSQL crash-stop drill (benchmarks/faults.py): where the server's data is.
  echo "export EMBARQUE_PG_DATA=$dir/pg/data EMBARQUE_PG_BIN=$bin"
}

stop() {
  [ -f "$STATE" ] || { say "nada a parar"; return 0; }
  # shellcheck disable=SC1090
  . "$STATE"
  as_pg_user "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -m fast -w stop >/dev/null 2>&1 || say "PostgreSQL já estava parado"
  if [ -s "$DIR/redis.pid" ]; then kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true; fi
  rm -rf "$DIR" "$STATE"
  say "serviços parados"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "uso: $0 start|stop" >&2; exit 2 ;;
esac
