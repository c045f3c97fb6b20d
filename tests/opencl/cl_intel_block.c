/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl_intel_subgroups' block IO: cl.intel_block.* (buffers),
 * cl.intel_local_block.* (__local memory,
 * cl_intel_subgroup_local_block_io), cl.intel_image_block.* (2D images of
 * 16 formats) and cl.intel_spirv.block.* (intel_spirv.spv); and the
 * cl_intel_subgroups families at one work-group size.
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

/* Raw bits a data-movement test should carry through unchanged: snorm's
 * -128 and -32768, half and float signalling / quiet NaNs and denormals,
 * infinities.  Every third 32-bit word of a buffer becomes one of them.
 */
static void
sprinkle_specials(uint32_t *w, size_t words)
{
   static const uint32_t specials[] = {
      0x80808080u, 0x7e017c01u, 0x83ff0001u, 0x7f800001u,
      0x00000001u, 0xffc00000u, 0x80008000u, 0x807fffffu,
   };
   for (size_t i = 0; i < words; i += 3)
      w[i] = specials[(i / 3) % (sizeof(specials) / sizeof(specials[0]))];
}

/* The index of subgroup s of the last launch as the kernels count it:
 * work-group * get_num_sub_groups() + get_sub_group_id().
 */
static unsigned
sg_index(unsigned s, const uint32_t *where, unsigned local)
{
   const unsigned gid = sgs[s].gid[0];
   return gid / local * ((local + max_lanes - 1) / max_lanes) + (where[gid] >> 16);
}

/* Buffer and image block IO element types: kernels block_{read,write}_<sfx>
 * and image_{read,write}_<sfx>.
 */
static const struct block_type {
   const char *name;
   const char *sfx;
   unsigned bytes;
} block_types[] = {
   {"uint", "ui", 4}, {"ushort", "us", 2}, {"uchar", "uc", 1}, {"ulong", "ul", 8},
};
#define NUM_BLOCK_TYPES (sizeof(block_types) / sizeof(block_types[0]))

/* Enough for NUM_WG * ceil(64 / max) subgroups of blocks of max * 8 ulongs
 * and a margin, and for N work-items' 15 ulongs.
 */
#define BLOCK_WORDS 8192
static uint32_t blk_in[BLOCK_WORDS], blk_out[BLOCK_WORDS], blk_init[BLOCK_WORDS],
   blk_where[N];

/* Buffer block IO, n components: subgroup index i's block is the max * n
 * elements from element i * max * n; after the last block a margin of
 * max * n elements.  Reads: every lane's components against the elements
 * the reference names.  Writes: every byte of the buffer, the elements the
 * reference names holding the lanes' data and all others their initial
 * random bytes.
 */
static const char *
check_intel_block(cl_program prog, unsigned local, bool write, unsigned ti, unsigned n,
                  bool local_mem)
{
   const struct block_type *t = &block_types[ti];
   const unsigned bytes = t->bytes;
   const unsigned nsg = NUM_WG * ((local + max_lanes - 1) / max_lanes);
   const size_t elems = (size_t)(nsg + 1) * max_lanes * n;
   const size_t buf_words = (elems * bytes + 3) / 4, item_words = (N * n * bytes + 3) / 4;
   if (buf_words > BLOCK_WORDS || item_words > BLOCK_WORDS)
      return "buffers too small for this subgroup size";
   uint8_t *in = (uint8_t *)blk_in, *out = (uint8_t *)blk_out, *init = (uint8_t *)blk_init;

   fill(blk_in, BLOCK_WORDS, 300 + ti * 8 + n + local * 16 + write, 0);
   sprinkle_specials(blk_in, BLOCK_WORDS);
   if (write) {
      fill(blk_out, BLOCK_WORDS, 400 + ti * 8 + n + local * 16, 0);
   } else {
      set_all(blk_out, BLOCK_WORDS, UNSET);
   }
   memcpy(blk_init, blk_out, sizeof(blk_init));
   set_all(blk_where, N, UNSET);

   char kernel[32];
   snprintf(kernel, sizeof(kernel), "%sblock_%s_%s", local_mem ? "local_" : "",
            write ? "write" : "read", t->sfx);
   struct arg a[] = {IN_WORDS(blk_in, write ? item_words : buf_words),
                     OUT(blk_out, write ? buf_words : item_words), OUT(blk_where, N), VAL(n)};
   const char *err = launch(prog, kernel, local, a, 4);
   if (err || (err = map_subgroups(blk_where, NULL, local, max_lanes)))
      return err;

   char h1[64], h2[64];
   unsigned checked = 0;
   if (!write) {
      for (unsigned s = 0; s < num_sgs; s++) {
         const struct sg_map *m = &sgs[s];
         const uint64_t base = (uint64_t)sg_index(s, blk_where, local) * max_lanes * n;
         for (unsigned l = 0; l < m->sg.size; l++) {
            for (unsigned k = 0; k < n; k++) {
               const uint64_t e = base + ref_intel_block_read_index(&m->sg, l, k);
               if (e >= elems)
                  return fail("subgroup %u lane %u component %u: element %llu is past the "
                              "buffer", s, l, k, (unsigned long long)e);
               const uint8_t *want = in + e * bytes;
               const uint8_t *have = out + ((size_t)m->gid[l] * n + k) * bytes;
               checked++;
               if (memcmp(want, have, bytes))
                  return fail("subgroup %u (size %u) lane %u component %u: %s, want element "
                              "%llu: %s", s, m->sg.size, l, k,
                              hex_bytes(have, bytes, h1, sizeof(h1)), (unsigned long long)e,
                              hex_bytes(want, bytes, h2, sizeof(h2)));
            }
         }
      }
      return nothing_checked(checked, checked, "");
   }

   /* The expected buffer: the initial bytes with every lane's elements
    * written over; owner[e]: 1 + subgroup << 16 | lane << 4 | component of
    * the lane that writes element e, 0 for none.
    */
   static uint8_t expect[BLOCK_WORDS * 4];
   static uint32_t owner[BLOCK_WORDS * 4];
   memcpy(expect, init, elems * bytes);
   memset(owner, 0, sizeof(owner));
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      const uint64_t base = (uint64_t)sg_index(s, blk_where, local) * max_lanes * n;
      for (unsigned l = 0; l < m->sg.size; l++) {
         for (unsigned k = 0; k < n; k++) {
            const uint64_t e = base + ref_intel_block_write_index(&m->sg, l, k);
            if (e >= elems)
               return fail("subgroup %u lane %u component %u: element %llu is past the "
                           "buffer", s, l, k, (unsigned long long)e);
            memcpy(expect + e * bytes, in + ((size_t)m->gid[l] * n + k) * bytes, bytes);
            owner[e] = 1 + (s << 16 | l << 4 | k);
            checked++;
         }
      }
   }
   for (size_t e = 0; e < elems; e++) {
      if (!memcmp(expect + e * bytes, out + e * bytes, bytes))
         continue;
      const uint32_t o = owner[e];
      char who[96] = "no lane's: its initial bytes";
      if (o)
         snprintf(who, sizeof(who), "subgroup %u lane %u component %u's", (o - 1) >> 16,
                  ((o - 1) >> 4) & 0xfff, (o - 1) & 15);
      return fail("element %zu (block %zu): %s, want %s %s", e, e / (max_lanes * n),
                  hex_bytes(out + e * bytes, bytes, h1, sizeof(h1)), who,
                  hex_bytes(expect + e * bytes, bytes, h2, sizeof(h2)));
   }
   return nothing_checked(checked, checked, "");
}

/* Image block IO: the formats, chosen at run time (one kernel for all). */
static const struct image_fmt {
   const char *name;
   cl_channel_order order;
   cl_channel_type type;
   unsigned texel_bytes;
} image_fmts[] = {
   {"r_uint8", CL_R, CL_UNSIGNED_INT8, 1},        {"r_int8", CL_R, CL_SIGNED_INT8, 1},
   {"r_unorm8", CL_R, CL_UNORM_INT8, 1},          {"r_int16", CL_R, CL_SIGNED_INT16, 2},
   {"r_half", CL_R, CL_HALF_FLOAT, 2},            {"rg_uint16", CL_RG, CL_UNSIGNED_INT16, 4},
   {"rg_unorm16", CL_RG, CL_UNORM_INT16, 4},      {"rgba_uint8", CL_RGBA, CL_UNSIGNED_INT8, 4},
   {"rgba_unorm8", CL_RGBA, CL_UNORM_INT8, 4},    {"rgba_snorm8", CL_RGBA, CL_SNORM_INT8, 4},
   {"bgra_unorm8", CL_BGRA, CL_UNORM_INT8, 4},    {"r_uint32", CL_R, CL_UNSIGNED_INT32, 4},
   {"r_float", CL_R, CL_FLOAT, 4},                {"rgba_half", CL_RGBA, CL_HALF_FLOAT, 8},
   {"rgba_snorm16", CL_RGBA, CL_SNORM_INT16, 8},  {"rgba_float", CL_RGBA, CL_FLOAT, 16},
};
#define NUM_IMAGE_FMTS (sizeof(image_fmts) / sizeof(image_fmts[0]))
/* Whether clGetSupportedImageFormats reports each for reads / writes. */
static bool image_fmt_ok[2][NUM_IMAGE_FMTS];

void
query_image_formats(void)
{
   static const cl_mem_flags flags[2] = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY};
   for (unsigned w = 0; w < 2; w++) {
      cl_uint num = 0;
      cl_image_format fmts[512];
      if (clGetSupportedImageFormats(ctx, flags[w], CL_MEM_OBJECT_IMAGE2D, 512, fmts, &num) !=
          CL_SUCCESS)
         num = 0;
      for (unsigned f = 0; f < NUM_IMAGE_FMTS; f++) {
         for (cl_uint i = 0; i < num && i < 512; i++) {
            if (fmts[i].image_channel_order == image_fmts[f].order &&
                fmts[i].image_channel_data_type == image_fmts[f].type)
               image_fmt_ok[w][f] = true;
         }
      }
   }
}

/* Rows of IMAGE_ROW or IMAGE_ROW_PADDED bytes (below); subgroup index i uses
 * the 15 rows from IMAGE_Y0 + 15 * i: 1, 2, 4 and 8 components at +0, +1,
 * +3 and +7, the same column x for all.  Two spare rows below.
 */
#define IMAGE_ROW 192
#define IMAGE_ROW_PADDED 208
#define IMAGE_Y0 1
#define IMAGE_ROWS_PER_SG 15
#define IMAGE_MAX_BYTES (IMAGE_ROW_PADDED * (IMAGE_Y0 + NUM_WG * MAX_WG * IMAGE_ROWS_PER_SG + 2))
static uint8_t img_init[IMAGE_MAX_BYTES], img_got[IMAGE_MAX_BYTES], img_expect[IMAGE_MAX_BYTES];
static uint32_t img_owner[IMAGE_MAX_BYTES];
static uint32_t img_items[N * 15 * 2], img_where[N];

/* Random bytes, and in every fifth texel a first channel the format's
 * decoding would treat specially: snorm's -128 / -32768, half and float
 * NaNs (signalling and quiet), denormals and infinities.
 */
static void
image_data(const struct image_fmt *f, size_t bytes, uint32_t seed)
{
   uint32_t x = seed * 2654435761u + 99;
   for (size_t i = 0; i < bytes; i++) {
      x = x * 1664525u + 1013904223u;
      img_init[i] = (uint8_t)(x >> 24);
   }
   static const uint16_t halfs[] = {0x7c01, 0x7e00, 0x0001, 0x83ff, 0xfc00};
   static const uint32_t floats[] = {0x7f800001u, 0x7fc00000u, 0x00000001u, 0x807fffffu,
                                     0xff800000u};
   for (size_t t = 0, j = 0; (t + 1) * f->texel_bytes <= bytes; t += 5, j++) {
      uint8_t *p = img_init + t * f->texel_bytes;
      switch (f->type) {
      case CL_SNORM_INT8: p[0] = 0x80; break;
      case CL_SNORM_INT16: memcpy(p, &(uint16_t){0x8000}, 2); break;
      case CL_HALF_FLOAT: memcpy(p, &halfs[j % 5], 2); break;
      case CL_FLOAT: memcpy(p, &floats[j % 5], 4); break;
      default: break;
      }
   }
}

/* One launch of image_{read,write}_<sfx> on an image of format f: the
 * 1, 2, 4 and 8 component forms in turn.  Block IO moves raw bits (no
 * format conversion), so the expected bytes are the image's own, where
 * ref_intel_image_block_byte puts them; a write must leave every other
 * byte of the image as it was.
 */
static const char *
check_intel_image_block(cl_program prog, unsigned local, bool write, unsigned ti, unsigned fi)
{
   const struct block_type *t = &block_types[ti];
   const struct image_fmt *f = &image_fmts[fi];
   const unsigned bytes = t->bytes;
   const unsigned nsg = NUM_WG * ((local + max_lanes - 1) / max_lanes);
   /* Two geometries, one a work-group size:
    *  - 192-byte rows (a multiple of 64: images whose rows follow each other
    *    without padding, where a driver aligns its rows to a cache line), at
    *    a column aligned only as much as the mapping needs, the smaller of
    *    the element and texel sizes: elements start inside texels where
    *    they can;
    *  - 208-byte rows (13 texels of 16 bytes, 208 of 1: a driver that pads
    *    rows to 64 bytes or 4 texels has a row pitch other than the width)
    *    at column 16, a multiple of every element size: elements of several
    *    texels start at a texel.
    */
   const bool padded = local == 37;
   const unsigned row_bytes = padded ? IMAGE_ROW_PADDED : IMAGE_ROW;
   const unsigned width = row_bytes / f->texel_bytes;
   const unsigned height = IMAGE_Y0 + nsg * IMAGE_ROWS_PER_SG + 2;
   const size_t img_bytes = (size_t)row_bytes * height;
   const uint32_t x = padded ? 16 : 16 + (bytes < f->texel_bytes ? bytes : f->texel_bytes);
   const size_t item_words = (N * 15 * bytes + 3) / 4;
   if (img_bytes > IMAGE_MAX_BYTES || item_words > sizeof(img_items) / 4)
      return "image too large for this subgroup size";

   image_data(f, img_bytes, 500 + fi * 16 + ti * 4 + write + local * 256);
   if (write) {
      fill(img_items, item_words, 600 + fi * 16 + ti * 4 + local * 256, 0);
      sprinkle_specials(img_items, item_words);
   } else {
      set_all(img_items, item_words, UNSET);
   }
   set_all(img_where, N, UNSET);

   cl_int err;
   const cl_image_format fmt = {f->order, f->type};
   cl_image_desc desc;
   memset(&desc, 0, sizeof(desc));
   desc.image_type = CL_MEM_OBJECT_IMAGE2D;
   desc.image_width = width;
   desc.image_height = height;
   cl_mem img = clCreateImage(ctx, write ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY, &fmt, &desc,
                              NULL, &err);
   if (err != CL_SUCCESS)
      return fail("clCreateImage(%s, %ux%u) = %d", f->name, width, height, err);
   const size_t origin[3] = {0, 0, 0}, region[3] = {width, height, 1};
   err = clEnqueueWriteImage(queue, img, CL_TRUE, origin, region, row_bytes, 0, img_init, 0,
                             NULL, NULL);
   if (err != CL_SUCCESS) {
      clReleaseMemObject(img);
      return fail("clEnqueueWriteImage = %d", err);
   }
   char kernel[32];
   snprintf(kernel, sizeof(kernel), "image_%s_%s", write ? "write" : "read", t->sfx);
   struct arg a[] = {MEM(img), {img_items, item_words, 0, !write, NULL}, OUT(img_where, N),
                     VAL(x), VAL(IMAGE_Y0)};
   const char *lerr = launch(prog, kernel, local, a, 5);
   if (!lerr && write) {
      err = clEnqueueReadImage(queue, img, CL_TRUE, origin, region, row_bytes, 0, img_got, 0,
                               NULL, NULL);
      if (err != CL_SUCCESS)
         lerr = fail("clEnqueueReadImage = %d", err);
   }
   clReleaseMemObject(img);
   if (lerr || (lerr = map_subgroups(img_where, NULL, local, max_lanes)))
      return lerr;

   const uint8_t *items = (const uint8_t *)img_items;
   char h1[64], h2[64];
   unsigned checked = 0;
   if (write) {
      memcpy(img_expect, img_init, img_bytes);
      memset(img_owner, 0, img_bytes * sizeof(img_owner[0]));
   }
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      const uint32_t y = IMAGE_Y0 + IMAGE_ROWS_PER_SG * sg_index(s, img_where, local);
      for (unsigned n = 1; n <= 8; n *= 2) {
         for (unsigned l = 0; l < m->sg.size; l++) {
            for (unsigned k = 0; k < n; k++) {
               const uint8_t *item = items + ((size_t)m->gid[l] * 15 + n - 1 + k) * bytes;
               uint8_t want[8];
               bool inside = true;
               for (unsigned b = 0; b < bytes && inside; b++) {
                  const struct ref_image_byte at =
                     ref_intel_image_block_byte(&m->sg, l, k, bytes, b, x, y + n - 1);
                  inside = at.column < row_bytes && at.row < height;
                  if (!inside)
                     break;
                  const size_t off = at.row * row_bytes + at.column;
                  if (write) {
                     img_expect[off] = item[b];
                     img_owner[off] = 1 + (s << 16 | l << 8 | k << 4 | n);
                  } else {
                     want[b] = img_init[off];
                  }
               }
               /* Outside the image: undefined (never so with these sizes). */
               checked += inside;
               if (write || !inside || !memcmp(want, item, bytes))
                  continue;
               return fail("read%u, subgroup %u (size %u) lane %u component %u (x %u, row "
                           "%u): %s, want %s", n, s, m->sg.size, l, k, x, y + n - 1 + k,
                           hex_bytes(item, bytes, h1, sizeof(h1)),
                           hex_bytes(want, bytes, h2, sizeof(h2)));
            }
         }
      }
   }
   if (!write || !checked)
      return nothing_checked(checked, checked, "");
   for (size_t off = 0; off < img_bytes; off++) {
      if (img_got[off] == img_expect[off])
         continue;
      const uint32_t o = img_owner[off];
      char who[96] = "no lane's: its initial byte";
      if (o)
         snprintf(who, sizeof(who), "write%u, subgroup %u lane %u component %u's", (o - 1) & 15,
                  (o - 1) >> 16, ((o - 1) >> 8) & 0xff, ((o - 1) >> 4) & 15);
      return fail("row %zu byte %zu: %s, want %s %s", off / row_bytes, off % row_bytes,
                  hex_bytes(&img_got[off], 1, h1, sizeof(h1)), who,
                  hex_bytes(&img_expect[off], 1, h2, sizeof(h2)));
   }
   return NULL;
}

/* The three cl_intel_subgroups families at one work-group size, each with
 * its program if that built.
 */
void
run_intel(cl_program *progs, unsigned local, const char *tag)
{
   char name[160];
   cl_program prog = progs[INTEL_SHUFFLES];
   if (prog)
      run_intel_shuffles(prog, local, tag);
   /* Buffers (cl.intel_block.*) and __local memory (cl.intel_local_block.*,
    * cl_intel_subgroup_local_block_io): the same layout and reference.
    */
   for (unsigned lm = 0; lm < 2; lm++) {
      prog = progs[lm ? INTEL_LOCAL_BLOCK : INTEL_BUFFER_BLOCK];
      for (unsigned w = 0; w < 2 && prog; w++) {
         for (unsigned t = 0; t < NUM_BLOCK_TYPES; t++) {
            for (unsigned n = 1; n <= 8; n *= 2) {
               char count[12] = "";
               if (n > 1)
                  snprintf(count, sizeof(count), "%u", n);
               snprintf(name, sizeof(name), "cl.intel_%sblock.%s.%s%s.l%u.%s",
                        lm ? "local_" : "", w ? "write" : "read", block_types[t].name, count,
                        local, tag);
               CASE(name, check_intel_block(prog, local, w, t, n, lm));
            }
         }
      }
   }
   /* rusticl creates a compute state per launch on llvmpipe (no shareable
    * shaders), so every launch compiles its kernel, and the image kernels
    * (five texel sizes chosen at run time, 15 components) are the largest:
    * they run at two work-group sizes, 5 (one partial subgroup, below every
    * width but 4) and 37 (full subgroups and a partial last one).
    */
   prog = local == 5 || local == 37 ? progs[INTEL_IMAGE_BLOCK] : NULL;
   for (unsigned f = 0; f < NUM_IMAGE_FMTS && prog; f++) {
      for (unsigned w = 0; w < 2; w++) {
         for (unsigned t = 0; t < NUM_BLOCK_TYPES; t++) {
            snprintf(name, sizeof(name), "cl.intel_image_block.%s.%s.%s.l%u.%s",
                     w ? "write" : "read", image_fmts[f].name, block_types[t].name, local, tag);
            if (!image_fmt_ok[w][f]) {
               report(name, w ? "clGetSupportedImageFormats(CL_MEM_WRITE_ONLY) lacks the format"
                              : "clGetSupportedImageFormats(CL_MEM_READ_ONLY) lacks the format");
               continue;
            }
            CASE(name, check_intel_image_block(prog, local, w, t, f));
         }
      }
   }
}

/* cl_intel_spirv_subgroups: intel_spirv.spv's kernels, SPV_INTEL_subgroups
 * written in SPIR-V: the four uint shuffles by per-work-item indices, and
 * buffer block reads / writes of two uints.
 */
void
run_intel_spirv(cl_program prog, unsigned local, const char *tag)
{
   for (int dv = 0; dv < 2 && prog; dv++)
      run_intel_shuffle(prog, "intel_spirv.shuffle", local, dv, 5 /* uint */, 0, tag);
   for (unsigned w = 0; w < 2 && prog; w++) {
      char name[160];
      snprintf(name, sizeof(name), "cl.intel_spirv.block.%s.uint2.l%u.%s", w ? "write" : "read",
               local, tag);
      CASE(name, check_intel_block(prog, local, w, 0 /* uint */, 2, false));
   }
}
