/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* Ballot, vote and elect as portable LLVM IR: a lane compare gives
 * <N x i1>, whose bitcast to iN LLVM lowers to movmskps (SSE4.1, 4 lanes),
 * vmovmskps (AVX2, 8 lanes) or vptestmd/vpcmpd + kmov (AVX-512).  Only
 * active lanes count: every mask is ANDed with the execution mask first.
 */

#include "lp_bld_subgroup.h"

#include "gallivm/lp_bld_const.h"
#include "gallivm/lp_bld_init.h"
#include "gallivm/lp_bld_intr.h"
#include "gallivm/lp_bld_swizzle.h"

static LLVMValueRef
all_ones_if_null(struct gallivm_state *gallivm, LLVMValueRef exec, unsigned n)
{
   if (exec)
      return exec;
   return lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 32 * n), -1);
}

/* iN bits of a <N x i1>, widened to i32. */
static LLVMValueRef
bits_of(struct gallivm_state *gallivm, LLVMValueRef i1vec)
{
   LLVMBuilderRef builder = gallivm->builder;
   unsigned n = lp_sg_lanes(i1vec);
   LLVMValueRef bits = LLVMBuildBitCast(builder, i1vec,
                                        LLVMIntTypeInContext(gallivm->context, n), "");
   LLVMTypeRef i32 = LLVMInt32TypeInContext(gallivm->context);
   return n < 32 ? LLVMBuildZExt(builder, bits, i32, "") : bits;
}

static LLVMValueRef
active_i1(struct gallivm_state *gallivm, LLVMValueRef exec)
{
   return LLVMBuildICmp(gallivm->builder, LLVMIntNE, exec,
                        LLVMConstNull(LLVMTypeOf(exec)), "");
}

LLVMValueRef
lp_sg_ballot_bits(struct gallivm_state *gallivm, LLVMValueRef cond, LLVMValueRef exec)
{
   LLVMBuilderRef builder = gallivm->builder;
   unsigned n = lp_sg_lanes(cond);
   exec = all_ones_if_null(gallivm, exec, n);
   LLVMValueRef c = LLVMBuildICmp(builder, LLVMIntNE, cond,
                                  LLVMConstNull(LLVMTypeOf(cond)), "");
   c = LLVMBuildAnd(builder, c, active_i1(gallivm, exec), "");
   return bits_of(gallivm, c);
}

static bool
lanes_ok(LLVMValueRef v)
{
   LLVMTypeRef t = LLVMTypeOf(v);
   if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
      return false;
   unsigned n = LLVMGetVectorSize(t);
   return n >= 4 && n <= 32;
}

static LLVMValueRef
splat_i32(struct gallivm_state *gallivm, LLVMValueRef scalar, unsigned n)
{
   return lp_build_broadcast(gallivm, LLVMVectorType(LLVMTypeOf(scalar), n), scalar);
}

LLVMValueRef
lp_sg_ballot(struct gallivm_state *gallivm, LLVMValueRef cond, LLVMValueRef exec)
{
   if (!lp_sg_native_enabled() || !lanes_ok(cond))
      return NULL;
   return splat_i32(gallivm, lp_sg_ballot_bits(gallivm, cond, exec),
                    lp_sg_lanes(cond));
}

static LLVMTypeRef
float_type(struct gallivm_state *gallivm, unsigned bits)
{
   switch (bits) {
   case 16: return LLVMHalfTypeInContext(gallivm->context);
   case 32: return LLVMFloatTypeInContext(gallivm->context);
   case 64: return LLVMDoubleTypeInContext(gallivm->context);
   default: return NULL;
   }
}

/* Lowest active lane (32 when none is). */
static LLVMValueRef
first_active(struct gallivm_state *gallivm, LLVMValueRef exec)
{
   LLVMBuilderRef builder = gallivm->builder;
   LLVMTypeRef i32 = LLVMInt32TypeInContext(gallivm->context);
   LLVMValueRef args[2] = {
      bits_of(gallivm, active_i1(gallivm, exec)),
      LLVMConstInt(LLVMInt1TypeInContext(gallivm->context), 0, 0),
   };
   return lp_build_intrinsic(builder, "llvm.cttz.i32", i32, args, 2, 0);
}

LLVMValueRef
lp_sg_vote(struct gallivm_state *gallivm, enum lp_sg_vote op,
           LLVMValueRef src, LLVMValueRef exec)
{
   if (!lp_sg_native_enabled() || !lanes_ok(src))
      return NULL;

   LLVMBuilderRef builder = gallivm->builder;
   LLVMTypeRef i32 = LLVMInt32TypeInContext(gallivm->context);
   unsigned n = lp_sg_lanes(src);
   unsigned bits = LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(src)));
   exec = all_ones_if_null(gallivm, exec, n);
   LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
   LLVMValueRef res;

   switch (op) {
   case LP_SG_VOTE_ANY:
      res = LLVMBuildICmp(builder, LLVMIntNE,
                          lp_sg_ballot_bits(gallivm, src, exec), zero, "");
      break;
   case LP_SG_VOTE_ALL:
      res = LLVMBuildICmp(builder, LLVMIntEQ,
                          lp_sg_ballot_bits(gallivm, src, exec),
                          lp_sg_ballot_bits(gallivm, exec, exec), "");
      break;
   case LP_SG_VOTE_IEQ:
   case LP_SG_VOTE_FEQ: {
      /* Broadcast the lowest active lane's value, compare every lane with
       * it, and ballot the active lanes that differ.
       */
      LLVMTypeRef ft = op == LP_SG_VOTE_FEQ ? float_type(gallivm, bits) : NULL;
      if (op == LP_SG_VOTE_FEQ && !ft)
         return NULL;
      LLVMValueRef frozen = LLVMBuildFreeze(builder, src, "");
      LLVMValueRef idx = first_active(gallivm, exec);
      /* 32 when no lane is active: nothing reads the result then */
      idx = LLVMBuildAnd(builder, idx, LLVMConstInt(i32, n - 1, 0), "");
      LLVMValueRef first = LLVMBuildExtractElement(builder, frozen, idx, "");
      LLVMValueRef all_first = lp_build_broadcast(gallivm, LLVMTypeOf(frozen), first);
      LLVMValueRef ne;
      if (ft) {
         /* as Mesa's loop: unordered-or-equal counts as equal */
         LLVMTypeRef fvt = LLVMVectorType(ft, n);
         LLVMValueRef eq = LLVMBuildFCmp(builder, LLVMRealUEQ,
                                         LLVMBuildBitCast(builder, frozen, fvt, ""),
                                         LLVMBuildBitCast(builder, all_first, fvt, ""), "");
         ne = LLVMBuildNot(builder, eq, "");
      } else {
         ne = LLVMBuildICmp(builder, LLVMIntNE, frozen, all_first, "");
      }
      ne = LLVMBuildAnd(builder, ne, active_i1(gallivm, exec), "");
      res = LLVMBuildICmp(builder, LLVMIntEQ, bits_of(gallivm, ne), zero, "");
      break;
   }
   default:
      return NULL;
   }
   return splat_i32(gallivm, LLVMBuildSExt(builder, res, i32, ""), n);
}

LLVMValueRef
lp_sg_elect(struct gallivm_state *gallivm, LLVMValueRef exec)
{
   if (!lp_sg_native_enabled() || (exec && !lanes_ok(exec)))
      return NULL;
   if (!exec)
      return NULL;

   LLVMBuilderRef builder = gallivm->builder;
   unsigned n = lp_sg_lanes(exec);
   LLVMTypeRef vt = LLVMTypeOf(exec);
   LLVMValueRef iota[LP_MAX_VECTOR_LENGTH];
   for (unsigned i = 0; i < n; i++)
      iota[i] = lp_build_const_int32(gallivm, i);
   LLVMValueRef first = splat_i32(gallivm, first_active(gallivm, exec), n);
   LLVMValueRef is_first = LLVMBuildICmp(builder, LLVMIntEQ,
                                         LLVMConstVector(iota, n), first, "");
   return LLVMBuildSExt(builder, is_first, vt, "");
}
