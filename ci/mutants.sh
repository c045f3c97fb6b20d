#!/usr/bin/env bash
# Mutation testing: each mutant of tests/mutants/mutants.py is a small
# deliberate bug in the series' code.  For each one this applies it to a
# separate tree (build-mutants/: a git worktree of the Mesa checkout at the
# series, and its own build directory, which ccache fills from the main
# build), rebuilds incrementally, runs the cases named for it, and always
# reverts it.  A mutant is killed when one of its runs fails (all of them,
# for the identity mutants).
#
#   ci/mutants.sh                 every mutant; writes tests/mutants/REPORT.md
#   ci/mutants.sh --sample        CI's fixed sample (see mutants.py), no report
#   ci/mutants.sh ID...           the named mutants
#
# Ends with "N passed, N failed": a killed mutant passes, a survivor or a
# mutant that does not build or apply fails.
set -uo pipefail
. "$(dirname "$0")/env.sh"

"$TOP/ci/overlay.sh" >/dev/null || { echo "mutants: overlay failed"; echo "0 passed, 1 failed"; exit 1; }
exec /usr/bin/python3 "$TOP/tests/mutants/run.py" "$@"
