/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * --demo, the main job: one case per extension, each with a table of
 * subgroup 0's lanes (input, result, reference) and a verdict.  It runs in
 * the child, on the child's device (child.c).
 */

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner.h"

static void
print_demo_table(struct child_state *st, const struct case_desc *c, const struct check *chk)
{
   const struct case_io *io = &st->io;
   printf("  subgroup 0 of %u, %u lanes; input and result are word 0 of each lane\n",
          st->lm.num_subgroups, st->size);
   printf("  %-5s %-8s %-12s %-12s %-12s\n", "lane", "active", "input", "result",
          "reference");
   for (unsigned l = 0; l < st->size; l++) {
      const int inv = st->lm.inv[0][l];
      if (inv < 0)
         continue;
      const bool act = st->lm.sg[0].active[l];
      char res[16] = "-", ref[16] = "-";
      if (act) {
         snprintf(res, sizeof(res), "0x%08x", io->dst[inv * DST_WORDS]);
         if (chk->has_expected[inv])
            snprintf(ref, sizeof(ref), "0x%08x", chk->expected[inv]);
         else
            snprintf(ref, sizeof(ref), "undefined");
      }
      printf("  %-5u %-8s 0x%08x   %-12s %-12s\n", l, act ? "yes" : "no",
             io->src[inv * SRC_WORDS], res, ref);
   }
   (void)c;
}

static void
demo_case(const struct case_desc *c, void *data)
{
   struct child_state *st = data;
   if (fnmatch(opt.filter, c->name, 0) != 0)
      return;
   printf("\n== %s: %s\n", c->ext, c->name);
   struct check *chk = calloc(1, sizeof(*chk));
   char why[768];
   enum case_status s = run_case(st, c, chk, why, sizeof(why));
   if (s != ST_SKIP && st->lm.num_subgroups)
      print_demo_table(st, c, chk);
   printf("verdict %s: %s (%s)\n", c->ext,
          s == ST_PASS ? "PASS" : s == ST_SKIP ? "not supported yet" : "FAIL", why);
   fflush(stdout);
   free(chk);
}

void
demo_run(struct child_state *st)
{
   static const char *const demo_filters[] = {
      "subgroup.rotate.compute.uint32.size*.cluster4.delta1.const.divergent",
      "subgroup.intel.shuffle_down.compute.uint32.*.divergent",
      "subgroup.ballot.ballot.*.divergent",
      "subgroup.nonsemantic.*.divergent",
      "subgroup.partitioned.iadd.compute.uint32.size*.inclusive.partition.subsets3.glsl_nv.divergent",
   };
   for (unsigned i = 0; i < 4; i++) {
      opt.filter = demo_filters[i];
      cases_enumerate(st->size, NULL, demo_case, st);
   }
   if (st->h.subgroup_ops & 0x100 /* VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV */) {
      opt.filter = demo_filters[4];
      cases_enumerate(st->size, NULL, demo_case, st);
   } else {
      printf("\n== partitioned: SPV_EXT_shader_subgroup_partitioned\n");
      printf("verdict partitioned: not supported yet: the device does not advertise "
             "VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV\n");
   }
}
