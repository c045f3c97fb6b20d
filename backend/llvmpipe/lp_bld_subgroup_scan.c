/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* Reduce, clustered reduce, inclusive and exclusive scans in log2(N)
 * vector steps instead of one branch per lane.
 *
 * Inactive lanes first take the operation's identity, so that they drop out
 * of every combination.  Then:
 *   reduce over clusters of C lanes: log2(C) butterfly steps, lane i
 *     combining with lane i ^ s (s = 1, 2, 4, ...); every lane of a cluster
 *     ends with the cluster's result;
 *   inclusive scan: log2(N) steps, lane i combining with lane i - s (the
 *     identity below lane s);
 *   exclusive scan: the inclusive scan moved up one lane, the identity in
 *     lane 0.
 * Each step is one constant lane shuffle (pshufd / vpermilps / valignd /
 * vpermd with a constant) and one vector operation.  Floating-point sums
 * and products are combined in tree order, which the SPIR-V group
 * operations allow.  32-bit elements only; the rest keeps Mesa's loop.
 */

#include "lp_bld_subgroup.h"

#include <math.h>

#include "nir.h"
#include "gallivm/lp_bld_arit.h"
#include "gallivm/lp_bld_const.h"
#include "gallivm/lp_bld_init.h"
#include "gallivm/lp_bld_bitarit.h"
#include "gallivm/lp_bld_logic.h"
#include "gallivm/lp_bld_swizzle.h"

static bool
op_is_float(nir_op op)
{
   return op == nir_op_fadd || op == nir_op_fmul || op == nir_op_fmin || op == nir_op_fmax;
}

static LLVMValueRef
identity(struct lp_build_context *bld, nir_op op)
{
   struct gallivm_state *gallivm = bld->gallivm;
   switch (op) {
   case nir_op_iadd: case nir_op_ior: case nir_op_ixor: case nir_op_umax:
      return lp_build_const_int_vec(gallivm, bld->type, 0);
   case nir_op_imul:
      return lp_build_const_int_vec(gallivm, bld->type, 1);
   case nir_op_iand: case nir_op_umin:
      return lp_build_const_int_vec(gallivm, bld->type, -1);
   case nir_op_imin:
      return lp_build_const_int_vec(gallivm, bld->type, INT32_MAX);
   case nir_op_imax:
      return lp_build_const_int_vec(gallivm, bld->type, INT32_MIN);
   case nir_op_fadd:
      return lp_build_const_vec(gallivm, bld->type, 0.0);
   case nir_op_fmul:
      return lp_build_const_vec(gallivm, bld->type, 1.0);
   case nir_op_fmin:
      return lp_build_const_vec(gallivm, bld->type, INFINITY);
   case nir_op_fmax:
      return lp_build_const_vec(gallivm, bld->type, -INFINITY);
   default:
      return NULL;
   }
}

static LLVMValueRef
combine(struct lp_build_context *bld, nir_op op, LLVMValueRef a, LLVMValueRef b)
{
   switch (op) {
   case nir_op_iadd: case nir_op_fadd: return lp_build_add(bld, a, b);
   case nir_op_imul: case nir_op_fmul: return lp_build_mul(bld, a, b);
   case nir_op_imin: case nir_op_umin: case nir_op_fmin: return lp_build_min(bld, a, b);
   case nir_op_imax: case nir_op_umax: case nir_op_fmax: return lp_build_max(bld, a, b);
   case nir_op_iand: return lp_build_and(bld, a, b);
   case nir_op_ior: return lp_build_or(bld, a, b);
   case nir_op_ixor: return lp_build_xor(bld, a, b);
   default: return NULL;
   }
}

enum lane_map { MAP_XOR, MAP_SHIFT_UP };

/* Lane i of the result: v[i ^ s] (MAP_XOR), or v[i - s] and fill[i] below
 * lane s (MAP_SHIFT_UP).  A constant shuffle.
 */
static LLVMValueRef
move_lanes(struct gallivm_state *gallivm, LLVMValueRef v, LLVMValueRef fill,
           enum lane_map map, unsigned s)
{
   unsigned n = lp_sg_lanes(v);
   LLVMValueRef idx[LP_MAX_VECTOR_LENGTH];
   for (unsigned i = 0; i < n; i++) {
      unsigned from = map == MAP_XOR ? (i ^ s) : i >= s ? i - s : n + i;
      idx[i] = lp_build_const_int32(gallivm, from);
   }
   return LLVMBuildShuffleVector(gallivm->builder, v, fill, LLVMConstVector(idx, n), "");
}

/* What lp_sg_scan and lp_sg_partitioned_scan share: src must be a vector of
 * 2 to 32 (a power of two) 32-bit integers; sets up the context of op's type,
 * op's identity, and src frozen and in that type.  False if unsupported.
 */
static bool
scan_setup(struct gallivm_state *gallivm, nir_op op, LLVMValueRef src,
           struct lp_build_context *bld, LLVMValueRef *id, LLVMValueRef *value)
{
   LLVMTypeRef t = LLVMTypeOf(src);
   if (LLVMGetTypeKind(t) != LLVMVectorTypeKind ||
       LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind ||
       LLVMGetIntTypeWidth(LLVMGetElementType(t)) != 32)
      return false;
   const unsigned n = LLVMGetVectorSize(t);
   if (n < 2 || n > 32 || (n & (n - 1)))
      return false;

   struct lp_type type = op_is_float(op) ? lp_type_float_vec(32, 32 * n)
                       : (op == nir_op_umin || op == nir_op_umax) ? lp_type_uint_vec(32, 32 * n)
                       : lp_type_int_vec(32, 32 * n);
   lp_build_context_init(bld, gallivm, type);
   *id = identity(bld, op);
   if (!*id)
      return false;
   *value = LLVMBuildFreeze(gallivm->builder, src, "");
   if (op_is_float(op))
      *value = LLVMBuildBitCast(gallivm->builder, *value, bld->vec_type, "");
   return true;
}

LLVMValueRef
lp_sg_scan(struct gallivm_state *gallivm, enum lp_sg_scan_kind kind, unsigned op_,
           unsigned cluster, LLVMValueRef src, LLVMValueRef exec)
{
   const nir_op op = (nir_op)op_;
   LLVMTypeRef t = LLVMTypeOf(src);
   struct lp_build_context bld;
   LLVMValueRef id, v;
   if (!lp_sg_native_enabled() || !scan_setup(gallivm, op, src, &bld, &id, &v))
      return NULL;
   const unsigned n = LLVMGetVectorSize(t);
   LLVMBuilderRef builder = gallivm->builder;
   if (exec) {
      LLVMValueRef active = LLVMBuildICmp(builder, LLVMIntNE, exec,
                                          LLVMConstNull(LLVMTypeOf(exec)), "");
      v = LLVMBuildSelect(builder, active, v, id, "");
   }

   if (kind == LP_SG_REDUCE) {
      if (cluster == 0 || cluster > n)
         cluster = n;
      for (unsigned s = 1; s < cluster; s *= 2)
         v = combine(&bld, op, v, move_lanes(gallivm, v, v, MAP_XOR, s));
   } else {
      for (unsigned s = 1; s < n; s *= 2)
         v = combine(&bld, op, v, move_lanes(gallivm, v, id, MAP_SHIFT_UP, s));
      if (kind == LP_SG_EXCLUSIVE_SCAN)
         v = move_lanes(gallivm, v, id, MAP_SHIFT_UP, 1);
   }
   return LLVMBuildBitCast(builder, v, t, "");
}

/* Partitioned reduce / scans (SPV_EXT_shader_subgroup_partitioned): lane i
 * combines the lanes j set in its partition ballot ANDed with the active
 * lanes (all j for reduce, j <= i inclusive, j < i exclusive).  The subsets
 * are arbitrary bit sets, so there is no log2(N) tree: N - 1 branch-free
 * steps, step s bringing lane (i + s) mod N (reduce) or i - s (scans) by a
 * constant shuffle and taking it where its bit is set in lane i's mask.
 */
LLVMValueRef
lp_sg_partitioned_scan(struct gallivm_state *gallivm, enum lp_sg_scan_kind kind,
                       unsigned op_, LLVMValueRef src, LLVMValueRef ballot,
                       LLVMValueRef exec)
{
   const nir_op op = (nir_op)op_;
   LLVMTypeRef t = LLVMTypeOf(src);
   struct lp_build_context bld;
   LLVMValueRef id, x;
   if (LLVMTypeOf(ballot) != t || !scan_setup(gallivm, op, src, &bld, &id, &x))
      return NULL;
   const unsigned n = LLVMGetVectorSize(t);
   LLVMBuilderRef builder = gallivm->builder;
   LLVMValueRef active = lp_sg_ballot_bits(gallivm, exec ? exec : LLVMConstAllOnes(t), exec);
   LLVMValueRef mask = LLVMBuildAnd(builder, LLVMBuildFreeze(builder, ballot, ""),
                                    lp_build_broadcast(gallivm, t, active), "");
   LLVMValueRef zero = LLVMConstNull(t);

   /* lane i takes lane from[i] where bit from[i] of its mask is set */
   LLVMValueRef idx[LP_MAX_VECTOR_LENGTH], bit[LP_MAX_VECTOR_LENGTH];
   LLVMValueRef acc;
   if (kind == LP_SG_EXCLUSIVE_SCAN) {
      acc = id;
   } else {
      for (unsigned i = 0; i < n; i++)
         bit[i] = lp_build_const_int32(gallivm, 1u << i);
      LLVMValueRef own = LLVMBuildAnd(builder, mask, LLVMConstVector(bit, n), "");
      acc = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntNE, own, zero, ""),
                            x, id, "");
   }
   for (unsigned s = 1; s < n; s++) {
      for (unsigned i = 0; i < n; i++) {
         unsigned from;
         if (kind == LP_SG_REDUCE) {
            from = (i + s) % n;
         } else if (i >= s) {
            from = i - s;
         } else {
            idx[i] = lp_build_const_int32(gallivm, n + i);   /* identity */
            bit[i] = lp_build_const_int32(gallivm, 0);
            continue;
         }
         idx[i] = lp_build_const_int32(gallivm, from);
         bit[i] = lp_build_const_int32(gallivm, 1u << from);
      }
      LLVMValueRef moved = LLVMBuildShuffleVector(builder, x, id, LLVMConstVector(idx, n), "");
      LLVMValueRef take = LLVMBuildAnd(builder, mask, LLVMConstVector(bit, n), "");
      take = LLVMBuildICmp(builder, LLVMIntNE, take, zero, "");
      acc = combine(&bld, op, acc, LLVMBuildSelect(builder, take, moved, id, ""));
   }
   return LLVMBuildBitCast(builder, acc, t, "");
}
