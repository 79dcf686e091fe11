#!/usr/bin/env bash
# The order benchmark: wrk against POST /api/orders of `juice serve` (orders durable on disk before their 201) and, in
# the same run, against the baseline `juice-bench echo-server` (the same middleware, decoding and receipt encoding
# for POST /api/orders, touching no state; the two servers never run wrk at the same time).
# Prints each run's requests/s and p50/p99, and the median ratio. Usage: scripts/bench-server.sh [JUICE] [RUNS]
# (JUICE defaults to the release build, juice-bench is taken beside it or from JUICE_BENCH; wrk: 2 threads,
# 64 connections, 10 s; the client shares the 2 cores.) Build both first: JUICE_BENCHMARKS=1 swift build -c release.
set -euo pipefail
cd "$(dirname "$0")/.."
juice=$(realpath "${1:-.build/release/juice}")
runs=${2:-3}
bench=$(realpath "${JUICE_BENCH:-$(dirname "$juice")/juice-bench}")
[ -x "$bench" ] || { echo "no $bench: build the benchmarks with JUICE_BENCHMARKS=1 swift build -c release" >&2; exit 1; }
source scripts/bench-lib.sh
work=$(mktemp -d)
servers=()
trap 'bench_stop_servers; rm -rf "$work"' EXIT
bench_recipes "$work"
bench_order_script "$work"
bench_serve "$juice" "$work/state.sqlite" shop
port=$bench_port
bench_echo_server "$bench" echo
echo_port=$bench_port
ratios=()
for run in $(seq "$runs"); do
    read -r echo_rate echo_p50 echo_p99 echo_errors _ < <(bench_wrk 2 64 10 "http://127.0.0.1:$echo_port/api/orders")
    read -r order_rate order_p50 order_p99 order_errors _ < <(bench_wrk 2 64 10 "http://127.0.0.1:$port/api/orders")
    ratio=$(python3 -c "print(f'{$order_rate / $echo_rate:.2f}')")
    ratios+=("$ratio")
    echo "run $run: echo $echo_rate req/s (p50 $echo_p50 ms, p99 $echo_p99 ms, non-2xx $echo_errors); orders $order_rate req/s (p50 $order_p50 ms, p99 $order_p99 ms, non-2xx $order_errors); ratio $ratio"
done
echo "median ratio orders/echo: $(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
served=$(curl -s "http://127.0.0.1:$port/metrics" | sed -n 's/^juice_orders_total{result="served"} //p')
echo "orders served (metrics): $served"
