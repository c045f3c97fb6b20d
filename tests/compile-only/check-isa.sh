#!/usr/bin/env bash
# ISA checks of our ir3 code, compiled by Turnip under the freedreno
# drm-shim (nothing runs): for each GPU and subgroup size, a case's
# disassembly (VK_KHR_pipeline_executable_properties) against the same
# case with the code's IR3_SHADER_DEBUG switch turning it off.
#
#   rotate_clusterN   a clustered rotate is two shfl of the whole wave and a
#                     select: exactly two shfl and no loop, and fewer
#                     instructions than the shuffle loop it replaces
#                     (IR3_SHADER_DEBUG=noshflcluster).
#   intel_*_uniform   SPV_INTEL_subgroups' ShuffleDown / Up with a uniform
#                     Delta: two shfl and a select, no loop, fewer
#                     instructions than with IR3_SHADER_DEBUG=noshfloffset.
#
#   partition_shape   partition through nir_lower_subgroups' generic
#                     lowering (ir3 has no match instruction) is one
#                     waterfall loop: one elect (getone) and one ballot
#                     (movmsk) per trip, a trip per distinct key.  No switch:
#                     there is no other code to compare with.
#
# Each rotate check must also fail on the switched-off code, which proves
# it can.  They prove what ir3 emits, not what the GPU computes.
#
# usage: tests/compile-only/check-isa.sh RUNNER BUILD_DIR OUTDIR
# Ends with "N passed, N failed, N skipped".
set -uo pipefail
runner=$1
build=$2
out=$3
mesa_build=$build/subprojects/mesa-25.0.7/src
icd=$mesa_build/freedreno/vulkan/freedreno_devenv_icd.x86_64.json
preload=$(cd "$mesa_build/freedreno/drm-shim" 2>/dev/null && pwd)/libfreedreno_noop_drm_shim.so
mkdir -p "$out"
passed=0 failed=0

# "; CL prog ...: ... N loops" and the instruction total of ir3's summary.
loops() { sed -nE 's/^; CL prog .* ([0-9]+) loops$/\1/p' "$1" | head -1; }
instrs() { sed -nE 's/^; CL prog [^:]*: ([0-9]+) instr,.*/\1/p' "$1" | head -1; }
shfls() { grep -cE '^\s*(\([a-z0-9]+\))*shfl\.' "$1"; }

# two shfl, no loop
ours() { [ -f "$1" ] && [ "$(loops "$1")" = 0 ] && [ "$(shfls "$1")" = 2 ]; }

#      check              switch (IR3_SHADER_DEBUG) case (@: the size)
cases=("rotate_cluster4    noshflcluster subgroup.rotate.compute.uint32.size@.cluster4.delta1.const.all"
       "rotate_cluster16   noshflcluster subgroup.rotate.compute.uint32.size@.cluster16.delta1.dynamic.all"
       "intel_down_uniform noshfloffset  subgroup.intel.shuffle_down_uniform.compute.uint32.size@.all"
       "intel_up_uniform   noshfloffset  subgroup.intel.shuffle_up_uniform.compute.uint32.size@.all")

for cfg in "660 64" "660 128" "740 64" "740 128"; do
   read -r gpu size <<<"$cfg"
   name=a$gpu.size$size
   rm -rf "$out/$name.partition"
   LD_PRELOAD=$preload FD_GPU_ID=$gpu MESA_SHADER_CACHE_DISABLE=true \
      "$runner" --compile-only --required-subgroup-size "$size" --icd "$icd" --widths 128 \
      --filter "subgroup.partitioned.partition.compute.uint32.size$size.one.all" \
      --isa-dir "$out/$name.partition" >"$out/$name.partition.log" 2>&1
   f=$out/$name.partition/subgroup.partitioned.partition.compute.uint32.size$size.one.all.txt
   check=isa.turnip.$name.partition_shape
   if [ ! -f "$f" ]; then
      echo "$check: FAIL (no disassembly; see $out/$name.partition.log)"
      failed=$((failed + 1))
   else
      getone=$(grep -cE '^\s*(\([a-z0-9]+\))*getone' "$f")
      movmsk=$(grep -cE '^\s*(\([a-z0-9]+\))*movmsk' "$f")
      if [ "$(loops "$f")" = 1 ] && [ "$getone" = 1 ] && [ "$movmsk" = 1 ]; then
         echo "$check: pass (1 loop, 1 getone, 1 movmsk, $(instrs "$f") instructions)"
         passed=$((passed + 1))
      else
         echo "$check: FAIL ($(loops "$f") loops, $getone getone, $movmsk movmsk: not one waterfall loop)"
         failed=$((failed + 1))
      fi
   fi
   for c in "${cases[@]}"; do
      read -r check switch case <<<"$c"
      case=${case//@/$size}
      for mode in ours off; do
         dbg=
         [ $mode = ours ] || dbg=$switch
         rm -rf "$out/$name.$check.$mode"
         LD_PRELOAD=$preload FD_GPU_ID=$gpu IR3_SHADER_DEBUG=$dbg MESA_SHADER_CACHE_DISABLE=true \
            "$runner" --compile-only --required-subgroup-size "$size" --icd "$icd" --widths 128 \
            --filter "$case" --isa-dir "$out/$name.$check.$mode" \
            >"$out/$name.$check.$mode.log" 2>&1
      done
      a=$out/$name.$check.ours/$case.txt
      b=$out/$name.$check.off/$case.txt
      check=isa.turnip.$name.$check
      if [ ! -f "$a" ] || [ ! -f "$b" ]; then
         echo "$check: FAIL (no disassembly of $case; see $out/$name.*.log)"
         failed=$((failed + 1))
      elif ! ours "$a"; then
         echo "$check: FAIL ($(shfls "$a") shfl, $(loops "$a") loops: not two shfl without a loop)"
         failed=$((failed + 1))
      elif ours "$b"; then
         echo "$check: FAIL (the check also passes with IR3_SHADER_DEBUG=$switch: it proves nothing)"
         failed=$((failed + 1))
      elif [ "$(instrs "$a")" -ge "$(instrs "$b")" ]; then
         echo "$check: FAIL ($(instrs "$a") instructions, not fewer than the $switch code's $(instrs "$b"))"
         failed=$((failed + 1))
      else
         echo "$check: pass (2 shfl, no loop, $(instrs "$a") instructions; with $switch: $(shfls "$b") shfl, $(loops "$b") loops, $(instrs "$b") instructions)"
         passed=$((passed + 1))
      fi
   done
done
echo "isa checks: they prove what ir3 emits, not what the GPU computes"
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
