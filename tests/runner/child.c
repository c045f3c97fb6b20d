/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The child process: it creates the device, runs the cases on it and prints
 * one line per case for the parent (supervise.c), which survives the
 * child's crashes.  LP_NATIVE_VECTOR_WIDTH, which llvmpipe reads once per
 * process, is why each width has a child of its own.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner.h"

/* The invocations llvmpipe gives one fragment subgroup: one 4x4 stamp
 * (LP_MAX_FS_LANES); a larger subgroup's other lanes stay inactive.
 */
#define LLVMPIPE_FS_INVOCATIONS 16

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

enum case_status
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
      io->image, (enum vkh_image_dim)io->image_dim, io->image_slices,
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

int
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
      demo_run(st);
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
