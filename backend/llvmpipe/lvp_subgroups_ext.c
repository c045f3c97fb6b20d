/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#include "lvp_subgroups_ext.h"

#include <string.h>

#include "nir_builder.h"
#include "nir_lower_subgroup_block_io.h"
#include "util/u_debug.h"

static bool
is_partitioned_intrinsic(const nir_instr *instr, const void *data)
{
   (void)data;
   if (instr->type != nir_instr_type_intrinsic)
      return false;
   switch (nir_instr_as_intrinsic(instr)->intrinsic) {
   case nir_intrinsic_partition:
   case nir_intrinsic_partitioned_reduce:
   case nir_intrinsic_partitioned_inclusive_scan:
   case nir_intrinsic_partitioned_exclusive_scan:
      return true;
   default:
      return false;
   }
}

static bool
lower_partitioned_as_uvec4(void)
{
   static int enabled = -1;
   if (enabled < 0) {
      const char *layout = debug_get_option("LVP_PARTITION_BALLOT", "");
      enabled = !strcmp(layout, "uvec4");
   }
   return enabled;
}

void
lvp_lower_subgroups_ext(nir_shader *nir)
{
   /* gallivm has no block unit: SPV_INTEL_subgroups block IO becomes
    * per-lane strided accesses, before nir_lower_explicit_io.
    */
   NIR_PASS_V(nir, nir_lower_subgroup_block_io);

   if (!lower_partitioned_as_uvec4())
      return;

   const nir_lower_subgroups_options opts = {
      .filter = is_partitioned_intrinsic,
      .ballot_components = 4,
      .ballot_bit_size = 32,
      .lower_partitioned = true,
   };
   NIR_PASS_V(nir, nir_lower_subgroups, &opts);
}

bool
lvp_subgroups_filter(const nir_instr *instr, const void *data)
{
   (void)data;
   /* gallivm builds partition itself (vpconflictd on AVX-512CD,
    * rotate-and-compare elsewhere: lp_bld_subgroup_match.c), and the
    * partitioned reduce / scans of 32-bit values (lp_bld_subgroup_scan.c).  With
    * LVP_PARTITION_BALLOT=uvec4 none is left by now.  Like the pass's own
    * default filter, only intrinsics get through.
    */
   if (instr->type != nir_instr_type_intrinsic)
      return false;
   const nir_intrinsic_instr *intrin = nir_instr_as_intrinsic(instr);
   switch (intrin->intrinsic) {
   case nir_intrinsic_partition:
      return false;
   case nir_intrinsic_partitioned_reduce:
   case nir_intrinsic_partitioned_inclusive_scan:
   case nir_intrinsic_partitioned_exclusive_scan:
      /* gallivm builds the 32-bit ones (and Booleans, 32-bit there) */
      return intrin->src[0].ssa->bit_size != 32 && intrin->src[0].ssa->bit_size != 1;
   default:
      return true;
   }
}
