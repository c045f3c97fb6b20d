#!/usr/bin/env python3
# Copyright © 2026 The mesa-subgroups authors
# SPDX-License-Identifier: MIT
"""Rewrites SPV_KHR_subgroup_vote's stand-ins to SPV_KHR_quad_control in a
SPIR-V binary: OpCapability SubgroupVoteKHR to QuadControlKHR, OpExtension
"SPV_KHR_subgroup_vote" to "SPV_KHR_quad_control" (both pad to 6 words),
OpSubgroupAllKHR / OpSubgroupAnyKHR to OpGroupNonUniformQuadAllKHR /
OpGroupNonUniformQuadAnyKHR (the same operands).

Debian's spirv-as 2023.1 knows none of SPV_KHR_quad_control, so its shaders
are assembled and validated with the stand-ins and rewritten afterwards.

Usage: quad_control.py IN.spv OUT.spv
"""
import struct
import sys

OP_EXTENSION, OP_CAPABILITY = 10, 17
OPCODES = {4428: 5110, 4429: 5111}       # All, Any
CAP_VOTE, CAP_QUAD = 4431, 5087


def string_words(s):
    b = s.encode() + b"\0"
    b += b"\0" * (-len(b) % 4)
    return list(struct.unpack(f"<{len(b) // 4}I", b))


VOTE, QUAD = string_words("SPV_KHR_subgroup_vote"), string_words("SPV_KHR_quad_control")
assert len(VOTE) == len(QUAD)

data = open(sys.argv[1], "rb").read()
words = list(struct.unpack(f"<{len(data) // 4}I", data))
if words[0] != 0x07230203:
    sys.exit(f"{sys.argv[1]}: not a little-endian SPIR-V module")
done = {"cap": 0, "ext": 0, "op": 0}
i = 5
while i < len(words):
    count, opcode = words[i] >> 16, words[i] & 0xffff
    if count == 0 or i + count > len(words):
        sys.exit(f"{sys.argv[1]}: malformed instruction at word {i}")
    if opcode == OP_CAPABILITY and words[i + 1] == CAP_VOTE:
        words[i + 1] = CAP_QUAD
        done["cap"] += 1
    elif opcode == OP_EXTENSION and words[i + 1:i + count] == VOTE:
        words[i + 1:i + count] = QUAD
        done["ext"] += 1
    elif opcode in OPCODES:
        words[i] = count << 16 | OPCODES[opcode]
        done["op"] += 1
    i += count
if done["cap"] != 1 or done["ext"] != 1 or done["op"] == 0:
    sys.exit(f"{sys.argv[1]}: expected one SubgroupVoteKHR capability, one "
             f"SPV_KHR_subgroup_vote extension and a vote, found {done}")
open(sys.argv[2], "wb").write(struct.pack(f"<{len(words)}I", *words))
