#!/usr/bin/env bash
# The OpenCL half of the subgroup benchmark: bench/cl_ops.cl's kernels on our
# rusticl (llvmpipe) and on Intel's CPU OpenCL runtime, at subgroup sizes 8
# and 16, one core each.  Prints a markdown report (bench/RESULTS.md holds
# one, after the Vulkan one).  Not part of CI.
#
#   bench/run-cl.sh [--runs N] [--reps N] [--sizes 8,16] [--ops a,b,...]
#   bench/run-cl.sh --instr [--groups N] [--sizes 8,16] [--ops a,b,...]
# --instr: instructions per op instead of times (valgrind's callgrind, as
# bench/run.sh --instr for the Vulkan half): the same on any machine, under
# any load; N work-groups of 64 (64).
#
# Needs the build (ci/build.sh) and Intel's runtime (ci/setup-intel-ocl.sh,
# run here when missing).  Builds cl_bench into build-bench/.
set -euo pipefail
. "$(dirname "$0")/../ci/env.sh"
cd "$TOP"

args=()
while [ $# -gt 0 ]; do
   case $1 in
   --runs|--reps|--sizes|--ops|--groups) args+=("$1" "$2"); shift ;;
   --instr) args+=("$1") ;;
   -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
   *) echo "bench/run-cl.sh: unknown argument $1" >&2; exit 2 ;;
   esac
   shift
done

icd=$BUILD_DIR/tests/opencl/rusticl.icd
if [ ! -f "$icd" ]; then
   echo "bench: no build at $BUILD_DIR; running ci/build.sh" >&2
   bash ci/build.sh >&2
fi
lib=$CACHE_DIR/intel-ocl/lib
if [ ! -f "$lib/libintelocl.so" ]; then
   bash ci/setup-intel-ocl.sh >&2 || { echo "bench: Intel's runtime could not be installed" >&2; exit 1; }
fi
command -v taskset >/dev/null || { echo "bench: taskset (util-linux) missing" >&2; exit 1; }
if [[ " ${args[*]} " == *" --instr "* ]] && ! command -v valgrind >/dev/null; then
   echo "bench: --instr needs valgrind (apt-get install valgrind)" >&2; exit 1
fi

out=$TOP/build-bench
mkdir -p "$out"
${CC:-cc} -O2 -Wall -Wextra -o "$out/cl_bench" bench/cl_bench.c -lOpenCL
python3 bench/cl_run.py --bench "$out/cl_bench" --kernels bench/cl_ops.cl \
   --rusticl-icd "$icd" --intel-lib "$lib" "${args[@]}"
