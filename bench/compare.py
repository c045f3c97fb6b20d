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
"""
import re
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


def main():
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
