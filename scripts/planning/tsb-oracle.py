#!/usr/bin/env python3
"""The reference for `juice forecast --model tsb` (scripts/planning/oracle-test.sh): statsforecast's TSB.

    .build/venv-planning/bin/python scripts/planning/tsb-oracle.py SERIES_FILE HORIZON > reference.json

R's forecast package has no TSB and tsintermittent is not in Debian; statsforecast's `TSB(alpha_d=0.1,
alpha_p=0.1)` is Teunter, Syntetos and Babai (2011) with both smoothings started at their first values. For each
series of SERIES_FILE (a name, then each day's demand) prints its forecast (`mean`) and one-step fitted values
(`fitted`, null where it has none), as JSON.
"""
import json
import math
import pathlib
import sys

import numpy as np
from statsforecast.models import TSB


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    horizon = int(sys.argv[2])
    out = {}
    for line in pathlib.Path(sys.argv[1]).read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        y = np.array([float(word) for word in words[1:]], dtype=np.float64)
        result = TSB(alpha_d=0.1, alpha_p=0.1).forecast(y=y, h=horizon, fitted=True)
        out[words[0]] = {
            "mean": [float(v) for v in result["mean"]],
            "fitted": [None if math.isnan(v) else float(v) for v in result["fitted"]],
        }
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
