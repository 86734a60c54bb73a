#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for running the API suite against a real server.
#
#   export DATABASE_URL=$(scripts/pg-test.sh start)   # prints only the URL on stdout
#   npx vitest run --project api
#   scripts/pg-test.sh stop                           # stops it and deletes its files
#   scripts/pg-test.sh status | url
#   export DATABASE_READ_URL=$(scripts/pg-test.sh start-standby)   # a streaming hot standby of it
#                                                     # (stop stops both; standby-url prints its URL)
#
# The cluster lives in its own directory (data, socket dir, log), listens on 127.0.0.1 only, on its
# own port, with trust auth and durability switched off (it is thrown away). Run as root it runs the
# server as the `postgres` user (postgres refuses root), creating that user if missing.
#
# Environment:
#   PG_TEST_PORT  port (default: first free port from 55433)
#   PG_TEST_DIR   where the cluster lives (default: /tmp/cbec-pg-test-<uid>-<checksum of the repo path>)
#   PG_BIN        PostgreSQL binaries (default: /usr/lib/postgresql/15/bin, else pg_config --bindir)
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${PG_TEST_DIR:-/tmp/cbec-pg-test-$(id -u)-$(printf '%s' "$REPO" | cksum | cut -d' ' -f1)}
DATA=$ROOT/data
SOCK=$ROOT/sock
LOG=$ROOT/postgres.log
PORT_FILE=$ROOT/port
SDATA=$ROOT/standby
SSOCK=$ROOT/standby-sock
SLOG=$ROOT/standby.log
SPORT_FILE=$ROOT/standby-port

log() { printf 'pg-test: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

pg_bin() {
  if [[ -n ${PG_BIN:-} ]]; then echo "$PG_BIN"
  elif [[ -x /usr/lib/postgresql/15/bin/pg_ctl ]]; then echo /usr/lib/postgresql/15/bin
  elif command -v pg_config >/dev/null 2>&1; then pg_config --bindir
  else die "PostgreSQL binaries not found (apt-get install postgresql-15, or set PG_BIN)"
  fi
}

# Runs a PostgreSQL binary as the owner of the cluster: ourselves, or `postgres` when we are root.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

url_for() { echo "postgres://postgres@127.0.0.1:$1/postgres"; }

running() { [[ -f $DATA/postmaster.pid ]] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }
standby_running() { [[ -f $SDATA/postmaster.pid ]] && as_owner "$BIN/pg_ctl" -D "$SDATA" status >/dev/null 2>&1; }

# A streaming hot standby of the running cluster on the next free port (read replica tests, issue 30):
# a base backup taken over the replication protocol (-R writes standby.signal and primary_conninfo).
cmd_start_standby() {
  running || die "the primary is not running (start it first)"
  if standby_running; then
    log "standby already running ($SDATA)"
    url_for "$(cat "$SPORT_FILE")"
    return
  fi
  local primary port
  primary=$(cat "$PORT_FILE")
  port=${PG_TEST_STANDBY_PORT:-$((primary + 1))}
  while ! port_free "$port"; do
    port=$((port + 1))
    ((port < primary + 100)) || die "no free port for the standby"
  done
  # initdb --auth=trust already allows replication from 127.0.0.1; said again in case it did not
  grep -qE '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$DATA/pg_hba.conf" || {
    echo 'host replication all 127.0.0.1/32 trust' >>"$DATA/pg_hba.conf"
    as_owner "$BIN/pg_ctl" -D "$DATA" reload >/dev/null
  }
  rm -rf "$SDATA" "$SSOCK"
  mkdir -p "$SSOCK"
  echo "$port" >"$SPORT_FILE"
  [[ $(id -u) -eq 0 ]] && chown postgres: "$SSOCK" "$SPORT_FILE"
  local t0=$SECONDS
  as_owner "$BIN/pg_basebackup" -h 127.0.0.1 -p "$primary" -U postgres -D "$SDATA" -R -X stream --no-sync \
    >"$ROOT/basebackup.log" 2>&1 || { cat "$ROOT/basebackup.log" >&2; die "pg_basebackup failed"; }
  # max_connections (and the other "at least the primary's" settings) as the primary's, or it refuses to start
  as_owner "$BIN/pg_ctl" -D "$SDATA" -l "$SLOG" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$SSOCK -c fsync=off -c full_page_writes=off -c max_connections=200 -c hot_standby=on" \
    >/dev/null 2>&1 || { cat "$SLOG" >&2 2>/dev/null || true; die "standby start failed"; }
  log "standby of 127.0.0.1:$primary on 127.0.0.1:$port started in $((SECONDS - t0)) s"
  url_for "$port"
}

cmd_stop_standby() {
  if standby_running; then
    as_owner "$BIN/pg_ctl" -D "$SDATA" -m fast -w -t 30 stop >/dev/null 2>&1 || log "standby stop failed (see $SLOG)"
    log "standby stopped"
  fi
}

cmd_start() {
  if running; then
    log "already running ($DATA)"
    url_for "$(cat "$PORT_FILE")"
    return
  fi
  local port=${PG_TEST_PORT:-}
  if [[ -z $port ]]; then
    port=55433
    while ! port_free "$port"; do
      port=$((port + 1))
      ((port < 55533)) || die "no free port in 55433-55532"
    done
  elif ! port_free "$port"; then
    die "port $port is in use"
  fi

  rm -rf "$ROOT"
  mkdir -p "$DATA" "$SOCK"
  echo "$port" >"$PORT_FILE"
  if [[ $(id -u) -eq 0 ]]; then
    id -u postgres >/dev/null 2>&1 || useradd -r -M -d /nonexistent -s /usr/sbin/nologin postgres
    chown -R postgres: "$ROOT"
    chmod 700 "$ROOT"
  fi

  local t0=$SECONDS
  as_owner "$BIN/initdb" -D "$DATA" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    --no-sync >"$ROOT/initdb.log" 2>&1 || { cat "$ROOT/initdb.log" >&2; die "initdb failed"; }
  # Throwaway cluster: no fsync, small, local only.
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$SOCK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null 2>&1 || { cat "$LOG" >&2 2>/dev/null || true; die "pg_ctl start failed"; }
  log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($ROOT) started in $((SECONDS - t0)) s"
  url_for "$port"
}

cmd_stop() {
  cmd_stop_standby
  if running; then
    as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 30 stop >/dev/null 2>&1 || log "pg_ctl stop failed (see $LOG)"
    log "stopped"
  else
    log "not running"
  fi
  rm -rf "$ROOT"
}

BIN=$(pg_bin)
case ${1:-} in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) if running; then log "running: $(url_for "$(cat "$PORT_FILE")")"; else log "not running"; exit 3; fi ;;
  url) running || die "not running"; url_for "$(cat "$PORT_FILE")" ;;
  start-standby) cmd_start_standby ;;
  stop-standby) cmd_stop_standby ;;
  standby-url) standby_running || die "standby not running"; url_for "$(cat "$SPORT_FILE")" ;;
  *) echo "usage: $0 start|stop|status|url|start-standby|stop-standby|standby-url" >&2; exit 2 ;;
esac
