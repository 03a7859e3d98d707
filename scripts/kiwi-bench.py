#!/usr/bin/env python3
"""Times Kiwi (kiwisolver, the C++ Cassowary solver) on the systems of
Sources/Benchmarks/LayoutBenchmarks.swift, built the same way, and prints one JSON line
per system: its median in milliseconds. The Benchmarks executable runs this script and
prints Tabula's ratio to each. Exits 1 when kiwisolver is not installed."""
import json
import statistics
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.exit(1)

REQUIRED = kiwi.strength.required
# UIKit's priority 250 on Tabula's scale (weight 10^((p-1)/111)); Kiwi's strengths are
# weights too, so the same number makes the same trade-off.
P250 = 10 ** ((250 - 1) / 111)
P999 = 10 ** ((999 - 1) / 111)


def chain(count):
    s = kiwi.Solver()
    lefts, widths = [], []
    for i in range(count):
        left, width = kiwi.Variable(f"left{i}"), kiwi.Variable(f"width{i}")
        lefts.append(left)
        widths.append(width)
        if i == 0:
            s.addConstraint(left == 0)
        else:
            s.addConstraint(left == lefts[i - 1] + widths[i - 1] + 8)
        s.addConstraint(width >= 10)
        s.addConstraint((width == 50) | P250)
    s.addConstraint(lefts[-1] + widths[-1] <= 40000)
    s.updateVariables()
    return sum(l.value() + w.value() for l, w in zip(lefts, widths))


def grid(rows, columns):
    s = kiwi.Solver()
    everything = []
    for r in range(rows):
        lefts, widths = [], []
        for c in range(columns):
            left, width = kiwi.Variable(f"l{r}.{c}"), kiwi.Variable(f"w{r}.{c}")
            lefts.append(left)
            widths.append(width)
            everything += [left, width]
            if c == 0:
                s.addConstraint(left == 0)
            else:
                s.addConstraint(left == lefts[c - 1] + widths[c - 1])
                s.addConstraint(width == widths[0])
        s.addConstraint(lefts[-1] + widths[-1] == 1000)
    s.updateVariables()
    return sum(v.value() for v in everything)


def edits(views, count):
    s = kiwi.Solver()
    container = kiwi.Variable("container")
    s.addEditVariable(container, P999)
    lefts, widths = [], []
    for i in range(views):
        left, width = kiwi.Variable(f"left{i}"), kiwi.Variable(f"width{i}")
        lefts.append(left)
        widths.append(width)
        if i == 0:
            s.addConstraint(left == 0)
        else:
            s.addConstraint(left == lefts[i - 1] + widths[i - 1])
            s.addConstraint(width == widths[0])
    s.addConstraint(lefts[-1] + widths[-1] == container)
    total = 0.0
    for e in range(count):
        s.suggestValue(container, 300 + e % 500)
        s.updateVariables()
        total += sum(l.value() + w.value() for l, w in zip(lefts, widths))
    return total


def median_ms(body, iterations):
    body()  # warm-up
    samples = []
    for _ in range(iterations):
        start = time.perf_counter()
        body()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


for system, body, iterations in [
    ("chain", lambda: chain(1000), 5),
    ("grid", lambda: grid(100, 100), 3),
    ("edit", lambda: edits(100, 1000), 15),
]:
    print(json.dumps({"system": system, "median_ms": round(median_ms(body, iterations), 3),
                      "kiwisolver": kiwi.__version__}), flush=True)
