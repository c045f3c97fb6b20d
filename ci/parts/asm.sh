#!/usr/bin/env bash
# ci/test.sh part: gallivm's assembly and shader cache keys.
# The assembly of gallivm's native subgroup code
# (tests/asm/check-asm.sh); a check whose instructions this CPU lacks is
# skipped, and each such skip must be an allowed one.  Then the shader
# cache keys (tests/cache): a cache filled at the default settings is not
# reused under another GALLIVM_PERF setting or vector width.
set -uo pipefail
. "$(dirname "$0")/../env.sh"
. "$TOP/ci/lib/count.sh"
count_begin asm
"$TOP/tests/asm/check-asm.sh" "$RUNNER" "$OUT/asm" >"$OUT/asm.log" 2>&1
grep -E '^asm\.' "$OUT/asm.log" | grep -v ': skip ('
count_log "$OUT/asm.log" tests/asm/check-asm.sh
count_listed_skips "$OUT/asm.log" 'asm\.[^:]+'

"$TOP/tests/cache/check-cache-key.sh" "$RUNNER" "$OUT/cache" >"$OUT/cache.log" 2>&1
grep -E '^cache\.' "$OUT/cache.log"
count_log "$OUT/cache.log" tests/cache/check-cache-key.sh
