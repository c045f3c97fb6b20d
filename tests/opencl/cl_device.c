/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * The platform and device cl-runner runs on: our rusticl (this build's
 * mark in CL_DRIVER_VERSION), or with --any-platform the first platform
 * with a device; otherwise the refusal.  And the extensions the device
 * must list.
 */

#include <stdio.h>
#include <string.h>

#include "cl_runner.h"

cl_context ctx;
cl_command_queue queue;
cl_device_id dev;

/* --any-platform given; the device is our rusticl (this build's mark). */
bool any_platform, ours = true;

/* Finds our rusticl, or says why not.  With --any-platform: our rusticl if
 * the loader offers it, else the first platform with a device.
 */
const char *
pick_device(void)
{
   cl_uint np = 0;
   cl_platform_id plats[16];
   if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || !np)
      return any_platform ? "no OpenCL platform (OCL_ICD_VENDORS / OCL_ICD_FILENAMES?)"
                          : "no OpenCL platform (is OCL_ICD_VENDORS set to our ICD?)";
   const char *why = "no rusticl platform with a device (is RUSTICL_ENABLE=llvmpipe set?)";
   cl_device_id other = NULL;
   for (cl_uint p = 0; p < np && p < 16; p++) {
      char name[256] = "";
      cl_device_id d;
      cl_uint nd = 0;
      clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof(name), name, NULL);
      if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 1, &d, &nd) != CL_SUCCESS || !nd)
         continue;
      char ver[256] = "";
      clGetDeviceInfo(d, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
      if (!strcmp(name, "rusticl") && strstr(ver, SUBGROUPS_MARK)) {
         dev = d;
         ours = true;
         return NULL;
      }
      if (!strcmp(name, "rusticl"))
         why = "the rusticl found lacks this build's mark in CL_DRIVER_VERSION";
      if (!other)
         other = d;
   }
   if (!any_platform || !other)
      return any_platform ? "no OpenCL platform with a device" : why;
   dev = other;
   ours = false;
   return NULL;
}

/* The line that names the platform and device, and what they are held to. */
void
print_device(void)
{
   char pname[256] = "", dname[256] = "", ver[256] = "";
   cl_platform_id plat;
   clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof(plat), &plat, NULL);
   clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof(pname), pname, NULL);
   clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(dname), dname, NULL);
   clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof(ver), ver, NULL);
   printf("platform: %s; device: %s; driver %s: %s\n", pname, dname, ver,
          ours ? "our rusticl, held to the series' choices"
               : "another platform, held to what the specs require");
}

/* Whether `name` is one of the space-separated words of `list`. */
bool
has_word(const char *list, const char *name)
{
   const size_t len = strlen(name);
   for (const char *p = list; (p = strstr(p, name)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

/* cl.extension.*: the extensions this build makes true, in `exts`
 * (CL_DEVICE_EXTENSIONS).
 */
void
check_extensions(const char *exts)
{
   static const char *const wanted[] = {
      "cl_khr_subgroup_ballot", "cl_khr_subgroup_clustered_reduce",
      "cl_khr_subgroup_non_uniform_arithmetic", "cl_khr_subgroup_non_uniform_vote",
      "cl_khr_subgroup_rotate", "cl_khr_subgroup_extended_types",
      "cl_intel_required_subgroup_size",
   };
   for (unsigned i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
      char name[96];
      snprintf(name, sizeof(name), "cl.extension.%s", wanted[i]);
      report(name, has_word(exts, wanted[i]) ? NULL : "not in CL_DEVICE_EXTENSIONS");
   }
   /* cl_intel_subgroups and its siblings: the intel_subgroups.cl families
    * below need them all, so a device without them fails here (and in the
    * build of intel_subgroups.cl), never skips.
    */
   static const char *const intel_wanted[] = {
      "cl_intel_subgroups", "cl_intel_subgroups_char", "cl_intel_subgroups_short",
      "cl_intel_subgroups_long", "cl_intel_spirv_subgroups", "cl_intel_subgroup_local_block_io",
   };
   for (unsigned i = 0; i < sizeof(intel_wanted) / sizeof(intel_wanted[0]); i++) {
      char name[96];
      snprintf(name, sizeof(name), "cl.extension.%s", intel_wanted[i]);
      report(name, has_word(exts, intel_wanted[i])
                      ? NULL
                      : "not in CL_DEVICE_EXTENSIONS: the cl.intel_* cases cannot run");
   }
}
