#!/usr/bin/env bash
# ci/test.sh part: RADV, Turnip, NVK, ANV and rusticl on iris: compile-only sweeps, ISA checks.
# The GPU drivers we have no hardware for, compile-only
# (tests/compile-only/): every case's pipeline on RADV's null device at
# GFX9, GFX10.3, GFX11 and GFX12, wave64 and wave32; on Turnip under the
# freedreno drm-shim on a6xx and a7xx, 64 and 128 lanes; on NVK under the
# nouveau drm-shim on Turing, Ampere and Ada; on ANV under the Intel noop
# drm-shim on Gfx9, Gfx12, Gfx12.5 and Xe2; and our OpenCL kernels on
# rusticl on iris there.  This proves compilation, not results.  The
# sweeps count configurations on the "sweeps" line; the ISA checks of our
# ACO, ir3, NAK and brw code against the generic form the harness writes
# out (tests/compile-only/check-isa.sh) count as cases.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin gpu
# sweep LOG WHAT: a sweep's configurations on the sweeps line, and the cases
# they compiled on sweep-cases.
sweep() {
   COUNT_LINE=sweeps count_log "$1" "$2"
   count_add sweep-cases "$(sed -nE 's/^[a-z]+\.[^ ]+: pass \(([0-9]+) passed,.*/\1/p' "$1" |
      awk '{s += $1} END {print s + 0}')" 0 0
}
for drv in radv turnip nvk anv iris; do
   if [ $drv = iris ]; then
      "$TOP/tests/compile-only/sweep-iris.sh" "$CL_RUNNER" "$BUILD_DIR" "$OUT/iris" >"$OUT/iris.log" 2>&1
      "$TOP/tests/compile-only/check-isa.sh" iris "$CL_RUNNER" "$BUILD_DIR" "$OUT/iris-isa" \
         >"$OUT/iris-isa.log" 2>&1
   else
      "$TOP/tests/compile-only/sweep.sh" $drv "$RUNNER" "$BUILD_DIR" "$OUT/$drv" >"$OUT/$drv.log" 2>&1
      "$TOP/tests/compile-only/check-isa.sh" $drv "$RUNNER" "$BUILD_DIR" "$OUT/$drv-isa" \
         >"$OUT/$drv-isa.log" 2>&1
   fi
   grep -E "^$drv\.|^compile-only" "$OUT/$drv.log"
   sweep "$OUT/$drv.log" "$drv sweep"
   grep -E '^isa\.[^ ]*: FAIL|^isa checks' "$OUT/$drv-isa.log"
   count_log "$OUT/$drv-isa.log" "$drv ISA checks"
done
