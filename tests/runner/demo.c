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
#include <string.h>

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

/* The demo's cases, one or more per extension, and what each computes, in
 * the words of its spec.
 */
static const struct demo {
   const char *filter;
   const char *spec;
   const char *op;
} demos[] = {
   { "subgroup.rotate.compute.uint32.size*.cluster4.delta1.const.divergent",
     "SPV_KHR_subgroup_rotate",
     "OpGroupNonUniformRotateKHR, Delta 1, ClusterSize 4: each lane reads the\n"
     "  lane one above it within its cluster of 4 (wrapping); undefined where\n"
     "  that lane is inactive" },
   { "subgroup.intel.shuffle_down.compute.uint32.*.divergent",
     "SPV_INTEL_subgroups",
     "OpSubgroupShuffleDownINTEL(Current, Next, Delta), Delta each lane's own:\n"
     "  each lane reads Current (the input) of the lane Delta above it, or Next\n"
     "  (not shown) past the subgroup's last lane; undefined where that lane\n"
     "  is inactive" },
   { "subgroup.ballot.ballot.*.divergent",
     "SPV_KHR_shader_ballot",
     "OpSubgroupBallotKHR(input is odd): a bit for each active lane whose\n"
     "  predicate holds; the result's word 0 holds lanes 0 to 31" },
   { "subgroup.nonsemantic.*.divergent",
     "SPV_KHR_non_semantic_info",
     "OpExtInst of NonSemantic.* sets among the declarations and in the body,\n"
     "  ignored: the result is the shader's own arithmetic on the input" },
   { "subgroup.partitioned.iadd.compute.uint32.size*.inclusive.partition.subsets3.glsl_nv.divergent",
     "SPV_EXT/NV_shader_subgroup_partitioned",
     "OpGroupNonUniformPartitionNV of a key with 3 values, then\n"
     "  OpGroupNonUniformIAdd PartitionedInclusiveScanNV (GLSL's\n"
     "  subgroupPartitionedInclusiveAddNV): each lane sums the inputs of the\n"
     "  active lanes of its own subset up to itself" },
};

static void
demo_case(const struct case_desc *c, void *data)
{
   const struct demo *d = ((void **)data)[1];
   struct child_state *st = ((void **)data)[0];
   if (fnmatch(opt.filter, c->name, 0) != 0)
      return;
   printf("\n== %s: %s\n  %s\n", d->spec, c->name, d->op);
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
   for (unsigned i = 0; i < sizeof(demos) / sizeof(demos[0]); i++) {
      if (strstr(demos[i].filter, ".partitioned.") &&
          !(st->h.subgroup_ops & 0x100 /* VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV */)) {
         printf("\n== %s\nverdict partitioned: not supported yet: the device does not "
                "advertise VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV\n", demos[i].spec);
         continue;
      }
      void *data[2] = { st, (void *)&demos[i] };
      opt.filter = demos[i].filter;
      cases_enumerate(st->size, NULL, demo_case, data);
   }
}
