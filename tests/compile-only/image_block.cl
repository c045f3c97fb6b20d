/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The kernels of check-isa.sh's iris image block checks (compiled, never
 * run): cl_intel_subgroups' image block read and write of 2 elements of
 * each size, the image read_only for the reads and write_only for the
 * writes.  A block reads or writes the image's texels raw, whatever its
 * format.
 */

#define IMAGE_BLOCK(NAME, T, READ, WRITE)                                    \
   kernel void image_read_##NAME(read_only image2d_t img, global T *out,    \
                                 int x, int y)                              \
   {                                                                         \
      vstore2(READ##2(img, (int2)(x, y)), get_global_id(0), out);          \
   }                                                                         \
   kernel void image_write_##NAME(write_only image2d_t img,                  \
                                  global const T *in, int x, int y)         \
   {                                                                         \
      WRITE##2(img, (int2)(x, y), vload2(get_global_id(0), in));            \
   }

IMAGE_BLOCK(uc, uchar, intel_sub_group_block_read_uc, intel_sub_group_block_write_uc)
IMAGE_BLOCK(us, ushort, intel_sub_group_block_read_us, intel_sub_group_block_write_us)
IMAGE_BLOCK(ui, uint, intel_sub_group_block_read, intel_sub_group_block_write)
IMAGE_BLOCK(ul, ulong, intel_sub_group_block_read_ul, intel_sub_group_block_write_ul)
