#!/usr/bin/env bash
# ci/test.sh part: compute and fragment cases at requiredSubgroupSize 4 to 64; vulkaninfo.
# The compute and fragment cases at each requiredSubgroupSize lavapipe
# offers (4 to 64 lanes), all sizes in one process per family: sizes come
# from the pipelines (VK_EXT_subgroup_size_control), at the default vector
# width.  CI runs fixed samples, chosen by a hash of the case names (the
# same every run) and the runner's strata (sample.c): at 32 and 64 lanes,
# the vectors only these runs build, one case of every (family, operation,
# stage, type, scan kind) at one of the two sizes, and a hundredth of the
# others; at 4, 8 and 16 lanes, which the whole runs at those widths cover
# otherwise, every (family, operation) at each size and a fortieth of the
# others.  FULL=1 runs every case.  Then the size range and the stages
# lavapipe reports (vulkaninfo).
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin sizes
if [ "${FULL:-0}" = 0 ]; then
   echo "   --sizes 32,64 --sample 100 --pool-sizes"
   run_lavapipe sizes-wide --sizes 32,64 --tag sizes --sample 100 --pool-sizes "$@"
   echo "   --sizes 4,8,16 --sample 40"
   run_lavapipe sizes --sizes 4,8,16 --tag sizes --sample 40 "$@"
else
   run_lavapipe sizes --sizes 4,8,16,32,64 --tag sizes "$@"
fi

VK_DRIVER_FILES=$LVP_ICD vulkaninfo >"$OUT/vulkaninfo-lavapipe.txt" 2>&1
vi_value() { sed -n "s/^[[:space:]]*$1[[:space:]]*= *//p" "$OUT/vulkaninfo-lavapipe.txt" | head -1; }
# vi_stages LIST: the stages vulkaninfo lists under LIST, sorted, one line.
vi_stages() {
   sed -n "/$1: count/{n;:a;/^[[:space:]]*SHADER_STAGE/{p;n;ba}}" "$OUT/vulkaninfo-lavapipe.txt" |
      head -10 | tr -d '\t ' | sort -u | tr '\n' ' '
}
why=""
[ "$(vi_value minSubgroupSize)" = 4 ] || why="minSubgroupSize $(vi_value minSubgroupSize), not 4"
[ "$(vi_value maxSubgroupSize)" = 64 ] || why="${why:+$why; }maxSubgroupSize $(vi_value maxSubgroupSize), not 64"
[ "$(vi_value maxComputeWorkgroupSubgroups)" = 256 ] ||
   why="${why:+$why; }maxComputeWorkgroupSubgroups $(vi_value maxComputeWorkgroupSubgroups), not 256"
stages=$(vi_stages requiredSubgroupSizeStages)
[ "$stages" = "SHADER_STAGE_COMPUTE_BIT SHADER_STAGE_FRAGMENT_BIT SHADER_STAGE_MESH_BIT_EXT SHADER_STAGE_TASK_BIT_EXT " ] ||
   why="${why:+$why; }requiredSubgroupSizeStages: ${stages:-none}, not compute, fragment, mesh and task"
count_verdict size_range.vulkaninfo "$why${why:+; see $OUT/vulkaninfo-lavapipe.txt}" \
   "minSubgroupSize 4, maxSubgroupSize 64, maxComputeWorkgroupSubgroups 256, requiredSubgroupSizeStages COMPUTE FRAGMENT MESH TASK"

# The stages lavapipe offers subgroup operations in: every graphics stage
# (the runner's vertex cases prove every family Vulkan allows there; the
# tessellation and geometry stages are proven by dEQP-VK's framebuffer
# cases, outside CI), compute, task and mesh.
sstages=$(vi_stages subgroupSupportedStages)
want="SHADER_STAGE_COMPUTE_BIT SHADER_STAGE_FRAGMENT_BIT SHADER_STAGE_GEOMETRY_BIT SHADER_STAGE_MESH_BIT_EXT SHADER_STAGE_TASK_BIT_EXT SHADER_STAGE_TESSELLATION_CONTROL_BIT SHADER_STAGE_TESSELLATION_EVALUATION_BIT SHADER_STAGE_VERTEX_BIT "
why=
[ "$sstages" = "$want" ] || why="subgroupSupportedStages: ${sstages:-none}; see $OUT/vulkaninfo-lavapipe.txt"
count_verdict subgroup_stages.vulkaninfo "$why" \
   "subgroupSupportedStages VERTEX TESSELLATION_CONTROL TESSELLATION_EVALUATION GEOMETRY FRAGMENT COMPUTE TASK MESH"

# VK_KHR_shader_subgroup_uniform_control_flow: offered, its feature on.
# This proves the advertisement only; the reconvergence it promises is
# proven by dEQP-VK.subgroups.subgroup_uniform_control_flow.* (outside CI,
# ci/conformance.sh).
ucf_ext=$(grep -c '^[[:space:]]*VK_KHR_shader_subgroup_uniform_control_flow[[:space:]]*:' "$OUT/vulkaninfo-lavapipe.txt")
ucf_feature=$(vi_value shaderSubgroupUniformControlFlow)
why=
[ "$ucf_ext" -ge 1 ] && [ "$ucf_feature" = true ] ||
   why="extension listed: $ucf_ext, shaderSubgroupUniformControlFlow: ${ucf_feature:-absent}; see $OUT/vulkaninfo-lavapipe.txt"
count_verdict subgroup_uniform_control_flow.vulkaninfo "$why" \
   "extension listed, shaderSubgroupUniformControlFlow = true; advertisement only"
