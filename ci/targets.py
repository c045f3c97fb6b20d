#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""What ci/build.sh builds, and which of Mesa's tests ci/parts/meson.sh runs,
read from meson's description of a configured build directory.

  targets.py BUILD_DIR main       the ninja targets ci/main.sh's demo needs:
                                  lavapipe, its ICD file, the runner and its
                                  shaders
  targets.py BUILD_DIR ci         the ninja targets ci/test.sh needs: every
                                  installed target (the drivers, rusticl,
                                  GL), ours (tests/), the drivers' in-tree ICD
                                  files and drm-shims, and the programs of
                                  the unit tests of UNIT_TESTS below
  targets.py BUILD_DIR tests      the meson tests to run: those whose
                                  programs the ci targets build
  targets.py BUILD_DIR not-built  Mesa's tests left out, one a line

Mesa's unit tests cost a quarter of a cold build, most of it in programs
that test code the series does not touch (docs/figures.md).  CI builds the
ones that test what the series changes, and the checks that need nothing
but what CI builds anyway (the drivers' symbol checks); the others are
named by `not-built`.
"""

import json
import os
import subprocess
import sys

# The unit tests CI builds, by meson test name, and the code of the series
# each covers.
UNIT_TESTS = {
    'nir_tests': 'NIR: nir_lower_subgroups, the series\' passes and their folds',
    'nir_algebraic_parser': 'NIR\'s algebraic rules',
    'spirv_tests': 'spirv_to_nir, with the series\' subgroup tests',
    'radv_tests': 'RADV',
    'ir3_disasm': 'ir3\'s encodings',
    'ir3_delay_test': 'ir3\'s scheduling of the instructions the series emits',
    'ir3_lower_shuffle_test': 'ir3\'s shuffle lowering (the series\' test)',
    'nak': 'NAK: MATCH.ANY and REDUX encodings against NVIDIA\'s',
    'compiler_test': 'the Rust compiler crate NAK builds on',
    'intel_compiler_brw_tests': 'brw',
    'anv_tests': 'ANV',
    'lp_test_format': 'gallivm', 'lp_test_arit': 'gallivm', 'lp_test_blend': 'gallivm',
    'lp_test_conv': 'gallivm', 'lp_test_printf': 'gallivm',
    'lp_test_lookup_multiple': 'gallivm',
    'gallium-aux': 'gallium\'s auxiliary code (draw)',
    'main-test': 'GL\'s core (the link of a SPIR-V program)',
    'st_format_test': 'GL\'s state tracker',
}


def introspect(build, what):
    out = subprocess.run(['meson', 'introspect', '--' + what, build], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def rel(build, path):
    return os.path.relpath(path, os.path.abspath(build))


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ('main', 'ci', 'tests', 'not-built'):
        sys.exit(__doc__)
    build, what = sys.argv[1], sys.argv[2]
    targets = introspect(build, 'targets')
    by_id = {t['id']: t for t in targets}
    tests = introspect(build, 'tests')

    def ninja_name(t):
        return rel(build, t['filename'][0])

    if what == 'main':
        lvp = 'src/gallium/targets/lavapipe/'
        want = [t for t in targets
                if (t['subproject'] is None and t['name'] in ('subgroup-runner',))
                or (t['subproject'] is None and t['filename'][0].endswith('.spv')
                    and os.path.dirname(rel(build, t['filename'][0])) == 'tests')
                or (lvp + 'libvulkan_lvp.so') in t['filename'][0]
                or (lvp + 'lvp_devenv_icd') in t['filename'][0]]
        print('\n'.join(ninja_name(t) for t in want))
        return

    ci = {}
    for t in targets:
        name = os.path.basename(t['filename'][0])
        if (t['installed'] or t['subproject'] is None or 'devenv_icd' in name
                or 'drm_shim' in name):
            ci[t['id']] = t
    missing = [n for n in UNIT_TESTS if n not in {x['name'] for x in tests}]
    if missing:
        sys.exit('targets.py: no meson test named ' + ', '.join(missing))
    for x in tests:
        if x['name'] in UNIT_TESTS:
            for d in x['depends']:
                ci[d] = by_id[d]
    runs = [x for x in tests if all(d in ci for d in x['depends'])]
    if what == 'ci':
        print('\n'.join(sorted(ninja_name(t) for t in ci.values())))
    elif what == 'tests':
        print('\n'.join(sorted({x['name'] for x in runs})))
    else:
        run_names = {x['name'] for x in runs}
        for x in tests:
            if x['name'] not in run_names:
                print('%s (%s)' % (x['name'], ', '.join(x['suite'])))


if __name__ == '__main__':
    main()
