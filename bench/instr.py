#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""The benchmark's load-independent metric: instructions per lane-op.

bench/run.sh --instr builds what it needs and calls this.  For each width
and driver (ours, stock) one bench process runs under valgrind's callgrind,
which counts the instructions every thread executes, the JIT-compiled
shaders' included.  bench.c dumps the counts after each timed dispatch
(count_dispatch); the cost of an operation is (instructions of its
dispatch - instructions of the base loop's dispatch, same work) / lane-ops.
The count of a dispatch is the same from one repetition to the next, and
does not depend on what else the machine runs, unlike the times of
bench/run.py; it does not weigh instructions by their latency.
"""
import argparse
import datetime
import glob
import os
import re
import subprocess
import tempfile
import time

from run import driver_args, log, parse, process_env, widths_and_ops


def dumps(directory):
    """-> {label: instructions} of the callgrind dumps in directory."""
    counts = {}
    for f in glob.glob(os.path.join(directory, "cg.*")):
        label = summary = None
        with open(f) as fh:
            for line in fh:
                m = re.match(r"desc: Trigger: Client Request: (.*)$", line)
                if m:
                    label = m.group(1).strip()
                m = re.match(r"summary: (\d+)", line)
                if m:
                    summary = int(m.group(1))
        if label and summary is not None:
            counts[label] = summary
    return counts


def main():
    ap = argparse.ArgumentParser()
    driver_args(ap)
    ap.add_argument("--scale", default="0.01")
    ap.add_argument("--command", default="bench/run.sh --instr")
    a = ap.parse_args()

    widths, ops = widths_and_ops(a, "instr.py")
    common = ["--reps", "2", "--scale", a.scale, "--ops", ",".join(ops)]
    base_env = process_env()
    grind = ["valgrind", "--tool=callgrind", "--smc-check=all"]

    cost, devices, notes = {}, {}, []
    t_start = time.monotonic()
    for w in widths:
        env = dict(base_env, LP_NATIVE_VECTOR_WIDTH=str(32 * w))
        for who in ("ours", "stock"):
            with tempfile.TemporaryDirectory() as d:
                out_file = ["--callgrind-out-file=" + os.path.join(d, "cg.%p")]
                argv = [a.bench, "--shader-dir", a.shader_dir, "--expect", who,
                        "--lanes", str(w)] + common
                if who == "ours":
                    penv = dict(env, VK_DRIVER_FILES=a.ours_json, VK_ICD_FILENAMES=a.ours_json)
                    cmd = grind + out_file + argv
                else:
                    # The stock driver's env file sets VK_DRIVER_FILES (and
                    # LD_LIBRARY_PATH when libraries were unpacked beside it).
                    penv = env
                    cmd = ["bash", "-c", '. "$0" && exec "$@"', a.stock_env] + grind + \
                        out_file + argv
                t0 = time.monotonic()
                p = subprocess.run(cmd, env=penv, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
                log(f"instr: {who} {w} lanes: {time.monotonic() - t0:.0f} s"
                    + (f", exit {p.returncode}" if p.returncode else ""))
                device, times, skips, wrong = parse(p.stdout)
                devices[(who, w)] = device
                counts = dumps(d)
            for o in ops:
                if o in skips:
                    cost[(who, w, o)] = "n/a (" + skips[o].replace("_", " ") + ")"
                    continue
                if o in wrong:
                    cost[(who, w, o)] = "wrong"
                    continue
                per_rep = []
                for rep, (_, _, lane_ops, _) in enumerate(times.get(o, [])):
                    op_n = counts.get(f"op {o} {rep}")
                    base_n = counts.get(f"base {o} {rep}")
                    if op_n is not None and base_n is not None:
                        per_rep.append((op_n - base_n) / lane_ops)
                if not per_rep:
                    cost[(who, w, o)] = "no count"
                    continue
                if max(per_rep) - min(per_rep) > 0.01 * max(abs(x) for x in per_rep) + 0.01:
                    notes.append(f"{who} {w} lanes {o}: the repetitions differ: "
                                 + ", ".join(f"{x:.3f}" for x in per_rep))
                cost[(who, w, o)] = per_rep[0]

    print(f"Command: `{a.command}` — callgrind, 2 repetitions, work scale {a.scale}, "
          f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"took {time.monotonic() - t_start:.0f} s")
    print()
    for (who, w), dev in sorted(devices.items()):
        print(f"- {who} {w} lanes: `{dev}`")
    print()
    print("Instructions per lane-op: (instructions of the dispatch with the op − "
          "those of the same loop without it) / lane-ops, every thread counted.")
    for w in widths:
        print()
        print(f"### {w} lanes (LP_NATIVE_VECTOR_WIDTH={32 * w})")
        print()
        print("| op | ours | stock | stock/ours |")
        print("|---|---:|---:|---:|")
        for o in ops:
            c_o, c_s = cost.get(("ours", w, o)), cost.get(("stock", w, o))
            fmt = lambda c: f"{c:.2f}" if isinstance(c, float) else (c or "—")
            ratio = (f"{c_s / c_o:.2f}" if isinstance(c_o, float) and isinstance(c_s, float)
                     and c_o > 0.05 else "—")
            print(f"| {o} | {fmt(c_o)} | {fmt(c_s)} | {ratio} |")
    for n in notes:
        print(f"\nnote: {n}")


if __name__ == "__main__":
    main()
