/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * OpenCL C kernels of tests/opencl/cl_runner.c for cl_intel_subgroups and
 * its siblings cl_intel_subgroups_short, _char and _long: the four
 * shuffles, and block reads and writes of buffers and of 2D images.  As in
 * subgroups.cl, each work-item records its subgroup and lane (where[]), the
 * host rebuilds the subgroups from that and checks every result against the
 * reference model (tests/reference/ref_intel.c).  1-D NDRanges of two
 * work-groups; subgroup "index" below counts the subgroups of the launch in
 * work-group order, as the host numbers them.
 *
 * The host builds it four times, with -DINTEL_SHUFFLES, -DINTEL_BUFFER_BLOCK,
 * -DINTEL_LOCAL_BLOCK (cl_intel_subgroup_local_block_io) and
 * -DINTEL_IMAGE_BLOCK, so that one part failing to build (or to be
 * supported) leaves the others running.
 */

/* cl-runner --sub-group-size N builds with -DREQD_SUB_GROUP_SIZE=N: every
 * kernel then requires that subgroup size (cl_intel_required_subgroup_size).
 */
#ifdef REQD_SUB_GROUP_SIZE
#define SG_SIZE_ATTR __attribute__((intel_reqd_sub_group_size(REQD_SUB_GROUP_SIZE)))
#else
#define SG_SIZE_ATTR
#endif

#define GID ((uint)get_global_id(0))
#define SG_INDEX ((uint)get_group_id(0) * get_num_sub_groups() + get_sub_group_id())

static void
record(global uint *where)
{
   where[GID] = (get_sub_group_id() << 16) | get_sub_group_local_id();
}

/* The builtins come from clc: opencl-c.h declares those of cl_intel_subgroups
 * and cl_intel_subgroups_short, clc itself (before LLVM 21) those of
 * cl_intel_subgroups_char and the _ul block IO of cl_intel_subgroups_long.
 */

/* --- shuffles --------------------------------------------------------- */
#if defined(INTEL_SHUFFLES)

/* Four results per work-item: out[4 * GID + op], op 0 shuffle(a, i),
 * 1 shuffle_xor(a, i), 2 shuffle_down(a, b, i) (a: Current, b: Next),
 * 3 shuffle_up(a, b, i) (a: Previous, b: Current).  The index / value /
 * delta i by mode:
 *  0  per work-item, idx[4 * GID + op]
 *  1  one for all, byte op of the kernel argument `uniform`
 *  2  literals: shuffle 2, xor 1, down 1, up 3
 */
#define SHUFFLE_KERNEL(T)                                                    \
   SG_SIZE_ATTR                                                             \
   kernel void shuffle_##T(global const T *a, global const T *b,             \
                           global const uint *idx, global const uint *pred,  \
                           global T *out, global uint *where, uint mode,     \
                           uint uniform)                                     \
   {                                                                         \
      record(where);                                                         \
      if (!pred[GID])                                                        \
         return;                                                             \
      const T x = a[GID], y = b[GID];                                        \
      global T *o = out + 4 * GID;                                           \
      global const uint *i = idx + 4 * GID;                                  \
      switch (mode) {                                                        \
      case 0:                                                                \
         o[0] = intel_sub_group_shuffle(x, i[0]);                            \
         o[1] = intel_sub_group_shuffle_xor(x, i[1]);                        \
         o[2] = intel_sub_group_shuffle_down(x, y, i[2]);                    \
         o[3] = intel_sub_group_shuffle_up(x, y, i[3]);                      \
         break;                                                              \
      case 1:                                                                \
         o[0] = intel_sub_group_shuffle(x, uniform & 0xff);                  \
         o[1] = intel_sub_group_shuffle_xor(x, (uniform >> 8) & 0xff);       \
         o[2] = intel_sub_group_shuffle_down(x, y, (uniform >> 16) & 0xff);  \
         o[3] = intel_sub_group_shuffle_up(x, y, uniform >> 24);             \
         break;                                                              \
      default:                                                               \
         o[0] = intel_sub_group_shuffle(x, 2);                               \
         o[1] = intel_sub_group_shuffle_xor(x, 1);                           \
         o[2] = intel_sub_group_shuffle_down(x, y, 1);                       \
         o[3] = intel_sub_group_shuffle_up(x, y, 3);                         \
         break;                                                              \
      }                                                                      \
   }

SHUFFLE_KERNEL(char)
SHUFFLE_KERNEL(uchar)
SHUFFLE_KERNEL(short)
SHUFFLE_KERNEL(ushort)
SHUFFLE_KERNEL(int)
SHUFFLE_KERNEL(uint)
SHUFFLE_KERNEL(float)
SHUFFLE_KERNEL(long)
SHUFFLE_KERNEL(ulong)
SHUFFLE_KERNEL(uint2)
SHUFFLE_KERNEL(float4)
#endif

/* A block read of n (1, 2, 4, 8) components from p into o[0 .. n - 1], and
 * a block write of v[0 .. n - 1] to p, for the buffer and __local kernels.
 */
#define BLOCK_READ_N(READ, p, o, n)                                          \
   switch (n) {                                                              \
   case 1: (o)[0] = READ(p); break;                                          \
   case 2: vstore2(READ##2(p), 0, o); break;                                 \
   case 4: vstore4(READ##4(p), 0, o); break;                                 \
   default: vstore8(READ##8(p), 0, o); break;                                \
   }
#define BLOCK_WRITE_N(WRITE, p, v, n)                                        \
   switch (n) {                                                              \
   case 1: WRITE(p, (v)[0]); break;                                          \
   case 2: WRITE##2(p, vload2(0, v)); break;                                 \
   case 4: WRITE##4(p, vload4(0, v)); break;                                 \
   default: WRITE##8(p, vload8(0, v)); break;                                \
   }

/* --- buffer block IO -------------------------------------------------- */
#if defined(INTEL_BUFFER_BLOCK)

/* N components per work-item (uniform n of 1, 2, 4, 8); subgroup index s
 * reads / writes the block of max_sub_group_size * n elements at element
 * s * max_sub_group_size * n.  Reads store the N components at
 * out[n * GID + k]; writes take them from in[n * GID + k].
 */
#define BLOCK_KERNELS(NAME, T, READ, WRITE)                                  \
   SG_SIZE_ATTR                                                             \
   kernel void block_read_##NAME(global const T *in, global T *out,         \
                                 global uint *where, uint n)                \
   {                                                                         \
      record(where);                                                         \
      global const T *p = in + SG_INDEX * get_max_sub_group_size() * n;      \
      global T *o = out + n * GID;                                           \
      BLOCK_READ_N(READ, p, o, n);                                           \
   }                                                                         \
   SG_SIZE_ATTR                                                             \
   kernel void block_write_##NAME(global const T *in, global T *out,        \
                                  global uint *where, uint n)               \
   {                                                                         \
      record(where);                                                         \
      global T *p = out + SG_INDEX * get_max_sub_group_size() * n;           \
      global const T *v = in + n * GID;                                      \
      BLOCK_WRITE_N(WRITE, p, v, n);                                         \
   }

BLOCK_KERNELS(ui, uint, intel_sub_group_block_read, intel_sub_group_block_write)
BLOCK_KERNELS(us, ushort, intel_sub_group_block_read_us, intel_sub_group_block_write_us)
BLOCK_KERNELS(uc, uchar, intel_sub_group_block_read_uc, intel_sub_group_block_write_uc)
BLOCK_KERNELS(ul, ulong, intel_sub_group_block_read_ul, intel_sub_group_block_write_ul)
#endif

/* --- local block IO (cl_intel_subgroup_local_block_io) ----------------- */
#if defined(INTEL_LOCAL_BLOCK)

/* The buffer kernels' layout, through __local memory: the work-group copies
 * its blocks (get_num_sub_groups() * max * n elements from its first
 * subgroup's) into `l`, and block-reads them there; writes block-write into
 * `l`, which holds the work-group's part of `out` beforehand and goes back
 * to it afterwards, so elements no lane writes keep their bytes.  1024
 * elements: at most (64 + max - 1) / max * max * 8 for every max <= 64.
 */
#define LOCAL_WG_ELEMS(n) (get_num_sub_groups() * get_max_sub_group_size() * (n))
#define LOCAL_COPY(STMT, n)                                                  \
   for (uint i = get_local_id(0); i < LOCAL_WG_ELEMS(n); i += get_local_size(0)) \
      STMT;                                                                  \
   barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define LOCAL_BLOCK_KERNELS(NAME, T, READ, WRITE)                            \
   SG_SIZE_ATTR                                                             \
   kernel void local_block_read_##NAME(global const T *in, global T *out,   \
                                       global uint *where, uint n)          \
   {                                                                         \
      local T l[1024];                                                       \
      record(where);                                                         \
      const uint base = get_group_id(0) * LOCAL_WG_ELEMS(n);                 \
      LOCAL_COPY(l[i] = in[base + i], n);                                    \
      local const T *p = l + get_sub_group_id() * get_max_sub_group_size() * n; \
      global T *o = out + n * GID;                                           \
      BLOCK_READ_N(READ, p, o, n);                                           \
   }                                                                         \
   SG_SIZE_ATTR                                                             \
   kernel void local_block_write_##NAME(global const T *in, global T *out,  \
                                        global uint *where, uint n)         \
   {                                                                         \
      local T l[1024];                                                       \
      record(where);                                                         \
      const uint base = get_group_id(0) * LOCAL_WG_ELEMS(n);                 \
      LOCAL_COPY(l[i] = out[base + i], n);                                   \
      local T *p = l + get_sub_group_id() * get_max_sub_group_size() * n;    \
      global const T *v = in + n * GID;                                      \
      BLOCK_WRITE_N(WRITE, p, v, n);                                         \
      barrier(CLK_LOCAL_MEM_FENCE);                                          \
      LOCAL_COPY(out[base + i] = l[i], n);                                   \
   }

LOCAL_BLOCK_KERNELS(ui, uint, intel_sub_group_block_read, intel_sub_group_block_write)
LOCAL_BLOCK_KERNELS(us, ushort, intel_sub_group_block_read_us, intel_sub_group_block_write_us)
LOCAL_BLOCK_KERNELS(uc, uchar, intel_sub_group_block_read_uc, intel_sub_group_block_write_uc)
LOCAL_BLOCK_KERNELS(ul, ulong, intel_sub_group_block_read_ul, intel_sub_group_block_write_ul)
#endif

/* --- image block IO --------------------------------------------------- */
#if defined(INTEL_IMAGE_BLOCK)

/* Byte coordinate x (uniform), rows from y0: subgroup index s uses the 15
 * rows y0 + 15 * s .. and reads / writes 1, 2, 4 and 8 components in turn,
 * at rows +0, +1, +3 and +7.  Per work-item 15 elements: the one of read
 * (out / in[15 * GID]), the two of read2 (+1), the four of read4 (+3),
 * the eight of read8 (+7).  The image's format is the host's choice:
 * block IO moves raw bits, whatever the format.
 */
#define IMAGE_KERNELS(NAME, T, READ, WRITE)                                  \
   SG_SIZE_ATTR                                                             \
   kernel void image_read_##NAME(read_only image2d_t img, global T *out,    \
                                 global uint *where, uint x, uint y0)       \
   {                                                                         \
      record(where);                                                         \
      const int y = (int)(y0 + 15 * SG_INDEX);                               \
      global T *o = out + 15 * GID;                                          \
      o[0] = READ(img, (int2)((int)x, y));                                   \
      vstore2(READ##2(img, (int2)((int)x, y + 1)), 0, o + 1);                \
      vstore4(READ##4(img, (int2)((int)x, y + 3)), 0, o + 3);                \
      vstore8(READ##8(img, (int2)((int)x, y + 7)), 0, o + 7);                \
   }                                                                         \
   SG_SIZE_ATTR                                                             \
   kernel void image_write_##NAME(write_only image2d_t img,                  \
                                  global const T *in, global uint *where,   \
                                  uint x, uint y0)                          \
   {                                                                         \
      record(where);                                                         \
      const int y = (int)(y0 + 15 * SG_INDEX);                               \
      global const T *v = in + 15 * GID;                                     \
      WRITE(img, (int2)((int)x, y), v[0]);                                   \
      WRITE##2(img, (int2)((int)x, y + 1), vload2(0, v + 1));                \
      WRITE##4(img, (int2)((int)x, y + 3), vload4(0, v + 3));                \
      WRITE##8(img, (int2)((int)x, y + 7), vload8(0, v + 7));                \
   }

IMAGE_KERNELS(ui, uint, intel_sub_group_block_read, intel_sub_group_block_write)
IMAGE_KERNELS(us, ushort, intel_sub_group_block_read_us, intel_sub_group_block_write_us)
IMAGE_KERNELS(uc, uchar, intel_sub_group_block_read_uc, intel_sub_group_block_write_uc)
IMAGE_KERNELS(ul, ulong, intel_sub_group_block_read_ul, intel_sub_group_block_write_ul)
#endif
