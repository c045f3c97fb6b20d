#!/usr/bin/env bash
# ci/test.sh part: gallivm's code at the SSE4.1 level (4 lanes, then 32 and 64).
# GALLIUM_OVERRIDE_CPU_CAPS=sse4.1: the families gallivm's native subgroup
# code builds, at the level's widths and at 32 and 64 lanes
# (ci/lib/cpu-level.sh says which cases).  Arguments go to the runner.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
. "$TOP/ci/lib/cpu-level.sh"
count_begin cpu-sse41
cpu_level sse4.1 sse4_1 128 "$@"
