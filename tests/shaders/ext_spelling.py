#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Rewrites OpExtension "SPV_NV_shader_subgroup_partitioned" to
"SPV_EXT_shader_subgroup_partitioned" in a SPIR-V binary.

Debian's spirv-val 2023.1 predates the EXT string and rejects a module whose
only partitioned extension is the EXT one, so modules are validated with the
NV string and rewritten afterwards.  Both strings pad to the same 9 words.

Usage: ext_spelling.py IN.spv OUT.spv
"""
import sys

NV = b"SPV_NV_shader_subgroup_partitioned"
EXT = b"SPV_EXT_shader_subgroup_partitioned"


def padded(s):
    n = (len(s) // 4 + 1) * 4
    return s + b"\0" * (n - len(s))


data = open(sys.argv[1], "rb").read()
assert len(padded(NV)) == len(padded(EXT))
if data.count(padded(NV)) != 1:
    sys.exit(f"{sys.argv[1]}: expected one {NV.decode()} OpExtension")
open(sys.argv[2], "wb").write(data.replace(padded(NV), padded(EXT)))
