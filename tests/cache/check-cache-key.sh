#!/usr/bin/env bash
# The shader cache must keep apart code built under settings that change it:
# GALLIVM_PERF=nosubgroupnative (gallivm's native subgroup builders off),
# GALLIVM_PERF=partitionloop (the partitioned scans as a loop of plain scans),
# GALLIVM_PERF=nouniformloops (a break mask in loops whose breaks are uniform)
# and LP_NATIVE_VECTOR_WIDTH (the subgroup size).  For each, one case runs twice
# with one cache directory: first with the default, then with the setting
# changed.  The second run must compile the shader again (GALLIVM_DEBUG=asm
# prints its code) and pass; a cache key that ignored the setting would hand
# it the first run's code, and print nothing.
#
# usage: tests/cache/check-cache-key.sh RUNNER OUTDIR
# Prints one line per check and ends "N passed, N failed".
set -uo pipefail
runner=$1
out=$2
mkdir -p "$out"
passed=0 failed=0
case_name=subgroup.intel.shuffle.compute.uint32.size8.all

# run NAME WIDTH [VAR=VALUE...]: one case; the runner keeps its shader cache
# in its log directory, $out/NAME/shader-cache, shared by both runs
run() {
   local name=$1 width=$2; shift 2
   local dir="$out/$name"
   rm -f "$dir"/child-*.log
   env MESA_SHADER_CACHE_DISABLE=false GALLIVM_DEBUG=asm "$@" \
      "$runner" --widths "$width" --filter "$case_name" \
      --log-dir "$dir" >"$dir.log" 2>&1
   grep -qE '^1 passed, 0 failed' "$dir.log" || { echo "the case failed (see $dir.log)"; return 2; }
   # compiled now: the shader's function is in the disassembly
   if cat "$dir"/child-*.log 2>/dev/null | grep -q '^cs_co_variant:'; then
      return 0
   fi
   return 1
}

check() {
   local name=$1 width1=$2 width2=$3 env2=$4 why
   rm -rf "${out:?}/$name"
   run "$name" "$width1" GALLIVM_PERF= ; [ $? = 2 ] && why="first run failed"
   if [ -z "${why:-}" ]; then
      run "$name" "$width2" ${env2:+"$env2"}
      case $? in
      0) ;;
      1) why="the second run took the first run's code from the cache" ;;
      *) why="second run failed" ;;
      esac
   fi
   if [ -z "${why:-}" ]; then
      echo "cache.$name: pass"; passed=$((passed + 1))
   else
      echo "cache.$name: FAIL ($why)"; failed=$((failed + 1))
   fi
}

# The width check runs the same shader at 256 and then 512 bits (its size8
# and size16 cases).
check gallivm_perf 256 256 GALLIVM_PERF=nosubgroupnative
case_name=subgroup.partitioned.iadd.compute.uint32.size8.reduce.ballot.subsets1.all
check partition_loop 256 256 GALLIVM_PERF=partitionloop
case_name=subgroup.vote.elect_ballot_loop_u.compute.size8.all
check uniform_loops 256 256 GALLIVM_PERF=nouniformloops
case_name='subgroup.intel.shuffle.compute.uint32.size*.all'
check vector_width 256 512 ""

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
