/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C kernels of tests/opencl/cl_runner.c for the subgroup functions on
 * 8-, 16- and 64-bit integers, half and double:
 *  - ext_core_<T>: cl_khr_subgroup_extended_types' sub_group_broadcast (on a
 *    scalar and on a two-component vector), sub_group_reduce_* and
 *    sub_group_scan_*_{add,min,max}, which every work-item of the subgroup
 *    must reach (so every work-item runs them);
 *  - ext_nu_<T>: cl_khr_subgroup_non_uniform_arithmetic's reduce and scans and
 *    cl_khr_subgroup_clustered_reduce's add on the same types, with a
 *    quarter of the work-items out when pred[] says so.
 * half and double only where the device offers cl_khr_fp16 / cl_khr_fp64.
 * Inputs: four words per work-item; integers take in[4 * GID] and the next
 * word as their bits, floats the whole number (in[4 * GID] % 33) - 16, so
 * every order of summation is exact.  Results: their bits, zero-extended, as
 * ulongs.
 */

#ifdef REQD_SUB_GROUP_SIZE
#define SG_SIZE_ATTR __attribute__((intel_reqd_sub_group_size(REQD_SUB_GROUP_SIZE)))
#else
#define SG_SIZE_ATTR
#endif

#define GID ((uint)get_global_id(0))

static void
record(global uint *where)
{
   where[GID] = (get_sub_group_id() << 16) | get_sub_group_local_id();
}

#define INT_X(T, w) ((T)((ulong)in[w] | (ulong)in[(w) + 1] << 32))
#define FLOAT_X(T, w) ((T)((int)(in[w] % 33u) - 16))

/* Eleven results: 0 broadcast, 1-3 reduce add / min / max, 4-6 inclusive,
 * 7-9 exclusive scans, 10 component 1 of a vector broadcast.
 */
#define CORE_KERNEL(T, UT, X)                                                \
   SG_SIZE_ATTR                                                             \
   kernel void ext_core_##T(global const uint *in, global ulong *out,       \
                            global uint *where, uint index)                 \
   {                                                                         \
      record(where);                                                         \
      global ulong *o = out + 16 * GID;                                      \
      const T x = X(T, 4 * GID);                                             \
      const T##2 v = (T##2)(x, X(T, 4 * GID + 2));                           \
      o[0] = as_##UT(sub_group_broadcast(x, index));                         \
      o[1] = as_##UT(sub_group_reduce_add(x));                               \
      o[2] = as_##UT(sub_group_reduce_min(x));                               \
      o[3] = as_##UT(sub_group_reduce_max(x));                               \
      o[4] = as_##UT(sub_group_scan_inclusive_add(x));                       \
      o[5] = as_##UT(sub_group_scan_inclusive_min(x));                       \
      o[6] = as_##UT(sub_group_scan_inclusive_max(x));                       \
      o[7] = as_##UT(sub_group_scan_exclusive_add(x));                       \
      o[8] = as_##UT(sub_group_scan_exclusive_min(x));                       \
      o[9] = as_##UT(sub_group_scan_exclusive_max(x));                       \
      o[10] = as_##UT(sub_group_broadcast(v, index).s1);                     \
   }

#define NU3(UT, k, OP)                                                       \
   o[k] = as_##UT(sub_group_non_uniform_reduce_##OP(x));                    \
   o[k + 1] = as_##UT(sub_group_non_uniform_scan_inclusive_##OP(x));        \
   o[k + 2] = as_##UT(sub_group_non_uniform_scan_exclusive_##OP(x))

/* Words 3 * op .. 3 * op + 2: reduce, inclusive, exclusive scan of op
 * 0 add, 1 min, 2 max, 3 mul, 4 and, 5 or, 6 xor (the last four integers
 * only); word 21: sub_group_clustered_reduce_add(x, 4).
 */
#define NU_KERNEL(T, UT, X, MORE_OPS)                                        \
   SG_SIZE_ATTR                                                             \
   kernel void ext_nu_##T(global const uint *in, global const uint *pred,   \
                          global ulong *out, global uint *where)            \
   {                                                                         \
      record(where);                                                         \
      if (!pred[GID])                                                        \
         return;                                                             \
      global ulong *o = out + 32 * GID;                                      \
      const T x = X(T, 4 * GID);                                             \
      NU3(UT, 0, add);                                                       \
      NU3(UT, 3, min);                                                       \
      NU3(UT, 6, max);                                                       \
      MORE_OPS(UT)                                                           \
      o[21] = as_##UT(sub_group_clustered_reduce_add(x, 4));                 \
   }

#define INT_OPS(UT) NU3(UT, 9, mul); NU3(UT, 12, and); NU3(UT, 15, or); NU3(UT, 18, xor);
#define NO_INT_OPS(UT)

#define INT_KERNELS(T, UT)                                                   \
   CORE_KERNEL(T, UT, INT_X)                                                 \
   NU_KERNEL(T, UT, INT_X, INT_OPS)

INT_KERNELS(char, uchar)
INT_KERNELS(uchar, uchar)
INT_KERNELS(short, ushort)
INT_KERNELS(ushort, ushort)
INT_KERNELS(long, ulong)
INT_KERNELS(ulong, ulong)

#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
CORE_KERNEL(half, ushort, FLOAT_X)
NU_KERNEL(half, ushort, FLOAT_X, NO_INT_OPS)
#endif

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
CORE_KERNEL(double, ulong, FLOAT_X)
NU_KERNEL(double, ulong, FLOAT_X, NO_INT_OPS)
#endif
