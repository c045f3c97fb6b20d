/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "nir_lower_subgroup_block_io.h"

#include "nir_builder.h"

/* Element indexing needs a pointer Ptr[i] can be formed from. */
static bool
can_index(const nir_deref_instr *deref)
{
   return deref->deref_type == nir_deref_type_array ||
          deref->deref_type == nir_deref_type_ptr_as_array ||
          (deref->deref_type == nir_deref_type_cast && deref->cast.ptr_stride);
}

static bool
lower_block_io(nir_builder *b, nir_intrinsic_instr *intrin, void *data)
{
   (void)data;
   const bool load = intrin->intrinsic == nir_intrinsic_load_deref_block_intel;
   if (!load && intrin->intrinsic != nir_intrinsic_store_deref_block_intel)
      return false;

   nir_deref_instr *ptr = nir_src_as_deref(intrin->src[0]);
   if (!ptr)
      return false;

   b->cursor = nir_before_instr(&intrin->instr);

   /* A kernel's pointer (a cast without a stride) steps by its scalar
    * pointee, as OpPtrAccessChain would.
    */
   if (ptr->deref_type == nir_deref_type_cast && !ptr->cast.ptr_stride &&
       glsl_type_is_scalar(ptr->type) && !glsl_type_is_boolean(ptr->type)) {
      ptr = nir_build_deref_cast(b, &ptr->def, ptr->modes, ptr->type,
                                 glsl_get_bit_size(ptr->type) / 8);
   }
   if (!can_index(ptr))
      return false;

   const enum gl_access_qualifier access = nir_intrinsic_access(intrin);
   const unsigned comps = load ? intrin->def.num_components
                               : intrin->src[1].ssa->num_components;

   /* "the second value read is Ptr[SubgroupLocalInvocationId +
    * SubgroupMaxSize]"
    */
   const unsigned bits = ptr->def.bit_size;
   nir_def *lane = nir_u2uN(b, nir_load_subgroup_invocation(b), bits);
   nir_def *stride = nir_u2uN(b, nir_load_subgroup_max_size(b), bits);

   nir_def *values[NIR_MAX_VEC_COMPONENTS];
   for (unsigned k = 0; k < comps; k++) {
      nir_def *index = nir_iadd(b, lane, nir_imul_imm(b, stride, k));
      nir_deref_instr *elem = nir_build_deref_ptr_as_array(b, ptr, index);
      if (load) {
         values[k] = nir_load_deref_with_access(b, elem, access);
      } else if (nir_intrinsic_write_mask(intrin) & (1u << k)) {
         nir_store_deref_with_access(b, elem, nir_channel(b, intrin->src[1].ssa, k), 1,
                                     access);
      }
   }

   if (load)
      nir_def_replace(&intrin->def, nir_vec(b, values, comps));
   else
      nir_instr_remove(&intrin->instr);
   return true;
}

bool
nir_lower_subgroup_block_io(nir_shader *shader)
{
   return nir_shader_intrinsics_pass(shader, lower_block_io, nir_metadata_control_flow,
                                     NULL);
}
