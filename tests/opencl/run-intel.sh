#!/usr/bin/env bash
# Our OpenCL kernels (tests/opencl/, cl-runner --any-platform) on Intel's CPU
# OpenCL runtime, the second platform (ci/setup-intel-ocl.sh installs it):
# once at the subgroup size the runtime picks itself, then at each other
# size from 4 to 32 that it offers, required with intel_reqd_sub_group_size
# (cl-runner --sub-group-size), and the SPIR-V module of Workgroup-scope
# rotate (--il-only).  Intel's runtime is held to what the specs require;
# the cases it breaks a spec sentence in are listed, with the sentence, in
# tests/expectations/intel-ocl-fails.txt, and those whose outcome varies
# between machines in intel-ocl-flakes.txt.  64 is left out: the shuffle cases'
# inputs are drawn for subgroups of at most 32 (at 64 a work-group of 5
# leaves some of them nothing defined to check).
#
# usage: tests/opencl/run-intel.sh BUILD_DIR OUT
# Logs in OUT/intel-*.log; prints the failures and each run's count, and
# ends with "N passed, N failed, N skipped" (the sum).  Without the runtime
# installed it says so and fails.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/ci/env.sh"
build=${1:?usage: run-intel.sh BUILD_DIR OUT}
out=${2:?usage: run-intel.sh BUILD_DIR OUT}
mkdir -p "$out"
runner=$build/tests/opencl/cl-runner
lib=$CACHE_DIR/intel-ocl/lib
# The cases the runtime fails everywhere, and those it fails on some
# machines only (no CPU flag tells which: either outcome counts as a skip).
expect=(--expectations "$TOP/tests/expectations/intel-ocl-fails.txt"
   --flakes "$TOP/tests/expectations/intel-ocl-flakes.txt")

if [ ! -f "$lib/libintelocl.so" ]; then
   echo "run-intel: Intel's CPU OpenCL runtime is not installed ($lib/libintelocl.so missing; ci/setup-intel-ocl.sh installs it)"
   echo "0 passed, 1 failed, 0 skipped"
   exit 1
fi
if [ ! -x "$runner" ]; then
   echo "run-intel: $runner not built (ninja -C $build tests/opencl/cl-runner)"
   echo "0 passed, 1 failed, 0 skipped"
   exit 1
fi

passed=0 failed=0 skipped=0
# intel NAME ARGS...: one cl-runner run on Intel's runtime into OUT/intel-NAME.log.
intel() {
   local name=$1 log line p f s t
   shift
   log=$out/intel-$name.log
   t=$(date +%s)
   OCL_ICD_FILENAMES=$lib/libintelocl.so LD_LIBRARY_PATH=$lib \
      "$runner" --any-platform "${expect[@]}" "$@" >"$log" 2>&1
   grep -E 'FAIL|build failed|refusing' "$log" | head -20
   line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
   if [ -z "$line" ]; then
      echo "intel $name: no summary (see $log)"; tail -5 "$log"
      failed=$((failed + 1))
      return
   fi
   read -r p _ f _ s _ <<<"$(echo "$line" | tr -d ',')"
   passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
   printf 'intel %-12s %s (%d s)\n' "$name:" "$line" $(($(date +%s) - t))
}

# The runtime's own size first: the kernels without the attribute.
intel native
native=$(sed -n 's/^cl\.max_sub_group_size\.w\([0-9]*\): pass$/\1/p' "$out/intel-native.log")
# The sizes it offers (clinfo's "Sub-group sizes (Intel)"), 4 to 32.
sizes=$(OCL_ICD_FILENAMES=$lib/libintelocl.so LD_LIBRARY_PATH=$lib clinfo 2>/dev/null |
   sed -n 's/^ *Sub-group sizes (Intel) *//p' | head -1 | tr -d ',')
if [ -z "$sizes" ]; then
   # The runtime offers cl_intel_required_subgroup_size: without its list
   # the other sizes would go untested unnoticed.
   echo "run-intel: FAIL (clinfo lists no subgroup sizes (cl_intel_required_subgroup_size): only the native size could run)"
   failed=$((failed + 1))
fi
for n in $sizes; do
   if [ "$n" -ge 4 ] && [ "$n" -le 32 ] && [ "$n" != "${native:-0}" ]; then
      intel "w$n" --sub-group-size "$n"
   fi
done
intel il-only --il-only

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
