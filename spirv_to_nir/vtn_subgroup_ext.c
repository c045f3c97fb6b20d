/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "vtn_subgroup_ext.h"

/* Reads the Execution operand of a non-uniform group instruction and checks
 * it against what the execution environment allows.  Returns the scope.
 */
static SpvScope
vtn_subgroup_execution_scope(struct vtn_builder *b, uint32_t scope_id,
                             const char *opname)
{
   const SpvScope scope = vtn_constant_uint(b, scope_id);

   switch (scope) {
   case SpvScopeSubgroup:
      return scope;
   case SpvScopeWorkgroup:
      /* Vulkan: "Scope for Non Uniform Group Operations must be limited to
       * Subgroup" (VUID-StandaloneSpirv-None-04642).  Only kernels may use
       * Workgroup scope.
       */
      vtn_fail_if(b->options->environment != NIR_SPIRV_OPENCL,
                  "%s: Execution must be Subgroup outside the OpenCL "
                  "environment (VUID-StandaloneSpirv-None-04642)", opname);
      vtn_fail("%s: Execution scope Workgroup is not implemented yet",
               opname);
   default:
      vtn_fail("%s: Execution must be Subgroup or Workgroup, not scope %u",
               opname, scope);
   }
}

/* SPV_KHR_subgroup_rotate: OpGroupNonUniformRotateKHR
 *
 *   Result Type, Result, Execution, Value, Delta [, ClusterSize]
 *
 * Result is Value from invocation
 *   ((LocalId + Delta) & (ClusterSize - 1)) + (LocalId & ~(ClusterSize - 1))
 * which is exactly what nir_intrinsic_rotate means (CLUSTER_SIZE 0 stands for
 * the whole group).
 */
static void
vtn_handle_rotate(struct vtn_builder *b, const uint32_t *w, unsigned count)
{
   vtn_fail_if(count < 6 || count > 7,
               "OpGroupNonUniformRotateKHR takes 5 or 6 operands, not %u",
               count - 1);

   struct vtn_type *dest_type = vtn_get_type(b, w[1]);
   vtn_subgroup_execution_scope(b, w[3], "OpGroupNonUniformRotateKHR");

   struct vtn_ssa_value *value = vtn_ssa_value(b, w[4]);
   vtn_fail_if(!glsl_type_is_vector_or_scalar(value->type),
               "OpGroupNonUniformRotateKHR: Value must be a scalar or vector "
               "of floating-point, integer or Boolean type");
   vtn_fail_if(value->type != dest_type->type,
               "OpGroupNonUniformRotateKHR: the type of Value must be the "
               "same as Result Type");

   struct vtn_type *delta_type = vtn_get_value_type(b, w[5]);
   vtn_fail_if(delta_type->base_type != vtn_base_type_scalar ||
               !glsl_type_is_integer(delta_type->type),
               "OpGroupNonUniformRotateKHR: Delta must be a scalar of "
               "integer type");
   nir_def *delta = vtn_get_nir_ssa(b, w[5]);
   /* Only Delta modulo the (power-of-two) group size matters. */
   if (delta->bit_size != 32)
      delta = nir_u2u32(&b->nb, delta);

   uint32_t cluster_size = 0;
   if (count == 7) {
      const uint64_t cs = vtn_constant_uint(b, w[6]);
      vtn_fail_if(cs == 0 || !util_is_power_of_two_or_zero64(cs) ||
                  cs > UINT32_MAX,
                  "OpGroupNonUniformRotateKHR: ClusterSize must be at least 1 "
                  "and a power of 2, not %" PRIu64, cs);
      cluster_size = cs;
   }

   nir_def *res = nir_rotate(&b->nb, value->def, delta,
                             .cluster_size = cluster_size);
   vtn_push_nir_ssa(b, w[2], res);
}

bool
vtn_handle_subgroup_ext(struct vtn_builder *b, SpvOp opcode,
                        const uint32_t *w, unsigned count)
{
   switch (opcode) {
   case SpvOpGroupNonUniformRotateKHR:
      vtn_handle_rotate(b, w, count);
      return true;
   default:
      return false;
   }
}
