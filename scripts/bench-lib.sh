# Shared by the order benchmarks (bench-server.sh, bench-postgres.sh); source it, don't run it.

# bench_recipes WORK: the built-in menu in WORK/recipes, with stock for every order of every run.
bench_recipes() {
    cp -r recipes "$1/recipes"
    cat > "$1/recipes/store.yaml" <<'YAML'
version: 1
store:
  capacity: 1000000000
  stock: {strawberry: 1000000000, banana: 1000000000, pineapple: 1000000000, kiwi: 1000000000, mango: 1000000000}
YAML
}

# bench_order_script WORK: WORK/order.lua, wrk's script for one banana juice per request. wrk then prints
# "RESULT requests/s p50-ms p99-ms non-2xx socket-errors".
bench_order_script() {
    cat > "$1/order.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"juice": "banana-juice", "count": 1}'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.3f %.3f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
}

# bench_wrk THREADS CONNECTIONS SECONDS URL: one wrk run of WORK/order.lua ($work must be set); prints its RESULT fields.
bench_wrk() {
    wrk -t"$1" -c"$2" -d"$3s" -s "$work/order.lua" "$4" | sed -n 's/^RESULT //p'
}

# bench_serve JUICE STATE NAME: starts `JUICE serve` on a free port with WORK/recipes and STATE, waits until it
# serves, appends its process id to the array `servers`, and sets `bench_port` to its port.
bench_serve() {
    SWIFT_BACKTRACE=enable=no LOG_LEVEL=error "$1" serve --port 0 --recipes "$work/recipes" --state "$2" \
        > "$work/out-$3" 2> "$work/err-$3" &
    servers+=($!)
    for _ in $(seq 200); do grep -q "serving on" "$work/out-$3" && break; sleep 0.1; done
    grep -q "serving on" "$work/out-$3" || { cat "$work/err-$3" >&2; return 1; }
    bench_port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/out-$3")
}

# bench_echo_server BENCH NAME: starts `BENCH echo-server` (the order benchmark's baseline: the shop's HTTP work for
# POST /api/orders, no state) on a free port, like bench_serve (appends to `servers`, sets `bench_port`).
bench_echo_server() {
    SWIFT_BACKTRACE=enable=no "$1" echo-server --port 0 > "$work/out-$2" 2> "$work/err-$2" &
    servers+=($!)
    for _ in $(seq 200); do grep -q "serving on" "$work/out-$2" && break; sleep 0.1; done
    grep -q "serving on" "$work/out-$2" || { cat "$work/err-$2" >&2; return 1; }
    bench_port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/out-$2")
    bench_check_echo "$bench_port"
}

# bench_check_echo PORT: the baseline answers as the shop's order route does (a receipt for an order, 400
# out-of-range for a count of 0), or the comparison would measure something else; fails otherwise.
bench_check_echo() {
    local url="http://127.0.0.1:$1/api/orders" served refused
    served=$(curl -s -w '\n%{http_code}' -H 'Content-Type: application/json' -d '{"juice": "banana-juice", "count": 3}' "$url")
    refused=$(curl -s -w '\n%{http_code}' -H 'Content-Type: application/json' -d '{"juice": "banana-juice", "count": 0}' "$url")
    python3 - "$served" "$refused" <<'PY' || { echo "the echo server does not answer like the shop's order route" >&2; return 1; }
import json, sys
served, refused = (text.rsplit("\n", 1) for text in sys.argv[1:3])
receipt = json.loads(served[0])
assert served[1] == "201" and receipt["entry"]["juice"] == "banana-juice" and receipt["entry"]["count"] == 3, served
assert refused[1] == "400" and json.loads(refused[0])["error"]["code"] == "out-of-range", refused
PY
}

# bench_stop_servers: stops every server in `servers` (for an EXIT trap).
bench_stop_servers() {
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
}

# bench_cleanup: stops every server in `servers`, the private PostgreSQL server if one was started
# (scripts/postgres.sh, JUICE_TEST_POSTGRES_DIR), and removes `work` (for an EXIT trap).
bench_cleanup() {
    bench_stop_servers
    [ -n "${JUICE_TEST_POSTGRES_DIR:-}" ] && scripts/postgres.sh stop "$JUICE_TEST_POSTGRES_DIR" || true
    rm -rf "$work"
}

# bench_as_owner COMMAND...: runs COMMAND as the PostgreSQL server's owner (the `postgres` user when we are root).
bench_as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
