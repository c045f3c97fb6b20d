#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Adds SPV_KHR_maximal_reconvergence to a fragment shader's SPIR-V binary:
OpExtension "SPV_KHR_maximal_reconvergence" after the last OpExtension, and
OpExecutionMode MaximallyReconvergesKHR after the entry point's
OriginUpperLeft mode.

Debian's spirv-as 2023.1 knows neither, so such shaders are assembled and
validated without them (gen_spvasm.py: rewrite "reconverge") and get them
here.  Neither changes what spirv-val checks in these shaders: the mode
takes no operand and the extension declares nothing else.

Usage: maximal_reconvergence.py IN.spv OUT.spv
"""
import struct
import sys

OP_EXTENSION, OP_EXECUTION_MODE = 10, 16
MODE_ORIGIN_UPPER_LEFT, MODE_MAXIMALLY_RECONVERGES = 7, 6023


def string_words(s):
    b = s.encode() + b"\0"
    b += b"\0" * (-len(b) % 4)
    return list(struct.unpack(f"<{len(b) // 4}I", b))


EXT = string_words("SPV_KHR_maximal_reconvergence")

data = open(sys.argv[1], "rb").read()
words = list(struct.unpack(f"<{len(data) // 4}I", data))
if words[0] != 0x07230203:
    sys.exit(f"{sys.argv[1]}: not a little-endian SPIR-V module")
out = words[:5]
ext_at, modes = None, 0
i = 5
while i < len(words):
    count, opcode = words[i] >> 16, words[i] & 0xffff
    if count == 0 or i + count > len(words):
        sys.exit(f"{sys.argv[1]}: malformed instruction at word {i}")
    out += words[i:i + count]
    if opcode == OP_EXTENSION:
        ext_at = len(out)
    elif opcode == OP_EXECUTION_MODE and words[i + 2] == MODE_ORIGIN_UPPER_LEFT:
        out += [3 << 16 | OP_EXECUTION_MODE, words[i + 1], MODE_MAXIMALLY_RECONVERGES]
        modes += 1
    i += count
if ext_at is None or modes != 1:
    sys.exit(f"{sys.argv[1]}: expected an OpExtension and one OriginUpperLeft mode, "
             f"found {'an' if ext_at else 'no'} extension and {modes} modes")
out[ext_at:ext_at] = [(1 + len(EXT)) << 16 | OP_EXTENSION] + EXT
open(sys.argv[2], "wb").write(struct.pack(f"<{len(out)}I", *out))
