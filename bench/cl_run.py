#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""The OpenCL half of the subgroup benchmark: bench/run-cl.sh calls this.

For each subgroup size, cl_bench runs on our rusticl (llvmpipe at the
vector width of that size) and on Intel's CPU OpenCL runtime (the size
required with intel_reqd_sub_group_size), one process per platform,
alternating (ours, Intel, ours, ...), each pinned to the same core with
one thread.  Per op and platform the median over the runs of cl_bench's
medians; cost = ns_op - ns_base (the loop without the op).  Prints a
markdown report; the checksums of the op's output must agree across the
platforms (a differing one is marked).

--instr: the load-independent metric instead, as bench/run.sh --instr gives
it for the Vulkan half: one process per platform and size under valgrind's
callgrind (2 repetitions, --groups work-groups), and per op the
instructions of its dispatch less those of the base loop's, every thread's
counted, per work-item-op: the smaller of the two repetitions, as work
that is not the dispatch's (the shader cache's writer thread) only adds.
Each of our dispatches looks its kernel up in the shader disk cache again
(without the cache it compiles it again: ~20 ms a dispatch), so a
dispatch needs enough work-groups (64) for that to weigh little.
"""
import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from instr import dumps


def run_one(cmd, env):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        sys.exit(f"cl_run: {' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    ops, platform = {}, ''
    for line in r.stdout.splitlines():
        m = re.match(r'op (\S+) ns_op (\S+) ns_base (\S+) checksum (\S+)', line)
        if m:
            ops[m.group(1)] = (float(m.group(2)), float(m.group(3)), m.group(4))
        elif line.startswith('platform '):
            platform = line[len('platform '):]
    return platform, ops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bench', required=True)
    ap.add_argument('--kernels', required=True)
    ap.add_argument('--rusticl-icd', required=True)
    ap.add_argument('--intel-lib', required=True)
    ap.add_argument('--sizes', default='8,16')
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--ops', default=None)
    ap.add_argument('--core', default='0')
    ap.add_argument('--instr', action='store_true')
    ap.add_argument('--groups', type=int, default=None)
    a = ap.parse_args()

    base_env = dict(os.environ)
    for k in ('OCL_ICD_VENDORS', 'OCL_ICD_FILENAMES'):
        base_env.pop(k, None)
    ours_env = dict(base_env, OCL_ICD_VENDORS=a.rusticl_icd, RUSTICL_ENABLE='llvmpipe',
                    LP_NUM_THREADS='1')
    intel_env = dict(base_env, OCL_ICD_FILENAMES=os.path.join(a.intel_lib, 'libintelocl.so'),
                     LD_LIBRARY_PATH=a.intel_lib + ':' + base_env.get('LD_LIBRARY_PATH', ''))
    extra = ['--reps', str(a.reps)] + (['--ops', a.ops] if a.ops else []) + \
        (['--groups', str(a.groups)] if a.groups else [])
    pin = ['taskset', '-c', a.core]
    if a.instr:
        instr(a, ours_env, intel_env, pin)
        return

    print('# OpenCL subgroup benchmark: our rusticl against Intel\'s CPU runtime\n')
    print(f'{datetime.date.today().isoformat()}; `bench/run-cl.sh --runs {a.runs} --reps {a.reps}`; '
          f'{a.runs} processes per platform and size, alternating, each on core {a.core} alone '
          f'(`taskset`), one thread; ns per work-item-op, medians.\n')
    platforms = {}
    for size in [int(s) for s in a.sizes.split(',')]:
        results = {'ours': [], 'intel': []}
        for _ in range(a.runs):
            env = dict(ours_env, LP_NATIVE_VECTOR_WIDTH=str(size * 32))
            p, ops = run_one(pin + [a.bench, a.kernels, str(size)] + extra, env)
            platforms['ours'] = p
            results['ours'].append(ops)
            p, ops = run_one(pin + [a.bench, a.kernels, str(size), '--reqd'] + extra, intel_env)
            platforms['intel'] = p
            results['intel'].append(ops)
        names = list(results['ours'][0])
        print(f'## {size} lanes\n')
        print('| op | ours | Intel | ours / Intel | ours, op cost | Intel, op cost | same output |')
        print('|---|---|---|---|---|---|---|')
        med = {}
        for who in ('ours', 'intel'):
            for n in names:
                op = statistics.median(r[n][0] for r in results[who])
                base = statistics.median(r[n][1] for r in results[who])
                sums = {r[n][2] for r in results[who]}
                med[who, n] = (op, base, sums)
        bases = {who: statistics.median(med[who, n][1] for n in names) for who in ('ours', 'intel')}
        print(f'| base loop | {bases["ours"]:.3f} | {bases["intel"]:.3f} | '
              f'{bases["ours"] / bases["intel"]:.2f} | | | |')
        for n in names:
            o, i = med['ours', n], med['intel', n]
            same = 'yes' if o[2] == i[2] and len(o[2]) == 1 else '**no**'
            print(f'| {n} | {o[0]:.3f} | {i[0]:.3f} | {o[0] / i[0]:.2f} | '
                  f'{o[0] - o[1]:.3f} | {i[0] - i[1]:.3f} | {same} |')
        print()
    print('Platforms: ours = ' + platforms.get('ours', '?') + '; Intel = ' +
          platforms.get('intel', '?') + '.')


# Work-items per work-group and ops per work-item, as cl_bench.c has them.
LOCAL, OPS_PER_ITEM = 64, 2048


def instr(a, ours_env, intel_env, pin):
    """--instr: instructions per work-item-op under callgrind."""
    groups = a.groups or 64
    grind = ['valgrind', '--tool=callgrind', '--smc-check=all']
    common = ['--reps', '2', '--groups', str(groups)] + (['--ops', a.ops] if a.ops else [])
    t_start = time.monotonic()
    cost, platforms, notes = {}, {}, []
    sizes = [int(s) for s in a.sizes.split(',')]
    for size in sizes:
        ours = dict(ours_env, LP_NATIVE_VECTOR_WIDTH=str(size * 32))
        for who, env, reqd in (('ours', ours, []),
                               ('intel', intel_env, ['--reqd'])):
            with tempfile.TemporaryDirectory() as d:
                cmd = pin + grind + ['--callgrind-out-file=' + os.path.join(d, 'cg.%p'),
                                     a.bench, a.kernels, str(size)] + reqd + common
                platforms[who], ops = run_one(cmd, env)
                counts = dumps(d)
            for n in ops:
                per_rep = []
                for rep in range(2):
                    o, b = counts.get(f'op {n} {rep}'), counts.get(f'base {n} {rep}')
                    if o is not None and b is not None:
                        per_rep.append((o - b) / (groups * LOCAL * OPS_PER_ITEM))
                if not per_rep:
                    cost[who, size, n] = None
                    notes.append(f'{who} {size} lanes {n}: no callgrind count')
                    continue
                if max(per_rep) - min(per_rep) > 0.01 * max(abs(x) for x in per_rep) + 0.01:
                    notes.append(f'{who} {size} lanes {n}: the repetitions differ: ' +
                                 ', '.join(f'{x:.3f}' for x in per_rep))
                cost[who, size, n] = min(per_rep)
            cost[who, size, None] = list(ops)
    print('# OpenCL subgroup benchmark: instructions per op, our rusticl against Intel\'s '
          'CPU runtime\n')
    print(f'{datetime.date.today().isoformat()}; `bench/run-cl.sh --instr` (callgrind, 2 '
          f'repetitions, {groups} work-groups of {LOCAL}); took '
          f'{time.monotonic() - t_start:.0f} s. Instructions per work-item-op: those of the '
          'dispatch with the op less those of the same loop without it, every thread counted; '
          'they do not weigh instructions by their latency.\n')
    for size in sizes:
        print(f'## {size} lanes\n')
        print('| op | ours | Intel | ours / Intel |')
        print('|---|---:|---:|---:|')
        for n in cost.get(('ours', size, None), []):
            o, i = cost.get(('ours', size, n)), cost.get(('intel', size, n))
            f = lambda c: f'{c:.2f}' if isinstance(c, float) else '—'
            r = f'{o / i:.2f}' if isinstance(o, float) and isinstance(i, float) and i > 0.05 \
                else '—'
            print(f'| {n} | {f(o)} | {f(i)} | {r} |')
        print()
    for n in notes:
        print(f'note: {n}')
    print('Platforms: ours = ' + platforms.get('ours', '?') + '; Intel = ' +
          platforms.get('intel', '?') + '.')


if __name__ == '__main__':
    main()
