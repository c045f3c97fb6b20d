/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "vkh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Extensions the cases may use; each is enabled when the device has it. */
static const char *const wanted_exts[] = {
   "VK_KHR_shader_subgroup_rotate",
   "VK_EXT_shader_subgroup_ballot",
   "VK_EXT_shader_subgroup_vote",
   "VK_KHR_shader_non_semantic_info",
   "VK_KHR_shader_subgroup_extended_types",
   "VK_NV_shader_subgroup_partitioned",
   "VK_EXT_shader_subgroup_partitioned",
   "VK_KHR_pipeline_executable_properties",
   /* VK_KHR_shader_quad_control needs VK_KHR_shader_maximal_reconvergence */
   "VK_KHR_shader_maximal_reconvergence",
   "VK_KHR_shader_quad_control",
   "VK_KHR_cooperative_matrix",
   "VK_NV_cooperative_matrix2",
};

/* Newer than Debian's 1.3.239 headers. */
#define VKH_STYPE_SUBGROUP_PARTITIONED_FEATURES ((VkStructureType)1000662000)
struct vkh_partitioned_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderSubgroupPartitioned;
};

#define VKH_STYPE_SUBGROUP_ROTATE_FEATURES ((VkStructureType)1000416000)
struct vkh_rotate_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderSubgroupRotate;
   VkBool32 shaderSubgroupRotateClustered;
};

#define VKH_STYPE_QUAD_CONTROL_FEATURES ((VkStructureType)1000235000)
struct vkh_quad_control_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderQuadControl;
};

#define VKH_STYPE_MAXIMAL_RECONVERGENCE_FEATURES ((VkStructureType)1000434000)
struct vkh_maximal_reconvergence_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 shaderMaximalReconvergence;
};

#define VKH_STYPE_COOPERATIVE_MATRIX_FEATURES ((VkStructureType)1000506000)
struct vkh_cooperative_matrix_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 cooperativeMatrix;
   VkBool32 cooperativeMatrixRobustBufferAccess;
};

#define VKH_STYPE_COOPERATIVE_MATRIX2_FEATURES ((VkStructureType)1000593000)
struct vkh_cooperative_matrix2_features {
   VkStructureType sType;
   void *pNext;
   VkBool32 cooperativeMatrixWorkgroupScope;
   VkBool32 cooperativeMatrixFlexibleDimensions;
   VkBool32 cooperativeMatrixReductions;
   VkBool32 cooperativeMatrixConversions;
   VkBool32 cooperativeMatrixPerElementOperations;
   VkBool32 cooperativeMatrixTensorAddressing;
   VkBool32 cooperativeMatrixBlockLoads;
};

const char *const vkh_feature_names[VKH_FEAT_COUNT] = {
   "shaderInt8", "shaderInt16", "shaderInt64", "shaderFloat16", "shaderFloat64",
   "shaderSubgroupExtendedTypes", "storageBuffer8BitAccess", "storageBuffer16BitAccess",
   "shaderSubgroupRotate", "shaderSubgroupRotateClustered",
   "VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV", "shaderSignedZeroInfNanPreserveFloat32",
   "shaderSignedZeroInfNanPreserveFloat16", "shaderSignedZeroInfNanPreserveFloat64",
   "shaderQuadControl", "shaderDemoteToHelperInvocation", "shaderMaximalReconvergence",
   "cooperativeMatrix",
   "cooperativeMatrixFlexibleDimensions, Reductions, Conversions and PerElementOperations",
};

bool
vkh_has_ext(const struct vkh *h, const char *name)
{
   for (unsigned i = 0; i < h->num_enabled_exts; i++) {
      if (!strcmp(h->enabled_exts[i], name))
         return true;
   }
   return false;
}

bool
vkh_init(struct vkh *h, char *why, size_t why_size)
{
   memset(h, 0, sizeof(*h));
   VkResult r;

   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "mesa-subgroups-runner",
      .apiVersion = VK_API_VERSION_1_3,
   };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
   };
   r = vkCreateInstance(&ici, NULL, &h->instance);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateInstance failed (%d)", r);
      return false;
   }

   uint32_t n = 0;
   r = vkEnumeratePhysicalDevices(h->instance, &n, NULL);
   if (r != VK_SUCCESS || n == 0) {
      snprintf(why, why_size, "no Vulkan physical device (result %d, count %u)", r, n);
      return false;
   }
   n = 1; /* The loader was pointed at exactly one ICD. */
   r = vkEnumeratePhysicalDevices(h->instance, &n, &h->phys);
   if (r != VK_SUCCESS && r != VK_INCOMPLETE) {
      snprintf(why, why_size, "vkEnumeratePhysicalDevices failed (%d)", r);
      return false;
   }

   VkPhysicalDeviceFloatControlsProperties fc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES,
   };
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
   };
   VkPhysicalDeviceDriverProperties drv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES,
      .pNext = &sg,
   };
   VkPhysicalDeviceProperties2 props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = &drv,
   };
   /* Float controls properties: core in Vulkan 1.2; on an older device the
    * struct is left out, and the cases that need it skip.
    */
   VkPhysicalDeviceProperties p1;
   vkGetPhysicalDeviceProperties(h->phys, &p1);
   if (VK_API_VERSION_MAJOR(p1.apiVersion) > 1 || VK_API_VERSION_MINOR(p1.apiVersion) >= 2) {
      fc.pNext = sg.pNext;
      sg.pNext = &fc;
   }
   /* Subgroup size control: core in Vulkan 1.3. */
   VkPhysicalDeviceSubgroupSizeControlProperties ssc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
   };
   if (VK_API_VERSION_MAJOR(p1.apiVersion) > 1 || VK_API_VERSION_MINOR(p1.apiVersion) >= 3) {
      ssc.pNext = sg.pNext;
      sg.pNext = &ssc;
   }
   vkGetPhysicalDeviceProperties2(h->phys, &props);
   h->sz_inf_nan_preserve32 = fc.shaderSignedZeroInfNanPreserveFloat32;
   h->sz_inf_nan_preserve16 = fc.shaderSignedZeroInfNanPreserveFloat16;
   h->sz_inf_nan_preserve64 = fc.shaderSignedZeroInfNanPreserveFloat64;
   snprintf(h->device_name, sizeof(h->device_name), "%s", props.properties.deviceName);
   snprintf(h->driver_name, sizeof(h->driver_name), "%s", drv.driverName);
   snprintf(h->driver_info, sizeof(h->driver_info), "%s", drv.driverInfo);
   h->driver_id = drv.driverID;
   h->subgroup_size = sg.subgroupSize;
   h->subgroup_ops = sg.supportedOperations;
   h->subgroup_stages = sg.supportedStages;
   h->min_subgroup_size = ssc.minSubgroupSize;
   h->max_subgroup_size = ssc.maxSubgroupSize;
   h->max_workgroup_subgroups = ssc.maxComputeWorkgroupSubgroups;
   h->required_size_stages = ssc.requiredSubgroupSizeStages;
   vkGetPhysicalDeviceMemoryProperties(h->phys, &h->mem_props);
   return true;
}

/* Puts the feature struct s at the head of *chain where the device has its
 * extension.
 */
static void
chain_features(void **chain, void *s, bool has_ext)
{
   if (!has_ext)
      return;
   ((VkBaseOutStructure *)s)->pNext = *chain;
   *chain = s;
}

/* Whether the feature struct s is in the pNext chain starting at chain. */
static bool
ext_chain_has(void *chain, void *s)
{
   for (VkBaseOutStructure *b = chain; b; b = b->pNext) {
      if ((void *)b == s)
         return true;
   }
   return false;
}

bool
vkh_create_device(struct vkh *h, char *why, size_t why_size)
{
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(h->phys, &nq, NULL);
   VkQueueFamilyProperties *qf = calloc(nq, sizeof(*qf));
   vkGetPhysicalDeviceQueueFamilyProperties(h->phys, &nq, qf);
   h->queue_family = UINT32_MAX;
   /* Prefer a family that draws too (the vertex and fragment cases). */
   for (uint32_t i = 0; i < nq && h->queue_family == UINT32_MAX; i++) {
      const VkQueueFlags both = VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT;
      if ((qf[i].queueFlags & both) == both)
         h->queue_family = i;
   }
   for (uint32_t i = 0; i < nq && h->queue_family == UINT32_MAX; i++) {
      if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
         h->queue_family = i;
   }
   free(qf);
   if (h->queue_family == UINT32_MAX) {
      snprintf(why, why_size, "no compute queue");
      return false;
   }

   uint32_t ne = 0;
   vkEnumerateDeviceExtensionProperties(h->phys, NULL, &ne, NULL);
   VkExtensionProperties *ext = calloc(ne, sizeof(*ext));
   vkEnumerateDeviceExtensionProperties(h->phys, NULL, &ne, ext);
   const char *names[16];
   for (unsigned w = 0; w < sizeof(wanted_exts) / sizeof(wanted_exts[0]); w++) {
      for (uint32_t i = 0; i < ne; i++) {
         if (!strcmp(ext[i].extensionName, wanted_exts[w])) {
            snprintf(h->enabled_exts[h->num_enabled_exts],
                     VK_MAX_EXTENSION_NAME_SIZE, "%s", wanted_exts[w]);
            names[h->num_enabled_exts] = h->enabled_exts[h->num_enabled_exts];
            h->num_enabled_exts++;
         }
      }
   }
   free(ext);

   /* Enable every feature the device has of the ones the cases touch. */
   struct vkh_partitioned_features part = {
      .sType = VKH_STYPE_SUBGROUP_PARTITIONED_FEATURES,
   };
   struct vkh_rotate_features rot = {
      .sType = VKH_STYPE_SUBGROUP_ROTATE_FEATURES,
   };
   /* Chain only the structs of extensions the device has. */
   void *ext_chain = NULL;
   chain_features(&ext_chain, &part,
                  vkh_has_ext(h, "VK_EXT_shader_subgroup_partitioned"));
   chain_features(&ext_chain, &rot, vkh_has_ext(h, "VK_KHR_shader_subgroup_rotate"));
   struct vkh_quad_control_features quad = {
      .sType = VKH_STYPE_QUAD_CONTROL_FEATURES,
   };
   chain_features(&ext_chain, &quad,
                  vkh_has_ext(h, "VK_KHR_shader_quad_control") &&
                     vkh_has_ext(h, "VK_KHR_shader_maximal_reconvergence"));
   struct vkh_maximal_reconvergence_features reconv = {
      .sType = VKH_STYPE_MAXIMAL_RECONVERGENCE_FEATURES,
   };
   chain_features(&ext_chain, &reconv, vkh_has_ext(h, "VK_KHR_shader_maximal_reconvergence"));
   struct vkh_cooperative_matrix_features cmat = {
      .sType = VKH_STYPE_COOPERATIVE_MATRIX_FEATURES,
   };
   chain_features(&ext_chain, &cmat, vkh_has_ext(h, "VK_KHR_cooperative_matrix"));
   struct vkh_cooperative_matrix2_features cmat2 = {
      .sType = VKH_STYPE_COOPERATIVE_MATRIX2_FEATURES,
   };
   chain_features(&ext_chain, &cmat2, vkh_has_ext(h, "VK_NV_cooperative_matrix2"));
   VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR pexec = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
   };
   chain_features(&ext_chain, &pexec,
                  vkh_has_ext(h, "VK_KHR_pipeline_executable_properties"));
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = ext_chain,
   };
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &f13,
   };
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .pNext = &f12,
   };
   VkPhysicalDeviceFeatures2 f2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
      .pNext = &f11,
   };
   vkGetPhysicalDeviceFeatures2(h->phys, &f2);
   if (h->no_robust_access)
      f2.features.robustBufferAccess = VK_FALSE;
   const struct {
      VkBool32 have;
      uint32_t bit;
   } feats[] = {
      { f12.shaderInt8, VKH_FEAT_INT8 },
      { f2.features.shaderInt16, VKH_FEAT_INT16 },
      { f2.features.shaderInt64, VKH_FEAT_INT64 },
      { f12.shaderFloat16, VKH_FEAT_FLOAT16 },
      { f2.features.shaderFloat64, VKH_FEAT_FLOAT64 },
      { f12.shaderSubgroupExtendedTypes, VKH_FEAT_EXT_TYPES },
      { f12.storageBuffer8BitAccess, VKH_FEAT_SB8 },
      { f11.storageBuffer16BitAccess, VKH_FEAT_SB16 },
      { ext_chain_has(ext_chain, &rot) && rot.shaderSubgroupRotate, VKH_FEAT_ROTATE },
      { ext_chain_has(ext_chain, &rot) && rot.shaderSubgroupRotateClustered,
        VKH_FEAT_ROTATE_CLUSTERED },
      { (h->subgroup_ops & 0x100) != 0, VKH_FEAT_PARTITIONED },
      { h->sz_inf_nan_preserve32, VKH_FEAT_SZ_INF_NAN32 },
      { h->sz_inf_nan_preserve16, VKH_FEAT_SZ_INF_NAN16 },
      { h->sz_inf_nan_preserve64, VKH_FEAT_SZ_INF_NAN64 },
      { ext_chain_has(ext_chain, &quad) && quad.shaderQuadControl, VKH_FEAT_QUAD_CONTROL },
      { f13.shaderDemoteToHelperInvocation, VKH_FEAT_DEMOTE },
      { ext_chain_has(ext_chain, &reconv) && reconv.shaderMaximalReconvergence,
        VKH_FEAT_MAXIMAL_RECONVERGENCE },
      { ext_chain_has(ext_chain, &cmat) && cmat.cooperativeMatrix, VKH_FEAT_COOPERATIVE_MATRIX },
      { ext_chain_has(ext_chain, &cmat2) && cmat2.cooperativeMatrixFlexibleDimensions &&
           cmat2.cooperativeMatrixReductions && cmat2.cooperativeMatrixConversions &&
           cmat2.cooperativeMatrixPerElementOperations,
        VKH_FEAT_COOPERATIVE_MATRIX2 },
   };
   h->pipeline_executable_info = ext_chain_has(ext_chain, &pexec) && pexec.pipelineExecutableInfo;
   h->features = 0;
   for (unsigned i = 0; i < sizeof(feats) / sizeof(feats[0]); i++)
      h->features |= feats[i].have ? feats[i].bit : 0;

   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = h->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &f2,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = h->num_enabled_exts,
      .ppEnabledExtensionNames = names,
   };
   VkResult r = vkCreateDevice(h->phys, &dci, NULL, &h->device);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateDevice failed (%d)", r);
      return false;
   }
   vkGetDeviceQueue(h->device, h->queue_family, 0, &h->queue);

   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = h->queue_family,
   };
   r = vkCreateCommandPool(h->device, &cpci, NULL, &h->cmd_pool);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateCommandPool failed (%d)", r);
      return false;
   }
   return true;
}

void
vkh_finish(struct vkh *h)
{
   if (h->device) {
      /* Only after a submission: a device that cannot execute (RADV's null
       * winsys, --compile-only) has nothing to wait for.
       */
      if (h->submitted)
         vkDeviceWaitIdle(h->device);
      if (h->cmd_pool)
         vkDestroyCommandPool(h->device, h->cmd_pool, NULL);
      vkDestroyDevice(h->device, NULL);
   }
   if (h->instance)
      vkDestroyInstance(h->instance, NULL);
   memset(h, 0, sizeof(*h));
}

static int
find_memory_type(const struct vkh *h, uint32_t bits, VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < h->mem_props.memoryTypeCount; i++) {
      if ((bits & (1u << i)) &&
          (h->mem_props.memoryTypes[i].propertyFlags & want) == want)
         return (int)i;
   }
   return -1;
}

#define CHECK(expr)                                                           \
   do {                                                                       \
      r = (expr);                                                             \
      if (r != VK_SUCCESS)                                                    \
         goto out;                                                            \
   } while (0)

/* Stages the descriptor set and push constants are visible to. */
#define VKH_STAGES                                                            \
   (VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT |                \
    VK_SHADER_STAGE_FRAGMENT_BIT)

/* The graphics pipeline of a VERTEX or FRAGMENT dispatch (see vkh.h): no
 * vertex input, no attachments (dynamic rendering), the shaders' stores are
 * the only output.
 */
static VkResult
create_graphics_pipeline(struct vkh *h, const struct vkh_dispatch *d, VkShaderModule sm,
                         VkPipelineLayout pl, const VkSpecializationInfo *si,
                         VkPipelineCreateFlags flags, VkPipeline *pipe)
{
   const bool frag = d->stage == VK_SHADER_STAGE_FRAGMENT_BIT;
   const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo frss = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = d->required_subgroup_size,
   };
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = sm,
         .pName = frag ? "vs" : "main",
         .pSpecializationInfo = si,
      },
      {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .pNext = frag && d->required_subgroup_size ? &frss : NULL,
         .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = sm,
         .pName = "main",
         .pSpecializationInfo = si,
      },
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
   };
   const VkViewport viewport = {
      .width = (float)d->fb_width, .height = (float)d->fb_height, .maxDepth = 1.0f,
   };
   const VkRect2D scissor = { .extent = { d->fb_width, d->fb_height } };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = !frag,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
   };
   const VkFormat color_format = VK_FORMAT_R32G32B32A32_UINT;
   const VkPipelineColorBlendAttachmentState cba = {
      .colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                        VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT,
   };
   if (frag && d->color) {
      cb.attachmentCount = 1;
      cb.pAttachments = &cba;
   }
   const VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = frag && d->color ? 1 : 0,
      .pColorAttachmentFormats = &color_format,
   };
   const VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &ri,
      .flags = flags,
      .stageCount = frag ? 2 : 1,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = frag ? &vp : NULL,
      .pRasterizationState = &rs,
      .pMultisampleState = frag ? &ms : NULL,
      .pColorBlendState = frag ? &cb : NULL,
      .layout = pl,
   };
   return vkCreateGraphicsPipelines(h->device, VK_NULL_HANDLE, 1, &gpci, NULL, pipe);
}

/* A barrier on the color target between the transfers and rendering. */
static void
color_barrier(VkCommandBuffer cb, VkImage image, bool to_render)
{
   const VkAccessFlags transfer =
      to_render ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_TRANSFER_READ_BIT;
   const VkAccessFlags color = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
   const VkPipelineStageFlags xfer_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
   const VkPipelineStageFlags color_stage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
   if (to_render)
      vkh_image_barrier(cb, image, VK_IMAGE_LAYOUT_GENERAL, transfer, color, xfer_stage,
                        color_stage);
   else
      vkh_image_barrier(cb, image, VK_IMAGE_LAYOUT_GENERAL, color, transfer, color_stage,
                        xfer_stage);
}

static void
record_draw(VkCommandBuffer cb, const struct vkh_dispatch *d, const struct vkh_image *color,
            const struct vkh_image_res *color_res)
{
   const bool frag = d->stage == VK_SHADER_STAGE_FRAGMENT_BIT;
   if (color) {
      vkh_image_record_upload(cb, color, color_res);
      color_barrier(cb, color_res->image, true);
   }
   const VkRenderingAttachmentInfo att = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = color ? color_res->view : VK_NULL_HANDLE,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
   const VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = { .extent = { frag ? d->fb_width : 1, frag ? d->fb_height : 1 } },
      .layerCount = 1,
      .colorAttachmentCount = color ? 1 : 0,
      .pColorAttachments = &att,
   };
   vkCmdBeginRendering(cb, &ri);
   vkCmdDraw(cb, frag ? 1 : d->invocations, 1, 0, 0);
   vkCmdEndRendering(cb);
   if (color) {
      color_barrier(cb, color_res->image, false);
      vkh_image_record_download(cb, color, color_res);
   }
}

/* The descriptor set layout, pipeline layout, shader module and pipeline
 * of a dispatch (all four storage buffers, the image when there is one).
 */
#define PCHECK(expr)                                                          \
   do {                                                                       \
      VkResult pr = (expr);                                                   \
      if (pr != VK_SUCCESS)                                                   \
         return pr;                                                           \
   } while (0)

static VkResult
create_pipeline(struct vkh *h, const struct vkh_dispatch *d, VkPipelineCreateFlags flags,
                VkDescriptorSetLayout *dsl, VkPipelineLayout *pl, VkShaderModule *sm,
                VkPipeline *pipe)
{
   VkDescriptorSetLayoutBinding b[VKH_NUM_BUFFERS + 1];
   for (unsigned i = 0; i < VKH_NUM_BUFFERS + 1; i++) {
      b[i] = (VkDescriptorSetLayoutBinding) {
         .binding = i,
         .descriptorType = i == VKH_IMAGE_BINDING ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
                                                  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .descriptorCount = 1,
         .stageFlags = VKH_STAGES,
      };
   }
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = VKH_NUM_BUFFERS + (d->image ? 1 : 0),
      .pBindings = b,
   };
   PCHECK(vkCreateDescriptorSetLayout(h->device, &dslci, NULL, dsl));
   const VkPushConstantRange pcr = {
      .stageFlags = VKH_STAGES,
      .size = sizeof(d->push),
   };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = dsl,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   PCHECK(vkCreatePipelineLayout(h->device, &plci, NULL, pl));
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = d->spirv_size,
      .pCode = d->spirv,
   };
   PCHECK(vkCreateShaderModule(h->device, &smci, NULL, sm));

   VkSpecializationMapEntry entries[VKH_MAX_SPEC + 1];
   uint32_t values[VKH_MAX_SPEC + 1];
   entries[0] = (VkSpecializationMapEntry) { 0, 0, 4 };
   values[0] = d->workgroup_size;
   for (unsigned i = 0; i < d->num_spec; i++) {
      entries[i + 1] = (VkSpecializationMapEntry) { d->spec[i].id, (i + 1) * 4, 4 };
      values[i + 1] = d->spec[i].value;
   }
   const VkSpecializationInfo si = {
      .mapEntryCount = d->num_spec + 1,
      .pMapEntries = entries,
      .dataSize = (d->num_spec + 1) * 4,
      .pData = values,
   };
   if (d->stage) {
      PCHECK(create_graphics_pipeline(h, d, *sm, *pl, &si, flags, pipe));
   } else {
      const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rss = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
         .requiredSubgroupSize = d->required_subgroup_size,
      };
      const VkComputePipelineCreateInfo cpci = {
         .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
         .flags = flags,
         .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .pNext = d->required_subgroup_size ? &rss : NULL,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = *sm,
            .pName = "main",
            .pSpecializationInfo = &si,
         },
         .layout = *pl,
      };
      PCHECK(vkCreateComputePipelines(h->device, VK_NULL_HANDLE, 1, &cpci, NULL, pipe));
   }
   return VK_SUCCESS;
}

/* Destroys what create_pipeline made (VK_NULL_HANDLE where it stopped). */
static void
destroy_pipeline(struct vkh *h, VkDescriptorSetLayout dsl, VkPipelineLayout pl,
                 VkShaderModule sm, VkPipeline pipe)
{
   if (pipe)
      vkDestroyPipeline(h->device, pipe, NULL);
   if (sm)
      vkDestroyShaderModule(h->device, sm, NULL);
   if (pl)
      vkDestroyPipelineLayout(h->device, pl, NULL);
   if (dsl)
      vkDestroyDescriptorSetLayout(h->device, dsl, NULL);
}

VkResult
vkh_run(struct vkh *h, const struct vkh_dispatch *d)
{
   VkResult r = VK_SUCCESS;
   VkBuffer buf[VKH_NUM_BUFFERS] = { 0 };
   VkDeviceMemory mem[VKH_NUM_BUFFERS] = { 0 };
   void *map[VKH_NUM_BUFFERS] = { 0 };
   VkDescriptorSetLayout dsl = VK_NULL_HANDLE;
   VkPipelineLayout pl = VK_NULL_HANDLE;
   VkShaderModule sm = VK_NULL_HANDLE;
   VkPipeline pipe = VK_NULL_HANDLE;
   VkDescriptorPool dp = VK_NULL_HANDLE;
   VkCommandBuffer cb = VK_NULL_HANDLE;
   VkFence fence = VK_NULL_HANDLE;
   struct vkh_image_res img = { 0 };
   struct vkh_image_res color_res = { 0 };
   struct vkh_image color_img = { 0 };

   if (!h->device) {
      char why[256];
      if (!vkh_create_device(h, why, sizeof(why))) {
         fprintf(stderr, "vkh: %s\n", why);
         return VK_ERROR_INITIALIZATION_FAILED;
      }
   }

   for (unsigned i = 0; i < VKH_NUM_BUFFERS; i++) {
      const VkDeviceSize size = (d->buffer_words[i] ? d->buffer_words[i] : 1) * 4;
      const VkBufferCreateInfo bci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .size = size,
         .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
      };
      CHECK(vkCreateBuffer(h->device, &bci, NULL, &buf[i]));
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(h->device, buf[i], &req);
      const int type = find_memory_type(h, req.memoryTypeBits,
                                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
      if (type < 0) {
         r = VK_ERROR_FEATURE_NOT_PRESENT;
         goto out;
      }
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = req.size,
         .memoryTypeIndex = (uint32_t)type,
      };
      CHECK(vkAllocateMemory(h->device, &mai, NULL, &mem[i]));
      CHECK(vkBindBufferMemory(h->device, buf[i], mem[i], 0));
      CHECK(vkMapMemory(h->device, mem[i], 0, VK_WHOLE_SIZE, 0, &map[i]));
      memset(map[i], 0, size);
      if (d->buffers[i])
         memcpy(map[i], d->buffers[i], d->buffer_words[i] * 4);
   }

   if (d->image)
      CHECK(vkh_image_create(h, d->image, &img));
   if (d->stage == VK_SHADER_STAGE_FRAGMENT_BIT && d->color) {
      color_img = (struct vkh_image) {
         .format = VK_FORMAT_R32G32B32A32_UINT,
         .width = d->fb_width,
         .height = d->fb_height,
         .texel_bytes = 16,
         .data = (uint8_t *)d->color,
      };
      CHECK(vkh_image_create(h, &color_img, &color_res));
   }

   CHECK(create_pipeline(h, d, 0, &dsl, &pl, &sm, &pipe));

   const VkDescriptorPoolSize ps[2] = {
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VKH_NUM_BUFFERS },
      { VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1 },
   };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 2,
      .pPoolSizes = ps,
   };
   CHECK(vkCreateDescriptorPool(h->device, &dpci, NULL, &dp));
   VkDescriptorSet set;
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = dp,
      .descriptorSetCount = 1,
      .pSetLayouts = &dsl,
   };
   CHECK(vkAllocateDescriptorSets(h->device, &dsai, &set));
   VkDescriptorBufferInfo dbi[VKH_NUM_BUFFERS];
   VkWriteDescriptorSet wds[VKH_NUM_BUFFERS];
   for (unsigned i = 0; i < VKH_NUM_BUFFERS; i++) {
      dbi[i] = (VkDescriptorBufferInfo) { buf[i], 0, VK_WHOLE_SIZE };
      wds[i] = (VkWriteDescriptorSet) {
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set,
         .dstBinding = i,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &dbi[i],
      };
   }
   vkUpdateDescriptorSets(h->device, VKH_NUM_BUFFERS, wds, 0, NULL);
   if (d->image) {
      const VkDescriptorImageInfo dii = { VK_NULL_HANDLE, img.view, VK_IMAGE_LAYOUT_GENERAL };
      const VkWriteDescriptorSet wimg = {
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = set,
         .dstBinding = VKH_IMAGE_BINDING,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
         .pImageInfo = &dii,
      };
      vkUpdateDescriptorSets(h->device, 1, &wimg, 0, NULL);
   }

   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = h->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   CHECK(vkAllocateCommandBuffers(h->device, &cbai, &cb));
   const VkCommandBufferBeginInfo cbbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   CHECK(vkBeginCommandBuffer(cb, &cbbi));
   if (d->image)
      vkh_image_record_upload(cb, d->image, &img);
   const VkPipelineBindPoint bind =
      d->stage ? VK_PIPELINE_BIND_POINT_GRAPHICS : VK_PIPELINE_BIND_POINT_COMPUTE;
   vkCmdBindPipeline(cb, bind, pipe);
   vkCmdBindDescriptorSets(cb, bind, pl, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, pl, VKH_STAGES, 0, sizeof(d->push), d->push);
   if (d->stage)
      record_draw(cb, d, color_img.data ? &color_img : NULL, &color_res);
   else
      vkCmdDispatch(cb, 1, 1, 1);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cb,
                        d->stage ? VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT
                                 : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   if (d->image)
      vkh_image_record_download(cb, d->image, &img);
   CHECK(vkEndCommandBuffer(cb));

   const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
   CHECK(vkCreateFence(h->device, &fci, NULL, &fence));
   const VkSubmitInfo subi = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cb,
   };
   h->submitted = true;
   CHECK(vkQueueSubmit(h->queue, 1, &subi, fence));
   CHECK(vkWaitForFences(h->device, 1, &fence, VK_TRUE, UINT64_MAX));

   for (unsigned i = 0; i < VKH_NUM_BUFFERS; i++) {
      if (d->buffers[i])
         memcpy(d->buffers[i], map[i], d->buffer_words[i] * 4);
   }
   if (d->image)
      vkh_image_read_back(d->image, &img);
   if (color_img.data)
      vkh_image_read_back(&color_img, &color_res);

out:
   if (d->image)
      vkh_image_destroy(h, &img);
   if (color_img.data)
      vkh_image_destroy(h, &color_res);
   if (fence)
      vkDestroyFence(h->device, fence, NULL);
   if (cb)
      vkFreeCommandBuffers(h->device, h->cmd_pool, 1, &cb);
   if (dp)
      vkDestroyDescriptorPool(h->device, dp, NULL);
   destroy_pipeline(h, dsl, pl, sm, pipe);
   for (unsigned i = 0; i < VKH_NUM_BUFFERS; i++) {
      if (map[i])
         vkUnmapMemory(h->device, mem[i]);
      if (buf[i])
         vkDestroyBuffer(h->device, buf[i], NULL);
      if (mem[i])
         vkFreeMemory(h->device, mem[i], NULL);
   }
   return r;
}

/* One executable's statistics and text representations, as the driver
 * reports them through VK_KHR_pipeline_executable_properties.
 */
static void
report_executable(struct vkh *h, VkPipeline pipe, uint32_t i,
                  const VkPipelineExecutablePropertiesKHR *p, FILE *out,
                  uint64_t *instructions)
{
   PFN_vkGetPipelineExecutableStatisticsKHR get_stats =
      (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(
         h->device, "vkGetPipelineExecutableStatisticsKHR");
   PFN_vkGetPipelineExecutableInternalRepresentationsKHR get_irs =
      (PFN_vkGetPipelineExecutableInternalRepresentationsKHR)vkGetDeviceProcAddr(
         h->device, "vkGetPipelineExecutableInternalRepresentationsKHR");
   const VkPipelineExecutableInfoKHR info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
      .pipeline = pipe,
      .executableIndex = i,
   };
   fprintf(out, "== executable %u: %s (%s), subgroup size %u\n", i, p->name, p->description,
           p->subgroupSize);

   uint32_t n = 0;
   if (get_stats && get_stats(h->device, &info, &n, NULL) == VK_SUCCESS && n) {
      VkPipelineExecutableStatisticKHR *st = calloc(n, sizeof(*st));
      for (uint32_t k = 0; k < n; k++)
         st[k].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
      if (get_stats(h->device, &info, &n, st) == VK_SUCCESS) {
         for (uint32_t k = 0; k < n; k++) {
            fprintf(out, "stat %s: ", st[k].name);
            switch (st[k].format) {
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
               fprintf(out, "%s\n", st[k].value.b32 ? "true" : "false");
               break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
               fprintf(out, "%lld\n", (long long)st[k].value.i64);
               break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
               fprintf(out, "%llu\n", (unsigned long long)st[k].value.u64);
               if (!strcmp(st[k].name, "Instructions"))
                  *instructions += st[k].value.u64;
               break;
            default:
               fprintf(out, "%g\n", st[k].value.f64);
               break;
            }
         }
      }
      free(st);
   }

   n = 0;
   if (get_irs && get_irs(h->device, &info, &n, NULL) == VK_SUCCESS && n) {
      VkPipelineExecutableInternalRepresentationKHR *ir = calloc(n, sizeof(*ir));
      for (uint32_t k = 0; k < n; k++)
         ir[k].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
      if (get_irs(h->device, &info, &n, ir) == VK_SUCCESS) {
         for (uint32_t k = 0; k < n; k++) {
            if (ir[k].isText && ir[k].dataSize)
               ir[k].pData = calloc(1, ir[k].dataSize);
         }
         if (get_irs(h->device, &info, &n, ir) >= VK_SUCCESS) {
            for (uint32_t k = 0; k < n; k++) {
               if (ir[k].pData)
                  fprintf(out, "-- %s (%s)\n%s\n", ir[k].name, ir[k].description,
                          (const char *)ir[k].pData);
            }
         }
         for (uint32_t k = 0; k < n; k++)
            free(ir[k].pData);
      }
      free(ir);
   }
}

VkResult
vkh_compile(struct vkh *h, const struct vkh_dispatch *d, FILE *out, unsigned *executables,
            uint64_t *instructions)
{
   VkDescriptorSetLayout dsl = VK_NULL_HANDLE;
   VkPipelineLayout pl = VK_NULL_HANDLE;
   VkShaderModule sm = VK_NULL_HANDLE;
   VkPipeline pipe = VK_NULL_HANDLE;
   *executables = 0;
   *instructions = 0;

   if (!h->device) {
      char why[256];
      if (!vkh_create_device(h, why, sizeof(why))) {
         fprintf(stderr, "vkh: %s\n", why);
         return VK_ERROR_INITIALIZATION_FAILED;
      }
   }
   const VkPipelineCreateFlags flags =
      h->pipeline_executable_info
         ? VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR |
              VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR
         : 0;
   VkResult r = create_pipeline(h, d, flags, &dsl, &pl, &sm, &pipe);
   if (r == VK_SUCCESS && !h->pipeline_executable_info && out)
      fprintf(out, "(the driver has no VK_KHR_pipeline_executable_properties)\n");
   if (r == VK_SUCCESS && h->pipeline_executable_info) {
      PFN_vkGetPipelineExecutablePropertiesKHR get_props =
         (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(
            h->device, "vkGetPipelineExecutablePropertiesKHR");
      const VkPipelineInfoKHR pinfo = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR,
         .pipeline = pipe,
      };
      uint32_t n = 0;
      if (get_props && get_props(h->device, &pinfo, &n, NULL) == VK_SUCCESS && n) {
         VkPipelineExecutablePropertiesKHR *p = calloc(n, sizeof(*p));
         for (uint32_t i = 0; i < n; i++)
            p[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR;
         if (get_props(h->device, &pinfo, &n, p) == VK_SUCCESS) {
            /* The statistics are read either way, for the instruction count. */
            FILE *sink = out ? out : fopen("/dev/null", "w");
            *executables = n;
            for (uint32_t i = 0; sink && i < n; i++)
               report_executable(h, pipe, i, &p[i], sink, instructions);
            if (sink && sink != out)
               fclose(sink);
         }
         free(p);
      }
   }
   destroy_pipeline(h, dsl, pl, sm, pipe);
   return r;
}
