#!/usr/bin/env bash
# Croston, SBA and TSB checked against independent implementations (issue 21 §6), through the built `juice`:
# R's forecast::croston (Croston, and SBA as its forecast × 0.95) and statsforecast's TSB forecast the fixed series
# of oracle-series.txt (the all-zero, single-sale and no-zero-day edge cases among them); `juice forecast
# --model croston|sba|tsb --format json` must give the same forecasts and intervals to 1e-6.
#
#   bash scripts/planning/oracle-test.sh [JUICE]      # default .build/debug/juice; needs Rscript (r-cran-forecast)
#
# Creates the venv .build/venv-planning (statsforecast and stockpyl, pinned) when missing. Exits 1 on a mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."
juice=$(realpath "${1:-.build/debug/juice}")
venv=.build/venv-planning
horizon=7
started=$SECONDS
command -v Rscript >/dev/null 2>&1 || { echo "oracle-test: no Rscript (apt-get install -y r-cran-forecast)" >&2; exit 2; }
[ -x "$juice" ] || { echo "oracle-test: no juice binary at $juice" >&2; exit 2; }
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import statsforecast, stockpyl" 2>/dev/null; then
    python3 -m venv "$venv" && "$venv/bin/pip" install -q "statsforecast==2.1.1" "stockpyl==1.0.2" || { echo "oracle-test: cannot create $venv" >&2; exit 2; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
series=scripts/planning/oracle-series.txt
Rscript scripts/planning/croston-oracle.R "$series" "$horizon" >"$work/croston.json"
NUMBA_CACHE_DIR="$work/numba" "$venv/bin/python" scripts/planning/tsb-oracle.py "$series" "$horizon" >"$work/tsb.json"
python3 scripts/planning/oracle-compare.py "$juice" "$series" "$work/croston.json" "$work/tsb.json" "$horizon"
echo "oracle-test: $((SECONDS - started)) s"
