#!/usr/bin/env python3
"""Checks the newsvendor cases the Swift tests plan against stockpyl, an independent implementation.

Every case of Tests/JuicePlanningTests/Fixtures/newsvendor-cases.json gives a normal demand (mean, sd), a holding
cost (a fruit's cost: it spoils overnight) and a stockout cost (the juice's price minus that cost), and the expected
order quantity. This script recomputes each with stockpyl's newsvendor_normal and fails when one differs by more than
1e-9; `--write` rewrites the expected values instead. StockPlannerTests checks that `juice`'s Monte Carlo planner
reaches each expected value within its stated Monte Carlo error.
"""
import json
import pathlib
import sys

from stockpyl.newsvendor import newsvendor_normal

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "Tests/JuicePlanningTests/Fixtures/newsvendor-cases.json"


def main() -> int:
    cases = json.loads(FIXTURE.read_text())
    failures = 0
    for case in cases:
        quantity, _ = newsvendor_normal(
            holding_cost=case["holdingCost"], stockout_cost=case["stockoutCost"],
            demand_mean=case["mean"], demand_sd=case["sd"])
        if "--write" in sys.argv:
            case["expected"] = quantity
        elif abs(quantity - case["expected"]) > 1e-9:
            print(f"stockpyl gives {quantity!r} for {case}, the fixture says {case['expected']!r}")
            failures += 1
    if "--write" in sys.argv:
        FIXTURE.write_text(json.dumps(cases, indent=2) + "\n")
        return 0
    print(f"newsvendor oracle: {len(cases) - failures} of {len(cases)} cases agree with stockpyl")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
