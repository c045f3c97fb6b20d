/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* Lane permutes: OpGroupNonUniformShuffle and everything lowered to it
 * (relative shuffles, rotate, the INTEL shuffles), one instruction per
 * 32-bit lane vector where the CPU has one.
 */

#include "lp_bld_subgroup.h"

#include "nir.h"

#include "gallivm/lp_bld_const.h"
#include "gallivm/lp_bld_init.h"
#include "gallivm/lp_bld_intr.h"
#include "util/u_cpu_detect.h"
#include "util/u_debug.h"

bool
lp_sg_native_enabled(void)
{
   static int enabled = -1;
   if (enabled < 0)
      enabled = debug_get_bool_option("LP_SUBGROUP_NATIVE", true);
   return enabled;
}

unsigned
lp_sg_lanes(LLVMValueRef v)
{
   LLVMTypeRef t = LLVMTypeOf(v);
   return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

static LLVMTypeRef
int_vec(struct gallivm_state *gallivm, unsigned bits, unsigned n)
{
   return LLVMVectorType(LLVMIntTypeInContext(gallivm->context, bits), n);
}

/* Lanes [first, first + n) of v. */
static LLVMValueRef
sub_vector(struct gallivm_state *gallivm, LLVMValueRef v,
           unsigned first, unsigned n)
{
   LLVMValueRef idx[LP_MAX_VECTOR_LENGTH];
   for (unsigned i = 0; i < n; i++)
      idx[i] = lp_build_const_int32(gallivm, first + i);
   return LLVMBuildShuffleVector(gallivm->builder, v, LLVMGetUndef(LLVMTypeOf(v)),
                                 LLVMConstVector(idx, n), "");
}

static LLVMValueRef
concat(struct gallivm_state *gallivm, LLVMValueRef lo, LLVMValueRef hi)
{
   unsigned n = lp_sg_lanes(lo) * 2;
   LLVMValueRef idx[LP_MAX_VECTOR_LENGTH];
   for (unsigned i = 0; i < n; i++)
      idx[i] = lp_build_const_int32(gallivm, i);
   return LLVMBuildShuffleVector(gallivm->builder, lo, hi,
                                 LLVMConstVector(idx, n), "");
}

/* <N x i32> permute, N = 4, 8 or 16; NULL where the CPU has no form. */
static LLVMValueRef
permute32(struct gallivm_state *gallivm, LLVMValueRef src, LLVMValueRef index)
{
   LLVMBuilderRef builder = gallivm->builder;
   const struct util_cpu_caps_t *caps = util_get_cpu_caps();
   unsigned n = lp_sg_lanes(src);
   LLVMTypeRef vt = LLVMTypeOf(src);

   if (n == 16 && caps->has_avx512f)
      return lp_build_intrinsic_binary(builder, "llvm.x86.avx512.permvar.si.512",
                                       vt, src, index);
   if (n == 8 && caps->has_avx2)
      return lp_build_intrinsic_binary(builder, "llvm.x86.avx2.permd",
                                       vt, src, index);
   if (n == 4 && caps->has_avx) {
      LLVMTypeRef ft = LLVMVectorType(LLVMFloatTypeInContext(gallivm->context), 4);
      LLVMValueRef r =
         lp_build_intrinsic_binary(builder, "llvm.x86.avx.vpermilvar.ps", ft,
                                   LLVMBuildBitCast(builder, src, ft, ""), index);
      return LLVMBuildBitCast(builder, r, vt, "");
   }
   if (n == 4 && caps->has_ssse3) {
      /* pshufb: byte 4 * i + k of the result takes byte 4 * (index & 3) + k */
      LLVMTypeRef bt = int_vec(gallivm, 8, 16);
      LLVMValueRef sel = LLVMBuildAnd(builder, index,
                                      lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 128), 3), "");
      sel = LLVMBuildMul(builder, sel,
                         lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 128), 0x04040404), "");
      sel = LLVMBuildOr(builder, sel,
                        lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 128), 0x03020100), "");
      LLVMValueRef r =
         lp_build_intrinsic_binary(builder, "llvm.x86.ssse3.pshuf.b.128", bt,
                                   LLVMBuildBitCast(builder, src, bt, ""),
                                   LLVMBuildBitCast(builder, sel, bt, ""));
      return LLVMBuildBitCast(builder, r, vt, "");
   }
   if (n == 16 && caps->has_avx2) {
      /* 16 lanes in two ymm halves: each output half permutes both input
       * halves and picks by bit 3 of the index.
       */
      LLVMValueRef lo = sub_vector(gallivm, src, 0, 8);
      LLVMValueRef hi = sub_vector(gallivm, src, 8, 8);
      LLVMValueRef half[2];
      for (unsigned h = 0; h < 2; h++) {
         LLVMValueRef idx = sub_vector(gallivm, index, 8 * h, 8);
         LLVMValueRef from_lo = permute32(gallivm, lo, idx);
         LLVMValueRef from_hi = permute32(gallivm, hi, idx);
         LLVMValueRef bit = LLVMBuildAnd(builder, idx,
                                         lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 256), 8), "");
         LLVMValueRef use_hi = LLVMBuildICmp(builder, LLVMIntNE, bit,
                                             LLVMConstNull(LLVMTypeOf(idx)), "");
         half[h] = LLVMBuildSelect(builder, use_hi, from_hi, from_lo, "");
      }
      return concat(gallivm, half[0], half[1]);
   }
   return NULL;
}

/* Applies a 32-bit lane operation to any element size: narrower elements
 * are widened, 64-bit ones split in two 32-bit vectors.
 */
typedef LLVMValueRef (*lane_op32)(struct gallivm_state *gallivm,
                                  LLVMValueRef a, LLVMValueRef b,
                                  LLVMValueRef index);

static LLVMValueRef
apply_any_size(struct gallivm_state *gallivm, lane_op32 op,
               LLVMValueRef a, LLVMValueRef b, LLVMValueRef index)
{
   LLVMBuilderRef builder = gallivm->builder;
   LLVMTypeRef vt = LLVMTypeOf(a);
   unsigned n = lp_sg_lanes(a);
   unsigned bits = LLVMGetIntTypeWidth(LLVMGetElementType(vt));
   LLVMTypeRef t32 = int_vec(gallivm, 32, n);

   if (bits == 32)
      return op(gallivm, a, b, index);
   if (bits < 32) {
      LLVMValueRef r = op(gallivm, LLVMBuildZExt(builder, a, t32, ""),
                          b ? LLVMBuildZExt(builder, b, t32, "") : NULL, index);
      return r ? LLVMBuildTrunc(builder, r, vt, "") : NULL;
   }
   if (bits == 64) {
      LLVMValueRef sh = lp_build_const_int_vec(gallivm, lp_type_int_vec(64, 64 * n), 32);
      LLVMValueRef alo = LLVMBuildTrunc(builder, a, t32, "");
      LLVMValueRef ahi = LLVMBuildTrunc(builder, LLVMBuildLShr(builder, a, sh, ""), t32, "");
      LLVMValueRef blo = NULL, bhi = NULL;
      if (b) {
         blo = LLVMBuildTrunc(builder, b, t32, "");
         bhi = LLVMBuildTrunc(builder, LLVMBuildLShr(builder, b, sh, ""), t32, "");
      }
      LLVMValueRef rlo = op(gallivm, alo, blo, index);
      LLVMValueRef rhi = op(gallivm, ahi, bhi, index);
      if (!rlo || !rhi)
         return NULL;
      rlo = LLVMBuildZExt(builder, rlo, vt, "");
      rhi = LLVMBuildShl(builder, LLVMBuildZExt(builder, rhi, vt, ""), sh, "");
      return LLVMBuildOr(builder, rlo, rhi, "");
   }
   return NULL;
}

static LLVMValueRef
shuffle_op(struct gallivm_state *gallivm, LLVMValueRef a, LLVMValueRef b,
           LLVMValueRef index)
{
   (void)b;
   return permute32(gallivm, a, index);
}

static bool
shape_ok(LLVMValueRef src, LLVMValueRef index)
{
   LLVMTypeRef t = LLVMTypeOf(src);
   if (LLVMGetTypeKind(t) != LLVMVectorTypeKind ||
       LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind)
      return false;
   LLVMTypeRef it = LLVMTypeOf(index);
   if (LLVMGetTypeKind(it) != LLVMVectorTypeKind ||
       LLVMGetIntTypeWidth(LLVMGetElementType(it)) != 32 ||
       LLVMGetVectorSize(it) != LLVMGetVectorSize(t))
      return false;
   unsigned n = LLVMGetVectorSize(t);
   return n == 4 || n == 8 || n == 16;
}

LLVMValueRef
lp_sg_shuffle(struct gallivm_state *gallivm, LLVMValueRef src, LLVMValueRef index)
{
   if (!lp_sg_native_enabled() || !shape_ok(src, index))
      return NULL;
   src = LLVMBuildFreeze(gallivm->builder, src, "");
   index = LLVMBuildFreeze(gallivm->builder, index, "");
   return apply_any_size(gallivm, shuffle_op, src, NULL, index);
}

static LLVMValueRef
shuffle2_op(struct gallivm_state *gallivm, LLVMValueRef a, LLVMValueRef b,
            LLVMValueRef index)
{
   LLVMBuilderRef builder = gallivm->builder;
   const struct util_cpu_caps_t *caps = util_get_cpu_caps();
   unsigned n = lp_sg_lanes(a);
   LLVMTypeRef vt = LLVMTypeOf(a);
   LLVMValueRef args[3] = { a, index, b };

   /* vpermt2d / vpermi2d: one instruction over the 2N-lane table. */
   if (n == 16 && caps->has_avx512f)
      return lp_build_intrinsic(builder, "llvm.x86.avx512.vpermi2var.d.512", vt, args, 3, 0);
   if (n == 8 && caps->has_avx512f && caps->has_avx512vl)
      return lp_build_intrinsic(builder, "llvm.x86.avx512.vpermi2var.d.256", vt, args, 3, 0);
   if (n == 4 && caps->has_avx512f && caps->has_avx512vl)
      return lp_build_intrinsic(builder, "llvm.x86.avx512.vpermi2var.d.128", vt, args, 3, 0);

   LLVMValueRef from_a = permute32(gallivm, a, index);
   LLVMValueRef from_b = permute32(gallivm, b, index);
   if (!from_a || !from_b)
      return NULL;
   LLVMValueRef bit = LLVMBuildAnd(builder, index,
                                   lp_build_const_int_vec(gallivm, lp_type_int_vec(32, 32 * n), n), "");
   LLVMValueRef use_b = LLVMBuildICmp(builder, LLVMIntNE, bit, LLVMConstNull(vt), "");
   return LLVMBuildSelect(builder, use_b, from_b, from_a, "");
}

LLVMValueRef
lp_sg_shuffle2(struct gallivm_state *gallivm, LLVMValueRef a, LLVMValueRef b,
               LLVMValueRef index)
{
   if (!lp_sg_native_enabled() || !shape_ok(a, index) ||
       LLVMTypeOf(a) != LLVMTypeOf(b))
      return NULL;
   a = LLVMBuildFreeze(gallivm->builder, a, "");
   b = LLVMBuildFreeze(gallivm->builder, b, "");
   index = LLVMBuildFreeze(gallivm->builder, index, "");
   return apply_any_size(gallivm, shuffle2_op, a, b, index);
}

/* --- SPV_INTEL two-source shuffles, recognised in NIR --------------------
 *
 * spirv_to_nir builds OpSubgroupShuffleDownINTEL / UpINTEL as
 *
 *    index = SubgroupLocalInvocationId + delta      (Up: + MaxSize - delta)
 *    bcsel(ult(index, MaxSize), shuffle(first, index),
 *                               shuffle(second, index - MaxSize))
 *
 * and gallivm sees MaxSize as the constant lane count N.  That is a permute
 * of the 2N-lane table (first, second) by index: one vpermt2d.  The match
 * is exact: the two shuffle indices must be the same SSA value plus
 * constants differing by N, and the condition ult(index, N) (or uge with the
 * operands swapped).  Anything else is left to the generic path.
 */

struct base_offset {
   nir_scalar base;
   uint32_t offset;
};

static struct base_offset
split_constant_offset(nir_scalar s)
{
   struct base_offset r = { s, 0 };
   while (nir_scalar_is_alu(r.base) && r.base.def->bit_size == 32) {
      nir_op op = nir_scalar_alu_op(r.base);
      if (op != nir_op_iadd && op != nir_op_isub)
         break;
      nir_scalar a = nir_scalar_chase_alu_src(r.base, 0);
      nir_scalar b = nir_scalar_chase_alu_src(r.base, 1);
      if (nir_scalar_is_const(b)) {
         uint32_t c = nir_scalar_as_uint(b);
         r.offset += op == nir_op_iadd ? c : -c;
         r.base = a;
      } else if (op == nir_op_iadd && nir_scalar_is_const(a)) {
         r.offset += nir_scalar_as_uint(a);
         r.base = b;
      } else {
         break;
      }
   }
   return r;
}

static bool
same_scalar(nir_scalar a, nir_scalar b)
{
   return a.def == b.def && a.comp == b.comp;
}

static nir_intrinsic_instr *
scalar_shuffle(const nir_alu_src *src)
{
   if (src->src.ssa->num_components != 1 || src->swizzle[0] != 0)
      return NULL;
   nir_instr *p = src->src.ssa->parent_instr;
   if (p->type != nir_instr_type_intrinsic)
      return NULL;
   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(p);
   return intr->intrinsic == nir_intrinsic_shuffle && intr->src[1].ssa->bit_size == 32 ?
          intr : NULL;
}

bool
lp_sg_match_two_source_shuffle(const nir_alu_instr *alu, unsigned lanes,
                               nir_src **first, nir_src **second, nir_src **index)
{
   /* gallivm sees Booleans as 32-bit (nir_lower_bool_to_int32) */
   if ((alu->op != nir_op_bcsel && alu->op != nir_op_b32csel) ||
       alu->def.num_components != 1)
      return false;

   nir_scalar cond = nir_scalar_chase_alu_src(nir_get_scalar((nir_def *)&alu->def, 0), 0);
   if (!nir_scalar_is_alu(cond))
      return false;
   nir_op cmp = nir_scalar_alu_op(cond);
   if (cmp == nir_op_ult32)
      cmp = nir_op_ult;
   else if (cmp == nir_op_uge32)
      cmp = nir_op_uge;
   if (cmp != nir_op_ult && cmp != nir_op_uge)
      return false;
   nir_scalar limit = nir_scalar_chase_alu_src(cond, 1);
   if (!nir_scalar_is_const(limit) || nir_scalar_as_uint(limit) != lanes)
      return false;
   struct base_offset x = split_constant_offset(nir_scalar_chase_alu_src(cond, 0));

   /* ult: true selects the first table; uge: the second */
   nir_intrinsic_instr *lo = scalar_shuffle(&alu->src[cmp == nir_op_ult ? 1 : 2]);
   nir_intrinsic_instr *hi = scalar_shuffle(&alu->src[cmp == nir_op_ult ? 2 : 1]);
   if (!lo || !hi || lo->def.bit_size != hi->def.bit_size)
      return false;

   struct base_offset xl = split_constant_offset(nir_get_scalar(lo->src[1].ssa, 0));
   struct base_offset xh = split_constant_offset(nir_get_scalar(hi->src[1].ssa, 0));
   if (!same_scalar(x.base, xl.base) || !same_scalar(x.base, xh.base) ||
       x.offset != xl.offset || xh.offset != xl.offset - lanes)
      return false;

   *first = &lo->src[0];
   *second = &hi->src[0];
   *index = &lo->src[1];
   return true;
}
