#!/usr/bin/env bash
# A private PostgreSQL server for tests and benchmarks: its own data directory in a temp dir, a free port on
# 127.0.0.1, run as the `postgres` user when invoked as root. Nothing outside that directory is touched.
#
# Usage:
#   eval "$(scripts/postgres.sh start)"   starts one; prints `export` lines for JUICE_TEST_POSTGRES_URL (the
#                                         superuser `juice`, database `juice`) and JUICE_TEST_POSTGRES_DIR
#   scripts/postgres.sh stop [DIR]        stops it and removes its directory (DIR defaults to $JUICE_TEST_POSTGRES_DIR)
#   scripts/postgres.sh restart [DIR]     stops it fast (clients are cut off) and starts it again on the same port
#   scripts/postgres.sh down [DIR]        stops it fast, keeping its directory (the database is away until `up`)
#   scripts/postgres.sh up [DIR]          starts a server stopped by `down` again on the same port
#   scripts/postgres.sh psql [ARGS...]    psql as the superuser on that server
#   scripts/postgres.sh watch DIR FILE    until killed, appends to FILE every 2 s what the server's sessions wait on
#                                         (those busy for more than 2 s) and how many there are: what CI prints when a
#                                         test step fails, so that a stall says where it was
#
# A test server does not wait for the disk (fsync, synchronous_commit and full_page_writes off; its data in
# /dev/shm when that has room): what the tests check is what is stored, and a slow or shared disk must not turn a
# burst of tests into "the database did not answer in time". The data survives a stop of the server, not of the
# machine. JUICE_POSTGRES_DURABLE=1 (the benchmarks) starts it as a real shop's server is, on disk and syncing.
#
# Roles for the fault tests: `juice` (superuser, trust), `juice_secret` (password `right`, scram-sha-256; a wrong
# password is refused), `juice_limited` (may connect, may not create tables: migrations are refused).
set -euo pipefail

bin=${POSTGRES_BIN:-}
if [ -z "$bin" ]; then
    for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && bin=$candidate; done
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "postgres.sh: PostgreSQL's initdb was not found (install Debian's 'postgresql' package, or set POSTGRES_BIN)" >&2
    exit 1
fi

# Runs a server program as the owner of the data directory (the `postgres` user when we are root).
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Runs "$@" with no open descriptor but 0, 1 and 2, so that a daemon started from here keeps none of its caller's
# pipes or sockets open (Foundation's Process on Linux sees its child exit only when such a socket closes:
# swift-corelibs-foundation#4795; a test running this script would otherwise wait for the server to stop).
without_inherited_fds() {
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd=${fd##*/}
            case $fd in 0 | 1 | 2 | 255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
        done
        "$@"
    )
}

# What the server is started with: its port and socket directory, loopback only, room for every test at once, and
# (unless durable, as written in $1/durable) no waiting on the disk; statements and lock waits over a second logged.
start_server() { # DIR PORT
    local settings="-p $2 -k $1 -c listen_addresses=127.0.0.1 -c max_connections=300"
    settings+=" -c log_min_duration_statement=1000 -c log_lock_waits=on -c deadlock_timeout=1s"
    [ -f "$1/durable" ] || settings+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    without_inherited_fds as_owner "$bin/pg_ctl" -D "$1/data" -l "$1/log" -w -t 60 -o "$settings" start >/dev/null
}

# Where a new server's directory goes: /dev/shm when it has 4 GiB free (a test run makes about a hundred small
# databases), unless durable; else $TMPDIR.
server_parent() {
    if [ "${JUICE_POSTGRES_DURABLE:-0}" != 1 ] && [ -d /dev/shm ] && [ -w /dev/shm ] &&
        [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt $((4 * 1024 * 1024)) ]; then
        echo /dev/shm
    else
        echo "${TMPDIR:-/tmp}"
    fi
}

command=${1:-}
case "$command" in
start)
    dir=$(mktemp -d "$(server_parent)/juice-postgres.XXXXXX")
    chmod 755 "$dir"
    [ "${JUICE_POSTGRES_DURABLE:-0}" = 1 ] && touch "$dir/durable"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    port=$(free_port)
    as_owner "$bin/initdb" -D "$dir/data" -U juice --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }
    # The password-checked role first; everyone else is trusted (a private server on 127.0.0.1 and a socket).
    as_owner sh -c "printf '%s\n' \
        'local all all trust' \
        'host all juice_secret 127.0.0.1/32 scram-sha-256' \
        'host all all 127.0.0.1/32 trust' > '$dir/data/pg_hba.conf'"
    echo "$port" >"$dir/port"
    start_server "$dir" "$port" || { cat "$dir/log" >&2; rm -rf "$dir"; exit 1; }
    as_owner "$bin/psql" -X -q -h "$dir" -p "$port" -U juice -d postgres -v ON_ERROR_STOP=1 <<'SQL' >/dev/null
CREATE DATABASE juice;
CREATE ROLE juice_secret LOGIN PASSWORD 'right';
CREATE ROLE juice_limited LOGIN;
SQL
    echo "export JUICE_TEST_POSTGRES_URL=postgres://juice@127.0.0.1:$port/juice"
    echo "export JUICE_TEST_POSTGRES_DIR=$dir"
    ;;
stop)
    dir=${2:-${JUICE_TEST_POSTGRES_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir" ] || { echo "postgres.sh stop: no server directory given" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
restart)
    dir=${2:-${JUICE_TEST_POSTGRES_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir" ] || { echo "postgres.sh restart: no server directory given" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    start_server "$dir" "$(cat "$dir/port")"
    ;;
down)
    dir=${2:-${JUICE_TEST_POSTGRES_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir" ] || { echo "postgres.sh down: no server directory given" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
up)
    dir=${2:-${JUICE_TEST_POSTGRES_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir" ] || { echo "postgres.sh up: no server directory given" >&2; exit 1; }
    start_server "$dir" "$(cat "$dir/port")"
    ;;
psql)
    dir=${JUICE_TEST_POSTGRES_DIR:?"postgres.sh psql: JUICE_TEST_POSTGRES_DIR is not set"}
    shift
    as_owner "$bin/psql" -X -h "$dir" -p "$(cat "$dir/port")" -U juice "$@"
    ;;
watch)
    dir=${2:?"postgres.sh watch: no server directory given"}
    out=${3:?"postgres.sh watch: no output file given"}
    while [ -d "$dir" ]; do
        as_owner "$bin/psql" -X -q -A -t -F ' | ' -h "$dir" -p "$(cat "$dir/port")" -U juice -d postgres -c "
            SELECT to_char(now(), 'HH24:MI:SS'), 'sessions ' || count(*) FILTER (WHERE backend_type = 'client backend')
                || ', active ' || count(*) FILTER (WHERE state = 'active' AND backend_type = 'client backend')
            FROM pg_stat_activity
            UNION ALL
            SELECT to_char(now(), 'HH24:MI:SS'), concat_ws(' | ', datname, backend_type, state,
                wait_event_type || ':' || wait_event, round(extract(epoch FROM now() - coalesce(query_start, backend_start)))
                || ' s', left(regexp_replace(query, '\s+', ' ', 'g'), 100))
            FROM pg_stat_activity
            WHERE pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle' AND backend_type = 'client backend'
                AND now() - coalesce(query_start, backend_start) > interval '2 seconds'" >>"$out" 2>&1 || true
        sleep 2
    done
    ;;
*)
    echo "usage: scripts/postgres.sh start | stop [DIR] | restart [DIR] | down [DIR] | up [DIR] | psql [ARGS...] | watch DIR FILE" >&2
    exit 2
    ;;
esac
