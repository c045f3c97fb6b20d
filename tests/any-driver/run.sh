#!/usr/bin/env bash
# Our Vulkan cases on a driver that is not ours (the runner's --any-driver):
# results are checked against the reference model under its Vulkan reading
# (tests/reference/reference.h, REF_READING_VULKAN: what any conformant
# driver may do where the texts leave a choice), so a driver that implements
# the extensions natively is an independent check of the model.
#
#   tests/any-driver/run.sh ICD_JSON OUT [RUNNER [SHADER_DIR]]
#
# RUNNER defaults to build/tests/subgroup-runner, SHADER_DIR to the folder
# it sits in (the compiled .spv files); copy both to the GPU's machine with
# this script and the skips file.  Every family at the driver's subgroup
# size, then the compute cases at requiredSubgroupSize 32 where the driver
# offers it.  Allowed skips: tests/expectations/any-driver-skips.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
icd=${1:?usage: run.sh ICD_JSON OUT [RUNNER [SHADER_DIR]]}
out=${2:?usage: run.sh ICD_JSON OUT [RUNNER [SHADER_DIR]]}
runner=${3:-$here/../../build/tests/subgroup-runner}
shaders=${4:-$(dirname "$runner")}
skips=$here/../expectations/any-driver-skips.txt
mkdir -p "$out"
rc=0
"$runner" --any-driver --icd "$icd" --shader-dir "$shaders" --skips "$skips" \
   --csv "$out/results.csv" --log-dir "$out/logs" >"$out/runner.log" 2>&1 || rc=1
sed -n '/^runner: width/p; /^family/,$p' "$out/runner.log"
"$runner" --any-driver --icd "$icd" --shader-dir "$shaders" --skips "$skips" --sizes 32 \
   --tag sizes --csv "$out/results-sizes.csv" --log-dir "$out/logs-sizes" \
   >"$out/runner-sizes.log" 2>&1 || rc=1
sed -n '/^family/,$p' "$out/runner-sizes.log"
exit $rc
