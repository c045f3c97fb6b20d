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
 * stratum (family, operation, subgroup size) keeps the case of the lowest
 * hash among those the filter takes, so no operation goes untested at any
 * size, however few cases it has.  A stratum is named by the name's second
 * and third parts (subgroup.<family>.<op>.) and its "size<N>" part.
 */
#define STRATA_SLOTS 4096
struct stratum {
   char key[64];
   uint32_t min_hash;
   bool used;
};
static struct stratum *strata;

static void
stratum_key(const char *name, char *key, size_t size)
{
   const char *p = strchr(name, '.');
   const char *q = p ? strchr(p + 1, '.') : NULL;
   const char *r = q ? strchr(q + 1, '.') : NULL;
   int len = r ? (int)(r - name) : (int)strlen(name);
   const char *sz = strstr(name, ".size");
   int sz_len = 0;
   if (sz) {
      sz_len = 5;
      while (sz[sz_len] >= '0' && sz[sz_len] <= '9')
         sz_len++;
   }
   snprintf(key, size, "%.*s%.*s", len, name, sz_len, sz ? sz : "");
}

static struct stratum *
stratum_of(const char *name)
{
   char key[64];
   stratum_key(name, key, sizeof(key));
   uint32_t i = hash_str(key) % STRATA_SLOTS;
   for (unsigned n = 0; n < STRATA_SLOTS; n++, i = (i + 1) % STRATA_SLOTS) {
      if (!strata[i].used) {
         strata[i].used = true;
         strata[i].min_hash = UINT32_MAX;
         snprintf(strata[i].key, sizeof(strata[i].key), "%s", key);
         return &strata[i];
      }
      if (!strcmp(strata[i].key, key))
         return &strata[i];
   }
   fprintf(stderr, "runner: more than %u sample strata\n", STRATA_SLOTS);
   exit(2);
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

static bool
case_sampled(const char *name)
{
   if (opt.sample <= 1)
      return true;
   uint32_t h = name_hash(name);
   if (h % opt.sample == 0)
      return true;
   if (!strata) {
      strata = calloc(STRATA_SLOTS, sizeof(*strata));
      for (unsigned size = 4; size <= REF_MAX_LANES; size *= 2)
         cases_enumerate(size, NULL, add_to_stratum, NULL);
   }
   return stratum_of(name)->min_hash == h;
}

bool
case_wanted(const struct case_desc *c)
{
   return case_matches(c) && case_sampled(c->name);
}

