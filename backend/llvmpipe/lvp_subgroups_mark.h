/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 */

#ifndef LVP_SUBGROUPS_MARK_H
#define LVP_SUBGROUPS_MARK_H

/* Appended to lavapipe's driverInfo (patches/0002) and to the GL version
 * string (patches/0040) so test runners can tell the patched driver from
 * any other lavapipe / llvmpipe.  Keep in step with meson.build's version.
 */
#define LVP_SUBGROUPS_MARK "mesa-subgroups/0.1.0"

#endif
