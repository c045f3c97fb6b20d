/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The runner's optional storage image (set 0, binding VKH_IMAGE_BINDING):
 * a 2D image of optimal tiling in the GENERAL layout, filled from and read
 * back into tightly packed rows through a host-visible staging buffer.
 */

#include "vkh.h"

#include <string.h>

static int
staging_memory_type(const struct vkh *h, uint32_t bits, VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < h->mem_props.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (h->mem_props.memoryTypes[i].propertyFlags & want) == want)
         return (int)i;
   }
   return -1;
}

static uint32_t
slices(const struct vkh_image *img)
{
   return img->slices ? img->slices : 1;
}

static VkDeviceSize
image_bytes(const struct vkh_image *img)
{
   return (VkDeviceSize)img->width * img->height * slices(img) * img->texel_bytes;
}

VkResult
vkh_image_create(struct vkh *h, const struct vkh_image *img, struct vkh_image_res *res)
{
   VkResult r;
   memset(res, 0, sizeof(*res));

   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(h->phys, img->format, &fp);
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;

   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = img->dim == VKH_IMAGE_3D ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
      .format = img->format,
      .extent = { img->width, img->height, img->dim == VKH_IMAGE_3D ? slices(img) : 1 },
      .mipLevels = 1,
      .arrayLayers = img->dim == VKH_IMAGE_3D ? 1 : slices(img),
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
               VK_IMAGE_USAGE_TRANSFER_DST_BIT |
               ((fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
                   ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                   : 0),
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if ((r = vkCreateImage(h->device, &ici, NULL, &res->image)) != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(h->device, res->image, &req);
   int type = staging_memory_type(h, req.memoryTypeBits, 0);
   if (type < 0)
      return VK_ERROR_FEATURE_NOT_PRESENT;
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)type,
   };
   if ((r = vkAllocateMemory(h->device, &mai, NULL, &res->mem)) != VK_SUCCESS ||
       (r = vkBindImageMemory(h->device, res->image, res->mem, 0)) != VK_SUCCESS)
      return r;

   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = res->image,
      .viewType = img->dim == VKH_IMAGE_3D         ? VK_IMAGE_VIEW_TYPE_3D
                  : img->dim == VKH_IMAGE_2D_ARRAY ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                                                   : VK_IMAGE_VIEW_TYPE_2D,
      .format = img->format,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, VK_REMAINING_ARRAY_LAYERS },
   };
   if ((r = vkCreateImageView(h->device, &vci, NULL, &res->view)) != VK_SUCCESS)
      return r;

   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = image_bytes(img),
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   if ((r = vkCreateBuffer(h->device, &bci, NULL, &res->staging)) != VK_SUCCESS)
      return r;
   vkGetBufferMemoryRequirements(h->device, res->staging, &req);
   type = staging_memory_type(h, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   if (type < 0)
      return VK_ERROR_FEATURE_NOT_PRESENT;
   mai.allocationSize = req.size;
   mai.memoryTypeIndex = (uint32_t)type;
   if ((r = vkAllocateMemory(h->device, &mai, NULL, &res->staging_mem)) != VK_SUCCESS ||
       (r = vkBindBufferMemory(h->device, res->staging, res->staging_mem, 0)) != VK_SUCCESS ||
       (r = vkMapMemory(h->device, res->staging_mem, 0, VK_WHOLE_SIZE, 0, &res->map)) !=
          VK_SUCCESS)
      return r;
   memcpy(res->map, img->data, image_bytes(img));
   return VK_SUCCESS;
}

void
vkh_image_barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from, VkAccessFlags src,
              VkAccessFlags dst, VkPipelineStageFlags src_stage,
              VkPipelineStageFlags dst_stage)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = src,
      .dstAccessMask = dst,
      .oldLayout = from,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, VK_REMAINING_ARRAY_LAYERS },
   };
   vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

static VkBufferImageCopy
whole_image(const struct vkh_image *img)
{
   return (VkBufferImageCopy) {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0,
                            img->dim == VKH_IMAGE_3D ? 1 : slices(img) },
      .imageExtent = { img->width, img->height, img->dim == VKH_IMAGE_3D ? slices(img) : 1 },
   };
}

void
vkh_image_record_upload(VkCommandBuffer cb, const struct vkh_image *img,
                        const struct vkh_image_res *res)
{
   vkh_image_barrier(cb, res->image, VK_IMAGE_LAYOUT_UNDEFINED, 0, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
   const VkBufferImageCopy copy = whole_image(img);
   vkCmdCopyBufferToImage(cb, res->staging, res->image, VK_IMAGE_LAYOUT_GENERAL, 1, &copy);
   vkh_image_barrier(cb, res->image, VK_IMAGE_LAYOUT_GENERAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
}

void
vkh_image_record_download(VkCommandBuffer cb, const struct vkh_image *img,
                          const struct vkh_image_res *res)
{
   vkh_image_barrier(cb, res->image, VK_IMAGE_LAYOUT_GENERAL, VK_ACCESS_SHADER_WRITE_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
   const VkBufferImageCopy copy = whole_image(img);
   vkCmdCopyImageToBuffer(cb, res->image, VK_IMAGE_LAYOUT_GENERAL, res->staging, 1, &copy);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
}

void
vkh_image_read_back(const struct vkh_image *img, const struct vkh_image_res *res)
{
   memcpy(img->data, res->map, image_bytes(img));
}

void
vkh_image_destroy(struct vkh *h, struct vkh_image_res *res)
{
   if (res->map)
      vkUnmapMemory(h->device, res->staging_mem);
   if (res->staging)
      vkDestroyBuffer(h->device, res->staging, NULL);
   if (res->staging_mem)
      vkFreeMemory(h->device, res->staging_mem, NULL);
   if (res->view)
      vkDestroyImageView(h->device, res->view, NULL);
   if (res->image)
      vkDestroyImage(h->device, res->image, NULL);
   if (res->mem)
      vkFreeMemory(h->device, res->mem, NULL);
   memset(res, 0, sizeof(*res));
}
