#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Checks that the benchmark times what it names: in the JIT assembly of
each operation's shader on our lavapipe (GALLIVM_DEBUG=asm), the loop that
runs the 2048 operations holds instructions the base shader's loop does
not.  Were LLVM to hoist the operation out of the loop or fold it away, the
two loops would hold the same instructions and the cost would measure
nothing.

bench/run.sh --asm builds what it needs and calls this.  Per width, one
bench process compiles the base shader alone, then one per operation
compiles the operation's shader and the base's (lavapipe compiles at the
first dispatch); the shader functions (cs_co_variant) are cut from the
disassembly, and a function's loop is the longest range from a backward
branch's target to the branch.  The operation's loop is the one that is
not the base's.  Prints a line per operation and width, then "N passed,
N failed".
"""
import argparse
import collections
import os
import re
import subprocess
import sys

from run import driver_args, process_env, widths_and_ops

INSN = re.compile(r"\s*([0-9a-f]+):\t(\S+)\s*(.*)")


def shader_functions(asm):
    """The instruction lists [(address, mnemonic, operands)] of each
    cs_co_variant function, in the order they were compiled."""
    funcs, cur = [], None
    for line in asm.splitlines():
        if re.match(r"^[A-Za-z_.][\w.]*:$", line):
            cur = [] if line == "cs_co_variant:" else None
            if cur is not None:
                funcs.append(cur)
            continue
        m = INSN.match(line)
        if cur is not None and m:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def longest_loop(insns):
    """The mnemonics from the target of a backward branch to the branch,
    for the branch that spans the most instructions."""
    best = []
    for i, (addr, mnem, arg) in enumerate(insns):
        if not mnem.startswith("j") or not re.fullmatch(r"-\d+", arg):
            continue
        # The displacement counts from the next instruction.
        nxt = insns[i + 1][0] if i + 1 < len(insns) else addr
        target = nxt + int(arg)
        body = [m for a, m, _ in insns if target <= a <= addr]
        if len(body) > len(best):
            best = body
    return best


def compile_asm(a, env, w, op):
    """-> (exit status, stdout, the loops of the cs_co_variant functions)."""
    p = subprocess.run([a.bench, "--shader-dir", a.shader_dir, "--expect", "ours",
                        "--lanes", str(w), "--reps", "1", "--scale", "0.01", "--ops", op],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, [longest_loop(f) for f in shader_functions(p.stderr)]


def main():
    ap = argparse.ArgumentParser()
    driver_args(ap)
    a = ap.parse_args()
    widths, ops = widths_and_ops(a, "check_asm.py")
    passed = failed = 0
    for w in widths:
        env = dict(process_env(), LP_NATIVE_VECTOR_WIDTH=str(32 * w), GALLIVM_DEBUG="asm",
                   VK_DRIVER_FILES=a.ours_json, VK_ICD_FILENAMES=a.ours_json)
        rc, _, loops = compile_asm(a, env, w, "base")
        if rc or len(loops) != 1 or not loops[0]:
            print(f"asm.base.{w}: FAIL (exit {rc}, {len(loops)} shader functions)")
            failed += 1
            continue
        base = loops[0]
        for o in ops:
            name = f"asm.{o}.{w}"
            rc, out, loops = compile_asm(a, env, w, o)
            skip = re.search(rf"^skip {o} (\S+)", out, re.M)
            if skip:
                print(f"{name}: skip ({skip.group(1).replace('_', ' ')})")
                continue
            others = [lp for lp in loops if lp != base]
            if rc or len(loops) != 2:
                print(f"{name}: FAIL (exit {rc}, {len(loops)} shader functions)")
                failed += 1
                continue
            op = others[0] if others else base
            extra = collections.Counter(op) - collections.Counter(base)
            if not base or not op:
                print(f"{name}: FAIL (no loop found)")
                failed += 1
            elif not extra:
                print(f"{name}: FAIL (its loop, {len(op)} instructions, holds nothing the "
                      f"base loop's {len(base)} lack: hoisted or folded)")
                failed += 1
            else:
                shown = ", ".join(f"{m} x{n}" if n > 1 else m for m, n in sorted(extra.items()))
                print(f"{name}: pass (loop {len(op)} instructions against the base's "
                      f"{len(base)}; in it beyond the base: {shown})")
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
