#!/usr/bin/env bash
# ci/test.sh part: our kernels on Intel's CPU OpenCL runtime.
# Our OpenCL kernels on Intel's CPU OpenCL runtime
# (cl-runner --any-platform; pinned, from PyPI, ci/setup-intel-ocl.sh) as a
# second platform, held to what the specs require: at its own subgroup size
# and at each other one from 4 to 32.  The cases in which it breaks a spec
# sentence are listed in tests/expectations/intel-ocl-fails*.txt.  It tests
# the kernels and the reference model, not our driver: counted on the
# "intel-ocl" line.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin intel-ocl
COUNT_LINE=intel-ocl
if ! bash "$TOP/ci/setup-intel-ocl.sh" >"$OUT/setup-intel-ocl.log" 2>&1; then
   echo "ci/setup-intel-ocl.sh failed:"; tail -5 "$OUT/setup-intel-ocl.log"
fi
bash "$TOP/tests/opencl/run-intel.sh" "$BUILD_DIR" "$OUT/intel-ocl" >"$OUT/intel-ocl.log" 2>&1
head -30 "$OUT/intel-ocl.log"
count_log "$OUT/intel-ocl.log" tests/opencl/run-intel.sh
# (its listed expected failures print as xfail; its skips must be allowed)
for log in "$OUT"/intel-ocl/intel-*.log; do
   [ ! -e "$log" ] || count_listed_skips "$log" 'cl\.[^ ]+'
done
