#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Runs the subgroup benchmark and prints a markdown report.

bench/run.sh builds what it needs and calls this.  Each run starts, for
each width, one process on our lavapipe, one on the stock lavapipe (A B,
and again next run: A B A B ...) and one of the floor.  A process prints
"time" lines (bench.c); the cost of an operation in one process is the
median over its repetitions of (op time - base time) / lane-ops, and the
report gives the median over the runs, with half the range as the noise.
"""
import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys
import time

OPS = ["ballot", "vote_any", "vote_all", "elect", "broadcast", "read_invocation",
       "shuffle", "shuffle_xor", "rotate_const", "rotate_dyn", "intel_shuffle_down",
       "partition", "reduce_add", "inclusive_add", "partitioned_reduce_add",
       "inclusive_add_u8", "inclusive_add_u16", "inclusive_add_u64",
       "partitioned_reduce_add_u16", "partitioned_reduce_add_u64", "intel_shuffle_down_v2"]


# One cycle at 3 GHz, per subgroup operation: divided by the lanes, the
# smallest floor cost the floor target is judged against.
RESOLUTION_NS = 0.33
# Every op's cost within this factor of the hand-written floor's.
FLOOR_TARGET = 1.2
# 32 and 64 lanes (requiredSubgroupSize): within 2x of the floor
WIDE_FLOOR_TARGET = 2.0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def driver_args(ap):
    """The arguments run.py and instr.py share: the bench program, its
    shaders, the two drivers, the widths and the operations."""
    ap.add_argument("--bench", required=True)
    ap.add_argument("--shader-dir", required=True)
    ap.add_argument("--ours-json", required=True)
    ap.add_argument("--stock-env", required=True, help="env file of fetch-stock-lavapipe.sh")
    ap.add_argument("--widths", default="8,16")
    ap.add_argument("--ops", default=",".join(OPS))


def widths_and_ops(a, prog):
    """The --widths and --ops of parsed arguments a, checked."""
    ops = [o for o in a.ops.split(",") if o]
    for o in ops:
        if o not in OPS:
            sys.exit(f"{prog}: unknown op {o}")
    return [int(w) for w in a.widths.split(",")], ops


def process_env():
    """A bench process's environment without the driver: none inherited,
    one llvmpipe thread, no shader cache."""
    env = dict(os.environ)
    for k in ("VK_DRIVER_FILES", "VK_ICD_FILENAMES", "VK_ADD_DRIVER_FILES",
              "VK_INSTANCE_LAYERS", "LP_NATIVE_VECTOR_WIDTH"):
        env.pop(k, None)
    env.update(LP_NUM_THREADS="1", MESA_SHADER_CACHE_DISABLE="true")
    return env


def run_process(argv, env, raw, tag):
    t0 = time.monotonic()
    p = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    dt = time.monotonic() - t0
    raw.write(f"## {tag} rc={p.returncode} {dt:.1f}s\n{p.stdout}")
    err = [l for l in p.stderr.splitlines()
           if l.strip() and not re.match(r"(SPIR-V WARNING:|\s+In file|\s+Unsupported SPIR-V "
                                         r"capability|\s+\d+ bytes into)", l)]
    if err:
        raw.write("stderr:\n" + "\n".join(err) + "\n")
    raw.flush()
    return p.returncode, p.stdout, err, dt


def parse(out):
    """-> device line, {op: [(t_op, t_base, lane_ops, checksum)]}, {op: why} skips,
    {op: details} wrong."""
    device, times, skips, wrong = None, {}, {}, {}
    for line in out.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "device":
            device = line[len("device "):]
        elif f[0] == "time":
            times.setdefault(f[1], []).append(
                (float(f[3]), float(f[4]), float(f[5]), f[6]))
        elif f[0] == "skip":
            skips[f[1]] = f[2].replace("_", " ")
        elif f[0] == "wrong":
            wrong[f[1]] = f[2].replace("_", " ")
    return device, times, skips, wrong


def cost_ns(samples):
    return statistics.median((t - b) / n * 1e9 for t, b, n, _ in samples)


def fmt(x):
    if x is None:
        return "—"
    return f"{x:.3f}"


def ratio(a, b, lanes=None):
    """a / b where both are meaningful costs: positive, and at lanes lanes
    not below what the subtraction resolves (RESOLUTION_NS per subgroup
    operation)."""
    least = RESOLUTION_NS / lanes if lanes else 0
    if a is None or b is None or b <= least or a <= least:
        return None
    return a / b


def main():
    ap = argparse.ArgumentParser()
    driver_args(ap)
    ap.add_argument("--floor", required=True)
    ap.add_argument("--raw", required=True)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--clock", default="cpu", choices=("cpu", "wall"))
    ap.add_argument("--command", default="bench/run.sh")
    # 32 and 64 lanes: ours (requiredSubgroupSize) and the floor only
    ap.set_defaults(widths="8,16,32,64")
    a = ap.parse_args()

    widths, ops = widths_and_ops(a, "run.py")
    common = ["--reps", str(a.reps), "--scale", str(a.scale), "--ops", ",".join(ops),
              "--clock", a.clock]
    base_env = process_env()

    # results[(who, width)] = list over runs of (times, skips, wrong)
    results, devices, failures = {}, {}, []
    t_start = time.monotonic()
    with open(a.raw, "w") as raw:
        for run in range(a.runs):
            for w in widths:
                # 32 and 64 lanes: our lavapipe's compute pipelines require
                # them (requiredSubgroupSize); stock offers one size, its
                # vector width (16 lanes at most), so it has no such rows.
                wide = w > 16
                env = base_env if wide else dict(base_env, LP_NATIVE_VECTOR_WIDTH=str(32 * w))
                jobs = [
                    ("ours", [a.bench, "--shader-dir", a.shader_dir, "--expect", "ours",
                              "--lanes", str(w)] + (["--required"] if wide else []) + common,
                     dict(env, VK_DRIVER_FILES=a.ours_json, VK_ICD_FILENAMES=a.ours_json)),
                ]
                if not wide:
                    # The stock driver's env file sets VK_DRIVER_FILES (and
                    # LD_LIBRARY_PATH when libraries were unpacked beside it).
                    jobs.append(("stock", ["bash", "-c", '. "$0" && exec "$@"', a.stock_env,
                                           a.bench, "--shader-dir", a.shader_dir, "--expect",
                                           "stock", "--lanes", str(w)] + common, env))
                if w in (8, 16, 32, 64):
                    jobs.append(("floor", [a.floor, "--lanes", str(w)] + common, env))
                for who, argv, penv in jobs:
                    tag = f"run {run + 1}/{a.runs} {who} {w} lanes"
                    rc, out, err, dt = run_process(argv, penv, raw, tag)
                    device, times, skips, wrong = parse(out)
                    log(f"bench: {tag}: {dt:.1f} s" + (f", exit {rc}" if rc else ""))
                    if rc != 0:
                        failures.append(f"{tag}: exit {rc}: " + " / ".join(err[-3:]))
                    if device:
                        devices[(who, w)] = device
                    results.setdefault((who, w), []).append((times, skips, wrong))
    elapsed = time.monotonic() - t_start

    # Aggregate.
    table = {}    # (who, w, op) -> (median ns, half range ns, n runs) or a string
    checks = {}   # (w, op) -> {who: checksum}
    for (who, w), runs in results.items():
        for op in ops:
            costs, note = [], None
            for times, skips, wrong in runs:
                if op in wrong:
                    note = "WRONG: " + wrong[op]
                elif op in skips:
                    note = note or "n/a (" + skips[op] + ")"
                elif op in times:
                    costs.append(cost_ns(times[op]))
                    checks.setdefault((w, op), {}).setdefault(who, set()).add(times[op][0][3])
            if note and note.startswith("WRONG"):
                table[(who, w, op)] = note
            elif costs:
                table[(who, w, op)] = (statistics.median(costs),
                                       (max(costs) - min(costs)) / 2, len(costs))
            else:
                table[(who, w, op)] = note or "no data"
    mismatch = []
    for (w, op), by in sorted(checks.items()):
        sums = set().union(*by.values())
        if len(sums) > 1:
            mismatch.append(f"{op} at {w} lanes: output checksums differ: " +
                            ", ".join(f"{k} {sorted(v)}" for k, v in sorted(by.items())))

    def val(who, w, op):
        t = table.get((who, w, op))
        return t[0] if isinstance(t, tuple) else None

    def cell(who, w, op):
        t = table.get((who, w, op))
        if t is None:
            return "—"
        if isinstance(t, str):
            return t
        return f"{t[0]:.3f} ±{t[1]:.3f}"

    # Report.
    flags = ""
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags") and not flags:
                    flags = " ".join(x for x in line.split(":", 1)[1].split() if "avx512" in x)
                if line.startswith("model name") and not model:
                    model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    p = print
    p(f"Command: `{a.command}` — {a.runs} runs × {a.reps} repetitions, work scale {a.scale}, "
      f"clock {a.clock}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
      f"took {elapsed:.0f} s")
    p("")
    p(f"CPU: {model or 'unknown'}, {os.cpu_count()} CPUs; load average at the end "
      f"{os.getloadavg()[0]:.1f}")
    p(f"avx512 flags: `{flags or 'none'}`")
    p("")
    for (who, w), d in sorted(devices.items()):
        if who != "floor":
            p(f"- {who} {w} lanes: `{d}`")
    p("")
    p("Cost = (time of the loop with the op − time of the same loop without it) / lane-ops, "
      "in ns per lane-op: median over the runs ± half the range.  "
      f"stock/ours > 1: ours is faster; ours/floor ≤ {FLOOR_TARGET} is the target.  "
      f"A ratio is — where a cost is below {RESOLUTION_NS} ns per subgroup operation "
      "(one cycle at 3 GHz), what the subtraction resolves.")
    for w in widths:
        p("")
        if w > 16:
            p(f"### {w} lanes (requiredSubgroupSize {w}; stock lavapipe cannot run this size)")
        else:
            p(f"### {w} lanes (LP_NATIVE_VECTOR_WIDTH={32 * w})")
        p("")
        p("| op | ours ns | stock ns | stock/ours | floor ns | ours/floor |")
        p("|---|---:|---:|---:|---:|---:|")
        for op in ops:
            r1 = ratio(val("stock", w, op), val("ours", w, op), w)
            r2 = ratio(val("ours", w, op), val("floor", w, op), w)
            p(f"| {op} | {cell('ours', w, op)} | {cell('stock', w, op)} | "
              f"{'—' if r1 is None else f'{r1:.2f}'} | {cell('floor', w, op)} | "
              f"{'—' if r2 is None else f'{r2:.2f}'} |")

    # The targets: against stock, and against the floor.
    p("")
    p("### Targets")
    p("")
    p("| target | figure | met |")
    p("|---|---|---|")

    def target(name, fig, ok):
        p(f"| {name} | {fig} | {'—' if ok is None else ('yes' if ok else 'no')} |")

    for op in ("ballot", "vote_any", "vote_all"):
        for w in widths:
            r = ratio(val("stock", w, op), val("ours", w, op))
            target(f"{op} ≥10× faster than stock, {w} lanes",
                   "—" if r is None else f"{r:.2f}×", None if r is None else r >= 10)
    for op in ("shuffle", "rotate_const", "rotate_dyn", "intel_shuffle_down"):
        if 16 in widths:
            r = ratio(val("stock", 16, op), val("ours", 16, op))
            target(f"{op} ≥20× faster than stock, 16 lanes",
                   "—" if r is None else f"{r:.2f}×", None if r is None else r >= 20)
    if 16 in widths:
        r = ratio(val("ours", 16, "partition"), val("ours", 16, "shuffle"))
        target("partition ≤ 2× shuffle (ours), 16 lanes",
               "—" if r is None else f"{r:.2f}×", None if r is None else r <= 2)
    # A floor cost under one cycle (at 3 GHz) per subgroup operation is
    # below what the subtraction resolves; such ops are held to that.
    for sizes, goal in (((8, 16), FLOOR_TARGET), ((32, 64), WIDE_FLOOR_TARGET)):
        worst, floored, compared = [], [], 0
        for w in widths:
            if w not in sizes:
                continue
            for op in ops:
                f = val("floor", w, op)
                if f is not None and f < RESOLUTION_NS / w:
                    floored.append(f"{op}@{w}")
                    f = RESOLUTION_NS / w
                r = ratio(val("ours", w, op), f)
                compared += r is not None
                if r is not None and r > goal:
                    worst.append(f"{op}@{w} {r:.2f}×")
        if not compared:
            continue
        fig = ("over: " + ", ".join(worst)) if worst else f"all within {goal}×"
        if floored:
            fig += (f" (floor taken as {RESOLUTION_NS:.2f} ns / lanes for " + ", ".join(floored)
                    + ")")
        target(f"every op within {goal}× of the floor ({sizes[0]} and {sizes[1]} lanes)", fig,
               not worst)

    if failures or mismatch:
        p("")
        p("### Problems")
        p("")
        for f in failures + mismatch:
            p(f"- {f}")
    log(f"bench: raw output in {a.raw}; {elapsed:.0f} s")
    return 1 if failures or mismatch or any(
        isinstance(v, str) and v.startswith("WRONG") for v in table.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
