#!/usr/bin/env bash
# ci/test.sh part: our kernels on rusticl (llvmpipe) at 4, 8 and 16 lanes.
# Our OpenCL kernels (tests/opencl/) on the patched
# rusticl over llvmpipe, through Debian's ICD loader pointed at our ICD file
# alone, at 4, 8 and 16 lanes; work-groups of 5 to 64 work-items leave
# partial subgroups.  RUSTICL_FEATURES=fp16,fp64: rusticl offers cl_khr_fp16
# and cl_khr_fp64 only when asked (upstream's choice); with them the half
# and double cases (extended_types.cl) run.  rusticl creates a compute
# state for each launch; llvmpipe's shader cache, empty at the start of each
# width, then compiles each distinct kernel once rather than for every case.
# The Workgroup-scope rotate module, which rusticl refuses (the OpenCL SPIR-V
# environment allows Subgroup scope alone), runs past its validation
# (--il-only).  Then clinfo through the same ICD: the extensions and the
# build's mark.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin opencl
cl_env=(OCL_ICD_VENDORS="$CL_ICD" RUSTICL_ENABLE=llvmpipe)
for w in 128 256 512; do
   n=$((w / 32))
   rm -rf "$OUT/cl-cache-w$w"
   env "${cl_env[@]}" LP_NATIVE_VECTOR_WIDTH=$w MESA_SHADER_CACHE_DIR="$OUT/cl-cache-w$w" \
      RUSTICL_FEATURES=fp16,fp64 "$CL_RUNNER" --lanes $n >"$OUT/cl-w$w.log" 2>&1
   env "${cl_env[@]}" LP_NATIVE_VECTOR_WIDTH=$w MESA_SHADER_CACHE_DIR="$OUT/cl-cache-w$w" \
      RUSTICL_DEBUG=allow_invalid_spirv "$CL_RUNNER" --lanes $n --il-only >"$OUT/cl-il-w$w.log" 2>&1
   for run in "cl-w$w:$n lanes" "cl-il-w$w:$n lanes, --il-only"; do
      log=$OUT/${run%%:*}.log
      grep -E 'FAIL|build failed|refusing' "$log" | head -20
      echo "   ${run#*:}: $(grep -E '^[0-9]+ passed' "$log" | tail -1)"
      count_log "$log" "OpenCL (${run#*:})"
      count_listed_skips "$log" 'cl\.[^ ]+'
   done
done

env "${cl_env[@]}" clinfo >"$OUT/clinfo.txt" 2>&1
why=""
grep -q "Driver Version.*$(cat "$BUILD_DIR/tests/subgroups-mark")" "$OUT/clinfo.txt" || why="no mark in Driver Version"
for ext in cl_khr_subgroup_ballot cl_khr_subgroup_clustered_reduce \
           cl_khr_subgroup_extended_types cl_khr_subgroup_non_uniform_arithmetic \
           cl_khr_subgroup_non_uniform_vote cl_khr_subgroup_rotate cl_intel_subgroups \
           cl_intel_subgroups_char cl_intel_subgroups_short cl_intel_subgroups_long \
           cl_intel_spirv_subgroups cl_intel_subgroup_local_block_io; do
   grep -qw "$ext" "$OUT/clinfo.txt" || why="${why:+$why; }$ext missing"
done
count_verdict cl.clinfo "$why${why:+; see $OUT/clinfo.txt}" \
   "the mark, the six cl_khr_subgroup and the six cl_intel_subgroup* extensions"
