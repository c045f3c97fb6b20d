#!/usr/bin/env bash
# ci/test.sh part: piglit on llvmpipe's GL at 4, 8 and 16 lanes.
# Piglit's shader_runner on the patched llvmpipe's GL at
# 4, 8 and 16 lanes: GL_ARB_shader_ballot tests, piglit's and ours (GLSL and
# SPIR-V), and the GLSL tests of llvmpipe's paths.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin piglit
bash "$TOP/tests/piglit/run-piglit.sh" --out "$OUT/piglit" >"$OUT/piglit.log" 2>&1
grep -E '^(width |refusing|piglit:|note:)|: (fail|unexpected-pass)' "$OUT/piglit.log" | head -40
count_log "$OUT/piglit.log" tests/piglit/run-piglit.sh
