/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VTN_SUBGROUP_EXT_H
#define VTN_SUBGROUP_EXT_H

#include "vtn_private.h"

/* Subgroup opcodes handled by the mesa-subgroups patch set.  Called first by
 * vtn_handle_subgroup(); returns false for opcodes it leaves to Mesa.
 */
bool vtn_handle_subgroup_ext(struct vtn_builder *b, SpvOp opcode,
                             const uint32_t *w, unsigned count);

#endif /* VTN_SUBGROUP_EXT_H */
