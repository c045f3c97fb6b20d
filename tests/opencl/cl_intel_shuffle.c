/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * cl.intel_shuffle.*: cl_intel_subgroups' four shuffles on 11 types, by
 * per-work-item, literal and uniform indices (intel_subgroups.cl,
 * -DINTEL_SHUFFLES); and cl.intel_spirv.shuffle.* (intel_spirv.spv).
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

/* --- cl_intel_subgroups, _short, _char, _long (intel_subgroups.cl) ------ */

/* Before a launch: sgs[] as invocations filling subgroups in order would
 * make them, to choose inputs for which the reference defines results.
 * The check itself uses the subgroups the device reports.
 */
static const char *
predict_subgroups(const uint32_t *pred, unsigned local)
{
   uint32_t where[N];
   set_all(where, N, UNSET);
   for (unsigned g = 0; g < local * NUM_WG; g++) {
      const unsigned l = g % local;
      where[g] = (l / max_lanes) << 16 | (l % max_lanes);
   }
   return map_subgroups(where, pred, local, max_lanes);
}

/* Shuffles: one launch of shuffle_<type> gives the four operations' results
 * (four cases).
 */
static const struct shuffle_type {
   const char *name; /* the OpenCL C type; kernel shuffle_<name> */
   unsigned bytes;
   bool is_float;
} shuffle_types[] = {
   {"char", 1, false},  {"uchar", 1, false}, {"short", 2, false},  {"ushort", 2, false},
   {"int", 4, false},   {"uint", 4, false},  {"float", 4, true},   {"long", 8, false},
   {"ulong", 8, false}, {"uint2", 8, false}, {"float4", 16, true},
};
#define NUM_SHUFFLE_TYPES (sizeof(shuffle_types) / sizeof(shuffle_types[0]))
static const char *const shuffle_ops[] = {"shuffle", "shuffle_xor", "shuffle_down", "shuffle_up"};
/* The literals of the kernel's mode 2, by operation. */
static const uint32_t shuffle_literals[] = {2, 1, 1, 3};

/* Index variants: 0 per work-item (kernel mode 0), 1 the literals (mode 2),
 * 2 and 3 one kernel argument for all (mode 1), these values.  S is the
 * size of the largest subgroup of a launch, min(work-group size, max):
 * each value leaves some lane of it a defined result when all are active.
 */
static uint32_t
shuffle_uniform(unsigned variant, unsigned op, unsigned local)
{
   const unsigned s = local < max_lanes ? local : max_lanes;
   unsigned p2 = 1;
   while (p2 * 2 <= s)
      p2 *= 2;
   static const char rows[2][4] = {{'0', 'h', 'l', 'l'}, {'l', 'p', 'm', 'm'}};
   switch (rows[variant - 2][op]) {
   case '0': return 0;
   case 'h': return s / 2;     /* xor: the other half */
   case 'l': return s - 1;     /* the last lane of the largest subgroup */
   case 'p': return p2 - 1;    /* xor: reversal within a power of two */
   default: return max_lanes;  /* down / up: all from Next / Previous */
   }
}

/* Inputs of one shuffle launch, as words (buffers of typed elements). */
static uint32_t sh_a[N * 4], sh_b[N * 4], sh_idx[N * 4], sh_pred[N], sh_out[N * 16],
   sh_where[N];

static uint32_t
shuffle_index(unsigned variant, unsigned op, unsigned gid, unsigned local)
{
   switch (variant) {
   case 0: return sh_idx[4 * gid + op];
   case 1: return shuffle_literals[op];
   default: return shuffle_uniform(variant, op, local);
   }
}

/* Compares (got != NULL) or only counts the results the reference defines
 * for op, over sgs[].
 */
static const char *
shuffle_compare(const struct shuffle_type *t, unsigned variant, unsigned op, unsigned local,
                const uint8_t *got, unsigned *defined)
{
   const uint8_t *a = (const uint8_t *)sh_a, *b = (const uint8_t *)sh_b;
   *defined = 0;
   for (unsigned s = 0; s < num_sgs; s++) {
      const struct sg_map *m = &sgs[s];
      for (unsigned l = 0; l < m->sg.size; l++) {
         if (!m->sg.active[l])
            continue;
         const unsigned gid = m->gid[l];
         const uint32_t i = shuffle_index(variant, op, gid, local);
         struct ref_lane_ref r = {REF_UNDEF, REF_SRC_CURRENT};
         bool second = false; /* b: Next (down) or Current (up) */
         switch (op) {
         case 0: r.lane = ref_intel_shuffle(&m->sg, l, i); break;
         case 1: r.lane = ref_intel_shuffle_xor(&m->sg, l, i); break;
         case 2:
            r = ref_intel_shuffle_down(&m->sg, l, i);
            second = r.source == REF_SRC_NEXT;
            break;
         default:
            r = ref_intel_shuffle_up(&m->sg, l, i);
            second = r.source != REF_SRC_PREVIOUS;
            break;
         }
         if (r.lane == REF_UNDEF)
            continue;
         (*defined)++;
         if (!got)
            continue;
         const uint8_t *want = (second ? b : a) + (size_t)m->gid[r.lane] * t->bytes;
         const uint8_t *have = got + (size_t)(4 * gid + op) * t->bytes;
         if (memcmp(want, have, t->bytes)) {
            char h1[64], h2[64];
            return fail("subgroup %u (size %u) lane %u, %s %u: %s, want %s of lane %d: %s", s,
                        m->sg.size, l, op == 0 ? "index" : op == 1 ? "value" : "delta", i,
                        hex_bytes(have, t->bytes, h1, sizeof(h1)),
                        op < 2 ? "the data" : second ? (op == 2 ? "Next" : "Current")
                                                     : (op == 2 ? "Current" : "Previous"),
                        r.lane, hex_bytes(want, t->bytes, h2, sizeof(h2)));
         }
      }
   }
   return NULL;
}

/* Random data: any bits for integers, normal floats (no NaN, infinity or
 * denormal: the shuffles move values, and floats are compared as bits).
 */
static void
shuffle_data(uint32_t *w, const struct shuffle_type *t, uint32_t seed)
{
   fill(w, N * 4, seed, 0);
   if (!t->is_float)
      return;
   for (unsigned i = 0; i < N * 4; i++) {
      const uint32_t e = (w[i] >> 23) & 0xff;
      if (e == 0 || e == 0xff)
         w[i] ^= 0x40000000u;
   }
}

/* One launch, four cases: cl.intel_shuffle.<op>.<uniform|divergent>.<type>.
 * <lane|c<literal>|u<value>>.l<local>.<tag>.
 */
static void
shuffle_case_name(char *name, size_t size, const char *family, unsigned op, bool divergent,
                  const struct shuffle_type *t, unsigned variant, unsigned local, const char *tag)
{
   char mode[16];
   if (variant == 0)
      snprintf(mode, sizeof(mode), "lane");
   else
      snprintf(mode, sizeof(mode), "%c%u", variant == 1 ? 'c' : 'u',
               shuffle_index(variant, op, 0, local));
   snprintf(name, size, "cl.%s.%s.%s.%s.%s.l%u.%s", family, shuffle_ops[op],
            divergent ? "divergent" : "uniform", t->name, mode, local, tag);
}

/* family: "intel_shuffle" (intel_subgroups.cl) or "intel_spirv.shuffle"
 * (intel_spirv.spv, per-work-item indices only).
 */
void
run_intel_shuffle(cl_program prog, const char *family, unsigned local, bool divergent,
                  unsigned ti, unsigned variant, const char *tag)
{
   const struct shuffle_type *t = &shuffle_types[ti];
   bool any = false;
   for (unsigned op = 0; op < 4; op++) {
      char name[160];
      shuffle_case_name(name, sizeof(name), family, op, divergent, t, variant, local, tag);
      any |= case_wanted(name);
   }
   if (!any)
      return;
   const uint32_t seed = 100 + ti * 16 + variant * 4 + divergent * 2 + local * 1000;
   char why[4][sizeof(msg)] = {{0}};
   unsigned defined[4] = {0};
   const char *err = NULL;

   /* Inputs for which every operation has some defined result (with the
    * subgroups of in-order filling): per-work-item indices span in and out
    * of range, a quarter of the work-items sit out with `divergent`.
    */
   for (unsigned attempt = 0; attempt < 64; attempt++) {
      const uint32_t sd = seed + attempt * 7919;
      shuffle_data(sh_a, t, sd);
      shuffle_data(sh_b, t, sd + 1);
      fill(sh_idx, N * 4, sd + 2, 0);
      for (unsigned g = 0; g < N; g++) {
         uint32_t *i = &sh_idx[4 * g];
         /* shuffle and xor: some past SubgroupMaxSize; down and up: both
          * sources and out of range
          */
         i[0] %= max_lanes + max_lanes / 4 + 1;
         i[1] %= max_lanes + max_lanes / 4 + 1;
         i[2] %= 2 * max_lanes + 2;
         i[3] %= 2 * max_lanes + 2;
      }
      prepare(sh_pred, divergent, sd + 3, sh_out, N * 16, sh_where);
      if ((err = predict_subgroups(sh_pred, local)))
         break;
      bool all = true;
      for (unsigned op = 0; op < 4; op++) {
         shuffle_compare(t, variant, op, local, NULL, &defined[op]);
         all &= defined[op] != 0;
      }
      if (all)
         break;
   }

   uint32_t uniform = 0;
   for (unsigned op = 0; op < 4 && variant >= 2; op++)
      uniform |= shuffle_uniform(variant, op, local) << (8 * op);
   char kernel[32];
   snprintf(kernel, sizeof(kernel), "shuffle_%s", t->name);
   const size_t words = (N * t->bytes + 3) / 4;
   struct arg a[] = {IN_WORDS(sh_a, words), IN_WORDS(sh_b, words), IN_WORDS(sh_idx, N * 4),
                     IN(sh_pred), OUT(sh_out, 4 * words), OUT(sh_where, N),
                     VAL(variant == 0 ? 0 : variant == 1 ? 2 : 1), VAL(uniform)};
   if (!err)
      err = launch(prog, kernel, local, a, 8);
   if (!err)
      err = map_subgroups(sh_where, sh_pred, local, max_lanes);
   for (unsigned op = 0; op < 4; op++) {
      const char *r = err;
      if (!r) {
         r = shuffle_compare(t, variant, op, local, (const uint8_t *)sh_out, &defined[op]);
         if (!r && !defined[op])
            r = "the reference defines no result for this input: the case checks nothing";
      }
      if (r)
         snprintf(why[op], sizeof(why[op]), "%s", r);
   }
   for (unsigned op = 0; op < 4; op++) {
      char name[160];
      shuffle_case_name(name, sizeof(name), family, op, divergent, t, variant, local, tag);
      report(name, why[op][0] ? why[op] : NULL);
   }
}

/* cl.intel_shuffle.*: every type, divergence and index variant at one
 * work-group size.
 */
void
run_intel_shuffles(cl_program prog, unsigned local, const char *tag)
{
   for (int dv = 0; dv < 2; dv++) {
      for (unsigned t = 0; t < NUM_SHUFFLE_TYPES; t++) {
         for (unsigned v = 0; v < 4; v++)
            run_intel_shuffle(prog, "intel_shuffle", local, dv, t, v, tag);
      }
   }
}
