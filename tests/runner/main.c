/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * subgroup-runner: runs the SPIR-V subgroup cases on the patched lavapipe.
 *
 * The parent process never touches Vulkan.  For each lane width (and family)
 * it starts a child with LP_NATIVE_VECTOR_WIDTH set, because llvmpipe reads
 * it once per process, reads the child's result lines, and survives its
 * crashes and time-outs: the cases the child did not report count as failed,
 * with the signal named.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"
#include "vkh.h"

#ifndef RUNNER_SHADER_DIR
#define RUNNER_SHADER_DIR "."
#endif
#ifndef RUNNER_ICD_JSON
#define RUNNER_ICD_JSON ""
#endif

#define EXIT_REFUSED 3

/* The invocations llvmpipe gives one fragment subgroup: one 4x4 stamp
 * (LP_MAX_FS_LANES); a larger subgroup's other lanes stay inactive.
 */
#define LLVMPIPE_FS_INVOCATIONS 16

struct options {
   unsigned widths[8];
   unsigned num_widths;
   const char *filter;
   const char *family;
   const char *icd;
   const char *shader_dir;
   const char *expectations;
   const char *skips;
   const char *csv;
   const char *log_dir;
   const char *tag;
   unsigned timeout_s;
   bool any_driver;
   bool compile_only;
   /* --no-robust-access: the device without robustBufferAccess */
   bool no_robust_access;
   const char *isa_dir;
   unsigned required_size;
   /* --sizes: compute and fragment pipelines at these requiredSubgroupSize values, all in
    * one child per family at the driver's default width
    */
   unsigned sizes[8];
   unsigned num_sizes;
   /* --sample N: a fixed 1/N of the cases (CI's sample of a long sweep) */
   unsigned sample;
   bool self_check;
   bool demo;
   bool list;
   /* child */
   bool child;
   unsigned width;
};

static struct options opt = {
   .widths = { 128, 256, 512 },
   .num_widths = 3,
   .filter = "*",
   .icd = RUNNER_ICD_JSON,
   .shader_dir = RUNNER_SHADER_DIR,
   .timeout_s = 300,
};

/* With --sample N, whether a case is in the sample: a hash of its name
 * (FNV-1a, then MurmurHash3's finalizer, since FNV's low bits depend only on
 * the low bits of the characters), so every run picks the same cases and
 * adding a case leaves the others' choice alone.
 */
static uint32_t
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

/* Whether a case runs: it matches and is in the sample. */
static bool
case_wanted(const struct case_desc *c)
{
   return case_matches(c) && case_sampled(c->name);
}

/* ------------------------------------------------------------------------ */
/* Child: runs cases on the device and prints one line per case.            */
/* ------------------------------------------------------------------------ */

struct child_state {
   struct vkh h;
   unsigned size;
   struct case_io io;
   struct lane_map lm;
   uint32_t color[MAX_INVOCATIONS * 4]; /* the fragment cases' color attachment */
   bool demo_done[8];
};

bool
runner_has_shader(const char *name)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.spv", opt.shader_dir, name);
   return access(path, R_OK) == 0;
}

static uint32_t *
load_spirv(const char *name, size_t *size)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.spv", opt.shader_dir, name);
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *data = malloc(n > 0 ? (size_t)n : 4);
   if (n <= 0 || fread(data, 1, (size_t)n, f) != (size_t)n) {
      free(data);
      fclose(f);
      return NULL;
   }
   fclose(f);
   *size = (size_t)n;
   return data;
}

/* Builds the subgroup map from what each invocation wrote to meta[]. */
static bool
build_lane_map(struct child_state *st, char *why, size_t why_size)
{
   struct case_io *io = &st->io;
   struct lane_map *lm = &st->lm;
   memset(lm->inv, 0xff, sizeof(lm->inv));
   lm->num_subgroups = 0;
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      const uint32_t lane = io->meta[2 * i], sgid = io->meta[2 * i + 1];
      if (lane >= st->size || lane >= REF_MAX_LANES || sgid >= MAX_INVOCATIONS) {
         snprintf(why, why_size, "invocation %u reports lane %u of subgroup %u (size %u)",
                  i, lane, sgid, st->size);
         return false;
      }
      if (lm->inv[sgid][lane] != -1) {
         snprintf(why, why_size, "invocations %d and %u both report lane %u of subgroup %u",
                  lm->inv[sgid][lane], i, lane, sgid);
         return false;
      }
      lm->inv[sgid][lane] = (int)i;
      if (sgid + 1 > lm->num_subgroups)
         lm->num_subgroups = sgid + 1;
   }
   for (unsigned s = 0; s < lm->num_subgroups; s++) {
      struct ref_subgroup *sg = &lm->sg[s];
      memset(sg, 0, sizeof(*sg));
      sg->size = st->size;
      sg->max_size = st->size;
      for (unsigned l = 0; l < st->size; l++) {
         const int inv = lm->inv[s][l];
         sg->active[l] = inv >= 0 && io->ctl[inv] == 1;
      }
   }
   return true;
}

enum case_status { ST_PASS, ST_FAIL, ST_SKIP };

static enum case_status
run_case(struct child_state *st, const struct case_desc *c, struct check *chk,
         char *why, size_t why_size)
{
   memset(chk, 0, sizeof(*chk));
   chk->perturb = opt.self_check;

   if (c->needs_ext && !vkh_has_ext(&st->h, c->needs_ext)) {
      snprintf(why, why_size, "device lacks %s", c->needs_ext);
      return ST_SKIP;
   }
   for (unsigned f = 0; f < VKH_FEAT_COUNT; f++) {
      if ((c->needs_features & (1u << f)) && !(st->h.features & (1u << f))) {
         snprintf(why, why_size, "device lacks feature %s", vkh_feature_names[f]);
         return ST_SKIP;
      }
   }
   /* SPV_INTEL_subgroups has no Vulkan extension or feature to ask for:
    * Mesa's drivers take it with this series, another driver may not
    * (NVIDIA's crashes creating such a pipeline).
    */
   if (!strncmp(c->ext, "intel", 5) && !strstr(st->h.driver_info, "Mesa")) {
      snprintf(why, why_size, "SPV_INTEL_subgroups is no Vulkan extension: only Mesa's "
               "drivers (driverInfo \"Mesa ...\") take it with this series");
      return ST_SKIP;
   }
   if (c->needs_raw_texels && st->h.driver_id != VK_DRIVER_ID_MESA_LLVMPIPE) {
      snprintf(why, why_size, "block IO on a converting format needs raw texel access, "
               "which only lavapipe has");
      return ST_SKIP;
   }
   size_t spv_size = 0;
   uint32_t *spv = load_spirv(c->shader, &spv_size);
   if (!spv) {
      snprintf(why, why_size, "cannot read %s/%s.spv", opt.shader_dir, c->shader);
      return ST_FAIL;
   }

   struct case_io *io = &st->io;
   memset(io, 0, sizeof(*io));
   /* two subgroups at least: 64 lanes get 128 invocations */
   io->workgroup_size = st->size > 32 ? 2 * st->size : 64;
   c->gen(c, st->size, io, hash_str(c->name));
   if (opt.num_sizes) {
      /* Vulkan leaves these to the application: the runner refuses them */
      const unsigned subgroups = (io->workgroup_size + st->size - 1) / st->size;
      if (!(st->h.required_size_stages & (c->stage == STAGE_FRAGMENT ? VK_SHADER_STAGE_FRAGMENT_BIT : VK_SHADER_STAGE_COMPUTE_BIT)) ||
          st->size < st->h.min_subgroup_size || st->size > st->h.max_subgroup_size ||
          (st->size & (st->size - 1))) {
         free(spv);
         snprintf(why, why_size, "refused: requiredSubgroupSize %u is not a power of two in "
                  "the device's range [%u, %u], or the case's stage is not in "
                  "requiredSubgroupSizeStages", st->size, st->h.min_subgroup_size,
                  st->h.max_subgroup_size);
         return ST_SKIP;
      }
      if (subgroups > st->h.max_workgroup_subgroups) {
         free(spv);
         snprintf(why, why_size, "refused: %u subgroups of %u exceed "
                  "maxComputeWorkgroupSubgroups %u", subgroups, st->size,
                  st->h.max_workgroup_subgroups);
         return ST_SKIP;
      }
   }
   for (unsigned i = 0; i < MAX_INVOCATIONS * DST_WORDS; i++)
      io->dst[i] = DST_SENTINEL;
   for (unsigned i = 0; i < MAX_INVOCATIONS * 2; i++)
      io->meta[i] = 0xffffffffu;

   /* ctl[] covers the fragment stage's whole 4x4 blocks: a case may give
    * lanes outside the area, which hold no invocation, ctl values there
    * (gen_helpers)
    */
   const unsigned ctl_words =
      c->stage == STAGE_FRAGMENT ? FB_WIDTH * ((io->workgroup_size / FB_WIDTH + 3) & ~3u)
                                 : io->workgroup_size;
   struct vkh_dispatch d = {
      .spirv = spv,
      .spirv_size = spv_size,
      .workgroup_size = io->workgroup_size,
      .num_spec = io->num_spec,
      .buffers = { io->ctl, io->src, io->dst, io->meta },
      .buffer_words = { ctl_words, io->workgroup_size * SRC_WORDS,
                        io->workgroup_size * DST_WORDS, io->workgroup_size * 2 },
   };
   memcpy(d.push, io->push, sizeof(d.push));
   const struct vkh_image image = {
      (VkFormat)io->image_format, io->image_width, io->image_height, io->image_texel_bytes,
      io->image,
   };
   if (io->image_format)
      d.image = &image;
   for (unsigned i = 0; i < io->num_spec; i++) {
      d.spec[i].id = io->spec[i][0];
      d.spec[i].value = io->spec[i][1];
   }
   if (c->stage == STAGE_VERTEX) {
      d.stage = VK_SHADER_STAGE_VERTEX_BIT;
      d.invocations = io->workgroup_size;
   } else if (c->stage == STAGE_FRAGMENT) {
      if (io->workgroup_size % FB_WIDTH || d.num_spec >= VKH_MAX_SPEC) {
         free(spv);
         snprintf(why, why_size, "fragment cases need a multiple of %u invocations",
                  FB_WIDTH);
         return ST_FAIL;
      }
      d.stage = VK_SHADER_STAGE_FRAGMENT_BIT;
      d.fb_width = FB_WIDTH;
      d.fb_height = io->workgroup_size / FB_WIDTH;
      d.spec[d.num_spec++] = (struct vkh_spec) { 7, FB_WIDTH };
      memset(st->color, 0, sizeof(st->color));
      d.color = st->color;
   }
   if (opt.num_sizes)
      d.required_subgroup_size = st->size;
   if (opt.compile_only) {
      /* The pipeline only: what it proves is that the driver compiles the
       * case, not what the code computes.
       */
      if (c->stage == STAGE_COMPUTE)
         d.required_subgroup_size = opt.required_size;
      FILE *isa = NULL;
      if (opt.isa_dir) {
         char path[1024];
         snprintf(path, sizeof(path), "%s/%s.txt", opt.isa_dir, c->name);
         isa = fopen(path, "w");
      }
      unsigned executables;
      uint64_t instructions;
      VkResult r = vkh_compile(&st->h, &d, isa, &executables, &instructions);
      if (isa)
         fclose(isa);
      free(spv);
      if (r != VK_SUCCESS) {
         snprintf(why, why_size, "pipeline creation failed: VkResult %d", r);
         return ST_FAIL;
      }
      if (!st->h.pipeline_executable_info)
         snprintf(why, why_size, "compiled (no VK_KHR_pipeline_executable_properties)");
      else
         snprintf(why, why_size, "compiled: %u executables, %llu instructions", executables,
                  (unsigned long long)instructions);
      return ST_PASS;
   }
   VkResult r = vkh_run(&st->h, &d);
   free(spv);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "dispatch failed: VkResult %d", r);
      return ST_FAIL;
   }
   if (getenv("RUNNER_DUMP_META")) {
      for (unsigned i = 0; i < io->workgroup_size; i++)
         fprintf(stderr, "inv %u: lane %u subgroup %u ctl %u\n", i, io->meta[2 * i],
                 io->meta[2 * i + 1], io->ctl[i]);
   }
   if (!build_lane_map(st, why, why_size))
      return ST_FAIL;

   /* The map comes from the driver's own SubgroupLocalInvocationId and
    * SubgroupId.  On our lavapipe a compute workgroup fills its subgroups in
    * order, so require that shape: broken builtins (say, every invocation
    * alone in a subgroup of its own) must not make a "valid" map.  Other
    * drivers may place invocations differently (--any-driver).
    */
   if (c->stage == STAGE_COMPUTE && !opt.any_driver) {
      const unsigned want = (io->workgroup_size + st->size - 1) / st->size;
      if (st->lm.num_subgroups != want) {
         snprintf(why, why_size, "%u invocations make %u subgroups of %u, not %u",
                  io->workgroup_size, st->lm.num_subgroups, st->size, want);
         return ST_FAIL;
      }
      for (unsigned i = 0; i < io->workgroup_size; i++) {
         if (st->lm.inv[i / st->size][i % st->size] != (int)i) {
            snprintf(why, why_size, "invocation %u is not lane %u of subgroup %u", i,
                     i % st->size, i / st->size);
            return ST_FAIL;
         }
      }
   }

   /* Graphics stages have no SubgroupId, so the key comes from the shader
    * (gen_spvasm.py graphics_header).  Checked without any operation under
    * test, on our lavapipe:
    *  - vertex: the key is FirstInvocation, itself under test, so the map
    *    must be the shape llvmpipe's draw module gives, read from VertexIndex
    *    and the lane builtin alone: vertex v is lane v % size of the subgroup
    *    whose lowest vertex is v - v % size.  A FirstInvocation that returns
    *    its own index, or subgroups split in halves, break it.
    *  - fragment: the key is UMin of the index (arithmetic, not under test).
    *    One point covers whole 4x4 blocks, so every subgroup is full: each
    *    key holds `size` invocations and is the lowest of their indices.
    * Vulkan guarantees neither shape; --any-driver keeps only the map's own
    * consistency (distinct lanes per key, every invocation once).
    */
   if (c->stage == STAGE_VERTEX && !opt.any_driver) {
      for (unsigned v = 0; v < io->workgroup_size; v++) {
         const unsigned base = v - v % st->size;
         if (io->meta[2 * v] != v % st->size || io->meta[2 * v + 1] != base) {
            snprintf(why, why_size,
                     "vertex %u reports lane %u, key %u: llvmpipe puts it in lane %u "
                     "of the subgroup of vertex %u", v, io->meta[2 * v],
                     io->meta[2 * v + 1], v % st->size, base);
            return ST_FAIL;
         }
      }
   }
   if (c->stage == STAGE_FRAGMENT && !opt.any_driver) {
      const unsigned full =
         st->size < LLVMPIPE_FS_INVOCATIONS ? st->size : LLVMPIPE_FS_INVOCATIONS;
      /* an area whose height is not a multiple of 4 cuts the last row of
       * 4x4 blocks: their subgroups hold whole quads, fewer than `full`
       */
      const bool cut = (io->workgroup_size / FB_WIDTH) % 4 != 0;
      for (unsigned s = 0; s < st->lm.num_subgroups; s++) {
         unsigned n = 0, lowest = ~0u;
         for (unsigned l = 0; l < st->size; l++) {
            const int inv = st->lm.inv[s][l];
            if (inv >= 0) {
               n++;
               if ((unsigned)inv < lowest)
                  lowest = (unsigned)inv;
            }
         }
         if (n && ((cut ? n % 4 || n > full : n != full) || lowest != s)) {
            snprintf(why, why_size,
                     "fragment subgroup with key %u has %u invocations, the lowest %u: "
                     "one point over whole 4x4 blocks gives subgroups of %u invocations "
                     "keyed by their lowest index", s, n, lowest, full);
            return ST_FAIL;
         }
      }
   }

   /* Fragment: every pixel's color is (index, lane, key, 0x600d), the values
    * the same invocation stored to meta[] (see gen_spvasm.py).
    */
   if (c->stage == STAGE_FRAGMENT) {
      for (unsigned i = 0; i < io->workgroup_size; i++) {
         const uint32_t *px = &st->color[4 * i];
         /* a demoted or terminated invocation's color has no effect (the
          * case checks that it stored nothing)
          */
         if (io->src[i * SRC_WORDS] & c->demotes)
            continue;
         if (px[0] != i || px[1] != io->meta[2 * i] || px[2] != io->meta[2 * i + 1] ||
             px[3] != 0x600d) {
            snprintf(why, why_size,
                     "color attachment pixel %u is (%u, %u, %u, 0x%x), expected "
                     "(%u, %u, %u, 0x600d)", i, px[0], px[1], px[2], px[3], i,
                     io->meta[2 * i], io->meta[2 * i + 1]);
            return ST_FAIL;
         }
      }
   }

   /* Invocations that did not run the operation must not have written. */
   for (unsigned i = 0; i < io->workgroup_size; i++) {
      if (io->ctl[i] != 1 && io->dst[i * DST_WORDS] != DST_SENTINEL) {
         snprintf(why, why_size, "invocation %u did not run the operation but wrote 0x%08x",
                  i, io->dst[i * DST_WORDS]);
         return ST_FAIL;
      }
   }
   /* The pattern itself: "one" means one active lane in every subgroup. */
   if (c->pattern == PATTERN_ONE) {
      for (unsigned s = 0; s < st->lm.num_subgroups; s++) {
         const unsigned n = lane_map_active_count(&st->lm, s);
         if (n != 1) {
            snprintf(why, why_size, "pattern \"one\": subgroup %u has %u active lanes "
                     "(invocations are assumed to fill subgroups in order)", s, n);
            return ST_FAIL;
         }
      }
   }
   for (unsigned s = 0; s < st->lm.num_subgroups; s++)
      c->check(c, io, &st->lm, s, chk);

   if (chk->cared == 0 && ref_reading == REF_READING_VULKAN) {
      snprintf(why, why_size, "Vulkan leaves every result of this input undefined (a NaN or "
               "an infinity in each subgroup's values; reference.h): nothing to check");
      return ST_SKIP;
   }
   if (chk->cared == 0 && c->stage == STAGE_FRAGMENT) {
      /* a fragment subgroup may have lanes no invocation fills (llvmpipe's
       * hold one 4x4 block, 16 invocations, whatever the size)
       */
      unsigned most = 0;
      for (unsigned s = 0; s < st->lm.num_subgroups; s++) {
         const unsigned n = lane_map_active_count(&st->lm, s);
         most = n > most ? n : most;
      }
      if (most < st->size) {
         snprintf(why, why_size, "the lanes this case reads hold no invocation: fragment "
                  "subgroups of %u lanes have %u invocations at most here", st->size, most);
         return ST_SKIP;
      }
   }
   if (chk->cared == 0) {
      snprintf(why, why_size, "the reference defines no result for this input: the case checks nothing");
      return ST_FAIL;
   }
   if (chk->failures) {
      snprintf(why, why_size, "%u of %u words differ; first: %s", chk->failures, chk->cared,
               chk->first);
      return ST_FAIL;
   }
   snprintf(why, why_size, "%u words checked", chk->cared);
   return ST_PASS;
}

static void
child_case(const struct case_desc *c, void *data)
{
   struct child_state *st = data;
   if (!case_wanted(c))
      return;
   struct check *chk = calloc(1, sizeof(*chk));
   char why[768];
   enum case_status s = run_case(st, c, chk, why, sizeof(why));
   static const char *const names[] = { "pass", "fail", "skip" };
   printf("CASE %s %s %s\n", c->name, names[s], why);
   fflush(stdout);
   free(chk);
}

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

static int
child_main(void)
{
   struct child_state *st = calloc(1, sizeof(*st));
   char why[512];
   if (!vkh_init(&st->h, why, sizeof(why))) {
      printf("REFUSE %s\n", why);
      return EXIT_REFUSED;
   }
   printf("DEVICE %s | %s | %s | driverID %d | subgroupSize %u\n", st->h.device_name,
          st->h.driver_name, st->h.driver_info, st->h.driver_id, st->h.subgroup_size);
   if (!opt.any_driver) {
      if (st->h.driver_id != VK_DRIVER_ID_MESA_LLVMPIPE ||
          strncmp(st->h.device_name, "llvmpipe", 8) != 0 ||
          !strstr(st->h.driver_info, SUBGROUPS_MARK)) {
         printf("REFUSE the device is not the patched lavapipe (want driverID %d, a "
                "\"llvmpipe\" device name and \"%s\" in driverInfo; got driverID %d, "
                "\"%s\", \"%s\")\n",
                VK_DRIVER_ID_MESA_LLVMPIPE, SUBGROUPS_MARK, st->h.driver_id,
                st->h.device_name, st->h.driver_info);
         return EXIT_REFUSED;
      }
      if (opt.width && st->h.subgroup_size != opt.width / 32) {
         printf("BATCHFAIL LP_NATIVE_VECTOR_WIDTH=%u should give subgroupSize %u, the "
                "device reports %u\n", opt.width, opt.width / 32, st->h.subgroup_size);
         return 1;
      }
   }
   st->size = st->h.subgroup_size;
   if (opt.compile_only && opt.required_size)
      st->size = opt.required_size;
   printf("SIZE %u\n", st->size);
   st->h.no_robust_access = opt.no_robust_access;
   if (!vkh_create_device(&st->h, why, sizeof(why))) {
      printf("BATCHFAIL %s\n", why);
      return 1;
   }
   fflush(stdout);

   if (opt.demo) {
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
   } else if (opt.num_sizes) {
      for (unsigned i = 0; i < opt.num_sizes; i++) {
         st->size = opt.sizes[i];
         printf("SIZE %u\n", st->size);
         fflush(stdout);
         cases_enumerate(st->size, opt.family, child_case, st);
      }
   } else {
      cases_enumerate(st->size, opt.family, child_case, st);
   }
   vkh_finish(&st->h);
   free(st);
   return 0;
}

/* ------------------------------------------------------------------------ */
/* Parent: child processes, expectations, report.                           */
/* ------------------------------------------------------------------------ */

enum result { R_PASS, R_FAIL, R_SKIP, R_XFAIL, R_XPASS, R_COUNT };
static const char *const result_names[R_COUNT] = { "pass", "fail", "skip", "xfail",
                                                   "unexpected-pass" };

struct expectation {
   char glob[256];
   char reason[512];
   unsigned hits;
   /* Allowed skips only: whether the entry's machine conditions hold here,
    * and how many listed cases ran (passed / failed) instead of skipping.
    */
   bool applies;
   char cond[256];
   unsigned ran_pass, ran_fail;
};
static struct expectation *expects;
static unsigned num_expects;
static struct expectation *skips;
static unsigned num_skips;

struct record {
   char name[160];
   char family[32];
   unsigned size;
   enum result result;
   char detail[800];
};
static struct record *records;
static unsigned num_records, cap_records;

static FILE *csv;

/* A machine condition of the allowed-skips list (see
 * tests/expectations/lavapipe-skips.txt): cpu-lacks:FLAG (a flag missing
 * from /proc/cpuinfo) or no-file:PATH.  Unknown conditions never hold.
 */
static bool
cpu_has_flag(const char *flag)
{
   FILE *f = fopen("/proc/cpuinfo", "r");
   if (!f)
      return false;
   char line[8192];
   bool found = false;
   while (!found && fgets(line, sizeof(line), f)) {
      if (strncmp(line, "flags", 5))
         continue;
      for (char *save, *tok = strtok_r(strchr(line, ':') ? strchr(line, ':') + 1 : line,
                                       " \t\n", &save);
           tok; tok = strtok_r(NULL, " \t\n", &save))
         found |= !strcmp(tok, flag);
      break;
   }
   fclose(f);
   return found;
}

static bool
condition_holds(const char *cond)
{
   if (!strncmp(cond, "cpu-lacks:", 10))
      return !cpu_has_flag(cond + 10);
   if (!strncmp(cond, "no-file:", 8))
      return access(cond + 8, F_OK) != 0;
   return false;
}

/* Reads a list of the expectations format: per line a glob, then (with
 * `conditions`, the allowed skips) any number of when:CONDITION, then the
 * reason; '#' starts a comment.  An entry applies when all its conditions
 * hold on this machine.
 */
static void
load_list(const char *path, const char *what, bool conditions, struct expectation **list,
          unsigned *num)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      fprintf(stderr, "runner: cannot read %s %s: %s\n", what, path, strerror(errno));
      exit(2);
   }
   char line[1024];
   while (fgets(line, sizeof(line), f)) {
      char *p = line;
      while (*p == ' ' || *p == '\t')
         p++;
      if (*p == '#' || *p == '\n' || !*p)
         continue;
      p[strcspn(p, "\n")] = 0;
      *list = realloc(*list, (*num + 1) * sizeof(**list));
      struct expectation *e = &(*list)[(*num)++];
      memset(e, 0, sizeof(*e));
      e->applies = true;
      size_t g = strcspn(p, " \t");
      snprintf(e->glob, sizeof(e->glob), "%.*s", (int)g, p);
      p += g;
      for (;;) {
         while (*p == ' ' || *p == '\t')
            p++;
         if (!conditions || strncmp(p, "when:", 5))
            break;
         g = strcspn(p, " \t");
         char cond[256];
         snprintf(cond, sizeof(cond), "%.*s", (int)(g - 5), p + 5);
         e->applies &= condition_holds(cond);
         const size_t len = strlen(e->cond);
         snprintf(e->cond + len, sizeof(e->cond) - len, "%s%s", len ? ", " : "", cond);
         p += g;
      }
      snprintf(e->reason, sizeof(e->reason), "%s", *p ? p : "(no reason given)");
   }
   fclose(f);
}

static struct expectation *
find_skip(const char *name)
{
   for (unsigned i = 0; i < num_skips; i++) {
      if (skips[i].applies && fnmatch(skips[i].glob, name, 0) == 0)
         return &skips[i];
   }
   return NULL;
}

static struct expectation *
find_expectation(const char *name)
{
   for (unsigned i = 0; i < num_expects; i++) {
      if (fnmatch(expects[i].glob, name, 0) == 0)
         return &expects[i];
   }
   return NULL;
}

static void
add_record(const char *name, const char *family, unsigned size, enum case_status st,
           const char *detail)
{
   if (num_records == cap_records) {
      cap_records = cap_records ? cap_records * 2 : 256;
      records = realloc(records, cap_records * sizeof(*records));
   }
   struct record *r = &records[num_records++];
   memset(r, 0, sizeof(*r));
   if (opt.tag)
      snprintf(r->name, sizeof(r->name), "%s.%s", name, opt.tag);
   else
      snprintf(r->name, sizeof(r->name), "%s", name);
   name = r->name;
   snprintf(r->family, sizeof(r->family), "%s", family);
   r->size = size;

   if (opt.self_check) {
      /* The reference was perturbed: a failure is the detection we want. */
      r->result = st == ST_FAIL ? R_PASS : st == ST_SKIP ? R_SKIP : R_FAIL;
      snprintf(r->detail, sizeof(r->detail), "%s",
               st == ST_FAIL ? "perturbation detected"
                             : st == ST_SKIP ? detail
                                             : "perturbed reference still passed");
   } else {
      struct expectation *e = find_expectation(name);
      r->result = st == ST_PASS ? R_PASS : st == ST_SKIP ? R_SKIP : R_FAIL;
      snprintf(r->detail, sizeof(r->detail), "%s", detail);
      /* With --skips, a skip must be listed (for this machine); a listed
       * case that runs is reported, not failed.
       */
      struct expectation *sk = opt.skips ? find_skip(name) : NULL;
      if (st == ST_SKIP && opt.skips) {
         if (sk) {
            sk->hits++;
            snprintf(r->detail, sizeof(r->detail), "allowed: %.300s [%.300s]", sk->reason,
                     detail);
         } else {
            r->result = R_FAIL;
            snprintf(r->detail, sizeof(r->detail),
                     "skipped, and %s does not list it as an allowed skip: %.400s",
                     opt.skips, detail);
         }
      } else if (sk) {
         if (st == ST_PASS)
            sk->ran_pass++;
         else
            sk->ran_fail++;
         printf("note: %s is listed as an allowed skip (%s) but ran: %s\n", name, sk->glob,
                st == ST_PASS ? "passed" : "failed");
      }
      if (e && st != ST_SKIP) {
         e->hits++;
         if (st == ST_FAIL) {
            r->result = R_XFAIL;
            snprintf(r->detail, sizeof(r->detail), "expected failure: %.300s [%.300s]",
                     e->reason, detail);
         } else {
            r->result = R_XPASS;
            snprintf(r->detail, sizeof(r->detail),
                     "listed in the expectations (%s) but passed: remove the entry",
                     e->reason);
         }
      }
   }
   printf("%s: %s%s%s%s\n", r->name, result_names[r->result],
          r->result == R_PASS ? "" : " (", r->result == R_PASS ? "" : r->detail,
          r->result == R_PASS ? "" : ")");
   if (csv) {
      fprintf(csv, "%s,%s,%u,%s,\"", r->name, r->family, r->size, result_names[r->result]);
      for (const char *p = r->detail; *p; p++)
         fputc(*p == '"' ? '\'' : *p, csv);
      fprintf(csv, "\"\n");
   }
}

/* Names the cases a batch should report, to account for a crashed child. */
struct expected_names {
   char (*names)[160];
   unsigned count, cap;
};

static void
collect_name(const struct case_desc *c, void *data)
{
   struct expected_names *en = data;
   if (!case_wanted(c))
      return;
   if (en->count == en->cap) {
      en->cap = en->cap ? en->cap * 2 : 64;
      en->names = realloc(en->names, en->cap * sizeof(*en->names));
   }
   snprintf(en->names[en->count++], 160, "%s", c->name);
}

static char self_path[1024];
/* The subgroup size each width ran at (0: not run). */
static unsigned run_sizes[8];
static char log_dir[512];

/* Runs one child; returns its exit status (as waitpid gives it), or -1. */
static int
spawn_child(unsigned width, const char *family, FILE **out, pid_t *pid_out,
            const char *log_path)
{
   int fds[2];
   if (pipe(fds) != 0)
      return -1;
   pid_t pid = fork();
   if (pid < 0)
      return -1;
   if (pid == 0) {
      close(fds[0]);
      dup2(fds[1], 1);
      close(fds[1]);
      int lf = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (lf >= 0) {
         dup2(lf, 2);
         close(lf);
      }
      char wbuf[16];
      snprintf(wbuf, sizeof(wbuf), "%u", width);
      if (width)
         setenv("LP_NATIVE_VECTOR_WIDTH", wbuf, 1);
      else
         unsetenv("LP_NATIVE_VECTOR_WIDTH");
      const char *argv[28];
      unsigned n = 0;
      argv[n++] = self_path;
      argv[n++] = "--child";
      argv[n++] = "--width";
      argv[n++] = wbuf;
      argv[n++] = "--filter";
      argv[n++] = opt.filter;
      argv[n++] = "--shader-dir";
      argv[n++] = opt.shader_dir;
      if (family) {
         argv[n++] = "--family";
         argv[n++] = family;
      }
      if (opt.any_driver)
         argv[n++] = "--any-driver";
      if (opt.compile_only)
         argv[n++] = "--compile-only";
      if (opt.no_robust_access)
         argv[n++] = "--no-robust-access";
      if (opt.isa_dir) {
         argv[n++] = "--isa-dir";
         argv[n++] = opt.isa_dir;
      }
      char rbuf[16];
      if (opt.required_size) {
         snprintf(rbuf, sizeof(rbuf), "%u", opt.required_size);
         argv[n++] = "--required-subgroup-size";
         argv[n++] = rbuf;
      }
      char sbuf[64] = "";
      if (opt.num_sizes) {
         for (unsigned i = 0; i < opt.num_sizes; i++)
            snprintf(sbuf + strlen(sbuf), sizeof(sbuf) - strlen(sbuf), "%s%u", i ? "," : "",
                     opt.sizes[i]);
         argv[n++] = "--sizes";
         argv[n++] = sbuf;
      }
      char pbuf[16];
      if (opt.sample > 1) {
         snprintf(pbuf, sizeof(pbuf), "%u", opt.sample);
         argv[n++] = "--sample";
         argv[n++] = pbuf;
      }
      if (opt.self_check)
         argv[n++] = "--self-check";
      if (cases_written_out)
         argv[n++] = "--written-out";
      if (opt.demo)
         argv[n++] = "--demo";
      argv[n] = NULL;
      execv(self_path, (char *const *)argv);
      _exit(127);
   }
   close(fds[1]);
   *out = fdopen(fds[0], "r");
   *pid_out = pid;
   return 0;
}

static bool refused;

static void
describe_status(int status, bool timed_out, char *buf, size_t size)
{
   if (timed_out)
      snprintf(buf, size, "child reported nothing for %u s and was killed", opt.timeout_s);
   else if (WIFSIGNALED(status))
      snprintf(buf, size, "child crashed with signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
   else if (WIFEXITED(status))
      snprintf(buf, size, "child exited with status %d before reporting", WEXITSTATUS(status));
   else
      snprintf(buf, size, "child ended before reporting");
}

/* Families whose cases each run in a child of their own, because the
 * driver is known to abort on them: one abort then fails one case only.
 */
static const char *const isolated_families[] = { "intel_block", NULL };
/* Isolated on other drivers only (--any-driver): stock lavapipe fails these
 * shaders ("Unimplemented SPIR-V capability"); ours runs them in one batch
 * per width (a crash would still fail the batch's unreported cases).
 */
static const char *const isolated_foreign_families[] = { "intel_image_block", NULL };
static unsigned isolate_index; /* > 0: the batch is case number N of its family */

static bool
family_isolated(const char *family)
{
   for (const char *const *f = isolated_families; family && *f; f++) {
      if (!strcmp(*f, family))
         return true;
   }
   for (const char *const *f = isolated_foreign_families; family && opt.any_driver && *f; f++) {
      if (!strcmp(*f, family))
         return true;
   }
   return false;
}

/* Runs the cases of `family` (NULL: all) at one width, expecting subgroup
 * size `size`.  probe: run no case, only learn the size the child reports
 * (returned; 0 when it reported none).  The demo accounts for no cases.
 */
static unsigned
run_batch(unsigned width, unsigned size, const char *family, bool probe)
{
   struct expected_names en = { 0 };
   if (!opt.demo && !probe) {
      if (opt.num_sizes) {
         for (unsigned i = 0; i < opt.num_sizes; i++)
            cases_enumerate(opt.sizes[i], family, collect_name, &en);
      } else {
         cases_enumerate(size, family, collect_name, &en);
      }
      if (!en.count)
         return size;
   }
   bool *reported = calloc(en.count + 1, sizeof(bool));

   char log_path[1024];
   if (isolate_index)
      snprintf(log_path, sizeof(log_path), "%s/child-%u-%s-%u.log", log_dir, width,
               family ? family : "all", isolate_index);
   else
      snprintf(log_path, sizeof(log_path), "%s/child-%u-%s.log", log_dir, width,
               family ? family : "all");
   FILE *out;
   pid_t pid;
   const char *filter = opt.filter;
   if (probe)
      opt.filter = "-probe-";  /* matches no case name */
   const int spawned = spawn_child(width, family, &out, &pid, log_path);
   opt.filter = filter;
   if (spawned != 0) {
      fprintf(stderr, "runner: cannot start a child: %s\n", strerror(errno));
      exit(2);
   }

   /* A child that reports no case for timeout_s seconds is hung: the
    * deadline moves with each case, so a long batch on a slow compiler
    * (a whole family at 64 lanes) is not killed for its length.
    */
   time_t deadline = time(NULL) + opt.timeout_s;
   bool timed_out = false;
   char line[8192];
   char batch_fail[1024] = "";
   unsigned child_size = 0;
   const int fd = fileno(out);
   char buf[8192];
   size_t have = 0;
   for (;;) {
      const time_t now = time(NULL);
      if (now >= deadline) {
         timed_out = true;
         kill(pid, SIGKILL);
         break;
      }
      struct pollfd p = { .fd = fd, .events = POLLIN };
      int pr = poll(&p, 1, (int)(deadline - now) * 1000);
      if (pr <= 0)
         continue;
      ssize_t n = read(fd, buf + have, sizeof(buf) - have - 1);
      if (n <= 0)
         break;
      have += (size_t)n;
      buf[have] = 0;
      char *start = buf, *nl;
      while ((nl = strchr(start, '\n'))) {
         *nl = 0;
         snprintf(line, sizeof(line), "%s", start);
         start = nl + 1;
         if (!strncmp(line, "CASE ", 5)) {
            char name[160], status[16];
            int off = 0;
            if (sscanf(line + 5, "%159s %15s %n", name, status, &off) >= 2) {
               enum case_status cs = !strcmp(status, "pass") ? ST_PASS
                                   : !strcmp(status, "skip") ? ST_SKIP : ST_FAIL;
               const char *fam = family;
               char famb[16] = "";
               if (!fam) {
                  sscanf(name, "subgroup.%15[^.]", famb);
                  fam = famb;
               }
               add_record(name, fam, child_size ? child_size : size, cs, line + 5 + off);
               deadline = time(NULL) + opt.timeout_s;
               for (unsigned i = 0; i < en.count; i++) {
                  if (!strcmp(en.names[i], name))
                     reported[i] = true;
               }
            }
         } else if (!strncmp(line, "SIZE ", 5)) {
            child_size = (unsigned)atoi(line + 5);
         } else if (!strncmp(line, "DEVICE ", 7)) {
            static unsigned last_width;
            if (last_width != width)
               fprintf(stderr, "runner: width %u: %s\n", width, line + 7);
            last_width = width;
         } else if (!strncmp(line, "REFUSE ", 7)) {
            fprintf(stderr, "runner: refusing to run: %s\n", line + 7);
            refused = true;
         } else if (!strncmp(line, "BATCHFAIL ", 10)) {
            snprintf(batch_fail, sizeof(batch_fail), "%.1000s", line + 10);
         } else if (opt.demo) {
            printf("%s\n", line);
         }
      }
      have = strlen(start);
      memmove(buf, start, have + 1);
   }
   fclose(out);
   int status = 0;
   waitpid(pid, &status, 0);
   if (refused) {
      free(reported);
      free(en.names);
      return 0;
   }

   char why[1200];
   if (batch_fail[0])
      snprintf(why, sizeof(why), "%s", batch_fail);
   else
      describe_status(status, timed_out, why, sizeof(why));
   unsigned missing = 0;
   for (unsigned i = 0; i < en.count; i++) {
      if (!reported[i]) {
         add_record(en.names[i], family ? family : "?", size, ST_FAIL, why);
         missing++;
      }
   }
   if (missing || (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
      if (!opt.demo || missing)
         fprintf(stderr, "runner: width %u family %s: %s; %u cases unreported (log: %s)\n",
                 width, family ? family : "all", why, missing, log_path);
   }
   if (probe && (!child_size || !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
      char name[64];
      snprintf(name, sizeof(name), "subgroup.probe.width%u", width);
      add_record(name, "probe", size, ST_FAIL, why);
      child_size = 0;
   }
   free(reported);
   free(en.names);
   return child_size;
}

static void
print_summary(void)
{
   printf("\n%-17s %-5s %6s %6s %6s %6s %6s %8s\n", "family", "size", "cases", "pass",
          "fail", "xfail", "skip", "unexp.p");
   unsigned tot[R_COUNT] = { 0 };
   const unsigned *sizes = opt.num_sizes ? opt.sizes : run_sizes;
   const unsigned num_sizes = opt.num_sizes ? opt.num_sizes : opt.num_widths;
   for (const char *const *f = case_families; *f; f++) {
      for (unsigned w = 0; w < num_sizes; w++) {
         const unsigned size = sizes[w];
         unsigned n[R_COUNT] = { 0 }, cases = 0;
         for (unsigned i = 0; i < num_records; i++) {
            if (!size || strcmp(records[i].family, *f) || records[i].size != size)
               continue;
            n[records[i].result]++;
            cases++;
         }
         if (!cases)
            continue;
         printf("%-17s %-5u %6u %6u %6u %6u %6u %8u\n", *f, size, cases,
                n[R_PASS], n[R_FAIL], n[R_XFAIL], n[R_SKIP], n[R_XPASS]);
      }
   }
   for (unsigned i = 0; i < num_records; i++)
      tot[records[i].result]++;
   for (unsigned i = 0; i < num_expects; i++) {
      if (!expects[i].hits && !opt.self_check)
         printf("note: expectation '%s' matched no case that ran\n", expects[i].glob);
   }
   for (unsigned i = 0; i < num_skips; i++) {
      if (skips[i].ran_pass || skips[i].ran_fail)
         printf("note: allowed skip '%s'%s%s%s: %u listed cases ran instead (%u passed, %u "
                "failed); the entry may no longer be needed\n", skips[i].glob,
                skips[i].cond[0] ? " (when " : "", skips[i].cond,
                skips[i].cond[0] ? ")" : "", skips[i].ran_pass + skips[i].ran_fail,
                skips[i].ran_pass, skips[i].ran_fail);
   }
   if (opt.self_check)
      printf("\nself-check: %u of %u cases detected the perturbed reference\n", tot[R_PASS],
             tot[R_PASS] + tot[R_FAIL]);
   if (opt.compile_only)
      printf("\ncompile-only: a pass means the driver created the case's pipeline; "
             "nothing ran, no result was checked\n");
   printf("\n%u passed, %u failed, %u skipped\n", tot[R_PASS], tot[R_FAIL] + tot[R_XPASS],
          tot[R_SKIP] + tot[R_XFAIL]);
}

static void
usage(void)
{
   fprintf(stderr,
           "usage: subgroup-runner [options]\n"
           "  --widths 128,256,512   LP_NATIVE_VECTOR_WIDTH values (4/8/16 lanes)\n"
           "  --sizes 4,8,16,32,64   instead of --widths: the compute and fragment\n"
           "                         cases at each\n"
           "                         requiredSubgroupSize, every size in one child\n"
           "                         per family at the default width\n"
           "  --filter GLOB          only cases whose name matches\n"
           "  --sample N             a fixed 1/N of those cases (by a hash of the\n"
           "                         name: the same ones every run), and at least one\n"
           "                         case of every (family, operation, size)\n"
           "  --family NAME          only one family (rotate, intel, ballot, nonsemantic,\n"
           "                         partitioned, intel_block, intel_image_block,\n"
           "                         vote, arith)\n"
           "  --icd PATH             ICD json (default: the build's lavapipe)\n"
           "  --driver-json PATH     same as --icd\n"
           "  --any-driver           run on any driver (no identity check)\n"
           "  --compile-only         create each case's pipeline and submit nothing\n"
           "                         (any driver, also one that cannot execute, such\n"
           "                         as RADV's null device): proves compilation only\n"
           "  --no-robust-access     create the device without robustBufferAccess, which\n"
           "                         every other run enables: buffer accesses may then\n"
           "                         compile without bounds checks (ANV's block messages)\n"
           "  --isa-dir DIR          with --compile-only: each case's statistics and\n"
           "                         NIR / ISA text (VK_KHR_pipeline_executable_properties)\n"
           "                         in DIR/CASE.txt\n"
           "  --required-subgroup-size N  with --compile-only: compute pipelines get\n"
           "                         requiredSubgroupSize N, cases are made for N lanes\n"
           "  --expectations FILE    expected failures (glob, then the reason)\n"
           "  --skips FILE           allowed skips (glob, when:CONDITION..., reason): a\n"
           "                         skip not listed there fails; a listed case that\n"
           "                         runs is reported (not failed)\n"
           "  --csv FILE             write per-case results\n"
           "  --tag NAME             append .NAME to every case name (a second run of\n"
           "                         the same cases under another driver setting)\n"
           "  --timeout S            seconds a child may go without reporting a case\n"
           "                         (default 300)\n"
           "  --self-check           perturb the reference; every case must fail\n"
           "  --written-out          the cases whose operation the harness also writes\n"
           "                         out as the generic lowering (gen_spvasm.py's\n"
           "                         written_* shaders), with those shaders: CASE.written\n"
           "  --demo                 the main job: per-lane tables, one case per extension\n"
           "  --list                 print case names and exit\n");
   exit(2);
}

static void
list_case(const struct case_desc *c, void *data)
{
   (void)data;
   if (case_wanted(c))
      printf("%s\n", c->name);
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
#define ARG() (i + 1 < argc ? argv[++i] : (usage(), ""))
      if (!strcmp(a, "--widths")) {
         char *s = strdup(ARG()), *tok, *save;
         opt.num_widths = 0;
         for (tok = strtok_r(s, ",", &save); tok && opt.num_widths < 8;
              tok = strtok_r(NULL, ",", &save))
            opt.widths[opt.num_widths++] = (unsigned)atoi(tok);
      } else if (!strcmp(a, "--sizes")) {
         char *s = strdup(ARG()), *tok, *save;
         opt.num_sizes = 0;
         for (tok = strtok_r(s, ",", &save); tok && opt.num_sizes < 8;
              tok = strtok_r(NULL, ",", &save))
            opt.sizes[opt.num_sizes++] = (unsigned)atoi(tok);
      } else if (!strcmp(a, "--width")) {
         opt.width = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--filter")) {
         opt.filter = ARG();
      } else if (!strcmp(a, "--sample")) {
         opt.sample = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--family")) {
         opt.family = ARG();
      } else if (!strcmp(a, "--icd") || !strcmp(a, "--driver-json")) {
         opt.icd = ARG();
      } else if (!strcmp(a, "--shader-dir")) {
         opt.shader_dir = ARG();
      } else if (!strcmp(a, "--expectations")) {
         opt.expectations = ARG();
      } else if (!strcmp(a, "--skips")) {
         opt.skips = ARG();
      } else if (!strcmp(a, "--csv")) {
         opt.csv = ARG();
      } else if (!strcmp(a, "--tag")) {
         opt.tag = ARG();
      } else if (!strcmp(a, "--log-dir")) {
         opt.log_dir = ARG();
      } else if (!strcmp(a, "--timeout")) {
         opt.timeout_s = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--any-driver")) {
         opt.any_driver = true;
      } else if (!strcmp(a, "--compile-only")) {
         opt.compile_only = true;
         opt.any_driver = true;
      } else if (!strcmp(a, "--no-robust-access")) {
         opt.no_robust_access = true;
      } else if (!strcmp(a, "--isa-dir")) {
         opt.isa_dir = ARG();
      } else if (!strcmp(a, "--required-subgroup-size")) {
         opt.required_size = (unsigned)atoi(ARG());
      } else if (!strcmp(a, "--self-check")) {
         opt.self_check = true;
      } else if (!strcmp(a, "--written-out")) {
         cases_written_out = true;
      } else if (!strcmp(a, "--demo")) {
         opt.demo = true;
      } else if (!strcmp(a, "--list")) {
         opt.list = true;
      } else if (!strcmp(a, "--child")) {
         opt.child = true;
      } else {
         usage();
      }
   }

   /* Held to the series' choices on our lavapipe; another driver to what
    * any conformant Vulkan driver may do (reference.h).
    */
   if (opt.any_driver)
      ref_reading = REF_READING_VULKAN;
   if (opt.child)
      return child_main();

   if (opt.list) {
      if (opt.num_sizes) {
         for (unsigned i = 0; i < opt.num_sizes; i++)
            cases_enumerate(opt.sizes[i], opt.family, list_case, NULL);
      } else {
         for (unsigned w = 0; w < opt.num_widths; w++)
            cases_enumerate(opt.widths[w] / 32, opt.family, list_case, NULL);
      }
      return 0;
   }
   if (opt.num_sizes && (opt.compile_only || opt.demo)) {
      fprintf(stderr, "runner: --sizes runs the cases on the patched lavapipe only\n");
      return 2;
   }

   ssize_t n = readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);
   if (n <= 0) {
      fprintf(stderr, "runner: cannot find my own executable\n");
      return 2;
   }
   self_path[n] = 0;

   /* Only the named ICD may answer. */
   if (!opt.icd || !opt.icd[0]) {
      fprintf(stderr, "runner: no ICD json given (--icd)\n");
      return 2;
   }
   if (access(opt.icd, R_OK) != 0) {
      fprintf(stderr, "runner: cannot read ICD json %s\n", opt.icd);
      return 2;
   }
   setenv("VK_DRIVER_FILES", opt.icd, 1);
   setenv("VK_ICD_FILENAMES", opt.icd, 1);
   unsetenv("VK_ADD_DRIVER_FILES");
   setenv("VK_LOADER_LAYERS_DISABLE", "~all~", 1);

   if (opt.log_dir) {
      snprintf(log_dir, sizeof(log_dir), "%s", opt.log_dir);
      mkdir(log_dir, 0755);
   } else {
      snprintf(log_dir, sizeof(log_dir), "/tmp/subgroup-runner.XXXXXX");
      if (!mkdtemp(log_dir)) {
         fprintf(stderr, "runner: mkdtemp failed\n");
         return 2;
      }
   }
   /* A shader cache of our own per run: nothing stale from other builds, and
    * the widths of one run still share it, as any user's runs would.
    */
   char cache_dir[600];
   snprintf(cache_dir, sizeof(cache_dir), "%s/shader-cache", log_dir);
   setenv("MESA_SHADER_CACHE_DIR", cache_dir, 1);

   if (opt.isa_dir)
      mkdir(opt.isa_dir, 0755);
   if (opt.expectations && !opt.self_check)
      load_list(opt.expectations, "expectations", false, &expects, &num_expects);
   if (opt.skips)
      load_list(opt.skips, "allowed skips", true, &skips, &num_skips);
   if (opt.csv) {
      csv = fopen(opt.csv, "w");
      if (csv)
         fprintf(csv, "case,family,size,result,detail\n");
   }

   if (opt.demo) {
      const unsigned width = opt.num_widths == 3 ? 256 : opt.widths[0];
      run_batch(width, width / 32, NULL, false);
      return refused ? EXIT_REFUSED : 0;
   }

   printf("subgroup-runner: ICD %s, %s", opt.icd,
          opt.num_sizes ? "requiredSubgroupSize" : "widths");
   if (opt.num_sizes) {
      for (unsigned i = 0; i < opt.num_sizes; i++)
         printf(" %u", opt.sizes[i]);
   } else {
      for (unsigned w = 0; w < opt.num_widths; w++)
         printf(" %u", opt.widths[w]);
   }
   printf("%s\n", opt.self_check ? " (self-check: reference perturbed)" : "");
   fflush(stdout);

   /* One child per family runs every size, at the default width. */
   for (const char *const *f = case_families; opt.num_sizes && *f && !refused; f++) {
      if (!opt.family || !strcmp(opt.family, *f))
         run_batch(0, 0, *f, false);
      fflush(stdout);
   }

   for (unsigned w = 0; w < opt.num_widths && !opt.num_sizes && !refused; w++) {
      unsigned size = opt.widths[w] / 32;
      if (opt.any_driver) {
         /* Another driver may map widths to sizes differently (or ignore
          * LP_NATIVE_VECTOR_WIDTH): ask a child, name the cases by what it
          * reports, and run each size once.
          */
         size = run_batch(opt.widths[w], size, NULL, true);
         if (!size)
            continue;
         bool seen = false;
         for (unsigned v = 0; v < w; v++)
            seen |= run_sizes[v] == size;
         if (seen) {
            printf("width %u: subgroup size %u again; not run twice\n", opt.widths[w], size);
            continue;
         }
      }
      run_sizes[w] = size;
      for (const char *const *f = case_families; *f && !refused; f++) {
         if (opt.family && strcmp(opt.family, *f))
            continue;
         if (family_isolated(*f)) {
            struct expected_names en = { 0 };
            cases_enumerate(size, *f, collect_name, &en);
            const char *filter = opt.filter;
            for (unsigned i = 0; i < en.count && !refused; i++) {
               opt.filter = en.names[i];
               isolate_index = i + 1;
               run_batch(opt.widths[w], size, *f, false);
            }
            opt.filter = filter;
            isolate_index = 0;
            free(en.names);
         } else {
            run_batch(opt.widths[w], size, *f, false);
         }
         fflush(stdout);
      }
   }
   if (csv)
      fclose(csv);
   if (refused) {
      printf("refused: the device is not the patched lavapipe; nothing was run\n");
      return EXIT_REFUSED;
   }
   print_summary();
   unsigned failed = 0;
   for (unsigned i = 0; i < num_records; i++)
      failed += records[i].result == R_FAIL || records[i].result == R_XPASS;
   return failed ? 1 : 0;
}
