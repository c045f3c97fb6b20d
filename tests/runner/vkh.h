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

   /* Device extensions we enabled (a subset of what we asked for). */
   char enabled_exts[16][VK_MAX_EXTENSION_NAME_SIZE];
   unsigned num_enabled_exts;
};

struct vkh_spec {
   uint32_t id;
   uint32_t value;
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
};

/* Creates the instance and device.  On failure returns false with a reason. */
bool vkh_init(struct vkh *h, char *why, size_t why_size);
/* Creates the device and enables every wanted extension the device has. */
bool vkh_create_device(struct vkh *h, char *why, size_t why_size);
void vkh_finish(struct vkh *h);
bool vkh_has_ext(const struct vkh *h, const char *name);

/* Runs one dispatch.  Returns VK_SUCCESS or the first failing result. */
VkResult vkh_run(struct vkh *h, const struct vkh_dispatch *d);

#endif
