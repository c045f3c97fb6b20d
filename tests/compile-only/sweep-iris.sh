#!/usr/bin/env bash
# Compile-only sweep of rusticl on iris, which we have no GPU for: our
# OpenCL kernels (tests/opencl/: subgroups.cl, extended_types.cl and the
# Workgroup-scope rotate module; the cl_intel_subgroups ones where rusticl
# offers them) built by rusticl on iris under Mesa's Intel noop drm-shim
# (LD_PRELOAD, INTEL_STUB_GPU_PLATFORM picks the GPU: the i915 kernel driver
# is faked), brw compiling each kernel at its SIMD8, SIMD16 and SIMD32
# variants (16 and 32 on Xe2) when rusticl builds the program: Gfx9 (skl),
# Gfx12 (tgl), Gfx12.5 (dg2) and Xe2 (lnl).  `cl-runner --compile-only`
# builds the programs, creates every kernel and runs none; it also checks
# the cl_khr_subgroup_* extensions in CL_DEVICE_EXTENSIONS.  Expected
# failures: tests/expectations/iris-cl-fails.txt.
#
# What it proves: rusticl on iris accepts every kernel and brw turns it into
# ISA without a crash, an assert (asserts are on in this build) or a failed
# build.  It does not prove results: only the hardware can run the code.
#
# usage: tests/compile-only/sweep-iris.sh CL_RUNNER BUILD_DIR OUTDIR
# Prints one line per GPU and ends "N passed, N failed, N skipped".
set -uo pipefail
runner=$1
build=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
mesa_build=$build/subprojects/mesa-25.0.7/src
preload=$(cd "$mesa_build/intel/tools" 2>/dev/null && pwd)/libintel_noop_drm_shim.so
icd=$build/tests/opencl/rusticl.icd
mkdir -p "$out"
passed=0 failed=0
# brw's SIMD widths for compute, largest first: 32, 16 and 8 up to Gfx12.5,
# 32 and 16 on Xe2 (iris reports them; rusticl lists them in
# CL_DEVICE_SUB_GROUP_SIZES_INTEL).
for cfg in "skl 32 16 8" "tgl 32 16 8" "dg2 32 16 8" "lnl 32 16"; do
   read -r platform sizes <<<"$cfg"
   start=$(date +%s)
   log=$out/iris.$platform.log
   # allow_invalid_spirv: the Workgroup-scope rotate module builds (rusticl's
   # lowering of it compiled too), as in ci/test.sh's runs.
   env LD_PRELOAD="$preload" INTEL_STUB_GPU_PLATFORM="$platform" OCL_ICD_VENDORS="$icd" \
      RUSTICL_ENABLE=iris RUSTICL_DEBUG=allow_invalid_spirv MESA_SHADER_CACHE_DISABLE=true \
      "$runner" --compile-only --expectations "$here/../expectations/iris-cl-fails.txt" \
      >"$log" 2>&1
   rc=$?
   secs=$(( $(date +%s) - start ))
   summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
   device=$(sed -n 's/^platform: //p' "$log" | head -1)
   dname=$(sed -n 's/^platform: [^;]*; device: \([^;]*\);.*/\1/p' "$log" | head -1)
   kernels=$(grep -c '^cl\.compile\..*: pass' "$log")
   why=""
   [ -n "$summary" ] || why="cl-runner printed no summary (exit $rc): $(tail -1 "$log")"
   [[ $summary == *" 0 failed"* ]] || why="${why:+$why; }$summary; first: $(grep -m1 ': FAIL' "$log")"
   [[ $device == *"our rusticl"* && $device == *Intel* ]] || why="${why:+$why; }not our rusticl on iris: $device"
   [ "$kernels" -gt 0 ] || why="${why:+$why; }no kernel compiled"
   got=$(sed -n 's/^sub-group sizes: *//p' "$log" | head -1)
   [ "$got" = "$sizes" ] || why="${why:+$why; }sub-group sizes '$got', not '$sizes'"
   if [ -z "$why" ]; then
      echo "iris.$platform: pass ($summary; $kernels kernels compiled; sizes $sizes; $secs s; $dname)"
      passed=$((passed + 1))
   else
      echo "iris.$platform: FAIL ($why; see $log)"
      failed=$((failed + 1))
   fi
done
echo "compile-only: the passes prove that rusticl on iris builds every kernel, not the results"
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
