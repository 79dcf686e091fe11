#!/usr/bin/env python3
"""Compares `juice forecast --model croston|sba|tsb --format json` with reference forecasts (issue 21 §6).

    python3 scripts/planning/oracle-compare.py JUICE SERIES_FILE CROSTON_JSON TSB_JSON [HORIZON]

SERIES_FILE holds fixed daily series (a name, then each day's demand). For each one this writes a history CSV
(`time,juice,count`, one row per juice and day with sales): the series as banana-juice's demand, and one
strawberry-juice sale on the first and the last day so that the history spans every day of the series (leading and
trailing zero days, and a series with no sale at all, included). Then it runs `juice forecast` with each model and
checks, to 1e-6 absolute, every day's `mean` against the reference's forecast, and `lower` and `upper` against
mean ∓ z·σ, where σ is the root mean square of the reference's one-step residuals (days with a fitted value) and z
the normal quantile of the 80 % interval: so the fitted values are checked too, through the interval.

CROSTON_JSON is scripts/planning/croston-oracle.R's output (R's forecast::croston), TSB_JSON
scripts/planning/tsb-oracle.py's (statsforecast's TSB). Prints one line per check; exits 1 on any mismatch.
"""
import datetime
import json
import math
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

TOLERANCE = 1e-6
JUICE_ID = "banana-juice"
ANCHOR_ID = "strawberry-juice"
FIRST_DAY = datetime.date(2026, 1, 5)


def read_series(path):
    series = {}
    for line in pathlib.Path(path).read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        series[words[0]] = [float(word) for word in words[1:]]
    return series


def write_history(path, values):
    rows = ["time,juice,count"]
    for day, value in enumerate(values):
        date = FIRST_DAY + datetime.timedelta(days=day)
        if day == 0 or day == len(values) - 1:
            rows.append(f"{date}T08:00:00,{ANCHOR_ID},1")
        if value > 0:
            rows.append(f"{date}T12:30:00,{JUICE_ID},{int(value)}")
    path.write_text("\n".join(rows) + "\n")


def sigma(values, fitted):
    errors = [(y - f) ** 2 for y, f in zip(values, fitted) if f is not None]
    return math.sqrt(sum(errors) / len(errors)) if errors else 0.0


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    juice, series_file, croston_file, tsb_file = sys.argv[1:5]
    horizon = int(sys.argv[5]) if len(sys.argv) == 6 else 7
    recipes = pathlib.Path(__file__).resolve().parents[2] / "recipes"
    references = json.loads(pathlib.Path(croston_file).read_text())
    tsb = json.loads(pathlib.Path(tsb_file).read_text())
    z = statistics.NormalDist().inv_cdf(0.9)
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    failures = 0
    checks = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, values in read_series(series_file).items():
            history = pathlib.Path(scratch) / f"{name}.csv"
            write_history(history, values)
            expected = {"croston": references[name]["croston"], "sba": references[name]["sba"], "tsb": tsb[name]}
            for model, reference in expected.items():
                command = [juice, "forecast", "--history", str(history), "--recipes", str(recipes), "--model", model,
                           "--horizon", str(horizon), "--format", "json"]
                run = subprocess.run(command, capture_output=True, text=True, env=env)
                checks += 1
                if run.returncode != 0:
                    print(f"FAIL {name} {model}: exit {run.returncode}: {run.stderr.strip()}")
                    failures += 1
                    continue
                days = next(j for j in json.loads(run.stdout)["juices"] if j["id"] == JUICE_ID)["forecast"]
                spread = z * sigma(values, reference["fitted"])
                worst = 0.0
                for day, mean in zip(days, reference["mean"]):
                    for field, want in (("mean", mean), ("lower", max(0.0, mean - spread)), ("upper", mean + spread)):
                        worst = max(worst, abs(day[field] - want))
                ok = len(days) == horizon and len(reference["mean"]) == horizon and worst <= TOLERANCE
                failures += 0 if ok else 1
                print(f"{'ok  ' if ok else 'FAIL'} {name:22} {model:8} mean {days[0]['mean']:.9f} (reference "
                      f"{reference['mean'][0]:.9f}), σ {spread / z:.9f}, largest difference {worst:.1e}")
    print(f"{checks - failures} of {checks} forecasts match the references to {TOLERANCE:g}" if not failures
          else f"{failures} of {checks} forecasts differ from the references by more than {TOLERANCE:g}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
