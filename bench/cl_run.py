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
"""
import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys


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
    a = ap.parse_args()

    base_env = dict(os.environ)
    for k in ('OCL_ICD_VENDORS', 'OCL_ICD_FILENAMES'):
        base_env.pop(k, None)
    ours_env = dict(base_env, OCL_ICD_VENDORS=a.rusticl_icd, RUSTICL_ENABLE='llvmpipe',
                    LP_NUM_THREADS='1')
    intel_env = dict(base_env, OCL_ICD_FILENAMES=os.path.join(a.intel_lib, 'libintelocl.so'),
                     LD_LIBRARY_PATH=a.intel_lib + ':' + base_env.get('LD_LIBRARY_PATH', ''))
    extra = ['--reps', str(a.reps)] + (['--ops', a.ops] if a.ops else [])
    pin = ['taskset', '-c', a.core]

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


if __name__ == '__main__':
    main()
