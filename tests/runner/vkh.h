/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * A small Vulkan compute harness: one device, one queue, one dispatch of one
 * workgroup per call, four storage buffers and 16 bytes of push constants.
 */

#ifndef VKH_H
#define VKH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <vulkan/vulkan.h>

#define VKH_NUM_BUFFERS 4
#define VKH_MAX_SPEC 8

struct vkh {
   VkInstance instance;
   VkPhysicalDevice phys;
   VkDevice device;
   VkQueue queue;
   uint32_t queue_family;
   VkCommandPool cmd_pool;
   VkPhysicalDeviceMemoryProperties mem_props;

   /* Identity and subgroup properties of the device. */
   char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   char driver_name[VK_MAX_DRIVER_NAME_SIZE];
   char driver_info[VK_MAX_DRIVER_INFO_SIZE];
   VkDriverId driver_id;
   uint32_t subgroup_size;
   VkSubgroupFeatureFlags subgroup_ops;
   VkShaderStageFlags subgroup_stages;
   /* VkPhysicalDeviceSubgroupSizeControlProperties (0 below Vulkan 1.3) */
   uint32_t min_subgroup_size, max_subgroup_size, max_workgroup_subgroups;
   VkShaderStageFlags required_size_stages;
   bool sz_inf_nan_preserve32;   /* shaderSignedZeroInfNanPreserveFloat32 */
   bool sz_inf_nan_preserve16;   /* shaderSignedZeroInfNanPreserveFloat16 */
   bool sz_inf_nan_preserve64;   /* shaderSignedZeroInfNanPreserveFloat64 */

   /* Set before vkh_create_device: leave robustBufferAccess off. */
   bool no_robust_access;

   /* Whether anything was submitted to the queue. */
   bool submitted;

   /* VK_KHR_pipeline_executable_properties' pipelineExecutableInfo. */
   bool pipeline_executable_info;

   /* Features the cases may need (VKH_FEAT_*), all enabled when present. */
   uint32_t features;

   /* Device extensions we enabled (a subset of what we asked for). */
   char enabled_exts[16][VK_MAX_EXTENSION_NAME_SIZE];
   unsigned num_enabled_exts;
};

/* Features a case may need; vkh_feature_names[] names them. */
enum vkh_feature {
   VKH_FEAT_INT8 = 1u << 0,              /* shaderInt8 */
   VKH_FEAT_INT16 = 1u << 1,             /* shaderInt16 */
   VKH_FEAT_INT64 = 1u << 2,             /* shaderInt64 */
   VKH_FEAT_FLOAT16 = 1u << 3,           /* shaderFloat16 */
   VKH_FEAT_FLOAT64 = 1u << 4,           /* shaderFloat64 */
   VKH_FEAT_EXT_TYPES = 1u << 5,         /* shaderSubgroupExtendedTypes */
   VKH_FEAT_SB8 = 1u << 6,               /* storageBuffer8BitAccess */
   VKH_FEAT_SB16 = 1u << 7,              /* storageBuffer16BitAccess */
   VKH_FEAT_ROTATE = 1u << 8,            /* shaderSubgroupRotate */
   VKH_FEAT_ROTATE_CLUSTERED = 1u << 9,  /* shaderSubgroupRotateClustered */
   VKH_FEAT_PARTITIONED = 1u << 10,      /* VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV */
   VKH_FEAT_SZ_INF_NAN32 = 1u << 11,     /* shaderSignedZeroInfNanPreserveFloat32 (a property) */
   VKH_FEAT_SZ_INF_NAN16 = 1u << 12,     /* shaderSignedZeroInfNanPreserveFloat16 (a property) */
   VKH_FEAT_SZ_INF_NAN64 = 1u << 13,     /* shaderSignedZeroInfNanPreserveFloat64 (a property) */
   VKH_FEAT_QUAD_CONTROL = 1u << 14,     /* shaderQuadControl */
   VKH_FEAT_DEMOTE = 1u << 15,           /* shaderDemoteToHelperInvocation */
   VKH_FEAT_MAXIMAL_RECONVERGENCE = 1u << 16, /* shaderMaximalReconvergence */
   VKH_FEAT_COOPERATIVE_MATRIX = 1u << 17, /* cooperativeMatrix (VK_KHR_cooperative_matrix) */
   /* VK_NV_cooperative_matrix2's cooperativeMatrixFlexibleDimensions,
    * Reductions, Conversions and PerElementOperations, all four
    */
   VKH_FEAT_COOPERATIVE_MATRIX2 = 1u << 18,
   VKH_FEAT_COUNT = 19,
};
extern const char *const vkh_feature_names[VKH_FEAT_COUNT];

struct vkh_spec {
   uint32_t id;
   uint32_t value;
};

/* An optional storage image (vkh_image.c): 2D, rows of width texels of
 * texel_bytes bytes, data tightly packed row after row, read before the
 * dispatch and written back after it.
 */
#define VKH_IMAGE_BINDING VKH_NUM_BUFFERS
enum vkh_image_dim { VKH_IMAGE_2D = 0, VKH_IMAGE_2D_ARRAY, VKH_IMAGE_3D };

/* data holds the texels tightly packed: rows of width texels, height rows
 * a slice, then the next slice (array layer or depth slice).
 */
struct vkh_image {
   VkFormat format;
   uint32_t width, height, texel_bytes;
   uint8_t *data;
   enum vkh_image_dim dim;
   uint32_t slices; /* layers (2D array) or depth (3D); 0 is 1 */
};

struct vkh_dispatch {
   const uint32_t *spirv;
   size_t spirv_size;                        /* bytes */
   uint32_t workgroup_size;                  /* SpecId 0 */
   struct vkh_spec spec[VKH_MAX_SPEC];
   unsigned num_spec;
   uint32_t push[4];
   uint32_t *buffers[VKH_NUM_BUFFERS];       /* read before, written after */
   size_t buffer_words[VKH_NUM_BUFFERS];

   /* 0: one compute dispatch of module entry "main".  VERTEX: "main" is a
    * vertex shader drawn as `invocations` points with rasterization
    * discarded.  FRAGMENT: "vs" draws one point that covers a
    * fb_width x fb_height render area, "main" is the fragment shader.
    */
   VkShaderStageFlagBits stage;
   uint32_t invocations;
   /* Compute: VkPipelineShaderStageRequiredSubgroupSizeCreateInfo's size
    * (0: none, the device's default).
    */
   uint32_t required_subgroup_size;
   uint32_t fb_width, fb_height;
   /* FRAGMENT: when set, the render target is an R32G32B32A32_UINT color
    * attachment (location 0), cleared to 0 and read back into this array of
    * fb_width * fb_height * 4 words, so the blend / store path runs too.
    */
   uint32_t *color;
   const struct vkh_image *image;            /* NULL: none */
};

/* Creates the instance and device.  On failure returns false with a reason. */
bool vkh_init(struct vkh *h, char *why, size_t why_size);
/* Creates the device and enables every wanted extension the device has. */
bool vkh_create_device(struct vkh *h, char *why, size_t why_size);
void vkh_finish(struct vkh *h);
bool vkh_has_ext(const struct vkh *h, const char *name);

/* The storage image's Vulkan objects (vkh_image.c), used by vkh_run. */
struct vkh_image_res {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
   VkBuffer staging;
   VkDeviceMemory staging_mem;
   void *map;
};
VkResult vkh_image_create(struct vkh *h, const struct vkh_image *img,
                          struct vkh_image_res *res);
void vkh_image_record_upload(VkCommandBuffer cb, const struct vkh_image *img,
                             const struct vkh_image_res *res);
void vkh_image_record_download(VkCommandBuffer cb, const struct vkh_image *img,
                               const struct vkh_image_res *res);
void vkh_image_read_back(const struct vkh_image *img, const struct vkh_image_res *res);
/* A barrier on a color image, ending in the GENERAL layout. */
void vkh_image_barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from,
                       VkAccessFlags src, VkAccessFlags dst, VkPipelineStageFlags src_stage,
                       VkPipelineStageFlags dst_stage);
void vkh_image_destroy(struct vkh *h, struct vkh_image_res *res);

/* Runs one dispatch.  Returns VK_SUCCESS or the first failing result. */
VkResult vkh_run(struct vkh *h, const struct vkh_dispatch *d);

/* Creates the dispatch's pipeline and submits nothing (a device that cannot
 * execute, such as RADV's null winsys, compiles too).  With
 * VK_KHR_pipeline_executable_properties, writes each executable's
 * statistics and text representations (NIR, ISA) to out when it is not
 * NULL, and counts the executables and the "Instructions" statistics.
 */
VkResult vkh_compile(struct vkh *h, const struct vkh_dispatch *d, FILE *out,
                     unsigned *executables, uint64_t *instructions);

#endif
