#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Writes our GL_ARB_shader_ballot tests as piglit shader_test files.

Each test holds its shader twice: as GLSL ([compute shader] / [fragment
shader]) and as SPIR-V assembly ([... shader spirv]), the latter made from
the same GLSL at build time by `glslangValidator -G` (SPIR-V for OpenGL,
ARB_gl_spirv) and `spirv-dis`.  With `SPIRV YES` in [require], piglit's
shader_runner runs the SPIR-V sections (assembling them with spirv-as);
with -glsl it runs the GLSL ones.  tests/piglit/run-piglit.sh runs both.

One file per test and subgroup size: NAME.lanesN.shader_test for N = 4, 8
and 16 (LANES), the lanes of llvmpipe's vectors at the LP_NATIVE_VECTOR_WIDTH
(32 N) run-piglit.sh runs that file at, and at no other width.  The size is
the run's, not the device's: the shader holds it as a constant, SG_SIZE,
and its first check is that gl_SubGroupSizeARB equals it (a failure of its
own, bit 1).  Every expected value is computed from SG_SIZE and the
GL_ARB_shader_ballot / SPV_KHR_shader_ballot texts, never from
gl_SubGroupSizeARB:
  - gl_SubGroupInvocationARB "is in the range 0 to gl_SubGroupSizeARB-1"
    (bit 2);
  - gl_SubGroup??MaskARB, "one bit per invocation starting with the least
    significant bit": Eq "bit index == gl_SubGroupInvocationARB", Ge ">=",
    Gt ">", Le "<=", Lt "<" (bits of invocations only: none at or above
    SG_SIZE);
  - ballotARB(v): "If <value> evaluates to true for an active invocation
    then the corresponding bit is set to one in the result, otherwise it is
    zero.  Bits corresponding to invocations that are not active or that do
    not exist in the sub group ... are set to zero";
  - readInvocationARB(x, k) "returns the <value> from a given
    <invocationIndex>" (k the same in every active invocation);
    readFirstInvocationARB(x) "returns the <value> from the first active
    invocation".

The live set, which every expected value starts from, does not come from
an operation under test (ballotARB(true) and readInvocationARB would agree
with each other on a driver that gets both wrong the same way, say a ballot
of the caller's bit alone).  GL gives no subgroup identity and leaves which
invocations share a subgroup, in which lanes, and how many are active to
the implementation, so the tests rely on llvmpipe's shape, documented here
(lp_state_cs.c: invocation index = subgroup * vector length + lane; llvmpipe
runs each vertex of a non-indexed draw once, in order, a vector at a time;
it shades a 4x4 block covered by one primitive whole):
  - compute (64 invocations) and vertex (64 points, one draw): invocation
    (or vertex) n is lane n % SG_SIZE (bit 3), and every subgroup is full;
  - fragment: one point covers the 64 x 64 window, so every 4x4 block is
    shaded whole by one primitive, with no helper invocation, and every
    subgroup is full (which lane a fragment takes is not checked: only the
    range the spec gives).
At entry every invocation of a full subgroup is active: the live set is
all SG_SIZE lanes, and ballotARB(true) is checked against it first (bit 4).

A compute or vertex test counts passing invocations (4 workgroups x 64, or
64 vertices) and ORs a bit per failed check into an SSBO; a fragment test
paints failures red with the lowest failed check's number in green/255.

Usage: gen_shader_tests.py --list
       gen_shader_tests.py NAME LANES OUTPUT GLSLANG SPIRV_DIS
"""
import os
import subprocess
import sys
import tempfile

COMMON = """
uint64_t sg_all(uint size)
{
   return size >= 64u ? ~0ul : ((1ul << size) - 1ul);
}

/* Bits j < size with pred(j), pred given as a small code. */
uint64_t sg_pattern(uint size, uint code)
{
   uint64_t m = 0ul;
   for (uint j = 0u; j < size; j++) {
      bool on = code == 0u ? (j % 3u) == 0u :
                code == 1u ? (j & 1u) == 1u :
                code == 2u ? j >= size / 2u : true;
      if (on)
         m |= 1ul << j;
   }
   return m;
}

uint sg_lsb(uint64_t m)
{
   uvec2 h = unpackUint2x32(m);
   return h.x != 0u ? uint(findLSB(h.x)) : 32u + uint(findLSB(h.y));
}

uint sg_msb(uint64_t m)
{
   uvec2 h = unpackUint2x32(m);
   return h.y != 0u ? 32u + uint(findMSB(h.y)) : uint(findMSB(h.x));
}

/* The run's subgroup size, then the live set: llvmpipe's full subgroups of
 * SG_SIZE lanes (see the module doc); `index` is the invocation's place in
 * the order llvmpipe fills subgroups in, or ~0u where the layout is not
 * checked.  Returns 0 and sets fail on a bad one. */
uint64_t sg_active(uint size, uint id, uint index, inout uint fail)
{
   if (gl_SubGroupSizeARB != size)
      fail |= 1u << 1;
   else if (id >= size)
      fail |= 1u << 2;
   else if (index != ~0u && id != index % size)
      fail |= 1u << 3;
   uint64_t live = fail == 0u ? sg_all(size) : 0ul;
   if (fail == 0u && ballotARB(true) != live)
      fail |= 1u << 4;
   return fail == 0u ? live : 0ul;
}
"""

# Each check: GLSL statements run with size, id, live, fail in scope;
# a failing check ORs its bit (5..30) into fail.
CHECKS = {
    "builtins": """
   uint64_t all = sg_all(size);
   uint64_t bit = 1ul << id;
   if (gl_SubGroupEqMaskARB != bit)
      fail |= 1u << 5;
   if (gl_SubGroupGeMaskARB != (all & ~(bit - 1ul)))
      fail |= 1u << 6;
   if (gl_SubGroupGtMaskARB != (all & ~(bit | (bit - 1ul))))
      fail |= 1u << 7;
   if (gl_SubGroupLeMaskARB != (bit | (bit - 1ul)))
      fail |= 1u << 8;
   if (gl_SubGroupLtMaskARB != (bit - 1ul))
      fail |= 1u << 9;
""",
    "ballot": """
   uint64_t thirds = sg_pattern(size, 0u);
   uint64_t odd = sg_pattern(size, 1u);
   if (ballotARB(false) != 0ul)
      fail |= 1u << 5;
   if (ballotARB(id % 3u == 0u) != (thirds & live))
      fail |= 1u << 6;
   /* Divergent: only the odd invocations ballot. */
   if ((id & 1u) == 1u) {
      if (ballotARB(true) != (odd & live))
         fail |= 1u << 7;
      if (ballotARB(id % 3u == 0u) != (odd & thirds & live))
         fail |= 1u << 8;
   }
   /* A predicate true in exactly one live invocation, the highest. */
   if (ballotARB(id == sg_msb(live)) != (1ul << sg_msb(live)))
      fail |= 1u << 9;
""",
    "read_invocation": """
   /* Highest live invocation: dynamically uniform. */
   uint k = sg_msb(live);
   if (readInvocationARB(id * 7u + 3u, k) != k * 7u + 3u)
      fail |= 1u << 5;
   if (readInvocationARB(-int(id) - 5, k) != -int(k) - 5)
      fail |= 1u << 6;
   if (readInvocationARB(float(id) * 0.5 + 0.25, k) != float(k) * 0.5 + 0.25)
      fail |= 1u << 7;
   if (readInvocationARB(vec4(id, id + 1u, 2u * id, 100u - id), k) !=
       vec4(k, k + 1u, 2u * k, 100u - k))
      fail |= 1u << 8;
   if (readInvocationARB(uvec3(id, id ^ 5u, id << 4), k) != uvec3(k, k ^ 5u, k << 4))
      fail |= 1u << 9;
   if (readInvocationARB(ivec2(-int(id), int(id) * 3), k) != ivec2(-int(k), int(k) * 3))
      fail |= 1u << 10;
   /* The lowest live one too. */
   uint lo = sg_lsb(live);
   if (readInvocationARB(id * 7u + 3u, lo) != lo * 7u + 3u)
      fail |= 1u << 11;
   /* Divergent: the upper half reads its own highest invocation. */
   uint64_t upper = sg_pattern(size, 2u) & live;
   if (id >= size / 2u) {
      uint u = sg_msb(upper);
      if (readInvocationARB(id * 11u + 1u, u) != u * 11u + 1u)
         fail |= 1u << 12;
   }
""",
    "read_first_invocation": """
   uint first = sg_lsb(live);
   if (readFirstInvocationARB(id * 7u + 3u) != first * 7u + 3u)
      fail |= 1u << 5;
   if (readFirstInvocationARB(-int(id) - 5) != -int(first) - 5)
      fail |= 1u << 6;
   if (readFirstInvocationARB(float(id) * 0.5 + 0.25) != float(first) * 0.5 + 0.25)
      fail |= 1u << 7;
   if (readFirstInvocationARB(vec2(id, 64u - id)) != vec2(first, 64u - first))
      fail |= 1u << 8;
   if (readFirstInvocationARB(uvec4(id, id + 1u, id * id, 9u)) !=
       uvec4(first, first + 1u, first * first, 9u))
      fail |= 1u << 9;
   /* Divergent: the first live invocation of the odd ones, then of the
    * upper half. */
   uint64_t odd = sg_pattern(size, 1u) & live;
   if ((id & 1u) == 1u) {
      if (readFirstInvocationARB(id * 13u) != sg_lsb(odd) * 13u)
         fail |= 1u << 10;
   }
   uint64_t upper = sg_pattern(size, 2u) & live;
   if (id >= size / 2u) {
      if (readFirstInvocationARB(id + 1000u) != sg_lsb(upper) + 1000u)
         fail |= 1u << 11;
   }
""",
}

REQUIRE = """[require]
SPIRV YES
GL >= 4.5
GLSL >= 4.50
GL_ARB_gl_spirv
GL_ARB_shader_ballot
GL_ARB_gpu_shader_int64
"""

HEAD = """#version 450
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_gpu_shader_int64 : require

/* The subgroup size of the run this file is for: llvmpipe's lanes at the
 * LP_NATIVE_VECTOR_WIDTH (32 x SG_SIZE bits) run-piglit.sh runs it at. */
const uint SG_SIZE = @LANES@u;
"""

# The subgroup sizes a file is written for: llvmpipe's lanes at the widths
# run-piglit.sh runs (LP_NATIVE_VECTOR_WIDTH 128, 256, 512).
LANES = (4, 8, 16)

# The main of the compute and vertex tests: the checks, then a count of
# passing invocations and a bit per failed check in the SSBO.
COUNTED_MAIN = """
void main()
{
   uint size = SG_SIZE;
   uint id = gl_SubGroupInvocationARB;
   uint fail = 0u;
   uint64_t live = sg_active(size, id, @INDEX@, fail);
   if (fail == 0u) {
@CHECK@
   }
   if (fail != 0u)
      atomicOr(fail_bits, fail);
   else
      atomicAdd(passed, 1u);
@TAIL@}
"""

CS = HEAD + """
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Result {
   uint fail_bits;
   uint passed;
};
""" + COMMON + COUNTED_MAIN.replace("@INDEX@", "gl_LocalInvocationIndex").replace("@TAIL@", "")

CS_TEST = """
[test]
ssbo 0 16
ssbo 0 subdata int 0 0
ssbo 0 subdata int 4 0
compute 4 1 1
# fail_bits: one bit per failed check (see the shader); passed: 4 x 64.
probe ssbo uint 0 0 == 0
probe ssbo uint 0 4 == 256
"""

# Vertex: 64 points in one draw, the checks in the vertex shader, results
# in an SSBO as in compute (llvmpipe runs each vertex of a non-indexed draw
# once, in order).
VS = HEAD + """
layout(std430, binding = 0) buffer Result {
   uint fail_bits;
   uint passed;
};
""" + COMMON + COUNTED_MAIN.replace("@INDEX@", "uint(gl_VertexID)").replace(
    "@TAIL@", "   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n   gl_PointSize = 1.0;\n")

GREEN_FS = """#version 450
layout(location = 0) out vec4 color;

void main()
{
   color = vec4(0.0, 1.0, 0.0, 1.0);
}
"""

VS_TEST = """
[test]
ssbo 0 16
ssbo 0 subdata int 0 0
ssbo 0 subdata int 4 0
enable GL_PROGRAM_POINT_SIZE
draw arrays GL_POINTS 0 64
# fail_bits: one bit per failed check (see the shader); passed: 64 vertices.
probe ssbo uint 0 0 == 0
probe ssbo uint 0 4 == 64
"""

# Fragment: one point of size 64 at the centre covers the 64 x 64 window
# (a rectangle is two triangles, which splits the quads along the diagonal
# into subgroups of their own).
POINT_VS = """#version 450

void main()
{
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   gl_PointSize = 64.0;
}
"""

FS = HEAD + """
layout(location = 0) out vec4 color;
""" + COMMON + """
void main()
{
   uint size = SG_SIZE;
   uint id = gl_SubGroupInvocationARB;
   uint fail = 0u;
   uint64_t live = sg_active(size, id, ~0u, fail);
   if (fail == 0u) {
@CHECK@
   }
   color = fail == 0u ? vec4(0.0, 1.0, 0.0, 1.0)
                      : vec4(1.0, float(findLSB(fail)) / 255.0, 0.0, 1.0);
}
"""

FS_TEST = """
[test]
enable GL_PROGRAM_POINT_SIZE
clear color 0.0 0.0 0.0 0.0
clear
draw arrays GL_POINTS 0 1
probe all rgba 0.0 1.0 0.0 1.0
"""

# gl_SubGroupSizeARB alone, nothing else from the extension: the SPIR-V
# form (a UniformConstant variable decorated BuiltIn SubgroupSize, as
# glslang -G emits it) crashed stock Mesa 25.0.7 (the series' commit "spirv:
# GL's UniformConstant subgroup builtins are system values" fixes it).  It
# must be the run's size in every invocation (which also makes it the same
# everywhere, as a uniform is).
SIZE_CS = HEAD + """
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Result {
   uint fail_bits;
   uint passed;
};

void main()
{
   uint fail = 0u;
   if (gl_SubGroupSizeARB != SG_SIZE)
      fail |= 1u << 1;
   if (fail != 0u)
      atomicOr(fail_bits, fail);
   else
      atomicAdd(passed, 1u);
}
"""

SIZE_FS = HEAD + """
layout(location = 0) out vec4 color;

void main()
{
   color = gl_SubGroupSizeARB == SG_SIZE ? vec4(0.0, 1.0, 0.0, 1.0)
                                         : vec4(1.0, 1.0 / 255.0, 0.0, 1.0);
}
"""

# Per stage prefix: the stage under test, its program as (stage, file
# extension, GLSL) sections in pipeline order ("@MAIN@" stands for the
# stage's own shader), the [test] section, and the window size.
STAGES = {
    "cs": ("compute", [("compute", "comp", "@MAIN@")], CS, CS_TEST, None),
    "vs": ("vertex", [("vertex", "vert", "@MAIN@"), ("fragment", "frag", GREEN_FS)], VS,
           VS_TEST, None),
    "fs": ("fragment", [("vertex", "vert", POINT_VS), ("fragment", "frag", "@MAIN@")], FS,
           FS_TEST, "64 64"),
}

SIZE_ONLY = {"cs": SIZE_CS, "fs": SIZE_FS}


def names():
    return [f"{st}-{chk.replace('_', '-')}" for st in STAGES
            for chk in (["subgroup_size"] if st in SIZE_ONLY else []) + list(CHECKS)]


def glsl_for(name, lanes):
    st, chk = name.split("-", 1)
    chk = chk.replace("-", "_")
    if chk == "subgroup_size":
        glsl = SIZE_ONLY[st]
    else:
        glsl = STAGES[st][2].replace("@CHECK@", CHECKS[chk].strip("\n"))
    return STAGES[st], glsl.replace("@LANES@", str(lanes))


def spirv_asm(glsl, ext, glslang, spirv_dis):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "shader." + ext)
        spv = os.path.join(tmp, "shader.spv")
        with open(src, "w") as f:
            f.write(glsl)
        r = subprocess.run([glslang, "-G", "-o", spv, src], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"glslangValidator -G failed:\n{r.stdout}{r.stderr}")
        r = subprocess.run([spirv_dis, spv], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"spirv-dis failed:\n{r.stderr}")
        return r.stdout


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(names()))
        return
    if sys.argv[1:] == ["--lanes"]:
        print("\n".join(str(n) for n in LANES))
        return
    if len(sys.argv) != 6 or sys.argv[1] not in names() or \
            not sys.argv[2].isdigit() or int(sys.argv[2]) not in LANES:
        sys.exit(__doc__)
    name, lanes, out, glslang, spirv_dis = sys.argv[1:]
    (stage, sections, _, test, size), glsl = glsl_for(name, int(lanes))
    require = REQUIRE + (f"SIZE {size}\n" if size else "")
    text = (f"# {name}: GL_ARB_shader_ballot, {stage} stage, for subgroups of {lanes}\n"
            f"# (run-piglit.sh runs it at LP_NATIVE_VECTOR_WIDTH={32 * int(lanes)} only).\n"
            "# Generated by tests/piglit/gen_shader_tests.py; each SPIR-V section is\n"
            "# `glslangValidator -G` + `spirv-dis` of the GLSL section below it.\n\n"
            + require + "\n")
    for st, ext, src in sections:
        src = glsl if src == "@MAIN@" else src
        text += (f"[{st} shader spirv]\n" + spirv_asm(src, ext, glslang, spirv_dis) + "\n"
                 + f"[{st} shader]\n" + src + "\n")
    with open(out, "w") as f:
        f.write(text + test)


if __name__ == "__main__":
    main()
