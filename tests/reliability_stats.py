"""Counters for docs/reliability.md: when SIMULATOR_RELIABILITY_STATS names a file, each
reliability test appends one JSON line {"test": ..., figures...} to it; `python -m
tests.reliability_stats FILE` sums them. Without the variable nothing is written."""
from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from typing import Any


def record(test: str, **figures: Any) -> None:
    path = os.environ.get("SIMULATOR_RELIABILITY_STATS")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"test": test, **figures}) + "\n")


def summary(path: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            test = row.pop("test")
            for k, v in row.items():
                if isinstance(v, (int, float)):
                    out[test][k] = out[test].get(k, 0) + v
                else:
                    out[test][k] = v
    return dict(out)


if __name__ == "__main__":
    print(json.dumps(summary(sys.argv[1]), indent=2, sort_keys=True))
