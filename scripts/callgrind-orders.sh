#!/usr/bin/env bash
# Instructions per order in `juice serve` under load (session 14's method): a private PostgreSQL server
# (scripts/postgres.sh), `juice serve` on it under callgrind with instrumentation off, warmed up by wrk, then
# instrumentation on for SECONDS of wrk (1 thread, 64 connections, long timeout: valgrind is slow) and off again; the
# total divided by the journal's growth. Valgrind 3.19 cannot read the debug information of the release binary, so a
# copy stripped of it is measured (the symbol table stays, so callgrind_annotate still names functions).
#
# Usage: scripts/callgrind-orders.sh [JUICE] [SECONDS] [OUT]
#   JUICE defaults to .build/release/juice, built with `--traits PostgreSQL`; OUT (the callgrind file, for
#   `callgrind_annotate --inclusive=yes OUT`) defaults to a file in the working directory. Needs valgrind and wrk.
set -euo pipefail
cd "$(dirname "$0")/.."
juice=$(realpath "${1:-.build/release/juice}")
seconds=${2:-30}
out=$(realpath -m "${3:-callgrind-orders.out}")
source scripts/bench-lib.sh
work=$(mktemp -d)
servers=()
trap bench_cleanup EXIT
bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
eval "$(scripts/postgres.sh start)"
port=$(cat "$JUICE_TEST_POSTGRES_DIR/port")
psql_() { bench_as_owner "$bin/psql" "$@"; }
psql_ -X -q -t -A -h 127.0.0.1 -p "$port" -U juice -d postgres -c "CREATE DATABASE shop"
orders() { psql_ -X -q -t -A -h 127.0.0.1 -p "$port" -U juice -d shop -c "SELECT count(*) FROM journal"; }
cp "$juice" "$work/juice" && strip --strip-debug "$work/juice"
bench_recipes "$work"
bench_order_script "$work"
SWIFT_BACKTRACE=enable=no LOG_LEVEL=error valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
    "$work/juice" serve --port 0 --recipes "$work/recipes" --state "postgres://juice@127.0.0.1:$port/shop" \
    > "$work/out" 2> "$work/err" &
servers+=($!)
pid=$!
for _ in $(seq 600); do grep -q "serving on" "$work/out" && break; sleep 0.2; done
grep -q "serving on" "$work/out" || { cat "$work/err" >&2; exit 1; }
url="http://127.0.0.1:$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/out")/api/orders"
wrk -t1 -c64 -d10s --timeout 60s -s "$work/order.lua" "$url" > /dev/null
sleep 3
before=$(orders)
callgrind_control -i on "$pid" > /dev/null 2>&1
wrk -t1 -c64 -d"${seconds}s" --timeout 60s -s "$work/order.lua" "$url" > /dev/null
sleep 5
callgrind_control -i off "$pid" > /dev/null 2>&1
after=$(orders)
kill "$pid"
wait "$pid" 2> /dev/null || true
servers=()
total=$(callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
echo "$((after - before)) orders, $total instructions: $((total / (after - before))) per order ($out)"
