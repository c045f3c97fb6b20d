#!/usr/bin/env bash
# Runs our subgroup cases on Debian's stock (unpatched) lavapipe 25.0.7 and
# writes the table to tests/baseline-stock-25.0.7.md (or $1).
#
#   1. each width in a run of its own (a fresh shader cache per width):
#      what the stock driver supports;
#   2. all three widths in one run (one shader cache, as an application
#      switching LP_NATIVE_VECTOR_WIDTH would have): shows the disk-cache
#      bug fixed by the series commit "llvmpipe: key the shader disk cache on the native vector width".
#
# Needs a build (ci/build.sh) for the runner and ci/fetch-stock-lavapipe.sh
# for the driver.  No expectations file: the table shows raw results.
set -uo pipefail
. "$(dirname "$0")/env.sh"

md=${1:-$TOP/tests/baseline-stock-25.0.7.md}
runner=$BUILD_DIR/tests/subgroup-runner
json=$("$TOP/ci/fetch-stock-lavapipe.sh" | tail -1)
[ -f "$json" ] || { echo "baseline: no stock lavapipe json"; exit 1; }
envf=$(dirname "$json")/env.sh
# shellcheck disable=SC1090
[ -f "$envf" ] && . "$envf"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run() {  # name, runner arguments...
   local name=$1
   shift
   "$runner" --any-driver --driver-json "$json" --log-dir "$out/logs-$name" "$@" \
      >"$out/$name.log" 2>"$out/$name.err"
}
table() {  # log
   echo '```'
   sed -n '/^family/,$p' "$1" | sed '/^note:/d'
   echo '```'
}
failures() {  # log: failing and skipped cases, counted by reason (digits as N)
   grep -E ': (fail|skip) \(' "$1" | sed -E 's/^[^:]*: (fail|skip) \((.*)\)$/\1: \2/' |
      sed -E 's/; first: invocation .*\) ([a-z_ ]+) word .*/; first mismatch in \1/' |
      sed -E 's/[0-9]+/N/g' | sort | uniq -c | sort -rn | head -20 |
      sed -E 's/^ *([0-9]+) (.*)$/- \1 × \2/'
}

for w in 128 256 512; do
   run "w$w" --widths "$w"
done
run all --widths 128,256,512

{
   echo "# Baseline: stock lavapipe (Mesa 25.0.7, unpatched)"
   echo
   echo "Debian's \`mesa-vulkan-drivers\` $(cat "$(dirname "$json")/version" 2>/dev/null || echo '?')"
   echo "(bookworm-backports), fetched and unpacked by \`ci/fetch-stock-lavapipe.sh\`,"
   echo "running this project's cases with \`--any-driver\` (no identity check)."
   echo "Written by \`ci/baseline-stock.sh\` on $(date -u +%Y-%m-%d) from commit"
   echo "\`$(git -C "$TOP" rev-parse --short HEAD)\`; regenerate with:"
   echo
   echo '```sh'
   echo 'SKIP_APT=1 bash ci/build.sh && bash ci/baseline-stock.sh'
   echo '```'
   echo
   echo "Device: $(grep -h 'runner: width' "$out"/w128.err | head -1 | sed 's/^runner: width [0-9]*: //')"
   echo
   echo "Cases that need something the driver lacks (an extension, a feature"
   echo "or a subgroup-operation bit) are skipped, not failed; no expectations"
   echo "file is applied, so every failure below is a raw one."
   echo
   echo "## 1. One width per run (fresh shader cache each)"
   echo
   for w in 128 256 512; do
      echo "\`$runner --any-driver --driver-json $json --widths $w\`" |
         sed "s|$TOP/||; s|$HOME|~|"
      echo
      table "$out/w$w.log"
      echo
      echo "Failures and skips by reason (numbers shown as N):"
      echo
      failures "$out/w$w.log"
      echo
   done
   echo "## 2. All widths in one run (one shader cache)"
   echo
   echo "\`$runner --any-driver --driver-json $json --widths 128,256,512\`" |
      sed "s|$TOP/||; s|$HOME|~|"
   echo
   table "$out/all.log"
   echo
   echo "Failures and skips by reason (numbers shown as N):"
   echo
   failures "$out/all.log"
   echo
   echo "Buffer block IO (intel_block): gallivm prints \"Unsupported intrinsic\""
   echo "for load/store_ssbo_block_intel (a release build has no assertion); reads"
   echo "then crash (SIGSEGV), writes are dropped (dst keeps its fill pattern)."
   echo "The patched build (assertions on) aborts on both: see tests/expectations/lavapipe-fails.txt."
   echo
   echo "The stock driver's shader disk cache key ignores \`LP_NATIVE_VECTOR_WIDTH\`,"
   echo "so code built for 4 lanes is reused at 8 and 16 (fixed by"
   echo "the series commit \"llvmpipe: key the shader disk cache on the native vector width\"): invocations report the wrong lanes and subgroups."
} >"$md"
echo "baseline: wrote $md"
