#!/usr/bin/env python3
"""statsforecast on the history `juice forecast` is timed on (scripts/bench-forecast.sh), for a ratio in the same run.

    .build/venv-planning/bin/python scripts/planning/bench-statsforecast.py HISTORY_CSV [--jobs N]

Reads the history (`time,juice,count[,result]`, one row per sale) with pandas into one daily series per juice (every
day from the first to the last, 0 where nothing sold: what `juice forecast` builds), then fits and forecasts 7 days
with the models closest to `juice forecast --model auto`'s candidates, every model on every series: SeasonalNaive(7),
SeasonalWindowAverage(7, 4) (the last four same weekdays), SimpleExponentialSmoothingOptimized, HoltWinters(7,
additive), CrostonClassic, CrostonSBA and TSB(0.1, 0.1). (`juice` fits only the intermittent models to intermittent
juices, but also backtests every candidate to pick one: statsforecast's cross-validation for that is not timed.)

The first `forecast` call compiles statsforecast's numba code; the second is warm. Prints the seconds of each stage
as JSON: imports, read (CSV to daily series), first call, warm call.
"""
import json
import sys
import time

started = time.perf_counter()
import pandas as pd  # noqa: E402
from statsforecast import StatsForecast  # noqa: E402
from statsforecast.models import (  # noqa: E402
    TSB,
    CrostonClassic,
    CrostonSBA,
    HoltWinters,
    SeasonalNaive,
    SeasonalWindowAverage,
    SimpleExponentialSmoothingOptimized,
)

imported = time.perf_counter()


def daily_series(path):
    sales = pd.read_csv(path, usecols=["time", "juice", "count"])
    sales["ds"] = pd.to_datetime(sales["time"].str.slice(0, 10))
    table = sales.pivot_table(index="ds", columns="juice", values="count", aggfunc="sum", fill_value=0)
    table = table.reindex(pd.date_range(table.index.min(), table.index.max(), freq="D"), fill_value=0)
    table.index.name = "ds"
    frame = table.reset_index().melt(id_vars="ds", var_name="unique_id", value_name="y")
    frame["y"] = frame["y"].astype(float)
    return frame[["unique_id", "ds", "y"]]


def main():
    if len(sys.argv) not in (2, 4):
        sys.exit(__doc__)
    jobs = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    t0 = time.perf_counter()
    frame = daily_series(sys.argv[1])
    t1 = time.perf_counter()
    models = [
        SeasonalNaive(season_length=7),
        SeasonalWindowAverage(season_length=7, window_size=4),
        SimpleExponentialSmoothingOptimized(),
        HoltWinters(season_length=7, error_type="A"),
        CrostonClassic(),
        CrostonSBA(),
        TSB(alpha_d=0.1, alpha_p=0.1),
    ]
    forecaster = StatsForecast(models=models, freq="D", n_jobs=jobs)
    forecaster.forecast(df=frame, h=7)
    t2 = time.perf_counter()
    result = forecaster.forecast(df=frame, h=7)
    t3 = time.perf_counter()
    print(json.dumps({
        "series": int(frame["unique_id"].nunique()), "days": int(frame["ds"].nunique()), "jobs": jobs,
        "rows": int(len(result)), "imports": imported - started, "read": t1 - t0, "first_call": t2 - t1,
        "warm_call": t3 - t2,
    }))


if __name__ == "__main__":
    main()
