/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The case table: for each operation, how inputs are made and how results
 * are checked against the reference model (tests/reference/).
 */

#include "cases.h"

#include <stdio.h>
#include <string.h>

const char *const case_families[] = { "rotate", "intel", "ballot", "nonsemantic",
                                       "partitioned", NULL };

const char *const pattern_names[PATTERN_COUNT] = { "all", "divergent" };

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
   (void)size;
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      switch (c->pattern) {
      case PATTERN_ALL:
         io->ctl[i] = 1;
         break;
      case PATTERN_DIVERGENT: {
         const uint32_t r = case_rnd(&seed) % 100;
         io->ctl[i] = r < 15 ? 2 : r < 70 ? 1 : 0;
         break;
      }
      default:
         break;
      }
      for (unsigned w = 0; w < SRC_WORDS; w++)
         io->src[i * SRC_WORDS + w] = case_rnd(&seed);
   }
}

/* Expects word `word` of `inv` to be src word `src_word` of the lane the
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

/* --- rotate ------------------------------------------------------------- */

static void
gen_rotate(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
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
      expect_lane(chk, io, lm, s, inv, ref_rotate(sg, l, c->param[0], c->param[1], false),
                  0, "rotate");
   }
}

/* --- SPV_INTEL_subgroups shuffles --------------------------------------- */

enum intel_op { INTEL_SHUFFLE, INTEL_XOR, INTEL_DOWN, INTEL_UP };

static void
gen_intel(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      uint32_t *s = &io->src[i * SRC_WORDS];
      switch (c->param[0]) {
      case INTEL_SHUFFLE:
         /* Mostly in range, some out of range (undefined). */
         s[1] = case_rnd(&seed) % (size + size / 4 + 1);
         break;
      case INTEL_XOR:
         s[1] = case_rnd(&seed) % size;
         break;
      case INTEL_DOWN:
      case INTEL_UP:
         /* Spans Current, Next/Previous and out of range. */
         s[2] = case_rnd(&seed) % (2 * size + 2);
         break;
      }
   }
}

static void
check_intel(const struct case_desc *c, const struct case_io *io,
            const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      if (inv < 0 || !sg->active[l])
         continue;
      const uint32_t *in = &io->src[inv * SRC_WORDS];
      struct ref_lane_ref r;
      switch (c->param[0]) {
      case INTEL_SHUFFLE:
         expect_lane(chk, io, lm, s, inv, ref_intel_shuffle(sg, l, in[1]), 0, "shuffle");
         break;
      case INTEL_XOR:
         expect_lane(chk, io, lm, s, inv, ref_intel_shuffle_xor(sg, l, in[1]), 0,
                     "shuffle_xor");
         break;
      case INTEL_DOWN:
         /* Current is src word 0, Next is src word 1. */
         r = ref_intel_shuffle_down(sg, l, in[2]);
         expect_lane(chk, io, lm, s, inv, r.lane, r.source == REF_SRC_NEXT ? 1 : 0,
                     "shuffle_down");
         break;
      case INTEL_UP:
         /* Previous is src word 0, Current is src word 1. */
         r = ref_intel_shuffle_up(sg, l, in[2]);
         expect_lane(chk, io, lm, s, inv, r.lane, r.source == REF_SRC_PREVIOUS ? 0 : 1,
                     "shuffle_up");
         break;
      }
   }
}

/* --- SPV_KHR_shader_ballot ---------------------------------------------- */

enum ballot_op { BALLOT_BALLOT, BALLOT_FIRST, BALLOT_READ, BALLOT_MASK };

static void
gen_ballot(const struct case_desc *c, unsigned size, struct case_io *io, uint32_t seed)
{
   case_gen_common(c, size, io, seed);
   io->push[0] = c->param[1]; /* ReadInvocation's Index */
}

static void
check_ballot(const struct case_desc *c, const struct case_io *io,
             const struct lane_map *lm, unsigned s, struct check *chk)
{
   const struct ref_subgroup *sg = &lm->sg[s];
   bool pred[REF_MAX_LANES] = { false };
   for (unsigned l = 0; l < sg->size; l++) {
      const int inv = lm->inv[s][l];
      pred[l] = inv >= 0 && (io->src[inv * SRC_WORDS] & 1);
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
      }
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

static void
emit(struct case_desc *c, const char *base, case_fn fn, void *data)
{
   for (unsigned p = 0; p < PATTERN_COUNT; p++) {
      c->pattern = (enum pattern)p;
      snprintf(c->name, sizeof(c->name), "%s.%s", base, pattern_names[p]);
      fn(c, data);
   }
}

static bool
want(const char *ext, const char *family)
{
   return !ext || !strcmp(ext, family);
}

void
cases_enumerate(unsigned size, const char *ext, case_fn fn, void *data)
{
   char base[128];
   struct case_desc c;

   if (want(ext, "rotate")) {
      const uint32_t deltas[] = { 0, 1, size - 1, size, size + 3 };
      for (unsigned dyn = 0; dyn < 2; dyn++) {
         for (unsigned cl = 0; cl <= size; cl = cl ? cl * 2 : 1) {
            for (unsigned d = 0; d < 5; d++) {
               memset(&c, 0, sizeof(c));
               c.ext = "rotate";
               c.needs_ext = "VK_KHR_shader_subgroup_rotate";
               c.shader = dyn ? (cl ? "rotate_u32_dyn_cluster" : "rotate_u32_dyn")
                              : (cl ? "rotate_u32_const_cluster" : "rotate_u32_const");
               c.gen = gen_rotate;
               c.check = check_rotate;
               c.param[0] = deltas[d];
               c.param[1] = cl;
               c.param[2] = dyn;
               char cluster[24] = "";
               if (cl)
                  snprintf(cluster, sizeof(cluster), ".cluster%u", cl);
               snprintf(base, sizeof(base),
                        "subgroup.rotate.compute.uint32.size%u%s.delta%u.%s", size,
                        cluster, deltas[d], dyn ? "dynamic" : "const");
               emit(&c, base, fn, data);
            }
         }
      }
   }

   if (want(ext, "intel")) {
      static const char *const ops[] = { "shuffle", "shuffle_xor", "shuffle_down",
                                         "shuffle_up" };
      for (unsigned op = 0; op < 4; op++) {
         memset(&c, 0, sizeof(c));
         c.ext = "intel";
         c.shader = op == 0 ? "intel_shuffle" : op == 1 ? "intel_shuffle_xor"
                  : op == 2 ? "intel_shuffle_down" : "intel_shuffle_up";
         c.gen = gen_intel;
         c.check = check_intel;
         c.param[0] = op;
         snprintf(base, sizeof(base), "subgroup.intel.%s.compute.uint32.size%u", ops[op],
                  size);
         emit(&c, base, fn, data);
      }
   }

   if (want(ext, "ballot")) {
      memset(&c, 0, sizeof(c));
      c.ext = "ballot";
      c.needs_ext = NULL;
      c.gen = gen_ballot;
      c.check = check_ballot;

      c.shader = "ballot_khr";
      c.param[0] = BALLOT_BALLOT;
      snprintf(base, sizeof(base), "subgroup.ballot.ballot.compute.uvec4.size%u", size);
      emit(&c, base, fn, data);

      c.shader = "first_invocation_khr";
      c.param[0] = BALLOT_FIRST;
      snprintf(base, sizeof(base), "subgroup.ballot.first_invocation.compute.uint32.size%u",
               size);
      emit(&c, base, fn, data);

      const uint32_t idx[] = { 0, size / 2, size - 1 };
      for (unsigned k = 0; k < 3; k++) {
         c.shader = "read_invocation_khr";
         c.param[0] = BALLOT_READ;
         c.param[1] = idx[k];
         snprintf(base, sizeof(base),
                  "subgroup.ballot.read_invocation.compute.uint32.size%u.index%u", size,
                  idx[k]);
         emit(&c, base, fn, data);
      }

      static const char *const masks[] = { "eq", "ge", "gt", "le", "lt" };
      for (unsigned m = 0; m < 5; m++) {
         static const char *const shaders[] = { "mask_eq_khr", "mask_ge_khr", "mask_gt_khr",
                                                "mask_le_khr", "mask_lt_khr" };
         c.shader = shaders[m];
         c.param[0] = BALLOT_MASK;
         c.param[1] = m;
         snprintf(base, sizeof(base), "subgroup.ballot.mask_%s.compute.uvec4.size%u",
                  masks[m], size);
         emit(&c, base, fn, data);
      }
   }

   if (want(ext, "partitioned"))
      cases_partitioned_enumerate(size, fn, data);

   if (want(ext, "nonsemantic")) {
      memset(&c, 0, sizeof(c));
      c.ext = "nonsemantic";
      c.needs_ext = "VK_KHR_shader_non_semantic_info";
      c.shader = "nonsemantic";
      c.gen = case_gen_common;
      c.check = check_nonsemantic;
      snprintf(base, sizeof(base), "subgroup.nonsemantic.extinst.compute.uint32.size%u",
               size);
      emit(&c, base, fn, data);
   }
}
