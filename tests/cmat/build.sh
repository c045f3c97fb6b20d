#!/bin/bash
# Builds cmat-sizes and its shaders into OUT_DIR (default build/cmat).
#
#   tests/cmat/build.sh [OUT_DIR]
#
# It needs a glslangValidator that knows GL_KHR_cooperative_matrix (13 or
# newer; Debian 12's 12.0 does not) and a spirv-as that knows
# SPV_NV_cooperative_matrix2 (SPIRV-Tools 2024.4 or newer; Debian 12 has
# 2023.1).  port/26.2/setup.sh installs both; this takes them from there
# (GLSLANG and SPIRV_AS name others).  Nothing here needs Mesa.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/build/cmat}
# shellcheck source=../../port/26.2/env.sh
. "$repo/port/26.2/env.sh"
glslang=${GLSLANG:-glslangValidator}
spirv_as=${SPIRV_AS:-$PORT_CMEEL/bin/spirv-as}
mkdir -p "$out"

fail() {
   echo "tests/cmat/build.sh: $*" >&2
   exit 1
}

# name, then the GLSL types of A and B, and of C and the result
for v in "f16_f32 float16_t float" "f16_f16 float16_t float16_t" "u8_u32 uint8_t uint" \
         "s8_s32 int8_t int"; do
   read -r name ta tc <<<"$v"
   "$glslang" -V --target-env vulkan1.3 -DTA="$ta" -DTC="$tc" -o "$out/cmat_$name.spv" \
      "$here/cmat.comp" >"$out/glslang.log" 2>&1 ||
      fail "$glslang could not compile cmat.comp for $name (see $out/glslang.log; GL_KHR_cooperative_matrix needs glslang 13 or newer)"
done
for s in cmat2_reduce cmat2_convert; do
   "$spirv_as" --target-env vulkan1.3 -o "$out/$s.spv" "$here/$s.spvasm" ||
      fail "$spirv_as could not assemble $s.spvasm (SPV_NV_cooperative_matrix2 needs SPIRV-Tools 2024.4 or newer)"
done

${CC:-cc} -std=c11 -O1 -g -Wall -Werror -D_GNU_SOURCE -DCMAT_SHADER_DIR="\"$out\"" \
   -I"$repo/tests/runner" -I"$here" \
   "$here/cmat_sizes.c" "$here/cmat_ref.c" "$repo/tests/runner/vkh.c" \
   "$repo/tests/runner/vkh_image.c" -lvulkan -lm -o "$out/cmat-sizes" ||
   fail "the compiler failed"
echo "built $out/cmat-sizes"
