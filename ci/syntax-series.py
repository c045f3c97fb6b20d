#!/usr/bin/env python3
"""Quick bisectability check of the series (ci/check-series.sh --quick):
for every commit of the Mesa checkout, the C and C++ files the commit
changes are compiled with -fsyntax-only at that commit, with the flags
the main build's compile_commands.json gives them.

It proves less than a build: generated headers (nir_intrinsics.h, ...)
come from the main build, that is from the last commit; files a commit
does not touch are not compiled at it; Rust is not compiled.  It takes
minutes where ci/check-series.sh takes hours.

  ci/syntax-series.py MESA_CHECKOUT BUILD_DIR WORKTREE REPORT"""
import json, os, shlex, subprocess, sys

mesa, build, wt, report = sys.argv[1:5]
mesa, build, wt = (os.path.realpath(p) for p in (mesa, build, wt))
src_prefix = os.path.relpath(mesa, build)          # ../subprojects/mesa-<version>
db = {}
for e in json.load(open(os.path.join(build, 'compile_commands.json'))):
    f = os.path.normpath(os.path.join(e['directory'], e['file']))
    if f.startswith(mesa + '/'):
        db.setdefault(os.path.relpath(f, mesa), e)

def git(*a, cwd=mesa):
    return subprocess.run(['git', '-C', cwd] + list(a), capture_output=True, text=True, check=True).stdout

def syntax_cmd(e):
    args = shlex.split(e['command'])
    if args[0] == 'ccache':
        args = args[1:]
    out, skip = [], 0
    for a in args:
        if skip:
            skip -= 1
            continue
        if a in ('-o', '-MQ', '-MF'):
            skip = 1
            continue
        if a in ('-c', '-MD'):
            continue
        if a.startswith('-I' + src_prefix) or a == e['file'] or a.startswith(src_prefix + '/'):
            a = a.replace(src_prefix, wt, 1)
        out.append(a)
    return out + ['-fsyntax-only']

base = git('rev-list', '--max-parents=0', 'HEAD').strip()
commits = git('rev-list', '--reverse', f'{base}..HEAD').split()
if not os.path.isdir(wt):
    git('worktree', 'add', '-q', '--detach', wt, commits[0])
n_bad = n_files = 0
with open(report, 'w') as rep:
    rep.write('# ci/check-series.sh --quick: commit, files compiled (-fsyntax-only), result\n')
    for i, c in enumerate(commits, 1):
        subject = git('log', '-1', '--format=%s', c).strip()
        git('checkout', '-q', '--detach', c, cwd=wt)
        files = [f for f in git('diff-tree', '--no-commit-id', '--name-only', '-r', c).split()
                 if f.endswith(('.c', '.cpp', '.cc')) and f in db]
        bad = []
        for f in files:
            r = subprocess.run(syntax_cmd(db[f]), cwd=db[f]['directory'], capture_output=True, text=True)
            if r.returncode:
                bad.append(f)
                sys.stderr.write(f'--- {i:02d} {f}\n' + r.stderr[-3000:])
        n_files += len(files)
        n_bad += bool(bad)
        line = f"{i:02d} {len(files)} {'FAIL ' + ' '.join(bad) if bad else 'ok'} {subject}"
        print(line, flush=True)
        rep.write(line + '\n')
print(f'syntax-series: {len(commits)} commits, {n_files} files, {n_bad} commits failed')
sys.exit(1 if n_bad else 0)
