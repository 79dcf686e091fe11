#!/usr/bin/env bash
# The order benchmark: wrk against POST /api/orders (orders durable on disk before their 201) and, in the same run
# and the same server, against POST /api/orders/echo (decodes and encodes the same JSON, touches no state).
# Prints each run's requests/s and p50/p99, and the median ratio. Usage: scripts/bench-server.sh [JUICE] [RUNS]
# (JUICE defaults to the release build; wrk: 2 threads, 64 connections, 10 s; the client shares the 2 cores.)
set -euo pipefail
cd "$(dirname "$0")/.."
juice=$(realpath "${1:-.build/release/juice}")
runs=${2:-3}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
# Ample stock: the built-in menu with room for every order of every run.
cp -r recipes "$work/recipes"
cat > "$work/recipes/store.yaml" <<'YAML'
version: 1
store:
  capacity: 1000000000
  stock: {strawberry: 1000000000, banana: 1000000000, pineapple: 1000000000, kiwi: 1000000000, mango: 1000000000}
YAML
cat > "$work/order.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"juice": "banana-juice", "count": 1}'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.0f %.3f %.3f %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status))
end
LUA
SWIFT_BACKTRACE=enable=no LOG_LEVEL=error "$juice" serve --port 0 --recipes "$work/recipes" --state "$work/state.sqlite" > "$work/out" 2> "$work/err" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$work/out" && break; sleep 0.1; done
port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/out")
ratios=()
for run in $(seq "$runs"); do
    read -r echo_rate echo_p50 echo_p99 echo_errors < <(wrk -t2 -c64 -d10s -s "$work/order.lua" "http://127.0.0.1:$port/api/orders/echo" | sed -n 's/^RESULT //p')
    read -r order_rate order_p50 order_p99 order_errors < <(wrk -t2 -c64 -d10s -s "$work/order.lua" "http://127.0.0.1:$port/api/orders" | sed -n 's/^RESULT //p')
    ratio=$(python3 -c "print(f'{$order_rate / $echo_rate:.2f}')")
    ratios+=("$ratio")
    echo "run $run: echo $echo_rate req/s (p50 $echo_p50 ms, p99 $echo_p99 ms, non-2xx $echo_errors); orders $order_rate req/s (p50 $order_p50 ms, p99 $order_p99 ms, non-2xx $order_errors); ratio $ratio"
done
echo "median ratio orders/echo: $(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
served=$(curl -s "http://127.0.0.1:$port/metrics" | sed -n 's/^juice_orders_total{result="served"} //p')
echo "orders served (metrics): $served"
