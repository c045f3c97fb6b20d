/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The floor: the benchmark's loop (ops.h) written by hand with x86 SIMD
 * intrinsics, one subgroup per vector register: AVX2 for 8 lanes, AVX-512
 * for 16, and two or four AVX-512 registers for 32 and 64 lanes.  Measured like the shaders: the loop with the operation and the
 * loop with r = x, the same work, CPU time.  Each vector's v is carried
 * through the whole loop (v += rotl(OP(v ^ (i + k)), 7)), so nothing can be
 * hoisted, and the vectors run one after the other, as lavapipe runs a
 * workgroup's subgroups.  Ballot, votes and elect honour an execution mask
 * that the compiler cannot see is all ones.
 *
 * Compiled with plain -O2: the SIMD code sits in functions with target
 * attributes, called only when the CPU has the features
 * (__builtin_cpu_supports); a missing width is reported as a skip.
 *
 *   floor --lanes 8|16|32|64 [--reps R] [--scale F] [--ops a,b,...] [--clock cpu|wall]
 *
 * Output lines as bench.c's ("time <op> <rep> <op s> <base s> <lane-ops>
 * <checksum>", "wrong ...", "skip ...").
 */

#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ops.h"

#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512cd,avx2,bmi2")))
#define AVX2 __attribute__((target("avx2,bmi2")))

typedef void (*loop_fn)(const uint32_t *seed, uint32_t *out, uint32_t count, uint32_t n,
                        uint32_t exec);

/* Second forms of ballot and the votes that stay in vector registers (an
 * OR/AND across the lanes by shuffles) instead of going through a scalar
 * mask, and of the partition by vpconflictd instead of compares;
 * the floor reports whichever is faster on the machine.  At 32 and 64 lanes
 * only partition has a second form: vpconflictd within each register and
 * compares across registers. */
enum { OPV_BALLOT = OP_COUNT, OPV_VOTE_ANY, OPV_VOTE_ALL, OPV_PARTITION, OPV_END };

/* The active lanes: all, but the compiler must not know it (a shader's
 * execution mask is not a constant either). */
static volatile uint32_t exec_all = ~0u;

/* The operations whose partition (of seed & 3) is made before the loop. */
static inline bool
partitioned(int op)
{
   return op == OP_PARTITIONED_REDUCE_ADD || op == OP_PARTITIONED_REDUCE_ADD_U16 ||
          op == OP_PARTITIONED_REDUCE_ADD_U64;
}

/* ---- 16 lanes: AVX-512 ---- */

#define S16(c) _mm512_set1_epi32((int)(c))
#define IOTA16 _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define BIT16 _mm512_setr_epi32(1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6,     \
                                1 << 7, 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12,          \
                                1 << 13, 1 << 14, 1 << 15)

/* Lane l of ROT16(a, r) is a[(l + r) % 16]. */
#define ROT16(a, r) _mm512_alignr_epi32((a), (a), (r))

/* Partition mask of 16 keys: lane l gets the lanes whose key equals its.
 * Rotation r compares each lane with lane (l + r) % 16 and sets that lane's
 * bit; four accumulators keep the dependency chains short. */
static inline __attribute__((always_inline)) AVX512 __m512i
part16(__m512i key)
{
   __m512i a0 = BIT16, a1 = _mm512_setzero_si512(), a2 = a1, a3 = a1;
#define P16(acc, r) acc = _mm512_mask_or_epi32(acc, _mm512_cmpeq_epi32_mask(key, ROT16(key, r)), \
                                               acc, ROT16(BIT16, r))
   P16(a1, 1); P16(a2, 2); P16(a3, 3);
   P16(a0, 4); P16(a1, 5); P16(a2, 6); P16(a3, 7);
   P16(a0, 8); P16(a1, 9); P16(a2, 10); P16(a3, 11);
   P16(a0, 12); P16(a1, 13); P16(a2, 14); P16(a3, 15);
#undef P16
   return _mm512_or_si512(_mm512_or_si512(a0, a1), _mm512_or_si512(a2, a3));
}

/* 64-bit lanes as two vectors of 32-bit halves: (lo, hi) += (alo, ahi) in
 * the lanes of take, the low halves' carry going into the high ones. */
static inline __attribute__((always_inline)) AVX512 void
add64_16(__m512i *lo, __m512i *hi, __mmask16 take, __m512i alo, __m512i ahi)
{
   __m512i s = _mm512_mask_add_epi32(*lo, take, *lo, alo);
   __mmask16 carry = _mm512_mask_cmplt_epu32_mask(take, s, alo);
   *hi = _mm512_mask_add_epi32(*hi, take, *hi, ahi);
   *hi = _mm512_mask_add_epi32(*hi, carry, *hi, S16(1));
   *lo = s;
}

/* Inclusive scan of 32-bit lanes: lane l gets lanes 0..l. */
static inline __attribute__((always_inline)) AVX512 __m512i
scan16(__m512i x)
{
   __m512i s = _mm512_add_epi32(x, _mm512_alignr_epi32(x, _mm512_setzero_si512(), 15));
   s = _mm512_add_epi32(s, _mm512_alignr_epi32(s, _mm512_setzero_si512(), 14));
   s = _mm512_add_epi32(s, _mm512_alignr_epi32(s, _mm512_setzero_si512(), 12));
   return _mm512_add_epi32(s, _mm512_alignr_epi32(s, _mm512_setzero_si512(), 8));
}

/* Partitioned sum of 32-bit lanes: pm is loop-invariant, so are the 15 masks. */
static inline __attribute__((always_inline)) AVX512 __m512i
psum16(__m512i x, __m512i pm)
{
   __m512i a0 = x, a1 = _mm512_setzero_si512(), a2 = a1, a3 = a1;
#define PR16(acc, r) acc = _mm512_mask_add_epi32(acc, _mm512_test_epi32_mask(pm, ROT16(BIT16, r)), \
                                                 acc, ROT16(x, r))
   PR16(a1, 1); PR16(a2, 2); PR16(a3, 3);
   PR16(a0, 4); PR16(a1, 5); PR16(a2, 6); PR16(a3, 7);
   PR16(a0, 8); PR16(a1, 9); PR16(a2, 10); PR16(a3, 11);
   PR16(a0, 12); PR16(a1, 13); PR16(a2, 14); PR16(a3, 15);
#undef PR16
   return _mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3));
}

/* The low 16 bits of each lane bit-reversed (the upper 16 are zero):
 * each byte's nibbles through a table, then the two bytes swapped. */
static inline __attribute__((always_inline)) AVX512 __m512i
rev16_bits(__m512i x)
{
   const __m512i rev4 = _mm512_broadcast_i32x4(
      _mm_setr_epi8(0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf));
   const __m512i nib = _mm512_set1_epi8(0x0f);
   __m512i lo = _mm512_shuffle_epi8(_mm512_slli_epi16(rev4, 4), _mm512_and_si512(x, nib));
   __m512i hi = _mm512_shuffle_epi8(rev4, _mm512_and_si512(_mm512_srli_epi16(x, 4), nib));
   const __m512i swap = _mm512_broadcast_i32x4(
      _mm_setr_epi8(1, 0, -128, -128, 5, 4, -128, -128, 9, 8, -128, -128, 13, 12, -128, -128));
   return _mm512_shuffle_epi8(_mm512_or_si512(lo, hi), swap);
}

/* Partition mask of 16 keys by vpconflictd: the equal lanes below each
 * lane, the same on the lane-reversed keys for the lanes above (reversed
 * back, bits and lanes), and the lane itself. */
static inline __attribute__((always_inline)) AVX512 __m512i
part16_conflict(__m512i key)
{
   const __m512i rev = _mm512_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
   __m512i below = _mm512_conflict_epi32(key);
   __m512i above = _mm512_conflict_epi32(_mm512_permutexvar_epi32(rev, key));
   above = _mm512_permutexvar_epi32(rev, rev16_bits(above));
   return _mm512_or_si512(_mm512_or_si512(below, above), BIT16);
}

static inline __attribute__((always_inline)) AVX512 __m512i
step16(int op, __m512i x, __m512i v, uint32_t ik, __m512i pm, __mmask16 exec)
{
   __m512i s, lo, hi, lo1, hi1, idx;
   switch (op) {
   case OP_BALLOT:
      return S16(_mm512_mask_test_epi32_mask(exec, x, S16(1)));
   case OP_VOTE_ANY:
      return S16(_mm512_mask_test_epi32_mask(exec, x, S16(1)) != 0);
   case OP_VOTE_ALL:
      return S16(_mm512_mask_test_epi32_mask(exec, x, S16(1)) == exec);
   case OP_ELECT: /* the lowest active lane */
      return _mm512_maskz_mov_epi32(exec & -exec, x);
   case OPV_BALLOT:
   case OPV_VOTE_ANY:
   case OPV_VOTE_ALL:
      s = _mm512_and_si512(x, S16(1));
      if (op == OPV_BALLOT)
         s = _mm512_maskz_sllv_epi32(exec, s, IOTA16);
      else if (op == OPV_VOTE_ANY)
         s = _mm512_maskz_mov_epi32(exec, s);
      else
         s = _mm512_mask_mov_epi32(S16(1), exec, s);
      if (op == OPV_VOTE_ALL) {
         s = _mm512_and_si512(s, _mm512_shuffle_i32x4(s, s, 0x4e));
         s = _mm512_and_si512(s, _mm512_shuffle_i32x4(s, s, 0xb1));
         s = _mm512_and_si512(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0x4e));
         return _mm512_and_si512(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0xb1));
      }
      s = _mm512_or_si512(s, _mm512_shuffle_i32x4(s, s, 0x4e));
      s = _mm512_or_si512(s, _mm512_shuffle_i32x4(s, s, 0xb1));
      s = _mm512_or_si512(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0x4e));
      return _mm512_or_si512(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0xb1));
   case OP_BROADCAST:
      return _mm512_permutexvar_epi32(S16(1), x);
   case OP_READ_INVOCATION:
      return _mm512_permutexvar_epi32(S16(ik), x); /* vpermd reads 4 bits */
   case OP_SHUFFLE:
      return _mm512_permutexvar_epi32(_mm512_srli_epi32(x, 4), x);
   case OP_SHUFFLE_XOR:
      return _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0xb1);
   case OP_ROTATE_CONST:
      return ROT16(x, 1);
   case OP_ROTATE_DYN:
      return _mm512_permutexvar_epi32(_mm512_add_epi32(IOTA16, S16(ik)), x);
   case OP_INTEL_SHUFFLE_DOWN: /* index bit 4 picks Next */
      return _mm512_permutex2var_epi32(x, _mm512_add_epi32(IOTA16, S16(ik & 15)), v);
   case OP_PARTITION:
      return part16(_mm512_and_si512(x, S16(3)));
   case OPV_PARTITION:
      return part16_conflict(_mm512_and_si512(x, S16(3)));
   case OP_REDUCE_ADD:
      s = _mm512_add_epi32(x, _mm512_shuffle_i32x4(x, x, 0x4e));
      s = _mm512_add_epi32(s, _mm512_shuffle_i32x4(s, s, 0xb1));
      s = _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0x4e));
      return _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0xb1));
   case OP_INCLUSIVE_ADD:
      return scan16(x);
   case OP_PARTITIONED_REDUCE_ADD:
      return psum16(x, pm);
   /* 8 and 16 bits: the low bits of the 32-bit sums */
   case OP_INCLUSIVE_ADD_U8:
      return _mm512_and_si512(scan16(x), S16(0xff));
   case OP_INCLUSIVE_ADD_U16:
      return _mm512_and_si512(scan16(x), S16(0xffff));
   case OP_PARTITIONED_REDUCE_ADD_U16:
      return _mm512_and_si512(psum16(x, pm), S16(0xffff));
   /* 64 bits: (lo, hi) = (x, x), summed with carries; r = lo ^ hi */
   case OP_INCLUSIVE_ADD_U64:
      lo = x, hi = x;
#define U16(k) add64_16(&lo, &hi, 0xffff, _mm512_alignr_epi32(lo, _mm512_setzero_si512(), k), \
                        _mm512_alignr_epi32(hi, _mm512_setzero_si512(), k))
      U16(15); U16(14); U16(12); U16(8);
#undef U16
      return _mm512_xor_si512(lo, hi);
   case OP_PARTITIONED_REDUCE_ADD_U64:
      lo = x, hi = x, lo1 = _mm512_setzero_si512(), hi1 = lo1;
#define P64(l, h, r) add64_16(&l, &h, _mm512_test_epi32_mask(pm, ROT16(BIT16, r)), \
                              ROT16(x, r), ROT16(x, r))
      P64(lo1, hi1, 1); P64(lo, hi, 2); P64(lo1, hi1, 3); P64(lo, hi, 4);
      P64(lo1, hi1, 5); P64(lo, hi, 6); P64(lo1, hi1, 7); P64(lo, hi, 8);
      P64(lo1, hi1, 9); P64(lo, hi, 10); P64(lo1, hi1, 11); P64(lo, hi, 12);
      P64(lo1, hi1, 13); P64(lo, hi, 14); P64(lo1, hi1, 15);
#undef P64
      add64_16(&lo, &hi, 0xffff, lo1, hi1);
      return _mm512_xor_si512(lo, hi);
   case OP_INTEL_SHUFFLE_DOWN_V2: /* (x, x ^ K) and (v, v ^ K) */
      idx = _mm512_add_epi32(IOTA16, S16(ik & 15));
      lo = _mm512_permutex2var_epi32(x, idx, v);
      hi = _mm512_permutex2var_epi32(_mm512_xor_si512(x, S16(BENCH_MIX)), idx,
                                     _mm512_xor_si512(v, S16(BENCH_MIX)));
      return _mm512_add_epi32(lo, hi);
   default:
      return x;
   }
}

#define LOOP16(OP)                                                                 \
   static AVX512 void loop16_##OP(const uint32_t *seed, uint32_t *out, uint32_t count, \
                                  uint32_t n, uint32_t exec)                       \
   {                                                                               \
      for (uint32_t b = 0; b < count; b += 16) {                                   \
         __m512i v = _mm512_loadu_si512(seed + b);                                 \
         __m512i pm = partitioned(OP) ? part16(_mm512_and_si512(v, S16(3))) : v;   \
         for (uint32_t i = 0; i < n; i += BENCH_UNROLL) {                          \
            _Pragma("GCC unroll 4")                                                \
            for (uint32_t k = 0; k < BENCH_UNROLL; k++) {                          \
               __m512i x = _mm512_xor_si512(v, S16(i + k));                        \
               __m512i r = step16(OP, x, v, i + k, pm, (__mmask16)exec);           \
               v = _mm512_add_epi32(v, _mm512_rol_epi32(r, 7));                    \
            }                                                                      \
         }                                                                         \
         _mm512_storeu_si512(out + b, v);                                          \
      }                                                                            \
   }

/* ---- 32 and 64 lanes: AVX-512, R = 2 or 4 registers per subgroup ----
 *
 * A compute pipeline's requiredSubgroupSize.  Register j holds lanes
 * 16 j to 16 j + 15; a permute across the subgroup is vpermt2d over two
 * registers (5 index bits), with a blend by index bit 5 at 64 lanes. */

#define UNROLL _Pragma("GCC unroll 16")

/* Lanes idx (mod 64) of the 64-lane table t[0..3]; 32 lanes: t[0..1]. */
static inline __attribute__((always_inline)) AVX512 __m512i
perm_wide(unsigned R, const __m512i *t, __m512i idx)
{
   __m512i a = _mm512_permutex2var_epi32(t[0], idx, t[1]);
   if (R == 2)
      return a;
   __m512i b = _mm512_permutex2var_epi32(t[2], idx, t[3]);
   return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(idx, S16(32)), a, b);
}

/* The last lane of register j in every lane. */
#define LAST16(a) _mm512_permutexvar_epi32(S16(15), (a))

static inline __attribute__((always_inline)) AVX512 void
stepw(int op, unsigned R, const __m512i *x, const __m512i *v, uint32_t ik, const __m512i *pk,
      __mmask16 exec, __m512i *r)
{
   const unsigned S = 16 * R;
   __m512i s, t[8], lo[4], hi[4];
   __mmask16 m[4];
   uint32_t any = 0, all = 1;
   switch (op) {
   case OP_BALLOT: /* component 0: lanes 0 to 31 */
      s = S16(_mm512_mask_test_epi32_mask(exec, x[0], S16(1)) |
              (uint32_t)_mm512_mask_test_epi32_mask(exec, x[1], S16(1)) << 16);
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = s;
      return;
   case OP_VOTE_ANY:
   case OP_VOTE_ALL:
      UNROLL for (unsigned j = 0; j < R; j++) {
         m[j] = _mm512_mask_test_epi32_mask(exec, x[j], S16(1));
         any |= m[j];
         all &= m[j] == exec;
      }
      s = S16(op == OP_VOTE_ANY ? any != 0 : all);
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = s;
      return;
   case OP_ELECT: { /* the lowest active lane of the whole subgroup's mask */
      uint64_t all_exec = 0;
      UNROLL for (unsigned j = 0; j < R; j++) all_exec |= (uint64_t)exec << (16 * j);
      const uint64_t lowest = all_exec & -all_exec;
      UNROLL for (unsigned j = 0; j < R; j++)
         r[j] = _mm512_maskz_mov_epi32((__mmask16)(lowest >> (16 * j)), x[j]);
      return;
   }
   case OP_BROADCAST:
      s = _mm512_permutexvar_epi32(S16(1), x[0]);
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = s;
      return;
   case OP_READ_INVOCATION:
      s = perm_wide(R, x, S16(ik & (S - 1)));
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = s;
      return;
   case OP_SHUFFLE:
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = perm_wide(R, x, _mm512_srli_epi32(x[j], 4));
      return;
   case OP_SHUFFLE_XOR:
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = _mm512_shuffle_epi32(x[j], (_MM_PERM_ENUM)0xb1);
      return;
   case OP_ROTATE_CONST:
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = _mm512_alignr_epi32(x[(j + 1) % R], x[j], 1);
      return;
   case OP_ROTATE_DYN:
      UNROLL for (unsigned j = 0; j < R; j++)
         r[j] = perm_wide(R, x, _mm512_add_epi32(IOTA16, S16(16 * j + (ik & (S - 1)))));
      return;
   case OP_INTEL_SHUFFLE_DOWN:
   case OP_INTEL_SHUFFLE_DOWN_V2: /* the table (Current, Next): index bit log2(S) picks Next */
      UNROLL for (unsigned j = 0; j < R; j++) {
         t[j] = x[j];
         t[R + j] = v[j];
      }
      UNROLL for (unsigned j = 0; j < R; j++) {
         __m512i idx = _mm512_add_epi32(IOTA16, S16(16 * j + (ik & (S - 1))));
         __m512i a = perm_wide(R, t, idx), b = perm_wide(R, t + R, idx);
         r[j] = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(idx, S16(S)), a, b);
         if (op == OP_INTEL_SHUFFLE_DOWN_V2)
            r[j] = _mm512_add_epi32(r[j], _mm512_xor_si512(r[j], S16(BENCH_MIX)));
      }
      return;
   case OP_PARTITION: /* component 0: the equal keys among lanes 0 to 31 */
   case OPV_PARTITION: /* the same with vpconflictd within registers 0 and 1 */
      UNROLL for (unsigned j = 0; j < R; j++) {
         __m512i key = _mm512_and_si512(x[j], S16(3)), acc = _mm512_setzero_si512();
         const bool conflict = op == OPV_PARTITION && j < 2;
         if (conflict)
            acc = j ? _mm512_slli_epi32(part16_conflict(key), 16) : part16_conflict(key);
         UNROLL for (unsigned k = 0; k < 2; k++) {
            if (conflict && k == j)
               continue;
            __m512i kk = _mm512_and_si512(x[k], S16(3));
            __m512i bit = k ? _mm512_slli_epi32(BIT16, 16) : BIT16;
            UNROLL for (unsigned q = 0; q < 16; q++)
               acc = _mm512_mask_or_epi32(acc, _mm512_cmpeq_epi32_mask(key, ROT16(kk, q)), acc,
                                          ROT16(bit, q));
         }
         r[j] = acc;
      }
      return;
   case OP_REDUCE_ADD:
      s = x[0];
      UNROLL for (unsigned j = 1; j < R; j++) s = _mm512_add_epi32(s, x[j]);
      s = _mm512_add_epi32(s, _mm512_shuffle_i32x4(s, s, 0x4e));
      s = _mm512_add_epi32(s, _mm512_shuffle_i32x4(s, s, 0xb1));
      s = _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0x4e));
      s = _mm512_add_epi32(s, _mm512_shuffle_epi32(s, (_MM_PERM_ENUM)0xb1));
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = s;
      return;
   case OP_INCLUSIVE_ADD:
   case OP_INCLUSIVE_ADD_U8:
   case OP_INCLUSIVE_ADD_U16:
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = scan16(x[j]);
      UNROLL for (unsigned j = 1; j < R; j++) r[j] = _mm512_add_epi32(r[j], LAST16(r[j - 1]));
      if (op != OP_INCLUSIVE_ADD) {
         UNROLL for (unsigned j = 0; j < R; j++)
            r[j] = _mm512_and_si512(r[j], S16(op == OP_INCLUSIVE_ADD_U8 ? 0xff : 0xffff));
      }
      return;
   case OP_INCLUSIVE_ADD_U64: /* (lo, hi) = (x, x), summed with carries */
      UNROLL for (unsigned j = 0; j < R; j++) {
         lo[j] = x[j], hi[j] = x[j];
#define UW(k) add64_16(&lo[j], &hi[j], 0xffff, _mm512_alignr_epi32(lo[j], _mm512_setzero_si512(), k), \
                       _mm512_alignr_epi32(hi[j], _mm512_setzero_si512(), k))
         UW(15); UW(14); UW(12); UW(8);
#undef UW
      }
      UNROLL for (unsigned j = 1; j < R; j++)
         add64_16(&lo[j], &hi[j], 0xffff, LAST16(lo[j - 1]), LAST16(hi[j - 1]));
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = _mm512_xor_si512(lo[j], hi[j]);
      return;
   case OP_PARTITIONED_REDUCE_ADD:
   case OP_PARTITIONED_REDUCE_ADD_U16: /* pk: the keys seed & 3, loop-invariant */
      UNROLL for (unsigned j = 0; j < R; j++) {
         __m512i a0 = _mm512_setzero_si512(), a1 = a0;
         UNROLL for (unsigned k = 0; k < R; k++) {
            UNROLL for (unsigned q = 0; q < 16; q++) {
               __mmask16 eq = _mm512_cmpeq_epi32_mask(pk[j], ROT16(pk[k], q));
               if (q % 2)
                  a1 = _mm512_mask_add_epi32(a1, eq, a1, ROT16(x[k], q));
               else
                  a0 = _mm512_mask_add_epi32(a0, eq, a0, ROT16(x[k], q));
            }
         }
         r[j] = _mm512_add_epi32(a0, a1);
         if (op == OP_PARTITIONED_REDUCE_ADD_U16)
            r[j] = _mm512_and_si512(r[j], S16(0xffff));
      }
      return;
   case OP_PARTITIONED_REDUCE_ADD_U64:
      UNROLL for (unsigned j = 0; j < R; j++) {
         __m512i l0 = _mm512_setzero_si512(), h0 = l0, l1 = l0, h1 = l0;
         UNROLL for (unsigned k = 0; k < R; k++) {
            UNROLL for (unsigned q = 0; q < 16; q++) {
               __mmask16 eq = _mm512_cmpeq_epi32_mask(pk[j], ROT16(pk[k], q));
               if (q % 2)
                  add64_16(&l1, &h1, eq, ROT16(x[k], q), ROT16(x[k], q));
               else
                  add64_16(&l0, &h0, eq, ROT16(x[k], q), ROT16(x[k], q));
            }
         }
         add64_16(&l0, &h0, 0xffff, l1, h1);
         r[j] = _mm512_xor_si512(l0, h0);
      }
      return;
   default:
      UNROLL for (unsigned j = 0; j < R; j++) r[j] = x[j];
      return;
   }
}

#define LOOPW(OP, R)                                                                    \
   static AVX512 void loop##R##_##OP(const uint32_t *seed, uint32_t *out, uint32_t count, \
                                     uint32_t n, uint32_t exec)                         \
   {                                                                                    \
      for (uint32_t b = 0; b < count; b += 16 * R) {                                    \
         __m512i v[R], pk[R], x[R], r[R];                                               \
         UNROLL for (unsigned j = 0; j < R; j++) {                                      \
            v[j] = _mm512_loadu_si512(seed + b + 16 * j);                               \
            pk[j] = _mm512_and_si512(v[j], S16(3));                                     \
         }                                                                              \
         for (uint32_t i = 0; i < n; i += BENCH_UNROLL) {                               \
            _Pragma("GCC unroll 4")                                                     \
            for (uint32_t k = 0; k < BENCH_UNROLL; k++) {                               \
               UNROLL for (unsigned j = 0; j < R; j++)                                  \
                  x[j] = _mm512_xor_si512(v[j], S16(i + k));                            \
               stepw(OP, R, x, v, i + k, pk, (__mmask16)exec, r);                       \
               UNROLL for (unsigned j = 0; j < R; j++)                                  \
                  v[j] = _mm512_add_epi32(v[j], _mm512_rol_epi32(r[j], 7));             \
            }                                                                           \
         }                                                                              \
         UNROLL for (unsigned j = 0; j < R; j++)                                        \
            _mm512_storeu_si512(out + b + 16 * j, v[j]);                                \
      }                                                                                 \
   }
#define LOOP2(OP) LOOPW(OP, 2)
#define LOOP4(OP) LOOPW(OP, 4)

/* ---- 8 lanes: AVX2 ---- */

#define S8(c) _mm256_set1_epi32((int)(c))
#define IOTA8 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
#define BIT8 _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)
/* Lane l of ROT8(a, r) is a[(l + r) % 8]. */
#define ROT8(a, r) _mm256_permutevar8x32_epi32((a), _mm256_add_epi32(IOTA8, S8(r)))

static inline __attribute__((always_inline)) AVX2 __m256i
part8(__m256i key)
{
   __m256i a0 = BIT8, a1 = _mm256_setzero_si256(), a2 = a1, a3 = a1;
#define P8(acc, r) acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_cmpeq_epi32(key, ROT8(key, r)), \
                                                           ROT8(BIT8, r)))
   P8(a1, 1); P8(a2, 2); P8(a3, 3); P8(a0, 4); P8(a1, 5); P8(a2, 6); P8(a3, 7);
#undef P8
   return _mm256_or_si256(_mm256_or_si256(a0, a1), _mm256_or_si256(a2, a3));
}

static inline __attribute__((always_inline)) AVX2 int
ballot8(__m256i x)
{
   return _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(x, 31)));
}

/* 64-bit lanes as two vectors of 32-bit halves: (lo, hi) += (alo, ahi), the
 * low halves' carry going into the high ones (AVX2 compares signed: the
 * sign bits flipped). */
static inline __attribute__((always_inline)) AVX2 void
add64_8(__m256i *lo, __m256i *hi, __m256i alo, __m256i ahi)
{
   __m256i s = _mm256_add_epi32(*lo, alo);
   __m256i carry = _mm256_cmpgt_epi32(_mm256_xor_si256(alo, S8(0x80000000u)),
                                      _mm256_xor_si256(s, S8(0x80000000u)));
   *hi = _mm256_sub_epi32(_mm256_add_epi32(*hi, ahi), carry);
   *lo = s;
}

/* Lane 3 of the lower half in every lane of the upper half, 0 below. */
static inline __attribute__((always_inline)) AVX2 __m256i
up8_half(__m256i s)
{
   return _mm256_blend_epi32(_mm256_setzero_si256(), _mm256_permutevar8x32_epi32(s, S8(3)), 0xf0);
}

/* Inclusive scan of 32-bit lanes: within each 128-bit half, then the lower
 * half's total into the upper half. */
static inline __attribute__((always_inline)) AVX2 __m256i
scan8(__m256i x)
{
   __m256i s = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
   s = _mm256_add_epi32(s, _mm256_slli_si256(s, 8));
   return _mm256_add_epi32(s, up8_half(s));
}

/* Partitioned sum of 32-bit lanes: pm is loop-invariant, so are the 7 selects. */
static inline __attribute__((always_inline)) AVX2 __m256i
psum8(__m256i x, __m256i pm)
{
   __m256i b, a0 = x, a1 = _mm256_setzero_si256(), a2 = a1, a3 = a1;
#define PR8(acc, r) b = ROT8(BIT8, r); \
   acc = _mm256_add_epi32(acc, _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(pm, b), b), \
                                                ROT8(x, r)))
   PR8(a1, 1); PR8(a2, 2); PR8(a3, 3); PR8(a0, 4); PR8(a1, 5); PR8(a2, 6); PR8(a3, 7);
#undef PR8
   return _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3));
}

static inline __attribute__((always_inline)) AVX2 __m256i
step8(int op, __m256i x, __m256i v, uint32_t ik, __m256i pm, uint32_t exec)
{
   __m256i s, a, b, idx, lo, hi, lo1, hi1;
   switch (op) {
   case OP_BALLOT:
      return S8(ballot8(x) & exec);
   case OP_VOTE_ANY:
      return S8((ballot8(x) & exec) != 0);
   case OP_VOTE_ALL:
      return S8((ballot8(x) & exec) == exec);
   case OP_ELECT: /* the lowest active lane */
      a = _mm256_and_si256(BIT8, S8(exec & -exec));
      return _mm256_andnot_si256(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()), x);
   case OPV_BALLOT:
   case OPV_VOTE_ANY:
   case OPV_VOTE_ALL:
      /* act: all ones in the active lanes */
      a = _mm256_cmpeq_epi32(_mm256_and_si256(BIT8, S8(exec)), BIT8);
      s = _mm256_and_si256(x, S8(1));
      if (op == OPV_BALLOT)
         s = _mm256_and_si256(_mm256_sllv_epi32(s, IOTA8), a);
      else if (op == OPV_VOTE_ANY)
         s = _mm256_and_si256(s, a);
      else
         s = _mm256_or_si256(s, _mm256_andnot_si256(a, S8(1)));
      if (op == OPV_VOTE_ALL) {
         s = _mm256_and_si256(s, _mm256_permute2x128_si256(s, s, 1));
         s = _mm256_and_si256(s, _mm256_shuffle_epi32(s, 0x4e));
         return _mm256_and_si256(s, _mm256_shuffle_epi32(s, 0xb1));
      }
      s = _mm256_or_si256(s, _mm256_permute2x128_si256(s, s, 1));
      s = _mm256_or_si256(s, _mm256_shuffle_epi32(s, 0x4e));
      return _mm256_or_si256(s, _mm256_shuffle_epi32(s, 0xb1));
   case OP_BROADCAST:
      return _mm256_permutevar8x32_epi32(x, S8(1));
   case OP_READ_INVOCATION:
      return _mm256_permutevar8x32_epi32(x, S8(ik)); /* vpermd reads 3 bits */
   case OP_SHUFFLE:
      return _mm256_permutevar8x32_epi32(x, _mm256_srli_epi32(x, 4));
   case OP_SHUFFLE_XOR:
      return _mm256_shuffle_epi32(x, 0xb1);
   case OP_ROTATE_CONST:
      return _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0));
   case OP_ROTATE_DYN:
      return _mm256_permutevar8x32_epi32(x, _mm256_add_epi32(IOTA8, S8(ik)));
   case OP_INTEL_SHUFFLE_DOWN:
      idx = _mm256_add_epi32(IOTA8, S8(ik & 7));
      a = _mm256_permutevar8x32_epi32(x, idx);
      b = _mm256_permutevar8x32_epi32(v, idx);
      return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi32(idx, S8(7)));
   case OP_PARTITION:
   case OPV_PARTITION: /* AVX2 has no vpconflictd: the same compares */
      return part8(_mm256_and_si256(x, S8(3)));
   case OP_REDUCE_ADD:
      s = _mm256_add_epi32(x, _mm256_permute2x128_si256(x, x, 1));
      s = _mm256_add_epi32(s, _mm256_shuffle_epi32(s, 0x4e));
      return _mm256_add_epi32(s, _mm256_shuffle_epi32(s, 0xb1));
   case OP_INCLUSIVE_ADD:
      return scan8(x);
   case OP_PARTITIONED_REDUCE_ADD:
      return psum8(x, pm);
   /* 8 and 16 bits: the low bits of the 32-bit sums */
   case OP_INCLUSIVE_ADD_U8:
      return _mm256_and_si256(scan8(x), S8(0xff));
   case OP_INCLUSIVE_ADD_U16:
      return _mm256_and_si256(scan8(x), S8(0xffff));
   case OP_PARTITIONED_REDUCE_ADD_U16:
      return _mm256_and_si256(psum8(x, pm), S8(0xffff));
   /* 64 bits: (lo, hi) = (x, x), summed with carries; r = lo ^ hi */
   case OP_INCLUSIVE_ADD_U64:
      lo = x, hi = x;
      add64_8(&lo, &hi, _mm256_slli_si256(lo, 4), _mm256_slli_si256(hi, 4));
      add64_8(&lo, &hi, _mm256_slli_si256(lo, 8), _mm256_slli_si256(hi, 8));
      add64_8(&lo, &hi, up8_half(lo), up8_half(hi));
      return _mm256_xor_si256(lo, hi);
   case OP_PARTITIONED_REDUCE_ADD_U64:
      lo = x, hi = x, lo1 = _mm256_setzero_si256(), hi1 = lo1;
#define P64(l, h, r) b = ROT8(BIT8, r);                                                     \
      s = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(pm, b), b), ROT8(x, r)); \
      add64_8(&l, &h, s, s)
      P64(lo1, hi1, 1); P64(lo, hi, 2); P64(lo1, hi1, 3); P64(lo, hi, 4);
      P64(lo1, hi1, 5); P64(lo, hi, 6); P64(lo1, hi1, 7);
#undef P64
      add64_8(&lo, &hi, lo1, hi1);
      return _mm256_xor_si256(lo, hi);
   case OP_INTEL_SHUFFLE_DOWN_V2: /* (x, x ^ K) and (v, v ^ K) */
      idx = _mm256_add_epi32(IOTA8, S8(ik & 7));
      a = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(x, idx),
                             _mm256_permutevar8x32_epi32(v, idx), _mm256_cmpgt_epi32(idx, S8(7)));
      b = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(_mm256_xor_si256(x, S8(BENCH_MIX)), idx),
                             _mm256_permutevar8x32_epi32(_mm256_xor_si256(v, S8(BENCH_MIX)), idx),
                             _mm256_cmpgt_epi32(idx, S8(7)));
      return _mm256_add_epi32(a, b);
   default:
      return x;
   }
}

#define LOOP8(OP)                                                                  \
   static AVX2 void loop8_##OP(const uint32_t *seed, uint32_t *out, uint32_t count, \
                               uint32_t n, uint32_t exec)                          \
   {                                                                               \
      for (uint32_t b = 0; b < count; b += 8) {                                    \
         __m256i v = _mm256_loadu_si256((const __m256i *)(seed + b));              \
         __m256i pm = partitioned(OP) ? part8(_mm256_and_si256(v, S8(3))) : v;     \
         for (uint32_t i = 0; i < n; i += BENCH_UNROLL) {                          \
            _Pragma("GCC unroll 4")                                                \
            for (uint32_t k = 0; k < BENCH_UNROLL; k++) {                          \
               __m256i x = _mm256_xor_si256(v, S8(i + k));                         \
               __m256i r = step8(OP, x, v, i + k, pm, exec & 0xff);                \
               r = _mm256_or_si256(_mm256_slli_epi32(r, 7), _mm256_srli_epi32(r, 25)); \
               v = _mm256_add_epi32(v, r);                                         \
            }                                                                      \
         }                                                                         \
         _mm256_storeu_si256((__m256i *)(out + b), v);                             \
      }                                                                            \
   }

#define ALL_OPS(X)                                                                 \
   X(OP_BASE) X(OP_BALLOT) X(OP_VOTE_ANY) X(OP_VOTE_ALL) X(OP_ELECT) X(OP_BROADCAST) \
   X(OP_READ_INVOCATION) X(OP_SHUFFLE) X(OP_SHUFFLE_XOR) X(OP_ROTATE_CONST)        \
   X(OP_ROTATE_DYN) X(OP_INTEL_SHUFFLE_DOWN) X(OP_PARTITION) X(OP_REDUCE_ADD)      \
   X(OP_INCLUSIVE_ADD) X(OP_PARTITIONED_REDUCE_ADD) X(OP_INCLUSIVE_ADD_U8)             \
   X(OP_INCLUSIVE_ADD_U16) X(OP_INCLUSIVE_ADD_U64) X(OP_PARTITIONED_REDUCE_ADD_U16)     \
   X(OP_PARTITIONED_REDUCE_ADD_U64) X(OP_INTEL_SHUFFLE_DOWN_V2) X(OPV_BALLOT)           \
   X(OPV_VOTE_ANY) X(OPV_VOTE_ALL) X(OPV_PARTITION)

#define WIDE_OPS(X)                                                                \
   X(OP_BASE) X(OP_BALLOT) X(OP_VOTE_ANY) X(OP_VOTE_ALL) X(OP_ELECT) X(OP_BROADCAST) \
   X(OP_READ_INVOCATION) X(OP_SHUFFLE) X(OP_SHUFFLE_XOR) X(OP_ROTATE_CONST)        \
   X(OP_ROTATE_DYN) X(OP_INTEL_SHUFFLE_DOWN) X(OP_PARTITION) X(OP_REDUCE_ADD)      \
   X(OP_INCLUSIVE_ADD) X(OP_PARTITIONED_REDUCE_ADD) X(OP_INCLUSIVE_ADD_U8)             \
   X(OP_INCLUSIVE_ADD_U16) X(OP_INCLUSIVE_ADD_U64) X(OP_PARTITIONED_REDUCE_ADD_U16)     \
   X(OP_PARTITIONED_REDUCE_ADD_U64) X(OP_INTEL_SHUFFLE_DOWN_V2) X(OPV_PARTITION)

ALL_OPS(LOOP16)
ALL_OPS(LOOP8)
WIDE_OPS(LOOP2)
WIDE_OPS(LOOP4)

#define ENTRY16(OP) [OP] = loop16_##OP,
#define ENTRY8(OP) [OP] = loop8_##OP,
#define ENTRY2(OP) [OP] = loop2_##OP,
#define ENTRY4(OP) [OP] = loop4_##OP,
static const loop_fn loops16[OPV_END] = { ALL_OPS(ENTRY16) };
static const loop_fn loops8[OPV_END] = { ALL_OPS(ENTRY8) };
static const loop_fn loops32[OPV_END] = { WIDE_OPS(ENTRY2) };
static const loop_fn loops64[OPV_END] = { WIDE_OPS(ENTRY4) };
/* The second form of an operation, or 0. */
static const int second_form[OP_COUNT] = {
   [OP_BALLOT] = OPV_BALLOT, [OP_VOTE_ANY] = OPV_VOTE_ANY, [OP_VOTE_ALL] = OPV_VOTE_ALL,
   [OP_PARTITION] = OPV_PARTITION,
};

static clockid_t bench_clock = CLOCK_PROCESS_CPUTIME_ID;

static double
now(void)
{
   struct timespec ts;
   clock_gettime(bench_clock, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t
checksum(const uint32_t *w, uint32_t count)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (uint32_t i = 0; i < count; i++)
      h = (h ^ w[i]) * 0x100000001b3ull;
   return h;
}

static bool
listed(const char *ops, const char *name)
{
   if (!ops)
      return true;
   size_t len = strlen(name);
   for (const char *p = ops; (p = strstr(p, name)); p += len)
      if ((p == ops || p[-1] == ',') && (p[len] == ',' || !p[len]))
         return true;
   return false;
}

int
main(int argc, char **argv)
{
   unsigned lanes = 0, reps = 3;
   double scale = 1.0;
   const char *ops = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--lanes") && i + 1 < argc)
         lanes = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
         reps = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--scale") && i + 1 < argc)
         scale = atof(argv[++i]);
      else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
         ops = argv[++i];
      else if (!strcmp(argv[i], "--clock") && i + 1 < argc && !strcmp(argv[i + 1], "wall"))
         bench_clock = CLOCK_MONOTONIC, i++;
      else if (!strcmp(argv[i], "--clock") && i + 1 < argc && !strcmp(argv[i + 1], "cpu"))
         bench_clock = CLOCK_PROCESS_CPUTIME_ID, i++;
      else
         lanes = 0, i = argc;
   }
   if (lanes != 8 && lanes != 16 && lanes != 32 && lanes != 64) {
      fprintf(stderr, "usage: floor --lanes 8|16|32|64 [--reps R] [--scale F] [--ops a,b,...] "
                      "[--clock cpu|wall]\n");
      return 2;
   }

   __builtin_cpu_init();
   const loop_fn *loops = lanes == 64 ? loops64 : lanes == 32 ? loops32
                        : lanes == 16 ? loops16 : loops8;
   const bool avx512 = lanes >= 16;
   bool have = avx512 ? __builtin_cpu_supports("avx512f") &&
                           __builtin_cpu_supports("avx512bw") &&
                           __builtin_cpu_supports("avx512vl") &&
                           __builtin_cpu_supports("avx512cd") &&
                           __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")
                      : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
   printf("device floor %u %s\n", lanes, avx512 ? "AVX-512" : "AVX2");
   if (!have) {
      for (int o = 1; o < OP_COUNT; o++)
         if (listed(ops, bench_op_names[o]))
            printf("skip %s cpu_lacks_%s\n", bench_op_names[o], avx512 ? "avx512" : "avx2");
      return 0;
   }

   uint32_t max_groups = 2;
   for (int o = 1; o < OP_COUNT; o++) {
      uint32_t g = (uint32_t)(bench_groups[o] * scale + 0.5);
      if (g > max_groups)
         max_groups = g;
   }
   uint32_t words = max_groups * BENCH_WG;
   uint32_t exec = exec_all;
   uint32_t *seed = malloc(words * 4), *out = malloc(words * 4);
   uint32_t *want = malloc(2 * BENCH_WG * 4);
   bench_seeds(seed, words);

   for (int o = 0; o < OP_COUNT; o++) {
      const char *name = bench_op_names[o];
      if (o != OP_BASE && !listed(ops, name))
         continue;
      int forms[2] = { o, lanes <= 16 || o == OP_PARTITION ? second_form[o] : 0 };
      unsigned nforms = forms[1] ? 2 : 1;
      /* Checked against the model as the shaders are. */
      model_run(o, lanes, seed, want, 2 * BENCH_WG, BENCH_N);
      bool ok = true;
      for (unsigned f = 0; f < nforms && ok; f++) {
         loops[forms[f]](seed, out, 2 * BENCH_WG, BENCH_N, exec);
         uint32_t bad = 0, first = 0;
         for (uint32_t i = 0; i < 2 * BENCH_WG; i++)
            if (out[i] != want[i] && !bad++)
               first = i;
         if (bad) {
            printf("wrong %s %sform_%u_of_%u_invocations_differ_first_%u_got_0x%08x_want_0x%08x\n",
                   name, f ? "second_" : "", bad, 2 * BENCH_WG, first, out[first], want[first]);
            ok = false;
         }
      }
      if (!ok)
         continue;
      if (o == OP_BASE) {
         printf("checked base\n");
         continue;
      }
      uint32_t groups = (uint32_t)(bench_groups[o] * scale + 0.5);
      if (groups < 1)
         groups = 1;
      uint32_t count = groups * BENCH_WG;
      double lane_ops = (double)count * BENCH_N;
      double t[2][64][2], best = 0;
      unsigned nreps = reps < 64 ? reps : 64, pick = 0;
      uint64_t sum = 0;
      for (unsigned f = 0; f < nforms; f++) {
         loop_fn fn = loops[forms[f]];
         fn(seed, out, count, BENCH_N, exec);
         sum = checksum(out, count);
         loops[OP_BASE](seed, out, count, BENCH_N, exec);
         double d[64];
         for (unsigned r = 0; r < nreps; r++) {
            double t0 = now();
            fn(seed, out, count, BENCH_N, exec);
            double t1 = now();
            loops[OP_BASE](seed, out, count, BENCH_N, exec);
            double t2 = now();
            t[f][r][0] = t1 - t0;
            t[f][r][1] = t2 - t1;
            d[r] = t[f][r][0] - t[f][r][1];
         }
         /* median of the differences */
         for (unsigned i = 1; i < nreps; i++)
            for (unsigned j = i; j > 0 && d[j - 1] > d[j]; j--) {
               double x = d[j];
               d[j] = d[j - 1];
               d[j - 1] = x;
            }
         double med = nreps % 2 ? d[nreps / 2] : (d[nreps / 2 - 1] + d[nreps / 2]) / 2;
         if (f == 0 || med < best)
            best = med, pick = f;
      }
      if (nforms > 1)
         printf("form %s %s\n", name,
                o == OP_PARTITION ? (pick ? "vpconflictd" : "compares")
                                  : (pick ? "vector" : "scalar_mask"));
      for (unsigned r = 0; r < nreps; r++)
         printf("time %s %u %.6f %.6f %.0f %016llx\n", name, r, t[pick][r][0], t[pick][r][1],
                lane_ops, (unsigned long long)sum);
      fflush(stdout);
   }
   free(seed);
   free(out);
   free(want);
   return 0;
}
