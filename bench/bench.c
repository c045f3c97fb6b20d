/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * Times the benchmark's compute shaders on one Vulkan driver, in one
 * process, at the subgroup size the environment gives it
 * (LP_NATIVE_VECTOR_WIDTH is read once per process).  bench/run.py starts
 * it once per driver, width and run, alternating drivers.
 *
 *   bench --shader-dir DIR --expect ours|stock --lanes L [--required] [--reps R]
 *         [--ops a,b] [--scale F] [--clock cpu|wall]
 *
 * --required: the pipelines require L lanes (requiredSubgroupSize, 4 to 64
 * on our lavapipe) instead of the device's size.
 *
 * It refuses a device that is not llvmpipe, or is not the one --expect
 * names (ours has "mesa-subgroups" in driverInfo, stock does not), or whose
 * subgroup size is not L.  Each operation is first checked against the
 * scalar model (ops.h) on a small dispatch; one that is wrong is reported
 * and not timed.  Output, one line each:
 *
 *   device <driverID> <subgroupSize> <deviceName> | <driverInfo>
 *   skip <op> <reason>
 *   wrong <op> <details>
 *   time <op> <rep> <op seconds> <base seconds> <lane-ops> <checksum>
 *
 * Seconds are CPU seconds of the whole process by default (--clock cpu):
 * on a loaded machine wall time mostly measures the other processes.  The
 * checksum (of the first timed dispatch's output) must match between
 * drivers.
 *
 * The base shader (the loop without the operation) is timed right after
 * each operation's dispatch, with the same work, so both see the same
 * machine load.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_DUMP_STATS_AT(label) ((void)(label))
#endif

#include "ops.h"

/* Not in every vulkan_core.h this project builds with. */
#define STYPE_ROTATE_FEATURES ((VkStructureType)1000416000)
struct rotate_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderSubgroupRotate;
   VkBool32 shaderSubgroupRotateClustered;
};
#define STYPE_PARTITIONED_FEATURES ((VkStructureType)1000662000)
struct partitioned_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderSubgroupPartitioned;
};
#define SUBGROUP_FEATURE_PARTITIONED 0x100u
#define SUBGROUP_FEATURE_ROTATE 0x200u

#define MARK "mesa-subgroups"

static void __attribute__((format(printf, 1, 2), noreturn))
die(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "bench: ");
   vfprintf(stderr, fmt, ap);
   fprintf(stderr, "\n");
   va_end(ap);
   exit(1);
}
#define CHECK(call)                                                        \
   do {                                                                    \
      VkResult r_ = (call);                                                \
      if (r_ != VK_SUCCESS)                                                \
         die("%s failed (%d)", #call, r_);                                 \
   } while (0)

struct ctx {
   VkInstance instance;
   VkPhysicalDevice phys;
   VkDevice device;
   VkQueue queue;
   uint32_t qfam;
   VkPhysicalDeviceMemoryProperties mem;
   uint32_t required_size; /* --required: every pipeline's requiredSubgroupSize */
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkFence fence;
   VkBuffer buf[2];
   VkDeviceMemory buf_mem[2];
   uint32_t *map[2];
   uint32_t words;
   bool has_ext[4];
   bool rotate, partitioned;
   bool ext_types; /* shaderSubgroupExtendedTypes, shaderInt8, shaderInt16, shaderInt64 */
};

static const char *const wanted_exts[] = {
   "VK_KHR_shader_subgroup_rotate",
   "VK_NV_shader_subgroup_partitioned",
   "VK_EXT_shader_subgroup_partitioned",
   "VK_EXT_shader_subgroup_ballot",
};
enum { EXT_ROTATE, EXT_PART_NV, EXT_PART_EXT, EXT_BALLOT };

/* CLOCK_MONOTONIC (wall) or CLOCK_PROCESS_CPUTIME_ID (the CPU time of all
 * the process's threads: lavapipe's queue and compute threads do the work
 * while this one sleeps on the fence). */
static clockid_t bench_clock = CLOCK_PROCESS_CPUTIME_ID;

static double
now(void)
{
   struct timespec ts;
   clock_gettime(bench_clock, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
create_device(struct ctx *c, const char *expect, unsigned lanes, bool required)
{
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "mesa-subgroups-bench",
      .apiVersion = VK_API_VERSION_1_3,
   };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
   };
   CHECK(vkCreateInstance(&ici, NULL, &c->instance));
   uint32_t n = 1;
   VkResult res = vkEnumeratePhysicalDevices(c->instance, &n, &c->phys);
   if ((res != VK_SUCCESS && res != VK_INCOMPLETE) || n == 0)
      die("no Vulkan device (%d)", res);

   VkPhysicalDeviceSubgroupSizeControlProperties ssc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
   };
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
      .pNext = &ssc,
   };
   VkPhysicalDeviceDriverProperties drv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
      .pNext = &sg,
   };
   VkPhysicalDeviceProperties2 props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = &drv,
   };
   vkGetPhysicalDeviceProperties2(c->phys, &props);
   printf("device %d %u %s | %s\n", drv.driverID, sg.subgroupSize,
          props.properties.deviceName, drv.driverInfo);
   fflush(stdout);

   /* The right driver must answer: llvmpipe, ours or stock, at L lanes. */
   if (drv.driverID != VK_DRIVER_ID_MESA_LLVMPIPE)
      die("driverID %d is not VK_DRIVER_ID_MESA_LLVMPIPE", drv.driverID);
   bool ours = strstr(drv.driverInfo, MARK) != NULL;
   if (!strcmp(expect, "ours") && !ours)
      die("expected our lavapipe, driverInfo \"%s\" lacks " MARK, drv.driverInfo);
   if (!strcmp(expect, "stock") && ours)
      die("expected stock lavapipe, driverInfo \"%s\" has " MARK, drv.driverInfo);
   if (required) {
      /* --required: the pipelines ask for L lanes (requiredSubgroupSize) */
      if (lanes < ssc.minSubgroupSize || lanes > ssc.maxSubgroupSize ||
          !(ssc.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT))
         die("requiredSubgroupSize %u is outside the device's range [%u, %u] for compute",
             lanes, ssc.minSubgroupSize, ssc.maxSubgroupSize);
      c->required_size = lanes;
   } else if (sg.subgroupSize != lanes) {
      die("subgroup size %u, not the %u lanes asked for (LP_NATIVE_VECTOR_WIDTH?)", sg.subgroupSize, lanes);
   }

   uint32_t ne = 0;
   vkEnumerateDeviceExtensionProperties(c->phys, NULL, &ne, NULL);
   VkExtensionProperties *ext = calloc(ne, sizeof(*ext));
   vkEnumerateDeviceExtensionProperties(c->phys, NULL, &ne, ext);
   const char *names[4];
   uint32_t nn = 0;
   for (unsigned w = 0; w < 4; w++) {
      for (uint32_t i = 0; i < ne; i++) {
         if (!strcmp(ext[i].extensionName, wanted_exts[w])) {
            c->has_ext[w] = true;
            names[nn++] = wanted_exts[w];
         }
      }
   }
   free(ext);

   struct rotate_features rot = { .sType = STYPE_ROTATE_FEATURES };
   struct partitioned_features part = { .sType = STYPE_PARTITIONED_FEATURES };
   void *chain = NULL;
   if (c->has_ext[EXT_ROTATE]) {
      rot.pNext = chain;
      chain = &rot;
   }
   if (c->has_ext[EXT_PART_EXT]) {
      part.pNext = chain;
      chain = &part;
   }
   /* The _u8 / _u16 / _u64 operations: 8- to 64-bit subgroup arithmetic. */
   /* subgroupSizeControl, for --required */
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = chain,
   };
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &f13,
   };
   VkPhysicalDeviceFeatures2 f2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &f12,
   };
   vkGetPhysicalDeviceFeatures2(c->phys, &f2);
   c->ext_types = f12.shaderSubgroupExtendedTypes && f12.shaderInt8 &&
                  f2.features.shaderInt16 && f2.features.shaderInt64;
   c->rotate = c->has_ext[EXT_ROTATE] && rot.shaderSubgroupRotate;
   c->partitioned = c->has_ext[EXT_PART_NV] &&
                    (sg.supportedOperations & SUBGROUP_FEATURE_PARTITIONED);
   if (required && !f13.subgroupSizeControl)
      die("--required: the device lacks subgroupSizeControl");

   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(c->phys, &nq, NULL);
   VkQueueFamilyProperties *q = calloc(nq, sizeof(*q));
   vkGetPhysicalDeviceQueueFamilyProperties(c->phys, &nq, q);
   c->qfam = UINT32_MAX;
   for (uint32_t i = 0; i < nq && c->qfam == UINT32_MAX; i++)
      if (q[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
         c->qfam = i;
   free(q);
   if (c->qfam == UINT32_MAX)
      die("no compute queue");

   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = c->qfam,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &f2,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = nn,
      .ppEnabledExtensionNames = names,
   };
   CHECK(vkCreateDevice(c->phys, &dci, NULL, &c->device));
   vkGetDeviceQueue(c->device, c->qfam, 0, &c->queue);
   vkGetPhysicalDeviceMemoryProperties(c->phys, &c->mem);
}

static void
create_resources(struct ctx *c, uint32_t words)
{
   c->words = words;
   for (unsigned b = 0; b < 2; b++) {
      const VkBufferCreateInfo bci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .size = words * 4ull,
         .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
      };
      CHECK(vkCreateBuffer(c->device, &bci, NULL, &c->buf[b]));
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(c->device, c->buf[b], &req);
      const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      uint32_t type = UINT32_MAX;
      for (uint32_t t = 0; t < c->mem.memoryTypeCount && type == UINT32_MAX; t++)
         if ((req.memoryTypeBits & (1u << t)) &&
             (c->mem.memoryTypes[t].propertyFlags & want) == want)
            type = t;
      if (type == UINT32_MAX)
         die("no host-visible coherent memory");
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = req.size,
         .memoryTypeIndex = type,
      };
      CHECK(vkAllocateMemory(c->device, &mai, NULL, &c->buf_mem[b]));
      CHECK(vkBindBufferMemory(c->device, c->buf[b], c->buf_mem[b], 0));
      CHECK(vkMapMemory(c->device, c->buf_mem[b], 0, VK_WHOLE_SIZE, 0,
                        (void **)&c->map[b]));
   }

   const VkDescriptorSetLayoutBinding bind[2] = {
      { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 2,
      .pBindings = bind,
   };
   CHECK(vkCreateDescriptorSetLayout(c->device, &dslci, NULL, &c->dsl));
   const VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &c->dsl,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   CHECK(vkCreatePipelineLayout(c->device, &plci, NULL, &c->layout));
   const VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &ps,
   };
   CHECK(vkCreateDescriptorPool(c->device, &dpci, NULL, &c->pool));
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = c->pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &c->dsl,
   };
   CHECK(vkAllocateDescriptorSets(c->device, &dsai, &c->set));
   VkDescriptorBufferInfo dbi[2];
   VkWriteDescriptorSet w[2];
   for (unsigned b = 0; b < 2; b++) {
      dbi[b] = (VkDescriptorBufferInfo){ c->buf[b], 0, VK_WHOLE_SIZE };
      w[b] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = c->set,
         .dstBinding = b,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &dbi[b],
      };
   }
   vkUpdateDescriptorSets(c->device, 2, w, 0, NULL);

   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .queueFamilyIndex = c->qfam,
   };
   CHECK(vkCreateCommandPool(c->device, &cpci, NULL, &c->cmd_pool));
   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   CHECK(vkCreateFence(c->device, &fci, NULL, &c->fence));

   bench_seeds(c->map[0], words);
}

static VkPipeline
create_pipeline(struct ctx *c, const char *dir, const char *name)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s.spv", dir, name);
   FILE *f = fopen(path, "rb");
   if (!f)
      die("cannot open %s: %s", path, strerror(errno));
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *code = malloc(size);
   if (fread(code, 1, size, f) != (size_t)size)
      die("cannot read %s: %s", path, strerror(errno));
   fclose(f);
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = size,
      .pCode = code,
   };
   VkShaderModule mod;
   CHECK(vkCreateShaderModule(c->device, &smci, NULL, &mod));
   free(code);
   const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rss = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = c->required_size,
   };
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .pNext = c->required_size ? &rss : NULL,
         .stage = VK_SHADER_STAGE_COMPUTE_BIT,
         .module = mod,
         .pName = "main",
      },
      .layout = c->layout,
   };
   VkPipeline p;
   CHECK(vkCreateComputePipelines(c->device, VK_NULL_HANDLE, 1, &cpci, NULL, &p));
   vkDestroyShaderModule(c->device, mod, NULL);
   return p;
}

static VkCommandBuffer
record(struct ctx *c, VkPipeline p, uint32_t groups, uint32_t n)
{
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = c->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer cb;
   CHECK(vkAllocateCommandBuffers(c->device, &cbai, &cb));
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
   };
   CHECK(vkBeginCommandBuffer(cb, &bi));
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, c->layout, 0, 1,
                           &c->set, 0, NULL);
   vkCmdPushConstants(cb, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &n);
   vkCmdDispatch(cb, groups, 1, 1);
   CHECK(vkEndCommandBuffer(cb));
   return cb;
}

/* Under callgrind (bench/instr.py) the instructions since the previous
 * dump, every thread's and the JIT-compiled shader's, go to a dump
 * labelled "KIND OP REP" (a dump zeroes every thread's counts): "op" and
 * "base" hold one timed dispatch each.  Outside valgrind a no-op.
 */
static void
count_dispatch(const char *kind, const char *op, unsigned rep)
{
   char label[96];
   snprintf(label, sizeof(label), "%s %s %u", kind, op, rep);
   CALLGRIND_DUMP_STATS_AT(label);
}

/* Submits and waits; returns the wall time in seconds. */
static double
submit(struct ctx *c, VkCommandBuffer cb)
{
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cb,
   };
   double t0 = now();
   CHECK(vkQueueSubmit(c->queue, 1, &si, c->fence));
   CHECK(vkWaitForFences(c->device, 1, &c->fence, VK_TRUE, UINT64_MAX));
   double t = now() - t0;
   CHECK(vkResetFences(c->device, 1, &c->fence));
   return t;
}

static uint64_t
checksum(const uint32_t *w, uint32_t count)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (uint32_t i = 0; i < count; i++)
      h = (h ^ w[i]) * 0x100000001b3ull;
   return h;
}

static const char *
unsupported(const struct ctx *c, enum bench_op op)
{
   switch (op) {
   case OP_ROTATE_CONST:
   case OP_ROTATE_DYN:
      return c->rotate ? NULL : "no_shaderSubgroupRotate";
   case OP_PARTITION:
   case OP_PARTITIONED_REDUCE_ADD:
      return c->partitioned ? NULL : "no_VK_NV_shader_subgroup_partitioned";
   case OP_PARTITIONED_REDUCE_ADD_U16:
   case OP_PARTITIONED_REDUCE_ADD_U64:
      return !c->partitioned ? "no_VK_NV_shader_subgroup_partitioned"
             : !c->ext_types ? "no_shaderSubgroupExtendedTypes" : NULL;
   case OP_INCLUSIVE_ADD_U8:
   case OP_INCLUSIVE_ADD_U16:
   case OP_INCLUSIVE_ADD_U64:
      return c->ext_types ? NULL : "no_shaderSubgroupExtendedTypes";
   case OP_READ_INVOCATION:
      return c->has_ext[EXT_BALLOT] ? NULL : "no_VK_EXT_shader_subgroup_ballot";
   default:
      return NULL;
   }
}

int
main(int argc, char **argv)
{
   const char *dir = NULL, *expect = NULL, *ops = NULL;
   unsigned lanes = 0, reps = 3;
   bool required = false;
   double scale = 1.0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--shader-dir") && i + 1 < argc)
         dir = argv[++i];
      else if (!strcmp(argv[i], "--expect") && i + 1 < argc)
         expect = argv[++i];
      else if (!strcmp(argv[i], "--lanes") && i + 1 < argc)
         lanes = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--required"))
         required = true;
      else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
         reps = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--scale") && i + 1 < argc)
         scale = atof(argv[++i]);
      else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
         ops = argv[++i];
      else if (!strcmp(argv[i], "--clock") && i + 1 < argc) {
         i++;
         if (!strcmp(argv[i], "wall"))
            bench_clock = CLOCK_MONOTONIC;
         else if (!strcmp(argv[i], "cpu"))
            bench_clock = CLOCK_PROCESS_CPUTIME_ID;
         else
            argc = 0; /* usage */
      }
      else {
         fprintf(stderr, "usage: bench --shader-dir DIR --expect ours|stock --lanes L "
                         "[--required] [--reps R] [--scale F] [--ops a,b,...] "
                         "[--clock cpu|wall]\n");
         return 2;
      }
   }
   if (!dir || !expect || !lanes || lanes > 64 ||
       (strcmp(expect, "ours") && strcmp(expect, "stock"))) {
      fprintf(stderr, "bench: --shader-dir, --expect ours|stock and --lanes are needed\n");
      return 2;
   }

   struct ctx c = { 0 };
   create_device(&c, expect, lanes, required);

   uint32_t max_groups = 0;
   for (int o = 1; o < OP_COUNT; o++) {
      uint32_t g = (uint32_t)(bench_groups[o] * scale + 0.5);
      if (g > max_groups)
         max_groups = g;
   }
   if (max_groups < 2)
      max_groups = 2;
   create_resources(&c, max_groups * BENCH_WG);

   /* The dispatch checked against the model: two workgroups, the timed
    * loop's length. */
   const uint32_t check_groups = 2, check_n = BENCH_N;
   uint32_t *want = malloc(check_groups * BENCH_WG * 4);

   VkPipeline base = create_pipeline(&c, dir, "base");
   for (int o = 0; o < OP_COUNT; o++) {
      const char *name = bench_op_names[o];
      if (ops) {
         /* --ops: a comma-separated list of names. */
         size_t len = strlen(name);
         const char *p = ops;
         bool found = false;
         while ((p = strstr(p, name))) {
            if ((p == ops || p[-1] == ',') && (p[len] == ',' || !p[len]))
               found = true;
            p += len;
         }
         if (!found)
            continue;
      }
      const char *why = unsupported(&c, o);
      if (why) {
         printf("skip %s %s\n", name, why);
         fflush(stdout);
         continue;
      }
      VkPipeline p = o == OP_BASE ? base : create_pipeline(&c, dir, name);

      VkCommandBuffer cb = record(&c, p, check_groups, check_n);
      memset(c.map[1], 0xee, check_groups * BENCH_WG * 4);
      submit(&c, cb);
      model_run(o, lanes, c.map[0], want, check_groups * BENCH_WG, check_n);
      uint32_t bad = 0, first = 0;
      for (uint32_t i = 0; i < check_groups * BENCH_WG; i++)
         if (c.map[1][i] != want[i] && !bad++)
            first = i;
      vkFreeCommandBuffers(c.device, c.cmd_pool, 1, &cb);
      if (bad) {
         printf("wrong %s %u_of_%u_invocations_differ_first_%u_got_0x%08x_want_0x%08x\n",
                name, bad, check_groups * BENCH_WG, first, c.map[1][first], want[first]);
         fflush(stdout);
         if (p != base)
            vkDestroyPipeline(c.device, p, NULL);
         continue;
      }
      /* Values must stay apart for the loop to exercise the operation
       * (a partition of equal keys is one class): count distinct ones. */
      unsigned distinct = 0;
      for (unsigned l = 0; l < lanes; l++) {
         unsigned j = 0;
         while (j < l && want[j] != want[l])
            j++;
         distinct += j == l;
      }
      if (distinct < lanes / 2)
         printf("note %s only %u distinct values among %u lanes\n", name, distinct, lanes);
      if (o == OP_BASE) {
         printf("checked base\n");
         continue;
      }

      uint32_t groups = (uint32_t)(bench_groups[o] * scale + 0.5);
      if (groups < 1)
         groups = 1;
      VkCommandBuffer cb_op = record(&c, p, groups, BENCH_N);
      VkCommandBuffer cb_base = record(&c, base, groups, BENCH_N);
      double lane_ops = (double)groups * BENCH_WG * BENCH_N;
      /* One untimed run of each (first-dispatch costs). */
      submit(&c, cb_op);
      uint64_t sum = checksum(c.map[1], groups * BENCH_WG);
      submit(&c, cb_base);
      for (unsigned r = 0; r < reps; r++) {
         count_dispatch("before", name, r);
         double t_op = submit(&c, cb_op);
         count_dispatch("op", name, r);
         double t_base = submit(&c, cb_base);
         count_dispatch("base", name, r);
         printf("time %s %u %.6f %.6f %.0f %016llx\n", name, r, t_op, t_base,
                lane_ops, (unsigned long long)sum);
         fflush(stdout);
      }
      vkFreeCommandBuffers(c.device, c.cmd_pool, 1, &cb_op);
      vkFreeCommandBuffers(c.device, c.cmd_pool, 1, &cb_base);
      vkDestroyPipeline(c.device, p, NULL);
   }
   free(want);
   vkDeviceWaitIdle(c.device);
   return 0;
}
