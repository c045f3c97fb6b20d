#!/usr/bin/env bash
# ci/test.sh part: every case on lavapipe at 4, 8 and 16 lanes.
# Our subgroup cases on the patched lavapipe, every case
# of every family at 4, 8 and 16 lanes (LP_NATIVE_VECTOR_WIDTH 128, 256,
# 512: the global path, without a required size, vertex and fragment cases
# included).  Arguments go to the runner (--filter GLOB, ...).
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin runner
run_lavapipe widths "$@"
