#!/usr/bin/env bash
# ci/test.sh part: gallivm's code at the AVX2 level (8 and 16 lanes, then 32 and 64).
# GALLIUM_OVERRIDE_CPU_CAPS=avx: the families gallivm's native subgroup
# code builds, at the level's widths and at 32 and 64 lanes
# (ci/lib/cpu-level.sh says which cases).  Arguments go to the runner.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
. "$TOP/ci/lib/cpu-level.sh"
count_begin cpu-avx2
cpu_level avx avx2 256,512 "$@"
