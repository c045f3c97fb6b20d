/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The benchmark's operations and a scalar model of the loop every shader
 * runs (bench/gen_shaders.py describes it):
 *
 *    v = seed[gid]
 *    for (i = 0; i < n; i += 4)
 *       for (k = 0; k < 4; k++) { x = v ^ (i + k); r = OP(x); v += rotl(r, 7); }
 *    out[gid] = v
 *
 * The model is written from the SPIR-V definitions of the operations (all
 * invocations active, subgroups of S consecutive invocations) and checks
 * both the shaders' output and the hand-written SIMD floor's (floor.c).
 */

#ifndef BENCH_OPS_H
#define BENCH_OPS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum bench_op {
   OP_BASE,
   OP_BALLOT,
   OP_VOTE_ANY,
   OP_VOTE_ALL,
   OP_ELECT,
   OP_BROADCAST,
   OP_READ_INVOCATION,
   OP_SHUFFLE,
   OP_SHUFFLE_XOR,
   OP_ROTATE_CONST,
   OP_ROTATE_DYN,
   OP_INTEL_SHUFFLE_DOWN,
   OP_PARTITION,
   OP_REDUCE_ADD,
   OP_INCLUSIVE_ADD,
   OP_PARTITIONED_REDUCE_ADD,
   OP_INCLUSIVE_ADD_U8,
   OP_INCLUSIVE_ADD_U16,
   OP_INCLUSIVE_ADD_U64,
   OP_PARTITIONED_REDUCE_ADD_U16,
   OP_PARTITIONED_REDUCE_ADD_U64,
   OP_INTEL_SHUFFLE_DOWN_V2,
   OP_COUNT,
};

/* Same names as gen_shaders.py's (the shader files are NAME.spv). */
static const char *const bench_op_names[OP_COUNT] = {
   "base", "ballot", "vote_any", "vote_all", "elect", "broadcast",
   "read_invocation", "shuffle", "shuffle_xor", "rotate_const", "rotate_dyn",
   "intel_shuffle_down", "partition", "reduce_add", "inclusive_add",
   "partitioned_reduce_add", "inclusive_add_u8", "inclusive_add_u16", "inclusive_add_u64",
   "partitioned_reduce_add_u16", "partitioned_reduce_add_u64", "intel_shuffle_down_v2",
};

#define BENCH_UNROLL 4
#define BENCH_WG 64            /* invocations per workgroup */

/* Work per timed dispatch: workgroups x 64 invocations x n lane-ops, the
 * same on every driver, at every width, and in the floor.  n is the loop's
 * bound (a multiple of BENCH_UNROLL). */
#define BENCH_N 2048u
/* Sized so that each timed dispatch of the operation took 50-150 ms of
 * CPU on this project's machine with the lowerings of Mesa 25.0.7 (the
 * slowest of stock and ours, 8 or 16 lanes). */
static const uint32_t bench_groups[OP_COUNT] = {
   [OP_BASE] = 0, /* timed with each operation's size */
   [OP_BALLOT] = 512, [OP_VOTE_ANY] = 512, [OP_VOTE_ALL] = 512,
   [OP_ELECT] = 512, [OP_BROADCAST] = 1024, [OP_READ_INVOCATION] = 1024,
   [OP_SHUFFLE] = 512, [OP_SHUFFLE_XOR] = 384, [OP_ROTATE_CONST] = 384,
   [OP_ROTATE_DYN] = 384, [OP_INTEL_SHUFFLE_DOWN] = 256,
   [OP_PARTITION] = 192, [OP_REDUCE_ADD] = 768, [OP_INCLUSIVE_ADD] = 512,
   [OP_PARTITIONED_REDUCE_ADD] = 64, [OP_INCLUSIVE_ADD_U8] = 256, [OP_INCLUSIVE_ADD_U16] = 256,
   [OP_INCLUSIVE_ADD_U64] = 128, [OP_PARTITIONED_REDUCE_ADD_U16] = 64,
   [OP_PARTITIONED_REDUCE_ADD_U64] = 32, [OP_INTEL_SHUFFLE_DOWN_V2] = 128,
};

/* The second component of intel_shuffle_down_v2's vector: x ^ K. */
#define BENCH_MIX 0x9e3779b9u

/* x in both halves of a 64-bit value (the _u64 operations' operand), and a
 * 64-bit result back to 32 bits. */
static inline uint64_t
bench_wide(uint32_t x)
{
   return (uint64_t)x << 32 | x;
}

static inline uint32_t
bench_narrow(uint64_t s)
{
   return (uint32_t)s ^ (uint32_t)(s >> 32);
}

static inline int
bench_op_from_name(const char *name)
{
   for (int o = 0; o < OP_COUNT; o++)
      if (!strcmp(name, bench_op_names[o]))
         return o;
   return -1;
}

/* Seeds: a fixed xorshift sequence, so every program sees the same input. */
static inline void
bench_seeds(uint32_t *seed, uint32_t count)
{
   uint32_t s = 0x9e3779b9u;
   for (uint32_t i = 0; i < count; i++) {
      s ^= s << 13;
      s ^= s >> 17;
      s ^= s << 5;
      seed[i] = s;
   }
}

/* One step of one subgroup: r[] = OP(x[]); v[] is the value before the step
 * (ShuffleDown's second source), pkey[] the partition key of the seed. */
static inline void
model_step(enum bench_op op, unsigned S, uint32_t ik, const uint32_t *x,
           const uint32_t *v, const uint32_t *pkey, uint32_t *r)
{
   uint32_t m = 0;
   uint64_t m64 = 0;
   switch (op) {
   case OP_BASE:
      for (unsigned l = 0; l < S; l++)
         r[l] = x[l];
      break;
   case OP_BALLOT: /* component 0 of the ballot: bit l = condition of lane l < 32 */
   case OP_VOTE_ANY:
   case OP_VOTE_ALL:
      for (unsigned l = 0; l < S; l++)
         m64 |= (uint64_t)(x[l] & 1u) << l;
      for (unsigned l = 0; l < S; l++)
         r[l] = op == OP_BALLOT ? (uint32_t)m64
              : op == OP_VOTE_ANY ? (m64 != 0)
              : (m64 == (S == 64 ? ~0ull : (1ull << S) - 1));
      break;
   case OP_ELECT: /* true in the lowest active invocation only */
      for (unsigned l = 0; l < S; l++)
         r[l] = l == 0 ? x[l] : 0;
      break;
   case OP_BROADCAST: /* Id = 1 */
      for (unsigned l = 0; l < S; l++)
         r[l] = x[1];
      break;
   case OP_READ_INVOCATION: /* index = (i + k) & (S - 1), uniform */
      for (unsigned l = 0; l < S; l++)
         r[l] = x[ik & (S - 1)];
      break;
   case OP_SHUFFLE: /* id = (x >> 4) & (S - 1), per lane */
      for (unsigned l = 0; l < S; l++)
         r[l] = x[(x[l] >> 4) & (S - 1)];
      break;
   case OP_SHUFFLE_XOR: /* mask 1 */
      for (unsigned l = 0; l < S; l++)
         r[l] = x[l ^ 1];
      break;
   case OP_ROTATE_CONST: /* value of invocation (id + delta) mod S, delta 1 */
   case OP_ROTATE_DYN:   /* delta = (i + k) & (S - 1), uniform */
      for (unsigned l = 0; l < S; l++)
         r[l] = x[(l + (op == OP_ROTATE_CONST ? 1 : (ik & (S - 1)))) % S];
      break;
   case OP_INTEL_SHUFFLE_DOWN: /* Current = x, Next = v, Delta = (i+k)&(S-1) */
      for (unsigned l = 0; l < S; l++) {
         unsigned j = l + (ik & (S - 1));
         r[l] = j < S ? x[j] : v[j - S];
      }
      break;
   case OP_PARTITION: /* component 0: lanes j < 32 whose key x & 3 equals ours */
      for (unsigned l = 0; l < S; l++) {
         r[l] = 0;
         for (unsigned j = 0; j < S && j < 32; j++)
            r[l] |= (uint32_t)((x[j] & 3u) == (x[l] & 3u)) << j;
      }
      break;
   case OP_REDUCE_ADD:
      for (unsigned l = 0; l < S; l++)
         m += x[l];
      for (unsigned l = 0; l < S; l++)
         r[l] = m;
      break;
   case OP_INCLUSIVE_ADD:
      for (unsigned l = 0; l < S; l++) {
         m += x[l];
         r[l] = m;
      }
      break;
   case OP_PARTITIONED_REDUCE_ADD: /* partitions: seed & 3 */
      for (unsigned l = 0; l < S; l++) {
         r[l] = 0;
         for (unsigned j = 0; j < S; j++)
            if (pkey[j] == pkey[l])
               r[l] += x[j];
      }
      break;
   case OP_INCLUSIVE_ADD_U8:
   case OP_INCLUSIVE_ADD_U16: /* the low 8 / 16 bits */
      for (unsigned l = 0; l < S; l++) {
         m += x[l];
         r[l] = m & (op == OP_INCLUSIVE_ADD_U8 ? 0xffu : 0xffffu);
      }
      break;
   case OP_INCLUSIVE_ADD_U64:
      for (unsigned l = 0; l < S; l++) {
         m64 += bench_wide(x[l]);
         r[l] = bench_narrow(m64);
      }
      break;
   case OP_PARTITIONED_REDUCE_ADD_U16:
   case OP_PARTITIONED_REDUCE_ADD_U64:
      for (unsigned l = 0; l < S; l++) {
         m64 = 0;
         for (unsigned j = 0; j < S; j++)
            if (pkey[j] == pkey[l])
               m64 += op == OP_PARTITIONED_REDUCE_ADD_U16 ? x[j] : bench_wide(x[j]);
         r[l] = op == OP_PARTITIONED_REDUCE_ADD_U16 ? (uint32_t)m64 & 0xffffu : bench_narrow(m64);
      }
      break;
   case OP_INTEL_SHUFFLE_DOWN_V2: /* (x, x ^ K) and (v, v ^ K); r = the sum */
      for (unsigned l = 0; l < S; l++) {
         unsigned j = l + (ik & (S - 1));
         uint32_t c = j < S ? x[j] : v[j - S];
         r[l] = c + (c ^ BENCH_MIX);
      }
      break;
   default:
      break;
   }
}

/* The whole loop for `count` invocations (a multiple of S, S <= 64). */
static inline void
model_run(enum bench_op op, unsigned S, const uint32_t *seed, uint32_t *out,
          uint32_t count, uint32_t n)
{
   uint32_t v[64], x[64], r[64], pkey[64];
   for (uint32_t base = 0; base < count; base += S) {
      for (unsigned l = 0; l < S; l++) {
         v[l] = seed[base + l];
         pkey[l] = seed[base + l] & 3u;
      }
      for (uint32_t i = 0; i < n; i += BENCH_UNROLL) {
         for (uint32_t k = 0; k < BENCH_UNROLL; k++) {
            for (unsigned l = 0; l < S; l++)
               x[l] = v[l] ^ (i + k);
            model_step(op, S, i + k, x, v, pkey, r);
            for (unsigned l = 0; l < S; l++)
               v[l] += (r[l] << 7) | (r[l] >> 25);
         }
      }
      memcpy(out + base, v, S * sizeof(uint32_t));
   }
}

#endif
