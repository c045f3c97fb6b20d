#!/usr/bin/env bash
# README command 2: set up and build if needed, then run every test:
#   1. Mesa's own unit tests (meson test: nir_tests, spirv_tests with the
#      series' spirv_to_nir subgroup tests, ...)
#   2. our subgroup cases on the patched lavapipe at 4, 8 and 16 lanes
#      (LP_NATIVE_VECTOR_WIDTH), then the compute and fragment cases at
#      requiredSubgroupSize 4 to 64 in one process per family, and the size
#      range vulkaninfo reports
#   3. the refusal of a foreign driver (a fake ICD that claims to be llvmpipe);
#      our OpenCL kernels on rusticl (llvmpipe) at 4, 8 and 16 lanes, clinfo,
#      and on Intel's CPU OpenCL runtime (PyPI, ci/setup-intel-ocl.sh) held
#      to the specs alone
#   4. piglit's shader_runner on the patched llvmpipe's GL: GL_ARB_shader_ballot
#      tests, piglit's and ours (GLSL and SPIR-V), then the refusal of a GL
#      driver without the patch set's mark
#   5. (beside 2 and 3, after the OpenCL kernels) the native subgroup
#      code's families again at lower CPU feature levels,
#      and its assembly checks (tests/asm/check-asm.sh)
#   6. the GPU drivers' compile-only sweeps (tests/compile-only/sweep.sh):
#      every case's pipeline on RADV's null device at GFX9, GFX10.3, GFX11
#      and GFX12, wave64 and wave32, and on Turnip under the freedreno
#      drm-shim on a6xx and a7xx, 64 and 128 lanes, on NVK under the
#      nouveau drm-shim on Turing, Ampere and Ada, and on ANV under the
#      Intel noop drm-shim on Gfx9, Gfx12, Gfx12.5 and Xe2, and our OpenCL
#      kernels on rusticl on iris there (tests/compile-only/sweep-iris.sh)
#      (no AMD, Adreno, NVIDIA or Intel GPU): proves compilation, not
#      results; and vulkaninfo's list of what each advertises; and the ISA
#      checks of our ACO, ir3, NAK and brw code
#      (tests/compile-only/check-isa.sh)
# and print each part's time and one summary line.
#
#   ci/test.sh          CI's run: the two long sweeps as fixed samples, the
#                       requiredSubgroupSize run (--sample 20 of the runner:
#                       a twentieth of the cases, picked by a hash of their
#                       names, the same every run, and at least one case of
#                       every family, operation and size) and the 32 and
#                       64-lane runs at the lower CPU levels (--sample 6 of a
#                       representative part of each family)
#   ci/test.sh --full   the same with both sweeps whole: every compute case at
#                       4 to 64 lanes, and every case of every family at 4 to
#                       64 lanes at the AVX2 and SSE4.1 levels (about two
#                       hours more)
# Further arguments go to the runner (for example
# --filter 'subgroup.rotate.*').
set -uo pipefail
. "$(dirname "$0")/env.sh"
full=0
if [ "${1:-}" = --full ]; then
   full=1
   shift
fi
sec_start=$(date +%s)

"$TOP/ci/build.sh" || { echo "test: build failed"; echo "0 passed, 1 failed"; exit 1; }

OUT=${MESA_SUBGROUPS_OUT:-$BUILD_DIR/test-results}
mkdir -p "$OUT"
runner=$BUILD_DIR/tests/subgroup-runner
# The last line counts cases (runner cases, OpenCL kernels, piglit tests,
# ISA and asm checks, ...).  Meson's suites and the sweeps' configurations
# are other units: they are counted on lines of their own (ms_*, sw_*), and
# each one failing is also one failure on the last line, so that line is
# red whenever anything failed.
passed=0 failed=0 skipped=0
ms_p=0 ms_f=0 ms_s=0 sw_p=0 sw_f=0 sw_s=0 sw_cases=0

# Allowed skips: every skip anywhere in this script must be listed there
# (for this machine), else it counts as a failure.  The runner checks its
# cases itself (--skips); the other skips go through count_skip.
SKIPS=$TOP/tests/expectations/lavapipe-skips.txt
condition_holds() {
   case $1 in
      cpu-lacks:*) ! grep -qw -- "${1#cpu-lacks:}" /proc/cpuinfo ;;
      no-file:*) [ ! -e "${1#no-file:}" ] ;;
      *) return 1 ;;
   esac
}
# allowed_skip NAME: prints the reason of the first entry of $SKIPS whose
# glob matches NAME and whose when:CONDITIONs all hold; fails if none does
# (the runner's --skips rules).
allowed_skip() {
   local name=$1 line glob rest cond ok
   while IFS= read -r line || [ -n "$line" ]; do
      line=${line#"${line%%[![:space:]]*}"}
      case $line in '' | '#'*) continue ;; esac
      glob=${line%%[[:space:]]*}
      rest=${line#"$glob"}
      ok=1
      for (( ; ; )); do
         rest=${rest#"${rest%%[![:space:]]*}"}
         case $rest in
            when:*)
               cond=${rest%%[[:space:]]*}
               rest=${rest#"$cond"}
               condition_holds "${cond#when:}" || ok=0 ;;
            *) break ;;
         esac
      done
      # shellcheck disable=SC2053  # $glob is a pattern
      if [ $ok = 1 ] && [[ $name == $glob ]]; then
         echo "${rest:-(no reason given)}"
         return 0
      fi
   done <"$SKIPS"
   return 1
}
# count_skip NAME WHY: a listed skip counts as skipped, any other as failed.
# tally LOG WHAT: adds the "N passed, N failed[, N skipped]" line of LOG
# (the runner's, whose skips and expected failures it has checked against
# its lists itself, or a check script's) to the totals; no such line is a
# failure.
tally() {
   local line p f s
   line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
   if [ -n "$line" ]; then
      read -r p _ f _ s _ <<<"$(echo "$line" | tr -d ',')"
      passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + ${s:-0}))
   else
      echo "$2 printed no summary"; tail -5 "$1"; failed=$((failed + 1))
   fi
}

# section TITLE: prints the header of the next part and stops the clock of
# the one before (the times are printed at the end).
sec_name="build (ci/build.sh)"
sec_times=()
section() {
   local now
   now=$(date +%s)
   sec_times+=("$(printf '%6d s  %s' $((now - sec_start)) "$sec_name")")
   sec_name=$1 sec_start=$now
   echo
   echo "== $1"
}

count_skip() {
   local reason
   if reason=$(allowed_skip "$1"); then
      echo "$1: skip ($2; allowed: $reason)"
      skipped=$((skipped + 1))
   else
      echo "$1: FAIL (skipped: $2; not an allowed skip in $SKIPS)"
      failed=$((failed + 1))
   fi
}

section "the set-up scripts from nothing, with stand-ins (tests/setup), ci/conformance.sh against stand-ins, and shellcheck"
bash "$TOP/tests/setup/test-setup.sh" "$OUT/setup" >"$OUT/setup.log" 2>&1
grep -E '^setup[.:]|^ +\|' "$OUT/setup.log" | grep -v ': pass$'
tally "$OUT/setup.log" "tests/setup/test-setup.sh"
# ci/conformance.sh's verdicts (expected, unexpected, crash, skip, the
# partitioned check) against stand-ins of the suites (the suites themselves
# run outside CI).
bash "$TOP/tests/conformance/test-conformance.sh" "$OUT/conformance-script" >"$OUT/conformance-script.log" 2>&1
grep -E '^conformance-script[.:]|^ +\|' "$OUT/conformance-script.log" | grep -v ': pass$'
tally "$OUT/conformance-script.log" "tests/conformance/test-conformance.sh"
# Every shell script of ours (ci/, .ci/run, tests/), one case each, with
# the repo's .shellcheckrc (env.sh followed from each script's folder).
if command -v shellcheck >/dev/null; then
   nsc=0
   while IFS= read -r f; do
      nsc=$((nsc + 1))
      if (cd "$TOP" && shellcheck -f gcc "$f") >"$OUT/shellcheck.log" 2>&1; then
         passed=$((passed + 1))
      else
         echo "shellcheck.$f: FAIL"; sed 's/^/   | /' "$OUT/shellcheck.log"; failed=$((failed + 1))
      fi
   done < <(cd "$TOP" && printf '%s\n' ci/*.sh .ci/run tests/*/*.sh)
   echo "shellcheck: $nsc scripts checked"
else
   echo "shellcheck: FAIL (not installed; ci/setup-apt.sh installs Debian's shellcheck)"; failed=$((failed + 1))
fi

section "the series as merge requests: sections, branches, export (tests/series)"
bash "$TOP/tests/series/check-layout.sh" "$OUT/series" >"$OUT/series.log" 2>&1
grep -E '^series\.' "$OUT/series.log"
tally "$OUT/series.log" "tests/series/check-layout.sh"

section "Mesa's own tests (meson test)"
meson test -C "$BUILD_DIR" --num-processes "$(nproc)" --print-errorlogs >"$OUT/meson-test.log" 2>&1
mt_rc=$?
grep -E '^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout):' "$OUT/meson-test.log"
ok=$(awk '/^Ok:/{print $2}' "$OUT/meson-test.log")
bad=$(awk '/^(Fail|Unexpected Pass|Timeout):/{s+=$NF} END{print s+0}' "$OUT/meson-test.log")
skip=$(awk '/^(Skipped|Expected Fail):/{s+=$NF} END{print s+0}' "$OUT/meson-test.log")
if [ -z "$ok" ]; then
   echo "meson test produced no summary (rc $mt_rc); see $OUT/meson-test.log"
   tail -20 "$OUT/meson-test.log"
   bad=$((bad + 1)); ok=0
fi
ms_p=$ok ms_f=$bad
# Each skipped (or expected-fail) test must be an allowed skip, named
# meson.<project>:<suite>/<test> (" / " as "/", other spaces as "_").
nskip=0 f0=$failed s0=$skipped
while IFS=$'\t' read -r name status; do
   [ -n "$name" ] || continue
   name=${name// \/ //}
   count_skip "meson.${name// /_}" "meson test: $status"
   nskip=$((nskip + 1))
done < <(sed -nE 's#^ *[0-9]+/[0-9]+ +(.*[^ ]) +(SKIP|EXPECTEDFAIL)( .*)?$#\1\t\2#p' "$OUT/meson-test.log")
if [ "$nskip" != "$skip" ]; then
   echo "meson test reports $skip skipped or expected-fail tests, $nskip found by name: counted as failed"
   failed=$((failed + (skip > nskip ? skip - nskip : 0)))
fi
# (count_skip counted them as cases: they are suites)
ms_f=$((ms_f + failed - f0)) ms_s=$((skipped - s0))
failed=$f0 skipped=$s0
echo "meson test: $ms_p suites passed, $ms_f failed, $ms_s skipped"

# Runs that share nothing with the lavapipe runs below: the GPU drivers'
# compile-only sweeps and ISA checks, and the OpenCL kernels on rusticl.
# They run beside the lavapipe runs (which keep one core busy) and are
# reported in their places below; each one's time is listed at the end.
#
# The OpenCL kernels (tests/opencl/) run on the patched rusticl over
# llvmpipe, through Debian's ICD loader pointed at our ICD file alone, at 4,
# 8 and 16 lanes.  Work-groups of 5 to 64 work-items leave partial
# subgroups.  rusticl creates a compute state for each launch; llvmpipe's
# shader cache (keyed by the shader's NIR, the variant key and the vector
# width), empty at the start of each width, then compiles each distinct
# kernel once rather than for every case (51 s instead of 143 s at 4
# lanes).  The Workgroup-scope rotate module, which rusticl refuses (the
# OpenCL SPIR-V environment allows Subgroup scope alone), runs past its
# validation (--il-only).
cl_icd=$BUILD_DIR/tests/opencl/rusticl.icd
cl_runner=$BUILD_DIR/tests/opencl/cl-runner
beside() {
   local name=$1 t
   shift
   t=$(date +%s)
   "$@"
   printf '%6d s  %s (beside the lavapipe runs)\n' $(($(date +%s) - t)) "$name" >>"$OUT/beside-times.txt"
}
# The native subgroup code at lower CPU feature levels: gallivm picks its
# subgroup instructions from the CPU features
# (backend/llvmpipe/lp_bld_subgroup.h).  Mesa's override "avx" clears
# AVX-512 (AVX2 stays): 8 and 16 lanes at the AVX2 level; "sse4.1" clears
# AVX: 4 lanes at the SSE4.1 level.  CI: the families this code builds, a
# representative part of each, on the global path (LP_NATIVE_VECTOR_WIDTH);
# then at 32 and 64 lanes (requiredSubgroupSize: LLVM legalizes those
# vectors into the level's registers, about 0.4 s of compilation a case) a
# fixed sixth of a smaller part, with every operation of it at both sizes
# (182 cases a level).  --full: every
# case of every family on the global path, and every compute case at 4 to 64
# lanes in one process per family.  They run beside the lavapipe runs,
# after the OpenCL kernels, and are reported in their section.
if [ $full = 0 ]; then
   level_families="intel:* ballot:* vote:* partitioned:*.divergent rotate:subgroup.rotate.compute.uint32.* arith:*.divergent"
   level_size_families="intel:*.divergent ballot:*.divergent vote:*.divergent partitioned:subgroup.partitioned.*.compute.uint32.*.divergent rotate:subgroup.rotate.compute.uint32.*.divergent arith:subgroup.arith.*.compute.*int32.*.divergent"
   level_sizes=(--sizes "32,64" --sample 6)
else
   level_families="rotate:* intel:* ballot:* nonsemantic:* partitioned:* intel_block:* intel_image_block:* vote:* arith:*"
   level_size_families=$level_families
   level_sizes=(--sizes "4,8,16,32,64")
fi
levels=("avx:avx2:256,512" "sse4.1:sse4_1:128")
runner_args=("$@")
# level_exec CAPS NAME FAMILY FILTER LANES...: one family at a CPU level into
# its log, LANES being the runner's --widths or --sizes options; ci/test.sh's
# extra arguments (runner_args) follow.  level_report CAPS NAME FAMILY
# LANES...: its verdicts and its count.
level_log() { echo "$OUT/runner-caps-$1-$3$2.log"; }
level_exec() {
   local caps=$1 name=$2 fam=$3 filt=$4
   shift 4
   GALLIUM_OVERRIDE_CPU_CAPS=$caps "$runner" "$@" --family "$fam" \
      --filter "$filt" --tag "caps_$caps" \
      --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
      --log-dir "$OUT/logs-caps-$caps$name" "${runner_args[@]}" >"$(level_log "$caps" "$name" "$fam")" 2>&1
}
level_report() {
   local caps=$1 name=$2 fam=$3 log line
   shift 3
   log=$(level_log "$caps" "$name" "$fam")
   grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$log" | head -20
   line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
   echo "caps_$caps ($*) $fam: ${line:-no summary}"
   tally "$log" "runner (caps_$caps $fam${name:+ sizes})"
}
level_runs() {
   local level caps flag widths ff
   for level in "${levels[@]}"; do
      IFS=: read -r caps flag widths <<<"$level"
      grep -qw "$flag" /proc/cpuinfo || continue
      for ff in $level_families; do
         level_exec "$caps" "" "${ff%%:*}" "${ff#*:}" --widths "$widths"
      done
      for ff in $level_size_families; do
         level_exec "$caps" -sizes "${ff%%:*}" "${ff#*:}" "${level_sizes[@]}"
      done
   done
}

beside_runs() {
   local drv w
   for drv in radv turnip nvk anv; do
      beside "compile-only sweep: $drv" "$TOP/tests/compile-only/sweep.sh" $drv "$runner" \
         "$BUILD_DIR" "$OUT/$drv" >"$OUT/$drv.log" 2>&1
      beside "ISA checks: $drv" "$TOP/tests/compile-only/check-isa.sh" $drv "$runner" \
         "$BUILD_DIR" "$OUT/$drv-isa" >"$OUT/$drv-isa.log" 2>&1
   done
   beside "compile-only sweep: iris" "$TOP/tests/compile-only/sweep-iris.sh" "$cl_runner" \
      "$BUILD_DIR" "$OUT/iris" >"$OUT/iris.log" 2>&1
   beside "ISA checks: iris" "$TOP/tests/compile-only/check-isa.sh" iris "$cl_runner" \
      "$BUILD_DIR" "$OUT/iris-isa" >"$OUT/iris-isa.log" 2>&1
   # RUSTICL_FEATURES=fp16,fp64: rusticl offers cl_khr_fp16 / cl_khr_fp64
   # only when asked (upstream's choice); with them the half and double
   # subgroup cases (extended_types.cl) run.
   for w in 128 256 512; do
      rm -rf "$OUT/cl-cache-w$w"
      beside "OpenCL kernels, $((w / 32)) lanes" env OCL_ICD_VENDORS="$cl_icd" \
         RUSTICL_ENABLE=llvmpipe LP_NATIVE_VECTOR_WIDTH=$w MESA_SHADER_CACHE_DIR="$OUT/cl-cache-w$w" \
         RUSTICL_FEATURES=fp16,fp64 "$cl_runner" --lanes $((w / 32)) >"$OUT/cl-w$w.log" 2>&1
      beside "OpenCL Workgroup rotate, $((w / 32)) lanes" env OCL_ICD_VENDORS="$cl_icd" \
         RUSTICL_ENABLE=llvmpipe LP_NATIVE_VECTOR_WIDTH=$w MESA_SHADER_CACHE_DIR="$OUT/cl-cache-w$w" \
         RUSTICL_DEBUG=allow_invalid_spirv "$cl_runner" --lanes $((w / 32)) --il-only \
         >"$OUT/cl-il-w$w.log" 2>&1
   done
   : >"$OUT/beside-cl-done"
   beside "native subgroup code at lower CPU feature levels" level_runs
}
rm -f "$OUT/beside-times.txt" "$OUT/beside-cl-done" "$OUT"/runner-caps-*.log "$OUT"/cl-w*.log "$OUT"/cl-il-w*.log "$OUT"/radv*.log \
   "$OUT"/turnip*.log "$OUT"/nvk*.log "$OUT"/anv*.log "$OUT"/iris*.log
beside_runs &
beside_pid=$!
trap 'kill $beside_pid 2>/dev/null' EXIT
beside_done=0
# wait_cl: until the beside runs have done the OpenCL kernels (the CPU
# levels follow them there).
wait_cl() {
   while [ ! -e "$OUT/beside-cl-done" ] && kill -0 "$beside_pid" 2>/dev/null; do
      sleep 2
   done
}
wait_beside() {
   if [ $beside_done = 0 ]; then
      wait $beside_pid
      beside_done=1
   fi
}

section "subgroup cases on the patched lavapipe"
"$runner" --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
   --csv "$OUT/results.csv" --log-dir "$OUT/logs" "$@" | tee "$OUT/runner.log"
tally "$OUT/runner.log" "runner"

# The compute and fragment cases at each requiredSubgroupSize lavapipe offers (4 to 64
# lanes), all sizes in one process per family: sizes come from the
# pipelines (VK_EXT_subgroup_size_control), at the default vector width.
# The run above is the global path (LP_NATIVE_VECTOR_WIDTH, no required
# size), with the vertex cases.  CI runs a fixed tenth of
# them, with at least one case of every family, operation and size (913 of
# 12,901; all of them take some 15 minutes); --full runs them all.
sizes_sample=(--sample 20)
[ $full = 0 ] || sizes_sample=()
section "compute and fragment cases at requiredSubgroupSize 4, 8, 16, 32 and 64 (--sizes${sizes_sample[*]:+, ${sizes_sample[*]}})"
"$runner" --sizes 4,8,16,32,64 --tag sizes "${sizes_sample[@]}" \
   --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
   --csv "$OUT/results-sizes.csv" --log-dir "$OUT/logs-sizes" "$@" >"$OUT/runner-sizes.log" 2>&1
sed -n '/^family/,$p' "$OUT/runner-sizes.log"
grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$OUT/runner-sizes.log" | head -20
tally "$OUT/runner-sizes.log" "runner (sizes)"

section "lavapipe's subgroup size range and stages (vulkaninfo): what VK_EXT_subgroup_size_control and the subgroup properties report"
VK_DRIVER_FILES="$BUILD_DIR/subprojects/mesa-$MESA_VERSION/src/gallium/targets/lavapipe/lvp_devenv_icd.x86_64.json" \
   vulkaninfo >"$OUT/vulkaninfo-lavapipe.txt" 2>&1
why=""
vi_value() { sed -n "s/^[[:space:]]*$1[[:space:]]*= *//p" "$OUT/vulkaninfo-lavapipe.txt" | head -1; }
[ "$(vi_value minSubgroupSize)" = 4 ] || why="minSubgroupSize $(vi_value minSubgroupSize), not 4"
[ "$(vi_value maxSubgroupSize)" = 64 ] || why="${why:+$why; }maxSubgroupSize $(vi_value maxSubgroupSize), not 64"
[ "$(vi_value maxComputeWorkgroupSubgroups)" = 256 ] ||
   why="${why:+$why; }maxComputeWorkgroupSubgroups $(vi_value maxComputeWorkgroupSubgroups), not 256"
stages=$(sed -n '/requiredSubgroupSizeStages: count/{n;:a;/^[[:space:]]*SHADER_STAGE/{p;n;ba}}' \
   "$OUT/vulkaninfo-lavapipe.txt" | head -8 | tr -d '\t ' | sort -u | tr '\n' ' ')
[ "$stages" = "SHADER_STAGE_COMPUTE_BIT SHADER_STAGE_FRAGMENT_BIT SHADER_STAGE_MESH_BIT_EXT SHADER_STAGE_TASK_BIT_EXT " ] ||
   why="${why:+$why; }requiredSubgroupSizeStages: ${stages:-none}, not compute, fragment, mesh and task"
if [ -z "$why" ]; then
   echo "size_range.vulkaninfo: pass (minSubgroupSize 4, maxSubgroupSize 64, maxComputeWorkgroupSubgroups 256, requiredSubgroupSizeStages COMPUTE FRAGMENT MESH TASK)"
   passed=$((passed + 1))
else
   echo "size_range.vulkaninfo: FAIL ($why; see $OUT/vulkaninfo-lavapipe.txt)"
   failed=$((failed + 1))
fi

# The stages lavapipe offers subgroup operations in: every graphics stage
# (the runner's vertex cases prove every family Vulkan allows there; the
# tessellation and geometry stages are proven by dEQP-VK's framebuffer
# cases, outside CI), compute, task and mesh.
sstages=$(sed -n '/subgroupSupportedStages: count/{n;:a;/^[[:space:]]*SHADER_STAGE/{p;n;ba}}' \
   "$OUT/vulkaninfo-lavapipe.txt" | head -10 | tr -d '\t ' | sort -u | tr '\n' ' ')
want="SHADER_STAGE_COMPUTE_BIT SHADER_STAGE_FRAGMENT_BIT SHADER_STAGE_GEOMETRY_BIT SHADER_STAGE_MESH_BIT_EXT SHADER_STAGE_TASK_BIT_EXT SHADER_STAGE_TESSELLATION_CONTROL_BIT SHADER_STAGE_TESSELLATION_EVALUATION_BIT SHADER_STAGE_VERTEX_BIT "
if [ "$sstages" = "$want" ]; then
   echo "subgroup_stages.vulkaninfo: pass (subgroupSupportedStages VERTEX TESSELLATION_CONTROL TESSELLATION_EVALUATION GEOMETRY FRAGMENT COMPUTE TASK MESH)"
   passed=$((passed + 1))
else
   echo "subgroup_stages.vulkaninfo: FAIL (subgroupSupportedStages: ${sstages:-none}; see $OUT/vulkaninfo-lavapipe.txt)"
   failed=$((failed + 1))
fi

# VK_KHR_shader_subgroup_uniform_control_flow: offered, its feature on.
# This proves the advertisement only; the reconvergence it promises is
# proven by dEQP-VK.subgroups.subgroup_uniform_control_flow.* (outside CI,
# ci/conformance.sh).
ucf_ext=$(grep -c '^[[:space:]]*VK_KHR_shader_subgroup_uniform_control_flow[[:space:]]*:' "$OUT/vulkaninfo-lavapipe.txt")
ucf_feature=$(vi_value shaderSubgroupUniformControlFlow)
if [ "$ucf_ext" -ge 1 ] && [ "$ucf_feature" = true ]; then
   echo "subgroup_uniform_control_flow.vulkaninfo: pass (extension listed, shaderSubgroupUniformControlFlow = true; advertisement only)"
   passed=$((passed + 1))
else
   echo "subgroup_uniform_control_flow.vulkaninfo: FAIL (extension listed: $ucf_ext, shaderSubgroupUniformControlFlow: ${ucf_feature:-absent}; see $OUT/vulkaninfo-lavapipe.txt)"
   failed=$((failed + 1))
fi

# The partitioned cases again on the two NIR lowerings of the partitioned
# intrinsics, which then run for real here (GPU drivers only compile them):
#   generic: GALLIVM_PERF=nosubgroupnative; gallivm's filter keeps no
#     partitioned intrinsic, so nir_lower_subgroups' lower_partitioned runs
#     end to end on Mesa's own code;
#   loop: GALLIVM_PERF=partitionloop; lower_partitioned_scan_to_loop (RADV's)
#     runs gallivm's native reduce and scans once per subset.
for variant in generic:nosubgroupnative loop:partitionloop; do
   tag=${variant%%:*} perf=${variant#*:}
   section "partitioned cases again on the $tag lowering (GALLIVM_PERF=$perf)"
   GALLIVM_PERF=$perf "$runner" --family partitioned --tag "$tag" \
      --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
      --csv "$OUT/results-$tag.csv" --log-dir "$OUT/logs-$tag" "$@" >"$OUT/runner-$tag.log" 2>&1
   sed -n '/^family/,$p' "$OUT/runner-$tag.log"
   grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$OUT/runner-$tag.log" | head -20
   tally "$OUT/runner-$tag.log" "runner ($tag)"
done

# The fragment cases at every required size again on gallivm's generic
# builders (GALLIVM_PERF=nosubgroupnative): at 32 and 64 lanes a fragment
# subgroup runs in vectors of 16, which the generic code must take too
# (a cluster of 32 there is the whole vector).
section "fragment cases at requiredSubgroupSize 4 to 64 on the generic builders (GALLIVM_PERF=nosubgroupnative)"
GALLIVM_PERF=nosubgroupnative "$runner" --sizes 4,8,16,32,64 --filter 'subgroup.*.fragment.*' \
   --tag generic-sizes --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
   --csv "$OUT/results-generic-sizes.csv" --log-dir "$OUT/logs-generic-sizes" \
   >"$OUT/runner-generic-sizes.log" 2>&1
sed -n '/^family/,$p' "$OUT/runner-generic-sizes.log"
grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$OUT/runner-generic-sizes.log" | head -20
tally "$OUT/runner-generic-sizes.log" "runner (generic, sizes)"

# The loop cases again with gallivm's break mask in every loop (the path of
# loops whose breaks diverge, and of fragment shaders), at every size.
section "loop cases again with the break mask (GALLIVM_PERF=nouniformloops)"
GALLIVM_PERF=nouniformloops "$runner" --family vote --filter 'subgroup.vote.elect_ballot_loop_*' \
   --sizes 4,8,16,32,64 --tag breakmask \
   --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
   --csv "$OUT/results-breakmask.csv" --log-dir "$OUT/logs-breakmask" >"$OUT/runner-breakmask.log" 2>&1
sed -n '/^family/,$p' "$OUT/runner-breakmask.log"
grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$OUT/runner-breakmask.log" | head -20
tally "$OUT/runner-breakmask.log" "runner (breakmask)"

# The generic forms the GPU ISA checks compare our code with, written out by
# the harness (the runner's --written-out: gen_spvasm.py's written_*
# shaders), held to the reference model like the cases they stand for.
section "the written-out generic forms of the ISA checks, at 4 to 64 lanes (--written-out)"
"$runner" --written-out --sizes 4,8,16,32,64 \
   --expectations "$TOP/tests/expectations/lavapipe-fails.txt" --skips "$SKIPS" \
   --csv "$OUT/results-written.csv" --log-dir "$OUT/logs-written" >"$OUT/runner-written.log" 2>&1
sed -n '/^family/,$p' "$OUT/runner-written.log" | tail -3
grep -E ': (fail|unexpected-pass)|^note: .*allowed skip' "$OUT/runner-written.log" | head -20
tally "$OUT/runner-written.log" "runner (written-out generic forms)"

section "OpenCL kernels on rusticl (llvmpipe) at 4, 8 and 16 lanes (run beside the lavapipe runs)"
wait_cl
# cl_skips LOG [quiet]: each skip of cl-runner (tallied already) must be an
# allowed skip; one that is not turns from skipped into failed (quiet: only
# those are printed).
cl_skips() {
   local name why reason
   while IFS=$'\t' read -r name why; do
      if reason=$(allowed_skip "$name"); then
         [ -n "${2:-}" ] || echo "$name: skip ($why; allowed: $reason)"
      else
         echo "$name: FAIL (skipped: $why; not an allowed skip in $SKIPS)"
         skipped=$((skipped - 1)) failed=$((failed + 1))
      fi
   done < <(sed -nE 's/^(cl\.[^ ]+): skip \((.*)\)$/\1\t\2/p' "$1")
}
for w in 128 256 512; do
   echo "   $((w / 32)) lanes:"
   grep -E 'FAIL|build failed|refusing|^[0-9]+ passed' "$OUT/cl-w$w.log" | head -20
   tally "$OUT/cl-w$w.log" "OpenCL ($((w / 32)) lanes)"
   cl_skips "$OUT/cl-w$w.log"
   grep -E 'FAIL|build failed|refusing|^[0-9]+ passed' "$OUT/cl-il-w$w.log" | head -20
   tally "$OUT/cl-il-w$w.log" "OpenCL Workgroup rotate ($((w / 32)) lanes)"
   cl_skips "$OUT/cl-il-w$w.log"
done
# clinfo through the same ICD: the extensions and the build's mark.
OCL_ICD_VENDORS=$cl_icd RUSTICL_ENABLE=llvmpipe clinfo >"$OUT/clinfo.txt" 2>&1
why=""
grep -q "Driver Version.*$(cat "$BUILD_DIR/tests/subgroups-mark")" "$OUT/clinfo.txt" || why="no mark in Driver Version"
for ext in cl_khr_subgroup_ballot cl_khr_subgroup_clustered_reduce \
           cl_khr_subgroup_extended_types cl_khr_subgroup_non_uniform_arithmetic \
           cl_khr_subgroup_non_uniform_vote cl_khr_subgroup_rotate cl_intel_subgroups \
           cl_intel_subgroups_char cl_intel_subgroups_short cl_intel_subgroups_long \
           cl_intel_spirv_subgroups cl_intel_subgroup_local_block_io; do
   grep -qw "$ext" "$OUT/clinfo.txt" || why="${why:+$why; }$ext missing"
done
if [ -z "$why" ]; then
   echo "cl.clinfo: pass (the mark, the six cl_khr_subgroup and the six cl_intel_subgroup* extensions)"
   passed=$((passed + 1))
else
   echo "cl.clinfo: FAIL ($why; see $OUT/clinfo.txt)"
   failed=$((failed + 1))
fi
# Without RUSTICL_ENABLE our rusticl offers no device: the host must refuse
# to run rather than pass on nothing.
OCL_ICD_VENDORS=$cl_icd RUSTICL_ENABLE='' "$cl_runner" >"$OUT/cl-refusal.log" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q '^refusing to run' "$OUT/cl-refusal.log"; then
   echo "refusal.cl_no_device: pass"; passed=$((passed + 1))
else
   echo "refusal.cl_no_device: FAIL (exit $rc; see $OUT/cl-refusal.log)"; failed=$((failed + 1))
fi

section "OpenCL kernels on Intel's CPU OpenCL runtime (cl-runner --any-platform)"
# Intel's CPU runtime, pinned, from PyPI (ci/setup-intel-ocl.sh), as a second
# platform: our kernels at its own subgroup size and at each other one from 4
# to 32, held to what the specs require; the cases in which it breaks a spec
# sentence are listed in tests/expectations/intel-ocl-fails.txt.
if ! bash "$TOP/ci/setup-intel-ocl.sh" >"$OUT/setup-intel-ocl.log" 2>&1; then
   echo "ci/setup-intel-ocl.sh failed:"; tail -5 "$OUT/setup-intel-ocl.log"
fi
bash "$TOP/tests/opencl/run-intel.sh" "$BUILD_DIR" "$OUT/intel-ocl" >"$OUT/intel-ocl.log" 2>&1
head -30 "$OUT/intel-ocl.log"
tally "$OUT/intel-ocl.log" "tests/opencl/run-intel.sh"
# (its listed expected failures print as xfail; its skips must be allowed)
for log in "$OUT"/intel-ocl/intel-*.log; do
   [ ! -e "$log" ] || cl_skips "$log" quiet
done

section "assembly of the native subgroup code (tests/asm/check-asm.sh)"
"$TOP/tests/asm/check-asm.sh" "$runner" "$OUT/asm" >"$OUT/asm.log" 2>&1
grep -E '^asm\.' "$OUT/asm.log" | grep -v ': skip ('
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$OUT/asm.log" | tail -1)
if [ -n "$line" ]; then
   read -r p _ f _ s _ <<<"$(echo "$line" | tr -d ',')"
   passed=$((passed + p)) failed=$((failed + f))
   # Its skips (a check whose instructions this CPU lacks) must be allowed.
   nskip=0
   while IFS=$'\t' read -r name why; do
      count_skip "$name" "$why"
      nskip=$((nskip + 1))
   done < <(sed -nE 's/^(asm\.[^:]+): skip \((.*)\)$/\1\t\2/p' "$OUT/asm.log")
   [ "$nskip" = "$s" ] || { echo "asm checks: $s skipped, $nskip found by name"; failed=$((failed + 1)); }
else
   echo "asm checks printed no summary"; tail -5 "$OUT/asm.log"; failed=$((failed + 1))
fi

section "the shader cache keeps GALLIVM_PERF and vector-width variants apart (tests/cache)"
"$TOP/tests/cache/check-cache-key.sh" "$runner" "$OUT/cache" >"$OUT/cache.log" 2>&1
grep -E '^cache\.' "$OUT/cache.log"
tally "$OUT/cache.log" "cache checks"

section "refusal of a foreign driver (fake ICD claiming to be llvmpipe)"
"$runner" --icd "$BUILD_DIR/tests/fake_icd.json" --widths 256 --log-dir "$OUT/logs-fake" --skips "$SKIPS" \
   >"$OUT/fake-icd.log" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q 'refusing to run: the device is not the patched lavapipe' "$OUT/fake-icd.log"; then
   echo "refusal.fake_icd: pass"
   passed=$((passed + 1))
else
   echo "refusal.fake_icd: FAIL (exit $rc)"; cat "$OUT/fake-icd.log"
   failed=$((failed + 1))
fi

section "piglit: GL_ARB_shader_ballot on the patched llvmpipe (GL, GLSL and SPIR-V, 4/8/16 lanes)"
bash "$TOP/tests/piglit/run-piglit.sh" --out "$OUT/piglit" >"$OUT/piglit.log" 2>&1
grep -E '^(width |refusing|piglit:|note:)|: (fail|unexpected-pass)' "$OUT/piglit.log" | head -40
tally "$OUT/piglit.log" "run-piglit"

section "refusal of a foreign GL driver"
# The same llvmpipe checked against a mark it does not carry.
bash "$TOP/tests/piglit/run-piglit.sh" --widths 256 --expect-mark mesa-subgroups/not-this-build \
   --out "$OUT/piglit-refusal" >"$OUT/piglit-refusal-mark.log" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q '^refusing to run: the GL driver is not the patched llvmpipe' "$OUT/piglit-refusal-mark.log"; then
   echo "refusal.gl_wrong_mark: pass"; passed=$((passed + 1))
else
   echo "refusal.gl_wrong_mark: FAIL (exit $rc)"; cat "$OUT/piglit-refusal-mark.log"; failed=$((failed + 1))
fi
# The system's own Mesa (an llvmpipe without the patch set), when installed.
sys_json=/usr/share/glvnd/egl_vendor.d/50_mesa.json
if [ -f "$sys_json" ]; then
   bash "$TOP/tests/piglit/run-piglit.sh" --widths 256 --vendor-json "$sys_json" \
      --out "$OUT/piglit-refusal" >"$OUT/piglit-refusal-system.log" 2>&1
   rc=$?
   if [ $rc = 3 ] && grep -q '^refusing to run: the GL driver is not the patched llvmpipe' "$OUT/piglit-refusal-system.log"; then
      echo "refusal.gl_system_mesa: pass ($(grep -m1 '^width' "$OUT/piglit-refusal-system.log"))"
      passed=$((passed + 1))
   else
      echo "refusal.gl_system_mesa: FAIL (exit $rc)"; cat "$OUT/piglit-refusal-system.log"; failed=$((failed + 1))
   fi
else
   count_skip refusal.gl_system_mesa "$sys_json not installed: no system Mesa to refuse"
fi

section "native subgroup code at lower CPU feature levels (GALLIUM_OVERRIDE_CPU_CAPS)"
# (the runs went beside the lavapipe runs, after the OpenCL kernels; each
# family's verdicts here, in order)
wait_beside
for level in "${levels[@]}"; do
   IFS=: read -r caps flag widths <<<"$level"
   if ! grep -qw "$flag" /proc/cpuinfo; then
      count_skip "caps_$caps" "this CPU lacks $flag, so the level cannot run here"
      continue
   fi
   for ff in $level_families; do
      level_report "$caps" "" "${ff%%:*}" --widths "$widths"
   done
   for ff in $level_size_families; do
      level_report "$caps" -sizes "${ff%%:*}" "${level_sizes[@]}"
   done
done

section "compile-only sweeps of the GPU drivers (tests/compile-only): compile, run nothing (run beside the lavapipe runs)"
wait_beside
# tally_sweep LOG WHAT: a sweep's configurations into sw_*, and the cases
# its configurations compiled into sw_cases.
tally_sweep() {
   local line p f s n
   line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
   if [ -n "$line" ]; then
      read -r p _ f _ s _ <<<"$(echo "$line" | tr -d ',')"
      sw_p=$((sw_p + p)) sw_f=$((sw_f + f)) sw_s=$((sw_s + ${s:-0}))
   else
      echo "$2 printed no summary"; tail -5 "$1"; sw_f=$((sw_f + 1))
   fi
   n=$(sed -nE 's/^[a-z]+\.[^ ]+: pass \(([0-9]+) passed,.*/\1/p' "$1" | awk '{s += $1} END {print s + 0}')
   sw_cases=$((sw_cases + n))
}
echo "   RADV at GFX9 to GFX12, wave64 and wave32, on its null device; vulkaninfo under the amdgpu drm-shim"
grep -E '^radv\.|^compile-only' "$OUT/radv.log"
tally_sweep "$OUT/radv.log" "RADV sweep"
echo "   Turnip on a6xx and a7xx, 64 and 128 lanes, and vulkaninfo, under the freedreno drm-shim"
grep -E '^turnip\.|^compile-only' "$OUT/turnip.log"
tally_sweep "$OUT/turnip.log" "Turnip sweep"
echo "   NVK on Turing, Ampere and Ada (32 lanes), and vulkaninfo, under the nouveau drm-shim"
grep -E '^nvk\.|^compile-only' "$OUT/nvk.log"
tally_sweep "$OUT/nvk.log" "NVK sweep"
echo "   ANV on Gfx9, Gfx12, Gfx12.5 and Xe2 (SIMD8, 16, 32; with and without robust buffer access), and vulkaninfo, under the Intel noop drm-shim"
grep -E '^anv\.|^compile-only' "$OUT/anv.log"
tally_sweep "$OUT/anv.log" "ANV sweep"
echo "   rusticl on iris at Gfx9, Gfx12, Gfx12.5 and Xe2 (every kernel at brw's SIMD widths), under the Intel noop drm-shim"
grep -E '^iris\.|^compile-only' "$OUT/iris.log"
tally_sweep "$OUT/iris.log" "iris sweep"
echo "   ISA of our code against the generic form the harness writes out (tests/compile-only/check-isa.sh):"
echo "   ACO's, ir3's, NAK's and brw's (ANV's and iris's)"
for drv in radv turnip nvk anv iris; do
   grep -E '^isa\.|^isa checks' "$OUT/$drv-isa.log"
   tally "$OUT/$drv-isa.log" "$drv ISA checks"
done

section "time of each part"
wait_beside
{ printf '%s\n' "${sec_times[@]}"; cat "$OUT/beside-times.txt" 2>/dev/null; } | tee "$OUT/times.txt"
echo
echo "meson test: $ms_p suites passed, $ms_f failed, $ms_s skipped"
echo "compile-only sweeps: $sw_p configurations passed, $sw_f failed, $sw_s skipped ($sw_cases cases compiled)"
echo "cases: $passed passed, $failed failed, $skipped skipped"
# The last line: cases, and one failure for each failed suite or configuration.
failed=$((failed + ms_f + sw_f))
echo "$passed $failed $skipped" >"$OUT/summary"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
