/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

/* cmat-sizes: VK_KHR_cooperative_matrix at each subgroup size a compute
 * shader can require.  A cooperative matrix is spread over the invocations of
 * a subgroup, so where a driver compiles compute shaders at several sizes
 * (VK_EXT_subgroup_size_control), each size spreads it differently.  For
 * each size and each 8x8x8 type combination the device lists, cmat.comp
 * loads matrices in both layouts, multiplies and adds them, changes each
 * element it holds, and stores the results; cmat_ref.c says what the result
 * buffer must hold, the elements no store names included.
 *
 *   cmat-sizes [--sizes 4,8,...] [--shader-dir DIR]
 *
 * Without --sizes: every power of two from minSubgroupSize to maxSubgroupSize
 * where compute shaders can require a size, else the device's size.  The last
 * line counts the cases; the exit status is 1 when one failed or none passed.
 */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmat_ref.h"
#include "vkh.h"

/* Newer than Debian's 1.3.239 headers (VK_KHR_cooperative_matrix). */
enum {
   CT_FLOAT16 = 0,
   CT_FLOAT32 = 1,
   CT_SINT8 = 3,
   CT_SINT32 = 5,
   CT_UINT8 = 7,
   CT_UINT32 = 9,
};
#define STYPE_COOPERATIVE_MATRIX_PROPERTIES ((VkStructureType)1000506001)
#define SCOPE_SUBGROUP 3
struct cmat_properties {
   VkStructureType sType;
   void *pNext;
   uint32_t MSize, NSize, KSize;
   uint32_t AType, BType, CType, ResultType;
   VkBool32 saturatingAccumulation;
   uint32_t scope;
};
typedef VkResult (VKAPI_PTR *get_cmat_properties_fn)(VkPhysicalDevice, uint32_t *,
                                                      struct cmat_properties *);

struct variant {
   const char *name;
   uint32_t ab_type, c_type;
   unsigned ab_bytes, c_bytes;
   bool ab_float, c_float, ab_signed, c_signed;
};

static const struct variant variants[] = {
   { "f16_f32", CT_FLOAT16, CT_FLOAT32, 2, 4, true, true, true, true },
   { "f16_f16", CT_FLOAT16, CT_FLOAT16, 2, 2, true, true, true, true },
   { "u8_u32", CT_UINT8, CT_UINT32, 1, 4, false, false, false, false },
   { "s8_s32", CT_SINT8, CT_SINT32, 1, 4, false, false, true, true },
};

/* Array lengths in elements: the loads and stores of cmat.comp stay inside. */
#define A_ELEMS 128
#define B_ELEMS 192
#define C_ELEMS 184
#define D_ELEMS 192

static const struct cmat_layout a_layout[2] = { { 0, 8, true }, { 8, 16, false } };
static const struct cmat_layout b_layout[2] = { { 0, 8, false }, { 16, 24, true } };
static const struct cmat_layout c_layout[2] = { { 0, 8, true }, { 64, 16, false } };
static const struct cmat_layout d_layout[2] = { { 0, 8, true }, { 72, 16, false } };

/* An integer below 2048 in magnitude as an IEEE half float. */
static uint16_t
half_of_int(int v)
{
   if (v == 0)
      return 0;
   uint16_t sign = v < 0 ? 0x8000 : 0;
   unsigned m = v < 0 ? -v : v;
   int e = 0;
   while ((m >> e) > 1)
      e++;
   /* 10 bits of fraction below the leading one */
   unsigned frac = (m << (10 - e)) & 0x3ff;
   return sign | (uint16_t)((e + 15) << 10) | (uint16_t)frac;
}

static uint32_t
bits_of(double v, unsigned bytes, bool is_float)
{
   if (is_float && bytes == 2)
      return half_of_int((int)v);
   if (is_float) {
      float f = (float)v;
      uint32_t u;
      memcpy(&u, &f, 4);
      return u;
   }
   return (uint32_t)(int64_t)v & (bytes == 4 ? 0xffffffffu : (1u << (8 * bytes)) - 1);
}

static void
put(uint8_t *array, unsigned i, unsigned bytes, uint32_t bits)
{
   memcpy(array + i * bytes, &bits, bytes); /* little-endian hosts */
}

static uint32_t
get(const uint8_t *array, unsigned i, unsigned bytes)
{
   uint32_t bits = 0;
   memcpy(&bits, array + i * bytes, bytes);
   return bits;
}

static uint32_t
next_random(uint32_t *state)
{
   *state = *state * 1103515245u + 12345u;
   return *state >> 8;
}

/* A value in [lo, hi]. */
static int
random_in(uint32_t *state, int lo, int hi)
{
   return lo + (int)(next_random(state) % (unsigned)(hi - lo + 1));
}

static bool
device_lists(struct vkh *h, const struct variant *v)
{
   get_cmat_properties_fn get = (get_cmat_properties_fn)vkGetInstanceProcAddr(
      h->instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR");
   if (!get)
      return false;
   uint32_t n = 0;
   if (get(h->phys, &n, NULL) != VK_SUCCESS || n == 0)
      return false;
   struct cmat_properties *p = calloc(n, sizeof(*p));
   for (uint32_t i = 0; i < n; i++)
      p[i].sType = STYPE_COOPERATIVE_MATRIX_PROPERTIES;
   bool found = false;
   if (get(h->phys, &n, p) == VK_SUCCESS) {
      for (uint32_t i = 0; i < n && !found; i++) {
         found = p[i].MSize == 8 && p[i].NSize == 8 && p[i].KSize == 8 &&
                 p[i].AType == v->ab_type && p[i].BType == v->ab_type &&
                 p[i].CType == v->c_type && p[i].ResultType == v->c_type &&
                 p[i].scope == SCOPE_SUBGROUP && !p[i].saturatingAccumulation;
      }
   }
   free(p);
   return found;
}

static uint32_t *
read_spirv(const char *dir, const char *name, size_t *size)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.spv", dir, name);
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "cmat-sizes: %s: %s\n", path, strerror(errno));
      return NULL;
   }
   fseek(f, 0, SEEK_END);
   long len = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *words = malloc(len > 0 ? len : 4);
   if (len <= 0 || fread(words, 1, len, f) != (size_t)len) {
      fprintf(stderr, "cmat-sizes: %s: short read\n", path);
      free(words);
      fclose(f);
      return NULL;
   }
   fclose(f);
   *size = len;
   return words;
}

/* Compares the result buffer with the reference; prints the case's line. */
static int
check(const char *name, unsigned size, const uint8_t *out, unsigned elems, unsigned bytes,
      bool is_float, const double *want, const bool *written)
{
   const uint32_t sentinel = bytes == 4 ? 0xcdcdcdcdu : 0xcdcdu;
   for (unsigned i = 0; i < elems; i++) {
      uint32_t got = get(out, i, bytes);
      uint32_t expected = written[i] ? bits_of(want[i], bytes, is_float) : sentinel;
      if (got != expected) {
         printf("FAIL %s.size%u: element %u = 0x%x, expected 0x%x%s\n", name, size, i, got,
                expected, written[i] ? "" : " (no store names it)");
         return 0;
      }
   }
   printf("PASS %s.size%u\n", name, size);
   return 1;
}

static void
fill(uint32_t *state, double *values, uint8_t *array, unsigned n, int lo, int hi, unsigned bytes,
     bool is_float)
{
   for (unsigned i = 0; i < n; i++) {
      values[i] = random_in(state, lo, hi);
      put(array, i, bytes, bits_of(values[i], bytes, is_float));
   }
}

static bool
dispatch(struct vkh *h, const char *name, unsigned size, bool required, const uint32_t *spirv,
         size_t spirv_size, uint32_t *const buffers[4], const size_t words[4])
{
   struct vkh_dispatch disp = {
      .spirv = spirv,
      .spirv_size = spirv_size,
      .workgroup_size = size,
      .required_subgroup_size = required ? size : 0,
   };
   for (unsigned i = 0; i < 4; i++) {
      disp.buffers[i] = buffers[i];
      disp.buffer_words[i] = words[i];
   }
   VkResult r = vkh_run(h, &disp);
   if (r != VK_SUCCESS)
      printf("FAIL %s.size%u: the dispatch failed (%d)\n", name, size, r);
   return r == VK_SUCCESS;
}

/* cmat.comp: returns 1 passed, 0 failed. */
static int
run_khr(struct vkh *h, const struct variant *v, const uint32_t *spirv, size_t spirv_size,
        unsigned size, bool required, uint32_t seed)
{
   static uint32_t a_words[A_ELEMS / 2], b_words[B_ELEMS / 2], c_words[C_ELEMS], d_words[D_ELEMS];
   double a[A_ELEMS], b[B_ELEMS], c[C_ELEMS], d[D_ELEMS];
   bool written[D_ELEMS] = { false };
   uint32_t state = seed;
   /* the whole range of the 8-bit types, so that sign and zero extension
    * differ; small integers for the half floats, whose sums stay exact
    */
   const int ab_lo = v->ab_float ? -4 : v->ab_signed ? -128 : 0;
   const int ab_hi = v->ab_float ? 4 : v->ab_signed ? 127 : 255;
   const int c_lo = v->c_float ? -8 : v->c_signed ? -1000 : 0;
   const int c_hi = v->c_float ? 8 : 1000;
   char name[64];
   snprintf(name, sizeof(name), "cmat.%s", v->name);

   fill(&state, a, (uint8_t *)a_words, A_ELEMS, ab_lo, ab_hi, v->ab_bytes, v->ab_float);
   fill(&state, b, (uint8_t *)b_words, B_ELEMS, ab_lo, ab_hi, v->ab_bytes, v->ab_float);
   fill(&state, c, (uint8_t *)c_words, C_ELEMS, c_lo, c_hi, v->c_bytes, v->c_float);
   memset(d_words, 0xcd, sizeof(d_words));

   for (unsigned k = 0; k < 2; k++) {
      struct cmat_ref ma, mb, mc, md;
      cmat_ref_load(a, &a_layout[k], 8, 8, &ma);
      cmat_ref_load(b, &b_layout[k], 8, 8, &mb);
      cmat_ref_load(c, &c_layout[k], 8, 8, &mc);
      cmat_ref_muladd(&ma, &mb, &mc, &md);
      if (k == 1) {
         for (unsigned i = 0; i < 64; i++)
            md.e[i] = md.e[i] * 3 + 1;
      }
      cmat_ref_store(&md, &d_layout[k], d, written);
   }

   uint32_t *const buffers[4] = { a_words, b_words, c_words, d_words };
   const size_t words[4] = { A_ELEMS * v->ab_bytes / 4, B_ELEMS * v->ab_bytes / 4,
                             C_ELEMS * v->c_bytes / 4, D_ELEMS * v->c_bytes / 4 };
   if (!dispatch(h, name, size, required, spirv, spirv_size, buffers, words))
      return 0;
   return check(name, size, (const uint8_t *)d_words, D_ELEMS, v->c_bytes, v->c_float, d,
                written);
}

/* for the bindings a shader does not use */
static uint32_t unused[1];

/* cmat2_reduce.spvasm: f32 accumulators, 8x8 at src[0], 16x16 at src[64]
 * and 16x32 at src[320], row-major; the results row-major from dst[0] on.
 */
#define REDUCE_SRC 832
#define REDUCE_DST 1280

static int
run_nv2_reduce(struct vkh *h, const uint32_t *spirv, size_t spirv_size, unsigned size,
               bool required, uint32_t seed)
{
   static uint32_t src_words[REDUCE_SRC], dst_words[REDUCE_DST];
   double src[REDUCE_SRC], dst[REDUCE_DST];
   bool written[REDUCE_DST] = { false };
   uint32_t state = seed;
   const char *name = "cmat2.reduce";

   fill(&state, src, (uint8_t *)src_words, REDUCE_SRC, -8, 8, 4, true);
   memset(dst_words, 0xcd, sizeof(dst_words));

   struct cmat_ref m[3], r;
   const struct cmat_layout src8 = { 0, 8, true }, src16 = { 64, 16, true };
   const struct cmat_layout src32 = { 320, 32, true };
   cmat_ref_load(src, &src8, 8, 8, &m[0]);
   cmat_ref_load(src, &src16, 16, 16, &m[1]);
   cmat_ref_load(src, &src32, 16, 32, &m[2]);
   static const struct {
      unsigned offset, mode, source, rows, cols;
   } results[] = {
      { 0, CMAT_REDUCE_ROW, 0, 8, 8 },
      { 64, CMAT_REDUCE_COLUMN, 0, 8, 8 },
      { 128, CMAT_REDUCE_ROW | CMAT_REDUCE_COLUMN, 0, 8, 8 },
      { 256, CMAT_REDUCE_2X2, 1, 8, 8 },
      { 320, CMAT_REDUCE_ROW, 1, 16, 16 },
      { 576, CMAT_REDUCE_COLUMN, 1, 16, 16 },
      { 832, CMAT_REDUCE_ROW, 2, 16, 8 },
      { 960, CMAT_REDUCE_COLUMN, 2, 8, 32 },
      { 1216, CMAT_REDUCE_ROW | CMAT_REDUCE_COLUMN, 2, 8, 8 },
   };
   for (unsigned i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
      cmat_ref_reduce_add(&m[results[i].source], results[i].mode, results[i].rows,
                          results[i].cols, &r);
      const struct cmat_layout l = { results[i].offset, r.cols, true };
      cmat_ref_store(&r, &l, dst, written);
   }
   /* at dst[192]: Func(row, col, v) = 100 v + 10 row + col */
   for (unsigned e = 0; e < 64; e++)
      r.e[e] = 100 * m[0].e[e] + 10 * (e / 8) + e % 8;
   r.rows = r.cols = 8;
   const struct cmat_layout per_element = { 192, 8, true };
   cmat_ref_store(&r, &per_element, dst, written);

   uint32_t *const buffers[4] = { src_words, unused, unused, dst_words };
   const size_t words[4] = { REDUCE_SRC, 1, 1, REDUCE_DST };
   if (!dispatch(h, name, size, required, spirv, spirv_size, buffers, words))
      return 0;
   return check(name, size, (const uint8_t *)dst_words, REDUCE_DST, 4, true, dst, written);
}

/* cmat2_convert.spvasm: f16; X an accumulator at src[0], row-major, Y a B
 * and Z an A matrix at src[64] and src[128], column-major; X Y at dst[0],
 * Z X^T at dst[64], Z X at dst[128], and Y through Func(row, col, v) =
 * 64 v + 8 row + col at dst[192], row-major.
 */
#define CONVERT_SRC 192
#define CONVERT_DST 256

static int
run_nv2_convert(struct vkh *h, const uint32_t *spirv, size_t spirv_size, unsigned size,
                bool required, uint32_t seed)
{
   static uint32_t src_words[CONVERT_SRC / 2], dst_words[CONVERT_DST / 2];
   double src[CONVERT_SRC], dst[CONVERT_DST];
   bool written[CONVERT_DST] = { false };
   uint32_t state = seed;
   const char *name = "cmat2.convert";

   fill(&state, src, (uint8_t *)src_words, CONVERT_SRC, -4, 4, 2, true);
   memset(dst_words, 0xcd, sizeof(dst_words));

   struct cmat_ref x, y, z, xt, d;
   const struct cmat_layout lx = { 0, 8, true }, ly = { 64, 8, false }, lz = { 128, 8, false };
   cmat_ref_load(src, &lx, 8, 8, &x);
   cmat_ref_load(src, &ly, 8, 8, &y);
   cmat_ref_load(src, &lz, 8, 8, &z);
   cmat_ref_transpose(&x, &xt);
   const struct cmat_layout d0 = { 0, 8, true }, d1 = { 64, 8, true }, d2 = { 128, 8, true };
   cmat_ref_muladd(&x, &y, NULL, &d);
   cmat_ref_store(&d, &d0, dst, written);
   cmat_ref_muladd(&z, &xt, NULL, &d);
   cmat_ref_store(&d, &d1, dst, written);
   cmat_ref_muladd(&z, &x, NULL, &d);
   cmat_ref_store(&d, &d2, dst, written);
   const struct cmat_layout d3 = { 192, 8, true };
   for (unsigned e = 0; e < 64; e++)
      d.e[e] = 64 * y.e[e] + 8 * (e / 8) + e % 8;
   cmat_ref_store(&d, &d3, dst, written);

   uint32_t *const buffers[4] = { src_words, unused, unused, dst_words };
   const size_t words[4] = { CONVERT_SRC / 2, 1, 1, CONVERT_DST / 2 };
   if (!dispatch(h, name, size, required, spirv, spirv_size, buffers, words))
      return 0;
   return check(name, size, (const uint8_t *)dst_words, CONVERT_DST, 2, true, dst, written);
}

int
main(int argc, char **argv)
{
   const char *shader_dir = CMAT_SHADER_DIR;
   const char *sizes_arg = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
         sizes_arg = argv[++i];
      } else if (!strcmp(argv[i], "--shader-dir") && i + 1 < argc) {
         shader_dir = argv[++i];
      } else {
         fprintf(stderr, "usage: %s [--sizes 4,8,...] [--shader-dir DIR]\n", argv[0]);
         return 2;
      }
   }

   struct vkh h;
   char why[512] = "";
   if (!vkh_init(&h, why, sizeof(why)) || !vkh_create_device(&h, why, sizeof(why))) {
      fprintf(stderr, "cmat-sizes: %s\n", why);
      printf("0 passed, 1 failed, 0 skipped\n");
      return 1;
   }
   printf("device: %s (%s)\n", h.device_name, h.driver_info);

   const bool can_require = (h.required_size_stages & VK_SHADER_STAGE_COMPUTE_BIT) != 0;
   unsigned sizes[16], num_sizes = 0;
   if (sizes_arg) {
      for (const char *p = sizes_arg; *p && num_sizes < 16;) {
         sizes[num_sizes++] = strtoul(p, (char **)&p, 10);
         if (*p == ',')
            p++;
      }
   } else if (can_require) {
      for (unsigned s = h.min_subgroup_size; s && s <= h.max_subgroup_size && num_sizes < 16; s *= 2)
         sizes[num_sizes++] = s;
   } else {
      sizes[num_sizes++] = h.subgroup_size;
   }

   unsigned passed = 0, failed = 0, skipped = 0;
   const unsigned num_khr = sizeof(variants) / sizeof(variants[0]);
   for (unsigned v = 0; v < num_khr + 2; v++) {
      const struct variant *var = v < num_khr ? &variants[v] : NULL;
      const char *name = var ? var->name : v == num_khr ? "cmat2.reduce" : "cmat2.convert";
      char spv_name[64];
      snprintf(spv_name, sizeof(spv_name), var ? "cmat_%s" : "%s", var ? var->name : name);
      for (char *p = spv_name; *p; p++)
         *p = *p == '.' ? '_' : *p;

      const char *skip = NULL;
      if (!(h.features & VKH_FEAT_COOPERATIVE_MATRIX))
         skip = "the device has no cooperativeMatrix feature";
      else if (var && !device_lists(&h, var))
         skip = "the device lists no 8x8x8 subgroup matrix of these types";
      else if (!var && !(h.features & VKH_FEAT_COOPERATIVE_MATRIX2))
         skip = "the device lacks VK_NV_cooperative_matrix2's flexible dimensions, "
                "reductions, conversions or per-element operations";
      else if ((!var || var->ab_bytes == 2) && (~h.features & (VKH_FEAT_FLOAT16 | VKH_FEAT_SB16)))
         skip = "the device lacks shaderFloat16 or storageBuffer16BitAccess";
      else if (var && var->ab_bytes == 1 && (~h.features & (VKH_FEAT_INT8 | VKH_FEAT_SB8)))
         skip = "the device lacks shaderInt8 or storageBuffer8BitAccess";

      size_t spirv_size = 0;
      uint32_t *spirv = skip ? NULL : read_spirv(shader_dir, spv_name, &spirv_size);
      for (unsigned s = 0; s < num_sizes; s++) {
         const unsigned size = sizes[s];
         const uint32_t seed = 0x9e3779b9u * (s + 1) + v;
         if (skip) {
            printf("SKIP %s%s.size%u: %s\n", var ? "cmat." : "", name, size, skip);
            skipped++;
            continue;
         }
         if (!spirv) {
            printf("FAIL %s%s.size%u: no SPIR-V\n", var ? "cmat." : "", name, size);
            failed++;
            continue;
         }
         if (size != h.subgroup_size &&
             (!can_require || size < h.min_subgroup_size || size > h.max_subgroup_size)) {
            printf("SKIP %s%s.size%u: compute shaders cannot require this size\n",
                   var ? "cmat." : "", name, size);
            skipped++;
            continue;
         }
         int ok;
         if (var)
            ok = run_khr(&h, var, spirv, spirv_size, size, can_require, seed);
         else if (v == num_khr)
            ok = run_nv2_reduce(&h, spirv, spirv_size, size, can_require, seed);
         else
            ok = run_nv2_convert(&h, spirv, spirv_size, size, can_require, seed);
         passed += ok;
         failed += !ok;
      }
      free(spirv);
   }
   vkh_finish(&h);
   printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
   return failed || !passed ? 1 : 0;
}
