/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "nir_lower_partitioned.h"

/* partition of a 1-bit value: the invocations holding the same Boolean. */
static nir_def *
build_bool_partition(nir_builder *b, nir_def *value, unsigned comps, unsigned bits)
{
   nir_def *result = NULL;
   for (unsigned c = 0; c < value->num_components; c++) {
      nir_def *v = nir_channel(b, value, c);
      nir_def *same = nir_bcsel(b, v, nir_ballot(b, comps, bits, v),
                                nir_ballot(b, comps, bits, nir_inot(b, v)));
      result = result ? nir_iand(b, result, same) : same;
   }
   return result;
}

static nir_def *
lower_partition(nir_builder *b, nir_intrinsic_instr *intrin)
{
   nir_def *value = intrin->src[0].ssa;
   const unsigned comps = intrin->def.num_components;
   const unsigned bits = intrin->def.bit_size;

   if (value->bit_size == 1)
      return build_bool_partition(b, value, comps, bits);

   /* Each trip elects the first active invocation; the invocations whose
    * value equals its value (all components, bitwise) take their ballot and
    * leave.  The elected invocation always matches itself, so the loop runs
    * at most once per active invocation, NaN or not.
    */
   nir_loop *loop = nir_push_loop(b);
   nir_def *mask;
   nir_block *break_block;
   {
      nir_def *first = nir_read_first_invocation(b, value);
      nir_push_if(b, nir_ball_iequal(b, value, first));
      {
         mask = nir_ballot(b, comps, bits, nir_imm_true(b));
         break_block = nir_cursor_current_block(b->cursor);
         nir_jump(b, nir_jump_break);
      }
      nir_pop_if(b, NULL);
   }
   nir_pop_loop(b, loop);

   /* The loop's only exit is that break: one phi source. */
   nir_phi_instr *phi = nir_phi_instr_create(b->shader);
   nir_def_init(&phi->instr, &phi->def, comps, bits);
   nir_phi_instr_add_src(phi, break_block, mask);
   nir_builder_instr_insert(b, &phi->instr);
   return &phi->def;
}

static nir_intrinsic_op
scan_op_for(nir_intrinsic_op op)
{
   switch (op) {
   case nir_intrinsic_partitioned_reduce:
      return nir_intrinsic_reduce;
   case nir_intrinsic_partitioned_inclusive_scan:
      return nir_intrinsic_inclusive_scan;
   default:
      assert(op == nir_intrinsic_partitioned_exclusive_scan);
      return nir_intrinsic_exclusive_scan;
   }
}

static nir_def *
build_partitioned_scan(nir_builder *b, nir_intrinsic_op op, nir_op red_op,
                       nir_def *value, nir_def *mask,
                       const nir_lower_subgroups_options *options)
{
   /* Booleans combine as 32-bit integers (iand / ior / ixor). */
   if (value->bit_size == 1) {
      nir_def *r = build_partitioned_scan(b, op, red_op, nir_b2i32(b, value), mask,
                                          options);
      return nir_i2b(b, r);
   }
   return nir_lower_subgroups_build_scan_reduce(b, op, red_op, value, mask,
                                                nir_lower_subgroups_max_size(options),
                                                options);
}

static nir_def *
lower_partitioned_scan(nir_builder *b, nir_intrinsic_instr *intrin,
                       const nir_lower_subgroups_options *options)
{
   const nir_intrinsic_op op = scan_op_for(intrin->intrinsic);
   const nir_op red_op = nir_intrinsic_reduction_op(intrin);
   nir_def *value = intrin->src[0].ssa;

   /* The subset: active invocations of this invocation's partition.  Bits of
    * invocations that do not execute this instruction are ignored.
    */
   nir_def *partition = nir_lower_subgroups_ballot_to_options(b, intrin->src[1].ssa,
                                                              options);
   nir_def *active = nir_ballot(b, options->ballot_components,
                                options->ballot_bit_size, nir_imm_true(b));
   nir_def *mask = nir_iand(b, partition, active);

   nir_def *chans[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < value->num_components; c++) {
      chans[c] = build_partitioned_scan(b, op, red_op, nir_channel(b, value, c), mask,
                                        options);
   }
   return nir_vec(b, chans, value->num_components);
}

nir_def *
nir_lower_partitioned_intrinsic(nir_builder *b, nir_intrinsic_instr *intrin,
                                const nir_lower_subgroups_options *options)
{
   switch (intrin->intrinsic) {
   case nir_intrinsic_partition:
      return lower_partition(b, intrin);
   case nir_intrinsic_partitioned_reduce:
   case nir_intrinsic_partitioned_inclusive_scan:
   case nir_intrinsic_partitioned_exclusive_scan:
      return lower_partitioned_scan(b, intrin, options);
   default:
      return NULL;
   }
}

nir_def *
nir_lower_partition_int64(nir_builder *b, nir_intrinsic_instr *intrin)
{
   nir_def *x = intrin->src[0].ssa;
   const unsigned comps = intrin->def.num_components;
   const unsigned bits = intrin->def.bit_size;
   nir_def *lo = nir_partition(b, comps, bits, nir_unpack_64_2x32_split_x(b, x));
   nir_def *hi = nir_partition(b, comps, bits, nir_unpack_64_2x32_split_y(b, x));
   return nir_iand(b, lo, hi);
}

nir_def *
nir_scalarize_partitioned_intrinsic(nir_builder *b, nir_intrinsic_instr *intrin)
{
   nir_def *value = intrin->src[0].ssa;
   if (value->num_components == 1)
      return NULL;

   if (intrin->intrinsic == nir_intrinsic_partition) {
      nir_def *result = NULL;
      for (unsigned c = 0; c < value->num_components; c++) {
         nir_def *p = nir_partition(b, intrin->def.num_components, intrin->def.bit_size,
                                    nir_channel(b, value, c));
         result = result ? nir_iand(b, result, p) : p;
      }
      return result;
   }

   nir_def *chans[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < value->num_components; c++) {
      nir_intrinsic_instr *chan = nir_intrinsic_instr_create(b->shader, intrin->intrinsic);
      nir_def_init(&chan->instr, &chan->def, 1, intrin->def.bit_size);
      chan->num_components = 1;
      chan->src[0] = nir_src_for_ssa(nir_channel(b, value, c));
      chan->src[1] = nir_src_for_ssa(intrin->src[1].ssa);
      nir_intrinsic_set_reduction_op(chan, nir_intrinsic_reduction_op(intrin));
      nir_builder_instr_insert(b, &chan->instr);
      chans[c] = &chan->def;
   }
   return nir_vec(b, chans, value->num_components);
}
