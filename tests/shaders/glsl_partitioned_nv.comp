#version 450
// GL_NV_shader_subgroup_partitioned through glslang: the NV spelling as
// shipped GLSL compilers produce it.  Same interface as gen_spvasm.py's
// shaders; computes the partitioned inclusive sum of src word 0 over the
// partition of src word 1 (src: 16 words per invocation, dst: 8).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_NV_shader_subgroup_partitioned : require

layout(local_size_x_id = 0) in;
layout(std430, set = 0, binding = 0) buffer Ctl { uint ctl[]; };
layout(std430, set = 0, binding = 1) buffer Src { uint src[]; };
layout(std430, set = 0, binding = 2) buffer Dst { uint dst[]; };
layout(std430, set = 0, binding = 3) buffer Meta { uint meta[]; };

void main()
{
   uint i = gl_LocalInvocationIndex;
   meta[2 * i] = gl_SubgroupInvocationID;
   meta[2 * i + 1] = gl_SubgroupID;
   uint c = ctl[i];
   if ((c & 2u) != 0u)
      return;
   if ((c & 1u) != 0u) {
      if ((c & 4u) == 0u) {
         uvec4 b = subgroupPartitionNV(src[i * 16u + 1u]);
         dst[i * 8u] = subgroupPartitionedInclusiveAddNV(src[i * 16u], b);
         for (uint k = 0u; k < 4u; k++)
            dst[i * 8u + 4u + k] = b[k];
      }
   }
}
