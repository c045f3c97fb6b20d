/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The OpenCL half of the subgroup benchmark (bench/cl_bench.c): each kernel
 * runs the Vulkan benchmark's loop, 2048 ops per work-item, four per trip,
 * a dependency carried through the result:
 *    x = v ^ (i + k);  r = op(x);  v += rotate(r, 7)
 * The base kernel is the same loop with r = x.  d = (i + k) & (max - 1) is
 * the dynamically uniform delta / index, row = (i + k) & 63 the uniform
 * block of a block read / write (of SubgroupMaxSize uints, or an image row).  Built with -DREQD=N on a platform
 * that honours intel_reqd_sub_group_size.
 */

#ifdef REQD
#define ATTR __attribute__((intel_reqd_sub_group_size(REQD)))
#else
#define ATTR
#endif

#define M get_max_sub_group_size()

#define STEP(OP, k)                                                          \
   {                                                                         \
      const uint x = v ^ (i + (k));                                          \
      const uint d = (i + (k)) & (M - 1);                                    \
      const uint row = (i + (k)) & 63;                                       \
      (void)d;                                                               \
      (void)row;                                                             \
      const uint r = (OP);                                                   \
      v += rotate(r, 7u);                                                    \
   }

#define KERNEL(NAME, OP)                                                     \
   ATTR kernel void NAME(global uint *out, global const uint *seed,         \
                         global const uint *buf, global uint *scratch,      \
                         read_only image2d_t rimg, write_only image2d_t wimg) \
   {                                                                         \
      uint v = seed[get_global_id(0)];                                       \
      for (uint i = 0; i < 2048; i += 4) {                                   \
         STEP(OP, 0)                                                         \
         STEP(OP, 1)                                                         \
         STEP(OP, 2)                                                         \
         STEP(OP, 3)                                                         \
      }                                                                      \
      out[get_global_id(0)] = v;                                             \
   }

/* A block write is the op; its result for the chain is x itself. */
static uint
write_block(global uint *scratch, uint row, uint x)
{
   intel_sub_group_block_write(scratch + row * M, x);
   return x;
}

static uint
write_image_block(write_only image2d_t img, uint row, uint x)
{
   intel_sub_group_block_write(img, (int2)(0, (int)row), x);
   return x;
}

KERNEL(base, x)
KERNEL(shuffle, sub_group_shuffle(x, (x >> 7) & (M - 1)))
KERNEL(shuffle_xor, sub_group_shuffle_xor(x, 1u))
KERNEL(shuffle_down, intel_sub_group_shuffle_down(x, v, d))
KERNEL(shuffle_up, intel_sub_group_shuffle_up(v, x, d))
KERNEL(rotate, sub_group_rotate(x, (int)d))
KERNEL(broadcast, sub_group_broadcast(x, 1u))
KERNEL(ballot, sub_group_ballot(x & 1).x)
KERNEL(vote_any, (uint)sub_group_any(x & 1))
KERNEL(vote_all, (uint)sub_group_all((x & 3) != 0))
KERNEL(reduce_add, sub_group_reduce_add(x))
KERNEL(reduce_min, sub_group_reduce_min(x))
KERNEL(inclusive_add, sub_group_scan_inclusive_add(x))
KERNEL(inclusive_min, sub_group_scan_inclusive_min(x))
KERNEL(exclusive_add, sub_group_scan_exclusive_add(x))
KERNEL(block_read, intel_sub_group_block_read(buf + row * M) ^ x)
KERNEL(block_write, write_block(scratch, row, x))
KERNEL(image_block_read, intel_sub_group_block_read(rimg, (int2)(0, (int)row)) ^ x)
KERNEL(image_block_write, write_image_block(wimg, row, x))
