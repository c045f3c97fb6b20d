#version 450
// VK_KHR_cooperative_matrix's 8x8x8 matrices: A and B of type TA, C and the
// result of type TC (glslang -D).  Run by cmat-sizes with one subgroup of
// SpecId 0 invocations.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require

layout(local_size_x_id = 0) in;

layout(set = 0, binding = 0, std430) buffer A { TA a[]; };
layout(set = 0, binding = 1, std430) buffer B { TA b[]; };
layout(set = 0, binding = 2, std430) buffer C { TC c[]; };
layout(set = 0, binding = 3, std430) buffer D { TC d[]; };

void main()
{
   coopmat<TA, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> a0;
   coopmat<TA, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> a1;
   coopmat<TA, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> b0;
   coopmat<TA, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> b1;
   coopmat<TC, gl_ScopeSubgroup, 8, 8, gl_MatrixUseAccumulator> c0;
   coopmat<TC, gl_ScopeSubgroup, 8, 8, gl_MatrixUseAccumulator> c1;

   // D0 = A0 B0 + C0 at d[0], row-major, stride 8
   coopMatLoad(a0, a, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
   coopMatLoad(b0, b, 0, 8, gl_CooperativeMatrixLayoutColumnMajor);
   coopMatLoad(c0, c, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
   c0 = coopMatMulAdd(a0, b0, c0);
   coopMatStore(c0, d, 0, 8, gl_CooperativeMatrixLayoutRowMajor);

   // D1 = 3 (A1 B1 + C1) + 1, element by element, at d[72], column-major,
   // stride 16; the loads at other offsets, strides and layouts (multiples
   // of 8 elements: VUID-RuntimeSpirv-OpCooperativeMatrixLoadKHR-08986 asks
   // for 16 bytes, or a row or column's size where that is less)
   coopMatLoad(a1, a, 8, 16, gl_CooperativeMatrixLayoutColumnMajor);
   coopMatLoad(b1, b, 16, 24, gl_CooperativeMatrixLayoutRowMajor);
   coopMatLoad(c1, c, 64, 16, gl_CooperativeMatrixLayoutColumnMajor);
   c1 = coopMatMulAdd(a1, b1, c1);
   for (int i = 0; i < c1.length(); i++)
      c1[i] = c1[i] * TC(3) + TC(1);
   coopMatStore(c1, d, 72, 16, gl_CooperativeMatrixLayoutColumnMajor);
}
