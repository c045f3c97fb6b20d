#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Applies the mutants of mutants.py one at a time to a separate tree, rebuilds
it incrementally, runs the cases each names, and reverts it.  Run through
ci/mutants.sh (which sets up the environment and the Mesa checkout)."""

import datetime
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from mutants import MUTANTS, SAMPLE  # noqa: E402

MESA_DIR = 'subprojects/mesa-25.0.7'
WORK = os.path.join(TOP, 'build-mutants')
TREE = os.path.join(WORK, MESA_DIR)
BUILD = os.path.join(WORK, 'build')
LVP = MESA_DIR + '/src/gallium/targets/lavapipe/'
RADV_ICD = MESA_DIR + '/src/amd/vulkan/radeon_devenv_icd.x86_64.json'
TU = MESA_DIR + '/src/freedreno/'
NVK = MESA_DIR + '/src/nouveau/'
ANV = MESA_DIR + '/src/intel/'
# What each kind of run needs built (run_spec's kinds); setup() builds only
# what the chosen mutants' runs need, and every build of a mutant rebuilds
# that much.
RUNNER_TARGETS = [LVP + 'libvulkan_lvp.so', LVP + 'lvp_devenv_icd.x86_64.json',
                  'tests/subgroup-runner']
GL_TARGETS = [MESA_DIR + '/src/gallium/targets/dri/libgallium-25.0.7.so',
              MESA_DIR + '/src/egl/libEGL_mesa.so.0.0.0']
RADV_TARGETS = [MESA_DIR + '/src/amd/vulkan/libvulkan_radeon.so', RADV_ICD,
                MESA_DIR + '/src/amd/drm-shim/libamdgpu_noop_drm_shim.so']
TU_TARGETS = [TU + 'vulkan/libvulkan_freedreno.so', TU + 'vulkan/freedreno_devenv_icd.x86_64.json',
              TU + 'drm-shim/libfreedreno_noop_drm_shim.so']
NVK_TARGETS = [NVK + 'vulkan/libvulkan_nouveau.so', NVK + 'vulkan/nouveau_devenv_icd.x86_64.json',
               NVK + 'drm-shim/libnouveau_noop_drm_shim.so']
ANV_TARGETS = [ANV + 'vulkan/libvulkan_intel.so', ANV + 'vulkan/intel_devenv_icd.x86_64.json',
               ANV + 'tools/libintel_noop_drm_shim.so']
KIND_TARGETS = {
    'runner': RUNNER_TARGETS, 'cache': RUNNER_TARGETS,
    'piglit': RUNNER_TARGETS + GL_TARGETS,
    'spirv_tests': [MESA_DIR + '/src/compiler/spirv/spirv_tests'],
    'nir_tests': [MESA_DIR + '/src/compiler/nir/nir_tests'],
    'radv': RUNNER_TARGETS + RADV_TARGETS,
    'turnip': RUNNER_TARGETS + TU_TARGETS,
    'ir3_lower_shuffle_test': [MESA_DIR + '/src/freedreno/ir3/ir3_lower_shuffle_test'],
    'nvk': RUNNER_TARGETS + NVK_TARGETS,
    'nak_test': [NVK + 'compiler/nak'],
    'anv': RUNNER_TARGETS + ANV_TARGETS,
    'iris': [MESA_DIR + '/src/gallium/targets/rusticl/libRusticlOpenCL.so.1.0.0',
             'tests/opencl/cl-runner', 'tests/opencl/intel_spirv.spv',
             ANV + 'tools/libintel_noop_drm_shim.so'],
    'cl': [MESA_DIR + '/src/gallium/targets/rusticl/libRusticlOpenCL.so.1.0.0',
           'tests/opencl/cl-runner', 'tests/opencl/rotate_workgroup.spv'],
}
TARGETS = []


def kind_of(spec):
    """A run spec's kind, the runner's and the ISA checks' variants folded."""
    kind = spec.partition(':')[0]
    if kind.startswith('runner'):
        return 'runner'
    return kind[:-len('-isa')] if kind.endswith('-isa') else kind


REPORT = os.path.join(HERE, 'REPORT.md')


def sh(cmd, **kw):
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def setup(mutants):
    """build-mutants/ mirrors the superproject's layout (meson.build, ci/,
    tests/ and the Mesa checkout under subprojects/), so its compile commands
    match the main build's and ccache serves the unchanged files."""
    os.makedirs(WORK, exist_ok=True)
    for name in ('meson.build', 'ci', 'tests'):
        dst = os.path.join(WORK, name)
        if os.path.isdir(dst) and not os.path.islink(dst):
            shutil.rmtree(dst)
        elif os.path.lexists(dst):
            os.remove(dst)
        src = os.path.join(TOP, name)
        if os.path.isdir(src):
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns('__pycache__'))
        else:
            shutil.copy2(src, dst)
    os.makedirs(os.path.join(WORK, 'subprojects'), exist_ok=True)
    shutil.copy2(os.path.join(TOP, 'subprojects/mesa.wrap'),
                 os.path.join(WORK, 'subprojects/mesa.wrap'))
    head = sh(['git', '-C', os.path.join(TOP, MESA_DIR), 'rev-parse', 'HEAD']).stdout.strip()
    if not os.path.isdir(TREE):
        os.makedirs(os.path.dirname(TREE), exist_ok=True)
        r = sh(['git', '-C', os.path.join(TOP, MESA_DIR), 'worktree', 'add', '--detach',
                TREE, head])
        if r.returncode:
            sys.exit('mutants: git worktree add failed:\n' + r.stderr)
    else:
        sh(['git', '-C', TREE, 'checkout', '-q', '--detach', head])
        sh(['git', '-C', TREE, 'reset', '-q', '--hard', head])
    options = open(os.path.join(TOP, 'ci/mesa-options')).read()
    used = os.path.join(WORK, 'mesa-options.used')
    if not os.path.exists(os.path.join(BUILD, 'build.ninja')):
        r = sh(['meson', 'setup', BUILD, WORK, '--native-file',
                os.path.join(TOP, 'ci/native.ini'), '--wrap-mode=nodownload'])
        if r.returncode:
            sys.exit('mutants: meson setup failed:\n' + r.stdout[-3000:] + r.stderr[-3000:])
    elif not os.path.exists(used) or open(used).read() != options:
        # Mesa's options reach the subproject only at setup: apply a change.
        opts = ['-Dmesa:' + line for line in options.splitlines()
                if line and not line.startswith('#')]
        r = sh(['meson', 'configure', BUILD] + opts)
        if r.returncode:
            sys.exit('mutants: meson configure failed:\n' + r.stdout[-3000:] + r.stderr[-3000:])
    open(used, 'w').write(options)
    kinds = {kind_of(spec) for m in mutants for spec in m.run}
    for kind in sorted(kinds):
        TARGETS.extend(t for t in KIND_TARGETS[kind] if t not in TARGETS)
    # The runner's shaders too.
    if 'tests/subgroup-runner' in TARGETS:
        # (a build.ninja regenerated first: a new shader is a new target)
        sh(['ninja', '-C', BUILD, 'build.ninja'])
        r = sh(['ninja', '-C', BUILD, '-t', 'targets', 'all'])
        TARGETS.extend(sorted({line.split(':')[0] for line in r.stdout.splitlines()
                               if line.startswith('tests/') and
                               line.split(':')[0].endswith(('.spv', '.shader_test'))}))
    t = time.time()
    r = sh(['ninja', '-C', BUILD] + TARGETS)
    if r.returncode:
        sys.exit('mutants: the unmutated tree does not build:\n' + r.stdout[-3000:])
    # Every run must pass on the unmutated tree, or a kill would prove
    # nothing: each distinct run of the chosen mutants, once.
    specs = sorted({spec for m in mutants for spec in m.run})
    for spec in specs:
        r = run_spec(spec)
        if r.failed or not r.total:
            sys.exit(f'mutants: the unmutated tree fails {spec} '
                     f'({r.first or "it ran nothing"}):\n{r.tail}')
    print(f'mutants: tree ready in {time.time() - t:.0f} s ({len(specs)} runs checked '
          'on the unmutated tree first)', flush=True)


def edits(m):
    return [(m.file, m.old, m.new)] + list(m.also)


def apply(m):
    for file, old, new in edits(m):
        path = os.path.join(TREE, file)
        text = open(path).read()
        n = text.count(old)
        if n != 1:
            return f'the original text occurs {n} times in {file}'
        open(path, 'w').write(text.replace(old, new))
    return None


def revert(m):
    sh(['git', '-C', TREE, 'checkout', '--'] + sorted({e[0] for e in edits(m)}))


# How a run saw a mutant, best first: a wrong value (a result, an encoding
# or NIR that a test evaluates), an ISA check, a module wrongly accepted or
# refused, a compile failure, a missing advertisement, a crash.  A crash or
# an abort is no kill unless the mutant says its rule is "no crash"
# (crash_kills).
KILL_KINDS = ['wrong value', 'ISA check', 'accept/reject', 'compile failure',
              'missing advertisement', 'crash']


class Run:
    """One run's outcome: failed and total counts, the first failing case,
    the output's tail, and the best kind among its failures."""

    def __init__(self, failed, total, first, tail, kind=None):
        self.failed, self.total, self.first, self.tail = failed, total, first, tail
        self.kind = kind if failed else None


def best_kind(kinds):
    kinds = [k for k in kinds if k]
    return min(kinds, key=KILL_KINDS.index) if kinds else 'crash'


def runner_kind(why):
    """The runner's "NAME: fail (WHY)" (its run_case and batch messages)."""
    if re.search(r'words differ|did not run the operation but wrote|is not lane|'
                 r'subgroups of|active lanes|perturbation', why):
        return 'wrong value'
    if re.search(r'pipeline creation failed|cannot read|compiled', why):
        return 'compile failure'
    if re.search(r'allowed skip|not supported|needs|lacks', why):
        return 'missing advertisement'
    return 'crash'


def summarized(r, fail_re, what, classify):
    """A Run from a script that ends with "N passed, N failed": fail_re
    matches each failing line (group 1 the name, group 2 the reason), and
    classify(name, reason) gives each one's kind.  No summary: a crash."""
    out = r.stdout + r.stderr
    m = re.search(r'^(\d+) passed, (\d+) failed', out, re.M)
    if not m:
        return Run(1, 1, f'{what} printed no summary (exit {r.returncode})', out[-2000:], 'crash')
    fails = re.findall(fail_re, out, re.M)
    passed, failed = int(m.group(1)), int(m.group(2))
    kind = best_kind([classify(n, why) for n, why in fails]) if failed else None
    return Run(failed, passed + failed, fails[0][0] if fails else None, out[-2000:], kind)


def gtest_kind(name, crashed):
    """A failed test of spirv_tests or nir_tests: an accept/reject test
    (bad_*: the module must be refused, or accepted) or one that evaluates
    or inspects the NIR."""
    if crashed:
        return 'crash'
    return 'accept/reject' if '.bad_' in name or '.good_' in name else 'wrong value'


def cl_kind(name, why):
    """cl-runner's "NAME: FAIL WHY"."""
    if 'CL_DEVICE_EXTENSIONS' in why:
        return 'missing advertisement'
    if name.startswith('cl.build.'):
        return 'compile failure'
    if name.endswith('.refused'):
        return 'accept/reject'
    if why.startswith('cl') and '= ' in why:
        return 'crash'  # an API call failed
    return 'wrong value'


def sweep_kind(name, why):
    """sweep.sh's "DRIVER.CONFIG: FAIL (WHY)": the runner's first failing
    case, or what vulkaninfo lacks.  A compile-only sweep claims that the
    driver compiles every case without a crash or an assert, so a crash
    there is the compile failure it looks for."""
    if name.endswith('.vulkaninfo') or re.search(r'not listed|PARTITIONED bit|allowed skip', why):
        return 'missing advertisement'
    # the size list, or a kernel query's answer (cl-runner's cl.reqd_size.*)
    if 'sub-group sizes' in why or re.search(r'first: cl\.reqd_size\.\S+\.queries: FAIL', why):
        return 'wrong value'
    return 'compile failure'


def run_spec(spec):
    """Runs one route of mutants.py; returns a Run."""
    kind, _, arg = spec.partition(':')
    if kind in ('runner', 'runner-generic', 'runner-loop', 'runner-sse41', 'runner-avx2',
                'runner-sizes', 'runner-generic-sizes'):
        family, _, filt = arg.partition(':')
        # ci/test.sh's expected failures (a case failing without the mutant
        # would prove nothing), under the tag its run of the lowering has.
        cmd = [os.path.join(BUILD, 'tests/subgroup-runner'), '--family', family,
               '--log-dir', os.path.join(WORK, 'logs'),
               '--expectations', os.path.join(TOP, 'tests/expectations/lavapipe-fails.txt')]
        if filt:
            cmd += ['--filter', filt]
        env = dict(os.environ)
        if kind == 'runner-generic':
            env['GALLIVM_PERF'] = 'nosubgroupnative'
            cmd += ['--tag', 'generic']
        if kind == 'runner-generic-sizes':
            # ci/test.sh's fragment cases at every size on the generic builders
            env['GALLIVM_PERF'] = 'nosubgroupnative'
            cmd += ['--sizes', '4,8,16,32,64', '--tag', 'generic-sizes']
        if kind == 'runner-loop':
            env['GALLIVM_PERF'] = 'partitionloop'
            cmd += ['--tag', 'loop']
        if kind == 'runner-sse41':
            env['GALLIUM_OVERRIDE_CPU_CAPS'] = 'sse4.1'
            cmd += ['--widths', '128']
        if kind == 'runner-avx2':
            # the AVX2 forms, which an AVX-512 CPU does not run by default
            env['GALLIUM_OVERRIDE_CPU_CAPS'] = 'avx'
            cmd += ['--widths', '256,512', '--tag', 'caps_avx']
        if kind == 'runner-sizes':
            # compute and fragment pipelines at every requiredSubgroupSize (ci/test.sh's --sizes run)
            cmd += ['--sizes', '4,8,16,32,64', '--tag', 'sizes']
        return summarized(sh(cmd, timeout=1200, env=env),
                          r'^(subgroup\.\S+): (?:fail|unexpected-pass)\b ?(.*)$', 'the runner',
                          lambda n, why: runner_kind(why))
    if kind == 'piglit':
        env = dict(os.environ, MESA_SUBGROUPS_BUILD=BUILD)
        r = sh(['bash', os.path.join(TOP, 'tests/piglit/run-piglit.sh'), '--filter', arg,
                '--out', os.path.join(WORK, 'piglit')], timeout=1200, env=env)
        return summarized(r, r'^(piglit\.\S+): (?!pass|skip)(\S*)', 'run-piglit.sh',
                          lambda n, res: 'crash' if res.startswith('crash') else 'wrong value')
    if kind == 'cache':
        r = sh(['bash', os.path.join(TOP, 'tests/cache/check-cache-key.sh'),
                os.path.join(BUILD, 'tests/subgroup-runner'), os.path.join(WORK, 'cache')],
               timeout=600)
        return summarized(r, r'^(cache\.\S+): FAIL ?(.*)$', 'check-cache-key.sh',
                          lambda n, why: 'wrong value')
    if kind == 'nak_test':
        # NAK's Rust unit tests (the encoder test among them), as meson test runs them
        r = sh([os.path.join(BUILD, NVK, 'compiler/nak'), '--skip', 'hw_tests::'] +
               ([arg] if arg else []), timeout=600)
        out = r.stdout + r.stderr
        failed = re.findall(r'^test (\S+) \.\.\. FAILED', out, re.M)
        m = re.search(r'test result: \w+\. (\d+) passed; (\d+) failed', out)
        total = int(m.group(1)) + int(m.group(2)) if m else 0
        crashed = r.returncode and not failed
        if crashed:
            failed = [f'nak exited with {r.returncode}']
        return Run(len(failed), total, failed[0] if failed else None, out[-2000:],
                   'crash' if crashed else 'wrong value')
    if kind == 'cl':
        # ci/test.sh's OpenCL runs: the mutant's rusticl through its own ICD
        # file, at the widths given ("cl:128,256"; all three by default), of
        # the cases a glob names ("cl:128:cl.intel_image_block.*"; all)
        failed = total = 0
        first = tail = k = None
        widths, _, glob = arg.partition(':')
        widths = [int(w) for w in widths.split(',')] if widths else [128, 256, 512]
        # (and the Workgroup-scope rotate module past rusticl's validation)
        for w, il_only in [(w, il) for w in widths for il in (False, True)]:
            # a shader cache of this run alone (rusticl compiles each kernel
            # once, not per case); a rebuilt driver never reads another's
            cache = os.path.join(WORK, f'cl-cache-{w}')
            shutil.rmtree(cache, ignore_errors=True)
            env = dict(os.environ, OCL_ICD_VENDORS=os.path.join(BUILD, 'tests/opencl/rusticl.icd'),
                       RUSTICL_ENABLE='llvmpipe', LP_NATIVE_VECTOR_WIDTH=str(w),
                       MESA_SHADER_CACHE_DIR=cache, RUSTICL_FEATURES='fp16,fp64')
            if il_only:
                env['RUSTICL_DEBUG'] = 'allow_invalid_spirv'
            r = sh([os.path.join(BUILD, 'tests/opencl/cl-runner'), '--lanes', str(w // 32)] +
                   (['--il-only'] if il_only else []) + (['--filter', glob] if glob else []),
                   timeout=600, env=env)
            if il_only and glob and 'cl-runner: FAIL (the run checked nothing' in r.stdout:
                # the glob names no case of the SPIR-V module: nothing ran
                continue
            run = summarized(r, r'^(cl\.\S+): FAIL ?(.*)$', 'cl-runner', cl_kind)
            failed, total = failed + run.failed, total + run.total
            if run.failed:
                # killed: the other widths would only take minutes more
                first, tail, k = run.first, run.tail, run.kind
                break
        return Run(failed, total, first, tail, k)
    if kind in ('radv', 'turnip', 'nvk', 'anv'):
        r = sh(['bash', os.path.join(TOP, 'tests/compile-only/sweep.sh'), kind,
                os.path.join(BUILD, 'tests/subgroup-runner'), BUILD,
                os.path.join(WORK, kind), arg or '*'], timeout=1200)
        return summarized(r, r'^(%s\.\S+): FAIL ?(.*)$' % kind, 'sweep.sh ' + kind, sweep_kind)
    if kind == 'iris':
        r = sh(['bash', os.path.join(TOP, 'tests/compile-only/sweep-iris.sh'),
                os.path.join(BUILD, 'tests/opencl/cl-runner'), BUILD,
                os.path.join(WORK, kind)], timeout=1200)
        return summarized(r, r'^(iris\.\S+): FAIL ?(.*)$', 'sweep-iris.sh', sweep_kind)
    if kind in ('turnip-isa', 'radv-isa', 'nvk-isa', 'anv-isa', 'iris-isa'):
        drv = kind[:-len('-isa')]
        runner = 'tests/opencl/cl-runner' if drv == 'iris' else 'tests/subgroup-runner'
        r = sh(['bash', os.path.join(TOP, 'tests/compile-only/check-isa.sh'), drv,
                os.path.join(BUILD, runner), BUILD,
                os.path.join(WORK, kind)], timeout=1200)
        return summarized(r, r'^(isa\.%s\.\S+): FAIL ?(.*)$' % drv, 'check-isa.sh ' + drv,
                          lambda n, why: 'crash' if 'no summary' in why else 'ISA check')
    if kind == 'ir3_lower_shuffle_test':
        r = sh([os.path.join(BUILD, MESA_DIR, 'src/freedreno/ir3', kind)], timeout=600)
        out = r.stdout + r.stderr
        failed = re.findall(r'^FAIL: (.*)$', out, re.M)
        m = re.search(r'^(\d+) lanes checked', out, re.M)
        crashed = r.returncode and not failed
        if crashed:
            failed = [f'{kind} exited with {r.returncode}']
        return Run(len(failed), int(m.group(1)) if m else 0, failed[0] if failed else None,
                   out[-2000:], 'crash' if crashed else 'wrong value')
    if kind in ('spirv_tests', 'nir_tests'):
        cmd = [os.path.join(BUILD, MESA_DIR, 'src/compiler',
                            'spirv' if kind == 'spirv_tests' else 'nir', kind)]
        if arg:
            cmd.append('--gtest_filter=' + arg)
        r = sh(cmd, timeout=600)
        out = r.stdout + r.stderr
        # The failed tests' names: gtest's closing "[  FAILED  ] N tests,
        # listed below:" names none.
        failed = re.findall(r'^\[  FAILED  \] (?!\d+ tests?, listed below)(\S+)', out, re.M)
        # (the first line counts the tests even when the run crashes)
        total = re.search(r'^\[==========\] (?:Running )?(\d+) tests? from', out, re.M)
        total = int(total.group(1)) if total else 0
        crashed = r.returncode and not failed
        if crashed:
            failed = [f'{kind} exited with {r.returncode}']
        return Run(len(set(failed)), total, failed[0] if failed else None, out[-2000:],
                   best_kind([gtest_kind(n, crashed) for n in failed]))
    raise ValueError('unknown run ' + spec)


def main(argv):
    sample = '--sample' in argv
    ids = [a for a in argv if not a.startswith('--')]
    mutants = MUTANTS
    if sample:
        mutants = [m for m in MUTANTS if m.id in SAMPLE]
    elif ids:
        mutants = [m for m in MUTANTS if m.id in ids]
        missing = set(ids) - {m.id for m in mutants}
        if missing:
            sys.exit('mutants: unknown ' + ', '.join(sorted(missing)))
    setup(mutants)
    rows, killed, bad, not_run = [], 0, 0, 0
    start = time.time()
    flags = set()
    with open('/proc/cpuinfo') as f:
        for line in f:
            if line.startswith('flags'):
                flags |= set(line.split(':', 1)[1].split())
    for m in mutants:
        t = time.time()
        if m.needs_cpu and m.needs_cpu not in flags:
            not_run += 1
            detail = f'this CPU lacks {m.needs_cpu}: the mutated code is not built here'
            rows.append((m, 'not run', '', detail, 0))
            print(f'mutant.{m.id}: not run - {detail}', flush=True)
            continue
        why = apply(m)
        verdict, detail, kind = 'error', why, ''

        try:
            if why is None:
                r = sh(['ninja', '-C', BUILD] + TARGETS)
                if r.returncode:
                    verdict, detail = 'error', 'does not build: ' + \
                        (re.findall(r'error: .*', r.stdout) or ['?'])[0]
                else:
                    verdict, detail = 'survived', 'no run failed'
                    kills, crashes = [], []
                    for spec in m.run:
                        run = run_spec(spec)
                        if not run.total:
                            verdict, detail, kills = 'error', f'{spec} ran nothing', []
                            break
                        what = f'{spec}: {run.first} ({run.failed} of {run.total} failed)'
                        if run.failed and (run.kind != 'crash' or m.crash_kills):
                            kills.append((run.kind, what))
                            if not m.every:
                                break
                        elif m.every:
                            verdict, detail = 'survived', f'{spec} passed'
                            kills = []
                            break
                        elif run.failed:
                            crashes.append(what)
                    if kills:
                        kind = best_kind([k for k, _ in kills])
                        verdict, detail = 'killed', '; '.join(w for _, w in kills)
                    elif crashes and verdict == 'survived':
                        verdict, detail = 'crashed', ('only a crash, which proves no rule: ' +
                                                      '; '.join(crashes))
        finally:
            revert(m)
        secs = time.time() - t
        if verdict == 'killed':
            killed += 1
        else:
            bad += 1
        rows.append((m, verdict, kind, detail, secs))
        by = f' by {kind}' if verdict == 'killed' else ''
        print(f'mutant.{m.id}: {verdict}{by} - {detail} [{secs:.0f} s]', flush=True)
    # Leave the tree's build matching the unmutated sources.
    sh(['ninja', '-C', BUILD] + TARGETS)
    total_s = time.time() - start
    if not sample and not ids:
        with open(REPORT, 'w') as f:
            day = datetime.date.today().isoformat()
            f.write('# Mutation testing report\n\n')
            f.write(f'`bash ci/mutants.sh`, {day}: {killed} of {len(rows) - not_run} mutants '
                    f'killed in {total_s / 60:.0f} min' +
                    (f'; {not_run} not run (this CPU lacks what their code needs)'
                     if not_run else '') + '.\n\n')
            kinds = {}
            for _, verdict, kind, _, _ in rows:
                if verdict == 'killed':
                    kinds[kind] = kinds.get(kind, 0) + 1
            f.write('Kills by kind: ' + ', '.join(f'{kinds[k]} by {k}' for k in KILL_KINDS
                                                  if k in kinds) +
                    '.  A crash alone is no kill (`run.py`).\n\n')
            f.write('| mutant | where | rule it breaks | verdict | kill | first failing case |\n')
            f.write('|---|---|---|---|---|---|\n')
            for m, verdict, kind, detail, secs in rows:
                f.write(f'| {m.id} | `{m.file}` | {m.rule} | {verdict} | {kind} | {detail} |\n')
    print(f'\nmutants: {killed} of {len(rows) - not_run} killed in {total_s:.0f} s' +
          (f' ({not_run} not run: this CPU lacks what their code needs)' if not_run else ''))
    print(f'{killed} passed, {bad} failed')
    return 0 if bad == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
