#!/usr/bin/env bash
# The whole cold `juice forecast` process against statsforecast, on the same 1,000 × 365 history, in the same run
# (issue 21 §7; docs/performance.md, "Forecasting").
#
#   JUICE_BENCHMARKS=1 swift build -c release --product juice-bench && swift build -c release --product juice
#   bash scripts/bench-forecast.sh [BUILD_DIR] [RUNS]      # default .build/release, 20 runs; needs hyperfine
#
# 1. `juice-bench forecast-files` writes HistoryGenerator's 1,000 series of 365 days (a till's daily CSV, 12 MB) and
#    a 1,000-juice menu.
# 2. hyperfine times `juice forecast --history F --model auto --format json > /dev/null`: a new process each run
#    (start, menu, reading the history on every core, choosing and fitting each juice's model, writing the JSON),
#    the file in the page cache (two warm-up runs).
# 3. statsforecast (.build/venv-planning, created when missing) on the same file: the whole Python process (imports,
#    read, numba compilation, fit and forecast) timed the same way, and its stages, first call and warm call apart
#    (scripts/planning/bench-statsforecast.py), with one job and with one per core.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build/release}
runs=${2:-20}
venv=.build/venv-planning
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v hyperfine >/dev/null 2>&1 || { echo "bench-forecast: needs hyperfine (apt-get install -y hyperfine)" >&2; exit 2; }
[ -x "$build/juice" ] && [ -x "$build/juice-bench" ] || { echo "bench-forecast: build juice and juice-bench in $build first" >&2; exit 2; }
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import statsforecast" 2>/dev/null; then
    python3 -m venv "$venv" && "$venv/bin/pip" install -q "statsforecast==2.1.1"
fi
export SWIFT_BACKTRACE=enable=no NUMBA_CACHE_DIR="$work/numba"
"$build/juice-bench" forecast-files "$work"
cores=$(nproc)
echo "machine: $cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

median() { python3 -c "import json, statistics, sys; print(statistics.median(json.load(open(sys.argv[1]))['results'][0]['times']))" "$1"; }

hyperfine --style basic --warmup 2 --runs "$runs" --export-json "$work/juice.json" \
    -n "juice forecast (auto, json)" \
    "$build/juice forecast --history $work/history.csv --recipes $work/recipes --model auto --format json > /dev/null"
hyperfine --style basic --warmup 0 --runs 2 --export-json "$work/statsforecast.json" \
    -n "statsforecast, whole process (1 job)" "$venv/bin/python scripts/planning/bench-statsforecast.py $work/history.csv"
one=$("$venv/bin/python" scripts/planning/bench-statsforecast.py "$work/history.csv")
all=$("$venv/bin/python" scripts/planning/bench-statsforecast.py "$work/history.csv" --jobs "$cores")
echo "statsforecast stages, 1 job:       $one"
echo "statsforecast stages, $cores jobs:      $all"
juice_s=$(median "$work/juice.json")
python3 - "$juice_s" "$(median "$work/statsforecast.json")" "$one" "$all" <<'PY'
import json, sys
juice, process = float(sys.argv[1]), float(sys.argv[2])
one, every = json.loads(sys.argv[3]), json.loads(sys.argv[4])
print(f"juice forecast, whole cold process (median):   {juice * 1000:8.1f} ms   (goal: under 200 ms)")
print(f"statsforecast, whole process (median):         {process * 1000:8.1f} ms   {process / juice:6.1f} × juice")
for name, stages in (("1 job", one), (f"{every['jobs']} jobs", every)):
    fit = stages["read"] + stages["first_call"]
    warm = stages["read"] + stages["warm_call"]
    print(f"statsforecast ({name}): read {stages['read'] * 1000:.0f} ms, first call {stages['first_call'] * 1000:.0f} ms,"
          f" warm call {stages['warm_call'] * 1000:.0f} ms (imports {stages['imports'] * 1000:.0f} ms)")
    print(f"  read + first call: {fit / juice:6.1f} × juice; read + warm call: {warm / juice:6.1f} × juice")
PY
