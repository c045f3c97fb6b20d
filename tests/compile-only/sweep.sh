#!/usr/bin/env bash
# Compile-only sweep of a GPU driver we have no hardware for: every runner
# case's pipeline created by our build of the driver, at several GPU
# generations and subgroup sizes, with nothing submitted.
#
#   radv    RADV on its null winsys (RADV_FORCE_FAMILY), ACO compiling, at
#           four GFX generations and, from GFX10 on, both wave sizes.
#   turnip  Turnip under Mesa's freedreno drm-shim (LD_PRELOAD, FD_GPU_ID
#           picks the GPU: the msm kernel driver is faked, submissions are
#           no-ops), ir3 compiling, on a6xx (660) and a7xx (740) at both
#           thread sizes, 64 and 128.
#   nvk     NVK under Mesa's nouveau drm-shim (LD_PRELOAD, NOUVEAU_CHIPSET
#           picks the GPU), NAK compiling, on Turing (TU102), Ampere
#           (GA102) and Ada (AD102), at NVIDIA's one subgroup size, 32.
#   anv     ANV under Mesa's Intel noop drm-shim (LD_PRELOAD,
#           INTEL_STUB_GPU_PLATFORM picks the GPU: the i915 kernel driver is
#           faked), brw compiling, on Gfx9 (skl), Gfx12 (tgl), Gfx12.5 (dg2)
#           and Xe2 (lnl), one SIMD width each (8, 16, 32), two of them
#           without robust buffer access.
#
# What it proves: the driver accepts every case (the extensions and
# features it advertises, the partitioned lowering included) and its
# compiler turns the NIR into ISA without a crash, an assert (asserts are
# on in this build) or a failed pipeline.  It does not prove results: only
# the hardware can run the code.
#
# usage: tests/compile-only/sweep.sh DRIVER RUNNER BUILD_DIR OUTDIR [FILTER]
# Prints one line per configuration and ends "N passed, N failed, N skipped".
#
#        tests/compile-only/sweep.sh --counts DRIVER RUNNER BUILD_DIR OUTDIR
# Prints instead a markdown table of the driver's instruction statistic
# (VK_KHR_pipeline_executable_properties) for partition and the partitioned
# reduce and scans of a compute case per configuration (docs/radv.md and docs/turnip.md).
#
# SWEEP_MESA_SRC and SWEEP_MESA_TREE point it at another Mesa: the src/ of
# its build and its checkout (default: BUILD_DIR's Mesa subproject and
# ours), as for the port to Mesa 26.2 (port/26.2/README.md).  Mesa 26.0
# dropped RADV_FORCE_FAMILY's null device: with SWEEP_RADV_SHIM=1, RADV's
# GPUs are the amdgpu drm-shim's (AMDGPU_GPU_ID) instead.
set -uo pipefail
counts=0
[ "${1:-}" != --counts ] || { counts=1; shift; }
driver=$1
runner=$2
build=$3
out=$4
filter=${5:-*}
here=$(cd "$(dirname "$0")" && pwd)
mesa_build=${SWEEP_MESA_SRC:-$build/subprojects/mesa-25.0.7/src}
mkdir -p "$out"
passed=0 failed=0

# The checkout's commit, which the driverInfo names ("Mesa 25.0.7
# (git-<sha>)"): the device answering must be the one built here.
sha=$(git -C "${SWEEP_MESA_TREE:-$here/../../subprojects/mesa-25.0.7}" rev-parse --short=10 HEAD 2>/dev/null)

# Per configuration: name, the environment that selects the GPU, and the
# subgroup size.  Compute pipelines get it as requiredSubgroupSize
# (VK_EXT_subgroup_size_control); vertex and fragment shaders get the
# driver's choice, which RADV_PERFTEST's gewave32 / pswave32 make wave32.
case $driver in
radv)
   icd=$mesa_build/amd/vulkan/radeon_devenv_icd.x86_64.json
   preload=
   stat=Instructions
   # vulkaninfo creates images, which the null winsys cannot (no addrlib):
   # it runs under Mesa's amdgpu drm-shim instead, which fakes the kernel
   # driver for RADV's real winsys.
   info_env="LD_PRELOAD=$(cd "$mesa_build/amd/drm-shim" 2>/dev/null && pwd)/libamdgpu_noop_drm_shim.so AMDGPU_GPU_ID=navi31"
   info_exts="VK_NV_shader_subgroup_partitioned VK_EXT_shader_subgroup_partitioned VK_EXT_shader_subgroup_ballot"
   # Each generation once and each wave size twice; the other three
   # (gfx10_3.wave64, gfx11.wave32, gfx12.wave64) are left to the ISA
   # checks, which compile the cases of our code at all seven
   # (check-isa.sh radv), and to SWEEP_ALL=1.
   #       name           environment                                               size
   configs=("gfx9.wave64    RADV_FORCE_FAMILY=VEGA10                                  64"
            "gfx10_3.wave32 RADV_FORCE_FAMILY=NAVI21,RADV_PERFTEST=gewave32,pswave32  32"
            "gfx11.wave64   RADV_FORCE_FAMILY=NAVI31                                  64"
            "gfx12.wave32   RADV_FORCE_FAMILY=GFX1200,RADV_PERFTEST=gewave32,pswave32 32")
   [ "${SWEEP_ALL:-0}" = 0 ] || configs+=(
            "gfx10_3.wave64 RADV_FORCE_FAMILY=NAVI21                                  64"
            "gfx11.wave32   RADV_FORCE_FAMILY=NAVI31,RADV_PERFTEST=gewave32,pswave32  32"
            "gfx12.wave64   RADV_FORCE_FAMILY=GFX1200                                 64")
   if [ "${SWEEP_RADV_SHIM:-0}" != 0 ]; then
      . "$here/radv-shim.sh"
      preload=$(cd "$mesa_build/amd/drm-shim" 2>/dev/null && pwd)/libamdgpu_noop_drm_shim.so
      for i in "${!configs[@]}"; do configs[i]=$(radv_shim_env "${configs[i]}"); done
   fi
   ;;
turnip)
   icd=$mesa_build/freedreno/vulkan/freedreno_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/freedreno/drm-shim" 2>/dev/null && pwd)/libfreedreno_noop_drm_shim.so
   stat="Instruction Count"
   info_env="LD_PRELOAD=$preload FD_GPU_ID=740"
   info_exts="VK_NV_shader_subgroup_partitioned VK_EXT_shader_subgroup_partitioned VK_EXT_shader_subgroup_ballot"
   # Turnip's subgroup size is ir3's thread size: 64 (single) or 128
   # (double) lanes; both GPUs offer both.  Each GPU and each size once; the
   # other two (a660.size128, a740.size64) are left to the ISA checks at
   # all four (check-isa.sh turnip) and to SWEEP_ALL=1.
   configs=("a660.size64   FD_GPU_ID=660 64"
            "a740.size128  FD_GPU_ID=740 128")
   [ "${SWEEP_ALL:-0}" = 0 ] || configs+=("a660.size128  FD_GPU_ID=660 128"
                                          "a740.size64   FD_GPU_ID=740 64")
   ;;
nvk)
   icd=$mesa_build/nouveau/vulkan/nouveau_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/nouveau/drm-shim" 2>/dev/null && pwd)/libnouveau_noop_drm_shim.so
   stat="Instruction count"
   info_env="LD_PRELOAD=$preload NOUVEAU_CHIPSET=192"
   info_exts="VK_NV_shader_subgroup_partitioned VK_EXT_shader_subgroup_partitioned VK_EXT_shader_subgroup_ballot VK_KHR_shader_subgroup_rotate"
   # Turing (SM 7.5: MATCH.ANY, no REDUX) and Ada (SM 8.9: REDUX); Ampere
   # (SM 8.6) takes NAK's paths of SM 8.0 and later as Ada does, and is
   # left to the ISA checks (check-isa.sh nvk) and to SWEEP_ALL=1.
   configs=("tu102.size32  NOUVEAU_CHIPSET=162 32"
            "ad102.size32  NOUVEAU_CHIPSET=192 32")
   [ "${SWEEP_ALL:-0}" = 0 ] || configs+=("ga102.size32  NOUVEAU_CHIPSET=172 32")
   ;;
anv)
   icd=$mesa_build/intel/vulkan/intel_devenv_icd.x86_64.json
   preload=$(cd "$mesa_build/intel/tools" 2>/dev/null && pwd)/libintel_noop_drm_shim.so
   # "Instruction Count" in 25.0.7, "Instructions" in 26.2
   stat="\(Instruction Count\|Instructions\)"
   # ANV's driverName
   name_in_device="intel open-source mesa driver"
   info_env="LD_PRELOAD=$preload INTEL_STUB_GPU_PLATFORM=dg2"
   info_exts="VK_NV_shader_subgroup_partitioned VK_EXT_shader_subgroup_partitioned VK_EXT_shader_subgroup_ballot VK_KHR_shader_subgroup_rotate"
   # brw compiles compute shaders at the requiredSubgroupSize as its SIMD
   # width: 8, 16 or 32 up to Gfx12.5, 16 or 32 on Xe2.  Robust buffer
   # access sends SPV_INTEL_subgroups' buffer block IO down the per-lane
   # path; without it (the runner's --no-robust-access, .norobust) the
   # 32-bit accesses go to brw's block messages, on HDC (tgl) and LSC
   # (dg2); SIMD8, 16 and 32 each once.
   configs=("skl.simd8           INTEL_STUB_GPU_PLATFORM=skl 8"
            "tgl.simd32.norobust  INTEL_STUB_GPU_PLATFORM=tgl 32 --no-robust-access"
            "dg2.simd16.norobust  INTEL_STUB_GPU_PLATFORM=dg2 16 --no-robust-access"
            "lnl.simd16           INTEL_STUB_GPU_PLATFORM=lnl 16")
   ;;
*)
   echo "usage: $0 radv|turnip|nvk|anv RUNNER BUILD_DIR OUTDIR [FILTER]" >&2
   exit 2
   ;;
esac

# The cases of the --counts table: partition of one key (every invocation
# in one subset), then the reduce and scans with subsets from a partition.
count_cases=("partition.compute.uint32.size@.one.all"
             "iadd.compute.uint32.size@.reduce.partition.subsets*.all"
             "iadd.compute.uint32.size@.inclusive.partition.subsets*.all"
             "iadd.compute.uint32.size@.exclusive.partition.subsets*.all"
             "fadd.compute.float32.size@.reduce.partition.subsets*.all"
             "fadd.compute.float32.size@.inclusive.partition.subsets*.all"
             "fadd.compute.float32.size@.exclusive.partition.subsets*.all")
if [ $counts = 1 ]; then
   echo "| $driver | partition | iadd reduce | iadd inclusive | iadd exclusive | fadd reduce | fadd inclusive | fadd exclusive |"
   echo "|---|---|---|---|---|---|---|---|"
fi

for cfg in "${configs[@]}"; do
   # extra: runner options of this configuration (anv's --no-robust-access)
   read -r name envs size extra <<<"$cfg"
   if [ $counts = 1 ]; then
      mapfile -t assigns < <(sed -E 's/,([A-Z_]+=)/\n\1/g' <<<"$envs")
      isa=$out/$name.isa
      rm -rf "$isa"
      env "${assigns[@]}" ${preload:+LD_PRELOAD=$preload} MESA_SHADER_CACHE_DISABLE=true \
         "$runner" --compile-only --required-subgroup-size "$size" --icd "$icd" \
         --widths 128 --filter "subgroup.partitioned.*.compute.*32.size$size.*.all" \
         --isa-dir "$isa" >"$out/$name.counts.log" 2>&1
      row="| $name |"
      for c in "${count_cases[@]}"; do
         # the case name is a glob (subsets*)
         f=$(compgen -G "$isa/subgroup.partitioned.${c//@/$size}.txt" | head -1)
         n=$( [ -n "$f" ] && sed -n "s/^stat $stat: //p" "$f" | head -1)
         row="$row ${n:-?} |"
      done
      echo "$row"
      continue
   fi
   start=$(date +%s)
   log=$out/$name.log
   # envs is VAR=VALUE,... where a VALUE may itself hold commas
   # (RADV_PERFTEST's list): split at the commas before an upper-case name.
   mapfile -t assigns < <(sed -E 's/,([A-Z_]+=)/\n\1/g' <<<"$envs")
   env "${assigns[@]}" ${preload:+LD_PRELOAD=$preload} MESA_SHADER_CACHE_DISABLE=true \
      "$runner" --compile-only --required-subgroup-size "$size" --icd "$icd" \
      --widths 128 --filter "$filter" ${extra:+$extra} \
      --log-dir "$out/$name.logs" --csv "$out/$name.csv" \
      --skips "$here/../expectations/$driver-skips.txt" >"$log" 2>&1
   rc=$?
   secs=$(( $(date +%s) - start ))
   summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
   device=$(sed -n 's/^runner: width [0-9]*: //p' "$log" | head -1)
   why=""
   [ -n "$summary" ] || why="the runner printed no summary (exit $rc)"
   [[ $summary == *" 0 failed"* ]] || why="${why:+$why; }$summary; first: $(grep -m1 -E ': (fail|crash|timeout)' "$log")"
   # A configuration that compiled nothing proves nothing.
   [[ -z $summary || $summary != "0 passed,"* ]] || why="${why:+$why; }$summary: it compiled no case"
   [[ ${device,,} == *"${name_in_device:-$driver}"* ]] || why="${why:+$why; }not $driver: $device"
   [ -z "$sha" ] || [[ $device == *"git-$sha"* ]] || why="${why:+$why; }not this checkout's $driver (git-$sha): $device"
   if [ -z "$why" ]; then
      echo "$driver.$name: pass ($summary; $secs s; $device)"
      passed=$((passed + 1))
   else
      echo "$driver.$name: FAIL ($why)"
      failed=$((failed + 1))
   fi
done
[ $counts = 0 ] || exit 0

# vulkaninfo (Debian's vulkan-tools) lists what the driver advertises: the
# extensions of the five specs and the PARTITIONED bit.
log=$out/vulkaninfo.txt
read -ra assigns <<<"$info_env"
env "${assigns[@]}" VK_DRIVER_FILES="$icd" vulkaninfo >"$log" 2>&1
rc=$?
why=""
[ $rc = 0 ] || why="vulkaninfo exited $rc"
grep -q "driverInfo *= .*git-$sha" "$log" || why="${why:+$why; }not this checkout's $driver"
for e in $info_exts; do
   grep -qE "^[[:space:]]*${e}[[:space:]]*:" "$log" || why="${why:+$why; }$e not listed"
done
grep -q "SUBGROUP_FEATURE_PARTITIONED_BIT" "$log" || why="${why:+$why; }no PARTITIONED bit"
if [ -z "$why" ]; then
   echo "$driver.vulkaninfo: pass (lists ${info_exts// /, } and the PARTITIONED bit; ${info_env##* })"
   passed=$((passed + 1))
else
   echo "$driver.vulkaninfo: FAIL ($why; see $log)"
   failed=$((failed + 1))
fi

echo "compile-only: the passes prove that $driver compiles every case, not the results"
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
