#!/usr/bin/env bash
# Assembly checks for gallivm's native subgroup code (backend/llvmpipe/lp_bld_subgroup_*).
#
# For a fixed set of runner cases, compiles the shader with GALLIVM_DEBUG=asm
# (gallivm prints the disassembly of each compiled function on stderr, which
# the runner keeps in its child logs) and checks the shader's function
# (cs_co_variant; cs_variant from Mesa 26.2 on) for:
#   - the native instruction(s) the operation must become (each regex must match),
#   - instructions that must not appear at that feature level (e.g. %zmm
#     registers when GALLIUM_OVERRIDE_CPU_CAPS=avx removes AVX-512),
#   - fewer instructions than Mesa's own lane-by-lane code for the same
#     shader (the same run with GALLIVM_PERF=nosubgroupnative), where Mesa's code is
#     such a sequence: LLVM unrolls Mesa's lane loops (no backward branch is
#     left), so the size is what shows them.
# A check whose instructions this CPU lacks is skipped, naming the flag.
#
# usage: tests/asm/check-asm.sh RUNNER OUTDIR
# Prints one line per check and ends "N passed, N failed, N skipped".
set -uo pipefail
runner=$1
out=$2
mkdir -p "$out"
passed=0 failed=0 skipped=0

cpu_has() { grep -qw "$1" /proc/cpuinfo; }

# The shader's own function from a child log: the lines after the
# "cs_co_variant:" label (Mesa 25.0; "cs_variant:" from 26.2 on, where a
# compute shader's function is no coroutine) up to the next label.
shader_asm() {
   awk '/^[A-Za-z_.]+:$/ { f = ($0 == "cs_co_variant:" || $0 == "cs_variant:"); next } f' "$1"
}
count_insns() { grep -cE '^ *[0-9a-f]+:	' "$1"; }

# compile NAME WIDTH CAPS FILTER NATIVE [ENV] -> $out/NAME.NATIVE.s (1 = ours,
# 0 = Mesa's, built with ENV, GALLIVM_PERF=nosubgroupnative by default).
# WIDTH: LP_NATIVE_VECTOR_WIDTH (128, 256, 512), or sN for a compute
# pipeline that requires N lanes (the runner's --sizes N).
compile() {
   local name=$1 width=$2 caps=$3 filter=$4 native=$5 dir="$out/$1.$5"
   local ref_env=${6:-GALLIVM_PERF=nosubgroupnative}
   local lanes=(--widths "$width")
   [[ $width == s* ]] && lanes=(--sizes "${width#s}")
   [ "$native" = 1 ] && ref_env=GALLIVM_PERF=
   rm -rf "$dir"
   env ${caps:+GALLIUM_OVERRIDE_CPU_CAPS=$caps} "$ref_env" \
      GALLIVM_DEBUG=asm MESA_SHADER_CACHE_DISABLE=true \
      "$runner" "${lanes[@]}" --filter "$filter" --log-dir "$dir" >"$dir.runner.log" 2>&1
   local rc=$?
   cat "$dir"/child-*.log 2>/dev/null | shader_asm /dev/stdin >"$out/$name.$native.s"
   if [ $rc != 0 ] || ! grep -qE '^1 passed, 0 failed' "$dir.runner.log"; then
      echo "runner did not pass the case (see $dir.runner.log)"
      return 1
   fi
   [ -s "$out/$name.$native.s" ] || { echo "no cs_co_variant or cs_variant disassembly"; return 1; }
}

# has FILE REGEX: whether a line of FILE matches REGEX; "N*REGEX": at
# least N lines.
has() {
   local need=1 re=$2
   if [[ $re =~ ^([0-9]+)\*(.*)$ ]]; then
      need=${BASH_REMATCH[1]} re=${BASH_REMATCH[2]}
   fi
   [ "$(grep -cE "$re" "$1")" -ge "$need" ]
}

# mesa_passes FILE MUST MUST_NOT: whether FILE satisfies the regexes.
mesa_passes() {
   local re res
   IFS=';' read -ra res <<<"$2"
   for re in "${res[@]}"; do
      has "$1" "$re" || return 1
   done
   [ -z "$3" ] || ! grep -qE "$3" "$1"
}

# Every check fails on Mesa's code: by the size comparison, or (COMPARE 0)
# by its regexes, which the script runs on Mesa's code too.
#
# check NAME WIDTH CAPS NEEDS FILTER MUST MUST_NOT COMPARE
#   NEEDS: /proc/cpuinfo flags the instructions need (space separated)
#   MUST: regexes separated by ';' that must each match ("N*REGEX": on at
#         least N lines); MUST_NOT: one regex or ''
#   COMPARE: 1 = must be shorter than Mesa's code (GALLIVM_PERF=nosubgroupnative),
#            VAR=VALUE = than the code built with that setting instead, 0 = no comparison
check() {
   local name=$1 width=$2 caps=$3 needs=$4 filter=$5 must=$6 must_not=$7 compare=$8
   local f why=""
   for f in $needs; do
      if ! cpu_has "$f"; then
         echo "asm.$name: skip (this CPU lacks $f)"
         skipped=$((skipped + 1)); return
      fi
   done
   why=$(compile "$name" "$width" "$caps" "$filter" 1) || {
      echo "asm.$name: FAIL ($why)"; failed=$((failed + 1)); return; }
   local s="$out/$name.1.s" re
   IFS=';' read -ra res <<<"$must"
   for re in "${res[@]}"; do
      has "$s" "$re" || why="${why:+$why; }no /$re/"
   done
   if [ -n "$must_not" ] && grep -qE "$must_not" "$s"; then
      why="${why:+$why; }has /$must_not/: $(grep -m1 -E "$must_not" "$s" | tr -s ' \t' ' ')"
   fi
   local n_native n_mesa=""
   n_native=$(count_insns "$s")
   if [ "$compare" = 0 ]; then
      # No size comparison: the regexes alone must tell our code from Mesa's.
      if ! w=$(compile "$name" "$width" "$caps" "$filter" 0); then
         why="${why:+$why; }Mesa's build: $w"
      elif mesa_passes "$out/$name.0.s" "$must" "$must_not"; then
         why="${why:+$why; }Mesa's code (GALLIVM_PERF=nosubgroupnative) passes it too"
      fi
   else
      local ref_env=""
      [ "$compare" != 1 ] && ref_env=$compare
      if ! w=$(compile "$name" "$width" "$caps" "$filter" 0 "$ref_env"); then
         why="${why:+$why; }Mesa's build: $w"
      else
         n_mesa=$(count_insns "$out/$name.0.s")
         [ "$n_native" -lt "$n_mesa" ] ||
            why="${why:+$why; }$n_native instructions, not fewer than $n_mesa"
      fi
   fi
   local sizes="$n_native instructions"
   local ref_label="Mesa's code"
   [ "$compare" != 1 ] && ref_label="with $compare"
   [ -n "$n_mesa" ] && sizes="$sizes, $ref_label $n_mesa"
   if [ -z "$why" ]; then
      echo "asm.$name: pass ($sizes)"
      passed=$((passed + 1))
   else
      echo "asm.$name: FAIL ($why; $sizes)"
      failed=$((failed + 1))
   fi
}

c=subgroup
# name                 width caps   cpu flags needed            case
check ballot.16        512 ""     "avx512f"                    "$c.ballot.ballot.compute.uvec4.size16.all" \
      'vptestm[dq]|vpcmp[a-z]*d	;kmov[wbdq]' '' 1
check ballot.8         256 ""     "avx512f avx512vl"           "$c.ballot.ballot.compute.uvec4.size8.all" \
      'vptestm[dq]	|vpcmp[a-z]*d	;kmov[wbdq]	' '' 1
check ballot.8.avx2    256 avx    "avx2"                       "$c.ballot.ballot.compute.uvec4.size8.all" \
      'vmovmskps|vpmovmskb' '%zmm|%k[0-7]' 1
check ballot.4.sse41   128 sse4.1 "sse4_1"                     "$c.ballot.ballot.compute.uvec4.size4.all" \
      'movmskps|pmovmskb' '%ymm|%zmm|%k[0-7]|	v' 1
check vote_all.16      512 ""     "avx512f"                    "$c.vote.all.compute.bool.size16.random.all" \
      'vptestm[dq]|vpcmp[a-z]*d	;kmov[wbdq]|kortest|ktest' '' 1
check vote_all_equal.16 512 ""    "avx512f"                    "$c.vote.all_equal.compute.uint32.size16.random.all" \
      'vpcmp[a-z]*d	|vptestm' '' 1
# elect: the lowest set bit of the active lanes' mask, x & -x: BMI1's blsi,
# or neg and and where LLVM's model of the CPU has no BMI1 (LLVM 15 knows
# no AMD family 1Ah, Zen 5, and takes a generic x86-64 there); Mesa's loop
# has neither (three instructions: the function sizes are within 3% either
# way, so no size comparison)
check elect.16         512 ""     "avx512f"                    "$c.vote.elect.compute.bool.size16.all" \
      'blsil|negl	' '' 0
check partition.16     512 ""     "avx512f avx512cd"           "$c.partitioned.partition.compute.uint32.size16.one.all" \
      'vpconflictd	%zmm' '' 0
check partition.8      256 ""     "avx512f avx512cd avx512vl"  "$c.partitioned.partition.compute.uint32.size8.one.all" \
      'vpconflictd	%ymm' '' 0
check partition64.16   512 ""     "avx512f avx512cd"           "$c.partitioned.partition.compute.uint64.size16.one.all" \
      'vpconflictd	%zmm' '' 0
check partition.16.avx2 512 avx   "avx2"                       "$c.partitioned.partition.compute.uint32.size16.one.all" \
      'vpcmpeqd	' 'vpconflict|%zmm' 1
# The shuffles by a run-time index: Mesa's code is a loop over the lanes
# (emit_shuffle), small in the listing but run once per lane, so the
# listing sizes are within 1% either way, by LLVM version; the permute
# instruction, which Mesa's code lacks, tells them apart.
check shuffle.16       512 ""     "avx512f"                    "$c.intel.shuffle.compute.uint32.size16.all" \
      'vperm(d|ps)	%zmm' '' 0
check shuffle64.16     512 ""     "avx512f"                    "$c.intel.shuffle.compute.uint64.size16.all" \
      'vperm(d|ps|q|pd|t2d|i2d|t2q|i2q)	%zmm' '' 1
# No shuffle.8.avx2: there Mesa's own code is already one vpermd, the same
# 926 instructions as ours, so no check could tell them apart.
check shuffle.16.avx2  512 avx    "avx2"                       "$c.intel.shuffle.compute.uint32.size16.all" \
      'vperm(d|ps)	%ymm' '%zmm|%k[0-7]' 1
check shuffle.4.sse41  128 sse4.1 "ssse3"                      "$c.intel.shuffle.compute.uint32.size4.all" \
      'pshufb' '%ymm|%zmm|	v' 0
check rotate.dyn.16    512 ""     "avx512f"                    "$c.rotate.compute.uint32.size16.delta1.dynamic.all" \
      'vperm(d|ps|t2d|i2d)	%zmm' '' 1
# A constant rotate is left to LLVM's constant shufflevector, which here
# emits no permute at all (no valignd / vpermd in the function), so no
# instruction is required: only the size comparison with Mesa's code.
check rotate.const.16  512 ""     "avx512f"                    "$c.rotate.compute.uint32.size16.delta1.const.all" \
      '' '' 1
check shuffle_down.16  512 ""     "avx512f"                    "$c.intel.shuffle_down.compute.uint32.size16.all" \
      'vperm[ti]2(d|ps)	%zmm' '' 0
check shuffle_up.8     256 ""     "avx512f avx512vl"           "$c.intel.shuffle_up.compute.uint32.size8.all" \
      'vperm[ti]2(d|ps)	%ymm' '' 1
# a vector: lavapipe scalarizes the select, one two-source permute per component
check shuffle_down.v2.16 512 ""   "avx512f"                    "$c.intel.shuffle_down.compute.v2uint32.size16.all" \
      '2*vperm[ti]2(d|ps)	%zmm' '' 1
# read_invocation: a permute by each lane's copy of the (uniform) index,
# where Mesa's code extracts the value and broadcasts it (no permute); the
# function sizes are within a few instructions of each other
check read_invocation.8.avx2 256 avx "avx2"                    "$c.ballot.read_invocation.compute.uint32.size8.index4.all" \
      'vperm(d|ps)	%ymm' '%zmm|%k[0-7]' 0
check reduce.16        512 ""     "avx512f"                    "$c.arith.iadd.compute.uint32.size16.reduce.all" \
      'vpaddd	.*%zmm' '' 1
check cluster4.16      512 ""     "avx512f"                    "$c.arith.fmin.compute.float32.size16.cluster4.all" \
      'vminps	' '' 1
# (an fadd float32 inclusive scan at 16 lanes is not shorter than Mesa's
# code on AVX-512: 1,718 instructions against 1,717 on an Intel Xeon,
# 2026-11-28; the integer scan is the one the vector steps shorten)
check inclusive.16     512 ""     "avx512f"                    "$c.arith.iadd.compute.uint32.size16.inclusive.all" \
      'vpaddd	.*%zmm' '' 1
check exclusive.8.avx2 256 avx    "avx2"                       "$c.arith.umax.compute.uint32.size8.exclusive.all" \
      'vpmaxud	.*%ymm' '%zmm|%k[0-7]' 1
check inclusive.4.sse41 128 sse4.1 "sse4_1"                    "$c.arith.smin.compute.int32.size4.inclusive.all" \
      'pminsd' '%ymm|%zmm|	v' 1
# other element sizes: the same steps on 64-bit lanes, and on 32-bit lanes
# for 16- and 8-bit integers (extended)
check reduce64.8.avx2  256 avx    "avx2"                       "$c.arith.iadd.compute.uint64.size8.reduce.all" \
      'vpaddq	.*%ymm' '%zmm|%k[0-7]' 1
# smin on 16-bit lanes widened to 32: a sign extension (vpmovsxwd, or the
# arithmetic right shift by 16 of a left shift by 16; a logical shift
# would zero-extend, and a left shift alone extends nothing)
# shellcheck disable=SC2016  # a literal $16 (AT&T immediate) in the pattern
check inclusive16.16.avx2 512 avx "avx2"                       "$c.arith.smin.compute.uint16.size16.inclusive.all" \
      'vpmovsxwd	|vpsrad	\$16, ;vpminsd	' '%zmm|%k[0-7]' 1
# partitioned scans: against nir_lower_subgroups' generic lowering, which
# GALLIVM_PERF=nosubgroupnative runs (lp_build_subgroup_partitioned_native admits nothing)
check partitioned_reduce.16 512 "" "avx512f avx512cd"          "$c.partitioned.iadd.compute.uint32.size16.reduce.partition.subsets1.all" \
      'vpaddd	.*%zmm;vpconflictd' '' 1
check partitioned_inclusive.8.avx2 256 avx "avx2"              "$c.partitioned.umin.compute.uint32.size8.inclusive.partition.subsets8.all" \
      'vpminud	.*%ymm' '%zmm|%k[0-7]' 1
check partitioned_reduce64.8.avx2 256 avx "avx2"               "$c.partitioned.iadd.compute.uint64.size8.reduce.partition.*.all" \
      'vpaddq	.*%ymm' '%zmm|%k[0-7]' 1
check partitioned_inclusive8.16.avx2 512 avx "avx2"            "$c.partitioned.umin.compute.uint8.size16.inclusive.partition.*.all" \
      'vpminud	' '%zmm|%k[0-7]' 1
# 32 and 64 lanes (a compute pipeline's requiredSubgroupSize): a subgroup
# in 2 or 4 zmm registers; a permute is a two-source permute per pair of
# registers (and a blend at 64), where Mesa's code is its lane loop
check shuffle.32       s32 ""     "avx512f"                    "$c.intel.shuffle.compute.uint32.size32.all" \
      '2*vperm[ti]2(d|ps)	%zmm' '' 1
check shuffle.64       s64 ""     "avx512f"                    "$c.intel.shuffle.compute.uint32.size64.all" \
      '8*vperm[ti]2(d|ps)	%zmm' '' 0
check rotate.dyn.64    s64 ""     "avx512f"                    "$c.rotate.compute.uint32.size64.delta1.dynamic.all" \
      '8*vperm[ti]2(d|ps)	%zmm' '' 0
check elect.64         s64 ""     "avx512f avx512bw"           "$c.vote.elect.compute.bool.size64.all" \
      'blsiq|negq	' 'tzcnt' 0
# partition: vpconflictd twice per 16-lane register, and each register's
# lanes compared with the 16 rotations of every other register (32 and 192
# compares, less the unrotated ones LLVM finds twice; Mesa's code,
# nir_lower_subgroups' loop, has neither)
check partition.32     s32 ""     "avx512f avx512cd"           "$c.partitioned.partition.compute.uint32.size32.one.all" \
      '4*vpconflictd	%zmm;30*vpcmpeqd	' '' 0
check partition.64     s64 ""     "avx512f avx512cd"           "$c.partitioned.partition.compute.uint32.size64.one.all" \
      '8*vpconflictd	%zmm;180*vpcmpeqd	' '' 0

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
