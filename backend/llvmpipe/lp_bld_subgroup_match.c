/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* OpGroupNonUniformPartitionEXT (nir_intrinsic_partition): the ballot of
 * the active lanes holding this lane's value, bit for bit (spirv_to_nir has
 * canonicalised floats already).
 *
 * AVX-512CD: vpconflictd gives each lane the lanes below it with an equal
 * value; the same on the lane-reversed vector, reversed back and
 * bit-reversed, gives the lanes above.  Their OR plus the lane itself is
 * the whole match set.  64-bit values: the AND of the sets of the two
 * 32-bit halves.
 *
 * Elsewhere (SSE4.1, AVX2): N - 1 constant lane rotations of the value,
 * each compared with it, each equal lane contributing its bit.
 */

#include "lp_bld_subgroup.h"

#include "gallivm/lp_bld_const.h"
#include "gallivm/lp_bld_init.h"
#include "gallivm/lp_bld_intr.h"
#include "gallivm/lp_bld_swizzle.h"
#include "util/u_cpu_detect.h"

static LLVMValueRef
lane_const(struct gallivm_state *gallivm, unsigned n, unsigned (*f)(unsigned, unsigned, unsigned),
           unsigned arg)
{
   LLVMValueRef c[LP_MAX_VECTOR_LENGTH];
   for (unsigned i = 0; i < n; i++)
      c[i] = lp_build_const_int32(gallivm, f(i, n, arg));
   return LLVMConstVector(c, n);
}

static unsigned f_reverse(unsigned i, unsigned n, unsigned a) { (void)a; return n - 1 - i; }
static unsigned f_rotate(unsigned i, unsigned n, unsigned r) { return (i + r) % n; }
static unsigned f_rotate_bit(unsigned i, unsigned n, unsigned r) { return 1u << ((i + r) % n); }

static bool
has_conflict(unsigned n)
{
   const struct util_cpu_caps_t *caps = util_get_cpu_caps();
   if (!caps->has_avx512f || !caps->has_avx512cd)
      return false;
   return n == 16 || ((n == 4 || n == 8) && caps->has_avx512vl);
}

static LLVMValueRef
conflict32(struct gallivm_state *gallivm, LLVMValueRef v)
{
   unsigned n = lp_sg_lanes(v);
   const char *name = n == 16 ? "llvm.x86.avx512.conflict.d.512" :
                      n == 8  ? "llvm.x86.avx512.conflict.d.256" :
                                "llvm.x86.avx512.conflict.d.128";
   return lp_build_intrinsic_unary(gallivm->builder, name, LLVMTypeOf(v), v);
}

/* Match set of a <N x i32>, without the execution mask. */
static LLVMValueRef
match32_conflict(struct gallivm_state *gallivm, LLVMValueRef v)
{
   LLVMBuilderRef builder = gallivm->builder;
   unsigned n = lp_sg_lanes(v);
   LLVMTypeRef vt = LLVMTypeOf(v);
   LLVMValueRef rev = lane_const(gallivm, n, f_reverse, 0);
   LLVMValueRef undef = LLVMGetUndef(vt);

   LLVMValueRef below = conflict32(gallivm, v);
   LLVMValueRef above = conflict32(gallivm, LLVMBuildShuffleVector(builder, v, undef, rev, ""));
   above = LLVMBuildShuffleVector(builder, above, undef, rev, "");
   /* bit m of the reversed lane stands for lane n - 1 - m */
   char name[32];
   snprintf(name, sizeof(name), "llvm.bitreverse.v%ui32", n);
   above = lp_build_intrinsic_unary(builder, name, vt, above);
   above = LLVMBuildLShr(builder, above,
                         lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 32 * n), 32 - n), "");

   LLVMValueRef self = lane_const(gallivm, n, f_rotate_bit, 0);
   return LLVMBuildOr(builder, LLVMBuildOr(builder, below, above, ""), self, "");
}

/* Match set of a <N x iK>, any K, by rotate and compare. */
static LLVMValueRef
match_rotate(struct gallivm_state *gallivm, LLVMValueRef v)
{
   LLVMBuilderRef builder = gallivm->builder;
   unsigned n = lp_sg_lanes(v);
   LLVMTypeRef t32 = LLVMVectorType(LLVMInt32TypeInContext(gallivm->context), n);
   LLVMValueRef m = lane_const(gallivm, n, f_rotate_bit, 0);
   for (unsigned r = 1; r < n; r++) {
      LLVMValueRef rot = LLVMBuildShuffleVector(builder, v, LLVMGetUndef(LLVMTypeOf(v)),
                                                lane_const(gallivm, n, f_rotate, r), "");
      LLVMValueRef eq = LLVMBuildICmp(builder, LLVMIntEQ, v, rot, "");
      LLVMValueRef bit = LLVMBuildSelect(builder, eq, lane_const(gallivm, n, f_rotate_bit, r),
                                         LLVMConstNull(t32), "");
      m = LLVMBuildOr(builder, m, bit, "");
   }
   return m;
}

LLVMValueRef
lp_sg_partition(struct gallivm_state *gallivm, LLVMValueRef src, LLVMValueRef exec)
{
   LLVMTypeRef t = LLVMTypeOf(src);
   if (LLVMGetTypeKind(t) != LLVMVectorTypeKind ||
       LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind)
      return NULL;
   unsigned n = LLVMGetVectorSize(t);
   if (n < 2 || n > 32)
      return NULL;

   LLVMBuilderRef builder = gallivm->builder;
   unsigned bits = LLVMGetIntTypeWidth(LLVMGetElementType(t));
   LLVMTypeRef t32 = LLVMVectorType(LLVMInt32TypeInContext(gallivm->context), n);
   src = LLVMBuildFreeze(builder, src, "");

   LLVMValueRef m;
   if (lp_sg_native_enabled() && has_conflict(n) && bits <= 64) {
      if (bits == 64) {
         LLVMValueRef sh = lp_build_const_int_vec(gallivm, lp_type_int_vec(64, 64 * n), 32);
         LLVMValueRef lo = LLVMBuildTrunc(builder, src, t32, "");
         LLVMValueRef hi = LLVMBuildTrunc(builder, LLVMBuildLShr(builder, src, sh, ""), t32, "");
         m = LLVMBuildAnd(builder, match32_conflict(gallivm, lo),
                          match32_conflict(gallivm, hi), "");
      } else {
         if (bits < 32)
            src = LLVMBuildZExt(builder, src, t32, "");
         m = match32_conflict(gallivm, src);
      }
   } else {
      m = match_rotate(gallivm, src);
   }

   LLVMValueRef active = lp_sg_ballot_bits(gallivm, exec ? exec : LLVMConstAllOnes(t32), exec);
   active = lp_build_broadcast(gallivm, t32, active);
   return LLVMBuildAnd(builder, m, active, "");
}
