#!/usr/bin/env bash
# The PostgreSQL order benchmark (issue 13): orders per second through one `juice serve` and through two, both on
# one database of a private PostgreSQL server, under the same wrk load (64 connections, 2 threads, 10 s; for two
# instances 32 connections and 1 thread each), and in the same run PostgreSQL's own `pgbench -N` (simple update,
# 64 clients, 2 threads) on the same server as the limit. Durable settings throughout: fsync and
# synchronous_commit stay on. Rounds alternate the order of the three measurements.
#
# Usage: scripts/bench-postgres.sh [JUICE] [ROUNDS] [SECONDS]
#   JUICE defaults to the release build's `juice` (.build-release/release, else .build/release), built with
#   `--traits PostgreSQL` (`swift build -c release --traits PostgreSQL --product juice`).
#   Needs wrk, python3 and Debian's postgresql package.
# Set BENCH_EXTRA=async to add, after the durable rounds, one round with synchronous_commit=off (not the figure).
set -euo pipefail
cd "$(dirname "$0")/.."
default=
for candidate in .build-release/release/juice .build/release/juice; do
    if [ -x "$candidate" ]; then
        default=$candidate
        break
    fi
done
[ -n "${1:-$default}" ] || { echo "bench-postgres.sh: no release build (swift build -c release --traits PostgreSQL)" >&2; exit 1; }
juice=$(realpath "${1:-$default}")
rounds=${2:-3}
seconds=${3:-10}
bin=${POSTGRES_BIN:-}
if [ -z "$bin" ]; then
    for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/pgbench" ] && bin=$candidate; done
fi
[ -n "$bin" ] || { echo "bench-postgres.sh: pgbench not found (install Debian's postgresql package)" >&2; exit 1; }

source scripts/bench-lib.sh
work=$(mktemp -d)
servers=()
trap bench_cleanup EXIT
# pgbench runs as the server's owner (the `postgres` user when we are root) and writes its latency log here.
mkdir "$work/pgbench"
chmod 711 "$work"
[ "$(id -u)" -eq 0 ] && chown postgres: "$work/pgbench"
eval "$(JUICE_POSTGRES_DURABLE=1 scripts/postgres.sh start)"  # as a shop runs it: on disk, syncing
port=$(cat "$JUICE_TEST_POSTGRES_DIR/port")
psql_() { bench_as_owner "$bin/psql" -X -q -t -A -h 127.0.0.1 -p "$port" -U juice "$@"; }
psql_ -d postgres -c "CREATE DATABASE bench" -c "CREATE DATABASE shop"
bench_as_owner "$bin/pgbench" -i -q -s 10 -h 127.0.0.1 -p "$port" -U juice bench >/dev/null 2>&1
url="postgres://juice@127.0.0.1:$port/shop"

bench_recipes "$work"
bench_order_script "$work"
ports=()
for instance in 1 2; do
    bench_serve "$juice" "$url" "$instance"
    ports+=("$bench_port")
done
# One order through each, so that both have prepared their pools and the stock rows exist.
for p in "${ports[@]}"; do
    curl -sf -o /dev/null -H 'Content-Type: application/json' -d '{"juice": "banana-juice"}' "http://127.0.0.1:$p/api/orders"
done

commits() { psql_ -d shop -c "SELECT xact_commit FROM pg_stat_database WHERE datname = 'shop'"; }
orders() { psql_ -d shop -c "SELECT count(*) FROM journal"; }

pgbench_run() { # -> "tps p50 p99" (pgbench prints the average latency; p50/p99 come from its per-transaction log)
    rm -f "$work"/pgbench/log.*
    (cd "$work/pgbench" && bench_as_owner "$bin/pgbench" -N -c 64 -j 2 -T "$seconds" -l --log-prefix="$work/pgbench/log" \
        -h 127.0.0.1 -p "$port" -U juice bench 2>/dev/null) > "$work/pgbench.out"
    tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$work/pgbench.out")
    cat "$work"/pgbench/log.* | python3 -c '
import sys
lat = sorted(int(line.split()[2]) for line in sys.stdin)
pick = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] / 1000
print(f"'"$tps"' {pick(0.5):.3f} {pick(0.99):.3f}")'
}

one_run() { # one instance, all 64 connections
    bench_wrk 2 64 "$seconds" "http://127.0.0.1:${ports[0]}/api/orders"
}

two_run() { # two instances, 32 connections each: "sum p50max p99max non2xx errors"
    bench_wrk 1 32 "$seconds" "http://127.0.0.1:${ports[0]}/api/orders" > "$work/a" &
    local first=$!
    bench_wrk 1 32 "$seconds" "http://127.0.0.1:${ports[1]}/api/orders" > "$work/b"
    wait "$first"
    python3 - "$work/a" "$work/b" <<'PY'
import sys
a, b = ([float(x) for x in open(path).read().split()] for path in sys.argv[1:3])
print(f"{a[0] + b[0]:.0f} {max(a[1], b[1]):.3f} {max(a[2], b[2]):.3f} {int(a[3] + b[3])} {int(a[4] + b[4])}")
PY
}

cpu_ticks() { # "busy idle steal" of the whole machine so far (/proc/stat, in clock ticks)
    awk '/^cpu /{print $2+$3+$4+$7+$8, $5+$6, $9}' /proc/stat
}

measure() { # NAME -> prints a line and appends "name rate" to $work/figures
    local name=$1 line before after journal_before journal_after cpu_before cpu_after
    before=$(commits); journal_before=$(orders); cpu_before=$(cpu_ticks)
    case $name in
    pgbench) read -r rate p50 p99 < <(pgbench_run); line="pgbench -N: $rate tps (p50 $p50 ms, p99 $p99 ms)" ;;
    one) read -r rate p50 p99 bad errors < <(one_run); line="one instance: $rate orders/s (p50 $p50 ms, p99 $p99 ms, non-2xx $bad, socket errors $errors)" ;;
    two) read -r rate p50 p99 bad errors < <(two_run); line="two instances: $rate orders/s (p50 $p50 ms, p99 $p99 ms, worse of the two; non-2xx $bad, socket errors $errors)" ;;
    esac
    if [ "$name" != pgbench ]; then
        after=$(commits); journal_after=$(orders)
        line="$line; $(python3 -c "print(f'{($after - $before) / max(1, $journal_after - $journal_before):.3f}')") commits per order"
    fi
    # Idle CPU says whether the run was bound by the processors or by waiting (locks, flushes); steal, whether the
    # host took the processors away (then no figure of that round means much).
    cpu_after=$(cpu_ticks)
    line="$line; machine $(python3 -c "
b0, i0, s0 = map(int, '$cpu_before'.split()); b1, i1, s1 = map(int, '$cpu_after'.split())
total = max(1, (b1 - b0) + (i1 - i0) + (s1 - s0))
print(f'{100 * (i1 - i0) / total:.0f}% idle, {100 * (s1 - s0) / total:.0f}% stolen')")"
    echo "  $line"
    echo "$name $rate" >> "$work/figures"
}

echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}'), fsync on, synchronous_commit on; $seconds s per measurement"
for round in $(seq "$rounds"); do
    echo "round $round:"
    : > "$work/figures"
    case $(( round % 3 )) in
    1) order="pgbench one two" ;;
    2) order="two pgbench one" ;;
    0) order="one two pgbench" ;;
    esac
    for name in $order; do measure "$name"; done
    python3 - "$work/figures" <<'PY' | tee -a "$work/ratios"
import sys
f = dict(line.split() for line in open(sys.argv[1]))
pg, one, two = float(f["pgbench"]), float(f["one"]), float(f["two"])
print(f"  ratios: one/pgbench {one / pg:.2f}, two/pgbench {two / pg:.2f}, two/one {two / one:.2f}")
PY
done
python3 - "$work/ratios" <<'PY'
import statistics, sys
rows = [line.replace(",", "").split() for line in open(sys.argv[1])]
two = sorted(float(r[4]) for r in rows)
one = sorted(float(r[2]) for r in rows)
print(f"median two/pgbench {statistics.median(two):.2f} (spread {two[0]:.2f}-{two[-1]:.2f}); "
      f"median one/pgbench {statistics.median(one):.2f} (spread {one[0]:.2f}-{one[-1]:.2f})")
PY
if [ "${BENCH_EXTRA:-}" = async ]; then
    echo "extra (not durable: synchronous_commit=off for both; not the figure):"
    psql_ -d postgres -c "ALTER SYSTEM SET synchronous_commit = off" -c "SELECT pg_reload_conf()" >/dev/null
    measure pgbench; measure two
    psql_ -d postgres -c "ALTER SYSTEM RESET synchronous_commit" -c "SELECT pg_reload_conf()" >/dev/null
fi
echo "orders journaled: $(orders); stock check: $(psql_ -d shop -c "SELECT count(*) FROM stock WHERE count <> initial + journaled") fruits off"
