/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "nir_lower_workgroup_rotate.h"

#include "nir_builder.h"

static void
workgroup_barrier(nir_builder *b)
{
   nir_barrier(b, .execution_scope = SCOPE_WORKGROUP, .memory_scope = SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = nir_var_mem_shared);
}

static bool
lower_rotate(nir_builder *b, nir_intrinsic_instr *intrin, void *data)
{
   if (intrin->intrinsic != nir_intrinsic_rotate_workgroup)
      return false;

   const shader_info *info = &b->shader->info;
   const unsigned max_invocations = *(const unsigned *)data;
   /* A kernel library (spirv_to_nir's create_library) keeps LocalSize on
    * the function.
    */
   unsigned fixed = info->workgroup_size[0] * info->workgroup_size[1] *
                    info->workgroup_size[2];
   if (!fixed) {
      const unsigned *fn_wg = b->impl->function->workgroup_size;
      fixed = fn_wg[0] * fn_wg[1] * fn_wg[2];
   }
   /* A kernel without LocalSize comes out of spirv_to_nir with a zero size. */
   const bool variable = info->workgroup_size_variable || !fixed;
   const unsigned slots = variable ? max_invocations : fixed;
   if (!slots)
      return false;

   b->cursor = nir_before_instr(&intrin->instr);

   nir_def *value = intrin->src[0].ssa;
   const bool boolean = value->bit_size == 1;
   if (boolean)
      value = nir_b2i32(b, value);

   const struct glsl_type *elem =
      glsl_vector_type(glsl_get_base_type(glsl_uintN_t_type(value->bit_size)),
                       value->num_components);
   nir_variable *var = nir_variable_create(b->shader, nir_var_mem_shared,
                                           glsl_array_type(elem, slots, 0),
                                           "rotate_workgroup");
   nir_deref_instr *array = nir_build_deref_var(b, var);

   /* The spec's LocalId for Execution = Workgroup is LocalInvocationId, a
    * vector; the rotation needs one number per invocation, so we read it as
    * the linear LocalInvocationIndex (x fastest), which is how kernels
    * number the work-items of a work-group.
    */
   nir_def *index = nir_load_local_invocation_index(b);
   const unsigned ptr_bits = array->def.bit_size;
   nir_store_deref(b, nir_build_deref_array(b, array, nir_u2uN(b, index, ptr_bits)), value,
                   nir_component_mask(value->num_components));
   workgroup_barrier(b);

   nir_def *size = nir_u2u32(b, intrin->src[2].ssa);
   nir_def *delta = nir_umod(b, nir_u2u32(b, intrin->src[1].ssa), size);
   nir_def *in_group = nir_umod(b, index, size);
   nir_def *source = nir_iadd(b, nir_isub(b, index, in_group),
                              nir_umod(b, nir_iadd(b, in_group, delta), size));

   /* A group reaching past the last invocation names none there: the result
    * is undefined, but the load stays inside the array.
    */
   nir_def *count;
   if (variable) {
      nir_def *wg = nir_load_workgroup_size(b);
      count = nir_imul(b, nir_imul(b, nir_channel(b, wg, 0), nir_channel(b, wg, 1)),
                       nir_channel(b, wg, 2));
      count = nir_umin(b, count, nir_imm_int(b, slots));
   } else {
      count = nir_imm_int(b, slots);
   }
   source = nir_umin(b, source, nir_iadd_imm(b, count, -1));

   nir_def *res = nir_load_deref(b, nir_build_deref_array(b, array,
                                                        nir_u2uN(b, source, ptr_bits)));
   workgroup_barrier(b);

   if (boolean)
      res = nir_ine_imm(b, res, 0);
   nir_def_replace(&intrin->def, res);
   return true;
}

bool
nir_lower_workgroup_rotate(nir_shader *shader, unsigned max_invocations)
{
   return nir_shader_intrinsics_pass(shader, lower_rotate, nir_metadata_control_flow,
                                     &max_invocations);
}
