#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Shrinks a finding of the spirv_to_nir fuzzer to the instructions it needs.

libFuzzer's -minimize_crash mutates bytes and keeps what still crashes;
nearly every byte edit of a finding breaks the module somewhere the
harness's gate (spirv_fuzz.c) refuses, so it rarely gets anywhere.  This
removes whole instructions instead (runs of them first, then single ones,
until no removal keeps the finding), and tries a zero config byte.  An
input is still "the finding" when the fuzzer's replay of it prints every
PATTERN (Python regular expressions, searched in its whole output: use the
assert's text, the file:line of the top frame, the NIR intrinsic ...).
spirv-reduce does this better for valid modules, but a finding is invalid
by construction and spirv-reduce refuses to start on one.

usage: reduce.py FUZZER IN OUT PATTERN...
  e.g. reduce.py build-fuzz/tests/fuzz/spirv-fuzz crash-1234 \\
          tests/fuzz/regressions/partition-ballot-not-ssa.spv 'vtn_subgroup.c:773'
"""
import os
import re
import struct
import subprocess
import sys
import tempfile

ENV = dict(os.environ,
           MESA_SPIRV_LOG_LEVEL="error",
           ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1",
           UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1",
           ASAN_SYMBOLIZER_PATH=os.environ.get("ASAN_SYMBOLIZER_PATH",
                                               "/usr/lib/llvm-15/bin/llvm-symbolizer"))


def split(words):
    """The header and the instructions (lists of words); any words after
    the first malformed instruction are kept as one last "instruction"."""
    insts, i = [], 5
    while i < len(words):
        wc = words[i] >> 16
        if wc == 0 or i + wc > len(words):
            insts.append(words[i:])
            break
        insts.append(words[i:i + wc])
        i += wc
    return words[:5], insts


def join(header, insts):
    return [w for part in [header] + insts for w in part]


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    fuzzer, src, dst = sys.argv[1:4]
    patterns = [re.compile(p, re.S) for p in sys.argv[4:]]
    data = open(src, "rb").read()
    words = list(struct.unpack("<%dI" % (len(data) // 4), data[:len(data) // 4 * 4]))
    tmp = tempfile.NamedTemporaryFile(suffix=".spv", delete=False).name
    runs = 0

    def interesting(ws):
        nonlocal runs
        runs += 1
        with open(tmp, "wb") as f:
            f.write(struct.pack("<%dI" % len(ws), *ws))
        p = subprocess.run([fuzzer, "-runs=1", tmp], env=ENV, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=60)
        out = p.stdout.decode(errors="replace")
        return p.returncode != 0 and all(r.search(out) for r in patterns)

    if not interesting(words):
        sys.exit(f"reduce: {src} does not show {sys.argv[4:]}")
    header, insts = split(words)
    if header[1] & 0xff:
        h = header[:]
        h[1] &= ~0xff
        if interesting(join(h, insts)):
            header = h
    chunk = max(1, len(insts) // 2)
    while True:
        changed = False
        i = len(insts) - chunk
        while i >= 0:
            cand = insts[:i] + insts[i + chunk:]
            if cand and interesting(join(header, cand)):
                insts = cand
                changed = True
            i -= chunk
        if chunk > 1:
            chunk //= 2
        elif not changed:
            break
    out = join(header, insts)
    with open(dst, "wb") as f:
        f.write(struct.pack("<%dI" % len(out), *out))
    os.unlink(tmp)
    print(f"reduce: {len(words) * 4} -> {len(out) * 4} bytes, {len(insts)} instructions, "
          f"{runs} runs: {dst}")


if __name__ == "__main__":
    main()
