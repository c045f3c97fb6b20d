/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "vtn_subgroup_ext.h"

#include "nir_lower_subgroup_block_io.h"
#include "util/format/u_format.h"

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
      return scope;
   default:
      vtn_fail("%s: Execution must be Subgroup or Workgroup, not scope %u",
               opname, scope);
   }
}

/* A ClusterSize operand (rotate, ClusteredReduce): "Behavior is undefined
 * unless ClusterSize is at least 1 and a power of 2"; refuse it rather than
 * hand NIR a cluster it asserts on.
 */
static uint32_t
vtn_cluster_size(struct vtn_builder *b, uint32_t id, const char *opname)
{
   const uint64_t cs = vtn_constant_uint(b, id);
   vtn_fail_if(cs == 0 || !util_is_power_of_two_or_zero64(cs) || cs > UINT32_MAX,
               "%s: ClusterSize must be at least 1 and a power of 2, not %" PRIu64,
               opname, cs);
   return cs;
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
   const SpvScope scope =
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
   if (count == 7)
      cluster_size = vtn_cluster_size(b, w[6], "OpGroupNonUniformRotateKHR");

   nir_def *res;
   if (scope == SpvScopeWorkgroup) {
      /* Kernels only (checked above).  "LocalId = ... LocalInvocationId if
       * Execution is Workgroup" and "RotationGroupSize = ClusterSize when
       * ClusterSize is present, otherwise ... SubgroupMaxSize if the Kernel
       * capability is declared": the group is ClusterSize or
       * SubgroupMaxSize consecutive invocations of the workgroup, numbered
       * by LocalInvocationIndex (nir_lower_workgroup_rotate).
       */
      nir_builder *nb = &b->nb;
      nir_def *size = cluster_size ? nir_imm_int(nb, cluster_size)
                                   : nir_load_subgroup_max_size(nb);
      res = nir_rotate_workgroup(nb, value->def, delta, size);
   } else if (!cluster_size && b->options->environment == NIR_SPIRV_OPENCL) {
      /* "RotationGroupSize = SubgroupMaxSize if the Kernel capability is
       * declared": nir_intrinsic_rotate rotates within SubgroupSize, so
       * build the shuffle here.  The group size is a power of two.
       */
      nir_builder *nb = &b->nb;
      nir_def *id = nir_load_subgroup_invocation(nb);
      nir_def *mask = nir_iadd_imm(nb, nir_load_subgroup_max_size(nb), -1);
      res = nir_shuffle(nb, value->def, nir_iand(nb, nir_iadd(nb, id, delta), mask));
   } else {
      res = nir_rotate(&b->nb, value->def, delta, .cluster_size = cluster_size);
   }
   vtn_push_nir_ssa(b, w[2], res);
}

/* OpSubgroupShuffleDownINTEL: Current, Next, Delta.
 * OpSubgroupShuffleUpINTEL:   Previous, Current, Delta.
 *
 * Down: index = SubgroupLocalInvocationId + Delta; below SubgroupMaxSize it
 * reads Current[index], below twice that Next[index - SubgroupMaxSize].
 * Up: index = SubgroupLocalInvocationId - Delta (signed); from 0 it reads
 * Current[index], from -SubgroupMaxSize Previous[index + SubgroupMaxSize].
 * Up is Down with (Previous, Current) and Delta' = SubgroupMaxSize - Delta.
 * Out-of-range indices are undefined, so two shuffles and a select serve.
 */
static void
vtn_handle_intel_shuffle_relative(struct vtn_builder *b, SpvOp opcode,
                                  const uint32_t *w, unsigned count)
{
   const char *opname = spirv_op_to_string(opcode);
   vtn_fail_if(count != 6, "%s takes 5 operands, not %u", opname, count - 1);
   struct vtn_type *dest_type = vtn_get_type(b, w[1]);
   struct vtn_ssa_value *first = vtn_ssa_value(b, w[3]);
   struct vtn_ssa_value *second = vtn_ssa_value(b, w[4]);
   vtn_fail_if(!glsl_type_is_vector_or_scalar(dest_type->type) ||
               first->type != dest_type->type || second->type != dest_type->type,
               "%s: the data operands must be scalars or vectors of Result Type", opname);
   nir_def *delta = vtn_get_nir_ssa(b, w[5]);
   vtn_fail_if(delta->num_components != 1 || delta->bit_size != 32,
               "%s: Delta must be a 32-bit integer type scalar", opname);

   nir_builder *nb = &b->nb;
   nir_def *max = nir_load_subgroup_max_size(nb);
   if (opcode == SpvOpSubgroupShuffleUpINTEL)
      delta = nir_isub(nb, max, delta);

   nir_def *index = nir_iadd(nb, nir_load_subgroup_invocation(nb), delta);
   nir_def *lo = nir_shuffle(nb, first->def, index);
   nir_def *hi = nir_shuffle(nb, second->def, nir_isub(nb, index, max));
   vtn_push_nir_ssa(b, w[2], nir_bcsel(nb, nir_ult(nb, index, max), lo, hi));
}

/* SPV_INTEL_subgroups image block IO:
 *
 *   OpSubgroupImageBlockReadINTEL   Result Type, Result, Image, Coordinate
 *   OpSubgroupImageBlockWriteINTEL  Image, Coordinate, Data
 *
 * "The x-component is a byte coordinate into rows of the image and
 * remaining coordinates are non-normalized texel coordinates"; component k
 * comes from (goes to) row y + k, and the bits are not converted.  Emits
 * image_deref_{load,store}_block_intel; nir_lower_subgroup_block_io turns
 * them into texel loads and stores for hardware without a block unit, and
 * the rules it needs (a known format whose texels hold their bits, x
 * aligned) are checked here, naming the rule that fails.
 */
static void
vtn_handle_image_block_io(struct vtn_builder *b, SpvOp opcode, const uint32_t *w,
                          unsigned count)
{
   const bool write = opcode == SpvOpSubgroupImageBlockWriteINTEL;
   const char *opname = spirv_op_to_string(opcode);
   vtn_fail_if(count != (write ? 4u : 5u), "%s takes %u operands, not %u", opname,
               write ? 3u : 4u, count - 1);
   const uint32_t image_id = write ? w[1] : w[3];
   const uint32_t coord_id = write ? w[2] : w[4];

   struct vtn_type *image_type = vtn_get_value_type(b, image_id);
   vtn_fail_if(image_type->base_type != vtn_base_type_image ||
               !glsl_type_is_image(image_type->glsl_image),
               "%s: Image must be an object whose type is OpTypeImage with a Sampled "
               "operand of 0 or 2", opname);
   const struct glsl_type *image_glsl = image_type->glsl_image;
   const enum glsl_sampler_dim dim = glsl_get_sampler_dim(image_glsl);
   vtn_fail_if(dim != GLSL_SAMPLER_DIM_2D && dim != GLSL_SAMPLER_DIM_3D,
               "%s: the image must have rows (Dim 2D or 3D): component k is read "
               "from row y + k", opname);

   enum gl_access_qualifier access = 0;
   switch (image_type->access_qualifier) {
   case SpvAccessQualifierReadOnly:
      vtn_fail_if(write, "%s: Image is read_only", opname);
      access = ACCESS_NON_WRITEABLE;
      break;
   case SpvAccessQualifierWriteOnly:
      vtn_fail_if(!write, "%s: Image is write_only", opname);
      access = ACCESS_NON_READABLE;
      break;
   default:
      break;
   }

   const struct glsl_type *elem_type;
   struct vtn_ssa_value *data = NULL;
   if (write) {
      data = vtn_ssa_value(b, w[3]);
      elem_type = data->type;
   } else {
      elem_type = vtn_get_type(b, w[1])->type;
   }
   vtn_fail_if(!glsl_type_is_vector_or_scalar(elem_type) || glsl_type_is_boolean(elem_type) ||
               !glsl_type_is_numeric(elem_type),
               "%s: %s must be a scalar or vector of integer or floating-point type",
               opname, write ? "Data" : "Result Type");
   const unsigned elem_bits = glsl_get_bit_size(elem_type);

   nir_def *coord = vtn_get_nir_ssa(b, coord_id);
   struct vtn_type *coord_type = vtn_get_value_type(b, coord_id);
   const unsigned need = glsl_get_sampler_coordinate_components(image_glsl);
   vtn_fail_if(!glsl_type_is_integer(coord_type->type) || coord->num_components < need,
               "%s: Coordinate must be an integer vector of at least %u components "
               "(the byte x, then the row and any further texel coordinates)",
               opname, need);
   if (coord->bit_size != 32)
      coord = nir_u2u32(&b->nb, coord);
   coord = nir_trim_vector(&b->nb, coord, need);

   const enum pipe_format format = image_type->image_format;
   const char *why = nir_subgroup_image_block_unsupported(format, elem_bits, write);
   vtn_fail_if(why, "%s on a %s image with %u-bit elements: %s (no format conversion "
               "is done, so the lowering must map bytes onto texels exactly)", opname,
               format == PIPE_FORMAT_NONE ? "Unknown format" : util_format_name(format),
               elem_bits, why);

   /* The texels an element covers are found by dividing its byte offset,
    * which needs x aligned; a constant x is checked here.
    */
   const unsigned align = nir_subgroup_image_block_x_align(format, elem_bits);
   nir_scalar x = nir_scalar_resolved(coord, 0);
   if (nir_scalar_is_const(x)) {
      const uint64_t xv = nir_scalar_as_uint(x);
      vtn_fail_if(xv % align, "%s: the byte x coordinate %" PRIu64 " must be a multiple "
                  "of %u (the smaller of the element and texel sizes) on %s",
                  opname, xv, align, util_format_name(format));
   }

   nir_builder *nb = &b->nb;
   nir_def *image = &nir_build_deref_cast(nb, vtn_get_nir_ssa(b, image_id), nir_var_image,
                                          image_glsl, 0)->def;
   coord = nir_pad_vec4(nb, coord);
   if (write) {
      nir_image_deref_store_block_intel(nb, image, coord, data->def,
                                        .image_dim = dim,
                                        .image_array = glsl_sampler_type_is_array(image_glsl),
                                        .format = format, .access = access);
   } else {
      nir_def *res = nir_image_deref_load_block_intel(
         nb, glsl_get_vector_elements(elem_type), elem_bits, image, coord,
         .image_dim = dim, .image_array = glsl_sampler_type_is_array(image_glsl),
         .format = format, .access = access);
      vtn_push_nir_ssa(b, w[2], res);
   }
}

/* SPV_EXT_shader_subgroup_partitioned: ballots are "a 4 component vector of
 * 32 bit integer types"; signed or unsigned are both accepted.
 */
static bool
vtn_is_ballot_type(const struct glsl_type *type)
{
   return glsl_type_is_vector(type) && glsl_get_vector_elements(type) == 4 &&
          glsl_type_is_integer(type) && glsl_get_bit_size(type) == 32;
}

/* nir_intrinsic_partition compares bits.  Give equal floats equal bits and
 * NaN bits no other invocation can hold: -0.0 becomes +0.0, and a NaN
 * becomes the quiet NaN whose payload is the invocation's index.  No
 * non-NaN value has a NaN's bits and the payload fits any subgroup size up
 * to 512 at 16 bits, so a NaN invocation ends up alone in its subset, which
 * the spec allows ("either their values ... must not be equal or one must be
 * a floating point NaN").
 */
static nir_def *
vtn_partition_float_key(nir_builder *nb, nir_def *x)
{
   const unsigned bits = x->bit_size;
   const uint64_t quiet_nan = bits == 16 ? 0x7e00ull
                            : bits == 32 ? 0x7fc00000ull
                                         : 0x7ff8000000000000ull;
   nir_def *lane = nir_u2uN(nb, nir_load_subgroup_invocation(nb), bits);
   nir_def *nan_key = nir_ior(nb, nir_imm_intN_t(nb, quiet_nan, bits), lane);
   nir_def *zero = nir_imm_zero(nb, x->num_components, bits);

   nir_def *key = nir_bcsel(nb, nir_feq(nb, x, zero), zero, x);
   return nir_bcsel(nb, nir_fneu(nb, x, x), nan_key, key);
}

/* OpGroupNonUniformBallot (Result Type, Result, Execution, Predicate) and
 * OpSubgroupBallotKHR (Result Type, Result, Predicate).  Both specs ask for
 * "a 4 component vector of 32 bit integer types": ivec4 is as valid as
 * uvec4.
 */
static void
vtn_handle_ballot(struct vtn_builder *b, SpvOp opcode, const uint32_t *w,
                  unsigned count)
{
   const bool has_scope = opcode == SpvOpGroupNonUniformBallot;
   const char *opname = spirv_op_to_string(opcode);
   vtn_fail_if(count != 4u + has_scope, "%s takes %u operands, not %u", opname,
               3u + has_scope, count - 1);
   vtn_fail_if(!vtn_is_ballot_type(vtn_get_type(b, w[1])->type),
               "%s: Result Type must be a 4 component vector of 32 bit integer types",
               opname);
   nir_def *pred = vtn_get_nir_ssa(b, w[3 + has_scope]);
   vtn_fail_if(pred->bit_size != 1 || pred->num_components != 1,
               "%s: Predicate must be a Boolean scalar", opname);
   vtn_push_nir_ssa(b, w[2], nir_ballot(&b->nb, 4, 32, pred));
}

/* OpGroupNonUniformPartitionEXT: Result Type, Result, Value */
static void
vtn_handle_partition(struct vtn_builder *b, const uint32_t *w, unsigned count)
{
   vtn_fail_if(count != 4,
               "OpGroupNonUniformPartitionEXT takes 3 operands, not %u", count - 1);
   struct vtn_type *dest_type = vtn_get_type(b, w[1]);
   vtn_fail_if(!vtn_is_ballot_type(dest_type->type),
               "OpGroupNonUniformPartitionEXT: Result Type must be a 4 component "
               "vector of 32 bit integer types");

   struct vtn_ssa_value *value = vtn_ssa_value(b, w[3]);
   vtn_fail_if(!glsl_type_is_vector_or_scalar(value->type) ||
               !(glsl_type_is_numeric(value->type) || glsl_type_is_boolean(value->type)),
               "OpGroupNonUniformPartitionEXT: Value must be a scalar or vector "
               "of integer, floating-point or Boolean type");

   nir_def *key = value->def;
   if (glsl_type_is_float_16_32_64(value->type))
      key = vtn_partition_float_key(&b->nb, key);

   vtn_push_nir_ssa(b, w[2], nir_partition(&b->nb, 4, 32, key));
}

/* The 16 instructions the partitioned group operations may be used with. */
static bool
vtn_partitioned_reduction_op(SpvOp opcode, nir_op *op)
{
   switch (opcode) {
   case SpvOpGroupNonUniformIAdd:       *op = nir_op_iadd; return true;
   case SpvOpGroupNonUniformFAdd:       *op = nir_op_fadd; return true;
   case SpvOpGroupNonUniformIMul:       *op = nir_op_imul; return true;
   case SpvOpGroupNonUniformFMul:       *op = nir_op_fmul; return true;
   case SpvOpGroupNonUniformSMin:       *op = nir_op_imin; return true;
   case SpvOpGroupNonUniformUMin:       *op = nir_op_umin; return true;
   case SpvOpGroupNonUniformFMin:       *op = nir_op_fmin; return true;
   case SpvOpGroupNonUniformSMax:       *op = nir_op_imax; return true;
   case SpvOpGroupNonUniformUMax:       *op = nir_op_umax; return true;
   case SpvOpGroupNonUniformFMax:       *op = nir_op_fmax; return true;
   case SpvOpGroupNonUniformBitwiseAnd:
   case SpvOpGroupNonUniformLogicalAnd: *op = nir_op_iand; return true;
   case SpvOpGroupNonUniformBitwiseOr:
   case SpvOpGroupNonUniformLogicalOr:  *op = nir_op_ior; return true;
   case SpvOpGroupNonUniformBitwiseXor:
   case SpvOpGroupNonUniformLogicalXor: *op = nir_op_ixor; return true;
   default:
      return false;
   }
}

/* Checks the Operation operand of a group arithmetic instruction
 *
 *   Result Type, Result, Execution, Operation, X [, ClusterSize | ballot]
 *
 * and emits the partitioned forms.  Returns true when it emitted the
 * instruction, false to leave it to vtn_handle_subgroup().
 */
static bool
vtn_handle_group_arithmetic(struct vtn_builder *b, SpvOp opcode,
                            const uint32_t *w, unsigned count)
{
   const char *opname = spirv_op_to_string(opcode);
   vtn_fail_if(count < 6 || count > 7, "%s takes 4 or 5 operands, not %u", opname,
               count - 1);

   nir_op red_op;
   const bool partitionable = vtn_partitioned_reduction_op(opcode, &red_op);
   const SpvGroupOperation operation = w[4];

   switch (operation) {
   case SpvGroupOperationReduce:
   case SpvGroupOperationInclusiveScan:
   case SpvGroupOperationExclusiveScan:
      vtn_fail_if(count != 6,
                  "%s: an operand after X is allowed only with ClusteredReduce "
                  "or a partitioned operation", opname);
      return false;

   case SpvGroupOperationClusteredReduce: {
      vtn_fail_if(count != 7, "%s: ClusteredReduce requires ClusterSize", opname);
      vtn_cluster_size(b, w[6], opname);
      return false;
   }

   case SpvGroupOperationPartitionedReduceEXT:
   case SpvGroupOperationPartitionedInclusiveScanEXT:
   case SpvGroupOperationPartitionedExclusiveScanEXT:
      break;

   default:
      vtn_fail("%s: unknown GroupOperation %u", opname, operation);
   }

   vtn_fail_if(!partitionable,
               "%s: the partitioned group operations can only be used with the "
               "16 OpGroupNonUniform arithmetic instructions "
               "(SPV_EXT_shader_subgroup_partitioned)", opname);
   vtn_fail_if(count != 7,
               "%s: a partitioned operation requires the ballot operand", opname);
   vtn_fail_if(!vtn_is_ballot_type(vtn_get_value_type(b, w[6])->type),
               "%s: ballot must be a 4 component vector of 32 bit integer types",
               opname);

   struct vtn_type *dest_type = vtn_get_type(b, w[1]);
   struct vtn_ssa_value *value = vtn_ssa_value(b, w[5]);
   vtn_fail_if(!glsl_type_is_vector_or_scalar(value->type) ||
               value->type != dest_type->type,
               "%s: X must be a scalar or vector of Result Type", opname);
   nir_def *ballot = vtn_get_nir_ssa(b, w[6]);

   nir_builder *nb = &b->nb;
   nir_def *res;
   switch (operation) {
   case SpvGroupOperationPartitionedReduceEXT:
      res = nir_partitioned_reduce(nb, value->def, ballot, .reduction_op = red_op);
      break;
   case SpvGroupOperationPartitionedInclusiveScanEXT:
      res = nir_partitioned_inclusive_scan(nb, value->def, ballot,
                                           .reduction_op = red_op);
      break;
   default:
      res = nir_partitioned_exclusive_scan(nb, value->def, ballot,
                                           .reduction_op = red_op);
      break;
   }
   vtn_push_nir_ssa(b, w[2], res);
   return true;
}

/* OpGroupNonUniformBallotBitCount: only Reduce and the two scans. */
static void
vtn_check_ballot_bit_count(struct vtn_builder *b, const uint32_t *w, unsigned count)
{
   vtn_fail_if(count != 6, "OpGroupNonUniformBallotBitCount takes 4 operands");
   const SpvGroupOperation operation = w[4];
   vtn_fail_if(operation != SpvGroupOperationReduce &&
               operation != SpvGroupOperationInclusiveScan &&
               operation != SpvGroupOperationExclusiveScan,
               "OpGroupNonUniformBallotBitCount: Operation must be Reduce, "
               "InclusiveScan or ExclusiveScan, not %u", operation);
}

bool
vtn_handle_subgroup_ext(struct vtn_builder *b, SpvOp opcode,
                        const uint32_t *w, unsigned count)
{
   switch (opcode) {
   case SpvOpGroupNonUniformRotateKHR:
      vtn_handle_rotate(b, w, count);
      return true;

   case SpvOpGroupNonUniformPartitionEXT:
      vtn_handle_partition(b, w, count);
      return true;

   case SpvOpGroupNonUniformBallot:
   case SpvOpSubgroupBallotKHR:
      vtn_handle_ballot(b, opcode, w, count);
      return true;

   case SpvOpSubgroupShuffleDownINTEL:
   case SpvOpSubgroupShuffleUpINTEL:
      vtn_handle_intel_shuffle_relative(b, opcode, w, count);
      return true;

   case SpvOpGroupNonUniformBallotBitCount:
      vtn_check_ballot_bit_count(b, w, count);
      return false;

   case SpvOpSubgroupImageBlockReadINTEL:
   case SpvOpSubgroupImageBlockWriteINTEL:
      vtn_handle_image_block_io(b, opcode, w, count);
      return true;

   case SpvOpGroupNonUniformIAdd:
   case SpvOpGroupNonUniformFAdd:
   case SpvOpGroupNonUniformIMul:
   case SpvOpGroupNonUniformFMul:
   case SpvOpGroupNonUniformSMin:
   case SpvOpGroupNonUniformUMin:
   case SpvOpGroupNonUniformFMin:
   case SpvOpGroupNonUniformSMax:
   case SpvOpGroupNonUniformUMax:
   case SpvOpGroupNonUniformFMax:
   case SpvOpGroupNonUniformBitwiseAnd:
   case SpvOpGroupNonUniformBitwiseOr:
   case SpvOpGroupNonUniformBitwiseXor:
   case SpvOpGroupNonUniformLogicalAnd:
   case SpvOpGroupNonUniformLogicalOr:
   case SpvOpGroupNonUniformLogicalXor:
   case SpvOpGroupIAdd:
   case SpvOpGroupFAdd:
   case SpvOpGroupFMin:
   case SpvOpGroupUMin:
   case SpvOpGroupSMin:
   case SpvOpGroupFMax:
   case SpvOpGroupUMax:
   case SpvOpGroupSMax:
   case SpvOpGroupIAddNonUniformAMD:
   case SpvOpGroupFAddNonUniformAMD:
   case SpvOpGroupFMinNonUniformAMD:
   case SpvOpGroupUMinNonUniformAMD:
   case SpvOpGroupSMinNonUniformAMD:
   case SpvOpGroupFMaxNonUniformAMD:
   case SpvOpGroupUMaxNonUniformAMD:
   case SpvOpGroupSMaxNonUniformAMD:
      return vtn_handle_group_arithmetic(b, opcode, w, count);

   default:
      return false;
   }
}
