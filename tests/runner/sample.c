/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * Which cases a run takes: the filter, --sizes' stages and --sample's
 * stratified sample.  Parent and children decide alike, from the same
 * options, so the parent knows which cases a child must report.
 */

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* With --sample N, whether a case is in the sample: a hash of its name
 * (FNV-1a, then MurmurHash3's finalizer, since FNV's low bits depend only on
 * the low bits of the characters), so every run picks the same cases and
 * adding a case leaves the others' choice alone.
 */
uint32_t
hash_str(const char *s)
{
   uint32_t h = 2166136261u;
   for (; *s; s++)
      h = (h ^ (uint8_t)*s) * 16777619u;
   return h;
}

static uint32_t
name_hash(const char *name)
{
   uint32_t h = hash_str(name);
   h ^= h >> 16;
   h *= 0x85ebca6bu;
   h ^= h >> 13;
   h *= 0xc2b2ae35u;
   h ^= h >> 16;
   return h;
}

/* Whether a case matches the filter and, with --sizes, is a compute or
 * fragment case (lavapipe's requiredSubgroupSizeStages; vertex shaders
 * ignore requiredSubgroupSize).
 */
static bool
case_matches(const struct case_desc *c)
{
   return fnmatch(opt.filter, c->name, 0) == 0 &&
          (!opt.num_sizes || c->stage == STAGE_COMPUTE || c->stage == STAGE_FRAGMENT);
}

/* The sample is stratified: besides the cases whose hash falls in it, each
 * stratum keeps the case of the lowest hash among those the filter takes,
 * so no combination goes untested however few cases it has.  A stratum is
 * a (family, operation, stage, type, scan kind) combination at one subgroup
 * size, or with --pool-sizes at any size of the run: the lowest hash then
 * picks the size too, the same one every run.  Each part counts because
 * the code under test differs with it: one operation is lowered apart per
 * type and scan kind (a uint8 IAdd reduce shares little with a uint64 IAdd
 * exclusive scan), and llvmpipe runs fragment shaders in 4x4 stamps with
 * masks of their own, vertex shaders in its draw module.
 *
 * The parts come from the case name, which cases.c and cases_partitioned.c
 * build as subgroup.FAMILY.OP.STAGE.TYPE.sizeN.KIND...: rotate has no OP
 * (rotate is the family's one operation), vote's elect_ballot_loop_* no
 * TYPE; KIND, right after the size, is reduce, inclusive, exclusive or
 * clusterN (ClusteredReduce, or a rotate's ClusterSize: one stratum for
 * every N), else the case has no scan kind.
 *
 * Below 32 lanes (and not pooled) a stratum is only (family, operation,
 * size): the whole runs at 4, 8 and 16 lanes (LP_NATIVE_VECTOR_WIDTH)
 * already take every case of the code those sizes build, so the sample
 * spends its cases at 32 and 64 lanes, the vectors only --sizes builds.
 * --coarse-strata makes every stratum (family, operation[, size]), for a
 * run that another one covers finely (ci/lib/cpu-level.sh).
 */
#define FINE_STRATA_MIN_SIZE 32
#define STRATA_SLOTS 16384
struct stratum {
   char key[128];
   uint32_t min_hash;
   bool used;
};
static struct stratum *strata;

#define MAX_NAME_FIELDS 24

static bool
field_is(const char *f, int len, const char *word)
{
   return len == (int)strlen(word) && !strncmp(f, word, len);
}

/* Whether a field is the word `prefix` followed by one digit or more. */
static bool
field_is_numbered(const char *f, int len, const char *prefix)
{
   const int n = (int)strlen(prefix);
   if (len <= n || strncmp(f, prefix, n))
      return false;
   for (int i = n; i < len; i++) {
      if (f[i] < '0' || f[i] > '9')
         return false;
   }
   return true;
}

static void
stratum_key(const char *name, char *key, size_t size)
{
   const char *field[MAX_NAME_FIELDS];
   int len[MAX_NAME_FIELDS];
   unsigned n = 0;
   for (const char *p = name; n < MAX_NAME_FIELDS; n++) {
      const char *dot = strchr(p, '.');
      field[n] = p;
      len[n] = dot ? (int)(dot - p) : (int)strlen(p);
      if (!dot) {
         n++;
         break;
      }
      p = dot + 1;
   }
   unsigned stage = 0, sz = 0;
   for (unsigned i = 2; i < n; i++) {
      if (!stage && (field_is(field[i], len[i], "compute") ||
                     field_is(field[i], len[i], "vertex") ||
                     field_is(field[i], len[i], "fragment")))
         stage = i;
      if (!sz && field_is_numbered(field[i], len[i], "size"))
         sz = i;
   }
   int written;
   if (!stage || sz <= stage) {
      /* A name of another shape is a stratum of its own: it is always
       * taken, rather than lost in a stratum it does not belong to.
       */
      written = snprintf(key, size, "%s", name);
   } else {
      const char *kind = "";
      int kind_len = 0;
      if (sz + 1 < n) {
         const char *f = field[sz + 1];
         const int l = len[sz + 1];
         if (field_is(f, l, "reduce") || field_is(f, l, "inclusive") ||
             field_is(f, l, "exclusive")) {
            kind = f;
            kind_len = l;
         } else if (field_is_numbered(f, l, "cluster")) {
            kind = "cluster";
            kind_len = 7;
         }
      }
      /* OP and TYPE may be empty, or (for a name to come) span fields */
      const int op_len = stage > 2 ? (int)(field[stage] - field[2]) - 1 : 0;
      int type_len = sz > stage + 1 ? (int)(field[sz] - field[stage + 1]) - 1 : 0;
      int stage_len = len[stage];
      if (opt.coarse_strata ||
          (!opt.pool_sizes && atoi(field[sz] + 4) < FINE_STRATA_MIN_SIZE))
         type_len = stage_len = kind_len = 0;
      written = snprintf(key, size, "%.*s/%.*s/%.*s/%.*s/%.*s/%.*s", len[1], field[1],
                         op_len, field[2], stage_len, field[stage], type_len,
                         field[stage + 1], kind_len, kind,
                         opt.pool_sizes ? 0 : len[sz], field[sz]);
   }
   if (written < 0 || (size_t)written >= size) {
      fprintf(stderr, "runner: the sample stratum of %s has too long a name\n", name);
      exit(2);
   }
}

/* The stratum of `key` in `table` (STRATA_SLOTS of them), made on first
 * sight.
 */
static struct stratum *
stratum_find(struct stratum *table, const char *key)
{
   uint32_t i = hash_str(key) % STRATA_SLOTS;
   for (unsigned n = 0; n < STRATA_SLOTS; n++, i = (i + 1) % STRATA_SLOTS) {
      if (!table[i].used) {
         table[i].used = true;
         table[i].min_hash = UINT32_MAX;
         snprintf(table[i].key, sizeof(table[i].key), "%s", key);
         return &table[i];
      }
      if (!strcmp(table[i].key, key))
         return &table[i];
   }
   fprintf(stderr, "runner: more than %u sample strata\n", STRATA_SLOTS);
   exit(2);
}

static struct stratum *
stratum_of(const char *name)
{
   char key[128];
   stratum_key(name, key, sizeof(key));
   return stratum_find(strata, key);
}

static void
add_to_stratum(const struct case_desc *c, void *data)
{
   (void)data;
   if (!case_matches(c))
      return;
   struct stratum *st = stratum_of(c->name);
   uint32_t h = name_hash(c->name);
   if (h < st->min_hash)
      st->min_hash = h;
}

/* fn on every case of the run's family (--family, else all) at each size
 * of the run: its --sizes, or the lane counts of its --widths.  A stratum
 * names its family, so the family limits the count of strata, not which
 * case a stratum takes.
 */
void
enumerate_run_sizes(case_fn fn)
{
   if (opt.num_sizes) {
      for (unsigned i = 0; i < opt.num_sizes; i++)
         cases_enumerate(opt.sizes[i], opt.family, fn, NULL);
   } else {
      for (unsigned w = 0; w < opt.num_widths; w++)
         cases_enumerate(opt.widths[w] / 32, opt.family, fn, NULL);
   }
}

static void
fill_strata(void)
{
   strata = calloc(STRATA_SLOTS, sizeof(*strata));
   if (!opt.pool_sizes) {
      /* Every size, also those the run does not name: with --any-driver
       * the cases are named by the sizes the children report.
       */
      for (unsigned size = 4; size <= REF_MAX_LANES; size *= 2)
         cases_enumerate(size, NULL, add_to_stratum, NULL);
   } else {
      /* The sizes of the run only: a case picked at another size would
       * leave its combination untested.
       */
      enumerate_run_sizes(add_to_stratum);
   }
}

static bool
case_sampled(const char *name)
{
   if (opt.sample <= 1)
      return true;
   uint32_t h = name_hash(name);
   if (h % opt.sample == 0)
      return true;
   if (!strata)
      fill_strata();
   return stratum_of(name)->min_hash == h;
}

bool
case_wanted(const struct case_desc *c)
{
   return case_matches(c) && case_sampled(c->name);
}

/* The distinct strata of the run's own sizes' selected cases: fill_strata
 * also fills those of sizes the run does not name.
 */
static struct stratum *run_strata;

static void
add_to_run_strata(const struct case_desc *c, void *data)
{
   (void)data;
   if (!case_matches(c))
      return;
   char key[128];
   stratum_key(c->name, key, sizeof(key));
   stratum_find(run_strata, key);
}

unsigned
sample_strata(void)
{
   run_strata = calloc(STRATA_SLOTS, sizeof(*run_strata));
   enumerate_run_sizes(add_to_run_strata);
   unsigned n = 0;
   for (unsigned i = 0; i < STRATA_SLOTS; i++)
      n += run_strata[i].used;
   free(run_strata);
   run_strata = NULL;
   return n;
}
