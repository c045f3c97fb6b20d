#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Whether two reports of bench/run.sh agree: every cost both give (ours,
stock and floor, per op and width) must differ by no more than the sum of
their ± (half the range of each report's runs).  Compare only reports of
the same kind of CPU (their "avx512 flags" lines).

usage: bench/compare.py A.md B.md   (the reports bench/run.sh prints)
Prints each disagreeing figure, then "N figures, N outside their ±";
exits 1 if any is.

usage: bench/compare.py --loops RAW_A RAW_B
The whole loop instead of the cost, from two runs' raw output
(build-bench/raw-*.txt): per op and width of ours, the median time of the
loop with the op per lane-op, and of the base loop, in A and in B; a cost
is their difference, so where a change speeds the base loop more than an
op's loop, the op's cost rises though its loop is not slower.  Marks an
op's loop more than 1% slower in B; exits 1 if any is.
"""
import collections
import re
import statistics
import sys

WHO = ("ours", "stock", "floor")


def figures(path):
    """-> ({(lanes, op, who): (cost, ±)}, avx512 flags line)."""
    res, lanes, flags = {}, None, None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("avx512 flags:"):
            flags = line
        m = re.match(r"### (\d+) lanes", line)
        if m:
            lanes = int(m.group(1))
            continue
        if line.startswith("### "):
            lanes = None
        if lanes is None or not line.startswith("| ") or line.startswith("| op "):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 5:
            continue
        for who, cell in zip(WHO, (cells[1], cells[2], cells[4])):
            m = re.match(r"(-?[\d.]+) ±([\d.]+)", cell)
            if m:
                res[(lanes, cells[0], who)] = (float(m.group(1)), float(m.group(2)))
    return res, flags


def loop_times(path):
    """-> {(lanes, op): (op loop, base loop)} for ours, ns per lane-op."""
    times, cur = collections.defaultdict(list), None
    for line in open(path):
        m = re.match(r"## run \d+/\d+ (\w+) (\d+) lanes", line)
        if m:
            cur = int(m.group(2)) if m.group(1) == "ours" else None
            continue
        f = line.split()
        if cur is not None and len(f) >= 6 and f[0] == "time":
            op_s, base_s, lane_ops = float(f[3]), float(f[4]), float(f[5])
            times[(cur, f[1])].append((op_s / lane_ops * 1e9, base_s / lane_ops * 1e9))
    return {k: (statistics.median(t for t, _ in v), statistics.median(b for _, b in v))
            for k, v in times.items()}


def compare_loops(path_a, path_b):
    a, b = loop_times(path_a), loop_times(path_b)
    slower = 0
    for k in sorted(set(a) & set(b)):
        (oa, ba), (ob, bb) = a[k], b[k]
        mark = ""
        if ob > oa * 1.01:
            slower += 1
            mark = "  slower"
        print(f"{k[1]} {k[0]} lanes: loop {oa:.3f} -> {ob:.3f} ({(ob / oa - 1) * 100:+.1f}%), "
              f"base {ba:.3f} -> {bb:.3f}{mark}")
    print(f"{len(set(a) & set(b))} loops, {slower} more than 1% slower")
    return 1 if slower else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--loops":
        return compare_loops(sys.argv[2], sys.argv[3])
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    (a, fa), (b, fb) = figures(sys.argv[1]), figures(sys.argv[2])
    if fa != fb:
        print(f"note: the CPUs differ ({fa} / {fb})")
    n = bad = 0
    for k in sorted(set(a) & set(b)):
        (x, ex), (y, ey) = a[k], b[k]
        n += 1
        if abs(x - y) > ex + ey:
            bad += 1
            print(f"{k[1]} {k[0]} lanes {k[2]}: {x} ±{ex} against {y} ±{ey}")
    print(f"{n} figures, {bad} outside their ±")
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main())
