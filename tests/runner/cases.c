/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The case table: for each operation, how inputs are made and how results
 * are checked against the reference model (tests/reference/).
 */

#include "cases.h"
#include "vkh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const case_families[] = { "rotate", "intel", "ballot", "nonsemantic",
                                       "partitioned", "intel_block", "intel_image_block",
                                       "vote", "arith", NULL };

const char *const pattern_names[PATTERN_COUNT] = { "all", "divergent", "one", "partial",
                                                    "nested" };

/* xorshift32: deterministic inputs from a seed. */
uint32_t
case_rnd(uint32_t *s)
{
   uint32_t x = *s ? *s : 0x9e3779b9u;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *s = x;
}

void
check_word(struct check *chk, const struct case_io *io, unsigned inv,
           unsigned word, uint32_t expected, const char *what)
{
   if (chk->perturb)
      expected ^= 0x00010000u;
   const uint32_t got = io->dst[inv * DST_WORDS + word];
   if (word == 0 && inv < MAX_INVOCATIONS) {
      chk->has_expected[inv] = true;
      chk->expected[inv] = expected;
   }
   chk->cared++;
   if (got != expected) {
      if (!chk->failures) {
         snprintf(chk->first, sizeof(chk->first),
                  "invocation %u (subgroup %u, lane %u) %s word %u: got 0x%08x, expected 0x%08x",
                  inv, io->meta[inv * 2 + 1], io->meta[inv * 2], what, word, got,
                  expected);
      }
      chk->failures++;
   }
}

void
check_word_any(struct check *chk, const struct case_io *io, unsigned inv,
               unsigned word, const uint32_t *accept, unsigned n, const char *what)
{
   if (n <= 1) {
      check_word(chk, io, inv, word, accept[0], what);
      return;
   }
   const uint32_t got = io->dst[inv * DST_WORDS + word];
   bool ok = false;
   for (unsigned k = 0; k < n; k++)
      ok |= got == (chk->perturb ? accept[k] ^ 0x00010000u : accept[k]);
   if (word == 0 && inv < MAX_INVOCATIONS) {
      chk->has_expected[inv] = true;
      chk->expected[inv] = chk->perturb ? accept[0] ^ 0x00010000u : accept[0];
   }
   chk->cared++;
   if (!ok) {
      if (!chk->failures) {
         char list[96] = "";
         for (unsigned k = 0; k < n; k++) {
            const size_t len = strlen(list);
            snprintf(list + len, sizeof(list) - len, "%s0x%08x", k ? " or " : "",
                     chk->perturb ? accept[k] ^ 0x00010000u : accept[k]);
         }
         snprintf(chk->first, sizeof(chk->first),
                  "invocation %u (subgroup %u, lane %u) %s word %u: got 0x%08x, expected %s",
                  inv, io->meta[inv * 2 + 1], io->meta[inv * 2], what, word, got, list);
      }
      chk->failures++;
   }
}

void
check_value_any(struct check *chk, const struct case_io *io, unsigned inv, unsigned word,
                unsigned bits, const uint64_t *accept, unsigned n, const char *what)
{
   if (bits <= 32) {
      uint32_t w[REF_MAX_ACCEPT];
      for (unsigned k = 0; k < n; k++)
         w[k] = (uint32_t)accept[k];
      check_word_any(chk, io, inv, word, w, n, what);
      return;
   }
   /* Both words from one accepted value: the one that is there whole, else
    * the first whose low word is there (+0.0 and -0.0 share theirs), else
    * the first.
    */
   const uint32_t perturb = chk->perturb ? 0x00010000u : 0;
   const uint64_t got = io->dst[inv * DST_WORDS + word] |
                        (uint64_t)io->dst[inv * DST_WORDS + word + 1] << 32;
   unsigned pick = n;
   for (unsigned k = 0; k < n && pick == n; k++) {
      if ((uint32_t)got == ((uint32_t)accept[k] ^ perturb) &&
          (uint32_t)(got >> 32) == ((uint32_t)(accept[k] >> 32) ^ perturb))
         pick = k;
   }
   for (unsigned k = 0; k < n && pick == n; k++) {
      if ((uint32_t)got == ((uint32_t)accept[k] ^ perturb))
         pick = k;
   }
   if (pick == n)
      pick = 0;
   check_word(chk, io, inv, word, (uint32_t)accept[pick], what);
   check_word(chk, io, inv, word + 1, (uint32_t)(accept[pick] >> 32), what);
}

void
check_property(struct check *chk, const char *failure)
{
   chk->cared++;
   if (failure) {
      if (!chk->failures)
         snprintf(chk->first, sizeof(chk->first), "%s", failure);
      chk->failures++;
   }
}

/* Inputs shared by every case: the active pattern and random source words. */
void
case_gen_common(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   /* a partial subgroup last, after a full one at 64 lanes */
   if (c->pattern == PATTERN_PARTIAL)
      io->workgroup_size =
         size < PARTIAL_WORKGROUP_SIZE ? PARTIAL_WORKGROUP_SIZE : size + PARTIAL_WORKGROUP_SIZE;
   /* PATTERN_ONE: one invocation of each run of `size` (invocations fill
    * subgroups in order; the runner checks that exactly one lane per
    * subgroup ran).  The others skip the branch or return early.
    */
   uint32_t chosen = 0;
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      if (c->pattern == PATTERN_ONE && i % size == 0)
         chosen = i + case_rnd(&seed) % size;
      switch (c->pattern) {
      case PATTERN_ALL:
         io->ctl[i] = 1;
         break;
      case PATTERN_DIVERGENT: {
         const uint32_t r = case_rnd(&seed) % 100;
         io->ctl[i] = r < 15 ? 2 : r < 70 ? 1 : 0;
         break;
      }
      case PATTERN_ONE:
         io->ctl[i] = i == chosen ? 1 : case_rnd(&seed) % 3 == 0 ? 2 : 0;
         break;
      case PATTERN_PARTIAL:
         io->ctl[i] = 1;
         break;
      case PATTERN_NESTED: {
         /* Outer branch (bit 0) taken by about 3/4; of those about 1/2 skip
          * the inner branch (bit 2).  Outside the outer branch, bit 2 may be
          * set too: it must not matter.
          */
         const uint32_t r = case_rnd(&seed);
         const bool outer = r % 4 != 0, skip_inner = (r >> 8) & 1;
         io->ctl[i] = (outer ? 1 : 0) | (skip_inner ? 4 : 0);
         break;
      }
      default:
         break;
      }
      for (unsigned w = 0; w < SRC_WORDS; w++)
         io->src[i * SRC_WORDS + w] = case_rnd(&seed);
   }
}

uint32_t
type_features(unsigned bits, bool is_float)
{
   switch (bits) {
   case 8: return VKH_FEAT_INT8 | VKH_FEAT_EXT_TYPES;
   case 16:
      return VKH_FEAT_INT16 | VKH_FEAT_EXT_TYPES | (is_float ? VKH_FEAT_FLOAT16 : 0);
   case 64:
      return VKH_FEAT_INT64 | VKH_FEAT_EXT_TYPES | (is_float ? VKH_FEAT_FLOAT64 : 0);
   default: return 0;
   }
}

unsigned
lane_map_active_count(const struct lane_map *lm, unsigned s)
{
   unsigned n = 0;
   for (unsigned l = 0; l < lm->sg[s].size; l++)
      n += lm->sg[s].active[l];
   return n;
}

/* --- data movement on every type (rotate, INTEL shuffles) --------------- */

/* Value types; keep in step with MTYPES in tests/shaders/gen_spvasm.py. */
struct mtype {
   const char *name;
   unsigned bits;    /* per component; 1 = Boolean */
   unsigned comps;
};

static const struct mtype mtypes[] = {
   { "uint32", 32, 1 }, /* first: the full matrix runs on it */
   { "int8", 8, 1 },     { "uint8", 8, 1 },      { "int16", 16, 1 },
   { "uint16", 16, 1 },  { "int32", 32, 1 },     { "int64", 64, 1 },
   { "uint64", 64, 1 },  { "float16", 16, 1 },   { "float32", 32, 1 },
   { "float64", 64, 1 }, { "bool", 1, 1 },       { "v2uint32", 32, 2 },
   { "v3float32", 32, 3 }, { "v4uint16", 16, 4 }, { "v2float64", 64, 2 },
   { "v4bool", 1, 4 },
};
#define NUM_MTYPES (sizeof(mtypes) / sizeof(mtypes[0]))

static unsigned
mtype_words(const struct mtype *t)
{
   return t->comps * (t->bits == 64 ? 2 : 1);
}

/* Random source words for a value of type t (at most 4 words): junk above
 * narrow types, Booleans as any word (zero or not).
 */
static void
gen_value(const struct mtype *t, uint32_t *w, uint32_t *seed)
{
   for (unsigned k = 0; k < mtype_words(t); k++) {
      w[k] = case_rnd(seed);
      if (t->bits == 1 && (case_rnd(seed) & 1))
         w[k] = 0;
   }
}

/* Data movement is bitwise: the result is the source lane's value as the
 * shader reads it, written back as 32-bit words (Booleans 0 / 1, narrow
 * types zero-extended, 64-bit low word first).
 */
static void
expect_value(struct check *chk, const struct case_io *io, const struct lane_map *lm,
             unsigned s, unsigned inv, int src_lane, unsigned first_word,
             const struct mtype *t, const char *what)
{
   if (src_lane == REF_UNDEF)
      return;
   const int src_inv = lm->inv[s][src_lane];
   if (src_inv < 0)
      return;
   const uint32_t *w = &io->src[src_inv * SRC_WORDS + first_word];
   for (unsigned k = 0; k < mtype_words(t); k++) {
      uint32_t v = w[k];
      if (t->bits == 1)
         v = v != 0;
      else if (t->bits < 32)
         v &= (1u << t->bits) - 1;
      check_word(chk, io, inv, k, v, what);
   }
}

/* --- rotate ------------------------------------------------------------- */

/* param: [0] delta, [1] cluster size (0: none), [2] dynamic, [3] type */
static void
gen_rotate(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const struct mtype *t = &mtypes[c->param[3]];
   for (unsigned i = 0; i < io->workgroup_size; i++)
      gen_value(t, &io->src[i * SRC_WORDS], &seed);
   const bool dynamic = c->param[2];
   io->num_spec = 0;
   if (!dynamic) {
      io->spec[io->num_spec][0] = 1;
      io->spec[io->num_spec++][1] = c->param[0];
   } else {
      io->push[0] = c->param[0];
   }
   if (c->param[1]) {
      io->spec[io->num_spec][0] = 2;
      io->spec[io->num_spec++][1] = c->param[1];
   }
}

static void
check_rotate(const struct case_desc *c, const struct case_io *io,
             const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      expect_value(chk, io, lm, s, inv, ref_rotate(sg, l, c->param[0], c->param[1], false),
                   0, &mtypes[c->param[3]], "rotate");
   }
}

/* --- SPV_INTEL_subgroups shuffles --------------------------------------- */

enum intel_op { INTEL_SHUFFLE, INTEL_XOR, INTEL_DOWN, INTEL_UP };

/* src words 0..3: first data source, 4..7: second, 8: index / value / delta.
 * param: [0] op, [1] 1 for Down / Up with one Delta for all (push constant
 * word 0, copied into word 8 for the check), [2] a mask the shader ANDs
 * InvocationId with (0: none), [3] type
 */
static void
gen_intel(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const struct mtype *t = &mtypes[c->param[3]];
   const bool uniform = c->param[1];
   uint32_t uniform_delta = 0;
   if (uniform) {
      /* Even and at most size: lanes read from both sources, and under the
       * divergent patterns some read active lanes, so results are defined.
       */
      uniform_delta = c->pattern == PATTERN_ONE ? ((case_rnd(&seed) & 1) ? size : 0)
                                                : 2 * (case_rnd(&seed) % (size / 2 + 1));
      io->push[0] = uniform_delta;
   }
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *s = &io->src[i * SRC_WORDS];
      gen_value(t, &s[0], &seed);
      gen_value(t, &s[4], &seed);
      switch (c->param[0]) {
      case INTEL_SHUFFLE:
         /* Mostly in range, some out of range (undefined); any word where
          * the shader masks it.
          */
         s[8] = c->param[2] ? case_rnd(&seed) : case_rnd(&seed) % (size + size / 4 + 1);
         break;
      case INTEL_XOR:
         s[8] = case_rnd(&seed) % size;
         break;
      case INTEL_DOWN:
      case INTEL_UP:
         /* Spans Current, Next/Previous and out of range. */
         s[8] = case_rnd(&seed) % (2 * size + 2);
         break;
      }
      /* One active lane: only reading itself is defined (invocations fill
       * subgroups in order): its own id, XOR 0, and for Down / Up both
       * sources (delta 0 reads Current, delta SubgroupMaxSize Next /
       * Previous).
       */
      if (c->pattern == PATTERN_ONE) {
         const uint32_t lane = i % size;
         switch (c->param[0]) {
         case INTEL_SHUFFLE: s[8] = c->param[2] ? (case_rnd(&seed) & ~c->param[2]) | lane : lane; break;
         case INTEL_XOR: s[8] = 0; break;
         default: s[8] = (case_rnd(&seed) & 1) ? size : 0; break;
         }
      }
      if (uniform)
         s[8] = uniform_delta;
   }
}

static void
check_intel(const struct case_desc *c, const struct case_io *io,
            const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const struct mtype *t = &mtypes[c->param[3]];
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      const uint32_t *in = &io->src[inv * SRC_WORDS];
      struct ref_lane_ref r;
      switch (c->param[0]) {
      case INTEL_SHUFFLE:
         expect_value(chk, io, lm, s, inv,
                      ref_intel_shuffle(sg, l, c->param[2] ? in[8] & c->param[2] : in[8]), 0,
                      t, "shuffle");
         break;
      case INTEL_XOR:
         expect_value(chk, io, lm, s, inv, ref_intel_shuffle_xor(sg, l, in[8]), 0, t,
                      "shuffle_xor");
         break;
      case INTEL_DOWN:
         /* Current is at src word 0, Next at word 4. */
         r = ref_intel_shuffle_down(sg, l, in[8]);
         expect_value(chk, io, lm, s, inv, r.lane, r.source == REF_SRC_NEXT ? 4 : 0, t,
                      "shuffle_down");
         break;
      case INTEL_UP:
         /* Previous is at src word 0, Current at word 4. */
         r = ref_intel_shuffle_up(sg, l, in[8]);
         expect_value(chk, io, lm, s, inv, r.lane, r.source == REF_SRC_PREVIOUS ? 0 : 4, t,
                      "shuffle_up");
         break;
      }
   }
}

/* Expects word 0 of `inv` to be src word `src_word` of the lane the
 * reference picked, or nothing where the reference says undefined.
 */
static void
expect_lane(struct check *chk, const struct case_io *io, const struct lane_map *lm,
            unsigned s, unsigned inv, int src_lane, unsigned src_word, const char *what)
{
   if (src_lane == REF_UNDEF)
      return;
   const int src_inv = lm->inv[s][src_lane];
   if (src_inv < 0)
      return;
   check_word(chk, io, inv, 0, io->src[src_inv * SRC_WORDS + src_word], what);
}

/* --- SPV_INTEL_subgroups buffer block IO -------------------------------- */

/* Each subgroup's block starts at element SubgroupId * SubgroupSize * N of
 * src (reads) or dst (writes), viewed as an array of the element type; see
 * gen_spvasm.py.  param: [0] write, [1] element bits, [2] components N.
 */
static uint64_t
block_element(const uint32_t *buf, uint64_t index, unsigned bits)
{
   const uint8_t *b = (const uint8_t *)buf + index * (bits / 8);
   uint64_t v = 0;
   for (unsigned i = 0; i < bits / 8; i++)
      v |= (uint64_t)b[i] << (8 * i);
   return v;
}

static void
check_intel_block(const struct case_desc *c, const struct case_io *io,
                  const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const bool write = c->param[0];
   const unsigned bits = c->param[1], n = c->param[2], bytes = bits / 8;
   const unsigned wpc = bits == 64 ? 2 : 1;
   const uint64_t first = (uint64_t)s * sg->size * n;

   if (!write) {
      for (unsigned l = 0; l < sg->size; l++) {
         const int inv = lm->inv[s][l];
         if (inv < 0 || !sg->active[l])
            continue;
         for (unsigned k = 0; k < n; k++) {
            const uint64_t e = first + ref_intel_block_read_index(sg, l, k);
            if ((e + 1) * bytes > (uint64_t)io->workgroup_size * SRC_WORDS * 4)
               continue;
            const uint64_t v = block_element(io->src, e, bits);
            check_word(chk, io, inv, k * wpc, (uint32_t)v, "block read");
            if (wpc == 2)
               check_word(chk, io, inv, k * wpc + 1, (uint32_t)(v >> 32), "block read");
         }
      }
      return;
   }

   /* Writes: the whole dst buffer, checked once (with subgroup 0) for all
    * subgroups.  Each byte a lane's block write covers must hold that lane's
    * value; every other byte must keep the sentinel the runner filled dst
    * with, so a stray write outside the blocks (a wrong stride or base, a
    * write past the block) fails the case too.
    */
   if (s != 0)
      return;
   const unsigned dst_bytes = io->workgroup_size * DST_WORDS * 4;
   static uint8_t expect[MAX_INVOCATIONS * DST_WORDS * 4];
   static bool covered[MAX_INVOCATIONS * DST_WORDS * 4];
   memset(covered, 0, sizeof(covered));
   for (unsigned b = 0; b < dst_bytes; b += 4) {
      const uint32_t sentinel = DST_SENTINEL;
      memcpy(&expect[b], &sentinel, 4);
   }
   for (unsigned sgi = 0; sgi < lm->num_subgroups; sgi++) {
      const struct ref_subgroup *g = &lm->sg[sgi];
      const uint64_t base = (uint64_t)sgi * g->size * n;
      for (unsigned l = 0; l < g->size; l++) {
         const int inv = lm->inv[sgi][l];
         if (inv < 0 || !g->active[l])
            continue;
         const uint32_t *w = &io->src[inv * SRC_WORDS];
         for (unsigned k = 0; k < n; k++) {
            const uint64_t e = base + ref_intel_block_write_index(g, l, k);
            const uint64_t v = wpc == 2 ? w[2 * k] | (uint64_t)w[2 * k + 1] << 32 : w[k];
            for (unsigned b = 0; b < bytes; b++) {
               const uint64_t at = e * bytes + b;
               if (at < dst_bytes) {
                  expect[at] = (uint8_t)(v >> (8 * b));
                  covered[at] = true;
               }
            }
         }
      }
   }
   for (unsigned word = 0; word < dst_bytes / 4; word++) {
      uint32_t v;
      memcpy(&v, &expect[word * 4], 4);
      const bool *cv = &covered[word * 4];
      check_word(chk, io, word / DST_WORDS, word % DST_WORDS, v,
                 cv[0] || cv[1] || cv[2] || cv[3] ? "block write"
                 : "block write (outside every block: the sentinel)");
   }
}

/* --- SPV_INTEL_subgroups image block IO --------------------------------- */

/* Keep in step with IMAGE_FORMATS in tests/shaders/gen_spvasm.py. */
static const struct image_format {
   const char *name;
   VkFormat vk;
   unsigned texel_bytes;
   /* The format converts (normalized, sRGB, 16-bit float): block IO moves
    * its bits raw only where the driver has raw texel access.
    */
   bool converts;
} image_formats[] = {
   { "r8ui", VK_FORMAT_R8_UINT, 1 },
   { "r8i", VK_FORMAT_R8_SINT, 1 },
   { "r16ui", VK_FORMAT_R16_UINT, 2 },
   { "rg16i", VK_FORMAT_R16G16_SINT, 4 },
   { "r32ui", VK_FORMAT_R32_UINT, 4 },
   { "rgba8ui", VK_FORMAT_R8G8B8A8_UINT, 4 },
   { "r32f", VK_FORMAT_R32_SFLOAT, 4 },
   { "rg32ui", VK_FORMAT_R32G32_UINT, 8 },
   { "rgba16ui", VK_FORMAT_R16G16B16A16_UINT, 8 },
   { "rgba32ui", VK_FORMAT_R32G32B32A32_UINT, 16 },
   { "r8", VK_FORMAT_R8_UNORM, 1, true },
   { "rg8", VK_FORMAT_R8G8_UNORM, 2, true },
   { "r16f", VK_FORMAT_R16_SFLOAT, 2, true },
   { "rgba8", VK_FORMAT_R8G8B8A8_UNORM, 4, true },
   { "rgba8_snorm", VK_FORMAT_R8G8B8A8_SNORM, 4, true },
   { "rg16_snorm", VK_FORMAT_R16G16_SNORM, 4, true },
   { "rgba16f", VK_FORMAT_R16G16B16A16_SFLOAT, 8, true },
   { "rgba16", VK_FORMAT_R16G16B16A16_UNORM, 8, true },
};
#define NUM_IMAGE_FORMATS (sizeof(image_formats) / sizeof(image_formats[0]))
#define IMAGE_ROW_BYTES 192
#define IMAGE_Y0 1

/* A 2D array or 3D image has IMAGE_SLICES layers or slices, and the cases
 * read and write the middle one: the Coordinate's z ("remaining coordinates
 * are non-normalized texel coordinates").  A block access that took another
 * slice or ignored z would show in the bytes read, or in the other slices,
 * which stay as they were.
 */
#define IMAGE_SLICES 3
#define IMAGE_Z 1

/* param: [0] write, [1] element bits, [2] components N, [3] image_formats[]
 * index, [4] enum vkh_image_dim.  Push constants: the byte x, then y0, then
 * z; subgroup s uses rows y0 + s * N .. of slice z (see gen_spvasm.py).
 * The image is random bytes.
 */
static void
gen_intel_image_block(const struct case_desc *c, unsigned size, struct case_io *io,
                      uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const struct image_format *f = &image_formats[c->param[3]];
   const unsigned elem = c->param[1] / 8, n = c->param[2];
   const unsigned subgroups = (io->workgroup_size + size - 1) / size;
   io->image_format = f->vk;
   io->image_texel_bytes = f->texel_bytes;
   io->image_width = IMAGE_ROW_BYTES / f->texel_bytes;
   io->image_height = IMAGE_Y0 + subgroups * n + 2;
   io->image_dim = c->param[4];
   io->image_slices = c->param[4] == VKH_IMAGE_2D ? 1 : IMAGE_SLICES;
   /* A nonzero x, aligned only as much as the mapping needs (the smaller of
    * the element and texel sizes), so elements start inside texels where
    * that is allowed.
    */
   io->push[0] = 16 + (elem < f->texel_bytes ? elem : f->texel_bytes);
   io->push[1] = IMAGE_Y0;
   io->push[2] = io->image_slices > 1 ? IMAGE_Z : 0;
   const unsigned bytes = IMAGE_ROW_BYTES * io->image_height * io->image_slices;
   for (unsigned i = 0; i < bytes; i++)
      io->image[i] = (uint8_t)(case_rnd(&seed) >> 24);
   memcpy(io->image_in, io->image, bytes);
}

static void
check_image_word(struct check *chk, const struct case_io *io, unsigned word,
                 uint32_t expected)
{
   if (chk->perturb)
      expected ^= 0x00010000u;
   uint32_t got;
   memcpy(&got, &io->image[word * 4], 4);
   chk->cared++;
   if (got != expected) {
      if (!chk->failures) {
         const unsigned row = word * 4 / IMAGE_ROW_BYTES;
         char slice[24] = "";
         if (io->image_slices > 1)
            snprintf(slice, sizeof(slice), "slice %u ", row / io->image_height);
         snprintf(chk->first, sizeof(chk->first),
                  "image %srow %u bytes %u..%u: got 0x%08x, expected 0x%08x", slice,
                  row % io->image_height, word * 4 % IMAGE_ROW_BYTES,
                  word * 4 % IMAGE_ROW_BYTES + 3, got, expected);
      }
      chk->failures++;
   }
}

static void
check_intel_image_block(const struct case_desc *c, const struct case_io *io,
                        const struct lane_map *lm, unsigned s, struct check *chk)
{
   const bool write = c->param[0];
   const unsigned bits = c->param[1], n = c->param[2], bytes = bits / 8;
   const unsigned wpc = bits == 64 ? 2 : 1;
   const unsigned slice_bytes = IMAGE_ROW_BYTES * io->image_height;
   const unsigned image_bytes = slice_bytes * io->image_slices;
   /* the slice the Coordinate's z names */
   const unsigned base = io->push[2] * slice_bytes;

   if (!write) {
      const struct ref_subgroup *sg = &lm->sg[s];
      for (unsigned l = 0; l < sg->size; l++) {
         const int inv = lm->inv[s][l];
         if (inv < 0 || !sg->active[l])
            continue;
         for (unsigned k = 0; k < n; k++) {
            uint64_t v = 0;
            bool inside = true;
            for (unsigned b = 0; b < bytes; b++) {
               const struct ref_image_byte at = ref_intel_image_block_byte(
                  sg, l, k, bytes, b, io->push[0], io->push[1] + s * n);
               const uint64_t off = at.row * IMAGE_ROW_BYTES + at.column;
               inside &= at.column < IMAGE_ROW_BYTES && off < slice_bytes;
               if (inside)
                  v |= (uint64_t)io->image_in[base + off] << (8 * b);
            }
            if (!inside)
               continue; /* outside the image: undefined */
            check_word(chk, io, inv, k * wpc, (uint32_t)v, "image block read");
            if (wpc == 2)
               check_word(chk, io, inv, k * wpc + 1, (uint32_t)(v >> 32), "image block read");
         }
      }
      return;
   }

   /* Writes: the whole image once (all subgroups), every byte either
    * written by some lane or as it was.
    */
   if (s != 0)
      return;
   static uint8_t expect[IMAGE_MAX_BYTES];
   memcpy(expect, io->image_in, image_bytes);
   for (unsigned s2 = 0; s2 < lm->num_subgroups; s2++) {
      const struct ref_subgroup *sg = &lm->sg[s2];
      for (unsigned l = 0; l < sg->size; l++) {
         const int inv = lm->inv[s2][l];
         if (inv < 0 || !sg->active[l])
            continue;
         const uint32_t *w = &io->src[inv * SRC_WORDS];
         for (unsigned k = 0; k < n; k++) {
            const uint64_t v = wpc == 2 ? w[2 * k] | (uint64_t)w[2 * k + 1] << 32 : w[k];
            for (unsigned b = 0; b < bytes; b++) {
               const struct ref_image_byte at = ref_intel_image_block_byte(
                  sg, l, k, bytes, b, io->push[0], io->push[1] + s2 * n);
               const uint64_t off = at.row * IMAGE_ROW_BYTES + at.column;
               if (at.column < IMAGE_ROW_BYTES && off < slice_bytes)
                  expect[base + off] = (uint8_t)(v >> (8 * b));
            }
         }
      }
   }
   for (unsigned word = 0; word < image_bytes / 4; word++) {
      uint32_t v;
      memcpy(&v, &expect[word * 4], 4);
      check_image_word(chk, io, word, v);
   }
}

/* --- SPV_KHR_shader_ballot ---------------------------------------------- */

enum ballot_op {
   BALLOT_BALLOT, BALLOT_FIRST, BALLOT_READ, BALLOT_MASK, BALLOT_TRUE, BALLOT_COUNT,
   BALLOT_HELPERS,
};

static void
gen_ballot(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   io->push[0] = c->param[1]; /* ReadInvocation's Index */
   if (c->param[0] != BALLOT_READ)
      return;
   /* Reading an inactive invocation is undefined: keep the one at Index
    * active in every subgroup (invocations fill subgroups in order); with
    * pattern "one" it is the only one.
    */
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      if (i % size != c->param[1])
         continue;
      if (c->pattern == PATTERN_ONE) {
         for (unsigned j = i - i % size; j < i - i % size + size && j < io->workgroup_size; j++)
            io->ctl[j] = io->ctl[j] == 1 ? 0 : io->ctl[j];
      }
      io->ctl[i] = 1;
   }
}

/* helper_lanes_fragment shades an FB_WIDTH x 6 area: the 4x4 blocks of its
 * last rows hold whole quads outside the framebuffer, with no invocation
 * and no helper, beside quads with invocations.  Their lanes read ctl 1
 * (main.c uploads ctl[] for whole blocks): one that ran would reach the
 * operations.
 */
static void
gen_helpers(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   io->workgroup_size = FB_WIDTH * 6;
   gen_ballot(c, size, io, seed);
   for (unsigned i = io->workgroup_size; i < FB_WIDTH * 8; i++)
      io->ctl[i] = 1;
}

static void
check_ballot(const struct case_desc *c, const struct case_io *io,
             const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   bool pred[REF_MAX_LANES] = { false }, every[REF_MAX_LANES];
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      pred[l] = inv >= 0 && (io->src[inv * SRC_WORDS] & 1);
      every[l] = true;
   }
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      struct ref_ballot b;
      switch (c->param[0]) {
      case BALLOT_BALLOT:
         b = ref_ballot_khr(sg, pred);
         for (unsigned w = 0; w < 4; w++)
            check_word(chk, io, inv, w, b.w[w], "ballot");
         break;
      case BALLOT_TRUE:
         /* ballot(true): the active invocations, whatever the others hold */
         b = ref_ballot_khr(sg, every);
         for (unsigned w = 0; w < 4; w++)
            check_word(chk, io, inv, w, b.w[w], "ballot(true)");
         break;
      case BALLOT_COUNT: {
         /* Reduce(IAdd, 1) = the number of active invocations: "the result
          * of the operation on all active invocations" */
         b = ref_ballot_khr(sg, every);
         uint32_t n = 0;
         for (unsigned w = 0; w < 4; w++)
            n += __builtin_popcount(b.w[w]);
         check_word(chk, io, inv, 0, n, "active count");
         break;
      }
      case BALLOT_FIRST:
         expect_lane(chk, io, lm, s, inv, ref_first_invocation_khr(sg), 0,
                     "first_invocation");
         break;
      case BALLOT_READ:
         expect_lane(chk, io, lm, s, inv, ref_read_invocation_khr(sg, c->param[1]), 0,
                     "read_invocation");
         break;
      case BALLOT_MASK:
         b = ref_subgroup_mask_khr(sg, l, (enum ref_mask_kind)c->param[1]);
         for (unsigned w = 0; w < 4; w++)
            check_word(chk, io, inv, w, b.w[w], "mask");
         break;
      case BALLOT_HELPERS: {
         /* helper_lanes_*fragment: under MaximallyReconvergesKHR "helper
          * invocations must remain active for all instructions" (Vulkan's
          * Helper Invocations), so the demoted (src bit 0) are active for the
          * ballot, the count, Elect and BroadcastFirst; a demoted invocation
          * is a helper, whose stores have no effect.  A terminated one (bit 1,
          * helper_lanes_terminate_fragment) has left: it is not active.
          */
         if (io->src[inv * SRC_WORDS] & c->demotes) {
            check_word(chk, io, inv, 0, DST_SENTINEL,
                       "a demoted or terminated invocation's store");
            break;
         }
         struct ref_subgroup live = *sg;
         for (unsigned k = 0; k < live.size; k++) {
            const int ik = lm->inv[s][k];
            if (ik >= 0 && (io->src[ik * SRC_WORDS] & c->demotes & 2))
               live.active[k] = false;
         }
         b = ref_ballot_khr(&live, every);
         uint32_t n = 0;
         for (unsigned w = 0; w < 4; w++) {
            check_word(chk, io, inv, w, b.w[w], "ballot(true) with helpers");
            n += __builtin_popcount(b.w[w]);
         }
         check_word(chk, io, inv, 4, n, "active count with helpers");
         check_word(chk, io, inv, 5, ref_elect(&live, l), "elect with helpers");
         check_word(chk, io, inv, 6, (uint32_t)ref_first_invocation_khr(&live),
                    "broadcast first with helpers");
         break;
      }
      }
   }
}

/* --- vote and elect (core SPIR-V) ---------------------------------------- */

enum vote_op { VOTE_ELECT, VOTE_ALL, VOTE_ANY, VOTE_ALL_EQUAL, VOTE_QUAD_ALL, VOTE_QUAD_ANY };
/* Inputs: predicates (bit 0 of src word 0) or values (src words 0, 1). */
enum vote_data {
   VOTE_DATA_RANDOM,   /* random bits */
   VOTE_DATA_TRUE,     /* every predicate true / every value the same */
   VOTE_DATA_FALSE,    /* every predicate false */
   VOTE_DATA_ONE_OFF,  /* as TRUE, but one invocation of each subgroup-sized
                        * run differs (predicate false, value different in
                        * its last word) */
   VOTE_DATA_ZEROS,    /* float values +0.0 and -0.0 */
   VOTE_DATA_NAN,      /* float values all the same, but one invocation of
                        * each subgroup-sized run a quiet NaN */
   VOTE_DATA_ALL_NAN,  /* every float value the same quiet NaN */
};
static const char *const vote_data_names[] = { "random", "true", "false", "oneoff", "zeros",
                                               "nan", "allnan" };

/* The bits of 1.5, 2.0, -0.0 and a quiet NaN at a float width. */
enum vote_float { VF_ONE_HALF, VF_TWO, VF_NEG_ZERO, VF_NAN };
static uint64_t
vote_float_bits(unsigned bits, enum vote_float f)
{
   static const uint64_t f16[] = { 0x3e00, 0x4000, 0x8000, 0x7e00 };
   static const uint64_t f32[] = { 0x3fc00000u, 0x40000000u, 0x80000000u, 0x7fc00000u };
   static const uint64_t f64[] = { 0x3ff8000000000000ull, 0x4000000000000000ull,
                                   0x8000000000000000ull, 0x7ff8000000000000ull };
   return bits == 16 ? f16[f] : bits == 32 ? f32[f] : f64[f];
}

static void
gen_vote(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   const enum vote_data data = (enum vote_data)c->param[1];
   const bool is_float = c->param[3];
   const unsigned bits = c->param[2];
   uint32_t rnd = seed ^ 0x5bd1e995u;
   unsigned odd = 0;
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *w = &io->src[i * SRC_WORDS];
      if (i % size == 0)
         odd = i + case_rnd(&rnd) % size;
      const bool differs = data == VOTE_DATA_ONE_OFF && i == odd;
      if (c->param[0] != VOTE_ELECT && c->param[0] != VOTE_ALL_EQUAL) {
         if (data == VOTE_DATA_TRUE || data == VOTE_DATA_ONE_OFF)
            w[0] = (w[0] & ~1u) | !differs;
         else if (data == VOTE_DATA_FALSE)
            w[0] &= ~1u;
         continue;
      }
      if (is_float) {
         /* a value of its width: word 0 (the low half of it at 16 bits),
          * and word 1 for the high half at 64
          */
         const bool nan = data == VOTE_DATA_ALL_NAN || (data == VOTE_DATA_NAN && i == odd);
         uint64_t v;
         if (data == VOTE_DATA_RANDOM)
            v = vote_float_bits(bits, case_rnd(&rnd) % 2 ? VF_ONE_HALF : VF_TWO);
         else if (data == VOTE_DATA_ZEROS)
            v = case_rnd(&rnd) % 2 ? vote_float_bits(bits, VF_NEG_ZERO) : 0;
         else if (nan)
            v = vote_float_bits(bits, VF_NAN);
         else
            v = vote_float_bits(bits, differs ? VF_TWO : VF_ONE_HALF);
         w[0] = (uint32_t)v;
         w[1] = (uint32_t)(v >> 32);
         continue;
      }
      if (data == VOTE_DATA_RANDOM) {
         /* few distinct values, so that some subgroups are all equal */
         w[0] = case_rnd(&rnd) % 2;
         w[1] = case_rnd(&rnd) % 2;
      } else {
         w[0] = 0x9e3779b9u;
         w[1] = 0x7f4a7c15u;
         /* the difference sits in the value's last word */
         if (differs && bits == 64)
            w[1] ^= 0x80000000u;
         else if (differs)
            w[0] ^= 1u << (bits - 1);
      }
   }
}

/* AllEqual's value type: param[2] bits, param[3] whether a float. */
static enum ref_ptype
vote_type(const struct case_desc *c)
{
   const unsigned bits = c->param[2];
   if (c->param[3])
      return bits == 16 ? REF_T_FLOAT16 : bits == 32 ? REF_T_FLOAT32 : REF_T_FLOAT64;
   return bits == 16 ? REF_T_UINT16 : bits == 32 ? REF_T_UINT32 : REF_T_UINT64;
}

static void
check_vote(const struct case_desc *c, const struct case_io *io,
           const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const unsigned bits = c->param[2];
   bool pred[REF_MAX_LANES] = { false };
   uint64_t value[REF_MAX_LANES] = { 0 };
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0)
         continue;
      const uint32_t *w = &io->src[inv * SRC_WORDS];
      pred[l] = w[0] & 1;
      value[l] = bits == 64 ? w[0] | (uint64_t)w[1] << 32
                            : w[0] & (uint32_t)((1ull << bits) - 1);
   }
   /* Another driver (REF_READING_VULKAN, reference.h) may assume a group
    * operation's floats are not NaNs: AllEqual over a NaN is undefined.
    */
   if (c->param[0] == VOTE_ALL_EQUAL && c->param[3] && ref_reading == REF_READING_VULKAN) {
      for (unsigned l = 0; l < sg->size; l++) {
         if (lm->inv[s][l] >= 0 && sg->active[l] && ref_component_is_nan(vote_type(c), value[l]))
            return;
      }
   }
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      bool r;
      switch (c->param[0]) {
      case VOTE_ELECT: r = ref_elect(sg, l); break;
      case VOTE_ALL: r = ref_vote_all(sg, pred); break;
      case VOTE_ANY: r = ref_vote_any(sg, pred); break;
      case VOTE_QUAD_ALL: r = ref_quad_all(sg, l, pred); break;
      case VOTE_QUAD_ANY: r = ref_quad_any(sg, l, pred); break;
      default: r = ref_vote_all_equal(sg, vote_type(c), value); break;
      }
      check_word(chk, io, inv, 0, r, "vote");
   }
}

/* --- elect and ballot in loops --------------------------------------------- */

/* The shaders loop_X / loop_XY of gen_spvasm.py: param[0] / param[1] are the
 * outer / inner trip counts' kinds, 'u' (push constant 0, the same in every
 * invocation) or 'd' (src word 0 mod 5), param[1] 0 for one loop.
 */
static void
gen_loop(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   io->push[0] = 1 + seed % 4;
}

static unsigned
loop_count(const struct case_io *io, unsigned kind, int inv)
{
   return kind == 'u' ? io->push[0] : io->src[inv * SRC_WORDS] % 5;
}

static void
check_loop(const struct case_desc *c, const struct case_io *io,
           const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   const bool nested = c->param[1] != 0;
   unsigned outer[REF_MAX_LANES] = { 0 }, inner[REF_MAX_LANES] = { 0 };
   uint32_t acc[REF_MAX_LANES] = { 0 }, bx[REF_MAX_LANES] = { 0 }, by[REF_MAX_LANES] = { 0 };
   bool all[REF_MAX_LANES];
   unsigned trips = 0, inner_trips = 0;
   for (unsigned l = 0; l < sg->size; l++) {
      all[l] = true;
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      outer[l] = loop_count(io, c->param[0], inv);
      inner[l] = nested ? loop_count(io, c->param[1], inv) : 1;
      if (outer[l] > trips)
         trips = outer[l];
      if (inner[l] > inner_trips)
         inner_trips = inner[l];
   }
   /* Trip i of the outer loop runs the invocations whose count exceeds i,
    * trip (i, j) of the inner one those whose inner count also exceeds j.
    */
   for (unsigned i = 0; i < trips; i++) {
      struct ref_subgroup o = *sg;
      for (unsigned l = 0; l < sg->size; l++)
         o.active[l] = sg->active[l] && outer[l] > i;
      for (unsigned j = 0; j < inner_trips; j++) {
         struct ref_subgroup in = o;
         for (unsigned l = 0; l < sg->size; l++)
            in.active[l] = o.active[l] && inner[l] > j;
         const struct ref_ballot b = ref_ballot_khr(&in, all);
         const uint32_t w = nested ? 8 * i + j + 1 : i + 1;
         for (unsigned l = 0; l < sg->size; l++) {
            if (in.active[l]) {
               bx[l] += b.w[0] * w;
               by[l] += b.w[1] * w;
            }
         }
      }
      for (unsigned l = 0; l < sg->size; l++) {
         if (o.active[l] && ref_elect(&o, l))
            acc[l] += i + 1;
      }
   }
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      check_word(chk, io, inv, 0, acc[l], "elect");
      check_word(chk, io, inv, 1, bx[l], "ballot word 0");
      check_word(chk, io, inv, 2, by[l], "ballot word 1");
      check_word(chk, io, inv, 3, nested ? outer[l] * inner[l] : outer[l], "trips");
   }
}

/* --- SPV_KHR_non_semantic_info ------------------------------------------ */

static void
check_nonsemantic(const struct case_desc *c, const struct case_io *io,
                  const struct lane_map *lm, unsigned s, struct check *chk)
{
   (void)c;
   const struct ref_subgroup *sg = &lm->sg[s];
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      /* The shader's semantic part: dst = 3 * src + 1. */
      check_word(chk, io, inv, 0, io->src[inv * SRC_WORDS] * 3u + 1u, "nonsemantic");
   }
}

/* --- enumeration -------------------------------------------------------- */

bool cases_written_out;

/* The names of the written-out shaders found, kept for the cases. */
static const char *
written_shader(const char *shader)
{
   static char names[64][96];
   static unsigned count;
   const unsigned max = sizeof(names) / sizeof(names[0]);
   char name[sizeof(names[0])];
   if (snprintf(name, sizeof(name), "written_%s", shader) >= (int)sizeof(name)) {
      fprintf(stderr, "runner: shader name %s too long for written_shader()\n", shader);
      exit(2);
   }
   for (unsigned i = 0; i < count; i++) {
      if (!strcmp(names[i], name))
         return names[i];
   }
   if (!runner_has_shader(name))
      return NULL;
   /* Dropping a written-out form would lose its cases silently. */
   if (count == max) {
      fprintf(stderr, "runner: more than %u written-out shaders; enlarge written_shader()'s table\n",
              max);
      exit(2);
   }
   memcpy(names[count], name, sizeof(name));
   return names[count++];
}

void
emit(struct case_desc *c, const char *base, case_fn fn, void *data, unsigned patterns)
{
   const char *shader = c->shader;
   const char *suffix = "";
   if (cases_written_out) {
      /* The written forms of the generic lowerings hold for whole
       * subgroups (a butterfly reads every lane): pattern "all".
       */
      if (!(c->shader = written_shader(shader))) {
         c->shader = shader;
         return;
      }
      patterns &= 1u << PATTERN_ALL;
      suffix = ".written";
   }
   for (unsigned p = 0; p < PATTERN_COUNT; p++) {
      if (!(patterns & (1u << p)))
         continue;
      c->pattern = (enum pattern)p;
      snprintf(c->name, sizeof(c->name), "%s.%s%s", base, pattern_names[p], suffix);
      fn(c, data);
   }
   c->shader = shader;
}

static bool
want(const char *ext, const char *family)
{
   return !ext || !strcmp(ext, family);
}

const struct gfx_stage gfx_stages[2] = {
   { STAGE_VERTEX, "vertex",
     (1u << PATTERN_ALL) | (1u << PATTERN_DIVERGENT) | (1u << PATTERN_NESTED) |
        (1u << PATTERN_PARTIAL) },
   { STAGE_FRAGMENT, "fragment",
     (1u << PATTERN_ALL) | (1u << PATTERN_DIVERGENT) | (1u << PATTERN_NESTED) },
};

/* One intel_image_block case: image_formats[f], an image of dim (enum
 * vkh_image_dim), N components of bits-bit elements.  The 2D array and 3D
 * shaders and cases carry the dim's name (gen_spvasm.py).  shader_name is
 * the case's storage for its shader's name.
 */
static void
emit_intel_image_block(unsigned size, unsigned f, unsigned dim, bool write, unsigned bits,
                       unsigned n, char shader_name[64], case_fn fn, void *data)
{
   static const char *const dims[] = {
      [VKH_IMAGE_2D] = "", [VKH_IMAGE_2D_ARRAY] = "array", [VKH_IMAGE_3D] = "3d",
   };
   const char *sep = dim == VKH_IMAGE_2D ? "" : ".";
   struct case_desc c;
   char tname[16], base[128];

   snprintf(tname, sizeof(tname), "%suint%u", n == 1 ? "" : n == 2 ? "v2" : "v4", bits);
   memset(&c, 0, sizeof(c));
   c.ext = "intel_image_block";
   snprintf(shader_name, 64, "intel_image_block_%s_%s_%s%s%s", write ? "write" : "read",
            image_formats[f].name, tname, dim == VKH_IMAGE_2D ? "" : "_", dims[dim]);
   c.shader = shader_name;
   c.gen = gen_intel_image_block;
   c.check = check_intel_image_block;
   c.param[0] = write;
   c.param[1] = bits;
   c.param[2] = n;
   c.param[3] = f;
   c.param[4] = dim;
   c.needs_features = type_features(bits, false) & ~VKH_FEAT_EXT_TYPES;
   c.needs_raw_texels = image_formats[f].converts;
   snprintf(base, sizeof(base), "subgroup.intel_image_block.%s.compute.%s.size%u.%s%s%s",
            write ? "block_write" : "block_read", tname, size, image_formats[f].name, sep,
            dims[dim]);
   /* A whole-subgroup operation: every lane active. */
   emit(&c, base, fn, data, 1u << PATTERN_ALL);
}

void
cases_enumerate(unsigned size, const char *ext, case_fn fn, void *data)
{
   char base[128];
   struct case_desc c;

   if (want(ext, "rotate")) {
      const uint32_t deltas[] = { 0, 1, size - 1, size, size + 3 };
      static char shader_names[NUM_MTYPES][2][2][40];
      for (unsigned t = 0; t < NUM_MTYPES; t++) {
         for (unsigned dyn = 0; dyn < 2; dyn++) {
            for (unsigned cl = 0; cl <= size; cl = cl ? cl * 2 : 1) {
               for (unsigned d = 0; d < 5; d++) {
                  /* The full matrix on uint32; on the other types a few
                   * deltas and clusters: no cluster and ClusterSize size / 2,
                   * delta 1 and size + 3 (past the group).
                   */
                  if (t != 0 && !((cl == 0 || cl == size / 2) && (d == 1 || d == 4)))
                     continue;
                  if (t != 0 && dyn != (cl == 0))
                     continue;
                  memset(&c, 0, sizeof(c));
                  c.ext = "rotate";
                  c.needs_ext = "VK_KHR_shader_subgroup_rotate";
                  snprintf(shader_names[t][dyn][cl != 0], 40, "rotate_%s_%s%s", mtypes[t].name,
                           dyn ? "dyn" : "const", cl ? "_cluster" : "");
                  c.shader = shader_names[t][dyn][cl != 0];
                  c.gen = gen_rotate;
                  c.check = check_rotate;
                  c.param[0] = deltas[d];
                  c.param[1] = cl;
                  c.param[2] = dyn;
                  c.param[3] = t;
                  c.needs_features = VKH_FEAT_ROTATE | (cl ? VKH_FEAT_ROTATE_CLUSTERED : 0) |
                                     type_features(mtypes[t].bits,
                                                   strstr(mtypes[t].name, "float"));
                  char cluster[24] = "";
                  if (cl)
                     snprintf(cluster, sizeof(cluster), ".cluster%u", cl);
                  snprintf(base, sizeof(base),
                           "subgroup.rotate.compute.%s.size%u%s.delta%u.%s", mtypes[t].name,
                           size, cluster, deltas[d], dyn ? "dynamic" : "const");
                  /* Every pattern on uint32's constant deltas, all / divergent
                   * elsewhere.
                   */
                  unsigned patterns = t == 0 && !dyn ? PATTERNS_EVERY : PATTERNS_BASIC;
                  /* With one active lane only a rotation onto itself is
                   * defined.
                   */
                  if (deltas[d] % (cl ? cl : size))
                     patterns &= ~(1u << PATTERN_ONE);
                  emit(&c, base, fn, data, patterns);
               }
            }
         }
      }

      /* uint32 in the vertex and fragment stages: a dynamic Delta of 1 and
       * size + 3 over the subgroup, and a constant Delta of 1 in clusters
       * of 4.
       */
      static char gfx_rotate[2][2][40];
      for (unsigned g = 0; g < 2; g++) {
         const struct gfx_stage *gs = &gfx_stages[g];
         for (unsigned k = 0; k < 3; k++) {
            const unsigned dyn = k < 2, cl = k < 2 ? 0 : 4;
            const uint32_t delta = k == 1 ? size + 3 : 1;
            if (cl > size)
               continue;
            memset(&c, 0, sizeof(c));
            c.ext = "rotate";
            c.needs_ext = "VK_KHR_shader_subgroup_rotate";
            c.stage = gs->stage;
            snprintf(gfx_rotate[g][!dyn], 40, "rotate_uint32_%s_%s", dyn ? "dyn" : "const_cluster",
                     gs->name);
            c.shader = gfx_rotate[g][!dyn];
            c.gen = gen_rotate;
            c.check = check_rotate;
            c.param[0] = delta;
            c.param[1] = cl;
            c.param[2] = dyn;
            c.param[3] = 0; /* uint32 */
            c.needs_features = VKH_FEAT_ROTATE | (cl ? VKH_FEAT_ROTATE_CLUSTERED : 0);
            char cluster[24] = "";
            if (cl)
               snprintf(cluster, sizeof(cluster), ".cluster%u", cl);
            snprintf(base, sizeof(base), "subgroup.rotate.%s.uint32.size%u%s.delta%u.%s",
                     gs->name, size, cluster, delta, dyn ? "dynamic" : "const");
            emit(&c, base, fn, data, gs->patterns);
         }
      }
   }

   if (want(ext, "intel")) {
      static const char *const ops[] = { "shuffle", "shuffle_xor", "shuffle_down",
                                         "shuffle_up" };
      static char shader_names[4][NUM_MTYPES][40];
      for (unsigned op = 0; op < 4; op++) {
         for (unsigned t = 0; t < NUM_MTYPES; t++) {
            memset(&c, 0, sizeof(c));
            c.ext = "intel";
            snprintf(shader_names[op][t], 40, "intel_%s_%s", ops[op], mtypes[t].name);
            c.shader = shader_names[op][t];
            c.gen = gen_intel;
            c.check = check_intel;
            c.param[0] = op;
            c.param[3] = t;
            c.needs_features = type_features(mtypes[t].bits, strstr(mtypes[t].name, "float"));
            snprintf(base, sizeof(base), "subgroup.intel.%s.compute.%s.size%u", ops[op],
                     mtypes[t].name, size);
            emit(&c, base, fn, data, t == 0 ? PATTERNS_EVERY : PATTERNS_BASIC);
         }
      }
      /* Shuffle by InvocationId & 3. */
      memset(&c, 0, sizeof(c));
      c.ext = "intel";
      c.shader = "intel_shuffle_mask3_uint32";
      c.gen = gen_intel;
      c.check = check_intel;
      c.param[0] = INTEL_SHUFFLE;
      c.param[2] = 3;
      snprintf(base, sizeof(base), "subgroup.intel.shuffle_mask3.compute.uint32.size%u", size);
      emit(&c, base, fn, data, PATTERNS_BASIC);
      /* Down / Up with one Delta for every invocation. */
      static char uniform_names[2][NUM_MTYPES][48];
      for (unsigned op = INTEL_DOWN; op <= INTEL_UP; op++) {
         for (unsigned t = 0; t < NUM_MTYPES; t++) {
            memset(&c, 0, sizeof(c));
            c.ext = "intel";
            snprintf(uniform_names[op - INTEL_DOWN][t], 48, "intel_%s_uniform_%s", ops[op],
                     mtypes[t].name);
            c.shader = uniform_names[op - INTEL_DOWN][t];
            c.gen = gen_intel;
            c.check = check_intel;
            c.param[0] = op;
            c.param[1] = 1;
            c.param[3] = t;
            c.needs_features = type_features(mtypes[t].bits, strstr(mtypes[t].name, "float"));
            snprintf(base, sizeof(base), "subgroup.intel.%s_uniform.compute.%s.size%u",
                     ops[op], mtypes[t].name, size);
            emit(&c, base, fn, data, t == 0 ? PATTERNS_EVERY : PATTERNS_BASIC);
         }
      }
      /* Down / Up on uint32 in fragment shaders, with a Delta per invocation
       * and a uniform one: the subgroup may be wider than the shader's
       * vectors when the pipeline requires a size.
       */
      static char fragment_names[2][2][48];
      for (unsigned op = INTEL_DOWN; op <= INTEL_UP; op++) {
         for (unsigned uni = 0; uni < 2; uni++) {
            memset(&c, 0, sizeof(c));
            c.ext = "intel";
            c.stage = STAGE_FRAGMENT;
            snprintf(fragment_names[op - INTEL_DOWN][uni], 48, "intel_%s%s_uint32_fragment",
                     ops[op], uni ? "_uniform" : "");
            c.shader = fragment_names[op - INTEL_DOWN][uni];
            c.gen = gen_intel;
            c.check = check_intel;
            c.param[0] = op;
            c.param[1] = uni;
            snprintf(base, sizeof(base), "subgroup.intel.%s%s.fragment.uint32.size%u", ops[op],
                     uni ? "_uniform" : "", size);
            emit(&c, base, fn, data, gfx_stages[1].patterns);
         }
      }
   }

   if (want(ext, "ballot")) {
      memset(&c, 0, sizeof(c));
      c.ext = "ballot";
      /* SPV_KHR_shader_ballot's capability SubgroupBallotKHR needs the
       * Vulkan extension (active_count alone is core).
       */
      c.needs_ext = "VK_EXT_shader_subgroup_ballot";
      c.gen = gen_ballot;
      c.check = check_ballot;

      /* Compute with every pattern; vertex and fragment (builtins and the
       * ops take other paths there) with the patterns that do not assume
       * how invocations fill subgroups: "one" and a fixed ReadInvocation
       * index need that order, which only compute defines here.  The
       * fragment stage shades a full 8x8 area, so it has no "partial".
       */
      static const struct {
         enum case_stage stage;
         const char *name, *sfx;
         unsigned patterns, read_patterns;
      } stages[] = {
         { STAGE_COMPUTE, "compute", "", PATTERNS_EVERY, PATTERNS_EVERY },
         { STAGE_VERTEX, "vertex", "_vertex",
           (1u << PATTERN_ALL) | (1u << PATTERN_DIVERGENT) | (1u << PATTERN_NESTED) |
              (1u << PATTERN_PARTIAL),
           1u << PATTERN_ALL },
         { STAGE_FRAGMENT, "fragment", "_fragment",
           (1u << PATTERN_ALL) | (1u << PATTERN_DIVERGENT) | (1u << PATTERN_NESTED),
           1u << PATTERN_ALL },
      };
      static char names[3][8][40];
      static const char *const masks[] = { "eq", "ge", "gt", "le", "lt" };
      for (unsigned st = 0; st < 3; st++) {
         const char *sn = stages[st].name, *sfx = stages[st].sfx;
         c.stage = stages[st].stage;

         snprintf(names[st][0], 40, "ballot_khr%s", sfx);
         c.shader = names[st][0];
         c.param[0] = BALLOT_BALLOT;
         snprintf(base, sizeof(base), "subgroup.ballot.ballot.%s.uvec4.size%u", sn, size);
         emit(&c, base, fn, data, stages[st].patterns);

         if (c.stage == STAGE_COMPUTE) {
            c.shader = "ballot_true_khr";
            c.param[0] = BALLOT_TRUE;
            snprintf(base, sizeof(base), "subgroup.ballot.ballot_true.compute.uvec4.size%u", size);
            emit(&c, base, fn, data, stages[st].patterns);
            c.shader = "active_count";
            c.param[0] = BALLOT_COUNT;
            c.needs_ext = NULL;
            snprintf(base, sizeof(base), "subgroup.ballot.active_count.compute.uint32.size%u", size);
            emit(&c, base, fn, data, stages[st].patterns);
            c.needs_ext = "VK_EXT_shader_subgroup_ballot";
         }

         snprintf(names[st][1], 40, "first_invocation_khr%s", sfx);
         c.shader = names[st][1];
         c.param[0] = BALLOT_FIRST;
         snprintf(base, sizeof(base), "subgroup.ballot.first_invocation.%s.uint32.size%u",
                  sn, size);
         emit(&c, base, fn, data, stages[st].patterns);

         const uint32_t idx[] = { 0, size / 2, size - 1 };
         snprintf(names[st][2], 40, "read_invocation_khr%s", sfx);
         for (unsigned k = 0; k < 3; k++) {
            c.shader = names[st][2];
            c.param[0] = BALLOT_READ;
            c.param[1] = idx[k];
            snprintf(base, sizeof(base),
                     "subgroup.ballot.read_invocation.%s.uint32.size%u.index%u", sn, size,
                     idx[k]);
            emit(&c, base, fn, data, stages[st].read_patterns);
         }

         for (unsigned m = 0; m < 5; m++) {
            snprintf(names[st][3 + m], 40, "mask_%s_khr%s", masks[m], sfx);
            c.shader = names[st][3 + m];
            c.param[0] = BALLOT_MASK;
            c.param[1] = m;
            snprintf(base, sizeof(base), "subgroup.ballot.mask_%s.%s.uvec4.size%u", masks[m],
                     sn, size);
            emit(&c, base, fn, data, stages[st].patterns);
         }
      }

      /* Helper lanes in ballot, a reduce, Elect and BroadcastFirst, under
       * SPV_KHR_maximal_reconvergence (fragment; compute has no helpers).
       */
      memset(&c, 0, sizeof(c));
      c.ext = "ballot";
      c.needs_ext = "VK_KHR_shader_maximal_reconvergence";
      c.needs_features = VKH_FEAT_DEMOTE | VKH_FEAT_MAXIMAL_RECONVERGENCE;
      c.gen = gen_helpers;
      c.check = check_ballot;
      c.stage = STAGE_FRAGMENT;
      c.param[0] = BALLOT_HELPERS;
      c.shader = "helper_lanes_fragment";
      c.demotes = 1;
      snprintf(base, sizeof(base), "subgroup.ballot.helper_lanes.fragment.uvec4.size%u", size);
      emit(&c, base, fn, data, gfx_stages[1].patterns);
      c.shader = "helper_lanes_terminate_fragment";
      c.demotes = 3;
      snprintf(base, sizeof(base),
               "subgroup.ballot.helper_lanes_terminate.fragment.uvec4.size%u", size);
      emit(&c, base, fn, data, gfx_stages[1].patterns);
   }

   if (want(ext, "partitioned"))
      cases_partitioned_enumerate(size, fn, data);

   if (want(ext, "arith"))
      cases_arith_enumerate(size, fn, data);

   if (want(ext, "vote")) {
      memset(&c, 0, sizeof(c));
      c.ext = "vote";
      c.gen = gen_vote;
      c.check = check_vote;
      c.shader = "elect";
      c.param[0] = VOTE_ELECT;
      snprintf(base, sizeof(base), "subgroup.vote.elect.compute.bool.size%u", size);
      emit(&c, base, fn, data, PATTERNS_EVERY);

      static const char *const pred_ops[] = { "all", "any" };
      static const char *const pred_shaders[] = { "vote_all", "vote_any" };
      for (unsigned op = 0; op < 2; op++) {
         for (unsigned d = VOTE_DATA_RANDOM; d <= VOTE_DATA_ONE_OFF; d++) {
            c.shader = pred_shaders[op];
            c.param[0] = op == 0 ? VOTE_ALL : VOTE_ANY;
            c.param[1] = d;
            snprintf(base, sizeof(base), "subgroup.vote.%s.compute.bool.size%u.%s",
                     pred_ops[op], size, vote_data_names[d]);
            emit(&c, base, fn, data, PATTERNS_EVERY);
         }
      }

      static const struct { const char *name, *shader; unsigned bits; bool is_float; } vt[] = {
         { "uint32", "vote_all_equal_uint32", 32, false },
         { "float32", "vote_all_equal_float32", 32, true },
         { "uint64", "vote_all_equal_uint64", 64, false },
         { "uint16", "vote_all_equal_uint16", 16, false },
         { "float16", "vote_all_equal_float16", 16, true },
         { "float64", "vote_all_equal_float64", 64, true },
      };
      for (unsigned t = 0; t < sizeof(vt) / sizeof(vt[0]); t++) {
         for (unsigned d = VOTE_DATA_RANDOM; d <= VOTE_DATA_ALL_NAN; d++) {
            if (d == VOTE_DATA_FALSE || (d >= VOTE_DATA_ZEROS && !vt[t].is_float))
               continue;
            c.shader = vt[t].shader;
            c.param[0] = VOTE_ALL_EQUAL;
            c.param[1] = d;
            c.param[2] = vt[t].bits;
            c.param[3] = vt[t].is_float;
            c.needs_features = type_features(vt[t].bits, vt[t].is_float);
            snprintf(base, sizeof(base), "subgroup.vote.all_equal.compute.%s.size%u.%s",
                     vt[t].name, size, d == VOTE_DATA_TRUE ? "same" : vote_data_names[d]);
            emit(&c, base, fn, data, d == VOTE_DATA_RANDOM || t == 0 ? PATTERNS_EVERY
                                                                  : PATTERNS_BASIC);
         }
      }
      c.needs_features = 0;

      /* Elect and ballot in uniform and divergent loops, and in loops of
       * either kind nested in the other.
       */
      static const char *const loops[] = { "loop_u", "loop_d", "loop_uu", "loop_ud",
                                           "loop_du", "loop_dd" };
      c.gen = gen_loop;
      c.check = check_loop;
      for (unsigned k = 0; k < sizeof(loops) / sizeof(loops[0]); k++) {
         c.shader = loops[k];
         c.param[0] = loops[k][5];
         c.param[1] = loops[k][6];
         snprintf(base, sizeof(base), "subgroup.vote.elect_ballot_%s.compute.size%u",
                  loops[k], size);
         emit(&c, base, fn, data, PATTERNS_EVERY);
      }

      /* SPV_KHR_quad_control's QuadAll and QuadAny, in compute and in the
       * fragment stage.
       */
      static const char *const quad_ops[] = { "quad_all", "quad_any" };
      static const char *const quad_shaders[2][2] = {
         { "quad_vote_all", "quad_vote_any" },
         { "quad_vote_all_fragment", "quad_vote_any_fragment" },
      };
      memset(&c, 0, sizeof(c));
      c.ext = "vote";
      c.gen = gen_vote;
      c.check = check_vote;
      c.needs_features = VKH_FEAT_QUAD_CONTROL;
      for (unsigned op = 0; op < 2; op++) {
         c.param[0] = op == 0 ? VOTE_QUAD_ALL : VOTE_QUAD_ANY;
         c.stage = STAGE_COMPUTE;
         c.shader = quad_shaders[0][op];
         for (unsigned d = VOTE_DATA_RANDOM; d <= VOTE_DATA_ONE_OFF; d++) {
            c.param[1] = d;
            snprintf(base, sizeof(base), "subgroup.vote.%s.compute.bool.size%u.%s",
                     quad_ops[op], size, vote_data_names[d]);
            emit(&c, base, fn, data, d == VOTE_DATA_RANDOM ? PATTERNS_EVERY : PATTERNS_BASIC);
         }
         c.stage = gfx_stages[1].stage;
         c.shader = quad_shaders[1][op];
         c.param[1] = VOTE_DATA_RANDOM;
         snprintf(base, sizeof(base), "subgroup.vote.%s.fragment.bool.size%u.random",
                  quad_ops[op], size);
         emit(&c, base, fn, data, gfx_stages[1].patterns);
      }

      /* Elect, All, Any and AllEqual on uint32 in the vertex and fragment
       * stages.
       */
      static char gfx_vote[2][4][32];
      for (unsigned g = 0; g < 2; g++) {
         const struct gfx_stage *gs = &gfx_stages[g];
         static const char *const ops[] = { "elect", "vote_all", "vote_any",
                                            "vote_all_equal_uint32" };
         static const unsigned kinds[] = { VOTE_ELECT, VOTE_ALL, VOTE_ANY, VOTE_ALL_EQUAL };
         static const char *const names[] = { "elect", "all", "any", "all_equal" };
         for (unsigned k = 0; k < 4; k++) {
            memset(&c, 0, sizeof(c));
            c.ext = "vote";
            c.gen = gen_vote;
            c.check = check_vote;
            c.stage = gs->stage;
            snprintf(gfx_vote[g][k], 32, "%s_%s", ops[k], gs->name);
            c.shader = gfx_vote[g][k];
            c.param[0] = kinds[k];
            c.param[1] = VOTE_DATA_RANDOM;
            c.param[2] = 32;
            snprintf(base, sizeof(base), "subgroup.vote.%s.%s.%s.size%u%s", names[k], gs->name,
                     k == 0 ? "bool" : k == 3 ? "uint32" : "bool", size,
                     k == 0 ? "" : ".random");
            emit(&c, base, fn, data, gs->patterns);
         }
      }
   }

   if (want(ext, "intel_block")) {
      static const unsigned elem_bits[] = { 8, 16, 32, 64 };
      static char shader_names[2][4][3][40];
      for (unsigned write = 0; write < 2; write++) {
         for (unsigned e = 0; e < 4; e++) {
            for (unsigned v = 0; v < 3; v++) {
               const unsigned n = 1u << v;
               char tname[16];
               snprintf(tname, sizeof(tname), "%suint%u", n == 1 ? "" : n == 2 ? "v2" : "v4",
                        elem_bits[e]);
               memset(&c, 0, sizeof(c));
               c.ext = "intel_block";
               snprintf(shader_names[write][e][v], 40, "intel_block_%s_%s",
                        write ? "write" : "read", tname);
               c.shader = shader_names[write][e][v];
               c.gen = case_gen_common;
               c.check = check_intel_block;
               c.param[0] = write;
               c.param[1] = elem_bits[e];
               c.param[2] = n;
               c.needs_features = type_features(elem_bits[e], false) & ~VKH_FEAT_EXT_TYPES;
               c.needs_features |= elem_bits[e] == 8 ? VKH_FEAT_SB8
                                 : elem_bits[e] == 16 ? VKH_FEAT_SB16 : 0;
               snprintf(base, sizeof(base), "subgroup.intel_block.%s.compute.%s.size%u",
                        write ? "block_write" : "block_read", tname, size);
               /* Block IO is a whole-subgroup operation: every lane active. */
               emit(&c, base, fn, data, 1u << PATTERN_ALL);
            }
         }
      }
   }

   if (want(ext, "intel_image_block")) {
      static const unsigned elem_bits[] = { 8, 16, 32, 64 };
      static char shader_names[NUM_IMAGE_FORMATS][2][4][3][64];
      for (unsigned f = 0; f < NUM_IMAGE_FORMATS; f++) {
         for (unsigned write = 0; write < 2; write++) {
            for (unsigned e = 0; e < 4; e++) {
               for (unsigned v = 0; v < 3; v++)
                  emit_intel_image_block(size, f, VKH_IMAGE_2D, write, elem_bits[e], 1u << v,
                                         shader_names[f][write][e][v], fn, data);
            }
         }
      }

      /* 2D array and 3D images, on fewer formats and types: the layer or
       * slice the Coordinate's z names (gen_spvasm.py's IMAGE_DIM_FORMATS).
       */
      static const char *const dim_formats[] = { "r8ui", "r32ui", "rg32ui", "rgba8" };
      static const unsigned dim_bits[] = { 8, 32, 64 };
      static char dim_shader_names[2][4][2][3][2][64];
      for (unsigned d = VKH_IMAGE_2D_ARRAY; d <= VKH_IMAGE_3D; d++) {
         for (unsigned fi = 0; fi < 4; fi++) {
            unsigned f = 0;
            while (strcmp(image_formats[f].name, dim_formats[fi]))
               f++;
            for (unsigned write = 0; write < 2; write++) {
               for (unsigned e = 0; e < 3; e++) {
                  for (unsigned v = 0; v < 2; v++)
                     emit_intel_image_block(
                        size, f, d, write, dim_bits[e], v ? 4 : 1,
                        dim_shader_names[d - VKH_IMAGE_2D_ARRAY][fi][write][e][v], fn, data);
               }
            }
         }
      }
   }

   if (want(ext, "nonsemantic")) {
      memset(&c, 0, sizeof(c));
      c.ext = "nonsemantic";
      c.needs_ext = "VK_KHR_shader_non_semantic_info";
      c.shader = "nonsemantic";
      c.gen = case_gen_common;
      c.check = check_nonsemantic;
      snprintf(base, sizeof(base), "subgroup.nonsemantic.extinst.compute.uint32.size%u",
               size);
      emit(&c, base, fn, data, PATTERNS_EVERY);
   }
}
