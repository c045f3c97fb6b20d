/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * A fake Vulkan ICD that impersonates lavapipe: driverID MESA_LLVMPIPE and a
 * "llvmpipe" device name, but without the patch set's mark in driverInfo.
 * It implements just enough for the loader to enumerate it and for the
 * runner to read its properties; the runner must refuse to run on it.
 */

#include <stdlib.h>
#include <string.h>

#include <vulkan/vk_icd.h>
#include <vulkan/vulkan.h>

#define EXPORT __attribute__((visibility("default")))

struct fake_dispatchable {
   VK_LOADER_DATA loader_data;
};

static struct fake_dispatchable fake_instance_obj = { { ICD_LOADER_MAGIC } };
static struct fake_dispatchable fake_phys_obj = { { ICD_LOADER_MAGIC } };

static VKAPI_ATTR VkResult VKAPI_CALL
fake_EnumerateInstanceExtensionProperties(const char *layer, uint32_t *count,
                                          VkExtensionProperties *props)
{
   (void)layer;
   (void)props;
   *count = 0;
   return VK_SUCCESS;
}

static VKAPI_ATTR VkResult VKAPI_CALL
fake_EnumerateInstanceVersion(uint32_t *version)
{
   *version = VK_API_VERSION_1_3;
   return VK_SUCCESS;
}

static VKAPI_ATTR VkResult VKAPI_CALL
fake_CreateInstance(const VkInstanceCreateInfo *info, const VkAllocationCallbacks *alloc,
                    VkInstance *instance)
{
   (void)info;
   (void)alloc;
   fake_instance_obj.loader_data.loaderMagic = ICD_LOADER_MAGIC;
   *instance = (VkInstance)&fake_instance_obj;
   return VK_SUCCESS;
}

static VKAPI_ATTR void VKAPI_CALL
fake_DestroyInstance(VkInstance instance, const VkAllocationCallbacks *alloc)
{
   (void)instance;
   (void)alloc;
}

static VKAPI_ATTR VkResult VKAPI_CALL
fake_EnumeratePhysicalDevices(VkInstance instance, uint32_t *count, VkPhysicalDevice *devs)
{
   (void)instance;
   if (!devs) {
      *count = 1;
      return VK_SUCCESS;
   }
   if (*count < 1)
      return VK_INCOMPLETE;
   fake_phys_obj.loader_data.loaderMagic = ICD_LOADER_MAGIC;
   devs[0] = (VkPhysicalDevice)&fake_phys_obj;
   *count = 1;
   return VK_SUCCESS;
}

static void
fill_props(VkPhysicalDeviceProperties *p)
{
   memset(p, 0, sizeof(*p));
   p->apiVersion = VK_API_VERSION_1_3;
   p->vendorID = 0x10005;
   p->deviceType = VK_PHYSICAL_DEVICE_TYPE_CPU;
   strcpy(p->deviceName, "llvmpipe (LLVM 19.1.7, 256 bits)");
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceProperties(VkPhysicalDevice pd, VkPhysicalDeviceProperties *p)
{
   (void)pd;
   fill_props(p);
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceProperties2(VkPhysicalDevice pd, VkPhysicalDeviceProperties2 *p)
{
   (void)pd;
   fill_props(&p->properties);
   for (VkBaseOutStructure *s = p->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES) {
         VkPhysicalDeviceDriverProperties *d = (void *)s;
         d->driverID = VK_DRIVER_ID_MESA_LLVMPIPE;
         strcpy(d->driverName, "llvmpipe");
         strcpy(d->driverInfo, "Mesa 25.0.7 (LLVM 19.1.7)");
      } else if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES) {
         VkPhysicalDeviceSubgroupProperties *sg = (void *)s;
         sg->subgroupSize = 8;
      }
   }
}

static VKAPI_ATTR VkResult VKAPI_CALL
fake_EnumerateDeviceExtensionProperties(VkPhysicalDevice pd, const char *layer,
                                        uint32_t *count, VkExtensionProperties *props)
{
   (void)pd;
   (void)layer;
   (void)props;
   *count = 0;
   return VK_SUCCESS;
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice pd, uint32_t *count,
                                            VkQueueFamilyProperties *props)
{
   (void)pd;
   (void)props;
   *count = 0;
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice pd,
                                       VkPhysicalDeviceMemoryProperties *props)
{
   (void)pd;
   memset(props, 0, sizeof(*props));
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceFeatures(VkPhysicalDevice pd, VkPhysicalDeviceFeatures *f)
{
   (void)pd;
   memset(f, 0, sizeof(*f));
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceFormatProperties(VkPhysicalDevice pd, VkFormat format,
                                       VkFormatProperties *props)
{
   (void)pd;
   (void)format;
   memset(props, 0, sizeof(*props));
}

static VKAPI_ATTR VkResult VKAPI_CALL
fake_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice pd, VkFormat format,
                                            VkImageType type, VkImageTiling tiling,
                                            VkImageUsageFlags usage, VkImageCreateFlags flags,
                                            VkImageFormatProperties *props)
{
   (void)pd, (void)format, (void)type, (void)tiling, (void)usage, (void)flags;
   memset(props, 0, sizeof(*props));
   return VK_ERROR_FORMAT_NOT_SUPPORTED;
}

static VKAPI_ATTR void VKAPI_CALL
fake_GetPhysicalDeviceSparseImageFormatProperties(
   VkPhysicalDevice pd, VkFormat format, VkImageType type, VkSampleCountFlagBits samples,
   VkImageUsageFlags usage, VkImageTiling tiling, uint32_t *count,
   VkSparseImageFormatProperties *props)
{
   (void)pd, (void)format, (void)type, (void)samples, (void)usage, (void)tiling;
   (void)props;
   *count = 0;
}

/* The fake has no device: creating one fails. */
static VKAPI_ATTR VkResult VKAPI_CALL
fake_CreateDevice(VkPhysicalDevice pd, const VkDeviceCreateInfo *info,
                  const VkAllocationCallbacks *alloc, VkDevice *device)
{
   (void)pd, (void)info, (void)alloc, (void)device;
   return VK_ERROR_INITIALIZATION_FAILED;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
fake_GetDeviceProcAddr(VkDevice device, const char *name)
{
   (void)device, (void)name;
   return NULL;
}

#define ENTRY(name) { "vk" #name, (PFN_vkVoidFunction)fake_##name }
static const struct {
   const char *name;
   PFN_vkVoidFunction fn;
} entries[] = {
   ENTRY(EnumerateInstanceExtensionProperties),
   ENTRY(EnumerateInstanceVersion),
   ENTRY(CreateInstance),
   ENTRY(DestroyInstance),
   ENTRY(EnumeratePhysicalDevices),
   ENTRY(GetPhysicalDeviceProperties),
   ENTRY(GetPhysicalDeviceProperties2),
   ENTRY(EnumerateDeviceExtensionProperties),
   ENTRY(GetPhysicalDeviceQueueFamilyProperties),
   ENTRY(GetPhysicalDeviceMemoryProperties),
   ENTRY(GetPhysicalDeviceFeatures),
   ENTRY(GetPhysicalDeviceFormatProperties),
   ENTRY(GetPhysicalDeviceImageFormatProperties),
   ENTRY(GetPhysicalDeviceSparseImageFormatProperties),
   ENTRY(CreateDevice),
   ENTRY(GetDeviceProcAddr),
};

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *name)
{
   (void)instance;
   for (unsigned i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
      if (!strcmp(entries[i].name, name))
         return entries[i].fn;
   }
   return NULL;
}

EXPORT VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *version)
{
   if (*version > 5)
      *version = 5;
   return VK_SUCCESS;
}

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance instance, const char *name)
{
   return vk_icdGetInstanceProcAddr(instance, name);
}
