#!/usr/bin/env bash
# The subgroup benchmark: our lavapipe against Debian's stock one and a
# hand-written SIMD floor, at 8 and 16 lanes, and ours against the floor at
# 32 and 64 lanes (requiredSubgroupSize).  Prints a markdown report
# (bench/RESULTS.md holds one).  Not part of CI.
#
#   bench/run.sh [--quick] [--runs N] [--reps N] [--scale F] [--widths 4,8,16]
#                [--ops a,b,...] [--clock cpu|wall]
#
# --quick: 2 runs, 1 repetition, a quarter of the work (about 35 s).
#
#   bench/run.sh --instr [--scale F] [--widths 8,16] [--ops a,b,...]
# The load-independent metric instead (bench/instr.py): instructions per
# lane-op, counted by valgrind's callgrind, ours against stock; scale 0.01
# by default (a dispatch under callgrind is about 50 times slower).
#
#   bench/run.sh --asm [--widths 8,16] [--ops a,b,...]
# Checks instead that each op's JIT-compiled loop holds instructions the
# base loop does not, so the op was neither hoisted nor folded
# (bench/check_asm.py, our lavapipe with GALLIVM_DEBUG=asm).
# Needs the build (ci/build.sh) and fetches the stock driver with
# ci/fetch-stock-lavapipe.sh (cached).  Builds the bench programs and
# shaders into build-bench/.
set -euo pipefail
. "$(dirname "$0")/../ci/env.sh"
cd "$TOP"

args=() runs=7 reps=2 scale=1 instr=0 asm=0
while [ $# -gt 0 ]; do
   case $1 in
   --quick) runs=2 reps=1 scale=0.25 ;;
   --instr) instr=1 scale=0.01 ;;
   --asm) asm=1 ;;
   --runs) runs=$2; shift ;;
   --reps) reps=$2; shift ;;
   --scale) scale=$2; shift ;;
   --widths|--ops|--clock) args+=("$1" "$2"); shift ;;
   -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
   *) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
   esac
   shift
done

ours_json=$BUILD_DIR/subprojects/mesa-$MESA_VERSION/src/gallium/targets/lavapipe/lvp_devenv_icd.$(uname -m).json
if [ ! -f "$ours_json" ]; then
   echo "bench: no build at $BUILD_DIR; running ci/build.sh" >&2
   bash ci/build.sh >&2
fi
bash ci/fetch-stock-lavapipe.sh >&2
stock_env=$CACHE_DIR/stock-lavapipe/env.sh
[ -f "$stock_env" ] || { echo "bench: $stock_env missing" >&2; exit 1; }

out=$TOP/build-bench
mkdir -p "$out/shaders"
cc=${CC:-cc}
# -O2 only: floor.c's SIMD paths carry target attributes and are guarded at
# run time.
$cc -O2 -Wall -Wextra -Wno-unused-parameter -o "$out/bench" bench/bench.c -lvulkan
$cc -O2 -Wall -Wextra -o "$out/floor" bench/floor.c
for name in $(python3 bench/gen_shaders.py --list); do
   python3 bench/gen_shaders.py "$name" "$out/shaders/$name.spvasm"
   spirv-as --target-env spv1.3 "$out/shaders/$name.spvasm" -o "$out/shaders/$name.spv"
   spirv-val --target-env vulkan1.1 "$out/shaders/$name.spv"
done

if [ $asm = 1 ]; then
   exec python3 bench/check_asm.py --bench "$out/bench" --shader-dir "$out/shaders" \
      --ours-json "$ours_json" --stock-env "$stock_env" "${args[@]}"
fi
if [ $instr = 1 ]; then
   cmd="bench/run.sh --instr"
   [ "$scale" = 0.01 ] || cmd+=" --scale $scale"
   [ ${#args[@]} = 0 ] || cmd+=" ${args[*]}"
   exec python3 bench/instr.py --bench "$out/bench" --shader-dir "$out/shaders" \
      --ours-json "$ours_json" --stock-env "$stock_env" --scale "$scale" \
      --command "$cmd" "${args[@]}"
fi
cmd="bench/run.sh"
[ "$runs" = 7 ] && [ "$reps" = 2 ] && [ "$scale" = 1 ] || cmd+=" --runs $runs --reps $reps --scale $scale"
[ ${#args[@]} = 0 ] || cmd+=" ${args[*]}"
exec python3 bench/run.py --bench "$out/bench" --floor "$out/floor" \
   --shader-dir "$out/shaders" --ours-json "$ours_json" --stock-env "$stock_env" \
   --raw "$out/raw-$(date -u +%Y%m%dT%H%M%S).txt" --runs "$runs" --reps "$reps" \
   --scale "$scale" --command "$cmd" "${args[@]}"
