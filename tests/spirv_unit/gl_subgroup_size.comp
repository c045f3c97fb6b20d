#version 450
// GL_ARB_shader_ballot through ARB_gl_spirv: glslang -G declares
// gl_SubGroupSizeARB as a UniformConstant variable decorated BuiltIn
// SubgroupSize.
#extension GL_ARB_shader_ballot : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint result[]; };
void main()
{
   result[gl_LocalInvocationIndex] = gl_SubGroupSizeARB + gl_SubGroupInvocationARB;
}
